"""simulate and compare on a real dask cluster: the same output as one process (issue 15).

Skipped without the ``dask`` extra, except when ``BELOTE_REQUIRE_DASK`` is set
(CI sets it after installing the extra, so these tests cannot silently vanish).
"""

from __future__ import annotations

import io
import logging
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("BELOTE_REQUIRE_DASK"):
    import distributed
else:
    distributed = pytest.importorskip("distributed")

from belote.cli.main import main
from belote.experiments.compare import compare
from belote.experiments.duel import duel
from belote.experiments.simulate import simulate


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                       dashboard_address=":0", silence_logs=logging.CRITICAL)
    with cluster, distributed.Client(cluster) as dask_client:
        yield dask_client


def _simulation(executor: Executor | None, chunk: int = 40) -> tuple[object, str]:
    records = io.StringIO()
    stats = simulate("classic", 400, seed=11, bots="random", executor=executor,
                     records=records, chunk=chunk)
    return stats, records.getvalue()


def test_simulate_on_dask_is_identical_to_one_process(client: Any) -> None:
    """Issue 15: statistics and records (in deal order) as with --jobs 1, whatever the chunks."""
    expected = _simulation(None)
    for chunk in (40, 170):
        assert _simulation(client.get_executor(), chunk) == expected


def test_compare_on_dask_is_identical_to_one_process(client: Any) -> None:
    """Issue 15: compare on the cluster gives the same comparison."""
    args: dict[str, Any] = {"deals": 60, "seed": 3, "bots": "random", "matches": 4, "chunk": 25}
    assert compare(None, **args, executor=client.get_executor()) == compare(None, **args)


def test_duel_on_dask_is_identical_to_one_process(client: Any) -> None:
    """Issue 15: ``duel`` runs on the cluster too, with the same result."""
    args: dict[str, Any] = {"deals": 40, "seed": 5, "matches": 2, "chunk": 15}
    assert (duel("classic", "heuristic", "random", executor=client.get_executor(), **args)
            == duel("classic", "heuristic", "random", **args))


def test_duel_par_gap_on_dask_is_identical_to_one_process(client: Any) -> None:
    """Issue 21: the par pass of ``duel`` (each play solved) runs on the cluster too."""
    args: dict[str, Any] = {"deals": 6, "seed": 2, "players": 2, "par": 5}
    result = duel("french", "heuristic", "random", executor=client.get_executor(), **args)
    assert result.par_gap is not None and result.par_gap.deals == 5
    assert result == duel("french", "heuristic", "random", **args)


def test_compare_knobs_on_dask_is_identical_to_one_process(client: Any) -> None:
    """Issue 20: ``compare --knobs`` streams on the cluster with the same ranking."""
    from belote.experiments.whatif import knob_effects

    args: dict[str, Any] = {"deals": 30, "seed": 2, "bots": "random", "matches": 3, "chunk": 11}
    assert (knob_effects("italian751", executor=client.get_executor(), **args)
            == knob_effects("italian751", **args))


class _KillOneWorker(Executor):
    """Submits to ``inner``; once the first results are back, kills one worker process."""

    def __init__(self, inner: Executor, pid: int, after: int) -> None:
        self.inner, self.pid, self.after, self.submitted = inner, pid, after, 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        if self.submitted == self.after:
            os.kill(self.pid, signal.SIGKILL)
        return self.inner.submit(fn, *args, **kwargs)


def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(client: Any) -> None:
    """Issue 15: the scheduler runs the dead worker's chunks again; a chunk is a pure
    function of (seed, range), so the output is still identical to --jobs 1."""
    expected = _simulation(None)
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    # The window is 5 chunks: the 7th submission comes after two results are back,
    # with the chunks that follow already running or queued on both workers.
    killer = _KillOneWorker(client.get_executor(), victim, after=7)
    assert _simulation(killer, chunk=20) == expected
    assert killer.submitted == 20
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()


def test_the_dask_option_runs_a_local_cluster(tmp_path: Path) -> None:
    """``--dask local:1`` prints what ``--jobs 1`` prints and writes the same records."""
    outputs = []
    for extra in ([], ["--dask", "local:1"]):
        out = io.StringIO()
        records = tmp_path / f"records{len(extra)}.jsonl"
        argv = ["simulate", "italian751", "--deals", "300", "--seed", "2", "--bots", "random",
                "--records", str(records), *extra]
        assert main(argv, out=out) == 0
        outputs.append((out.getvalue(), records.read_bytes()))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("argv", [["--dask", "local:zero"], ["--dask", "local:2", "--jobs", "2"]])
def test_bad_dask_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "--deals", "5", *argv], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
