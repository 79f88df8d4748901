"""What a deal leaves behind: its history, its record, its tally and its result."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import attrs

from belote.actions import (
    ID_DECLARE,
    ID_PASS,
    ID_PLAY,
    ID_STOP,
    ID_SWAP,
    ID_TAKE,
    ID_TAKE_SUIT,
    Action,
    Verb,
    interned_actions,
)
from belote.announcements import Declaration
from belote.cards import CARDS, Card
from belote.deal.calling_out import Calling
from belote.deal.state import (
    _H_DECLARE,
    _H_OFFENCE,
    _H_PLAY,
    _H_TAKE,
    _OVER,
    _SUITS,
    EndReason,
    Phase,
)
from belote.errors import IllegalAction
from belote.penalties import AppliedSanction, Offence, Penalty
from belote.scoring import DealResult, Tally, _score_trusted, redeal_result, score_tally

if TYPE_CHECKING:
    from belote.deal.engine import Deal


@attrs.frozen(kw_only=True)
class OffenceRecord:
    """An offence a lenient deal accepted instead of refusing it (rules §9, docs/rules.md#penalties).

    Attributes:
        index: the 0-based position of the offending action in the deal's history.
        seat: the offending seat.
        action: the action as it was made.
        offence: what kind of offence it is.
        reason: why strict mode refuses the action (the text of its
            [`IllegalAction`][belote.errors.IllegalAction]).
        sanction: what it costs under the variant, from
            [`sanction_for`][belote.penalties.sanction_for].
    """

    index: int
    seat: int
    action: Action
    offence: Offence
    reason: str
    sanction: AppliedSanction

    def to_json(self) -> dict[str, object]:
        """The offence as the result JSON lists it (``belote replay --lenient``)."""
        sanction = self.sanction
        return {
            "index": self.index,
            "seat": self.seat,
            "action": str(self.action),
            "kind": self.offence.value,
            "reason": self.reason,
            "sanction": {
                "kind": sanction.kind.value,
                "points": list(sanction.points),
                "loser": sanction.loser,
            },
        }


class ActionRecord(NamedTuple):
    """What one applied action did (PokerKit's "operation" records).

    A small immutable value, cheap to build: the engine makes one per
    [`apply`][belote.deal.Deal.apply].

    Attributes:
        action: the action applied.
        index: its 0-based position in the deal's history.
        phase: the deal's phase after the action.
        trick: the cards of the trick this action completed, in play order, else ``None``.
        trick_leader: the seat that led that trick, else ``None``.
        trick_winner: the seat that won that trick, else ``None``.
        belote: this card completed a belote announced with both cards.
        declarations: the declarations that score, when this action ended the
            first trick and so resolved the contest; else ``None``.
        claim_held: for ``stop``: whether the claim reached the target at that moment.
        match_winner: the side that wins the match because of this action
            (an 8-card run shown, a decided "j'arrête"), else ``None``.
        offence: the offence this action was, in a lenient deal, else ``None``.
    """

    action: Action
    index: int  # type: ignore[assignment]  # the field shadows tuple.index
    phase: Phase
    trick: tuple[Card, ...] | None = None
    trick_leader: int | None = None
    trick_winner: int | None = None
    belote: bool = False
    declarations: tuple[Declaration, ...] | None = None
    claim_held: bool | None = None
    match_winner: int | None = None
    offence: OffenceRecord | None = None


class Records(Calling):
    """The history, the record, the tally and the result (internal)."""

    __slots__ = ()

    @property
    def history(self) -> list[Action]:
        """The actions applied so far, in order."""
        return [self._action_of(entry) for entry in self._history]

    def _action_of(self, entry: tuple[int, int, object]) -> Action:
        seat, code, arg = entry
        if code == _H_OFFENCE:
            assert isinstance(arg, Action)
            return arg
        if code == _H_DECLARE:
            assert isinstance(arg, tuple)
            return Action(seat, Verb.DECLARE, cards=tuple(CARDS[i] for i in arg))
        actions = interned_actions(seat)
        if code == _H_PLAY:
            assert isinstance(arg, int)
            return actions[ID_PLAY + arg]  # + 32 with belote: ID_PLAY_BELOTE = ID_PLAY + 32
        if code == _H_TAKE:
            assert isinstance(arg, int)
            return actions[ID_TAKE if arg < 0 else ID_TAKE_SUIT + arg]
        return actions[(ID_PASS, ID_TAKE, ID_SWAP, ID_DECLARE, ID_PLAY, ID_STOP)[code]]

    @property
    def lenient(self) -> bool:
        """Whether the deal accepts offences and sanctions them (rules §9, docs/rules.md#penalties) instead of refusing them."""
        return self._lenient

    @property
    def offences(self) -> tuple[OffenceRecord, ...]:
        """The offences accepted so far, in order (always empty in strict mode)."""
        return tuple(self._offences)

    def to_record(self) -> dict[str, object]:
        """The deal record of CONTRACT.md, at any point of the deal.

        Besides ``variant``, ``players``, ``dealer``, ``deck`` and
        ``actions``, the record says whether the deal is ``finished``, and
        holds the match context the deal was dealt with when it is not the
        default: ``totals`` (match scores before the deal), ``target`` and
        ``pending`` (litige points waiting), and ``"lenient": true`` for a
        lenient deal. [`Deal.from_record`][belote.deal.Deal.from_record]
        reads it back, finished or not.
        """
        record: dict[str, object] = {
            "variant": self.rules.name,
            "players": self._n,
            "dealer": self._dealer,
            "deck": [str(CARDS[i]) for i in self._deck],
            "actions": [str(action) for action in self.history],
            "finished": self._phase == _OVER,
        }
        if any(self._totals):
            record["totals"] = list(self._totals)
        if self._target != self.rules.target:
            record["target"] = self._target
        if self._pending:
            record["pending"] = self._pending
        if self._lenient:
            record["lenient"] = True
        return record

    def tally(self) -> Tally | None:
        """What a scorekeeper would count now (the whole deal once it is over).

        ``None`` before a trump is fixed or after everyone passed. For a deal
        stopped by "j'arrête", ``last_trick`` is ``None``. The offences of a
        lenient deal are its ``penalties``, sanctioned as the last step of
        the scoring.
        """
        if self._taker < 0:
            return None
        won, points = self._tricks_won, self._points
        last: int | None = None
        if self._tricks_done == self._hand_size:
            last = self._trick_winners[-1]
        tricks: tuple[int, ...]
        card_points: tuple[int, ...]
        if self._partners:  # teams: seats 0 and 2, 1 and 3
            tricks = (won[0] + won[2], won[1] + won[3])
            card_points = (points[0] + points[2], points[1] + points[3])
            if last is not None:
                last &= 1
        else:
            tricks, card_points = tuple(won), tuple(points)
        holder = self._belote_holder
        return Tally(
            taker=self._taker,
            trump=_SUITS[self._trump],
            tricks=tricks,
            card_points=card_points,
            last_trick=last,
            announcements=tuple(self._declarations),
            belote=holder if holder >= 0 and self._belote_calls[holder] == 2 else None,
            dealer=self._dealer,
            players=self._n,
            stopped_by=self._stopper if self._end is EndReason.STOPPED else None,
            penalties=tuple([Penalty(o.seat, o.offence) for o in self._offences])
            if self._offences else (),
        )

    @property
    def result(self) -> DealResult:
        """The deal's result, scored by [`score_tally`][belote.scoring.score_tally].

        Raises:
            IllegalAction: the deal is not over.
        """
        if self._result is not None:
            return self._result
        if self._phase != _OVER:
            raise IllegalAction(f"the deal is not over: seat {self._to_act} is to act")
        if self._end is EndReason.REDEAL:
            result = redeal_result(self.rules, self._pending, self._n)
        else:
            tally = self.tally()
            assert tally is not None
            if self._pending >= 0 and self._partners == self.rules.partnerships:
                # A tally the engine built holds every check of check_tally: skip them.
                result = _score_trusted(tally, self.rules, self._pending, self._resolved)
            else:  # a negative pending, or a partnership variant at another table size
                result = score_tally(tally, self.rules, pending=self._pending)
            winner, reason = self._match_end(result)
            if winner is not None and result.match_winner is None:
                result = attrs.evolve(result, match_winner=winner, match_end_reason=reason)
        self._result = result
        return result


def undo_last(deal: Deal) -> Action:
    """Take back ``deal``'s last action in place and return it (see [`Deal.undo`][belote.deal.Deal.undo]).

    The deal is dealt again from its deck and context and every action but
    the last is applied again; then ``deal`` takes over the new state, slot
    by slot, so it equals the deal as it was before that action (attributes
    a subclass keeps outside the slots are left alone). Applying actions
    costs nothing more for it: nothing is stored along the way.

    Raises:
        IllegalAction: no action has been applied yet.
    """
    history = deal.history
    if not history:
        raise IllegalAction("nothing to undo: no action has been applied to this deal")
    from belote.deal.engine import Deal

    fresh = object.__new__(type(deal))
    Deal.__init__(  # the deal's own class may take other arguments
        fresh,
        deal.rules,
        deal._deck,
        deal._dealer,
        deal._n,
        totals=deal._totals,
        target=deal._target,
        pending=deal._pending,
        lenient=deal._lenient,
    )
    for action in history[:-1]:
        fresh.apply(action)
    _take_over(deal, fresh)
    return history[-1]


def _take_over(deal: Deal, other: Deal) -> None:
    """Make ``deal`` hold ``other``'s state, slot by slot (``other`` is then dropped)."""
    for cls in type(deal).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            try:
                value = getattr(other, name)
            except AttributeError:
                if hasattr(deal, name):
                    delattr(deal, name)
                continue
            setattr(deal, name, value)
