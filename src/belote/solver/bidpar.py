"""Where the bidding lost the points: each bid against the other bids its seat could make.

[`analyze_bidding`][belote.solver.bidpar.analyze_bidding] values every decision taken
before the first card (each bid, and the decision on the 7 of trump in
``french``) with the double-dummy solver, as
[`analyze`][belote.solver.analyze.analyze] values the cards. The deal *as bid* is
worth its par: the solver's value from the first lead under the contract the
bidding reached, the declarations as they were made
([`belote.solver.par`][belote.solver.par]); a redeal is worth 0. Each other bid the seat
could make at that turn is worth the par of the deal it leads to when the
bidding then ends as soon as it can:

- another take (the turned suit, or another suit in the second round) ends
  the bidding with that contract, played perfectly;
- a pass where the seat took is followed by passes only, a redeal (worth 0);
- the other answer on the 7 of trump (swap or keep) keeps the contract with
  the hands it makes;
- after a take, a decision on the 7 of trump that the alternative brings up
  is made the better way for its holder's side.

A contract the deal did not play is valued with every seat declaring every
combination it holds (before its first card, as the rules ask). The
decision **loses** the difference when the best bid is worth more to the
seat's side than the deal as bid (never negative). Whether another bid is
worth more is one null-window question to the solver
([`reaches_known`][belote.solver.par.reaches_known]); only the bids that are get
their exact value.

These are one-bid changes: the other seats' later bids are not played out
(they would depend on their hands and their own judgment), so a pass that
gives the deal to an opponent's better contract counts only what the deal
as bid gives. Two sides only: with three players the solver's value is the
margin of the seat to act, not a side's.

>>> from belote.deal import Deal
>>> deal = Deal.random("french", seed=4, players=2)
>>> deal.play_out_random(__import__("random").Random(4))
>>> bids = analyze_bidding(deal)
>>> bids[0].index, all(bid.loss >= 0 for bid in bids)
(0, True)
>>> all(bid.action == str(deal.history[bid.index]).partition(" ")[2] for bid in bids)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from belote.actions import Action, Verb
from belote.deal import Deal, Phase
from belote.errors import InvalidArgument
from belote.rules.checks import instance, whole, whole_or_none
from belote.solver.par import first_lead, first_trick_declarations, reaches_known, solve_known

if TYPE_CHECKING:
    from belote.scoring.announcements import Declaration

__all__ = ["BID_VERBS", "BidAnalysis", "alternative_value", "analyze_bidding", "declared_by_all"]

BID_VERBS: Final = (
    Verb.PASS, Verb.TAKE, Verb.SWAP, Verb.KEEP, Verb.BID, Verb.COINCHE, Verb.SURCOINCHE,
    Verb.DOUBLE, Verb.REDOUBLE, Verb.REREDOUBLE,
)
"""The decisions valued: the bids (an auction's contracts, coinche and surcoinche
included; a strain auction's strains, double, redouble and re-redouble), and the decision on
the 7 of trump."""


@attrs.frozen(kw_only=True)
class BidAnalysis:
    """One decision before the first card, against the others its seat could make.

    Attributes:
        index: the decision's place among the deal's actions, from 0 (as in
            the record's ``actions``).
        seat: the seat that decided.
        action: what it did, as a record writes it without the seat
            (``"pass"``, ``"take"``, ``"take H"``, ``"swap"``, ``"keep"``).
        value: the deal as bid under perfect play (its par; 0 for a
            redeal), for ``side``.
        best_value: the value of the best decision the seat had (that of
            the decision made when no other was worth more).
        best_actions: the decisions worth more than the one made and worth
            ``best_value``, in the order the deal lists them; the decision
            made when no other was worth more.
        loss: how much the decision cost the seat's side against the best
            one; never negative.
        side: the side the values are counted for (the taker's side; side 0
            after a redeal).
        better: every other decision that was worth more to the seat's side
            than the one made, with its value for ``side``, in the order the
            deal lists them (empty when the decision lost nothing).
    """

    index: int
    seat: int
    action: str
    value: int
    best_value: int
    best_actions: tuple[str, ...]
    loss: int
    side: int
    better: tuple[tuple[str, int], ...]

    @property
    def mark(self) -> str:
        """``"?"`` for a decision that lost points, else ``""``."""
        return "?" if self.loss else ""

    def to_json(self) -> dict[str, object]:
        """The decision's analysis as JSON (one entry of ``bids`` in ``belote analyze --json``)."""
        return {
            "index": self.index,
            "seat": self.seat,
            "action": self.action,
            "value": self.value,
            "best_value": self.best_value,
            "best_actions": list(self.best_actions),
            "loss": self.loss,
            "side": self.side,
            "better": [{"action": action, "value": value} for action, value in self.better],
            "mark": self.mark,
        }


def _words(action: Action) -> str:
    """The action as a record writes it, without its seat (``take H``)."""
    return str(action).partition(" ")[2]


def declared_by_all(deal: Deal) -> tuple[Declaration, ...]:
    """The declarations of the first trick when every seat declares every combination it holds.

    Args:
        deal: a deal at its first lead (the swap decided, no card played).

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
        InvalidArgument: the deal is not at its first lead.
    """
    if instance(deal, Deal, "deal").phase is not Phase.PLAY or deal.swap_seat() is not None or deal.tricks_played or deal.trick:
        raise InvalidArgument("declarations by all need a deal at its first lead")
    scratch = deal.copy()
    for _ in range(deal.players):
        declare = [a for a in scratch.legal_actions() if a.verb is Verb.DECLARE and not a.cards]
        if declare:
            scratch.apply(declare[0])
        scratch.play_card(scratch.legal_play_cards()[0])
    return scratch.declarations


def _margin(deal: Deal, side: int) -> int:
    """``side``'s deal score minus the other side's, in a finished deal."""
    scores = deal.result.scores
    return scores[side] - scores[1 - side]


def _par_for(deal: Deal, side: int) -> int:
    """The par of a deal at its first lead for ``side``, every seat declaring all it holds."""
    declarations = declared_by_all(deal)
    solution = solve_known(deal, declarations or None, every_card=False)
    return solution.value if solution.side == side else -solution.value


def _bidding_ended(position: Deal, action: Action) -> Deal:
    """A copy of ``position`` with ``action`` taken, then passes until the bidding ends."""
    deal = position.copy()
    if not deal.can(action):
        raise InvalidArgument(f"{action} is not legal here")
    deal.apply(action)
    while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2, Phase.AUCTION):
        legal = deal.legal_actions()
        passes = [a for a in legal if a.verb is Verb.PASS]
        deal.apply(passes[0] if passes else legal[0])  # a seat that must take takes
    return deal


def alternative_value(position: Deal, action: Action, side: int) -> int:
    """The value for ``side`` of ``action`` taken in ``position``, the bidding then ending at once.

    After ``action`` every later bid is a pass (a pass that leaves no take
    ends in a redeal, worth 0); a decision on the 7 of trump is made the
    better way for its holder's side; the deal reached is played perfectly
    from its first lead, every seat declaring all it holds.

    Args:
        position: a deal at a decision before the first card (bidding, or
            the 7 of trump).
        action: a legal decision there.
        side: the side the value is for.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``action`` is not legal in ``position``, ``side`` not 0 or 1.
    """
    instance(position, Deal, "position")
    instance(action, Action, "action")
    whole(side, "side", 0, 1)
    deal = _bidding_ended(position, action)
    if deal.is_over:
        return _margin(deal, side)
    holder = deal.swap_seat()
    if holder is not None:
        wanted = 1 if deal.side(holder) == side else -1
        values = [alternative_value(deal, a, side) for a in deal.legal_actions()
                  if a.verb in (Verb.SWAP, Verb.KEEP)]
        return max(values, key=lambda v: wanted * v)
    return _par_for(deal, side)


def _worth_more(position: Deal, action: Action, side: int, wanted: int, value: int) -> bool:
    """Whether ``action`` is worth more than ``value`` (for ``side``) to the side wanting ``wanted``.

    A contract reached at once is asked as one null-window question; a
    redeal is worth 0; a decision on the 7 of trump still to make is valued.
    """
    deal = _bidding_ended(position, action)
    if deal.is_over or deal.swap_seat() is not None:
        return wanted * alternative_value(position, action, side) > wanted * value
    assert deal.taker is not None
    # The solver's value x is the taker's side's; the seat's side gets sign * x, and the
    # question "sign * x > mine" is asked as "x >= mine + 1" or "not x >= -mine".
    mine = wanted * value
    sign = wanted * (1 if deal.side(deal.taker) == side else -1)
    declarations = declared_by_all(deal) or None
    if sign > 0:
        return reaches_known(deal, mine + 1, declarations)
    return not reaches_known(deal, -mine, declarations)


def _as_bid(deal: Deal, side: int) -> int:
    """The deal as bid for ``side``: its par (declarations as made), 0 for a redeal."""
    if deal.strain is None:
        return 0
    start = first_lead(deal)
    declarations = deal.declarations if first_trick_declarations(deal) else None
    solution = solve_known(start, declarations, every_card=False)
    return solution.value if solution.side == side else -solution.value


def analyze_bidding(deal: Deal, *, par: int | None = None) -> tuple[BidAnalysis, ...]:
    """Value every decision made before the first card against the others its seat had.

    Args:
        deal: a deal of two sides whose bidding is over (a redeal, or a
            contract with its first card to play or played); it is not changed.
        par: the deal's par for the taker's side when already known (the
            first card's best value in [`analyze`][belote.solver.analyze.analyze]),
            saving one solve.

    Returns:
        One [`BidAnalysis`][belote.solver.bidpar.BidAnalysis] per bid and per
        decision on the 7 of trump, in order; empty while the bidding or
        that decision is still open.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``par`` not a whole number.
        InvalidArgument: the deal has not two sides, or has offences.
    """
    whole_or_none(par, "par")
    if instance(deal, Deal, "deal").sides != 2:
        raise InvalidArgument("the bidding analysis needs two sides (three players have no "
                              "single perfect play)")
    if deal.offences:
        raise InvalidArgument("analyze needs a deal played under the rules; this one has offences")
    if not deal.is_over and (deal.strain is None or deal.swap_seat() is not None):
        return ()
    side = 0 if deal.taker is None else deal.side(deal.taker)
    value = par if par is not None and deal.strain is not None else _as_bid(deal, side)
    record = deal.to_record()
    record["actions"] = []
    record["finished"] = False
    position = Deal.from_record(record, rules=deal.rules)
    out = []
    for index, action in enumerate(deal.history):
        if action.verb is Verb.PLAY:
            break
        if action.verb in BID_VERBS:
            wanted = 1 if deal.side(action.seat) == side else -1
            better = tuple(
                (_words(other), alternative_value(position, other, side))
                for other in position.legal_actions()
                if other.verb in BID_VERBS and other != action
                and _worth_more(position, other, side, wanted, value)
            )
            best = max((v for _, v in better), key=lambda v: wanted * v, default=value)
            best_actions = tuple(a for a, v in better if v == best) or (_words(action),)
            out.append(BidAnalysis(
                index=index, seat=action.seat, action=_words(action), value=value,
                best_value=best, best_actions=best_actions, loss=wanted * (best - value),
                side=side, better=better,
            ))
        position.apply(action)
    return tuple(out)
