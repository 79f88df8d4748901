"""MkDocs hook: doctest's ``<BLANKLINE>`` marker shows as the empty line it stands for.

Doctests need ``<BLANKLINE>`` for an empty line of output; a reader of the
built site should see the empty line, in the pages and in the API pages
rendered from docstrings alike.
"""

from __future__ import annotations

import re
from typing import Any

_MARKER = re.compile(
    r"&lt;BLANKLINE&gt;"  # as doctest output
    r"|<span[^>]*>&lt;</span><span[^>]*>BLANKLINE</span><span[^>]*>&gt;</span>"  # as code
)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Replace each ``<BLANKLINE>`` of the rendered page by nothing (its line stays, empty)."""
    return _MARKER.sub("", html)
