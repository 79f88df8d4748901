"""Median time of one legal-play computation over random positions.

Run: ``python benchmarks/legal_plays.py [--positions N] [--seed S]``.
Prints the median microseconds per call of ``belote.tricks.legal_mask`` (the
hot path) and of the typed ``legal_plays`` wrapper. Target: at most 2 µs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from belote.cards import CARDS, CardSet
from belote.rules import available_variants
from belote.tricks import legal_mask, legal_plays


def positions(count: int, seed: int) -> list[tuple[int, list[int], int, object, bool]]:
    rng = random.Random(seed)
    variants = [r for r in available_variants()][:4]
    result = []
    for _ in range(count):
        rules = rng.choice(variants)
        players = 4 if rules.partnerships else rng.choice((2, 3))
        deck = list(range(32))
        rng.shuffle(deck)
        size = rng.randint(1, 8)
        hand = sum(1 << i for i in deck[:size])
        trick = deck[size:size + rng.randint(0, players - 1)]
        result.append((hand, trick, rng.randrange(4), rules.play, rules.partnerships))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    cases = positions(args.positions, args.seed)

    def per_call(fn: object) -> float:
        samples = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            fn()  # type: ignore[operator]
            samples.append((time.perf_counter() - start) / len(cases) * 1e6)
        return statistics.median(samples)

    def raw() -> None:
        for hand, trick, trump, play, partners in cases:
            legal_mask(hand, trick, trump, play, partners)  # type: ignore[arg-type]

    typed_cases = [
        (CardSet.from_mask(h), [CARDS[i] for i in t], tr, p, pa) for h, t, tr, p, pa in cases
    ]

    def typed() -> None:
        for hand, trick, trump, play, partners in typed_cases:
            legal_plays(hand, trick, trump, play, partners)  # type: ignore[arg-type]

    print(f"legal_mask:  {per_call(raw):.3f} µs per call (median of {args.repeat} runs "
          f"over {len(cases)} random positions)")
    print(f"legal_plays: {per_call(typed):.3f} µs per call (typed values in and out)")


if __name__ == "__main__":
    main()
