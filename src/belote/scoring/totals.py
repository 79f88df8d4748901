"""The arithmetic of a Bulgarian deal in game points, compiled (docs/bulgarian.md#scoring).

The body behind the checked door [`score_in_tens`][belote.scoring.tens.score_in_tens]:
[`tens_score`][belote.scoring.totals.tens_score] turns the two teams' totals
into game points as the contract's result says, with the knobs of
[`GamePointsRules`][belote.rules.gamepoints.GamePointsRules]. Part of the
compiled core (docs/compiled.md); it checks nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    "TensScore",
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


_LINES: dict[tuple[int, str, int], Line] = {}


def _line(to: int, item: str, points: int) -> Line:
    """The audit line, shared: a deal's few lines recur from deal to deal."""
    key = (to, item, points)
    line = _LINES.get(key)
    if line is None:
        if len(_LINES) >= 4096:
            _LINES.clear()
        line = _LINES[key] = Line(to, item, points)
    return line


def _lines(to: int, items: Sequence[tuple[str, int]], multiplier: int, figure: int) -> list[Line]:
    """The items (points) in tens, times ``multiplier``, and the rounding that makes ``figure``."""
    lines = []
    total = 0
    for item, points in items:
        if points * multiplier >= 10:
            figure_of = points * multiplier // 10
            total += figure_of
            lines.append(_line(to, item, figure_of))
    change = figure - total
    if change:
        lines.append(_line(to, ROUNDING, change))
    return lines


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

    The arguments are those of ``score_in_tens``, in the same order; a
    deal's scoring ([`score_in_game_points`][belote.scoring.gamescore.score_in_game_points])
    calls it once per deal on a tally already checked.
    """
    factor = 2 if mode == NO_TRUMPS else 1
    up = 7 if mode < NO_TRUMPS else 5
    items = tuple(
        (
            (CARD_POINTS, cards[team] * factor),
            (LAST_TRICK, 10 * factor if last_trick == team else 0),
            (DECLARATIONS, declared[team]),
            (BELOTE, belote[team]),
            (VALAT, rules.valat_bonus if valat == team else 0),
        )
        for team in (0, 1)
    )
    totals = (sum(points for _, points in items[0]), sum(points for _, points in items[1]))
    both = totals[0] + totals[1]
    defenders = 1 - declarers
    if valat is not None and not rules.double_multiplies_valat:
        multiplier = 1
    figures = [0, 0]
    hanging = 0
    winner: int | None = None
    lines: list[Line] = []
    if totals[0] == totals[1]:
        if multiplier == 1:
            outcome = LEVEL
            figures[defenders] = _tens(totals[defenders], up)
            hanging = (
                _tens(both, up) - figures[defenders]
                if rules.level_hangs_as_trailer
                else figures[defenders]
            )
            lines = _lines(defenders, items[defenders], 1, figures[defenders])
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
            lines += _lines(team, items[team], 1, figures[team])
    else:
        outcome = INSIDE if multiplier == 1 else DOUBLED
        winner = defenders if multiplier == 1 else (0 if totals[0] > totals[1] else 1)
        if multiplier == 1:
            figures[winner] = _tens(both, up)
        elif rules.double_rounds_product:
            figure = _tens(both * multiplier, up)
            figures[winner] = figure + (figure % 2 if mode >= NO_TRUMPS else -(figure % 2))
        else:
            figures[winner] = _tens(both, up) * multiplier
        taken = [
            *items[winner],
            *((item + FROM_OTHERS, points) for item, points in items[1 - winner]),
        ]
        lines = _lines(winner, taken, multiplier, figures[winner])
    if winner is not None and hanging_in:
        figures[winner] += hanging_in
        lines.append(_line(winner, HANGING_WON, hanging_in))
    return TensScore(outcome, (figures[0], figures[1]), hanging, tuple(lines), totals)
