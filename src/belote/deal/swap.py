"""The seven swap (docs/rules.md#seven-swap): the holder of the 7 of trump decides, swap or keep.

Where the variant has the swap and the trump is the turned suit, the seat
holding the 7 of trump decides right after the completion, before the first
lead: ``swap`` (the 7 for the turned card) or ``keep``. While it decides it is
the seat to act, and the only one: one seat acts at every decision point.
"""

from __future__ import annotations

from belote.cards import CARDS
from belote.deal.codes import H_KEEP, H_SWAP, PLAY, SEVEN
from belote.deal.play import find_belote_holder, reset_legal
from belote.deal.state import DealState
from belote.rules.checks import instance, whole

__all__ = ["apply_keep", "apply_swap", "decision_reason", "late_swap", "open_decision", "swap_open"]


def swap_open(s: DealState) -> int:
    """The seat of the 7 of trump if the swap may happen in this deal now, else -1.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    The variant has the swap, the trump is the suit of the card on the table
    (taken in round 1), that card is not the 7 itself, nobody has swapped and
    no card has been played.
    """
    if (
        not s.rules.seven_swap
        or s.phase != PLAY
        or s.played
        or s.trick
        or s.swapped >= 0
        or s.table_card < 0
        or s.table_card >> 3 != s.trump
        or s.table_card == s.trump * 8 + SEVEN
    ):
        return -1
    seven = 1 << (s.trump * 8 + SEVEN)
    for seat, hand in enumerate(s.hands):
        if hand & seven:
            return seat
    return -1


def open_decision(s: DealState) -> None:
    """After the take: the holder of the 7 of trump is to act first where the swap may happen.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    holder = swap_open(s)
    if holder >= 0:
        s.swap_holder = s.to_act = holder


def decision_reason(s: object, seat: object) -> str | None:
    """Why ``seat`` may not swap or keep the 7 of trump now, else ``None``.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` not a whole number.
    """
    s = instance(s, DealState, "s")
    seat = whole(seat, "seat", 0)
    rules = s.rules
    if not rules.seven_swap:
        return f"{rules.name} has no seven-of-trump swap"
    if s.phase < PLAY:
        return "the 7 of trump can be swapped only once the trump is fixed"
    holder = s.swap_holder
    seven = s.trump * 8 + SEVEN
    if holder >= 0:
        if seat != holder:
            return f"seat {holder} holds the 7 of trump {CARDS[seven]} and decides, not seat {seat}"
        return None
    if s.swapped >= 0:
        return f"seat {s.swapped} has already swapped the 7 of trump"
    if s.table_card < 0 or s.table_card >> 3 != s.trump:
        return "the swap is allowed only when trump is the turned suit (taken in round 1)"
    if not s.hands[seat] >> seven & 1:
        return f"seat {seat} does not hold the 7 of trump {CARDS[seven]}"
    if s.played or s.trick:
        return (
            "a card has been played: the 7 of trump can no longer be swapped "
            "(the decision comes right after the completion, before the first card)"
        )
    if any(code == H_KEEP for _seat, code, _arg in s.history):
        return "the 7 of trump was kept: the decision is made once, right after the completion"
    return "the 7 of trump is swapped or kept right after the completion, before the first card"


def late_swap(s: DealState, seat: int) -> bool:
    """Whether ``seat`` swapping now is a swap out of turn: it holds the 7 of trump and kept it.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    Its decision was its turn right after the completion, answered by a
    ``keep`` (its own, or the one a card seen implies: 003 "Toute carte
    vue, empêche cette faveur"). In a lenient deal a swap after it is an
    offence, out of turn (rules §9), and is not carried out.
    """
    return (
        s.rules.seven_swap
        and s.phase == PLAY
        and s.swap_holder < 0
        and s.swapped < 0
        and s.table_card >= 0
        and s.table_card >> 3 == s.trump
        and s.hands[seat] >> (s.trump * 8 + SEVEN) & 1 == 1
        and any(code == H_KEEP and who == seat for who, code, _arg in s.history)
    )


def _close(s: DealState) -> None:
    s.swap_holder = -1
    s.to_act = s.leader
    reset_legal(s)


def apply_swap(s: DealState, seat: int) -> None:
    """``seat`` (the deciding holder) swaps the 7 of trump for the card on the table.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    seven = s.trump * 8 + SEVEN
    s.hands[seat] ^= (1 << seven) | (1 << s.table_card)
    s.table_card = seven
    s.swapped = seat
    s.history.append((seat, H_SWAP, None))
    find_belote_holder(s)
    _close(s)


def apply_keep(s: DealState, seat: int) -> None:
    """``seat`` (the deciding holder) keeps the 7 of trump; the first leader acts.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    s.history.append((seat, H_KEEP, None))
    _close(s)
