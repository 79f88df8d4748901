"""What the command-line tests share: run ``belote`` in-process, and its one ``error:`` line."""

from __future__ import annotations

import io
import sys

import pytest

from belote.cli.main import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "",
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    """``belote ARGV`` in this process: its exit status, standard output and standard error.

    With ``monkeypatch``, standard input reads ``stdin``.
    """
    if monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err


def one_error(code: int, err: str) -> str:
    """The one ``error:`` line of a command that refused its input (exit 2), never a traceback."""
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "internal error" not in err and "Traceback" not in err
    return err.strip()
