"""The table drawn for people, and reprs that read back (issue 9)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote.actions
import belote.cards
from belote.actions import ACTION_IDS, Action, action_from_id
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal import Deal
from belote.deal.observation import format_card, format_hand
from belote.rules import available_variants
from belote.strategies import card_sets, cards, deals, variants

NAMES = {**vars(belote.cards), **vars(belote.actions)}


def random_deal(variant: str, seed: int, steps: int, players: int | None = None) -> Deal:
    deal = Deal.random(variant, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def hand_block(text: str, seat: int) -> list[str]:
    """The rows of ``seat``'s hand in a drawn table (empty when it is face down)."""
    lines = text.splitlines()
    hands = lines.index("")  # the hands come after the first blank line
    start = next(
        i for i, line in enumerate(lines) if i > hands and line.startswith(f"seat {seat}")
    )
    rows = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        rows.append(line.strip())
    return rows


def test_a_hand_is_drawn_trump_first_in_trick_order() -> None:
    """Rules §1, docs/rules.md#cards: trump ranks J 9 A 10 K Q 8 7, plain ranks A 10 K Q J 9 8 7."""
    hand = CardSet.parse("7D 8D 9D 10D JD QD KD AD AS 10S KS QS JS 9S 8S 7S")
    assert format_hand(hand, Suit.DIAMONDS) == [
        "♦ J 9 A 10 K Q 8 7",
        "♠ A 10 K Q J 9 8 7",
        "♥ -",
        "♣ -",
    ]
    assert format_hand(CardSet.parse("JC 9C"))[3] == "♣ J 9"  # no trump yet: plain order


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_table_shows_every_hand_and_a_seat_only_its_own(data: st.DataObject) -> None:
    """Issue 9: `str(deal)` shows each hand; `deal.view(seat)` hides the others' hands."""
    start = data.draw(deals(data.draw(variants())))
    deal = Deal(start.rules, start.deck, start.dealer, start.players)
    for _ in range(data.draw(st.integers(0, 40))):
        if deal.is_over:
            break
        deal.apply(data.draw(st.sampled_from(deal.legal_actions())))
    table = str(deal)
    assert table.startswith(f"{deal.rules.name}, {deal.players} players, dealer seat {deal.dealer}")
    for seat in range(deal.players):
        shown = hand_block(table, seat)
        hand = deal.hand(seat)
        assert len(shown) == (4 if hand else 0)
        drawn = sum(len(row.split()) - 1 for row in shown if not row.endswith("-"))
        assert drawn == len(hand)
        view = deal.view(seat)
        assert view == str(deal.observation(seat))
        for other in range(deal.players):
            own = hand_block(view, other)
            assert own == (shown if other == seat else [])
    if deal.to_act is not None:
        assert f"seat {deal.to_act} to" in table
    if deal.trump is not None:
        assert f"trump {deal.trump.symbol} taken by seat {deal.taker}" in table
    for side in range(deal.sides):
        assert f"{deal.card_points_of(side)} card points" in table


def test_the_trick_on_the_table_says_who_played_what() -> None:
    """Issue 9: the current trick is drawn seat by seat, from its leader."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.apply_all(["0 pass", "1 take", "0 play 7S", "1 play 10S"])
    assert "trick 1, led by seat 0: 0 7♠, 1 10♠" in str(deal)


def test_match_totals_and_pending_points_are_shown() -> None:
    """Issue 9: the view shows the match context, pending litige points included."""
    deal = Deal.random("piedicavallo", seed=1, totals=(300, 450), pending=90)
    text = str(deal)
    assert "match: 300 to 450, playing to 1000, 90 points pending" in text
    assert text == str(deal)  # drawing does not change the deal
    assert "90 points pending" in deal.view(2)


def test_a_finished_deal_shows_its_result() -> None:
    """Issue 9: once over, the table shows the outcome and the scores."""
    deal = random_deal("classic", seed=4, steps=200)
    assert deal.is_over
    scores = " to ".join(str(score) for score in deal.result.scores)
    assert f"result: {deal.result.outcome.value}, {scores}" in str(deal)


@pytest.mark.parametrize("rules", available_variants(), ids=lambda rules: rules.name)
def test_repr_of_a_deal_is_one_short_line(rules: object) -> None:
    """Issue 9: `repr(deal)` stays short and says where the deal stands."""
    deal = random_deal(rules.name, seed=2, steps=10)  # type: ignore[attr-defined]
    text = repr(deal)
    assert "\n" not in text and len(text) < 100
    assert deal.phase.value in text


# --- reprs that read back -------------------------------------------------------------------


@given(cards())
def test_repr_of_a_card_evaluates_back(card: Card) -> None:
    """Issue 9: `eval(repr(card)) == card` with the belote names in scope."""
    assert eval(repr(card), NAMES) is card


@given(card_sets())
def test_repr_of_a_card_set_evaluates_back(cards: CardSet) -> None:
    """Issue 9: `eval(repr(cards)) == cards`."""
    assert eval(repr(cards), NAMES) == cards


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_repr_of_every_legal_action_evaluates_back(data: st.DataObject) -> None:
    """Issue 9: `eval(repr(action)) == action` for every action a deal offers."""
    start = data.draw(deals(data.draw(variants())))
    deal = Deal(start.rules, start.deck, start.dealer, start.players)
    for _ in range(data.draw(st.integers(0, 40))):
        if deal.is_over:
            break
        for action in deal.legal_actions():
            assert eval(repr(action), NAMES) == action
        deal.apply(data.draw(st.sampled_from(deal.legal_actions())))
    for action in deal.history:
        assert eval(repr(action), NAMES) == action


def test_repr_of_a_declared_combination_evaluates_back() -> None:
    """Issue 9: a declaration of one combination keeps its cards through repr."""
    action = Action.declare(2, CardSet.parse("AH KH QH"))
    assert eval(repr(action), NAMES) == action
    assert format_card(CARDS[31]) == "A♣"


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_repr_of_every_action_of_the_id_space_evaluates_back(seat: int) -> None:
    """Issue 9: every action of the fixed id space reads back from its repr."""
    for number in range(ACTION_IDS):
        action = action_from_id(number, seat)
        assert eval(repr(action), NAMES) == action
        belote_play = Action(seat, action.verb, cards=action.cards, belote=True)
        if action.verb.value == "play":
            assert eval(repr(belote_play), NAMES) == belote_play


def test_the_table_says_the_holder_decides_on_the_swap() -> None:
    """docs/rules.md#seven-swap: while the holder decides, the table says so."""
    deal = Deal.random("french", seed=2, dealer=1, players=2)
    deal.apply("0 take")
    assert str(deal).splitlines()[1] == "play: seat 0 to swap or keep the 7 of trump"
    deal.keep()
    assert str(deal).splitlines()[1] == "play: seat 0 to play"
