"""Machine instructions per simulated deal, counted by valgrind: a speed measure that load does not move.

Run: ``python benchmarks/instructions.py [--deals N] [--table VARIANT[:PLAYERS]] [--src DIR ...]``.

On a shared machine the deals-a-second figures of ``benchmarks/simulate.py``
move by 10 % or more from one run to the next; the instructions a deal costs
do not (within about 1 %, with ``PYTHONHASHSEED=0``). Each figure is
valgrind's count (``--tool=callgrind``) for ``simulate`` over ``N + 1``
random-bot deals less its count for one deal (the start-up), divided by
``N``. ``--src`` names the directories put first on ``PYTHONPATH``, one
column each (a compiled build in place, or a clone's ``src`` for the pure
core): the same deals under two builds side by side, as
``docs/compiled.md`` reports them. Needs ``valgrind`` on the ``PATH``.
Instructions are not time (cache misses and mispredicted branches cost
more per instruction); compare builds with them, then confirm with
``benchmarks/simulate.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

_RUN = (
    "import sys\n"
    "from belote.experiments.simulate import simulate\n"
    "simulate(sys.argv[1], int(sys.argv[2]), 1, players=int(sys.argv[3]), bots='random')\n"
)


def count(src: str | None, variant: str, players: int, deals: int) -> int:
    """Valgrind's instruction count for ``deals`` random deals of ``variant`` (``src`` first on the path).

    A run without valgrind goes first, so that both counted runs import the
    modules from their compiled ``.pyc`` files: otherwise the first run into
    fresh sources also counts compiling them, which the subtraction does not
    cancel (for the pure core, about 100,000 instructions a deal over 200 deals).
    """
    env = dict(os.environ, PYTHONHASHSEED="0")
    if src:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (src, env.get("PYTHONPATH"))))
    subprocess.run([sys.executable, "-c", _RUN, variant, "1", str(players)],
                   env=env, capture_output=True, text=True, check=True)
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", _RUN, variant, str(deals), str(players)],
        env=env, capture_output=True, text=True, check=True,
    )
    found = re.search(r"refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count in valgrind's output:\n{done.stderr[-500:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    """Print the instructions per deal of each table under each source directory."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--table", action="append", metavar="VARIANT[:PLAYERS]")
    parser.add_argument("--src", action="append", metavar="DIR",
                        help="put DIR first on PYTHONPATH (repeatable: one column each)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    tables = args.table or ["classic", "piedicavallo", "italian751", "french:2", "french:3",
                            "contree", "bulgarian"]
    sources = args.src or [None]
    print(f"instructions per deal, {args.deals} random-bot deals, seed 1")
    print(f"{'table':16}" + "".join(f"{(s or 'installed')[-24:]:>26}" for s in sources))
    for table in tables:
        variant, _, players = table.partition(":")
        cells = []
        for src in sources:
            try:
                n = (count(src, variant, int(players or 4), args.deals + 1)
                     - count(src, variant, int(players or 4), 1)) // args.deals
            except subprocess.CalledProcessError:  # a build without that variant
                cells.append(f"{'-':>26}")
            else:
                cells.append(f"{n:>26,}")
        print(f"{table:16}" + "".join(cells))


if __name__ == "__main__":
    main()
