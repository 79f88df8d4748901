"""Waiting for the solver's child process of ``belote serve``: its answer, its time-out, or its death.

The parent waits on the pipe and on the child's end at once, so a child that
dies (killed, out of memory, a crash in C) is reported at once, not after the
whole time limit.
"""

from __future__ import annotations

from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

__all__ = ["child_answer"]


def child_answer(child: BaseProcess, receive: Connection, seconds: float) -> tuple[str, Any]:
    """The child's ``(status, answer)``, ``("late", None)`` after ``seconds``, or ``("crash", what)``.

    A late child is terminated; every child is joined before this returns.
    ``status`` is what the child sent (``"ok"``, ``"error"``, ``"crash"``), or
    ``"late"``, or ``"crash"`` when the child ended without an answer.
    """
    try:
        ready = wait([receive, child.sentinel], seconds)
        if receive in ready or receive.poll():
            try:
                status, answer = receive.recv()
            except (EOFError, OSError, ValueError):
                status, answer = "crash", "the solver's process sent no answer"
            return str(status), answer
        if not ready:
            child.terminate()
            return "late", None
        child.join(5)  # ended: reaped, so that its exit code is known
        return "crash", f"the solver's process ended with exit code {child.exitcode}"
    finally:
        child.join(5)
        if child.is_alive():  # pragma: no cover - a child that ignores SIGTERM
            child.kill()
            child.join()
