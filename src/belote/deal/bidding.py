"""The bidding (docs/rules.md#bidding): two rounds, take the turned suit or name another, or pass.

Functions on a [`DealState`][belote.deal.state.DealState]: what the seat to bid
may bid, why a bid is refused, and carrying one out (the take deals the
completion and opens the play, or the seven-swap decision where the
variant has it).
"""

from __future__ import annotations

from typing import Final

from belote.actions import ID_PASS
from belote.cards import CARDS, Suit
from belote.deal.auction import apply_auction
from belote.deal.codes import (
    BEATERS,
    BID1,
    BID2,
    H_TAKE,
    JACK,
    OVER,
    PASS_ENTRIES,
    PLAY,
    EndReason,
    Entry,
)
from belote.deal.dealing import complete
from belote.deal.play import find_belote_holder, reset_legal
from belote.deal.state import DealState
from belote.deal.swap import open_decision
from belote.rules.checks import instance, whole

__all__ = ["apply_bid", "bid_reason", "legal_bids"]

_TAKE_ENTRIES: Final[tuple[tuple[Entry, ...], ...]] = tuple(
    tuple((seat, H_TAKE, suit) for suit in range(-1, 4)) for seat in range(8)
)
"""``_TAKE_ENTRIES[seat][suit + 1]``: the history entry of a take (suit -1: the turned one), shared."""


def legal_bids(s: DealState) -> list[tuple[bool, int]]:
    """The legal bids of the seat to act as ``(take, suit)`` pairs.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_bids`][belote.deal.Deal.legal_bids].

    ``(True, -1)`` takes the turned suit, ``(True, k)`` names suit ``k`` in
    round 2, ``(False, -1)`` passes; ``[]`` outside the bidding. In an
    auction (docs/contree.md) only the pass is a take-or-pass bid: contracts
    are the auction's own ids.
    """
    phase = s.phase
    if phase >= PLAY:
        return []
    if s.layout.auction:
        return [(False, -1)]
    if phase == BID1:
        if s.rules.jack_obligatory and s.bid_count == 0 and s.turned & 7 == JACK:
            return [(True, -1)]
        return [(True, -1), (False, -1)]
    turned = s.turned >> 3
    return [(True, k) for k in range(4) if k != turned] + [(False, -1)]


def bid_reason(s: object, seat: object, take: object, suit: object) -> str | None:
    """Why ``seat`` may not make this bid now, else ``None``.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` or ``suit`` not a whole
            number, ``take`` not a bool.
        InvalidArgument: ``suit`` out of -1..3.
    """
    s = instance(s, DealState, "s")
    seat = whole(seat, "seat", 0)
    take = instance(take, bool, "take")
    suit = whole(suit, "suit", -1, 3)
    phase = s.phase
    if phase >= PLAY:
        return "the bidding is over" if phase == PLAY else "the deal is over"
    if seat != s.to_act:
        return f"it is seat {s.to_act}'s turn to bid, not seat {seat}'s"
    if s.layout.auction:
        if take:
            return "an auction bids contracts: write 'bid 90 H', 'bid capot S', 'coinche' or 'pass'"
        return None
    turned_suit = s.turned >> 3
    first = s.bid_count == 0 and phase == BID1
    jack_rule = s.rules.jack_obligatory and s.turned & 7 == JACK and first
    if not take:
        if jack_rule:
            return (
                f"the turned card {CARDS[s.turned]} is a jack: the first player "
                "must take it (jack_obligatory)"
            )
        return None
    if phase == BID1:
        if suit >= 0:
            return (
                f"round 1 takes the turned suit {Suit(turned_suit).letter}; a suit is "
                "named only in round 2 (write 'take')"
            )
        return None
    if suit < 0:
        return (
            "round 2 names a suit other than the turned one "
            f"{Suit(turned_suit).letter} (write 'take S', 'take H', ...)"
        )
    if suit == turned_suit:
        return (
            f"round 2 cannot name the turned suit {Suit(turned_suit).letter}; "
            "name another suit or pass"
        )
    return None


def apply_bid(s: DealState, seat: int, take: bool, suit: int) -> None:
    """``seat`` (the seat to bid) takes or passes; the callers check the bid is legal.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.bid`][belote.deal.Deal.bid].

    A take fixes the trump, deals the completion and opens the play: the
    first leader acts, or first the holder of the 7 of trump where the
    variant has the swap (docs/rules.md#seven-swap). The last pass of the
    last round ends the deal for a redeal.
    """
    if s.layout.auction:  # only a pass comes here (bid_reason refuses a take)
        apply_auction(s, seat, ID_PASS)
        return
    s.lmask = -1
    s.history.append(_TAKE_ENTRIES[seat][suit + 1] if take else PASS_ENTRIES[seat])
    n = s.n
    if not take:
        s.bid_count += 1
        if s.bid_count < n:
            s.to_act = (seat + 1) % n
        elif s.phase == BID1 and s.rules.second_round:
            s.phase = BID2
            s.bid_count = 0
            s.to_act = (s.dealer + 1) % n
        else:
            s.phase = OVER
            s.end = EndReason.REDEAL
            s.to_act = -1
        return
    s.taker = seat
    s.trump = trump = s.turned >> 3 if suit < 0 else suit
    s.beaters = BEATERS[trump]
    complete(s)
    s.phase = PLAY
    s.leader = s.to_act = (s.dealer + 1) % n
    find_belote_holder(s)
    open_decision(s)
    reset_legal(s)
