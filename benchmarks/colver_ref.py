"""colver's Python step API, timed the same way: the reference the speed targets are set against.

colver (``pip install 'belote[bench]'``) is a fast engine of belote contrée:
one variant, one table size. Its random step loop (``Env.deal``, then
``legal_actions``/``step`` with a uniformly drawn action until the deal is
terminal) is what our typed loop and random simulations are compared with,
side by side in one run. Without colver the benchmarks print our figures alone.
"""

from __future__ import annotations

import random
import time


def colver_deals_per_second(deals: int, seed: int, repeat: int) -> float | None:
    """Random deals a second through colver's step API (best of ``repeat`` runs, CPU time), or None."""
    try:
        from colver import Env  # type: ignore[import-not-found]
    except ImportError:
        return None
    best = float("inf")
    for _ in range(repeat):
        rng = random.Random(seed)
        start = time.process_time()
        for index in range(deals):
            env = Env.deal(seed=seed * 1_000_003 + index)
            while not env.is_terminal():
                legal = env.legal_actions()
                env.step(legal[rng.randrange(len(legal))])
        best = min(best, time.process_time() - start)
    return deals / best
