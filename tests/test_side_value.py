"""What a finished deal was worth to a seat's side: ``Deal.side_value``, the value of a rollout.

docs/solver.md#how-it-decides: the value of an option on one sample is the
seat's side's deal score minus the mean score of the other sides; a redeal
is worth 0. The PIMC bot's rollouts (``belote.agents.rollouts.side_value``)
and the fit of the heuristic's thresholds read it from the deal.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings

from belote.actions import ID_PASS
from belote.agents import rollouts
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidArgument, InvalidArgumentType, InvalidSeat
from belote.strategies import played_deals


@settings(max_examples=60, deadline=None)
@given(played_deals())
def test_the_sides_values_sum_to_zero_and_partners_share_theirs(deal: Deal) -> None:
    """docs/solver.md#how-it-decides: each side's score less the mean of the others' sums to 0
    over the sides, and every seat of a side gets its side's value."""
    values = [deal.side_value(seat) for seat in range(deal.players)]
    by_side: dict[int, float] = {}
    for seat, value in enumerate(values):
        assert by_side.setdefault(deal.side(seat), value) == value
    assert math.isclose(sum(by_side.values()), 0.0, abs_tol=1e-9)
    scores = deal.result.scores
    for seat, value in enumerate(values):
        mine = deal.side(seat)
        others = [score for side, score in enumerate(scores) if side != mine]
        assert math.isclose(value, scores[mine] - sum(others) / len(others))


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("french", 3), ("contree", 4)])
def test_a_deal_is_worth_its_score_difference_to_a_team_and_the_mean_gap_alone(
        variant: str, players: int) -> None:
    """docs/solver.md#how-it-decides: two teams, the team's score less the other's; each player
    alone (french), the player's score less the mean of the others'."""
    deal = Deal.random(variant, seed=11, dealer=1, players=players)
    deal.play_out_random(random.Random(3))
    scores = deal.result.scores
    if players == 4:
        assert deal.side_value(1) == scores[1] - scores[0] == deal.side_value(3)
    else:
        assert deal.side_value(2) == scores[2] - (scores[0] + scores[1]) / 2


def test_a_redeal_is_worth_nothing() -> None:
    """docs/solver.md#how-it-decides: a pass that ends in a redeal is worth 0."""
    deal = Deal.random("classic", seed=5, dealer=0)
    while not deal.is_over:
        deal.apply_id(ID_PASS)
    assert [deal.side_value(seat) for seat in range(4)] == [0.0] * 4


def test_side_value_refuses_a_deal_not_over_and_a_seat_not_at_the_table() -> None:
    """The door checks the seat and that the deal is over (typed errors, docs/api/deal.md)."""
    deal = Deal.random("classic", seed=5, dealer=0)
    with pytest.raises(IllegalAction):
        deal.side_value(0)
    deal.play_out_random(random.Random(1))
    with pytest.raises(InvalidSeat):
        deal.side_value(4)
    with pytest.raises(InvalidArgumentType):
        deal.side_value("0")  # type: ignore[arg-type]


def test_the_rollouts_side_value_is_the_deals() -> None:
    """``belote.agents.rollouts.side_value`` keeps its name and checks: the deal's value, an
    ``InvalidArgument`` for a deal not over."""
    deal = Deal.random("piedicavallo", seed=8, dealer=2)
    with pytest.raises(InvalidArgument):
        rollouts.side_value(deal, 0)
    deal.play_out_random(random.Random(4))
    assert [rollouts.side_value(deal, seat) for seat in range(4)] == [
        deal.side_value(seat) for seat in range(4)]

