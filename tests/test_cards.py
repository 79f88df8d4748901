"""Cards, ranks, suits and card sets (rules §1, docs/rules.md#cards)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote.cards import (
    CARDS,
    FULL_DECK,
    PLAIN_ORDER,
    SEQUENCE_ORDER,
    TRUMP_ORDER,
    Card,
    CardSet,
    Rank,
    Suit,
    card_points,
)
from belote.errors import BeloteError, NotationError

masks = st.integers(min_value=0, max_value=FULL_DECK)


def test_deck_has_32_cards_of_eight_ranks_in_four_suits() -> None:
    """Rules §1, docs/rules.md#cards: 7 8 9 10 J Q K A in four suits (000 §Il mazzo, 002)."""
    assert len(CARDS) == 32
    assert {(c.rank, c.suit) for c in CARDS} == {(r, s) for r in Rank for s in Suit}


def test_trump_order_is_jack_nine_ace_ten_king_queen_eight_seven() -> None:
    """Rules §1, docs/rules.md#cards; 000 and 001 trump order."""
    expected = [Rank.parse(t) for t in "J 9 A 10 K Q 8 7".split()]
    assert list(TRUMP_ORDER) == expected
    strengths = [Card(rank, Suit.HEARTS).strength(Suit.HEARTS) for rank in expected]
    assert strengths == sorted(strengths, reverse=True)


def test_plain_order_is_ace_ten_king_queen_jack_nine_eight_seven() -> None:
    """Rules §1, docs/rules.md#cards (all sources)."""
    expected = [Rank.parse(t) for t in "A 10 K Q J 9 8 7".split()]
    assert list(PLAIN_ORDER) == expected
    strengths = [Card(rank, Suit.HEARTS).strength(Suit.SPADES) for rank in expected]
    assert strengths == sorted(strengths, reverse=True)


def test_sequence_order_for_runs_is_ace_down_to_seven() -> None:
    """Rules §1, docs/rules.md#cards; 000 examples, 004 "scala quaranta" order."""
    assert [r.text for r in SEQUENCE_ORDER] == "A K Q J 10 9 8 7".split()


@pytest.mark.parametrize(
    ("rank", "trump_points", "plain_points"),
    [("J", 20, 2), ("9", 14, 0), ("A", 11, 11), ("10", 10, 10), ("K", 4, 4), ("Q", 3, 3),
     ("8", 0, 0), ("7", 0, 0)],
)
def test_card_points_trump_and_plain(rank: str, trump_points: int, plain_points: int) -> None:
    """Rules §1, docs/rules.md#cards; 000 §Valori, 002, 003, 004 (the king is worth 4: 001's 10 is a typo)."""
    card = Card.parse(rank + "S")
    assert card.points(Suit.SPADES) == trump_points
    assert card.points(Suit.HEARTS) == plain_points


def test_trump_suit_holds_62_and_plain_suit_30_points() -> None:
    """000 §Valori: trump 62, each other suit 30, 152 in all."""
    for trump in Suit:
        for suit in Suit:
            points = CardSet.from_mask(0xFF << (8 * suit)).points(trump)
            assert points == (62 if suit == trump else 30)


@given(st.sampled_from(list(Suit)))
def test_deck_holds_152_card_points_whatever_the_trump(trump: Suit) -> None:
    """Rules §1, docs/rules.md#cards: 62 + 3×30 = 152 (000, 002)."""
    assert CardSet.full_deck().points(trump) == 152
    assert sum(card.points(trump) for card in CARDS) == 152


@pytest.mark.parametrize(
    ("text", "expected"),
    [("JH", "JH"), ("10S", "10S"), ("TS", "10S"), ("ts", "10S"), ("J♥", "JH"), ("A♣", "AC"),
     ("7♦", "7D"), (" qs ", "QS")],
)
def test_card_notation_accepts_ten_as_t_and_suit_symbols(text: str, expected: str) -> None:
    """Rules §1, docs/rules.md#cards "Text notation": T for ten, ♠ ♥ ♦ ♣; output uses 10 and a letter."""
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "1H", "JX", "11S", "JHH", "H", "6S", "10"])
def test_bad_card_text_raises_a_typed_error(text: str) -> None:
    """Rules §1, docs/rules.md#cards notation; errors are typed and say what was expected."""
    with pytest.raises(NotationError, match="expected"):
        Card.parse(text)


def test_card_parse_rejects_non_text() -> None:
    with pytest.raises(NotationError):
        Card.parse(12)  # type: ignore[arg-type]


def test_cards_are_interned_values() -> None:
    """STYLE.md: the 32 cards are interned, so identity comparison works."""
    card = Card.parse("KD")
    assert card is Card(Rank.KING, Suit.DIAMONDS) is Card.from_index(card.index)
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


@given(st.sampled_from(CARDS))
def test_card_repr_and_str_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) is card


def test_suit_and_rank_parse_errors_are_typed() -> None:
    with pytest.raises(NotationError):
        Suit.parse("X")
    with pytest.raises(NotationError):
        Rank.parse("1")
    assert issubclass(NotationError, BeloteError)


@given(masks)
def test_cardset_str_parse_round_trip(mask: int) -> None:
    cards = CardSet.from_mask(mask)
    assert CardSet.parse(str(cards)) == cards
    assert len(cards) == bin(mask).count("1")
    assert list(cards) == sorted(cards)


@given(masks, masks)
def test_cardset_operations_match_python_sets(a: int, b: int) -> None:
    x, y = CardSet.from_mask(a), CardSet.from_mask(b)
    sx, sy = set(x), set(y)
    assert set(x | y) == sx | sy
    assert set(x & y) == sx & sy
    assert set(x - y) == sx - sy
    assert set(x ^ y) == sx ^ sy
    assert (x <= y) == (sx <= sy)
    assert all(card in x for card in sx)


@given(masks, st.sampled_from(list(Suit)))
def test_card_points_of_a_set_is_the_sum_of_its_cards(mask: int, trump: Suit) -> None:
    assert card_points(mask, trump) == sum(c.points(trump) for c in CardSet.from_mask(mask))


def test_cardset_parse_refuses_a_card_twice() -> None:
    with pytest.raises(NotationError, match="twice"):
        CardSet.parse("JH 9H JH")


def test_cardset_from_mask_refuses_bits_outside_the_deck() -> None:
    with pytest.raises(NotationError):
        CardSet.from_mask(1 << 32)
    with pytest.raises(NotationError):
        CardSet.from_mask(-1)


def test_cardset_is_immutable_and_hashable() -> None:
    hand = CardSet.parse("AS KS")
    assert {hand: 1}[CardSet.parse("KS, AS")] == 1
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_sorted_hand_puts_strongest_first_in_each_suit() -> None:
    hand = CardSet.parse("7H JH AH 9H AS 10S")
    assert [str(c) for c in hand.sorted(Suit.HEARTS)] == ["AS", "10S", "JH", "9H", "AH", "7H"]
    assert [str(c) for c in hand.sorted(None)] == ["AS", "10S", "AH", "JH", "9H", "7H"]


def test_action_ids_are_a_bijection_on_the_fixed_space() -> None:
    from belote.actions import ACTION_IDS, action_from_id, action_id

    texts = set()
    for number in range(ACTION_IDS):
        action = action_from_id(number, 1)
        assert action_id(action) == number
        texts.add(str(action))
    assert len(texts) == ACTION_IDS


def test_action_id_blocks_follow_one_another_without_gaps() -> None:
    """The fixed id space (docs/formats.md#action-ids): each block starts where the one before it ends.

    The ids are written as numbers in ``belote.actions`` (the compiled core reads them
    in place); this checks they are the sums the layout describes.
    """
    from belote import actions as a

    assert a.ID_BID_CAPOT == a.ID_BID + 6 * (a.MAX_BID_VALUE // 10)
    assert a.ID_COINCHE == a.ID_BID_CAPOT + 6
    assert a.ID_SURCOINCHE == a.ID_COINCHE + 1
    assert a.ID_BID_STRAIN == a.ID_SURCOINCHE + 1
    assert a.ID_BID_STRAIN + len(a.Strain) == a.ID_DOUBLE
    assert a.ID_REDOUBLE == a.ID_DOUBLE + 1
    assert a.ID_REREDOUBLE == a.ID_REDOUBLE + 1
    assert a.ACTION_IDS == a.ID_REREDOUBLE + 1


def test_action_id_refuses_a_declare_that_is_no_combination() -> None:
    from belote.actions import ACTION_IDS, Action, action_from_id, action_id
    from belote.errors import InvalidArgument

    with pytest.raises(InvalidArgument):
        action_id(Action.parse("0 declare AH KH 7S"))
    with pytest.raises(InvalidArgument):
        action_from_id(ACTION_IDS, 0)
