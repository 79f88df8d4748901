"""A plug-in variant never registered goes through every door that already holds its rules (docs/plugins.md; issue 50 item 5).

What reads a deal, a result or statistics takes the rules from them, never
by looking the variant's name up in the registry: only a document read from
text (a record, a tally, a position) names its variant and needs it
registered.
"""

from __future__ import annotations

import random

import attrs
import pytest

from belote import Deal, HeuristicBot, play_match, solve
from belote.agents.pimc import PIMCBot
from belote.errors import UnknownVariant
from belote.experiments.compare import compare
from belote.experiments.duel import duel
from belote.experiments.simulate import simulate
from belote.records.describe import describe_deal, describe_result
from belote.records.observation import observation_json
from belote.records.replay import deal_from_record, match_to_record, state_to_json
from belote.records.results import result_to_json, tally_to_json
from belote.rules import get_rules
from belote.scoring import score_tally
from belote.solver.analyze import analyze
from belote.solver.bidpar import analyze_bidding
from belote.solver.par import par_deal
from belote.variants.bulgarian import RULES as BULGARIAN
from belote.variants.contree import RULES as CONTREE

HOUSE = attrs.evolve(
    CONTREE, name="housecontree", auction=attrs.evolve(CONTREE.auction, coinche_multiplier=4)
)
"""A house contrée, coinche ×4, built with ``attrs.evolve`` and never registered."""


def test_the_house_variant_is_unknown_to_the_registry() -> None:
    """docs/plugins.md: only a registered variant is found by name (what makes the other tests mean something)."""
    with pytest.raises(UnknownVariant):
        get_rules("housecontree")


def _played(bids: list[str], seed: int = 3) -> Deal:
    deal = Deal.random(HOUSE, seed=seed, dealer=3)
    deal.apply_all(bids)
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice([a for a in deal.legal_actions() if not a.belote]))
    return deal


COINCHED = ["0 bid 80 S", "1 coinche", "2 pass", "3 pass", "0 pass"]


def test_a_coinched_house_result_writes_its_own_multiplier() -> None:
    """RULES §11, docs/formats.md#deal-result: the JSON of a result takes the multiplier from the result's rules (×4)."""
    deal = _played(COINCHED)
    doc = result_to_json(deal.result)
    assert doc["variant"] == "housecontree"
    assert doc["contract"] == {"value": 80, "strain": "S", "doubling": 1, "coinche": 1, "multiplier": 4,
                               "side": 0}
    assert "contract 80 S x4" in [line["item"] for line in doc["lines"]]  # type: ignore[index, union-attr]


def test_a_house_result_and_deal_are_described_with_teams() -> None:
    """docs/cli.md: the text of a result names the teams of a partnership variant, read from its rules."""
    deal = _played(COINCHED)
    text = describe_result(deal.result)
    assert "team 0 (seats 0 and 2)" in text
    assert "team 0 (seats 0 and 2)" in describe_deal(deal)


def test_a_passed_out_house_deal_scores_and_writes() -> None:
    """docs/contree.md#the-auction: four passes, nothing scored; its result is written all the same."""
    deal = Deal.random(HOUSE, seed=3)
    deal.apply_all([f"{(deal.dealer + k) % 4 + 0} pass" for k in range(1, 5)])
    assert result_to_json(deal.result)["outcome"] == "redeal"
    assert "Result: redeal" in describe_result(deal.result)


def test_house_records_tallies_and_views_are_written_and_read_with_its_rules() -> None:
    """docs/formats.md: a deal's record, tally, state and observation, and the record read back given the rules."""
    deal = _played(COINCHED)
    tally = deal.tally()
    assert tally is not None
    assert score_tally(tally, HOUSE) == deal.result
    assert tally_to_json(tally, HOUSE)["variant"] == "housecontree"
    assert state_to_json(deal)["variant"] == "housecontree"
    assert observation_json(deal.observation(0))["variant"] == "housecontree"
    assert match_to_record([deal])["variant"] == "housecontree"
    again = deal_from_record(deal.to_record(), rules=HOUSE)
    assert again == deal and again.rules is HOUSE


def test_bots_play_a_house_match() -> None:
    """docs/bots.md: the heuristic and PIMC bots read the rules from their observation, not from the registry."""
    deal = Deal.random(HOUSE, seed=4)
    seat = deal.to_act
    assert seat is not None
    legal = deal.legal_actions()
    assert HeuristicBot().choose(deal.observation(seat), legal) in legal
    assert PIMCBot(samples=2, seed=1).choose(deal.observation(seat), legal) in legal
    result = play_match(HOUSE, [HeuristicBot() for _ in range(4)], seed=1, max_deals=2)
    assert result.deals and all(d.result.variant == "housecontree" for d in result.deals)


def test_experiments_run_a_house_variant() -> None:
    """docs/comparing.md: simulate, compare and duel take the rules as given."""
    stats = simulate(HOUSE, 4)
    assert stats.variant == "housecontree" and stats.has_contract
    assert "housecontree" in compare([HOUSE, "contree"], 4).to_text()
    assert "housecontree" in compare([HOUSE], 2, matches=1).to_text()
    assert duel(HOUSE, "heuristic", "random", 2).to_json()["variant"] == "housecontree"


def test_the_solver_analyses_a_house_deal() -> None:
    """docs/solver.md: solve, analyze, par and the bidding's analysis rebuild positions with the deal's rules."""
    deal = _played(COINCHED)
    assert analyze(deal).to_text()
    assert par_deal(deal)[1].variant == "housecontree"
    rows = analyze_bidding(deal)
    assert [row.action for row in rows] == ["bid 80 S", "coinche", "pass", "pass", "pass"]
    position = Deal.random(HOUSE, seed=7, dealer=3)
    position.apply_all(["0 bid 80 S", "1 pass", "2 pass", "3 pass"])
    assert solve(position).card_values


HOUSE_BELOT = attrs.evolve(BULGARIAN, name="housebelot", target=101)
"""A house Bulgarian belot to 101, never registered: its deals are scored in game points."""


def test_a_doubled_house_belot_result_writes_and_reads_from_its_own_rules() -> None:
    """docs/bulgarian.md#scoring, docs/formats.md#deal-result: a game-points result carries its rules, so its JSON and text need no registry."""
    deal = Deal.random(HOUSE_BELOT, seed=3, dealer=3)
    deal.apply_all(["0 bid S", "1 double", "2 pass", "3 pass", "0 pass"])
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    assert deal.result.rules is HOUSE_BELOT
    doc = result_to_json(deal.result)
    assert doc["variant"] == "housebelot"
    assert doc["contract"]["multiplier"] == 2  # type: ignore[index, call-overload]
    assert "Result:" in describe_result(deal.result)
