"""Trick winner and legal play: each row of the rules §5 table, docs/rules.md#play-obligations, per variant."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote.cards import CARDS, Card, CardSet, Suit
from belote.rules import get_rules
from belote.tricks import legal_mask, legal_plays, trick_winner, winner_index

FOUR_PLAYER = ["classic", "piedicavallo", "italian751"]
ALL = [*FOUR_PLAYER, "french"]
H = Suit.HEARTS  # trump in every example below


def legal(variant: str, hand: str, trick: str, trump: Suit = H) -> set[str]:
    rules = get_rules(variant)
    cards = [Card.parse(c) for c in trick.split()]
    result = legal_plays(CardSet.parse(hand), cards, trump, rules.play, rules.partnerships)
    return {str(c) for c in result}


def cards(text: str) -> set[str]:
    return {str(c) for c in CardSet.parse(text)}


# --- trick winner -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("AS 10S KS 7S", 0),   # highest of the led suit
        ("7S AS 10S KS", 1),
        ("AS 7H 10S KS", 1),   # a trump beats the led suit
        ("AS 7H 8H KS", 2),    # the higher trump wins
        ("AS 9H JH 7H", 2),    # trump order J > 9
        ("9H AH 10H", 0),      # 9 of trump beats ace of trump
        ("9S AD AC", 0),       # discards of another suit never win
    ],
)
def test_trick_won_by_highest_trump_else_highest_of_led_suit(trick: str, winner: int) -> None:
    """Rules §5, docs/rules.md#play-obligations: highest trump, else highest card of the led suit (002, 000, 004)."""
    assert trick_winner([Card.parse(c) for c in trick.split()], H) == winner


def test_plain_jack_beats_plain_nine() -> None:
    """Rules §1, docs/rules.md#cards plain order A 10 K Q J 9 8 7."""
    assert trick_winner([Card.parse("9S"), Card.parse("JS")], H) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
@given(data=st.data())
def test_exactly_one_winner_who_holds_the_best_card(players: int, data: st.DataObject) -> None:
    """Rules §5, docs/rules.md#play-obligations for 2, 3 or 4 players: the winner's card beats every other card."""
    trick = data.draw(st.lists(st.sampled_from(CARDS), min_size=players, max_size=players,
                               unique=True))
    trump = data.draw(st.sampled_from(list(Suit)))
    win = trick_winner(trick, trump)
    best = trick[win]
    led = trick[0].suit
    for pos, card in enumerate(trick):
        if pos == win:
            continue
        if best.suit == trump:
            assert card.suit != trump or card.strength(trump) < best.strength(trump)
        else:
            assert best.suit == led and card.suit != trump
            assert card.suit != led or card.strength(trump) < best.strength(trump)


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError):
        trick_winner([], H)


# --- the §5 table, row by row -----------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_follow_the_led_suit_when_able(variant: str) -> None:
    """Rules §5 row 1, docs/rules.md#play-obligations: every source (002, 000, 004, 001, 003)."""
    assert legal(variant, "KS 7S JH AD", "AS") == cards("KS 7S")


@pytest.mark.parametrize("variant", ALL)
def test_trump_led_play_a_higher_trump_even_over_the_partner(variant: str) -> None:
    """Rules §5 row 2, docs/rules.md#play-obligations: 000 "sormontando", 004 "costretti a superare", 001 "montare"."""
    # the partner (two places back, four players) led the 9 of trump
    trick = "9H 7S" if variant != "french" else "9H"
    assert legal(variant, "JH 8H AS", trick) == cards("JH")


@pytest.mark.parametrize("variant", ALL)
def test_trump_led_no_higher_trump_still_play_a_trump(variant: str) -> None:
    """Rules §5 row 3, docs/rules.md#play-obligations: 000 "pisciando sull'atout", 002, 004, 001."""
    assert legal(variant, "AH 8H AS", "9H") == cards("AH 8H")


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751"])
def test_void_in_led_suit_must_trump(variant: str) -> None:
    """Rules §5 row 4, docs/rules.md#play-obligations: 002 "must cut to trump", 000 "deve tagliare", 004 "tagliare"."""
    # an opponent (the previous player) is winning the trick
    assert legal(variant, "8H AD KC", "7S AS") == cards("8H")


def test_french_void_in_led_suit_is_free_to_discard() -> None:
    """Rules §5 row 4, docs/rules.md#play-obligations, french: 001 "non è necessario giocare un seme di atout", 003."""
    assert legal("french", "8H AD KC", "AS") == cards("8H AD KC")


@pytest.mark.parametrize("variant", ["classic", "piedicavallo"])
def test_partner_master_exempts_from_trumping(variant: str) -> None:
    """Rules §5 row 4, docs/rules.md#play-obligations and the partner-master note: 002, 000 (appello)."""
    # partner led the ace and is winning; the next opponent discarded
    assert legal(variant, "8H AD KC", "AS 7D") == cards("8H AD KC")


@pytest.mark.parametrize("variant", ["classic", "piedicavallo"])
def test_partner_master_by_trumping_need_not_be_overtrumped(variant: str) -> None:
    """Rules §5, docs/rules.md#play-obligations note: the partner trumped and is master; 000 "non è obbligato a tagliare"."""
    # opponent led AS, partner trumped with 9H, opponent discarded; I hold JH
    assert legal(variant, "JH 7H AD", "AS 9H 7D") == cards("JH 7H AD")


def test_partner_exemption_reading_can_require_a_trumping_partner() -> None:
    """Rules §5, docs/rules.md#play-obligations [reading]: 000 states the exemption for a partner who has trumped; the
    knob ``partner_exemption_needs_trump`` restricts it to that case."""
    import attrs

    rules = get_rules("piedicavallo")
    strict = attrs.evolve(rules.play, partner_exemption_needs_trump=True)
    hand = CardSet.parse("8H AD KC")
    by_ace = [Card.parse("AS"), Card.parse("7D")]       # partner master with a plain ace
    assert str(legal_plays(hand, by_ace, H, strict)) == "8H"
    assert legal_plays(hand, by_ace, H, rules.play) == hand
    partner_trumped = [Card.parse("AS"), Card.parse("9H"), Card.parse("7D")]
    assert legal_plays(hand, partner_trumped, H, strict) == hand


def test_italian751_has_no_partner_exemption() -> None:
    """Rules §5 row 4, docs/rules.md#play-obligations, italian751: 004 gives no exemption for the partner."""
    assert legal("italian751", "8H AD KC", "AS 7D") == cards("8H")


def test_italian751_overtrumps_even_the_partners_trump() -> None:
    """Rules §5 row 5, docs/rules.md#play-obligations, italian751: 004 "si deve surtagliare" applies over the partner."""
    assert legal("italian751", "JH 7H AD", "AS 9H 7D") == cards("JH")


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751"])
def test_trumping_over_an_opponents_trump_must_overtrump(variant: str) -> None:
    """Rules §5 row 5, docs/rules.md#play-obligations: 002 "must necessarily overcut", 000 "sormontare", 004."""
    # partner led AS, opponent trumped with 9H: I must beat the 9 with the jack
    assert legal(variant, "JH 8H AD", "AS 9H") == cards("JH")


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751"])
def test_cannot_overtrump_must_still_undertrump(variant: str) -> None:
    """Rules §5 row 5, docs/rules.md#play-obligations: 002 "must still play a lower trump", 000 "pisciare"."""
    assert legal(variant, "8H 7H AD", "AS 9H") == cards("8H 7H")


@pytest.mark.parametrize("variant", ["classic", "piedicavallo"])
def test_partner_overtrumped_by_opponent_must_overtrump_or_undertrump(variant: str) -> None:
    """000 appello: once an opponent has overtrumped the partner, the player must rise or
    undertrump."""
    # opponent led AS, partner 9H, opponent JH (master): I hold AH, 7H, AD
    assert legal(variant, "AH 7H AD", "AS 9H JH") == cards("AH 7H")


@pytest.mark.parametrize("variant", ALL)
def test_void_in_led_suit_and_no_trump_discard_anything(variant: str) -> None:
    """Rules §5 row 6, docs/rules.md#play-obligations (every source)."""
    assert legal(variant, "AD KC 7D", "AS") == cards("AD KC 7D")


@pytest.mark.parametrize("variant", ALL)
def test_leader_may_play_any_card(variant: str) -> None:
    """Rules §5, docs/rules.md#play-obligations: the player who leads is free."""
    assert legal(variant, "AD KC 7H", "") == cards("AD KC 7H")


# --- invariants ---------------------------------------------------------------------------


@given(data=st.data())
def test_legal_plays_are_a_nonempty_subset_of_the_hand(data: st.DataObject) -> None:
    """Rules §5, docs/rules.md#play-obligations: a legal play always exists for a non-empty hand."""
    variant = data.draw(st.sampled_from(ALL))
    rules = get_rules(variant)
    players = 4 if rules.partnerships else data.draw(st.sampled_from([2, 3]))
    deck = data.draw(st.permutations(range(32)))
    hand_size = data.draw(st.integers(1, 8))
    hand = sum(1 << i for i in deck[:hand_size])
    trick = list(deck[hand_size:hand_size + data.draw(st.integers(0, players - 1))])
    trump = data.draw(st.sampled_from(list(Suit)))
    mask = legal_mask(hand, trick, trump, rules.play, rules.partnerships)
    assert mask and mask & ~hand == 0
    if trick:
        led = trick[0] >> 3
        follow = hand & (0xFF << (8 * led))
        if follow:
            # a player holding the led suit must play it, and (plain lead) may play any of it
            assert mask & ~follow == 0
            if led != trump:
                assert mask == follow
        winner_index(trick, trump)  # defined for every non-empty trick
