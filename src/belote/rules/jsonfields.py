"""Reading JSON documents field by field: the one reader of tallies, records and results.

[`belote.records`][belote.records] (tallies, match tallies) and
[`belote.records.replay`][belote.records.replay] (deal and match records) read parsed JSON
with these functions, so a wrong field reads the same everywhere: the
message names the field (``deals[2].dealer``) and says what was expected
and what was found. Each reader passes the typed error it raises (an
[`InvalidTally`][belote.errors.InvalidTally] or an
[`InvalidRecord`][belote.errors.InvalidRecord]) as a [`Refusal`][belote.rules.jsonfields.Refusal].

>>> from belote.errors import InvalidRecord
>>> def refuse(message: str, field: str) -> InvalidRecord:
...     return InvalidRecord(f"{field}: {message}")
>>> whole("7", "dealer", refuse)
Traceback (most recent call last):
    ...
belote.errors.InvalidRecord: dealer: expected a whole number, got the text '7'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeAlias

from belote.errors import BeloteError, InvalidArgumentType, shown
from belote.rules.model import Rules
from belote.rules.specs import get_rules, spec_of

__all__ = [
    "Refusal",
    "kind",
    "obj",
    "optional_whole",
    "require",
    "same_variant",
    "text",
    "variant",
    "whole",
    "whole_list",
]

Refusal: TypeAlias = Callable[[str, str], BeloteError]
"""Builds the error a reader raises from a message and the field's name."""


def kind(value: object) -> str:
    """What a JSON value is, for a message: ``"a whole number"``, ``"the text 'x'"``, ...

    >>> kind(None), kind(True), kind(2), kind(2.5), kind([1])
    ('null', 'a boolean', 'a whole number', 'a number with a fraction', 'a list')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return f"the text {shown(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _check(field: object, refuse: object) -> None:
    """Refuse a field name that is not text, or a refusal that cannot be called.

    Raises:
        InvalidArgumentType: either (these come from the library's readers, never a document).
    """
    if not isinstance(field, str):
        raise InvalidArgumentType(f"field: expected the field's name as text, got {shown(field)}")
    if not callable(refuse):
        raise InvalidArgumentType(f"refuse: expected a Refusal (a callable), got {shown(refuse)}")


def obj(value: object, field: str, refuse: Refusal) -> Mapping[str, object]:
    """``value`` once checked to be a JSON object.

    Raises:
        InvalidArgumentType: ``field`` is not text or ``refuse`` not callable.
    """
    _check(field, refuse)
    if not isinstance(value, Mapping):
        raise refuse(f"expected an object, got {kind(value)}", field)
    return value


def require(doc: Mapping[str, object], key: str, prefix: str, refuse: Refusal) -> object:
    """The field ``key`` of ``doc`` (named ``prefix + key`` in errors); it must be there.

    Raises:
        InvalidArgumentType: ``doc`` is not a mapping, ``key`` or ``prefix`` not text, or
            ``refuse`` not callable.
    """
    _check(prefix, refuse)
    if not isinstance(key, str):
        raise InvalidArgumentType(f"key: expected the field's name as text, got {shown(key)}")
    if not isinstance(doc, Mapping):
        raise InvalidArgumentType(f"doc: expected a JSON object (a mapping), got {shown(doc)}")
    if key not in doc:
        raise refuse("missing field", prefix + key)
    return doc[key]


def whole(value: object, field: str, refuse: Refusal) -> int:
    """``value`` once checked to be a whole number (not a boolean).

    Raises:
        InvalidArgumentType: ``field`` is not text or ``refuse`` not callable.
    """
    _check(field, refuse)
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(f"expected a whole number, got {kind(value)}", field)
    return value


def optional_whole(value: object, field: str, refuse: Refusal) -> int | None:
    """A whole number or null.

    Raises:
        InvalidArgumentType: ``field`` is not text or ``refuse`` not callable.
    """
    _check(field, refuse)
    return None if value is None else whole(value, field, refuse)


def whole_list(value: object, field: str, refuse: Refusal) -> tuple[int, ...]:
    """A list of whole numbers.

    Raises:
        InvalidArgumentType: ``field`` is not text or ``refuse`` not callable.
    """
    _check(field, refuse)
    if not isinstance(value, list):
        raise refuse(f"expected a list of whole numbers, got {kind(value)}", field)
    return tuple(whole(item, f"{field}[{index}]", refuse) for index, item in enumerate(value))


def text(value: object, field: str, refuse: Refusal) -> str:
    """``value`` once checked to be text.

    Raises:
        InvalidArgumentType: ``field`` is not text or ``refuse`` not callable.
    """
    _check(field, refuse)
    if not isinstance(value, str):
        raise refuse(f"expected text, got {kind(value)}", field)
    return value


def variant(value: object, field: str, refuse: Refusal) -> Rules:
    """The variant a name (or alias) stands for.

    Raises:
        InvalidArgumentType: ``field`` is not text or ``refuse`` not callable.
    """
    _check(field, refuse)
    if not isinstance(value, str):
        raise refuse(f"expected a variant name, got {kind(value)}", field)
    try:
        return get_rules(value)
    except BeloteError as exc:
        raise refuse(str(exc), field) from None


def _spec_text(rules: Rules) -> str:
    """The canonical spec of ``rules``, or its name when no spec can say it (a custom layout)."""
    try:
        return spec_of(rules)
    except BeloteError:
        return rules.name


def same_variant(value: object, rules: Rules, field: str, refuse: Refusal) -> None:
    """Refuse a variant field inside a match unless it stands for the match's ``rules``.

    A deal of a match may leave its variant out, or repeat the match's spec
    in any spelling with the same canonical spec (an alias, knobs in another
    order); one whose spec differs is refused, naming ``field``
    (``deals[2].variant``), never read under one spec or the other. The
    same text as the match's spec is accepted without looking the variant
    up, so a plug-in variant never registered is read back too.

    >>> from belote.errors import InvalidTally
    >>> def refuse(message: str, field: str) -> InvalidTally:
    ...     return InvalidTally(message, field=field)
    >>> same_variant("belote", get_rules("classic"), "deals[0].variant", refuse)
    >>> same_variant("classic(capot_value=300)", get_rules("classic"), "deals[1].variant", refuse)
    Traceback (most recent call last):
        ...
    belote.errors.InvalidTally: 'classic(capot_value=300)' is not the match's variant classic

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``, ``field`` is not
            text or ``refuse`` not callable.
    """
    _check(field, refuse)
    if not isinstance(rules, Rules):
        raise InvalidArgumentType(f"rules: expected a Rules, got {shown(rules)}")
    match = _spec_text(rules)
    if value == match:
        return
    named = variant(value, field, refuse)
    if named != rules:
        raise refuse(f"{shown(value)} is not the match's variant {match}", field)
