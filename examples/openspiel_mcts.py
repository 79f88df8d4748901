"""An OpenSpiel MCTS bot playing seat 0 of a classic belote deal against random players.

Needs the extra: ``pip install 'belote[openspiel]'``. Run:
``python examples/openspiel_mcts.py [simulations] [--ismcts]``.

The MCTS bot searches the true state (it sees every hand): a strong, cheating
baseline. With ``--ismcts`` seat 0 is OpenSpiel's information-set MCTS instead,
which searches deals drawn with ``state.resample_from_infostate``: a fair player.
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import belote.adapters.openspiel  # noqa: F401 - registers the games


def main() -> None:
    numbers = [arg for arg in sys.argv[1:] if arg.isdigit()]
    simulations = int(numbers[0]) if numbers else 50
    game = pyspiel.load_game("python_belote_classic")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot: pyspiel.Bot
    if "--ismcts" in sys.argv:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    else:
        bot = mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
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
