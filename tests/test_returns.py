"""The adapters' returns (no extra needed): zero-sum between sides, in [-1, 1], or the raw scores."""

from __future__ import annotations

import random

import pytest

from belote.adapters.returns import deal_returns, score_bound
from belote.adapters.tensor import Table
from belote.deal import Deal
from belote.errors import InvalidArgument

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3), ("contree", 4)]


def random_deal(variant: str, players: int, seed: int, pending: int = 0) -> Deal:
    table = Table(Deal.random(variant, seed=seed, players=players, dealer=seed % players, pending=pending))
    rng = random.Random(seed)
    while table.seat is not None:
        ids = table.legal_ids()
        declare = [i for i in ids if 7 <= i < 100]  # declare when possible: the biggest scores
        table.apply(max(declare) if declare else rng.choice(ids))
    return table.deal


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_zero_sum_returns_sum_to_zero_and_lie_in_the_documented_range(variant: str, players: int) -> None:
    """Rules §7, docs/rules.md#scoring: a side's deal score lies from 0 to the bound, so its
    score minus the others' mean, over the bound, lies in [-1, 1]; the table's returns sum to 0
    and partners (docs/rules.md#dealing) receive the same."""
    bound = score_bound(variant, players)
    for seed in range(150):
        deal = random_deal(variant, players, seed, pending=80 if seed % 10 == 0 else 0)
        scores = deal.result.scores
        assert all(0 <= score <= bound + deal.pending for score in scores)
        returns = deal_returns(deal)
        assert sum(returns) == pytest.approx(0.0, abs=1e-12)
        assert all(-1.0 <= value <= 1.0 for value in returns)
        for seat in range(players):
            own = scores[deal.side(seat)]
            others = (sum(scores) - own) / (len(scores) - 1)
            assert returns[seat] == pytest.approx((own - others) / (bound + deal.pending))
        assert deal_returns(deal, "raw") == [float(scores[deal.side(seat)]) for seat in range(players)]


def test_the_classic_bound_is_a_capot_with_belote() -> None:
    """Rules §7.2, docs/rules.md#capot: 252 for a capot, and the belote's 20: nothing in
    ``classic`` scores more."""
    assert score_bound("classic") == 252 + 20


def test_unknown_returns_raise_a_typed_error() -> None:
    deal = random_deal("classic", 4, 1)
    with pytest.raises(InvalidArgument):
        deal_returns(deal, "scores")
