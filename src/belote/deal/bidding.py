"""The bidding (rules §3, docs/rules.md#bidding): two rounds, take the turned suit or name another, or pass."""

from __future__ import annotations

from belote.cards import CARDS, Suit
from belote.deal.dealing import Dealing
from belote.deal.state import (
    _BEATERS,
    _BID1,
    _BID2,
    _H_PASS,
    _H_TAKE,
    _JACK,
    _OVER,
    _PLAY,
    EndReason,
)
from belote.errors import IllegalAction, InvalidArgument


class Bidding(Dealing):
    """The bidding rounds (internal)."""

    __slots__ = ()

    def legal_bids(self) -> list[tuple[bool, int]]:
        """The legal bids of the seat to act as ``(take, suit)`` pairs (fast path).

        ``(True, -1)`` takes the turned suit, ``(True, s)`` names suit ``s`` in
        round 2, ``(False, -1)`` passes; ``[]`` outside the bidding.
        """
        phase = self._phase
        if phase >= _PLAY:
            return []
        if phase == _BID1:
            if (
                self.rules.jack_obligatory
                and self._bid_count == 0
                and self._turned & 7 == _JACK
            ):
                return [(True, -1)]
            return [(True, -1), (False, -1)]
        turned = self._turned >> 3
        return [(True, s) for s in range(4) if s != turned] + [(False, -1)]

    def bid(self, take: bool, suit: int = -1) -> None:
        """The seat to act bids (fast path): ``take`` or pass; ``suit`` names trump in round 2.

        Raises:
            InvalidArgument: ``take`` is not a bool, ``suit`` not -1 or a suit
                number 0 to 3, or a pass that names a suit.
            IllegalAction: not a bidding phase or a bid the round does not allow.

        On either error the deal is unchanged.
        """
        if type(take) is not bool:
            raise InvalidArgument(f"take must be True or False, not {take!r}")
        if type(suit) is not int or not -1 <= suit <= 3:
            raise InvalidArgument(
                f"suit must be -1 (the turned suit) or a suit number 0 to 3, not {suit!r}"
            )
        if not take and suit != -1:
            raise InvalidArgument(f"a pass names no suit (suit={suit})")
        reason = self._bid_reason(self._to_act, take, suit)
        if reason is not None:
            raise IllegalAction(reason)
        self._bid(self._to_act, take, suit)

    def _bid_reason(self, seat: int, take: bool, suit: int) -> str | None:
        phase = self._phase
        if phase >= _PLAY:
            return "the bidding is over" if phase == _PLAY else "the deal is over"
        if seat != self._to_act:
            return f"it is seat {self._to_act}'s turn to bid, not seat {seat}'s"
        turned_suit = self._turned >> 3
        first = self._bid_count == 0 and phase == _BID1
        jack_rule = self.rules.jack_obligatory and self._turned & 7 == _JACK and first
        if not take:
            if jack_rule:
                return (
                    f"the turned card {CARDS[self._turned]} is a jack: the first player "
                    "must take it (jack_obligatory)"
                )
            return None
        if phase == _BID1:
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

    def _bid(self, seat: int, take: bool, suit: int) -> None:
        self._lmask = -1
        self._history.append((seat, _H_TAKE if take else _H_PASS, suit if take else None))
        n = self._n
        if not take:
            self._bid_count += 1
            if self._bid_count < n:
                self._to_act = (seat + 1) % n
            elif self._phase == _BID1 and self.rules.second_round:
                self._phase = _BID2
                self._bid_count = 0
                self._to_act = (self._dealer + 1) % n
            else:
                self._phase = _OVER
                self._end = EndReason.REDEAL
                self._to_act = -1
            return
        self._taker = seat
        self._trump = trump = self._turned >> 3 if suit < 0 else suit
        self._beaters = _BEATERS[trump]
        self._complete()
        self._phase = _PLAY
        self._leader = self._to_act = (self._dealer + 1) % n
        self._find_belote_holder()
        self._reset_legal()
