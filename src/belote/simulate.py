"""Simulation and variant comparison: bots play many deals, statistics come out.

[`simulate`][belote.simulate.simulate] plays ``deals`` independent deals of one variant;
[`compare`][belote.simulate.compare] plays the same decks and dealers under several variants and
puts the statistics side by side, with matches played from one deck stream
to each variant's target.

Every deal depends only on ``(seed, i)``: deal ``i`` starts from
``random.Random(f"{seed}:{i}")``, which shuffles its deck, picks its dealer
and then feeds the bots. When everyone passes, the next dealer redeals from
``random.Random(f"{seed}:{i}:{r}")`` (the ``r``-th redeal); redeals do not
count toward ``deals``. So chunks of deals can run in any process, in any
order, and the output is the same byte for byte (CONTRACT.md "Same --seed,
same output, on any machine").

>>> stats = simulate("classic", deals=20, seed=1, bots="random")
>>> stats.deals, sum(stats.outcomes.values())
(20, 20)
>>> stats == simulate("classic", deals=20, seed=1, bots="random")
True
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Final, TextIO

import attrs

from belote.agents import play_deal, start_deal
from belote.bots import BOT_KINDS, Player, make_bots
from belote.deal import Deal
from belote.deal.dealing import shuffled_deck
from belote.errors import InvalidArgument
from belote.game import next_dealer
from belote.match import Match
from belote.parallel import _chunks, chunk_size, dask_executor, ordered_map
from belote.rules import Rules, available_variants, get_rules
from belote.scoring import DealResult, Outcome

__all__ = [
    "AnnouncementStats",
    "BotSpec",
    "Comparison",
    "MatchStats",
    "SimulationStats",
    "compare",
    "compare_command",
    "deal_seed",
    "default_variants",
    "left_out_note",
    "simulate",
    "simulate_command",
]

MAX_REDEALS: Final = 100
"""Redeals in a row after which a simulated deal gives up (bots that never take)."""
MAX_MATCH_DEALS: Final = 500
"""Deals after which a simulated match is abandoned without a winner."""
CHUNK: Final = 1000
"""Deals per chunk handed to an executor (the output does not depend on it).

About 0.1 to 0.2 s of work with random bots, 0.3 to 0.6 s with heuristic
ones: a chunk costs 1 to 2 ms on a dask cluster and well under 1 ms on a
process pool (measured by ``benchmarks/cluster.py``), so the overhead stays
near 1% while a chunk's records stay small. A short run on several workers is
cut finer ([`chunk_size`][belote.parallel.chunk_size]); see the docs page
"Running on a cluster"."""

BotSpec = str | Sequence[Player]
"""Which bots play: ``"random"``, ``"heuristic"``, or one [`Player`][belote.bots.Player] per seat."""


def deal_seed(seed: int, index: int, redeal: int = 0) -> str:
    """The text that seeds deal ``index`` of a simulation (its ``redeal``-th redeal).

    >>> deal_seed(7, 12), deal_seed(7, 12, 1)
    ('7:12', '7:12:1')
    """
    return f"{seed}:{index}" if redeal == 0 else f"{seed}:{index}:{redeal}"


def _side_count(rules: Rules, players: int) -> int:
    return 2 if rules.partnerships and players == 4 else players


def _winner(scores: Sequence[int]) -> int:
    """The side with the single highest score, else -1."""
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else -1


def _combination_name(kind_name: str, rank_text: str) -> str:
    return f"carré {rank_text}" if kind_name == "carré" else kind_name


_NAMES: dict[int, str] = {}
"""The statistics' name of a combination, by its card mask (which decides its kind and length)."""


# --- accumulating ---------------------------------------------------------------------------


class _Acc:
    """Integer sums over played deals; merged chunk by chunk in deal order."""

    __slots__ = (
        "announce",
        "called_out",
        "capots",
        "deals",
        "outcomes",
        "redeals",
        "sums",
        "taker_sum",
        "winners",
    )

    def __init__(self, sides: int) -> None:
        self.deals = 0
        self.redeals = 0
        self.outcomes: dict[str, int] = {}
        self.capots = [0, 0]  # by the attack, by the defence (or by the taker, by another)
        self.sums = [0] * sides  # attack, defence; or per seat
        self.taker_sum = 0
        self.called_out = 0
        self.announce: dict[str, list[int]] = {}  # name -> [declared, scored, points]
        self.winners: list[int] = []

    def add(self, deal: Deal, result: DealResult, partners: bool) -> None:
        self.deals += 1
        outcome = result.outcome.value
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        scores = result.scores
        taker = deal.taker
        assert taker is not None
        attack = deal.side(taker)
        if partners:
            self.sums[0] += scores[attack]
            self.sums[1] += scores[1 - attack]
        else:
            for side, points in enumerate(scores):
                self.sums[side] += points
        self.taker_sum += scores[attack]
        if result.capot is not None:
            self.capots[0 if result.capot == attack else 1] += 1
        if deal.called_out is not None:
            self.called_out += 1
        rules = deal.rules
        scoring = deal.scoring_declarations or ()
        for declaration in deal.declarations:
            combo = declaration.combination
            name = _NAMES.get(combo.cards.mask)
            if name is None:  # once per combination
                name = _NAMES[combo.cards.mask] = _combination_name(combo.kind_name, combo.rank.text)
            entry = self.announce.setdefault(name, [0, 0, 0])
            entry[0] += 1
            if declaration in scoring:
                entry[1] += 1
                entry[2] += combo.points(rules)
        if deal.belote_seat is not None:
            entry = self.announce.setdefault("belote", [0, 0, 0])
            entry[0] += 1
            entry[1] += 1
            entry[2] += rules.belote_value
        self.winners.append(_winner(scores))

    def merge(self, other: _Acc, winners: bool = True) -> None:
        self.deals += other.deals
        self.redeals += other.redeals
        for key, count in other.outcomes.items():
            self.outcomes[key] = self.outcomes.get(key, 0) + count
        for k in range(2):
            self.capots[k] += other.capots[k]
        for k, value in enumerate(other.sums):
            self.sums[k] += value
        self.taker_sum += other.taker_sum
        self.called_out += other.called_out
        for name, counts in other.announce.items():
            entry = self.announce.setdefault(name, [0, 0, 0])
            for k in range(3):
                entry[k] += counts[k]
        if winners:
            self.winners.extend(other.winners)


# --- results ----------------------------------------------------------------------------------


def _rate(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def _mean(total: int, count: int) -> float:
    return round(total / count, 2) if count else 0.0


_ANNOUNCEMENT_ORDER: Final = (
    "belote", "tierce", "cinquante", "cent",
    "carré J", "carré 9", "carré A", "carré 10", "carré K", "carré Q",
)  # fmt: skip


@attrs.frozen
class AnnouncementStats:
    """How often one kind of announcement was declared and scored.

    Attributes:
        declared: declarations of this kind (belote: completed belote-rebelote).
        scored: those that won the contest and scored (rules §6.2, docs/rules.md#announcement-contest).
        points: the points they scored.
    """

    declared: int
    scored: int
    points: int


@attrs.frozen(kw_only=True)
class SimulationStats:
    """The statistics of a simulation (all counts over played deals).

    Attributes:
        variant: the variant's name.
        players: the number of players.
        deals: the deals played (redeals not included).
        seed: the simulation seed.
        bots: which bots played.
        redeals: dealings where everyone passed twice.
        outcomes: deals per outcome (``made``, ``failed``, ``litige``, ``played``).
        capots: capots made by the attack (``french``: the taker) and by the defence
            (``french``: another player).
        score_sums: points scored in all deals: attack and defence in four-player
            variants, per seat otherwise.
        taker_sum: points scored by the taker's side in all deals.
        called_out: deals where a player called out or stopped (rules §8, docs/rules.md#match).
        announcements: per kind (``belote``, ``tierce``, ``carré J``, ...).
        winners: per deal, the side that scored more, or -1 on equal scores;
            empty unless asked for (``keep_winners=True``).
    """

    variant: str
    players: int
    deals: int
    seed: int
    bots: str
    redeals: int
    outcomes: Mapping[str, int]
    capots: tuple[int, int]
    score_sums: tuple[int, ...]
    taker_sum: int
    called_out: int
    announcements: Mapping[str, AnnouncementStats]
    winners: tuple[int, ...] = attrs.field(repr=False)

    @property
    def has_contract(self) -> bool:
        """Whether the variant has a contract (attack and defence)."""
        return get_rules(self.variant).has_contract

    @property
    def attack_success_rate(self) -> float:
        """Made contracts per played deal (0 without contract)."""
        return _rate(self.outcomes.get("made", 0), self.deals)

    @property
    def failure_rate(self) -> float:
        """Failed contracts (dedans, büs) per played deal."""
        return _rate(self.outcomes.get("failed", 0), self.deals)

    @property
    def litige_rate(self) -> float:
        """Litiges per played deal."""
        return _rate(self.outcomes.get("litige", 0), self.deals)

    @property
    def capot_rate(self) -> float:
        """Capots (either side) per played deal."""
        return _rate(sum(self.capots), self.deals)

    @property
    def redeal_rate(self) -> float:
        """Redeals per dealing (played deals plus redeals).

        The text tables show [`redeals_per_deal`][belote.simulate.SimulationStats.redeals_per_deal].
        """
        return _rate(self.redeals, self.deals + self.redeals)

    @property
    def redeals_per_deal(self) -> float:
        """Redeals per played deal: the share the text tables show, like every other rate."""
        return _rate(self.redeals, self.deals)

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Mean points per deal: attack and defence, or per seat."""
        return tuple(_mean(total, self.deals) for total in self.score_sums)

    @property
    def mean_points(self) -> float:
        """Mean points handed out per deal, all sides together."""
        return _mean(sum(self.score_sums), self.deals)

    @property
    def mean_taker_score(self) -> float:
        """Mean points per deal of the taker's side."""
        return _mean(self.taker_sum, self.deals)

    def to_json(self) -> dict[str, object]:
        """The statistics as JSON (what ``belote simulate --json`` prints)."""
        partners = len(self.score_sums) == 2 and self.players == 4
        doc: dict[str, object] = {
            "variant": self.variant,
            "players": self.players,
            "deals": self.deals,
            "seed": self.seed,
            "bots": self.bots,
            "redeals": self.redeals,
            "redeals_per_deal": self.redeals_per_deal,
            "outcomes": dict(self.outcomes),
            "attack_success_rate": self.attack_success_rate,
            "failure_rate": self.failure_rate,
            "litige_rate": self.litige_rate,
            "capot_rate": self.capot_rate,
            "capots": {"attack": self.capots[0], "defence": self.capots[1]}
            if partners
            else {"taker": self.capots[0], "other": self.capots[1]},
            "mean_scores": {"attack": self.mean_scores[0], "defence": self.mean_scores[1]}
            if partners
            else list(self.mean_scores),
            "mean_taker_score": self.mean_taker_score,
            "mean_points": self.mean_points,
            "called_out": self.called_out,
            "announcements": {
                name: {"declared": a.declared, "scored": a.scored, "points": a.points}
                for name, a in self.announcements.items()
            },
        }
        return doc

    def to_text(self) -> str:
        """The statistics as a table for people (what ``belote simulate`` prints).

        Every share is of the played deals: redeals (everyone passed) are not
        deals, so "redeals per played deal" may pass 100%.
        """
        partners = len(self.score_sums) == 2 and self.players == 4
        lines = [
            f"{self.variant}: {self.deals} played deals (and {self.redeals} redeals), "
            f"{self.players} players, {self.bots} bots, seed {self.seed}",
            "",
            f"{'':<30}{'count':>8}{'per played deal':>18}",
        ]

        def row(label: str, count: int) -> None:
            lines.append(f"{label:<30}{count:>8}{100 * _rate(count, self.deals):>17.1f}%")

        if self.has_contract:
            row("contracts made", self.outcomes.get("made", 0))
            row("contracts failed", self.outcomes.get("failed", 0))
            row("litiges (drawn deals)", self.outcomes.get("litige", 0))
        else:
            row("deals played out", self.outcomes.get("played", 0))
        row("capots by the attack" if partners else "capots by the taker", self.capots[0])
        row("capots by the defence" if partners else "capots by another player", self.capots[1])
        row("called out / stopped", self.called_out)
        row("redeals (everyone passed)", self.redeals)
        lines.append("")
        if partners:
            attack, defence = self.mean_scores
            lines.append(f"mean score per played deal: attack {attack:.2f}, defence {defence:.2f}")
        else:
            seats = ", ".join(f"seat {s} {m:.2f}" for s, m in enumerate(self.mean_scores))
            lines.append(f"mean score per played deal: {seats}; taker {self.mean_taker_score:.2f}")
        if self.announcements:
            lines += ["", f"{'announcements':<30}{'declared':>9}{'scored':>9}{'points':>9}"
                      f"{'per played deal':>18}"]
            for name, a in self.announcements.items():
                lines.append(
                    f"{name:<30}{a.declared:>9}{a.scored:>9}{a.points:>9}"
                    f"{_rate(a.declared, self.deals):>18.3f}"
                )
        return "\n".join(lines) + "\n"


def _stats(acc: _Acc, rules: Rules, players: int, seed: int, bots: str) -> SimulationStats:
    order = {name: k for k, name in enumerate(_ANNOUNCEMENT_ORDER)}
    names = sorted(acc.announce, key=lambda name: (order.get(name, len(order)), name))
    outcomes = [o.value for o in Outcome if o is not Outcome.REDEAL]
    return SimulationStats(
        variant=rules.name,
        players=players,
        deals=acc.deals,
        seed=seed,
        bots=bots,
        redeals=acc.redeals,
        outcomes={o: acc.outcomes[o] for o in outcomes if o in acc.outcomes},
        capots=(acc.capots[0], acc.capots[1]),
        score_sums=tuple(acc.sums),
        taker_sum=acc.taker_sum,
        called_out=acc.called_out,
        announcements={name: AnnouncementStats(*acc.announce[name]) for name in names},
        winners=tuple(acc.winners),
    )


# --- playing ------------------------------------------------------------------------------


def _bots(spec: BotSpec, players: int) -> list[Player]:
    if isinstance(spec, str):
        return make_bots(spec, players)
    bots = list(spec)
    if len(bots) != players:
        raise InvalidArgument(f"{players} players need {players} bots, not {len(bots)}")
    return bots


def _bots_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        if spec not in BOT_KINDS:
            raise InvalidArgument(f"unknown bots {spec!r} (expected one of: {', '.join(BOT_KINDS)})")
        return spec
    return "custom"


def _randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``, the same draws without its argument checks.

    CPython's ``randrange(n)`` is ``_randbelow(n)``: ``getrandbits(k)``, with
    ``k = n.bit_length()``, until the draw is below ``n`` (checked in the tests).
    """
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def _randrange_matches() -> bool:
    for seed in range(8):
        for n in (2, 3, 4):
            ours, theirs = random.Random(seed), random.Random(seed)
            if (_randrange(ours, n), ours.random()) != (theirs.randrange(n), theirs.random()):
                return False  # pragma: no cover
    return True


_INLINE_RANDRANGE: Final = _randrange_matches()
"""Whether `_randrange` draws like ``Random.randrange`` on this Python (else it is not used)."""


def _play_dealing(
    rules: Rules, players: int, seed: int, index: int, bots: Sequence[Player],
    records: list[str] | None,
    play: Callable[[Deal, Sequence[Player]], DealResult] = play_deal,
) -> tuple[Deal, DealResult, int]:
    """Deal ``index``: (the played deal, its result, the redeals before it).

    ``play``: [`play_deal`][belote.bots.play_deal], or the loop it picks for
    ``bots`` (asked once per chunk).
    """
    rng = random.Random(deal_seed(seed, index))
    deck = shuffled_deck(rng)  # the draws of rng.shuffle(list(range(32))), inline
    dealer = _randrange(rng, players) if _INLINE_RANDRANGE else rng.randrange(players)
    start_deal(bots, rng)
    redeal = 0
    while True:
        # The deck is a permutation the library made: no need to parse it.
        deal = Deal.shuffled(rules, deck, dealer, players)
        result = play(deal, bots)
        if records is not None:
            records.append(json.dumps(deal.to_record(), ensure_ascii=False))
        if result.outcome is not Outcome.REDEAL:
            return deal, result, redeal
        redeal += 1
        if redeal > MAX_REDEALS:
            raise InvalidArgument(
                f"deal {index}: everyone passed {MAX_REDEALS} times in a row; the bots never take"
            )
        dealer = next_dealer(rules, players, dealer, result)
        deck = shuffled_deck(random.Random(deal_seed(seed, index, redeal)))


@attrs.frozen
class _Task:
    rules: Rules | str
    players: int
    seed: int
    start: int
    stop: int
    bots: BotSpec
    records: bool
    matches: bool = False


def _run_task(task: _Task) -> tuple[_Acc, list[str] | None, list[tuple[int, int]]]:
    """Play a chunk of deals (or of matches); the worker of every executor."""
    rules = get_rules(task.rules)
    players = task.players
    bots = _bots(task.bots, players)
    if task.matches:
        return _Acc(0), None, [
            _play_match(rules, players, task.seed, m, bots) for m in range(task.start, task.stop)
        ]
    partners = rules.partnerships and players == 4
    acc = _Acc(2 if partners else players)
    records: list[str] | None = [] if task.records else None
    play = play_deal
    for index in range(task.start, task.stop):
        deal, result, redeals = _play_dealing(
            rules, players, task.seed, index, bots, records, play
        )
        acc.redeals += redeals
        acc.add(deal, result, partners)
    return acc, records, []


def _play_match(
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
        if result.outcome is not Outcome.REDEAL:
            played += 1
        match.add(result)
        if match.is_over:
            assert match.winner is not None
            return played, match.winner
        dealer = next_dealer(rules, players, dealer, result)
    return played, -1


class _Progress:
    """A one-line progress bar on standard error, only when it is a terminal."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.active = bool(isatty and isatty()) and total > 0
        self.label = label
        self.total = total
        self.done = 0

    WIDTH: Final = 30
    """Characters of the bar itself."""

    def line(self) -> str:
        """The bar as shown: ``label [#####.....]  50% (done/total)``."""
        filled = self.WIDTH * self.done // self.total if self.total else self.WIDTH
        bar = "#" * filled + "." * (self.WIDTH - filled)
        percent = 100 * self.done // self.total if self.total else 100
        return f"{self.label} [{bar}] {percent:>3}% ({self.done}/{self.total})"

    def step(self, count: int) -> None:
        if self.active:
            self.done += count
            self.stream.write("\r" + self.line())
            self.stream.flush()

    def close(self) -> None:
        if self.active and self.done:
            self.stream.write("\r" + " " * len(self.line()) + "\r")
            self.stream.flush()


def _run(
    tasks: Iterable[_Task], executor: Executor | None, progress: _Progress | None
) -> Iterator[tuple[_Acc, list[str] | None, list[tuple[int, int]]]]:
    """Run tasks in order, in this process or on ``executor``; results in task order.

    ``tasks`` is read lazily and only a few chunks are in flight at a time
    ([`ordered_map`][belote.parallel.ordered_map]): memory stays flat in the
    number of deals.
    """
    # Rules values pickle, so unregistered variants run on worker processes too.
    for result in ordered_map(_run_task, tasks, executor):
        if progress is not None:
            acc, _, played = result
            progress.step(acc.deals + len(played))
        yield result


def _check(rules: Rules | str, players: int | None, deals: int) -> tuple[Rules, int]:
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
            included) as JSON lines, in deal order (CONTRACT.md "Deal record").
        progress: show a progress count on standard error when it is a terminal.
        chunk: deals per chunk handed to the executor (default
            [`CHUNK`][belote.simulate.CHUNK], less for a short run on several
            workers); the result does not depend on it.
        keep_winners: fill [`SimulationStats.winners`][belote.simulate.SimulationStats]
            (one entry per deal, so memory grows with ``deals``); off by default,
            memory then stays flat however many deals are played.

    Raises:
        InvalidArgument: a bad count of deals or players, or unknown bots.
        UnknownVariant: no such variant.
    """
    rules, n = _check(rules, players, deals)
    name = _bots_name(bots)
    _bots(bots, n)
    size = _chunk_size(chunk, deals, executor)
    tasks = (
        _Task(rules, n, seed, start, stop, bots, records is not None)
        for start, stop in _chunks(deals, size)
    )
    bar = _Progress(f"simulate {rules.name}", deals) if progress else None
    partners = rules.partnerships and n == 4
    total = _Acc(2 if partners else n)
    try:
        for acc, lines, _ in _run(tasks, executor, bar):
            total.merge(acc, keep_winners)
            if records is not None and lines:
                records.write("\n".join(lines) + "\n")
    finally:
        if bar is not None:
            bar.close()
    return _stats(total, rules, n, seed, name)


def _chunk_size(chunk: int | None, deals: int, executor: Executor | None) -> int:
    size = chunk_size(deals, executor, CHUNK) if chunk is None else chunk
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidArgument(f"chunk must be a positive whole number, not {size!r}")
    return size


# --- comparing ------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class MatchStats:
    """Matches played to a variant's target from a shared deck stream.

    Attributes:
        matches: how many matches were played.
        deals: played deals (redeals excluded) in all matches.
        wins: matches won per side.
        unfinished: matches abandoned after [`MAX_MATCH_DEALS`][belote.simulate.MAX_MATCH_DEALS] deals.
        winners: per match, the winning side, or -1; empty unless asked for
            (``keep_winners=True``).
    """

    matches: int
    deals: int
    wins: tuple[int, ...]
    unfinished: int
    winners: tuple[int, ...] = attrs.field(repr=False)

    @property
    def mean_deals(self) -> float:
        """Average played deals to finish a match."""
        return _mean(self.deals, self.matches)


@attrs.frozen(kw_only=True)
class Comparison:
    """Several variants played on the same decks and dealers.

    Attributes:
        deals: decks played under each variant.
        seed: the seed.
        bots: which bots played.
        variants: each variant's statistics, in the order asked.
        matches: each variant's match statistics, in the same order.
        different_deal_winner: for each pair of variants (by name, ``"a vs b"``)
            with the same number of sides, how often the same deck gave a
            different deal winner (the side that scored more, or nobody).
        different_match_winner: the same for the matches of the shared deck stream.
        par_deals: the decks also played out perfectly (``compare(..., par=n)``), else 0.
        par: each variant's statistics on those decks when the bots' bidding is
            followed by perfect play ([`par_deal`][belote.par.par_deal]); empty without par.
        par_bots: each variant's statistics of the bots on the same decks; empty without par.
    """

    deals: int
    seed: int
    bots: str
    variants: tuple[SimulationStats, ...]
    matches: tuple[MatchStats, ...]
    different_deal_winner: Mapping[str, float]
    different_match_winner: Mapping[str, float]
    par_deals: int = 0
    par: tuple[SimulationStats, ...] = ()
    par_bots: tuple[SimulationStats, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The comparison as JSON (what ``belote compare --json`` prints).

        With par figures (``--par``), each variant also has ``"par"``:
        ``{"deals": n, "bots": {...}, "perfect": {...}}``, the statistics of
        the bots and of perfect play on the first ``n`` decks, and the
        document has ``"par_deals"``.
        """
        variants: list[dict[str, object]] = [
            {
                **stats.to_json(),
                "matches": {
                    "matches": m.matches,
                    "deals": m.deals,
                    "mean_deals": m.mean_deals,
                    "wins": list(m.wins),
                    "unfinished": m.unfinished,
                },
            }
            for stats, m in zip(self.variants, self.matches, strict=True)
        ]
        doc: dict[str, object] = {
            "deals": self.deals,
            "seed": self.seed,
            "bots": self.bots,
            "variants": variants,
            "different_deal_winner": dict(self.different_deal_winner),
            "different_match_winner": dict(self.different_match_winner),
        }
        if self.par:
            doc["par_deals"] = self.par_deals
            for entry, bots, perfect in zip(variants, self.par_bots, self.par, strict=True):
                entry["par"] = {"deals": self.par_deals, "bots": bots.to_json(),
                                "perfect": perfect.to_json()}
        return doc

    def to_text(self) -> str:
        """A side-by-side table for people (what ``belote compare`` prints).

        Every rate is a share of the played deals (redeals are not deals);
        pairs of variants played by different numbers of sides get a note
        instead of a same-deck row.
        """
        names = [stats.variant for stats in self.variants]
        width = max(14, *(len(name) + 2 for name in names))
        label_width = 40
        head = f"{'':<{label_width}}" + "".join(f"{name:>{width}}" for name in names)
        lines = [
            f"{self.deals} decks per variant, the same decks and dealers, "
            f"{self.bots} bots, seed {self.seed}",
            "Rates are shares of the played deals; a redeal (everyone passed) is not a deal.",
            "",
            head,
        ]

        def row(label: str, values: Iterable[str]) -> None:
            lines.append(f"{label:<{label_width}}" + "".join(f"{v:>{width}}" for v in values))

        def pct(value: float) -> str:
            return f"{100 * value:.1f}%"

        stats = self.variants
        row("contracts made, per played deal", (pct(s.attack_success_rate) if s.has_contract
                                                else "-" for s in stats))
        row("contracts failed, per played deal",
            (pct(s.failure_rate) if s.has_contract else "-" for s in stats))
        row("litiges, per played deal",
            (pct(s.litige_rate) if s.has_contract else "-" for s in stats))
        row("capots, per played deal", (pct(s.capot_rate) for s in stats))
        row("redeals, per played deal", (pct(s.redeals_per_deal) for s in stats))
        row("called out / stopped, per played deal",
            (pct(_rate(s.called_out, s.deals)) for s in stats))
        row("mean points per played deal", (f"{s.mean_points:.1f}" for s in stats))
        row("  of which the taker's side", (f"{s.mean_taker_score:.1f}" for s in stats))
        row("  of which the other side(s)",
            (f"{s.mean_points - s.mean_taker_score:.1f}" for s in stats))
        row("announcements per played deal",
            (f"{_rate(sum(a.declared for n, a in s.announcements.items() if n != 'belote'), s.deals):.3f}"
             for s in stats))
        row("belotes per played deal", (f"{_rate(s.announcements['belote'].declared, s.deals):.3f}"
                                        if "belote" in s.announcements else "0.000" for s in stats))
        matches = self.matches
        row(f"played deals per match ({matches[0].matches} matches)" if matches
            else "played deals per match", (f"{m.mean_deals:.2f}" for m in matches))
        row("unfinished matches", (str(m.unfinished) for m in matches))
        if self.different_deal_winner:
            pair_width = max(30, *(len(pair) + 2 for pair in self.different_deal_winner))
            lines += ["", "Same deck, different winner (share of decks / of matches):",
                      f"  {'':<{pair_width}}{'deal':>8}{'match':>8}"]
            for pair, rate in self.different_deal_winner.items():
                match_rate = self.different_match_winner.get(pair, 0.0)
                lines.append(f"  {pair:<{pair_width}}{pct(rate):>8}{pct(match_rate):>8}")
        skipped = self.unpaired()
        if skipped:
            lines.append("")
            lines += [f"Note: {a} and {b} are not compared deck by deck: "
                      f"{sides_a} against {sides_b} have no common winner."
                      for a, sides_a, b, sides_b in skipped]
        if self.par:
            lines += ["", *self._par_lines()]
        return "\n".join(lines) + "\n"

    def _par_lines(self) -> list[str]:
        """The par table: the bots and perfect play side by side on the par decks."""
        names = [stats.variant for stats in self.par]
        width = max(9, *(len(name) // 2 + 2 for name in names))
        label_width = 40
        lines = [
            f"Perfect play (par) on the first {self.par_deals} decks: the bots' bidding and",
            "declarations, then the cards solved double-dummy from the first lead.",
            "",
            f"{'':<{label_width}}" + "".join(f"{name:>{2 * width}}" for name in names),
            f"{'':<{label_width}}" + f"{'bots':>{width}}{'par':>{width}}" * len(names),
        ]

        def row(label: str, value: Callable[[SimulationStats], str]) -> None:
            cells = "".join(f"{value(b):>{width}}{value(p):>{width}}"
                            for b, p in zip(self.par_bots, self.par, strict=True))
            lines.append(f"{label:<{label_width}}{cells}")

        def pct(value: float) -> str:
            return f"{100 * value:.1f}%"

        row("contracts made, per played deal",
            lambda s: pct(s.attack_success_rate) if s.has_contract else "-")
        row("contracts failed, per played deal",
            lambda s: pct(s.failure_rate) if s.has_contract else "-")
        row("litiges, per played deal",
            lambda s: pct(s.litige_rate) if s.has_contract else "-")
        row("capots, per played deal", lambda s: pct(s.capot_rate))
        row("mean score of the taker's side", lambda s: f"{s.mean_taker_score:.1f}")
        row("mean score of the other side(s)",
            lambda s: f"{s.mean_points - s.mean_taker_score:.1f}")
        return lines

    def unpaired(self) -> list[tuple[str, str, str, str]]:
        """The pairs of variants left out of the same-deck comparison.

        Each is ``(variant, its sides, other variant, its sides)``, the sides
        in words (``"2 teams of 2"``, ``"2 players"``).
        """
        out = []
        stats = self.variants
        for i in range(len(stats)):
            for j in range(i + 1, len(stats)):
                a, b = stats[i], stats[j]
                if f"{a.variant} vs {b.variant}" not in self.different_deal_winner:
                    out.append((a.variant, _sides_text(a), b.variant, _sides_text(b)))
        return out


class _MatchAcc:
    """Match results of one variant, merged chunk by chunk in match order."""

    def __init__(self, sides: int) -> None:
        self.sides = sides
        self.matches = 0
        self.deals = 0
        self.wins = [0] * sides
        self.unfinished = 0
        self.winners: list[int] = []

    def add(self, played: Sequence[tuple[int, int]], keep_winners: bool) -> None:
        for deals, winner in played:
            self.matches += 1
            self.deals += deals
            if winner == -1:
                self.unfinished += 1
            else:
                self.wins[winner] += 1
            if keep_winners:
                self.winners.append(winner)

    def stats(self) -> MatchStats:
        return MatchStats(matches=self.matches, deals=self.deals, wins=tuple(self.wins),
                          unfinished=self.unfinished, winners=tuple(self.winners))


def _sides_text(stats: SimulationStats) -> str:
    sides = len(stats.score_sums)
    if sides == 2 and stats.players == 4:
        return "2 teams of 2"
    return f"{stats.players} players"


def default_variants() -> tuple[str, ...]:
    """The four-player variants, in registry order (what ``compare`` uses by default)."""
    return tuple(r.name for r in available_variants() if 4 in r.player_counts and r.partnerships)


def compare(
    variants: Sequence[Rules | str] | None,
    deals: int,
    seed: int = 1,
    players: int | None = None,
    bots: BotSpec = "heuristic",
    executor: Executor | None = None,
    *,
    matches: int | None = None,
    progress: bool = False,
    chunk: int | None = None,
    keep_winners: bool = False,
    par: int = 0,
) -> Comparison:
    """Play the same decks and dealers under each variant and compare the statistics.

    Deal ``i`` has the same deck and dealer under every variant (CONTRACT.md
    ``compare``). Then ``matches`` matches are played to each variant's
    target: match ``m`` deals its decks from ``random.Random(f"{seed}:match:{m}")``,
    so every variant sees the same deck stream, for as long as its match lasts.

    Args:
        variants: the variants (default: the four-player variants).
        deals: decks played under each variant.
        seed: the seed.
        players: the number of players, for the variants that allow it.
        bots: ``"heuristic"``, ``"random"``, or one player per seat.
        executor: runs chunks of deals and matches; the result does not depend on it.
        matches: matches per variant (default: ``deals // 10``, at least 1; 0 for none).
        progress: show a progress count on standard error when it is a terminal.
        chunk: deals per chunk (matches: a tenth of it); the result does not depend on it.
        keep_winners: fill the per-deal and per-match ``winners`` of the statistics
            (memory then grows with ``deals``); off by default.
        par: also play the first ``par`` decks (at most ``deals``) out
            perfectly after the bots' bidding ([`par_deal`][belote.par.par_deal]),
            for [`Comparison.par`][belote.simulate.Comparison] beside the
            bots' figures on the same decks (``par_bots``); 0 for none.
            Two sides only (not ``french`` with three players).

    Raises:
        InvalidArgument: a bad count, a variant named twice, unknown bots, or
            par figures for a table of three sides.
        UnknownVariant: no such variant.
    """
    chosen = [get_rules(v) for v in (variants or default_variants())]
    names = [r.name for r in chosen]
    if len(set(names)) != len(names):
        raise InvalidArgument(f"a variant is named twice: {' '.join(names)}")
    if players is not None and not any(players in r.player_counts for r in chosen):
        chosen[0].check_players(players)  # raises: no variant is played by that many
    table: list[tuple[Rules, int]] = []
    for rules in chosen:
        # --players applies to the variants that allow that count (CONTRACT.md).
        n = players if players in rules.player_counts else rules.default_players
        table.append(_check(rules, n, deals))
    name = _bots_name(bots)
    match_count = max(1, deals // 10) if matches is None else matches
    if match_count < 0:
        raise InvalidArgument(f"matches must not be negative, not {match_count}")
    for _, n in table:
        _bots(bots, n)
    par_count = _par_count(par, deals, table)
    size = _chunk_size(chunk, deals * len(table), executor)
    # Chunks go out range by range, every variant for each range, so the
    # same-deck comparisons are counted as the chunks come back: nothing is
    # kept per deal, memory stays flat in the number of deals.
    tasks = (
        _Task(rules, n, seed, a, b, bots, False, matches=is_match)
        for is_match, count, step in ((False, deals, size),
                                      (True, match_count, max(1, size // 10)))
        for a, b in _chunks(count, step)
        for rules, n in table
    )
    bar = (_Progress("compare", (deals + match_count + par_count) * len(table))
           if progress else None)
    accs = [_Acc(_side_count(r, n)) for r, n in table]
    match_accs = [_MatchAcc(_side_count(r, n)) for r, n in table]
    pairs = [(i, j) for i in range(len(table)) for j in range(i + 1, len(table))
             if _side_count(*table[i]) == _side_count(*table[j]) and table[i][1] == table[j][1]]
    deal_diff = dict.fromkeys(pairs, 0)
    match_diff = dict.fromkeys(pairs, 0)
    group: list[tuple[_Acc, list[tuple[int, int]]]] = []
    try:
        for acc, _, played in _run(tasks, executor, bar):
            group.append((acc, played))
            if len(group) < len(table):
                continue
            for k, (chunk_acc, chunk_played) in enumerate(group):
                accs[k].merge(chunk_acc, keep_winners)
                match_accs[k].add(chunk_played, keep_winners)
            for i, j in pairs:
                deal_diff[i, j] += sum(x != y for x, y in
                                       zip(group[i][0].winners, group[j][0].winners, strict=True))
                match_diff[i, j] += sum(x[1] != y[1] for x, y in
                                        zip(group[i][1], group[j][1], strict=True))
            group = []
        par_accs = _par_pass(table, seed, par_count, bots, executor, bar)
    finally:
        if bar is not None:
            bar.close()
    all_stats = tuple(_stats(acc, r, n, seed, name) for acc, (r, n) in zip(accs, table, strict=True))
    par_bots, par_stats = (
        tuple(tuple(_stats(pair[k], r, n, seed, name)
                    for pair, (r, n) in zip(par_accs, table, strict=True)) for k in (0, 1))
        if par_count else ((), ())
    )
    all_matches = [m.stats() for m in match_accs]
    deal_pairs: dict[str, float] = {}
    match_pairs: dict[str, float] = {}
    for i, j in pairs:
        pair = f"{all_stats[i].variant} vs {all_stats[j].variant}"
        deal_pairs[pair] = _rate(deal_diff[i, j], deals)
        match_pairs[pair] = _rate(match_diff[i, j], match_count) if match_count else 0.0
    return Comparison(
        deals=deals,
        seed=seed,
        bots=name,
        variants=all_stats,
        matches=tuple(all_matches),
        different_deal_winner=deal_pairs,
        different_match_winner=match_pairs,
        par_deals=par_count,
        par=par_stats,
        par_bots=par_bots,
    )


# --- par: the bots' bidding, then perfect play -------------------------------------------------

PAR_CHUNK: Final = 4
"""Decks per chunk of the par pass (each deck is solved: about a second of work)."""


def _par_count(par: int, deals: int, table: Sequence[tuple[Rules, int]]) -> int:
    """How many decks the par pass plays: ``par``, at most ``deals``.

    Raises:
        InvalidArgument: a bad count, or a table of more than two sides.
    """
    if isinstance(par, bool) or not isinstance(par, int) or par < 0:
        raise InvalidArgument(f"par must be a whole number, not {par!r}")
    if par:
        for rules, n in table:
            if _side_count(rules, n) != 2:
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


def _run_par_task(task: _ParTask) -> tuple[_Acc, _Acc]:
    """A chunk of the par pass: (the bots' statistics, perfect play's) on its decks."""
    from belote.par import par_deal

    rules, players = task.rules, task.players
    bots = _bots(task.bots, players)
    partners = rules.partnerships and players == 4
    sides = 2 if partners else players
    by_bots, perfect = _Acc(sides), _Acc(sides)
    for index in range(task.start, task.stop):
        deal, result, redeals = _play_dealing(rules, players, task.seed, index, bots, None)
        by_bots.redeals += redeals
        by_bots.add(deal, result, partners)
        played, par_result, _ = par_deal(deal)
        perfect.redeals += redeals
        perfect.add(played, par_result, partners)
    return by_bots, perfect


def _par_pass(
    table: Sequence[tuple[Rules, int]], seed: int, count: int, bots: BotSpec,
    executor: Executor | None, bar: _Progress | None,
) -> list[tuple[_Acc, _Acc]]:
    """The par statistics of each variant on decks ``0 .. count - 1``, chunk by chunk in order."""
    accs = [(_Acc(2), _Acc(2)) for _ in table]
    if not count:
        return accs
    size = chunk_size(count, executor, PAR_CHUNK)
    tasks = (_ParTask(rules, n, seed, a, b, bots)
             for a, b in _chunks(count, size) for rules, n in table)
    for k, (by_bots, perfect) in enumerate(ordered_map(_run_par_task, tasks, executor)):
        accs[k % len(table)][0].merge(by_bots, False)
        accs[k % len(table)][1].merge(perfect, False)
        if bar is not None:
            bar.step(by_bots.deals)
    return accs


# --- the commands -----------------------------------------------------------------------------


def _executor(jobs: int) -> ProcessPoolExecutor | None:
    return ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None


def _with_executor(jobs: int, run: Callable[[Executor | None], object],
                   dask: str | None = None) -> object:
    """``run`` on ``jobs`` worker processes, or on the dask cluster ``dask`` when given.

    Raises:
        InvalidArgument: both ``--jobs`` (above 1) and ``--dask``, or a dask problem.
    """
    if dask is not None:
        if jobs > 1:
            raise InvalidArgument("--jobs and --dask do not go together: the cluster has the workers")
        with dask_executor(dask) as cluster:
            return run(cluster)
    executor = _executor(jobs)
    try:
        return run(executor)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)


def _write(document: object, out: TextIO) -> None:
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")


def simulate_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote simulate``: print a variant's statistics (text, or JSON with ``--json``).

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line).
    """
    rules = get_rules(args.variant)
    records: TextIO | None = None
    if args.records:
        try:
            records = open(args.records, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise InvalidArgument(f"cannot write {args.records}: {exc.strerror or exc}") from None
    try:
        stats = _with_executor(
            args.jobs,
            lambda executor: simulate(
                rules, args.deals, args.seed, args.players, args.bots, executor, records,
                progress=True,
            ),
            getattr(args, "dask", None),
        )
    finally:
        if records is not None:
            records.close()
    assert isinstance(stats, SimulationStats)
    if args.json:
        _write(stats.to_json(), out)
    else:
        out.write(stats.to_text())
    return 0


def left_out_note() -> str | None:
    """A one-line note naming the variants ``compare`` leaves out by default, and why.

    ``None`` when every variant is compared by default.
    """
    chosen = set(default_variants())
    others = [r for r in available_variants() if r.name not in chosen]
    if not others:
        return None
    names = ", ".join(r.name for r in others)
    counts = "; ".join(
        f"{r.name}: {' or '.join(str(n) for n in r.player_counts)} players"
        + ("" if r.partnerships else ", no teams")
        for r in others
    )
    return (f"Note: {names} left out, not played by two teams of two ({counts}); "
            f"name it to compare it: belote compare {default_variants()[0]} {others[0].name}")


def compare_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote compare``: print the variants side by side (text, or JSON with ``--json``).

    ``--plot FILE`` also writes a chart through ``belote.plot`` (the ``plot``
    extra), imported only then.

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line),
            including ``--plot`` without matplotlib.
    """
    variants = [get_rules(name) for name in args.variants] or None
    matches = getattr(args, "matches", None)
    plot_path: str | None = getattr(args, "plot", None)
    plot = _plotter() if plot_path else None
    par = getattr(args, "par_deals", 0) if getattr(args, "par", False) else 0
    comparison = _with_executor(
        args.jobs,
        lambda executor: compare(
            variants, args.deals, args.seed, args.players, args.bots, executor,
            matches=matches, progress=True, par=par,
        ),
        getattr(args, "dask", None),
    )
    assert isinstance(comparison, Comparison)
    if args.json:
        _write(comparison.to_json(), out)
    else:
        out.write(comparison.to_text())
        note = None if variants else left_out_note()
        if note:
            out.write("\n" + note + "\n")
    if plot is not None and plot_path is not None:
        try:
            plot(comparison, plot_path)
        except OSError as exc:
            raise InvalidArgument(f"cannot write {plot_path}: {exc.strerror or exc}") from None
        except ValueError as exc:  # e.g. an extension matplotlib does not know
            raise InvalidArgument(f"--plot {plot_path}: {exc}") from None
    return 0


def _plotter() -> Callable[[Comparison, str], object]:
    """``belote.plot.plot_comparison``, imported lazily.

    Raises:
        InvalidArgument: the ``plot`` extra (matplotlib) is not installed.
    """
    try:
        module = importlib.import_module("belote.plot")
    except ImportError as exc:
        missing = f" ({exc.name} is missing)" if exc.name else ""
        raise InvalidArgument(
            f"--plot needs matplotlib, from the plot extra{missing}: "
            "pip install 'belote[plot]'"
        ) from None
    plot: Callable[[Comparison, str], object] = module.plot_comparison
    return plot
