"""Small things of issue 51 (items 7 and 8): typed contracts, errors that name the action."""

from __future__ import annotations

import pytest

from belote.actions import Strain
from belote.deal import Deal
from belote.errors import InvalidRecord
from belote.game import Game, RandomAgent
from belote.scoring.contract import Contract


def test_game_from_record_names_the_action_at_fault_in_its_message() -> None:
    """CONTRACT.md: an action at fault is named by its index and text (here in the message too)."""
    agents = [RandomAgent(seat) for seat in range(4)]
    game = Game("classic", agents, seed=3, target=300)
    game.play_deal()
    record = game.to_record()
    deal = record["deals"][0]  # type: ignore[index]
    wrong = next(seat for seat in range(4) if f"{seat} " not in deal["actions"][1][:2])
    deal["actions"][1] = f"{wrong} pass"
    with pytest.raises(InvalidRecord) as caught:
        Game.from_record(record, agents)
    assert caught.value.index == 1
    assert f'action 1 "{wrong} pass"' in str(caught.value) and str(caught.value).startswith("deal 0, ")


def test_deal_contract_is_a_typed_contract() -> None:
    """docs/contree.md#the-auction: the standing contract, its strain and coinche level."""
    deal = Deal.random("contree", seed=3)
    assert deal.contract is None
    deal.apply_all(["1 bid 90 H", "2 coinche", "3 surcoinche"])
    assert deal.contract == Contract(90, Strain.HEARTS, doubling=2)
    assert all(deal.observation(seat).contract == deal.contract for seat in range(4))
    assert Deal.random("classic", seed=3).contract is None  # no auction


def test_a_strain_auction_contract_is_typed_too() -> None:
    """docs/bulgarian.md#the-auction: a strain alone, doubled."""
    deal = Deal.random("bulgarian", seed=3)
    to_act = deal.to_act
    deal.apply(f"{to_act} bid NT")
    deal.apply(f"{deal.to_act} double")  # the next seat is an opponent
    assert deal.contract == Contract(0, Strain.NO_TRUMP, doubling=1)
