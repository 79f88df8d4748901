"""The typed layer: actions as [`Action`][belote.actions.Action] values, over the int layer.

Functions on a [`DealState`][belote.deal.state.DealState].

[`legal_actions`][belote.deal.Deal.legal_actions] looks the interned actions up
from the cached legal mask; [`apply`][belote.deal.Deal.apply] checks an
action's id against that mask and works out a reason
([`why_illegal`][belote.deal.Deal.why_illegal]) only for a refusal. Every
method that takes an action takes its text as well.
"""

from __future__ import annotations

from typing import Final

from belote.actions import (
    ACTION_IDS,
    ID_DECLARE,
    ID_DECLARE_CARRE,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_STOP,
    INTERNED_IDS,
    Action,
    Verb,
    action_id,
    interned_actions,
)
from belote.cards import CARDS, Card
from belote.deal.codes import EndReason, phase_of
from belote.deal.entries import ActionRecord
from belote.deal.legal import (
    card_closes_decision,
    do,
    legal_action_ids,
    legal_action_mask,
    offend,
    reason,
)
from belote.deal.play import apply_play
from belote.deal.records import result
from belote.deal.state import DealState
from belote.errors import IllegalAction, InvalidArgument
from belote.rules.checks import instance
from belote.rules.penalties import Offence

# Every id bit but the plain plays: swap, declarations, belote plays, stop.
_NOT_PLAIN_PLAY: Final = ((1 << ACTION_IDS) - 1) & ~(((1 << 32) - 1) << ID_PLAY)
_DECLARE_BITS: Final = ((1 << ID_PLAY) - 1) & ~((1 << ID_DECLARE) - 1)

_new_record: Final = tuple.__new__

__all__ = ["apply", "as_action", "can", "legal_actions", "legal_for", "lookup", "why_illegal"]

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


def as_action(action: object) -> Action:
    """An action given as an [`Action`][belote.actions.Action] or its text."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    raise InvalidArgument(
        f"not an action: {action!r} (expected an Action or its text, such as '0 take')"
    )

def lookup(action: Action) -> tuple[int, int]:
    """``(seat, action id)`` of an action; id -1 when no id stands for it.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply`][belote.deal.Deal.apply].
    """
    found = INTERNED_IDS.get(id(action))
    if found is not None:
        return action.seat, found
    if action.verb is Verb.PLAY and len(action.cards) != 1:
        return action.seat, -1
    try:
        return action.seat, action_id(action)
    except InvalidArgument:
        return action.seat, -1

def legal_for(s: DealState, seat: int, aid: int) -> bool:
    """Whether id ``aid`` is legal now for ``seat`` (the legal mask, and the seat to act).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_actions`][belote.deal.Deal.legal_actions].
    """
    mask = s.lmask
    if mask < 0:
        mask = legal_action_mask(s)
    return aid >= 0 and mask >> aid & 1 == 1 and seat == s.to_act

def can(s: object, action: object) -> bool:
    """Whether ``action`` (an action or its text) is legal now: whether it is in [`legal_actions`][belote.deal.Deal.legal_actions].

    Raises:
        NotationError: a text that is not an action.
        InvalidArgument: something that is neither an action nor text.
        InvalidArgumentType: ``s`` is not a ``DealState``.
    """
    s = instance(s, DealState, "s")
    return legal_for(s, *lookup(as_action(action)))

def why_illegal(s: object, action: object) -> str | None:
    """Why ``action`` (an action or its text) is not legal now, or ``None`` when it is.

    Raises:
        NotationError: a text that is not an action.
        InvalidArgument: something that is neither an action nor text.
        InvalidArgumentType: ``s`` is not a ``DealState``.
    """
    s = instance(s, DealState, "s")
    action = as_action(action)
    if legal_for(s, *lookup(action)):
        return None
    return reason(s, action) or f"{action} is not legal now"

def legal_actions(s: DealState) -> list[Action]:
    """Every legal action now, all of them the seat to act's.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_actions`][belote.deal.Deal.legal_actions].

    The order: in the bidding, take (then the suits of round 2), then
    pass; the swap decision: swap, then keep; in the play, the call, the declarations, then the
    cards in index order, each followed by its belote announcement when
    open. The actions are shared values (one per seat and action id).
    """
    mask = s.lmask
    if mask < 0:
        mask = legal_action_mask(s)
    if not mask:
        return []
    seat = s.to_act
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
    return [actions[i] for i in legal_action_ids(s)]

# --- applying -------------------------------------------------------------------------

def apply(s: DealState, action: Action | str) -> ActionRecord:
    """Apply a legal action (or its text) and say what it did.

    Trusted: takes what the library built (the state ``s`` and the types of the other
    arguments are not checked); the checked door is
    [`Deal.apply`][belote.deal.Deal.apply].

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
        action = as_action(action)
    aid = INTERNED_IDS.get(id(action))
    seat = action.seat
    if aid is None:
        seat, aid = lookup(action)
    mask = s.lmask
    if mask < 0:
        mask = legal_action_mask(s)
    offence = None
    if (
        aid < 0
        or not mask >> aid & 1
        or seat != s.to_act
    ):
        if not s.lenient:
            raise IllegalAction(reason(s, action) or f"{action} is not legal now")
        if card_closes_decision(s, seat, aid):
            return apply(s, action)
        # Lenient mode (rules §9, docs/rules.md#penalties): the same refusal, recorded as an offence.
        offence = offend(s, action, seat, aid)
        if offence.offence is not Offence.RENEGE:  # no effect on the play
            return ActionRecord(action, offence.index, phase_of(s.phase, s.layout.auction), offence=offence)
    index = len(s.history)
    tricks_before = s.tricks_done
    if ID_PLAY <= aid < ID_PLAY_BELOTE:  # a plain card: the common case
        apply_play(s, aid - ID_PLAY, False)
    elif ID_DECLARE_CARRE <= aid < ID_PLAY:
        do(s, seat, aid, tuple([card.index for card in action.cards]))
    else:
        do(s, seat, aid, None)
    if aid < ID_PLAY_BELOTE and s.tricks_done == tricks_before:
        # The common case, built as a plain tuple of the fields (no keyword parsing).
        return _new_record(
            ActionRecord, (action, index, phase_of(s.phase, s.layout.auction), None, None, None, False,
                           None, None, None, offence),
        )
    trick: tuple[Card, ...] | None = None
    leader = winner = None
    if s.tricks_done > tricks_before:
        n = s.n
        k = tricks_before
        trick = tuple([CARDS[i] for i in s.played[k * n : (k + 1) * n]])
        winner = s.trick_winners[k]
        leader = s.trick_winners[k - 1] if k else (s.dealer + 1) % n
    match_winner = None
    if tricks_before == 0 and s.tricks_done == 1 and s.eight_run_side >= 0:
        # An 8-card run shown at the first trick wins the match (rules §8, docs/rules.md#match, 004),
        # but the deal is played out: its result comes only at the end.
        match_winner = s.eight_run_side
    elif s.end is EndReason.STOPPED:
        match_winner = result(s).match_winner
    # The fields in ActionRecord's order, as a plain tuple like the common case
    # above (a NamedTuple's keyword constructor runs interpreted code).
    return _new_record(
        ActionRecord,
        (
            action,
            index,
            phase_of(s.phase, s.layout.auction),
            trick,  # trick
            leader,  # trick_leader
            winner,  # trick_winner
            ID_PLAY_BELOTE <= aid < ID_STOP
            and (s.belote_calls[seat] == 2 or s.rules.belote_announced_once),  # belote
            s.resolved if trick is not None and tricks_before == 0 else None,  # declarations
            s.claim_held if aid == ID_STOP else None,  # claim_held
            match_winner,
            offence,
        ),
    )
