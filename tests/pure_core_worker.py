"""The pure-Python core in a process of its own, for tests/test_compiled_core.py.

Run with the work tree's ``src`` first on ``PYTHONPATH``: the modules are the
sources, interpreted, whatever is installed. Reads one JSON list of ``belote``
arguments per line and answers one JSON object per line (see ``run_cli``).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

from belote.buildinfo import core
from belote.cli import main


def run_cli(argv: list[str]) -> dict[str, object]:
    """``belote ARGV`` in this process: its status, outputs and the records it wrote.

    ``{records}`` in an argument is a fresh file, whose text comes back as ``records``.
    """
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "records.jsonl"
        args = [arg.replace("{records}", str(records)) for arg in argv]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            status = main(args, out)
        text = records.read_text(encoding="utf-8") if records.exists() else None
    return {"status": status, "out": out.getvalue(), "err": err.getvalue(), "records": text}


def serve() -> None:
    print(json.dumps({"core": str(core()), "file": __import__("belote").__file__}), flush=True)
    for line in sys.stdin:
        print(json.dumps(run_cli(json.loads(line))), flush=True)


if __name__ == "__main__":
    serve()
