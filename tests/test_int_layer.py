"""The int layer and the typed layer say the same thing (hypothesis).

The typed layer ([`Deal.legal_actions`], [`Deal.can`], [`Deal.apply`]) is a
thin wrapper over the int layer ([`Deal.legal_action_mask`],
[`Deal.apply_id`]): for every action of the fixed id space, in every phase of
every variant, ``can`` agrees with ``legal_actions`` and with the mask.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import ACTION_IDS, ID_PLAY, ID_SWAP, Action, Verb, action_from_id, action_id
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidArgument
from belote.strategies import DealStart, deals

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _pick(legal: list[Action], rng: random.Random) -> Action:
    # Favour declarations, swaps and calls so that their phases are visited often.
    rare = [a for a in legal if a.verb in (Verb.DECLARE, Verb.SWAP, Verb.STOP)]
    if rare and rng.random() < 0.6:
        return rare[rng.randrange(len(rare))]
    return legal[rng.randrange(len(legal))]


def _check_state(deal: Deal) -> None:
    legal = deal.legal_actions()
    legal_set = set(legal)
    mask = deal.legal_action_mask()
    ids = deal.legal_action_ids()
    assert len(set(ids)) == len(ids) and sum(1 << i for i in ids) == mask
    assert [action_id(a) for a in legal] == ids  # the same order
    assert len(legal) == len(legal_set)
    for seat in range(deal.players):
        for i in range(ACTION_IDS):
            action = action_from_id(i, seat)
            can = deal.can(action)
            assert can == (action in legal_set), (str(action), deal.phase)
            assert (deal.why_illegal(action) is None) == can
            assert deal.can(str(action)) == can
    for action in legal:
        expected = deal.actor(action_id(action))
        assert action.seat == expected


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_can_is_membership_in_legal_actions(s: DealStart, seed: int) -> None:
    """``can(a)`` ⇔ ``a in legal_actions()`` ⇔ bit ``action_id(a)`` of the mask, for the actor."""
    deal = Deal(s.rules, s.deck, s.dealer, s.players)
    rng = random.Random(seed)
    while not deal.is_over:
        _check_state(deal)
        deal.apply(_pick(deal.legal_actions(), rng))
    _check_state(deal)


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_apply_id_plays_like_apply(s: DealStart, seed: int) -> None:
    """The same choices through ``apply_id`` and through ``apply`` leave equal deals."""
    typed = Deal(s.rules, s.deck, s.dealer, s.players)
    fast = typed.copy()
    rng = random.Random(seed)
    while not typed.is_over:
        action = _pick(typed.legal_actions(), rng)
        before = fast.copy()
        illegal = rng.randrange(ACTION_IDS)
        if not fast.legal_action_mask() >> illegal & 1:
            with pytest.raises(IllegalAction):
                fast.apply_id(illegal)
            assert fast == before
        typed.apply(action)
        fast.apply_id(action_id(action))
        assert typed == fast
        assert typed.history == fast.history


def test_apply_id_refuses_what_is_not_an_id() -> None:
    """A typed error for ids outside ``range(ACTION_IDS)``; the deal is unchanged."""
    deal = Deal.random("classic", seed=3)
    before = deal.copy()
    for bad in (-1, ACTION_IDS, "1", 1.0, None):
        with pytest.raises(InvalidArgument):
            deal.apply_id(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        deal.apply_id(ID_PLAY)  # no card is played in the bidding
    with pytest.raises(IllegalAction):
        deal.apply_id(ID_SWAP)
    assert deal == before


def _pick_auction(legal: list[Action], rng: random.Random) -> Action:
    # Favour coinche, surcoinche and high bids so that every branch of the auction is visited.
    rare = [a for a in legal if a.verb in (Verb.COINCHE, Verb.SURCOINCHE) or (a.verb is Verb.BID and a.value is None)]
    if rare and rng.random() < 0.3:
        return rare[rng.randrange(len(rare))]
    return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("seed", range(12))
def test_the_int_layer_and_the_typed_layer_agree_in_an_auction(seed: int) -> None:
    """docs/contree.md#the-auction: every bid, coinche and surcoinche has its id (166 to 353,
    appended after the ids of the other variants); ``can``, the mask and ``apply_id``
    agree with ``legal_actions`` and ``apply`` at every turn of a contrée deal."""
    rng = random.Random(seed)
    typed = Deal.random("contree", seed=seed, dealer=seed % 4)
    fast = typed.copy()
    while not typed.is_over:
        _check_state(typed)
        action = _pick_auction(typed.legal_actions(), rng)
        illegal = rng.randrange(ACTION_IDS)
        if not fast.legal_action_mask() >> illegal & 1:
            before = fast.copy()
            with pytest.raises(IllegalAction):
                fast.apply_id(illegal)
            assert fast == before
        typed.apply(action)
        fast.apply_id(action_id(action))
        assert typed == fast
    _check_state(typed)
    assert typed.history == fast.history
