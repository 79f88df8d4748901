"""Variant specs: ``NAME(KNOB=VALUE, ...)``, a variant with knobs changed, in one line.

Wherever a variant is named, a spec may stand for it, in the parameter style
of OpenSpiel game strings: ``classic(capot_value=250,play.must_overtrump=false)``.
Values are ``true``/``false``, whole numbers, ``none`` for a knob that may be
unset, or the knob's enum words as ``belote rules --json`` shows them; knob
names are those of ``belote rules --json`` (``play.<name>`` for the play
obligations). [`rules_from_spec`][belote.rules.specs.rules_from_spec] reads one;
[`spec_of`][belote.rules.specs.spec_of] writes the canonical form (knobs sorted,
values equal to the named variant's dropped), so the same rules always print
the same spec and ``rules_from_spec(spec_of(rules)) == rules``.

>>> rules = rules_from_spec("classic(capot_value=250, play.must_overtrump=false)")
>>> rules.capot_value, rules.play.must_overtrump, rules.name
(250, False, 'classic')
>>> spec_of(rules)
'classic(capot_value=250,play.must_overtrump=false)'
>>> spec_of(rules_from_spec("Classic()"))
'classic'
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules.gamepoints import GamePointsRules
from belote.rules.knobs import whole_from_text
from belote.rules.model import AuctionRules, ContractRules, PlayRules, Rules
from belote.rules.registry import find_variant

__all__ = [
    "SETTABLE",
    "get_rules",
    "is_spec",
    "knob_value",
    "knob_word",
    "parse_spec",
    "rules_from_spec",
    "spec_of",
    "with_knob",
]

_SPEC: Final = re.compile(r"\s*([^()\s]+)\s*\((.*)\)\s*", re.S)
_FIXED: Final = frozenset({"name", "description", "aliases", "source", "disputes"})
"""Fields that name a variant rather than change its rules: not set in a spec."""


def _kinds(cls: type) -> dict[str, object]:
    hints = typing.get_type_hints(cls)
    return {field.name: hints[field.name] for field in attrs.fields(cls)}


_GROUPS: Final = {
    "play": PlayRules, "auction": AuctionRules, "contract": ContractRules,
    "game_points": GamePointsRules,
}
"""The knobs that hold a group of knobs, written ``GROUP.KNOB`` in a spec."""


def _settable() -> dict[str, object]:
    out: dict[str, object] = {}
    for name, kind in _kinds(Rules).items():
        if name in _FIXED or name in _GROUPS:
            continue
        out[name] = kind
    for group, cls in _GROUPS.items():
        for name, kind in _kinds(cls).items():
            out[f"{group}.{name}"] = kind
    return out


def _scalar(kind: object) -> bool:
    args = typing.get_args(kind)
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        return all(_scalar(arg) for arg in args)
    return kind in (bool, int, type(None)) or (isinstance(kind, type) and issubclass(kind, enum.Enum))


SETTABLE: Final[Mapping[str, object]] = {
    name: kind for name, kind in _settable().items() if _scalar(kind)
}
"""The knobs a spec may set, with their types: every knob whose value is a
boolean, a whole number (or none) or an enum word."""


def knob_value(rules: Rules, knob: str) -> object:
    """The value of a knob, by its name in a spec (``"target"``, ``"auction.lowest"``).

    >>> knob_value(find_variant("contree"), "auction.surcoinche_multiplier")
    3

    Raises:
        InvalidArgument: no knob has that name.
    """
    if not isinstance(rules, Rules):
        raise InvalidArgumentType(f"expected a Rules value, not {type(rules).__name__} {shown(rules)}")
    if not isinstance(knob, str):
        raise InvalidArgumentType(f"a knob is named by text, not {type(knob).__name__} {shown(knob)}")
    group, dot, field = knob.partition(".")
    holder: object = rules
    if dot:
        if group not in _GROUPS:
            raise InvalidArgument(f"unknown knob {knob}")
        holder = getattr(rules, group)
    name = field if dot else group
    if name not in attrs.fields_dict(type(holder)):  # type: ignore[arg-type]
        raise InvalidArgument(f"unknown knob {knob}")
    return getattr(holder, name)


def with_knob(rules: Rules, knob: str, value: object) -> Rules:
    """``rules`` with one knob (named as in a spec) set to ``value``, built and so checked.

    >>> with_knob(find_variant("contree"), "auction.surcoinche_multiplier", 4).auction.surcoinche_multiplier
    4

    Raises:
        InvalidArgument: an unknown knob, or a value the rules refuse.
    """
    knob_value(rules, knob)  # the knob exists
    group, dot, field = knob.partition(".")
    change: dict[str, Any] = {field: value} if dot else {knob: value}  # checked when built
    if dot:
        return attrs.evolve(rules, **{group: attrs.evolve(getattr(rules, group), **change)})
    return attrs.evolve(rules, **change)


def _text(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidArgumentType(f"spec: expected a str, got {shown(text)}")
    return text


def is_spec(text: str) -> bool:
    """Whether ``text`` is written as a spec (``NAME(...)``) rather than a plain name.

    Raises:
        InvalidArgumentType: ``text`` is not a str.
    """
    return "(" in _text(text)


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """Split a spec into the variant's name and its ``KNOB=VALUE`` texts (not yet checked).

    >>> parse_spec("classic(capot_value=250)")
    ('classic', {'capot_value': '250'})

    Raises:
        InvalidArgument: not of the form ``NAME(KNOB=VALUE, ...)``, or a knob twice.
        InvalidArgumentType: ``text`` is not a str.
    """
    _text(text)
    match = _SPEC.fullmatch(text)
    if match is None:
        raise InvalidArgument(
            f"not a variant spec: {shown(text)} (expected NAME(KNOB=VALUE, ...), "
            "such as classic(capot_value=250))"
        )
    name, body = match.group(1), match.group(2).strip()
    knobs: dict[str, str] = {}
    if body:
        for part in body.split(","):
            knob, equals, value = part.partition("=")
            knob, value = knob.strip().lower(), value.strip()
            if not equals or not knob or not value:
                raise InvalidArgument(
                    f"variant spec {shown(text)}: {shown(part.strip())} is not KNOB=VALUE"
                )
            if knob in knobs:
                raise InvalidArgument(f"variant spec {shown(text)}: knob {knob} is given twice")
            knobs[knob] = value
    return name, knobs


def _value(knob: str, kind: object, text: str, spec: str) -> object:
    word = text.lower()
    options = typing.get_args(kind) if typing.get_args(kind) else (kind,)
    for option in options:
        if option is type(None) and word == "none":
            return None
        if option is bool and word in ("true", "false"):
            return word == "true"
        if option is int and re.fullmatch(r"[+-]?[0-9]+", word):
            try:
                return whole_from_text(knob, word)
            except InvalidArgument as exc:
                raise InvalidArgument(f"variant spec {shown(spec)}: {exc}") from None
        if isinstance(option, type) and issubclass(option, enum.Enum):
            for member in option:
                if str(member.value).lower() == word or member.name.lower() == word:
                    return member
    expected = []
    for option in options:
        if option is type(None):
            expected.append("none")
        elif option is bool:
            expected.append("true or false")
        elif option is int:
            expected.append("a whole number")
        elif isinstance(option, type) and issubclass(option, enum.Enum):
            expected.append(" or ".join(str(member.value) for member in option))
    raise InvalidArgument(
        f"variant spec {shown(spec)}: knob {knob}: {shown(text)} is not a value it takes "
        f"(expected {', or '.join(expected)})"
    )


def rules_from_spec(text: str) -> Rules:
    """The [`Rules`][belote.rules.model.Rules] a spec stands for: the named variant with its knobs changed.

    The result keeps the variant's name; [`spec_of`][belote.rules.specs.spec_of]
    writes the changes back.

    Raises:
        UnknownVariant: no variant has that name.
        InvalidArgument: a malformed spec, an unknown knob, a knob a spec
            cannot set, or a value the knob does not take; the message names the knob.
    """
    if not isinstance(text, str):
        raise InvalidArgumentType(f"a variant spec is text such as 'classic(capot_value=250)', "
                                  f"not {shown(text)}")
    cached = _READ.get(text)
    if cached is not None:
        return cached
    rules = _read(text, find_variant)
    if len(_READ) >= 256:
        _READ.clear()
    _READ[text] = rules
    return rules


_READ: dict[str, Rules] = {}
"""Specs read so far (a spec names the same rules every time)."""
_WRITTEN: dict[int, tuple[Rules, str]] = {}
"""Canonical specs written so far, by the rules' identity."""


def _read(text: str, get_rules: Callable[[str], Rules]) -> Rules:
    name, knobs = parse_spec(text)
    base = get_rules(name)
    changes: dict[str, Any] = {}  # values checked against each knob's type above
    group_changes: dict[str, dict[str, Any]] = {}
    for knob, raw in knobs.items():
        kind = SETTABLE.get(knob)
        if kind is None:
            if knob in _FIXED or knob in _GROUPS or knob in _settable():
                raise InvalidArgument(
                    f"variant spec {shown(text)}: knob {knob} cannot be set in a spec "
                    "(only true/false, whole-number and enum knobs can)"
                )
            raise InvalidArgument(f"variant spec {shown(text)}: unknown knob {knob}")
        value = _value(knob, kind, raw, text)
        group, dot, field = knob.partition(".")
        if dot:
            group_changes.setdefault(group, {})[field] = value
        else:
            changes[knob] = value
    try:
        for group, fields in group_changes.items():
            changes[group] = attrs.evolve(getattr(base, group), **fields)
        if not changes:
            return base
        return attrs.evolve(base, **changes)
    except (TypeError, ValueError) as exc:
        raise InvalidArgument(f"variant spec {shown(text)}: {exc}") from None


def knob_word(value: object) -> str:
    """A knob value as a spec writes it (``true``, ``none``, ``play-on``, ``250``).

    >>> from belote.rules import BothOverTarget
    >>> knob_word(True), knob_word(None), knob_word(BothOverTarget.PLAY_ON), knob_word(250)
    ('true', 'none', 'play-on', '250')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def spec_of(rules: Rules) -> str:
    """The canonical spec of ``rules``: its name, then the knobs that differ from that variant's, sorted.

    Just the name for a variant as registered. Knobs a spec cannot set must
    equal the registered variant's.

    Raises:
        InvalidArgument: ``rules`` differs from the registered variant of its
            name in a knob a spec cannot express (a custom packet layout, say).
        InvalidArgumentType: ``rules`` is not a ``Rules`` value.
    """
    if not isinstance(rules, Rules):
        raise InvalidArgumentType(f"rules: expected a Rules, got {shown(rules)}")
    found = _WRITTEN.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    spec = _write(rules)
    if len(_WRITTEN) >= 256:
        _WRITTEN.clear()
    _WRITTEN[id(rules)] = (rules, spec)
    return spec


def _write(rules: Rules) -> str:
    try:
        base = find_variant(rules.name)
    except Exception:  # a variant built by hand and never registered: its name alone
        return rules.name
    if base is rules or base == rules:
        return rules.name
    parts = []
    for knob in sorted(_settable()):
        group, dot, field = knob.partition(".")
        if dot:
            mine, theirs = getattr(getattr(rules, group), field), getattr(getattr(base, group), field)
        else:
            mine, theirs = getattr(rules, knob), getattr(base, knob)
        if mine == theirs:
            continue
        if knob not in SETTABLE:
            raise InvalidArgument(
                f"{rules.name}: knob {knob} differs from the registered variant and a spec "
                "cannot express it"
            )
        parts.append(f"{knob}={knob_word(mine)}")
    return f"{rules.name}({','.join(parts)})" if parts else rules.name


def get_rules(name: str | Rules) -> Rules:
    """Find a variant by name or alias (case-insensitive), or by a spec with knobs changed.

    A spec ``NAME(KNOB=VALUE, ...)`` stands for the named variant with those
    knobs changed ([`rules_from_spec`][belote.rules.specs.rules_from_spec]); a
    plain name is looked up in the registry
    ([`find_variant`][belote.rules.registry.find_variant]).

    >>> get_rules("classic(capot_value=250)").capot_value
    250
    >>> get_rules("751").name
    'italian751'

    Raises:
        UnknownVariant: no variant answers to the name.
        InvalidArgument: a bad spec (the message names the knob).
        InvalidArgumentType: ``name`` is neither text nor a ``Rules``.
    """
    if isinstance(name, Rules):
        return name
    if not isinstance(name, str):
        raise InvalidArgumentType(
            f"expected a Rules or a variant name, not {type(name).__name__} {shown(name)}"
        )
    if "(" in name:
        return rules_from_spec(name)
    return find_variant(name)
