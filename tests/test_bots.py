"""Bots: legal play in every variant, the heuristic's table sense (rules §3-§8, docs/rules.md#bidding)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.actions import ID_STOP, Verb
from belote.agents import act
from belote.agents.bots import HeuristicBot, Player, RandomBot, hand_strength, make_bots, play_deal
from belote.agents.cardplay import play_choice_id, should_call_out
from belote.cards import CardSet, Suit
from belote.deal import Deal, Phase
from belote.errors import InvalidArgument
from belote.game import Agent, play_match
from belote.rules import get_rules
from belote.scoring.announcements import find_combinations

TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]
EXAMPLES = settings(max_examples=25, deadline=None)


def _play(variant: str, players: int, bots: list[Player], seed: int) -> Deal:
    rng = random.Random(seed)
    for bot in bots:
        bot.start_deal(rng)
    deal = Deal.random(variant, rng, dealer=seed % players, players=players)
    play_deal(deal, bots)
    return deal


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("kind", ["random", "heuristic"])
@EXAMPLES
@given(seed=st.integers(0, 2**32))
def test_bots_only_choose_legal_actions(variant: str, players: int, kind: str, seed: int) -> None:
    """rules §3-§5, docs/rules.md#bidding: every action a bot takes passes the deal's checks, to the end.

    The deal refuses an illegal action (IllegalAction), so a finished deal
    whose record replays proves that every choice was legal.
    """
    from belote.records.replay import replay_document

    deal = _play(variant, players, make_bots(kind, players), seed)
    assert deal.is_over
    replayed = replay_document(deal.to_record())
    assert replayed["scores"] == list(deal.result.scores)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_bots_as_game_agents_play_a_legal_match(variant: str, players: int) -> None:
    """CONTRACT.md: the bots are game.Agent values; a whole match plays through Game."""
    agents = [HeuristicBot() if seat % 2 else RandomBot(seat) for seat in range(players)]
    assert all(isinstance(agent, Agent) for agent in agents)
    result = play_match(variant, agents, players=players, seed=11, target=300)
    assert result.winner is not None


def test_random_table_fast_path_makes_the_same_draws_as_one_act_per_action() -> None:
    """The inlined random table plays exactly what RandomBot.act would, draw for draw."""

    class Dispatched(RandomBot):
        """A RandomBot that play_deal drives one act() at a time."""

    for variant, players in TABLES:
        for seed in range(15):
            fast = _play(variant, players, [RandomBot() for _ in range(players)], seed)
            slow = _play(variant, players, [Dispatched() for _ in range(players)], seed)
            assert fast.history == slow.history


def test_heuristic_table_fast_path_makes_the_same_choices_as_one_act_per_action() -> None:
    """The inlined heuristic table plays exactly what HeuristicBot.act would, action for action."""

    class Dispatched(HeuristicBot):
        """A HeuristicBot that play_deal drives one act() at a time."""

    for variant, players in TABLES:
        for seed in range(15):
            fast = _play(variant, players, [HeuristicBot() for _ in range(players)], seed)
            slow = _play(variant, players, [Dispatched() for _ in range(players)], seed)
            assert fast.history == slow.history


def test_play_deal_needs_one_player_per_seat() -> None:
    """play_deal refuses a table with the wrong number of players."""
    with pytest.raises(InvalidArgument):
        play_deal(Deal.random("classic", seed=1), make_bots("random", 3))
    with pytest.raises(InvalidArgument):
        make_bots("clever", 4)


def test_heuristic_takes_with_jack_nine_and_length() -> None:
    """Rules §3, docs/rules.md#bidding: a strong trump holding takes in round 1; a weak one passes."""
    bot = HeuristicBot()
    rules = get_rules("classic")
    strong = CardSet.parse("JH 9H 8H AS KD").mask
    weak = CardSet.parse("7H 8S QD KC 9S").mask
    turned = CardSet.parse("QH").mask.bit_length() - 1
    legal = [(True, -1), (False, -1)]
    assert bot.bid_choice(strong, turned, False, legal, rules) == (True, -1)
    assert bot.bid_choice(weak, turned, False, legal, rules) == (False, -1)
    assert hand_strength(strong | 1 << turned, Suit.HEARTS) > hand_strength(weak, Suit.HEARTS)


def test_heuristic_names_its_best_suit_in_round_two() -> None:
    """Rules §3, docs/rules.md#bidding round 2: the bot names the suit where its hand is strong."""
    bot = HeuristicBot()
    hand = CardSet.parse("JS 9S AS 10S AD").mask
    turned = CardSet.parse("7H").mask.bit_length() - 1
    legal = [(True, s) for s in (0, 2, 3)] + [(False, -1)]
    assert bot.bid_choice(hand, turned, True, legal, get_rules("classic")) == (True, Suit.SPADES)


def test_heuristic_gives_points_to_a_partner_who_holds_the_trick() -> None:
    """Rules §5, docs/rules.md#play-obligations: with the partner master and nothing to follow, the bot discards its 10."""
    bot = HeuristicBot()
    trick = [CardSet.parse(c).mask.bit_length() - 1 for c in ("7S", "AS", "8S")]
    hand = CardSet.parse("10D 7D 8C").mask  # void in spades; seat 1 (partner) holds the trick
    card = bot.card_choice(seat=3, players=4, partners=True, hand=hand, legal=hand,
                           trick=trick, leader=0, trump=Suit.HEARTS, taker=0,
                           played=CardSet.parse("AS 7S 8S").mask)
    assert card == CardSet.parse("10D").mask.bit_length() - 1


def test_heuristic_wins_cheaply_when_last_and_keeps_trumps() -> None:
    """Last to play against an opponent's card: the cheapest winner; else no trump wasted."""
    bot = HeuristicBot()

    def index(text: str) -> int:
        return CardSet.parse(text).mask.bit_length() - 1

    trick = [index(c) for c in ("KS", "7S", "9S")]
    hand = CardSet.parse("AS 10S 7D").mask
    legal = CardSet.parse("AS 10S").mask
    card = bot.card_choice(seat=3, players=4, partners=True, hand=hand, legal=legal,
                           trick=trick, leader=0, trump=Suit.HEARTS, taker=1,
                           played=CardSet.parse("KS 7S 9S").mask)
    assert card == index("10S")  # 10 beats K: cheaper than the ace


def test_heuristic_attack_leads_the_master_trump() -> None:
    """The taker with the jack of trump draws trumps first."""
    bot = HeuristicBot()
    hand = CardSet.parse("JH 8H AS 7D").mask
    card = bot.card_choice(seat=0, players=4, partners=True, hand=hand, legal=hand, trick=[],
                           leader=0, trump=Suit.HEARTS, taker=0, played=0)
    assert card == CardSet.parse("JH").mask.bit_length() - 1


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751"])
def test_heuristic_always_announces_belote_with_both_cards(variant: str) -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: belote and rebelote are announced; the bot never forgets them."""
    seen = 0
    for seed in range(60):
        deal = _play(variant, 4, make_bots("heuristic", 4), seed)
        if deal.trump is None:
            continue
        trump = int(deal.trump)
        king, queen = 8 * trump + 6, 8 * trump + 5
        players = {action.cards[0].index: action.seat
                   for action in deal.history if action.verb is Verb.PLAY}
        if players[king] == players[queen]:
            seen += 1
            assert deal.belote_seat == players[king]
    assert seen


def test_heuristic_declares_every_combination_it_holds() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: each seat holding a combination declares it before its first card."""
    rules = get_rules("piedicavallo")
    declared_any = False
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.random(rules, rng, dealer=seed % 4)
        bots = make_bots("heuristic", 4)
        while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            seat = deal.to_act
            assert seat is not None
            act(deal, bots[seat])
        if deal.is_over:
            continue
        holders = {seat for seat in range(4) if find_combinations(deal.hand(seat), rules)}
        play_deal(deal, bots)
        assert {d.seat for d in deal.declarations} == holders
        declared_any = declared_any or bool(holders)
    assert declared_any


def test_heuristic_swaps_the_seven_of_trump() -> None:
    """Rules §4, docs/rules.md#seven-swap: the holder of the 7 of trump always takes the turned card."""
    swaps = 0
    for seed in range(80):
        rng = random.Random(seed)
        deal = Deal.random("french", rng, dealer=seed % 2, players=2)
        bots = make_bots("heuristic", 2)
        while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            seat = deal.to_act
            assert seat is not None
            act(deal, bots[seat])
        could_swap = deal.swap_seat()
        if deal.is_over:
            continue
        play_deal(deal, bots)
        did_swap = any(action.verb is Verb.SWAP for action in deal.history)
        assert did_swap == (could_swap is not None)
        swaps += did_swap
    assert swaps


def test_heuristic_calls_out_only_when_the_claim_holds() -> None:
    """Rules §8.1, docs/rules.md#calling-out: a bot calls out once its side's points reach the target, and wins."""
    calls = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.random("piedicavallo", rng, dealer=seed % 4, totals=(995, 995), target=1000)
        result = play_deal(deal, make_bots("heuristic", 4))
        caller = deal.called_out
        if caller is not None:
            calls += 1
            assert result.match_winner == caller % 2
    assert calls


@settings(max_examples=25, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32),
)
def test_heuristic_play_choice_is_always_legal(table: tuple[str, int], seed: int) -> None:
    """Rules §5, docs/rules.md#play-obligations: the compiled play decision answers a legal id.

    ``belote.agents.cardplay.play_choice_id`` is the heuristic's decision in the
    play phase (swap, declare, call out or a card); each answer is among the
    view's legal ids, and a call-out only comes with the side at the target.
    """
    variant, players = table
    deal = Deal.random(variant, seed=seed, players=players)
    bot = HeuristicBot()
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.seat_view(seat)
        if view.phase is Phase.PLAY:
            answer = play_choice_id(view)
            assert view.legal >> answer & 1
            if view.legal >> ID_STOP & 1 and should_call_out(view):
                side = seat % 2 if deal.rules.partnerships and players == 4 else seat
                assert deal.rules.reached_target(view.totals[side] + view.so_far[side], view.target)
        deal.apply_id(bot.choose_id(view))
