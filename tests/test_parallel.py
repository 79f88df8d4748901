"""Streaming chunks: same output whatever the executor and chunk size, bounded work in flight."""

from __future__ import annotations

import io
import itertools
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from belote.cli.main import main
from belote.errors import InvalidArgument, MissingExtra
from belote.experiments.compare import compare
from belote.experiments.parallel import dask_executor, in_flight, ordered_map
from belote.experiments.simulate import simulate


def _simulation(chunk: int, executor: ThreadPoolExecutor | ProcessPoolExecutor | None) -> tuple[object, str]:
    records = io.StringIO()
    stats = simulate("french", 23, seed=4, players=3, bots="random", executor=executor,
                     records=records, chunk=chunk, keep_winners=True)
    return stats, records.getvalue()


def test_simulation_is_the_same_whatever_the_chunks_and_the_workers() -> None:
    """CONTRACT.md "Same --seed, same output": deal i depends only on (seed, i), so
    neither the chunk size nor the executor can change the statistics or the records."""
    expected = _simulation(1000, None)
    with ThreadPoolExecutor(3) as threads, ProcessPoolExecutor(2) as processes:
        for chunk, executor in itertools.product((1, 4, 23), (None, threads, processes)):
            assert _simulation(chunk, executor) == expected, (chunk, executor)


def test_comparison_is_the_same_whatever_the_chunks_and_the_workers() -> None:
    """CONTRACT.md: same seed, same comparison, counted range by range or all at once."""
    expected = compare(["classic", "italian751"], 17, seed=2, matches=3, keep_winners=True)
    with ThreadPoolExecutor(2) as threads:
        for chunk in (1, 5, 17):
            got = compare(["classic", "italian751"], 17, seed=2, matches=3, executor=threads,
                          chunk=chunk, keep_winners=True)
            assert got == expected
    plain = compare(["classic", "italian751"], 17, seed=2, matches=3, chunk=4)
    assert plain.to_json() == expected.to_json()
    assert plain.variants[0].winners == () and plain.matches[0].winners == ()


def test_only_a_bounded_number_of_items_is_taken_ahead() -> None:
    """A billion chunks are never built: items are pulled only as results are handed back."""
    pulled = 0

    def items() -> Iterator[int]:
        nonlocal pulled
        for k in itertools.count():
            pulled += 1
            yield k

    with ThreadPoolExecutor(2) as executor:
        results = ordered_map(abs, items(), executor, window=3)
        assert [next(results) for _ in range(5)] == [0, 1, 2, 3, 4]
        assert pulled <= 5 + 3
        results.close()
        assert in_flight(executor) == 5


def test_a_window_below_one_is_refused() -> None:
    with ThreadPoolExecutor(1) as executor, pytest.raises(InvalidArgument):
        next(ordered_map(abs, [1], executor, window=0))


def test_a_bad_chunk_size_is_refused() -> None:
    with pytest.raises(InvalidArgument):
        simulate("classic", 3, chunk=0)


def test_dask_without_the_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without dask installed, asking for a dask executor says which extra to install."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if not installed
    with pytest.raises(MissingExtra) as caught, dask_executor("local:2"):
        pass  # pragma: no cover - never entered
    assert caught.value.extra == "dask"
    assert "belote[dask]" in str(caught.value)


def test_dask_option_without_the_extra_exits_2(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The command reports a missing dask extra as one ``error:`` line and exit status 2."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["simulate", "classic", "--deals", "5", "--dask", "local:2"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
    assert "belote[dask]" in err
