"""The evaluating bidder (issue 48; docs/bots.md#bidding-by-the-rules): calls valued under the rules played."""

from __future__ import annotations

import random

import pytest

from belote.actions import ID_PASS, action_id, bid_id
from belote.agents import HeuristicBot, play_deal
from belote.agents.bots import hand_strength
from belote.agents.evaluating import EvalBot, candidate_calls, evaluate_call, shortfall
from belote.agents.pimc import PIMCBot
from belote.agents.registry import make_bot
from belote.deal import Deal, Phase
from belote.errors import InvalidArgument
from belote.rules import get_rules, rules_from_spec


def _auction_position(rules_spec: str, seed: int, steps: int) -> Deal:
    """A contrée deal after ``steps`` heuristic calls (the same deck under any reading of the scoring)."""
    rules = get_rules("contree") if rules_spec == "contree" else rules_from_spec(rules_spec)
    deal = Deal.random(rules, seed=seed, dealer=0)
    bot = HeuristicBot()
    for _ in range(steps):
        deal.apply_id(bot.choose_id(deal.seat_view(deal.to_act)))
    return deal


def test_spec_names_the_bot_and_bounds_its_options() -> None:
    """``eval`` is a built-in bot spec; its options are bounded and named in errors (docs/bots.md)."""
    assert isinstance(make_bot("eval:rollouts=8,time_budget=none"), EvalBot)
    for spec, word in (("eval:rollouts=0", "rollouts"), ("eval:margin=11", "margin"),
                       ("eval:time_budget=-1", "time_budget"), ("eval:seed=x", "seed")):
        with pytest.raises(InvalidArgument, match=word):
            make_bot(spec)
    with pytest.raises(InvalidArgument, match="contracts"):
        make_bot("pimc:contracts=guess")


@pytest.mark.parametrize("variant", ["contree", "classic"])
def test_plays_legal_deals_the_same_way_for_the_same_seed(variant: str) -> None:
    """Without a time budget a decision depends only on the seed and what the seat saw (docs/bots.md)."""
    histories = []
    for _ in range(2):
        deal = Deal.random(variant, seed=11, dealer=1)
        play_deal(deal, [EvalBot(rollouts=8, time_budget=None, seed=s) for s in range(4)])
        histories.append([str(a) for a in deal.history])
    assert histories[0] == histories[1]


def test_pimc_can_bid_by_evaluation() -> None:
    """``pimc:contracts=eval`` bids contrée with the evaluating bidder and plays a legal deal."""
    bot = make_bot("pimc:contracts=eval,rollouts=8,samples=2,time_budget=none")
    assert isinstance(bot, PIMCBot)
    deal = Deal.random("contree", seed=4, dealer=0)
    result = play_deal(deal, [bot, HeuristicBot(), bot, HeuristicBot()])
    assert result.outcome.value in ("made", "failed", "litige", "redeal")


def test_candidates_are_legal_and_start_with_the_heuristics_call() -> None:
    """Pruning keeps legal calls only, the heuristic's first, pass always among them."""
    for seed in range(6):
        deal = _auction_position("contree", seed, seed % 3)
        seat = deal.to_act
        obs, legal = deal.observation(seat), deal.legal_actions()
        default = HeuristicBot().choose(obs, legal)
        calls = candidate_calls(obs, legal, default)
        ids = {action_id(a) for a in legal}
        assert calls[0] == action_id(default) and ID_PASS in calls and set(calls) <= ids


def test_shortfall_reads_the_bids_against_the_hands() -> None:
    """No bid heard: nothing to fall short of; a weak hand that bid 160 falls short by a lot."""
    deal = Deal.random("contree", seed=2, dealer=0)
    assert shortfall(deal, [], 0) == 0
    weakest = min(range(1, 4), key=lambda s: hand_strength(deal.hand_mask(s), 0))
    assert shortfall(deal, [(weakest, bid_id(160, 0))], 0) > 0
    assert shortfall(deal, [(weakest, bid_id(160, 0))], weakest) == 0  # its own bids are not read


def test_the_scoring_reaches_the_values() -> None:
    """The calls are valued under the rules played: the same deck and samples under another scoring value a bid otherwise."""
    means = []
    for spec in ("contree", "contree(contract.scoring=made-only)"):
        deal = _auction_position(spec, 5, 0)
        obs, legal = deal.observation(deal.to_act), deal.legal_actions()
        model = HeuristicBot()
        _, found = evaluate_call(obs, legal, model.choose(obs, legal), model=model, rollouts=16,
                                 rng=random.Random(3))
        assert found is not None and found.samples >= 2
        means.append(found.means)
    assert means[0] != means[1]
    assert deal.phase is Phase.AUCTION


def test_shortfall_reads_a_coinche() -> None:
    """A coinche heard from a seat without trumps is unlikely (docs/bots.md#bidding-by-the-rules)."""
    from belote.actions import ID_COINCHE
    from belote.agents.cardplay import attack_estimate_against

    deal = Deal.random("contree", seed=7, dealer=0)
    bid = [(1, bid_id(100, 0))]
    for seat in (0, 2):
        hand = deal.hand_mask(seat)
        gap = shortfall(deal, [*bid, (seat, ID_COINCHE)], 3)
        expected = attack_estimate_against(hand, 100, 0) - (100 - 15)
        assert gap >= expected


def test_strains_worth_bidding_are_the_defaults_the_best_suit_and_the_partners() -> None:
    """docs/bots.md#bidding-by-the-rules: the heuristic's strain, the seat's best suit, its partner's last bid, each once."""
    from belote.agents.cardplay import contract_estimate
    from belote.agents.evaluating import strains_worth_bidding

    for seed in range(8):
        deal = _auction_position("contree", seed, 2)
        obs = deal.observation(deal.to_act)
        hand = obs.hand.mask
        best = max(range(4), key=lambda t: contract_estimate(hand, t))
        partner = [int(b.strain) for b in obs.bids
                   if b.seat == (obs.seat + 2) % 4 and b.strain is not None]
        found = strains_worth_bidding(obs, 3)
        expected = list(dict.fromkeys([3, best, *partner[-1:]]))
        assert found == expected
        assert strains_worth_bidding(obs) == list(dict.fromkeys([best, *partner[-1:]]))
    with pytest.raises(InvalidArgument, match="default"):
        strains_worth_bidding(obs, 9)


def test_compare_names_the_bots_that_played(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/comparing.md: `compare` and `compare --knobs` say which bots played; `--bots eval` reaches the evaluating bidder."""
    import json

    from clirun import run

    spec = "eval:rollouts=2,time_budget=none"
    code, out, err = run(["compare", "contree", "bulgarian", "--deals", "3", "--bots", spec], capsys)
    assert code == 0, err
    assert f"{spec} bots" in out.splitlines()[0]
    code, out, err = run(["compare", "--knobs", "bulgarian", "--disputes", "--deals", "2",
                          "--bots", spec, "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["bots"] == spec
    code, out, err = run(["compare", "--knobs", "contree", "--disputes", "--deals", "2"], capsys)
    assert code == 0 and "heuristic bots" in out.splitlines()[0]
