"""``belote solve`` and ``belote analyze --position``: positions on the command line (docs/positions.md)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from clirun import one_error, run

DOCS = Path(__file__).resolve().parent.parent / "docs"
SOLVED = json.loads((Path(__file__).parent / "data" / "positions.json").read_text(encoding="utf-8"))
CONSOLE = re.compile(r"^```console\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)


def console_examples() -> list[tuple[str, str]]:
    found = []
    for match in CONSOLE.finditer((DOCS / "positions.md").read_text(encoding="utf-8")):
        command, _, output = match.group("body").partition("\n")
        assert command.startswith("$ belote ")
        found.append((command[2:], output))
    return found


@pytest.mark.parametrize(("command", "output"), console_examples(), ids=lambda x: x[:40])
def test_positions_page_shows_what_belote_solve_prints(
    command: str, output: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every ``belote solve`` of docs/positions.md prints exactly what the page shows."""
    code, out, err = run(shlex.split(command)[1:], capsys)
    assert (code, err) == (0, "")
    assert out == output


def test_positions_page_has_three_puzzles() -> None:
    assert len(console_examples()) == 3


def test_solve_typed_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """A position typed by hand: lower case, no players part, parts in another order."""
    text = ("belote/1 CLASSIC | turned jd | dealer 0 | hands jh 7d / 10h 9c / 7s jc / as 7c"
            " | bids take | play qh ah qd 8h / qc 10c kc ac / 8s 9s ks 8d / ad kd 8c 9d"
            " / 10d jd 10s js / kh 9h qs 7h")
    code, out, _ = run(["solve", text], capsys)
    assert code == 0
    assert "  10H     24  best\n  9C    -162\n" in out


def test_solve_json_matches_the_solved_file(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` gives the value and every legal card's value."""
    for entry in SOLVED:
        code, out, _ = run(["solve", entry["position"], "--json"], capsys)
        assert code == 0
        doc = json.loads(out)
        assert doc["value"] == entry["value"]
        assert {card["card"]: card["value"] for card in doc["cards"]} == entry["cards"]
        assert doc["position"] == entry["position"]
        assert doc["line"][0] in [card["card"] for card in doc["cards"] if card["best"]]


def test_solve_reads_standard_input(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["solve", "-"], capsys, SOLVED[0]["position"] + "\n", monkeypatch)
    assert code == 0 and "Value: 24" in out


@pytest.mark.parametrize(
    ("position", "part"),
    [
        (SOLVED[0]["position"].replace("JH 7D /", "JH 7D 8D /"), "position: hands: seat 0 holds 3 cards, 2 expected"),
        (SOLVED[0]["position"].replace("belote/1", "belote/9"), "position: header: version 9"),
        (SOLVED[0]["position"].replace("turned JD", "turned XX"), "position: turned: not a card"),
        (SOLVED[0]["position"].replace("JH 7D / 10H 9C / 7S JC / AS 7C", "JH / 9C / JC / 7C")
         + " / 10H 7S AS 7D", "position: play: trick 7: seat 0 7D: "),
        ("belote/1 classic | dealer 0 | hands 7S 8S 9S 10S JS / QS KS AS 7H 8H / 9H 10H JH QH KH"
         " / AH 7D 8D 9D 10D | turned JD", "position: solve needs a deal in the play phase"),
    ],
)
def test_bad_position_is_one_error_line(position: str, part: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A bad (or unsolvable) position: exit 2, one ``error:`` line naming the part at fault."""
    code, _, err = run(["solve", position], capsys)
    assert one_error(code, err).startswith(f"error: {part}")


def test_analyze_position(capsys: pytest.CaptureFixture[str]) -> None:
    """``analyze --position`` values the cards played in the position."""
    code, out, _ = run(["analyze", "--position", SOLVED[0]["position"], "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert len(doc["cards"]) == 24 and doc["taker"] == 1


def test_analyze_needs_one_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert "record file or --position" in one_error(*run(["analyze"], capsys)[::2])
    code, _, err = run(["analyze", "x.json", "--position", SOLVED[0]["position"]], capsys)
    assert "not both" in one_error(code, err)
