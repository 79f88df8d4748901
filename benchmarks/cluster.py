"""Deals per second on one process, a process pool and a local dask cluster, and the
overhead of one chunk on each.

Run: ``python benchmarks/cluster.py [--deals N] [--bots random] [--workers 2] [--chunk C]``
(the dask rows need the ``dask`` extra: ``pip install -e '.[dask]'``).

Each row is ``simulate(VARIANT, N)`` with random bots by default, the way
``belote simulate classic --bots random --jobs 1``, ``--jobs 2`` and
``--dask local:2`` run it; the time to start the pool or the cluster is
printed apart and not counted. The per-chunk overhead is measured by sending
2,000 chunks that play no deal (a chunk of an empty range) through the same
streaming path: what one chunk costs beyond its deals, with the pipeline full.
A chunk of C deals is worth C / (deals per second on one process) seconds;
the overhead is small when that is a hundred times the overhead or more.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager

from belote.experiments.parallel import ordered_map
from belote.experiments.simulate import CHUNK, _run_task, _Task, simulate
from belote.rules import get_rules


@contextmanager
def _pool(workers: int) -> Iterator[Executor]:
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(abs, range(workers * 4)))  # the workers are up
        yield pool


@contextmanager
def _dask(workers: int) -> Iterator[Executor]:
    import logging

    from distributed import Client, LocalCluster

    with (LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                       dashboard_address=":0", silence_logs=logging.CRITICAL) as cluster,
          Client(cluster) as client):
        yield client.get_executor()


def _overhead(executor: Executor | None, count: int = 2000) -> float:
    """Seconds per chunk that plays no deal, through the streaming path."""
    rules = get_rules("classic")
    tasks = (_Task(rules, 4, 1, 0, 0, "random", False) for _ in range(count))
    start = time.perf_counter()
    for _ in ordered_map(_run_task, tasks, executor):
        pass
    return (time.perf_counter() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--deals", type=int, default=40_000)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=CHUNK)
    args = parser.parse_args()
    print(f"{args.variant}, {args.deals} deals, {args.bots} bots, chunk {args.chunk}, "
          f"{os.cpu_count()} CPUs")
    print(f"{'executor':<16}{'start s':>9}{'deals/s':>10}{'speed-up':>10}{'overhead/chunk':>16}")
    setups: list[tuple[str, Callable[[], object]]] = [
        ("--jobs 1", lambda: _none()),
        (f"--jobs {args.workers}", lambda: _pool(args.workers)),
    ]
    try:
        import distributed  # noqa: F401

        setups.append((f"--dask local:{args.workers}", lambda: _dask(args.workers)))
    except ImportError:
        print("(dask is not installed: no dask row)")
    base = 0.0
    for label, make in setups:
        start = time.perf_counter()
        with make() as executor:  # type: ignore[attr-defined]
            started = time.perf_counter() - start
            begin = time.perf_counter()
            simulate(args.variant, args.deals, 1, bots=args.bots, executor=executor,
                     chunk=args.chunk)
            rate = args.deals / (time.perf_counter() - begin)
            overhead = _overhead(executor)
        base = base or rate
        print(f"{label:<16}{started:>9.2f}{rate:>10.0f}{rate / base:>9.2f}x"
              f"{1000 * overhead:>13.3f} ms")
    chunk_seconds = args.chunk / base
    print(f"a chunk of {args.chunk} deals is {1000 * chunk_seconds:.0f} ms of work on one process")


@contextmanager
def _none() -> Iterator[None]:
    yield None


if __name__ == "__main__":
    main()
