"""The auction of contracts (docs/contree.md#the-auction): bid, coinche, surcoinche or pass.

The bidding phase of a [`Bidding.AUCTION`][belote.rules.policies.Bidding.AUCTION]
variant, beside the take-or-pass rounds of [`bidding`][belote.deal.bidding]:
functions on a [`DealState`][belote.deal.state.DealState] saying what the seat
to act may bid (a mask of action ids), why an action is refused, and
carrying one out. The standing contract lives in the state's
``contract_value``, ``contract_strain``, ``bidder``, ``doubling`` and
``coincher``; when the auction ends, the contract's bidder becomes the
taker, its strain the trump, and the seat after the dealer leads.

The auction's shape, from [`AuctionRules`][belote.rules.model.AuctionRules]:

- the seat after the dealer speaks first, then each in playing order;
- a bid names a value higher than the standing one (or capot, above every
  value) and a strain; a seat may bid after passing, and over its partner;
- three passes after a bid end the auction; four passes at the start end
  the deal for a redeal;
- a seat of the side not holding the standing contract may coinche it; then
  nobody bids any more: a seat of the coinched side may surcoinche (which
  ends the auction) and the auction ends when the turn comes back to the
  seat that coinched.

A strain auction ([`Bidding.STRAIN_AUCTION`][belote.rules.policies.Bidding.STRAIN_AUCTION],
docs/bulgarian.md#the-auction) bids strains alone, each above the ones
before it in ``auction.strains``; a seat of the side not holding the
standing bid may double it, a seat of the doubled side redouble the double
(and, with ``auction.reredouble``, a seat of the doubling side re-redouble it);
a higher bid cancels the doubles and the auction goes on (by default anyone
may make it; with ``auction.double_escape_by_doubled_side`` only the doubled
side); three passes after any call end it. Its calls are recorded as bids
(``H_BID`` with the call's id), its standing strain's position in
``auction.strains`` stands for the value (``contract_value`` stays 0), and
its completion is dealt when the auction ends.

With ``auction.coinche_any_time`` ("à la volée", four players), before a
seat of the side holding the standing contract speaks, the defender who
did not just speak is asked first: coinche, or pass to let the turn go on
(``DealState.held_turn`` keeps the seat whose turn waits; that pass is not
one of the auction's passes).
"""

from __future__ import annotations

from typing import Final

from belote.actions import (
    ACTION_IDS,
    ID_BID,
    ID_BID_CAPOT,
    ID_BID_STRAIN,
    ID_COINCHE,
    ID_DOUBLE,
    ID_PASS,
    ID_REDOUBLE,
    ID_REREDOUBLE,
    ID_SURCOINCHE,
    STRAINS,
)
from belote.deal.codes import (
    BEATERS,
    BID1,
    CAPOT_BID,
    H_BID,
    H_COINCHE,
    H_SURCOINCHE,
    OVER,
    PASS_ENTRIES,
    PLAY,
    EndReason,
    entries,
)
from belote.deal.dealing import complete
from belote.deal.play import find_belote_holder, reset_legal
from belote.deal.state import DealState
from belote.rules import AuctionRules
from belote.rules.checks import instance, whole

__all__ = [
    "apply_auction",
    "auction_mask",
    "auction_reason",
    "bid_of_id",
    "contract_bids",
    "in_auction",
    "strain_bids",
]

_REDEAL: Final = EndReason.REDEAL
_MASKS: dict[tuple[int, int], tuple[AuctionRules, int]] = {}


def bid_of_id(action_id: int) -> tuple[int, int]:
    """The ``(value, strain)`` a bid id stands for; the value is ``CAPOT_BID`` for capot.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].

    A strain auction's bid (``bid NT``) has the value 0.

    >>> from belote.actions import bid_id
    >>> bid_of_id(bid_id(90, 1)), bid_of_id(bid_id(None, 3)), bid_of_id(ID_BID_STRAIN + 4)
    ((90, 1), (1000, 3), (0, 4))
    """
    if action_id >= ID_BID_STRAIN:
        return 0, action_id - ID_BID_STRAIN
    if action_id >= ID_BID_CAPOT:
        return CAPOT_BID, action_id - ID_BID_CAPOT
    level, strain = divmod(action_id - ID_BID, 6)
    return 10 * (level + 1), strain


def contract_bids(auction: AuctionRules, above: int) -> int:
    """The mask of the bid ids higher than a standing value ``above`` (-1: none), capot included.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    Computed once per auction rules and standing value.
    """
    key = (id(auction), above)
    found = _MASKS.get(key)
    if found is not None and found[0] is auction:
        return found[1]
    strains = 0
    for strain in auction.biddable:
        strains |= 1 << int(strain)
    mask = 0
    if above < CAPOT_BID:
        for value in auction.values:
            if value > above:
                mask |= strains << (ID_BID + 6 * (value // 10 - 1))
        if auction.capot:
            mask |= strains << ID_BID_CAPOT
    if len(_MASKS) >= 1024:
        _MASKS.clear()
    _MASKS[key] = (auction, mask)
    return mask


def strain_bids(auction: AuctionRules, above: int) -> int:
    """The mask of a strain auction's bid ids above a standing strain ``above`` (-1: none).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    The strains rank in the order ``auction.strains`` lists them.

    >>> from belote.actions import Strain
    >>> rules = AuctionRules(strains=("C", "D", "H", "S", "NT", "AT"))
    >>> [STRAINS[i - ID_BID_STRAIN].letter for i in range(ACTION_IDS)
    ...  if strain_bids(rules, int(Strain.SPADES)) >> i & 1]
    ['NT', 'AT']
    """
    order = auction.strains
    start = 0
    for position, strain in enumerate(order):
        if int(strain) == above:
            start = position + 1
    mask = 0
    for strain in order[start:]:
        mask |= 1 << (ID_BID_STRAIN + int(strain))
    return mask


def strain_calls(s: DealState) -> int:
    """The calls the seat to act may make in a strain auction besides the pass, as a small mask.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].

    Bit ``i`` stands for action id ``ID_BID_STRAIN + i``: the strain bids
    (bits 0 to 5, by [`Strain`][belote.actions.Strain] number), the double
    (6), the redouble (7) and the re-redouble (8). The pass is always legal
    and is not in it. The auction's full mask is this one shifted by
    ``ID_BID_STRAIN``, plus the pass; a number of a few bits is cheaper to
    work with than the 363-bit one, which is why the random play-out
    ([`play_out_random`][belote.deal.seatview.play_out_random]) draws from
    it ([`draw_call`][belote.deal.legal.draw_call]).
    """
    spots = s.layout
    seat = s.to_act
    above = s.contract_strain
    bids = spots.bids_above.get(above, -1)
    if bids < 0:
        bids = spots.bids_above[above] = strain_bids(s.rules.auction, above) >> ID_BID_STRAIN
    own = s.bidder >= 0 and (s.bidder - seat) % 2 == 0
    mask = 0 if s.doubling and spots.escape_by_doubled_side and not own else bids
    if s.bidder >= 0:
        if s.doubling == 0 and spots.coinche and not own:
            mask |= 1 << _DOUBLE_BIT
        elif s.doubling == 1 and spots.surcoinche and own:
            mask |= 1 << _REDOUBLE_BIT
        elif s.doubling == 2 and not own and s.rules.auction.reredouble:
            mask |= 1 << _REREDOUBLE_BIT
    return mask


_DOUBLE_BIT: Final = ID_DOUBLE - ID_BID_STRAIN
_REDOUBLE_BIT: Final = ID_REDOUBLE - ID_BID_STRAIN
_REREDOUBLE_BIT: Final = ID_REREDOUBLE - ID_BID_STRAIN


def auction_mask(s: DealState) -> int:
    """The legal action ids of the seat to act in the auction, as a mask.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].
    """
    spots = s.layout  # the auction's rules, read once per table (Layout)
    if spots.strain_auction:
        return strain_calls(s) << ID_BID_STRAIN | 1 << ID_PASS
    seat = s.to_act
    if s.held_turn >= 0:  # a defender asked whether to coinche out of turn
        return 1 << ID_PASS | 1 << ID_COINCHE
    if s.doubling:  # after a coinche: pass, or surcoinche by the coinched side
        if s.doubling == 1 and spots.surcoinche and (s.bidder - seat) % 2 == 0:
            return 1 << ID_PASS | 1 << ID_SURCOINCHE
        return 1 << ID_PASS
    above = s.contract_value
    bids = spots.bids_above.get(above, -1)
    if bids < 0:
        bids = spots.bids_above[above] = contract_bids(s.rules.auction, above)
    mask = 1 << ID_PASS | bids
    if spots.coinche and s.bidder >= 0 and (s.bidder - seat) % 2 == 1:
        mask |= 1 << ID_COINCHE
    return mask


def _value_text(value: int) -> str:
    return "capot" if value == CAPOT_BID else str(value)


def auction_reason(s: object, seat: object, action_id: object) -> str | None:
    """Why ``seat`` may not take the auction action ``action_id`` now, else ``None``.

    ``action_id`` is a pass, a bid, a coinche or a surcoinche id; the reason
    names the rule the action breaks.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` or ``action_id`` not a
            whole number.
        InvalidArgument: no such action id.
    """
    s = instance(s, DealState, "s")
    seat = whole(seat, "seat", 0)
    action_id = whole(action_id, "action_id", 0, ACTION_IDS - 1)
    phase = s.phase
    if phase >= PLAY:
        return "the auction is over" if phase == PLAY else "the deal is over"
    if seat != s.to_act:
        return f"it is seat {s.to_act}'s turn to bid, not seat {seat}'s"
    auction = s.rules.auction
    if action_id == ID_PASS:
        return None
    if s.layout.strain_auction:
        return _strain_reason(s, seat, action_id)
    if action_id >= ID_BID_STRAIN:
        return (
            f"{s.rules.name} bids a value with each strain ('bid 90 H'), coinche and "
            "surcoinche; 'bid NT' alone, 'double' and 'redouble' belong to a strain auction"
        )
    standing = (
        f"the standing contract is {_value_text(s.contract_value)} "
        f"{STRAINS[s.contract_strain]} by seat {s.bidder}"
        if s.bidder >= 0 else "nobody has bid yet"
    )
    if s.held_turn >= 0 and action_id != ID_COINCHE:
        return (
            f"seat {seat} is only asked whether to coinche ({standing}) before seat "
            f"{s.held_turn} speaks: coinche or pass"
        )
    if action_id == ID_COINCHE:
        if not auction.coinche:
            return f"{s.rules.name} has no coinche"
        if s.bidder < 0:
            return "there is no contract to coinche: nobody has bid yet"
        if s.doubling:
            return "the contract is coinched already"
        if (s.bidder - seat) % 2 == 0:
            return f"seat {seat} cannot coinche its own side's contract ({standing})"
        return None
    if action_id == ID_SURCOINCHE:
        if not auction.surcoinche:
            return f"{s.rules.name} has no surcoinche"
        if s.doubling == 0:
            return "only a coinched contract may be surcoinched, and nobody has coinched"
        if s.doubling == 2:
            return "the contract is surcoinched already"
        if (s.bidder - seat) % 2 == 1:
            return (
                f"only the coinched side (seats {s.bidder % 2} and {s.bidder % 2 + 2}) may "
                f"surcoinche, not seat {seat}, whose side coinched"
            )
        return None
    value, strain = bid_of_id(action_id)
    if s.doubling:
        return f"nobody bids after a coinche ({standing}, coinched by seat {s.coincher})"
    if strain not in auction.biddable:
        allowed = " ".join(str(x) for x in auction.biddable)
        return f"a contract names one of {allowed}, not {STRAINS[strain]}"
    if value == CAPOT_BID:
        if not auction.capot:
            return f"{s.rules.name} has no capot bid"
        if s.contract_value == CAPOT_BID:
            return f"nothing is higher than capot ({standing})"
        return None
    if value not in auction.values:
        return (
            f"a bid's value is one of {auction.lowest} to {auction.highest} in steps of "
            f"{auction.step}, or capot; not {value}"
        )
    if value <= s.contract_value:
        return f"a bid must be higher than the standing one: {standing}, and {value} is not higher"
    return None


def _strain_reason(s: DealState, seat: int, action_id: int) -> str | None:
    """Why a strain auction's call is refused now, else ``None`` (a pass is always legal)."""
    auction = s.rules.auction
    doubled = ("", " doubled", " redoubled", " re-redoubled")[s.doubling]
    standing = (
        f"the standing bid is {STRAINS[s.contract_strain]}{doubled} by seat {s.bidder}"
        if s.bidder >= 0 else "nobody has bid yet"
    )
    own = s.bidder >= 0 and (s.bidder - seat) % 2 == 0
    if action_id == ID_DOUBLE:
        if not auction.coinche:
            return f"{s.rules.name} has no double"
        if s.bidder < 0:
            return "there is no bid to double: nobody has bid yet"
        if s.doubling:
            return f"the bid is doubled already ({standing})"
        if own:
            return f"seat {seat} cannot double its own side's bid ({standing})"
        return None
    if action_id == ID_REDOUBLE:
        if not auction.surcoinche:
            return f"{s.rules.name} has no redouble"
        if s.doubling == 0:
            return f"only a doubled bid may be redoubled, and nobody has doubled ({standing})"
        if s.doubling >= 2:
            return f"the bid is redoubled already ({standing})"
        if not own:
            return (
                f"only the doubled side (seats {s.bidder % 2} and {s.bidder % 2 + 2}) may "
                f"redouble, not seat {seat}, whose side doubled"
            )
        return None
    if action_id == ID_REREDOUBLE:
        if not auction.reredouble:
            return (
                f"{s.rules.name} has no third level of doubling: a redouble is the last "
                "(auction.reredouble=false)"
            )
        if s.doubling < 2:
            return f"only a redoubled bid may be re-redoubled ({standing})"
        if s.doubling == 3:
            return f"the bid is re-redoubled already, nothing goes higher ({standing})"
        if own:
            return (
                f"only the doubling side (seats {(s.bidder + 1) % 2} and {(s.bidder + 1) % 2 + 2}) "
                f"may re-redouble, not seat {seat}, whose side redoubled"
            )
        return None
    if not ID_BID_STRAIN <= action_id < ID_DOUBLE:
        return (
            f"{s.rules.name} bids a strain alone ('bid H', 'bid NT', 'bid AT'), "
            "'double', 'redouble', 'reredouble' (where allowed) or 'pass'"
        )
    strain = action_id - ID_BID_STRAIN
    order = [int(x) for x in auction.strains]
    if strain not in order:
        allowed = " ".join(str(x) for x in auction.strains)
        return f"a bid names one of {allowed}, not {STRAINS[strain]}"
    if s.bidder >= 0 and order.index(strain) <= order.index(s.contract_strain):
        ranking = " < ".join(str(x) for x in auction.strains)
        return (
            f"a bid must be higher than the standing one ({standing}); the strains "
            f"rank {ranking}"
        )
    if s.doubling and auction.double_escape_by_doubled_side and not own:
        return f"after a double only the doubled side may bid higher ({standing})"
    return None


def _end_auction(s: DealState) -> None:
    """The contract stands: its bidder takes, its strain is trump, the seat after the dealer leads."""
    s.taker = s.bidder
    s.trump = trump = s.contract_strain
    s.beaters = BEATERS[trump]
    if s.layout.strain_auction:
        complete(s)  # the cards left are dealt after the auction
    s.phase = PLAY
    s.leader = s.to_act = (s.dealer + 1) % s.n
    find_belote_holder(s)
    reset_legal(s)


_BID_ENTRIES: Final = entries(H_BID, ACTION_IDS)
"""``_BID_ENTRIES[seat][action_id]``: the history entry of a bid or strain call, shared."""


def apply_auction(s: DealState, seat: int, action_id: int) -> None:
    """``seat`` (the seat to act) passes, bids, coinches or surcoinches; the callers check it is legal.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    s.lmask = -1
    n = s.n
    following = (seat + 1) % n
    if s.layout.strain_auction:
        _apply_strain(s, seat, action_id, following)
        return
    held = s.held_turn
    if held >= 0:  # the answer of a defender asked out of turn
        s.held_turn = -1
        if action_id == ID_PASS:
            s.history.append(PASS_ENTRIES[seat])
            s.to_act = held
            return
    elif action_id == ID_PASS:
        s.history.append(PASS_ENTRIES[seat])
        s.bid_count += 1
        if s.doubling:
            if following == s.coincher:  # the turn came back to the seat that coinched
                _end_auction(s)
            else:
                s.to_act = following
        elif s.bidder < 0 and s.bid_count >= n:  # four passes: nobody bid
            s.phase = OVER
            s.end = _REDEAL
            s.to_act = -1
        elif s.bidder >= 0 and s.bid_count >= n - 1:  # three passes after a bid
            _end_auction(s)
        else:
            _pass_turn(s, following)
        return
    s.bid_count = 0
    if action_id == ID_COINCHE:
        s.history.append((seat, H_COINCHE, None))
        s.doubling = 1
        s.coincher = seat
        if s.layout.surcoinche:
            s.to_act = following
        else:
            _end_auction(s)
        return
    if action_id == ID_SURCOINCHE:
        s.history.append((seat, H_SURCOINCHE, None))
        s.doubling = 2
        _end_auction(s)
        return
    s.history.append(_BID_ENTRIES[seat][action_id])
    s.contract_value, s.contract_strain = bid_of_id(action_id)
    s.bidder = seat
    _pass_turn(s, following)


def _apply_strain(s: DealState, seat: int, action_id: int, following: int) -> None:
    """A strain auction's call: three passes after any call end it, four at the start redeal."""
    if action_id == ID_PASS:
        s.history.append(PASS_ENTRIES[seat])
        s.bid_count += 1
        if s.bidder < 0 and s.bid_count >= s.n:
            s.phase = OVER
            s.end = _REDEAL
            s.to_act = -1
        elif s.bidder >= 0 and s.bid_count >= s.n - 1:
            _end_auction(s)
        else:
            s.to_act = following
        return
    s.bid_count = 0
    s.history.append(_BID_ENTRIES[seat][action_id])
    if action_id == ID_DOUBLE:
        s.doubling = 1
        s.coincher = seat
    elif action_id == ID_REDOUBLE:
        s.doubling = 2
    elif action_id == ID_REREDOUBLE:
        s.doubling = 3
    else:  # a higher bid cancels the doubles
        s.contract_value = 0
        s.contract_strain = action_id - ID_BID_STRAIN
        s.bidder = seat
        s.doubling = 0
        s.coincher = -1
    s.to_act = following


def _pass_turn(s: DealState, following: int) -> None:
    """The turn goes to ``following``; with a coinche out of turn, the other defender is asked first."""
    s.to_act = following
    if (s.layout.coinche_any_time and s.bidder >= 0
            and (following - s.bidder) % 2 == 0):
        s.held_turn = following
        s.to_act = (following + 1) % 4


def in_auction(s: DealState) -> bool:
    """Whether the deal is in an auction now (an auction variant before the play).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].
    """
    return s.phase == BID1 and s.layout.auction
