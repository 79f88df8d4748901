"""Options of the command line shared by several commands: bots' limits and traceback, seconds, ports.

[`add_bot_options`][belote.cli.options.add_bot_options] gives ``simulate``,
``compare`` and ``duel`` their ``--slow-bot``, ``--bot-time-limit`` and ``--debug``;
[`bot_limits`][belote.cli.options.bot_limits] reads the first two and
[`bot_traceback`][belote.cli.options.bot_traceback] prints a failing bot's own
traceback under ``--debug``; [`time_limit`][belote.cli.options.time_limit]
bounds ``solve`` and ``analyze`` (``--time-limit``).

>>> seconds("0.5"), port("8000")
(0.5, 8000)
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Final

from belote.agents.engine import adopt_orphans
from belote.agents.guard import SLOW_DECISION, BotLimits
from belote.errors import BotError, CommandError, shown
from belote.experiments.parallel import STOP_SIGNALS

__all__ = ["Stopped", "TimeLimitExceeded", "add_bot_options", "bot_limits", "bot_traceback",
           "port", "seconds", "stop_signals", "stoppable", "stopped_status", "time_limit"]

GRACE: Final = 2.0
"""Seconds the watchdog of [`time_limit`][belote.cli.options.time_limit] gives the command to stop."""


class TimeLimitExceeded(CommandError):
    """``--time-limit`` was reached: the command stops with status 2."""

_PORT: Final = re.compile(r"\+?0*[0-9]{1,5}")


def seconds(text: str) -> float:
    """``--slow-bot`` and ``--bot-time-limit``: a positive number of seconds, at most a day.

    Raises:
        argparse.ArgumentTypeError: anything else (``0``, ``-1``, ``nan``, ``1e999``, text).
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {shown(text)}") from None
    if not (math.isfinite(value) and 0 < value <= 86_400):
        raise argparse.ArgumentTypeError(
            f"a number of seconds more than 0 and at most 86400, not {shown(text)}")
    return value


def port(text: str) -> int:
    """``belote serve --port``: a port number from 1 to 65535.

    Raises:
        argparse.ArgumentTypeError: anything else.
    """
    value = int(text.strip()) if _PORT.fullmatch(text.strip()) else 0
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port number from 1 to 65535, not {shown(text)}")
    return value


def add_bot_options(p: argparse.ArgumentParser) -> None:
    """``--slow-bot``, ``--bot-time-limit`` and ``--debug`` for a command where bots play."""
    p.add_argument("--slow-bot", type=seconds, default=None, metavar="SECONDS",
                   help=f"warn once when one decision of a bot takes longer (default "
                   f"{SLOW_DECISION:g} s for a bot from outside belote)")
    p.add_argument("--bot-time-limit", type=seconds, default=None, metavar="SECONDS",
                   help="stop a bot whose decision takes longer, and exit with status 2")
    p.add_argument("--debug", action="store_true",
                   help="when a bot fails, print its own traceback before the error line")


def bot_limits(args: argparse.Namespace) -> BotLimits | None:
    """The bots' time limits from ``--slow-bot`` and ``--bot-time-limit``, or ``None`` when neither is given.

    >>> bot_limits(argparse.Namespace(slow_bot=None, bot_time_limit=2.0))
    BotLimits(warn_after=5.0, stop_after=2.0)
    """
    warn, stop = getattr(args, "slow_bot", None), getattr(args, "bot_time_limit", None)
    if warn is None and stop is None:
        return None
    return BotLimits(SLOW_DECISION if warn is None else warn, stop)


@contextlib.contextmanager
def bot_traceback(args: argparse.Namespace) -> Iterator[None]:
    """Under ``--debug``, print a failing bot's own traceback on standard error (the error goes on)."""
    try:
        yield
    except BotError as exc:
        if getattr(args, "debug", False) is True and exc.detail and sys.stderr is not None:
            with contextlib.suppress(OSError, ValueError):
                sys.stderr.write(exc.detail if exc.detail.endswith("\n") else exc.detail + "\n")
        raise


@contextlib.contextmanager
def time_limit(limit: float | None, what: str) -> Iterator[None]:
    """Stop the work inside after ``limit`` seconds (``--time-limit``), with one error line.

    In the main thread an alarm raises
    [`TimeLimitExceeded`][belote.cli.options.TimeLimitExceeded] where the
    work stands. Compiled code (docs/compiled.md) hears the alarm only when
    it returns to the interpreter, so a watchdog follows ``GRACE`` seconds
    later: it prints the same error line and ends the process with status 2
    (nothing of the answer is printed before the work is done). ``None``:
    no limit.

    >>> with time_limit(None, "nothing"):
    ...     pass
    """
    if limit is None:
        yield
        return
    message = f"{what} needs more than {limit:g} s (--time-limit {limit:g})"
    alarm = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")

    def give_up() -> None:  # the watchdog: the main thread did not stop in time
        with contextlib.suppress(OSError, ValueError, AttributeError):
            bar_line = "\n" if sys.stderr.isatty() else ""  # after a progress bar's line
            sys.stderr.write(f"{bar_line}error: {message}\n")
            sys.stderr.flush()
        os._exit(2)

    def on_alarm(signum: int, frame: object) -> None:
        raise TimeLimitExceeded(message)

    previous = signal.signal(signal.SIGALRM, on_alarm) if alarm else None
    watchdog = threading.Timer(limit + (GRACE if alarm else 0.0), give_up)
    watchdog.daemon = True
    watchdog.start()
    if alarm:
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        watchdog.cancel()
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP: the command stops as on Ctrl-C (workers and engines closed)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def stopped_status(exc: Stopped) -> int:
    """Report a stop on standard error; the exit status, 128 + the signal."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(f"error: stopped by {signal.Signals(exc.signum).name}\n")
    return 128 + exc.signum


@contextlib.contextmanager
def stop_signals(command: bool = True) -> Iterator[None]:
    """SIGTERM and SIGHUP raise [`Stopped`][belote.cli.options.Stopped] while the command runs.

    So a command stopped by ``kill`` or a closed terminal cleans up as on
    Ctrl-C: worker processes stopped, engines closed, nothing left running.
    The command (``command``: the process's own command line, not a call of
    ``main`` from a program) is also made a child subreaper
    ([`adopt_orphans`][belote.agents.engine.adopt_orphans]): what an engine's
    children leave behind comes to it, to be killed.
    """
    if command:
        adopt_orphans()
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        for sig in STOP_SIGNALS:  # once: a second signal must not cut the cleaning up short
            signal.signal(sig, signal.SIG_IGN)
        raise Stopped(signum)

    previous = {sig: signal.signal(sig, stop) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def stoppable(run: Callable[[], int], *, command: bool = True) -> int:
    """``run()`` under [`stop_signals`][belote.cli.options.stop_signals], its status.

    A stop that comes in after the work, on the way out, is reported as one during it.
    """
    try:
        with stop_signals(command):
            return run()
    except Stopped as exc:
        return stopped_status(exc)
