"""What the bidding analysis adds to ``belote analyze``: the cards alone, then the bids too.

Run: ``python benchmarks/analyze.py [VARIANT] [--deals N] [--seed S] [--players P]``.

Plays ``N`` deals with the heuristic bots (as ``belote simulate --records``
does, redeals included), then analyses each one twice in this process: the
cards only (``analyze(deal, bidding=False)``) and the cards and bids
(``analyze(deal)``). Prints the wall time of each, per deal, and how many
decisions lost points. There is no budget: the bidding's cost is one
null-window question per other decision and one full solve per decision
that was worth less than another, so it depends on how often the bots bid
in the second round or pass into a redeal.
"""

from __future__ import annotations

import argparse
import io
import json
import time

from belote.experiments.simulate import simulate
from belote.records.replay import deal_from_record
from belote.rules import get_rules
from belote.solver.analyze import analyze


def main() -> None:
    """Time both analyses over the same deals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("variant", nargs="?", default="classic")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int, default=None)
    options = parser.parse_args()

    records = io.StringIO()
    rules = get_rules(options.variant)
    simulate(rules, options.deals, options.seed, options.players, "heuristic", None, records)
    deals = [deal_from_record(json.loads(line)) for line in records.getvalue().splitlines()]
    start = time.perf_counter()
    for deal in deals:
        analyze(deal, bidding=False)
    cards = time.perf_counter() - start
    start = time.perf_counter()
    costly = decisions = 0
    for deal in deals:
        bids = analyze(deal).bids or ()
        decisions += len(bids)
        costly += sum(1 for bid in bids if bid.loss)
    both = time.perf_counter() - start
    n = len(deals)
    print(f"analyze {options.variant}: {n} deals ({n - options.deals} redeals), "
          f"cards only {cards:.1f} s ({cards / n:.2f} s a deal), "
          f"cards and bids {both:.1f} s ({both / n:.2f} s a deal); "
          f"{decisions} decisions, {costly} lost points")


if __name__ == "__main__":
    main()
