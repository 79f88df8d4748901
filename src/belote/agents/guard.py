"""Containing a bot: its exceptions, exits and slowness are its own, reported as a [`BotError`][belote.errors.BotError].

A bot from outside ``belote`` (``module:attribute``, an entry point of the
group ``belote.bots``, a name given to [`register_bot`][belote.agents.registry.register_bot])
is wrapped in a [`GuardedAgent`][belote.agents.guard.GuardedAgent] by
[`make_bot`][belote.agents.registry.make_bot]: anything its constructor or one of
its decisions raises, ``SystemExit`` included, becomes a
[`BotError`][belote.errors.BotError] naming the bot and the seat and keeping
the bot's own traceback; a decision slower than
[`BotLimits.warn_after`][belote.agents.guard.BotLimits] is reported once on
standard error, and one slower than ``stop_after`` is stopped (interrupted
where the platform allows it: on the main thread of a POSIX process; else
refused once it returns). ``KeyboardInterrupt`` goes through: Ctrl-C stops
the command, not the bot.

>>> from belote.agents import HeuristicBot
>>> from belote.deal import Deal
>>> from belote.agents import play_deal
>>> bot = GuardedAgent(HeuristicBot(), "heuristic")
>>> play_deal(Deal.random("classic", seed=1), [bot] * 4).outcome.value in (
...     "made", "failed", "litige", "redeal")
True
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from belote.errors import BotError
from belote.rules.checks import instance, whole_or_none

if TYPE_CHECKING:
    import random

    from belote.actions import Action
    from belote.agents.protocol import Agent
    from belote.deal import Observation, SeatView

__all__ = ["SLOW_DECISION", "BotLimits", "GuardedAgent", "bot_failure", "build_bot"]

SLOW_DECISION: Final = 5.0
"""Seconds one decision may take before a warning (the default of ``--slow-bot``)."""

_T = TypeVar("_T")


@attrs.frozen
class BotLimits:
    """How long a bot's decision may take.

    Attributes:
        warn_after: seconds after which a decision is reported once on
            standard error (``None``: never).
        stop_after: seconds after which a decision is stopped and the bot
            fails with a [`BotError`][belote.errors.BotError] (``None``: never).
    """

    warn_after: float | None = SLOW_DECISION
    stop_after: float | None = None


class _TimeUp(BaseException):
    """Raised inside a bot's decision when its time is up (not an ``Exception``: the bot cannot swallow it)."""


def _where(spec: str, seat: int | None) -> str:
    return f"bot {spec!r}" + ("" if seat is None else f" at seat {seat}")


def bot_failure(exc: BaseException, spec: str, seat: int | None, doing: str) -> BotError:
    """The [`BotError`][belote.errors.BotError] reporting ``exc``, raised by the bot while ``doing`` something.

    >>> str(bot_failure(SystemExit(0), "sys:exit", 1, "deciding"))
    "bot 'sys:exit' at seat 1 failed while deciding: it exited (SystemExit: 0)"

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    instance(exc, BaseException, "exc")
    instance(spec, str, "spec")
    whole_or_none(seat, "seat", 0)
    instance(doing, str, "doing")
    if isinstance(exc, SystemExit):
        what = f"it exited (SystemExit: {exc.code})"
    else:
        what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return BotError(f"{_where(spec, seat)} failed while {doing}: {what}", spec, seat, detail)


def build_bot(factory: Callable[..., _T], options: dict[str, Any], spec: str,
              seat: int | None = None) -> _T:
    """``factory(**options)``, with whatever it raises (``SystemExit`` included) as a ``BotError``.

    Raises:
        BotError: the factory raised or exited.
    """
    try:
        return factory(**options)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the bot's own failure, whatever it is
        raise bot_failure(exc, spec, seat, "being built") from None


@contextlib.contextmanager
def _alarm(seconds: float | None) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (on a POSIX main thread; elsewhere nothing)."""
    if (seconds is None or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise _TimeUp

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class GuardedAgent:
    """An agent whose failures are reported as its own ([`BotError`][belote.errors.BotError]).

    It has ``choose``, and ``choose_id``, ``start_deal`` and ``skip_forced``
    exactly when the wrapped agent has them, so the drivers treat it as they
    would the agent.

    Args:
        agent: the bot.
        spec: its name as the user wrote it, for the messages.
        seat: the seat it was made for (the messages name the seat it
            acts for, which the drivers tell it).
        limits: how long a decision may take.
    """

    choose_id: Callable[[SeatView], int]
    start_deal: Callable[[random.Random], None]

    def __init__(self, agent: Agent, spec: str, seat: int | None = None,
                 limits: BotLimits | None = None) -> None:
        self.agent = agent
        self.spec = spec
        self.seat = seat
        self.limits = BotLimits() if limits is None else limits
        self._warned = False
        inner_id = getattr(agent, "choose_id", None)
        if callable(inner_id):
            self.choose_id = lambda view: self._call(inner_id, view.seat, "deciding", view)
        inner_start = getattr(agent, "start_deal", None)
        if callable(inner_start):
            self.start_deal = lambda rng: self._call(inner_start, self.seat, "starting a deal", rng)
        self.skip_forced = getattr(agent, "skip_forced", False) is True

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The wrapped agent's choice, or a [`BotError`][belote.errors.BotError] for its failure."""
        chosen: Action = self._call(self.agent.choose, observation.seat, "deciding",
                                    observation, legal)
        return chosen

    def close(self) -> None:
        """Close the wrapped agent when it has ``close`` (an engine's program is stopped)."""
        close = getattr(self.agent, "close", None)
        if callable(close):
            close()

    @property
    def fallbacks(self) -> int:
        """Decisions the wrapped agent left to its fallback bot (an engine's), else 0."""
        count = getattr(self.agent, "fallbacks", 0)
        return count if isinstance(count, int) else 0

    @property
    def last_error(self) -> str | None:
        """The wrapped agent's last failure, in words (an engine's), else ``None``."""
        error = getattr(self.agent, "last_error", None)
        return error if isinstance(error, str) else None

    def __repr__(self) -> str:
        return repr(self.spec)

    def _call(self, method: Callable[..., _T], seat: int | None, doing: str, *args: object) -> _T:
        limits = self.limits
        start = time.perf_counter()
        try:
            with _alarm(limits.stop_after):
                result = method(*args)
        except KeyboardInterrupt:
            raise
        except _TimeUp:
            raise self._late(seat, limits.stop_after) from None
        except BotError:  # an engine's agent reports its program's failures itself
            raise
        except BaseException as exc:  # the bot's own failure, whatever it is
            raise bot_failure(exc, self.spec, seat, doing) from None
        elapsed = time.perf_counter() - start
        if limits.stop_after is not None and elapsed > limits.stop_after:
            raise self._late(seat, limits.stop_after)
        if limits.warn_after is not None and elapsed > limits.warn_after and not self._warned:
            self._warned = True
            with contextlib.suppress(OSError, ValueError, AttributeError):
                print(f"warning: {_where(self.spec, seat)} took {elapsed:.1f} s for one decision "
                      f"(more than {limits.warn_after:g} s)", file=sys.stderr, flush=True)
        return result

    def _late(self, seat: int | None, limit: float | None) -> BotError:
        return BotError(f"{_where(self.spec, seat)} took more than {limit:g} s for one decision "
                        "and was stopped (the time limit)", self.spec, seat)
