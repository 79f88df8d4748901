"""The OpenSpiel games (extra ``openspiel``): OpenSpiel's own checks, its MCTS, and the deal.

Skipped without the extra, unless ``BELOTE_REQUIRE_EXTRAS`` is set (CI sets it
after installing the extras, so these tests cannot be skipped there).
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys

import pytest

if os.environ.get("BELOTE_REQUIRE_EXTRAS"):
    importlib.import_module("pyspiel")
else:
    pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import belote.adapters.openspiel
from belote.adapters.returns import score_bound
from belote.adapters.tensor_v4 import information_state_v4, observation_v4, state_v4
from belote.deal import Deal
from belote.errors import InvalidArgument

GAMES = [
    ("python_belote_classic", {}),
    ("python_belote_piedicavallo", {"dealer": 2}),
    ("python_belote_italian751", {}),
    ("python_belote_french", {}),
    ("python_belote_french", {"players": 3}),
    ("python_belote_contree", {"dealer": 1}),
    ("python_belote_bulgarian", {"dealer": 3}),
]


def test_every_variant_is_registered() -> None:
    registered = {game_type.short_name for game_type in pyspiel.registered_games()}
    assert set(belote.adapters.openspiel.GAMES) <= registered


@pytest.mark.parametrize("returns", ["zero_sum", "raw"])
@pytest.mark.parametrize(("name", "params"), GAMES)
def test_openspiel_random_sim_test_passes(name: str, params: dict[str, int], returns: str) -> None:
    """OpenSpiel's own checks (utilities within bounds and summing as declared, serialization)."""
    game = pyspiel.load_game(name, {**params, "returns": returns})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_the_games_declare_the_utility_of_their_returns(name: str, params: dict[str, int]) -> None:
    """Zero-sum returns by default (in [-1, 1], sum 0); raw deal scores are general-sum."""
    game = pyspiel.load_game(name, params)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    raw = pyspiel.load_game(name, {**params, "returns": "raw"})
    assert raw.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    bound = score_bound(belote.adapters.openspiel.GAMES[name], raw.num_players())
    assert (raw.min_utility(), raw.max_utility()) == (0.0, float(bound))


def play_to_end(state: pyspiel.State, rng: random.Random, stop_after: int | None = None) -> None:
    moves = 0
    while not state.is_terminal() and (stop_after is None or moves < stop_after):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 1


def test_the_deal_is_dealt_by_31_uniform_chance_nodes() -> None:
    """Rules §2, docs/rules.md#dealing: a deal starts from a deck order, drawn here uniformly; the 32nd card is forced."""
    state = pyspiel.load_game("python_belote_classic").new_initial_state()
    for drawn in range(31):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 32 - drawn
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
    assert not state.is_chance_node()
    assert state.table.deal.deck == Deal("classic", list(range(32))).deck


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_returns_are_the_scores_of_the_deal_replayed_from_its_record(
    name: str, params: dict[str, int]
) -> None:
    """Rules §7, docs/rules.md#scoring: each player's return is its side's deal score minus
    the other sides' (their mean), over the score bound; raw: the side's score."""
    game = pyspiel.load_game(name, params)
    raw_game = pyspiel.load_game(name, {**params, "returns": "raw"})
    n = game.num_players()
    for seed in range(8):
        state = game.new_initial_state()
        play_to_end(state, random.Random(seed))
        raw = raw_game.new_initial_state()
        play_to_end(raw, random.Random(seed))  # the same choices: the same deal
        record = state.table.deal.to_record()
        replayed = Deal(record["variant"], record["deck"], record["dealer"], record["players"])
        replayed.apply_all(record["actions"])
        scores = replayed.result.scores
        bound = score_bound(replayed.rules, n)
        mine = [scores[replayed.side(p)] for p in range(n)]
        others = [(sum(scores) - own) / (len(scores) - 1) for own in mine]
        assert state.returns() == pytest.approx([(a - b) / bound for a, b in zip(mine, others, strict=True)])
        assert sum(state.returns()) == pytest.approx(0.0, abs=1e-12)
        assert all(-1.0 <= r <= 1.0 for r in state.returns())
        assert raw.returns() == [float(score) for score in mine]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_serialize_is_the_action_history_and_round_trips_under_1_kb(
    name: str, params: dict[str, int]
) -> None:
    """``serialize()`` holds the history and the deal's record (deck, action ids), under
    1 KB at every point of a deal; ``deserialize_state`` replays it to an equal state."""
    game = pyspiel.load_game(name, params)
    n = game.num_players()
    for seed in range(4):
        state, rng = game.new_initial_state(), random.Random(seed)
        while True:
            text = state.serialize()
            assert len(text) < 1024
            assert text.startswith("history=" + ",".join(f"{pa.player}:{pa.action}" for pa in state.full_history()))
            copy = game.deserialize_state(text)
            assert copy.history() == state.history()
            assert str(copy) == str(state)
            assert copy.is_terminal() == state.is_terminal()
            if state.is_terminal():
                assert copy.returns() == state.returns()
                break
            assert copy.legal_actions() == state.legal_actions()
            if not state.is_chance_node():
                for player in range(n):
                    assert copy.information_state_string(player) == state.information_state_string(player)
            state.apply_action(rng.choice(state.legal_actions()))


def test_tensors_are_the_observation_layout() -> None:
    game = pyspiel.load_game("python_belote_classic")
    state = game.new_initial_state()
    play_to_end(state, random.Random(1), stop_after=45)
    deal = state.table.deal
    for player in range(4):
        expected = observation_v4(deal, player)
        assert np.array_equal(np.asarray(state.observation_tensor(player)), expected)
        assert np.array_equal(
            np.asarray(state.information_state_tensor(player)), information_state_v4(deal, player)
        )
    full = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True,
        private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
    )
    observer = game.make_py_observer(full)
    observer.set_from(state, 2)
    assert np.array_equal(observer.tensor, state_v4(deal, 2))


def test_the_information_state_hides_other_hands() -> None:
    """An information state holds the player's own hand only."""
    game = pyspiel.load_game("python_belote_classic")
    state = game.new_initial_state()
    play_to_end(state, random.Random(3), stop_after=35)
    deal = state.table.deal
    text = state.information_state_string(0)
    assert f"hand {deal.hand(0)}" in text
    for seat in (1, 2, 3):
        assert str(deal.hand(seat)) not in text


def test_mcts_bot_plays_a_classic_deal() -> None:
    """OpenSpiel's MCTS bot plays seat 0 of a classic deal to its end."""
    game = pyspiel.load_game("python_belote_classic")
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=10,
        evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
    )
    state = game.new_initial_state()
    chooser = random.Random(7)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chooser.choices(outcomes, probabilities)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    assert moves >= 1
    assert sum(state.returns()) == 0.0


@pytest.mark.parametrize(("name", "params"), [GAMES[0], GAMES[4]])
def test_a_resampled_state_is_one_the_player_cannot_tell_apart(
    name: str, params: dict[str, int]
) -> None:
    """Information-set sampling: same information state and legal actions for the player,
    other hands redrawn (rules §2, docs/rules.md#dealing: the other hands are hidden)."""
    game = pyspiel.load_game(name, params)
    moved = 0
    for seed in range(6):
        state = game.new_initial_state()
        play_to_end(state, random.Random(seed), stop_after=31 + 4 + 3 * seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        for draw in range(5):
            sample = belote.adapters.openspiel.resample(state, player, random.Random(draw))
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(
                np.asarray(sample.information_state_tensor(player)),
                np.asarray(state.information_state_tensor(player)),
            )
            assert sample.legal_actions() == state.legal_actions()
            deal, other = state.table.deal, sample.table.deal
            assert other.hand(player) == deal.hand(player)
            moved += any(other.hand(seat) != deal.hand(seat) for seat in range(deal.players))
    assert moved > 0


def test_ismcts_bot_plays_a_classic_deal() -> None:
    """OpenSpiel's information-set MCTS plays seat 0 through ``resample_from_infostate``."""
    game = pyspiel.load_game("python_belote_classic")
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 10, random_state=rng)
    state = game.new_initial_state()
    chooser = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chooser.choice(state.legal_actions()))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    assert len(state.returns()) == 4


def test_the_openspiel_extra_does_not_need_pettingzoo() -> None:
    """``belote[openspiel]`` installs open_spiel and numpy only."""
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = sys.modules['gymnasium'] = None\n"
        "import belote.adapters.openspiel\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("params", [{"dealer": 2}, {"players": 4}, {"returns": "scores"}])
def test_bad_game_parameters_raise_typed_errors(params: dict[str, int]) -> None:
    with pytest.raises(InvalidArgument):
        pyspiel.load_game("python_belote_french", params)


@pytest.mark.parametrize("name", sorted(belote.adapters.openspiel.GAMES))
def test_library_agents_play_as_openspiel_bots(name: str) -> None:
    """Issue 18: AgentBot lets any agent of the library play an OpenSpiel game."""
    from open_spiel.python.algorithms import evaluate_bots

    from belote.adapters.openspiel import AgentBot
    from belote.agents import HeuristicBot, RandomBot

    game = pyspiel.load_game(name)
    players = game.num_players()
    bots = [AgentBot(seat, HeuristicBot() if seat % 2 else RandomBot(seat))
            for seat in range(players)]
    for seed in range(3):
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(seed)
        )
        assert len(returns) == players and abs(sum(returns)) < 1e-9


def test_an_agent_bot_refuses_another_players_turn() -> None:
    """A bot asked out of its turn raises a typed error."""
    from belote.adapters.openspiel import AgentBot
    from belote.agents import HeuristicBot

    state = pyspiel.load_game("python_belote_classic").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    other = (state.current_player() + 1) % 4
    with pytest.raises(InvalidArgument, match="not to act"):
        AgentBot(other, HeuristicBot()).step(state)


def test_a_game_takes_the_knobs_of_a_variant_spec() -> None:
    """CONTRACT "Variant specs": the adapters' game parameters take a spec's knobs; states,
    serialization and pickles keep them."""
    import pickle

    game = pyspiel.load_game("python_belote_classic(knobs=capot_value:250;play.must_overtrump:false)")
    assert game.rules.capot_value == 250 and game.rules.play.must_overtrump is False
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.table.deal.rules == game.rules
    assert game.deserialize_state(state.serialize()).table.deal.rules == game.rules
    assert pickle.loads(pickle.dumps(state.table)).deal.rules == game.rules
    with pytest.raises((InvalidArgument, pyspiel.SpielError), match="capot_valu"):
        pyspiel.load_game("python_belote_classic(knobs=capot_valu:250)")


def test_every_registered_variant_gets_a_game_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 20 §4: the adapter names a game for every registered variant, plug-ins included."""
    import attrs

    import belote.rules
    from belote.adapters.openspiel import GAMES, _game_names

    assert set(GAMES.values()) >= {"classic", "piedicavallo", "french", "italian751"}
    plugin = attrs.evolve(belote.rules.get_rules("classic"), name="classic-500", aliases=())
    monkeypatch.setattr(
        belote.rules, "available_variants", lambda: [belote.rules.get_rules("classic"), plugin]
    )
    assert _game_names() == {"python_belote_classic": "classic",
                             "python_belote_classic_500": "classic-500"}


def test_bulgarian_plays_to_the_end_with_its_strain_auction() -> None:
    """docs/bulgarian.md#the-auction: the bulgarian game takes the 363 action ids (docs/formats.md:
    362 is ``reredouble``, the third level added last), and random
    legal play ends every deal with zero-sum returns in [-1, 1]; its strings name the
    contract, its doubles and the mode (NT, AT)."""
    from belote.actions import ACTION_IDS

    game = pyspiel.load_game("python_belote_bulgarian", {"dealer": 1})
    assert game.num_distinct_actions() == ACTION_IDS == 363
    words: set[str] = set()
    for seed in range(40):
        state, rng = game.new_initial_state(), random.Random(seed)
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(0 if 0 in legal and rng.random() < 0.5 else rng.choice(legal))
                words.update(state.observation_string(0).split(" | "))
            moves += 1
        assert moves <= game.max_game_length()
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0, abs=1e-12) and all(-1.0 <= r <= 1.0 for r in returns)
    assert any(word.startswith("trump NT") for word in words)
    assert any(word.startswith("trump AT") for word in words)
    assert any(word.endswith(" double") for word in words) and any(word.endswith(" redouble") for word in words)
