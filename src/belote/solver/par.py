"""Par results: a deal bid by the bots, then played out perfectly from the first lead.

The *par* of a deal (a bridge word) is its result when every seat plays
perfectly with every hand known. [`par_deal`][belote.solver.par.par_deal] keeps what
was decided before the cards (the bidding, the seven swap and the
declarations, as the deal made them) and replaces the play by the principal
line of the double-dummy solver ([`solve`][belote.solver.solution.solve]).
``belote compare --par`` counts these results over many decks
([`compare`][belote.experiments.compare.compare] with ``par=``), so that the variants
can be compared without the bots' play in the figures.

Declarations are made in the first trick, each seat before its first card.
They depend only on the hands, never on the cards played, so the solver is
given all of them from the first lead (the contest and the points they
score are facts of the deal, known to perfect players); when the line is
replayed, each seat declares again what it declared, before its first card.

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=5)
>>> _ = deal.take()
>>> deal.play_out_random(__import__("random").Random(5))
>>> played, result, solution = par_deal(deal)
>>> played.history[:1] == deal.history[:1], result.scores == solution.scores
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import attrs

from belote.actions import Action, Verb
from belote.deal import Deal
from belote.errors import InvalidArgument
from belote.rules.checks import instance
from belote.scoring import DealResult, Tally
from belote.solver.solution import Solution, solve

if TYPE_CHECKING:
    from belote.cards import Card
    from belote.scoring.announcements import Declaration

__all__ = ["first_lead", "par_deal", "reaches_known", "solve_known"]


class _Declared:
    """A deal seen with every first-trick declaration already made (for the solver).

    The solver reads the position through the deal's public accessors and
    scores it from [`tally`][belote.deal.Deal.tally]; this view answers
    everything as the deal does but counts ``declarations`` (those the deal
    makes in its first trick) from the first lead on.
    """

    def __init__(self, deal: Deal, declarations: tuple[Declaration, ...]) -> None:
        self._deal = deal
        self._declarations = declarations

    def __getattr__(self, name: str) -> object:
        return getattr(self._deal, name)

    def tally(self) -> Tally | None:
        tally = self._deal.tally()
        if tally is None:
            return None
        return attrs.evolve(tally, announcements=self._declarations)

    def copy(self) -> Deal:
        return self._deal.copy()


def solve_known(deal: Deal, declarations: Sequence[Declaration] | None = None, *,
                every_card: bool = True) -> Solution:
    """[`solve`][belote.solver.solution.solve] a position, counting declarations still to come.

    Args:
        deal: a deal in the play phase.
        declarations: every declaration of the deal's first trick, in the
            order made (those the deal has made and those it will make);
            ``None``: the declarations as they stand.
        every_card: as for [`solve`][belote.solver.solution.solve]: ``False`` finds
            the value and the principal line only (faster).

    Raises:
        InvalidArgument: the deal is not in the play phase.
    """
    if declarations is None or tuple(declarations) == deal.declarations:
        return solve(deal, every_card=every_card)
    return solve(cast(Deal, _Declared(deal, tuple(declarations))), every_card=every_card)


def reaches_known(deal: Deal, target: int,
                  declarations: Sequence[Declaration] | None = None) -> bool:
    """Whether [`solve_known`][belote.solver.par.solve_known]'s value reaches ``target`` (value >= target).

    One null-window search ([`solve`][belote.solver.solution.solve] with ``target``),
    much cheaper than the exact value, counting the declarations still to
    come as ``solve_known`` does.

    Raises:
        InvalidArgument: the deal is not in the play phase.
    """
    if declarations is None or tuple(declarations) == deal.declarations:
        return solve(deal, target)
    return solve(cast(Deal, _Declared(deal, tuple(declarations))), target)


def first_lead(deal: Deal) -> Deal:
    """A new deal: ``deal`` taken back to just before its first card.

    The bidding, the seven swap and the declarations made before the first
    card stay; nothing is played.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
        InvalidArgument: ``deal`` has no trump (still bidding, or a redeal).
    """
    if instance(deal, Deal, "deal").strain is None:
        raise InvalidArgument("the deal has no trump: nothing to play out")
    actions = []
    for action in deal.history:
        if action.verb is Verb.PLAY:
            break
        actions.append(action)
    record = deal.to_record()
    record["actions"] = [str(action) for action in actions]
    record["finished"] = False
    start = Deal.from_record(record, rules=deal.rules)
    if start.to_act is None or not start.legal_play_mask():
        raise InvalidArgument("the deal has no card to play")
    return start


def first_trick_declarations(deal: Deal) -> dict[int, list[Action]]:
    """The declare actions of each seat in the deal's first trick, after its first card."""
    out: dict[int, list[Action]] = {}
    plays = 0
    for action in deal.history:
        if action.verb is Verb.PLAY:
            plays += 1
            if plays >= deal.players:
                break
        elif action.verb is Verb.DECLARE and plays:
            out.setdefault(action.seat, []).append(action)
    return out


def play_line(position: Deal, line: Sequence[Card], declares: dict[int, list[Action]]) -> Deal:
    """A copy of ``position`` with ``line`` played out from it.

    Each seat makes its ``declares`` (those it still can) before its first
    card of the first trick; belote is announced by its holder.
    """
    played = position.copy()
    pending = {seat: list(actions) for seat, actions in declares.items()}
    for card in line:
        seat = played.to_act
        assert seat is not None
        if not played.tricks_played:
            for action in pending.pop(seat, ()):
                if played.can(action):
                    played.apply(action)
        played.play_card(card.index, belote=played.can_announce_belote(card.index))
    return played


def par_deal(deal: Deal) -> tuple[Deal, DealResult, Solution]:
    """Play a deal out perfectly from its first lead, keeping its bidding and declarations.

    Args:
        deal: a deal with a trump (played out or not). Only what happened
            before its first card, and the declarations of its first trick,
            are used.

    Returns:
        The deal played along the solver's principal line (each seat
        declaring what it declared in ``deal``, belote announced by its
        holder), its result, and the solution from the first lead (found
        with ``every_card=False``: its ``card_values`` hold the best first
        card only).

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
        InvalidArgument: ``deal`` has no trump.
    """
    start = first_lead(deal)
    declares = first_trick_declarations(deal)
    declarations = tuple(deal.declarations) if declares else None
    solution = solve_known(start, declarations, every_card=False)
    played = play_line(start, solution.line, declares)
    return played, played.result, solution
