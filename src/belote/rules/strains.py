"""What a no-trumps or all-trumps contract of an auction of values counts (docs/contree.md#sans-atout-and-tout-atout).

Contrée may let a contract name sans-atout (``NT``: no suit is trump) or
tout-atout (``AT``: every suit is trump) besides the four suits
(``auction.strains``; off by default). The cards are played in the core's
trump modes (docs/bulgarian.md#trump-modes), but the value of a contract
is a number of points out of a suit deal's 162, so the rulebooks bring an
NT or AT deal to that scale in several ways;
[`StrainPoints`][belote.rules.policies.StrainPoints] names them, and the
knobs ``contract.no_trumps_points`` and ``contract.all_trumps_points`` pick
one for each strain.

[`point_table`][belote.rules.strains.point_table] is what each card counts
in a mode under a variant's knobs (the deal engine adds up its tricks with
it), [`deal_points`][belote.rules.strains.deal_points] the 32 cards' sum,
and [`contract_deal`][belote.rules.strains.contract_deal] what a whole deal
is worth on the contract's scale (162 in a suit contract).
"""

from __future__ import annotations

from typing import Final

from belote.cards import MODES, NO_TRUMPS, Rank, card_points
from belote.rules.model import Rules
from belote.rules.policies import StrainPoints

__all__ = [
    "REDUCED_ALL_TRUMPS",
    "contract_deal",
    "deal_points",
    "point_table",
    "scaled",
]


REDUCED_ALL_TRUMPS: Final = {
    Rank.JACK: 14, Rank.NINE: 9, Rank.ACE: 6, Rank.TEN: 5, Rank.KING: 3, Rank.QUEEN: 1,
}
"""The reduced all-trumps card values of [`StrainPoints.REDUCED`][belote.rules.policies.StrainPoints.REDUCED]."""

_CORE: Final = tuple(
    tuple(card_points(1 << card, mode) for card in range(32)) for mode in range(MODES)
)
_ACE_19: Final = tuple(
    19 if card % 8 == Rank.ACE else points for card, points in enumerate(_CORE[NO_TRUMPS])
)
_REDUCED: Final = tuple(REDUCED_ALL_TRUMPS.get(Rank(card % 8), 0) for card in range(32))


def _reading(rules: Rules, mode: int) -> StrainPoints | None:
    """The knob that counts ``mode``'s points, or ``None`` where the core's values count as they are."""
    if mode < NO_TRUMPS or not rules.has_auction or rules.strain_auction:
        return None
    terms = rules.contract
    return terms.no_trumps_points if mode == NO_TRUMPS else terms.all_trumps_points


def point_table(rules: Rules, mode: int) -> tuple[int, ...]:
    """What each card (by index) counts in ``mode`` under ``rules``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].

    The core's values ([`card_points`][belote.cards.card_points]), except in
    an auction of values' no-trumps with ``ACE_19`` and all-trumps with
    ``REDUCED``.

    >>> from belote.cards import ALL_TRUMPS
    >>> from belote.rules import get_rules
    >>> contree = get_rules("contree")
    >>> sum(point_table(contree, NO_TRUMPS)), sum(point_table(contree, ALL_TRUMPS))
    (152, 248)
    """
    reading = _reading(rules, mode)
    if reading is StrainPoints.ACE_19:
        return _ACE_19
    if reading is StrainPoints.REDUCED:
        return _REDUCED
    return _CORE[mode]


def deal_points(rules: Rules, mode: int) -> int:
    """The card points of the 32 cards in ``mode`` under ``rules``, without the last trick.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].

    >>> from belote.rules import get_rules
    >>> deal_points(get_rules("bulgarian"), NO_TRUMPS)
    120
    """
    return sum(point_table(rules, mode))


def contract_deal(rules: Rules, mode: int) -> int:
    """What a whole deal (cards and last trick) is worth on the contract's scale in ``mode``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].

    162 in a suit contract and wherever the knob brings the deal to 162;
    the deal's own worth with ``RAW`` (130 in no-trumps, 258 in all-trumps).
    """
    whole = deal_points(rules, mode) + rules.last_trick_bonus
    if _reading(rules, mode) is StrainPoints.SCALED:
        return deal_points(rules, 0) + rules.last_trick_bonus
    return whole


def scaled(points: int, rules: Rules, mode: int) -> int:
    """A side's points (cards and last trick) on the contract's scale in ``mode``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].

    Unchanged but with ``SCALED``: ``points`` × 162 / the deal's worth, to
    the nearest point, a half up.

    >>> from belote.cards import ALL_TRUMPS
    >>> from belote.rules import get_rules
    >>> contree = get_rules("contree")
    >>> scaled(129, contree, ALL_TRUMPS)  # half of 258 is half of 162
    81
    """
    if _reading(rules, mode) is not StrainPoints.SCALED:
        return points
    whole = deal_points(rules, mode) + rules.last_trick_bonus
    target = contract_deal(rules, mode)
    return (2 * points * target + whole) // (2 * whole)
