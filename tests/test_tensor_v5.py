"""Observation version 5: version 4 and who re-redoubled (docs/adapters.md#observation_v5-the-re-redouble)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from belote.actions import Verb, action_id
from belote.adapters.tensor import Block, Table, layout_table
from belote.adapters.tensor_v4 import (
    INFORMATION_STATE_V4,
    OBSERVATION_V4,
    OBSERVATION_V4_SIZE,
    STATE_V4,
    information_state_v4,
    observation_v4,
    state_v4,
)
from belote.adapters.tensor_v5 import (
    INFORMATION_STATE_V5,
    INFORMATION_STATE_V5_SIZE,
    OBSERVATION_V5,
    OBSERVATION_V5_SIZE,
    STATE_V5,
    STATE_V5_SIZE,
    decode,
    information_state_v5,
    observation_v5,
    state_v5,
)
from belote.deal import Deal

DOCS = Path(__file__).resolve().parents[1] / "docs" / "adapters.md"
THIRD = "bulgarian(auction.reredouble=true)"  # docs/bulgarian.md#disputes: the third level


@pytest.mark.parametrize(
    ("name", "layout", "skip"),
    [
        ("OBSERVATION_V5", OBSERVATION_V5, len(OBSERVATION_V4)),
        ("STATE_V5", STATE_V5, len(OBSERVATION_V5)),
        ("INFORMATION_STATE_V5", INFORMATION_STATE_V5, len(OBSERVATION_V5)),
    ],
)
def test_the_docs_page_shows_the_version_5_layouts(name: str, layout: tuple[Block, ...], skip: int) -> None:
    """docs/adapters.md holds ``layout_table(layout, skip)`` verbatim between its markers."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"<!-- layout:{name} -->\n(.*?)\n<!-- layout:end -->", text, re.S)
    assert match is not None, f"docs/adapters.md lost its {name} table markers"
    assert match.group(1) == layout_table(layout, skip)


def test_version_5_is_version_4_and_one_block() -> None:
    """docs/adapters.md#observation_v5-the-re-redouble: the observation appends ``reredoubler``
    (one slot a seat); the other views follow it with version 4's blocks."""
    assert OBSERVATION_V5[: len(OBSERVATION_V4)] == OBSERVATION_V4
    assert [block.name for block in OBSERVATION_V5[len(OBSERVATION_V4):]] == ["reredoubler"]
    assert OBSERVATION_V5_SIZE == OBSERVATION_V4_SIZE + 4
    assert STATE_V5[len(OBSERVATION_V5):] == STATE_V4[len(OBSERVATION_V4):]
    assert INFORMATION_STATE_V5[len(OBSERVATION_V5):] == INFORMATION_STATE_V4[len(OBSERVATION_V4):]
    assert (STATE_V5_SIZE, INFORMATION_STATE_V5_SIZE) == (OBSERVATION_V5_SIZE + 128, OBSERVATION_V5_SIZE + 1220)


def _reredoubled(seed: int) -> Deal:
    """A ``THIRD`` deal whose auction reached a re-redouble (bids at random, a double, a redouble and a re-redouble taken when offered)."""
    rng = random.Random(seed)
    deal = Deal.random(THIRD, seed=rng.randrange(2**32), dealer=rng.randrange(4))
    while deal.phase.value == "auction":
        legal = deal.legal_actions()
        chain = [a for a in legal if a.verb in (Verb.DOUBLE, Verb.REDOUBLE, Verb.REREDOUBLE)]
        deal.apply(chain[0] if chain else legal[rng.randrange(len(legal))])
    return deal


def test_the_re_redoubler_is_shown_and_version_4_is_the_prefix() -> None:
    """docs/bulgarian.md#the-auction (re-redouble) and docs/adapters.md#observation_v5-the-re-redouble:
    version 4 shows a re-redouble as a redouble; version 5 adds who said it, relative to each
    observer, and every other value is version 4's, in all three views."""
    pytest.importorskip("numpy")
    for seed in range(6):
        deal = _reredoubled(seed)
        calls = [a for a in deal.history if a.verb is Verb.REREDOUBLE]
        assert calls, seed
        who = calls[-1].seat
        for seat in range(4):
            v5 = observation_v5(deal, seat)
            assert (v5[:OBSERVATION_V4_SIZE] == observation_v4(deal, seat)).all()
            slots = decode(v5, OBSERVATION_V5)["reredoubler"].tolist()
            assert slots == [1.0 if slot == (who - seat) % 4 else 0.0 for slot in range(4)]
            assert decode(v5, OBSERVATION_V5)["doubled"].tolist() == [1.0, 1.0]
            state = state_v5(deal, seat)
            assert (state[OBSERVATION_V5_SIZE:] == state_v4(deal, seat)[OBSERVATION_V4_SIZE:]).all()
            info = information_state_v5(deal, seat)
            assert (info[OBSERVATION_V5_SIZE:] == information_state_v4(deal, seat)[OBSERVATION_V4_SIZE:]).all()


def test_a_higher_bid_clears_the_re_redoubler() -> None:
    """docs/bulgarian.md#the-auction: a higher bid cancels every doubling, the third level too."""
    pytest.importorskip("numpy")
    deal = Deal.random(THIRD, seed=5, dealer=0)
    first = deal.to_act
    assert first is not None
    for text in ("bid C", "double", "redouble", "reredouble"):
        seat = deal.to_act
        deal.apply(f"{seat} {text}")
    assert decode(observation_v5(deal, 0), OBSERVATION_V5)["reredoubler"].sum() == 1
    deal.apply(f"{deal.to_act} bid AT")
    blocks = decode(observation_v5(deal, 0), OBSERVATION_V5)
    assert blocks["reredoubler"].sum() == 0 and blocks["doubled"].sum() == 0


def test_the_adapters_table_keeps_what_version_5_reads() -> None:
    """docs/adapters.md#observation_v5-the-re-redouble: with a ``Table``'s ``shown`` the vector is the one read from the history."""
    pytest.importorskip("numpy")
    deal = _reredoubled(3)
    table = Table(Deal(deal.rules, [str(c) for c in deal.deck], deal.dealer, deal.players))
    for action in deal.history:
        table.apply(action_id(action))
    for seat in range(4):
        assert (observation_v5(table.deal, seat, shown=table.shown) == observation_v5(deal, seat)).all()
