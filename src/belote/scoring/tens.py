"""A Bulgarian deal in game points: the arithmetic of docs/bulgarian.md#scoring.

Each team's deal total is its card points (and the last trick's 10), doubled
in no-trumps, plus the declarations it scores, its belotes and the valat
bonus. [`score_in_tens`][belote.scoring.tens.score_in_tens] turns the two
totals into game points (tens) as the contract's result says:

- **made** (the declarers ahead): the declarers round their total by the
  contract's rule (a suit: a trailing 6 or less down, 7 or more up;
  all-trumps: 4 down, 5 up; no-trumps: halves up) and the defenders get the
  deal's rounded sum minus that;
- **inside** (the declarers behind): the defenders score both totals;
- **level** (equal totals): the defenders score their share, the
  declarers' share hangs for the next deal's winner;
- **doubled** (doubled or redoubled, a team ahead): the team ahead takes
  both totals times the multiplier; **doubled-level**: everything hangs.

Points hanging from earlier deals go to the team that wins the deal (made:
the declarers; inside: the defenders; doubled: the team ahead) and keep
hanging, growing, on a level deal. The disputed points are the knobs of
[`GamePointsRules`][belote.rules.gamepoints.GamePointsRules].

>>> from belote.rules.gamepoints import GamePointsRules
>>> score = score_in_tens(0, 1, 1, (56, 96), 1, (0, 0), (0, 0), None, 0, GamePointsRules())
>>> score.outcome, score.scores, score.totals
('made', (6, 10), (56, 106))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from belote.cards import ALL_TRUMPS, NO_TRUMPS, mode_points
from belote.errors import InvalidArgument
from belote.rules.checks import instance, sequence, whole, whole_or_none
from belote.rules.gamepoints import GamePointsRules
from belote.rules.knobs import RANGES, out_of_range
from belote.scoring.result import Line

__all__ = [
    "DOUBLED",
    "DOUBLED_LEVEL",
    "INSIDE",
    "LEVEL",
    "MADE",
    "TensScore",
    "score_in_tens",
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


@attrs.frozen
class TensScore:
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


def _pair(value: object, name: str) -> tuple[int, int]:
    items = sequence(value, name)
    if len(items) != 2:
        raise InvalidArgument(f"{name}: expected one number per team (2), got {len(items)}")
    return whole(items[0], f"{name}[0]", 0), whole(items[1], f"{name}[1]", 0)


def _checked(
    mode: int,
    declarers: int,
    multiplier: int,
    card_points: object,
    last_trick: int,
    declarations: object,
    belotes: object,
    valat: int | None,
    hanging_in: int,
    rules: object,
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The arguments' pairs as tuples, once every argument is checked."""
    whole(mode, "mode", 0, ALL_TRUMPS)
    whole(declarers, "declarers", 0, 1)
    whole(multiplier, "multiplier", 1, 64)  # 1, 2, 4 by default (the auction's knobs)
    cards = _pair(card_points, "card_points")
    if cards[0] + cards[1] != mode_points(mode):
        raise InvalidArgument(
            f"card_points: {cards[0]} + {cards[1]} is not the {mode_points(mode)} "
            f"card points of mode {mode}"
        )
    whole(last_trick, "last_trick", 0, 1)
    declared = _pair(declarations, "declarations")
    belote = _pair(belotes, "belotes")
    if mode == NO_TRUMPS and declared + belote != (0, 0, 0, 0):
        raise InvalidArgument("declarations, belotes: none in no-trumps")
    # the belotes' number and value are the tally's to check (the variant's belote_value)
    team = whole_or_none(valat, "valat", 0, 1)
    if team is not None and (cards[1 - team] or last_trick != team):
        raise InvalidArgument(
            f"valat: team {team} took every trick, so every card point and the last trick"
        )
    whole(hanging_in, "hanging_in", 0)
    bonus = instance(rules, GamePointsRules, "rules").valat_bonus
    if not RANGES["game_points.valat_bonus"].holds(bonus):
        raise out_of_range("game_points.valat_bonus", bonus, RANGES["game_points.valat_bonus"])
    return cards, declared, belote


def _lines(to: int, items: Sequence[tuple[str, int]], multiplier: int, figure: int) -> list[Line]:
    """The items (points) in tens, times ``multiplier``, and the rounding that makes ``figure``."""
    lines = [
        Line(to, item, points * multiplier // 10)
        for item, points in items
        if points * multiplier >= 10
    ]
    change = figure - sum(line.points for line in lines)
    return [*lines, Line(to, ROUNDING, change)] if change else lines


def score_in_tens(
    mode: int,
    declarers: int,
    multiplier: int,
    card_points: tuple[int, int],
    last_trick: int,
    declarations: tuple[int, int],
    belotes: tuple[int, int],
    valat: int | None,
    hanging_in: int,
    rules: GamePointsRules,
) -> TensScore:
    """One Bulgarian deal in game points (docs/bulgarian.md#scoring).

    Args:
        mode: 0 to 3 a suit contract, 4 no-trumps, 5 all-trumps.
        declarers: the team (0 or 1) whose bid is the contract.
        multiplier: 1, 2 when doubled, 4 when redoubled.
        card_points: each team's card points, without the last trick and
            before no-trumps doubles them (152, 120 or 248 in all).
        last_trick: the team that took the last trick.
        declarations: the points each team scores for declarations, the
            contest already settled (none in no-trumps).
        belotes: each team's belote points, 20 per belote (none in no-trumps).
        valat: the team that took all eight tricks, or ``None``.
        hanging_in: the game points hanging from earlier deals.
        rules: the disputed points' knobs.

    Returns:
        The outcome, what each team scores, what hangs, the audit lines and
        the two totals.

    Raises:
        InvalidArgument: an impossible deal (card points that do not add up,
            a multiplier other than 1, 2 or 4, negative points, declarations
            in no-trumps, a valat team without every card point).
        InvalidArgumentType: an argument of the wrong type.

    >>> from belote.rules.gamepoints import GamePointsRules
    >>> score_in_tens(5, 1, 1, (124, 124), 0, (0, 100), (0, 0), None, 0, GamePointsRules()).scores
    (14, 22)
    """
    cards, declared, belote = _checked(
        mode,
        declarers,
        multiplier,
        card_points,
        last_trick,
        declarations,
        belotes,
        valat,
        hanging_in,
        rules,
    )
    return tens_score(mode, declarers, multiplier, cards, last_trick, declared, belote, valat,
                      hanging_in, rules)


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
        lines.append(Line(winner, HANGING_WON, hanging_in))
    return TensScore(outcome, (figures[0], figures[1]), hanging, tuple(lines), totals)
