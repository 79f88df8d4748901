"""The variant registry: every variant by name and alias, built in or plug-in.

A variant is found by its name or an alias, case-insensitively
([`find_variant`][belote.rules.registry.find_variant]); a spec with knobs
changed is read by [`get_rules`][belote.rules.specs.get_rules]. The four built-in
variants are plug-ins like any other: the registry knows them by the same
``module:attribute`` names as their entry points in the group
``belote.variants`` ([`BUILTIN_VARIANTS`][belote.rules.registry.BUILTIN_VARIANTS]),
loads them on first use and protects their names and aliases, so the rules
wing never imports the variants that are written in its terms.

>>> find_variant("751").name
'italian751'
>>> [rules.name for rules in available_variants()][:4]
['classic', 'piedicavallo', 'french', 'italian751']
"""

from __future__ import annotations

import importlib
import threading
import warnings
from typing import TYPE_CHECKING, Final

from belote.errors import InvalidArgument, InvalidArgumentType, UnknownVariant, shown
from belote.rules.model import Rules

if TYPE_CHECKING:
    from importlib.metadata import EntryPoints

__all__ = [
    "BUILTIN_VARIANTS",
    "ENTRY_POINT_GROUP",
    "available_variants",
    "builtin_variants",
    "find_variant",
    "plugin_problems",
    "register_variant",
]

ENTRY_POINT_GROUP: Final = "belote.variants"
"""The entry-point group a package declares a variant in."""

BUILTIN_VARIANTS: Final = (
    "belote.variants.classic:RULES",
    "belote.variants.piedicavallo:RULES",
    "belote.variants.french:RULES",
    "belote.variants.italian751:RULES",
    "belote.variants.contree:RULES",
    "belote.variants.bulgarian:RULES",
)
"""The built-in variants in their documented order, as ``module:attribute``
(the values of their entry points)."""


_REGISTRY: dict[str, Rules] = {}
_ALIASES: dict[str, str] = {}
_LOADED = False
_PLUGINS_LOADED = False
_LOCK = threading.RLock()
"""Held while the registry is filled, so that no thread sees it half filled."""


_BUILTIN: list[Rules] = []


def builtin_variants() -> tuple[Rules, ...]:
    """The built-in variants' [`Rules`][belote.rules.model.Rules], loaded on first use.

    They are read from [`BUILTIN_VARIANTS`][belote.rules.registry.BUILTIN_VARIANTS].

    >>> [rules.name for rules in builtin_variants()]
    ['classic', 'piedicavallo', 'french', 'italian751', 'contree', 'bulgarian']
    """
    with _LOCK:
        if not _BUILTIN:
            for where in BUILTIN_VARIANTS:
                module, _, attribute = where.partition(":")
                loaded = getattr(importlib.import_module(module), attribute)
                if not isinstance(loaded, Rules):  # pragma: no cover - our own table
                    raise TypeError(f"{where} is not a Rules value")
                _BUILTIN.append(loaded)
        return tuple(_BUILTIN)


def register_variant(rules: Rules) -> Rules:
    """Register a variant by name and aliases (replacing a registered plug-in of the same name).

    The built-in variants' names and aliases are protected: a variant named
    like a built-in one is refused, and an alias a built-in variant answers
    to (one a plug-in inherits through ``attrs.evolve``, say) or another
    variant already answers to is not taken, with a warning
    ([`plugin_problems`][belote.rules.registry.plugin_problems] lists it).

    Returns:
        the rules, so a module can write ``RULES = register_variant(Rules(...))``.

    Raises:
        InvalidArgument: the name is a built-in variant's name or alias.
    """
    if not isinstance(rules, Rules):
        raise InvalidArgumentType(f"rules: expected a Rules, got {shown(rules)}")
    protected = _protected()
    name = rules.name.lower()
    builtin = any(rules is own for own in builtin_variants())
    if name in protected and not builtin:
        raise InvalidArgument(
            f"variant {rules.name!r}: the name belongs to the built-in variant {protected[name]}"
        )
    _REGISTRY[rules.name] = rules
    for alias in (rules.name, *rules.aliases):
        key = alias.lower()
        owner = protected.get(key) or _ALIASES.get(key)
        if owner is not None and owner != rules.name and not builtin:
            _problem(
                f"variant {rules.name}: alias {alias!r} already names {owner}; not taken"
            )
            continue
        _ALIASES[key] = rules.name
    return rules


def _protected() -> dict[str, str]:
    """The built-in variants' names and aliases (lower case) and the variant each names."""
    out: dict[str, str] = {}
    for rules in builtin_variants():
        for alias in (rules.name, *rules.aliases):
            out[alias.lower()] = rules.name
    return out


_PROBLEMS: list[str] = []


def _problem(text: str) -> None:
    if text not in _PROBLEMS:
        _PROBLEMS.append(text)
        warnings.warn(text, stacklevel=3)


def plugin_problems() -> tuple[str, ...]:
    """What went wrong registering plug-in variants: load failures, clashes, refused names.

    Each is also a warning when it happens; ``belote variants`` lists them.

    >>> isinstance(plugin_problems(), tuple)
    True
    """
    _load_plugins()
    return tuple(_PROBLEMS)


def entry_points(*, group: str) -> EntryPoints:
    """``importlib.metadata.entry_points``, imported on first use (it is slow to import)."""
    from importlib.metadata import entry_points as find

    return find(group=group)


def _load() -> None:
    """Register the built-in variants (once; the plug-ins are looked up afresh after).

    Under a lock: a thread that asks while another registers waits for the
    whole registry (a web server's first requests come at once).
    """
    global _LOADED, _PLUGINS_LOADED
    with _LOCK:
        if _LOADED:
            return
        _LOADED = True
        _PLUGINS_LOADED = False
        for rules in builtin_variants():
            register_variant(rules)


def _load_plugins() -> None:
    """Register the plug-in variants (once): only when a name is not built in, or for the list."""
    with _LOCK:
        _load_plugins_once()


def _load_plugins_once() -> None:
    global _PLUGINS_LOADED
    _load()  # the built-ins first (and a fresh registry looks the plug-ins up again)
    if _PLUGINS_LOADED:
        return
    _PLUGINS_LOADED = True
    builtin = builtin_variants()
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in _REGISTRY and _REGISTRY[entry.name] in builtin:
            continue  # the built-in variants' own entries
        where = f"entry point {entry.name!r} ({getattr(entry, 'value', '?')})"
        try:
            loaded = entry.load()
        except Exception as exc:  # a broken plug-in must not break the library
            _problem(f"{where} failed to load: {type(exc).__name__}: {exc}")
            continue
        if not isinstance(loaded, Rules):
            _problem(f"{where} is not a Rules value ({type(loaded).__name__}); skipped")
            continue
        if loaded.name in _REGISTRY and _REGISTRY[loaded.name] is not loaded:
            _problem(f"{where}: a variant named {loaded.name!r} is already registered; skipped")
            continue
        try:
            register_variant(loaded)
        except InvalidArgument as exc:
            _problem(f"{where}: {exc}; skipped")


def available_variants() -> list[Rules]:
    """Every registered variant: the built-in ones first, then plug-ins in the order found."""
    _load_plugins()
    return list(_REGISTRY.values())


def find_variant(name: str) -> Rules:
    """Find a registered variant by name or alias, case-insensitively (no knobs).

    [`get_rules`][belote.rules.specs.get_rules] also reads specs with knobs changed.

    >>> find_variant("Classic").name
    'classic'

    Raises:
        UnknownVariant: no variant answers to the name.
    """
    _load()
    text = str(name).strip().lower()
    key = _ALIASES.get(text)
    if key is None:  # not built in: look the plug-ins up
        _load_plugins()
        key = _ALIASES.get(text)
    if key is None:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownVariant(f"unknown variant {shown(name)} (known: {known})")
    return _REGISTRY[key]
