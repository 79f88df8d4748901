"""The simulation fast path agrees with the typed path (hypothesis).

:meth:`Deal.legal_play_mask`, :meth:`Deal.play_card`, :meth:`Deal.bid` and
the trusted scoring the engine uses are tuned for speed; these properties
check them against the typed path (:meth:`Deal.legal_actions`,
:meth:`Deal.apply`), the reference functions of :mod:`belote.tricks` and the
public :func:`~belote.scoring.score_tally`.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import ID_BID_STRAIN, ID_PASS, Verb
from belote.agents import RandomBot, act
from belote.deal import Deal
from belote.deal.legal import draw_bid, draw_call
from belote.errors import IllegalAction
from belote.experiments.simulate import randrange_fast
from belote.rules import available_variants, get_rules
from belote.scoring import score_tally, score_trusted
from belote.scoring.hands import combinations_of, could_declare
from belote.strategies import DealStart, deals
from belote.tricks import legal_mask, winner_index

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def start(s: DealStart) -> Deal:
    return Deal(s.rules, s.deck, s.dealer, s.players)


def check_play_state(deal: Deal) -> None:
    """The fast path's legal cards against the reference obligations and the typed path."""
    mask = deal.legal_play_mask()
    seat = deal.to_act
    if seat is None or deal.strain is None or deal.swap_seat() is not None:
        assert mask == 0  # no card before the holder of the 7 of trump has decided
        return
    trick = [card.index for card in deal.trick]
    partners = deal.rules.partnerships and deal.players == 4
    expected = legal_mask(deal.hand_mask(seat), trick, int(deal.strain), deal.rules.play, partners)
    assert mask == expected
    typed = 0
    belote = set()
    for action in deal.legal_actions():
        if action.verb is Verb.PLAY and action.seat == seat:
            typed |= action.cards[0].bit
            if action.belote:
                belote.add(action.cards[0].index)
    assert mask == typed
    assert belote == {card for card in range(32) if mask >> card & 1
                      and deal.can_announce_belote(card)}
    assert sorted(deal.legal_play_cards()) == [c for c in range(32) if mask >> c & 1]


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_fast_and_typed_paths_play_the_same_deal(s: DealStart, seed: int) -> None:
    """Every step done once by the fast path and once by apply() leaves equal deals."""
    fast, typed = start(s), start(s)
    rng = random.Random(seed)
    while not typed.is_over:
        assert fast == typed
        check_play_state(fast)
        actions = typed.legal_actions()
        action = actions[rng.randrange(len(actions))]
        typed.apply(action)
        if action.verb is Verb.PASS:
            assert (False, -1) in fast.legal_bids()
            fast.bid(False)
        elif action.verb is Verb.TAKE:
            suit = -1 if action.suit is None else int(action.suit)
            assert (True, suit) in fast.legal_bids()
            fast.bid(True, suit)
        elif action.verb is Verb.PLAY:
            fast.play_card(action.cards[0].index, action.belote)
        else:  # declarations, the swap and calling out have no fast path
            fast.apply(action)
    assert fast == typed and fast.is_over
    assert fast.legal_play_mask() == 0 and fast.legal_bids() == []
    assert fast.history == typed.history
    assert fast.tally() == typed.tally()
    assert fast.result == typed.result
    for (leader, cards), winner in zip(fast.tricks, fast.trick_winners, strict=True):
        position = winner_index([card.index for card in cards], int(fast.strain or 0))
        assert winner == (leader + position) % fast.players


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_copies_keep_playing_alike(s: DealStart, seed: int) -> None:
    """A copy taken mid-deal plays on exactly like the original."""
    deal = start(s)
    rng = random.Random(seed)
    copy = None
    while not deal.is_over:
        if copy is None and rng.random() < 0.1:
            copy = deal.copy()
            assert copy == deal
        bids = deal.legal_bids()
        if bids:
            choice = bids[rng.randrange(len(bids))]
            deal.bid(*choice)
            if copy is not None:
                copy.bid(*choice)
        elif deal.swap_seat() is not None:  # the seven swap's decision, by id
            choice_id = rng.choice(deal.legal_action_ids())
            deal.apply_id(choice_id)
            if copy is not None:
                copy.apply_id(choice_id)
        else:
            cards = deal.legal_play_cards()
            card = cards[rng.randrange(len(cards))]
            announce = deal.can_announce_belote(card) and rng.random() < 0.5
            deal.play_card(card, announce)
            if copy is not None:
                copy.play_card(card, announce)
        if copy is not None:
            assert copy == deal and copy.legal_play_mask() == deal.legal_play_mask()
    if copy is not None:
        assert copy.result == deal.result


@PROPERTY
@given(deals(), st.integers(0, 2**32), st.integers(0, 400))
def test_trusted_scoring_equals_score_tally(s: DealStart, seed: int, pending: int) -> None:
    """The engine's unchecked scoring gives what score_tally gives on its tallies."""
    deal = start(s)
    rng = random.Random(seed)
    while not deal.is_over:
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])
    tally = deal.tally()
    if tally is None:
        return
    expected = score_tally(tally, deal.rules, pending=pending)
    assert score_trusted(tally, deal.rules, pending) == expected
    assert score_trusted(tally, deal.rules, pending, deal.scoring_declarations) == expected
    if deal.called_out is None:  # else the deal adds the match's verdict
        assert deal.result == score_tally(tally, deal.rules, pending=deal.pending)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([rules.name for rules in available_variants()]), st.integers(0, 2**64))
def test_random_deals_shuffle_like_random_shuffle(variant: str, seed: int) -> None:
    """Deal.random deals random.Random(seed).shuffle and leaves the generator alike."""
    rng, reference = random.Random(seed), random.Random(seed)
    deck = list(range(32))
    reference.shuffle(deck)
    deal = Deal.random(variant, rng)
    assert [card.index for card in deal.deck] == deck
    assert rng.random() == reference.random()
    assert Deal.random(variant, seed).deck == deal.deck


def test_every_variant_is_covered() -> None:
    """The strategies above draw from every registered variant."""
    assert {rules.name for rules in available_variants()} >= {
        "classic", "french", "italian751", "piedicavallo"}


def _step_by_step_random(deal: Deal, rng: random.Random) -> None:
    """What Deal.play_out_random promises: a table of RandomBot values sharing ``rng``, one act each."""
    bots = [RandomBot(rng) for _ in range(deal.players)]
    while deal.to_act is not None:
        act(deal, bots[deal.to_act])


@PROPERTY
@given(deals(), st.integers(0, 2**32), st.integers(0, 40))
def test_play_out_random_plays_like_random_bots(s: DealStart, seed: int, steps_first: int) -> None:
    """The fused random play-out leaves the deal and the generator as random agents would.

    Up to ``steps_first`` random legal actions come first (so the fused loop
    also starts in the bidding, at the swap decision, mid-trick and after the
    first trick).
    """
    deal = start(s)
    choices = random.Random(seed)
    for _ in range(steps_first):
        if deal.is_over:
            break
        ids = deal.legal_action_ids()
        deal.apply_id(ids[choices.randrange(len(ids))])
    if deal.is_over:
        before = deal.copy()
        with pytest.raises(IllegalAction):
            deal.play_out_random(random.Random(seed))
        assert deal == before
        return
    fused, stepped = deal.copy(), deal.copy()
    fused_rng, stepped_rng = random.Random(seed + 1), random.Random(seed + 1)
    fused.play_out_random(fused_rng)
    _step_by_step_random(stepped, stepped_rng)
    assert fused == stepped and fused.is_over
    assert fused.legal_play_mask() == 0 and fused.to_act is None
    assert fused.history == stepped.history
    assert fused.result == stepped.result
    assert fused_rng.random() == stepped_rng.random()
    assert fused_rng.getstate() == stepped_rng.getstate()
    with pytest.raises(IllegalAction):
        fused.play_out_random(fused_rng)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64), st.integers(1, 9))
def test_simulation_randrange_draws_like_random_randrange(seed: int, n: int) -> None:
    """The simulation's inline randrange draws what Random.randrange draws."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert randrange_fast(ours, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()


@settings(max_examples=200, deadline=None)
@given(st.integers(0, (1 << 9) - 1), st.floats(0.0, 1.0, exclude_max=True))
def test_a_strain_call_is_drawn_as_from_the_full_mask(calls: int, x: float) -> None:
    """draw_call on the small mask of a strain auction's calls picks what draw_bid picks on the full one."""
    full = calls << ID_BID_STRAIN | 1 << ID_PASS
    assert draw_call(calls, lambda: x) == draw_bid(full, lambda: x)


@PROPERTY
@given(st.integers(0, (1 << 32) - 1), st.sampled_from(available_variants()))
def test_a_hand_that_could_not_declare_finds_no_combination(mask: int, variant: str) -> None:
    """docs/rules.md#announcement-kinds: a run needs three in a row of a suit, a carré one rank in four suits; ``could_declare`` false means nothing to declare."""
    found = combinations_of(mask, get_rules(variant))
    if not could_declare(mask):
        assert found == ()
    run = any(mask >> (8 * suit + rank) & 7 == 7 for suit in range(4) for rank in range(6))
    carre = any(all(mask >> (8 * suit + rank) & 1 for suit in range(4)) for rank in range(8))
    assert could_declare(mask) == (run or carre)
