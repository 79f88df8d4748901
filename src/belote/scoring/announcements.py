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
allocate little more than the result tuple.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from belote.cards import CARDS, Card, CardSet, Rank, Suit
from belote.errors import InvalidArgumentType, InvalidCombination
from belote.rules import Contest, Rules, checks

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

_CARRE_BASE: Final = 0x01010101
"""The mask of the four sevens; shift left by a rank for that rank's carré."""


class Kind(enum.Enum):
    """The kinds of combination."""

    RUN = "run"
    """Three or more cards in a row in one suit, in sequence order A K Q J 10 9 8 7."""
    CARRE = "carre"
    """Four cards of one rank."""

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_KIND_RUN: Final = Kind.RUN
_KIND_CARRE: Final = Kind.CARRE
_CONTEST_NONE: Final = Contest.NONE


def _is_run_mask(mask: int) -> bool:
    """Whether ``mask`` holds 3 to 8 cards of one suit in a row."""
    if mask <= 0:
        return False
    low = (mask & -mask).bit_length() - 1
    pattern = mask >> low
    # One block of consecutive bits, all inside the lowest card's suit.
    return (
        pattern & (pattern + 1) == 0
        and pattern.bit_count() >= 3
        and (low // 8 == (mask.bit_length() - 1) // 8)
    )


def _is_carre_mask(mask: int) -> bool:
    """Whether ``mask`` is the four cards of one rank."""
    return mask > 0 and mask == _CARRE_BASE << ((mask & -mask).bit_length() - 1)


def _check_cards(instance: Combination, attribute: object, cards: CardSet) -> None:
    if not isinstance(cards, CardSet):
        raise InvalidCombination(f"a combination's cards must be a CardSet, not {cards!r}")
    mask = cards.mask
    if instance.kind is _KIND_RUN and not _is_run_mask(mask):
        raise InvalidCombination(
            f"not a run: {cards} (expected 3 to 8 cards in a row of one suit, "
            "in the order A K Q J 10 9 8 7)"
        )
    if instance.kind is _KIND_CARRE and not _is_carre_mask(mask):
        raise InvalidCombination(f"not a carré: {cards} (expected the four cards of one rank)")


_KIND_NAMES: Final = ("tierce", "cinquante", "cent")


@attrs.frozen
class Combination:
    """A declarable combination: a run or a carré.

    The constructor checks the shape (a run is 3 to 8 cards in a row of one
    suit, a carré the four cards of one rank); whether a variant allows it
    is [`classify`][belote.scoring.announcements.classify]'s job.

    >>> run = Combination(Kind.RUN, CardSet.parse("9D 10D JD QD"))
    >>> run.label, run.length, str(run.top)
    ('cinquante QD', 4, 'QD')

    Attributes:
        kind: run or carré.
        cards: the cards that make it.
    """

    kind: Kind
    cards: CardSet = attrs.field(validator=_check_cards)

    @property
    def length(self) -> int:
        """The number of cards (4 for a carré)."""
        return self.cards.mask.bit_count()

    @property
    def top(self) -> Card:
        """The highest card in sequence order (a run's head; a carré's spades card)."""
        mask = self.cards.mask
        if self.kind is _KIND_RUN:
            return CARDS[mask.bit_length() - 1]
        return CARDS[(mask & -mask).bit_length() - 1]

    @property
    def suit(self) -> Suit | None:
        """A run's suit; ``None`` for a carré."""
        return self.top.suit if self.kind is _KIND_RUN else None

    @property
    def rank(self) -> Rank:
        """A carré's rank; a run's top rank."""
        return self.top.rank

    @property
    def is_carre(self) -> bool:
        """Whether the combination is a carré."""
        return self.kind is _KIND_CARRE

    @property
    def kind_name(self) -> str:
        """The name the table uses: ``tierce``, ``cinquante``, ``cent`` or ``carré``.

        Runs of 6, 7 or 8 cards are announced as a cent (000 Nota, 001).
        """
        if self.kind is _KIND_CARRE:
            return "carré"
        return _KIND_NAMES[min(self.length, 5) - 3]

    def points(self, rules: Rules | str) -> int:
        """What the combination scores under ``rules`` (rules §6.1, docs/rules.md#announcement-kinds).

        A run of 3, 4, and 5 or more cards scores ``rules.run_values`` 0, 1
        and 2; a run of 6 or 7 cards scores ``rules.long_run_value`` when it is
        set; an 8-card run adds a tierce when ``rules.eight_run_extra_tierce``
        (001). A carré scores ``rules.carre_values[rank]``.

        Raises:
            InvalidCombination: a carré whose rank the variant does not allow.

        >>> from belote.variants import FRENCH, PIEDICAVALLO
        >>> eight = Combination(Kind.RUN, CardSet.parse("7S 8S 9S 10S JS QS KS AS"))
        >>> eight.points(FRENCH), eight.points(PIEDICAVALLO)
        (120, 100)
        """
        rules = checks.as_rules(rules)
        if self.kind is _KIND_CARRE:
            value = rules.carre_values.get(self.rank)
            if value is None:
                raise InvalidCombination(carre_not_allowed(self.rank, rules))
            return value
        length = self.length
        values = rules.run_values
        if length < 5:
            return values[length - 3]
        if length == 8:
            return values[2] + values[0] if rules.eight_run_extra_tierce else values[2]
        if length > 5 and rules.long_run_value is not None:
            return rules.long_run_value
        return values[2]

    @property
    def label(self) -> str:
        """A short name for audit lines: ``tierce AH``, ``cent KS``, ``carré J``."""
        if self.kind is _KIND_CARRE:
            return f"carré {self.rank.text}"
        return f"{self.kind_name} {self.top}"

    def __str__(self) -> str:
        return self.label


def team_of(seat: int) -> int:
    """The team of a seat at a four-player table: 0 for seats 0 and 2, 1 for 1 and 3.

    >>> [team_of(seat) for seat in range(4)]
    [0, 1, 0, 1]

    Raises:
        InvalidSeat: not a seat of a four-player table.
    """
    return checks.seat(seat, 4) % 2


@attrs.frozen
class Declaration:
    """A combination declared by a seat.

    Attributes:
        seat: the declaring seat, 0 to players - 1.
        combination: what the seat declared.
    """

    seat: int
    combination: Combination

    def points(self, rules: Rules | str) -> int:
        """What the declared combination scores under ``rules`` (a ``Rules`` or a variant name)."""
        return self.combination.points(rules)

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.combination.label}"


# --- the shared combinations ----------------------------------------------------------


def _build_combinations() -> dict[int, Combination]:
    table: dict[int, Combination] = {}
    for rank in range(8):
        mask = _CARRE_BASE << rank
        table[mask] = Combination(_KIND_CARRE, CardSet.from_mask(mask))
    for suit in range(4):
        for length in range(3, 9):
            for low in range(9 - length):
                mask = ((1 << length) - 1) << (8 * suit + low)
                table[mask] = Combination(_KIND_RUN, CardSet.from_mask(mask))
    return table


_COMBINATIONS: Final = _build_combinations()
"""Every combination by mask: 8 carrés and 84 runs."""


def _build_streaks() -> tuple[tuple[int, ...], ...]:
    """For every 8-bit suit pattern, its maximal blocks of 3 or more ranks, high first."""
    table = []
    for pattern in range(256):
        blocks: list[int] = []
        rank = 0
        while rank < 8:
            if pattern >> rank & 1:
                start = rank
                while rank < 8 and pattern >> rank & 1:
                    rank += 1
                if rank - start >= 3:
                    blocks.append(((1 << (rank - start)) - 1) << start)
            else:
                rank += 1
        table.append(tuple(reversed(blocks)))
    return tuple(table)


_STREAKS: Final = _build_streaks()

_RANKS_HIGH_FIRST: Final = tuple(reversed(Rank))


def carre_not_allowed(rank: Rank, rules: Rules) -> str:
    """The error message for a carré of ``rank``, which ``rules`` does not count."""
    allowed = " ".join(r.text for r in _RANKS_HIGH_FIRST if r in rules.carre_values)
    return (
        f"a carré of {rank.text}s is not allowed in {rules.name} "
        f"(carrés allowed: {allowed or 'none'})"
    )


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
    combination = _COMBINATIONS.get(mask)
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


def _carres(mask: int, rules: Rules) -> list[Combination]:
    if not mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF:
        return []  # no rank held in all four suits: no carré (most hands; skips the loop)
    found = []
    for rank in _RANKS_HIGH_FIRST:
        if rank in rules.carre_values:
            carre = _CARRE_BASE << rank
            if mask & carre == carre:
                found.append(_COMBINATIONS[carre])
    return found


def _build_suit_runs() -> tuple[tuple[Combination, ...], ...]:
    """``[256 * suit + byte]``: the runs of that suit's 8-bit pattern, highest first."""
    return tuple(
        tuple(_COMBINATIONS[block << (8 * suit)] for block in _STREAKS[byte])
        for suit in range(4)
        for byte in range(256)
    )


_SUIT_RUNS: Final = _build_suit_runs()


def _runs(mask: int) -> tuple[Combination, ...]:
    """The maximal runs of ``mask``, by suit (S H D C), highest first (four lookups)."""
    return (
        _SUIT_RUNS[mask & 0xFF]
        + _SUIT_RUNS[256 + (mask >> 8 & 0xFF)]
        + _SUIT_RUNS[512 + (mask >> 16 & 0xFF)]
        + _SUIT_RUNS[768 + (mask >> 24 & 0xFF)]
    )


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


def combinations_of(mask: int, rules: Rules) -> tuple[Combination, ...]:
    """[`find_combinations`][belote.scoring.announcements.find_combinations] on a card mask, without the argument checks.

    The engine's fast path: ``mask`` must be a card mask and ``rules`` a
    variant value (nothing is checked).

    >>> from belote.rules import get_rules
    >>> [c.label for c in combinations_of(CardSet.parse("7S 8S 9S JH").mask, get_rules("piedicavallo"))]
    ['tierce 9S']
    """
    if rules.contest is _CONTEST_NONE:
        return ()
    if not mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF:
        # No rank held in all four suits: no carré (most hands). No three cards
        # in a row in any suit either (bits 6 and 7 of a suit start no run): nothing.
        if not mask & (mask >> 1) & (mask >> 2) & 0x3F3F3F3F:
            return ()
        return _runs(mask)
    carres = _carres(mask, rules)
    runs = _runs(mask)
    if not carres or not runs or rules.card_in_carre_and_run:
        return (*carres, *runs)
    used = 0
    for carre in carres:
        used |= carre.cards.mask
    if not any(run.cards.mask & used for run in runs):
        return (*carres, *runs)
    # At most a few carrés: try each subset to keep, most carrés first, and
    # give the runs only the cards the kept carrés leave free.
    best: tuple[Combination, ...] = ()
    best_points = -1
    n = len(carres)
    for keep in range((1 << n) - 1, -1, -1):
        kept = [carres[i] for i in range(n) if keep >> i & 1]
        free = mask
        for carre in kept:
            free &= ~carre.cards.mask
        choice = (*kept, *_runs(free))
        points = sum(c.points(rules) for c in choice)
        if points > best_points:
            best, best_points = choice, points
    return best
