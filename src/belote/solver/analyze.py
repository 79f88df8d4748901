"""Annotate a played deal card by card with the double-dummy solver.

[`analyze`][belote.solver.analyze.analyze] replays a deal and, at every card played,
asks the solver ([`solve`][belote.solver.solution.solve]) for the value of each legal
card: the card played is compared with the best card available at that
moment, and the loss is counted from the point of view of the side that
played it. A card that changes the result of perfect play from then on (a
made contract now fails, a capot is lost, a litige appears) is marked
``??``, any other card that loses value ``?``, as chess programs annotate a
game. ``belote analyze RECORD`` prints it.

A king or queen of trump that its pair's holder plays without announcing
belote (two sides) is valued as played: the belote it forfeits counts in
its loss, so it is marked like any other costly card.

The decisions before the first card (the bids, and the decision on the 7
of trump) are valued too, by [`analyze_bidding`][belote.solver.bidpar.analyze_bidding]:
each against the other bids its seat could make, ``?`` on one that lost
points. That is where the bidding, not the play, lost them.

The values are those of [`solve`][belote.solver.solution.solve]: the taker's side's
deal score minus the other side's (two sides), or the paranoid margin of
the seat to act (``french`` with three players). The declarations of the
first trick count from the first card on (each seat declares before its
first card, from its hand alone; see [`belote.solver.par`][belote.solver.par]).

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=3)
>>> _ = deal.take()
>>> for _ in range(24):
...     deal.play_card(deal.legal_play_cards()[0])
>>> analysis = analyze(deal, start=20)
>>> [card.index for card in analysis.cards][:2], all(c.loss >= 0 for c in analysis.cards)
([20, 21], True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import attrs

from belote.actions import Action, Verb
from belote.cards import Card
from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.records.replay import deal_from_record, match_from_record
from belote.rules.checks import instance, sequence, whole
from belote.scoring import DealResult, Outcome
from belote.solver.bidpar import BidAnalysis, analyze_bidding
from belote.solver.par import first_trick_declarations, play_line, solve_known
from belote.solver.solution import Solution, solve

if TYPE_CHECKING:
    from collections.abc import Sequence

    from belote.scoring.announcements import Declaration

__all__ = [
    "Analysis",
    "CardAnalysis",
    "Counter",
    "analyse_all",
    "analyses_of_record",
    "analyze",
    "position_analyses",
    "record_deals",
    "result_label",
    "solution_json",
    "solution_text",
    "solve_position",
]


@attrs.frozen(kw_only=True)
class CardAnalysis:
    """One card of a deal, against the best card its seat had.

    Attributes:
        index: the card's place in the play, from 0 (the first lead).
        trick: the trick it belongs to, from 1.
        seat: the seat that played it.
        card: the card.
        value: the value of the position after it, under perfect play from
            then on (for ``side``).
        best_cards: the legal cards that kept the value, in index order.
        best_value: the value of the position before it (that of the best cards).
        loss: how much the card cost its player's side: ``best_value - value``
            when the player plays for ``side``, else ``value - best_value``;
            never negative.
        side: the side the values are counted for (the taker's side, or in
            ``french`` with three players the seat to act).
        result_before: the result of perfect play before the card
            (see [`result_label`][belote.solver.analyze.result_label]).
        result_after: the result of perfect play after it.
        values: the value of the position after each legal card of the
            seat (for ``side``), as the solver gave them.
    """

    index: int
    trick: int
    seat: int
    card: Card
    value: int
    best_cards: tuple[Card, ...]
    best_value: int
    loss: int
    side: int
    result_before: str
    result_after: str
    values: tuple[tuple[Card, int], ...] = ()

    @property
    def changed_result(self) -> bool:
        """Whether the card lost value and changed the result of perfect play."""
        return self.loss > 0 and self.result_before != self.result_after

    @property
    def mark(self) -> str:
        """``"??"`` for a card that changed the result, ``"?"`` for one that lost value, else ``""``."""
        if self.changed_result:
            return "??"
        return "?" if self.loss else ""

    def to_json(self) -> dict[str, object]:
        """The card's analysis as JSON (one entry of ``belote analyze --json``)."""
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat,
            "card": str(self.card),
            "value": self.value,
            "best_card": str(self.best_cards[0]),
            "best_cards": [str(card) for card in self.best_cards],
            "best_value": self.best_value,
            "loss": self.loss,
            "side": self.side,
            "result_before": self.result_before,
            "result_after": self.result_after,
            "changed_result": self.changed_result,
            "mark": self.mark,
        }


@attrs.frozen(kw_only=True)
class Analysis:
    """A deal annotated card by card (see [`analyze`][belote.solver.analyze.analyze]).

    Attributes:
        variant: the variant's name.
        players: the number of players.
        taker: the seat that took, or ``None`` (no card played).
        trump: the trump suit's letter (``NT``, ``AT`` in those modes), or ``None``.
        cards: the analysis of each card analysed, in play order.
        result: the deal's own result (see [`result_label`][belote.solver.analyze.result_label]),
            or ``None`` when the deal is not over.
        scores: the deal's own scores per side, or ``None`` when it is not over.
        bids: the analysis of each decision before the first card
            ([`analyze_bidding`][belote.solver.bidpar.analyze_bidding]), or ``None``
            when not analysed (three players, a later ``start``, or not asked).
    """

    variant: str
    players: int
    taker: int | None
    trump: str | None
    cards: tuple[CardAnalysis, ...]
    result: str | None
    scores: tuple[int, ...] | None
    bids: tuple[BidAnalysis, ...] | None = None

    @property
    def bidding_loss(self) -> dict[int, int]:
        """The losses of the decisions before the first card, per seat (empty when not analysed)."""
        if self.bids is None:
            return {}
        totals = dict.fromkeys(range(self.players), 0)
        for bid in self.bids:
            totals[bid.seat] += bid.loss
        return totals

    @property
    def total_loss(self) -> dict[int, int]:
        """The losses added up per seat (seats that lost nothing included)."""
        totals = dict.fromkeys(range(self.players), 0)
        for card in self.cards:
            totals[card.seat] += card.loss
        return totals

    def to_json(self) -> dict[str, object]:
        """The analysis as JSON (what ``belote analyze --json`` prints for one deal)."""
        return {
            "variant": self.variant,
            "players": self.players,
            "taker": self.taker,
            "trump": self.trump,
            "result": self.result,
            "scores": None if self.scores is None else list(self.scores),
            "total_loss": {str(seat): loss for seat, loss in self.total_loss.items()},
            "cards": [card.to_json() for card in self.cards],
            "bids": None if self.bids is None else [bid.to_json() for bid in self.bids],
            "bidding_loss": {str(seat): loss for seat, loss in self.bidding_loss.items()},
        }

    def to_text(self) -> str:
        """The analysis for people: trick by trick, ``?`` and ``??`` on the costly cards."""
        head = f"{self.variant}, {self.players} players"
        if self.taker is not None:
            head += f", seat {self.taker} took {self.trump}"
        lines = [head]
        whose = ("the margin of the seat to act over the best other seat" if self.players == 3
                 else "the taker's side's deal score minus the other side's")
        if self.bids:
            if self.taker is None:
                whose = f"side {self.bids[0].side}'s deal score minus the other side's"
            lines += [f"Values: {whose}, with perfect play from then on.", *self._bid_lines()]
        if not self.cards:
            lines.append("No card was played: nothing to analyse.")
            if self.bids:
                lines.append("Bidding loss: " + ", ".join(
                    f"seat {seat} {loss}" for seat, loss in self.bidding_loss.items()))
            return "\n".join(lines) + "\n"
        first = self.cards[0]
        if not self.bids:
            lines.append(f"Values: {whose}, with perfect play from then on.")
        lines.append(f"Perfect play from the first card analysed: {first.result_before}, "
                     f"value {first.best_value}.")
        trick = 0
        for card in self.cards:
            if card.trick != trick:
                trick = card.trick
                lines += ["", f"Trick {trick}"]
            text = f"{card.card}{card.mark}"
            line = f"  seat {card.seat}  {text:<6}{card.value:>6}"
            if card.loss:
                best = " ".join(str(c) for c in card.best_cards)
                line += f"   loses {card.loss} (best {best}: {card.best_value})"
                if card.changed_result:
                    line += f"; {card.result_before} -> {card.result_after}"
            lines.append(line)
        lines.append("")
        losses = ", ".join(f"seat {seat} {loss}" for seat, loss in self.total_loss.items())
        lines.append(f"Total loss: {losses}")
        marked = [c for c in self.cards if c.mark]
        lines.append(f"Marked cards: {sum(c.mark == '??' for c in marked)} '??', "
                     f"{sum(c.mark == '?' for c in marked)} '?'")
        if self.bids:
            losses = ", ".join(f"seat {seat} {loss}" for seat, loss in self.bidding_loss.items())
            lines.append(f"Bidding loss: {losses}")
        if self.result is not None and self.scores is not None:
            scores = ", ".join(str(s) for s in self.scores)
            lines.append(f"Result of the deal as played: {self.result} (scores {scores})")
        return "\n".join(lines) + "\n"

    def _bid_lines(self) -> list[str]:
        """The bidding section: each decision, its value, and what the costly ones lost."""
        assert self.bids
        lines = ["Bidding: each decision against the others its seat had, the bidding then "
                 "ending at once."]
        for bid in self.bids:
            text = f"{bid.action}{bid.mark}"
            line = f"  seat {bid.seat}  {text:<8}{bid.value:>6}"
            if bid.loss:
                best = ", ".join(bid.best_actions)
                line += f"   loses {bid.loss} (best {best}: {bid.best_value})"
            lines.append(line)
        return [*lines, ""]


def result_label(deal: Deal, result: DealResult) -> str:
    """The result of a finished deal in words, as the analysis compares results.

    The outcome (``made``, ``failed``, ``litige``; ``played`` in ``french``),
    then a capot and who made it; without a contract, also the side that
    scored more (``side 1 ahead``) or ``equal``.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``result`` not a ``DealResult``.
    """
    instance(deal, Deal, "deal")
    parts = [instance(result, DealResult, "result").outcome.value]
    taker = deal.taker
    if result.capot is not None and taker is not None:
        if deal.rules.has_contract:
            by = "the attack" if result.capot == deal.side(taker) else "the defence"
        else:
            by = f"side {result.capot}"
        parts.append(f"capot by {by}")
    if result.outcome is Outcome.PLAYED:
        best = max(result.scores)
        leaders = [side for side, score in enumerate(result.scores) if score == best]
        parts.append(f"side {leaders[0]} ahead" if len(leaders) == 1 else "equal")
    return ", ".join(parts)


def _perfect_result(position: Deal, solution: Solution,
                    declares: dict[int, list[Action]]) -> str:
    """The result of the solution's principal line played from ``position``."""
    played = play_line(position, solution.line, declares)
    return result_label(played, played.result)


def _unannounced_value(
    position: Deal, card: Card, declarations: Sequence[Declaration] | None, side: int
) -> int:
    """The value for ``side`` after ``card`` is played from ``position`` without announcing belote."""
    after = position.copy()
    after.play_card(card.index, belote=False)
    if after.is_over:  # the deal's last card: its result is the value
        scores = after.result.scores
        return scores[side] - scores[1 - side]
    return solve_known(after, declarations, every_card=False).value


def analyze(deal: Deal, *, start: int = 0, bidding: bool = True) -> Analysis:
    """Replay ``deal`` and value every card played with the double-dummy solver.

    Args:
        deal: a deal (finished or not) played under the rules; it is not changed.
        start: analyse the cards from this place in the play on (0: the
            first lead); earlier cards are only replayed.
        bidding: also value the decisions before the first card
            ([`analyze_bidding`][belote.solver.bidpar.analyze_bidding]) when
            ``start`` is 0 and the deal has two sides.

    Returns:
        The [`Analysis`][belote.solver.analyze.Analysis]: each card's value, the
        best cards and their value, the loss, and the results of perfect
        play before and after it.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a deal with offences (a lenient replay), or a negative ``start``.
    """
    if instance(deal, Deal, "deal").offences:
        raise InvalidArgument("analyze needs a deal played under the rules; this one has offences")
    whole(start, "start", 0)
    instance(bidding, bool, "bidding")
    record = deal.to_record()
    record["actions"] = []
    record["finished"] = False
    position = Deal.from_record(record, rules=deal.rules)  # its rules: a plug-in need not be registered
    declares = first_trick_declarations(deal)
    plays = [action for action in deal.history if action.verb is Verb.PLAY]
    # every declaration of the deal's first trick, in the order made
    all_declarations = deal.declarations if declares else None
    positions: list[tuple[int, Deal]] = []  # (place in the play, position before that card)
    place = 0
    for action in deal.history:
        if action.verb is Verb.PLAY:
            if place >= start:
                positions.append((place, position.copy()))
            place += 1
        position.apply(action)
    if start > len(plays):
        raise InvalidArgument(f"start {start} is past the {len(plays)} cards played")
    solutions = [solve_known(p, all_declarations) for _, p in positions]
    results = [_perfect_result(p, s, declares) for (_, p), s in zip(positions, solutions, strict=True)]
    over = deal.is_over
    final = result_label(deal, deal.result) if over else None
    after_last = final
    if positions and not over and position.strain is not None and position.legal_play_mask():
        tail = solve_known(position, all_declarations)
        after_last = _perfect_result(position, tail, declares)
    cards = []
    for k, ((place, _), solution) in enumerate(zip(positions, solutions, strict=True)):
        action = plays[place]
        card = action.cards[0]
        value = solution.card_values.get(card)
        if value is None:  # pragma: no cover - a legal card always has a value
            raise InvalidArgument(f"card {card} was not legal at place {place}")
        before = positions[k][1]
        if (
            deal.sides == 2
            and not action.belote
            and before.can_announce_belote(card.index)
        ):
            # The pair's card played without its announcement: belote is lost,
            # which the solver's value of the card (belote announced) leaves out.
            value = _unannounced_value(before, card, all_declarations, solution.side)
        best = solution.value
        loss = best - value if solution.maximising else value - best
        after = results[k + 1] if k + 1 < len(results) else after_last
        cards.append(CardAnalysis(
            index=place,
            trick=place // deal.players + 1,
            seat=action.seat,
            card=card,
            value=value,
            best_cards=solution.best_cards,
            best_value=best,
            loss=loss,
            side=solution.side,
            result_before=results[k],
            result_after=after if after is not None else results[k],
            values=tuple(solution.card_values.items()),
        ))
    bids = None
    if bidding and start == 0 and deal.sides == 2:
        first = solutions[0] if positions and positions[0][0] == 0 else None
        bids = analyze_bidding(deal, par=None if first is None else first.value)
    strain = deal.strain
    return Analysis(
        variant=deal.rules.name,
        players=deal.players,
        taker=deal.taker,
        trump=None if strain is None else strain.letter,
        cards=tuple(cards),
        result=final,
        scores=deal.result.scores if over else None,
        bids=bids,
    )


# --- belote solve ----------------------------------------------------------------------------


def solve_position(text: str) -> tuple[Deal, Solution]:
    """Read a position (docs/positions.md) and [`solve`][belote.solver.solution.solve] it.

    The declarations count as the position shows them (a declaration still
    to be made in the first trick is not assumed).

    Raises:
        InvalidPosition: the text is not a position the rules allow.
        InvalidArgument: the position has no card to play (bidding, a
            decision on the 7 of trump, or the deal over).
    """
    deal = Deal.from_position(text)
    try:
        return deal, solve(deal)
    except InvalidArgument as exc:
        raise InvalidArgument(f"position: {exc}") from None


def _line_text(deal: Deal, line: tuple[Card, ...]) -> str:
    """The principal line, a ``/`` at the end of every trick."""
    words: list[str] = []
    count = len(deal.trick)
    for card in line:
        words.append(str(card))
        count += 1
        if count % deal.players == 0:
            words.append("/")
    if words and words[-1] == "/":
        words.pop()
    return " ".join(words)


def solution_json(deal: Deal, solution: Solution) -> dict[str, object]:
    """The solution of a position as JSON (what ``belote solve --json`` prints).

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``solution`` not a ``Solution``.
    """
    _solved(deal, solution)
    return {
        "position": deal.position(),
        "seat": solution.seat,
        "side": solution.side,
        "maximising": solution.maximising,
        "value": solution.value,
        "cards": [
            {"card": str(card), "value": value, "best": value == solution.value}
            for card, value in _ranked(solution)
        ],
        "line": [str(card) for card in solution.line],
        "card_points": list(solution.card_points),
        "scores": list(solution.scores),
    }


def _solved(deal: object, solution: object) -> None:
    instance(deal, Deal, "deal")
    instance(solution, Solution, "solution")


def _ranked(solution: Solution) -> list[tuple[Card, int]]:
    """The legal cards, best first for the seat to act, then in card order."""
    sign = -1 if solution.maximising else 1
    return sorted(solution.card_values.items(), key=lambda item: (sign * item[1], item[0].index))


def solution_text(deal: Deal, solution: Solution) -> str:
    """The solution of a position for people (what ``belote solve`` prints).

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``solution`` not a ``Solution``.
    """
    _solved(deal, solution)
    head = f"{deal.rules.name}, {deal.players} players"
    if deal.taker is not None:
        head += f", seat {deal.taker} took {deal.strain}"
    whose = ("the margin of the seat to act over the best other seat" if deal.players == 3
             else "the taker's side's deal score minus the other side's")
    wants = "highest" if solution.maximising else "lowest"
    lines = [
        head,
        f"Value: {solution.value} ({whose}), every seat playing perfectly.",
        f"Seat {solution.seat} to play, wanting the {wants} value:",
    ]
    for card, value in _ranked(solution):
        lines.append(f"  {card!s:<4}{value:>6}" + ("  best" if value == solution.value else ""))
    lines.append(f"Line: {_line_text(deal, solution.line)}")
    points = ", ".join(f"side {side} {p}" for side, p in enumerate(solution.card_points))
    scores = ", ".join(f"side {side} {s}" for side, s in enumerate(solution.scores))
    lines.append(f"At the end of the line: card points {points}; deal scores {scores}")
    return "\n".join(lines) + "\n"


# --- belote analyze ---------------------------------------------------------------------------


class Counter(Protocol):
    """What [`analyses_of_record`][belote.solver.analyze.analyses_of_record] needs of a progress bar.

    [`Progress`][belote.experiments.simulate.Progress] is one.
    """

    total: int
    """The units the bar counts to."""

    def step(self, count: int, stage: int = 0) -> None:
        """Count ``count`` more units done."""


def analyses_of_record(doc: object, bar: Counter | None = None, *,
                       bidding: bool = True) -> list[Analysis]:
    """The analyses of the deals of one record (a deal record, or each deal of a match record).

    ``bar``: a progress bar counting records, or the deals of a single match record.
    ``bidding``: also value the decisions before the first card (see
    [`analyze`][belote.solver.analyze.analyze]).

    Raises:
        InvalidRecord: the record cannot be replayed.
    """
    deals = record_deals(doc)
    if isinstance(doc, dict) and "deals" in doc:
        if bar is not None and bar.total == 1:  # one match record: count its deals
            bar.total = len(deals)
        return analyse_all(deals, bar if bar is not None and bar.total == len(deals)
                                 else None, bidding=bidding)
    return analyse_all(deals, bidding=bidding)


def analyse_all(deals: list[Deal], bar: Counter | None = None, *,
                      bidding: bool = True) -> list[Analysis]:
    """The analysis of each deal, in order; ``bar`` counts them.

    ``bidding``: as for [`analyze`][belote.solver.analyze.analyze].

    Raises:
        InvalidArgumentType: ``deals`` is not a list of deals, ``bar`` not a counter.
    """
    checked = [instance(deal, Deal, "deals") for deal in sequence(deals, "deals")]
    if bar is not None and not callable(getattr(bar, "step", None)):
        raise InvalidArgumentType(f"bar: expected a progress counter or None, got {shown(bar)}")
    instance(bidding, bool, "bidding")
    out = []
    for deal in checked:
        out.append(analyze(deal, bidding=bidding))
        if bar is not None:
            bar.step(1)
    return out


def record_deals(doc: object) -> list[Deal]:
    """The deals of one record, replayed and checked but not analysed (a deal record, or each deal of a match record).

    What ``belote analyze`` reads from every line of a file of JSON lines
    before it solves anything, so a bad line is found at once.

    Raises:
        InvalidRecord: the record cannot be replayed.
    """
    if isinstance(doc, dict) and "deals" in doc:
        return match_from_record(doc)[1]
    return [deal_from_record(doc)]


def position_analyses(position: str | None, file: str | None, *,
                      bidding: bool = True) -> list[Analysis]:
    """``belote analyze --position``: the analysis of the cards played in a position, else ``[]``.

    Raises:
        InvalidArgument: both a record file and a position, or neither.
        InvalidPosition: the position is not one the rules allow.
    """
    if position is None:
        if file is None:
            raise InvalidArgument("analyze needs a record file or --position POSITION")
        return []
    if file is not None:
        raise InvalidArgument("analyze takes a record file or --position, not both")
    return [analyze(Deal.from_position(position), bidding=bidding)]
