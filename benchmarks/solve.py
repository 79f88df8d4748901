"""Speed of the double-dummy solver ([`belote.solver`][belote.solver]).

Run: ``nice python benchmarks/solve.py [--deals N] [--seed S] [--table NAME[:PLAYERS]]...
[--only full,value,contract,left4] [--clock wall|cpu] [--mode any|suit|NT|AT]
[--regression PATH]``.

For each table (default: classic, piedicavallo, italian751, french with 2 and 3
players) and each of ``N`` seeded deals (default 200), the first seat in turn
takes the turned suit (or names the first suit it may in round 2), then:

- ``full``: ``solve(deal)`` from the first lead: the exact value and the value
  of every legal card;
- ``value``: ``solve(deal, every_card=False)`` from the first lead: the exact
  value and the principal line (what par results need);
- ``contract``: ``makes_contract(deal)`` from the first lead (for ``french``,
  which has no contract, ``solve(deal, target=0)``);
- ``left4``: ``solve(deal)`` with four tricks left, after random legal play.

``--mode`` (a strain auction, ``bulgarian``): ``any`` (the default) lets the
heuristic bots bid; ``suit``, ``NT`` or ``AT`` has the first seat bid that
mode (``suit``: its longest suit of the five cards dealt before the auction,
the lowest suit on a tie) and the others pass, so that each mode is timed
on its own. ``--mode AT --table bulgarian`` prints the table as
``bulgarian/AT``; other tables ignore ``--mode``.

Prints the median, 95th percentile and slowest of each, in seconds. The machine may be
shared: run it under ``nice`` and read the figures as upper bounds, or time
with ``--clock cpu`` (the CPU time of the process, which waiting for a core
does not count). A full
``french`` deal with three players takes about a second at the median
compiled (1.18 s on 200 deals, the slowest 13.9 s; about three times as
long pure, docs/solver.md).

``--regression PATH`` instead writes the regression file of the tests: ten
deals and their solutions, each cross-checked by a brute-force minimax from
four tricks before the end of the principal line. The deals are full, from
the first lead, except those of ``french`` with 3 players, which start three
tricks in (chosen when a full three-player deal took minutes; the file is kept
as it was written).

The first line says which core runs (``core: compiled, mypyc X`` or
``core: pure Python``, docs/compiled.md): the compiled core, which
``pip install .`` builds, is about three times as fast; run a clone's sources
with ``PYTHONPATH=src`` for the pure one. Measured on two shared cores
(CPython 3.11, ``--clock cpu``, 200 deals, ``--only full``): compiled medians
0.041 s (classic), 0.039 s (piedicavallo), 0.029 s (italian751), 0.043 s
(contree), 95th percentiles 0.16 to 0.25 s; pure 0.18 s (classic, 30 deals,
before the search passed the hands as one int). A search call
(``node`` or ``minimax``; 8.1 million in thirty classic deals) costs about
1.5 us pure and 0.18 us compiled, measured in one run on a heavily shared
machine (docs/solver.md, "The cost of a node"). To compare with another
commit in the same run, deal by deal, use ``benchmarks/against.py REV``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from belote.actions import ID_BID_STRAIN, ID_PASS, Strain
from belote.agents import HeuristicBot
from belote.buildinfo import core
from belote.deal import Deal, Phase
from belote.solver.solution import makes_contract, solve

TABLES = ("classic", "piedicavallo", "italian751", "french:2", "french:3")


def table_of(text: str) -> tuple[str, int | None]:
    name, _, players = text.partition(":")
    return name, int(players) if players else None


MODES = {"NT": int(Strain.NO_TRUMP), "AT": int(Strain.ALL_TRUMP)}
mode = "any"


def bid_first(deal: Deal) -> None:
    """The first seat that can take does: the turned suit, else the first suit it may name.

    The holder of the 7 of trump keeps it (no swap), as before the swap was a decision.
    In a contract auction (contree) the heuristic bots bid (a deal they all pass is skipped).
    In a strain auction with ``--mode`` other than ``any``, the first seat bids the mode
    and the others pass.
    """
    if deal.rules.strain_auction and mode != "any":
        hand = deal.hand_mask(deal.to_act or 0)
        if mode == "suit":
            strain = max(range(4), key=lambda suit: ((hand >> (8 * suit) & 0xFF).bit_count(), -suit))
        else:
            strain = MODES[mode]
        deal.apply_id(ID_BID_STRAIN + strain)
        while deal.phase is Phase.AUCTION:
            deal.apply_id(ID_PASS)
        return
    if deal.rules.has_auction:
        bot = HeuristicBot()
        while deal.phase is Phase.AUCTION:
            deal.apply_id(bot.choose_id(deal.seat_view(deal.to_act or 0)))
        return
    while deal.legal_bids():
        deal.bid(*deal.legal_bids()[0])
    if deal.swap_seat() is not None:
        deal.keep()


def start(variant: str, players: int | None, seed: int) -> Deal | None:
    deal = Deal.random(variant, seed=seed, players=players)
    bid_first(deal)
    return None if deal.is_over else deal


def played_to(deal: Deal, left: int, rng: random.Random) -> Deal:
    deal = deal.copy()
    while deal.tricks_per_deal - deal.tricks_played > left:
        cards = deal.legal_play_cards()
        card = cards[rng.randrange(len(cards))]
        deal.play_card(card, belote=deal.can_announce_belote(card))
    return deal


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter


def timed(run: Callable[[Deal], object], deal: Deal) -> float:
    begin = clock()
    run(deal)
    return clock() - begin


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def value_query(deal: Deal) -> int:
    return solve(deal, every_card=False).value


def contract_query(deal: Deal) -> bool:
    if deal.rules.has_contract and deal.sides == 2:
        return makes_contract(deal)
    return solve(deal, target=0)


def bench(tables: list[str], deals: int, seed: int, only: set[str]) -> None:
    print(f"{'table':<14} {'query':<9} {'deals':>5} {'median s':>9} {'p95 s':>9} {'max s':>9}")
    for text in tables:
        variant, players = table_of(text)
        if mode != "any" and Deal.random(variant, seed=0).rules.strain_auction:
            text = f"{text}/{mode}"
        times: dict[str, list[float]] = {"full": [], "value": [], "contract": [], "left4": []}
        rng = random.Random(seed)
        for k in range(deals):
            deal = start(variant, players, seed + k)
            if deal is None:
                continue
            if "full" in only:
                times["full"].append(timed(solve, deal))
            if "value" in only:
                times["value"].append(timed(value_query, deal))
            if "contract" in only:
                times["contract"].append(timed(contract_query, deal))
            if "left4" in only:
                late = played_to(deal, 4, rng)
                times["left4"].append(timed(solve, late))
        for query, values in times.items():
            if values:
                print(
                    f"{text:<14} {query:<9} {len(values):>5} "
                    f"{statistics.median(values):>9.4f} {percentile(values, 0.95):>9.4f} "
                    f"{max(values):>9.4f}",
                    flush=True,
                )


def brute(deal: Deal, side: int) -> int:
    """Plain minimax through the engine, as in the tests."""
    if deal.is_over:
        scores = deal.result.scores
        return scores[side] - max(s for k, s in enumerate(scores) if k != side)
    values = []
    for card in deal.legal_play_cards():
        child = deal.copy()
        child.play_card(card, belote=child.can_announce_belote(card))
        values.append(brute(child, side))
    to_act = deal.to_act
    assert to_act is not None
    return max(values) if deal.side(to_act) == side else min(values)


def regression(path: Path, seed: int) -> None:
    entries = []
    for k, text in enumerate(TABLES * 2):
        variant, players = table_of(text)
        s = seed + k
        deal = start(variant, players, s)
        while deal is None:
            s += 1000
            deal = start(variant, players, s)
        if deal.sides > 2:
            # Three players: full deals take too long for a test; start three tricks in.
            deal = played_to(deal, deal.tricks_per_deal - 3, random.Random(s))
        record = deal.to_record()
        solution = solve(deal)
        late = deal.copy()
        n = deal.players
        for card in solution.line[: len(solution.line) - 4 * n]:
            late.play_card(card.index, belote=late.can_announce_belote(card.index))
        check = brute(late, solution.side)
        if check != solution.value:
            raise SystemExit(f"{text} seed {s}: brute force {check} != solver {solution.value}")
        entries.append(
            {
                "variant": variant,
                "players": deal.players,
                "seed": s,
                "dealer": record["dealer"],
                "deck": record["deck"],
                "actions": record["actions"],
                "value": solution.value,
                "card_values": {str(c): v for c, v in solution.card_values.items()},
                "line": [str(c) for c in solution.line],
            }
        )
        print(f"{text} seed {s}: value {solution.value} (brute force from 4 tricks left agrees)",
              flush=True)
    path.write_text(json.dumps({"deals": entries}, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="append", help="NAME or NAME:PLAYERS (repeatable)")
    parser.add_argument("--only", default="full,value,contract,left4")
    parser.add_argument("--regression", type=Path)
    parser.add_argument("--mode", choices=["any", "suit", *MODES], default="any",
                        help="a strain auction's mode: the first seat bids it, the others pass")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall-clock time, or the CPU time of this process (steadier "
                        "on a machine shared with other jobs)")
    args = parser.parse_args()
    print(f"core: {core()}")  # compiled or pure (docs/compiled.md)
    global clock, mode
    clock = CLOCKS[args.clock]
    mode = args.mode
    if args.regression:
        regression(args.regression, args.seed)
        return
    bench(args.table or list(TABLES), args.deals, args.seed, set(args.only.split(",")))


if __name__ == "__main__":
    main()
