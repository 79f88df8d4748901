"""The evaluating bidder in bulgarian's strain auction (issue 48; docs/bots.md#bidding-by-the-rules, docs/bulgarian.md#the-auction).

Every call of the strain auction (C < D < H < S < NT < AT, double, redouble,
the optional re-redouble) is valued by heuristic play-outs of sampled deals
scored in bulgarian's own game points: a knob that changes what a call
costs moves the calls.
"""

from __future__ import annotations

import random

import pytest

from belote.actions import ID_BID_STRAIN, ID_DOUBLE, ID_PASS, action_id
from belote.agents import HeuristicBot, play_deal
from belote.agents.evaluating import EvalBot, candidate_calls, evaluate_call, shortfall
from belote.agents.fitting import thresholds
from belote.agents.pimc import PIMCBot
from belote.agents.registry import make_bot
from belote.agents.rollouts import bidding_deal
from belote.agents.strains import strain_count
from belote.deal import Deal, Phase
from belote.experiments.bidding import auctions, bidding_shift
from belote.rules import get_rules, rules_from_spec

DECKS = 40  # eight samples a call: about ten seconds a rule set in pure Python


@pytest.mark.parametrize("spec", ["bulgarian", "bulgarian(auction.reredouble=true)",
                                  "bulgarian(auction.double_escape_by_doubled_side=true)"])
def test_every_call_is_legal(spec: str) -> None:
    """docs/bulgarian.md#the-auction: each call the bot makes is one of the legal calls, to the end of the deal."""
    rules = get_rules(spec)
    for seed in range(10):
        deal = Deal.random(rules, seed=seed, dealer=seed % 4)
        bots = [EvalBot(rollouts=6, time_budget=None, seed=s) for s in range(4)]
        while deal.phase is Phase.AUCTION:
            seat = deal.to_act
            assert seat is not None
            legal = deal.legal_actions()
            call = bots[seat].choose(deal.observation(seat), legal)
            assert call in legal
            deal.apply(call)
        play_deal(deal, bots)
        assert deal.is_over


def test_calls_are_valued_on_samples_of_the_auction() -> None:
    """Every legal call is a candidate; the samples keep the seat's five cards and the calls heard."""
    deal = Deal.random("bulgarian", seed=4, dealer=0)
    model = HeuristicBot()
    deal.apply_id(model.choose_id(deal.seat_view(deal.to_act)))
    seat = deal.to_act
    obs, legal = deal.observation(seat), deal.legal_actions()
    default = model.choose(obs, legal)
    calls = candidate_calls(obs, legal, default)
    assert calls[0] == action_id(default) and sorted(calls) == sorted(action_id(a) for a in legal)
    sample = bidding_deal(obs, random.Random(2))
    assert sample is not None and sample.hand_mask(seat) == deal.hand_mask(seat)
    assert [action_id(a) for a in sample.history] == [action_id(a) for a in deal.history]
    choice, found = evaluate_call(obs, legal, default, model=model, rollouts=12,
                                  rng=random.Random(1))
    assert choice in legal and found is not None and found.samples >= 2


def test_shortfall_reads_a_strain_bid_against_its_threshold() -> None:
    """A strain bid heard shows the bidder's count reaching the strain's threshold (docs/bots.md#bidding-by-the-rules)."""
    deal = Deal.random("bulgarian", seed=6, dealer=0)
    fitted = thresholds(deal.rules)
    for who in (1, 2, 3):
        count = strain_count(who, deal.hand_mask(who), 5, [])
        gap = shortfall(deal, [(who, ID_BID_STRAIN + 5)], 0)
        assert gap == max(0, fitted.at - count)
    assert shortfall(deal, [(1, ID_BID_STRAIN + 1), (2, ID_PASS), (3, ID_DOUBLE)], 1) >= 0


def test_pimc_bids_the_strain_auction_by_evaluation() -> None:
    """``pimc:contracts=eval`` bids bulgarian by evaluation (it samples) and plays a legal deal;
    its default (``auto``) bids it as the heuristic, where evaluation did not win (docs/bots.md)."""
    bot = make_bot("pimc:contracts=eval,rollouts=6,samples=2,time_budget=none")
    assert isinstance(bot, PIMCBot) and bot.contracts == "eval"
    deal = Deal.random("bulgarian", seed=2, dealer=0)
    obs, legal = deal.observation(deal.to_act), deal.legal_actions()
    assert bot.choose(obs, legal) in legal and bot.last_samples >= 2
    result = play_deal(deal, [bot, HeuristicBot(), bot, HeuristicBot()])
    assert result.outcome.value in ("made", "failed", "litige", "redeal")
    auto = PIMCBot(rollouts=6, samples=2, time_budget=None)
    assert auto.contracts == "auto"
    for seed in range(6):
        deal = Deal.random("bulgarian", seed=seed, dealer=0)
        obs, legal = deal.observation(deal.to_act), deal.legal_actions()
        assert auto.choose(obs, legal) == HeuristicBot().choose(obs, legal)


def test_a_dearer_double_moves_the_bidding() -> None:
    """docs/bulgarian.md#scoring: with a double worth ×16, bidding a strain risks far more, so more deals are passed out.

    On the same decks, the share passed out by four ``eval`` bots moves up,
    with a 95% interval that leaves out 0.
    """
    bots = ["eval:rollouts=8,time_budget=none"] * 4
    before = auctions(get_rules("bulgarian"), bots, DECKS, seed=1)
    after = auctions(rules_from_spec("bulgarian(auction.coinche_multiplier=16)"), bots, DECKS, seed=1)
    shift = bidding_shift(before, after)["passed"]
    assert shift.clear and shift.value > 0, shift
