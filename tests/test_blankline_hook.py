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
