"""The bots on bulgarian (issue 47 item 7): a strain auction, and card play in no-trumps and all-trumps.

The heuristic's auction is [`strain_to_bid`][belote.agents.strains.strain_to_bid]
(RULES §12.1 "The auction"); its card play covers the six trump modes
(RULES §12.1 "Card orders", "Play obligations"); PIMC's knowledge reads
the mode from the contract.
"""

from __future__ import annotations

import collections
import random

from belote.actions import (
    ID_BID_STRAIN,
    ID_DOUBLE,
    ID_PASS,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_REDOUBLE,
    Verb,
)
from belote.agents import HeuristicBot
from belote.agents.cardplay import card_to_play
from belote.agents.heuristic import observation_mode
from belote.agents.knowledge import knowledge, sample_deals
from belote.agents.pimc import PIMCBot
from belote.agents.strains import (
    AT_THRESHOLD,
    NT_THRESHOLD,
    SUIT_THRESHOLD,
    strain_strength,
    strain_to_bid,
    strains_of_bids,
)
from belote.cards import ALL_TRUMPS, NO_TRUMPS, CardSet
from belote.deal import Deal, Phase
from belote.rules import get_rules

RULES = get_rules("bulgarian")
NT, AT = ID_BID_STRAIN + NO_TRUMPS, ID_BID_STRAIN + ALL_TRUMPS
HEARTS, SPADES, CLUBS = ID_BID_STRAIN + 1, ID_BID_STRAIN + 0, ID_BID_STRAIN + 3
_FULL = (1 << 32) - 1


def _legal(bids: list[int], dealer: int = 3) -> tuple[int, int, list[tuple[int, int]]]:
    """The seat to act, its legal id mask and the ``(seat, id)`` calls after ``bids``."""
    deal = Deal.random("bulgarian", seed=1, dealer=dealer)
    heard = []
    for action in bids:
        heard.append((deal.to_act or 0, action))
        deal.apply_id(action)
    seat = deal.to_act or 0
    return seat, deal.seat_view(seat).legal, heard


def _bid(hand: str, bids: list[int]) -> int:
    seat, legal, heard = _legal(bids)
    return strain_to_bid(seat, CardSet.parse(hand).mask, legal, heard, RULES)


def _play(seed: int, bots: list[HeuristicBot], mode: int | None = None) -> Deal:
    """A deal played by the heuristic's fast path, every choice checked against the legal mask;
    with ``mode``, the first seat bids that strain and the others pass."""
    deal = Deal.random("bulgarian", seed=seed, dealer=seed % 4)
    if mode is not None:
        deal.apply_id(ID_BID_STRAIN + mode)
        while deal.phase is Phase.AUCTION:
            deal.apply_id(ID_PASS)
    while not deal.is_over:
        view = deal.seat_view(deal.to_act or 0)
        choice = bots[view.seat].choose_id(view)
        assert view.legal >> choice & 1, (seed, choice)
        deal.apply_id(choice)
    return deal


# --- the auction ------------------------------------------------------------------------


def test_counts_per_mode() -> None:
    """RULES §12.1 "Card orders": trumps count by J 9 A, no-trumps by aces and tens,
    all-trumps by the jacks and nines of every suit."""
    hand = CardSet.parse("JH 9H JS AC 10C").mask
    assert strain_strength(hand, 1) > strain_strength(hand, 0)
    aces = CardSet.parse("AH 10H AS AC KC").mask
    assert strain_strength(aces, NO_TRUMPS) >= NT_THRESHOLD > strain_strength(hand, NO_TRUMPS)
    jacks = CardSet.parse("JH 9H JS 9S JC").mask
    assert strain_strength(jacks, ALL_TRUMPS) >= AT_THRESHOLD > strain_strength(aces, ALL_TRUMPS)


def test_opens_its_best_strain_and_passes_a_weak_hand() -> None:
    """RULES §12.1 "The auction": a strain above the standing one, or a pass."""
    assert _bid("JH 9H AH 7S 8D", []) == HEARTS
    assert _bid("AH 10H AS AC KC", []) == NT
    assert _bid("JH 9H JS 9S JC", []) == AT
    assert _bid("7S 8S 7H 8D QC", []) == ID_PASS


def test_bids_only_above_the_standing_strain() -> None:
    """RULES §12.1: each bid is above the standing one (C < D < H < S < NT < AT)."""
    # The opponent's spades stand over a hearts hand: it cannot bid hearts, and passes.
    assert _bid("JH 9H AH 7S 8D", [SPADES]) == ID_PASS
    assert _bid("JH 9H JS 9S JC", [NT]) == AT


def test_leaves_its_partners_strain_standing() -> None:
    """RULES §12.1 "The auction" (a seat may bid over its partner): over the partner's bid
    another strain needs the overcall margin to spare."""
    # Seat 0 bids hearts, seat 1 passes; seat 2 holds a marginal spade hand.
    assert strain_strength(CardSet.parse("JS 9S 7S 8H 7D").mask, 0) >= SUIT_THRESHOLD
    assert _bid("JS 9S 7S 8H 7D", [HEARTS, ID_PASS]) == ID_PASS


def test_doubles_a_bid_it_expects_to_beat_and_redoubles_rarely() -> None:
    """RULES §12.1: double the other team's standing bid (×2), redouble a double of one's own (×4)."""
    assert _bid("JH 9H AH 10H AS", [HEARTS]) == ID_DOUBLE
    assert _bid("JH 7H 8S 7D 8C", [HEARTS]) == ID_PASS
    # Seat 0 bids hearts, seat 1 doubles; seat 2 with the top hearts redoubles.
    assert _bid("JH 9H AH 10H AS", [HEARTS, ID_DOUBLE]) == ID_REDOUBLE
    assert _bid("8H 7S 8S 7D 8C", [HEARTS, ID_DOUBLE]) == ID_PASS


def test_escapes_a_double_when_it_must() -> None:
    """RULES §12.1: a higher bid cancels the double; the doubled side runs when its strain
    looks lost and a higher one is worth bidding."""
    # Seat 0 bids clubs, seat 1 doubles; seat 2 holds no club honour but a fair heart hand
    # (one it would not bid over its partner's clubs undoubled).
    assert _bid("JH 9H 7H 8S 7D", [CLUBS, ID_PASS]) == ID_PASS
    assert _bid("JH 9H 7H 8S 7D", [CLUBS, ID_DOUBLE]) == HEARTS
    assert _bid("8H 7S 8S 7D 8D", [CLUBS, ID_DOUBLE]) == ID_PASS


def test_strains_of_bids() -> None:
    """A higher bid cancels the doubles (RULES §12.1 "The auction")."""
    assert strains_of_bids([]) == (-1, -1, 0)
    assert strains_of_bids([(1, HEARTS), (2, ID_DOUBLE), (3, ID_REDOUBLE)]) == (1, 1, 2)
    assert strains_of_bids([(1, HEARTS), (2, ID_DOUBLE), (3, NT)]) == (NO_TRUMPS, 3, 0)


def test_self_play_is_legal_bids_most_deals_and_doubles_sometimes() -> None:
    """RULES §12.1: four passes throw the cards in; the heuristic bids in most deals, plays every
    mode and doubles now and then, never choosing an illegal call or card."""
    bots = [HeuristicBot() for _ in range(4)]
    modes: collections.Counter[int] = collections.Counter()
    redeals = doubles = 0
    deals = 600
    for seed in range(deals):
        deal = _play(seed, bots)
        calls = [action for action in deal.history if action.verb in (Verb.DOUBLE, Verb.BID)]
        doubles += sum(1 for action in calls if action.verb is Verb.DOUBLE)
        if deal.strain is None:
            redeals += 1
        else:
            modes[int(deal.strain)] += 1
    assert redeals < deals // 5
    assert modes[NO_TRUMPS] and modes[ALL_TRUMPS] and sum(modes[m] for m in range(4))
    assert doubles > 0


def test_plays_every_mode_legally() -> None:
    """RULES §12.1 "Play obligations": many seeds in a suit, no-trumps and all-trumps."""
    bots = [HeuristicBot() for _ in range(4)]
    for mode in (2, NO_TRUMPS, ALL_TRUMPS):
        for seed in range(60):
            assert _play(seed, bots, mode).is_over


def test_announces_belote_whenever_legal_several_in_all_trumps() -> None:
    """RULES §12.1 "Belote": every suit's K and Q in all-trumps; the bot says each it may."""
    bots = [HeuristicBot() for _ in range(4)]
    most = 0
    for seed in range(80):
        deal = Deal.random("bulgarian", seed=seed, dealer=0)
        deal.apply_id(AT)
        while deal.phase is Phase.AUCTION:
            deal.apply_id(ID_PASS)
        said = 0
        while not deal.is_over:
            view = deal.seat_view(deal.to_act or 0)
            choice = bots[view.seat].choose_id(view)
            if ID_PLAY <= choice < ID_PLAY_BELOTE:
                assert not view.legal >> (choice - ID_PLAY + ID_PLAY_BELOTE) & 1
            said += ID_PLAY_BELOTE <= choice < ID_PLAY_BELOTE + 32
            deal.apply_id(choice)
        most = max(most, said)
    assert most >= 2


# --- card play ----------------------------------------------------------------------------


def test_no_trumps_cashes_aces_all_trumps_leads_jacks() -> None:
    """RULES §12.1 "Card orders": in NT the ace is master, in AT the jack."""
    hand = CardSet.parse("AH 7H JS 8S 9D 7C 8C 10C").mask
    nt = card_to_play(1, 4, True, hand, hand, [], 1, NO_TRUMPS, 1, 0)
    at = card_to_play(1, 4, True, hand, hand, [], 1, ALL_TRUMPS, 1, 0)
    assert (nt, at) == (CardSet.parse("AH").mask.bit_length() - 1,
                        CardSet.parse("JS").mask.bit_length() - 1)


def test_all_trumps_beats_the_card_led() -> None:
    """RULES §12.1: in AT a follower beats the best card of the led suit when able."""
    hand = CardSet.parse("9H 7H 8S").mask
    legal = CardSet.parse("9H").mask  # the legal mask after an ace of hearts led
    led = CardSet.parse("AH").mask.bit_length() - 1
    assert card_to_play(2, 4, True, hand, legal, [led], 1, ALL_TRUMPS, 1, 1 << led) == (
        CardSet.parse("9H").mask.bit_length() - 1)


def test_agent_path_plays_no_trumps_and_all_trumps() -> None:
    """RULES §12.1 "Card orders": the observation's trump is None in NT/AT; the bot reads the
    mode from the contract."""
    bot = HeuristicBot()
    for mode in (NO_TRUMPS, ALL_TRUMPS):
        deal = Deal.random("bulgarian", seed=3, dealer=0)
        deal.apply_id(ID_BID_STRAIN + mode)
        while deal.phase is Phase.AUCTION:
            deal.apply_id(ID_PASS)
        while not deal.is_over:
            seat = deal.to_act or 0
            observation = deal.observation(seat)
            if observation.phase is Phase.PLAY:
                assert observation_mode(observation) == mode
            deal.apply(bot.choose(observation, deal.legal_actions()))


# --- what a seat knows (PIMC) -------------------------------------------------------------


def test_knowledge_is_sound_and_reads_voids_per_mode() -> None:
    """RULES §12.1 "Play obligations": the true hands always fit what a seat infers; a seat that
    did not follow in NT is void in the led suit (and nothing more: no trump to ruff with)."""
    bots = [HeuristicBot() for _ in range(4)]
    voids = 0
    for mode in (0, NO_TRUMPS, ALL_TRUMPS):
        for seed in range(25):
            deal = Deal.random("bulgarian", seed=seed, dealer=1)
            deal.apply_id(ID_BID_STRAIN + mode)
            while deal.phase is Phase.AUCTION:
                deal.apply_id(ID_PASS)
            while not deal.is_over:
                seat = deal.to_act or 0
                if deal.phase is Phase.PLAY and len(deal.hand(seat)) < 8:
                    info = knowledge(deal.observation(seat))
                    for other in range(4):
                        if other == seat:
                            continue
                        hidden = deal.hand_mask(other) & ~info.known[other]
                        assert hidden & ~info.allowed[other] == 0, (mode, seed, other)
                        if mode == NO_TRUMPS:
                            voids += info.unknown & ~info.allowed[other] != 0
                deal.apply_id(bots[seat].choose_id(deal.seat_view(seat)))
    assert voids


def test_samples_agree_with_the_play_in_every_mode() -> None:
    """RULES §12.1 "Dealing" (5 + 3 cards): a sampled deal replays the public history, the
    auction included: same contract mode, same hand for the observing seat."""
    bots = [HeuristicBot() for _ in range(4)]
    for mode in (3, NO_TRUMPS, ALL_TRUMPS):
        deal = Deal.random("bulgarian", seed=8, dealer=2)
        deal.apply_id(ID_BID_STRAIN + mode)
        while deal.phase is Phase.AUCTION:
            deal.apply_id(ID_PASS)
        for _ in range(9):
            deal.apply_id(bots[deal.to_act or 0].choose_id(deal.seat_view(deal.to_act or 0)))
        seat = deal.to_act or 0
        samples = list(sample_deals(deal.observation(seat), 5, random.Random(2)))
        assert len(samples) == 5
        for sample in samples:
            assert sample.strain == deal.strain
            assert sample.hand_mask(seat) == deal.hand_mask(seat)


def test_pimc_plays_bulgarian() -> None:
    """RULES §12.1 "The auction", "Play obligations": PIMC plays a whole deal in each mode (by
    rollouts where the solver does not handle NT/AT); ``contracts=heuristic`` bids a strain
    auction as the heuristic (as its default does; ``contracts=eval``: tests/test_bulgarian_eval.py)."""
    for mode in (1, NO_TRUMPS, ALL_TRUMPS):
        deal = Deal.random("bulgarian", seed=4, dealer=0)
        deal.apply_id(ID_BID_STRAIN + mode)
        while deal.phase is Phase.AUCTION:
            deal.apply_id(ID_PASS)
        bots = [PIMCBot(samples=2, rollouts=4, time_budget=None, exact_tricks=2, seed=s)
                for s in range(4)]
        while not deal.is_over:
            seat = deal.to_act or 0
            deal.apply(bots[seat].choose(deal.observation(seat), deal.legal_actions()))
        assert deal.result.scores
    auction = Deal.random("bulgarian", seed=5, dealer=0)
    seat = auction.to_act or 0
    bot = PIMCBot(samples=2, rollouts=4, time_budget=None, contracts="heuristic")
    assert bot.choose(auction.observation(seat), auction.legal_actions()) == HeuristicBot().choose(
        auction.observation(seat), auction.legal_actions())
