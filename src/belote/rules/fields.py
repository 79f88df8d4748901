"""The metadata and the type check every knob of a rules value shares.

A knob's field carries its one-line meaning (and, for a rule the published
rulebooks dispute, who reads it which way) in its ``attrs`` metadata, which
[`belote.records.describe`][belote.records.describe] and
[`readings`][belote.rules.model.readings] read; [`check_knobs`][belote.rules.fields.check_knobs]
checks (and converts) every scalar knob when a value is built.
"""

from __future__ import annotations

import enum

import attrs

from belote.errors import InvalidArgument, InvalidArgumentType, shown

__all__ = ["Dispute", "check_knobs", "disputed", "meaning"]


@attrs.frozen
class Dispute:
    """A rule the published rulebooks read in several ways, as a variant records it.

    Attributes:
        knob: the knob, named as in a spec (``"play.must_undertrump"``).
        default_by: who reads the rule as the variant's value does.
        readings: the other readings, as ``(value, who)`` pairs.
    """

    knob: str
    default_by: str
    readings: tuple[tuple[object, str], ...] = ()


def meaning(text: str) -> dict[str, object]:
    """Field metadata: the one-line meaning [`belote.records.describe`][belote.records.describe] shows."""
    return {"meaning": text}


def disputed(text: str, default_by: str, *others: tuple[object, str]) -> dict[str, object]:
    """Field metadata of a disputed rule: its meaning, who reads it which way.

    ``default_by`` names who reads it as the default does; ``others`` are the
    other readings as ``(value, who)`` pairs ([`readings`][belote.rules.model.readings]).
    """
    return {"meaning": text, "default_by": default_by, "readings": others}



_HINTS: dict[type, dict[str, object]] = {}


def check_knobs(value: attrs.AttrsInstance, group: str = "") -> None:
    """Check (and convert) every scalar knob of a rules value at construction.

    Enum knobs accept their member or its word (``"play-on"``, any case) and
    are stored as the member; boolean knobs take only ``True``/``False``;
    whole-number knobs only ints (``None`` where the knob may be unset). So
    ``Rules(...)``, ``attrs.evolve`` and a spec give the same value or the
    same error, which names the knob (``group`` first for a knob of a group:
    ``auction.lowest``).

    Raises:
        InvalidArgument: a knob given a value it does not take.
        InvalidArgumentType: ``value`` is not a value of an attrs class, ``group`` not text.
    """
    import types

    if not attrs.has(type(value)):
        raise InvalidArgumentType(f"value: expected a rules value (an attrs class), got {shown(value)}")
    if not isinstance(group, str):
        raise InvalidArgumentType(f"group: expected text, got {shown(group)}")
    import typing

    cls = type(value)
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        name = f"{group}.{field.name}" if group else field.name
        kind = hints[field.name]
        current = getattr(value, field.name)
        options = typing.get_args(kind) if isinstance(kind, types.UnionType) else (kind,)
        if current is None and type(None) in options:
            continue
        for option in options:
            if isinstance(option, type) and issubclass(option, enum.Enum):
                if isinstance(current, option):
                    break
                if isinstance(current, str):
                    word = current.strip().lower()
                    member = next(
                        (m for m in option if str(m.value).lower() == word or m.name.lower() == word),
                        None,
                    )
                    if member is not None:
                        object.__setattr__(value, field.name, member)
                        break
                words = ", ".join(str(m.value) for m in option)
                raise InvalidArgument(
                    f"knob {name}: {shown(current)} is not one of {words}"
                )
            if option is bool:
                if type(current) is not bool:
                    raise InvalidArgument(f"knob {name}: expected true or false, not {shown(current)}")
                break
            if option is int:
                if type(current) is not int:
                    raise InvalidArgument(f"knob {name}: expected a whole number, not {shown(current)}")
                break
            if option is str:
                if type(current) is not str or (field.name == "name" and not current.strip()):
                    raise InvalidArgument(f"knob {field.name}: expected a text, not {shown(current)}")
                break
