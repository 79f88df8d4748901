"""The docs hook that shows doctest's <BLANKLINE> as the empty line it stands for."""

from __future__ import annotations

import importlib.util
from pathlib import Path

HOOK = Path(__file__).resolve().parent.parent / "docs" / "hooks" / "blankline.py"


def test_blankline_markers_become_empty_lines() -> None:
    spec = importlib.util.spec_from_file_location("blankline_hook", HOOK)
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    output = '<span class="go">a</span>\n<span class="go">&lt;BLANKLINE&gt;</span>\n'
    code = ('x\n<span class="o">&lt;</span><span class="n">BLANKLINE</span>'
            '<span class="o">&gt;</span>\ny')
    assert hook.on_page_content(output, None, None, None) == (
        '<span class="go">a</span>\n<span class="go"></span>\n'
    )
    assert hook.on_page_content(code, None, None, None) == "x\n\ny"
    assert hook.on_page_content("BLANKLINE in prose", None, None, None) == "BLANKLINE in prose"


def _load(name: str):  # type: ignore[no-untyped-def]
    path = HOOK.parent / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_citations_of_docs_pages_become_links_in_running_text_only() -> None:
    """docs/hooks/citelinks.py: `docs/rules.md#dealing` links to the section, relative to the page."""
    hook = _load("citelinks")

    class Page:
        url = "api/deal/"

    html = ("<p>by the procedure of rules §2, docs/rules.md#dealing.</p>"
            "<code>docs/rules.md#dealing</code> <a href='x'>docs/cli.md</a>")
    out = hook.on_page_content(html, Page(), None, None)
    assert '<a href="../../rules/#dealing">docs/rules.md#dealing</a>' in out
    assert "<code>docs/rules.md#dealing</code>" in out  # code is left alone
    assert "<a href='x'>docs/cli.md</a>" in out  # so are links
    Page.url = ""
    assert '<a href="cli/">docs/cli.md</a>' in hook.on_page_content("<p>docs/cli.md</p>", Page(), None, None)


def test_every_rule_tables_fit_and_quotes_carry_the_projects_english_words() -> None:
    """The variants' "Every rule" tables have three columns (four overflowed a 1280-pixel
    screen), and a source quoted in Italian (000, 004) is followed by English words."""
    import importlib.util
    import os
    import re

    import pytest

    if importlib.util.find_spec("mkdocs") is None:  # the hook is a mkdocs hook
        if os.environ.get("BELOTE_REQUIRE_DOCS"):
            pytest.fail("the docs extra is required here (.ci/run installs it)")
        pytest.skip("the docs extra is not installed: pip install -e '.[docs]'")
    hook = _load("variant_tables")
    for name in ("piedicavallo", "italian751", "classic", "french"):
        rows = [line for line in hook.rules_table(name).splitlines() if line.startswith("| `")]
        assert rows
        for row in rows:
            assert row.count(" | ") == 2, row  # knob | value | meaning and source
            source = row.split("source: ", 1)[1]
            quote = re.search(r'\b00[04] [^(]*"[^"]+ [^"]+ [^"]+"', source)  # 3 words or more
            if quote:
                assert re.search(r'"[^"]*"[^(]*\([a-z0-9][^)]+\)', source), source
