"""The [`SeatView`][belote.deal.SeatView] named tuple, in a module mypyc does not compile.

mypyc gives every class of a module it compiles that is not one of its own
native classes (a ``NamedTuple``) the docstring "mypyc filler docstring": kept
here, plain Python, ``help(SeatView)`` shows the real one on the compiled install
too. [`belote.deal.seatview`][belote.deal.seatview] (compiled) builds the values.
"""

from __future__ import annotations

from typing import NamedTuple

from belote.deal.codes import Phase
from belote.rules import Rules

__all__ = ["SeatView"]


class SeatView(NamedTuple):
    """One seat's view of a deal as ints and masks (the fast form of [`Observation`][belote.deal.Observation]).

    Cards are indices 0 to 31 (``8 * suit + rank``, as `Card.index` gives them)
    and sets of cards are masks (bit ``i``: card ``i``); ``-1`` stands for
    "none". Sides are teams (seat % 2) at four players in pairs, else seats.

    Attributes:
        seat: the seat this view is for.
        players: the number of players.
        dealer: the dealer's seat.
        phase: the deal's phase.
        to_act: the seat to act, -1 once the deal is over.
        hand: this seat's cards (a mask).
        legal: the legal action-id mask (bit ``i``: id ``i`` of
            [`belote.actions`][belote.actions]) when this seat is to act, else 0.
        turned: the card turned up after the first distribution.
        table_card: the card face up on the table, else -1.
        trump: the trump suit number (0 to 3), else -1.
        taker: the taker's seat, else -1.
        bid_count: bids made so far in the current bidding round.
        trick: the cards of the current trick, in play order.
        trick_leader: the seat that leads or led the current trick.
        winning: the position in ``trick`` of its best card so far, -1 when empty.
        tricks_done: completed tricks.
        gone: every card played so far, the current trick's included (a mask).
        belote_calls: belote announcements made per seat.
        swapped: the seat that swapped the 7 of trump, else -1.
        card_points: card points won so far per side.
        tricks_won: tricks won so far per side.
        so_far: when this seat may call out or stop now, each side's points so
            far ([`Deal.points_so_far`][belote.deal.Deal.points_so_far]); else ``()``.
        totals: the match scores per side before this deal.
        target: the match target.
        pending: litige points waiting from earlier deals.
        rules: the variant's rules.
        contract: in an auction, the standing (then the played) contract as
            ``(value, strain, bidder, doubling)``: the value (``CAPOT_BID`` for
            capot, -1 before any bid), the strain number, the bidder's seat
            and 0, 1 (coinched), 2 (surcoinched) or 3 (re-redoubled, a strain
            auction's third level); ``(-1, -1, -1, 0)`` before
            any bid and in a variant without an auction.
        bids: every bidding action so far as ``(seat, action id)`` pairs, in
            order (public: every seat hears the bids).
    """

    seat: int
    players: int
    dealer: int
    phase: Phase
    to_act: int
    hand: int
    legal: int
    turned: int
    table_card: int
    trump: int
    taker: int
    bid_count: int
    trick: tuple[int, ...]
    trick_leader: int
    winning: int
    tricks_done: int
    gone: int
    belote_calls: tuple[int, ...]
    swapped: int
    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    so_far: tuple[int, ...]
    totals: tuple[int, ...]
    target: int
    pending: int
    rules: Rules
    contract: tuple[int, int, int, int] = (-1, -1, -1, 0)
    bids: tuple[tuple[int, int], ...] = ()
