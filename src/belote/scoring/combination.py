"""The values of the announcements: a [`Combination`][belote.scoring.announcements.Combination] and a [`Declaration`][belote.scoring.announcements.Declaration] (rules §6, docs/rules.md#announcements).

A combination is a run or a carré, checked when it is built; the 92 that
exist (84 runs, 8 carrés) are built once and shared
([`COMBINATIONS`][belote.scoring.combination.COMBINATIONS]). Everything here is
served by [`belote.scoring.announcements`][belote.scoring.announcements], the
documented path, which also finds and classifies them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import attrs

from belote.cards import CARDS, Card, CardSet, Rank, Suit
from belote.errors import InvalidCombination
from belote.rules import Rules, checks

__all__ = ["COMBINATIONS", "Combination", "Declaration", "Kind", "carre_not_allowed"]

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


_RANKS_HIGH_FIRST: Final = tuple(reversed(Rank))


def carre_not_allowed(rank: Rank, rules: Rules) -> str:
    """The error message for a carré of ``rank``, which ``rules`` does not count.

    Raises:
        InvalidArgumentType: ``rank`` is not a ``Rank``, or ``rules`` neither rules nor a name.
    """
    rank = checks.instance(rank, Rank, "rank")
    rules = checks.as_rules(rules)
    allowed = " ".join(r.text for r in _RANKS_HIGH_FIRST if r in rules.carre_values)
    return (
        f"a carré of {rank.text}s is not allowed in {rules.name} "
        f"(carrés allowed: {allowed or 'none'})"
    )


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


COMBINATIONS: Final[Mapping[int, Combination]] = _build_combinations()
"""Every combination by its card mask: 8 carrés and 84 runs, built once and shared."""
