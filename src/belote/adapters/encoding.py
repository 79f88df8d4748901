"""The tensors' 0/1 values as integers, and the history as they read it (compiled with the core).

[`belote.adapters.tensor`][belote.adapters.tensor] builds a vector in two strokes: every
0/1 value at once, as the bits of one integer that numpy unpacks, then the few scaled
values (points, totals). This module computes those integers and keeps
[`Shown`][belote.adapters.encoding.Shown], the summary of a deal's actions the
tensors read. It needs no numpy, and it is plain integer work, so mypyc compiles it
(docs/compiled.md). Block offsets come from the layout (``at``: block name to offset),
so the layouts of [`belote.adapters.tensor`][belote.adapters.tensor] stay the one
source of truth; seats are relative to the observer and cards absolute, as there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from belote.actions import (
    ID_BID,
    ID_BID_CAPOT,
    ID_BID_STRAIN,
    ID_COINCHE,
    ID_DOUBLE,
    ID_REDOUBLE,
    ID_SURCOINCHE,
    Action,
    Verb,
    bid_id,
)
from belote.deal import Deal, Phase
from belote.errors import InvalidArgumentType, shown
from belote.rules.checks import whole

__all__ = [
    "AUCTION_COLUMNS",
    "AUCTION_COLUMNS_V4",
    "POINT_SCALE",
    "SEATS",
    "TOTAL_SCALE",
    "Shown",
    "auction_bits",
    "contract_value",
    "hands_bits",
    "observation_bits",
    "tricks_bits",
    "write_scaled",
]

SEATS: Final = 4
"""Seat slots in every block indexed by seat (the largest table)."""
POINT_SCALE: Final = 1 / 162
"""Scale of deal points (card points, declarations, belote, pending litige)."""
TOTAL_SCALE: Final = 1 / 1000
"""Scale of match totals and the match target."""
AUCTION_COLUMNS: Final = ID_SURCOINCHE + 1 - ID_BID
"""Columns of the ``auction`` block: one per action id of an auction but ``pass`` (ids
``ID_BID`` to ``ID_SURCOINCHE``: every bid, then coinche and surcoinche), in id order.
Frozen with version 3: the ids added later (a strain auction's) have no column there."""
AUCTION_COLUMNS_V4: Final = ID_REDOUBLE + 1 - ID_BID
"""Columns of version 4's ``auction`` block: the ids ``ID_BID`` to ``ID_REDOUBLE`` (version
3's columns, then a strain auction's bids ``ID_BID_STRAIN`` to ``ID_BID_STRAIN + 5``,
``double`` and ``redouble``), in id order."""
_V3_COLUMNS: Final = (1 << AUCTION_COLUMNS) - 1

class Shown:
    """What a deal's actions so far have shown, by absolute seat: the history as the tensors read it.

    The cards each seat has played, the bids by round (or, in an auction, every bid,
    coinche and surcoinche each seat said, and the standing contract; in a strain
    auction, every strain bid, double and redouble), the seats that
    declared, announced belote or rebelote (how often, and in which suits), swapped or kept the 7 of trump. The
    encoders read the history through it; [`Table`][belote.adapters.tensor.Table] keeps
    one up to date as it applies actions ([`Table.shown`][belote.adapters.tensor.Table.shown]),
    so an observation costs the same at every turn instead of replaying the history.

    Args:
        players: the number of seats.
        actions: the actions so far, in order (each added as by [`add`][belote.adapters.encoding.Shown.add]).
        auction: the deal bids contracts in an auction (its ``pass`` is then no take-or-pass bid).

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``players`` out of 2..8.

    >>> from belote.actions import Action
    >>> shown = Shown(4, [Action.parse("1 pass"), Action.parse("2 take")])
    >>> shown.bids
    [(0, 1, 0), (0, 2, 1)]
    >>> shown = Shown(4, [Action.parse("1 bid 90 H"), Action.parse("2 coinche")], auction=True)
    >>> shown.contract, shown.bidder, shown.doubling, shown.coincher
    (215, 1, 1, 2)
    """

    __slots__ = (
        "auction", "belote_calls", "belote_suits", "bid_turns", "bidder", "bids", "coincher", "contract",
        "declared", "doubling", "heard", "kept", "played", "players", "reredoubler", "strain_auction", "swapped",
    )

    def __init__(self, players: object, actions: object = (), auction: object = False) -> None:
        seats = whole(players, "players", 2, 8)
        if not isinstance(auction, bool):
            raise InvalidArgumentType(f"auction: expected a bool, got {shown(auction)}")
        if isinstance(actions, str) or not isinstance(actions, Iterable):
            raise InvalidArgumentType(f"actions: expected actions, got {shown(actions)}")
        self.players = seats
        """The number of seats."""
        self.auction = auction
        """Whether the deal bids contracts in an auction."""
        self.heard = [0] * seats
        """In an auction, the bids, coinche and surcoinche (or strain bids, double and
        redouble) each seat said, as a mask of the ``auction`` block's columns (bit ``k``:
        action id ``ID_BID + k``; version 3 reads the first ``AUCTION_COLUMNS``)."""
        self.strain_auction = False
        """Whether a strain auction's bid, double or redouble was said (``bulgarian``)."""
        self.contract = -1
        """The action id of the standing contract's bid, -1 before any."""
        self.bidder = -1
        """The seat that bid the standing contract, -1 before any."""
        self.doubling = 0
        """0, 1 once the standing contract is coinched (doubled), 2 once surcoinched (redoubled),
        3 once re-redoubled (``auction.reredouble``)."""
        self.coincher = -1
        """The seat that coinched (doubled), -1 for none."""
        self.reredoubler = -1
        """The seat that re-redoubled the standing contract (``auction.reredouble``), -1 for none."""
        self.played = [0] * seats
        """The card mask each seat has played (bit ``i``: card index ``i``)."""
        self.bids: list[tuple[int, int, int]] = []
        """Every ``pass`` and ``take`` as ``(round, seat, column)``: round 0 or 1 (later
        bids count in round 1), column as in the ``bids`` block (pass, take, take S H D C)."""
        self.bid_turns = 0
        """How many bids so far."""
        self.belote_calls = [0] * seats
        """How many plays of each seat announced belote or rebelote."""
        self.belote_suits = [0] * seats
        """The suits in which each seat announced belote or rebelote, as a mask (bit ``k``: suit ``k``)."""
        self.declared = 0
        """The seats that declared, as a mask (bit ``k``: seat ``k``)."""
        self.swapped = 0
        """The seats that swapped the 7 of trump, as a mask."""
        self.kept = 0
        """The seats that kept the 7 of trump (declined the swap), as a mask."""
        for action in actions:
            if not isinstance(action, Action):
                raise InvalidArgumentType(f"actions: expected actions, got {shown(action)}")
            self.add(action)

    def add(self, action: Action) -> None:
        """Count ``action``, the next action of the deal."""
        verb, actor = action.verb, action.seat
        if verb is Verb.PLAY:
            index = action.cards[0].index
            self.played[actor] |= 1 << index
            if action.belote:
                self.belote_calls[actor] += 1
                self.belote_suits[actor] |= 1 << (index >> 3)
        elif verb is Verb.BID:
            value, strain = action.value, action.strain
            assert strain is not None
            if value == 0:  # a strain auction's bid: a strain alone
                ident = ID_BID_STRAIN + int(strain)
                self.strain_auction = True
                self.doubling, self.coincher, self.reredoubler = 0, -1, -1  # a higher bid cancels the double
            else:
                ident = bid_id(value, int(strain))
            self.heard[actor] |= 1 << (ident - ID_BID)
            self.contract, self.bidder = ident, actor
        elif verb is Verb.COINCHE:
            self.heard[actor] |= 1 << (ID_COINCHE - ID_BID)
            self.doubling, self.coincher = 1, actor
        elif verb is Verb.SURCOINCHE:
            self.heard[actor] |= 1 << (ID_SURCOINCHE - ID_BID)
            self.doubling = 2
        elif verb is Verb.DOUBLE:
            self.heard[actor] |= 1 << (ID_DOUBLE - ID_BID)
            self.doubling, self.coincher, self.strain_auction = 1, actor, True
        elif verb is Verb.REDOUBLE:
            self.heard[actor] |= 1 << (ID_REDOUBLE - ID_BID)
            self.doubling, self.strain_auction = 2, True
        elif verb is Verb.REREDOUBLE:  # the third level: version 4 shows it as redoubled, 5 says who
            self.doubling, self.reredoubler, self.strain_auction = 3, actor, True
        elif verb is Verb.PASS and self.auction:
            pass  # the auction block says who bid what; the passes between follow from it
        elif verb is Verb.PASS or verb is Verb.TAKE:
            column = 0 if verb is Verb.PASS else (1 if action.suit is None else 2 + int(action.suit))
            self.bids.append((min(self.bid_turns // self.players, 1), actor, column))
            self.bid_turns += 1
        elif verb is Verb.DECLARE:
            self.declared |= 1 << actor
        elif verb is Verb.SWAP:
            self.swapped |= 1 << actor
        elif verb is Verb.KEEP:
            self.kept |= 1 << actor

    def copy(self) -> Shown:
        """An independent copy."""
        new = Shown(self.players, auction=self.auction)
        new.heard = self.heard[:]
        new.strain_auction = self.strain_auction
        new.contract, new.bidder, new.doubling, new.coincher = self.contract, self.bidder, self.doubling, self.coincher
        new.reredoubler = self.reredoubler
        new.played = self.played[:]
        new.bids = self.bids[:]
        new.bid_turns = self.bid_turns
        new.belote_calls = self.belote_calls[:]
        new.belote_suits = self.belote_suits[:]
        new.declared, new.swapped, new.kept = self.declared, self.swapped, self.kept
        return new


def _phase_index(phase: Phase) -> int:
    """The ``phase`` block's index of a phase: bidding round 1 (or the auction), round 2, play, over."""
    if phase is Phase.BIDDING_1 or phase is Phase.AUCTION:
        return 0
    if phase is Phase.BIDDING_2:
        return 1
    return 2 if phase is Phase.PLAY else 3


def _slots(seats: int, seat: int, n: int) -> int:
    """A mask of seats as a mask of slots relative to ``seat``: bit ``k`` moves to bit ``(k - seat) % n``."""
    return ((seats >> seat) | (seats << (n - seat))) & ((1 << n) - 1)


def observation_bits(deal: Deal, seat: int, shown: Shown, swap_window: bool, at: dict[str, int]) -> int:
    """The 0/1 values of ``seat``'s observation blocks, as one integer: bit ``i`` set when value ``i`` is 1.

    Trusted: takes what the library built and checks nothing; the checked door is [`observation_v1`][belote.adapters.tensor.observation_v1] (and the other encoders of [`belote.adapters.tensor`][belote.adapters.tensor]).

    Args:
        deal: the deal.
        seat: the observing seat.
        shown: what the deal's actions so far have shown.
        swap_window: version 1's ``swap_window`` value (the observer is offered the swap now).
        at: the offset of every block of the layout, by name (``OBSERVATION_V1``'s to
            ``OBSERVATION_V4``'s, or a layout extending them); a ``kept`` block is
            version 2's, a ``swap_window`` block version 1's, a ``mode`` block version 4's
            (which shows a strain auction; version 3 leaves its auction blocks 0 there).
    """
    n = deal.players
    bits = deal.hand_mask(seat) << at["hand"] | ((1 << n) - 1) << at["seats"]
    bits |= _slots(shown.declared, seat, n) << at["declared"] | _slots(shown.swapped, seat, n) << at["swapped"]
    if "kept" in at:
        bits |= _slots(shown.kept, seat, n) << at["kept"]
    played, belote = at["played"], at["belote"]
    for actor in range(n):
        slot = (actor - seat) % n
        bits |= shown.played[actor] << (played + 32 * slot)
        calls = shown.belote_calls[actor]
        if calls:
            bits |= (1 if calls == 1 else 3) << (belote + 2 * slot)
    bids = at["bids"]
    for round_, actor, column in shown.bids:
        bits |= 1 << (bids + (round_ * SEATS + (actor - seat) % n) * 6 + column)
    trick = at["trick"]
    for position, card in enumerate(deal.trick_cards()):
        bits |= 1 << (trick + 32 * position + card)
    phase = deal.phase
    if phase is Phase.PLAY:
        bits |= 1 << (at["trick_leader"] + (deal.trick_leader - seat) % n)
    if deal.turned is not None:  # an auction deals every card: nothing is turned
        bits |= 1 << (at["turned"] + deal.turned.index)
    table_card = deal.table_card
    if table_card is not None:
        bits |= 1 << (at["table_card"] + table_card.index)
    bottom = deal.bottom
    if bottom is not None:
        bits |= 1 << (at["bottom"] + bottom.index)
    if "mode" in at:  # version 4: the trump mode, a suit, no trumps or all trumps
        mode = deal.strain
        if mode is not None:
            bits |= 1 << (at["mode"] + int(mode))
        belote_suits = at["belote_suits"]
        for actor in range(n):
            bits |= shown.belote_suits[actor] << (belote_suits + 4 * ((actor - seat) % n))
    else:
        trump = deal.trump
        if trump is not None:
            bits |= 1 << (at["trump"] + int(trump))
    taker = deal.taker
    if taker is not None:
        bits |= 1 << (at["taker"] + (taker - seat) % n)
    bits |= 1 << (at["dealer"] + (deal.dealer - seat) % n)
    public = deal.scoring_declarations is not None
    declarations = at["declarations"]
    for declaration in deal.declarations:
        if public or declaration.seat == seat:
            bits |= declaration.combination.cards.mask << (declarations + 32 * ((declaration.seat - seat) % n))
    called = deal.called_out
    if called is not None:
        bits |= 1 << (at["called_out"] + (called - seat) % n)
    bits |= 1 << (at["phase"] + _phase_index(phase))
    to_act = deal.to_act
    if to_act is not None:
        bits |= 1 << (at["to_act"] + (to_act - seat) % n)
    if "swap_window" in at:
        bits |= int(swap_window) << at["swap_window"]
    elif to_act is not None and phase is Phase.PLAY and deal.swap_seat() == to_act:
        bits |= 1 << at["swap_pending"]
    if deal.sides == 2 and n == 4:
        bits |= 1 << at["partners"]
    if "auction" in at and shown.auction and ("mode" in at or not shown.strain_auction):
        bits |= auction_bits(shown, seat, at)  # version 3 has no column for a strain auction
    return bits


def auction_bits(shown: Shown, seat: int, at: dict[str, int]) -> int:
    """The 0/1 values of the auction blocks (``contract_capot`` to ``auction``), as one integer.

    Trusted: takes what the library built and checks nothing; the checked door is [`observation_v1`][belote.adapters.tensor.observation_v1] (and the other encoders of [`belote.adapters.tensor`][belote.adapters.tensor]).

    The standing contract (its strain, whether it is capot, its bidder), the coinche
    and surcoinche (double and redouble) and who coinched, and every bid each seat said;
    seats relative to ``seat``. Version 3's blocks (``coinched``, ``coincher``, an
    ``auction`` of ``AUCTION_COLUMNS``) or version 4's (``doubled``, ``doubler``,
    ``AUCTION_COLUMNS_V4``; version 5 adds ``reredoubler``), by the names in ``at``. The contract's value is scaled:
    [`write_scaled`][belote.adapters.encoding.write_scaled].
    """
    n, bits = shown.players, 0
    v4 = "doubled" in at
    contract = shown.contract
    if contract >= 0:
        strain = contract - ID_BID_STRAIN if contract >= ID_BID_STRAIN else (contract - ID_BID) % 6
        bits |= 1 << (at["contract_strain"] + strain)
        if ID_BID_CAPOT <= contract < ID_COINCHE:
            bits |= 1 << at["contract_capot"]
        bits |= 1 << (at["bidder"] + (shown.bidder - seat) % n)
    if shown.doubling:
        bits |= (1 if shown.doubling == 1 else 3) << at["doubled" if v4 else "coinched"]
    if shown.coincher >= 0:
        bits |= 1 << (at["doubler" if v4 else "coincher"] + (shown.coincher - seat) % n)
    if shown.reredoubler >= 0 and "reredoubler" in at:  # version 5
        bits |= 1 << (at["reredoubler"] + (shown.reredoubler - seat) % n)
    auction = at["auction"]
    columns = AUCTION_COLUMNS_V4 if v4 else AUCTION_COLUMNS
    for actor in range(n):
        heard = shown.heard[actor] if v4 else shown.heard[actor] & _V3_COLUMNS
        if heard:
            bits |= heard << (auction + columns * ((actor - seat) % n))
    return bits


def contract_value(deal: Deal, shown: Shown) -> int:
    """The standing contract's value (a capot bid: the rules' capot value), 0 before any bid and in a strain auction.

    Trusted: takes what the library built and checks nothing; the checked door is [`observation_v1`][belote.adapters.tensor.observation_v1] (and the other encoders of [`belote.adapters.tensor`][belote.adapters.tensor]).
    """
    contract = shown.contract
    if contract < 0 or contract >= ID_BID_STRAIN:
        return 0
    if contract >= ID_BID_CAPOT:
        return int(deal.rules.contract.capot_value)
    return 10 * ((contract - ID_BID) // 6 + 1)


def hands_bits(deal: Deal, seat: int, at: dict[str, int]) -> int:
    """The 0/1 values of the ``hands`` block (every seat's hand, seats relative to ``seat``), as one integer.

    Trusted: takes what the library built and checks nothing; the checked door is [`observation_v1`][belote.adapters.tensor.observation_v1] (and the other encoders of [`belote.adapters.tensor`][belote.adapters.tensor]).
    """
    n, bits = deal.players, 0
    for other in range(n):
        bits |= deal.hand_mask(other) << (at["hands"] + 32 * ((other - seat) % n))
    return bits


def tricks_bits(deal: Deal, seat: int, at: dict[str, int]) -> int:
    """The 0/1 values of the ``first_hand``, ``trick_history`` and ``trick_history_leaders`` blocks, as one integer.

    Trusted: takes what the library built and checks nothing; the checked door is [`observation_v1`][belote.adapters.tensor.observation_v1] (and the other encoders of [`belote.adapters.tensor`][belote.adapters.tensor]).
    """
    n = deal.players
    first = Deal(deal.rules, deal.deck, deal.dealer, n).hand_mask(seat)  # the deck deals it
    bits = first << at["first_hand"]
    cards_at, leaders_at = at["trick_history"], at["trick_history_leaders"]
    for k, (leader, cards) in enumerate(deal.tricks):
        for position, card in enumerate(cards):
            bits |= 1 << (cards_at + (k * SEATS + position) * 32 + card.index)
        bits |= 1 << (leaders_at + k * SEATS + (leader - seat) % n)
    return bits


def write_scaled(out: Any, deal: Deal, seat: int, at: dict[str, int], shown: Shown | None = None) -> None:
    """Write the scaled values of ``seat``'s observation that are not 0 into ``out`` (zeroed).

    Trusted: takes what the library built and checks nothing; the checked door is [`observation_v1`][belote.adapters.tensor.observation_v1] (and the other encoders of [`belote.adapters.tensor`][belote.adapters.tensor]).

    Points so far and card points of each seat's side (x ``POINT_SCALE``), its tricks
    (x 1/tricks per deal) and match total (x ``TOTAL_SCALE``), then the target, the
    pending litige points and the tricks played, always written; from version 3, the
    standing contract's value (x ``POINT_SCALE``, from ``shown``; 0 in a strain auction).

    Args:
        out: the vector (anything indexed by position: a numpy array, a list).
        deal: the deal.
        seat: the observing seat.
        at: the offset of every block of the layout, by name.
        shown: what the deal's actions so far have shown (read for the contract's value).
    """
    n = deal.players
    per_deal = 1 / deal.tricks_per_deal
    card_points, points, tricks_won, totals = at["card_points"], at["points"], at["tricks_won"], at["totals"]
    by_side = [
        (
            deal.card_points_of(side) * POINT_SCALE,
            deal.points_so_far(side) * POINT_SCALE,
            deal.tricks_of(side) * per_deal,
            deal.totals[side] * TOTAL_SCALE,
        )
        for side in range(deal.sides)
    ]
    for other in range(n):
        slot = (other - seat) % n
        side_card_points, side_points, side_tricks, side_total = by_side[deal.side(other)]
        if side_card_points:  # the others are 0 already
            out[card_points + slot] = side_card_points
        if side_points:
            out[points + slot] = side_points
        if side_tricks:
            out[tricks_won + slot] = side_tricks
        if side_total:
            out[totals + slot] = side_total
    out[at["target"]] = deal.target * TOTAL_SCALE
    out[at["pending"]] = deal.pending * POINT_SCALE
    out[at["tricks_played"]] = deal.tricks_played * per_deal
    if shown is not None and shown.contract >= 0 and "contract_value" in at:
        out[at["contract_value"]] = contract_value(deal, shown) * POINT_SCALE
