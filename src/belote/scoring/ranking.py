"""Which declarations score, for declarations nobody has to check: [`resolve_trusted`][belote.scoring.contest.resolve_trusted] (rules §6.2, docs/rules.md#announcement-contest).

The engine's fast path of the announcement contest, part of the compiled core
(docs/compiled.md): it checks nothing, and a compiled function refuses an
argument of the wrong type with a plain `TypeError`.
[`resolve_contest`][belote.scoring.contest.resolve_contest] is the checked
door and says what each contest policy does; `belote.scoring.contest` serves
this function too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belote.cards import PLAIN_STRENGTH
from belote.errors import InvalidArgument, shown
from belote.rules import Contest, Rules
from belote.scoring.combination import Combination, Declaration, Kind
from belote.scoring.hands import points_of, top_index

__all__ = ["resolve_trusted"]

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_KIND_RUN: Final = Kind.RUN
_KIND_CARRE: Final = Kind.CARRE
_CONTEST_NONE: Final = Contest.NONE
_INDIVIDUAL: Final = Contest.INDIVIDUAL
_TEAM_BEST_TAKES_ALL: Final = Contest.TEAM_BEST_TAKES_ALL
_RUNS_AND_CARRES: Final = Contest.RUNS_AND_CARRES


# A sort key for a declaration's place in the result: seat, carrés first,
# higher rank first, suit.
def _order_key(declaration: Declaration) -> tuple[int, int, int, int]:
    combination = declaration.combination
    top = top_index(combination.cards.mask)
    return (declaration.seat, 0 if combination.kind is _KIND_CARRE else 1, -(top & 7), top >> 3)


_Ranked = list[tuple[tuple[int, ...], Declaration]]


def _best_side(ranked: _Ranked, void_on_tie: bool) -> tuple[int, tuple[int, ...]] | None:
    """The team holding the single best key, and that key.

    When the best key is held by both teams (equal plain runs), nobody wins
    if ``void_on_tie``; else those declarations are dropped and the next key
    decides. ``None`` when nobody wins.
    """
    while ranked:
        best = max(key for key, _ in ranked)
        teams = {d.seat % 2 for key, d in ranked if key == best}  # team_of, on seats checked before
        if len(teams) == 1:
            return teams.pop(), best
        if void_on_tie:
            return None
        ranked = [(key, d) for key, d in ranked if key != best]
    return None


def _winners(ranked: _Ranked, void_on_tie: bool) -> list[Declaration]:
    """The declarations of the winning team, without any dropped tie above its best."""
    side = _best_side(ranked, void_on_tie)
    if side is None:
        return []
    team, best = side
    return [d for key, d in ranked if d.seat % 2 == team and key <= best]


def _team_key(combination: Combination, rules: Rules, trump: int) -> tuple[int, ...]:
    """Rank for ``TEAM_BEST_TAKES_ALL``: points, carré or run, rank, trump."""
    points = points_of(combination, rules)
    carre_first = rules.carre_beats_run_at_equal_points
    top = top_index(combination.cards.mask)
    if combination.kind is _KIND_CARRE:
        rank = _carre_rank(top & 7, rules)
        return (points, 1 if carre_first else 0, rank, 0)
    return (points, 0 if carre_first else 1, _run_rank(combination, rules),
            1 if top >> 3 == trump else 0)


def _carre_rank(rank: int, rules: Rules) -> int:
    """A carré's place among carrés of equal points (docs/bulgarian.md#disputes).

    A > 10 > K > Q, or A > K > Q > 10 (``carres_by_face_rank``), or all equal.
    """
    if not rules.equal_carres_by_rank:
        return 0
    return rank if rules.carres_by_face_rank else PLAIN_STRENGTH[rank]


def _run_rank(combination: Combination, rules: Rules) -> int:
    """A run's place among runs of equal points (docs/bulgarian.md#disputes).

    Its top card, or its length then its top card (``runs_by_length_first``).
    """
    rank = top_index(combination.cards.mask) & 7
    return combination.cards.mask.bit_count() * 8 + rank if rules.runs_by_length_first else rank


def _resolve_team(
    declarations: Sequence[Declaration], rules: Rules, trump: int
) -> list[Declaration]:
    ranked = [(_team_key(d.combination, rules, trump), d) for d in declarations]
    return _winners(ranked, rules.equal_plain_runs_void_all)


def _resolve_per_class(
    declarations: Sequence[Declaration], rules: Rules, trump: int
) -> list[Declaration]:
    scoring = [d for d in declarations if d.combination.kind is _KIND_CARRE]
    classes: dict[int, _Ranked] = {}
    for d in declarations:
        combination = d.combination
        if combination.kind is _KIND_RUN:
            key = (_run_rank(combination, rules),
                   1 if top_index(combination.cards.mask) >> 3 == trump else 0)
            classes.setdefault(min(combination.cards.mask.bit_count(), 5), []).append((key, d))
    for ranked in classes.values():
        scoring.extend(_winners(ranked, rules.equal_plain_runs_void_all))
    return scoring


def _resolve_individual(
    declarations: Sequence[Declaration],
    rules: Rules,
    trump: int,
    players: int,
    first_speaker: int,
) -> list[Declaration]:
    best: tuple[int, ...] | None = None
    best_seat = -1
    for d in declarations:
        combination = d.combination
        points = points_of(combination, rules)
        top = top_index(combination.cards.mask)
        if combination.kind is _KIND_CARRE:
            key: tuple[int, ...] = (1, points, PLAIN_STRENGTH[top & 7], 0, 0)
        else:
            # Runs rank by number of cards (a 6- or 7-card run beats a cent
            # though it scores as one, 001), then top card, then trump, then
            # speaking order.
            speaking = (d.seat - first_speaker) % players
            key = (0, combination.cards.mask.bit_count(), top & 7, 1 if top >> 3 == trump else 0, -speaking)
        if best is None or key > best:
            best, best_seat = key, d.seat
    return [d for d in declarations if d.seat == best_seat]


def resolve_trusted(
    declarations: Sequence[Declaration],
    rules: Rules,
    trump_suit: int,
    players: int,
    first_speaker: int,
) -> tuple[Declaration, ...]:
    """[`resolve_contest`][belote.scoring.contest.resolve_contest] without the checks, for declarations the deal engine took.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`resolve_contest`][belote.scoring.contest.resolve_contest].

    The engine's fast path: it accepts only declarations its rules allow,
    so the argument and card checks of ``resolve_contest`` have nothing to
    find there. Give it only declarations checked that way.
    """
    contest = rules.contest
    if contest is _CONTEST_NONE:
        return ()
    if contest is _INDIVIDUAL:
        scoring = _resolve_individual(declarations, rules, trump_suit, players, first_speaker)
    else:
        if players != 4:
            raise InvalidArgument(
                f"{rules.name} ranks announcements by team: 4 players in two teams, not {shown(players)}"
            )
        if contest is _TEAM_BEST_TAKES_ALL:
            scoring = _resolve_team(declarations, rules, trump_suit)
        elif contest is _RUNS_AND_CARRES:  # two contests: runs, then carrés
            scoring = _resolve_team(
                [d for d in declarations if d.combination.kind is _KIND_RUN], rules, trump_suit
            ) + _resolve_team(
                [d for d in declarations if d.combination.kind is _KIND_CARRE], rules, trump_suit
            )
        else:
            scoring = _resolve_per_class(declarations, rules, trump_suit)
    if len(scoring) > 1:
        scoring.sort(key=_order_key)
    return tuple(scoring)
