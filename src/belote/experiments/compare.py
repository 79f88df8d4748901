"""Comparing variants: the same decks under several variants, side by side, and the par pass.

[`compare`][belote.experiments.compare.compare] plays the same decks and dealers under
several variants (each deal by [`play_dealing`][belote.experiments.simulate.play_dealing])
and puts their statistics side by side, with matches played from one deck
stream to each variant's target; with ``par`` the first decks are also
played out perfectly after the bots' bidding ([`belote.solver.par`][belote.solver.par]).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Final

import attrs

from belote.agents.guard import BotLimits
from belote.errors import InvalidArgument
from belote.experiments.parallel import chunks
from belote.experiments.parpass import PAR_CHUNK, PAR_COST, par_decks, par_pass
from belote.experiments.simulate import (
    BotSpec,
    Fallbacks,
    Progress,
    Task,
    bots_for,
    bots_name,
    check_table,
    chunk_for,
    run_tasks,
)
from belote.experiments.stats import (
    Accumulator,
    Effect,
    PairedSums,
    SimulationStats,
    effect_text,
    mean,
    mean_interval,
    rate,
    simulation_stats,
    wilson,
)
from belote.rules import Rules, available_variants, get_rules
from belote.rules.checks import instance, sequence
from belote.rules.specs import spec_of

__all__ = ["PAR_CHUNK", "Comparison", "MatchStats", "compare", "default_variants", "par_pass",
           "score_unit"]


# --- comparing ------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class MatchStats:
    """Matches played to a variant's target from a shared deck stream.

    Attributes:
        matches: how many matches were played.
        deals: played deals (redeals excluded) in all matches.
        wins: matches won per side.
        unfinished: matches abandoned after [`MAX_MATCH_DEALS`][belote.experiments.simulate.MAX_MATCH_DEALS] deals.
        winners: per match, the winning side, or -1; empty unless asked for
            (``keep_winners=True``).
        deal_squares: the sum over the matches of their squared deal counts
            (for the interval of the mean).
    """

    matches: int
    deals: int
    wins: tuple[int, ...]
    unfinished: int
    winners: tuple[int, ...] = attrs.field(repr=False)
    deal_squares: int = attrs.field(default=0, repr=False)

    @property
    def mean_deals(self) -> float:
        """Average played deals to finish a match."""
        return mean(self.deals, self.matches)

    @property
    def mean_deals_interval(self) -> tuple[float, float]:
        """The 95% interval of [`mean_deals`][belote.experiments.compare.MatchStats.mean_deals]."""
        return mean_interval(self.deals, self.deal_squares, self.matches)


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
            followed by perfect play ([`par_deal`][belote.solver.par.par_deal]); empty without par.
        par_bots: each variant's statistics of the bots on the same decks; empty without par.
        paired: for each pair of ``different_deal_winner``, the second variant
            minus the first, deck by deck: the mean shift in points handed out
            per played deal and in the made, failed, litige and capot rates,
            each with its paired 95% interval ([`PairedSums`][belote.experiments.stats.PairedSums]).
        winner_intervals: for each pair, the 95% (Wilson) intervals of its
            two "different winner" shares, of the decks and of the matches.
        par_paired: with par, per variant, perfect play minus the bots on the
            same decks: the shift in points handed out and in each rate, with
            its paired interval; empty without par.
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
    paired: Mapping[str, Mapping[str, Effect]] = attrs.field(factory=dict)
    winner_intervals: Mapping[str, tuple[tuple[float, float], tuple[float, float]]] = attrs.field(
        factory=dict)
    par_paired: tuple[Mapping[str, Effect], ...] = ()

    def to_json(self) -> dict[str, object]:
        """The comparison as JSON (what ``belote compare --json`` prints).

        Every mean and rate has its 95% interval: ``ci95`` (rates) and
        ``mean_ci95`` (means) in each variant, ``mean_deals_ci95`` in its
        matches, ``different_winner_ci95`` for the headline shares and
        ``paired`` for the deck-by-deck differences of each pair.
        ``left_out`` names the rows that are 0 for every variant.

        With par figures (``--par``), each variant also has ``"par"``:
        ``{"deals": n, "bots": {...}, "perfect": {...}}``, the statistics of
        the bots and of perfect play on the first ``n`` decks, and the
        document has ``"par_deals"``.
        """
        variants: list[dict[str, object]] = [
            {
                **stats.to_json(),
                "score_unit": score_unit(stats.rules),
                "matches": {
                    "matches": m.matches,
                    "deals": m.deals,
                    "mean_deals": m.mean_deals,
                    "mean_deals_ci95": list(m.mean_deals_interval),
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
            "different_winner_ci95": {
                pair: {"deal": list(deal), "match": list(match)}
                for pair, (deal, match) in self.winner_intervals.items()
            },
            "paired": {pair: {name: effect.to_json() for name, effect in figures.items()}
                       for pair, figures in self.paired.items()},
            "left_out": self.left_out(),
        }
        if self.par:
            doc["par_deals"] = self.par_deals
            for entry, bots, perfect in zip(variants, self.par_bots, self.par, strict=True):
                entry["par"] = {"deals": self.par_deals, "bots": bots.to_json(),
                                "perfect": perfect.to_json()}
            for entry, shifts in zip(variants, self.par_paired, strict=False):
                par_entry = entry["par"]
                assert isinstance(par_entry, dict)
                par_entry["paired"] = {name: e.to_json() for name, e in shifts.items()}
        return doc

    def left_out(self) -> list[str]:
        """The rows of the table left out because they are 0 for every variant."""
        return [label for label, key, contract in _RATE_ROWS
                if not any(s.rate_counts()[key] for s in self.variants
                           if s.has_contract or not contract)]

    def to_text(self) -> str:
        """A side-by-side table for people (what ``belote compare`` prints).

        Every rate is a share of the played deals (redeals are not deals);
        every rate and mean shows half its 95% interval, and a legend line
        says what each row is. Pairs of variants played by the same sides
        get the headline (how often the winner changes) and their
        deck-by-deck differences, with ``≈`` on those the interval cannot
        tell from none; other pairs get a note.
        """
        names = [stats.variant for stats in self.variants]
        width = max(16, *(len(name) + 2 for name in names))
        label_width = 40
        head = f"{'':<{label_width}}" + "".join(f"{name:>{width}}" for name in names)
        lines = [
            f"{self.deals} decks per variant, the same decks and dealers, "
            f"{self.bots} bots, seed {self.seed}",
        ]

        def pct(value: float) -> str:
            return f"{100 * value:.1f}%"

        def half(bounds: tuple[float, float], scale: float = 1.0, places: int = 1) -> str:
            return f"±{scale * (bounds[1] - bounds[0]) / 2:.{places}f}"

        if self.different_deal_winner:  # the headline: how often the rules change who wins
            pair_width = max(30, *(len(pair) + 2 for pair in self.different_deal_winner))
            lines += ["", "Same deck, different winner (share of decks / of matches):",
                      f"  {'':<{pair_width}}{'deal':>8}{'match':>8}"]
            for pair, deal_rate in self.different_deal_winner.items():
                match_rate = self.different_match_winner.get(pair, 0.0)
                lines.append(f"  {pair:<{pair_width}}{pct(deal_rate):>8}{pct(match_rate):>8}")
        lines += [
            "",
            "Rates are shares of the played deals (a redeal, everyone passing, is not a deal),",
            "with the half-width of their 95% interval: the decks drawn move them that much.",
            "",
            head,
        ]
        shown: list[str] = []

        def row(label: str, values: Iterable[str]) -> None:
            shown.append(label)
            lines.append(f"{label:<{label_width}}" + "".join(f"{v:>{width}}" for v in values))

        stats = self.variants
        left_out = self.left_out()
        units = [score_unit(s.rules) for s in stats]
        if set(units) != {"points"}:  # a variant scored in game points (bulgarian): say so
            row("scores in", units)

        def rate_row(label: str, key: str, contract: bool) -> None:
            if label in left_out:
                return
            cells = []
            for s in stats:
                if contract and not s.has_contract:
                    cells.append("-")
                    continue
                bounds = s.intervals()[key]
                cells.append(f"{pct(rate(s.rate_counts()[key], s.deals))} {half(bounds, 100)}")
            row(label, cells)

        def mean_row(label: str, key: str, value: Callable[[SimulationStats], float],
                     places: int) -> None:
            cells = []
            for s in stats:
                bounds = s.mean_intervals().get(key)
                text = f"{value(s):.{places}f}"
                cells.append(f"{text} {half(bounds, 1, places)}" if bounds else text)
            row(label, cells)

        for label, key, contract in _RATE_ROWS[:4]:
            rate_row(label, key, contract)
        row("redeals, per played deal", (pct(s.redeals_per_deal) for s in stats))
        for label, key, contract in _RATE_ROWS[4:]:
            rate_row(label, key, contract)
        mean_row("mean points per played deal", "mean_points", lambda s: s.mean_points, 1)
        mean_row("  of which the taker's side", "mean_taker_score",
                 lambda s: s.mean_taker_score, 1)
        mean_row("  of which the other side(s)", "mean_other_score",
                 lambda s: s.mean_other_score, 1)
        mean_row("announcements per played deal", "announcements_per_deal",
                 lambda s: s.announcements_per_deal, 3)
        mean_row("belotes per played deal", "belotes_per_deal", lambda s: s.belotes_per_deal, 3)
        matches = self.matches
        row(f"played deals per match ({matches[0].matches} matches)" if matches
            else "played deals per match",
            (f"{m.mean_deals:.2f} {half(m.mean_deals_interval, 1, 2)}" if m.matches
             else f"{m.mean_deals:.2f}" for m in matches))
        row("unfinished matches", (str(m.unfinished) for m in matches))
        if left_out:  # after a blank line: the table's rows end above
            lines += ["", f"Left out, 0 for every variant: "
                          f"{', '.join(label.split(',')[0] for label in left_out)}."]
        lines += ["", "What the rows say (more in the docs page \"Comparing variants\"):"]
        for label in shown:
            key = label.split(",")[0].split(" (")[0].strip()
            lines.append(f"  {key:<30}{_LEGEND[key]}")
        lines.append("  ±: half the 95% interval (Wilson's for a rate, from the spread of the "
                     "decks for a mean)")
        if self.paired:
            lines += ["", *self._paired_lines()]
        if any("points" not in figures for figures in self.paired.values()):
            lines += ["", "- (scales): points and game points are not on one scale; the shift "
                      "in points is not given."]
        skipped = self.unpaired()
        if skipped:
            lines.append("")
            lines += [f"Note: {a} and {b} are not compared deck by deck: "
                      f"{sides_a} against {sides_b} have no common winner."
                      for a, sides_a, b, sides_b in skipped]
        if self.par:
            lines += ["", *self._par_lines()]
        return "\n".join(lines) + "\n"

    def _paired_lines(self) -> list[str]:
        """The deck-by-deck differences, a column per pair (the second variant minus the first)."""
        pairs = list(self.paired)
        names = [pair.split(" vs ", 1) for pair in pairs]
        widths = [max(16, len(second) + 5, len(first) + 2) for first, second in names]
        label_width = 24
        rows = (("deal winner changes", "", "share"), ("match winner changes", "", "share"),
                ("points per played deal", "points", "points"),
                ("contracts made", "made", "shift"), ("contracts failed", "failed", "shift"),
                ("litiges", "litige", "shift"), ("capots", "capot", "shift"))
        lines = [
            "Deck by deck, the second variant against the first: the share of decks and of",
            "matches won by another side, then the shift in mean points per played deal and in",
            "each rate (percentage points), each with half its 95% interval (paired for the",
            "shifts); ≈ marks a figure the interval cannot tell from none, 0 one no deck shows.",
            "",
            " " * label_width + "".join(
                f"{first:>{w}}" for (first, _), w in zip(names, widths, strict=True)),
            " " * label_width + "".join(
                f"{'vs ' + second:>{w}}" for (_, second), w in zip(names, widths, strict=True)),
        ]
        columns: list[list[str]] = []
        for pair in pairs:
            figures = self.paired[pair]
            deal_bounds, match_bounds = self.winner_intervals[pair]
            column = [
                effect_text(Effect(self.different_deal_winner[pair], *deal_bounds), "share"),
                effect_text(Effect(self.different_match_winner.get(pair, 0.0), *match_bounds),
                            "share"),
            ]
            column += [effect_text(figures[key], kind) if key in figures else "- (scales)"
                       for _, key, kind in rows[2:]]
            columns.append(column)
        for k, (label, _, _) in enumerate(rows):
            lines.append(f"{label:<{label_width}}" + "".join(
                f"{c[k]:>{w}}" for c, w in zip(columns, widths, strict=True)))
        return lines

    def _par_lines(self) -> list[str]:
        """The par table: the bots and perfect play side by side on the par decks, with intervals."""
        names = [stats.variant for stats in self.par]
        width = max(14, *(len(name) // 2 + 2 for name in names))
        label_width = 40
        lines = [
            f"Perfect play (par) on the first {self.par_deals} decks: the bots' bidding and",
            "declarations, then the cards solved double-dummy from the first lead.",
            "Each figure with half its 95% interval (few decks: wide).",
            "",
            f"{'':<{label_width}}" + "".join(f"{name:>{2 * width}}" for name in names),
            f"{'':<{label_width}}" + f"{'bots':>{width}}{'par':>{width}}" * len(names),
        ]

        def row(label: str, value: Callable[[SimulationStats], str]) -> None:
            cells = "".join(f"{value(b):>{width}}{value(p):>{width}}"
                            for b, p in zip(self.par_bots, self.par, strict=True))
            lines.append(f"{label:<{label_width}}{cells}")

        def rate_cell(key: str, contract: bool) -> Callable[[SimulationStats], str]:
            def cell(s: SimulationStats) -> str:
                if contract and not s.has_contract:
                    return "-"
                low, high = s.intervals()[key]
                share = rate(s.rate_counts()[key], s.deals)
                return f"{100 * share:.1f}% ±{50 * (high - low):.1f}"
            return cell

        def mean_cell(key: str, value: Callable[[SimulationStats], float]) -> Callable[
                [SimulationStats], str]:
            def cell(s: SimulationStats) -> str:
                bounds = s.mean_intervals().get(key)
                text = f"{value(s):.1f}"
                return f"{text} ±{(bounds[1] - bounds[0]) / 2:.1f}" if bounds else text
            return cell

        row("contracts made, per played deal", rate_cell("attack_success_rate", True))
        row("contracts failed, per played deal", rate_cell("failure_rate", True))
        row("litiges, per played deal", rate_cell("litige_rate", True))
        row("capots, per played deal", rate_cell("capot_rate", False))
        row("mean score of the taker's side",
            mean_cell("mean_taker_score", lambda s: s.mean_taker_score))
        row("mean score of the other side(s)",
            mean_cell("mean_other_score", lambda s: s.mean_other_score))
        if self.par_paired:
            lines += ["", "Par minus the bots, deck by deck (paired 95% interval; ≈: cannot be "
                      "told from none):",
                      f"{'':<{label_width}}" + "".join(f"{name:>{2 * width}}" for name in names)]
            for label, key, kind in (("mean score of the taker's side", "taker", "points"),
                                     ("contracts made", "made", "shift"),
                                     ("contracts failed", "failed", "shift"),
                                     ("litiges", "litige", "shift"),
                                     ("capots", "capot", "shift")):
                lines.append(f"{label:<{label_width}}" + "".join(
                    f"{effect_text(shifts[key], kind):>{2 * width}}" for shifts in self.par_paired))
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


_RATE_ROWS: Final = (
    ("contracts made, per played deal", "attack_success_rate", True),
    ("contracts failed, per played deal", "failure_rate", True),
    ("litiges, per played deal", "litige_rate", True),
    ("capots, per played deal", "capot_rate", False),
    ("called out / stopped, per played deal", "called_out_rate", False),
)
"""The rate rows of the table: label, key of the rate, whether only a contract has it."""

_LEGEND: Final = {
    "contracts made": "the taker's side scored what the contract asks",
    "contracts failed": "the taker's side fell short: dedans, büs (the defence scores)",
    "litiges": "equal totals: what the attack would forfeit is held pending",
    "capots": "one side took every trick",
    "redeals": "everyone passed; dealt again (not a deal, so this may pass 100%)",
    "called out / stopped": "a player claimed the target during the deal",
    "scores in": "points; game points: a deal's points in tens (bulgarian), a scale of its own",
    "mean points per played deal": "points a deal hands out, all sides together",
    "of which the taker's side": "the part the taker's side scores",
    "of which the other side(s)": "the part the other side(s) score",
    "announcements per played deal": "combinations declared (runs, carrés), belote apart",
    "belotes per played deal": "king and queen of trump announced",
    "played deals per match": "deals to reach the target, matches dealt from one deck stream",
    "unfinished matches": "matches stopped without a winner after too many deals",
}
"""One line per row of the comparison table: what it counts."""


class _MatchAcc:
    """Match results of one variant, merged chunk by chunk in match order."""

    def __init__(self, sides: int) -> None:
        self.sides = sides
        self.matches = 0
        self.deals = 0
        self.wins = [0] * sides
        self.unfinished = 0
        self.squares = 0
        self.winners: list[int] = []

    def add(self, played: Sequence[tuple[int, int]], keep_winners: bool) -> None:
        for deals, winner in played:
            self.matches += 1
            self.deals += deals
            self.squares += deals * deals
            if winner == -1:
                self.unfinished += 1
            else:
                self.wins[winner] += 1
            if keep_winners:
                self.winners.append(winner)

    def stats(self) -> MatchStats:
        return MatchStats(matches=self.matches, deals=self.deals, wins=tuple(self.wins),
                          unfinished=self.unfinished, winners=tuple(self.winners),
                          deal_squares=self.squares)


def _sides_text(stats: SimulationStats) -> str:
    sides = len(stats.score_sums)
    if sides == 2 and stats.players == 4:
        return "2 teams of 2"
    return f"{stats.players} players"


def score_unit(rules: Rules | None) -> str:
    """What a variant's deal scores count: ``"game points"`` (a strain auction's tens), else ``"points"``.

    Raises:
        InvalidArgumentType: ``rules`` is neither a ``Rules`` nor ``None``.
    """
    if rules is not None:
        rules = instance(rules, Rules, "rules")
    return "game points" if rules is not None and rules.strain_auction else "points"


def default_variants() -> tuple[str, ...]:
    """What ``compare`` plays by default: the four-player variants scored in points, in registry order.

    The French family of a deal worth 162 (``classic``, ``piedicavallo``,
    ``italian751``, ``contree``): four players in two teams, scores in points.
    A variant scored in game points (``bulgarian``: tens, to 151) is on another
    scale and is compared only when named (docs/cli.md#compare).
    """
    return tuple(r.name for r in available_variants()
                 if 4 in r.player_counts and r.partnerships and score_unit(r) == "points")


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
    bot_limits: BotLimits | None = None,
    fallbacks: Fallbacks | None = None,
) -> Comparison:
    """Play the same decks and dealers under each variant and compare the statistics.

    Deal ``i`` has the same deck and dealer under every variant
    (docs/cli.md#conventions). Then ``matches`` matches are played to each variant's
    target: match ``m`` deals its decks from ``random.Random(f"{seed}:match:{m}")``,
    so every variant sees the same deck stream, for as long as its match lasts.

    Args:
        variants: the variants (default: [`default_variants`][belote.experiments.compare.default_variants]).
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
            perfectly after the bots' bidding ([`par_deal`][belote.solver.par.par_deal]),
            for [`Comparison.par`][belote.experiments.compare.Comparison] beside the
            bots' figures on the same decks (``par_bots``); 0 for none.
            Two sides only (not ``french`` with three players).
        bot_limits: how long one decision of a bot may take (as ``simulate``'s).
        fallbacks: counts the decisions an engine's fallback bot took, when given.

    Raises:
        InvalidArgument: a bad count, a variant named twice, unknown bots, or
            par figures for a table of three sides.
        UnknownVariant: no such variant.
    """
    if variants is not None:
        sequence(variants, "variants")
    chosen = [get_rules(v) for v in (variants or default_variants())]
    names = [spec_of(r) for r in chosen]
    if len(set(names)) != len(names):
        raise InvalidArgument(f"a variant is named twice: {' '.join(names)}")
    if players is not None and not any(players in r.player_counts for r in chosen):
        chosen[0].check_players(players)  # raises: no variant is played by that many
    table: list[tuple[Rules, int]] = []
    for rules in chosen:
        # --players applies to the variants that allow that count (docs/cli.md#conventions).
        n = players if players in rules.player_counts else rules.default_players
        table.append(check_table(rules, n, deals))
    name = bots_name(bots)
    match_count = max(1, deals // 10) if matches is None else matches
    if match_count < 0:
        raise InvalidArgument(f"matches must not be negative, not {match_count}")
    for _, n in table:
        bots_for(bots, n)
    par_count = par_decks(par, deals, table)
    size = chunk_for(chunk, deals * len(table), executor)
    # Chunks go out range by range, every variant for each range, so the
    # same-deck comparisons are counted as the chunks come back: nothing is
    # kept per deal, memory stays flat in the number of deals.
    tasks = (
        Task(rules, n, seed, a, b, bots, False, matches=is_match, limits=bot_limits)
        for is_match, count, step in ((False, deals, size),
                                      (True, match_count, max(1, size // 10)))
        for a, b in chunks(count, step)
        for rules, n in table
    )
    bar = (Progress("compare", deals * len(table),
                    stages=((match_count * len(table), MATCH_COST), (par_count * len(table), PAR_COST)))
           if progress else None)
    accs = [Accumulator(r.side_count(n)) for r, n in table]
    match_accs = [_MatchAcc(r.side_count(n)) for r, n in table]
    pairs = [(i, j) for i in range(len(table)) for j in range(i + 1, len(table))
             if table[i][0].side_count(table[i][1]) == table[j][0].side_count(table[j][1]) and table[i][1] == table[j][1]]
    deal_diff = dict.fromkeys(pairs, 0)
    match_diff = dict.fromkeys(pairs, 0)
    paired = {pair: PairedSums() for pair in pairs}
    group: list[tuple[Accumulator, list[tuple[int, int]]]] = []
    try:
        for acc, _, played, (count, reason) in run_tasks(tasks, executor, bar, match_stage=1):
            group.append((acc, played))
            if fallbacks is not None:
                fallbacks.add(count, reason)
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
                paired[i, j].add(group[i][0].rows, group[j][0].rows)
            group = []
        if bar is not None:
            bar.start_stage(2)
        par_sums = [PairedSums() for _ in table]
        par_accs = par_pass(table, seed, par_count, bots, executor, bar, par_sums)
    finally:
        if bar is not None:
            bar.close()
    all_stats = tuple(simulation_stats(acc, r, n, seed, name) for acc, (r, n) in zip(accs, table, strict=True))
    par_bots, par_stats = (
        tuple(tuple(simulation_stats(pair[k], r, n, seed, name)
                    for pair, (r, n) in zip(par_accs, table, strict=True)) for k in (0, 1))
        if par_count else ((), ())
    )
    all_matches = [m.stats() for m in match_accs]
    deal_pairs: dict[str, float] = {}
    match_pairs: dict[str, float] = {}
    pair_figures: dict[str, Mapping[str, Effect]] = {}
    intervals: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
    for i, j in pairs:
        pair = f"{all_stats[i].variant} vs {all_stats[j].variant}"
        deal_pairs[pair] = rate(deal_diff[i, j], deals)
        match_pairs[pair] = rate(match_diff[i, j], match_count) if match_count else 0.0
        figures = dict(paired[i, j].effects())
        if score_unit(table[i][0]) != score_unit(table[j][0]):
            del figures["points"]  # points and game points: no shift between two scales
        pair_figures[pair] = figures
        intervals[pair] = (wilson(deal_diff[i, j], deals), wilson(match_diff[i, j], match_count))
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
        paired=pair_figures,
        winner_intervals=intervals,
        par_paired=tuple(sums.effects() for sums in par_sums) if par_count else (),
    )


# --- the progress bar's guesses ------------------------------------------------------------------

MATCH_COST: Final = 12.0
"""A match's first guess of cost in simulated deals (about a dozen deals), for the progress bar."""
