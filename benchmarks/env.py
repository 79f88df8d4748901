"""PettingZoo environment steps per second with random agents (extra ``pettingzoo``).

Run: ``python benchmarks/env.py [--seconds S] [--variant NAME] [--players N]
[--kind both|env|raw_env] [--clock wall|cpu]``.

Every agent picks uniformly among the ids of its ``action_mask``; a step is one
``env.step`` (one action id of the seat to act), and every step
also builds the acting agent's observation through ``env.last()``, as a learning
loop does. Episodes are single deals, reset as they end. Prints steps per second
and deals per second, for the wrapped environment (``belote.adapters.env.env``, what a
user gets by default: PettingZoo's usual wrappers) and for ``raw_env`` alone.
``--clock cpu`` counts the CPU time of this process instead of the wall clock
(steadier on a machine shared with other jobs).

Measured here (2 shared cores, Python 3.11, ``--variant classic --clock cpu``, the
sources before and after run alternately in the same minute): the wrapped
environment went from about 10,600 to 23,900 steps a second on the pure core
(2.3x) and from 10,900 to 28,200 on the compiled one (2.6x); ``raw_env`` from 17,600
to 30,500 (pure) and 18,500 to 36,700 (compiled). Where a step's time goes
(pure core, cProfile): building the observation tensor (its 0/1 values as one
integer, unpacked by numpy at once; the history read from the table's running
[`Shown`][belote.adapters.tensor.Shown] instead of replayed) about 35%, the deal
engine's step about 15%, the three PettingZoo wrappers' checks about 20%, this loop
and PettingZoo's ``last``/``agent_iter`` the rest.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from belote.adapters.env import env, raw_env
from belote.buildinfo import core

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def run(
    variant: str, players: int | None, seconds: float, raw: bool, seed: int, clock: str = "wall"
) -> tuple[float, float]:
    """Steps and deals per second of random agents during ``seconds`` of ``clock``."""
    table = raw_env(variant, players, seed=seed) if raw else env(variant, players, seed=seed)
    rng = random.Random(seed)
    now = CLOCKS[clock]
    steps = deals = 0
    start = now()
    while now() - start < seconds:
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
    elapsed = now() - start
    return steps / elapsed, deals / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variant", default=None, help="one variant (default: all four)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--kind", choices=["both", "env", "raw_env"], default="both",
                        help="the wrapped environment (env), raw_env, or both (default)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall-clock time, or the CPU time of this process")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"core: {core()}")  # compiled or pure (docs/compiled.md)
    tables = (
        [(args.variant, args.players)]
        if args.variant
        else [("classic", None), ("piedicavallo", None), ("italian751", None), ("french", 2), ("french", 3)]
    )
    kinds = ["env", "raw_env"] if args.kind == "both" else [args.kind]
    for variant, players in tables:
        label = variant if players is None else f"{variant}/{players}"
        for kind in kinds:
            steps, deals = run(variant, players, args.seconds, kind == "raw_env", args.seed, args.clock)
            print(f"{label:14} {kind:8}: {steps:8.0f} steps/s  {deals:6.0f} deals/s")


if __name__ == "__main__":
    main()
