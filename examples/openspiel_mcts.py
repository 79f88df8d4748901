"""An OpenSpiel MCTS bot playing seat 0 of a classic belote deal against random players.

Needs the extra: ``pip install 'belote[openspiel]'``. Run:
``python examples/openspiel_mcts.py [simulations]``.

The MCTS bot searches the true state (it sees every hand): a strong, cheating
baseline. For a fair player use an information-set method (e.g. OpenSpiel's
``ISMCTSBot``) or sample the hidden hands yourself.
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import belote.openspiel  # noqa: F401 - registers the games


def main() -> None:
    simulations = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    game = pyspiel.load_game("python_belote_classic")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        player = state.current_player()
        action = bot.step(state) if player == 0 else int(rng.choice(state.legal_actions()))
        print(state.action_to_string(player, action))
        state.apply_action(action)
    print(state)
    print("returns:", state.returns())


if __name__ == "__main__":
    main()
