"""Contrée positions (docs/positions.md, RULES §11): the auction written in a ``belote/1`` line."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import Strain
from belote.deal import Deal, Phase
from belote.errors import InvalidPosition
from belote.strategies import deals

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HANDS = (
    "7H JH QH AH 8D 9D QD 8C / 7S 9S 8H KH 7D AD 7C 9C / 8S KS 9H JD 10C JC KC AC"
    " / 10S JS QS AS 10H 10D KD QC"
)
START = f"belote/1 contree | players 4 | dealer 0 | hands {HANDS}"


def test_contree_position_has_no_turned_card_and_no_stock() -> None:
    """RULES §11.1: contrée deals all 32 cards, 3-2-3, and turns none; the position says so."""
    deal = Deal.random("contree", seed=3)
    text = deal.position()
    assert " | turned " not in text and " | stock " not in text
    assert text == START
    assert Deal.from_position(text).position() == text


def test_contree_position_writes_the_auction() -> None:
    """RULES §11.1: bids, coinche and surcoinche are written in the bids part, ``80H`` for a contract."""
    deal = Deal.from_position(START)
    for action in ("1 bid 80 H", "2 bid 100 S", "3 coinche", "0 surcoinche"):
        deal.apply(action)
    text = deal.position()
    assert text == START + " | bids 80H 100S coinche surcoinche"
    again = Deal.from_position(text)
    assert again.phase is Phase.PLAY and again.taker == 2 and again.to_act == 1
    assert again.seat_view(0).contract == (100, int(Strain.SPADES), 2, 2)


def test_contree_position_reads_the_record_words_of_a_bid() -> None:
    """RULES §11.1: ``bid 90 H`` (the record's words), ``90 h`` and ``90H`` are the same bid."""
    texts = [START + f" | bids {bids}" for bids in ("bid 90 H pass", "90 h PASS", "90H pass", "BID 90H pass")]
    assert {Deal.from_position(text).position() for text in texts} == {START + " | bids 90H pass"}


def test_contree_position_writes_a_capot_bid() -> None:
    """RULES §11.1: capot is above every value; written ``capotS``, read also as ``bid capot S``."""
    deal = Deal.from_position(START + " | bids bid capot S coinche")
    assert deal.position() == START + " | bids capotS coinche"
    assert deal.seat_view(1).contract[0] == 1000


@pytest.mark.parametrize(
    ("tail", "part", "message"),
    [
        (" | turned JD", "turned", "contree deals every card and turns none"),
        (" | stock 7S", "stock", "contree deals every card and turns none"),
        (" | bids 90H 80S", "bids", "bid 2: seat 2 80S: a bid must be higher than the standing one"),
        (" | bids 90H pass coinche", "bids", "bid 3: seat 3 coinche: seat 3 cannot coinche its own side's"),
        (" | bids 90H coinche pass surcoinche", "bids", "bid 4: seat 0 surcoinche: only the coinched side"),
        (" | bids bid 90", "bids", "'bid 90' names no strain"),
        (" | bids 90H pass pass pass | play 90S", "play", "is a bid: it goes in the bids part"),
        (" | play AD", "play", "nobody bid a contract"),
        (" | bids pass pass pass pass pass", "bids", "comes after the end of the deal"),
    ],
)
def test_contree_position_refuses_what_the_auction_forbids(tail: str, part: str, message: str) -> None:
    """RULES §11.1: a bid not higher, a coinche of one's own side, a surcoinche by the coincheurs, a turned card."""
    with pytest.raises(InvalidPosition) as caught:
        Deal.from_position(START + tail)
    assert caught.value.part == part
    assert message in str(caught.value)


def test_contree_from_hands_takes_the_bids_and_the_play() -> None:
    """RULES §11.1: ``Deal.from_hands("contree", ..., bids=..., play=...)`` builds the same deal as the position."""
    hands = [hand.strip() for hand in HANDS.split("/")]
    full = Deal.from_hands("contree", hands, dealer=0)
    assert full.position() == START
    now = [h for h in hands]
    now[1] = now[1].replace(" 7C", "")
    now[2] = now[2].replace(" AC", "")
    now[3] = now[3].replace(" QC", "")
    now[0] = now[0].replace(" 8C", "")
    deal = Deal.from_hands("contree", now, dealer=0, bids="80C pass pass pass", play="7C AC QC 8C")
    assert deal.taker == 1 and str(deal.trump) == "C" and deal.tricks_played == 1
    assert deal.position() == START.replace(HANDS, " / ".join(now)) + " | bids 80C pass pass pass | play 7C AC QC 8C"
    with pytest.raises(InvalidPosition, match="turned"):
        Deal.from_hands("contree", now, dealer=0, turned="JD", bids="80C pass pass pass")


@PROPERTY
@given(deals("contree"), st.integers(0, 2**32), st.data())
def test_contree_position_round_trips_through_auctions(start: object, seed: int, data: st.DataObject) -> None:
    """RULES §11.1: at every point of a deal whose auction has raises, coinches and surcoinches, the position reads back."""
    from belote.strategies import DealStart

    assert isinstance(start, DealStart)
    deal = Deal(start.rules, list(start.deck), start.dealer, start.players)
    rng = random.Random(seed)
    actions = []
    while not deal.is_over:
        legal = deal.legal_actions()
        doubles = [a for a in legal if a.verb.value in ("coinche", "surcoinche")]
        action = doubles[0] if doubles and rng.random() < 0.5 else rng.choice(legal)
        deal.apply(action)
        actions.append(action)
    k = data.draw(st.integers(0, len(actions)))
    prefix = Deal(start.rules, list(start.deck), start.dealer, start.players)
    prefix.apply_all(actions[:k])
    text = prefix.position()
    again = Deal.from_position(text)
    assert again.position() == text
    assert again.legal_actions() == prefix.legal_actions()
    assert again.seat_view(0).contract == prefix.seat_view(0).contract
    again.apply_all(actions[k:])
    assert again.result == deal.result
