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

from belote.actions import Action, Verb
from belote.deal import Deal, Phase

__all__ = [
    "POINT_SCALE",
    "SEATS",
    "TOTAL_SCALE",
    "Shown",
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

class Shown:
    """What a deal's actions so far have shown, by absolute seat: the history as the tensors read it.

    The cards each seat has played, the bids by round, the seats that declared,
    announced belote or rebelote (and how often), swapped or kept the 7 of trump. The
    encoders read the history through it; [`Table`][belote.adapters.tensor.Table] keeps
    one up to date as it applies actions ([`Table.shown`][belote.adapters.tensor.Table.shown]),
    so an observation costs the same at every turn instead of replaying the history.

    Args:
        players: the number of seats.
        actions: the actions so far, in order (each added as by [`add`][belote.adapters.encoding.Shown.add]).

    >>> from belote.actions import Action
    >>> shown = Shown(4, [Action.parse("1 pass"), Action.parse("2 take")])
    >>> shown.bids
    [(0, 1, 0), (0, 2, 1)]
    """

    __slots__ = ("belote_calls", "bid_turns", "bids", "declared", "kept", "played", "players", "swapped")

    def __init__(self, players: int, actions: Iterable[Action] = ()) -> None:
        self.players = players
        """The number of seats."""
        self.played = [0] * players
        """The card mask each seat has played (bit ``i``: card index ``i``)."""
        self.bids: list[tuple[int, int, int]] = []
        """Every ``pass`` and ``take`` as ``(round, seat, column)``: round 0 or 1 (later
        bids count in round 1), column as in the ``bids`` block (pass, take, take S H D C)."""
        self.bid_turns = 0
        """How many bids so far."""
        self.belote_calls = [0] * players
        """How many plays of each seat announced belote or rebelote."""
        self.declared = 0
        """The seats that declared, as a mask (bit ``k``: seat ``k``)."""
        self.swapped = 0
        """The seats that swapped the 7 of trump, as a mask."""
        self.kept = 0
        """The seats that kept the 7 of trump (declined the swap), as a mask."""
        for action in actions:
            self.add(action)

    def add(self, action: Action) -> None:
        """Count ``action``, the next action of the deal."""
        verb, actor = action.verb, action.seat
        if verb is Verb.PLAY:
            self.played[actor] |= 1 << action.cards[0].index
            if action.belote:
                self.belote_calls[actor] += 1
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
        new = Shown(self.players)
        new.played = self.played[:]
        new.bids = self.bids[:]
        new.bid_turns = self.bid_turns
        new.belote_calls = self.belote_calls[:]
        new.declared, new.swapped, new.kept = self.declared, self.swapped, self.kept
        return new


def _phase_index(phase: Phase) -> int:
    """The ``phase`` block's index of a phase: bidding round 1, round 2, play, over."""
    if phase is Phase.BIDDING_1:
        return 0
    if phase is Phase.BIDDING_2:
        return 1
    return 2 if phase is Phase.PLAY else 3


def _slots(seats: int, seat: int, n: int) -> int:
    """A mask of seats as a mask of slots relative to ``seat``: bit ``k`` moves to bit ``(k - seat) % n``."""
    return ((seats >> seat) | (seats << (n - seat))) & ((1 << n) - 1)


def observation_bits(deal: Deal, seat: int, shown: Shown, swap_window: bool, at: dict[str, int]) -> int:
    """The 0/1 values of ``seat``'s observation blocks, as one integer: bit ``i`` set when value ``i`` is 1.

    Args:
        deal: the deal.
        seat: the observing seat.
        shown: what the deal's actions so far have shown.
        swap_window: version 1's ``swap_window`` value (the observer is offered the swap now).
        at: the offset of every block of the layout, by name (``OBSERVATION_V1``'s or
            ``OBSERVATION_V2``'s, or a layout extending them); a ``kept`` block is
            version 2's, a ``swap_window`` block version 1's.
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
    bits |= 1 << (at["turned"] + deal.turned.index)
    table_card = deal.table_card
    if table_card is not None:
        bits |= 1 << (at["table_card"] + table_card.index)
    bottom = deal.bottom
    if bottom is not None:
        bits |= 1 << (at["bottom"] + bottom.index)
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
    return bits


def hands_bits(deal: Deal, seat: int, at: dict[str, int]) -> int:
    """The 0/1 values of the ``hands`` block (every seat's hand, seats relative to ``seat``), as one integer."""
    n, bits = deal.players, 0
    for other in range(n):
        bits |= deal.hand_mask(other) << (at["hands"] + 32 * ((other - seat) % n))
    return bits


def tricks_bits(deal: Deal, seat: int, at: dict[str, int]) -> int:
    """The 0/1 values of the ``first_hand``, ``trick_history`` and ``trick_history_leaders`` blocks, as one integer."""
    n = deal.players
    first = Deal(deal.rules, deal.deck, deal.dealer, n).hand_mask(seat)  # the deck deals it
    bits = first << at["first_hand"]
    cards_at, leaders_at = at["trick_history"], at["trick_history_leaders"]
    for k, (leader, cards) in enumerate(deal.tricks):
        for position, card in enumerate(cards):
            bits |= 1 << (cards_at + (k * SEATS + position) * 32 + card.index)
        bits |= 1 << (leaders_at + k * SEATS + (leader - seat) % n)
    return bits


def write_scaled(out: Any, deal: Deal, seat: int, at: dict[str, int]) -> None:
    """Write the scaled values of ``seat``'s observation that are not 0 into ``out`` (zeroed).

    Points so far and card points of each seat's side (x ``POINT_SCALE``), its tricks
    (x 1/tricks per deal) and match total (x ``TOTAL_SCALE``), then the target, the
    pending litige points and the tricks played, always written.

    Args:
        out: the vector (anything indexed by position: a numpy array, a list).
        deal: the deal.
        seat: the observing seat.
        at: the offset of every block of the layout, by name.
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
