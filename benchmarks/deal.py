"""Random complete deals per second through the public [`Deal`][belote.deal.Deal] API.

Run: ``python benchmarks/deal.py [--deals N] [--seed S] [--variant NAME] [--players N]
[--repeat R] [--clock wall|cpu]``.

Each deal starts from a seeded shuffle and every seat picks uniformly among
its legal bids (`Deal.legal_bids`, `Deal.bid`) and legal cards
(`Deal.legal_play_cards`, `Deal.play_card`), announcing belote
with a K or Q of trump when allowed, until the deal ends; then the deal is
scored (`Deal.result`). No declarations, swaps or calls (the fast path
has none). Prints deals per second for the fast path, with and without
scoring, and for the typed path (`Deal.legal_actions` and
`Deal.apply`, every kind of action), the best of ``--repeat`` runs (a
busy machine only slows a run down). The bots' goal is 10,000 a second.
``--clock cpu`` times the process's CPU instead of the wall clock: on a
shared machine the wall clock halves the figures when other jobs run.

The first line says which core runs (``core: compiled, mypyc X`` or
``core: pure Python``, docs/compiled.md): the compiled core, which
``pip install .`` builds, is about twice as fast; run a clone's sources with
``PYTHONPATH=src`` for the pure one.
"""

from __future__ import annotations

import argparse
import random
import time

from belote.buildinfo import core
from belote.deal import Deal


def fast_deal(rules: str, players: int | None, rng: random.Random, dealer: int, score: bool) -> Deal:
    deal = Deal.random(rules, rng, dealer, players)
    uniform = rng.random
    bids = deal.legal_bids()
    while bids:
        take, suit = bids[int(uniform() * len(bids))]
        deal.bid(take, suit)
        bids = deal.legal_bids()
    legal_play_cards, play_card, announce = deal.legal_play_cards, deal.play_card, deal.can_announce_belote
    while not deal.is_over:
        cards = legal_play_cards()
        card = cards[int(uniform() * len(cards))]
        play_card(card, announce(card) and uniform() < 0.5)
    if score:
        _ = deal.result
    return deal


def typed_deal(rules: str, players: int | None, rng: random.Random, dealer: int) -> Deal:
    deal = Deal.random(rules, rng, dealer, players)
    while not deal.is_over:
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])
    _ = deal.result
    return deal


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def rate(label: str, count: int, run: object, repeat: int, clock: str = "wall") -> None:
    now = CLOCKS[clock]
    elapsed = float("inf")
    for _ in range(repeat):
        start = now()
        run()  # type: ignore[operator]
        elapsed = min(elapsed, now() - start)
    print(f"{label:<40} {count / elapsed:>10,.0f} deals/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args()
    print(f"core: {core()}")  # compiled or pure (docs/compiled.md)
    n = args.deals
    print(f"{args.variant}, {n} random deals, seed {args.seed}")

    def fast(score: bool) -> None:
        rng = random.Random(args.seed)
        for i in range(n):
            fast_deal(args.variant, args.players, rng, i % 2, score)

    def typed() -> None:
        rng = random.Random(args.seed)
        for i in range(n // 10):
            typed_deal(args.variant, args.players, rng, i % 2)

    print(f"clock: {args.clock}")
    rate("fast path, play only", n, lambda: fast(False), args.repeat, args.clock)
    rate("fast path, play and score", n, lambda: fast(True), args.repeat, args.clock)
    rate("typed path (legal_actions/apply)", n // 10, typed, args.repeat, args.clock)


if __name__ == "__main__":
    main()
