"""The front door: ``import belote`` gives the whole game API, loaded on first use (issue 9)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import belote


@pytest.mark.parametrize("name", sorted(belote.__all__))
def test_every_name_of_all_is_reachable(name: str) -> None:
    assert getattr(belote, name) is not None


def test_solve_is_the_function_even_after_the_solver_module_is_imported() -> None:
    import belote.solver
    from belote import solve

    assert solve is belote.solver.solve
    assert callable(solve)


def test_the_tutorial_names_come_from_the_package() -> None:
    from belote import Action, Deal, score_tally

    deal = Deal.random("classic", seed=3)
    deal.apply(Action.parse(f"{deal.to_act} pass"))
    assert deal.to_act is not None
    assert score_tally.__module__ == "belote.scoring"


def test_importing_belote_loads_neither_the_engine_nor_plugins() -> None:
    """``import belote`` stays cheap: the engine, the solver and entry points load on first use."""
    code = (
        "import sys, belote\n"
        "import json\n"
        "print(json.dumps(sorted(m for m in ('belote.deal', 'belote.solver', 'belote.bots', "
        "'importlib.metadata') if m in sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == []


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        belote.no_such_name  # noqa: B018
