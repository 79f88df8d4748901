"""``belote score``: a summary for a scorekeeper, JSON when piped (issue 12, CONTRACT.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from belote.cli.main import main

TALLY = {"variant": "classic", "taker": 1, "trump": "S", "tricks": [2, 6],
         "card_points": [40, 112], "last_trick": 1, "belote": None}
MATCH = {"variant": "classic", "target": 300, "deals": [
    TALLY,
    {"taker": 0, "trump": "H", "tricks": [8, 0], "card_points": [152, 0], "last_trick": 0,
     "belote": 0},
]}


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _write(tmp_path: Path, doc: object) -> str:
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_text_summary_of_a_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """002: the taker's side makes 112 + 10 > 40 and scores it; the defence keeps its 40."""
    assert main(["score", "--text", _write(tmp_path, TALLY)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Result: made")
    assert "team 1 (seats 1 and 3)    122" in out
    assert "last trick +10" in out


def test_text_summary_of_a_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """002, rules §8, docs/rules.md#match: team 0 scores 40, then capot 252 + belote 20: 312 passes 300."""
    assert main(["score", "--text", _write(tmp_path, MATCH)]) == 0
    out = capsys.readouterr().out
    assert "total" in out and "312" in out and "122" in out
    assert "Winner: team 0" in out


def test_text_on_a_terminal_json_when_piped(tmp_path: Path) -> None:
    """CONTRACT.md: JSON when standard output is not a terminal; text on a terminal."""
    path = _write(tmp_path, TALLY)
    terminal = _Terminal()
    assert main(["score", path], out=terminal) == 0
    assert terminal.getvalue().startswith("Result: made")
    assert main(["score", "--json", path], out=(forced := _Terminal())) == 0
    assert json.loads(forced.getvalue())["outcome"] == "made"
    piped = subprocess.run([sys.executable, "-m", "belote", "score", path],
                           capture_output=True, text=True, check=True, timeout=60)
    assert json.loads(piped.stdout)["scores"] == [40, 122]


def test_text_and_json_cannot_both_be_asked(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--text", "--json", _write(tmp_path, TALLY)]) == 2
    assert capsys.readouterr().err.startswith("error:")


def test_deal_and_match_results_share_the_match_winner_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both levels say ``match_winner`` and ``match_end_reason``; the old names stay."""
    assert main(["score", "--json", _write(tmp_path, MATCH)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["winner"] == doc["match_winner"] == 0
    assert doc["end_reason"] == doc["match_end_reason"] is not None
    for deal in doc["deals"]:
        assert "match_winner" in deal and "match_end_reason" in deal
