"""The solver in every trump mode of `bulgarian`: a suit, no-trumps and all-trumps, against brute force.

The brute force is `test_solver.brute`: every legal card played through the
deal engine on copies of the deal, the finished deals scored by the engine
(game points), no pruning and no table. The positions are reached by a
strain bid of the wanted mode and random play.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solver import brute, value_for

from belote.actions import ID_BID_STRAIN, Verb
from belote.cards import ALL_TRUMPS, CARDS, NO_TRUMPS
from belote.deal import Deal
from belote.solver import makes_contract, solve
from belote.solver.analyze import analyze
from belote.solver.ddgame import game_of
from belote.solver.solution import _Paranoid, _root, _solve

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Modes: spades (a suit), hearts, no-trumps, all-trumps.
MODES = [0, 1, NO_TRUMPS, ALL_TRUMPS]


def reach_mode(mode: int, seed: int, left: int, double: bool = False, pending: int = 0) -> Deal:
    """A `bulgarian` deal bid in ``mode`` (doubled if asked), played at random to ``left`` tricks."""
    rng = random.Random(seed)
    deal = Deal.random("bulgarian", seed=rng.randrange(2**32), dealer=rng.randrange(4), pending=pending)
    deal.apply_id(ID_BID_STRAIN + mode)
    if double:
        deal.apply(next(a for a in deal.legal_actions() if a.verb is Verb.DOUBLE))
    while deal.strain is None:
        deal.apply_id(0)  # pass
    while True:
        late = deal.tricks_per_deal - deal.tricks_played <= left
        if late and deal.legal_play_mask() and (not deal.trick or rng.random() < 0.5):
            return deal
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])


def _card_values(deal: Deal, side: int) -> dict[object, int]:
    values = {}
    for card in deal.legal_play_cards():
        child = deal.copy()
        child.play_card(card, belote=child.can_announce_belote(card))
        values[CARDS[card]] = brute(child, side)
    return values


@PROPERTY
@given(st.sampled_from(MODES), st.integers(0, 2**32), st.integers(1, 3), st.booleans())
def test_every_mode_is_the_minimax_value(mode: int, seed: int, left: int, double: bool) -> None:
    """Rules §12.1 "Trick winner" and "Play obligations" (docs/bulgarian.md#play), scored in game points (#scoring): every card's value is brute force's."""
    deal = reach_mode(mode, seed, left, double)
    assert int(deal.strain or 0) == mode
    assert deal.taker is not None
    side = deal.side(deal.taker)
    solution = solve(deal)
    assert solution.side == side
    assert dict(solution.card_values) == _card_values(deal, side)
    assert solution.value == brute(deal, side)
    assert makes_contract(deal) is bool(brute(deal, side, "made"))
    for card in solution.line:
        deal.play_card(card.index, belote=deal.can_announce_belote(card.index))
    assert deal.result.scores == solution.scores
    assert value_for(deal, side) == solution.value


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("mode", MODES[1:], ids=["suit", "NT", "AT"])
def test_four_tricks_left_every_card(mode: int, seed: int) -> None:
    """Rules §12.1 "Trick winner" and "Play obligations" (docs/bulgarian.md#play): four tricks left, every card against brute force."""
    deal = reach_mode(mode, seed, 4)
    assert deal.taker is not None
    side = deal.side(deal.taker)
    assert dict(solve(deal).card_values) == _card_values(deal, side)


def _declared_with_points_hanging(mode: int) -> Deal:
    """The first ``mode`` deal of the seeds, 16 game points hanging, where a declaration was made (none in no-trumps)."""
    for seed in range(200):
        deal = reach_mode(mode, seed, 3, pending=16)
        if mode == NO_TRUMPS or any(a.verb is Verb.DECLARE and a.cards for a in deal.history):
            return deal
    raise AssertionError("no declaration in 200 deals")  # pragma: no cover


@pytest.mark.parametrize("mode", MODES[1:], ids=["suit", "NT", "AT"])
def test_hanging_points_and_declarations_are_in_every_value(mode: int) -> None:
    """Rules §12.1 "Scoring" (docs/bulgarian.md#scoring: hanging points go to the next deal's winner;
    #declarations: the pooled contest): with points hanging and a declaration made, every card's
    value is brute force's (the engine's own scoring), and the hanging points move the value."""
    deal = _declared_with_points_hanging(mode)
    assert deal.taker is not None
    side = deal.side(deal.taker)
    solution = solve(deal)
    assert dict(solution.card_values) == _card_values(deal, side)
    fresh = Deal(deal.rules, [str(card) for card in deal.deck], deal.dealer, deal.players)
    fresh.apply_all(deal.history)  # the same cards and play, nothing hanging
    assert fresh.pending == 0 and deal.pending == 16
    assert solve(fresh).value != solution.value


# All-trumps, two tricks left: seat 1 holds the king and queen of diamonds and the
# first of them it plays announces belote only if it leads or follows suit.
LOST_BELOTE = (
    "belote/1 bulgarian | players 4 | dealer 2 | hands 7S KS / QD KD / QS AD / 8S 9S"
    " | bids AT pass pass pass | play AH 10H 8H 9H / 8D JD 7D 10D / 10C AC JC QC"
    " / 7C 9C KH 8C / QH JH KC 7H / 10S AS 9D JS"
)


def test_a_belote_discarded_is_lost_in_all_trumps() -> None:
    """Rules §12.1 "Declarations" (belote) and §12.2 (belote announced only when leading, following suit or trumping; docs/bulgarian.md#belote): the solver follows the pair's fate."""
    deal = Deal.from_position(LOST_BELOTE)
    assert any(game_of(deal).live)
    side = deal.side(deal.taker or 0)
    assert solve(deal).value == brute(deal, side) == -26
    # Under the other reading (any pair held counts) the same cards are worth 0:
    # the test would fail if the solver let the discarded pair announce.
    free = Deal.from_position(LOST_BELOTE.replace(
        "bulgarian", "bulgarian(belote_needs_lead_follow_or_trump=false)", 1))
    assert not any(game_of(free).live)
    assert solve(free).value == brute(free, side) == 0


def _live_positions(left: int, count: int) -> list[Deal]:
    """All-trumps positions, ``left`` tricks to go, where some pair's belote may still be lost."""
    found = []
    seed = 0
    while len(found) < count:
        deal = reach_mode(ALL_TRUMPS, seed, left, double=seed % 3 == 0)
        if any(game_of(deal).live):
            found.append(deal)
        seed += 1
    return found


@pytest.mark.parametrize("left", [5, 6])
def test_belotes_still_open_match_the_value_search(left: int) -> None:
    """Rules §12.2 (belote announced only when leading, following suit or trumping; docs/bulgarian.md#belote): the measure search that settles and bounds all-trumps positions with pairs still whole gives the value search's answers, deeper than brute force reaches."""
    for deal in _live_positions(left, 4):
        game = game_of(deal)
        fast, slow = _Paranoid(game), _Paranoid(game, settled=False)
        assert fast.settle is not None and slow.settle is None
        solution = _solve(game, fast)
        assert solution == _solve(game, slow)
        for target in (solution.value, solution.value + 1):
            assert _Paranoid(game).reaches(_root(game), target) is (solution.value >= target)
        assert (_Paranoid(game, made=True).reaches(_root(game), 1)
                is _Paranoid(game, made=True, settled=False).reaches(_root(game), 1))


def test_analyze_reads_a_bulgarian_deal() -> None:
    """Rules §12.1 (docs/bulgarian.md#scoring): `analyze` values every card of a bulgarian deal in game points."""
    deal = reach_mode(NO_TRUMPS, 5, 3)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    analysis = analyze(deal)
    assert analysis.cards
    assert all(card.loss >= 0 for card in analysis.cards)
