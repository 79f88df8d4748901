"""What a hand can declare, on card masks: [`combinations_of`][belote.scoring.announcements.combinations_of] (rules §6.1, docs/rules.md#announcement-kinds).

The engine's fast path, called for every hand dealt, and part of the compiled
core (docs/compiled.md): it checks nothing, and a compiled function refuses
an argument of the wrong type with a plain `TypeError`.
[`find_combinations`][belote.scoring.announcements.find_combinations] is its
checked door, and `belote.scoring.announcements` serves it too.
"""

from __future__ import annotations

from typing import Final

from belote.cards import Rank
from belote.rules import Contest, Rules
from belote.scoring.combination import COMBINATIONS, Combination

__all__ = ["combinations_of", "could_declare", "points_of", "top_index"]

_CONTEST_NONE: Final = Contest.NONE

_POINTS: dict[tuple[int, int], tuple[Rules, int]] = {}


def points_of(combination: Combination, rules: Rules) -> int:
    """``combination.points(rules)``, remembered per card mask and variant (the engine asks often).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Combination.points`][belote.scoring.combination.Combination.points].

    A combination's cards decide its kind, so the mask names it; the
    variant is remembered with its points, so an ``id`` reused by another
    variant is not mistaken for it.

    Raises:
        InvalidCombination: a carré whose rank the variant does not allow.
    """
    key = (combination.cards.mask, id(rules))
    found = _POINTS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    points = combination.points(rules)
    if len(_POINTS) >= 4096:  # variants built on the fly (attrs.evolve) come and go
        _POINTS.clear()
    _POINTS[key] = (rules, points)
    return points


def _build_carres() -> tuple[tuple[Rank, int, Combination], ...]:
    """The carrés, ace first: (rank, card mask, combination)."""
    carres = [c for c in COMBINATIONS.values() if c.is_carre]
    carres.sort(key=lambda c: c.rank, reverse=True)
    return tuple((c.rank, c.cards.mask, c) for c in carres)


_CARRES: Final = _build_carres()


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


def _carres(mask: int, rules: Rules) -> list[Combination]:
    if not mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF:
        return []  # no rank held in all four suits: no carré (most hands; skips the loop)
    found = []
    allowed = rules.carre_values
    for rank, carre, combination in _CARRES:
        if mask & carre == carre and rank in allowed:
            found.append(combination)
    return found


def _build_suit_runs() -> tuple[tuple[Combination, ...], ...]:
    """``[256 * suit + byte]``: the runs of that suit's 8-bit pattern, highest first."""
    return tuple(
        tuple(COMBINATIONS[block << (8 * suit)] for block in _STREAKS[byte])
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


def top_index(mask: int) -> int:
    """The index of a combination's [`top`][belote.scoring.combination.Combination.top] card, from its card mask.

    Trusted: takes what the library built and checks nothing (``mask`` a
    combination's cards); the checked door is
    [`Combination.top`][belote.scoring.combination.Combination.top].

    A run lies within one suit and its top is its highest card; a carré
    holds a card of each suit and its top is the spades card, the lowest
    index. The contest's compiled ranking asks it for every declaration
    (``top`` is a property of an interpreted class).

    >>> from belote.cards import CARDS, CardSet
    >>> [str(CARDS[top_index(CardSet.parse(text).mask)]) for text in ("7H 8H 9H", "JS JH JD JC")]
    ['9H', 'JS']
    """
    if mask & 0xFF and mask >> 24:  # every suit: a carré
        return (mask & -mask).bit_length() - 1
    return mask.bit_length() - 1


def could_declare(mask: int) -> bool:
    """Whether a hand holds a rank in all four suits or three cards in a row of a suit.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`find_combinations`][belote.scoring.announcements.find_combinations].

    Two mask tests, the cheap first step of [`combinations_of`][belote.scoring.hands.combinations_of]:
    a hand for which it is false declares nothing, under any variant (most
    hands dealt), so the engine asks it before looking further.

    >>> from belote.cards import CardSet
    >>> could_declare(CardSet.parse("7S 8S 9S JH").mask), could_declare(CardSet.parse("7S 8S 10S JH").mask)
    (True, False)
    """
    # Bits 6 and 7 of a suit start no run of three.
    return bool(mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF
                or mask & (mask >> 1) & (mask >> 2) & 0x3F3F3F3F)


def combinations_of(mask: int, rules: Rules) -> tuple[Combination, ...]:
    """[`find_combinations`][belote.scoring.announcements.find_combinations] on a card mask, without the argument checks.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`find_combinations`][belote.scoring.announcements.find_combinations].

    The engine's fast path: ``mask`` must be a card mask and ``rules`` a
    variant value (nothing is checked).

    >>> from belote.cards import CardSet
    >>> from belote.rules import get_rules
    >>> [c.label for c in combinations_of(CardSet.parse("7S 8S 9S JH").mask, get_rules("piedicavallo"))]
    ['tierce 9S']
    """
    if rules.contest is _CONTEST_NONE or not could_declare(mask):
        return ()
    if not mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF:
        return _runs(mask)  # no rank held in all four suits: no carré (most hands)
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
