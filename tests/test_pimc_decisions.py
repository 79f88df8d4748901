"""The PIMC bot's bids, seven swap and declarations (issue 21): decided by rollouts on sampled deals."""

from __future__ import annotations

import contextlib
import io
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import ID_DECLARE, ID_KEEP, ID_PASS, ID_SWAP, ID_TAKE, Action, Verb
from belote.agents import HeuristicBot, play_deal
from belote.agents.pimc import PIMCBot, sample_deals
from belote.agents.registry import make_bot
from belote.agents.rollouts import NO_DECLARATION, Estimate, bidding_deal, bidding_deals, estimate
from belote.cards import Rank
from belote.cli.main import main
from belote.deal import Deal, Phase
from belote.errors import InvalidArgument

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]


def _bot(**options: object) -> PIMCBot:
    """A small, deterministic bot (no time budget)."""
    settings_ = {"samples": 2, "rollouts": 40, "time_budget": None, "seed": 1}
    settings_.update(options)
    return PIMCBot(**settings_)  # type: ignore[arg-type]


def _first_bid(hand: str, turned: str, others: list[str]) -> Deal:
    """A classic deal (dealer 3) at seat 0's first bid, seat 0 holding ``hand``."""
    return Deal.from_hands("classic", [hand, *others], dealer=3, turned=turned)


class Kinds:
    """An agent that records the kinds of decision it is asked (and asks the PIMC bot)."""

    def __init__(self, bot: PIMCBot, seen: set[str]) -> None:
        self.bot = bot
        self.seen = seen

    def choose(self, observation: object, legal: list[Action]) -> Action:
        verbs = {action.verb for action in legal}
        for verb in (Verb.TAKE, Verb.SWAP, Verb.DECLARE, Verb.STOP, Verb.PLAY):
            if verb in verbs:
                self.seen.add(verb.value)
                break
        action = self.bot.choose(observation, legal)  # type: ignore[arg-type]
        assert action in legal
        return action


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 10**6))
def test_every_pimc_decision_is_legal(table: tuple[str, int], seed: int) -> None:
    """Issue 21: bids, the swap, declarations, calling out and cards: every action the
    bot chooses is legal (play_deal applies it through the engine's checked path)."""
    variant, players = table
    seen: set[str] = set()
    deal = Deal.random(variant, seed=seed, dealer=seed % players, players=players)
    agents = [Kinds(_bot(samples=1, rollouts=4, seed=seat), seen) for seat in range(players)]
    play_deal(deal, agents)  # type: ignore[arg-type]
    assert deal.is_over
    assert "take" in seen  # every deal starts with a bid


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_bidding_samples_keep_what_the_seat_sees(variant: str, players: int) -> None:
    """A bidding sample deals the seat its own first cards, the same turned card and
    bids, and the rest of the deck at random (the completion included)."""
    deal = Deal.random(variant, seed=9, dealer=0, players=players)
    deal.pass_()
    seat = deal.to_act
    assert seat is not None
    observation = deal.observation(seat)
    completions = set()
    for sample in bidding_deals(observation, 6, random.Random(2), HeuristicBot()):
        assert sample.observation(seat)._replace(history=()) == observation._replace(history=())
        assert sample.history == deal.history
        sample.take()
        completions.add(sample.hand_mask(seat))
    assert len(completions) > 1  # the completion is dealt at random, not in card order


def test_a_bidding_sample_is_redrawn_until_the_model_agrees_with_the_passes() -> None:
    """The heuristic is the model of the other seats: after a pass, the samples seldom
    give the passer a hand the heuristic would have taken with."""
    deal = Deal.random("classic", seed=5, dealer=3)
    deal.pass_()
    observation = deal.observation(1)
    model = HeuristicBot()
    agree = 0
    rng = random.Random(4)
    for _ in range(40):
        sample = bidding_deal(observation, rng, model)
        assert sample is not None
        fresh = Deal(sample.rules, list(sample.deck), sample.dealer, 4)
        agree += model.choose_id(fresh.seat_view(0)) == ID_PASS
    assert agree >= 38


def test_an_overwhelming_hand_takes() -> None:
    """Rules §3 (docs/rules.md#bidding): with the jack, nine, ace, ten and king of the
    turned suit and its queen turned, taking is worth far more than passing."""
    deal = _first_bid("JH 9H AH 10H KH", "QH", ["7S 8S 9S 10S JS", "QS KS AS 7D 8D",
                                                  "9D 10D JD QD KD"])
    observation = deal.observation(0)
    found = estimate(bidding_deals(observation, 60, random.Random(1)), 0, [ID_PASS, ID_TAKE],
                     model=HeuristicBot())
    assert found.means[ID_TAKE] > found.means[ID_PASS] + 50
    assert _bot().choose(observation, deal.legal_actions()) == Action.take(0)


def test_a_hopeless_hand_passes() -> None:
    """No trump, no ace: a take would fail; the bot passes."""
    deal = _first_bid("7S 8S 7D 8D 7C", "7H", ["JH 9H AH 10H KH", "QS KS AS 9D 10D",
                                               "JD QD KD AD 8C"])
    observation = deal.observation(0)
    found = estimate(bidding_deals(observation, 60, random.Random(1)), 0, [ID_PASS, ID_TAKE],
                     model=HeuristicBot())
    assert found.means[ID_PASS] > found.means[ID_TAKE]
    assert _bot().choose(observation, deal.legal_actions()) == Action.pass_(0)


def test_round_two_names_the_strong_suit() -> None:
    """Round 2: holding the jack, nine, ace, ten and king of spades, the bot names spades."""
    hands = ["JS 9S AS 10S KS", "7H 8H 9H 10H JH", "QH KH AH 7D 8D", "9D 10D JD QD KD"]
    deal = Deal.from_hands("classic", hands, dealer=3, turned="7C",
                           bids="pass pass pass pass")
    assert deal.phase is Phase.BIDDING_2 and deal.to_act == 0
    action = _bot().choose(deal.observation(0), deal.legal_actions())
    assert action == Action.take(0, 0)


def test_the_seven_of_trump_is_swapped_for_a_higher_trump() -> None:
    """Rules §4 (docs/rules.md#seven-swap): swapping the 7 for the turned jack or nine of
    trump gains; the rollouts see it and the bot swaps."""
    checked = 0
    for seed in range(200):
        deal = Deal.random("french", seed=seed, players=2)
        if deal.turned.rank not in (Rank.JACK, Rank.NINE):
            continue
        deal.take()
        seat = deal.swap_seat()
        if seat is None:
            continue
        observation = deal.observation(seat)
        found = estimate(sample_deals(observation, 30, random.Random(seed)), seat,
                         [ID_SWAP, ID_KEEP], model=HeuristicBot())
        assert found.means[ID_SWAP] >= found.means[ID_KEEP]
        assert _bot().choose(observation, deal.legal_actions()).verb is Verb.SWAP
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_a_carre_of_jacks_is_declared() -> None:
    """Rules §6 (docs/rules.md#announcement-kinds): a carré of jacks scores; declaring
    it beats keeping quiet on the samples, and the bot declares."""
    hands = ["JS JH JD JC AS 10S KS QS", "7S 8S 9S 7H 8H 9H 10H QH",
             "KH AH 7D 8D 9D 10D QD KD", "AD 7C 8C 9C 10C QC KC AC"]
    deal = Deal.from_hands("piedicavallo", hands, dealer=3, turned="QS", bids="take")
    observation = deal.observation(0)
    assert Action.declare(0) in deal.legal_actions()
    found = estimate(sample_deals(observation, 30, random.Random(3)), 0,
                     [ID_DECLARE, NO_DECLARATION], model=HeuristicBot())
    assert found.means[ID_DECLARE] > found.means[NO_DECLARATION]
    assert _bot().choose(observation, deal.legal_actions()) == Action.declare(0)


def test_without_a_time_budget_the_same_seed_decides_the_same() -> None:
    """Deterministic: the same seed makes the same bid, whatever generator the deal hands it."""
    for seed in range(6):
        deal = Deal.random("classic", seed=seed, dealer=3)
        first, second = _bot(seed=4), _bot(seed=4)
        first.start_deal(random.Random(1))
        second.start_deal(random.Random(2))
        observation, legal = deal.observation(0), deal.legal_actions()
        assert first.choose(observation, legal) == second.choose(observation, legal)
        assert first.last_samples == second.last_samples == 40


def test_a_time_budget_stops_the_rollouts_after_one_sample() -> None:
    """time_budget: a bid plays out one sample at least, then stops; one sample cannot
    tell the bids apart, so the heuristic's bid stands."""
    for seed in range(4):
        deal = Deal.random("classic", seed=seed, dealer=3)
        bot = PIMCBot(rollouts=10_000, time_budget=1e-9)
        observation, legal = deal.observation(0), deal.legal_actions()
        action = bot.choose(observation, legal)
        assert bot.last_samples == 1
        assert action == HeuristicBot().choose(observation, legal)


def test_an_estimate_keeps_the_default_within_the_noise() -> None:
    """The best mean is chosen only when it beats the heuristic's choice by more than
    a standard error; with fewer than two samples the heuristic's choice stands."""
    noisy = Estimate(means={0: 1.0, 1: 3.0}, samples=10, spread={(1, 0): 5.0, (0, 1): 5.0})
    assert noisy.best(0) == 0
    clear = Estimate(means={0: 1.0, 1: 30.0}, samples=10, spread={(1, 0): 5.0, (0, 1): 5.0})
    assert clear.best(0) == 1
    one = Estimate(means={0: 1.0, 1: 30.0}, samples=1, spread={(1, 0): 0.0, (0, 1): 0.0})
    assert one.best(0) == 0
    with pytest.raises(InvalidArgument):
        estimate([], 0, [], model=HeuristicBot())


def test_the_rollouts_option_is_checked() -> None:
    """`pimc:rollouts=N` is a whole number from 1 up; `time_budget=none` lifts the budget."""
    bot = make_bot("pimc:rollouts=50,time_budget=none")
    assert isinstance(bot, PIMCBot) and bot.rollouts == 50 and bot.time_budget is None
    assert PIMCBot().time_budget == 0.3
    for spec in ("pimc:rollouts=0", "pimc:rollouts=x", "pimc:time_budget=soon"):
        with pytest.raises(InvalidArgument):
            make_bot(spec)


def test_the_pimc_bot_plays_a_match_in_game() -> None:
    """Issue 21: an agent of the one protocol plays a whole match in Game."""
    from belote.game import play_match

    agents = [_bot(samples=1, rollouts=4, seed=seat) for seat in range(2)]
    result = play_match("french", agents, players=2, seed=3, target=200, max_deals=3)
    assert result.deals and all(deal.is_over for deal in result.deals)


def test_belote_play_seats_the_bot_named_by_bot() -> None:
    """`belote play --bot SPEC` seats that bot at the other seats; a bad spec is one
    `error:` line (exit 2)."""
    from belote.cli.play import play_match

    out = io.StringIO()
    match = play_match("french", 2, seed=5, stdin=io.StringIO("1\n" * 500), out=out,
                       target=100, bot="pimc:samples=1,rollouts=4,time_budget=none")
    assert match.results
    with pytest.raises(InvalidArgument):
        play_match("french", 2, seed=5, stdin=io.StringIO(""), out=io.StringIO(),
                   bot="pimc:rollouts=0")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["play", "french", "--bot", "nosuchbot"], out=io.StringIO()) == 2
    assert err.getvalue().startswith("error:") and err.getvalue().count("\n") == 1


def test_the_pimc_bot_plays_through_the_pettingzoo_policy() -> None:
    """The environment's agent_policy drives the bot, seat by seat (a match of one deal)."""
    pytest.importorskip("pettingzoo")
    from belote.adapters.env import agent_policy, env

    table = env("french", players=2, seed=2, match=True, max_deals=1)
    table.reset(seed=2)
    policies = {name: agent_policy(table, _bot(samples=1, rollouts=4, seed=k))
                for k, name in enumerate(table.possible_agents)}
    for name in table.agent_iter():
        *_, terminated, truncated, _ = table.last()
        table.step(None if terminated or truncated else policies[name](name))
    assert all(table.terminations.values()) or all(table.truncations.values())


def test_the_pimc_bot_plays_an_openspiel_game() -> None:
    """OpenSpiel's AgentBot drives the bot (zero-sum returns)."""
    pyspiel = pytest.importorskip("pyspiel")
    import numpy as np
    from open_spiel.python.algorithms import evaluate_bots

    from belote.adapters.openspiel import AgentBot

    game = pyspiel.load_game("python_belote_french")
    players = game.num_players()
    bots = [AgentBot(seat, _bot(samples=1, rollouts=4, seed=seat) if seat == 0
                     else HeuristicBot()) for seat in range(players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                          np.random.RandomState(1))
    assert len(returns) == players and abs(sum(returns)) < 1e-9
