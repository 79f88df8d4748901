"""The bots on contrée (issue 39): the heuristic and PIMC bid contracts, coinche and surcoinche.

The heuristic's rule is [`contract_to_bid`][belote.agents.cardplay.contract_to_bid];
its weights are a fit on deals solved double-dummy (docs/contree.md).
"""

from __future__ import annotations

import collections

from belote.actions import ID_COINCHE, ID_PASS, ID_SURCOINCHE, action_id, bid_id
from belote.agents import HeuristicBot, play_deal
from belote.agents.cardplay import contract_estimate, contract_of_bids, contract_to_bid
from belote.cards import CardSet
from belote.deal import Deal
from belote.deal.auction import bid_of_id
from belote.rules import get_rules

RULES = get_rules("contree")
STRONG_HEARTS = CardSet.parse("JH 9H AH 10H 7H AS 10S KD").mask
WEAK = CardSet.parse("7S 8S 7H 8H 7D 8D 9C QC").mask


def _legal(bids: list[tuple[int, int]], dealer: int = 3) -> tuple[int, int]:
    """The seat to act and its legal id mask after ``bids`` from a deal dealt by ``dealer``."""
    deal = Deal.random("contree", seed=1, dealer=dealer)
    for _, action in bids:
        deal.apply_id(action)
    return deal.to_act or 0, deal.seat_view(deal.to_act or 0).legal


def test_heuristic_opens_a_strong_hand_in_its_long_suit() -> None:
    """RULES §11.1: a bid is a value and a strain; a strong heart hand bids hearts at the level
    its estimate (less the margin) reaches."""
    seat, legal = _legal([])
    action = contract_to_bid(seat, STRONG_HEARTS, legal, (-1, -1, -1, 0), (), RULES)
    level = (contract_estimate(STRONG_HEARTS, 1) - 25) // 10 * 10
    assert action == bid_id(min(level, 160), 1)


def test_heuristic_passes_a_weak_hand() -> None:
    """A hand with no trump honour and no ace does not bid."""
    seat, legal = _legal([])
    assert contract_to_bid(seat, WEAK, legal, (-1, -1, -1, 0), (), RULES) == ID_PASS


def test_heuristic_raises_its_partners_strain() -> None:
    """Raising the partner: a hand with the jack and nine of the partner's suit and side aces
    bids the partner's strain higher rather than pass."""
    bids = [(0, bid_id(80, 2)), (1, ID_PASS)]
    seat, legal = _legal(bids)
    assert seat == 2
    hand = CardSet.parse("JD 9D 7D AS AC 10C 8H 7H").mask
    action = contract_to_bid(seat, hand, legal, contract_of_bids(bids), bids, RULES)
    assert action != ID_PASS
    value, strain = bid_of_id(action)
    assert strain == 2 and value > 80


def test_heuristic_does_not_raise_its_own_bid() -> None:
    """The bot never bids over its own standing contract."""
    bids = [(0, bid_id(90, 1)), (1, ID_PASS), (2, ID_PASS), (3, ID_PASS)]
    deal = Deal.random("contree", seed=1, dealer=3)
    for _, action in bids[:3]:
        deal.apply_id(action)
    deal.apply_id(bid_id(100, 0))  # seat 3 overbids
    bids = [*bids[:3], (3, bid_id(100, 0))]
    legal = deal.seat_view(0).legal
    # seat 0 to act over an opponent's 100 S: bids hearts again only if its estimate reaches 110
    action = contract_to_bid(0, STRONG_HEARTS, legal, contract_of_bids(bids), bids, RULES)
    assert action in (ID_PASS, ID_COINCHE) or action > bid_id(100, 0)


def test_heuristic_coinches_a_contract_it_expects_to_beat() -> None:
    """Coinche (RULES §11.1): an opponent's 120 in spades against the jack, nine and ace of
    spades and two side aces is expected to fail: the bot coinches."""
    bids = [(0, bid_id(120, 0))]
    seat, legal = _legal(bids)
    assert legal >> ID_COINCHE & 1
    hand = CardSet.parse("JS 9S AS 10S AH AD 10D AC").mask
    assert contract_to_bid(seat, hand, legal, contract_of_bids(bids), bids, RULES) == ID_COINCHE
    assert contract_to_bid(seat, WEAK, legal, contract_of_bids(bids), bids, RULES) != ID_COINCHE


def test_heuristic_surcoinches_only_a_contract_it_expects_to_make_by_far() -> None:
    """Surcoinche (RULES §11.1) only by the coinched side, and rarely: a low contract its side
    should make by 30 points more."""
    bids = [(0, bid_id(80, 1)), (1, ID_COINCHE)]
    seat, legal = _legal(bids)
    assert seat == 2 and legal >> ID_SURCOINCHE & 1
    contract = contract_of_bids(bids)
    assert contract == (80, 1, 0, 1)
    assert contract_to_bid(seat, STRONG_HEARTS, legal, contract, bids, RULES) == ID_SURCOINCHE
    assert contract_to_bid(seat, WEAK, legal, contract, bids, RULES) == ID_PASS


def test_heuristic_both_paths_agree_and_bids_are_legal() -> None:
    """The Agent path (``choose`` on an observation) and the fast path (``choose_id`` on a
    seat view) make the same decisions, all legal, through whole contrée deals."""
    bot = HeuristicBot()
    for seed in range(40):
        deal = Deal.random("contree", seed=seed)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            chosen = bot.choose(deal.observation(seat), deal.legal_actions())
            fast = bot.choose_id(deal.seat_view(seat))
            assert action_id(chosen) == fast
            assert deal.seat_view(seat).legal >> fast & 1
            deal.apply_id(fast)


def test_heuristic_contracts_are_mostly_made() -> None:
    """Four heuristic bots bid contracts on most deals and make most of them."""
    seen: collections.Counter[str] = collections.Counter()
    for seed in range(200):
        result = play_deal(Deal.random("contree", seed=seed), [HeuristicBot()] * 4)
        seen[result.outcome.value] += 1
    assert seen["redeal"] < 20
    assert seen["made"] > 1.5 * seen["failed"]


def test_pimc_bids_contracts_both_ways() -> None:
    """PIMC in contrée: by default it bids as the heuristic; with ``contracts="dd"`` it bids by
    double-dummy values of sampled deals, always legally, and plays the deal to its end."""
    import pytest

    from belote.agents.pimc import PIMCBot, side_points
    from belote.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="contracts"):
        PIMCBot(contracts="bridge")
    for mode in ("heuristic", "dd"):
        deal = Deal.random("contree", seed=7, dealer=0)
        bots = [PIMCBot(samples=2, time_budget=None, contracts=mode), HeuristicBot()] * 2
        result = play_deal(deal, bots)
        assert result.outcome.value in ("made", "failed", "redeal")
    deal = Deal.random("contree", seed=7, dealer=0)
    hands = [deal.hand_mask(s) for s in range(4)]
    made = side_points(RULES, hands, 0, 1, 0)
    assert made in (0, *RULES.auction.values, 252)
