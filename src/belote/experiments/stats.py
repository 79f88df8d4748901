"""The statistics of simulated deals: what [`simulate`][belote.experiments.simulate.simulate] reports.

An [`Accumulator`][belote.experiments.stats.Accumulator] sums integer counts over played
deals (chunk by chunk, merged in deal order, so the figures never depend on
how the work was cut); [`simulation_stats`][belote.experiments.stats.simulation_stats]
turns the sums into a [`SimulationStats`][belote.experiments.stats.SimulationStats].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from belote.deal import Deal
from belote.errors import InvalidArgumentType
from belote.experiments.intervals import Z95 as Z95  # re-exported: the quantile of the intervals
from belote.experiments.intervals import (
    Effect,
    effect_text,
    mean,
    mean_interval,
    paired_interval,
    rate,
    wilson,
)
from belote.rules import CallingOut, Rules, get_rules
from belote.rules.checks import as_rules, instance, sequence, whole
from belote.rules.specs import spec_of
from belote.scoring import DealResult, Outcome
from belote.scoring.announcements import Declaration
from belote.scoring.hands import points_of

__all__ = [
    "EVENTS",
    "Accumulator",
    "AnnouncementStats",
    "Effect",
    "PairedSums",
    "SimulationStats",
    "deal_events",
    "effect_text",
    "mean",
    "mean_interval",
    "paired_interval",
    "rate",
    "simulation_stats",
    "wilson",
    "winner_of",
]


_NO_CALLING_OUT: Final = CallingOut.NONE


def winner_of(scores: object) -> int:
    """The side with the single highest score, else -1.

    Raises:
        InvalidArgumentType: ``scores`` is not a non-empty tuple or list of whole numbers.
    """
    values = [whole(score, "scores") for score in sequence(scores, "scores")]
    if not values:
        raise InvalidArgumentType("scores: expected at least one score, got none")
    return _winner_of(values)


def _winner_of(scores: Sequence[int]) -> int:
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else -1


EVENTS: Final = {"made": 1, "failed": 2, "litige": 4, "capot": 8}
"""The bit of each way a deal can end in a deal's event bits ([`deal_events`][belote.experiments.stats.deal_events])."""


_OUTCOMES: Final = {
    id(outcome): (outcome.value, EVENTS.get(outcome.value, 0)) for outcome in Outcome
}
"""Each outcome's text and event bit, by the member's ``id``: on Python 3.11 an enum
member's ``value`` and its hash are calls to Python code, an ``id`` is not."""


def deal_events(result: object) -> int:
    """The event bits of a played deal: its outcome (made, failed, litige) and a capot.

    Raises:
        InvalidArgumentType: ``result`` is not a ``DealResult``.
    """
    return _deal_events(instance(result, DealResult, "result"))


def _deal_events(result: DealResult) -> int:
    bits = _OUTCOMES[id(result.outcome)][1]
    if result.capot is not None:
        bits |= EVENTS["capot"]
    return bits


def _among(declaration: Declaration, scoring: Sequence[Declaration]) -> bool:
    """``declaration in scoring``, by identity.

    The deal's scoring declarations are some of its own declaration values
    (the contest picks them, a copy or a pickle keeps them shared), so
    identity answers; ``in`` would call the interpreted ``attrs`` equality
    for every other declaration.
    """
    return any(other is declaration for other in scoring)


def _combination_name(kind_name: str, rank_text: str) -> str:
    return f"carré {rank_text}" if kind_name == "carré" else kind_name


_NAMES: dict[int, str] = {}
"""The statistics' name of a combination, by its card mask (which decides its kind and length)."""


MAX_SIDES: Final = 8
"""The most sides an [`Accumulator`][belote.experiments.stats.Accumulator] sums (one per seat at most)."""


SQUARED: Final = ("points", "taker", "other", "announcements")
"""The per-deal figures whose squares an [`Accumulator`][belote.experiments.stats.Accumulator] sums:
points handed out, the taker's side's, the other sides', and announcements declared."""


# --- accumulating ---------------------------------------------------------------------------


class Accumulator:
    """Integer sums over played deals; merged chunk by chunk in deal order."""

    __slots__ = (
        "announce",
        "called_out",
        "capots",
        "deals",
        "outcomes",
        "redeals",
        "rows",
        "squares",
        "sums",
        "taker_sum",
        "winners",
    )

    def __init__(self, sides: object) -> None:
        """Empty sums for ``sides`` sides (0 for none: the sums of no deal).

        Raises:
            InvalidArgumentType: ``sides`` is not a whole number.
            InvalidArgument: ``sides`` is out of 0..8.
        """
        count = whole(sides, "sides", 0, MAX_SIDES)
        self.deals = 0
        self.redeals = 0
        self.outcomes: dict[str, int] = {}
        self.capots = [0, 0]  # by the attack, by the defence (or by the taker, by another)
        self.sums = [0] * count  # attack, defence; or per seat
        self.taker_sum = 0
        self.called_out = 0
        self.announce: dict[str, list[int]] = {}  # name -> [declared, scored, points]
        self.winners: list[int] = []
        # Sums of squares per deal, for the intervals of the means.
        self.squares: dict[str, int] = dict.fromkeys(SQUARED, 0)
        # Per deal: (points handed out, event bits, points of the taker's side).
        self.rows: list[tuple[int, int, int]] = []

    def add(self, deal: Deal, result: DealResult, partners: bool) -> None:
        """Count one played deal and its result."""
        self.deals += 1
        outcome = _OUTCOMES[id(result.outcome)][0]
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        scores = result.scores
        # The result names the taker's side where two teams play; the deal's
        # properties are interpreted calls, read only where needed.
        attack = result.attack if partners else None
        if attack is None:
            taker = deal.taker
            assert taker is not None
            attack = deal.side(taker)
        # "x[k] = x[k] + v", not "x[k] += v": on a list or dict item the compiled
        # core does the second with the generic in-place operation.
        if partners:
            self.sums[0] = self.sums[0] + scores[attack]
            self.sums[1] = self.sums[1] + scores[1 - attack]
        else:
            for side, points in enumerate(scores):
                self.sums[side] = self.sums[side] + points
        self.taker_sum += scores[attack]
        total = sum(scores)
        squares = self.squares
        squares["points"] = squares["points"] + total * total
        squares["taker"] = squares["taker"] + scores[attack] * scores[attack]
        other = total - scores[attack]
        squares["other"] = squares["other"] + other * other
        if result.capot is not None:
            k = 0 if result.capot == attack else 1
            self.capots[k] = self.capots[k] + 1
        rules = result.rules
        if rules is None:
            rules = deal.rules
        if rules.calling_out is not _NO_CALLING_OUT and deal.called_out is not None:
            self.called_out += 1
        declarations = deal.declarations
        scoring = (deal.scoring_declarations or ()) if declarations else ()
        declared = 0
        for declaration in declarations:
            combo = declaration.combination
            name = _NAMES.get(combo.cards.mask)
            if name is None:  # once per combination
                name = _NAMES[combo.cards.mask] = _combination_name(combo.kind_name, combo.rank.text)
            entry = self.announce.setdefault(name, [0, 0, 0])
            entry[0] = entry[0] + 1
            declared += 1
            if _among(declaration, scoring):
                entry[1] = entry[1] + 1
                entry[2] = entry[2] + points_of(combo, rules)
        for _seat in deal.belote_seats:  # several in all-trumps
            entry = self.announce.setdefault("belote", [0, 0, 0])
            entry[0] = entry[0] + 1
            entry[1] = entry[1] + 1
            entry[2] = entry[2] + rules.belote_value
        squares["announcements"] = squares["announcements"] + declared * declared
        self.winners.append(_winner_of(scores))
        self.rows.append((total, _deal_events(result), scores[attack]))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as its fields (worker processes send their sums back to the parent)."""
        return (_restore, (
            len(self.sums), self.deals, self.redeals, self.outcomes, self.capots, self.sums,
            self.taker_sum, self.called_out, self.announce, self.winners, self.squares, self.rows,
        ))

    def merge(self, other: Accumulator, winners: bool = True) -> None:
        """Add ``other``'s sums (the chunk that follows, in deal order)."""
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
        for key, value in other.squares.items():
            self.squares[key] += value
        if winners:
            self.winners.extend(other.winners)
            self.rows.extend(other.rows)


def _restore(
    sides: int, deals: int, redeals: int, outcomes: dict[str, int], capots: list[int],
    sums: list[int], taker_sum: int, called_out: int, announce: dict[str, list[int]],
    winners: list[int], squares: dict[str, int], rows: list[tuple[int, int, int]],
) -> Accumulator:
    """An [Accumulator][belote.experiments.stats.Accumulator] from its pickled fields."""
    acc = Accumulator(sides)
    acc.deals, acc.redeals, acc.outcomes, acc.capots, acc.sums = (
        deals, redeals, outcomes, capots, sums
    )
    acc.taker_sum, acc.called_out, acc.announce = taker_sum, called_out, announce
    acc.winners, acc.squares, acc.rows = winners, squares, rows
    return acc


# --- results ----------------------------------------------------------------------------------


class PairedSums:
    """Per-deck differences of one rules value against another, summed chunk by chunk.

    Fed with the per-deal rows of the same decks under both, each ``(points
    handed out, [`deal_events`][belote.experiments.stats.deal_events] bits, points of the
    taker's side)``; [`effects`][belote.experiments.stats.PairedSums.effects] gives the
    mean difference of each figure with its paired 95% interval.
    """

    FIGURES: Final = ("points", "taker", *EVENTS)
    """The figures compared: the points handed out, the taker's side's, then
    each event of [`EVENTS`][belote.experiments.stats.EVENTS]."""

    def __init__(self) -> None:
        self.deals = 0
        self.sum = dict.fromkeys(self.FIGURES, 0)
        self.squares = dict.fromkeys(self.FIGURES, 0)

    def add(self, first: Sequence[tuple[int, int, int]],
            second: Sequence[tuple[int, int, int]]) -> None:
        """Count the decks of a chunk: ``second``'s rows minus ``first``'s, deck by deck."""
        total, squares = self.sum, self.squares
        for (p0, b0, t0), (p1, b1, t1) in zip(first, second, strict=True):
            self.deals += 1
            d = p1 - p0
            total["points"] += d
            squares["points"] += d * d
            d = t1 - t0
            total["taker"] += d
            squares["taker"] += d * d
            if b0 != b1:
                for name, bit in EVENTS.items():
                    d = bool(b1 & bit) - bool(b0 & bit)
                    total[name] += d
                    squares[name] += d * d

    def effects(self) -> dict[str, Effect]:
        """The mean difference of each figure (points to 2 places, shares to 4), with its interval."""
        return {name: paired_interval(self.sum[name], self.squares[name], self.deals,
                                      2 if name in ("points", "taker") else 4)
                for name in self.FIGURES}


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


def _row(label: str, count: int, deals: int) -> str:
    """A line of the counts table: the count and its share of the played deals."""
    return f"{label:<30}{count:>8}{100 * rate(count, deals):>17.1f}%"


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
        squares: sums over the deals of squared per-deal figures (keys of
            [`SQUARED`][belote.experiments.stats.SQUARED]), for the intervals of the means;
            empty for statistics built without them.
        rules: the variant's rules (``None`` for statistics built by hand),
            so that a plug-in variant never registered needs no look-up by
            name. Not compared.
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
    squares: Mapping[str, int] = attrs.field(factory=dict, repr=False)
    rules: Rules | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def has_contract(self) -> bool:
        """Whether the variant has a contract (attack and defence)."""
        rules = self.rules if self.rules is not None else get_rules(self.variant)
        return rules.has_contract

    @property
    def attack_success_rate(self) -> float:
        """Made contracts per played deal (0 without contract)."""
        return rate(self.outcomes.get("made", 0), self.deals)

    @property
    def failure_rate(self) -> float:
        """Failed contracts (dedans, büs) per played deal."""
        return rate(self.outcomes.get("failed", 0), self.deals)

    @property
    def litige_rate(self) -> float:
        """Litiges per played deal."""
        return rate(self.outcomes.get("litige", 0), self.deals)

    @property
    def capot_rate(self) -> float:
        """Capots (either side) per played deal."""
        return rate(sum(self.capots), self.deals)

    def rate_counts(self) -> dict[str, int]:
        """The counts behind each rate of the played deals (what the intervals are computed from)."""
        return {
            "attack_success_rate": self.outcomes.get("made", 0),
            "failure_rate": self.outcomes.get("failed", 0),
            "litige_rate": self.outcomes.get("litige", 0),
            "capot_rate": sum(self.capots),
            "called_out_rate": self.called_out,
        }

    def intervals(self) -> dict[str, tuple[float, float]]:
        """A 95% interval ([`wilson`][belote.experiments.intervals.wilson]) for each rate of the played deals.

        The rates vary with the decks drawn: with 2,000 decks a rate near 80%
        is known to about ±1.8 points. Keys as [`rate_counts`][belote.experiments.stats.SimulationStats.rate_counts].
        """
        return {name: wilson(count, self.deals) for name, count in self.rate_counts().items()}

    @property
    def mean_other_score(self) -> float:
        """Mean points per deal of the side(s) other than the taker's."""
        return round(self.mean_points - self.mean_taker_score, 2)

    @property
    def announcements_per_deal(self) -> float:
        """Announcements declared per played deal (belote not included)."""
        return rate(sum(a.declared for n, a in self.announcements.items() if n != "belote"),
                    self.deals)

    @property
    def belotes_per_deal(self) -> float:
        """Belotes (king and queen of trump announced) per played deal: at most one a deal."""
        return rate(self.announcements["belote"].declared, self.deals) \
            if "belote" in self.announcements else 0.0

    def mean_intervals(self) -> dict[str, tuple[float, float]]:
        """A 95% interval for each mean per played deal; empty without the sums of squares.

        Keys: ``mean_points``, ``mean_taker_score``, ``mean_other_score``,
        ``announcements_per_deal`` (normal approximation, from the sums of
        squares) and ``belotes_per_deal`` (a share: [`wilson`][belote.experiments.intervals.wilson]).
        """
        if not self.squares:
            return {}
        points, taker = sum(self.score_sums), self.taker_sum
        declared = sum(a.declared for n, a in self.announcements.items() if n != "belote")
        belotes = self.announcements["belote"].declared if "belote" in self.announcements else 0
        squares = self.squares
        return {
            "mean_points": mean_interval(points, squares["points"], self.deals),
            "mean_taker_score": mean_interval(taker, squares["taker"], self.deals),
            "mean_other_score": mean_interval(points - taker, squares["other"], self.deals),
            "announcements_per_deal": mean_interval(declared, squares["announcements"],
                                                    self.deals, 4),
            "belotes_per_deal": wilson(belotes, self.deals),
        }

    @property
    def redeal_rate(self) -> float:
        """Redeals per dealing (played deals plus redeals).

        The text tables show [`redeals_per_deal`][belote.experiments.simulate.SimulationStats.redeals_per_deal].
        """
        return rate(self.redeals, self.deals + self.redeals)

    @property
    def redeals_per_deal(self) -> float:
        """Redeals per played deal: the share the text tables show, like every other rate."""
        return rate(self.redeals, self.deals)

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Mean points per deal: attack and defence, or per seat."""
        return tuple(mean(total, self.deals) for total in self.score_sums)

    @property
    def mean_points(self) -> float:
        """Mean points handed out per deal, all sides together."""
        return mean(sum(self.score_sums), self.deals)

    @property
    def mean_taker_score(self) -> float:
        """Mean points per deal of the taker's side."""
        return mean(self.taker_sum, self.deals)

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
            "ci95": {name: list(bounds) for name, bounds in self.intervals().items()},
            "mean_ci95": {name: list(bounds) for name, bounds in self.mean_intervals().items()},
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
        counts: list[tuple[str, int]] = []
        if self.has_contract:
            counts.append(("contracts made", self.outcomes.get("made", 0)))
            counts.append(("contracts failed", self.outcomes.get("failed", 0)))
            counts.append(("litiges (drawn deals)", self.outcomes.get("litige", 0)))
        else:
            counts.append(("deals played out", self.outcomes.get("played", 0)))
        counts.append(("capots by the attack" if partners else "capots by the taker", self.capots[0]))
        counts.append(
            ("capots by the defence" if partners else "capots by another player", self.capots[1])
        )
        counts.append(("called out / stopped", self.called_out))
        counts.append(("redeals (everyone passed)", self.redeals))
        lines += [_row(label, count, self.deals) for label, count in counts]
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
                    f"{rate(a.declared, self.deals):>18.3f}"
                )
        return "\n".join(lines) + "\n"


def simulation_stats(acc: object, rules: object, players: object, seed: object, bots: object) -> SimulationStats:
    """The [`SimulationStats`][belote.experiments.stats.SimulationStats] of the sums in ``acc``.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``players`` out of 2..8.
    """
    acc = instance(acc, Accumulator, "acc")
    rules = as_rules(rules)
    players, seed = whole(players, "players", 2, 8), whole(seed, "seed")
    bots = instance(bots, str, "bots")
    order = {name: k for k, name in enumerate(_ANNOUNCEMENT_ORDER)}
    names = sorted(acc.announce, key=lambda name: (order.get(name, len(order)), name))
    outcomes = [o.value for o in Outcome if o is not Outcome.REDEAL]
    return SimulationStats(
        variant=spec_of(rules),
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
        squares=dict(acc.squares),
        rules=rules,
    )


