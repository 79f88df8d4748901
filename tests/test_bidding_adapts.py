"""The bots bid by the rules they are given (issue 48; docs/contree.md#bots, docs/bots.md#bidding-by-the-rules).

The heuristic's contract-bidding margins come from the variant's contract
scoring (docs/contree.md#scoring): a table that scores the points made only
pays nothing for a higher bid, one that scores the bid only loses less when
it overbids. On the same decks, its auctions must move accordingly.
"""

from __future__ import annotations

import pytest

from belote.agents import HeuristicBot
from belote.agents.thresholds import BASE_MARGINS, bidding_margins
from belote.errors import InvalidArgument
from belote.experiments.bidding import auctions, bidding_shift
from belote.rules import get_rules, rules_from_spec

DECKS = 400  # about a quarter of a second per rule set: auctions only, no card played


def test_default_reading_keeps_the_tuned_margins() -> None:
    """Under contrée's default scoring the derived margins are those tuned in duels."""
    assert bidding_margins(get_rules("contree")) == BASE_MARGINS


def test_margins_follow_the_scoring() -> None:
    """Bid-only: overbidding costs less, so the bid margin shrinks; made-only: a higher bid pays nothing."""
    default = bidding_margins(get_rules("contree"))
    bid_only = bidding_margins(rules_from_spec("contree(contract.scoring=bid-only)"))
    made_only = bidding_margins(rules_from_spec("contree(contract.scoring=made-only)"))
    assert bid_only.bid < default.bid < made_only.bid
    # a made contract scores only its value under bid-only, 162 + 2 x value coinched:
    # a coinche that fails to beat it costs the defence more, so it needs a surer fall
    assert bid_only.coinche > default.coinche


@pytest.mark.parametrize(("spec", "sign"), [("contree(contract.scoring=made-only)", -1),
                                            ("contree(contract.scoring=bid-only)", 1)])
def test_scoring_moves_the_mean_contract(spec: str, sign: int) -> None:
    """On the same decks, the mean contract value moves with the scoring, with a 95% interval that leaves out 0."""
    before = auctions(get_rules("contree"), ["heuristic"] * 4, DECKS, seed=1)
    after = auctions(rules_from_spec(spec), ["heuristic"] * 4, DECKS, seed=1)
    shift = bidding_shift(before, after)["value"]
    assert shift.clear and sign * shift.value > 0, shift


def test_fixed_habit_does_not_move() -> None:
    """``adapt=False`` is the old fixed habit: the same auctions whatever the scoring."""
    before = auctions(get_rules("contree"), ["heuristic:adapt=false"] * 4, 100, seed=3)
    after = auctions(rules_from_spec("contree(contract.scoring=made-only)"),
                     ["heuristic:adapt=false"] * 4, 100, seed=3)
    assert before == after


def test_adapt_must_be_a_truth_value() -> None:
    with pytest.raises(InvalidArgument, match="adapt"):
        HeuristicBot(adapt="yes")  # type: ignore[arg-type]


def test_auctions_refuse_a_variant_without_contract_auction() -> None:
    with pytest.raises(InvalidArgument, match="no contract auction"):
        auctions(get_rules("classic"), ["heuristic"] * 4, 1)
