"""``belote score`` (CONTRACT.md "Command line", "Tally", "Deal result")."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from belote.cli.main import main
from belote.records.results import score_document, tally_from_json, tally_to_json

TALLY = {
    "variant": "piedicavallo",
    "taker": 0,
    "trump": "H",
    "tricks": [3, 5],
    "card_points": [62, 90],
    "last_trick": 1,
    "announcements": [{"seat": 0, "cards": ["AS", "KS", "QS"]}],
    "belote": 2,
}


def run(doc: object, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[int, str, str]:
    path = tmp_path / "doc.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    code = main(["score", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_score_prints_the_deal_result(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """000: attack 62 + tierce 20 + belote 20 = 102 beats 90 + 10; defence 100 → 100, attack 60."""
    code, out, err = run(TALLY, capsys, tmp_path)
    assert code == 0, err
    result = json.loads(out)
    assert result["outcome"] == "made"
    assert result["scores"] == [60 + 20 + 20, 100]
    assert result["pending"] == 0
    assert result["capot"] is None
    for side in (0, 1):
        assert (
            sum(line["points"] for line in result["lines"] if line["to"] == side)
            == (result["scores"][side])
        )


def test_score_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT.md: ``-`` reads the document from standard input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(TALLY)))
    assert main(["score", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "made"


def test_score_a_match_of_tallies(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """CONTRACT.md: a match is ``{"variant", "target", "deals"}``; 002 litige then a made deal."""
    litige = {
        "taker": 0,
        "trump": "S",
        "tricks": [4, 4],
        "card_points": [71, 81],
        "last_trick": 0,
        "belote": None,
    }
    made = {
        "taker": 1,
        "trump": "S",
        "tricks": [4, 4],
        "card_points": [52, 100],
        "last_trick": 1,
        "belote": None,
    }
    doc = {"variant": "classic", "target": 200, "deals": [litige, made]}
    code, out, err = run(doc, capsys, tmp_path)
    assert code == 0, err
    result = json.loads(out)
    assert [deal["outcome"] for deal in result["deals"]] == ["litige", "made"]
    assert result["totals"] == [52, 81 + 110 + 81]
    assert result["pending"] == 0
    assert result["winner"] == 1


def test_match_target_defaults_to_the_variant() -> None:
    """CONTRACT.md: ``target`` defaults to the variant's own (004: 751)."""
    result = score_document({"variant": "italian751", "deals": []})
    assert result["target"] == 751
    assert result["totals"] == [0, 0]
    assert result["winner"] is None


def test_tally_json_round_trips() -> None:
    """CONTRACT.md "Tally": what tally_to_json writes, tally_from_json reads back."""
    rules, tally = tally_from_json(TALLY)
    assert tally_from_json(tally_to_json(tally, rules)) == (rules, tally)


def test_french_tally_players_come_from_the_tricks() -> None:
    """CONTRACT.md: per player in french; ``players`` optional."""
    _, tally = tally_from_json(
        {
            "variant": "french",
            "taker": 0,
            "trump": "C",
            "tricks": [3, 3, 3],
            "card_points": [30, 40, 50],
            "last_trick": 2,
            "dealer": 0,
        }
    )
    assert tally.players == 3


def french(**changes: object) -> dict[str, object]:
    doc: dict[str, object] = {
        "variant": "french",
        "taker": 0,
        "trump": "C",
        "tricks": [5, 4],
        "card_points": [70, 60],
        "last_trick": 0,
        "dealer": 1,
    }
    doc.update(changes)
    return {key: value for key, value in doc.items() if value is not ...}


def tally(**changes: object) -> dict[str, object]:
    doc = dict(TALLY)
    doc.update(changes)
    return {key: value for key, value in doc.items() if value is not ...}


BAD_INPUTS = [
    pytest.param(tally(variant="belotta"), "variant", id="unknown variant"),
    pytest.param(tally(trump="X"), "trump", id="unknown trump"),
    pytest.param(tally(taker=4), "taker", id="seat out of range"),
    pytest.param(tally(belote=7), "belote", id="belote seat out of range"),
    pytest.param(tally(card_points=[62, 80]), "card_points", id="card points not 152"),
    pytest.param(french(card_points=[100, 60]), "card_points", id="french above 152"),
    pytest.param(tally(card_points=[-10, 162]), "card_points", id="negative card points"),
    pytest.param(tally(tricks=[-1, 9]), "tricks", id="negative tricks"),
    pytest.param(tally(tricks=[3, 4]), "tricks", id="tricks not 8"),
    pytest.param(french(tricks=[5, 5]), "tricks", id="french tricks not 9"),
    pytest.param(
        tally(tricks=[8, 0], card_points=[142, 10], announcements=[]),
        "card_points",
        id="points to a side without tricks",
    ),
    pytest.param(
        tally(tricks=[8, 0], card_points=[152, 0], last_trick=1, announcements=[]),
        "last_trick",
        id="last trick to a side without tricks",
    ),
    pytest.param(
        tally(announcements=[{"seat": 0, "cards": ["AS", "KS", "JS"]}]),
        "announcements[0].cards",
        id="not a combination",
    ),
    pytest.param(
        tally(announcements=[{"seat": 0, "cards": ["7S", "7H", "7D", "7C"]}]),
        "announcements[0].cards",
        id="carre of sevens",
    ),
    pytest.param(
        tally(announcements=[{"seat": 0, "cards": ["8S", "8H", "8D", "8C"]}]),
        "announcements[0].cards",
        id="carre of eights",
    ),
    pytest.param(
        tally(announcements=[{"seat": 0, "cards": ["AS", "KS", "QS", "KS"]}]),
        "announcements[0].cards",
        id="card shown twice in one combination",
    ),
    pytest.param(
        tally(
            announcements=[
                {"seat": 0, "cards": ["AS", "KS", "QS"]},
                {"seat": 1, "cards": ["KS", "QS", "JS"]},
            ]
        ),
        "announcements[1].cards",
        id="card shown by two seats",
    ),
    pytest.param(
        tally(variant="classic"),
        "announcements",
        id="announcements in classic",
    ),
    pytest.param(
        tally(announcements=[{"seat": 9, "cards": ["AS", "KS", "QS"]}]),
        "announcements[0].seat",
        id="announcement seat out of range",
    ),
    pytest.param(tally(taker=...), "taker", id="missing field"),
    pytest.param(tally(card_points=...), "card_points", id="missing card points"),
    pytest.param(tally(taker="0"), "taker", id="text for a number"),
    pytest.param(tally(taker=True), "taker", id="boolean for a number"),
    pytest.param(tally(card_points=[62.5, 89.5]), "card_points[0]", id="fraction"),
    pytest.param(tally(tricks="3 5"), "tricks", id="text for a list"),
    pytest.param(
        tally(announcements=[{"seat": 0, "cards": ["ZZ"]}]),
        "announcements[0].cards[0]",
        id="not a card",
    ),
    pytest.param(french(dealer=...), "dealer", id="french without dealer"),
    pytest.param([1, 2], "document", id="not an object"),
    pytest.param('{"variant": ', "malformed JSON", id="malformed JSON"),
    pytest.param(
        {
            "variant": "classic",
            "deals": [
                tally(variant=..., announcements=...),
                tally(variant=..., announcements=..., card_points=[1, 2]),
            ],
        },
        "deals[1].card_points",
        id="bad deal in a match",
    ),
    pytest.param({"variant": "classic", "deals": {}}, "deals", id="deals not a list"),
    pytest.param({"variant": "classic", "target": "x", "deals": []}, "target", id="bad target"),
]


@pytest.mark.parametrize(("doc", "field"), BAD_INPUTS)
def test_bad_input_exits_2_with_one_error_line_naming_the_field(
    doc: object, field: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """CONTRACT.md "Command line": exit 2, one line starting ``error:`` naming the field."""
    code, out, err = run(doc, capsys, tmp_path)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error:")
    assert field in lines[0]
    assert "Traceback" not in err


def test_subprocess_score_from_standard_input() -> None:
    """CONTRACT.md: ``python -m belote score -`` reads standard input; bad input exits 2."""
    good = subprocess.run(
        [sys.executable, "-m", "belote", "score", "-"],
        input=json.dumps(TALLY),
        capture_output=True,
        text=True,
        check=False,
    )
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["scores"] == [100, 100]
    bad = subprocess.run(
        [sys.executable, "-m", "belote", "score", "-"],
        input=json.dumps(tally(trump="X")),
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert len(bad.stderr.splitlines()) == 1
    assert bad.stderr.startswith("error:")
    assert "trump" in bad.stderr
