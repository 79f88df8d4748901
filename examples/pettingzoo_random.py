"""Random agents playing belote deals in the PettingZoo environment.

Needs the extra: ``pip install 'belote[pettingzoo]'``. Run:
``python examples/pettingzoo_random.py [variant] [players]``.
"""

from __future__ import annotations

import sys

import numpy as np

from belote.adapters.env import env


def main() -> None:
    variant = sys.argv[1] if len(sys.argv) > 1 else "classic"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else None
    table = env(variant, players, seed=1, render_mode="ansi")
    rng = np.random.default_rng(1)
    for deal in range(3):
        table.reset()
        totals = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            totals[agent] += reward
            if termination or truncation:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])  # the ids this agent may play
            table.step(int(rng.choice(legal)))
        print(f"deal {deal + 1}: rewards {totals}")
    print(table.render())


if __name__ == "__main__":
    main()
