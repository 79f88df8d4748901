"""Time per decision of the PIMC bot ([`PIMCBot`][belote.agents.pimc.PIMCBot]), by decision kind.

Run: ``nice python benchmarks/pimc.py [--deals N] [--seed S] [--table NAME[:PLAYERS]]...
[--bot SPEC] [--clock wall|cpu]``.

For each table (default: classic, piedicavallo, italian751, french with 2 and 3
players) and each of ``N`` seeded deals (default 20, ``Deal.random(variant,
seed=S + i)``), the PIMC bot (``--bot``, default ``pimc``: the defaults, time
budget included) sits on side 0 (seats 0 and 2 at four players, seat 0
otherwise) and the [`HeuristicBot`][belote.agents.HeuristicBot] everywhere else.
Every decision of the PIMC seats is timed, grouped by kind:

- ``bid``: a bid (either round);
- ``swap``: the seven swap (swap or keep);
- ``declare``: a declaration decision (declare, or play without declaring);
- ``card``: a card to play with a choice of two cards or more;
- ``other``: the rest (a single legal card, calling out);
- ``all``: every decision.

Prints the count, median, 95th percentile and slowest time of each, in
seconds. The machine may be shared: run it under ``nice`` and read the
figures as upper bounds (``--clock cpu`` times the process's CPU instead; the
bot's own budget is always wall-clock time).

The first line says which core runs (``core: compiled, mypyc X`` or
``core: pure Python``, docs/compiled.md): the compiled core, which
``pip install .`` builds, is about twice as fast; run a clone's sources with
``PYTHONPATH=src`` for the pure one.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from belote.actions import Action, Verb
from belote.agents import HeuristicBot, play_deal
from belote.agents.registry import make_bot
from belote.buildinfo import core
from belote.deal import Deal, Observation, Phase

TABLES = ("classic", "piedicavallo", "italian751", "french:2", "french:3", "contree")
KINDS = ("bid", "swap", "declare", "card", "other", "all")
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def table_of(text: str) -> tuple[str, int | None]:
    name, _, players = text.partition(":")
    return name, int(players) if players else None


def kind_of(observation: Observation, legal: Sequence[Action]) -> str:
    """The kind of a decision, from its legal actions."""
    verbs = {action.verb for action in legal}
    if observation.phase in (Phase.BIDDING_1, Phase.BIDDING_2, Phase.AUCTION):
        return "bid"
    if verbs & {Verb.SWAP, Verb.KEEP}:
        return "swap"
    if Verb.DECLARE in verbs:
        return "declare"
    cards = {action.cards[0] for action in legal if action.verb is Verb.PLAY}
    return "card" if len(cards) > 1 else "other"


class Timed:
    """An agent that times the decisions of the agent it wraps, by kind."""

    def __init__(self, agent: object, times: dict[str, list[float]], clock: str) -> None:
        self.agent = agent
        self.times = times
        self.clock = CLOCKS[clock]

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        kind = kind_of(observation, legal)
        begin = self.clock()
        action: Action = self.agent.choose(observation, legal)  # type: ignore[attr-defined]
        spent = self.clock() - begin
        self.times[kind].append(spent)
        self.times["all"].append(spent)
        return action


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(tables: list[str], deals: int, seed: int, spec: str, clock: str) -> None:
    print(f"bot: {spec}")
    print(f"{'table':<14} {'kind':<8} {'count':>6} {'median s':>9} {'p95 s':>9} {'max s':>9}")
    for text in tables:
        variant, players = table_of(text)
        times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        for k in range(deals):
            deal = Deal.random(variant, seed=seed + k, players=players)
            n = deal.players
            bots = [
                Timed(make_bot(spec), times, clock) if deal.side(seat) == 0 else HeuristicBot()
                for seat in range(n)
            ]
            play_deal(deal, bots)  # type: ignore[arg-type]
        for kind in KINDS:
            values = times[kind]
            if values:
                print(
                    f"{text:<14} {kind:<8} {len(values):>6} {statistics.median(values):>9.4f} "
                    f"{percentile(values, 0.95):>9.4f} {max(values):>9.4f}",
                    flush=True,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--table", action="append", help="NAME or NAME:PLAYERS (repeatable)")
    parser.add_argument("--bot", default="pimc", help="the PIMC bot's spec (default: pimc)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args()
    print(f"core: {core()}")  # compiled or pure (docs/compiled.md)
    bench(args.table or list(TABLES), args.deals, args.seed, args.bot, args.clock)


if __name__ == "__main__":
    main()
