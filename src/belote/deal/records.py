"""What a deal leaves behind: its history, its record, its tally and its result.

The values [`ActionRecord`][belote.deal.ActionRecord] and
[`OffenceRecord`][belote.deal.OffenceRecord], and functions on a
[`DealState`][belote.deal.state.DealState] that read the state back as actions,
a record, a tally and a result.
"""

from __future__ import annotations

from typing import Final

import attrs

from belote.actions import (
    ID_COINCHE,
    ID_DECLARE,
    ID_KEEP,
    ID_PASS,
    ID_PLAY,
    ID_STOP,
    ID_SURCOINCHE,
    ID_SWAP,
    ID_TAKE,
    ID_TAKE_SUIT,
    STRAINS,
    Action,
    Verb,
    interned_actions,
)
from belote.cards import ALL_TRUMPS, CARDS
from belote.deal.calling_out import match_end
from belote.deal.codes import (
    CAPOT_BID,
    H_BID,
    H_COINCHE,
    H_DECLARE,
    H_OFFENCE,
    H_PLAY,
    H_TAKE,
    OVER,
    SUITS,
    EndReason,
)
from belote.deal.state import DealState, side_of
from belote.errors import IllegalAction
from belote.rules.penalties import Penalty
from belote.rules.specs import spec_of
from belote.scoring import (
    Contract,
    DealResult,
    Tally,
    redeal_result,
    score_tally,
    score_trusted,
)

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_STOPPED: Final = EndReason.STOPPED
_REDEAL: Final = EndReason.REDEAL
# The contracts of the tallies built so far, per (value, strain, doubling): frozen values.
_CONTRACTS: Final[dict[tuple[int, int, int], Contract]] = {}


def _pairs_announced(s: DealState) -> tuple[int, ...]:
    """Per belote, its seat: each suit whose king and queen a seat announced (all-trumps, docs/contree.md)."""
    said = [0] * s.n
    for seat, code, arg in s.history:
        if code == H_PLAY and type(arg) is int and arg >= 32:  # +32: played with belote
            said[seat] |= 1 << (arg - 32)
    found: list[int] = []
    for seat in range(s.n):
        for suit in range(4):
            pair = 3 << (suit * 8 + 5)  # the queen (5) and the king (6)
            if said[seat] & pair == pair:
                found.append(seat)
    return tuple(found)


def history(s: DealState) -> tuple[Action, ...]:
    """The actions applied so far, in order (the offences of a lenient deal included).

    Kept as typed values once built (extended as the deal goes on).
    """
    view = s.actions_view
    done = len(view)
    entries = s.history
    if done != len(entries):
        s.actions_view = view = view + tuple([action_of(s, entry) for entry in entries[done:]])
    return view

def action_of(s: DealState, entry: tuple[int, int, object]) -> Action:
    """The action a history entry ``(seat, code, argument)`` stands for."""
    seat, code, arg = entry
    if code == H_OFFENCE:
        assert isinstance(arg, Action)
        return arg
    if code == H_DECLARE:
        assert isinstance(arg, tuple)
        return Action(seat, Verb.DECLARE, cards=tuple(CARDS[i] for i in arg))
    actions = interned_actions(seat)
    if code == H_PLAY:
        assert isinstance(arg, int)
        return actions[ID_PLAY + arg]  # + 32 with belote: ID_PLAY_BELOTE = ID_PLAY + 32
    if code == H_TAKE:
        assert isinstance(arg, int)
        return actions[ID_TAKE if arg < 0 else ID_TAKE_SUIT + arg]
    if code >= H_BID:
        if code == H_BID:
            assert isinstance(arg, int)
            return actions[arg]
        return actions[ID_COINCHE if code == H_COINCHE else ID_SURCOINCHE]
    return actions[(ID_PASS, ID_TAKE, ID_SWAP, ID_DECLARE, ID_PLAY, ID_STOP, -1, ID_KEEP)[code]]

def to_record(s: DealState) -> dict[str, object]:
    """The deal record (docs/formats.md#deal-record), at any point of the deal.

    Besides ``variant``, ``players``, ``dealer``, ``deck`` and
    ``actions``, the record says whether the deal is ``finished``, and
    holds the match context the deal was dealt with when it is not the
    default: ``totals`` (match scores before the deal), ``target`` and
    ``pending`` (litige points waiting), and ``"lenient": true`` for a
    lenient deal. [`Deal.from_record`][belote.deal.Deal.from_record]
    reads it back, finished or not.
    """
    record: dict[str, object] = {
        "variant": spec_of(s.rules),
        "players": s.n,
        "dealer": s.dealer,
        "deck": [str(CARDS[i]) for i in s.deck],
        "actions": [str(action) for action in history(s)],
        "finished": s.phase == OVER,
    }
    if any(s.totals):
        record["totals"] = list(s.totals)
    if s.target != s.rules.target:
        record["target"] = s.target
    if s.pending:
        record["pending"] = s.pending
    if s.lenient:
        record["lenient"] = True
    return record

def tally(s: DealState) -> Tally | None:
    """What a scorekeeper would count now (the whole deal once it is over).

    ``None`` before a trump is fixed or after everyone passed. For a deal
    stopped by "j'arrête", ``last_trick`` is ``None``. The offences of a
    lenient deal are its ``penalties``, sanctioned as the last step of
    the scoring.
    """
    if s.taker < 0:
        return None
    won, points = s.tricks_won, s.points
    last: int | None = None
    if s.tricks_done == s.hand_size:
        last = s.trick_winners[-1]
    tricks: tuple[int, ...]
    card_points: tuple[int, ...]
    if s.partners:  # teams: seats 0 and 2, 1 and 3
        tricks = (won[0] + won[2], won[1] + won[3])
        card_points = (points[0] + points[2], points[1] + points[3])
        if last is not None:
            last &= 1
    else:
        tricks, card_points = tuple(won), tuple(points)
    holder = s.belote_holder
    belote = holder if holder >= 0 and s.belote_calls[holder] == 2 else None
    belotes: tuple[int, ...] = ()
    if s.rules.belote_announced_once:  # each announcement is one belote (all-trumps: several)
        belotes = tuple(seat for seat, calls in enumerate(s.belote_calls) for _ in range(calls))
        belote = belotes[0] if belotes else None
    elif s.trump == ALL_TRUMPS:  # contrée's tout-atout: a belote per pair announced whole
        belotes = _pairs_announced(s)
        belote = belotes[0] if belotes else None
    contract = None
    if s.layout.auction:
        key = (s.contract_value, s.contract_strain, s.doubling)
        contract = _CONTRACTS.get(key)
        if contract is None:  # a value, shared: a table bids the same few contracts
            capot = s.contract_value == CAPOT_BID
            contract = _CONTRACTS[key] = Contract(
                value=None if capot else s.contract_value,
                strain=STRAINS[s.contract_strain],
                doubling=s.doubling,
            )
    return Tally(
        taker=s.taker,
        trump=SUITS[s.trump & 3 if s.trump < 4 else 0],  # no trump suit: spades, not read
        tricks=tricks,
        card_points=card_points,
        last_trick=last,
        announcements=tuple(s.declarations),
        belote=belote,
        belotes=belotes,
        dealer=s.dealer,
        players=s.n,
        stopped_by=s.stopper if s.end is _STOPPED else None,
        penalties=tuple([Penalty(o.seat, o.offence) for o in s.offences])
        if s.offences else (),
        contract=contract,
    )

def result(s: DealState) -> DealResult:
    """The deal's result, scored by [`score_tally`][belote.scoring.pipeline.score_tally].

    Raises:
        IllegalAction: the deal is not over.
    """
    if s.result is not None:
        return s.result
    if s.phase != OVER:
        raise IllegalAction(f"the deal is not over: seat {s.to_act} is to act")
    if s.end is _REDEAL:
        scored = redeal_result(s.rules, s.pending, s.n)
    else:
        counted = tally(s)
        assert counted is not None
        if s.pending >= 0 and s.partners == s.rules.partnerships:
            # A tally the engine built holds every check of check_tally: skip them.
            scored = score_trusted(counted, s.rules, s.pending, s.resolved)
        else:  # a negative pending, or a partnership variant at another table size
            scored = score_tally(counted, s.rules, pending=s.pending)
        winner, reason = match_end(s, scored)
        if winner is not None and scored.match_winner is None:
            scored = attrs.evolve(scored, match_winner=winner, match_end_reason=reason)
    s.result = scored
    return scored


def side_value(s: DealState, seat: int) -> float:
    """What the finished deal was worth to ``seat``'s side: its score less the mean score of the other sides.

    Trusted: takes what the library built (the state ``s`` and ``seat``, checked by
    the door); the checked door is [`Deal.side_value`][belote.deal.Deal.side_value].

    Raises:
        IllegalAction: the deal is not over.
    """
    scores = result(s).scores
    if not scores:
        return 0.0
    mine = side_of(s, seat)
    others = [score for side, score in enumerate(scores) if side != mine]
    return scores[mine] - sum(others) / len(others)
