"""Running chunks of deals on any executor, streamed, in order, with flat memory.

A simulation is cut into chunks of deals, each a pure function of
``(seed, range of deals)``. [`ordered_map`][belote.experiments.parallel.ordered_map] pulls
the chunks from a generator, keeps only a bounded number of them in flight on
an executor, and hands their results back in chunk order: memory does not grow
with the number of deals, results start to come back at once, and the output is
the same whatever the executor, the number of workers and the chunk size.

Any `concurrent.futures.Executor` works: a
`ProcessPoolExecutor`, or a dask cluster through ``client.get_executor()``
(see [`dask_executor`][belote.experiments.parallel.dask_executor] and the page "Running
on a cluster"). A chunk lost with a dead dask worker is run again by the
scheduler; since a chunk is a pure function of its arguments, the re-run gives
the same result and no deal is lost or counted twice.

>>> list(ordered_map(abs, iter([-3, 1, -2]), None))
[3, 1, 2]
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Final, TypeVar

from belote.agents.engine import adopt_orphans, close_running_engines
from belote.errors import InvalidArgument, InvalidArgumentType, MissingExtra, shown
from belote.rules.checks import instance, whole

__all__ = [
    "STOP_SIGNALS", "chunk_size", "dask_executor", "in_flight", "ordered_map", "stop_workers",
    "with_executor", "worker_count",
]

T = TypeVar("T")
R = TypeVar("R")

CHUNKS_PER_WORKER: Final = 2
"""Chunks in flight per worker: one running, one queued so no worker waits for the client."""


def worker_count(executor: Executor) -> int:
    """How many chunks ``executor`` runs at once, as far as it tells (at least 1).

    Knows `ProcessPoolExecutor` and `ThreadPoolExecutor` (their
    ``_max_workers``) and dask's ``ClientExecutor`` (the threads of the
    cluster's workers when asked); any other executor counts as 4.
    """
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int) and count > 0:
        return count
    client = getattr(executor, "_client", None)
    if client is not None:
        with contextlib.suppress(Exception):  # a cluster that cannot answer: assume 4
            threads = sum(client.nthreads().values())
            if threads > 0:
                return int(threads)
    return 4


def in_flight(executor: Executor) -> int:
    """Chunks kept submitted at once on ``executor``.

    [`CHUNKS_PER_WORKER`][belote.experiments.parallel.CHUNKS_PER_WORKER] per worker, plus
    one: enough that no worker waits, few enough that the client holds only a
    handful of chunk results at a time.
    """
    return CHUNKS_PER_WORKER * worker_count(executor) + 1


SMALLEST_CHUNK: Final = 100
"""The fewest items per chunk [`chunk_size`][belote.experiments.parallel.chunk_size] picks for a short run."""


def chunk_size(count: int, executor: Executor | None, largest: int) -> int:
    """Items per chunk: ``largest``, or less for a short run so that every worker gets some.

    A short run on several workers is cut in about four chunks a worker (but
    not below [`SMALLEST_CHUNK`][belote.experiments.parallel.SMALLEST_CHUNK] items, nor
    above ``largest``); the output never depends on it.

    >>> chunk_size(1000, None, 1000)
    1000

    Raises:
        InvalidArgumentType: a count that is not a whole number, an executor that is not one.
        InvalidArgument: a negative ``count``, a ``largest`` below 1.
    """
    count, largest = whole(count, "count", 0), whole(largest, "largest", 1)
    if executor is None:
        return largest
    share = -(-count // (4 * worker_count(instance(executor, Executor, "executor"))))
    return max(1, min(largest, max(SMALLEST_CHUNK, share)))


def ordered_map(
    function: Callable[[T], R],
    items: Iterable[T],
    executor: Executor | None,
    *,
    window: int | None = None,
) -> Iterator[R]:
    """``map(function, items)`` on ``executor``, lazily, at most ``window`` items in flight.

    Items are taken from ``items`` only as room frees up (a generator of a
    billion chunks is never materialised), and results come back in the
    order of ``items`` as soon as they, and all those before them, are done.
    Without an executor, everything runs here, one item at a time. Closing
    the iterator early (or an error) cancels what is still queued.

    Args:
        function: a picklable function of one item (run on the workers).
        items: the items, read lazily.
        executor: where to run; ``None`` for this process.
        window: items in flight (default: [`in_flight`][belote.experiments.parallel.in_flight]).

    Raises:
        InvalidArgument: ``window`` is below 1.
    """
    if executor is None:
        yield from map(function, items)
        return
    size = in_flight(executor) if window is None else window
    if size < 1:
        raise InvalidArgument(f"window must be at least 1, not {size}")
    pending: deque[Future[R]] = deque()
    try:
        for item in items:
            pending.append(executor.submit(function, item))
            if len(pending) >= size:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def chunks(count: int, size: int) -> Iterator[tuple[int, int]]:
    """The ``(start, stop)`` ranges that cut ``range(count)`` into pieces of ``size``."""
    for start in range(0, count, size):
        yield start, min(count, start + size)


def _quiet_on_interrupt(start: Callable[[], R]) -> R:
    """``start()`` with Ctrl-C ignored, so the processes it starts inherit that.

    Ctrl-C reaches every process of the terminal's group: the local workers
    would print their tracebacks. This way only the command hears it, and it
    closes the cluster on its way out.
    """
    if threading.current_thread() is not threading.main_thread():
        return start()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return start()
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    """An executor on a dask cluster: ``"local:N"`` starts one with N worker processes.

    Any other ``address`` is a running scheduler's (``tcp://host:8786``). The
    client (and a local cluster) are closed on exit. Needs the ``dask``
    extra: ``pip install 'belote[dask]'``.

    Raises:
        MissingExtra: dask is not installed.
        InvalidArgument: ``local:N`` has a bad count, or the scheduler
            cannot be reached.
    """
    try:
        distributed = importlib.import_module("distributed")
    except ImportError as exc:
        raise MissingExtra(
            "--dask needs dask.distributed, from the dask extra: pip install 'belote[dask]'",
            extra="dask",
        ) from exc
    cluster = None
    with contextlib.ExitStack() as stack:
        if address.startswith("local:"):
            count = address.removeprefix("local:")
            if not count.isascii() or not count.isdigit() or not 1 <= int(count) <= 1024:
                raise InvalidArgument(
                    f"--dask local:N needs N workers between 1 and 1024, not {count!r}"
                )
            cluster = _quiet_on_interrupt(lambda: distributed.LocalCluster(
                n_workers=int(count), threads_per_worker=1, processes=True,
                dashboard_address=":0", silence_logs=50,
            ))
            stack.callback(cluster.close)
            target: object = cluster
        else:
            target = address
        try:
            client = distributed.Client(target, timeout=os.environ.get("BELOTE_DASK_TIMEOUT", "10s"))
        except OSError as exc:
            raise InvalidArgument(f"--dask {address}: cannot reach the scheduler: {exc}") from None
        stack.callback(client.close)
        executor: Executor = client.get_executor()
        yield executor


STOP_SIGNALS: Final = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                            if hasattr(signal, name))
"""The signals that stop a command as Ctrl-C does, cleaning up on the way (SIGTERM, SIGHUP)."""

WORKER_GRACE: Final = 5.0
"""Seconds a stopped worker has to close its bots before it is killed."""


def _exit_on_stop(signum: int, frame: object) -> None:
    for stop in STOP_SIGNALS:  # once: a second signal must not cut the engines' closing short
        signal.signal(stop, signal.SIG_IGN)
    close_running_engines()
    os._exit(128 + signum)  # at once: a worker that went on would take the next chunk


def _worker_signals() -> None:
    """In a worker: SIGTERM and SIGHUP close the worker's engines, then end it at once.

    A worker is a child subreaper too, as the command is
    ([`adopt_orphans`][belote.agents.engine.adopt_orphans]).
    """
    adopt_orphans()
    for stop in STOP_SIGNALS:
        signal.signal(stop, _exit_on_stop)


def _executor(jobs: int) -> ProcessPoolExecutor | None:
    return ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals) if jobs > 1 else None


def stop_workers(executor: Executor) -> None:
    """Stop the worker processes of a local executor now, closing their bots.

    Each is sent SIGTERM, closes its engines and ends; one that has not ended
    within ``WORKER_GRACE`` seconds is killed. What a command does when it is stopped (Ctrl-C, SIGTERM, SIGHUP), so that
    no worker, and no engine of a worker, outlives it.

    Raises:
        InvalidArgumentType: ``executor`` is not an ``Executor``.
    """
    instance(executor, Executor, "executor")
    # ProcessPoolExecutor keeps its processes by pid; Python 3.14 adds terminate_workers()
    processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError):
            process.terminate()
    executor.shutdown(wait=False, cancel_futures=True)  # each worker ends after its chunk
    for process in processes:
        process.join(WORKER_GRACE)
        if process.is_alive():
            with contextlib.suppress(OSError):
                process.kill()


def with_executor(jobs: int, run: Callable[[Executor | None], object],
                   dask: str | None = None) -> object:
    """``run`` on ``jobs`` worker processes, or on the dask cluster ``dask`` when given.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: both ``--jobs`` (above 1) and ``--dask``, or a dask problem; ``jobs``
            out of 1..1024.
    """
    whole(jobs, "jobs", 1, 1024)
    if not callable(run):
        raise InvalidArgumentType(f"run: expected a function, got {shown(run)}")
    if dask is not None:
        instance(dask, str, "dask")
    if dask is not None:
        if jobs > 1:
            raise InvalidArgument("--jobs and --dask do not go together: the cluster has the workers")
        with dask_executor(dask) as cluster:
            return run(cluster)
    executor = _executor(jobs)
    try:
        return run(executor)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM and SIGHUP in the command (belote.cli)
        if executor is not None:
            stop_workers(executor)
        raise
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
