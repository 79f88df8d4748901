"""Docstrings use mkdocstrings cross-references, never Sphinx roles.

mkdocstrings prints a Sphinx role such as ``:class:`Deal``` as literal text, so
one left in a docstring shows up as raw markup on the API pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "belote"
ROLE = re.compile(r":(?:class|meth|func|attr|mod|data|exc|obj|ref|py:\w+):`")


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: p.name)
def test_no_sphinx_role_in_source(path: Path) -> None:
    hits = [
        f"{path.name}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ROLE.search(line)
    ]
    assert not hits, "Sphinx roles left (use [`Name`][belote.module.Name]):\n" + "\n".join(hits)


def test_the_role_pattern_catches_a_role() -> None:
    assert ROLE.search("see :class:`~belote.deal.Deal`")
    assert not ROLE.search("see [`Deal`][belote.deal.Deal]")
