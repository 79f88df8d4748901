"""MkDocs hook: a citation of a docs page in prose becomes a link to it.

Docstrings and pages cite the project's own pages as ``docs/rules.md#dealing``
(readable in the source and in ``help()``). On the site, each such citation
in running text is turned into a link to that page and section, relative to
the page it appears on; code, existing links and attributes are left alone.
"""

from __future__ import annotations

import re
from typing import Any

_CITATION = re.compile(r"docs/([a-z0-9_/-]+)\.md(#[a-z0-9_-]+)?")
_TAG = re.compile(r"(<[^>]+>)")
_SKIP = {"code", "pre", "a", "script", "style"}


def _target(page_url: str, name: str, anchor: str | None) -> str:
    depth = page_url.strip("/").count("/") + 1 if page_url.strip("/") else 0
    path = "index" if name == "index" else name
    url = ("../" * depth) + ("" if path == "index" else f"{path}/")
    return (url or "./") + (anchor or "")


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Link every ``docs/<page>.md#<section>`` citation in the page's running text."""
    url = getattr(page, "url", "") or ""
    out = []
    skipping: list[str] = []
    for chunk in _TAG.split(html):
        if chunk.startswith("<"):
            match = re.match(r"</?\s*([a-zA-Z0-9]+)", chunk)
            tag = match.group(1).lower() if match else ""
            if tag in _SKIP and not chunk.endswith("/>"):
                if chunk.startswith("</"):
                    if skipping and skipping[-1] == tag:
                        skipping.pop()
                else:
                    skipping.append(tag)
            out.append(chunk)
        elif skipping:
            out.append(chunk)
        else:
            out.append(_CITATION.sub(
                lambda m: f'<a href="{_target(url, m.group(1), m.group(2))}">{m.group(0)}</a>',
                chunk,
            ))
    return "".join(out)
