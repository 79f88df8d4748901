"""Positions as the start of an episode in the adapters (docs/positions.md): training from chosen positions.

Skipped without the extras, unless ``BELOTE_REQUIRE_EXTRAS`` is set.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from pathlib import Path

import pytest

from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidPosition

SOLVED = json.loads((Path(__file__).parent / "data" / "positions.json").read_text(encoding="utf-8"))
POSITIONS = [entry["position"] for entry in SOLVED]


def _extra(module: str) -> None:
    if os.environ.get("BELOTE_REQUIRE_EXTRAS"):
        importlib.import_module(module)
    else:
        pytest.importorskip(module)


@pytest.mark.parametrize("position", POSITIONS, ids=[entry["name"] for entry in SOLVED])
def test_pettingzoo_reset_starts_at_the_position(position: str) -> None:
    """``reset(options={"position": ...})`` starts the episode at that deal; played out, it scores as the deal."""
    _extra("pettingzoo")
    from belote.adapters.env import raw_env

    start = Deal.from_position(position)
    table = raw_env(start.rules.name, start.players)
    table.reset(options={"position": position})
    assert table.table is not None and table.table.deal.position() == position
    assert table.agent_selection == f"player_{start.to_act}"
    rng = random.Random(1)
    mirror = start.copy()
    while not all(table.terminations.values()):
        mask = table.observe(table.agent_selection)["action_mask"]
        choice = rng.choice([i for i, legal in enumerate(mask) if legal])
        table.step(choice)
        mirror.apply_id(choice)
    assert table.table.deal.result == mirror.result
    table.reset()  # a reset without a position deals a fresh deck again
    assert table.table.deal.tricks_played == 0


def test_pettingzoo_reset_refuses_a_position_of_another_table() -> None:
    _extra("pettingzoo")
    from belote.adapters.env import raw_env

    with pytest.raises(InvalidArgument, match="this environment plays classic"):
        raw_env("classic").reset(options={"position": POSITIONS[2]})
    with pytest.raises(InvalidArgument, match="match=True"):
        raw_env("classic", match=True).reset(options={"position": POSITIONS[0]})
    with pytest.raises(InvalidPosition, match="position: header"):
        raw_env("classic").reset(options={"position": "classic"})


@pytest.mark.parametrize("position", POSITIONS, ids=[entry["name"] for entry in SOLVED])
def test_openspiel_game_starts_at_the_position(position: str) -> None:
    """The game parameter ``position``: every new state is that deal, with its seat to act."""
    _extra("pyspiel")
    import pyspiel

    import belote.adapters.openspiel  # noqa: F401  (registers the games)

    start = Deal.from_position(position)
    game = pyspiel.load_game(f"python_belote_{start.rules.name}", {"position": position})
    state = game.new_initial_state()
    assert state.current_player() == start.to_act
    assert game.num_players() == start.players
    assert sorted(state.legal_actions()) == sorted(start.legal_action_ids())
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == start.players


def test_openspiel_refuses_a_position_of_another_variant() -> None:
    _extra("pyspiel")
    import pyspiel

    import belote.adapters.openspiel  # noqa: F401

    with pytest.raises(Exception, match="the position must be a deal of classic"):
        pyspiel.load_game("python_belote_classic", {"position": POSITIONS[2]})
