"""The seven swap (rules §4, docs/rules.md#seven-swap): the holder of the 7 of trump takes the turned card."""

from __future__ import annotations

from belote.cards import CARDS
from belote.deal.bidding import Bidding
from belote.deal.state import _H_SWAP, _PLAY, _SEVEN


class SevenSwap(Bidding):
    """The seven-of-trump swap (internal)."""

    __slots__ = ()

    def swap_seat(self) -> int | None:
        """The seat that may swap the 7 of trump now, else ``None``."""
        holder = self._swap_holder()
        return None if holder < 0 else holder

    def _swap_holder(self) -> int:
        if (
            not self.rules.seven_swap
            or self._phase != _PLAY
            or self._played
            or self._trick
            or self._swapped >= 0
            or self._table_card < 0
            or self._table_card >> 3 != self._trump
            or self._table_card == self._trump * 8 + _SEVEN
        ):
            return -1
        seven = 1 << (self._trump * 8 + _SEVEN)
        for seat, hand in enumerate(self._hands):
            if hand & seven and not self._declared[seat]:
                return seat
        return -1

    def _swap_reason(self, seat: int) -> str | None:
        rules = self.rules
        if not rules.seven_swap:
            return f"{rules.name} has no seven-of-trump swap"
        if self._phase < _PLAY:
            return "the 7 of trump can be swapped only once the trump is fixed"
        if self._played or self._trick:
            return "the 7 of trump can be swapped only before the first card is played"
        if self._swapped >= 0:
            return f"seat {self._swapped} has already swapped the 7 of trump"
        if self._table_card < 0 or self._table_card >> 3 != self._trump:
            return "the swap is allowed only when trump is the turned suit (taken in round 1)"
        seven = self._trump * 8 + _SEVEN
        if not self._hands[seat] >> seven & 1:
            return f"seat {seat} does not hold the 7 of trump {CARDS[seven]}"
        if self._declared[seat]:
            return f"seat {seat} has already declared: swap before declaring"
        return None

    def _swap(self, seat: int) -> None:
        seven = self._trump * 8 + _SEVEN
        self._hands[seat] ^= (1 << seven) | (1 << self._table_card)
        self._table_card = seven
        self._swapped = seat
        self._history.append((seat, _H_SWAP, None))
        self._find_belote_holder()
        self._reset_legal()
