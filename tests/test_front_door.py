"""The front door: ``import belote`` gives the whole game API, loaded on first use (issue 9)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import belote


@pytest.mark.parametrize("name", sorted(belote.__all__))
def test_every_name_of_all_is_reachable(name: str) -> None:
    assert getattr(belote, name) is not None


def test_solve_is_the_function_even_after_the_solver_module_is_imported() -> None:
    import belote.solver
    from belote import solve

    assert solve is belote.solver.solve
    assert callable(solve)


def test_the_tutorial_names_come_from_the_package() -> None:
    from belote import Action, Deal, score_tally

    deal = Deal.random("classic", seed=3)
    deal.apply(Action.parse(f"{deal.to_act} pass"))
    assert deal.to_act is not None
    assert score_tally.__module__ == "belote.scoring.pipeline"


def test_importing_belote_loads_neither_the_engine_nor_plugins() -> None:
    """``import belote`` stays cheap: the engine, the solver and entry points load on first use."""
    code = (
        "import sys, belote\n"
        "import json\n"
        "print(json.dumps(sorted(m for m in ('belote.deal', 'belote.solver', 'belote.agents', "
        "'importlib.metadata') if m in sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == []


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        belote.no_such_name  # noqa: B018


def test_issue_9_examples_work_as_written() -> None:
    """Issue 9: the calls that failed in the first release, exactly as a user wrote them."""
    from belote import Deal, IllegalAction, InvalidArgument
    from belote.records.replay import deal_from_record

    deal = Deal.random("classic", seed=1, dealer=0)
    assert deal.can("1 take") and deal.why_illegal("1 take") is None
    assert deal.why_illegal("2 take") is not None
    deal.apply("1 take")
    with pytest.raises(InvalidArgument):
        deal.hand(7)
    with pytest.raises(IndexError):  # the typed error is also the built-in one
        deal.hand(7)
    saved = deal.to_record()
    assert saved["finished"] is False
    assert Deal.from_record(saved) == deal
    assert deal_from_record(saved, partial=True) == deal
    assert "Deal" not in str(deal).splitlines()[0] or str(deal) != repr(deal)
    deal.undo()
    assert deal == Deal.random("classic", seed=1, dealer=0)
    with pytest.raises(IllegalAction):
        deal.undo()


@pytest.mark.parametrize(
    "context",
    [
        {"totals": ["x", 0]},
        {"totals": 5},
        {"target": "abc"},
        {"target": 2.7},
        {"pending": None},
        {"pending": -1},
    ],
)
def test_a_deal_refuses_a_bad_match_context_with_a_typed_error(context: dict[str, object]) -> None:
    from belote import Deal, InvalidArgument

    deck = Deal.random("classic", seed=1).deck
    with pytest.raises(InvalidArgument):
        Deal("classic", deck, 0, **context)  # type: ignore[arg-type]


def test_side_accessors_refuse_a_side_or_seat_that_is_not_at_the_table() -> None:
    from belote import Deal
    from belote.errors import InvalidArgumentType, InvalidSeat

    deal = Deal.random("classic", seed=2)
    for call in (
        lambda: deal.side(7),
        lambda: deal.card_points_of(-1),
        lambda: deal.card_points_of(2),
        lambda: deal.tricks_of(2),
        lambda: deal.points_so_far(5),
        lambda: deal.claim_holds(9),
    ):
        with pytest.raises(InvalidSeat):
            call()
    with pytest.raises(InvalidArgumentType):
        deal.tricks_of("x")  # type: ignore[arg-type]


def test_a_finished_deal_says_it_is_over() -> None:
    from belote import Deal, IllegalAction

    deal = Deal.random("classic", seed=1)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    with pytest.raises(IllegalAction, match="the deal is over"):
        deal.pass_()


def test_the_heuristic_bot_follows_an_undo_that_changes_the_trump() -> None:
    """A bot decides from the seat's view of the deal as it is now: when undo takes the bid
    back and another trump is named, its next choice is legal for the new trump."""
    from belote import Deal
    from belote.agents import HeuristicBot, act

    for seed in range(40):
        deal = Deal.random("classic", seed=seed, dealer=3)
        if not deal.can("0 take"):
            continue
        deal.apply("0 take")
        bot = HeuristicBot()
        act(deal, bot)  # decides under this deal's trump
        while deal.history:
            deal.undo()
        for _ in range(4):
            deal.apply(f"{deal.to_act} pass")
        suit = next(s for s in "SHDC" if deal.can(f"0 take {s}"))
        deal.apply(f"0 take {suit}")
        before = len(deal.history)
        act(deal, bot)  # raises if its choice is not legal under the new trump
        assert len(deal.history) == before + 1
        return
    pytest.fail("no deal where seat 0 may take")
