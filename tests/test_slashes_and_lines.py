"""Issue 32, "Smaller": empty tricks in a position's play, and `belote analyze` on JSON lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run

from belote.deal import Deal
from belote.errors import InvalidPosition
from belote.solver import analyze as analyze_module

HEAD = ("belote/1 classic | players 4 | dealer 0 | hands JH 7D / 10H 9C / 7S JC / AS 7C"
        " | turned JD | bids take | play ")
TRICKS = ["QH AH QD 8H", "QC 10C KC AC", "8S 9S KS 8D", "AD KD 8C 9D", "10D JD 10S JS",
          "KH 9H QS 7H"]


@pytest.mark.parametrize(
    "play",
    [
        "/ / " + " / ".join(TRICKS),
        " / ".join(TRICKS[:2]) + " / / " + " / ".join(TRICKS[2:]),
        " / ".join(TRICKS) + " / /",
        "/ " * 50_000 + " / ".join(TRICKS),
    ],
)
def test_a_slash_with_no_trick_before_it_is_refused(
    play: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: `play / / ...` (even 50,000 slashes) was accepted; a '/' follows a trick's last card."""
    with pytest.raises(InvalidPosition, match="'/' with no trick before it") as caught:
        Deal.from_position(HEAD + play)
    assert caught.value.part == "play"
    code, _, err = run(["solve", HEAD + play], capsys)
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: position: play:")


@pytest.mark.parametrize("play", [" / ".join(TRICKS), " / ".join(TRICKS) + " /",
                                  " ".join(TRICKS)])
def test_a_slash_after_a_tricks_last_card_is_the_notation(play: str) -> None:
    """docs/positions.md: '/' after each trick (the last one's may be left out, or all of them)."""
    deal = Deal.from_position(HEAD + play)
    assert deal.tricks_played == len(TRICKS)


def _records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    path = tmp_path / "records.jsonl"
    code, _, err = run(["simulate", "french", "--players", "3", "--deals", "2", "--records",
                        str(path)], capsys)
    assert code == 0, err
    return path.read_text().splitlines()


@pytest.mark.parametrize("bad", ['{"variant": "classic", broken', '{"variant": "classic"}',
                                 '{"variant": "classic(target=0)", "deck": []}'])
def test_analyze_checks_every_line_before_solving(
    bad: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 32: line 1 was analysed (108 s for french 3p) before the error on line 2 was found."""
    lines = _records(tmp_path, capsys)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([*lines, bad]) + "\n")

    def no_solving(*args: object, **kwargs: object) -> object:
        raise AssertionError("a deal was analysed before every line was checked")

    monkeypatch.setattr(analyze_module, "analyze", no_solving)
    code, out, err = run(["analyze", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: line {len(lines) + 1}: ") and err.count("\n") == 1, err
