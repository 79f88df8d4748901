"""Typed exceptions raised by the library.

Every error the library raises on bad input derives from
[`BeloteError`][belote.errors.BeloteError], so a caller can catch them all at once, and each one
says what was wrong and what was expected.
"""

from __future__ import annotations

__all__ = [
    "BeloteError",
    "IllegalAction",
    "InvalidArgument",
    "InvalidCombination",
    "InvalidRecord",
    "InvalidTally",
    "MissingExtra",
    "NotationError",
    "UnknownVariant",
]


class BeloteError(Exception):
    """Base class of every error raised by ``belote``."""


class NotationError(BeloteError, ValueError):
    """Text that is not a valid card, suit, rank, card set or action."""


class InvalidArgument(BeloteError, ValueError):
    """An argument outside what the rules allow (a player count, a seat)."""


class MissingExtra(BeloteError, ImportError):
    """A feature needs an optional dependency that is not installed.

    Attributes:
        extra: the extra to install, as in ``pip install 'belote[plot]'``.
    """

    def __init__(self, message: str, extra: str) -> None:
        super().__init__(message)
        self.extra = extra


class UnknownVariant(BeloteError, LookupError):
    """A variant name that no registered variant answers to."""


class InvalidCombination(BeloteError, ValueError):
    """Shown cards that do not form a combination the variant allows."""


class InvalidTally(BeloteError, ValueError):
    """A tally (what was counted at the table) that cannot be scored.

    Attributes:
        field: the name of the field at fault (``"card_points"``), or ``None``.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class IllegalAction(BeloteError, ValueError):
    """An action that the rules do not allow in the current state.

    The state the action was applied to is left exactly as it was.
    """


class InvalidRecord(BeloteError, ValueError):
    """A deal or match record that cannot be replayed.

    Attributes:
        index: the 0-based index of the action at fault in ``actions``, or
            ``None`` when the fault is not in one action.
        action: the text of that action, or ``None``.
    """

    def __init__(
        self, message: str, index: int | None = None, action: str | None = None
    ) -> None:
        super().__init__(message)
        self.index = index
        self.action = action
