"""Typed exceptions raised by the library.

Every error the library raises on bad input derives from
[`BeloteError`][belote.errors.BeloteError], so a caller can catch them all at once, and each one
says what was wrong and what was expected.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "SHOWN_LIMIT",
    "BeloteError",
    "BotError",
    "CommandError",
    "IllegalAction",
    "InvalidArgument",
    "InvalidArgumentType",
    "InvalidCombination",
    "InvalidPosition",
    "InvalidRecord",
    "InvalidSeat",
    "InvalidTally",
    "MissingExtra",
    "NotationError",
    "UnknownVariant",
    "printable",
    "shown",
]

SHOWN_LIMIT: Final = 60
"""How many characters of an input value an error message quotes at most."""


def printable(text: str) -> str:
    r"""``text`` with every non-printable character escaped, so it cannot act on a terminal.

    Escape sequences (ESC), NUL, carriage returns, line and paragraph
    separators (U+2028, U+2029), lone surrogates and every other character
    that `str.isprintable` refuses become a backslash escape, as
    `repr` writes them; printable text, accents included, is kept.

    >>> print(printable("3 pa\rss\x1b[2J"))
    3 pa\rss\x1b[2J
    >>> printable("dix de cœur")
    'dix de cœur'
    """
    if not isinstance(text, str):
        raise InvalidArgumentType(f"text: expected a str, got {type(text).__name__}")
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shown(value: object, limit: int = SHOWN_LIMIT, quote: str = "'") -> str:
    r"""An input value as an error message quotes it: quoted, escaped, and at most ``limit`` long.

    Text is quoted and escaped as [`printable`][belote.errors.printable]
    does (between ``quote`` marks), and cut after ``limit`` characters with
    the full length said; other values are shown by their ``repr``, cut the
    same way (a whole number too long to print is described by its size).

    >>> print(shown("3 pa\rss"))
    '3 pa\rss'
    >>> shown("x" * 1000, limit=5)
    "'xxxxx'... (1000 characters)"
    >>> shown(10 ** 100)
    'a whole number of 101 digits'
    """
    if isinstance(value, str):
        if len(value) > limit:
            return f"{quote}{printable(value[:limit])}{quote}... ({len(value)} characters)"
        return f"{quote}{printable(value)}{quote}"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        if value.bit_length() > 14_000:  # too long for str(); say its size
            return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return f"a whole number of {len(str(abs(value)))} digits"
    try:
        text = printable(repr(value))
    except ValueError:  # it holds a number too long to print
        return f"a {type(value).__name__} too large to show"
    if len(text) > limit:
        return f"{text[:limit]}... ({len(text)} characters)"
    return text


class BeloteError(Exception):
    """Base class of every error raised by ``belote``."""


class NotationError(BeloteError, ValueError):
    """Text that is not a valid card, suit, rank, card set or action."""


class InvalidArgument(BeloteError, ValueError):
    """An argument outside what the rules allow (a player count, a seat).

    It is a `ValueError`, so code written for the built-ins catches it too.
    """


class MissingExtra(BeloteError, ImportError):
    """A feature needs an optional dependency that is not installed.

    Attributes:
        extra: the extra to install, as in ``pip install 'belote[plot]'``.
    """

    def __init__(self, message: str, extra: str) -> None:
        super().__init__(message)
        self.extra = extra


class InvalidPosition(InvalidArgument):
    """A position text (docs/positions.md) that is not a position the rules allow.

    The message starts with ``position:`` and the part at fault
    (``position: hands: seat 2 holds 9 cards, 8 expected``).

    Attributes:
        part: the part of the position at fault (``header``, ``variant``,
            ``players``, ``dealer``, ``hands``, ``turned``, ``stock``,
            ``bids``, ``play``, ``totals``, ``target`` or ``pending``).
    """

    def __init__(self, part: str, message: str) -> None:
        super().__init__(f"position: {part}: {message}")
        self.part = part


class InvalidSeat(InvalidArgument, IndexError):
    """A seat (or side) out of range for the number of players.

    Both an [`InvalidArgument`][belote.errors.InvalidArgument] and an
    `IndexError`: a seat indexes the table.
    """


class InvalidArgumentType(InvalidArgument, TypeError):
    """An argument of the wrong type (text where a number is expected, ...).

    It is a `TypeError`, and an [`InvalidArgument`][belote.errors.InvalidArgument]
    like every bad argument; the message says which type was expected.
    """


class UnknownVariant(BeloteError, KeyError):
    """A variant name that no registered variant answers to.

    It is a `KeyError` (a `LookupError`): the name is looked up in the
    registry. Its text is the message itself, not a quoted key.
    """

    def __str__(self) -> str:
        return Exception.__str__(self)


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


class CommandError(BeloteError):
    """Bad input to a command, reported as one ``error:`` line and exit 2."""


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


class BotError(BeloteError, RuntimeError):
    """A bot's own failure at its seat, never an internal error of ``belote``.

    Its constructor or a decision raised, exited or ran out of time; or an
    engine crashed, hung, answered garbage or an illegal action. The message
    names the bot (its spec) and the seat; the command line reports it as bad
    input (exit status 2 and one ``error:`` line), and ``detail`` keeps the
    bot's own traceback for its author (``--debug`` prints it).

    Attributes:
        bot: the bot's spec (``mypkg.bots:Cautious``).
        seat: the seat it plays, or ``None`` when not known.
        detail: the bot's traceback as text, or ``""``.
    """

    def __init__(self, message: str, bot: str = "", seat: int | None = None, detail: str = "") -> None:
        super().__init__(message)
        self.bot = bot
        self.seat = seat
        self.detail = detail

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.bot, self.seat, self.detail))
