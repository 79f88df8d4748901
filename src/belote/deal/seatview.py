"""What one seat may know, as plain ints: [`SeatView`][belote.deal.SeatView], the fast form of an observation.

A bot that decides by card masks and action ids reads a
[`SeatView`][belote.deal.SeatView] from [`Deal.seat_view`][belote.deal.Deal.seat_view]
and answers an action id for [`Deal.apply_id`][belote.deal.Deal.apply_id]: the
built-in bots do exactly this (see [`belote.agents`][belote.agents]). The view
is a snapshot: it holds no reference to the deal and never another seat's
hidden cards.

>>> from belote.deal import Deal
>>> deal = Deal("classic", list(range(32)), dealer=3)
>>> view = deal.seat_view(0)
>>> view.phase, view.to_act, bin(view.hand), view.legal == deal.legal_action_mask()
(<Phase.BIDDING_1: 'bidding-1'>, 0, '0b11000000000111', True)
>>> deal.seat_view(1).legal
0
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, NoReturn

from belote.actions import (
    ACTION_IDS,
    ID_COINCHE,
    ID_KEEP,
    ID_PASS,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_STOP,
    ID_SURCOINCHE,
    ID_SWAP,
    ID_TAKE,
    ID_TAKE_SUIT,
)
from belote.deal.auction import strain_calls
from belote.deal.calling_out import points_so_far
from belote.deal.codes import (
    H_BID,
    H_COINCHE,
    H_PASS,
    H_SURCOINCHE,
    H_TAKE,
    OVER,
    PLAY,
    phase_of,
)
from belote.deal.declarations import declare_mask
from belote.deal.legal import do, draw_bid, draw_call, legal_action_mask, refusal
from belote.deal.play import (
    apply_play,
    can_announce_belote,
    draw_card,
    legal_play_mask,
    play_cards_randomly,
)
from belote.deal.state import DealState, check_seat
from belote.deal.viewtuple import SeatView
from belote.errors import IllegalAction, InvalidArgument, InvalidArgumentType, shown
from belote.rules.checks import instance, sequence

__all__ = ["SeatView", "bidding_ids", "kth_bit", "kth_id", "play_out", "play_out_random", "seat_view"]


_new: Final = tuple.__new__
_NO_CONTRACT: Final = (-1, -1, -1, 0)


def bidding_ids(s: DealState) -> tuple[tuple[int, int], ...]:
    """The bidding so far as ``(seat, action id)`` pairs (the history's first entries).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.seat_view`][belote.deal.Deal.seat_view].
    """
    out: list[tuple[int, int]] = []
    for seat, code, arg in s.history:
        if code == H_PASS:
            out.append((seat, ID_PASS))
        elif code == H_TAKE:
            assert isinstance(arg, int)
            out.append((seat, ID_TAKE if arg < 0 else ID_TAKE_SUIT + arg))
        elif code == H_BID:
            assert isinstance(arg, int)
            out.append((seat, arg))
        elif code == H_COINCHE:
            out.append((seat, ID_COINCHE))
        elif code == H_SURCOINCHE:
            out.append((seat, ID_SURCOINCHE))
        else:
            break  # the bidding is over once anything else is recorded
    return tuple(out)


def seat_view(state: object, seat: object) -> SeatView:
    """The [`SeatView`][belote.deal.SeatView] of ``seat`` now.

    Both arguments are checked (cheaply: a type test each); the loop of
    [`play_out`][belote.deal.seatview.play_out] builds its views unchecked.

    Raises:
        InvalidArgumentType: ``state`` is not a ``DealState``, ``seat`` not a whole number.
        InvalidSeat: ``seat`` is not a seat of the table.
    """
    s = state if type(state) is DealState else instance(state, DealState, "state")
    if type(seat) is not int or not 0 <= seat < s.n:
        return _view(s, check_seat(s, seat))  # raises the typed error
    return _view(s, seat)


def _view(s: DealState, seat: int) -> SeatView:
    """[`seat_view`][belote.deal.seatview.seat_view] of a seat of the table, unchecked."""
    phase = s.phase
    to_act = s.to_act if phase != OVER else -1
    legal = 0
    so_far: tuple[int, ...] = ()
    if seat == to_act:
        legal = s.lmask
        if legal < 0:
            legal = legal_action_mask(s)
        if legal >> ID_STOP & 1:
            so_far = tuple([points_so_far(s, side) for side in range(2 if s.partners else s.n)])
    sides = s.sides_view
    if sides[0] != s.tricks_done:  # per-side counts change only when a trick completes
        points, won = s.points, s.tricks_won
        if s.partners:
            sides = (s.tricks_done, (points[0] + points[2], points[1] + points[3]),
                     (won[0] + won[2], won[1] + won[3]))
        else:
            sides = (s.tricks_done, tuple(points), tuple(won))
        s.sides_view = sides
    trick = s.trick
    return _new(SeatView, (
        seat,
        s.n,
        s.dealer,
        phase_of(phase, s.layout.auction),
        to_act,
        s.hands[seat],
        legal,
        s.turned,
        s.table_card,
        s.trump,
        s.taker,
        s.bid_count,
        trick,
        s.leader,
        s.best_pos if trick else -1,
        s.tricks_done,
        s.gone,
        s.belote_calls,
        s.swapped,
        sides[1],
        sides[2],
        so_far,
        s.totals,
        s.target,
        s.pending,
        s.rules,
        (s.contract_value, s.contract_strain, s.bidder, s.doubling) if s.layout.auction
        else _NO_CONTRACT,
        bidding_ids(s) if s.layout.auction else (),
    ))


def play_out(
    state: object,
    choose_ids: object,
    skip_forced: object = False,
) -> None:
    """Play the deal to its end: each decision goes to ``choose_ids[seat]`` with that seat's view.

    The loop of [`Deal.play_out`][belote.deal.Deal.play_out]: the chooser of the
    seat to act gets its [`SeatView`][belote.deal.SeatView] and answers an
    action id, which is checked against the view's legal mask and applied.
    A seat whose ``skip_forced`` is true (one flag per seat, or one for all)
    is not asked when exactly one action id is legal: that action is applied.

    Raises:
        IllegalAction: a chooser answered an id that is not legal; the deal
            stays as it was before that decision.
        InvalidArgument: not one chooser (or flag) per seat, or an answer that is not an action id.
        InvalidArgumentType: ``state`` is not a ``DealState``, ``choose_ids`` not a list or
            tuple of callables, ``skip_forced`` neither a bool nor a list or tuple.
    """
    s = state if type(state) is DealState else instance(state, DealState, "state")
    n = s.n
    choosers: list[Callable[[SeatView], object]] = []
    for index, chooser in enumerate(sequence(choose_ids, "choose_ids")):
        if not callable(chooser):
            raise InvalidArgumentType(f"choose_ids[{index}]: expected a function, got {shown(chooser)}")
        choosers.append(chooser)
    if len(choosers) != n:
        raise InvalidArgument(f"{n} players need {n} choosers, not {len(choosers)}")
    # The flags and the choosers' answers come from the caller's code: checked, any type.
    skips: list[object] = (
        [skip_forced is True] * n if isinstance(skip_forced, bool)
        else list(sequence(skip_forced, "skip_forced"))
    )
    if len(skips) != n or any(type(flag) is not bool for flag in skips):
        raise InvalidArgument(f"skip_forced must be a bool or {n} bools, not {skip_forced!r}")
    while s.phase != OVER:
        seat = s.to_act
        legal = s.lmask
        if legal < 0:
            legal = legal_action_mask(s)
        if skips[seat] and legal.bit_count() == 1:  # one legal action: nothing to ask
            action_id = legal.bit_length() - 1
        else:
            answer: object = choosers[seat](_view(s, seat))
            if type(answer) is not int or answer < 0 or not legal >> answer & 1:
                _refuse(s, seat, answer)
            action_id = answer
        if ID_PLAY <= action_id < ID_PLAY_BELOTE:  # a plain card: the common case
            apply_play(s, action_id - ID_PLAY, False)
        else:
            do(s, seat, action_id, None)


def _refuse(s: DealState, seat: int, action_id: object) -> NoReturn:
    """Raise the error for a chooser's answer that is no legal action id."""
    if type(action_id) is not int or not 0 <= action_id < ACTION_IDS:
        raise InvalidArgument(
            f"seat {seat} chose no action id: {action_id!r} "
            f"(expected an int from 0 to {ACTION_IDS - 1})"
        )
    raise IllegalAction(f"seat {seat} chose an illegal action: {refusal(s, seat, action_id, None)}")


def kth_bit(mask: int, k: int) -> int:
    """The index of the ``k``-th set bit of ``mask``, lowest first (``k`` from 0).

    Trusted: takes what the library built and checks nothing (``k`` below
    ``mask.bit_count()``); the checked door is
    [`Deal.play_out_random`][belote.deal.Deal.play_out_random].

    >>> kth_bit(0b1011 | 1 << 120, 3), kth_bit(0b1011, 1)
    (120, 1)
    """
    shift = 0
    while True:
        piece = mask >> shift & 0xFFFFFFFFFFFFFFFF
        count = piece.bit_count()
        if k < count:
            while k:
                piece &= piece - 1
                k -= 1
            return shift + (piece & -piece).bit_length() - 1
        k -= count
        shift += 64


def kth_id(mask: int, rand: Callable[[], float]) -> int:
    """The ``int(rand() * count)``-th set bit of an action-id mask, lowest first.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.play_out_random`][belote.deal.Deal.play_out_random].

    What ``ids[int(rand() * len(ids))]`` picks from the set bits listed in
    order, without listing them: the mask is read in 64-bit pieces, so no
    operation touches the whole 166-bit number.

    >>> kth_id(0b1011 | 1 << 120, lambda: 0.99)
    120
    >>> kth_id(0b1011 | 1 << 120, lambda: 0.3)
    1
    """
    return kth_bit(mask, int(rand() * mask.bit_count()))


def play_out_random(state: object, rng: object) -> None:
    """Play the rest of the deal at random, drawing from ``rng`` exactly as [`RandomBot`][belote.agents.RandomBot] does.

    A bid is drawn uniformly among the legal bids (in the order of
    [`legal_action_ids`][belote.deal.Deal.legal_action_ids]); the holder of the
    7 of trump swaps on a coin toss ``rng.random() < 0.5``; during the first
    trick of a variant with declarations, a seat with more than cards to
    choose from draws uniformly among its legal ids but ``stop``; otherwise a
    card is drawn uniformly among the legal cards in index order and a card
    that may carry belote is announced on a further coin toss
    ([`play_cards_randomly`][belote.deal.play.play_cards_randomly]). Nobody calls out.

    Raises:
        IllegalAction: the deal is over.
        InvalidArgumentType: ``state`` is not a ``DealState``, ``rng`` not a ``random.Random``.
    """
    s = state if type(state) is DealState else instance(state, DealState, "state")
    rand = instance(rng, random.Random, "rng").random
    if s.phase == OVER:
        raise IllegalAction("the deal is over")
    announces = s.layout.announces
    strains = s.layout.strain_auction
    while s.phase != OVER:
        phase = s.phase
        if phase == PLAY and s.swap_holder < 0:
            if s.played or not announces:
                play_cards_randomly(s, rand)
                return
            # The first trick: a seat with nothing to declare and no belote in
            # reach chooses among its cards alone, drawn as below.
            seat = s.to_act
            legal = s.legal
            if legal < 0:
                legal = legal_play_mask(s)
            declares = declare_mask(s, seat)
            announce = s.belote_cards[seat] & legal
            if not announce and not declares:
                apply_play(s, draw_card(legal, rand), False)
                continue
            # The legal ids but stop (none in the first trick), lowest first, as
            # kth_id would draw them from the whole mask: the declarations (ids
            # below ID_PLAY), the cards, then the cards played with belote.
            belote = 0
            while announce:
                card = (announce & -announce).bit_length() - 1
                announce &= announce - 1
                if can_announce_belote(s, card):
                    belote |= 1 << card
            declared = declares.bit_count()
            cards = legal.bit_count()
            k = int(rand() * (declared + cards + belote.bit_count()))
            if k < declared:
                do(s, seat, kth_bit(declares, k), None)
            elif k < declared + cards:
                apply_play(s, kth_bit(legal, k - declared), False)
            else:
                apply_play(s, kth_bit(belote, k - declared - cards), True)
            continue
        elif phase != PLAY and strains:  # a strain auction's calls: a few bits, not 363
            do(s, s.to_act, draw_call(strain_calls(s), rand), None)
            continue
        if phase == PLAY:  # the holder of the 7 of trump swaps or keeps
            action_id = ID_SWAP if rand() < 0.5 else ID_KEEP
        else:
            mask = s.lmask
            action_id = draw_bid(mask if mask >= 0 else legal_action_mask(s), rand)
        do(s, s.to_act, action_id, None)
