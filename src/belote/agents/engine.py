"""Bots in any language: the engine protocol ``belote-engine/1`` and the agent that speaks it.

An **engine** is a program that plays one seat by reading and writing JSON
lines on its standard input and output (docs/engines.md spells the protocol
out message by message). [`EngineAgent`][belote.agents.engine.EngineAgent] runs one
and makes it an [`Agent`][belote.agents.Agent] like the built-in bots, so the
bot spec ``engine:COMMAND [ARGS]`` works wherever a bot is named
(``belote duel classic "engine:node examples/engines/simple_bot.js" random``).
[`serve`][belote.agents.engine.serve] is the other end: it exposes any in-process
agent over the protocol (``belote engine serve heuristic``).

What an engine is shown is the seat's [`Observation`][belote.deal.Observation]
in JSON ([`observation_json`][belote.records.observation.observation_json]) and the legal
actions, never the deal: it cannot see another seat's hidden cards. Each
answer is bounded in time; an engine that cannot start, exits, hangs, answers
garbage or an illegal action is stopped (its process group killed and
reaped) and reported as a [`BotError`][belote.errors.BotError] naming the
seat and the bot, or, with a fallback bot, that decision is taken by the
fallback and counted.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import math
import os
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Final, TextIO

import attrs

from belote.actions import Action
from belote.agents import Agent
from belote.agents.protocol import option_value
from belote.deal import Observation
from belote.errors import BeloteError, BotError, InvalidArgument, InvalidArgumentType, shown
from belote.records.observation import observation_from_json, observation_json
from belote.rules import available_variants
from belote.rules.checks import instance, iterable, sequence, writer

__all__ = [
    "DEFAULT_TIMEOUT",
    "PROTOCOL",
    "STARTUP_TIMEOUT",
    "EngineAgent",
    "EngineInfo",
    "parse_engine_spec",
    "serve",
]

PROTOCOL: Final = "belote-engine/1"
"""The protocol's name and version, sent and checked in the handshake."""

DEFAULT_TIMEOUT: Final = 5.0
"""Seconds an engine has to answer one decision, unless its spec says ``timeout=``."""

STARTUP_TIMEOUT: Final = 10.0
"""Seconds an engine has to start and answer the handshake, unless its spec says ``startup=``."""

MAX_SECONDS: Final = 86_400.0
"""The longest ``timeout`` or ``startup`` an engine may be given: a day."""

QUIT_GRACE: Final = 0.5
"""Seconds an engine has to exit after ``quit`` before its process group is killed."""

MAX_LINE: Final = 1 << 20
"""The longest line (in bytes) an engine may write; a longer one is garbage."""

TABLE_OPTIONS: Final = ("timeout", "startup", "fallback")
"""The options of an ``engine:`` spec that the table reads; every other one is the engine's."""


# --- the spec --------------------------------------------------------------------------------------


def parse_engine_spec(text: str) -> dict[str, int | float | bool | str]:
    """The options of a spec ``engine:COMMAND [ARGS][?KEY=VALUE&...]`` (``text`` is what follows ``engine:``).

    The command goes under ``command``; ``timeout``, ``startup`` and
    ``fallback`` are the table's options, every other key is an option of
    the engine, set in the handshake.

    >>> parse_engine_spec("node bot.js --fast?timeout=0.5&fallback=heuristic&level=2")
    {'command': 'node bot.js --fast', 'timeout': 0.5, 'fallback': 'heuristic', 'level': 2}

    Raises:
        InvalidArgumentType: ``text`` is not text.
        InvalidArgument: no command, or an option not written ``KEY=VALUE`` or given twice.
    """
    text = instance(text, str, "text")
    command, _, query = text.rpartition("?") if "?" in text else (text, "", "")
    options: dict[str, int | float | bool | str] = {}
    if not command.strip():
        raise InvalidArgument(f"bot 'engine:{text}': no command after 'engine:' "
                              "(write engine:COMMAND [ARGS], e.g. engine:./mybot)")
    options["command"] = command.strip()
    for item in filter(None, query.split("&")):
        key, equals, value = item.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier() or key == "command":
            raise InvalidArgument(f"bot 'engine:{text}': an option is written KEY=VALUE "
                                  f"after '?', not {shown(item)}")
        if key in options:
            raise InvalidArgument(f"bot 'engine:{text}': option {key!r} is given twice")
        options[key] = value.strip() if key == "fallback" else option_value(value.strip())
    return options


# --- the table's end: running an engine ------------------------------------------------------------


class _Failure(Exception):
    """What went wrong with an engine, in words (turned into a BotError with the seat)."""


@attrs.frozen
class EngineInfo:
    """What an engine said of itself in the handshake.

    Attributes:
        name: the bot's name.
        options: the options it takes, as it declared them (``name``,
            ``type``, ``default``, and anything else it sent).
        variants: the variants it plays (``"*"``: any).
        author: who wrote it, when it says.
        features: the optional messages it answers (``"legal"``).
    """

    name: str
    options: tuple[Mapping[str, object], ...]
    variants: tuple[str, ...]
    author: str | None = None
    features: tuple[str, ...] = ()


_ADOPTING: list[int] = [0]
"""The process id that made itself a child subreaper (Linux), else 0: orphans of its engines
come to it. A forked worker inherits the list, not the setting."""


def adopt_orphans() -> bool:
    """Make this process a child subreaper (Linux ``PR_SET_CHILD_SUBREAPER``); whether it is one.

    A process an engine starts that leaves the engine's process group
    (``setsid``) and outlives its parent then becomes a child of this
    process instead of ``init``, and is killed when the engine is stopped.
    The ``belote`` command and its worker processes call it; a program that
    imports the library decides for itself (it changes what becomes of every
    orphan of its children). Elsewhere than Linux it does nothing.
    """
    if _ADOPTING[0] != os.getpid() and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError, TypeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(36, 1, 0, 0, 0) == 0:  # PR_SET_CHILD_SUBREAPER
                _ADOPTING[0] = os.getpid()
    return _ADOPTING[0] == os.getpid()


def _children_by_parent() -> dict[int, list[int]]:
    """Every process's children, from ``/proc`` (empty where there is none)."""
    children: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    with open(f"/proc/{entry.name}/stat", "rb") as stat:
                        fields = stat.read().rpartition(b")")[2].split()
                    children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def _descendants(pid: int, children: dict[int, list[int]]) -> list[int]:
    found: list[int] = []
    todo = list(children.get(pid, ()))
    while todo:
        child = todo.pop()
        found.append(child)
        todo.extend(children.get(child, ()))
    return found


def _kill_orphans(tree: list[int]) -> None:
    """Kill the processes of ``tree``, an engine's found before it was stopped, and the orphans.

    In a subreaper, the orphans are the children that came to this process
    from another session and are no engine it runs; they are killed and reaped.
    """
    for pid in tree:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    if _ADOPTING[0] != os.getpid():
        return
    import multiprocessing

    known = {p.proc.pid for p in _RUNNING} | {p.pid for p in multiprocessing.active_children()}
    time.sleep(0.02)  # what was killed comes to this process, a zombie to reap
    for pid in _children_by_parent().get(os.getpid(), []):
        if pid in known or (pid not in tree and not _is_orphan_of_an_engine(pid)):
            continue
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.waitpid(pid, 0)


def _is_orphan_of_an_engine(pid: int) -> bool:
    """Whether a child of this process was not started by it: its session is not this one's."""
    try:
        return os.getsid(pid) != os.getsid(0)
    except OSError:
        return False


_RUNNING: weakref.WeakSet[_Process] = weakref.WeakSet()
"""The engines of this process still running (what a stopped worker closes before it ends)."""


def close_running_engines() -> None:
    """Kill every engine this process runs, with what it started (its process group), and reap them.

    What a worker process does when it is stopped (SIGTERM, SIGHUP), before it ends.
    """
    for process in list(_RUNNING):
        process.close(grace=0)


class _Process:
    """One running engine: its process (in a process group of its own) and its pipes."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.stderr: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        try:
            self.proc = subprocess.Popen(
                list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                start_new_session=True, bufsize=0,
            )
        except (OSError, ValueError) as exc:
            self.stderr.close()
            raise _Failure(f"could not be started ({exc})") from None
        self.buffer = bytearray()
        assert self.proc.stdout is not None
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.closed = False
        _RUNNING.add(self)

    def send(self, message: Mapping[str, object]) -> None:
        line = json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            stdin.write(line.encode())
        except (BrokenPipeError, OSError, ValueError):
            raise _Failure(self.ended("before reading what it was sent")) from None

    def ended(self, when: str) -> str:
        """Why the engine stopped listening: its exit status and the end of its standard error."""
        try:
            status = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return f"closed its standard output {when}" + self.stderr_tail()
        if status < 0:
            with contextlib.suppress(ValueError):
                return f"was killed by signal {signal.Signals(-status).name} {when}" + self.stderr_tail()
            return f"was killed by signal {-status} {when}" + self.stderr_tail()
        return f"exited with status {status} {when}" + self.stderr_tail()

    def stderr_tail(self) -> str:
        try:
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - 400))
            lines = [line for line in self.stderr.read().decode(errors="replace").splitlines()
                     if line.strip()]
        except (OSError, ValueError):
            return ""
        return f"; its standard error ends: {shown(lines[-1], 120)}" if lines else ""

    def receive(self, timeout: float, when: str) -> dict[str, object]:
        """The next message that is not a ``log``, within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        stdout = self.proc.stdout
        assert stdout is not None
        while True:
            end = self.buffer.find(b"\n")
            if end < 0:
                if len(self.buffer) > MAX_LINE:
                    raise _Failure(f"wrote a line longer than {MAX_LINE} bytes {when}")
                left = deadline - time.monotonic()
                if left <= 0 or not self.selector.select(left):
                    raise _Failure(f"gave no answer within {timeout:g} s {when}")
                chunk = os.read(stdout.fileno(), 65536)
                if not chunk:
                    raise _Failure(self.ended(when))
                self.buffer += chunk
                continue
            raw = bytes(self.buffer[:end])
            del self.buffer[:end + 1]
            if not raw.strip():
                continue
            try:
                message = json.loads(raw)
            except (ValueError, RecursionError):
                raise _Failure(f"answered something that is not JSON {when}: "
                               f"{shown(raw.decode(errors='replace'))}") from None
            if not isinstance(message, dict):
                raise _Failure(f"answered {shown(raw.decode(errors='replace'))} {when}, "
                               "not a JSON object")
            if message.get("type") == "log":
                continue
            if message.get("type") == "error":
                raise _Failure(f"reported an error {when}: {shown(str(message.get('message')), 200)}")
            return message

    def close(self, grace: float = QUIT_GRACE) -> None:
        """Ask the engine to quit, then kill its process group; reap it either way."""
        if self.closed:
            return
        self.closed = True
        _RUNNING.discard(self)
        proc = self.proc
        # what it started, before it goes: a child that left its group is found by its parent
        tree = _descendants(proc.pid, _children_by_parent()) if proc.poll() is None else []
        if proc.poll() is None and grace > 0:
            with contextlib.suppress(_Failure):
                self.send({"type": "quit"})
            with contextlib.suppress(OSError, ValueError):
                assert proc.stdin is not None
                proc.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=grace)
        with contextlib.suppress(OSError):
            if hasattr(os, "killpg"):
                os.killpg(proc.pid, signal.SIGKILL)  # the engine and anything it started
            else:  # pragma: no cover - no process groups here
                proc.kill()
        proc.wait()
        _kill_orphans(tree)  # what left the group (setsid) and what came to this subreaper
        self.selector.close()
        for stream in (proc.stdin, proc.stdout, self.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()


def _close_slot(slot: list[_Process], grace: float = QUIT_GRACE) -> None:
    """Close the engine in ``slot`` (the agent's finaliser: run when it is collected, or at exit)."""
    while slot:
        slot.pop().close(grace)


class EngineAgent:
    """An [`Agent`][belote.agents.Agent] played by an engine program speaking ``belote-engine/1``.

    The engine is started at the first decision (and after a failure, at the
    next one), shown the seat's observation and the legal actions at each
    decision, and stopped by [`close`][belote.agents.engine.EngineAgent.close], when
    the agent is collected, or when the interpreter exits: its whole process
    group is killed and reaped, so no engine outlives the table and none is
    left a zombie.

    Args:
        command: the command line (split as a shell would, but run without
            one) or the program and its arguments.
        timeout: seconds the engine has to answer each decision.
        startup: seconds it has to start and answer the handshake.
        fallback: an agent that takes a decision the engine failed (it is then
            stopped, and started again at the next decision); ``None`` to
            raise [`BotError`][belote.errors.BotError] instead. An engine that
            cannot start or refuses the variant is not started again: the
            fallback plays the rest.
        name: how reports name this bot (default ``engine:COMMAND``).
        **options: the engine's own options, set in the handshake; each must
            be one the engine declares.

    Attributes:
        fallbacks: decisions the fallback took because the engine failed.
        last_error: the last failure, in words, or ``None``.
        info: what the engine said of itself, once started.

    Raises:
        InvalidArgument: an empty command or a bad time bound.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        startup: float = STARTUP_TIMEOUT,
        fallback: Agent | None = None,
        name: str | None = None,
        **options: int | float | bool | str,
    ) -> None:
        if not isinstance(command, str):
            command = [instance(part, str, "command") for part in sequence(command, "command")]
        if name is not None:
            instance(name, str, "name")
        try:
            argv = shlex.split(command) if isinstance(command, str) else [str(c) for c in command]
        except ValueError as exc:
            raise InvalidArgument(f"bot 'engine:{command}': {exc}") from None
        if not argv:
            raise InvalidArgument("an engine needs a command")
        for key, value in (("timeout", timeout), ("startup", startup)):
            if (isinstance(value, bool) or not isinstance(value, int | float)
                    or not 0 < value <= MAX_SECONDS):
                raise InvalidArgument(f"bot 'engine:{shlex.join(argv)}': {key} is a number of "
                                      f"seconds above 0 and at most {MAX_SECONDS:g}, "
                                      f"not {shown(value)}")
        for key, option in options.items():
            if isinstance(option, float) and not math.isfinite(option):  # no JSON for it
                raise InvalidArgument(f"bot 'engine:{shlex.join(argv)}': option {key!r} is a "
                                      f"finite number, not {shown(option)}")
        self.argv: tuple[str, ...] = tuple(argv)
        self.name = name or f"engine:{shlex.join(argv)}"
        self.timeout = float(timeout)
        self.startup = float(startup)
        self.fallback = fallback
        self.options = dict(options)
        self.fallbacks = 0
        self.last_error: str | None = None
        self.info: EngineInfo | None = None
        self._decisions = 0
        self._broken = False
        self._slot: list[_Process] = []
        self._variant_ok: set[str] = set()
        weakref.finalize(self, _close_slot, self._slot)

    def __repr__(self) -> str:
        return f"EngineAgent({self.name!r})"

    def close(self) -> None:
        """Stop the engine (``quit``, then its process group killed) and reap it."""
        _close_slot(self._slot)

    def __enter__(self) -> EngineAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The running engine's process id, or ``None`` when none runs."""
        return self._slot[0].proc.pid if self._slot else None

    def _start(self) -> _Process:
        process = _Process(self.argv)
        self._slot.append(process)
        process.send({"type": "hello", "protocol": PROTOCOL})
        ready = process.receive(self.startup, "in the handshake")
        if ready.get("type") != "ready":
            raise _Failure(f"answered {shown(json.dumps(ready), 120)} to hello, expected "
                           "a ready message")
        if ready.get("protocol") != PROTOCOL:
            raise _Failure(f"speaks {shown(ready.get('protocol'))}, not {PROTOCOL}")
        raw_options = ready.get("options", [])
        variants = ready.get("variants", ["*"])
        if (not isinstance(raw_options, list)
                or not all(isinstance(o, dict) and isinstance(o.get("name"), str) for o in raw_options)):
            raise _Failure("declared options that are not a list of objects with a name")
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise _Failure("declared variants that are not a list of names")
        name, author, features = ready.get("name"), ready.get("author"), ready.get("features", [])
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            raise _Failure("declared features that are not a list of names")
        self.info = EngineInfo(name=str(name) if name is not None else self.name,
                               options=tuple(raw_options), variants=tuple(variants),
                               author=None if author is None else str(author),
                               features=tuple(features))
        declared = {o["name"] for o in raw_options}
        for key, value in self.options.items():
            if key not in declared:
                raise _Failure(f"has no option {key!r} (it has: {', '.join(sorted(declared)) or 'none'})")
            process.send({"type": "setoption", "name": key, "value": value})
        return process

    def _running(self, observation: Observation) -> _Process:
        if not self._slot:
            try:
                self._start()
            except _Failure:
                self._broken = True
                raise
        variant = observation.rules.name
        if variant not in self._variant_ok:
            assert self.info is not None
            if "*" not in self.info.variants and variant not in self.info.variants:
                self._broken = True
                raise _Failure(f"does not play {variant} (it plays: "
                               f"{', '.join(self.info.variants) or 'nothing'})")
            self._variant_ok.add(variant)
        return self._slot[0]

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Ask the engine for one of ``legal``, with the seat's observation.

        Raises:
            BotError: the engine failed (and there is no fallback), naming the
                seat, the bot and what went wrong.
        """
        seat = observation.seat
        self._decisions += 1
        number = self._decisions
        try:
            if self._broken:
                raise _Failure(self.last_error or "failed")
            process = self._running(observation)
            texts = [str(action) for action in legal]
            process.send({"type": "decide", "id": number, "seat": seat, "legal": texts,
                          "observation": observation_json(observation)})
            when = f"at decision {number}"
            answer = process.receive(self.timeout, when)
            if answer.get("type") != "action":
                raise _Failure(f"answered {shown(json.dumps(answer), 120)} {when}, "
                               "expected an action message")
            if answer.get("id", number) != number:
                got = answer.get("id")
                kind = "" if type(got) is int else ", not a whole number (JSON 1, not \"1\")"
                raise _Failure(f"answered with id {shown(got)}{kind} {when}, expected the "
                               f"decision's id {number}")
            text = answer.get("action")
            if not isinstance(text, str):
                raise _Failure(f"answered no action text {when}: {shown(text)}")
            try:
                action = Action.parse(text)
            except BeloteError as exc:
                raise _Failure(f"answered {shown(text)} {when}, which is not an action ({exc})") from None
            if action not in legal:
                raise _Failure(f"answered the illegal action {shown(text)} {when} "
                               f"(legal: {', '.join(texts)})")
            return action
        except _Failure as exc:
            _close_slot(self._slot, grace=0)  # a failed engine is killed at once
            self.last_error = str(exc)
            if self.fallback is None:
                raise BotError(f"seat {seat}: bot {self.name} {exc}") from None
            self.fallbacks += 1
            return self.fallback.choose(observation, legal)

    @property
    def answers_legal(self) -> bool:
        """Whether the engine declared the ``legal`` feature (it lists legal actions when asked); starts it if needed.

        Raises:
            BotError: the engine failed to start.
        """
        if not self._slot and not self._broken:
            try:
                self._start()
            except _Failure as exc:
                self._broken = True
                _close_slot(self._slot, grace=0)
                self.last_error = str(exc)
                raise BotError(f"bot {self.name} {exc}") from None
        return self.info is not None and "legal" in self.info.features

    def legal_actions(self, observation: Observation) -> list[Action]:
        """The legal actions the engine lists for the observing seat (the optional ``legal`` query).

        What `belote check-engine` compares with the library's. The engine
        must have declared the feature ``legal`` in its ``ready`` message.

        Raises:
            BotError: the engine failed, or has no ``legal`` feature, naming the seat.
        """
        seat = observation.seat
        self._decisions += 1
        number = self._decisions
        when = f"at query {number}"
        try:
            if self._broken:
                raise _Failure(self.last_error or "failed")
            process = self._running(observation)
            if self.info is None or "legal" not in self.info.features:
                raise _Failure("has no feature 'legal'")
            process.send({"type": "legal", "id": number, "seat": seat,
                          "observation": observation_json(observation)})
            answer = process.receive(self.timeout, when)
            texts = answer.get("legal")
            if answer.get("type") != "legal" or not isinstance(texts, list) or not all(
                    isinstance(text, str) for text in texts):
                raise _Failure(f"answered {shown(json.dumps(answer), 120)} {when}, "
                               "expected a legal message with a list of actions")
            try:
                return [Action.parse(text) for text in texts]
            except BeloteError as exc:
                raise _Failure(f"listed something that is not an action {when} ({exc})") from None
        except _Failure as exc:
            _close_slot(self._slot, grace=0)
            self.last_error = str(exc)
            raise BotError(f"seat {seat}: bot {self.name} {exc}") from None


# --- the engine's end: serving an in-process agent -------------------------------------------------


def _write(stream: TextIO, message: Mapping[str, object]) -> None:
    stream.write(json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n")
    stream.flush()


def _answer(agent: Agent, message: dict[str, object]) -> dict[str, object]:
    """The action ``agent`` chooses for one ``decide`` message."""
    observation = observation_from_json(message.get("observation"))
    texts = message.get("legal")
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise InvalidArgument("decide: legal: expected a list of actions such as '2 play JH'")
    legal = [Action.parse(text) for text in texts]
    action = agent.choose(observation, legal)
    return {"type": "action", "id": message.get("id"), "action": str(action)}


def serve(agent: Agent, name: str, stdin: TextIO, stdout: TextIO,
          legal: Callable[[Observation], Sequence[Action]] | None = None) -> int:
    """Play ``agent`` over the protocol: read messages from ``stdin``, answer on ``stdout``.

    Answers ``hello`` with ``ready`` (the agent's name, no option, every
    variant known here), each ``decide`` with the agent's action, and stops
    at ``quit`` or at the end of the input. A message it cannot read is
    answered with an ``error`` message (the table then stops it). With
    ``legal`` (the seat's legal actions from its observation), it declares
    the feature ``legal`` and answers that query too.

    Returns:
        The exit status: 0.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    if not isinstance(agent, Agent):
        raise InvalidArgumentType(f"agent: expected an Agent, got {shown(agent)}")
    instance(name, str, "name")
    stdout = writer(stdout, "stdout")
    if legal is not None and not callable(legal):
        raise InvalidArgumentType(f"legal: expected a function or None, got {shown(legal)}")
    iterable(stdin, "stdin")
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            _write(stdout, {"type": "error", "message": f"not JSON: {shown(line.strip())}"})
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "quit":
            break
        if kind == "hello":
            _write(stdout, {"type": "ready", "protocol": PROTOCOL, "name": name, "options": [],
                            "variants": [rules.name for rules in available_variants()],
                            "features": [] if legal is None else ["legal"]})
        elif kind == "decide":
            assert isinstance(message, dict)
            try:
                _write(stdout, _answer(agent, message))
            except BeloteError as exc:
                _write(stdout, {"type": "error", "message": str(exc)})
        elif kind == "legal" and legal is not None:
            assert isinstance(message, dict)
            try:
                observation = observation_from_json(message.get("observation"))
                _write(stdout, {"type": "legal", "id": message.get("id"),
                                "legal": [str(action) for action in legal(observation)]})
            except BeloteError as exc:
                _write(stdout, {"type": "error", "message": str(exc)})
        elif kind == "setoption":
            _write(stdout, {"type": "error", "message": "this engine has no option"})
        else:
            _write(stdout, {"type": "error", "message": f"unknown message: {shown(line.strip())}"})
    return 0
