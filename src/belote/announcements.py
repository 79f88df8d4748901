"""Combinations (carrés and runs), finding them in a hand, and the contest.

RULES.md §6. A :class:`Combination` is a value: its kind, its cards, and what
it is worth under a variant. :func:`classify` reads shown cards,
:func:`find_combinations` lists what a hand can declare, and
:func:`resolve_contest` applies the variant's :class:`~belote.rules.Contest`
policy to say which declarations score.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from belote.cards import Card, CardSet, Rank, Suit
from belote.rules import Rules

__all__ = [
    "Combination",
    "Declaration",
    "Kind",
    "classify",
    "find_combinations",
    "resolve_contest",
]


class Kind(enum.Enum):
    """The kinds of combination."""

    RUN = "run"
    """Three or more cards in a row in one suit, in sequence order A K Q J 10 9 8 7."""
    CARRE = "carre"
    """Four cards of one rank."""


@attrs.frozen
class Combination:
    """A declarable combination: a run or a carré.

    Attributes:
        kind: run or carré.
        cards: the cards that make it.
    """

    kind: Kind
    cards: CardSet

    @property
    def length(self) -> int:
        """The number of cards (4 for a carré)."""
        return len(self.cards)

    @property
    def top(self) -> Card:
        """The highest card in sequence order (a run's head; a carré's spades card)."""
        return max(self.cards, key=lambda c: (c.rank, -c.suit))

    @property
    def suit(self) -> Suit | None:
        """A run's suit; ``None`` for a carré."""
        return self.top.suit if self.kind is Kind.RUN else None

    @property
    def rank(self) -> Rank:
        """A carré's rank; a run's top rank."""
        return self.top.rank

    def points(self, rules: Rules) -> int:
        """What the combination scores under ``rules`` (RULES.md §6.1)."""
        raise NotImplementedError

    @property
    def label(self) -> str:
        """A short name for audit lines: ``tierce AH``, ``cent KS``, ``carré J``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.label


@attrs.frozen
class Declaration:
    """A combination declared by a seat."""

    seat: int
    combination: Combination


def classify(cards: CardSet | Sequence[Card], rules: Rules) -> Combination:
    """Read shown cards as one combination the variant allows.

    Raises:
        InvalidCombination: not a run or carré, a carré the variant does not
            allow (7s, 8s), a card shown twice, or no announcements in the variant.
    """
    raise NotImplementedError


def find_combinations(hand: CardSet, rules: Rules) -> tuple[Combination, ...]:
    """Every combination ``hand`` can declare under ``rules``."""
    raise NotImplementedError


def resolve_contest(
    declarations: Sequence[Declaration],
    rules: Rules,
    trump: Suit,
    *,
    players: int = 4,
    first_speaker: int = 0,
) -> tuple[Declaration, ...]:
    """The declarations that score under the variant's contest (RULES.md §6.2)."""
    raise NotImplementedError
