"""How a bot bids contrée under one reading of the scoring against the default: contract value, coinche and surcoinche rates.

Run: ``nice python benchmarks/bidding.py [--bot SPEC] [--decks N] [--seed S] [--base SPEC] [--rules SPEC]``.

The four seats are the bot ``SPEC`` (default ``eval:time_budget=none``, so the
figures depend only on the seeds); each of ``N`` seeded decks (default 100)
is bid to the end of its auction, no card played
([`auctions`][belote.experiments.bidding.auctions]), under ``--base``
(default ``contree``) and under ``--rules`` (default
``contree(contract.scoring=bid-only)``; a strain auction too:
``--base bulgarian --rules "bulgarian(auction.coinche_multiplier=16)"``).
Prints per rule set the mean contract value (0 for a deck nobody bid, and in
a strain auction), the coinche (double) and surcoinche (redouble) rates, the
shares played in no-trumps and all-trumps, then the paired shifts with their 95% intervals
([`bidding_shift`][belote.experiments.bidding.bidding_shift]).
"""

from __future__ import annotations

import argparse
import time

from belote.experiments.bidding import auctions, bidding_shift
from belote.rules import get_rules, rules_from_spec


def main() -> None:
    """Parse the options, bid the decks under both rule sets, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="eval:time_budget=none")
    parser.add_argument("--decks", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", default="contree")
    parser.add_argument("--rules", default="contree(contract.scoring=bid-only)")
    args = parser.parse_args()
    found = {}
    for label, rules in ((args.base, get_rules(args.base)), (args.rules, rules_from_spec(args.rules))):
        start = time.perf_counter()
        found[label] = got = auctions(rules, [args.bot] * 4, args.decks, seed=args.seed)
        n = len(got)
        print(f"{label}: mean contract value {sum(a.value for a in got) / n:.1f}, "
              f"coinched {sum(a.coinched for a in got)}/{n}, "
              f"surcoinched {sum(a.surcoinched for a in got)}/{n}, "
              f"no-trumps {sum(a.strain == 4 for a in got)}/{n}, "
              f"all-trumps {sum(a.strain == 5 for a in got)}/{n}, "
              f"passed out {sum(a.strain < 0 for a in got)}/{n} "
              f"({time.perf_counter() - start:.0f} s)")
    before, after = found.values()
    for name, effect in bidding_shift(before, after).items():
        print(f"shift of {name}: {effect.value:+.4f} [{effect.low:+.4f}, {effect.high:+.4f}]")


if __name__ == "__main__":
    main()
