"""Every Python snippet of the docs pages runs as a script, under the spawn start method.

The ``>>>`` examples run as doctests (``tests/test_docs_examples.py``); this
test runs the others, each written to a file and run by a fresh interpreter,
as a reader who copies it would. The start method is forced to ``spawn`` (the
default on macOS and Windows), so a snippet that starts worker processes
without an ``if __name__ == "__main__":`` guard fails here too.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
FENCE = re.compile(r"^```python[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)

# (page, index of the snippet on the page): why it cannot run on its own.
NOT_STANDALONE = {
    ("testing.md", 3): "imports `my_game`, the reader's own code under test",
    ("plugins.md", 1): "needs the example plug-in package installed",
    ("cluster.md", 0): "connects to the reader's own dask scheduler",
}
# Smaller runs than the page shows, so the suite stays fast; the code is unchanged.
SHRINK = {"deals=1000": "deals=24"}

# Snippets that use an optional extra: skipped without it, unless BELOTE_REQUIRE_EXTRAS is set
# (``.ci/run`` installs the extras and runs them there).
EXTRA_MODULES = {
    "numpy": "numpy",
    "pyspiel": "pyspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium",
    "matplotlib": "matplotlib",
    "distributed": "distributed",
    "belote.adapters.env": "pettingzoo",
    "belote.adapters.openspiel": "pyspiel",
    "belote.experiments.plot": "matplotlib",
    "starlette": "starlette",
    "belote.web.app": "starlette",
}
IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_][\w.]*)", re.M)

PRELUDE = 'import multiprocessing\nmultiprocessing.set_start_method("spawn", force=True)\n'


def snippets() -> list[tuple[str, int, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        rel = page.relative_to(DOCS).as_posix()
        bodies = [m.group("body") for m in FENCE.finditer(page.read_text(encoding="utf-8"))]
        scripts = [body for body in bodies if not body.lstrip().startswith(">>>")]
        found += [(rel, i, body) for i, body in enumerate(scripts)]
    return found


@pytest.mark.parametrize(("page", "index", "body"), snippets(), ids=lambda v: str(v)[:20])
def test_snippet_runs_as_a_script(page: str, index: int, body: str, tmp_path: Path) -> None:
    if (page, index) in NOT_STANDALONE:
        pytest.skip(NOT_STANDALONE[page, index])
    needed = {EXTRA_MODULES[name] for name in IMPORT.findall(body) if name in EXTRA_MODULES}
    missing = sorted(name for name in needed if importlib.util.find_spec(name) is None)
    if missing and not os.environ.get("BELOTE_REQUIRE_EXTRAS"):
        pytest.skip(f"needs the optional {', '.join(missing)}")
    for old, new in SHRINK.items():
        body = body.replace(old, new)
    script = tmp_path / "snippet.py"
    script.write_text(PRELUDE + body, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{page} snippet {index}:\n{done.stderr[-3000:]}"


def test_the_comparing_snippet_is_found() -> None:
    assert any(page == "comparing.md" and "ProcessPoolExecutor" in body
               for page, _, body in snippets())
