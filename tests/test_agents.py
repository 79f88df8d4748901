"""The one agent protocol: what a seat may know, one driver, bots by name."""

from __future__ import annotations

import gc
import random
import sys
import types
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.actions import Action
from belote.agents import Agent, HeuristicBot, RandomBot, act, play_deal
from belote.agents.guard import GuardedAgent
from belote.agents.registry import make_bot
from belote.deal import Deal, Observation, SeatView
from belote.deal.state import DealState
from belote.errors import IllegalAction, InvalidArgument

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]


def _reachable(roots: Sequence[object], limit: int = 20_000) -> list[object]:
    """Every object reachable from ``roots`` through references (modules and types excluded)."""
    seen: set[int] = set()
    out: list[object] = []
    todo = list(roots)
    while todo and len(out) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, types.ModuleType | type):
            continue
        seen.add(id(obj))
        out.append(obj)
        todo.extend(gc.get_referents(obj))
    return out


class Snoop:
    """A bot that tries every way it knows to find the deal behind what it is given."""

    def __init__(self, fast: bool) -> None:
        self.fast = fast
        self.found: list[str] = []
        self.inner = RandomBot(0)

    def _search(self, *given: object) -> None:
        for obj in _reachable(given):
            if isinstance(obj, Deal | DealState):
                self.found.append(type(obj).__name__)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        self._search(observation, legal)
        return self.inner.choose(observation, legal)


class FastSnoop(Snoop):
    def choose_id(self, view: SeatView) -> int:
        self._search(view)
        return self.inner.choose_id(view)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_an_agent_cannot_reach_hidden_cards(variant: str, players: int) -> None:
    """An agent gets its seat's observation or view: no reference leads to the deal or its state."""
    for snoop in (Snoop(False), FastSnoop(True)):
        for seed in range(3):
            deal = Deal.random(variant, seed=seed, players=players)
            play_deal(deal, [snoop] + [HeuristicBot() for _ in range(players - 1)])
        assert snoop.found == []


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_seat_view_holds_no_other_hand(variant: str, players: int) -> None:
    """The view's card masks are the seat's own hand and cards seen on the table."""
    deal = Deal.random(variant, seed=4, players=players)
    bots = [HeuristicBot() for _ in range(players)]
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.seat_view(seat)
        for other in range(players):
            if other != seat:
                hidden = deal.hand_mask(other)
                assert view.hand & hidden == 0
        act(deal, bots[seat])


@settings(max_examples=30, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10_000))
def test_typed_and_fast_random_paths_are_both_legal(table: tuple[str, int], seed: int) -> None:
    """Both paths of the random agent choose only legal actions, to the end of the deal."""
    variant, players = table
    for fast in (True, False):
        deal = Deal.random(variant, seed=seed, players=players)
        bot = RandomBot(seed)
        while not deal.is_over:
            if fast:
                view = deal.seat_view(deal.to_act or 0)
                choice = bot.choose_id(view)
                assert view.legal >> choice & 1
                deal.apply_id(choice)
            else:
                legal = deal.legal_actions()
                choice_action = bot.choose(deal.observation(deal.to_act or 0), legal)
                assert choice_action in legal
                deal.apply(choice_action)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_random_table_plays_as_its_agents_would(variant: str, players: int) -> None:
    """The driver's random play-out makes exactly the draws of the agents' own choices."""
    for seed in range(20):
        shared = random.Random(seed)
        fused = Deal.random(variant, seed=seed, players=players)
        play_deal(fused, [RandomBot(shared) for _ in range(players)])
        one = random.Random(seed)
        bots = [RandomBot(one) for _ in range(players)]
        stepped = Deal.random(variant, seed=seed, players=players)
        while not stepped.is_over:
            act(stepped, bots[stepped.to_act or 0])
        assert stepped.history == fused.history
        assert stepped.result == fused.result


def test_an_illegal_choice_raises_and_changes_nothing() -> None:
    class Cheat:
        def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
            return Action.parse(f"{(observation.seat + 1) % 4} pass")

    deal = Deal.random("classic", seed=2)
    before = deal.copy()
    with pytest.raises(IllegalAction):
        act(deal, Cheat())
    assert deal == before


def test_a_typed_agent_plays_everywhere_a_fast_one_does() -> None:
    class Typed:
        def __init__(self) -> None:
            self.inner = HeuristicBot()

        def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
            return self.inner.choose(observation, legal)

    for seed in range(10):
        typed = Deal.random("piedicavallo", seed=seed)
        fast = Deal.random("piedicavallo", seed=seed)
        play_deal(typed, [Typed() for _ in range(4)])
        play_deal(fast, [HeuristicBot() for _ in range(4)])
        assert typed.history == fast.history


def test_builtin_bots_are_agents() -> None:
    from belote.agents.pimc import PIMCBot

    for bot in (RandomBot(), HeuristicBot(), PIMCBot(samples=2)):
        assert isinstance(bot, Agent)


def test_play_deal_needs_one_agent_per_seat() -> None:
    with pytest.raises(InvalidArgument):
        play_deal(Deal.random("classic", seed=1), [RandomBot()])


def test_act_on_a_finished_deal_is_refused() -> None:
    deal = Deal.random("classic", seed=1)
    play_deal(deal, [RandomBot(1) for _ in range(4)])
    with pytest.raises(InvalidArgument):
        act(deal, RandomBot())


def test_a_bot_named_by_module_and_attribute() -> None:
    """``module:attribute`` finds a third-party bot, options after a second colon."""
    module = types.ModuleType("thirdparty_bots")

    class Cautious(HeuristicBot):
        def __init__(self, level: int = 1) -> None:
            super().__init__(take_threshold=40 + level)

    module.Cautious = Cautious  # type: ignore[attr-defined]
    sys.modules["thirdparty_bots"] = module
    try:
        bot = make_bot("thirdparty_bots:Cautious")
        assert isinstance(bot, GuardedAgent)  # a third-party bot comes guarded (issue 32)
        assert isinstance(bot.agent, Cautious) and bot.agent.take_threshold == 41
        leveled = make_bot("thirdparty_bots:Cautious:level=3")
        assert isinstance(leveled, GuardedAgent)
        assert leveled.agent.take_threshold == 43  # type: ignore[attr-defined]
        with pytest.raises(InvalidArgument, match="has no Missing"):
            make_bot("thirdparty_bots:Missing")
        with pytest.raises(InvalidArgument, match="no module"):
            make_bot("no_such_module_here:Bot")
        module.NotABot = lambda: object()  # type: ignore[attr-defined]
        with pytest.raises(InvalidArgument, match="not an agent"):
            make_bot("thirdparty_bots:NotABot")
    finally:
        del sys.modules["thirdparty_bots"]


def test_an_illegal_choice_names_the_seat_and_the_agent() -> None:
    """A wrong agent is told apart: the error names its seat and the agent."""
    from belote.actions import Action
    from belote.agents import act
    from belote.errors import IllegalAction, InvalidArgument

    class Wrong:
        def choose(self, observation: object, legal: object) -> Action:
            return Action.parse("3 pass")

        def __repr__(self) -> str:
            return "Wrong()"

    deal = Deal.random("classic", seed=1)
    before = deal.copy()
    with pytest.raises(IllegalAction, match=r"seat 1's agent Wrong\(\) chose an illegal action"):
        act(deal, Wrong())
    assert deal == before
    with pytest.raises(InvalidArgument, match="no choose"):
        act(deal, lambda observation, legal: legal[0])  # type: ignore[arg-type]


@pytest.mark.parametrize("spec", ["heuristic:take_threshold=abc", "heuristic:take_threshold=-1",
                                  "pimc:samples=1000000000", "pimc:exact_tricks=99"])
def test_bot_options_out_of_bounds_are_refused_naming_the_option(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bot options are checked when the bot is built; the error names the option."""
    from belote.agents import registry
    from belote.agents.registry import make_bot
    from belote.errors import InvalidArgument

    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))  # no lasting import

    option = spec.split(":")[1].split("=")[0]
    with pytest.raises(InvalidArgument, match=option):
        make_bot(spec)
