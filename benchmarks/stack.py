"""The solver at different depths of the caller's stack ([`belote.solver.search`][belote.solver.search]).

Run: ``nice python benchmarks/stack.py [--variant V] [--seed S] [--depths N]``.

Solves one deal (the first seat that can take does) from inside ``k`` nested
calls, ``k`` from 0 to ``N`` - 1 in steps of 3, and prints for each the CPU
time and the process's minor page faults during the solve. On CPython 3.11
to 3.13 a recursion that crosses the end of one of the interpreter's 16 KB
stack chunks back and forth allocates and frees a chunk at every crossing:
without the search's own stack room (``belote.solver.stackroom.in_room``) the time moved with the
depth (up to twice as long) and the page faults counted tens of thousands.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from solve import start

from belote.solver.solution import solve


def nested(k: int, run: Callable[[], object]) -> None:
    if k:
        nested(k - 1, run)
    else:
        run()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--depths", type=int, default=40)
    args = parser.parse_args()
    deal = start(args.variant, None, args.seed)
    if deal is None:
        raise SystemExit("a redeal: try another --seed")
    print(f"{'depth':>5} {'cpu s':>7} {'minor faults':>13}")
    for k in range(0, args.depths, 3):
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        begin = time.process_time()
        nested(k, lambda: solve(deal))
        spent = time.process_time() - begin
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
        print(f"{k:>5} {spent:>7.3f} {faults:>13}", flush=True)


if __name__ == "__main__":
    main()
