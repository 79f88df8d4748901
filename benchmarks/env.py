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

Measured here (2 shared cores, Python 3.11.7, numpy 2.4, PettingZoo 1.27,
``--seconds 2 --clock cpu``; the sources before and after, issue 31, run one after
the other in the same minute and a half): the wrapped environment went from 18,000
to 48,900 steps a second in classic on the compiled core (2.7x; piedicavallo 17,100
to 45,700, italian751 17,700 to 44,900, french 17,200 to 40,000 with two players and
16,600 to 38,900 with three: 2.3x to 2.7x) and from 16,900 to 34,700 on the pure
core (2.05x; piedicavallo and italian751 2.1x, french 1.8x to 1.9x); ``raw_env``
from 38,100 to 63,500 (compiled) and 33,400 to 44,500 (pure).
Before, the wrappers' ``__getattr__`` (about twenty reads of the state a step, each
through three wrappers) and a Python loop over the whole history at every
observation took most of a step. Now, on the pure core (cProfile, classic,
wrapped): building the observation about 45% (its 0/1 values, as one integer,
about half of that; the scaled points, read from the deal, most of the rest), the
deal engine's step about 10%, PettingZoo's wrappers, ``last`` and ``agent_iter``
about 30%, this loop the rest.
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
