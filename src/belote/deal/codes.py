"""The engine's shared constants: phase numbers, history codes, rank numbers, card tables.

Every module of [`belote.deal`][belote.deal] reads these names from here; they are
public so that a program driving the fast layer (a bot reading a
[`SeatView`][belote.deal.SeatView], say) can read the same numbers.

>>> PHASES[PLAY], list(mask_cards(0b1010))
(<Phase.PLAY: 'play'>, [1, 3])
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Final

from belote.cards import SUIT_WORDS, Suit
from belote.rules.checks import whole
from belote.tricks import BEATERS, BYTE_CARDS, CARD_POINTS, cards_of

__all__ = [
    "BEATERS",
    "BID1",
    "BID2",
    "BID_CODES",
    "BYTE_CARDS",
    "CAPOT_BID",
    "CARD_POINTS",
    "H_BID",
    "H_COINCHE",
    "H_DECLARE",
    "H_KEEP",
    "H_OFFENCE",
    "H_PASS",
    "H_PLAY",
    "H_STOP",
    "H_SURCOINCHE",
    "H_SWAP",
    "H_TAKE",
    "JACK",
    "KING",
    "OVER",
    "PASS_ENTRIES",
    "PHASES",
    "PLAY",
    "QUEEN",
    "SEVEN",
    "SUITS",
    "SUIT_NAMES",
    "EndReason",
    "Entry",
    "Phase",
    "entries",
    "mask_cards",
    "phase_of",
]


class Phase(enum.Enum):
    """Where a deal stands."""

    BIDDING_1 = "bidding-1"
    """First bidding round: take the turned suit or pass (docs/rules.md#bidding)."""
    AUCTION = "auction"
    """The auction of contracts: bid, coinche, surcoinche or pass (docs/contree.md#the-auction)."""
    BIDDING_2 = "bidding-2"
    """Second bidding round: name another suit or pass (docs/rules.md#bidding)."""
    PLAY = "play"
    """The cards are played (docs/rules.md#play-obligations); the swap decision and declarations happen here."""
    OVER = "over"
    """The deal has ended; [`Deal.result`][belote.deal.Deal.result] is available."""


class EndReason(enum.Enum):
    """Why a deal ended."""

    PLAYED = "played"
    """Every trick was played."""
    REDEAL = "redeal"
    """Everyone passed twice; the next dealer deals again (docs/rules.md#bidding)."""
    STOPPED = "stopped"
    """A player said "j'arrête" and the deal stopped at once (docs/rules.md#j-arrete)."""


BID1: Final = 0
"""Phase number of the first bidding round ([`Phase.BIDDING_1`][belote.deal.Phase.BIDDING_1])."""
BID2: Final = 1
"""Phase number of the second bidding round."""
PLAY: Final = 2
"""Phase number of the play (the swap decision and declarations included)."""
OVER: Final = 3
"""Phase number of a deal that has ended."""
PHASES: Final = (Phase.BIDDING_1, Phase.BIDDING_2, Phase.PLAY, Phase.OVER)
"""The [`Phase`][belote.deal.Phase] of each phase number."""

# History codes: each history entry is (seat, code, argument).
H_PASS: Final = 0
"""History code of a pass (argument ``None``)."""
H_TAKE: Final = 1
"""History code of a take (argument: the suit named in round 2, or -1)."""
H_SWAP: Final = 2
"""History code of the seven swap."""
H_DECLARE: Final = 3
"""History code of a declaration (argument: the tuple of card indices; empty: everything held)."""
H_PLAY: Final = 4
"""History code of a card played (argument: the card index, + 32 when belote is announced)."""
H_STOP: Final = 5
"""History code of calling out or "j'arrête"."""
H_OFFENCE: Final = 6
"""History code of an offence accepted with no effect on play (argument: the Action)."""
H_KEEP: Final = 7
"""History code of the holder keeping the 7 of trump."""
H_BID: Final = 8
"""History code of a contract bid in an auction (argument: its action id)."""
H_COINCHE: Final = 9
"""History code of a coinche."""
H_SURCOINCHE: Final = 10
"""History code of a surcoinche."""
Entry = tuple[Any, ...]
"""A history entry ``(seat, code, argument)`` as a shared table holds it.

Typed as a plain tuple on purpose: the compiled core keeps a value typed
``tuple[int, int, object]`` as three fields and builds a new tuple each time
it appends one to the history; a value typed ``Entry`` is appended as it is,
so a table of entries built once makes an action allocate nothing."""


def entries(code: object, arguments: object) -> tuple[tuple[Entry, ...], ...]:
    """``entries(code, k)[seat][i]``: the history entry ``(seat, code, i)``, for 8 seats and ``i < k``.

    >>> entries(H_BID, 3)[2][1]
    (2, 8, 1)

    Raises:
        InvalidArgumentType: ``code`` or ``arguments`` is not a whole number.
        InvalidArgument: ``arguments`` is outside 0..1024.
    """
    code = whole(code, "code")
    count = whole(arguments, "arguments", 0, 1024)  # the action ids are fewer
    return tuple(tuple((seat, code, i) for i in range(count)) for seat in range(8))


PASS_ENTRIES: Final[tuple[Entry, ...]] = tuple((seat, H_PASS, None) for seat in range(8))
"""``PASS_ENTRIES[seat]``: the history entry of a pass, shared."""
BID_CODES: Final = frozenset({H_PASS, H_TAKE, H_BID, H_COINCHE, H_SURCOINCHE})
"""The history codes of the bidding (take-or-pass or auction)."""
CAPOT_BID: Final = 1000
"""The standing contract's value once capot is bid: above every value."""

SEVEN: Final = 0
"""Rank number of the 7 (``Rank.SEVEN``)."""
JACK: Final = 4
"""Rank number of the jack."""
QUEEN: Final = 5
"""Rank number of the queen."""
KING: Final = 6
"""Rank number of the king."""

SUITS: Final = tuple(Suit)
"""The suits by suit number."""
SUIT_NAMES: Final = SUIT_WORDS
"""The suits' names by suit number, for messages."""



def phase_of(phase: int, auction: bool) -> Phase:
    """The [`Phase`][belote.deal.Phase] of a phase number; ``auction``: the deal bids contracts.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply`][belote.deal.Deal.apply].

    An auction runs in phase number ``BID1`` and shows as ``Phase.AUCTION``.

    >>> phase_of(BID1, True), phase_of(BID1, False)
    (<Phase.AUCTION: 'auction'>, <Phase.BIDDING_1: 'bidding-1'>)
    """
    if auction and phase == BID1:
        return Phase.AUCTION
    return PHASES[phase]


def mask_cards(mask: int) -> Iterator[int]:
    """The card indices of a card mask, lowest first.

    >>> list(mask_cards(1 << 3 | 1 << 12))
    [3, 12]

    An iterator over [`cards_of`][belote.tricks.cards_of]'s list, which a
    caller wanting a list calls directly.

    Raises:
        InvalidArgumentType: ``mask`` is not a whole number.
        InvalidArgument: not a mask of the 32 cards.
    """
    whole(mask, "mask", 0, (1 << 32) - 1)
    return iter(cards_of(mask))
