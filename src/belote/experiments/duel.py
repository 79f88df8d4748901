"""Duplicate duels: two bots play the same decks, each from every side of the table.

Deck ``i`` is the deck (and dealer) of deal ``i`` of a simulation with the same
seed ([`deal_seed`][belote.experiments.simulate.deal_seed]). It is played once per side,
bot A sitting on that side and bot B everywhere else:

- four-player variants: A's team then B's team is team 0 (two plays a deck);
- ``french`` with 2 players: A is seat 0, then seat 1;
- ``french`` with 3 players: A sits in one seat against two B, seat 0, 1, then
  2 (three plays a deck).

The luck of the cards cancels out: what is left is the difference between the
bots. A play's difference is A's score minus the mean score of B's sides; a
deck's difference is the mean over its plays, and the confidence interval is
taken over decks. Everything is summed in whole numbers, so the result is the
same on any executor and with any chunk size.

With ``par=n`` (``belote duel --par``) the first ``n`` decks are also solved:
each play of them is played out again from its first lead by the
double-dummy solver ([`par_deal`][belote.solver.par.par_deal]), keeping the bidding
and the declarations as they happened, and each bot gets its **par gap**
([`ParGap`][belote.experiments.duel.ParGap]): the mean over its plays of its side's par
margin minus the margin its side actually got, in deal points (a side's
margin is its deal score minus the other side's, the solver's value).
Positive means points lost to perfect play. A deal's par is the same for
both sides with the sign changed, so in a table of two sides B's gap is A's
with the sign changed: A's gap is what the cards played (by both sides)
cost A's side against perfect play, and A's mean difference on those decks
is A's par margin (what the bidding and declarations were worth, perfectly
played) minus A's par gap. With ``card_losses`` every card of the solved
plays is also valued against the best card its seat had
([`analyze`][belote.solver.analyze.analyze]), and each bot gets its own card loss
per deal: never negative, and A's par gap is A's card loss minus B's. Two
sides only (``french`` with three players has no single perfect play).

>>> result = duel("classic", "heuristic", "heuristic", deals=10, seed=1)
>>> result.mean_difference
0.0
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Final

import attrs

from belote.agents import Agent as Player
from belote.agents import close_agents
from belote.agents.guard import BotLimits
from belote.agents.registry import make_bot
from belote.errors import InvalidArgument
from belote.experiments.compare import MATCH_COST
from belote.experiments.parallel import chunk_size, chunks, ordered_map
from belote.experiments.parpass import PAR_CHUNK, PAR_COST
from belote.experiments.simulate import Progress
from belote.experiments.stats import Effect, paired_interval
from belote.rules import Rules, get_rules
from belote.rules.checks import instance
from belote.rules.specs import spec_of
from belote.scoring import Outcome

if TYPE_CHECKING:
    from belote.deal import Deal

__all__ = ["DUEL_CHUNK", "DuelResult", "MatchWins", "ParGap", "duel", "par_margins"]

DUEL_CHUNK: Final = 500
"""Decks per chunk handed to an executor (each deck is played two or three times)."""

Z95: Final = 1.959963984540054
"""The 97.5% quantile of the normal distribution (a two-sided 95% interval)."""


def _seat_side(rules: Rules, players: int, seat: int) -> int:
    return seat % 2 if rules.partnerships and players == 4 else seat


@attrs.frozen
class _Chunk:
    rules: Rules
    players: int
    seed: int
    start: int
    stop: int
    bot_a: str
    bot_b: str
    matches: bool = False
    limits: BotLimits | None = None


@attrs.define
class _Sums:
    """Whole-number sums over decks (or matches), merged chunk by chunk."""

    decks: int = 0
    total: int = 0  # sum over decks of D, D = sides * (sides - 1) * the deck's difference
    squares: int = 0  # sum of D * D
    won_a: int = 0
    won_b: int = 0
    equal: int = 0
    redeals: int = 0
    matches: int = 0
    match_a: int = 0
    match_b: int = 0
    unfinished: int = 0
    fallbacks_a: int = 0  # decisions a fallback bot took for a failed engine of A
    fallbacks_b: int = 0

    def merge(self, other: _Sums) -> None:
        _add_fields(self, other)


@attrs.frozen
class _ParChunk:
    rules: Rules
    players: int
    seed: int
    start: int
    stop: int
    bot_a: str
    bot_b: str
    card_losses: bool = False
    limits: BotLimits | None = None


@attrs.define
class _ParSums:
    """Whole-number sums of the par pass over decks, merged chunk by chunk.

    Per deck, ``G`` is the sum over its plays of A's side's par margin minus
    its actual margin (B's is the sum over the plays and B's sides), and
    ``P`` the sum of A's par margins; with card losses, ``L`` the sum over
    the plays of the losses of the cards A's (B's) seats played.
    """

    decks: int = 0
    gap_a: int = 0
    squares_a: int = 0
    gap_b: int = 0
    squares_b: int = 0
    par_a: int = 0
    par_squares_a: int = 0
    loss_a: int = 0
    loss_squares_a: int = 0
    loss_b: int = 0
    loss_squares_b: int = 0

    def merge(self, other: _ParSums) -> None:
        _add_fields(self, other)


def _add_fields(into: _Sums | _ParSums, other: _Sums | _ParSums) -> None:
    """Add each whole-number field of ``other`` to the same field of ``into`` (one class)."""
    for field in attrs.fields(type(into)):
        setattr(into, field.name, getattr(into, field.name) + getattr(other, field.name))


def par_margins(deal: Deal) -> tuple[tuple[int, int], tuple[int, int]]:
    """The par margin and the actual margin of each side of a played deal of two sides.

    A side's margin is its deal score minus the other side's. The par
    margins come from [`par_deal`][belote.solver.par.par_deal]: the double-dummy
    solver's value from the first lead, the bidding and declarations as they
    happened; the actual margins from the deal's own result. A side's par gap
    on the deal is its par margin minus its actual margin.

    Args:
        deal: a finished [`Deal`][belote.deal.Deal] with two sides.

    Returns:
        ``((par of side 0, par of side 1), (actual of side 0, actual of side 1))``.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
        InvalidArgument: the deal is not over, was a redeal, or has not two sides.
    """
    from belote.deal import Deal
    from belote.solver.par import par_deal

    if not instance(deal, Deal, "deal").is_over or deal.sides != 2:
        raise InvalidArgument("par margins need a finished deal of two sides")
    _, _, solution = par_deal(deal)
    par = solution.value if solution.side == 0 else -solution.value
    scores = deal.result.scores
    return (par, -par), (scores[0] - scores[1], scores[1] - scores[0])


def _run_par_chunk(chunk: _ParChunk) -> _ParSums:
    """Play a chunk of decks once per side and solve each play; a pure function of ``chunk``."""
    rules, players = chunk.rules, chunk.players
    base = _Chunk(rules, players, chunk.seed, chunk.start, chunk.stop, chunk.bot_a, chunk.bot_b,
                  limits=chunk.limits)
    sides = rules.side_count(players)
    seatings = [_seating(base, side) for side in range(sides)]
    try:
        return _play_par_chunk(chunk, seatings)
    finally:
        for bots in seatings:
            close_agents(bots)


def _play_par_chunk(chunk: _ParChunk, seatings: list[list[Player]]) -> _ParSums:
    from belote.experiments.simulate import play_dealing
    from belote.solver.analyze import analyze

    rules, players = chunk.rules, chunk.players
    sums = _ParSums()
    for index in range(chunk.start, chunk.stop):
        gap_a = gap_b = par_a = loss_a = loss_b = 0
        for side, bots in enumerate(seatings):
            deal, _, _ = play_dealing(rules, players, chunk.seed, index, bots, None)
            if chunk.card_losses:
                for seat, loss in analyze(deal, bidding=False).total_loss.items():
                    if deal.side(seat) == side:
                        loss_a += loss
                    else:
                        loss_b += loss
            pars, actuals = par_margins(deal)
            for k, (par, actual) in enumerate(zip(pars, actuals, strict=True)):
                if k == side:
                    gap_a += par - actual
                    par_a += par
                else:
                    gap_b += par - actual
        sums.decks += 1
        sums.gap_a += gap_a
        sums.squares_a += gap_a * gap_a
        sums.gap_b += gap_b
        sums.squares_b += gap_b * gap_b
        sums.par_a += par_a
        sums.par_squares_a += par_a * par_a
        sums.loss_a += loss_a
        sums.loss_squares_a += loss_a * loss_a
        sums.loss_b += loss_b
        sums.loss_squares_b += loss_b * loss_b
    return sums


def _seating(chunk: _Chunk, side: int) -> list[Player]:
    """A fresh bot per seat: A on ``side``, B elsewhere."""
    return [make_bot(chunk.bot_a if _seat_side(chunk.rules, chunk.players, s) == side
                     else chunk.bot_b, seat=s, limits=chunk.limits) for s in range(chunk.players)]


def _run_chunk(chunk: _Chunk) -> _Sums:
    """Play a chunk of decks (or of matches), each once per side; a pure function of ``chunk``."""
    rules, players = chunk.rules, chunk.players
    sides = rules.side_count(players)
    seatings = [_seating(chunk, side) for side in range(sides)]
    try:
        sums = _play_chunk(chunk, seatings)
    finally:
        for bots in seatings:
            close_agents(bots)
    for side, bots in enumerate(seatings):
        for seat, bot in enumerate(bots):
            count = getattr(bot, "fallbacks", 0)
            if _seat_side(rules, players, seat) == side:
                sums.fallbacks_a += count
            else:
                sums.fallbacks_b += count
    return sums


def _play_chunk(chunk: _Chunk, seatings: list[list[Player]]) -> _Sums:
    from belote.experiments.simulate import (  # the one way a deal is played
        play_dealing,
        play_match_to_target,
    )

    rules, players = chunk.rules, chunk.players
    sides = rules.side_count(players)
    sums = _Sums()
    for index in range(chunk.start, chunk.stop):
        if chunk.matches:
            for side, bots in enumerate(seatings):
                _, winner = play_match_to_target(rules, players, chunk.seed, index, bots)
                sums.matches += 1
                if winner == -1:
                    sums.unfinished += 1
                elif winner == side:
                    sums.match_a += 1
                else:
                    sums.match_b += 1
            continue
        deck = 0
        for side, bots in enumerate(seatings):
            _, result, redeals = play_dealing(rules, players, chunk.seed, index, bots, None)
            assert result.outcome is not Outcome.REDEAL
            sums.redeals += redeals
            scores = result.scores
            mine = scores[side]
            others = [s for k, s in enumerate(scores) if k != side]
            deck += (sides - 1) * mine - sum(others)
            best_other = max(others)
            if mine > best_other:
                sums.won_a += 1
            elif mine < best_other:
                sums.won_b += 1
            else:
                sums.equal += 1
        sums.decks += 1
        sums.total += deck
        sums.squares += deck * deck
    return sums


@attrs.frozen(kw_only=True)
class MatchWins:
    """Matches played to the target from the same deck streams, once per side.

    Attributes:
        matches: matches played (the match streams times the sides).
        wins_a: matches bot A's side won.
        wins_b: matches a side of bot B won.
        unfinished: matches abandoned without a winner.
    """

    matches: int
    wins_a: int
    wins_b: int
    unfinished: int


@attrs.frozen(kw_only=True)
class ParGap:
    """Each bot's par gap on the decks also solved (``duel(..., par=n)``).

    Values are in deal points per played deal, in margins (a side's deal
    score minus the other side's, the double-dummy solver's value), each
    with its 95% interval over decks ([`Effect`][belote.experiments.intervals.Effect]).

    Attributes:
        deals: the decks solved (the first ones of the duel), each once per side.
        a: bot A's par gap: the mean over its plays of its side's par margin
            minus its actual margin; positive = points lost to perfect play.
        b: bot B's par gap, the same over B's sides (A's with the sign
            changed in a table of two sides: a deal's par is zero-sum).
        par_difference: A's mean par margin: A's side minus B's when the
            bidding and declarations of each play are kept and the cards are
            played perfectly. The duel's difference on these decks is this
            minus A's par gap.
        card_loss: with ``card_losses``, each bot's own mean loss per deal,
            ``(A's, B's)``: the losses of the cards its seats played, each
            against the best card the seat had ([`analyze`][belote.solver.analyze.analyze]),
            added up per play. Never negative; A's par gap is A's card loss
            minus B's.
    """

    deals: int
    a: Effect
    b: Effect
    par_difference: Effect
    card_loss: tuple[Effect, Effect] | None = None

    def to_json(self) -> dict[str, object]:
        """``{"deals": n, "a": {"value", "ci95"}, "b": {...}, "par_difference": {...}}``.

        With card losses, also ``"card_loss": {"a": {...}, "b": {...}}``.
        """
        doc: dict[str, object] = {
            "deals": self.deals, "a": self.a.to_json(), "b": self.b.to_json(),
            "par_difference": self.par_difference.to_json(),
        }
        if self.card_loss is not None:
            doc["card_loss"] = {"a": self.card_loss[0].to_json(), "b": self.card_loss[1].to_json()}
        return doc


def _per_deal(total: int, squares: int, decks: int, plays: int) -> Effect:
    """The mean per play of per-deck sums over ``plays`` plays, with its 95% interval over decks."""
    deck = paired_interval(total, squares, decks, 4)
    return Effect(round(deck.value / plays, 3), round(deck.low / plays, 3),
                  round(deck.high / plays, 3))


@attrs.frozen(kw_only=True)
class DuelResult:
    """The outcome of a duplicate duel.

    Attributes:
        variant: the variant's name.
        players: the number of players.
        bot_a: bot A's spec.
        bot_b: bot B's spec.
        deals: decks played (each once per side).
        seed: the seed.
        plays_per_deal: how many times each deck is played (the number of sides).
        mean_difference: A's score minus B's, per deal, averaged over every play.
        ci95: a 95% confidence interval of ``mean_difference`` over decks
            (normal approximation); ``None`` with fewer than two decks.
        won_a: plays where A's side scored more than every other side.
        won_b: plays where a side of B scored more than A's side.
        equal: plays where A's side tied for the best score.
        redeals: dealings where everyone passed, over all plays.
        matches: match wins when asked for.
        par_gap: each bot's par gap on the first decks, when asked for.
        fallbacks: decisions taken by a fallback bot because an engine
            failed, ``(A's, B's)`` (an ``engine:`` spec with ``fallback=``,
            docs/engines.md#errors).
    """

    variant: str
    players: int
    bot_a: str
    bot_b: str
    deals: int
    seed: int
    plays_per_deal: int
    mean_difference: float
    ci95: tuple[float, float] | None
    won_a: int
    won_b: int
    equal: int
    redeals: int
    matches: MatchWins | None = None
    par_gap: ParGap | None = None
    fallbacks: tuple[int, int] = (0, 0)

    @property
    def plays(self) -> int:
        """Deals played in all (decks times plays per deck)."""
        return self.deals * self.plays_per_deal

    def to_json(self) -> dict[str, object]:
        """The result as JSON (what ``belote duel --json`` prints)."""
        doc: dict[str, object] = {
            "variant": self.variant,
            "players": self.players,
            "bot_a": self.bot_a,
            "bot_b": self.bot_b,
            "deals": self.deals,
            "seed": self.seed,
            "plays_per_deal": self.plays_per_deal,
            "mean_difference": self.mean_difference,
            "ci95": list(self.ci95) if self.ci95 is not None else [None, None],
            "deals_won": {
                "a": _share(self.won_a, self.plays),
                "b": _share(self.won_b, self.plays),
                "equal": _share(self.equal, self.plays),
            },
            "redeals": self.redeals,
        }
        if self.matches is not None:
            m = self.matches
            doc["matches"] = {"matches": m.matches, "wins_a": m.wins_a, "wins_b": m.wins_b,
                              "unfinished": m.unfinished}
        if self.par_gap is not None:
            doc["par_gap"] = self.par_gap.to_json()
        if any(self.fallbacks):
            doc["fallbacks"] = {"a": self.fallbacks[0], "b": self.fallbacks[1]}
        return doc

    def to_text(self) -> str:
        """The result for people (what ``belote duel`` prints)."""
        a, b = self.bot_a, self.bot_b
        lines = [
            f"{self.variant} duel, {self.players} players: {a} (A) against {b} (B), "
            f"{self.deals} decks each played {self.plays_per_deal} times "
            f"(A on every side), seed {self.seed}",
            "",
        ]
        if self.ci95 is None:
            interval = "no confidence interval with one deck"
        else:
            interval = f"95% confidence interval [{self.ci95[0]:+.2f}, {self.ci95[1]:+.2f}]"
        lines.append(f"mean score difference per deal, A minus B: "
                     f"{self.mean_difference:+.2f} ({interval})")
        lines.append(f"deals won: A {100 * _share(self.won_a, self.plays):.1f}%, "
                     f"B {100 * _share(self.won_b, self.plays):.1f}%, "
                     f"tied {100 * _share(self.equal, self.plays):.1f}% "
                     f"(of {self.plays} played deals)")
        if self.matches is not None:
            m = self.matches
            lines.append(f"matches won: A {m.wins_a}, B {m.wins_b}, unfinished {m.unfinished} "
                         f"(of {m.matches})")
        if self.par_gap is not None:
            lines += self._par_lines(self.par_gap)
        if any(self.fallbacks):
            lines.append(f"engine failures, decisions taken by the fallback bot: "
                         f"A {self.fallbacks[0]}, B {self.fallbacks[1]}")
        return "\n".join(lines) + "\n"

    def _par_lines(self, gap: ParGap) -> list[str]:
        """The par gap lines: one per bot, then A's par difference."""
        def shown(effect: Effect) -> str:
            if gap.deals < 2:
                return f"{effect.value:+.2f} (no confidence interval with one deck)"
            return (f"{effect.value:+.2f} (95% confidence interval "
                    f"[{effect.low:+.2f}, {effect.high:+.2f}])")

        return [
            "",
            f"par gap per deal, the first {gap.deals} decks solved from each play's first lead",
            "(points lost to perfect play, as the side's score minus the other side's):",
            f"  A {self.bot_a}: {shown(gap.a)}",
            f"  B {self.bot_b}: {shown(gap.b)}",
            f"par difference per deal, A minus B (bidding kept, cards played perfectly): "
            f"{shown(gap.par_difference)}",
            *([] if gap.card_loss is None else [
                "card loss per deal, each card against the best one its seat had (always >= 0):",
                f"  A {self.bot_a}: {shown(gap.card_loss[0])}",
                f"  B {self.bot_b}: {shown(gap.card_loss[1])}",
            ]),
        ]


def _share(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def duel(
    rules: Rules | str,
    bot_a: str,
    bot_b: str,
    deals: int,
    seed: int = 1,
    players: int | None = None,
    executor: Executor | None = None,
    *,
    matches: int = 0,
    chunk: int | None = None,
    progress: bool = False,
    par: int = 0,
    card_losses: bool = False,
    bot_limits: BotLimits | None = None,
) -> DuelResult:
    """Play ``deals`` decks once per side, bot A on that side, bot B elsewhere.

    Args:
        rules: the variant (value or name).
        bot_a: bot A's spec (``"heuristic"``, ``"pimc:samples=20"``, see
            [`make_bot`][belote.agents.registry.make_bot]).
        bot_b: bot B's spec.
        deals: decks to play.
        seed: the seed; deck ``i`` depends only on ``(seed, i)``.
        players: the number of players (default: the variant's).
        executor: runs chunks of decks; the result does not depend on it.
        matches: also play this many match deck streams to the target, once per side.
        chunk: decks per chunk (default [`DUEL_CHUNK`][belote.experiments.duel.DUEL_CHUNK]).
        progress: show a progress bar on standard error when it is a terminal
            (decks, match streams and solved decks done, out of all of them,
            each stage weighed by its time per unit).
        par: also solve the first ``par`` decks (at most ``deals``), each
            play of them from its first lead, for each bot's par gap
            ([`ParGap`][belote.experiments.duel.ParGap]); 0 for none. Two sides only.
        card_losses: with ``par``, also value every card of the solved plays
            against the best card its seat had, for each bot's own card loss
            (much more solving: every position of the deal is solved).
        bot_limits: how long one decision of a bot may take: a warning, and
            a stop ([`BotLimits`][belote.agents.guard.BotLimits]); a bot from
            outside ``belote`` is warned about after 5 s by default.

    Raises:
        InvalidArgument: a bad count, an unknown bot or a bad bot option, a
            par gap asked for a table of three sides, or card losses without
            ``par``.
        UnknownVariant: no such variant.
    """
    rules = get_rules(rules)
    for name, value in (("deals", deals), ("matches", matches), ("par", par)):
        if isinstance(value, bool) or not isinstance(value, int) or value < (name == "deals"):
            raise InvalidArgument(f"{name} must be a {'positive' if name == 'deals' else 'non-negative'} "
                                  f"whole number, not {value!r}")
    n = rules.default_players if players is None else rules.check_players(players)
    if par and rules.side_count(n) != 2:
        raise InvalidArgument(f"a par gap needs two sides; {rules.name} with {n} players has "
                              f"{rules.side_count(n)} (no single perfect play)")
    par = min(par, deals)
    if card_losses and not par:
        raise InvalidArgument("card losses are counted on the decks solved: ask for a par gap too")
    size = chunk_size(deals, executor, DUEL_CHUNK) if chunk is None else chunk
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidArgument(f"chunk must be a positive whole number, not {size!r}")
    make_bot(bot_a, seat=0), make_bot(bot_b, seat=1)  # bad names are refused here, not on a worker

    def tasks() -> Iterator[_Chunk]:  # lazily, twice: a billion decks are never held at once
        for is_match, count, step in ((False, deals, size), (True, matches, max(1, size // 10))):
            for a, b in chunks(count, step):
                yield _Chunk(rules, n, seed, a, b, bot_a, bot_b, is_match, limits=bot_limits)

    sums = _Sums()
    par_sums = _ParSums()
    bar = (Progress(f"duel {spec_of(rules)}", deals,
                    stages=((matches, MATCH_COST), (par, PAR_COST))) if progress else None)
    try:
        for task, part in zip(tasks(), ordered_map(_run_chunk, tasks(), executor), strict=True):
            sums.merge(part)
            if bar is not None:
                bar.step(task.stop - task.start, 1 if task.matches else 0)
        if par:
            par_size = chunk_size(par, executor, PAR_CHUNK) if chunk is None else min(chunk, PAR_CHUNK)

            def par_tasks() -> Iterator[_ParChunk]:
                for a, b in chunks(par, par_size):
                    yield _ParChunk(rules, n, seed, a, b, bot_a, bot_b, card_losses, bot_limits)

            if bar is not None:
                bar.start_stage(2)
            for par_task, par_part in zip(par_tasks(), ordered_map(_run_par_chunk, par_tasks(),
                                                                   executor), strict=True):
                par_sums.merge(par_part)
                if bar is not None:
                    bar.step(par_task.stop - par_task.start, 2)
    finally:
        if bar is not None:
            bar.close()
    sides = rules.side_count(n)
    scale = sides * (sides - 1)
    mean = sums.total / (deals * scale)
    ci: tuple[float, float] | None = None
    if deals > 1:
        # The sample variance of the decks' differences, from exact whole-number sums.
        variance = (sums.squares - sums.total * sums.total / deals) / (deals - 1) / scale**2
        half = Z95 * math.sqrt(max(variance, 0.0) / deals)
        ci = (round(mean - half, 3), round(mean + half, 3))
    return DuelResult(
        variant=spec_of(rules),
        players=n,
        bot_a=bot_a,
        bot_b=bot_b,
        deals=deals,
        seed=seed,
        plays_per_deal=sides,
        mean_difference=round(mean, 3),
        ci95=ci,
        won_a=sums.won_a,
        won_b=sums.won_b,
        equal=sums.equal,
        redeals=sums.redeals,
        matches=MatchWins(matches=sums.matches, wins_a=sums.match_a, wins_b=sums.match_b,
                          unfinished=sums.unfinished) if matches else None,
        par_gap=ParGap(
            deals=par,
            a=_per_deal(par_sums.gap_a, par_sums.squares_a, par, sides),
            b=_per_deal(par_sums.gap_b, par_sums.squares_b, par, sides * (sides - 1)),
            par_difference=_per_deal(par_sums.par_a, par_sums.par_squares_a, par, sides),
            card_loss=(
                _per_deal(par_sums.loss_a, par_sums.loss_squares_a, par, sides),
                _per_deal(par_sums.loss_b, par_sums.loss_squares_b, par, sides * (sides - 1)),
            ) if card_losses else None,
        ) if par else None,
        fallbacks=(sums.fallbacks_a, sums.fallbacks_b),
    )
