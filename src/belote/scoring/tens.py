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

from belote.cards import ALL_TRUMPS, NO_TRUMPS, mode_points
from belote.errors import InvalidArgument
from belote.rules.checks import instance, sequence, whole, whole_or_none
from belote.rules.gamepoints import GamePointsRules
from belote.rules.knobs import RANGES, out_of_range
from belote.scoring.totals import (
    DOUBLED,
    DOUBLED_LEVEL,
    INSIDE,
    LEVEL,
    MADE,
    TensScore,
    tens_score,
)

__all__ = [
    "DOUBLED",
    "DOUBLED_LEVEL",
    "INSIDE",
    "LEVEL",
    "MADE",
    "TensScore",
    "score_in_tens",
]


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
