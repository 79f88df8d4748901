"""What may be done now, as integers: the int layer under the typed one.

Every action has a fixed id ([`belote.actions`][belote.actions]: ``ID_PASS``,
``ID_TAKE``, ..., ``ID_PLAY + card``, ``ID_STOP``; ``ACTION_IDS`` in all).
[`legal_action_mask`][belote.deal.Deal.legal_action_mask] is an int whose bit
``i`` is set when id ``i`` is legal now; it is computed once per state and
cached. [`apply_id`][belote.deal.Deal.apply_id] applies an id: the swap id
acts for the holder of the 7 of trump (who may act out of turn), every other
id for the seat to act. The typed layer ([`legal_actions`][belote.deal.Deal.legal_actions],
[`apply`][belote.deal.Deal.apply]) is a thin wrapper over these: the same
rules, looked up instead of rebuilt.

>>> from belote.deal import Deal
>>> from belote.actions import ID_PASS, ID_TAKE
>>> deal = Deal.random("classic", seed=1)
>>> deal.legal_action_ids() == [ID_TAKE, ID_PASS]
True
>>> deal.apply_id(ID_PASS)
>>> deal.to_act
2
"""

from __future__ import annotations

from typing import Final

from belote.actions import (
    ACTION_IDS,
    DECLARE_IDS,
    DECLARE_MASKS,
    ID_DECLARE,
    ID_DECLARE_CARRE,
    ID_PASS,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_STOP,
    ID_SWAP,
    ID_TAKE,
    ID_TAKE_SUIT,
    Action,
    Verb,
    action_from_id,
)
from belote.cards import CARDS
from belote.deal.observation import Observing
from belote.deal.records import OffenceRecord
from belote.deal.state import _BID1, _H_OFFENCE, _JACK, _OVER, _PLAY, _mask_cards
from belote.errors import IllegalAction, InvalidArgument
from belote.penalties import Offence, sanction_for

_PLAY_BITS: Final = ((1 << 32) - 1) << ID_PLAY
"""The bits of the plain ``play`` ids."""

# _BYTE_IDS[256 * k + byte]: the play ids of the cards of ``byte`` in suit ``k``.
_BYTE_IDS: Final = tuple(
    tuple(ID_PLAY + 8 * k + r for r in range(8) if byte >> r & 1)
    for k in range(4)
    for byte in range(256)
)


# In the bidding, the ids in the order legal_actions lists them: take, the suits of
# round 2, then pass.
_BID_ORDER: Final = (ID_TAKE, ID_TAKE_SUIT, ID_TAKE_SUIT + 1, ID_TAKE_SUIT + 2, ID_TAKE_SUIT + 3, ID_PASS)
_DECLARE_BITS: Final = ((1 << ID_PLAY) - 1) & ~((1 << ID_DECLARE) - 1)


class Legal(Observing):
    """The legal action-id mask and applying an id (internal)."""

    __slots__ = ()

    def legal_action_mask(self) -> int:
        """The legal actions now as a mask: bit ``i`` set when action id ``i`` is legal.

        Ids are those of [`belote.actions`][belote.actions]. The swap bit
        (``ID_SWAP``) stands for the holder of the 7 of trump, who may act out
        of turn ([`swap_seat`][belote.deal.Deal.swap_seat]); every other bit
        for the seat to act. ``0`` once the deal is over.
        """
        mask = self._lmask
        if mask >= 0:
            return mask
        phase = self._phase
        if phase == _PLAY:
            seat = self._to_act
            legal = self._legal
            if legal < 0:
                legal = self.legal_play_mask()
            mask = legal << ID_PLAY
            if seat == self._belote_holder:
                for card in self._belote_pair:
                    if legal >> card & 1:
                        mask |= 1 << (ID_PLAY_BELOTE + card)
            if not self._played:  # the first trick: the swap and declarations
                if self._swap_holder() >= 0:
                    mask |= 1 << ID_SWAP
                for action_id in self._declare_ids(seat):
                    mask |= 1 << action_id
            if not self._stop_check(seat):
                mask |= 1 << ID_STOP
        elif phase == _OVER:
            mask = 0
        elif phase == _BID1:
            jack_rule = (
                self._bid_count == 0 and self._turned & 7 == _JACK and self.rules.jack_obligatory
            )
            mask = 1 << ID_TAKE if jack_rule else 1 << ID_TAKE | 1 << ID_PASS
        else:  # round 2: name another suit, or pass
            mask = (0b1111 << ID_TAKE_SUIT & ~(1 << (ID_TAKE_SUIT + (self._turned >> 3)))) | 1
        self._lmask = mask
        return mask

    def legal_action_ids(self) -> list[int]:
        """The legal action ids now, in the order of [`legal_actions`][belote.deal.Deal.legal_actions].

        In the bidding: take, the suits of round 2, pass. In the play: the
        swap, the call, the declarations (in the order of the seat's
        combinations), then the cards in index order, each followed by its
        belote announcement when open. The set is [`legal_action_mask`][belote.deal.Deal.legal_action_mask].
        """
        mask = self._lmask
        if mask < 0:
            mask = self.legal_action_mask()
        if not mask & ~_PLAY_BITS:  # cards only: the common case
            cards = mask >> ID_PLAY
            return [
                *_BYTE_IDS[cards & 0xFF],
                *_BYTE_IDS[256 + (cards >> 8 & 0xFF)],
                *_BYTE_IDS[512 + (cards >> 16 & 0xFF)],
                *_BYTE_IDS[768 + (cards >> 24)],
            ]
        if self._phase != _PLAY:
            return [i for i in _BID_ORDER if mask >> i & 1]
        ids = []
        if mask >> ID_SWAP & 1:
            ids.append(ID_SWAP)
        if mask >> ID_STOP & 1:
            ids.append(ID_STOP)
        if mask & _DECLARE_BITS:  # in the order of the seat's combinations
            if mask >> ID_DECLARE & 1:
                ids.append(ID_DECLARE)
            for combo in self._declarable(self._to_act):
                i = DECLARE_IDS[combo.cards.mask]
                if mask >> i & 1:
                    ids.append(i)
        cards = mask >> ID_PLAY & 0xFFFFFFFF
        if not mask >> ID_PLAY_BELOTE & 0xFFFFFFFF:  # no belote to announce
            ids += _BYTE_IDS[cards & 0xFF]
            ids += _BYTE_IDS[256 + (cards >> 8 & 0xFF)]
            ids += _BYTE_IDS[512 + (cards >> 16 & 0xFF)]
            ids += _BYTE_IDS[768 + (cards >> 24)]
            return ids
        for card in _mask_cards(cards):
            ids.append(ID_PLAY + card)
            if mask >> (ID_PLAY_BELOTE + card) & 1:
                ids.append(ID_PLAY_BELOTE + card)
        return ids

    def actor(self, action_id: int) -> int | None:
        """The seat an action id would act for now: the swap holder for ``ID_SWAP``, else the seat to act.

        ``None`` once the deal is over, or for the swap when nobody may swap.
        """
        if self._phase == _OVER:
            return None
        if action_id == ID_SWAP:
            holder = self._swap_holder()
            return None if holder < 0 else holder
        return self._to_act

    def apply_id(self, action_id: int) -> None:
        """Apply a legal action id (the fast layer of [`apply`][belote.deal.Deal.apply]).

        Raises:
            InvalidArgument: ``action_id`` is not an int in ``range(ACTION_IDS)``.
            IllegalAction: the id is not legal now; the deal is unchanged.
        """
        mask = self._lmask
        if mask < 0:
            mask = self.legal_action_mask()
        if type(action_id) is int and action_id >= 0 and mask >> action_id & 1:
            seat = self._swap_holder() if action_id == ID_SWAP else self._to_act
            self._do(seat, action_id, None)
            return
        if type(action_id) is not int or not 0 <= action_id < ACTION_IDS:
            raise InvalidArgument(
                f"no action id {action_id!r} (expected an int from 0 to {ACTION_IDS - 1})"
            )
        seat = self._to_act if self._phase != _OVER else 0
        if not self._lenient:
            raise IllegalAction(self._refusal(seat, action_id, None))
        if self._offend(action_from_id(action_id, seat), seat, action_id).offence is Offence.RENEGE:
            self._do(seat, action_id, None)

    def _refusal(self, seat: int, action_id: int, cards: tuple[int, ...] | None) -> str:
        """Why the id is not legal for ``seat`` now (computed only for a refusal)."""
        action = action_from_id(action_id, seat)
        if cards is not None and action_id >= ID_DECLARE_CARRE:
            action = Action.declare(seat, [CARDS[i] for i in cards])
        return self._reason(action) or f"{action} is not legal now"

    def _reason(self, action: Action) -> str | None:
        """Why ``action`` breaks a rule now, by phase, else ``None``."""
        seat, verb = action.seat, action.verb
        if self._phase == _OVER:
            return "the deal is over"
        if type(seat) is not int or not 0 <= seat < self._n:
            return f"no seat {seat!r} at a table of {self._n}"
        if verb is Verb.SWAP:
            return self._swap_reason(seat)
        if seat != self._to_act:
            doing = "bid" if self._phase < _PLAY else "play"
            return f"it is seat {self._to_act}'s turn to {doing}, not seat {seat}'s"
        if verb is Verb.PASS:
            return self._bid_reason(seat, False, -1)
        if verb is Verb.TAKE:
            return self._bid_reason(seat, True, -1 if action.suit is None else int(action.suit))
        if verb is Verb.PLAY:
            if len(action.cards) != 1:
                return "play one card"
            return self._play_reason(seat, action.cards[0].index, action.belote)
        if verb is Verb.DECLARE:
            return self._declare_reason(seat, action.cards)
        if verb is Verb.STOP:
            return self._stop_reason(seat)
        return f"unknown verb {verb!r}"  # pragma: no cover

    def _do(self, seat: int, action_id: int, cards: tuple[int, ...] | None) -> None:
        """Carry out a legal action id for ``seat`` (the callers check legality).

        ``cards``: for a declaration, the card indices as the action wrote them
        (kept in the history); ``None`` for the id's own order.
        """
        if action_id >= ID_PLAY:
            if action_id >= ID_PLAY_BELOTE:
                if action_id == ID_STOP:
                    self._stop(seat)
                else:
                    self._play(action_id - ID_PLAY_BELOTE, True)
            else:
                self._play(action_id - ID_PLAY, False)
        elif action_id >= ID_DECLARE:
            if action_id == ID_DECLARE:
                self._declare(seat, 0, ())
            else:
                mask = DECLARE_MASKS[action_id - ID_DECLARE_CARRE]
                if cards is None:
                    cards = tuple(i for i in range(32) if mask >> i & 1)
                self._declare(seat, mask, cards)
        elif action_id == ID_SWAP:
            self._swap(seat)
        elif action_id == ID_PASS:
            self._bid(seat, False, -1)
        elif action_id == ID_TAKE:
            self._bid(seat, True, -1)
        else:
            self._bid(seat, True, action_id - ID_TAKE_SUIT)


    # --- lenient mode (rules §9, docs/rules.md#penalties) ---------------------------------------------------------

    def _offence_kind(self, action: Action, seat: int, action_id: int) -> Offence | None:
        """The offence an illegal ``action`` is, when lenient mode may accept it, else ``None``.

        Called only for an action the legal mask refuses. A renege: the seat
        to act plays a card it holds that the obligations forbid (docs/rules.md
        §5). A card played out of turn: a seat holds the card but it is
        another seat's turn in the play. A false announcement: the seat to act
        declares, before its first card, cards it does not hold, cards that are
        not a combination it holds (a run taken out of a longer one), or
        "everything" holding nothing. Anything else (a bid out of turn, a
        card not held, a false belote, a late declaration) is no offence the
        sources price: it stays refused.
        """
        if self._phase != _PLAY or type(seat) is not int or not 0 <= seat < self._n:
            return None
        if action.verb is Verb.PLAY and ID_PLAY <= action_id < ID_STOP:
            card = (action_id - ID_PLAY) & 31
            if not self._hands[seat] >> card & 1:
                return None
            if action_id >= ID_PLAY_BELOTE and not (
                seat == self._belote_holder and card in self._belote_pair
            ):
                return None
            return Offence.RENEGE if seat == self._to_act else Offence.OUT_OF_TURN
        if action.verb is Verb.DECLARE and self._false_declaration(seat, action.cards):
            return Offence.FALSE_ANNOUNCEMENT
        return None

    def _offend(self, action: Action, seat: int, action_id: int) -> OffenceRecord:
        """Accept an illegal action as an offence in lenient mode, or refuse it.

        Works out the strict refusal's reason, the kind of offence and the
        variant's sanction ([`sanction_for`][belote.penalties.sanction_for]),
        and records the offence. A renege is then played by the caller; an
        out-of-turn card and a false announcement go into the history and
        change nothing else (the card stays in the hand, the combination is
        not declared).

        Raises:
            IllegalAction: the action is no offence lenient mode accepts, or the
                variant has no sanction for it; the deal is unchanged.
        """
        reason = self._reason(action) or f"{action} is not legal now"
        kind = self._offence_kind(action, seat, action_id)
        if kind is None:
            raise IllegalAction(reason)
        rules = self.rules
        if kind not in rules.penalties:
            raise IllegalAction(
                f"{reason} ({rules.name} has no penalty for {kind.value}, "
                "so lenient mode refuses it too)"
            )
        record = OffenceRecord(
            index=len(self._history),
            seat=seat,
            action=action,
            offence=kind,
            reason=reason,
            sanction=sanction_for(rules, kind, seat, self._n),
        )
        self._offences.append(record)
        if kind is not Offence.RENEGE:
            self._history.append((seat, _H_OFFENCE, action))
        return record
