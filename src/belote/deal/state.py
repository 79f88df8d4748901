"""The plain state of a deal: its slots, copying and comparing, and the shared helpers.

Every phase module ([`dealing`][belote.deal.dealing], [`bidding`][belote.deal.bidding],
[`swap`][belote.deal.swap], [`declarations`][belote.deal.declarations],
[`play`][belote.deal.play], [`calling_out`][belote.deal.calling_out]) adds its
rules to ``DealState``; the facade
[`Deal`][belote.deal.Deal] puts them together. Inside, hands are card masks,
the trick a list of card indices and the history a list of
``(seat, code, argument)`` tuples.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, Self

from belote.cards import (
    CARDS,
    SUIT_WORDS,
    Card,
    Suit,
)
from belote.errors import InvalidArgumentType, InvalidSeat, shown
from belote.tricks import BEATERS, CARD_POINTS

if TYPE_CHECKING:
    from belote.actions import Action
    from belote.announcements import Declaration
    from belote.deal.dealing import _Layout
    from belote.deal.records import OffenceRecord
    from belote.rules import Rules
    from belote.scoring import DealResult

# Internal phase numbers (the public face is [`Phase`][belote.deal.Phase]).
_BID1: Final = 0
_BID2: Final = 1
_PLAY: Final = 2
_OVER: Final = 3

# History codes: each entry is (seat, code, argument).
_H_PASS: Final = 0
_H_TAKE: Final = 1  # argument: suit named in round 2, or -1
_H_SWAP: Final = 2
_H_DECLARE: Final = 3  # argument: tuple of card indices (empty: everything held)
_H_PLAY: Final = 4  # argument: card index, + 32 when belote is announced
_H_STOP: Final = 5
_H_OFFENCE: Final = 6  # argument: the Action, accepted as an offence with no effect on play

_SEVEN: Final = 0  # Rank.SEVEN
_QUEEN: Final = 5  # Rank.QUEEN
_KING: Final = 6  # Rank.KING
_JACK: Final = 4  # Rank.JACK

_POINTS: Final = CARD_POINTS  # [trump][card]
_BEATERS: Final = BEATERS  # [trump][card]; the engine follows a trick's best card
_SUITS: Final = tuple(Suit)
_SUIT_NAMES: Final = SUIT_WORDS


class Phase(enum.Enum):
    """Where a deal stands."""

    BIDDING_1 = "bidding-1"
    """First bidding round: take the turned suit or pass (rules §3, docs/rules.md#bidding)."""
    BIDDING_2 = "bidding-2"
    """Second bidding round: name another suit or pass (rules §3, docs/rules.md#bidding)."""
    PLAY = "play"
    """The cards are played (rules §5, docs/rules.md#play-obligations); the swap and declarations happen here."""
    OVER = "over"
    """The deal has ended; [`Deal.result`][belote.deal.Deal.result] is available."""


_PHASES: Final = (Phase.BIDDING_1, Phase.BIDDING_2, Phase.PLAY, Phase.OVER)


class EndReason(enum.Enum):
    """Why a deal ended."""

    PLAYED = "played"
    """Every trick was played."""
    REDEAL = "redeal"
    """Everyone passed twice; the next dealer deals again (rules §3, docs/rules.md#bidding)."""
    STOPPED = "stopped"
    """A player said "j'arrête" and the deal stopped at once (rules §8.2, docs/rules.md#j-arrete)."""


_BYTE_CARDS: Final = tuple(
    tuple(8 * k + r for r in range(8) if byte >> r & 1) for k in range(4) for byte in range(256)
)


def _mask_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low




_NOT_COMPARED: Final = frozenset({"_legal", "_lmask", "_result", "_layout", "_tricks_view", "_bids_view", "_gone"})


class DealState:
    """The slots of a deal and what every phase reads from them (internal).

    Attributes hold ints and lists of ints; see each phase module for the
    rules that change them.
    """

    __slots__ = (
        "_beaters",
        "_belote_calls",
        "_belote_holder",
        "_belote_pair",
        "_best",
        "_best_pos",
        "_bid_count",
        "_bids_view",
        "_bottom",
        "_claim_held",
        "_counting",
        "_dealer",
        "_deck",
        "_declarations",
        "_declared",
        "_eight_run_side",
        "_end",
        "_gone",
        "_hand_size",
        "_hands",
        "_history",
        "_layout",
        "_leader",
        "_legal",
        "_lenient",
        "_lmask",
        "_n",
        "_next_card",
        "_offences",
        "_partners",
        "_pending",
        "_phase",
        "_played",
        "_points",
        "_resolved",
        "_result",
        "_stopper",
        "_swapped",
        "_table_card",
        "_taker",
        "_target",
        "_to_act",
        "_totals",
        "_trick",
        "_trick_winners",
        "_tricks_done",
        "_tricks_view",
        "_tricks_won",
        "_trump",
        "_turned",
        "rules",
    )

    rules: Rules
    _n: int
    _dealer: int
    _deck: tuple[int, ...]
    _totals: tuple[int, ...]
    _target: int
    _pending: int
    _partners: bool
    _phase: int
    _to_act: int
    _turned: int
    _table_card: int
    _bottom: int
    _next_card: int
    _hand_size: int
    _layout: _Layout
    _hands: list[int]
    _bid_count: int
    _trump: int
    _taker: int
    _leader: int
    _trick: list[int]
    _best: int
    _best_pos: int
    _beaters: tuple[int, ...]
    _tricks_done: int
    _trick_winners: list[int]
    _played: list[int]
    """The cards of the completed tricks, in play order."""
    _points: list[int]
    _tricks_won: list[int]
    _counting: list[bool]
    _belote_holder: int
    _belote_pair: tuple[int, ...]
    _belote_calls: list[int]
    _declarations: list[Declaration]
    _declared: list[bool]
    _resolved: tuple[Declaration, ...] | None
    _eight_run_side: int
    _swapped: int
    _stopper: int
    _claim_held: bool
    _end: EndReason | None
    _history: list[tuple[int, int, object]]
    _lenient: bool
    """Whether offences are accepted and sanctioned instead of refused (rules §9, docs/rules.md#penalties)."""
    _offences: list[OffenceRecord]
    """The offences accepted so far, in order (lenient mode only)."""
    _legal: int
    """The seat to act's legal card mask: 0 outside the play phase, -1 until computed."""
    _gone: int
    """The mask of every card played so far, the current trick's included."""
    _lmask: int
    """The legal action-id mask (bit i: action id i), -1 until computed."""
    _tricks_view: tuple[tuple[int, tuple[Card, ...]], ...]
    """The completed tricks as typed values, extended as tricks complete (read lazily)."""
    _bids_view: tuple[Action, ...] | None
    """The bids as actions once the bidding is over, else ``None``."""
    _result: DealResult | None

    # --- checking arguments ---------------------------------------------------------------

    def _seat(self, seat: int) -> int:
        """``seat`` once checked to be a seat of the table.

        Raises:
            InvalidArgumentType: not a whole number (a `TypeError` too).
            InvalidSeat: out of range (an `IndexError` too).
        """
        if type(seat) is not int:
            raise InvalidArgumentType(
                f"no seat {shown(seat)} at a table of {self._n} (expected 0 to {self._n - 1})"
            )
        if not 0 <= seat < self._n:
            raise InvalidSeat(f"no seat {seat} at a table of {self._n} (expected 0 to {self._n - 1})")
        return seat

    # --- copying and comparing ------------------------------------------------------------

    def copy(self) -> Self:
        """An independent copy of the deal (lists copied, values shared)."""
        new = object.__new__(type(self))
        new._beaters = self._beaters
        new._belote_calls = self._belote_calls[:]
        new._belote_holder = self._belote_holder
        new._belote_pair = self._belote_pair
        new._best = self._best
        new._best_pos = self._best_pos
        new._bid_count = self._bid_count
        new._bottom = self._bottom
        new._claim_held = self._claim_held
        new._counting = self._counting[:]
        new._dealer = self._dealer
        new._deck = self._deck
        new._declarations = self._declarations[:]
        new._declared = self._declared[:]
        new._eight_run_side = self._eight_run_side
        new._end = self._end
        new._hand_size = self._hand_size
        new._hands = self._hands[:]
        new._history = self._history[:]
        new._lenient = self._lenient
        new._offences = self._offences[:]
        new._layout = self._layout
        new._leader = self._leader
        new._legal = self._legal
        new._gone = self._gone
        new._lmask = self._lmask
        new._tricks_view = self._tricks_view
        new._bids_view = self._bids_view
        new._n = self._n
        new._next_card = self._next_card
        new._partners = self._partners
        new._pending = self._pending
        new._phase = self._phase
        new._played = self._played[:]
        new._points = self._points[:]
        new._resolved = self._resolved
        new._result = self._result
        new._stopper = self._stopper
        new._swapped = self._swapped
        new._table_card = self._table_card
        new._taker = self._taker
        new._target = self._target
        new._to_act = self._to_act
        new._totals = self._totals
        new._trick = self._trick[:]
        new._trick_winners = self._trick_winners[:]
        new._tricks_done = self._tricks_done
        new._tricks_won = self._tricks_won[:]
        new._trump = self._trump
        new._turned = self._turned
        new.rules = self.rules
        return new

    def _key(self) -> tuple[object, ...]:
        # Caches and values derived from the rest are left out.
        return tuple(getattr(self, name) for name in DealState.__slots__ if name not in _NOT_COMPARED)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealState):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    # --- shared helpers ---------------------------------------------------------------------

    @property
    def sides(self) -> int:
        """The number of scoring sides: 2 teams, or one per player."""
        return 2 if self._partners else self._n

    def side(self, seat: int) -> int:
        """The scoring side of a seat: its team (``seat % 2``) or the seat itself.

        Raises:
            InvalidSeat: no such seat (an `IndexError` too).
            InvalidArgumentType: not a whole number.
        """
        if type(seat) is not int or not 0 <= seat < self._n:
            self._seat(seat)
        return seat & 1 if self._partners else seat

    def _side_arg(self, side: int) -> int:
        """``side`` once checked to be a scoring side of the table."""
        sides = 2 if self._partners else self._n
        if type(side) is not int:
            raise InvalidArgumentType(f"no side {shown(side)} (expected 0 to {sides - 1})")
        if not 0 <= side < sides:
            raise InvalidSeat(f"no side {side} at this table (expected 0 to {sides - 1})")
        return side

    @property
    def belote_seat(self) -> int | None:
        """The seat that completed belote and rebelote, else ``None``."""
        holder = self._belote_holder
        return holder if holder >= 0 and self._belote_calls[holder] == 2 else None

    def card_points_of(self, side: int) -> int:
        """Card points a side has won in tricks so far (without the last-trick bonus).

        Raises:
            InvalidSeat: no such side.
        """
        self._side_arg(side)
        if self._partners:
            return self._points[side] + self._points[side + 2]
        return self._points[side]

    def tricks_of(self, side: int) -> int:
        """Tricks a side has won so far.

        Raises:
            InvalidSeat: no such side.
        """
        self._side_arg(side)
        if self._partners:
            return self._tricks_won[side] + self._tricks_won[side + 2]
        return self._tricks_won[side]

    def _has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a card in this deal."""
        return bool(self._played) or (seat - self._leader) % self._n < len(self._trick)

    def _find_belote_holder(self) -> None:
        king, queen = self._trump * 8 + _KING, self._trump * 8 + _QUEEN
        pair = 1 << king | 1 << queen
        self._belote_holder = -1
        self._belote_pair = ()
        for seat, hand in enumerate(self._hands):
            if hand & pair == pair:
                self._belote_holder = seat
                self._belote_pair = (king, queen)

    def _reset_legal(self) -> None:
        """Set the legal-card cache after a change outside the play of a card."""
        self._lmask = -1
        if self._phase != _PLAY:
            self._legal = 0
        elif self._trick:
            self._legal = -1
        else:
            self._legal = self._hands[self._to_act]

    def _completed_tricks(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The completed tricks as (leader, cards in play order), extended incrementally."""
        view = self._tricks_view
        done = len(self._trick_winners)
        k = len(view)
        if k == done:
            return view
        n = self._n
        winners, played = self._trick_winners, self._played
        out = list(view)
        leader = winners[k - 1] if k else (self._dealer + 1) % n
        for j in range(k, done):
            out.append((leader, tuple([CARDS[i] for i in played[j * n : (j + 1) * n]])))
            leader = winners[j]
        self._tricks_view = view = tuple(out)
        return view
