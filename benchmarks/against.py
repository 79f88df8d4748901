"""Full solves of this work tree against another commit, in the same run ([`belote.solver`][belote.solver]).

Run: ``nice python benchmarks/against.py REV [--table NAME] [--deals N] [--repeats R]
[--keep PATH]``.

Checks ``REV`` (a commit, tag or branch) out into a temporary git worktree
(``git worktree add --detach``; removed at the end unless ``--keep`` names
where to leave it), then starts one worker process per tree, each with its
own ``src`` first on ``PYTHONPATH`` (the pure core, unless a tree's ``src``
holds compiled modules) and its own ``benchmarks/solve.py`` (its ``start``:
the first seat that can take does; and ``solve``). Deal by deal, each
worker solves the same seeded deal (seeds 1 to ``N``) from the first lead,
every card's value, and reports the CPU time of the solve; the order of the
two trees alternates from deal to deal and from repeat to repeat, so a load
that comes and goes on a shared machine falls on both alike.

Prints, per tree, the median over the repeats of each run's median and of
each run's total, and this tree's figures as a ratio of ``REV``'s; the deals
are the same on both sides (``Deal.random`` with the same seeds). Issue 50
item 8 measured the pure core against ``dcc58c3`` (the last release before
the compiled core) this way: ``nice python benchmarks/against.py dcc58c3
--deals 20 --repeats 3`` (docs/solver.md, "The cost of a node").
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# What each worker runs, in its tree: seeds in on stdin, CPU seconds out.
WORKER = """
import sys, time
sys.path.insert(0, "benchmarks")
import solve as bench
variant, players = sys.argv[1], (int(sys.argv[2]) or None)
for line in sys.stdin:
    deal = bench.start(variant, players, int(line))
    begin = time.process_time()
    if deal is not None:
        bench.solve(deal)
    print(time.process_time() - begin if deal is not None else -1.0, flush=True)
"""


def worker(tree: Path, variant: str, players: int) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, variant, str(players)],
        cwd=tree, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )


def ask(proc: subprocess.Popen[str], seed: int) -> float:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{seed}\n")
    proc.stdin.flush()
    return float(proc.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the commit to measure against")
    parser.add_argument("--table", default="classic", help="NAME or NAME:PLAYERS")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="leave REV's worktree there")
    args = parser.parse_args()
    variant, _, players = args.table.partition(":")
    other = args.keep or Path(tempfile.mkdtemp(prefix="belote-against-")) / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(other), args.rev],
                   cwd=HERE, check=True, capture_output=True)
    trees = {args.rev: other, "this tree": HERE}
    try:
        procs = {name: worker(tree, variant, int(players or 0)) for name, tree in trees.items()}
        times: dict[str, list[list[float]]] = {name: [] for name in trees}
        for r in range(args.repeats):
            for name in trees:
                times[name].append([])
            for k in range(args.deals):
                names = list(trees)
                if (r + k) % 2:
                    names.reverse()
                for name in names:
                    times[name][r].append(ask(procs[name], 1 + k))
        for proc in procs.values():
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
    finally:
        if args.keep is None:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=HERE,
                           check=False, capture_output=True)
            shutil.rmtree(other.parent, ignore_errors=True)
    figures = {}
    for name, runs in times.items():
        solved = [[t for t in run if t >= 0] for run in runs]
        figures[name] = (statistics.median(statistics.median(run) for run in solved),
                         statistics.median(sum(run) for run in solved))
    base_median, base_total = figures[args.rev]
    print(f"{args.table}: full solves from the first lead, {args.deals} deals, "
          f"{args.repeats} repeats, CPU seconds")
    for name, (median, total) in figures.items():
        print(f"{name:<12} median {median:.4f} ({median / base_median:.3f}x)  "
              f"total {total:.2f} ({total / base_total:.3f}x)", flush=True)


if __name__ == "__main__":
    main()
