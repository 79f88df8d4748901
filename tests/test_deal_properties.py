"""Invariants of the deal state machine under random legal play (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import Action, Verb
from belote.cards import CARDS, Card
from belote.deal import Deal
from belote.errors import IllegalAction
from belote.records.replay import deal_from_record
from belote.scoring import Outcome
from belote.strategies import DealStart, deals

PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def start(s: DealStart) -> Deal:
    return Deal(s.rules, s.deck, s.dealer, s.players)


def play_randomly(deal: Deal, seed: int, check: bool = False) -> Deal:
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal, "a legal action always exists until the deal ends"
        if check:
            assert all(deal.can(action) for action in legal)
        deal.apply(legal[rng.randrange(len(legal))])
    return deal


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_random_legal_play_always_ends_with_a_result(s: DealStart, seed: int) -> None:
    """Rules §3, docs/rules.md#bidding; rules §5, docs/rules.md#play-obligations: every deal ends (played, redeal or stopped) and scores."""
    deal = play_randomly(start(s), seed, check=True)
    assert deal.to_act is None and deal.legal_actions() == []
    result = deal.result
    assert len(result.scores) == deal.sides


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_card_points_are_conserved(s: DealStart, seed: int) -> None:
    """Rules §1, docs/rules.md#cards: 152 card points in play, 162 with the last trick (capot aside)."""
    deal = start(s)
    rng = random.Random(seed)
    while not deal.is_over:
        bids = deal.legal_bids()
        if bids:
            deal.bid(*bids[rng.randrange(len(bids))])
        elif deal.swap_seat() is not None:  # the holder of the 7 of trump decides first
            deal.apply_id(rng.choice(deal.legal_action_ids()))
        else:
            cards = deal.legal_play_cards()
            deal.play_card(cards[rng.randrange(len(cards))])
    tally = deal.tally()
    if tally is None:
        assert deal.result.outcome is Outcome.REDEAL
        return
    played = sum(1 << card for card in range(32) if any(
        CARDS[card] in trick for _, trick in deal.tricks))
    from belote.cards import card_points
    assert sum(tally.card_points) == card_points(played, tally.trump)
    if deal.players * deal.tricks_per_deal == 32:
        assert sum(tally.card_points) == 152
    assert tally.last_trick is not None


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_export_then_replay_gives_the_same_result(s: DealStart, seed: int) -> None:
    """CONTRACT.md "Deal record": a replayed record scores identically."""
    deal = play_randomly(start(s), seed)
    record = json.loads(json.dumps(deal.to_record()))
    again = deal_from_record(record)
    assert again == deal
    assert again.result == deal.result
    assert again.to_record() == record


@PROPERTY
@given(deals(), st.integers(0, 2**32), st.integers(0, 200), st.data())
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(
    s: DealStart, seed: int, steps: int, data: st.DataObject
) -> None:
    """STYLE.md: an illegal action leaves the state untouched."""
    deal = start(s)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            break
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    seat = data.draw(st.integers(0, deal.players - 1))
    verb = data.draw(st.sampled_from(list(Verb)))
    card = data.draw(st.sampled_from(CARDS))
    action = Action(seat, verb, cards=(card,) if verb is Verb.PLAY else (),
                    belote=verb is Verb.PLAY and data.draw(st.booleans()))
    if deal.can(action):
        return
    snapshot = deal.copy()
    history = deal.history
    try:
        deal.apply(action)
    except IllegalAction as exc:
        assert str(exc) == deal.why_illegal(action)
    else:  # pragma: no cover
        raise AssertionError(f"{action} was applied although illegal")
    assert deal == snapshot and deal.history == history


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_an_observation_never_shows_another_seats_hidden_cards(s: DealStart, seed: int) -> None:
    """STYLE.md, deal.observation: own hand, public cards, declarations once shown."""
    deal = start(s)
    rng = random.Random(seed)
    while not deal.is_over:
        for seat in range(deal.players):
            view = deal.observation(seat)
            assert view.hand == deal.hand(seat)
            public = {view.turned, view.table_card, view.bottom}
            public |= {card for _, trick in view.tricks for card in trick} | set(view.trick)
            public |= {c for d in view.declarations for c in d.combination.cards}
            public |= {c for d in view.own_declarations for c in d.combination.cards}
            for other in range(deal.players):
                if other == seat:
                    continue
                hidden = set(deal.hand(other)) - public
                seen = _cards_in(view) - set(view.hand)
                assert not (hidden & seen), (seat, other, hidden & seen)
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])


def _cards_in(value: object) -> set[Card]:
    """Every Card reachable in an observation's fields."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif hasattr(item, "__attrs_attrs__"):
            stack.extend(getattr(item, a.name) for a in item.__attrs_attrs__)  # type: ignore[union-attr]
        elif hasattr(item, "mask") and hasattr(item, "__iter__"):
            stack.extend(item)  # type: ignore[call-overload]
    return found


@PROPERTY
@given(deals(), st.integers(0, 2**32))
def test_copy_is_independent(s: DealStart, seed: int) -> None:
    """STYLE.md: `copy()` is cheap and independent."""
    deal = play_randomly(start(s), seed)
    fresh = start(s)
    clone = fresh.copy()
    for action in deal.history:
        clone.apply(action)
    assert fresh == start(s) and clone == deal


TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.booleans())
def test_one_seat_acts_at_every_decision_point(
    table: tuple[str, int], seed: int, lenient: bool
) -> None:
    """docs/rules.md#seven-swap (the swap is the holder's turn): in every table, every legal
    action is the seat to act's, that seat's view alone carries the legal ids, and the same
    actions of any other seat are refused."""
    variant, players = table
    rng = random.Random(seed)
    deal = Deal.random(variant, seed=rng.randrange(2**32), dealer=rng.randrange(players),
                       players=players)
    if lenient:
        deal = Deal(deal.rules, list(deal.deck), deal.dealer, players, lenient=True)
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        legal = deal.legal_actions()
        assert legal, "a legal action exists until the deal ends"
        assert {action.seat for action in legal} == {seat}
        mask = deal.legal_action_mask()
        assert sum(1 << i for i in deal.legal_action_ids()) == mask
        for other in range(players):
            view = deal.seat_view(other)
            assert view.legal == (mask if other == seat else 0)
            assert view.to_act == seat
        for action in legal:
            for other in range(players):
                if other != seat:
                    moved = Action(other, action.verb, action.suit, action.cards, action.belote)
                    assert not deal.can(moved)
        deal.apply(legal[rng.randrange(len(legal))])
    assert deal.legal_actions() == [] and deal.seat_view(0).to_act == -1
