"""The arithmetic of a Bulgarian deal in game points, compiled (docs/bulgarian.md#scoring).

The body behind the checked door [`score_in_tens`][belote.scoring.tens.score_in_tens]:
[`tens_score`][belote.scoring.totals.tens_score] turns the two teams' totals
into game points as the contract's result says, with the knobs of
[`GamePointsRules`][belote.rules.gamepoints.GamePointsRules]. Part of the
compiled core (docs/compiled.md); it checks nothing.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from belote.cards import NO_TRUMPS
from belote.rules.gamepoints import GamePointsRules
from belote.scoring.result import Line

__all__ = [
    "BELOTE",
    "CARD_POINTS",
    "DECLARATIONS",
    "DOUBLED",
    "DOUBLED_LEVEL",
    "FROM_OTHERS",
    "HANGING_WON",
    "INSIDE",
    "LAST_TRICK",
    "LEVEL",
    "MADE",
    "ROUNDING",
    "VALAT",
    "TensFigures",
    "TensScore",
    "tens_figures",
    "tens_score",
]


MADE: Final = "made"
"""The declarers ahead, not doubled: each team scores its own total."""
INSIDE: Final = "inside"
"""The declarers behind, not doubled (вътре): the defenders score both totals."""
LEVEL: Final = "level"
"""Equal totals, not doubled: the defenders score their share, the declarers' share hangs."""
DOUBLED: Final = "doubled"
"""Doubled or redoubled, a team ahead: it takes both totals times the multiplier."""
DOUBLED_LEVEL: Final = "doubled-level"
"""Doubled or redoubled, equal totals: everything hangs."""

# Audit line items.
CARD_POINTS: Final = "card points"
LAST_TRICK: Final = "last trick"
DECLARATIONS: Final = "declarations"
BELOTE: Final = "belote"
VALAT: Final = "valat"
ROUNDING: Final = "rounding"
HANGING_WON: Final = "hanging points won"
FROM_OTHERS: Final = " (from the other team)"


class TensScore(NamedTuple):
    """One Bulgarian deal in game points (docs/bulgarian.md#scoring).

    Attributes:
    outcome: ``"made"``, ``"inside"``, ``"level"``, ``"doubled"`` (doubled
        or redoubled, a team ahead) or ``"doubled-level"``.
    scores: the game points this deal adds to each team, hanging points
        won included.
    hanging: the game points that hang after this deal, for the next
        deal's winner.
    lines: the audit trail in game points; a team's lines sum to its score.
    totals: each team's deal total in points, before dividing by ten.
    """

    outcome: str
    scores: tuple[int, int]
    hanging: int
    lines: tuple[Line, ...]
    totals: tuple[int, int]


def _tens(points: int, up: int) -> int:
    """``points`` in tens, rounded up from a last digit of ``up``."""
    tens, rest = divmod(points, 10)
    return tens + 1 if rest >= up else tens


# The audit items, by number: a team's five items, the same taken from the other
# team, the rounding and the hanging points won.
_ITEMS: Final = (
    CARD_POINTS, LAST_TRICK, DECLARATIONS, BELOTE, VALAT,
    CARD_POINTS + FROM_OTHERS, LAST_TRICK + FROM_OTHERS, DECLARATIONS + FROM_OTHERS,
    BELOTE + FROM_OTHERS, VALAT + FROM_OTHERS, ROUNDING, HANGING_WON,
)
_FROM_OTHERS: Final = 5
_ROUNDING: Final = 10
_HANGING_WON: Final = 11

_LINES: dict[int, Line] = {}


def _line(to: int, item: int, points: int) -> Line:
    """The audit line of item number ``item``, shared: a deal's few lines recur from deal to deal."""
    key = (points * 16 + item) * 2 + to  # one int per line: no key to build
    line = _LINES.get(key)
    if line is None:
        if len(_LINES) >= 4096:
            _LINES.clear()
        line = _LINES[key] = Line(to, _ITEMS[item], points)
    return line


_Items = tuple[int, int, int, int, int]
"""A team's points by audit item: card points, last trick, declarations, belote, valat."""


def _item_lines(lines: list[Line], to: int, items: _Items, first: int, multiplier: int) -> int:
    """Append to ``lines`` the items worth a game point once multiplied; their game points."""
    # Read by constant places: the compiled tuple of five ints is not boxed to be indexed.
    return (_item_line(lines, to, first, items[0] * multiplier)
            + _item_line(lines, to, first + 1, items[1] * multiplier)
            + _item_line(lines, to, first + 2, items[2] * multiplier)
            + _item_line(lines, to, first + 3, items[3] * multiplier)
            + _item_line(lines, to, first + 4, items[4] * multiplier))


def _item_line(lines: list[Line], to: int, item: int, points: int) -> int:
    """Append the line of item number ``item`` when its points make a game point; its game points."""
    if points < 10:
        return 0
    figure = points // 10
    lines.append(_line(to, item, figure))
    return figure


def _rounding(lines: list[Line], to: int, change: int) -> None:
    """Append the line that makes a team's lines sum to its figure, when one is needed."""
    if change:
        lines.append(_line(to, _ROUNDING, change))


def tens_score(
    mode: int,
    declarers: int,
    multiplier: int,
    cards: tuple[int, int],
    last_trick: int,
    declared: tuple[int, int],
    belote: tuple[int, int],
    valat: int | None,
    hanging_in: int,
    rules: GamePointsRules,
) -> TensScore:
    """[`score_in_tens`][belote.scoring.tens.score_in_tens] without the checks, for what the library built.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_in_tens`][belote.scoring.tens.score_in_tens].

    The arguments are those of ``score_in_tens``, in the same order: the
    figures of [`tens_figures`][belote.scoring.totals.tens_figures] as a
    [`TensScore`][belote.scoring.totals.TensScore].
    """
    return TensScore(*tens_figures(mode, declarers, multiplier, cards, last_trick, declared,
                                   belote, valat, hanging_in, rules))


TensFigures = tuple[str, tuple[int, int], int, tuple[Line, ...], tuple[int, int]]
"""A [`TensScore`][belote.scoring.totals.TensScore]'s fields as a plain tuple, in its order."""


def tens_figures(
    mode: int,
    declarers: int,
    multiplier: int,
    cards: tuple[int, int],
    last_trick: int,
    declared: tuple[int, int],
    belote: tuple[int, int],
    valat: int | None,
    hanging_in: int,
    rules: GamePointsRules,
) -> TensFigures:
    """[`tens_score`][belote.scoring.totals.tens_score]'s arithmetic, its fields as a plain tuple.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_in_tens`][belote.scoring.tens.score_in_tens].

    A deal's scoring ([`score_in_game_points`][belote.scoring.gamescore.score_in_game_points])
    calls it once per deal on a tally already checked: a ``NamedTuple``
    is made by interpreted code, a plain tuple is not.
    """
    factor = 2 if mode == NO_TRUMPS else 1
    up = 7 if mode < NO_TRUMPS else 5
    bonus = rules.valat_bonus
    zero: _Items = (cards[0] * factor, 10 * factor if last_trick == 0 else 0, declared[0],
                    belote[0], bonus if valat == 0 else 0)
    one: _Items = (cards[1] * factor, 10 * factor if last_trick == 1 else 0, declared[1],
                   belote[1], bonus if valat == 1 else 0)
    # Lists, read by team number: the compiled core boxes a tuple of ints to index it.
    teams = [zero, one]
    totals = [zero[0] + zero[1] + zero[2] + zero[3] + zero[4],
              one[0] + one[1] + one[2] + one[3] + one[4]]
    both = totals[0] + totals[1]
    defenders = 1 - declarers
    if valat is not None and not rules.double_multiplies_valat:
        multiplier = 1
    figures = [0, 0]
    hanging = 0
    winner = -1
    lines: list[Line] = []
    if totals[0] == totals[1]:
        if multiplier == 1:
            outcome = LEVEL
            figure = figures[defenders] = _tens(totals[defenders], up)
            hanging = _tens(both, up) - figure if rules.level_hangs_as_trailer else figure
            total = _item_lines(lines, defenders, teams[defenders], 0, 1)
            _rounding(lines, defenders, figure - total)
        else:
            outcome = DOUBLED_LEVEL
            hanging = (
                _tens(both, up) * multiplier
                if rules.level_hangs_as_trailer
                else _tens(both * multiplier, up)
            )
        hanging += hanging_in
    elif multiplier == 1 and totals[declarers] > totals[defenders]:
        outcome, winner = MADE, declarers
        figures[declarers] = _tens(totals[declarers], up)
        if not rules.trailer_at_least_one:
            figures[defenders] = _tens(totals[defenders], up)
        else:
            figures[defenders] = _tens(both, up) - figures[declarers]
            if figures[defenders] == 0 and totals[defenders] > 0:  # took a point: at least 1
                figures[defenders] = 1
                figures[declarers] -= 1
        for team in (0, 1):
            total = _item_lines(lines, team, teams[team], 0, 1)
            _rounding(lines, team, figures[team] - total)
    else:
        outcome = INSIDE if multiplier == 1 else DOUBLED
        winner = defenders if multiplier == 1 else (0 if totals[0] > totals[1] else 1)
        if multiplier == 1:
            figure = _tens(both, up)
        elif rules.double_rounds_product:
            figure = _tens(both * multiplier, up)
            figure += figure % 2 if mode >= NO_TRUMPS else -(figure % 2)
        else:
            figure = _tens(both, up) * multiplier
        figures[winner] = figure
        total = _item_lines(lines, winner, teams[winner], 0, multiplier)
        total += _item_lines(lines, winner, teams[1 - winner], _FROM_OTHERS, multiplier)
        _rounding(lines, winner, figure - total)
    if winner >= 0 and hanging_in:
        figures[winner] += hanging_in
        lines.append(_line(winner, _HANGING_WON, hanging_in))
    return outcome, (figures[0], figures[1]), hanging, tuple(lines), (totals[0], totals[1])
