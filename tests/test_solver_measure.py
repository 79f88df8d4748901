"""What the two-sided solver's measure is worth, and the scoring of ends it shares.

The two-sided search counts what the maximising side wins as an additive
measure and asks the deal's scoring what a measure is worth only at a few
keys ([`MeasureTable`][belote.solver.measure.MeasureTable]); the tables are
shared by games that differ only in who holds the cards, and the scores of
ends are shared by ends that differ only in how the tricks split among the
sides that won some. Each of those shortcuts is a claim about the rules'
scoring, checked here against the scoring itself.
"""

from __future__ import annotations

import bisect
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.actions import ID_COINCHE, ID_PASS, Verb, bid_id
from belote.agents.pimc import knowledge, sample_deals
from belote.cards import Suit
from belote.deal import Deal
from belote.errors import InvalidArgumentType
from belote.rules import get_rules
from belote.rules.penalties import Offence, Penalty
from belote.scoring import Tally, score_trusted
from belote.scoring.announcements import Declaration, classify
from belote.solver.ddgame import game_of
from belote.solver.measure import MeasureTable, measure_table
from belote.solver.search import LAST_UNIT, PTS_UNIT

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3),
          ("contree", 4)]
TWO_SIDED = [table for table in TABLES if table != ("french", 3)]


def random_play(variant: str, players: int, seed: int, left: int | None) -> Deal:
    """A deal played at random to ``left`` tricks still to play (``None``: to its end).

    Nobody stops the deal ("j'arrête"), so a finished deal has its last trick.
    """
    rng = random.Random(seed)
    while True:
        deal = Deal.random(variant, seed=rng.randrange(2**32), dealer=rng.randrange(players),
                           players=players)
        while not deal.is_over:
            if (left is not None and deal.legal_play_mask()
                    and deal.tricks_per_deal - deal.tricks_played <= left):
                return deal
            actions = [a for a in deal.legal_actions() if a.verb is not Verb.STOP]
            deal.apply(actions[rng.randrange(len(actions))])
        if left is None and deal.tally() is not None:
            return deal


def feasible(m: int, left: int, remaining: int, bonus: int) -> bool:
    """Whether a side can win the measure ``m`` with ``left`` tricks and ``remaining`` points to play."""
    t, last, p = m % LAST_UNIT, m // LAST_UNIT % 2, m // PTS_UNIT
    cp = p - (bonus if last else 0)
    if not 0 <= cp <= remaining or t > left:
        return False
    if t == 0:
        return cp == 0 and not last  # no trick, no point
    if t == left:
        return cp == remaining and bool(last)  # every trick: every point and the last
    return True


@PROPERTY
@given(st.sampled_from(TWO_SIDED), st.integers(0, 2**32), st.integers(1, 9))
def test_the_value_changes_only_at_the_keys(table: tuple[str, int], seed: int, left: int) -> None:
    """Every measure a side can win is worth what the last key at most it is worth.

    From the first lead (``left`` 8 or 9) the capot and the reverse capot are still open.
    """
    deal = random_play(*table, seed, left)
    game = game_of(deal)
    built = MeasureTable(game)
    keys = built.keys
    assert list(keys) == sorted(set(keys))
    most = PTS_UNIT * (built.remaining + built.bonus) + LAST_UNIT + game.left  # every trick
    for m in range(most + 1):
        if feasible(m, game.left, built.remaining, built.bonus):
            at = bisect.bisect_right(keys, m) - 1
            assert at >= 0
            assert built.value_of(m) == built.value_of(keys[at]), m


@PROPERTY
@given(st.sampled_from(TWO_SIDED), st.integers(0, 2**32), st.integers(1, 5))
def test_a_shared_table_is_each_games_own(table: tuple[str, int], seed: int, left: int) -> None:
    """The deals PIMC samples for one decision share tables worth what each game's own is worth."""
    deal = random_play(*table, seed, left)
    assert deal.to_act is not None
    observation = deal.observation(deal.to_act)
    rng = random.Random(seed)
    for sample in sample_deals(observation, 6, rng, knowledge(observation)):
        game = game_of(sample)
        shared, own = measure_table(game), MeasureTable(game)
        assert shared.keys == own.keys
        assert shared.key_values() == own.key_values()
        assert shared.monotone() == own.monotone()


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_scores_read_the_tricks_only_through_the_sides_that_won_none(
    table: tuple[str, int], seed: int, rng: random.Random
) -> None:
    """Moving tricks between sides that won some does not change a finished deal's scores.

    The solver's score cache ([`Game.score`][belote.solver.ddgame.Game.score]) and its
    keys rest on it: the tricks count only for capot, reverse capot and the
    three-player split.
    """
    deal = random_play(*table, seed, None)
    tally = deal.tally()
    assert tally is not None and tally.last_trick is not None
    tricks = list(tally.tricks)
    some = [side for side, won in enumerate(tricks) if won]
    givers = [side for side in some if tricks[side] > 1]
    moved = list(tricks)
    if givers and len(some) >= 2:
        giver = rng.choice(givers)
        taker = rng.choice([side for side in some if side != giver])
        amount = rng.randint(1, tricks[giver] - 1)
        moved[giver] -= amount
        moved[taker] += amount
    assert [won > 0 for won in moved] == [won > 0 for won in tricks]
    other = tally.with_play(tuple(moved), tally.card_points, tally.last_trick, tally.belote)
    rules, pending = deal.rules, deal.pending
    assert score_trusted(other, rules, pending).scores == score_trusted(tally, rules, pending).scores


def test_with_play_replaces_the_play_and_keeps_every_other_field() -> None:
    """``Tally.with_play`` is ``attrs.evolve`` on the five figures of the card play."""
    rules = get_rules("french")
    base = Tally(
        taker=2, trump=Suit.SPADES, tricks=(4, 3, 2), card_points=(70, 52, 30), last_trick=1,
        announcements=(Declaration(1, classify("7H 8H 9H", rules)),), belote=2, dealer=1,
        players=3, stopped_by=0, penalties=(Penalty(1, Offence.RENEGE),),
    )
    play = {"tricks": (2, 6, 1), "card_points": (40, 102, 10), "last_trick": 0, "belote": None,
            "belotes": ()}
    ended = base.with_play((2, 6, 1), (40, 102, 10), 0, None)
    with pytest.raises(InvalidArgumentType, match=r"Tally\.card_points\[1\]"):
        base.with_play((2, 6, 1), (40, "102", 10), 0, None)
    assert ended == attrs.evolve(base, **play)
    for field in attrs.fields(Tally):
        if field.name not in play:
            assert getattr(ended, field.name) == getattr(base, field.name), field.name
            if field.name != "contract":  # french has no contract: see the contrée test below
                assert getattr(base, field.name) != field.default, field.name


def test_with_play_keeps_a_contract() -> None:
    """``Tally.with_play`` keeps a contrée tally's contract (the solver's scores read it)."""
    deal = Deal.random("contree", seed=2, dealer=0)
    deal.apply_id(bid_id(90, 1))
    deal.apply_id(ID_COINCHE)
    for _ in range(3):  # the turn comes back to the seat that coinched: the auction ends
        deal.apply_id(ID_PASS)
    tally = deal.tally()
    assert tally is not None and tally.contract is not None
    ended = tally.with_play((5, 3), (100, 62), 0, None)
    assert ended.contract == tally.contract and ended.contract.doubling == 1
