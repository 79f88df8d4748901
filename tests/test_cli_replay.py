"""``belote replay`` on JSON lines and ``--trace`` (issue 12, CONTRACT.md "Deal record")."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest

from belote.agents.bots import make_bots, play_deal
from belote.cli.main import main
from belote.deal import Deal
from belote.game import next_dealer
from belote.records.replay import replay_document


def _records(tmp_path: Path, variant: str = "piedicavallo", deals: int = 6) -> Path:
    path = tmp_path / "deals.jsonl"
    assert main(["simulate", variant, "--deals", str(deals), "--seed", "4",
                 "--records", str(path), "--json"]) == 0
    return path


def test_replay_reads_what_simulate_records_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT.md: ``belote replay`` reads JSON lines, one result line per record."""
    path = _records(tmp_path)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    records = path.read_text(encoding="utf-8").splitlines()
    assert len(out) == len(records) >= 6
    for line, record in zip(out, records, strict=True):
        # each result line is what the record gives replayed on its own
        assert json.loads(line) == replay_document(json.loads(record))


def test_one_json_document_still_prints_indented_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A single record, even spread over several lines, is one document as before."""
    record = json.loads(_records(tmp_path).read_text(encoding="utf-8").splitlines()[0])
    path = tmp_path / "one.json"
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("{\n")
    assert json.loads(out) == replay_document(record)


@pytest.mark.parametrize(
    ("spoil", "expected"),
    [
        (lambda rec: json.dumps({**rec, "actions": ["1 play 7S", *rec["actions"]]}),
         r'^error: line 3: action 0 "1 play 7S": '),
        (lambda rec: "{not json", r"^error: line 3: malformed JSON"),
    ],
)
def test_a_bad_record_is_refused_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spoil: object, expected: str
) -> None:
    """Bad input: exit 2, one ``error:`` line naming the record's line, nothing on stdout."""
    path = _records(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert callable(spoil)
    lines[2] = spoil(json.loads(lines[2]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert re.match(expected, captured.err)


def test_trace_shows_every_trick_and_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rules §5, docs/rules.md#play-obligations; rules §7, docs/rules.md#scoring: 8 tricks; the first is led after the dealer, each next one by the
    winner of the last; the card points of the tricks sum to 152, plus 10 for the last."""
    path = _records(tmp_path, "classic", deals=3)
    capsys.readouterr()
    assert main(["replay", "--trace", str(path)]) == 0
    out = capsys.readouterr().out
    blocks = out.split("--- record on line ")[1:]
    assert len(blocks) == len(path.read_text(encoding="utf-8").splitlines())
    played = [block for block in blocks if "Trump:" in block]
    assert played
    for block in played:
        dealer = int(re.search(r"seat (\d) deals", block).group(1))  # type: ignore[union-attr]
        tricks = re.findall(r"Trick \d: seat (\d) leads; .*; won by seat (\d), (\d+) points"
                            r"( \+ 10 for the last trick)?", block)
        assert len(tricks) == 8
        assert int(tricks[0][0]) == (dealer + 1) % 4
        for before, after in itertools.pairwise(tricks):
            assert after[0] == before[1]
        assert sum(int(points) for _, _, points, _ in tricks) == 152
        assert tricks[-1][3] and not any(t[3] for t in tricks[:-1])
        assert "Bidding: " in block and "Result: " in block
    redeals = [block for block in blocks if "Trump:" not in block]
    for block in redeals:
        assert "everyone passed" in block


def test_trace_of_a_match_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A match record traces deal after deal, then the match totals (rules §8, docs/rules.md#match)."""
    rng = random.Random(2)
    bots = make_bots("heuristic", 4)
    deals, dealer, totals = [], 0, [0, 0]
    for _ in range(3):
        deck = list(range(32))
        rng.shuffle(deck)
        deal = Deal("classic", deck, dealer)
        result = play_deal(deal, bots)
        deals.append(deal.to_record())
        totals = [a + b for a, b in zip(totals, result.scores, strict=True)]
        dealer = next_dealer(deal.rules, 4, dealer, result)
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"variant": "classic", "deals": deals}), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", "--trace", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("=== Deal ") == 3
    assert f"Match: totals {totals[0]}, {totals[1]}; target 1000" in out
