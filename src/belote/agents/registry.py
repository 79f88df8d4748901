"""Bots by name, with options: ``random``, ``heuristic``, ``pimc:samples=20``, ``mypkg.bots:Cautious``.

A bot is named by a spec ``NAME[:OPTION=VALUE,...]``; each name maps to a
factory that makes one fresh [`Agent`][belote.agents.Agent] from the options.
Names are found, in this order:

1. the bots registered in this process: ``random`` and ``heuristic`` are
   built in; a module adds its own with [`register_bot`][belote.agents.registry.register_bot];
2. ``pimc`` and ``eval``, looked up lazily: the first time one is asked for, its module
   (``belote.agents.pimc``, ``belote.agents.evaluating``) is imported and its class
   (``PIMCBot``, ``EvalBot``) becomes the factory;
3. the entry points of the group ``belote.bots``: a third-party package
   makes its bot known by declaring one (``cautious = "mypkg.bots:Cautious"``),
   as variants are found through ``belote.variants``;
4. ``engine:COMMAND [ARGS]``: a program speaking the engine protocol
   ``belote-engine/1``, run by an [`EngineAgent`][belote.agents.engine.EngineAgent];
   its options follow a ``?`` (``engine:./mybot?timeout=0.5&fallback=heuristic``,
   see [`parse_engine_spec`][belote.agents.engine.parse_engine_spec] and docs/engines.md);
5. a ``module:attribute`` path (``mypkg.bots:Cautious``, options after a
   second colon: ``mypkg.bots:Cautious:level=2``): the module is imported
   and the attribute is the factory.

A third-party bot is an agent like the built-in ones: it receives only what
its seat may know, so ``belote duel classic mypkg.bots:Cautious heuristic``
is fair by construction.

Specs are plain strings, so they travel to worker processes and dask workers;
a bot registered at run time in the client must be registered on the
workers too (the built-in and ``pimc`` names always are).

>>> make_bot("heuristic:take_threshold=40")
HeuristicBot(take_threshold=40)
>>> parse_bot_spec("pimc:samples=20,time_budget=0.5")
('pimc', {'samples': 20, 'time_budget': 0.5})
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from typing import Final

from belote.agents import Agent, HeuristicBot, RandomBot
from belote.agents.engine import EngineAgent, parse_engine_spec
from belote.agents.guard import BotLimits, GuardedAgent, build_bot
from belote.agents.protocol import OptionValue, option_value
from belote.errors import InvalidArgument, InvalidArgumentType, shown

__all__ = ["BotFactory", "OptionValue", "bot_names", "make_bot", "parse_bot_spec", "register_bot"]

"""The value of a bot option in a spec: a whole number, a decimal, a truth value or text."""

BotFactory = Callable[..., Agent]
"""Makes one fresh agent from keyword options (``samples=20``)."""

ENTRY_POINT_GROUP: Final = "belote.bots"
"""The entry-point group where third-party packages declare their bots."""


def _engine(command: str, fallback: str | None = None, **options: OptionValue) -> Agent:
    """An [`EngineAgent`][belote.agents.engine.EngineAgent] from an ``engine:`` spec's options (the fallback by its spec)."""
    return EngineAgent(command, fallback=None if fallback is None else make_bot(str(fallback)),
                       **options)  # type: ignore[arg-type]  # timeout and startup are checked there


_FACTORIES: dict[str, BotFactory] = {"random": RandomBot, "heuristic": HeuristicBot,
                                     "engine": _engine}

_LAZY: Final = {"pimc": ("belote.agents.pimc", "PIMCBot"),
                "eval": ("belote.agents.evaluating", "EvalBot")}
"""Names whose module is imported on first use: name -> (module, class)."""


def register_bot(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Make ``factory`` (called with the spec's options) the bot named ``name``.

    Raises:
        InvalidArgumentType: ``name`` is not text, ``factory`` not callable.
        InvalidArgument: a bad name, or one already taken (unless ``replace``).
    """
    if not isinstance(name, str):
        raise InvalidArgumentType(f"name: expected a bot name, got {shown(name)}")
    if not callable(factory):
        raise InvalidArgumentType(f"factory: expected a function or a class, got {shown(factory)}")
    if not name or not name.isidentifier():
        raise InvalidArgument(f"a bot name is a Python identifier, not {name!r}")
    if name in _FACTORIES and not replace:
        raise InvalidArgument(f"a bot named {name!r} is already registered")
    _FACTORIES[name] = factory


def bot_names() -> tuple[str, ...]:
    """The bot names that can be asked for: registered, imported on first use, or declared as entry points."""
    from importlib.metadata import entry_points

    declared = {entry.name for entry in entry_points(group=ENTRY_POINT_GROUP)}
    return tuple(sorted(set(_FACTORIES) | set(_LAZY) | declared))


def parse_bot_spec(spec: str) -> tuple[str, dict[str, OptionValue]]:
    """Split ``NAME[:OPTION=VALUE,...]`` into the name and its options.

    Raises:
        InvalidArgumentType: ``spec`` is not a string.
        InvalidArgument: an option without ``=`` or named twice.
    """
    if not isinstance(spec, str):
        raise InvalidArgumentType(f"a bot spec is a string such as 'heuristic', not {spec!r}")
    name, _, rest = spec.partition(":")
    if name.strip() == "engine":
        return "engine", dict(parse_engine_spec(rest))
    attribute, colon, after = rest.partition(":")
    if "=" not in attribute and _is_path(attribute):
        # module:attribute, perhaps followed by :options
        name, rest = f"{name}:{attribute}", after if colon else ""
    options: dict[str, OptionValue] = {}
    for item in filter(None, rest.split(",")):
        key, equals, value = item.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier():
            raise InvalidArgument(f"bot {spec!r}: an option is written NAME=VALUE, not {item!r}")
        if key in options:
            raise InvalidArgument(f"bot {spec!r}: option {key!r} is given twice")
        options[key] = option_value(value.strip())
    return name.strip(), options


def _is_path(text: str) -> bool:
    """Whether ``text`` is a dotted attribute path (``Cautious``, ``bots.Cautious``)."""
    return bool(text) and all(part.isidentifier() for part in text.split("."))


def _entry_point(name: str) -> BotFactory | None:
    """The factory an installed package declares as ``name`` in the group ``belote.bots``."""
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name == name:
            try:
                loaded: BotFactory = entry.load()
            except Exception as exc:
                raise InvalidArgument(f"bot {name!r}: its entry point {entry.value} "
                                      f"could not be loaded ({exc})") from None
            return loaded
    return None


def _from_path(spec: str) -> BotFactory:
    """The factory at ``module:attribute``."""
    module_name, _, path = spec.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as exc:
        raise InvalidArgument(f"bot {spec!r}: no module {module_name!r} ({exc})") from None
    for part in path.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise InvalidArgument(f"bot {spec!r}: {module_name} has no {path}")
    if not callable(found):
        raise InvalidArgument(f"bot {spec!r}: {path} is not a class or function")
    factory: BotFactory = found
    return factory


def _factory(name: str) -> BotFactory:
    factory = _FACTORIES.get(name)
    if factory is not None:
        return factory
    if name in _LAZY:
        module_name, class_name = _LAZY[name]
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            if exc.name != module_name:
                raise
            raise InvalidArgument(
                f"bot {name!r} needs the module {module_name}, which is not installed here"
            ) from None
        factory = _FACTORIES.get(name)  # the module may register its own factory
        if factory is None:
            found = getattr(module, class_name, None)
            if found is None:
                raise InvalidArgument(f"bot {name!r}: {module_name} has no {class_name}")
            factory = found
            _FACTORIES[name] = factory
        return factory
    if ":" in name:
        return _from_path(name)
    found = _entry_point(name)
    if found is not None:
        _FACTORIES[name] = found
        return found
    raise InvalidArgument(
        f"unknown bot {name!r} (expected one of: {', '.join(bot_names())}, "
        "an entry point of the group belote.bots, or module:attribute)"
    )


def _check_options(spec: str, factory: BotFactory, options: Mapping[str, OptionValue]) -> None:
    """Refuse options that ``factory``'s signature does not take."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # no signature to read: the call decides
        return
    try:
        signature.bind(**options)
    except TypeError as exc:
        raise InvalidArgument(f"bot {spec!r}: {exc}") from None


def make_bot(
    spec: str, options: Mapping[str, OptionValue] | None = None, *, seat: int | None = None,
    limits: BotLimits | None = None,
) -> Agent:
    """One fresh agent from a spec such as ``"heuristic"``, ``"pimc:samples=20"`` or ``"mypkg.bots:Cautious"``.

    The options are checked against the factory's signature before it is
    called. A bot from outside ``belote`` (not ``random``, ``heuristic``,
    ``pimc``, ``eval`` or ``engine:``, whose agent reports its program's failures) is contained: what its constructor raises, ``SystemExit``
    included, is a [`BotError`][belote.errors.BotError] naming it and
    ``seat``, and the agent comes wrapped in a
    [`GuardedAgent`][belote.agents.guard.GuardedAgent], which does the same
    for its decisions and times them against ``limits``. With ``limits``
    given, the built-in bots are timed too.

    Args:
        spec: the bot's name, with options after a colon.
        options: more options (they override the spec's).
        seat: the seat the bot is made for, for the messages.
        limits: how long one decision may take (default
            [`BotLimits()`][belote.agents.guard.BotLimits]: a warning after 5 s).

    Raises:
        InvalidArgumentType: ``spec`` is not a string.
        InvalidArgument: an unknown bot, or an option the bot does not take.
            What a built-in bot's factory raises (a bad value, say) goes through as it is.
        BotError: a bot from outside ``belote`` failed while being built.
    """
    name, parsed = parse_bot_spec(spec)
    parsed.update(options or {})
    factory = _factory(name)
    _check_options(spec, factory, parsed)
    own = _own_factory(name, factory)
    agent: Agent = factory(**parsed) if own else build_bot(factory, parsed, spec, seat)
    if not callable(getattr(agent, "choose", None)):
        raise InvalidArgument(
            f"bot {spec!r} is not an agent: it has no choose(observation, legal) method"
        )
    if own and limits is None:
        return agent
    return GuardedAgent(agent, spec, seat, limits)


_BUILT_IN: Final = frozenset({"random", "heuristic", "pimc", "eval", "engine"})
"""The bots that are part of ``belote``: their failures are the library's own (an
engine's agent reports its program's failures itself, as a ``BotError``)."""


def _own_factory(name: str, factory: object) -> bool:
    """Whether ``factory`` is the one ``belote`` itself gives the built-in ``name`` (not a replacement)."""
    return name in _BUILT_IN and str(getattr(factory, "__module__", "")).startswith("belote.")
