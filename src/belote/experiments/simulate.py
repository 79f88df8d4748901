"""Simulation and variant comparison: bots play many deals, statistics come out.

[`simulate`][belote.experiments.simulate.simulate] plays ``deals`` independent deals of one variant;
[`compare`][belote.experiments.compare.compare] plays the same decks and dealers under several variants and
puts the statistics side by side, with matches played from one deck stream
to each variant's target.

Every deal depends only on ``(seed, i)``: deal ``i`` starts from
``random.Random(f"{seed}:{i}")``, which shuffles its deck, picks its dealer
and then feeds the bots. When everyone passes, the next dealer redeals from
``random.Random(f"{seed}:{i}:{r}")`` (the ``r``-th redeal); redeals do not
count toward ``deals``. So chunks of deals can run in any process, in any
order, and the output is the same byte for byte (docs/cli.md#conventions).

>>> stats = simulate("classic", deals=20, seed=1, bots="random")
>>> stats.deals, sum(stats.outcomes.values())
(20, 20)
>>> stats == simulate("classic", deals=20, seed=1, bots="random")
True
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Final, TextIO

import attrs

from belote.agents import play_deal, start_deal
from belote.agents.bots import Player, make_bots
from belote.agents.guard import BotLimits
from belote.deal import Deal
from belote.errors import InvalidArgument
from belote.experiments.parallel import chunk_size, chunks, ordered_map
from belote.experiments.playing import (
    INLINE_RANDRANGE,
    MAX_REDEALS,
    deal_seed,
    play_chunk,
    play_dealing,
    randrange_fast,
)
from belote.experiments.stats import (
    Accumulator,
    AnnouncementStats,
    SimulationStats,
    simulation_stats,
)
from belote.game import next_dealer
from belote.rules import Rules, get_rules
from belote.rules.checks import instance, iterable, whole
from belote.scoring import Outcome
from belote.scoring.match import Match

__all__ = [
    "CHUNK",
    "INLINE_RANDRANGE",
    "MAX_MATCH_DEALS",
    "MAX_REDEALS",
    "AnnouncementStats",
    "BotSpec",
    "Fallbacks",
    "Progress",
    "SimulationStats",
    "Task",
    "bots_for",
    "bots_name",
    "check_table",
    "chunk_for",
    "deal_seed",
    "play_dealing",
    "play_match_to_target",
    "randrange_fast",
    "run_task",
    "run_tasks",
    "simulate",
]

MAX_MATCH_DEALS: Final = 500
"""Deals after which a simulated match is abandoned without a winner."""
CHUNK: Final = 1000
"""Deals per chunk handed to an executor (the output does not depend on it).

About 0.1 to 0.2 s of work with random bots, 0.3 to 0.6 s with heuristic
ones: a chunk costs 1 to 2 ms on a dask cluster and well under 1 ms on a
process pool (measured by ``benchmarks/cluster.py``), so the overhead stays
near 1% while a chunk's records stay small. A short run on several workers is
cut finer ([`chunk_size`][belote.experiments.parallel.chunk_size]); see the docs page
"Running on a cluster"."""

BotSpec = str | Sequence[Player]
"""Which bots play: ``"random"``, ``"heuristic"``, or one [`Player`][belote.agents.bots.Player] per seat."""

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_REDEAL: Final = Outcome.REDEAL


# --- playing ------------------------------------------------------------------------------


def bots_for(spec: BotSpec, players: int, limits: BotLimits | None = None) -> list[Player]:
    """One fresh agent per seat from a bot spec (or the agents given, checked to be one per seat).

    ``limits``: how long a decision of a bot named by a spec may take.

    Raises:
        InvalidArgumentType: ``spec`` neither text nor agents, ``players`` not a whole number.
        InvalidArgument: not one agent per seat.
    """
    if isinstance(spec, str):
        return make_bots(spec, players, limits)
    iterable(spec, "bots")
    bots = list(spec)
    players = whole(players, "players", 1)
    if len(bots) != players:
        raise InvalidArgument(f"{players} players need {players} bots, not {len(bots)}")
    return bots


def bots_name(spec: BotSpec) -> str:
    """The bots' name for the statistics: the spec, or the agents' class names."""
    if isinstance(spec, str):
        from belote.agents.registry import make_bot

        make_bot(spec, seat=0)  # any bot spec; a bad one is refused here, naming it
        return spec
    return "custom"


@attrs.frozen
class Task:
    """A chunk of a simulation: deals ``start`` to ``stop - 1`` (or matches), picklable for a worker."""
    rules: Rules | str
    players: int
    seed: int
    start: int
    stop: int
    bots: BotSpec
    records: bool
    matches: bool = False
    limits: BotLimits | None = None


TaskResult = tuple[Accumulator, list[str] | None, list[tuple[int, int]], tuple[int, str | None]]
"""A chunk's statistics, records, matches (length, winner) and fallbacks (count, last reason)."""


@attrs.define
class Fallbacks:
    """Decisions a fallback bot took because an engine failed (an ``engine:`` spec with ``fallback=``).

    Attributes:
        count: how many, over the whole run.
        reason: the last failure, in words, or ``None``.
    """

    count: int = 0
    reason: str | None = None

    def add(self, count: int, reason: str | None) -> None:
        """Count a chunk's fallbacks."""
        self.count += count
        if count and reason:
            self.reason = reason

    def text(self) -> str:
        """The report line (empty when no fallback took a decision)."""
        if not self.count:
            return ""
        return (f"engine failures, decisions taken by the fallback bot: {self.count}"
                + (f" (last: {self.reason})" if self.reason else "") + "\n")

    def to_json(self) -> dict[str, object]:
        """``{"count": ..., "reason": ...}``."""
        return {"count": self.count, "reason": self.reason}


def _fallbacks(bots: Sequence[object]) -> tuple[int, str | None]:
    """The decisions the fallbacks of ``bots`` took, and the last failure behind them."""
    count, reason = 0, None
    for bot in bots:
        taken = getattr(bot, "fallbacks", 0)
        if type(taken) is int and taken:
            count += taken
            reason = getattr(bot, "last_error", None) or reason
    return count, reason


def run_task(task: Task) -> TaskResult:
    """Play a chunk of deals (or of matches); the worker of every executor.

    Raises:
        InvalidArgumentType: ``task`` is not a ``Task``.
    """
    rules = get_rules(instance(task, Task, "task").rules)
    players = task.players
    bots = bots_for(task.bots, players, task.limits)
    if task.matches:
        played = [play_match_to_target(rules, players, task.seed, m, bots)
                  for m in range(task.start, task.stop)]
        return Accumulator(0), None, played, _fallbacks(bots)
    acc = Accumulator(rules.side_count(players))
    records: list[str] | None = [] if task.records else None
    play_chunk(acc, rules, players, task.seed, task.start, task.stop, bots, records)
    return acc, records, [], _fallbacks(bots)


def play_match_to_target(
    rules: Rules, players: int, seed: int, number: int, bots: Sequence[Player]
) -> tuple[int, int]:
    """Match ``number`` to the variant's target: (played deals, winner or -1)."""
    decks = random.Random(f"{seed}:match:{number}")
    rng = random.Random(f"{seed}:match:{number}:bots")
    match = Match(rules, None, players)
    dealer = decks.randrange(players)
    played = 0
    for _ in range(MAX_MATCH_DEALS):
        deck = list(range(32))
        decks.shuffle(deck)
        deal = Deal(rules, deck, dealer, players, totals=match.totals, target=match.target,
                    pending=match.pending)
        start_deal(bots, rng)
        result = play_deal(deal, bots)
        if result.outcome is not _REDEAL:
            played += 1
        match.add(result)
        if match.is_over:
            assert match.winner is not None
            return played, match.winner
        dealer = next_dealer(rules, players, dealer, result, deal.deck)
    return played, -1


class Progress:
    """A one-line progress bar with an estimated time left, on standard error, only when it is a terminal.

    Work comes in stages run one after the other: ``total`` units of the
    first (deals, say), then the ``stages`` given as ``(units, cost)``, each
    unit reckoned ``cost`` first-stage units (a match of a dozen deals, a
    deck the solver plays out) until that stage's first units are done and
    timed. The share shown and the time left weigh every stage by its
    measured time per unit.

    Args:
        label: the bar's name.
        total: the units of the first stage.
        stream: where the bar goes (default: standard error).
        stages: the later stages, ``(units, first guess of a unit's cost)``.
        clock: the clock in seconds (a test passes its own).
    """

    def __init__(
        self,
        label: str,
        total: int,
        stream: TextIO | None = None,
        *,
        stages: Sequence[tuple[int, float]] = (),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.units = [total, *(units for units, _ in stages)]
        self.costs = [1.0, *(cost for _, cost in stages)]
        self.counts = [0] * len(self.units)
        isatty = getattr(self.stream, "isatty", None)
        self.active = bool(isatty and isatty()) and sum(self.units) > 0
        self.label = label
        self.clock = clock
        self.starts: list[float | None] = [clock(), *([None] * len(stages))]
        self.stage = 0

    WIDTH: Final = 30
    """Characters of the bar itself."""

    @property
    def done(self) -> int:
        """Units done, every stage together."""
        return sum(self.counts)

    @property
    def total(self) -> int:
        """Units in all, every stage together."""
        return sum(self.units)

    @total.setter
    def total(self, units: int) -> None:
        """Change the first stage's units (once the work turns out larger or smaller)."""
        self.units[0] = units - sum(self.units[1:])

    def start_stage(self, stage: int) -> None:
        """Stage ``stage`` begins now (the ones before it are over)."""
        if self.stage < stage:
            now = self.clock()
            for k in range(self.stage + 1, stage + 1):
                self.starts[k] = now
            self.stage = stage

    def _spent(self, k: int, now: float) -> float:
        start = self.starts[k]
        if start is None:
            return 0.0
        if k < self.stage:
            after = next(s for s in self.starts[k + 1:] if s is not None)
            return after - start
        return now - start

    def seconds_left(self) -> float | None:
        """The estimated seconds of work left, ``None`` before anything is timed."""
        now = self.clock()
        base = self._spent(0, now) / self.counts[0] if self.counts[0] else None
        left = 0.0
        for k, (units, done) in enumerate(zip(self.units, self.counts, strict=True)):
            if units <= done:
                continue
            if done:
                per_unit = self._spent(k, now) / done
            elif base is not None:
                per_unit = base * self.costs[k]
            else:
                return None
            left += per_unit * (units - done)
        return left

    def fraction(self) -> float:
        """The share of the work done, by time (0 to 1)."""
        if self.stage == 0:  # by units, the later stages at their first guesses
            work = sum(u * c for u, c in zip(self.units, self.costs, strict=True))
            return self.counts[0] / work if work else 1.0
        left = self.seconds_left()
        spent = self.clock() - (self.starts[0] or 0.0)
        if left is None or spent + left <= 0:  # pragma: no cover (a stage underway is timed)
            return 0.0
        return min(1.0, spent / (spent + left))

    def line(self) -> str:
        """The bar as shown: ``label [#####.....]  50% (done/total) 1m05s left``."""
        done, total = self.done, self.total
        share = self.fraction() if total else 1.0
        filled = min(self.WIDTH, int(self.WIDTH * share))
        bar = "#" * filled + "." * (self.WIDTH - filled)
        left = self.seconds_left()
        eta = "" if left is None or done >= total else f" {_duration(left)} left"
        return f"{self.label} [{bar}] {int(100 * share):>3}% ({done}/{total}){eta}"

    def step(self, count: int, stage: int = 0) -> None:
        """Count ``count`` more units of ``stage`` done and redraw the bar."""
        if not self.active or not count:
            return
        self.start_stage(stage)
        self.counts[stage] += count
        self.stream.write("\r" + self.line() + "  ")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.active and self.done:
            self.stream.write("\r" + " " * (len(self.line()) + 2) + "\r")
            self.stream.flush()


def _duration(seconds: float) -> str:
    """``42s``, ``3m05s``, ``1h02m``.

    >>> _duration(42.4), _duration(185), _duration(3725)
    ('42s', '3m05s', '1h02m')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


def run_tasks(
    tasks: Iterable[Task], executor: Executor | None, progress: Progress | None,
    match_stage: int = 0,
) -> Iterator[TaskResult]:
    """Run tasks in order, in this process or on ``executor``; results in task order.

    ``progress`` counts the deals in its first stage and the matches in its
    stage ``match_stage``.

    ``tasks`` is read lazily and only a few chunks are in flight at a time
    ([`ordered_map`][belote.experiments.parallel.ordered_map]): memory stays flat in the
    number of deals.
    """
    # Rules values pickle, so unregistered variants run on worker processes too.
    for result in ordered_map(run_task, tasks, executor):
        if progress is not None:
            acc, _, played, _ = result
            progress.step(acc.deals)
            progress.step(len(played), match_stage)
        yield result


def check_table(rules: Rules | str, players: int | None, deals: int) -> tuple[Rules, int]:
    """The variant and the player count, checked (``deals`` must be a whole number from 0)."""
    rules = get_rules(rules)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise InvalidArgument(f"deals must be a positive whole number, not {deals!r}")
    n = rules.default_players if players is None else rules.check_players(players)
    return rules, n


def simulate(
    rules: Rules | str,
    deals: int,
    seed: int = 1,
    players: int | None = None,
    bots: BotSpec = "heuristic",
    executor: Executor | None = None,
    records: TextIO | None = None,
    *,
    progress: bool = False,
    chunk: int | None = None,
    keep_winners: bool = False,
    bot_limits: BotLimits | None = None,
    fallbacks: Fallbacks | None = None,
) -> SimulationStats:
    """Bots play ``deals`` independent deals of a variant; return the statistics.

    Args:
        rules: the variant (value or name).
        deals: how many deals to play; redeals after everyone passed do not count.
        seed: the simulation seed; deal ``i`` depends only on ``(seed, i)``.
        players: the number of players (default: the variant's).
        bots: ``"heuristic"``, ``"random"``, or one player per seat.
        executor: runs chunks of deals (e.g. a
            `ProcessPoolExecutor`); the result does
            not depend on it. Without it, everything runs in this process.
        records: a text stream that receives every deal record (redeals
            included) as JSON lines, in deal order (docs/formats.md#deal-record).
        progress: show a progress count on standard error when it is a terminal.
        chunk: deals per chunk handed to the executor (default
            [`CHUNK`][belote.experiments.simulate.CHUNK], less for a short run on several
            workers); the result does not depend on it.
        keep_winners: fill [`SimulationStats.winners`][belote.experiments.simulate.SimulationStats]
            (one entry per deal, so memory grows with ``deals``); off by default,
            memory then stays flat however many deals are played.
        bot_limits: how long one decision of a bot may take: a warning, and
            a stop ([`BotLimits`][belote.agents.guard.BotLimits]); a bot from
            outside ``belote`` is warned about after 5 s by default.
        fallbacks: counts the decisions an engine's fallback bot took
            ([`Fallbacks`][belote.experiments.simulate.Fallbacks]), when given.

    Raises:
        InvalidArgument: a bad count of deals or players, or unknown bots.
        UnknownVariant: no such variant.
    """
    rules, n = check_table(rules, players, deals)
    name = bots_name(bots)
    bots_for(bots, n)
    size = chunk_for(chunk, deals, executor)
    tasks = (
        Task(rules, n, seed, start, stop, bots, records is not None, limits=bot_limits)
        for start, stop in chunks(deals, size)
    )
    bar = Progress(f"simulate {rules.name}", deals) if progress else None
    total = Accumulator(rules.side_count(n))
    try:
        for acc, lines, _, (count, reason) in run_tasks(tasks, executor, bar):
            total.merge(acc, keep_winners)
            if fallbacks is not None:
                fallbacks.add(count, reason)
            if records is not None and lines:
                records.write("\n".join(lines) + "\n")
    finally:
        if bar is not None:
            bar.close()
    return simulation_stats(total, rules, n, seed, name)


def chunk_for(chunk: int | None, deals: int, executor: Executor | None) -> int:
    """Deals per chunk: ``chunk`` when given, else what [`chunk_size`][belote.experiments.parallel.chunk_size] picks."""
    size = chunk_size(deals, executor, CHUNK) if chunk is None else chunk
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidArgument(f"chunk must be a positive whole number, not {size!r}")
    return size
