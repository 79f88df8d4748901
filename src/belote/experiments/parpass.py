"""The par pass of ``belote compare --par``: the bots' bidding on each deck, then perfect play.

[`par_pass`][belote.experiments.parpass.par_pass] plays the first decks of a
comparison out with the solver after the bots' bidding
([`par_deal`][belote.solver.par.par_deal]), in chunks an executor runs, for
[`Comparison.par`][belote.experiments.compare.Comparison] beside the bots'
figures on the same decks.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Final

import attrs

from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.experiments.parallel import chunk_size, chunks, ordered_map
from belote.experiments.simulate import BotSpec, Progress, bots_for, play_dealing
from belote.experiments.stats import Accumulator, PairedSums
from belote.rules import Rules
from belote.rules.checks import instance, sequence, whole

__all__ = ["PAR_CHUNK", "PAR_COST", "checked_table", "par_decks", "par_pass"]

PAR_COST: Final = 3000.0
"""A par deck's first guess of cost in simulated deals, for the progress bar until one is timed."""

PAR_CHUNK: Final = 4
"""Decks per chunk of the par pass (each deck is solved: about a second of work)."""


def checked_table(table: object) -> list[tuple[Rules, int]]:
    """``table``, checked: a tuple or list of ``(rules, players)`` pairs.

    Raises:
        InvalidArgumentType: anything else.
        InvalidArgument: a player count out of 2..8.
    """
    rows = [sequence(row, "table") for row in sequence(table, "table")]
    if any(len(row) != 2 for row in rows):
        raise InvalidArgumentType("table: expected (rules, players) pairs")
    return [(instance(rules, Rules, "table"), whole(n, "table", 2, 8)) for rules, n in rows]


def par_decks(par: int, deals: int, table: Sequence[tuple[Rules, int]]) -> int:
    """How many decks the par pass plays: ``par``, at most ``deals``.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a bad count, or a table of more than two sides.
    """
    if isinstance(par, bool) or not isinstance(par, int) or par < 0:
        raise InvalidArgument(f"par must be a whole number, not {par!r}")
    deals = whole(deals, "deals", 0)
    if par:
        for rules, n in checked_table(table):
            if rules.side_count(n) != 2:
                raise InvalidArgument(
                    f"par figures need two sides; {rules.name} with {n} players has {n}"
                )
    return min(par, deals)


@attrs.frozen
class _ParTask:
    rules: Rules
    players: int
    seed: int
    start: int
    stop: int
    bots: BotSpec


def _run_par_task(task: _ParTask) -> tuple[Accumulator, Accumulator]:
    """A chunk of the par pass: (the bots' statistics, perfect play's) on its decks."""
    from belote.solver.par import par_deal

    rules, players = task.rules, task.players
    bots = bots_for(task.bots, players)
    partners = rules.partnerships and players == 4
    sides = rules.side_count(players)
    by_bots, perfect = Accumulator(sides), Accumulator(sides)
    for index in range(task.start, task.stop):
        deal, result, redeals = play_dealing(rules, players, task.seed, index, bots, None)
        by_bots.redeals += redeals
        by_bots.add(deal, result, partners)
        played, par_result, _ = par_deal(deal)
        perfect.redeals += redeals
        perfect.add(played, par_result, partners)
    return by_bots, perfect


def par_pass(
    table: Sequence[tuple[Rules, int]], seed: int, count: int, bots: BotSpec,
    executor: Executor | None, bar: Progress | None,
    paired: Sequence[PairedSums] | None = None,
) -> list[tuple[Accumulator, Accumulator]]:
    """The par statistics of each variant on decks ``0 .. count - 1``, chunk by chunk in order.

    ``paired``: one [`PairedSums`][belote.experiments.stats.PairedSums] per variant, given
    perfect play minus the bots deck by deck.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    table = checked_table(table)
    seed, count = whole(seed, "seed"), whole(count, "count", 0)
    if executor is not None:
        instance(executor, Executor, "executor")
    if bar is not None and not callable(getattr(bar, "step", None)):
        raise InvalidArgumentType(f"bar: expected a progress counter or None, got {shown(bar)}")
    if paired is not None and len(sequence(paired, "paired")) != len(table):
        raise InvalidArgument("paired: expected one PairedSums per row of the table")
    accs = [(Accumulator(2), Accumulator(2)) for _ in table]
    if not count:
        return accs
    size = chunk_size(count, executor, PAR_CHUNK)
    tasks = (_ParTask(rules, n, seed, a, b, bots)
             for a, b in chunks(count, size) for rules, n in table)
    for k, (by_bots, perfect) in enumerate(ordered_map(_run_par_task, tasks, executor)):
        accs[k % len(table)][0].merge(by_bots, False)
        accs[k % len(table)][1].merge(perfect, False)
        if paired is not None:
            paired[k % len(table)].add(by_bots.rows, perfect.rows)
        if bar is not None:
            bar.step(by_bots.deals, 2)
    return accs

