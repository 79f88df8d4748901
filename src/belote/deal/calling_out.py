"""Calling out (docs/rules.md#calling-out) and "j'arrête" (docs/rules.md#j-arrete).

Functions on a [`DealState`][belote.deal.state.DealState]: whether a seat may
call out or stop now, the points a side has so far, carrying the call out,
and who wins the match because of it.
"""

from __future__ import annotations

from belote.deal.codes import H_STOP, OVER, PLAY, EndReason
from belote.deal.play import reset_legal
from belote.deal.state import DealState, check_side, side_of
from belote.rules import CallingOut
from belote.rules.checks import instance, whole
from belote.scoring import DealResult, Outcome
from belote.scoring.hands import points_of

__all__ = [
    "apply_stop",
    "belote_seat",
    "belote_seats",
    "best_other",
    "claim_holds",
    "match_end",
    "points_so_far",
    "stop_check",
    "stop_reason",
    "sum_side",
]


def sum_side(s: DealState, values: list[int], side: object) -> int:
    """A per-seat count summed for one scoring side (teams add their two seats).

    Trusted: takes what the library built (the state ``s`` is not checked, the
    other arguments are); the checked door is
    [`Deal.points_so_far`][belote.deal.Deal.points_so_far].

    ``side`` comes from the caller unchecked, of any type.

    Raises:
        InvalidSeat: no such side.
    """
    k = check_side(s, side)
    if s.partners:
        return values[k] + values[k + 2]
    return values[k]


def belote_seat(s: DealState) -> int:
    """The seat that completed belote and rebelote (or, said once, the first belote), else -1.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    if s.rules.belote_announced_once:  # said once: the first seat that said one
        for seat, calls in enumerate(s.belote_calls):
            if calls:
                return seat
        return -1
    holder = s.belote_holder
    return holder if holder >= 0 and s.belote_calls[holder] == 2 else -1


def belote_seats(s: DealState) -> tuple[int, ...]:
    """Every belote said so far, one seat per belote (several in all-trumps: docs/bulgarian.md#belote).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.belote_seats`][belote.deal.Deal.belote_seats].
    """
    if s.rules.belote_announced_once:
        return tuple([seat for seat, calls in enumerate(s.belote_calls) for _ in range(calls)])
    seat = belote_seat(s)
    return () if seat < 0 else (seat,)


def stop_check(s: DealState, seat: int) -> int:
    """0 when ``seat`` may call out or stop now, else the number of the rule that forbids it.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    The rules, in order: 1 the variant has no calling out; 2 not the play
    phase; 3 not the seat's turn; ``piedicavallo`` (rules §8.1, docs/rules.md#calling-out): 4 only
    the player about to lead after winning the previous trick, 5 once per
    deal; ``french`` (rules §8.2, docs/rules.md#j-arrete): 6 the seat must have won a trick
    holding a counting card, 7 not with only one trick left.
    """
    policy = s.rules.calling_out
    if policy is CallingOut.NONE:
        return 1
    if s.phase != PLAY:
        return 2
    if seat != s.to_act:
        return 3
    if policy is CallingOut.LEADER_MASTER:
        if s.trick or not s.tricks_done:
            return 4
        return 5 if s.stopper >= 0 else 0
    if not s.counting[seat]:
        return 6
    return 7 if s.hand_size - s.tricks_done < 2 else 0

def stop_reason(s: object, seat: object) -> str | None:
    """Why ``seat`` may not call out or stop now (the words for [`stop_check`][belote.deal.calling_out.stop_check]), else ``None``.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` not a whole number.
    """
    s = instance(s, DealState, "s")
    seat = whole(seat, "seat", 0)
    check = stop_check(s, seat)
    if not check:
        return None
    return (
        "",
        f"{s.rules.name} has no calling out",
        "calling out happens during the play of the cards",
        f"it is seat {s.to_act}'s turn, not seat {seat}'s",
        "only the player about to lead after winning the previous trick may call out",
        f"seat {s.stopper} has already called out",
        f"seat {seat} has not yet won a trick holding a counting card in this deal",
        "the deal cannot be stopped with only one trick left",
    )[check]

def points_so_far(s: DealState, side: int) -> int:
    """A side's points so far in this deal (rules §8.1, docs/rules.md#calling-out; rules §8.2, docs/rules.md#j-arrete).

    Trusted: takes what the library built (the state ``s`` and the types of the other
    arguments are not checked); the checked door is
    [`Deal.points_so_far`][belote.deal.Deal.points_so_far].

    Card points of its tricks, its scoring declarations once resolved,
    and a completed belote; no last-trick bonus before the last trick.

    Raises:
        InvalidSeat: no such side.
    """
    total = sum_side(s, s.points, side)
    if s.resolved:
        for declaration in s.resolved:
            if side_of(s, declaration.seat) == side:
                total += points_of(declaration.combination, s.rules)
    belote = belote_seat(s)
    if belote >= 0 and side_of(s, belote) == side:
        total += s.rules.belote_value
    return total

def claim_holds(s: DealState, seat: int) -> bool:
    """Whether a claim by ``seat`` now would reach the target.

    Trusted: takes what the library built (the state ``s`` and the types of the other
    arguments are not checked); the checked door is
    [`Deal.claim_holds`][belote.deal.Deal.claim_holds].

    Raises:
        InvalidSeat: no such seat.
    """
    side = side_of(s, seat)
    return s.rules.reached_target(
        s.totals[side] + points_so_far(s, side), s.target
    )

def apply_stop(s: DealState, seat: int) -> None:
    """``seat`` calls out or says "j'arrête" (the callers check it may); "j'arrête" ends the deal.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    s.claim_held = claim_holds(s, seat)
    s.stopper = seat
    s.history.append((seat, H_STOP, None))
    if s.rules.calling_out is CallingOut.ARRETE:
        s.phase = OVER
        s.end = EndReason.STOPPED
        s.to_act = -1
    reset_legal(s)

def match_end(s: DealState, result: DealResult) -> tuple[int | None, str | None]:
    """``(side, reason)`` when calling out or stopping decides the match, else ``(None, None)``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.result`][belote.deal.Deal.result].
    """
    if s.stopper < 0:
        return None, None
    side = side_of(s, s.stopper)
    if s.rules.calling_out is CallingOut.LEADER_MASTER:
        failed = (
            s.rules.has_contract
            and side == side_of(s, s.taker)
            and result.outcome is Outcome.FAILED
        )
        if s.claim_held and not failed:
            return side, f"seat {s.stopper} called out and made it"
        why = "without the points" if not s.claim_held else "and the attack failed"
        return best_other(s, side, result), f"seat {s.stopper} called out {why}"
    if s.claim_held:
        return side, f"seat {s.stopper} stopped the deal with the points"
    return best_other(s, side, result), f"seat {s.stopper} stopped without the points"

def best_other(s: DealState, side: int, result: DealResult) -> int:
    """The opponent side that wins when ``side`` loses the match by calling out.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.result`][belote.deal.Deal.result].

    Two sides: the other one. Three players (**[reading]**, docs/rules.md is
    silent): the other player with the higher match score after this
    deal; on a tie, the first of them in playing order after the caller.
    """
    sides = 2 if s.partners else s.n
    others = [(side + k) % sides for k in range(1, sides)]
    return max(others, key=lambda o: (s.totals[o] + result.scores[o], -others.index(o)))
