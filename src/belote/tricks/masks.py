"""The play obligations on card masks: the tables and [`follower_mask`][belote.tricks.follower_mask].

The innermost layer of [`belote.tricks`][belote.tricks], called on every card
by the deal engine, the solver and PIMC's rollouts. It is part of the compiled
core (docs/compiled.md) and checks nothing: its arguments are card indices,
masks and suits, and a compiled function refuses an argument of another type
with a plain `TypeError`. The checked doors
([`legal_mask`][belote.tricks.legal_mask],
[`legal_plays`][belote.tricks.legal_plays]) are in `belote.tricks`, which
also serves every name of this module.
"""

from __future__ import annotations

from typing import Final

from belote.cards import ALL_TRUMPS, MODES, PLAIN_STRENGTH, TRUMP_STRENGTH, card_points
from belote.rules import PlayRules

__all__ = ["BEATERS", "BYTE_CARDS", "CARD_POINTS", "HIGHER_TRUMPS", "cards_of", "follower_mask"]

CARD_POINTS: Final = tuple(
    tuple(card_points(1 << card, trump) for card in range(32)) for trump in range(MODES)
)
"""``CARD_POINTS[trump][card]``: the card points of a card (by index) under a trump suit
or mode (4 no-trumps, 5 all-trumps: docs/bulgarian.md#trump-modes)."""


BYTE_CARDS: Final = tuple(
    tuple(8 * k + r for r in range(8) if byte >> r & 1) for k in range(4) for byte in range(256)
)
"""``BYTE_CARDS[256 * k + byte]``: the card indices of the ranks set in ``byte`` in suit ``k``.

Joining four rows lists a card mask's cards in index order without a loop
over bits ([`cards_of`][belote.tricks.masks.cards_of]).
"""


def cards_of(mask: int) -> list[int]:
    """The card indices of a mask of the 32 cards, lowest first (a suit's byte at a time).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`CardSet`][belote.cards.CardSet].

    >>> cards_of(1 << 3 | 1 << 12 | 1 << 31)
    [3, 12, 31]
    """
    return [
        *BYTE_CARDS[mask & 0xFF],
        *BYTE_CARDS[256 + (mask >> 8 & 0xFF)],
        *BYTE_CARDS[512 + (mask >> 16 & 0xFF)],
        *BYTE_CARDS[768 + (mask >> 24)],
    ]


def _beaten_by(card: int, trump: int) -> int:
    suit = card >> 3
    trumps = suit == trump or trump == ALL_TRUMPS
    strength = TRUMP_STRENGTH if trumps else PLAIN_STRENGTH
    higher = sum(
        1 << (8 * suit + rank) for rank in range(8) if strength[rank] > strength[card & 7]
    )
    return higher if trumps or trump > 3 else higher | 0xFF << (8 * trump)


BEATERS: Final = tuple(
    tuple(_beaten_by(card, trump) for card in range(32)) for trump in range(MODES)
)
"""``BEATERS[trump][card]``: the mask of the cards that beat ``card`` when it is the best
card of a trick: the higher cards of its suit, and every trump when it is not a trump.
In no-trumps and all-trumps (modes 4 and 5) only the higher cards of its suit, by the
plain order or the trump order.
Following a trick's best card as the cards come, with this table, finds the winner
without rescanning the trick (the deal engine and the solver both do)."""

# HIGHER_TRUMPS[i]: the cards of card i's suit that beat it when that suit is trump.
HIGHER_TRUMPS: Final = tuple(
    sum(
        1 << (i - i % 8 + r)
        for r in range(8)
        if TRUMP_STRENGTH[r] > TRUMP_STRENGTH[i % 8]
    )
    for i in range(32)
)


# LOWEST_TRUMP[pattern]: of the ranks in an 8-bit suit pattern, the bit of the
# weakest as a trump (7 8 Q K 10 A 9 J from the bottom); 0 for an empty pattern.
_LOWEST_TRUMP: Final = tuple(
    min(
        (1 << r for r in range(8) if pattern >> r & 1),
        key=lambda bit: TRUMP_STRENGTH[bit.bit_length() - 1],
        default=0,
    )
    for pattern in range(256)
)


def _lowest_trump(trumps: int, trump: int) -> int:
    """The mask of the weakest trump in ``trumps`` (cards of suit ``trump`` only)."""
    shift = trump << 3
    return _LOWEST_TRUMP[(trumps >> shift) & 0xFF] << shift


def follower_mask(
    hand: int, led: int, best: int, partner_is_best: bool, trump: int, play: PlayRules
) -> int:
    """The cards of ``hand`` a player who does not lead may play (rules §5, docs/rules.md#play-obligations).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`tricks.legal_mask`][belote.tricks.legal_mask].

    This is the one place where the play obligations are written; the deal
    engine calls it with the trick's best card, which it tracks as cards are
    played, and [`legal_mask`][belote.tricks.legal_mask] with the best card found by a scan.

    Args:
        hand: the player's card mask.
        led: the suit led.
        best: the index of the card winning the trick so far.
        partner_is_best: whether the player's partner played that card.
        trump: the trump suit, or the mode: in no-trumps (4) following suit
            is the only duty; in all-trumps (5) every led suit is trump, so
            a follower must beat the best card of the suit led when he can
            (with ``play.overtrump_on_trump_lead``) and a void one plays
            any card (docs/bulgarian.md#play).
        play: the variant's play obligations. With ``play.undertrump_lowest``
            a player who must play a trump lower than the best one plays his
            lowest (000 read literally).
    """
    follow = hand & (0xFF << (led << 3))
    if led == trump or trump == ALL_TRUMPS:
        if not follow:
            return hand
        if play.overtrump_on_trump_lead:  # the best card is of the led suit, a trump
            higher = follow & HIGHER_TRUMPS[best]
            if higher:
                return higher
            return _lowest_trump(follow, led) if play.undertrump_lowest else follow
        return follow
    if follow or trump > 3:  # no-trumps: following suit is the only duty
        return follow or hand
    trumps = hand & (0xFF << (trump << 3))
    if not trumps or not play.must_trump_when_void:
        return hand
    best_is_trump = best >> 3 == trump
    if (
        partner_is_best
        and play.partner_master_exempts
        and (best_is_trump or not play.partner_exemption_needs_trump)
    ):
        if best_is_trump and trumps == hand and play.overtrump_partner_with_only_trumps:
            higher = trumps & HIGHER_TRUMPS[best]
            if higher:
                return higher
        return hand
    if not best_is_trump:
        return trumps
    if play.must_overtrump:
        higher = trumps & HIGHER_TRUMPS[best]
        if higher:
            return higher
    if not play.must_undertrump:
        return hand
    return _lowest_trump(trumps, trump) if play.undertrump_lowest else trumps
