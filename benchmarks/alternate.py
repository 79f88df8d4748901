"""Two tables' random deals a second, alternating in one process: the ratio of the second to the first.

Run: ``python benchmarks/alternate.py [--deals N] [--rounds R] FIRST SECOND``
(for instance ``contree bulgarian``).

On a shared machine two tables timed one after the other (as
``benchmarks/simulate.py`` does) can be minutes apart in load; here each
round times both, in turn and in alternating order, in CPU time of this
process, so a change of load hits both. Printed: each table's best rate
over the rounds, the ratio of the bests, and the median of the rounds'
ratios (docs/compiled.md#random-bulgarian-deals).
"""

from __future__ import annotations

import argparse
import statistics
import time

from belote.experiments.simulate import simulate


def main() -> None:
    """Time the two tables in alternating rounds and print their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = (args.first, args.second)
    best = dict.fromkeys(tables, 0.0)
    ratios = []
    for number in range(args.rounds):
        rate = {}
        for spec in tables if number % 2 == 0 else tables[::-1]:
            start = time.process_time()
            simulate(spec, args.deals, args.seed, bots="random")
            rate[spec] = args.deals / (time.process_time() - start)
            best[spec] = max(best[spec], rate[spec])
        ratios.append(rate[args.second] / rate[args.first])
    for spec in tables:
        print(f"{spec:24} best {best[spec]:>10,.0f} deals/s (cpu)")
    print(f"{args.second} / {args.first}: ratio of the bests {best[args.second] / best[args.first]:.3f}, "
          f"median of {args.rounds} rounds {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
