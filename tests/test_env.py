"""The PettingZoo environment (extra ``pettingzoo``): PettingZoo's own checks and the deal it plays.

Skipped without the extra, unless ``BELOTE_REQUIRE_EXTRAS`` is set (CI sets it
after installing the extras, so these tests cannot be skipped there).
"""

from __future__ import annotations

import importlib
import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

if os.environ.get("BELOTE_REQUIRE_EXTRAS"):
    importlib.import_module("pettingzoo")
else:
    pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from belote.actions import ACTION_IDS, ID_REREDOUBLE, ID_SWAP, Action, action_id
from belote.adapters.env import env, raw_env
from belote.adapters.returns import score_bound
from belote.adapters.tensor_v4 import OBSERVATION_V4_SIZE, STATE_V4_SIZE
from belote.deal import Deal
from belote.errors import InvalidArgument

TABLES = [
    ("classic", None), ("piedicavallo", None), ("italian751", None), ("french", 2), ("french", 3), ("contree", None),
    ("bulgarian", None),
]

# PettingZoo's api_test warns about any dict observation unless the environment is one
# of its own (its board-game environments use the same {"observation", "action_mask"}
# dict); these two advisory warnings are the only ones let through.
DICT_OBSERVATION_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(("variant", "players"), TABLES)
@DICT_OBSERVATION_WARNINGS[0]
@DICT_OBSERVATION_WARNINGS[1]
def test_pettingzoo_api_test_passes(variant: str, players: int | None) -> None:
    api_test(env(variant, players, seed=3), num_cycles=200)


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "classic", "match": True, "target": 300, "full_state": True},
        {"variant": "piedicavallo", "match": True},
        {"variant": "french", "players": 3, "match": True, "max_deals": 2},
        {"variant": "classic", "max_cycles": 5},
        {"variant": "bulgarian", "match": True, "max_deals": 3, "full_state": True},
    ],
    ids=["match-full-state", "match-calling-out", "match-truncated", "max-cycles", "match-bulgarian"],
)
@DICT_OBSERVATION_WARNINGS[0]
@DICT_OBSERVATION_WARNINGS[1]
def test_pettingzoo_api_test_passes_with_options(options: dict[str, object]) -> None:
    api_test(env(seed=5, **options), num_cycles=5000)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_pettingzoo_seed_test_passes(variant: str, players: int | None) -> None:
    seed_test(lambda: env(variant, players), num_cycles=100)


def test_max_cycles_truncates_every_agent() -> None:
    """``max_cycles`` (PettingZoo's ``max_cycles_test`` needs a parallel env, which a
    turn-based card game does not have): after that many steps every agent is truncated."""
    table = env("classic", seed=1, max_cycles=3)
    table.reset()
    steps = 0
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert steps == 3
    assert table.agents == []


def play_random(table: raw_env, rng: random.Random) -> tuple[list[int], dict[str, float]]:
    """Play one episode with uniformly random legal ids; return the ids and the total rewards."""
    ids: list[int] = []
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        action = rng.choice([int(i) for i in np.flatnonzero(observation["action_mask"])])
        ids.append(action)
        table.step(action)
    return ids, totals


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_rewards_are_the_scores_of_the_deal_replayed_from_its_record(
    variant: str, players: int | None
) -> None:
    """Each agent's reward is its side's score of the deal it played minus the other sides'
    (their mean), over the score bound: zero-sum, in [-1, 1]; raw: the side's score
    (rules §7, docs/rules.md#scoring)."""
    for seed in range(8):
        for returns in ("zero_sum", "raw"):
            table = raw_env(variant, players, seed=seed, returns=returns)
            table.reset()
            assert table.table is not None
            deal = table.table.deal
            record = deal.to_record()
            _, totals = play_random(table, random.Random(seed))
            replayed = Deal(variant, record["deck"], deal.dealer, deal.players)  # type: ignore[arg-type]
            replayed.apply_all(deal.to_record()["actions"])  # type: ignore[arg-type]
            scores = replayed.result.scores
            bound = score_bound(variant, deal.players)
            for seat in range(deal.players):
                own = scores[replayed.side(seat)]
                others = (sum(scores) - own) / (len(scores) - 1)
                expected = own if returns == "raw" else (own - others) / bound
                assert totals[f"player_{seat}"] == pytest.approx(expected)
            if returns == "zero_sum":
                assert sum(totals.values()) == pytest.approx(0.0, abs=1e-12)
                assert all(-1.0 <= reward <= 1.0 for reward in totals.values())


@pytest.mark.parametrize("returns", ["zero_sum", "raw"])
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_an_illegal_action_costs_more_than_any_deal(
    variant: str, players: int | None, returns: str
) -> None:
    """The illegal-move penalty is strictly below every return a deal can pay: zero-sum
    returns are at least -1 (a side's score is 0 to the bound), raw scores at least 0."""
    table = env(variant, players, seed=1, returns=returns)
    table.reset()
    penalty = table.unwrapped.illegal_reward
    assert penalty < (-1.0 if returns == "zero_sum" else 0.0)
    agent = table.agent_selection
    mask = table.last()[0]["action_mask"]
    table.step(int(np.flatnonzero(mask == 0)[0]))  # an id that is not legal now
    assert table.rewards[agent] == penalty
    assert all(table.terminations.values())


def test_partners_receive_the_same_reward() -> None:
    """Rules §2, docs/rules.md#dealing: four players play as teams {0, 2} and {1, 3}, which score together."""
    table = raw_env("classic", seed=11)
    table.reset()
    _, totals = play_random(table, random.Random(11))
    assert totals["player_0"] == totals["player_2"]
    assert totals["player_1"] == totals["player_3"]


def test_match_play_ends_when_a_side_reaches_the_target() -> None:
    """Rules §8, docs/rules.md#match: with ``match=True`` an episode is a whole match."""
    table = raw_env("classic", seed=2, match=True, target=300, returns="raw")
    table.reset()
    _, totals = play_random(table, random.Random(2))
    assert table.match is not None and table.match.is_over
    assert table.deals > 1
    assert (totals["player_0"], totals["player_1"]) == table.match.totals


def swap_env(players: int) -> tuple[raw_env, str]:
    """A french environment stopped where the selected agent may swap the 7 of trump."""
    for seed in range(500):
        table = raw_env("french", players, seed=seed)
        table.reset()
        rng = random.Random(seed)
        for agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if not (termination or truncation) and observation["action_mask"][ID_SWAP]:
                return table, agent
            if termination or truncation:
                table.step(None)
                continue
            legal = [int(i) for i in np.flatnonzero(observation["action_mask"])]
            # Take in round 1 when possible: the swap needs the turned suit as trump.
            table.step(1 if 1 in legal else rng.choice(legal))
    raise AssertionError("no swap in 500 deals")  # pragma: no cover


@pytest.mark.parametrize("players", [2, 3])
def test_only_the_holder_swaps_the_seven_on_its_own_turn(players: int) -> None:
    """Rules §4, docs/rules.md#seven-swap: the holder of the 7 of trump swaps it for the
    turned card; one seat acts at a time, so the swap is offered only to the selected
    agent, the deal's ``to_act``, and only when it holds the 7."""
    table, agent = swap_env(players)
    assert table.table is not None
    deal = table.table.deal
    holder = int(agent.split("_")[1])
    assert holder == deal.swap_seat() == deal.to_act
    seven = 8 * int(deal.trump) + 0  # type: ignore[arg-type]
    table.step(ID_SWAP)
    assert deal.hand_mask(holder) & (1 << deal.turned.index)
    assert not deal.hand_mask(holder) & (1 << seven)
    assert table.agent_selection == f"player_{deal.to_act}"


def test_the_action_mask_is_the_legal_actions_of_the_agent_to_act() -> None:
    """The mask marks exactly the ids of the deal's legal actions for that seat."""
    table = raw_env("piedicavallo", seed=4)
    table.reset()
    rng = random.Random(4)
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        assert table.table is not None
        deal, seat = table.table.deal, int(agent.split("_")[1])
        assert seat == deal.to_act
        expected = {Action.parse(str(a)) for a in deal.legal_actions() if a.seat == seat}
        assert {int(i) for i in np.flatnonzero(observation["action_mask"])} == {
            action_id(a) for a in expected
        }
        for other in table.possible_agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        table.step(rng.choice([int(i) for i in np.flatnonzero(observation["action_mask"])]))


def test_spaces_have_the_documented_shapes() -> None:
    table = raw_env("french", 3)
    space = table.observation_space("player_0")
    assert space["observation"].shape == (OBSERVATION_V4_SIZE,)
    assert space["action_mask"].shape == (ACTION_IDS,)
    assert raw_env(full_state=True).observation_space("player_0")["observation"].shape == (
        STATE_V4_SIZE,
    )
    assert table.action_space("player_2").n == ACTION_IDS


def test_render_ansi_draws_every_hand() -> None:
    table = env("classic", seed=1, render_mode="ansi")
    table.reset()
    text = table.render()
    assert isinstance(text, str)
    deal = table.unwrapped.table.deal
    for seat in range(4):
        assert f"seat {seat}: {deal.hand(seat)}" in text


def test_bad_arguments_raise_typed_errors() -> None:
    with pytest.raises(InvalidArgument):
        raw_env("french", players=4)
    with pytest.raises(InvalidArgument):
        raw_env(render_mode="rgb_array")
    with pytest.raises(InvalidArgument):
        raw_env(dealer=4)
    with pytest.raises(InvalidArgument):
        raw_env(returns="scores")


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("piedicavallo", 4),
                                                  ("italian751", 4), ("french", 2),
                                                  ("french", 3)])
def test_library_agents_play_through_agent_policy(variant: str, players: int) -> None:
    """Issue 18: any agent of the library plays in the environment, seeing its seat only; a
    match of heuristic and random agents runs to its end with zero-sum rewards."""
    from belote.adapters.env import agent_policy
    from belote.agents import HeuristicBot, RandomBot

    table = env(variant, players=players, seed=5, match=True, max_deals=6)
    table.reset(seed=5)
    policies = {
        name: agent_policy(table, HeuristicBot() if k % 2 else RandomBot(k))
        for k, name in enumerate(table.possible_agents)
    }
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for name in table.agent_iter():
        _, reward, *_ = table.last()
        totals[name] += reward
        table.step(policies[name](name))
    assert all(table.terminations.values()) or all(table.truncations.values())
    assert abs(sum(totals.values())) < 1e-9


def test_agent_policy_refuses_an_agent_not_to_act() -> None:
    """The policy answers only for the agent to act (a typed error otherwise)."""
    from belote.adapters.env import agent_policy
    from belote.agents import HeuristicBot

    table = env("classic", seed=1, dealer=0)
    table.reset()
    policy = agent_policy(table, HeuristicBot())
    with pytest.raises(InvalidArgument, match="not the agent to act"):
        policy("player_2")


def test_the_environment_takes_a_variant_spec() -> None:
    """CONTRACT "Variant specs": env() takes a spec for its variant."""
    table = env("classic(capot_value=250)", seed=1)
    table.reset()
    assert table.unwrapped.rules.capot_value == 250
    assert table.unwrapped.table.deal.to_record()["variant"] == "classic(capot_value=250)"


def test_render_human_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """render_mode="human" (PettingZoo's usual choice) prints what "ansi" returns."""
    shown = env("classic", seed=1, render_mode="human")
    shown.reset(seed=1)
    assert shown.render() is None
    printed = capsys.readouterr().out
    text = env("classic", seed=1, render_mode="ansi")
    text.reset(seed=1)
    assert printed == text.render() + "\n"


def test_the_wrappers_are_pettingzoos_and_read_the_environments_state() -> None:
    """``env`` wraps in PettingZoo's three wrappers (subclassed to read the state directly):
    nothing is read before the first reset, as ``OrderEnforcingWrapper`` says, then every
    read through any wrapper is the base environment's state, and a write reaches it."""
    from pettingzoo.utils import wrappers

    table = env("classic", seed=5)
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(table, name)
    assert isinstance(table, wrappers.OrderEnforcingWrapper)
    assert isinstance(table.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(table.env.env, wrappers.TerminateIllegalWrapper)
    assert str(table) == "belote_v4"
    base = table.unwrapped
    table.reset()
    rng = random.Random(5)
    layers = [table, table.env, table.env.env]
    for agent in table.agent_iter():
        for layer in layers:
            assert layer.agent_selection == agent == base.agent_selection
            assert layer.agents is base.agents and layer.infos is base.infos
            assert layer.terminations is base.terminations and layer.truncations is base.truncations
            assert layer.rewards is base.rewards and layer._cumulative_rewards is base._cumulative_rewards
        observation, _, termination, truncation, _ = table.last()
        table.step(None if termination or truncation else rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    table.reset()
    table.infos = {agent: {"note": agent} for agent in base.agents}
    assert base.infos["player_2"] == {"note": "player_2"}


@given(
    value=st.one_of(
        st.integers(-(2**70), 2**70),
        st.integers(-5, ACTION_IDS + 5),
        st.booleans(),
        st.floats(allow_nan=False),
        st.integers(-300, 300).map(np.int64),
        st.integers(-128, 127).map(np.int8),
        st.text(max_size=2),
    )
)
def test_the_action_space_contains_what_gymnasiums_discrete_contains(value: object) -> None:
    """The action space answers ``contains`` as ``gymnasium.spaces.Discrete(ACTION_IDS)`` does."""
    from gymnasium import spaces

    assert raw_env().action_space("player_0").contains(value) == spaces.Discrete(ACTION_IDS).contains(value)


def test_bulgarian_plays_to_the_end_through_every_contract() -> None:
    """docs/bulgarian.md#the-auction: random legal play of many bulgarian deals ends every
    one, through strain bids, doubles and redoubles (action ids 354 to 361), each agent's
    reward in [-1, 1] and the table's summing to 0; the observation shows the mode."""
    from belote.adapters.tensor_v4 import OBSERVATION_V4, decode

    heard: set[int] = set()
    modes: set[int] = set()
    for seed in range(60):
        table = raw_env("bulgarian", seed=seed)
        table.reset()
        rng = random.Random(seed)
        totals = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            totals[agent] += reward
            if termination or truncation:
                table.step(None)
                continue
            legal = [int(i) for i in np.flatnonzero(observation["action_mask"])]
            action = 0 if 0 in legal and rng.random() < 0.5 else rng.choice(legal)
            heard.add(action)
            table.step(action)
        assert table.table is not None and table.table.deal.is_over
        assert sum(totals.values()) == pytest.approx(0.0, abs=1e-12)
        assert all(-1.0 <= value <= 1.0 for value in totals.values())
        blocks = decode(table.observe("player_0")["observation"], OBSERVATION_V4)
        modes.update(int(i) for i in np.flatnonzero(blocks["mode"]))
    assert set(range(354, ID_REREDOUBLE)) <= heard and modes == set(range(6))
    assert ID_REREDOUBLE not in heard  # no third level of doubling by default (docs/bulgarian.md#disputes)
