"""Complete simulated deals per second, per variant, for random and heuristic bots.

Run: ``python benchmarks/simulate.py [--deals N] [--seed S] [--repeat R] [--bots KIND] [--profile VARIANT]``.

Each figure is [`simulate`][belote.experiments.simulate.simulate] in one process: per deal the
seeded deck and dealer, the bidding, the play, the scoring and the
statistics (redeals are played too but not counted). The best of
``--repeat`` runs is printed, in wall time and in CPU time of this process
(a busy machine slows the first more than the second). The goal is 10,000
deals a second for ``classic`` with random bots, which is what
``belote simulate classic --deals 10000 --bots random`` does.

With colver installed (``pip install 'belote[bench]'``) its random step loop
is timed in the same run and each row shows our CPU rate as a multiple of it
(the targets: at least 3x with random bots in every variant).

``--profile VARIANT`` prints the top of a cProfile of the random bots instead.

The first line says which core runs (``core: compiled, mypyc X`` or
``core: pure Python``, docs/compiled.md): the compiled core, which
``pip install .`` builds, is about twice as fast; run a clone's sources with
``PYTHONPATH=src`` for the pure one.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from colver_ref import colver_deals_per_second

from belote.buildinfo import core
from belote.experiments.simulate import simulate

TABLES = (("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3),
          ("contree", 4), ("bulgarian", 4))


def measure(variant: str, players: int, bots: str, deals: int, seed: int,
            repeat: int) -> tuple[float, float]:
    """The best deals per second over ``repeat`` runs: (wall clock, process CPU)."""
    wall = cpu = 0.0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        simulate(variant, deals, seed, players=players, bots=bots)
        wall = max(wall, deals / (time.perf_counter() - start))
        cpu = max(cpu, deals / max(time.process_time() - start_cpu, 1e-9))
    return wall, cpu


def main() -> None:
    """Print deals per second for every variant and both kinds of bots."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", metavar="VARIANT", default=None)
    parser.add_argument("--bots", choices=("random", "heuristic"), action="append",
                        help="only these bots (repeatable; default both)")
    parser.add_argument("--table", action="append", metavar="VARIANT",
                        help="only these variants (repeatable; default all, contree included)")
    args = parser.parse_args()
    print(f"core: {core()}")  # compiled or pure (docs/compiled.md)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(simulate, args.profile, args.deals, args.seed, bots="random")
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        return
    print(f"{args.deals} deals per run, seed {args.seed}, best of {args.repeat}")
    reference = colver_deals_per_second(min(args.deals, 2000), args.seed, args.repeat)
    if reference is None:
        print("colver is not installed (pip install 'belote[bench]'): no reference column")
    else:
        print(f"colver step API, random actions: {reference:,.0f} deals/s (cpu)")
    print(f"{'variant':<18}{'bots':<11}{'wall deals/s':>14}{'cpu deals/s':>14}"
          + ("" if reference is None else f"{'x colver':>10}"))
    for variant, players in TABLES:
        if args.table and variant not in args.table:
            continue
        for bots in args.bots or ("random", "heuristic"):
            wall, cpu = measure(variant, players, bots, args.deals, args.seed, args.repeat)
            label = f"{variant} ({players})"
            ratio = "" if reference is None else f"{cpu / reference:>10.2f}"
            print(f"{label:<18}{bots:<11}{wall:>14,.0f}{cpu:>14,.0f}{ratio}")


if __name__ == "__main__":
    main()
