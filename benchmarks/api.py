"""The public game API's speed: random deals per second and microseconds per call.

Run: ``python benchmarks/api.py [--deals N] [--variant NAME] [--repeat R] [--seed S]``.

The typed loop is what a program importing ``belote`` writes: a fresh
[`Deal`][belote.deal.Deal] each time, then a random agent picks uniformly
among ``legal_actions()`` and ``apply()``s it until the deal is over, and the
deal is scored (``result``). Bidding, swaps, declarations, calls and play all
go through the same two calls. The int loop does the same through the fast
layer (``legal_action_ids()`` and ``apply_id()``).

Then the cost of one call in the play phase, measured over the states a
random deal passes through: ``legal_actions()``, ``apply()`` (a copy of the
state is made first and its time subtracted), ``copy()`` and
``observation()``. Every figure is the best of ``--repeat`` runs in CPU
time of this process (a busy machine only slows a run down). Targets (issue 9): 6,000 classic deals/s,
``legal_actions`` 1.5 µs, ``apply`` 3 µs, ``copy`` 3 µs, ``observation`` 5 µs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from colver_ref import colver_deals_per_second

from belote.deal import Deal, Phase


def typed_loop(variant: str, deals: int, seed: int) -> None:
    """``deals`` random deals through ``legal_actions()`` / ``apply()``."""
    rng = random.Random(seed)
    randrange = rng.randrange
    for i in range(deals):
        deal = Deal.random(variant, rng, dealer=i % 4)
        while not deal.is_over:
            actions = deal.legal_actions()
            deal.apply(actions[randrange(len(actions))])
        _ = deal.result


def int_loop(variant: str, deals: int, seed: int) -> None:
    """``deals`` random deals through ``legal_action_ids()`` / ``apply_id()``."""
    rng = random.Random(seed)
    randrange = rng.randrange
    for i in range(deals):
        deal = Deal.random(variant, rng, dealer=i % 4)
        ids = deal.legal_action_ids
        apply_id = deal.apply_id
        while not deal.is_over:
            legal = ids()
            apply_id(legal[randrange(len(legal))])
        _ = deal.result


def play_states(variant: str, count: int, seed: int) -> list[Deal]:
    """Copies of the play-phase states random deals pass through."""
    rng = random.Random(seed)
    states: list[Deal] = []
    while len(states) < count:
        deal = Deal.random(variant, rng)
        while not deal.is_over:
            if deal.phase is Phase.PLAY:
                states.append(deal.copy())
            actions = deal.legal_actions()
            deal.apply(actions[rng.randrange(len(actions))])
    return states[:count]


def best(run: Callable[[], object], repeat: int) -> float:
    """The shortest CPU time of this process over ``repeat`` runs (a shared machine
    slows the wall clock down more than the process's own time)."""
    elapsed = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        elapsed = min(elapsed, time.process_time() - start)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    n, variant = args.deals, args.variant
    print(f"{variant}: {n} random deals per run, best of {args.repeat} runs")
    reference = colver_deals_per_second(n, args.seed, args.repeat)
    if reference is not None:
        print(f"{'colver step API (legal_actions/step)':<36} {reference:>10,.0f} deals/s")
    elapsed = best(lambda: typed_loop(variant, n, args.seed), args.repeat)
    ratio = "" if reference is None else f"  ({n / elapsed / reference:.2f}x colver)"
    print(f"{'typed loop (legal_actions/apply)':<36} {n / elapsed:>10,.0f} deals/s{ratio}")
    if hasattr(Deal, "apply_id"):
        elapsed = best(lambda: int_loop(variant, n, args.seed), args.repeat)
        print(f"{'int loop (legal_action_ids/apply_id)':<36} {n / elapsed:>10,.0f} deals/s")

    states = play_states(variant, 20_000, args.seed)
    count = len(states)
    chosen = []
    rng = random.Random(args.seed)
    for state in states:
        actions = state.legal_actions()
        chosen.append(actions[rng.randrange(len(actions))])
    pairs = list(zip(states, chosen, strict=True))

    def per_call(label: str, run: Callable[[], object], minus: float = 0.0) -> float:
        seconds = best(run, args.repeat)
        micro = (seconds - minus) / count * 1e6
        print(f"{label:<36} {micro:>10.2f} µs")
        return seconds

    def legal_actions() -> None:
        for state in states:
            state.legal_actions()

    def copies() -> None:
        for state in states:
            state.copy()

    def applies() -> None:
        for state, action in pairs:
            state.copy().apply(action)

    def observations() -> None:
        for state in states:
            state.observation(state.to_act or 0)

    per_call("legal_actions() in play", legal_actions)
    copy_time = per_call("copy()", copies)
    per_call("apply() in play", applies, minus=copy_time)
    per_call("observation()", observations)


if __name__ == "__main__":
    main()
