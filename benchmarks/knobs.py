"""How long ``belote compare --knobs VARIANT`` takes on its defaults, against its 3-minute budget.

Run: ``python benchmarks/knobs.py [VARIANT] [--deals N] [--jobs J]``.

Runs the command's own code path (the defaults read from its argument
parser) in this process, or on ``--jobs`` worker processes, and prints the
wall time, the number of single-knob changes played and the time per
change. The budget: piedicavallo on its defaults within 180 s on a shared
two-core machine with ``--jobs 1`` (measured when the defaults were
chosen: about 61 s).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from belote.cli.main import build_parser
from belote.experiments.whatif import knob_effects

BUDGET_SECONDS = 180


def main() -> None:
    """Time one run and compare it with the budget."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("variant", nargs="?", default="piedicavallo")
    parser.add_argument("--deals", type=int, default=None, help="default: the command's")
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args()
    argv = ["compare", "--knobs", options.variant]
    if options.deals is not None:
        argv += ["--deals", str(options.deals)]
    args = build_parser().parse_args(argv)
    pool = ProcessPoolExecutor(options.jobs) if options.jobs > 1 else None
    start = time.perf_counter()
    try:
        ranking = knob_effects(args.knobs, args.deals, args.seed, args.players, args.bots,
                               pool, matches=args.matches)
    finally:
        if pool is not None:
            pool.shutdown()
    seconds = time.perf_counter() - start
    changes = len(ranking.effects)
    print(f"compare --knobs {options.variant}: {args.deals} decks, {ranking.matches} matches, "
          f"{changes} changes, --jobs {options.jobs}: {seconds:.1f} s "
          f"({seconds / (changes + 1):.2f} s per rules value); "
          f"{'within' if seconds <= BUDGET_SECONDS else 'OVER'} the {BUDGET_SECONDS} s budget")


if __name__ == "__main__":
    main()
