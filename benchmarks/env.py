"""PettingZoo environment steps per second with random agents (extra ``pettingzoo``).

Run: ``python benchmarks/env.py [--seconds S] [--variant NAME] [--players N] [--raw]``.

Every agent picks uniformly among the ids of its ``action_mask``; a step is one
``env.step`` (one action id of the seat to act), and every step
also builds the acting agent's observation through ``env.last()``, as a learning
loop does. Episodes are single deals, reset as they end. Prints steps per second
and deals per second, for the wrapped environment (``belote.adapters.env.env``: PettingZoo's
usual wrappers) or with ``--raw`` for ``raw_env`` alone.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from belote.adapters.env import env, raw_env


def run(variant: str, players: int | None, seconds: float, raw: bool, seed: int) -> tuple[float, float]:
    table = raw_env(variant, players, seed=seed) if raw else env(variant, players, seed=seed)
    rng = random.Random(seed)
    steps = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset()
        for _agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        deals += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, deals / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variant", default=None, help="one variant (default: all four)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--raw", action="store_true", help="raw_env without the wrappers")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    tables = (
        [(args.variant, args.players)]
        if args.variant
        else [("classic", None), ("piedicavallo", None), ("italian751", None), ("french", 2), ("french", 3)]
    )
    kind = "raw_env" if args.raw else "env (wrapped)"
    for variant, players in tables:
        steps, deals = run(variant, players, args.seconds, args.raw, args.seed)
        label = variant if players is None else f"{variant}/{players}"
        print(f"{label:14} {kind}: {steps:8.0f} steps/s  {deals:6.0f} deals/s")


if __name__ == "__main__":
    main()
