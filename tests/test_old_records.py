"""Records written before the swap decision (no ``keep``) replay to the results they had.

The files in ``tests/data/old_records`` were written by ``belote simulate VARIANT
--records`` (and two hand-built ``french`` records with the swap out of turn after
a declaration) before the seven swap became the holder's decision; the
``*.results.jsonl`` files are what ``belote replay`` printed for them then.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belote.actions import Verb
from belote.deal import Deal
from belote.records.replay import deal_from_record
from belote.records.results import result_to_json

DATA = Path(__file__).parent / "data" / "old_records"
NAMES = ["classic", "piedicavallo", "italian751", "french2", "french3"]


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("name", NAMES)
def test_old_records_replay_to_the_same_results(name: str) -> None:
    """docs/rules.md#seven-swap: a record without the holder's decision reads as a keep (or its later swap)."""
    records = _lines(DATA / f"{name}.jsonl")
    expected = _lines(DATA / f"{name}.results.jsonl")
    assert len(records) == len(expected) > 0
    for record, result in zip(records, expected, strict=True):
        deal = deal_from_record(record)
        assert result_to_json(deal.result) == result


def test_old_french_records_gain_the_decision_and_keep_their_cards() -> None:
    """docs/rules.md#seven-swap: the decision is inserted where it now belongs; nothing else moves."""
    seen_keep = seen_moved = False
    for name in ("french2", "french3"):
        for record in _lines(DATA / f"{name}.jsonl"):
            deal = deal_from_record(record)
            old = [a for a in record["actions"] if isinstance(a, str)]  # type: ignore[union-attr]
            new = [str(a) for a in deal.history]
            assert sorted(a for a in new if not a.endswith(" keep")) == sorted(old)
            plays_old = [a for a in old if " play " in a]
            assert [a for a in new if " play " in a] == plays_old
            seen_keep |= any(a.verb is Verb.KEEP for a in deal.history)
            if "swap" in " ".join(old):
                index = [a.verb for a in deal.history].index(Verb.SWAP)
                taken = [a.verb for a in deal.history].index(Verb.TAKE)
                assert index == taken + 1  # right after the completion
                seen_moved |= old.index(str(deal.history[index])) != index
            # The new record replays exactly, with nothing to insert.
            assert Deal.from_record(deal.to_record()) == deal
    assert seen_keep and seen_moved
