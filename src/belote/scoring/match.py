"""Deals to a target: match totals, pending litige points, the winner (rules §8, docs/rules.md#match).

A [`Match`][belote.scoring.match.Match] accumulates [`DealResult`][belote.scoring.result.DealResult] values. It
holds the points pending after a litige, which are what the next deal's
[`score_tally`][belote.scoring.pipeline.score_tally] receives as ``pending``, and it says who
won:

- a result with ``match_winner`` set (calling out, "j'arrête", an 8-card run
  shown) ends the match at once;
- a result with ``stopped_by`` set ("j'arrête" from a tally) ends it too: the
  player who stopped wins when his total reaches the target, else he loses;
- otherwise, after a deal, the side with the single highest total wins if it
  reaches the target ([`reached_target`][belote.rules.model.Rules.reached_target]); when two
  sides share that highest total, another deal is played. With
  [`both_over_target`][belote.rules.model.Rules.both_over_target] ``PLAY_ON``, a deal that
  takes two sides past the target together is followed by one more deal.

Pending points left when the match ends are lost (rules §7.4, docs/rules.md#pending-litige-points).

>>> from belote.cards import Suit
>>> from belote.rules import get_rules
>>> from belote.scoring import Tally
>>> match = Match(get_rules("classic"), target=200)
>>> for card_points in ((142, 10), (142, 10)):
...     tally = Tally(taker=0, trump=Suit.HEARTS, tricks=(7, 1),
...                   card_points=card_points, last_trick=0)
...     _ = match.score(tally)
>>> match.totals, match.winner, match.is_over
((304, 20), 0, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from belote.cards import Card
from belote.errors import InvalidArgument, InvalidTally
from belote.rules import BothOverTarget, CallingOut, DealerRotation, Rules, checks
from belote.rules.knobs import RANGES
from belote.scoring.pipeline import score_tally, side_of
from belote.scoring.result import DealResult, Outcome
from belote.scoring.tally import Tally, side_count

__all__ = ["Match", "MatchResult", "dealer_draw", "next_dealer", "score_match"]


def next_dealer(
    rules: Rules, players: int, dealer: int, result: DealResult,
    deck: Sequence[Card] | None = None,
) -> int:
    """Who deals after a deal that ended with ``result`` (rules §2, docs/rules.md#dealing).

    ``NEXT_SEAT``: the seat after the dealer (000, 002). ``WINNER_DEALS``
    with two players (and with three when ``rules.winner_deals_with_three``):
    after a deal where everyone passed the next seat deals; else the one who
    scored most deals (001, 003); **[reading]** when the best score is shared
    the dealer deals again. ``RANDOM``: a seat drawn at random after every
    deal, a redeal included (docs/bulgarian.md#disputes); the draw is seeded
    by the deal just played, its ``deck`` and dealer, so the dealers of a
    match follow from its seed and a match record's replay checks them.
    Otherwise the next seat.

    >>> from belote.rules import get_rules
    >>> from belote.scoring import redeal_result
    >>> next_dealer(get_rules("french"), 2, 0, redeal_result(get_rules("french"), 0, 2))
    1

    Args:
        rules: the variant.
        players: the number of players.
        dealer: who dealt the deal just played.
        result: its result.
        deck: its deck order, top first (``Deal.deck``); needed, and read,
            only by ``RANDOM``.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a player count or dealer out of range; no ``deck``
            for ``RANDOM``.
    """
    rules = checks.as_rules(rules)
    players = checks.whole(players, "players", 2, 4)
    dealer = checks.seat(dealer, players, "dealer")
    result = checks.instance(result, DealResult, "result")
    rotation = rules.dealer_rotation
    if rotation is DealerRotation.RANDOM:
        return dealer_draw(players, dealer, deck)
    winner_deals = rotation is DealerRotation.WINNER_DEALS and (
        players == 2 or (players == 3 and rules.winner_deals_with_three)
    )
    if not winner_deals or result.outcome is Outcome.REDEAL:
        return (dealer + 1) % players
    best = max(result.scores)
    leaders = [side for side, score in enumerate(result.scores) if score == best]
    return leaders[0] if len(leaders) == 1 else dealer


def dealer_draw(players: int, dealer: int, deck: Sequence[Card] | None) -> int:
    """The seat ``DealerRotation.RANDOM`` draws to deal after the deal ``dealer`` dealt from ``deck``.

    A uniform draw among the ``players`` seats from a `random.Random`
    seeded with the deck's cards and the dealer: the same deal always draws
    the same seat (docs/bulgarian.md#disputes).

    Raises:
        InvalidArgument: no deck, or not one of 32 cards.
        InvalidArgumentType: an item that is not a card.
    """
    if deck is None:
        raise InvalidArgument(
            "knob dealer_rotation: random draws the next dealer from the deal just played: "
            "give its deck"
        )
    cards = checks.sequence(deck, "deck")
    if len(cards) != 32:
        raise InvalidArgument(f"deck: expected the 32 cards of the deal, not {len(cards)}")
    words = [str(checks.instance(card, Card, f"deck[{k}]")) for k, card in enumerate(cards)]
    return random.Random(f"dealer:{dealer}:{' '.join(words)}").randrange(players)


@attrs.frozen(kw_only=True)
class MatchResult:
    """A finished (or abandoned) match of tallies.

    Attributes:
        variant: the variant's name.
        target: the target that was played to.
        deals: every deal's result, in order.
        totals: each side's match score.
        pending: litige points still waiting when the deals ran out (lost if
            the match is over).
        winner: the winning side, or ``None`` while nobody has won.
        end_reason: why the match ended, or ``None``.
    """

    variant: str
    target: int
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    pending: int
    winner: int | None
    end_reason: str | None = None


class Match:
    """A match in progress: totals, pending points and the winner.

    Args:
        rules: the variant.
        target: the target score; the variant's own by default.
        players: the number of players; the variant's default by default.

    Raises:
        InvalidArgument: the variant does not allow that many players, or
            the target is not from 1 to 10,000 (the knob ``target``'s range).
    """

    def __init__(
        self, rules: Rules | str, target: int | None = None, players: int | None = None
    ) -> None:
        rules = checks.as_rules(rules)
        self.rules = rules
        checks.whole_or_none(players, "players")
        self.players = rules.check_players(rules.default_players if players is None else players)
        self.target = rules.target if target is None else checks.whole(target, "target")
        top = RANGES["target"].high
        if not 1 <= self.target <= top:
            raise InvalidArgument(f"a match target is a whole number from 1 to {top} (the range "
                                  f"of the knob target), not {checks.shown(self.target)}")
        self._totals = [0] * side_count(rules, self.players)
        self._results: list[DealResult] = []
        self._pending = 0
        self._winner: int | None = None
        self._end_reason: str | None = None
        self._overtime = False  # BothOverTarget.PLAY_ON: one more deal is being played

    # --- queries --------------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's match score so far."""
        return tuple(self._totals)

    @property
    def pending(self) -> int:
        """Litige points waiting: pass them as ``pending`` to the next deal's scoring."""
        return self._pending

    @property
    def winner(self) -> int | None:
        """The side that won the match, or ``None``."""
        return self._winner

    @property
    def end_reason(self) -> str | None:
        """Why the match ended (``"target"``, ``"8-card run shown"``, ...), or ``None``."""
        return self._end_reason

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self._winner is not None

    @property
    def results(self) -> tuple[DealResult, ...]:
        """The results added so far, in order."""
        return tuple(self._results)

    def reached(self, side: int, extra: int = 0) -> bool:
        """Whether ``side``'s total plus ``extra`` reaches the target.

        The deal engine asks this when a player calls out (rules §8.1, docs/rules.md#calling-out; rules §8.2, docs/rules.md#j-arrete).

        Raises:
            InvalidSeat: no such side.
        """
        checks.seat(side, len(self._totals), "side")
        checks.whole(extra, "extra")
        return self.rules.reached_target(self._totals[side] + extra, self.target)

    def copy(self) -> Match:
        """An independent copy (results are frozen values, shared)."""
        other = Match.__new__(Match)
        other.rules = self.rules
        other.players = self.players
        other.target = self.target
        other._totals = list(self._totals)
        other._results = list(self._results)
        other._pending = self._pending
        other._winner = self._winner
        other._end_reason = self._end_reason
        other._overtime = self._overtime
        return other

    # --- actions --------------------------------------------------------------------

    def can_add(self, result: DealResult) -> bool:
        """Whether ``result`` can be added: the match is not over and the sides match."""
        checks.instance(result, DealResult, "result")
        return not self.is_over and len(result.scores) == len(self._totals)

    def add(self, result: DealResult) -> None:
        """Add a deal's result: totals, pending points, and perhaps a winner.

        Raises:
            InvalidArgument: the match is already over, or the result has a
                different number of sides.
            InvalidArgumentType: ``result`` is not a well-typed ``DealResult``.
        """
        self._check_result(result)
        if self.is_over:
            raise InvalidArgument(f"the match is over: side {self._winner} won")
        if len(result.scores) != len(self._totals):
            raise InvalidArgument(
                f"a result for {len(result.scores)} sides in a match of {len(self._totals)}"
            )
        for side, points in enumerate(result.scores):
            self._totals[side] += points
        self._pending = result.pending
        self._results.append(result)
        if result.match_winner is not None:
            self._end(result.match_winner, result.match_end_reason or "match won in the deal")
        elif result.stopped_by is not None and self.rules.calling_out is CallingOut.ARRETE:
            self._judge_stop(side_of(result.stopped_by, self.rules))
        elif result.capot is None or self.rules.capot_ends_match:
            self._check_target()

    def _check_result(self, result: DealResult) -> None:
        checks.instance(result, DealResult, "result")
        for index, points in enumerate(checks.sequence(result.scores, "result.scores")):
            checks.whole(points, f"result.scores[{index}]")
        checks.whole(result.pending, "result.pending", 0)
        sides = len(result.scores)
        if result.match_winner is not None:
            checks.seat(result.match_winner, sides, "result.match_winner")
        if result.stopped_by is not None:
            checks.seat(result.stopped_by, self.players, "result.stopped_by")

    def score(self, tally: Tally) -> DealResult:
        """Score ``tally`` with the pending points and add the result.

        Raises:
            InvalidTally: the tally is impossible, or has another number of players.
            InvalidArgument: the match is already over.
        """
        checks.instance(tally, Tally, "tally")
        if self.is_over:
            raise InvalidArgument(f"the match is over: side {self._winner} won")
        if tally.players != self.players:
            raise InvalidTally(
                f"{checks.shown(tally.players)} players in a match of {self.players}", field="players"
            )
        result = score_tally(tally, self.rules, self._pending)
        self.add(result)
        return result

    def result(self) -> MatchResult:
        """The match so far as a frozen value."""
        return MatchResult(
            variant=self.rules.name,
            target=self.target,
            deals=tuple(self._results),
            totals=self.totals,
            pending=self._pending,
            winner=self._winner,
            end_reason=self._end_reason,
        )

    # --- the winner -----------------------------------------------------------------

    def _end(self, winner: int, reason: str) -> None:
        self._winner = winner
        self._end_reason = reason

    def _check_target(self) -> None:
        over = [t for t in self._totals if self.rules.reached_target(t, self.target)]
        if not over:
            return
        if (
            len(over) > 1
            and self.rules.both_over_target is BothOverTarget.PLAY_ON
            and not self._overtime
        ):
            self._overtime = True  # rules §8, docs/rules.md#match: one more deal decides
            return
        best = max(self._totals)
        leaders = [side for side, total in enumerate(self._totals) if total == best]
        if len(leaders) == 1:
            self._end(leaders[0], "target")

    def _judge_stop(self, side: int) -> None:
        """Rules §8.2, docs/rules.md#j-arrete: the stopper wins when he reaches the target, else he loses."""
        if self.rules.reached_target(self._totals[side], self.target):
            self._end(side, "stopped with enough points")
            return
        others = [s for s in range(len(self._totals)) if s != side]
        # [reading] with three players the better of the two others wins; on a tie,
        # the first after the stopper in playing order.
        order = sorted(others, key=lambda s: (-self._totals[s], (s - side) % len(self._totals)))
        self._end(order[0], "stopped without enough points")

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules.name} to {self.target}: totals={self.totals} "
            f"pending={self._pending} winner={self._winner}>"
        )


def score_match(
    tallies: Iterable[Tally], rules: Rules | str, target: int | None = None
) -> MatchResult:
    """Score a list of tallies as one match, carrying pending points from deal to deal.

    Raises:
        InvalidTally: a tally is impossible; its ``field`` is prefixed with
            ``deals[i].``.
        InvalidArgument: a tally comes after the match was won.
    """
    rules = checks.as_rules(rules)
    items = [
        checks.instance(tally, Tally, f"tallies[{index}]")
        for index, tally in enumerate(checks.iterable(tallies, "tallies"))
    ]
    players = items[0].players if items else None
    match = Match(rules, target, players)
    for index, tally in enumerate(items):
        if match.is_over:
            raise InvalidTally(
                f"the match was won by side {match.winner} after deal {index - 1}",
                field=f"deals[{index}]",
            )
        try:
            match.score(tally)
        except InvalidTally as exc:
            field = f"deals[{index}].{exc.field}" if exc.field else f"deals[{index}]"
            raise InvalidTally(str(exc), field=field) from None
    return match.result()
