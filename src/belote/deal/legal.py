"""What may be done now, as integers: the int layer under the typed one.

Every action has a fixed id ([`belote.actions`][belote.actions]: ``ID_PASS``,
``ID_TAKE``, ..., ``ID_PLAY + card``, ``ID_STOP``; ``ACTION_IDS`` in all).
[`legal_action_mask`][belote.deal.Deal.legal_action_mask] is an int whose bit
``i`` is set when id ``i`` is legal now; it is computed once per state and
cached. [`apply_id`][belote.deal.Deal.apply_id] applies an id for the seat
to act: one seat acts at every decision point. The typed layer ([`legal_actions`][belote.deal.Deal.legal_actions],
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

from collections.abc import Callable
from typing import Final

from belote.actions import (
    ACTION_IDS,
    DECLARE_IDS,
    DECLARE_MASKS,
    ID_BID,
    ID_BID_STRAIN,
    ID_DECLARE,
    ID_DECLARE_CARRE,
    ID_KEEP,
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
from belote.actions import action_id as id_of
from belote.cards import CARDS
from belote.deal.auction import apply_auction, auction_mask, auction_reason
from belote.deal.bidding import apply_bid, bid_reason
from belote.deal.calling_out import apply_stop, stop_check, stop_reason
from belote.deal.codes import BID1, H_OFFENCE, JACK, OVER, PLAY
from belote.deal.declarations import (
    apply_declare,
    declarable,
    declare_mask,
    declare_reason,
    false_declaration,
)
from belote.deal.entries import OffenceRecord
from belote.deal.play import apply_play, can_announce_belote, legal_play_mask, play_reason
from belote.deal.state import DealState
from belote.deal.swap import apply_keep, apply_swap, decision_reason, late_swap
from belote.errors import IllegalAction, InvalidArgument
from belote.rules.checks import instance, sequence, whole
from belote.rules.penalties import Offence, sanction_for
from belote.tricks import cards_of

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
_DECISION_BITS: Final = 1 << ID_SWAP | 1 << ID_KEEP
"""The legal mask while the holder of the 7 of trump decides: swap or keep."""

__all__ = [
    "apply_id",
    "bidding_order",
    "card_closes_decision",
    "do",
    "draw_bid",
    "legal_action_ids",
    "legal_action_mask",
    "offence_kind",
    "offend",
    "reason",
    "refusal",
    "to_decide",
]


def legal_action_mask(s: DealState) -> int:
    """The legal actions now as a mask: bit ``i`` set when action id ``i`` is legal.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    Ids are those of [`belote.actions`][belote.actions], for the seat to
    act (while the holder of the 7 of trump decides, exactly ``ID_SWAP`` and
    ``ID_KEEP``). ``0`` once the deal is over.
    """
    mask = s.lmask
    if mask >= 0:
        return mask
    phase = s.phase
    if phase == PLAY:
        if s.swap_holder >= 0:  # the holder of the 7 of trump decides first
            s.lmask = mask = _DECISION_BITS
            return mask
        seat = s.to_act
        legal = s.legal
        if legal < 0:
            legal = legal_play_mask(s)
        mask = legal << ID_PLAY
        announce = s.belote_cards[seat] & legal if seat >= 0 else 0
        while announce:
            card = (announce & -announce).bit_length() - 1
            announce &= announce - 1
            if can_announce_belote(s, card):
                mask |= 1 << (ID_PLAY_BELOTE + card)
        layout = s.layout
        if not s.played and layout.announces:  # the first trick: the declarations
            mask |= declare_mask(s, seat)
        # Calling out and "j'arrête" both need a trick won: never in the first trick.
        if layout.calls_out and s.tricks_done and not stop_check(s, seat):
            mask |= 1 << ID_STOP
    elif phase == OVER:
        mask = 0
    elif s.layout.auction:
        mask = auction_mask(s)
    elif phase == BID1:
        jack_rule = (
            s.bid_count == 0 and s.turned & 7 == JACK and s.rules.jack_obligatory
        )
        mask = 1 << ID_TAKE if jack_rule else 1 << ID_TAKE | 1 << ID_PASS
    else:  # round 2: name another suit, or pass
        mask = (0b1111 << ID_TAKE_SUIT & ~(1 << (ID_TAKE_SUIT + (s.turned >> 3)))) | 1
    s.lmask = mask
    return mask

def bidding_order(mask: int) -> list[int]:
    """The legal bidding ids of a legal mask, in the order [`legal_action_ids`][belote.deal.Deal.legal_action_ids] lists them.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.play_out_random`][belote.deal.Deal.play_out_random].

    Take-or-pass: take, the suits of round 2, then pass. An auction: the
    bids by value then strain, capot, coinche, surcoinche, then pass.

    >>> from belote.actions import ID_PASS, ID_TAKE, bid_id
    >>> bidding_order(1 << ID_PASS | 1 << ID_TAKE) == [ID_TAKE, ID_PASS]
    True
    >>> bidding_order(1 << ID_PASS | 1 << bid_id(90, 1)) == [bid_id(90, 1), ID_PASS]
    True
    """
    high = mask >> ID_BID
    if high:
        ids = []
        while high:  # the set bits only, lowest first: an auction's mask is 354 bits wide
            low = high & -high
            ids.append(ID_BID + low.bit_length() - 1)
            high ^= low
        ids.append(ID_PASS)
        return ids
    return [i for i in _BID_ORDER if mask >> i & 1]


def draw_bid(mask: int, rand: Callable[[], float]) -> int:
    """A bid drawn uniformly from a legal mask: ``bidding_order(mask)[int(rand() * n)]``, without the list.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.play_out_random`][belote.deal.Deal.play_out_random].

    One ``rand()`` per draw, the same id the list would give: the random
    bots' bids ([`RandomBot`][belote.agents.RandomBot],
    [`play_out_random`][belote.deal.seatview.play_out_random]).

    >>> from belote.actions import ID_PASS, bid_id
    >>> mask = 1 << ID_PASS | 1 << bid_id(90, 1) | 1 << bid_id(100, 1)
    >>> [draw_bid(mask, lambda: x) for x in (0.0, 0.4, 0.9)] == [bid_id(90, 1), bid_id(100, 1), ID_PASS]
    True
    """
    if mask == 1 << ID_PASS:  # nothing but the pass (the draw is made all the same)
        rand()
        return ID_PASS
    high = mask >> ID_BID
    if not high:
        ids = [i for i in _BID_ORDER if mask >> i & 1]
        return ids[int(rand() * len(ids))]
    count = high.bit_count()
    k = int(rand() * (count + 1))  # the bids lowest first, then the pass
    if k >= count:
        return ID_PASS
    # The k-th set bit, 32 bits at a time: the mask is wider than a machine word, so
    # each step on it builds a new int; on a 32-bit slice it does not.
    base = (high & -high).bit_length() - 1  # the lowest bid (a strain auction: bit 188)
    high >>= base
    part = high & 0xFFFFFFFF
    found = part.bit_count()
    while k >= found:
        k -= found
        base += 32
        high >>= 32
        part = high & 0xFFFFFFFF
        found = part.bit_count()
    while k:
        part &= part - 1
        k -= 1
    return ID_BID + base + (part & -part).bit_length() - 1


def draw_call(calls: int, rand: Callable[[], float]) -> int:
    """A strain auction's call drawn uniformly, as [`draw_bid`][belote.deal.legal.draw_bid] draws it from the full mask.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.play_out_random`][belote.deal.Deal.play_out_random].

    ``calls`` is the small mask of [`strain_calls`][belote.deal.auction.strain_calls]
    (the pass, always legal, is not in it). One ``rand()`` per draw, and the
    same action id that ``draw_bid(calls << ID_BID_STRAIN | 1 << ID_PASS, rand)``
    gives: the calls lowest id first, then the pass.

    >>> from belote.actions import ID_BID_STRAIN, ID_DOUBLE, ID_PASS, Strain
    >>> calls = 1 << int(Strain.NO_TRUMP) | 1 << (ID_DOUBLE - ID_BID_STRAIN)
    >>> [draw_call(calls, lambda: x) for x in (0.0, 0.5, 0.9)] == [
    ...     ID_BID_STRAIN + int(Strain.NO_TRUMP), ID_DOUBLE, ID_PASS]
    True
    """
    count = 0
    rest = calls
    while rest:
        rest &= rest - 1
        count += 1
    k = int(rand() * (count + 1))
    if k >= count:
        return ID_PASS
    while k:
        calls &= calls - 1
        k -= 1
    return ID_BID_STRAIN + (calls & -calls).bit_length() - 1


def legal_action_ids(s: DealState) -> list[int]:
    """The legal action ids now, in the order of [`legal_actions`][belote.deal.Deal.legal_actions].

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_ids`][belote.deal.Deal.legal_action_ids].

    In the bidding: take, the suits of round 2, pass. In the play: the
    swap, the call, the declarations (in the order of the seat's
    combinations), then the cards in index order, each followed by its
    belote announcement when open. The set is [`legal_action_mask`][belote.deal.Deal.legal_action_mask].
    """
    mask = s.lmask
    if mask < 0:
        mask = legal_action_mask(s)
    if not mask & ~_PLAY_BITS:  # cards only: the common case
        cards = mask >> ID_PLAY
        return [
            *_BYTE_IDS[cards & 0xFF],
            *_BYTE_IDS[256 + (cards >> 8 & 0xFF)],
            *_BYTE_IDS[512 + (cards >> 16 & 0xFF)],
            *_BYTE_IDS[768 + (cards >> 24)],
        ]
    if s.phase != PLAY:
        return bidding_order(mask)
    ids = []
    if mask == _DECISION_BITS:
        return [ID_SWAP, ID_KEEP]
    if mask >> ID_STOP & 1:
        ids.append(ID_STOP)
    if mask & _DECLARE_BITS:  # in the order of the seat's combinations
        if mask >> ID_DECLARE & 1:
            ids.append(ID_DECLARE)
        for combo in declarable(s, s.to_act):
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
    for card in cards_of(cards):
        ids.append(ID_PLAY + card)
        if mask >> (ID_PLAY_BELOTE + card) & 1:
            ids.append(ID_PLAY_BELOTE + card)
    return ids

def apply_id(s: DealState, action_id: int) -> None:
    """Apply a legal action id (the fast layer of [`apply`][belote.deal.Deal.apply]).

    Trusted: takes what the library built (the state ``s`` and the types of the other
    arguments are not checked); the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].

    Raises:
        InvalidArgument: ``action_id`` is not an int in ``range(ACTION_IDS)``.
        IllegalAction: the id is not legal now; the deal is unchanged.
    """
    mask = s.lmask
    if mask < 0:
        mask = legal_action_mask(s)
    if type(action_id) is int and action_id >= 0 and mask >> action_id & 1:
        do(s, s.to_act, action_id, None)
        return
    if type(action_id) is not int or not 0 <= action_id < ACTION_IDS:
        raise InvalidArgument(
            f"no action id {action_id!r} (expected an int from 0 to {ACTION_IDS - 1})"
        )
    seat = s.to_act if s.phase != OVER else 0
    if not s.lenient:
        raise IllegalAction(refusal(s, seat, action_id, None))
    if card_closes_decision(s, seat, action_id):
        apply_id(s, action_id)
        return
    if offend(s, action_from_id(action_id, seat), seat, action_id).offence is Offence.RENEGE:
        do(s, seat, action_id, None)

def card_closes_decision(s: DealState, seat: int, action_id: int) -> bool:
    """In a lenient deal, a card ``seat`` holds, shown while the holder of the 7 of trump decides: it kept.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].

    A card seen ends the right to swap (003 "Toute carte vue, empêche cette
    faveur"), as a record read in order says (docs/formats.md#deal-record):
    the holder's ``keep`` is applied and the card is then judged as usual.
    Returns whether it was; otherwise the deal is unchanged.
    """
    if (
        s.swap_holder < 0
        or not ID_PLAY <= action_id < ID_STOP
        or type(seat) is not int
        or not 0 <= seat < s.n
        or not s.hands[seat] >> ((action_id - ID_PLAY) & 31) & 1
    ):
        return False
    apply_keep(s, s.swap_holder)
    return True

def refusal(s: object, seat: object, action_id: object, cards: object) -> str:
    """Why the id is not legal for ``seat`` now (computed only for a refusal).

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` or ``action_id`` not a
            whole number, ``cards`` not ``None`` or card indices.
        InvalidArgument: no such action id or card.
    """
    s = instance(s, DealState, "s")
    seat = whole(seat, "seat", 0)
    action_id = whole(action_id, "action_id", 0, ACTION_IDS - 1)
    if cards is not None:
        cards = tuple(whole(card, f"cards[{index}]", 0, 31)
                      for index, card in enumerate(sequence(cards, "cards")))
    action = action_from_id(action_id, seat)
    if cards is not None and action_id >= ID_DECLARE_CARRE:
        action = Action.declare(seat, [CARDS[i] for i in cards])
    return reason(s, action) or f"{action} is not legal now"

def to_decide(s: object) -> str:
    """What the seat to act must decide now, in words: ``bid``, ``swap or keep``, ``declare or play``, ...

    Named by the kinds of its legal actions (bid, swap or keep, declare,
    play, stop), so a refusal of another seat's action says what the table
    waits for.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``.
    """
    s = instance(s, DealState, "s")
    if s.phase == OVER:
        return "act (the deal is over)"
    if s.phase != PLAY:
        return "bid"
    mask = legal_action_mask(s)
    if mask & _DECISION_BITS:
        return "swap or keep the 7 of trump"
    words = []
    if mask & _DECLARE_BITS:
        words.append("declare")
    if mask & ((1 << ID_STOP) - 1) & ~((1 << ID_PLAY) - 1):
        words.append("play")
    if mask >> ID_STOP & 1:
        words.append("stop")
    if not words:  # pragma: no cover - a seat to act always has a legal action
        return "act"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]

def reason(s: object, action: object) -> str | None:
    """Why ``action`` breaks a rule now, by phase, else ``None``.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``action`` not an ``Action``.
    """
    s = instance(s, DealState, "s")
    action = instance(action, Action, "action")
    seat, verb = action.seat, action.verb
    if s.phase == OVER:
        return "the deal is over"
    if type(seat) is not int or not 0 <= seat < s.n:
        return f"no seat {seat!r} at a table of {s.n}"
    if verb is Verb.SWAP or verb is Verb.KEEP:
        return decision_reason(s, seat)
    if seat != s.to_act:
        return f"it is seat {s.to_act}'s turn to {to_decide(s)}, not seat {seat}'s"
    if verb in (Verb.BID, Verb.COINCHE, Verb.SURCOINCHE, Verb.DOUBLE, Verb.REDOUBLE,
                Verb.REREDOUBLE):
        if not s.layout.auction:
            return f"{s.rules.name} has no auction of contracts: bid with 'take' or 'pass'"
        if verb is Verb.BID and (action.strain is None or (
            action.value is not None and action.value != 0
            and (action.value % 10 or not 10 <= action.value <= 300)
        )):
            return f"{action} is not a contract the notation writes"
        return auction_reason(s, seat, id_of(action))
    if s.layout.auction and s.phase < PLAY:
        if verb is Verb.PASS:
            return auction_reason(s, seat, ID_PASS)
        if verb is Verb.TAKE:
            if s.layout.strain_auction:
                return "a strain auction bids strains: write 'bid H', 'bid NT', 'double' or 'pass'"
            return "an auction bids contracts: write 'bid 90 H', 'bid capot S', 'coinche' or 'pass'"
    if verb is Verb.PASS:
        return bid_reason(s, seat, False, -1)
    if verb is Verb.TAKE:
        return bid_reason(s, seat, True, -1 if action.suit is None else int(action.suit))
    if verb is Verb.PLAY:
        if len(action.cards) != 1:
            return "play one card"
        return play_reason(s, seat, action.cards[0].index, action.belote)
    if verb is Verb.DECLARE:
        return declare_reason(s, seat, action.cards)
    if verb is Verb.STOP:
        return stop_reason(s, seat)
    return f"unknown verb {verb!r}"  # pragma: no cover

def do(s: DealState, seat: int, action_id: int, cards: tuple[int, ...] | None) -> None:
    """Carry out a legal action id for ``seat`` (the callers check legality).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].

    ``cards``: for a declaration, the card indices as the action wrote them
    (kept in the history); ``None`` for the id's own order.
    """
    if action_id >= ID_BID or (action_id == ID_PASS and s.layout.auction):
        apply_auction(s, seat, action_id)
    elif action_id >= ID_PLAY:
        if action_id >= ID_PLAY_BELOTE:
            if action_id == ID_STOP:
                apply_stop(s, seat)
            elif action_id == ID_KEEP:
                apply_keep(s, seat)
            else:
                apply_play(s, action_id - ID_PLAY_BELOTE, True)
        else:
            apply_play(s, action_id - ID_PLAY, False)
    elif action_id >= ID_DECLARE:
        if action_id == ID_DECLARE:
            apply_declare(s, seat, 0, ())
        else:
            mask = DECLARE_MASKS[action_id - ID_DECLARE_CARRE]
            if cards is None:
                cards = tuple(i for i in range(32) if mask >> i & 1)
            apply_declare(s, seat, mask, cards)
    elif action_id == ID_SWAP:
        apply_swap(s, seat)
    elif action_id == ID_PASS:
        apply_bid(s, seat, False, -1)
    elif action_id == ID_TAKE:
        apply_bid(s, seat, True, -1)
    else:
        apply_bid(s, seat, True, action_id - ID_TAKE_SUIT)


# --- lenient mode (rules §9, docs/rules.md#penalties) ---------------------------------------------------------

def offence_kind(s: object, action: object, seat: object, action_id: object) -> Offence | None:
    """The offence an illegal ``action`` is, when lenient mode may accept it, else ``None``.

    Called only for an action the legal mask refuses. A renege: the seat
    to act plays a card it holds that the obligations forbid (docs/rules.md
    §5). A card played out of turn: a seat holds the card but it is
    another seat's turn in the play. A false announcement: the seat to act
    declares, before its first card, cards it does not hold, cards that are
    not a combination it holds (a run taken out of a longer one), or
    "everything" holding nothing. A swap out of turn: the holder of the
    7 of trump swaps after its decision, a ``keep`` (its own, or the one
    a card seen implies: 003 "Toute carte vue, empêche cette faveur").
    Anything else (a bid out of turn, a
    card not held, a false belote, a late declaration) is no offence the
    sources price: it stays refused.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``action`` not an ``Action``,
            ``seat`` or ``action_id`` not a whole number.
        InvalidArgument: no such action id.
    """
    s = instance(s, DealState, "s")
    action = instance(action, Action, "action")
    seat = whole(seat, "seat", 0)
    action_id = whole(action_id, "action_id", -1, ACTION_IDS - 1)  # -1: no id stands for it
    if s.phase != PLAY or type(seat) is not int or not 0 <= seat < s.n:
        return None
    if action.verb is Verb.PLAY and ID_PLAY <= action_id < ID_STOP:
        card = (action_id - ID_PLAY) & 31
        if not s.hands[seat] >> card & 1:
            return None
        if action_id >= ID_PLAY_BELOTE and not s.belote_cards[seat] >> card & 1:
            return None
        return Offence.RENEGE if seat == s.to_act else Offence.OUT_OF_TURN
    if action.verb is Verb.DECLARE and false_declaration(s, seat, action.cards):
        return Offence.FALSE_ANNOUNCEMENT
    if action.verb is Verb.SWAP and late_swap(s, seat):
        return Offence.OUT_OF_TURN
    return None

def offend(s: object, action: object, seat: object, action_id: object) -> OffenceRecord:
    """Accept an illegal action as an offence in lenient mode, or refuse it.

    Works out the strict refusal's reason, the kind of offence and the
    variant's sanction ([`sanction_for`][belote.rules.penalties.sanction_for]),
    and records the offence. A renege is then played by the caller; an
    out-of-turn card and a false announcement go into the history and
    change nothing else (the card stays in the hand, the combination is
    not declared).

    Raises:
        IllegalAction: the action is no offence lenient mode accepts, or the
            variant has no sanction for it; the deal is unchanged.
        InvalidArgumentType: ``s`` is not a ``DealState``, ``action`` not an ``Action``,
            ``seat`` or ``action_id`` not a whole number.
    """
    s = instance(s, DealState, "s")
    action = instance(action, Action, "action")
    seat = whole(seat, "seat", 0)
    action_id = whole(action_id, "action_id", -1, ACTION_IDS - 1)  # -1: no id stands for it
    why = reason(s, action) or f"{action} is not legal now"
    kind = offence_kind(s, action, seat, action_id)
    if kind is None:
        raise IllegalAction(why)
    rules = s.rules
    if kind not in rules.penalties:
        raise IllegalAction(
            f"{why} ({rules.name} has no penalty for {kind.value}, "
            "so lenient mode refuses it too)"
        )
    record = OffenceRecord(
        index=len(s.history),
        seat=seat,
        action=action,
        offence=kind,
        reason=why,
        sanction=sanction_for(rules, kind, seat, s.n),
    )
    s.offences.append(record)
    if kind is not Offence.RENEGE:
        s.history.append((seat, H_OFFENCE, action))
    return record
