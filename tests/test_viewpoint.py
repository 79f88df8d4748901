"""Positions from one seat's knowledge (issue 51 item 3): hands written ``?``, read as the seat's observation.

docs/positions.md#from-one-seats-knowledge.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import Action, Verb
from belote.cards import CardSet, Suit
from belote.deal import Deal
from belote.deal.position import read_parts
from belote.deal.viewpoint import hidden_seats, read_viewpoint, seat_position, viewpoint_from_hands
from belote.errors import InvalidPosition
from belote.strategies import deals

# docs/positions.md: a classic deal dealt by seat 0, seat 1 took diamonds, two tricks left.
FULL = ("belote/1 classic | dealer 0 | hands JH 7D / 10H 9C / 7S JC / AS 7C | turned JD | bids take"
        " | play QH AH QD 8H / QC 10C KC AC / 8S 9S KS 8D / AD KD 8C 9D / 10D JD 10S JS / KH 9H QS 7H")
SEEN = FULL.replace("hands JH 7D / 10H 9C / 7S JC / AS 7C", "hands ? / 10H 9C / ? / ?")

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("contree", 4), ("bulgarian", 4),
          ("french", 2), ("french", 3)]


def _played(variant: str, players: int, seed: int) -> Deal:
    """A deal of random legal actions, stopped at a random point before its end."""
    rng = random.Random(seed)
    while True:
        deal = Deal.random(variant, seed=rng.randrange(10**9), dealer=rng.randrange(players),
                           players=players)
        for _ in range(rng.randrange(60)):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if not deal.is_over:
            return deal


def _same_knowledge(deal: Deal, seat: int) -> None:
    """The viewpoint read from the seat's position is what the engine tells that seat."""
    view = read_viewpoint(seat_position(deal, seat))
    expected = deal.observation(seat)
    # Another seat's bare "declare" is written with the cards shown: the history says which.
    seen = view.observation._replace(history=())
    # The known limit (french): a position does not say which hidden seat holds the 7 of trump
    # while it decides on the swap, nor which one swapped while it still holds the turned card.
    if seen.to_act != expected.to_act:
        assert {a.verb for a in deal.legal_actions()} <= {Verb.SWAP, Verb.KEEP}
        return
    if seen.swapped != expected.swapped:
        assert expected.turned is not None and expected.swapped is not None
        assert expected.turned.bit & deal.hand(expected.swapped).mask
        seen = seen._replace(swapped=expected.swapped)
    assert seen == expected._replace(history=())

    def undeclared(history: tuple[Action, ...]) -> list[tuple[Verb, int, str]]:
        return [(a.verb, -1 if a.verb in (Verb.SWAP, Verb.KEEP) else a.seat, str(a).split(" ", 1)[1])
                for a in history if a.verb is not Verb.DECLARE]

    assert undeclared(view.observation.history) == undeclared(expected.history)
    assert view.legal == (tuple(deal.legal_actions()) if deal.to_act == seat else ())
    assert view.counts == tuple(len(deal.hand(s)) for s in range(deal.players))
    for s in range(deal.players):  # every seat's real cards are among those it may hold
        if s != seat:
            assert deal.hand(s).mask & ~view.known[s].mask & ~view.allowed[s].mask == 0


def test_a_hidden_position_reads_as_the_seats_observation() -> None:
    """docs/positions.md#from-one-seats-knowledge: the hands written ``?`` are what seat 1 cannot see."""
    view = read_viewpoint(SEEN)
    deal = Deal.from_position(FULL)
    assert view.seat == 1
    assert view.observation == deal.observation(1)
    assert view.legal == tuple(deal.legal_actions())
    assert view.counts == (2, 2, 2, 2)
    assert view.unknown == CardSet.parse("JH 7D 7S JC AS 7C")
    assert view.stock == 0


def test_voids_are_deduced_from_the_play() -> None:
    """docs/rules.md#play-obligations: a seat that did not follow holds none of the led suit.

    Seat 3 ruffed the first trick's hearts and threw a club on diamonds;
    seat 2 threw a spade on diamonds: only seat 0 may hold the 7 of diamonds.
    """
    view = read_viewpoint(SEEN)
    assert view.voids[3] == (Suit.HEARTS, Suit.DIAMONDS)
    assert view.voids[2] == (Suit.DIAMONDS,)
    assert view.voids[0] == () and view.voids[1] == ()
    seven = CardSet.parse("7D")
    assert [bool(view.allowed[s] & seven) for s in range(4)] == [True, False, False, False]


def test_a_full_position_is_not_a_viewpoint_and_a_hidden_one_is_not_a_deal() -> None:
    """docs/positions.md#from-one-seats-knowledge: ``?`` positions are read by read_viewpoint only."""
    assert hidden_seats(FULL) == ()
    assert hidden_seats(SEEN) == (0, 2, 3)
    with pytest.raises(InvalidPosition, match="read_viewpoint"):
        Deal.from_position(SEEN)
    with pytest.raises(InvalidPosition, match="every hand is known"):
        read_viewpoint(FULL)


def test_the_same_knowledge_from_python_values() -> None:
    """docs/positions.md#from-one-seats-knowledge: ``viewpoint_from_hands`` takes the parts as values."""
    parts = read_parts(FULL)
    play = FULL.split("| play ")[1]
    view = viewpoint_from_hands("classic", [None, "10H 9C", "?", None], dealer=0, turned="JD",
                                bids="take", play=play)
    assert view == read_viewpoint(SEEN)
    assert view.position == seat_position(Deal.from_position(FULL), 1)
    assert parts.hands[1] == CardSet.parse("10H 9C").mask
    with pytest.raises(InvalidPosition, match="viewpoint_from_hands"):
        Deal.from_hands("classic", [None, "10H 9C", None, None], dealer=0, turned="JD",
                        bids="take", play=play)


def test_old_positions_read_as_before() -> None:
    """The grammar grew a ``?`` hand; a position without one reads and writes as before."""
    deal = Deal.from_position(FULL)
    assert read_parts(FULL).hands == tuple(deal.hand(s).mask for s in range(4))
    assert Deal.from_position(deal.position()).position() == deal.position()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SEEN.replace("10H 9C", "10H 9C 7D"), "seat 1 holds 3 cards, 2 expected"),  # too many cards
        (SEEN.replace("10H 9C", "10H QH"), "QH is held by seat 1 and played"),  # a card seen twice
        (SEEN.replace("? / 10H 9C", "JH 7D / 10H 9C"), "2 hands written"),
        (SEEN.replace("hands ? / 10H 9C / ? / ?", "hands ? / ? / ? / ?"), "4 hands written|0 hands"),
        ("belote/1 classic | dealer 0 | hands ? / JD 7S 8S 9S 10S / ? / ? | turned JD",
         "JD is in the turned card and held"),  # the turned card lies on the table until the take
    ],
    ids=["too-many", "seen-twice", "two-hands", "no-hand", "turned-held"],
)
def test_impossible_hidden_positions_raise_typed_errors(text: str, message: str) -> None:
    """docs/positions.md#from-one-seats-knowledge: a ``?`` position that cannot be is refused, naming why."""
    with pytest.raises(InvalidPosition, match=message):
        read_viewpoint(text)


def test_a_hidden_seat_that_must_hold_more_cards_than_are_left() -> None:
    """docs/positions.md#from-one-seats-knowledge: a stock one card too long leaves seat 1 one unknown card for its two."""
    text = ("belote/1 french | players 2 | dealer 0 | hands AS JH / ? | turned AD"
            " | stock 8C 7S 9C 9S KC JD AC 10D 10H JS 8D 9D AH KS | bids take"
            " | play swap KD QD / QS 8S / 10C QC / 8H 9H / 7H KH / 7C JC / QH 10S")
    with pytest.raises(InvalidPosition, match="the hidden hands hold 2 cards the seat cannot see, but 1 such cards are left"):
        read_viewpoint(text)


def test_no_layout_agrees_with_the_voids() -> None:
    """docs/rules.md#play-obligations: the one unknown card is a heart, and the seat left to hold it is void in hearts.

    Spades are trumps (seat 3 took); seat 3 ruffed the second trick's hearts
    with the ace of spades. Every card but the ace of hearts is played or in
    seat 2's hand, and seat 3, to play last, must hold it: no layout.
    """
    text = ("belote/1 classic | dealer 0 | hands ? / ? / 8C / ? | turned AS | bids pass pass take"
            " | play AC 9C QC 8S / 7H JH QH AS / 9D 10D 8D JD / QS JS 9S 10S / KS KC KD 8H"
            " / 7S JC 10C 7D / KH 9H QD 10H / AD 7C")
    with pytest.raises(InvalidPosition, match="no layout"):
        read_viewpoint(text)
    # Seat 2 holding the ace of hearts instead, seat 3 holds the 8 of clubs (it followed clubs).
    fits = read_viewpoint(text.replace("hands ? / ? / 8C / ?", "hands ? / ? / AH / ?"))
    assert fits.unknown == CardSet.parse("8C") and fits.allowed[3] == CardSet.parse("8C")


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_every_seat_of_random_deals_reads_its_own_observation(variant: str, players: int) -> None:
    """docs/positions.md#from-one-seats-knowledge: what seat_position writes reads back as the engine's observation."""
    for seed in range(12):
        deal = _played(variant, players, seed)
        for seat in range(players):
            _same_knowledge(deal, seat)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=deals(), steps=st.integers(0, 60), rng=st.randoms(use_true_random=False))
def test_hiding_the_other_hands_never_changes_the_legal_actions(
    start: object, steps: int, rng: random.Random
) -> None:
    """docs/positions.md#from-one-seats-knowledge: the seat to act has the same legal actions from its knowledge alone."""
    from belote.strategies import DealStart

    assert isinstance(start, DealStart)
    deal = Deal(start.rules, list(start.deck), dealer=start.dealer, players=start.players)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    if deal.is_over or deal.to_act is None:
        return
    view = read_viewpoint(seat_position(deal, deal.to_act))
    assert list(view.legal) == deal.legal_actions()
