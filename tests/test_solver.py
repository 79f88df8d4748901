"""The double-dummy solver against a brute-force minimax through the deal engine.

The brute force below knows nothing of the solver: it plays every legal card
on copies of the deal, scores the finished deals with ``Deal.result`` (the
engine's own scoring) and takes the maximum or minimum, with no pruning and
no table. The solver must agree with it on every position it can reach.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reaching import reach

from belote.cards import CARDS
from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidArgumentType
from belote.scoring import Outcome
from belote.solver.solution import makes_contract, solve

PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]
REGRESSION = Path(__file__).parent / "data" / "solver_regression.json"


def value_for(deal: Deal, side: int) -> int:
    scores = deal.result.scores
    return scores[side] - max(s for k, s in enumerate(scores) if k != side)


def brute(deal: Deal, side: int, objective: str = "value") -> int:
    """Plain minimax over every legal card; the holder always announces belote."""
    if deal.is_over:
        if objective == "made":
            return int(deal.result.outcome is Outcome.MADE)
        return value_for(deal, side)
    values = []
    for card in deal.legal_play_cards():
        child = deal.copy()
        child.play_card(card, belote=child.can_announce_belote(card))
        values.append(brute(child, side, objective))
    to_act = deal.to_act
    assert to_act is not None
    return max(values) if deal.side(to_act) == side else min(values)


def solver_side(deal: Deal) -> int:
    """The side the value is counted for: the taker's with two sides, else the seat to act."""
    if deal.sides == 2:
        assert deal.taker is not None
        return deal.side(deal.taker)
    assert deal.to_act is not None
    return deal.to_act


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(1, 3))
def test_solver_value_is_the_minimax_value(table: tuple[str, int], seed: int, left: int) -> None:
    """Rules §5, docs/rules.md#play-obligations; rules §7, docs/rules.md#scoring: perfect play by every seat, scored by the variant's own scoring."""
    deal = reach(*table, seed, left)
    before = deal.copy()
    side = solver_side(deal)
    solution = solve(deal)
    assert deal == before, "solve leaves the deal unchanged"
    assert solution.side == side
    assert solution.value == brute(deal, side)
    legal = deal.legal_play_cards()
    assert sorted(card.index for card in solution.card_values) == legal
    for card in legal:
        child = deal.copy()
        child.play_card(card, belote=child.can_announce_belote(card))
        assert solution.card_values[CARDS[card]] == brute(child, side), CARDS[card]


@pytest.mark.parametrize("seed", [1, 3, 4])
@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_solver_value_is_the_minimax_value_four_tricks_left(
    table: tuple[str, int], seed: int
) -> None:
    """Rules §5, docs/rules.md#play-obligations; rules §7, docs/rules.md#scoring: four tricks left, every card against brute force.

    Four tricks is as deep as the brute force goes in a test (up to about a
    second a position); the regression deals below cover full deals.
    """
    deal = reach(*table, seed, 4)
    assert deal.tricks_per_deal - deal.tricks_played == 4
    side = solver_side(deal)
    solution = solve(deal)
    to_act = deal.to_act
    assert to_act is not None
    values = {}
    for card in deal.legal_play_cards():
        child = deal.copy()
        child.play_card(card, belote=child.can_announce_belote(card))
        values[CARDS[card]] = brute(child, side)
    assert dict(solution.card_values) == values
    best = max(values.values()) if deal.side(to_act) == side else min(values.values())
    assert solution.value == best


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(1, 3))
def test_principal_line_reaches_the_value(table: tuple[str, int], seed: int, left: int) -> None:
    """Rules §7, docs/rules.md#scoring: the line played through the engine scores exactly the value."""
    deal = reach(*table, seed, left)
    solution = solve(deal)
    assert solution.line[0] in solution.best_cards
    for card in solution.line:
        deal.play_card(card.index, belote=deal.can_announce_belote(card.index))
    assert deal.is_over
    assert value_for(deal, solution.side) == solution.value
    assert deal.result.scores == solution.scores
    assert tuple(deal.card_points_of(s) for s in range(deal.sides)) == solution.card_points


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(1, 3))
def test_target_query_answers_value_at_least_target(
    table: tuple[str, int], seed: int, left: int
) -> None:
    """The null-window query says whether the value reaches the target."""
    deal = reach(*table, seed, left)
    value = solve(deal).value
    for target in (value - 10, value - 1, value, value + 1, value + 10):
        assert solve(deal, target=target) is (value >= target)


@PROPERTY
@given(st.sampled_from(TABLES[:3]), st.integers(0, 2**32), st.integers(1, 3))
def test_makes_contract_is_the_minimax_outcome(
    table: tuple[str, int], seed: int, left: int
) -> None:
    """Rules §7.1, docs/rules.md#contract: the attack makes its contract (litige is not made) under perfect play."""
    deal = reach(*table, seed, left)
    assert makes_contract(deal) is bool(brute(deal, solver_side(deal), "made"))


def test_french_has_no_contract_to_make() -> None:
    """Rules §7, docs/rules.md#scoring (001, 003): french is played without contract."""
    deal = reach("french", 2, 1, 2)
    with pytest.raises(InvalidArgument):
        makes_contract(deal)


def test_solve_needs_the_play_phase() -> None:
    """Rules §3, docs/rules.md#bidding: before the trump is fixed there is nothing to solve."""
    with pytest.raises(InvalidArgument):
        solve(Deal.random("classic", seed=1))


@pytest.mark.parametrize(
    ("target", "every_card"), [("1", True), (1.5, True), (True, True), (None, "no"), (None, 0)]
)
def test_solve_refuses_arguments_of_the_wrong_type(target: object, every_card: object) -> None:
    """A target that is not a whole number, or ``every_card`` not a bool: a typed error."""
    deal = reach("classic", 4, 1, 2)
    before = deal.copy()
    with pytest.raises(InvalidArgumentType):
        solve(deal, target, every_card=every_card)  # type: ignore[call-overload]
    assert deal == before


def _regression_deal(entry: dict[str, object]) -> Deal:
    # Read as a deal record: the file predates the swap decision (``keep``), which the
    # record reader inserts where it is missing.
    fields = ("variant", "players", "dealer", "deck", "actions")
    return Deal.from_record({field: entry[field] for field in fields})


REGRESSION_DEALS = json.loads(REGRESSION.read_text())["deals"]


@pytest.mark.parametrize("entry", REGRESSION_DEALS, ids=lambda e: f"{e['variant']}-{e['seed']}")
def test_regression_deals_keep_their_values(entry: dict[str, object]) -> None:
    """Deals solved once and cross-checked by brute force from four tricks left.

    The file was made by ``benchmarks/solve.py --regression``: for each deal the
    brute force, from the position four tricks before the end of the principal
    line, found the same value. The deals are full (from the first lead) but
    for ``french`` with three players, which start three tricks in.
    """
    deal = _regression_deal(entry)
    solution = solve(deal)
    assert solution.value == entry["value"]
    assert {str(c): v for c, v in solution.card_values.items()} == entry["card_values"]
    # Along the principal line the value never changes: check the end by brute force.
    n = deal.players
    for card in solution.line[: len(solution.line) - 2 * n]:
        deal.play_card(card.index, belote=deal.can_announce_belote(card.index))
    assert brute(deal, solution.side) == entry["value"]


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(1, 3))
def test_value_alone_is_the_minimax_value_and_its_line(
    table: tuple[str, int], seed: int, left: int
) -> None:
    """Rules §7, docs/rules.md#scoring: ``every_card=False`` finds the same value and line.

    Its only card value is the line's first card, one of the best cards.
    """
    deal = reach(*table, seed, left)
    before = deal.copy()
    side = solver_side(deal)
    alone = solve(deal, every_card=False)
    assert deal == before, "solve leaves the deal unchanged"
    assert alone.value == brute(deal, side)
    full = solve(deal)
    assert (alone.side, alone.seat, alone.maximising) == (full.side, full.seat, full.maximising)
    assert alone.line == full.line
    assert (alone.scores, alone.card_points) == (full.scores, full.card_points)
    assert alone.line[0] in alone.card_values
    assert all(full.card_values[c] == v == alone.value for c, v in alone.card_values.items())


@pytest.mark.parametrize("entry", REGRESSION_DEALS, ids=lambda e: f"{e['variant']}-{e['seed']}")
def test_regression_deals_keep_their_values_alone(entry: dict[str, object]) -> None:
    """The regression deals (full deals, cross-checked by brute force): the value alone and
    the principal line are those of the whole solve."""
    deal = _regression_deal(entry)
    alone = solve(deal, every_card=False)
    assert alone.value == entry["value"]
    assert [str(c) for c in alone.line] == entry["line"]
    card_values = entry["card_values"]
    assert isinstance(card_values, dict)
    assert alone.line[0] in alone.card_values
    for card, value in alone.card_values.items():
        assert card_values[str(card)] == value == entry["value"]


def test_the_search_keeps_its_state_in_slots() -> None:
    """docs/solver.md, the cost of a node: a search holds no per-instance dict.

    Interpreted, an instance with 30 attributes or more (CPython 3.11's
    shared-key layout holds fewer) keeps them in a plain dict, and every read in the
    search's hot methods is a dict lookup (issue 50 item 8: the pure core's
    full solves 5 % slower). Compiled, a native class has no dict either.
    """
    from belote.solver.search import Search, game_of

    search = Search(game_of(reach("classic", 4, 1, 4)))
    assert not hasattr(search, "__dict__")
    assert search.n == 4 and search.hands == list(search.dealt)
