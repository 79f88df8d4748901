"""The plain state of a deal: one slotted value, copied and compared, nothing of the rules.

Every phase module ([`dealing`][belote.deal.dealing], [`bidding`][belote.deal.bidding],
[`swap`][belote.deal.swap], [`declarations`][belote.deal.declarations],
[`play`][belote.deal.play], [`calling_out`][belote.deal.calling_out]) is a set of
functions that read and write a [`DealState`][belote.deal.state.DealState];
[`Deal`][belote.deal.Deal] is the facade holding one. Inside, hands are card
masks, the trick a list of card indices and the history a list of
``(seat, code, argument)`` tuples (codes in [`codes`][belote.deal.codes]).

The state is the engine's working memory, not an API to write to: change
a deal through [`Deal`][belote.deal.Deal]'s actions, which check them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from belote.cards import CARDS, Card
from belote.deal.codes import EndReason
from belote.errors import InvalidArgumentType, InvalidSeat, shown

if TYPE_CHECKING:
    from belote.actions import Action
    from belote.deal.entries import OffenceRecord
    from belote.deal.layout import Layout
    from belote.rules import Rules
    from belote.scoring import DealResult
    from belote.scoring.announcements import Declaration

__all__ = [
    "DealState", "check_seat", "check_side", "completed_tricks", "has_played", "per_side", "side_of",
]

CACHES: Final = frozenset(
    {"legal", "lmask", "result", "layout", "tricks_view", "bids_view", "gone", "actions_view",
     "sides_view"}
)
"""The fields left out of equality: caches and values derived from the rest."""

# Every field of a state, and those that make two states equal (all but the caches).
_FIELDS: Final = (
    "actions_view", "beaters", "belote_any", "belote_calls", "belote_cards", "belote_holder",
    "belote_pair",
    "best", "best_pos",
    "bid_count", "bidder", "bids_view", "bottom", "claim_held", "coincher", "contract_strain",
    "contract_value", "counting", "dealer", "deck", "doubling",
    "declarations", "declared", "eight_run_side", "end", "gone", "hand_size", "hands", "held_turn",
    "history", "layout", "leader", "legal", "lenient", "lmask", "n", "next_card",
    "offences", "partners", "pending", "phase", "played", "points", "resolved", "result",
    "rules", "sides_view", "stopper", "swap_holder", "swapped", "table_card", "taker", "target",
    "to_act", "totals", "trick", "trick_winners", "tricks_done", "tricks_view",
    "tricks_won", "trump", "turned",
)
_COMPARED: Final = tuple(name for name in _FIELDS if name not in CACHES)


class DealState:
    """The fields of one deal (every phase module reads and writes some of them).

    Attributes:
        rules: the variant.
        n: the number of players.
        dealer: the dealer's seat.
        deck: the deck order, card indices top first.
        totals: the match scores per side before the deal.
        target: the match target.
        pending: litige points waiting from earlier deals.
        partners: whether seats play in two teams (0 and 2, 1 and 3).
        phase: the phase number ([`codes`][belote.deal.codes]: ``BID1`` ... ``OVER``).
        to_act: the seat to act, -1 once over.
        turned: the card turned up after the first distribution.
        table_card: the card face up on the table, -1 once a taker holds it.
        bottom: the bottom card once shown, else -1.
        next_card: the deck position of the next card to deal.
        hand_size: cards per hand (tricks in a played deal).
        layout: the deck positions each seat receives ([`Layout`][belote.deal.layout.Layout]).
        hands: the card mask of each seat.
        bid_count: bids made in the current round (in an auction: passes in a row).
        contract_value: the auction's standing contract's value, ``CAPOT_BID`` for capot, -1 for none.
        contract_strain: its strain number, -1 for none.
        bidder: the seat that bid it, -1 for none.
        doubling: 0, 1 once coinched, 2 once surcoinched, 3 once re-redoubled.
        coincher: the seat that coinched, -1 for none.
        held_turn: while a defender is asked whether to coinche out of turn
            (``auction.coinche_any_time``), the seat whose turn waits; else -1.
        trump: the trump suit number, -1 before a take.
        taker: the taker's seat, -1 before a take.
        leader: the seat that leads (or led) the current trick.
        trick: the current trick's card indices, in play order (a tuple: a new one per card).
        best: the best card of the current trick so far.
        best_pos: its position in the trick.
        beaters: per card, the mask of cards that beat it under the trump.
        tricks_done: completed tricks.
        trick_winners: the winner of each completed trick.
        played: the cards of the completed tricks, in play order.
        points: card points won per seat.
        tricks_won: tricks won per seat.
        counting: per seat, whether it has won a trick holding a counting card.
        belote_holder: the seat holding the king and queen of trump, else -1.
        belote_pair: the indices of that king and queen, else ``()``.
        belote_calls: belote announcements made per seat.
        belote_cards: per seat, the mask of the kings and queens it may still announce a
            belote with (both of every trump suit whose pair it holds; with
            ``rules.belote_announced_once``, a pair leaves it once one of its cards is played).
        belote_any: the union of ``belote_cards``: a card outside it carries no belote
            whoever plays it (one test per card played).
        declarations: the declarations made, in order.
        declared: per seat, whether it has declared.
        resolved: the scoring declarations once the contest is resolved, else ``None``.
        eight_run_side: the side that showed an 8-card run first (``eight_run_wins_match``), else -1.
        swap_holder: the seat deciding whether to swap the 7 of trump now, else -1.
        swapped: the seat that swapped the 7 of trump, else -1.
        stopper: the seat that called out or stopped, else -1.
        claim_held: whether that claim reached the target when made.
        end: why the deal ended, else ``None``.
        history: ``(seat, code, argument)`` per action applied.
        lenient: whether offences are accepted and sanctioned (docs/rules.md#penalties).
        offences: the offences accepted so far.
        legal: the seat to act's legal card mask: 0 when no card may be played, -1 until computed.
        gone: the mask of every card played, the current trick's included.
        lmask: the legal action-id mask, -1 until computed.
        tricks_view: the completed tricks as typed values (extended lazily).
        bids_view: the bids as actions once the bidding is over, else ``None``.
        result: the result once computed.
        actions_view: the history as typed actions (extended lazily).
        sides_view: ``(tricks_done, card points per side, tricks per side)`` as last built.
    """

    __slots__ = _FIELDS

    rules: Rules
    n: int
    dealer: int
    deck: tuple[int, ...]
    totals: tuple[int, ...]
    target: int
    pending: int
    partners: bool
    phase: int
    to_act: int
    turned: int
    table_card: int
    bottom: int
    next_card: int
    hand_size: int
    layout: Layout
    hands: list[int]
    bid_count: int
    contract_value: int
    contract_strain: int
    bidder: int
    doubling: int
    coincher: int
    held_turn: int
    trump: int
    taker: int
    leader: int
    trick: tuple[int, ...]
    best: int
    best_pos: int
    beaters: tuple[int, ...]
    tricks_done: int
    trick_winners: list[int]
    played: list[int]
    points: list[int]
    tricks_won: list[int]
    counting: list[bool]
    belote_holder: int
    belote_pair: tuple[int, ...]
    belote_calls: tuple[int, ...]
    belote_cards: tuple[int, ...]
    belote_any: int
    declarations: list[Declaration]
    declared: list[bool]
    resolved: tuple[Declaration, ...] | None
    eight_run_side: int
    swap_holder: int
    swapped: int
    stopper: int
    claim_held: bool
    end: EndReason | None
    history: list[tuple[int, int, object]]
    lenient: bool
    offences: list[OffenceRecord]
    legal: int
    gone: int
    lmask: int
    tricks_view: tuple[tuple[int, tuple[Card, ...]], ...]
    bids_view: tuple[Action, ...] | None
    result: DealResult | None
    actions_view: tuple[Action, ...]
    sides_view: tuple[int, tuple[int, ...], tuple[int, ...]]

    def copy(self) -> DealState:
        """An independent copy (lists copied, immutable values shared)."""
        new = DealState()
        new.actions_view = self.actions_view
        new.beaters = self.beaters
        new.belote_calls = self.belote_calls
        new.belote_cards = self.belote_cards
        new.belote_any = self.belote_any
        new.belote_holder = self.belote_holder
        new.belote_pair = self.belote_pair
        new.best = self.best
        new.best_pos = self.best_pos
        new.bid_count = self.bid_count
        new.bidder = self.bidder
        new.coincher = self.coincher
        new.held_turn = self.held_turn
        new.contract_strain = self.contract_strain
        new.contract_value = self.contract_value
        new.doubling = self.doubling
        new.bids_view = self.bids_view
        new.bottom = self.bottom
        new.claim_held = self.claim_held
        new.counting = self.counting[:]
        new.dealer = self.dealer
        new.deck = self.deck
        new.declarations = self.declarations[:]
        new.declared = self.declared[:]
        new.eight_run_side = self.eight_run_side
        new.end = self.end
        new.gone = self.gone
        new.hand_size = self.hand_size
        new.hands = self.hands[:]
        new.history = self.history[:]
        new.layout = self.layout
        new.leader = self.leader
        new.legal = self.legal
        new.lenient = self.lenient
        new.lmask = self.lmask
        new.n = self.n
        new.next_card = self.next_card
        new.offences = self.offences[:]
        new.partners = self.partners
        new.pending = self.pending
        new.phase = self.phase
        new.played = self.played[:]
        new.points = self.points[:]
        new.resolved = self.resolved
        new.result = self.result
        new.rules = self.rules
        new.sides_view = self.sides_view
        new.stopper = self.stopper
        new.swap_holder = self.swap_holder
        new.swapped = self.swapped
        new.table_card = self.table_card
        new.taker = self.taker
        new.target = self.target
        new.to_act = self.to_act
        new.totals = self.totals
        new.trick = self.trick
        new.trick_winners = self.trick_winners[:]
        new.tricks_done = self.tricks_done
        new.tricks_view = self.tricks_view
        new.tricks_won = self.tricks_won[:]
        new.trump = self.trump
        new.turned = self.turned
        return new

    def key(self) -> tuple[object, ...]:
        """The fields that make two states equal (caches left out)."""
        return tuple([getattr(self, name) for name in _COMPARED])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealState):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]


def check_seat(s: DealState, seat: object) -> int:
    """``seat`` once checked to be a seat of the table.

    Trusted: takes what the library built (the state ``s`` is not checked, the
    other arguments are); the checked door is
    [`Deal.seat_view`][belote.deal.Deal.seat_view].

    Raises:
        InvalidArgumentType: not a whole number (a `TypeError` too).
        InvalidSeat: out of range (an `IndexError` too).
    """
    if type(seat) is not int:
        raise InvalidArgumentType(f"no seat {shown(seat)} at a table of {s.n} (expected 0 to {s.n - 1})")
    if not 0 <= seat < s.n:
        raise InvalidSeat(f"no seat {shown(seat)} at a table of {s.n} (expected 0 to {s.n - 1})")
    return seat


def side_of(s: DealState, seat: int) -> int:
    """The scoring side of a seat: its team (``seat % 2``) or the seat itself.

    Trusted: takes what the library built (the state ``s`` is not checked, the
    other arguments are); the checked door is
    [`Deal.result`][belote.deal.Deal.result].

    Raises:
        InvalidSeat: no such seat (an `IndexError` too).
        InvalidArgumentType: not a whole number.
    """
    if type(seat) is not int or not 0 <= seat < s.n:
        check_seat(s, seat)
    return seat & 1 if s.partners else seat


def check_side(s: DealState, side: object) -> int:
    """``side`` once checked to be a scoring side of the table.

    Trusted: takes what the library built (the state ``s`` is not checked, the
    other arguments are); the checked door is
    [`Deal.points_so_far`][belote.deal.Deal.points_so_far].
    """
    sides = 2 if s.partners else s.n
    if type(side) is not int:
        raise InvalidArgumentType(f"no side {shown(side)} (expected 0 to {sides - 1})")
    if not 0 <= side < sides:
        raise InvalidSeat(f"no side {shown(side)} at this table (expected 0 to {sides - 1})")
    return side


def per_side(s: DealState, values: list[int]) -> tuple[int, ...]:
    """Per-seat counts summed per scoring side (teams add their two seats).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.result`][belote.deal.Deal.result].
    """
    if s.partners:
        return (values[0] + values[2], values[1] + values[3])
    return tuple(values)


def has_played(s: DealState, seat: int) -> bool:
    """Whether ``seat`` has played a card in this deal.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].
    """
    return bool(s.played) or (seat - s.leader) % s.n < len(s.trick)


def completed_tricks(s: DealState) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The completed tricks as (leader, cards in play order), extended incrementally.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.observation`][belote.deal.Deal.observation].
    """
    view = s.tricks_view
    done = len(s.trick_winners)
    k = len(view)
    if k == done:
        return view
    n = s.n
    winners, played = s.trick_winners, s.played
    out = list(view)
    leader = winners[k - 1] if k else (s.dealer + 1) % n
    for j in range(k, done):
        out.append((leader, tuple([CARDS[i] for i in played[j * n : (j + 1) * n]])))
        leader = winners[j]
    s.tricks_view = view = tuple(out)
    return view
