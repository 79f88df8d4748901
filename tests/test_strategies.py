"""The public hypothesis strategies of ``belote.strategies``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import Card, CardSet, Rules, Suit, get_rules
from belote.deal import Deal
from belote.errors import UnknownVariant
from belote.records.replay import replay_document
from belote.records.results import result_to_json
from belote.scoring import Outcome, Tally, score_tally
from belote.scoring.announcements import Combination, Kind, classify
from belote.strategies import (
    DealStart,
    card_sets,
    cards,
    combinations,
    deals,
    decks,
    hands,
    played_deals,
    suits,
    tallies,
    variants,
)


def test_importing_belote_does_not_import_hypothesis() -> None:
    """CONTRACT.md: hypothesis is an optional extra; only belote.strategies needs it."""
    code = (
        "import sys, belote, belote.rules, belote.cards, belote.tricks, belote.cli\n"
        "belote.available_variants()\n"
        "import json\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'hypothesis')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == []


@given(cards())
def test_cards_are_the_interned_cards(card: Card) -> None:
    assert Card.from_index(card.index) is card


@given(suits())
def test_suits_are_suits(suit: Suit) -> None:
    assert isinstance(suit, Suit)


@given(st.data())
def test_card_sets_respect_their_sizes(data: st.DataObject) -> None:
    low = data.draw(st.integers(0, 32))
    high = data.draw(st.integers(low, 32))
    cards_drawn = data.draw(card_sets(low, high))
    assert isinstance(cards_drawn, CardSet)
    assert low <= len(cards_drawn) <= high


@pytest.mark.parametrize(("low", "high"), [(-1, 3), (5, 4), (0, 33)])
def test_card_sets_refuse_impossible_sizes(low: int, high: int) -> None:
    with pytest.raises(ValueError, match="min_size"):
        card_sets(low, high)


@given(hands())
def test_hands_hold_eight_cards(hand: CardSet) -> None:
    assert len(hand) == 8


@given(hands(9))
def test_french_hands_hold_nine_cards(hand: CardSet) -> None:
    assert len(hand) == 9


@given(decks())
def test_decks_are_permutations_of_the_32_cards(deck: tuple[Card, ...]) -> None:
    assert len(deck) == 32
    assert CardSet(deck) == CardSet.full_deck()


@given(decks(), suits())
def test_a_deck_holds_152_card_points_whatever_the_trump(
    deck: tuple[Card, ...], trump: Suit
) -> None:
    """Rules §1, docs/rules.md#cards: 62 in trump and 30 in each plain suit."""
    assert sum(card.points(trump) for card in deck) == 152


@given(variants())
def test_variants_are_registered(rules: Rules) -> None:
    assert get_rules(rules.name) is rules


@given(deals())
def test_deals_fit_their_variant(start: DealStart) -> None:
    assert start.players in start.rules.player_counts
    assert 0 <= start.dealer < start.players
    assert CardSet(start.deck) == CardSet.full_deck()


@pytest.mark.parametrize("name", ["classic", "piedicavallo", "french", "italian751", "751"])
def test_deals_for_a_named_variant_use_it(name: str) -> None:
    rules = get_rules(name)

    @given(deals(name))
    def check(start: DealStart) -> None:
        assert start.rules is rules

    check()


def test_deals_accept_a_rules_value() -> None:
    rules = get_rules("french")
    seen: set[int] = set()

    @given(deals(rules))
    def check(start: DealStart) -> None:
        assert start.rules is rules
        seen.add(start.players)

    check()
    assert seen == {2, 3}


def test_deals_refuse_an_unknown_variant() -> None:
    with pytest.raises(UnknownVariant):
        deals("whist")


@given(deals())
def test_a_deal_start_gives_a_json_deal_record(start: DealStart) -> None:
    record = json.loads(json.dumps(start.to_record(["0 pass"])))
    assert record["variant"] == start.rules.name
    assert record["players"] == start.players
    assert record["dealer"] == start.dealer
    assert [Card.parse(text) for text in record["deck"]] == list(start.deck)
    assert record["actions"] == ["0 pass"]


# --- strategies built on the deal engine and the announcements ------------------------


@given(combinations())
def test_combinations_are_allowed_by_some_variant(combination: Combination) -> None:
    assert isinstance(combination, Combination)
    assert 3 <= combination.length <= 8


@pytest.mark.parametrize("name", ["piedicavallo", "french", "italian751"])
def test_combinations_classify_back_under_their_variant(name: str) -> None:
    rules = get_rules(name)

    @given(combinations(name))
    def check(combination: Combination) -> None:
        assert classify(combination.cards, rules) == combination
        if combination.kind is Kind.CARRE:
            assert combination.rank in rules.carre_values

    check()


def test_combinations_refuse_a_variant_without_announcements() -> None:
    with pytest.raises(ValueError, match="no announcements"):
        combinations("classic")


@settings(max_examples=30, deadline=None)
@given(played_deals())
def test_played_deals_end_and_replay(deal: Deal) -> None:
    """A played deal's record replays to the same result."""
    assert deal.is_over
    assert replay_document(deal.to_record()) == result_to_json(deal.result)


@pytest.mark.parametrize("name", ["classic", "piedicavallo", "italian751"])
def test_tallies_are_consistent_and_score(name: str) -> None:
    """Four-player tallies: 8 tricks, 152 card points, and the scorer accepts them."""
    rules = get_rules(name)

    @settings(max_examples=25, deadline=None)
    @given(tallies(name))
    def check(tally: Tally) -> None:
        if tally.last_trick is not None:
            assert sum(tally.tricks) == 8
            assert sum(tally.card_points) == 152
        result = score_tally(tally, rules)
        assert result.outcome in (Outcome.MADE, Outcome.FAILED, Outcome.LITIGE)

    check()


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_deal_records_replay_to_the_deal_they_came_from(data: st.DataObject) -> None:
    """CONTRACT.md "Deal record": a generated record replays unchanged, and the
    replayed deal scores as the deal that wrote it."""
    from belote.records.replay import deal_from_record, replay_document
    from belote.strategies import deal_records

    record = data.draw(deal_records())
    deal = deal_from_record(record)
    assert deal.is_over and deal.to_record() == record
    assert replay_document(record)["scores"] == list(deal.result.scores)


def test_bulgarian_tallies_hold_every_mode_multiplier_and_belotes() -> None:
    """CONTRACT.md "Tally" (bulgarian): tallies of played deals name a contract of every
    kind (a suit, no-trumps, all-trumps), multipliers 1, 2 and 4, belotes as a list; their card points sum to the
    mode's (152, 120, 248) and the scorer takes them, in game points."""
    from belote.cards import mode_points

    rules = get_rules("bulgarian")
    modes: set[int] = set()
    doublings: set[int] = set()

    @settings(max_examples=100, deadline=None, derandomize=True)
    @given(tallies("bulgarian"))
    def check(tally: Tally) -> None:
        assert tally.contract is not None and tally.contract.value == 0
        mode = int(tally.mode)
        modes.add(mode)
        doublings.add(tally.contract.doubling)
        assert isinstance(tally.belotes, tuple) and all(0 <= seat < 4 for seat in tally.belotes)
        if tally.last_trick is not None:
            assert sum(tally.card_points) == mode_points(mode)
        result = score_tally(tally, rules)
        assert result.outcome in (Outcome.MADE, Outcome.FAILED, Outcome.LITIGE)

    check()
    assert {4, 5} <= modes and modes & {0, 1, 2, 3} and doublings == {0, 1, 2}


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_bulgarian_deal_records_replay(data: st.DataObject) -> None:
    """CONTRACT.md "Deal record": bulgarian records (strain bids, doubles) replay unchanged."""
    from belote.records.replay import deal_from_record, replay_document
    from belote.strategies import deal_records

    record = data.draw(deal_records("bulgarian"))
    deal = deal_from_record(record)
    assert deal.is_over and deal.to_record() == record
    assert replay_document(record)["scores"] == list(deal.result.scores)
