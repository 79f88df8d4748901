"""Measure what the strategies draw and how fast they kill the mutant scorers (docs/testing.md).

Not a test: the numbers of docs/testing.md's tables, printed as Markdown rows::

    PYTHONPATH=src python tests/strategy_report.py [examples] [runs]

Each variant draws ``examples`` tallies (300) derandomized for the frequencies;
for the mutants, ``runs`` (4) runs of 200 tallies, the first with the seed of
tests/test_strategy_coverage.py, the others random, report the slowest kill.
"""

from __future__ import annotations

import sys
from collections import Counter

from hypothesis import HealthCheck, given, seed, settings

from belote.deal import Deal
from belote.rules import get_rules
from belote.scoring import Tally, score_tally
from belote.strategies import played_deals, tallies
from belote.strategies.mutants import mutants

VARIANTS = ("classic", "piedicavallo", "french", "italian751", "contree", "bulgarian")
KILL_SEED = 51  # tests/test_strategy_coverage.py


def frequencies(name: str, examples: int) -> Counter[str]:
    rules = get_rules(name)
    seen: Counter[str] = Counter()

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(name))
    def count(tally: Tally) -> None:
        seen["tallies"] += 1
        result = score_tally(tally, rules)
        seen[result.outcome.value] += 1
        seen["belote"] += tally.belote is not None or bool(tally.belotes)
        seen["declarations"] += bool(tally.announcements)
        seen["capot"] += result.capot is not None
        seen["stopped"] += tally.stopped_by is not None
        contract = tally.contract
        if contract is not None:
            seen[f"level {contract.doubling}"] += 1
            if rules.strain_auction:
                seen[f"strain {contract.strain}"] += 1
            else:
                seen[f"value {'capot' if contract.value is None else contract.value}"] += 1

    count()
    return seen


def first_finds(name: str, derandomize: bool) -> dict[str, int]:
    """For each mutant found in one run of 200 tallies, the example that first showed it."""
    first: dict[str, int] = {}
    drawn = [0]
    alive = list(mutants(name))

    @settings(max_examples=200, deadline=None, derandomize=derandomize, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(played_deals(name).filter(lambda deal: deal.tally() is not None))  # tallies(name)'s draws
    def hunt(deal: Deal) -> None:
        drawn[0] += 1
        tally = deal.tally()
        assert tally is not None
        for mutant in [m for m in alive if m.differs(tally, deal.pending)]:
            first[mutant.name] = drawn[0]
            alive.remove(mutant)

    (seed(KILL_SEED)(hunt) if derandomize else hunt)()  # the test's seed, else a random one
    return first


def slowest_kills(name: str, runs: int) -> dict[str, int | None]:
    slowest: dict[str, int | None] = {m.name: 0 for m in mutants(name)}
    for run in range(runs):
        first = first_finds(name, derandomize=run == 0)
        for key, worst in slowest.items():
            found = first.get(key)
            slowest[key] = None if found is None or worst is None else max(worst, found)
    return slowest


def main() -> None:
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    for name in VARIANTS:
        seen = frequencies(name, examples)
        total = seen.pop("tallies")
        shown = ", ".join(f"{key} {100 * count // total}%" for key, count in sorted(seen.items()) if count)
        print(f"| `{name}` | {total} | {shown} |")
    for name in VARIANTS:  # docs/testing.md#mutant-scorers' columns
        kills = slowest_kills(name, runs)
        found = sum(value is not None for value in kills.values())
        names = ", ".join(f"`{key}` {'–' if value is None else value}" for key, value in kills.items())
        print(f"| `{name}` | {len(kills)} | {found}/{len(kills)} | {names} |")


if __name__ == "__main__":
    main()
