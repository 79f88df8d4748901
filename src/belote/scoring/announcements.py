"""Combinations (carrés and runs), finding them in a hand, and the contest.

rules §6, docs/rules.md#announcements. A [`Combination`][belote.scoring.announcements.Combination] is a value: its kind, its cards, and what
it is worth under a variant. [`classify`][belote.scoring.announcements.classify] reads shown cards,
[`find_combinations`][belote.scoring.announcements.find_combinations] lists what a hand can declare, and
[`resolve_contest`][belote.scoring.contest.resolve_contest] (in [`belote.scoring.contest`][belote.scoring.contest]) applies
the variant's [`Contest`][belote.rules.policies.Contest] policy to say which declarations score.

>>> from belote.variants import PIEDICAVALLO
>>> tierce = classify(CardSet.parse("AH KH QH"), PIEDICAVALLO)
>>> tierce.label, tierce.points(PIEDICAVALLO)
('tierce AH', 20)
>>> [c.label for c in find_combinations(CardSet.parse("JS JH JD JC 7D 8D 9D AS"), PIEDICAVALLO)]
['carré J', 'tierce 9D']

Inside, everything works on card masks: the 92 combinations that exist
(84 runs, 8 carrés) are built once and shared, so finding and classifying
allocate little more than the result tuple. The values live in
`belote.scoring.combination` and the engine's fast path
[`combinations_of`][belote.scoring.announcements.combinations_of] in
`belote.scoring.hands`, part of the compiled core (docs/compiled.md); this
module serves both, with the checked doors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belote.cards import Card, CardSet
from belote.errors import InvalidArgumentType, InvalidCombination
from belote.rules import Contest, Rules, checks
from belote.scoring.combination import (
    COMBINATIONS,
    Combination,
    Declaration,
    Kind,
    carre_not_allowed,
)
from belote.scoring.hands import combinations_of

__all__ = [
    "Combination",
    "Declaration",
    "Kind",
    "carre_not_allowed",
    "classify",
    "combinations_of",
    "find_combinations",
    "no_announcements_message",
    "team_of",
]

_KIND_CARRE: Final = Kind.CARRE
_CONTEST_NONE: Final = Contest.NONE


def team_of(seat: int) -> int:
    """The team of a seat at a four-player table: 0 for seats 0 and 2, 1 for 1 and 3.

    >>> [team_of(seat) for seat in range(4)]
    [0, 1, 0, 1]

    Raises:
        InvalidSeat: not a seat of a four-player table.
    """
    return checks.seat(seat, 4) % 2


def no_announcements_message(rules: Rules | str) -> str:
    """The error message for a declaration in a variant with only belote."""
    rules = checks.as_rules(rules)
    return f"{rules.name} has no announcements but belote"


# --- classify -------------------------------------------------------------------------


def _shown_mask(cards: CardSet | Sequence[Card] | str) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, str):
        try:
            return CardSet.parse(cards).mask
        except ValueError as error:
            raise InvalidCombination(f"cannot read the shown cards: {error}") from None
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidCombination(f"not a card: {card!r} (expected Card values)")
        if mask & card.bit:
            raise InvalidCombination(f"card {card} is shown twice; each card can be shown once")
        mask |= card.bit
    return mask


def classify(cards: CardSet | Sequence[Card] | str, rules: Rules | str) -> Combination:
    """Read shown cards as one combination the variant allows.

    A run is 3 to 8 cards in a row of one suit in sequence order
    (A K Q J 10 9 8 7); runs of 6 and 7 cards are runs of that length worth
    one cent (000 Nota). A carré is the four cards of a rank listed in
    ``rules.carre_values``.

    Args:
        cards: the shown cards, as a [`CardSet`][belote.cards.CardSet], a sequence
            of cards (so a card shown twice is caught), or card notation.
        rules: the variant.

    Raises:
        InvalidCombination: not a run or carré, a carré the variant does not
            allow (7s, 8s), a card shown twice, or no announcements in the variant.

    >>> from belote.variants import PIEDICAVALLO
    >>> classify(CardSet.parse("AH KH QH"), PIEDICAVALLO).label
    'tierce AH'
    >>> classify("JS JH JD JC", PIEDICAVALLO).points(PIEDICAVALLO)
    200
    >>> classify("8S 8H 8D 8C", PIEDICAVALLO)
    Traceback (most recent call last):
    ...
    belote.errors.InvalidCombination: a carré of 8s is not allowed in piedicavallo (carrés allowed: A K Q J 10 9)
    """
    rules = checks.as_rules(rules)
    if rules.contest is _CONTEST_NONE:
        raise InvalidCombination(no_announcements_message(rules))
    if not isinstance(cards, (CardSet, str, Sequence)):
        raise InvalidArgumentType(
            f"cards: expected a CardSet, text or a sequence of Card, got {type(cards).__name__}"
        )
    mask = _shown_mask(cards)
    count = mask.bit_count()
    shown = str(CardSet.from_mask(mask)) or "no card"
    if count < 3:
        raise InvalidCombination(
            f"not a combination: {shown} ({count} card{'s' if count != 1 else ''}); "
            "a combination needs at least 3 cards"
        )
    combination = COMBINATIONS.get(mask)
    if combination is not None:
        if combination.kind is _KIND_CARRE and combination.rank not in rules.carre_values:
            raise InvalidCombination(carre_not_allowed(combination.rank, rules))
        return combination
    ranks = {card.rank for card in CardSet.from_mask(mask)}
    if len(ranks) == 1:
        raise InvalidCombination(
            f"not a combination: {shown}; a carré needs all four cards of one rank"
        )
    raise InvalidCombination(
        f"not a combination: {shown} (expected 3 to 8 cards in a row of one suit, "
        "in the order A K Q J 10 9 8 7, or the four cards of one rank)"
    )


# --- find_combinations ----------------------------------------------------------------


def find_combinations(hand: CardSet | str, rules: Rules | str) -> tuple[Combination, ...]:
    """Every combination ``hand`` can declare under ``rules``.

    One run per maximal streak of 3 or more cards in each suit (a longer
    streak is one run, never split), and each carré the variant allows.
    The order is fixed: carrés from the ace down, then runs by suit
    (S H D C), highest first.

    With ``rules.card_in_carre_and_run`` off no card serves in both: the
    choice with the most points is kept, where a run may be shortened to
    the cards the kept carrés leave free; on equal points the carrés are
    kept. Returns ``()`` when the variant has no announcements.

    >>> from belote.variants import FRENCH
    >>> hand = CardSet.parse("QH KH AH 9S 10S JS QS KS AS")
    >>> [c.label for c in find_combinations(hand, FRENCH)]
    ['cent AS', 'tierce AH']
    """
    rules = checks.as_rules(rules)
    if isinstance(hand, str):
        hand = CardSet.parse(hand)
    checks.instance(hand, CardSet, "hand")
    return combinations_of(hand.mask, rules)


