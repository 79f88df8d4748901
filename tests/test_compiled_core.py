"""The compiled core (mypyc) and the pure one: which runs, and that both agree.

CI installs the package twice: editable (the pure core) and built (``pip
install .``, the compiled core), and runs the suite against each. With
``BELOTE_REQUIRE_COMPILED=1`` (the compiled run), these tests fail unless
every module listed for compilation in pyproject.toml is loaded as an
extension module: a build that silently fell back to pure cannot pass. The
cross-checks then play, replay and solve the same seeds with the compiled
core in this process and the pure sources in a worker process
(tests/pure_core_worker.py), and compare the outputs byte for byte.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec, module_from_spec, spec_from_file_location
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pure_core_worker import run_cli

import belote
import belote.adapters.encoding as encoding
from belote.adapters.tensor import (
    INFORMATION_STATE_V3,
    OBSERVATION_V1,
    OBSERVATION_V2,
    OBSERVATION_V3,
    Block,
)
from belote.deal import Deal
from belote.strategies import DealStart, deals

ROOT = Path(__file__).resolve().parent.parent
REQUIRE = os.environ.get("BELOTE_REQUIRE_COMPILED", "") not in ("", "0")
CROSS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLES = [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]


def listed_modules() -> list[str]:
    """The modules pyproject.toml asks the build to compile."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    paths = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compiled"]
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def is_extension(module: str) -> bool:
    spec = find_spec(module)
    return spec is not None and spec.origin is not None and spec.origin.endswith(
        tuple(EXTENSION_SUFFIXES)
    )


def test_listed_modules_exist_in_the_sources() -> None:
    """Each module of the compiled list is a module of the package (the list follows moves)."""
    for module in listed_modules():
        assert (ROOT / "src" / (module.replace(".", "/") + ".py")).is_file(), module


def test_core_says_which_modules_run_compiled() -> None:
    """``belote.core()`` is compiled exactly when every module of its build is an extension."""
    running = belote.core()
    assert all(is_extension(module) for module in running.modules)
    if running.compiled:
        assert running.mypyc is not None
        assert str(running) == f"compiled, mypyc {running.mypyc}"
    else:
        assert str(running) == "pure Python"


def test_required_compiled_core_is_compiled() -> None:
    """With BELOTE_REQUIRE_COMPILED=1, every listed module is loaded compiled (no silent fallback)."""
    if not REQUIRE:
        pytest.skip("the compiled core is required only with BELOTE_REQUIRE_COMPILED=1")
    assert belote.core().compiled, f"the core runs pure: {belote.__file__}"
    assert sorted(belote.core().modules) == sorted(listed_modules())
    assert [m for m in listed_modules() if not is_extension(m)] == []


def test_version_names_the_core(capsys: pytest.CaptureFixture[str]) -> None:
    """``belote --version`` names the version and the core (compiled or pure)."""
    with pytest.raises(SystemExit):
        belote.cli.main(["--version"])
    line = capsys.readouterr().out.strip()
    word = "compiled" if belote.core().compiled else "pure"
    assert line == f"belote {belote.__version__} ({belote.core()})"
    assert word in line


@settings(max_examples=30, deadline=None)
@given(start=deals(), data=st.data())
def test_a_deal_pickles_and_copies_to_an_equal_deal_in_either_core(
    start: DealStart, data: st.DataObject
) -> None:
    """A deal in any phase pickles and deep-copies to an equal deal that goes on alike.

    Worker processes and dask clusters receive deals pickled; compiled
    classes pickle only as they are written to.
    """
    deal = Deal(start.rules, list(start.deck), dealer=start.dealer, players=start.players)
    for _ in range(data.draw(st.integers(0, 40))):
        if deal.is_over:
            break
        deal.apply(data.draw(st.sampled_from(deal.legal_actions())))
    for twin in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal), deal.copy()):
        assert twin == deal
        assert twin.position() == deal.position()
        if not deal.is_over:
            action = data.draw(st.sampled_from(deal.legal_actions()))
            after = deal.copy()
            after.apply(action)
            twin.apply(action)
            assert twin == after


# --- the two cores on the same seeds ------------------------------------------------------


class PureCore:
    """The worker process running the pure sources."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("pure_core_worker.py"))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
        hello = json.loads(self.ask_line())
        assert hello["core"] == "pure Python", hello
        assert Path(hello["file"]).resolve().is_relative_to(ROOT / "src"), hello

    def ask_line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the pure core's worker stopped"
        return line

    def run(self, argv: list[str]) -> dict[str, object]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(argv) + "\n")
        self.process.stdin.flush()
        answer: dict[str, object] = json.loads(self.ask_line())
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)
        assert self.process.stdout is not None
        self.process.stdout.close()


@pytest.fixture(scope="module")
def pure() -> Iterator[PureCore]:
    if not belote.core().compiled:
        if REQUIRE:
            pytest.fail("the compiled core is required but the pure one runs")
        pytest.skip("the pure core runs here: the cross-check needs the compiled one")
    worker = PureCore()
    yield worker
    worker.close()


def same(pure: PureCore, argv: list[str]) -> None:
    compiled = run_cli(argv)
    assert compiled["status"] == 0, compiled["err"]
    assert pure.run(argv) == compiled


@CROSS
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6),
       bots=st.sampled_from(["random", "heuristic"]))
def test_cores_play_the_same_deals(pure: PureCore, table: tuple[str, int], seed: int,
                                   bots: str) -> None:
    """Bots play the same seeds to the same records and statistics in both cores."""
    variant, players = table
    same(pure, ["simulate", variant, "--players", str(players), "--deals", "3", "--seed",
                str(seed), "--bots", bots, "--records", "{records}", "--json"])


@CROSS
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), left=st.integers(1, 5))
def test_cores_solve_to_the_same_values(pure: PureCore, table: tuple[str, int], seed: int,
                                        left: int) -> None:
    """The solver gives the same value, card values and line in both cores."""
    variant, players = table
    deal = Deal.random(variant, seed=seed, players=players)
    while deal.legal_bids():
        deal.bid(*deal.legal_bids()[0])
    if deal.swap_seat() is not None:
        deal.keep()
    rng = random.Random(seed)
    while not deal.is_over and deal.tricks_per_deal - deal.tricks_played > left:
        cards = deal.legal_play_cards()
        card = cards[rng.randrange(len(cards))]
        deal.play_card(card, belote=deal.can_announce_belote(card))
    if deal.is_over:
        return
    same(pure, ["solve", deal.position(), "--json"])


@CROSS
@given(seed=st.integers(0, 10**6))
def test_cores_compare_variants_alike(pure: PureCore, seed: int) -> None:
    """``belote compare`` (the main job, on its default variants) prints the same in both cores."""
    same(pure, ["compare", "--deals", "4", "--seed", str(seed)])


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_cores_play_the_same_pimc_deals(pure: PureCore, table: tuple[str, int], seed: int) -> None:
    """The PIMC bot (sampling, rollouts, solver) makes the same decisions in both cores.

    Without a time budget its decisions depend only on the seed.
    """
    variant, players = table
    same(pure, ["simulate", variant, "--players", str(players), "--deals", "1", "--seed",
                str(seed), "--bots", "pimc:samples=2,rollouts=4,time_budget=none",
                "--records", "{records}", "--json"])


def offsets(layout: tuple[Block, ...]) -> dict[str, int]:
    """The offset of each block of a layout, by name."""
    at, where = 0, {}
    for block in layout:
        where[block.name] = at
        at += block.size
    return where


@CROSS
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_cores_encode_the_same_observations(table: tuple[str, int], seed: int) -> None:
    """The compiled ``belote.adapters.encoding`` and its pure source give the same bits and values.

    The pure source is loaded beside the compiled module in this process (the deal
    engine is the same for both), and every seat's observation bits and scaled values
    of every turn of a random deal are compared, in both layout versions.
    """
    if not is_extension("belote.adapters.encoding"):
        pytest.skip("the pure core runs here: the cross-check needs the compiled one")
    spec = spec_from_file_location("pure_encoding", ROOT / "src" / "belote" / "adapters" / "encoding.py")
    assert spec is not None and spec.loader is not None
    source = module_from_spec(spec)
    spec.loader.exec_module(source)
    variant, players = table
    deal, rng = Deal.random(variant, seed=seed, players=players), random.Random(seed)
    auction = deal.rules.has_auction
    compiled_shown, pure_shown = encoding.Shown(players, auction=auction), source.Shown(players, auction=auction)
    while True:
        for seat in range(players):
            for at in (offsets(OBSERVATION_V1), offsets(OBSERVATION_V2), offsets(OBSERVATION_V3)):
                assert encoding.observation_bits(deal, seat, compiled_shown, seat == 1, at) == (
                    source.observation_bits(deal, seat, pure_shown, seat == 1, at)
                )
            at = offsets(INFORMATION_STATE_V3)
            assert encoding.tricks_bits(deal, seat, at) == source.tricks_bits(deal, seat, at)
            compiled_values, pure_values = [0.0] * 3000, [0.0] * 3000
            encoding.write_scaled(compiled_values, deal, seat, at, compiled_shown)
            source.write_scaled(pure_values, deal, seat, at, pure_shown)
            assert compiled_values == pure_values
        if deal.is_over:
            break
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        compiled_shown.add(action)
        pure_shown.add(action)
