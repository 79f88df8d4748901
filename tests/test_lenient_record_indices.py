"""A lenient replay names an offence by its place in the record (docs/formats.md#deal-record; issue 50 item 7).

A record may leave out the ``keep`` of the holder of the 7 of trump: the
next action closes the decision. The deal's history holds that ``keep``;
the indices of the record's own actions do not move for it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run

from belote.deal import Deal
from belote.errors import InvalidRecord
from belote.records.replay import replay_document


def _record(actions: list[str]) -> dict[str, object]:
    """``french`` for two, seat 1 first to speak; after ``1 take`` seat 0 holds the 7 of trump."""
    record = Deal.random("french", players=2, seed=28, dealer=0).to_record()
    record["actions"] = actions
    return record


LATE_SWAP = ["1 take", "1 declare", "1 play AH", "0 swap"]
"""The swap after the first card is the offence, the record's action 3; the keep before the card is implied."""


def test_a_late_swap_after_an_implied_keep_is_the_records_action_3() -> None:
    """Issue 50 item 7: lenient and strict replays name the same action of the record."""
    with pytest.raises(InvalidRecord) as strict:
        replay_document(_record(LATE_SWAP), partial=True)
    assert strict.value.index == 3
    lenient = replay_document(_record(LATE_SWAP), partial=True, lenient=True)
    offences = lenient["offences"]
    assert isinstance(offences, list) and len(offences) == 1
    assert (offences[0]["index"], offences[0]["action"], offences[0]["kind"]) == (3, "0 swap", "out-of-turn")


def test_the_history_keeps_the_implied_keep_and_the_offence_its_own_place() -> None:
    """docs/formats.md#deal-record: the deal's history holds the keep; the offence is history entry 4, record action 3."""
    deal = Deal.from_record(_record(LATE_SWAP), lenient=True)
    assert [str(a) for a in deal.history] == ["1 take", "0 keep", "1 declare", "1 play AH", "0 swap"]
    offence = deal.offences[0]
    assert (offence.index, offence.record_index) == (4, 3)
    assert Deal.from_record(deal.to_record()) == deal  # written with the keep: index 4 there


def test_a_record_that_writes_the_keep_keeps_its_own_indices() -> None:
    """docs/formats.md#deal-record: with the keep written, the swap is the record's action 4."""
    record = _record(["1 take", "0 keep", "1 declare", "1 play AH", "0 swap"])
    offences = replay_document(record, partial=True, lenient=True)["offences"]
    assert isinstance(offences, list) and offences[0]["index"] == 4


def test_belote_replay_lenient_names_the_records_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: ``belote replay --lenient --partial`` prints the record's index of the offence."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(_record(LATE_SWAP)), encoding="utf-8")
    code, out, err = run(["replay", str(path), "--lenient", "--partial"], capsys)
    assert code == 0, err
    assert json.loads(out)["offences"][0]["index"] == 3
