"""Duplicate duels: two bots play the same decks, each from every side of the table.

Deck ``i`` is the deck (and dealer) of deal ``i`` of a simulation with the same
seed ([`deal_seed`][belote.simulate.deal_seed]). It is played once per side,
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

>>> result = duel("classic", "heuristic", "heuristic", deals=10, seed=1)
>>> result.mean_difference
0.0
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Final, TextIO

import attrs

from belote.agents import Agent as Player
from belote.errors import InvalidArgument
from belote.parallel import chunk_size, chunks, ordered_map
from belote.registry import make_bot
from belote.rules import Rules, get_rules
from belote.scoring import Outcome
from belote.simulate import Progress
from belote.specs import spec_of

__all__ = ["DUEL_CHUNK", "DuelResult", "MatchWins", "duel", "duel_command"]

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

    def merge(self, other: _Sums) -> None:
        for field in attrs.fields(_Sums):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))


def _seating(chunk: _Chunk, side: int) -> list[Player]:
    """A fresh bot per seat: A on ``side``, B elsewhere."""
    return [make_bot(chunk.bot_a if _seat_side(chunk.rules, chunk.players, s) == side
                     else chunk.bot_b) for s in range(chunk.players)]


def _run_chunk(chunk: _Chunk) -> _Sums:
    """Play a chunk of decks (or of matches), each once per side; a pure function of ``chunk``."""
    from belote.simulate import play_dealing, play_match_to_target  # the one way a deal is played

    rules, players = chunk.rules, chunk.players
    sides = rules.side_count(players)
    seatings = [_seating(chunk, side) for side in range(sides)]
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
        return "\n".join(lines) + "\n"


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
) -> DuelResult:
    """Play ``deals`` decks once per side, bot A on that side, bot B elsewhere.

    Args:
        rules: the variant (value or name).
        bot_a: bot A's spec (``"heuristic"``, ``"pimc:samples=20"``, see
            [`make_bot`][belote.registry.make_bot]).
        bot_b: bot B's spec.
        deals: decks to play.
        seed: the seed; deck ``i`` depends only on ``(seed, i)``.
        players: the number of players (default: the variant's).
        executor: runs chunks of decks; the result does not depend on it.
        matches: also play this many match deck streams to the target, once per side.
        chunk: decks per chunk (default [`DUEL_CHUNK`][belote.duel.DUEL_CHUNK]).
        progress: show a progress bar on standard error when it is a terminal
            (decks and match streams done, out of all of them).

    Raises:
        InvalidArgument: a bad count, an unknown bot or a bad bot option.
        UnknownVariant: no such variant.
    """
    rules = get_rules(rules)
    for name, value in (("deals", deals), ("matches", matches)):
        if isinstance(value, bool) or not isinstance(value, int) or value < (name == "deals"):
            raise InvalidArgument(f"{name} must be a {'positive' if name == 'deals' else 'non-negative'} "
                                  f"whole number, not {value!r}")
    n = rules.default_players if players is None else rules.check_players(players)
    size = chunk_size(deals, executor, DUEL_CHUNK) if chunk is None else chunk
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidArgument(f"chunk must be a positive whole number, not {size!r}")
    make_bot(bot_a), make_bot(bot_b)  # bad names are refused here, not on a worker
    tasks = [
        _Chunk(rules, n, seed, a, b, bot_a, bot_b, is_match)
        for is_match, count, step in ((False, deals, size), (True, matches, max(1, size // 10)))
        for a, b in chunks(count, step)
    ]
    sums = _Sums()
    bar = Progress(f"duel {spec_of(rules)}", deals + matches) if progress else None
    try:
        for task, part in zip(tasks, ordered_map(_run_chunk, iter(tasks), executor), strict=True):
            sums.merge(part)
            if bar is not None:
                bar.step(task.stop - task.start)
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
    )


def duel_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote duel``: print a duplicate duel's result (text, or JSON with ``--json``).

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line).
    """
    from belote.commands import with_executor

    rules = get_rules(args.variant)
    matches = 0
    if args.matches is not None:
        matches = args.matches if args.matches > 0 else max(1, args.deals // 10)

    def run(executor: Executor | None) -> DuelResult:
        return duel(rules, args.bot_a, args.bot_b, args.deals, args.seed, args.players,
                    executor, matches=matches, progress=True)

    make: Callable[[Executor | None], object] = run
    result = with_executor(args.jobs, make, args.dask)
    assert isinstance(result, DuelResult)
    if args.json:
        json.dump(result.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(result.to_text())
    return 0
