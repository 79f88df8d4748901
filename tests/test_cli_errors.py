"""The command's error contract holds for hostile input and a hostile environment.

CONTRACT.md "Command line": bad input ends in exit status 2 and exactly one
line on standard error starting with ``error:``, never a traceback nor an
"internal error". Each test here reproduces an input of issue 11.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from belote.cli.main import cpu_count, main
from belote.deal import Deal

BELOTE = [sys.executable, "-m", "belote"]


def run(
    argv: list[str], stdin: bytes = b"", monkeypatch: pytest.MonkeyPatch | None = None,
    capsys: pytest.CaptureFixture[str] | None = None,
) -> tuple[int, str, str]:
    """Run ``belote argv`` in-process with ``stdin`` as the bytes of standard input."""
    assert monkeypatch is not None and capsys is not None
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err


def assert_one_error_line(code: int, err: str) -> str:
    assert code == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    line = err[:-1]
    assert line.startswith("error: ")
    assert line.isprintable(), line
    assert "internal error" not in line
    return line


def test_deep_nesting_is_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: ``'['*1000 + ']'*1000`` piped to ``belote score -`` was a RecursionError."""
    code, _, err = run(["score", "-"], b"[" * 1000 + b"]" * 1000, monkeypatch, capsys)
    assert "nested too deeply" in assert_one_error_line(code, err)


def test_deep_nesting_inside_a_tally_is_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: the same nesting as a field of a real document, to ``replay``."""
    doc = b'{"variant":"classic","deck":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    code, _, err = run(["replay", "-"], doc, monkeypatch, capsys)
    assert_one_error_line(code, err)


def test_integer_over_4300_digits_is_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: ``{"taker": 1000…0}`` (5,001 digits) to ``belote replay -``."""
    doc = b'{"variant":"classic","taker":1' + b"0" * 5000 + b"}"
    code, _, err = run(["replay", "-"], doc, monkeypatch, capsys)
    assert "5001 digits" in assert_one_error_line(code, err)


def test_nan_is_not_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """RFC 8259 has no NaN: Python's parser takes it, the command refuses it."""
    doc = b'{"variant":"classic","taker":NaN}'
    code, _, err = run(["score", "-"], doc, monkeypatch, capsys)
    assert "NaN" in assert_one_error_line(code, err)


def test_invalid_utf8_in_a_file_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: ``printf '{"variant":"cl\\xffassic"}' > b.json; belote score b.json``."""
    path = tmp_path / "b.json"
    path.write_bytes(b'{"variant":"cl\xffassic"}')
    code = main(["score", str(path)], out=io.StringIO())
    line = assert_one_error_line(code, capsys.readouterr().err)
    assert "not UTF-8" in line and "offset 14" in line


def test_invalid_utf8_on_standard_input_is_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: the same bytes on standard input, read as bytes whatever the locale."""
    code, _, err = run(["score", "-"], b'{"variant":"cl\xffassic"}', monkeypatch, capsys)
    assert "not UTF-8" in assert_one_error_line(code, err)


def test_lone_surrogate_text_on_standard_input_is_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A text stream (no bytes underneath) holding what surrogateescape made of 0xff."""
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"variant":"cl\udcffassic"}'))
    code = main(["score", "-"], out=io.StringIO())
    assert "not UTF-8" in assert_one_error_line(code, capsys.readouterr().err)


def test_invalid_utf8_with_strict_io_encoding(tmp_path: Path) -> None:
    """Issue 11: standard input under ``PYTHONIOENCODING=utf-8:strict``."""
    result = subprocess.run(
        [*BELOTE, "score", "-"], input=b'{"variant":"cl\xffassic"}', capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"}, timeout=60, check=False,
    )
    assert_one_error_line(result.returncode, result.stderr.decode())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_reported_as_the_environments_fault() -> None:
    """Issue 11: ``belote variants > /dev/full``."""
    with open("/dev/full", "wb") as full:
        result = subprocess.run([*BELOTE, "variants"], stdout=full, stderr=subprocess.PIPE,
                                timeout=60, check=False)
    line = assert_one_error_line(result.returncode, result.stderr.decode())
    assert line.startswith("error: cannot write to standard output: ")


def test_a_closed_standard_output_is_reported() -> None:
    """Issue 11: ``belote variants >&-``."""
    result = subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m belote variants >&-'],
        stderr=subprocess.PIPE, timeout=60, check=False,
    )
    line = assert_one_error_line(result.returncode, result.stderr.decode())
    assert line.startswith("error: cannot write to standard output: ")


def test_a_closed_standard_input_is_reported() -> None:
    """Issue 11: ``belote score - <&-``."""
    result = subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m belote score - <&-'],
        capture_output=True, timeout=60, check=False,
    )
    line = assert_one_error_line(result.returncode, result.stderr.decode())
    assert line.startswith("error: cannot read standard input")


def test_a_closed_pipe_ends_quietly() -> None:
    """Issue 11 found closed pipes clean; they stay so (``belote rules classic | head -1``)."""
    result = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m belote rules classic | head -c 1 >/dev/null'],
        stderr=subprocess.PIPE, timeout=60, check=False,
    )
    assert result.returncode == 0
    assert result.stderr == b""


# --- output that cannot lie to a terminal ----------------------------------------------


@pytest.mark.parametrize("hostile", ["3 pa\rss", "3 pass\x1b[2J", "0 pa\x00ss", "1 pass\u2028x"])
def test_an_echoed_action_is_escaped(
    hostile: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: ``error: action 0 "3 pa\\rss"`` carried a carriage return to the terminal."""
    record = {**Deal.random("classic", 1).to_record(), "actions": [hostile]}
    code, _, err = run(["replay", "-"], json.dumps(record).encode(), monkeypatch, capsys)
    line = assert_one_error_line(code, err)
    assert line.startswith('error: action 0 "')


def test_a_huge_variant_name_is_not_echoed_whole(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: a 5 MB variant name was echoed whole."""
    doc = json.dumps({"variant": "\u001b[31m" + "x" * 5_000_000}).encode()
    code, _, err = run(["score", "-"], doc, monkeypatch, capsys)
    line = assert_one_error_line(code, err)
    assert len(line) < 500
    assert "\x1b" not in line and "5000005 characters" in line


def test_the_library_message_caps_what_it_quotes() -> None:
    """The library, not only the command, quotes at most a bounded part of the input."""
    from belote.errors import UnknownVariant
    from belote.rules import get_rules

    with pytest.raises(UnknownVariant) as info:
        get_rules("y" * 1_000_000)
    assert len(str(info.value)) < 200


# --- --jobs ---------------------------------------------------------------------------


def test_jobs_is_capped_at_the_cpu_count() -> None:
    """Issue 11: ``--jobs 1000`` forked hundreds of workers; it is lowered to the CPUs."""
    from belote.cli.main import build_parser

    args = build_parser().parse_args(["simulate", "classic", "--jobs", "1000"])
    assert args.jobs == cpu_count() <= (os.cpu_count() or 1)
    args = build_parser().parse_args(["simulate", "classic", "--jobs", "1"])
    assert args.jobs == 1


@pytest.mark.parametrize("jobs", ["0", "-3", "٣", "²", "1" * 5000, "2.5"])
def test_jobs_must_be_a_positive_ascii_number(
    jobs: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--jobs`` takes ASCII digits only, like action seats."""
    code, _, err = run(["simulate", "classic", "--deals", "1", "--jobs", jobs],
                       b"", monkeypatch, capsys)
    assert_one_error_line(code, err)


# --- action seats ---------------------------------------------------------------------


@pytest.mark.parametrize("seat", ["²", "٣", "1" * 5000, "１", "0x1", "+1", "1_0"])
def test_an_action_seat_is_ascii_digits_only(seat: str) -> None:
    """Issue 11: ``"² pass"`` passed ``isdigit()`` then broke ``int()``; ``"٣ pass"`` was seat 3."""
    from belote.actions import Action
    from belote.errors import NotationError

    with pytest.raises(NotationError) as info:
        Action.parse(f"{seat} pass")
    assert len(str(info.value)) < 300
    assert "ASCII" in str(info.value)


def test_an_ascii_seat_still_parses() -> None:
    """CONTRACT.md "Deal record": ``<seat> <verb>`` with the seat in digits."""
    from belote.actions import Action

    assert Action.parse("3 pass").seat == 3
    assert Action.parse("03 pass").seat == 3


@pytest.mark.parametrize("seat", ["²", "٣", "1" * 5000])
def test_a_record_with_a_non_ascii_seat_is_bad_input(
    seat: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: the same seats inside a deal record, through ``belote replay``."""
    record = {**Deal.random("classic", 1).to_record(), "actions": [f"{seat} pass"]}
    code, _, err = run(["replay", "-"], json.dumps(record).encode(), monkeypatch, capsys)
    assert assert_one_error_line(code, err).startswith('error: action 0 "')


def test_an_ascii_terminal_gets_escaped_json() -> None:
    """A standard output that cannot carry "carré" gets the same JSON with escapes, not an error."""
    tally = {"variant": "piedicavallo", "taker": 0, "trump": "H", "tricks": [4, 4],
             "card_points": [70, 82], "last_trick": 0,
             "announcements": [{"seat": 0, "cards": ["JS", "JH", "JD", "JC"]}]}
    result = subprocess.run(
        [*BELOTE, "score", "-"], input=json.dumps(tally).encode(), capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii:strict"}, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = json.loads(result.stdout)["lines"]
    assert any(line["item"].startswith("carré") for line in lines)


def test_a_match_names_a_bad_deal_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT: the error line names the field at fault, once (``deals[0]``, not twice)."""
    code, _, err = run(["score", "-"], b'{"variant":"classic","deals":[1]}', monkeypatch, capsys)
    line = assert_one_error_line(code, err)
    assert line.startswith("error: deals[0]: ") and "deals[0].deals" not in line


def test_the_field_is_named_even_when_the_message_mentions_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT: the error line starts with the field at fault."""
    doc = (b'{"variant":"classic","players":3,"taker":0,"trump":"H","tricks":[4,4],'
           b'"card_points":[80,72],"last_trick":0}')
    code, _, err = run(["score", "-"], doc, monkeypatch, capsys)
    assert assert_one_error_line(code, err).startswith("error: players: ")


def test_each_command_recognises_the_other_format(tmp_path: Path) -> None:
    """A deal record given to `score`, or a tally given to `replay`, is named, with the command that reads it."""
    tally = tmp_path / "tally.json"
    tally.write_text(json.dumps({"variant": "piedicavallo", "taker": 0, "trump": "S",
                                 "tricks": [4, 4], "card_points": [71, 81], "last_trick": 0}))
    record = tmp_path / "record.json"
    record.write_text(json.dumps({"variant": "classic", "players": 4, "dealer": 3,
                                  "deck": list(range(32)), "actions": ["0 pass"]}))
    for command, path, says in (("replay", tally, "belote score"), ("score", record, "belote replay")):
        done = subprocess.run([sys.executable, "-m", "belote", command, str(path)],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 2 and done.stderr.count("\n") == 1
        assert done.stderr.startswith("error: this is a") and says in done.stderr


def test_compare_checks_the_chart_file_before_the_run(tmp_path: Path) -> None:
    """`compare --plot FILE` refuses a file it could not write before playing any deal."""
    missing = tmp_path / "no-such-folder" / "chart.svg"
    for target, says in ((missing, "no folder"), (tmp_path / "chart.txt", "must end in .svg")):
        done = subprocess.run(
            [sys.executable, "-m", "belote", "compare", "--deals", "100000", "--plot", str(target)],
            capture_output=True, text=True, timeout=60, check=False,
        )
        assert done.returncode == 2 and says in done.stderr and done.stderr.count("\n") == 1


def test_replay_trace_and_partial_work_together(tmp_path: Path) -> None:
    """`replay --trace --partial` draws an unfinished deal as far as it goes."""
    deal = Deal("classic", list(range(32)), dealer=3)
    deal.apply_all(["0 pass", "1 take", "0 play 7S"])
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(deal.to_record()))
    done = subprocess.run([sys.executable, "-m", "belote", "replay", "--trace", "--partial", str(path)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "unfinished" in done.stdout and "taken by seat 1" in done.stdout
