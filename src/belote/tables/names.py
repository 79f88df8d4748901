"""The players' names at a table: what a name may be (docs/tables.md#seats-and-names)."""

from __future__ import annotations

import re
from typing import Final

from belote.errors import InvalidArgument

__all__ = ["MAX_NAME", "BadName", "check_name"]

MAX_NAME: Final = 24
"""The longest name a player may take (characters)."""


class BadName(InvalidArgument):
    """A player's name that is refused (code ``error.name``): empty, too long or not printable text."""

    code = "error.name"


_SPACES: Final = re.compile(r"\s+")


def check_name(name: object) -> str:
    """A player's name as the table keeps it: 1 to ``MAX_NAME`` printable characters, spaces folded.

    >>> check_name("  Ann   Marie ")
    'Ann Marie'
    >>> check_name("x" * 30)
    Traceback (most recent call last):
    ...
    belote.tables.names.BadName: name: 1 to 24 printable characters, not 30

    Raises:
        BadName: not text, empty, too long, or holding a character that is not printable.
    """
    rule = f"name: 1 to {MAX_NAME} printable characters"
    if not isinstance(name, str):
        raise BadName(f"{rule}, not {type(name).__name__}")
    text = name.strip()
    if not text.isprintable():  # a line break, a tab, a control character
        raise BadName(f"{rule}, not a line break or a control character")
    text = _SPACES.sub(" ", text)
    if not text:
        raise BadName(f"{rule}, not an empty text")
    if len(text) > MAX_NAME:
        raise BadName(f"{rule}, not {len(text)}")
    return text
