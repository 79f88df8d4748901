"""The typed layer: actions as [`Action`][belote.actions.Action] values, over the int layer.

[`legal_actions`][belote.deal.Deal.legal_actions] looks the interned actions up
from the cached legal mask; [`apply`][belote.deal.Deal.apply] checks an
action's id against that mask and works out a reason
([`why_illegal`][belote.deal.Deal.why_illegal]) only for a refusal. Every
method that takes an action takes its text as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belote.actions import (
    _INTERNED_IDS,
    ACTION_IDS,
    ID_DECLARE,
    ID_DECLARE_CARRE,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_STOP,
    ID_SWAP,
    Action,
    Verb,
    action_id,
    interned_actions,
)
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal.legal import Legal
from belote.deal.records import ActionRecord
from belote.deal.state import _PHASES, EndReason
from belote.errors import IllegalAction, InvalidArgument
from belote.penalties import Offence

# Every id bit but the plain plays: swap, declarations, belote plays, stop.
_NOT_PLAIN_PLAY: Final = ((1 << ACTION_IDS) - 1) & ~(((1 << 32) - 1) << ID_PLAY)
_DECLARE_BITS: Final = ((1 << ID_PLAY) - 1) & ~((1 << ID_DECLARE) - 1)

_new_record: Final = tuple.__new__

# _PLAY_ROWS[seat][256 * k + byte]: the interned play actions of ``seat`` for the cards of
# ``byte`` in suit ``k``; legal_actions joins four rows instead of building actions.
_PLAY_ROWS: list[tuple[tuple[Action, ...], ...]] = []


def _play_rows(seat: int) -> tuple[tuple[Action, ...], ...]:
    while len(_PLAY_ROWS) <= seat:
        actions = interned_actions(len(_PLAY_ROWS))
        _PLAY_ROWS.append(tuple(
            tuple(actions[ID_PLAY + 8 * k + r] for r in range(8) if byte >> r & 1)
            for k in range(4)
            for byte in range(256)
        ))
    return _PLAY_ROWS[seat]


class TypedLayer(Legal):
    """Legal actions, queries and doers on [`Action`][belote.actions.Action] values (internal)."""

    __slots__ = ()

    # --- convenience doers ----------------------------------------------------------------

    def pass_(self) -> ActionRecord:
        """The seat to act passes."""
        return self.apply(Action.pass_(self._to_act))

    def take(self, suit: Suit | int | str | None = None) -> ActionRecord:
        """The seat to act takes the turned suit, or names ``suit`` in round 2.

        Raises:
            InvalidArgument: ``suit`` is not a suit (a [`Suit`][belote.cards.Suit], 0 to 3, or its letter).
            IllegalAction: the take is not legal now.
        """
        if isinstance(suit, str):
            suit = Suit.parse(suit)
        elif suit is not None and (isinstance(suit, bool) or suit not in range(4)):
            raise InvalidArgument(f"not a suit: {suit!r} (expected S, H, D, C or 0 to 3)")
        return self.apply(Action.take(self._to_act, suit))

    def play(self, card: Card | str, belote: bool = False) -> ActionRecord:
        """The seat to act plays ``card``, announcing belote when asked."""
        return self.apply(Action.play(self._to_act, card, belote))

    def declare(self, cards: CardSet | Sequence[Card] | str | None = None) -> ActionRecord:
        """The seat to act declares one combination, or everything held when ``cards`` is None."""
        if isinstance(cards, str):
            cards = CardSet.parse(cards)
        return self.apply(Action.declare(self._to_act, () if cards is None else cards))

    def swap(self, seat: int | None = None) -> ActionRecord:
        """The holder of the 7 of trump (or ``seat``) swaps it for the turned card."""
        if seat is None:
            seat = self.swap_seat()
            if seat is None:
                raise IllegalAction("no seat may swap the 7 of trump now")
        return self.apply(Action.swap(seat))

    def stop(self) -> ActionRecord:
        """The seat to act calls out (``piedicavallo``) or says "j'arrête" (``french``)."""
        return self.apply(Action.stop(self._to_act))

    def _as_action(self, action: Action | str) -> Action:
        """An action given as an [`Action`][belote.actions.Action] or its text."""
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return Action.parse(action)
        raise InvalidArgument(
            f"not an action: {action!r} (expected an Action or its text, such as '0 take')"
        )

    def _lookup(self, action: Action) -> tuple[int, int]:
        """``(seat, action id)`` of an action; id -1 when no id stands for it."""
        found = _INTERNED_IDS.get(id(action))
        if found is not None:
            return action.seat, found
        if action.verb is Verb.PLAY and len(action.cards) != 1:
            return action.seat, -1
        try:
            return action.seat, action_id(action)
        except InvalidArgument:
            return action.seat, -1

    def _legal_for(self, seat: int, aid: int) -> bool:
        """Whether id ``aid`` is legal now for ``seat`` (the legal mask, then the actor)."""
        mask = self._lmask
        if mask < 0:
            mask = self.legal_action_mask()
        if aid < 0 or not mask >> aid & 1:
            return False
        if aid == ID_SWAP:
            return seat == self._swap_holder()
        return seat == self._to_act

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` (an action or its text) is legal now: whether it is in [`legal_actions`][belote.deal.Deal.legal_actions].

        Raises:
            NotationError: a text that is not an action.
            InvalidArgument: something that is neither an action nor text.
        """
        return self._legal_for(*self._lookup(self._as_action(action)))

    def why_illegal(self, action: Action | str) -> str | None:
        """Why ``action`` (an action or its text) is not legal now, or ``None`` when it is.

        Raises:
            NotationError: a text that is not an action.
            InvalidArgument: something that is neither an action nor text.
        """
        action = self._as_action(action)
        if self._legal_for(*self._lookup(action)):
            return None
        return self._reason(action) or f"{action} is not legal now"

    def legal_actions(self) -> list[Action]:
        """Every legal action now: the seat to act's, and an out-of-turn swap when open.

        The order: in the bidding, take (then the suits of round 2), then
        pass; in the play, the swap, the call, the declarations, then the
        cards in index order, each followed by its belote announcement when
        open. The actions are shared values (one per seat and action id).
        """
        mask = self._lmask
        if mask < 0:
            mask = self.legal_action_mask()
        if not mask:
            return []
        seat = self._to_act
        if not mask & _NOT_PLAIN_PLAY:
            rows = _PLAY_ROWS[seat] if seat < len(_PLAY_ROWS) else _play_rows(seat)
            cards = mask >> ID_PLAY
            return [
                *rows[cards & 0xFF],
                *rows[256 + (cards >> 8 & 0xFF)],
                *rows[512 + (cards >> 16 & 0xFF)],
                *rows[768 + (cards >> 24)],
            ]
        actions = interned_actions(seat)
        out = [actions[i] for i in self.legal_action_ids()]
        if mask >> ID_SWAP & 1:  # listed first, for the holder of the 7 of trump
            out[0] = interned_actions(self._swap_holder())[ID_SWAP]
        return out

    # --- applying -------------------------------------------------------------------------

    def apply(self, action: Action | str) -> ActionRecord:
        """Apply a legal action (or its text) and say what it did.

        The action is checked against the cached legal mask (the reason is
        worked out only for a refusal). In a lenient deal, an illegal action
        that is an offence the variant sanctions is accepted instead (docs/rules.md
        §9): a renege is played, a card out of turn or a false announcement
        changes nothing but the history, and the record's ``offence`` (also
        in [`offences`][belote.deal.Deal.offences]) says what it costs.

        Raises:
            IllegalAction: the action is not legal now (in a lenient deal: and
                not an offence the variant sanctions); the deal is unchanged.
            NotationError: a text that is not an action.
            InvalidArgument: something that is neither an action nor text.
        """
        if type(action) is not Action:
            action = self._as_action(action)
        aid = _INTERNED_IDS.get(id(action))
        seat = action.seat
        if aid is None:
            seat, aid = self._lookup(action)
        mask = self._lmask
        if mask < 0:
            mask = self.legal_action_mask()
        offence = None
        if (
            aid < 0
            or not mask >> aid & 1
            or seat != (self._swap_holder() if aid == ID_SWAP else self._to_act)
        ):
            if not self._lenient:
                raise IllegalAction(self._reason(action) or f"{action} is not legal now")
            # Lenient mode (rules §9, docs/rules.md#penalties): the same refusal, recorded as an offence.
            offence = self._offend(action, seat, aid)
            if offence.offence is not Offence.RENEGE:  # no effect on the play
                return ActionRecord(action, offence.index, _PHASES[self._phase], offence=offence)
        index = len(self._history)
        tricks_before = self._tricks_done
        cards = None
        if ID_DECLARE_CARRE <= aid < ID_PLAY:
            cards = tuple([card.index for card in action.cards])
        self._do(seat, aid, cards)
        if aid < ID_PLAY_BELOTE and self._tricks_done == tricks_before:
            # The common case, built as a plain tuple of the fields (no keyword parsing).
            return _new_record(
                ActionRecord, (action, index, _PHASES[self._phase], None, None, None, False,
                               None, None, None, offence),
            )
        trick: tuple[Card, ...] | None = None
        leader = winner = None
        if self._tricks_done > tricks_before:
            n = self._n
            k = tricks_before
            trick = tuple([CARDS[i] for i in self._played[k * n : (k + 1) * n]])
            winner = self._trick_winners[k]
            leader = self._trick_winners[k - 1] if k else (self._dealer + 1) % n
        match_winner = None
        if tricks_before == 0 and self._tricks_done == 1 and self._eight_run_side >= 0:
            # An 8-card run shown at the first trick wins the match (rules §8, docs/rules.md#match, 004),
            # but the deal is played out: its result comes only at the end.
            match_winner = self._eight_run_side
        elif self._end is EndReason.STOPPED:
            match_winner = self.result.match_winner
        return ActionRecord(
            action,
            index,
            _PHASES[self._phase],
            trick=trick,
            trick_leader=leader,
            trick_winner=winner,
            belote=ID_PLAY_BELOTE <= aid < ID_STOP and self._belote_calls[seat] == 2,
            declarations=self._resolved if trick is not None and tricks_before == 0 else None,
            claim_held=self._claim_held if aid == ID_STOP else None,
            match_winner=match_winner,
            offence=offence,
        )

    def apply_all(self, actions: Sequence[Action | str]) -> None:
        """Apply actions (or their notation) in order.

        Raises:
            IllegalAction: an action is not legal; earlier ones stay applied.
            NotationError: a text is not an action.
        """
        for action in actions:
            self.apply(action)
