"""Observation version 4 (the trump mode and both auctions), and version 3 frozen beside it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import actions
from belote.actions import ACTION_IDS, ID_BID, Verb, action_id
from belote.adapters.tensor import (
    AUCTION_BLOCKS,
    INFORMATION_STATE_V3,
    OBSERVATION_V3,
    OBSERVATION_V3_SIZE,
    STATE_V3,
    Block,
    Table,
    layout_table,
)
from belote.adapters.tensor_v4 import (
    INFORMATION_STATE_V4,
    INFORMATION_STATE_V4_SIZE,
    OBSERVATION_V4,
    OBSERVATION_V4_SIZE,
    STATE_V4,
    STATE_V4_SIZE,
    decode,
)
from belote.deal import Deal, Phase

DOCS = Path(__file__).resolve().parents[1] / "docs" / "adapters.md"
TABLES = [("bulgarian", 4), ("contree", 4), ("classic", 4), ("french", 3)]


@pytest.mark.parametrize(
    ("name", "layout", "skip"),
    [
        ("OBSERVATION_V4", OBSERVATION_V4, 0),
        ("STATE_V4", STATE_V4, len(OBSERVATION_V4)),
        ("INFORMATION_STATE_V4", INFORMATION_STATE_V4, len(OBSERVATION_V4)),
    ],
)
def test_the_docs_page_shows_the_version_4_layouts(name: str, layout: tuple[Block, ...], skip: int) -> None:
    """docs/adapters.md holds ``layout_table(layout, skip)`` verbatim between its markers."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"<!-- layout:{name} -->\n(.*?)\n<!-- layout:end -->", text, re.S)
    assert match is not None, f"docs/adapters.md lost its {name} table markers"
    assert match.group(1) == layout_table(layout, skip)


def test_version_4_is_version_3_with_the_mode_belote_suits_and_both_auctions() -> None:
    """docs/adapters.md#observation_v4: ``trump`` becomes a ``mode`` of six, ``belote_suits``
    follows ``belote``, and the auction block reaches ``redouble`` (every id of either auction
    as version 4 was made; the re-redouble, id 362, added after it, is shown as a redouble:
    docs/adapters.md#observation_v4)."""
    v3 = [block.name for block in OBSERVATION_V3]
    v4 = [block.name for block in OBSERVATION_V4]
    expected = []
    for name in v3:
        expected.append({"trump": "mode", "coinched": "doubled", "coincher": "doubler"}.get(name, name))
        if name == "belote":
            expected.append("belote_suits")
    assert v4 == expected
    shapes = {block.name: block.shape for block in OBSERVATION_V4}
    assert shapes["mode"] == (6,) and shapes["belote_suits"] == (4, 4)
    assert shapes["auction"] == (4, actions.ID_REDOUBLE + 1 - ID_BID) == (4, ACTION_IDS - 1 - ID_BID)
    assert OBSERVATION_V4_SIZE == OBSERVATION_V3_SIZE + 2 + 16 + 4 * (actions.ID_REDOUBLE - actions.ID_SURCOINCHE)
    assert STATE_V4_SIZE == OBSERVATION_V4_SIZE + 4 * 32
    assert OBSERVATION_V4_SIZE + sum(b.size for b in INFORMATION_STATE_V3[len(OBSERVATION_V3):]) == INFORMATION_STATE_V4_SIZE
    assert (OBSERVATION_V4_SIZE, STATE_V4_SIZE, INFORMATION_STATE_V4_SIZE) == (1453, 1581, 2673)
    assert len(set(v4)) == len(v4) and len(AUCTION_BLOCKS) == 7 and STATE_V3[-1] == STATE_V4[-1]


def _play(variant: str, players: int, seed: int) -> tuple[Table, random.Random]:
    return Table(Deal.random(variant, seed=seed, players=players)), random.Random(seed)


@settings(max_examples=30, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_the_version_4_observation_decodes_back_to_what_the_seat_knows(table: tuple[str, int], seed: int) -> None:
    """docs/bulgarian.md#the-auction, docs/contree.md#the-auction: at every turn of a random
    deal the mode, the standing bid, the doubles and every bid heard read back from
    ``STATE_V4``, seats relative to the observer; the other blocks are version 3's."""
    np = pytest.importorskip("numpy")
    from belote.adapters.tensor import POINT_SCALE, state_v3
    from belote.adapters.tensor_v4 import state_v4

    variant, players = table
    driver, rng = _play(variant, players, seed)

    def one_hot(row: object) -> list[int]:
        return [int(i) for i in np.flatnonzero(row)]

    same = [block.name for block in STATE_V3 if block.name in {b.name for b in STATE_V4}
            and block.name not in ("auction", "contract_strain", "contract_value", "contract_capot", "bidder")]
    while True:
        deal = driver.deal
        seat = rng.randrange(players)

        def slot(other: int) -> int:
            return (other - seat) % players  # noqa: B023

        v4 = decode(state_v4(deal, seat, history=driver.actions), STATE_V4)
        v3 = decode(state_v3(deal, seat, history=driver.actions), STATE_V3)
        for name in same:
            assert np.array_equal(v4[name], v3[name]), name
        heard, contract, bidder, doubling, doubler, suits = set(), None, None, 0, None, [0] * 4
        for action in driver.actions:
            if action.verb in (Verb.BID, Verb.COINCHE, Verb.SURCOINCHE, Verb.DOUBLE, Verb.REDOUBLE):
                heard.add((slot(action.seat), action_id(action) - ID_BID))
                if action.verb is Verb.BID:
                    contract, bidder = action, slot(action.seat)
                    if action.value == 0:  # a higher strain bid cancels the double
                        doubling, doubler = 0, None
                elif action.verb in (Verb.COINCHE, Verb.DOUBLE):
                    doubling, doubler = 1, slot(action.seat)
                else:
                    doubling = 2
            elif action.verb is Verb.PLAY and action.belote:
                suits[slot(action.seat)] |= 1 << int(action.cards[0].suit)
        assert {(int(k), int(c)) for k, c in np.argwhere(v4["auction"])} == heard
        assert one_hot(v4["doubled"]) == [0, 1][:doubling]
        assert one_hot(v4["doubler"]) == ([] if doubler is None else [doubler])
        assert one_hot(v4["bidder"]) == ([] if bidder is None else [bidder])
        assert one_hot(v4["mode"]) == ([] if deal.strain is None else [int(deal.strain)])
        assert [sum(1 << k for k in one_hot(row)) for row in v4["belote_suits"]] == suits
        if contract is None:
            assert not v4["contract_strain"].any() and not v4["contract_value"].any()
        else:
            assert one_hot(v4["contract_strain"]) == [int(contract.strain)]
            strain_bid = contract.value == 0
            value = 0 if strain_bid else (deal.rules.contract.capot_value if contract.value is None else contract.value)
            assert v4["contract_value"][0] == np.float32(value * POINT_SCALE)
            assert v4["contract_capot"].tolist() == [float(contract.value is None)]
            if deal.phase in (Phase.PLAY, Phase.OVER):
                assert deal.strain is not None and int(deal.strain) == int(contract.strain)
        if variant != "bulgarian":  # an auction of values, or none: version 3's blocks say the same
            assert np.array_equal(v4["auction"][:, : v3["auction"].shape[1]], v3["auction"])
            assert not v4["auction"][:, v3["auction"].shape[1]:].any()
            assert np.array_equal(v4["doubled"], v3["coinched"]) and np.array_equal(v4["mode"][:4], v3["trump"])
        if driver.seat is None:
            break
        driver.apply(rng.choice(driver.legal_ids()))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_version_3_shows_no_strain_auction(seed: int) -> None:
    """Version 3 is frozen (188 auction columns, ids 166 to 353): of a ``bulgarian`` deal it
    shows no auction block at all, and the trump only when a suit is trump."""
    np = pytest.importorskip("numpy")
    from belote.adapters.tensor import observation_v3

    driver, rng = _play("bulgarian", 4, seed)
    start = sum(block.size for block in OBSERVATION_V3[: -len(AUCTION_BLOCKS)])
    trump = sum(block.size for block in OBSERVATION_V3[: [b.name for b in OBSERVATION_V3].index("trump")])
    while True:
        vector = observation_v3(driver.deal, rng.randrange(4), shown=driver.shown)
        assert vector.shape == (OBSERVATION_V3_SIZE,) and not vector[start:].any()
        suit = driver.deal.trump
        assert [int(i) for i in np.flatnonzero(vector[trump : trump + 4])] == ([] if suit is None else [int(suit)])
        if driver.seat is None:
            break
        driver.apply(rng.choice(driver.legal_ids()))


def test_every_mode_double_and_redouble_reach_the_tensor() -> None:
    """docs/bulgarian.md#trump-modes: over random bulgarian deals every one of the six modes
    is played and shown, and doubles and redoubles are shown, to the deal's end."""
    np = pytest.importorskip("numpy")
    from belote.adapters.tensor_v4 import observation_v4

    modes, levels = set(), set()
    for seed in range(150):
        driver, rng = _play("bulgarian", 4, seed)
        while driver.seat is not None:
            legal = driver.legal_ids()  # passing often: the auction stops at every strain
            driver.apply(0 if 0 in legal and rng.random() < 0.6 else rng.choice(legal))
        blocks = decode(observation_v4(driver.deal, seed % 4, shown=driver.shown), OBSERVATION_V4)
        modes.update(int(i) for i in np.flatnonzero(blocks["mode"]))
        levels.add(int(blocks["doubled"].sum()))
        assert int(blocks["mode"].sum()) == (0 if driver.deal.strain is None else 1)
    assert modes == set(range(6)) and levels == {0, 1, 2}


def test_a_bulgarian_table_pickles_as_its_record_and_replays_it() -> None:
    """A table whose ids pass 255 (strain bids 354 to 359, double 360, redouble 361) pickles
    as its record and reads back to the same deal, mid-auction and mid-play."""
    import pickle

    for seed in range(12):
        driver, rng = _play("bulgarian", 4, seed)
        for _ in range(rng.randrange(4, 30)):
            if driver.seat is None:
                break
            driver.apply(rng.choice(driver.legal_ids()))
        copy = pickle.loads(pickle.dumps(driver))
        assert copy.ids == driver.ids and copy.deal.to_record() == driver.deal.to_record()
        assert copy.legal_ids() == driver.legal_ids()
