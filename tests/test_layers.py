"""The package's architecture (docs/contributing.md): wings in layers, no import cycle.

The layers themselves are the import-linter contract in pyproject.toml, which
`.ci/run` checks with ``lint-imports``; these tests say the same of the import
graph from inside the suite, so a cycle fails a plain ``pytest`` run too.
"""

from __future__ import annotations

import importlib
import tomllib
import warnings
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "belote"


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycle_is_left() -> None:
    """Every import, at the top, in a function or for type checking only, points one way."""
    graph = grimp.build_graph("belote", include_external_packages=False)
    assert _cycles(graph) == []


def test_a_cycle_is_found_when_there_is_one() -> None:
    """The cycle finder itself: two modules importing each other are one component."""
    graph = grimp.ImportGraph()
    for name in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(name)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.x")
    graph.add_import(importer="a.y", imported="a.z")
    assert _cycles(graph) == [["a.x", "a.y"]]


def _layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = config["tool"]["importlinter"]["contracts"]
    return [name.strip() for layer in contract["layers"] for name in layer.split("|")]


def test_the_layers_name_every_entry_of_the_package() -> None:
    """A new wing or top-level module must be given its place in the contract."""
    entries = {
        path.stem
        for path in PACKAGE.iterdir()
        if (path.suffix == ".py" or (path / "__init__.py").exists())
        and path.stem not in ("__init__", "__main__")
    }
    assert entries == set(_layers())


def test_the_top_of_the_package_stays_small() -> None:
    """About a dozen wings and ground-floor modules, no more."""
    assert len(list(PACKAGE.iterdir())) <= 22


def test_each_wing_says_what_it_is_and_what_it_may_import() -> None:
    for path in sorted(PACKAGE.iterdir()):
        if (path / "__init__.py").exists() and path.name != "__pycache__":
            module = importlib.import_module(f"belote.{path.name}")
            assert module.__doc__ and "import" in module.__doc__, path.name


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("belote.pimc", "belote.agents.pimc"),
        ("belote.simulate", "belote.experiments.simulate"),
        ("belote.replay", "belote.records.replay"),
        ("belote.env", "belote.adapters.env"),
        ("belote.deal.view", "belote.deal.observation"),
    ],
)
def test_an_old_module_path_still_imports_with_a_deprecation_warning(old: str, new: str) -> None:
    if new == "belote.adapters.env":
        pytest.importorskip("pettingzoo")
    with pytest.warns(DeprecationWarning, match=rf"{old} moved to {new}"):
        module = importlib.import_module(old)
    target = importlib.import_module(new)
    for name in getattr(target, "__all__", ()):
        assert getattr(module, name) is getattr(target, name)


def test_names_an_old_module_served_from_elsewhere_are_still_served() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old_simulate = importlib.import_module("belote.simulate")
        old_announcements = importlib.import_module("belote.announcements")
    from belote.experiments.compare import compare
    from belote.experiments.parallel import with_executor
    from belote.scoring.contest import resolve_contest

    assert old_simulate.compare is compare
    assert old_simulate.with_executor is with_executor
    assert old_announcements.resolve_contest is resolve_contest
    with pytest.raises(AttributeError):
        _ = old_simulate.no_such_name
