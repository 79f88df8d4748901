"""The public fast steps the built-in bots use: from_hands, shuffled, play_out, seat_view, stop_allowed,
shuffle_cards, cards_of and the heuristic's bid helpers."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import ID_STOP
from belote.agents import HeuristicBot
from belote.agents.cardplay import legal_bid_pairs
from belote.deal import Deal, Phase, shuffled_deck
from belote.deal.codes import mask_cards
from belote.deal.dealing import shuffle_cards
from belote.errors import IllegalAction, InvalidArgument
from belote.rules import get_rules
from belote.tricks import cards_of

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.booleans())
def test_from_hands_deals_exactly_the_hands_it_is_given(
    table: tuple[str, int], seed: int, after_take: bool
) -> None:
    """docs/rules.md#dealing: the deck from_hands builds deals the given hands, before or after the take."""
    variant, players = table
    rng = random.Random(seed)
    deal = Deal.random(variant, seed=rng.randrange(2**32), dealer=rng.randrange(players),
                       players=players)
    taker = None
    if after_take:
        taker = deal.to_act
        deal.bid(True)
    hands = [deal.hand(seat) for seat in range(players)]
    bottom = deal.bottom if after_take else None
    rebuilt = Deal.from_hands(
        variant, hands, dealer=deal.dealer, turned=deal.turned, taker=taker, players=players,
        bottom=bottom,
    )
    if after_take:
        rebuilt.bid(True)
    assert [rebuilt.hand(seat) for seat in range(players)] == hands
    assert rebuilt.turned == deal.turned and rebuilt.bottom == deal.bottom


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["7S 8S 9S 10S", "QS KS AS 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D"],
         "hands[0]: seat 0 holds 4 cards, 5 expected"),
        (["7S 8S 9S 10S JS", "JS KS AS 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D"],
         "hands[1]: JS is in two hands"),
        (["7S 8S 9S 10S JD", "QS KS AS 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D"],
         "turned: JD is in a hand"),
        (["7S 8S 9S 10S XX", "QS KS AS 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D"],
         "hands[0]"),
        (["7S 8S 9S 10S JS"], "hands: 1 hands given for 4 players"),
    ],
)
def test_from_hands_names_the_field_at_fault(hands: list[str], message: str) -> None:
    """Bad input gets a typed error naming the field (docs/formats.md#deal-record)."""
    with pytest.raises(InvalidArgument, match=message.replace("[", r"\[").replace("]", r"\]")):
        Deal.from_hands("classic", hands, dealer=3, turned="JD")


def test_shuffled_is_the_checked_constructor_without_the_checks() -> None:
    """Deal.shuffled on a library-shuffled deck equals Deal(...) on the same deck."""
    rng = random.Random(5)
    rules = get_rules("french")
    for dealer in range(3):
        deck = shuffled_deck(rng)
        assert Deal.shuffled(rules, deck, dealer, 3) == Deal(rules, deck, dealer, 3)


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(0, 900), st.integers(0, 200))
def test_shuffled_takes_the_match_state_of_the_checked_constructor(
    table: tuple[str, int], seed: int, total: int, pending: int
) -> None:
    """Deal.shuffled with totals, target and pending is Deal(...) with them, to the result."""
    variant, players = table
    rules = get_rules(variant)
    rng = random.Random(seed)
    deck, dealer = shuffled_deck(rng), rng.randrange(players)
    totals = [total + side for side in range(rules.side_count(players))]
    fast = Deal.shuffled(rules, deck, dealer, players, totals=totals, target=total + 100,
                         pending=pending)
    checked = Deal(rules, deck, dealer, players, totals=totals, target=total + 100,
                   pending=pending)
    assert fast == checked
    for deal in (fast, checked):
        deal.play_out([HeuristicBot().choose_id] * players, skip_forced=True)
    assert fast.result == checked.result


@pytest.mark.parametrize(
    ("totals", "target", "pending"), [((0,), None, 0), (None, 0, 0), (None, None, -1)]
)
def test_shuffled_refuses_a_bad_match_state(
    totals: tuple[int, ...] | None, target: int | None, pending: int
) -> None:
    """Deal.shuffled checks totals, target and pending as Deal(...) does: a typed error."""
    deck = shuffled_deck(random.Random(1))
    with pytest.raises(InvalidArgument):
        Deal.shuffled(get_rules("classic"), deck, 0, 4, totals=totals, target=target,
                      pending=pending)


class _CountingRandom(random.Random):
    """A generator of another type: shuffle_cards leaves the shuffling to it."""

    shuffles = 0

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        self.shuffles += 1
        super().shuffle(x)


@PROPERTY
@given(st.integers(0, 2**32), st.lists(st.integers(0, 31), unique=True))
def test_shuffle_cards_draws_what_random_shuffle_draws(seed: int, cards: list[int]) -> None:
    """shuffle_cards shuffles as rng.shuffle does and leaves the generator in the same state."""
    expected, rng = list(cards), random.Random(seed)
    rng.shuffle(expected)
    shuffled, mine = list(cards), random.Random(seed)
    shuffle_cards(mine, shuffled)
    assert shuffled == expected
    assert mine.random() == rng.random()
    other = _CountingRandom(seed)
    again = list(cards)
    shuffle_cards(other, again)
    assert again == expected and other.shuffles == 1


@PROPERTY
@given(st.integers(0, 2**32 - 1))
def test_cards_of_lists_the_cards_of_a_mask_in_index_order(mask: int) -> None:
    """cards_of and mask_cards list the set bits of a 32-card mask, lowest first."""
    expected = [card for card in range(32) if mask >> card & 1]
    assert cards_of(mask) == expected
    assert list(mask_cards(mask)) == expected


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32))
def test_legal_bid_pairs_are_the_legal_bids(table: tuple[str, int], seed: int) -> None:
    """legal_bid_pairs reads the legal bids from a view's id mask, as Deal.legal_bids lists them."""
    variant, players = table
    deal = Deal.random(variant, seed=seed, players=players)
    while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        view = deal.seat_view(deal.to_act)
        assert legal_bid_pairs(view.legal) == deal.legal_bids()
        deal.bid(False)


def test_play_out_refuses_an_illegal_choice_and_keeps_the_deal() -> None:
    """An illegal id from a chooser raises a typed error; the deal stays before that decision."""
    deal = Deal.random("classic", seed=4)
    deal.bid(True)
    before = deal.copy()
    with pytest.raises(IllegalAction, match="seat"):
        deal.play_out([lambda view: ID_STOP] * 4)
    assert deal == before
    with pytest.raises(InvalidArgument):
        deal.play_out([lambda view: "x"] * 4)  # type: ignore[list-item,return-value]
    with pytest.raises(InvalidArgument, match="4 players need 4"):
        deal.play_out([lambda view: 0])


def test_play_out_asks_each_seat_only_with_its_own_view() -> None:
    """Each chooser is asked only for its own seat, with its legal ids in the view."""
    deal = Deal.random("piedicavallo", seed=9)
    asked: list[int] = []

    def chooser(seat: int):  # type: ignore[no-untyped-def]
        def choose(view):  # type: ignore[no-untyped-def]
            assert view.seat == seat == view.to_act and view.legal
            asked.append(seat)
            low = view.legal & -view.legal
            return low.bit_length() - 1

        return choose

    deal.play_out([chooser(seat) for seat in range(4)])
    assert deal.is_over and len(asked) == len(deal.history)


TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]


@pytest.mark.parametrize(("variant", "players"), TABLES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_play_out_skip_forced_asks_only_real_choices_and_plays_the_same_deal(
    variant: str, players: int, seed: int
) -> None:
    """With ``skip_forced`` a seat is never asked when one action is legal; a memoryless bot plays the same deal."""
    from belote.agents import HeuristicBot

    bots = [HeuristicBot() for _ in range(players)]
    asked: list[int] = []

    def chooser(bot: HeuristicBot):  # type: ignore[no-untyped-def]
        def choose(view):  # type: ignore[no-untyped-def]
            asked.append(view.legal.bit_count())
            return bot.choose_id(view)

        return choose

    deal = Deal.random(variant, seed=seed, players=players)
    every = deal.copy()
    deal.play_out([chooser(bot) for bot in bots], skip_forced=True)
    assert asked and min(asked) >= 2
    every.play_out([bot.choose_id for bot in bots])
    assert deal.history == every.history and deal.result == every.result


def test_play_out_skip_forced_is_per_seat_and_checked() -> None:
    """One flag per seat: only the flagged seats skip forced decisions; a bad flag is a typed error."""
    deal = Deal.random("classic", seed=11)
    deal.bid(True)  # the play follows
    asked: list[tuple[int, int]] = []

    def choose(view):  # type: ignore[no-untyped-def]
        asked.append((view.seat, view.legal.bit_count()))
        low = view.legal & -view.legal
        return low.bit_length() - 1

    deal.play_out([choose] * 4, skip_forced=[True, False, True, False])
    assert all(count >= 2 for seat, count in asked if seat % 2 == 0)
    assert any(count == 1 for seat, count in asked if seat % 2 == 1)  # the last trick at least
    for bad in ([True] * 3, "yes", [1, 0, 1, 0]):
        with pytest.raises(InvalidArgument, match="skip_forced"):
            Deal.random("classic", seed=11).play_out([choose] * 4, skip_forced=bad)  # type: ignore[arg-type]


def test_stop_allowed_agrees_with_the_legal_stop() -> None:
    """docs/rules.md#calling-out: stop_allowed(seat) is whether `stop` is legal for that seat now."""
    rng = random.Random(3)
    for seed in range(30):
        deal = Deal.random("piedicavallo", seed=seed)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            for other in range(4):
                expected = other == seat and deal.legal_action_mask() >> ID_STOP & 1 == 1
                assert deal.stop_allowed(other) == expected
            ids = deal.legal_action_ids()
            deal.apply_id(ids[rng.randrange(len(ids))])
