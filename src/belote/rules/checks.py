"""Argument checks shared by the public functions: typed errors that say what was expected.

The public functions call these at their door, so a caller gets an
[`InvalidArgumentType`][belote.errors.InvalidArgumentType] (a `TypeError`),
an [`InvalidSeat`][belote.errors.InvalidSeat] (an `IndexError`) or an
[`InvalidArgument`][belote.errors.InvalidArgument] (a `ValueError`) instead
of whatever the first operation on a wrong value would raise. A plug-in
variant or a program building on the library may use them for the same
messages.

>>> whole(3, "target", 1)
3
>>> whole(True, "target")
Traceback (most recent call last):
    ...
belote.errors.InvalidArgumentType: target: expected a whole number, got bool True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from os import PathLike
from pathlib import Path
from typing import TextIO, TypeVar

from belote.cards import Suit
from belote.errors import InvalidArgument, InvalidArgumentType, InvalidSeat
from belote.errors import shown as shown  # re-exported for the modules that check
from belote.rules.model import Rules
from belote.rules.specs import get_rules

__all__ = [
    "as_rules",
    "as_suit",
    "instance",
    "iterable",
    "missing_extra",
    "path",
    "seat",
    "sequence",
    "whole",
    "whole_or_none",
    "writer",
]

T = TypeVar("T")


def _got(value: object) -> str:
    return f"{type(value).__name__} {shown(value)}"


def as_rules(value: object, name: str = "rules") -> Rules:
    """A [`Rules`][belote.rules.model.Rules], or the variant a name or alias designates.

    Raises:
        InvalidArgumentType: neither a ``Rules`` nor text.
        UnknownVariant: text that names no variant.
    """
    if isinstance(value, Rules):
        return value
    if not isinstance(value, str):
        raise InvalidArgumentType(
            f"{name}: expected a Rules or a variant name such as 'classic', got {_got(value)}"
        )
    return get_rules(value)


def whole(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool) within ``low..high`` (inclusive) when given.

    Raises:
        InvalidArgumentType: not an ``int``.
        InvalidArgument: out of range.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentType(f"{name}: expected a whole number, got {_got(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f"at least {low}"
        raise InvalidArgument(f"{name}: expected {bounds}, got {shown(value)}")
    return value


def whole_or_none(
    value: object, name: str, low: int | None = None, high: int | None = None
) -> int | None:
    """``None``, or a [`whole`][belote.rules.checks.whole] number."""
    return None if value is None else whole(value, name, low, high)


def seat(value: object, players: int, name: str = "seat") -> int:
    """A seat number ``0..players-1``.

    Raises:
        InvalidArgumentType: not an ``int``.
        InvalidSeat: out of range.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentType(f"{name}: expected a seat number, got {_got(value)}")
    if not 0 <= value < players:
        raise InvalidSeat(f"{name}: seat {shown(value)} is out of range (expected 0..{players - 1})")
    return value


def as_suit(value: object, name: str = "trump") -> Suit:
    """A [`Suit`][belote.cards.Suit], from a suit, its number 0..3 or its letter.

    Raises:
        InvalidArgumentType: none of those types.
        InvalidArgument: a number out of range.
        NotationError: text that is not a suit.
    """
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    return Suit(whole(value, name, 0, 3))


def instance(value: object, kind: type[T], name: str) -> T:
    """``value`` if it is a ``kind``.

    Raises:
        InvalidArgumentType: it is not (or ``kind`` is not a type, ``name`` not text).
    """
    if not isinstance(kind, type) or not isinstance(name, str):
        raise InvalidArgumentType(
            f"instance: expected a type and a name, got {_got(kind)} and {_got(name)}"
        )
    if not isinstance(value, kind):
        raise InvalidArgumentType(f"{name}: expected a {kind.__name__}, got {_got(value)}")
    return value


def sequence(value: object, name: str) -> Sequence[object]:
    """A tuple or a list (not text, which is a sequence too).

    Raises:
        InvalidArgumentType: anything else.
    """
    if not isinstance(value, (tuple, list)):
        raise InvalidArgumentType(f"{name}: expected a tuple or a list, got {_got(value)}")
    return value


def iterable(value: object, name: str) -> Iterable[object]:
    """Something to iterate over, not text.

    Raises:
        InvalidArgumentType: text, bytes, or not iterable.
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidArgumentType(f"{name}: expected an iterable, got {_got(value)}")
    return value


def path(value: object, name: str) -> Path:
    """A file system path, from text or a ``PathLike`` (text without NUL characters).

    Raises:
        InvalidArgumentType: neither, or text with a NUL character.
        InvalidArgument: the empty text.
    """
    if not isinstance(value, (str, PathLike)) or "\x00" in str(value):
        raise InvalidArgumentType(f"{name}: expected a path, got {_got(value)}")
    if not str(value):
        raise InvalidArgument(f"{name}: expected a path, got the empty text")
    return Path(value)


def writer(value: object, name: str = "out") -> TextIO:
    """A text stream to write to (anything with a ``write`` method).

    Raises:
        InvalidArgumentType: no ``write`` method.
    """
    if not callable(getattr(value, "write", None)):
        raise InvalidArgumentType(f"{name}: expected a text stream, got {_got(value)}")
    return value  # type: ignore[return-value]


def missing_extra(module: str, extra: str, error: ModuleNotFoundError) -> str:
    """The message for a module whose optional extra is not installed.

    >>> missing_extra("belote.adapters.env", "pettingzoo", ModuleNotFoundError(name="numpy"))
    "belote.adapters.env needs the optional pettingzoo extra (numpy is missing): pip install 'belote[pettingzoo]'"

    Raises:
        InvalidArgumentType: ``module`` or ``extra`` is not text, ``error`` not a
            ``ModuleNotFoundError``.
    """
    instance(module, str, "module")
    instance(extra, str, "extra")
    instance(error, ModuleNotFoundError, "error")
    return (
        f"{module} needs the optional {extra} extra ({error.name} is missing): "
        f"pip install 'belote[{extra}]'"
    )
