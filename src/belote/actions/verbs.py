"""The words of the notation: the verbs and the strains an action names.

Re-exported by [`belote.actions`][belote.actions]: import them from there.
"""

from __future__ import annotations

import enum
from typing import Final

from belote.cards import ASCII_UPPER, Suit
from belote.errors import NotationError, shown

__all__ = ["MAX_BID_VALUE", "STRAINS", "Strain", "Verb"]

MAX_BID_VALUE: Final = 300
"""The highest value a bid may name (an auction's highest value is at most this)."""


class Verb(enum.Enum):
    """What an action does (docs/formats.md#action-notation)."""

    PASS = "pass"
    """Pass in either bidding round."""
    TAKE = "take"
    """Take the turned suit (round 1) or name another suit (round 2)."""
    SWAP = "swap"
    """Exchange the 7 of trump for the turned card (rules §4, docs/rules.md#seven-swap)."""
    KEEP = "keep"
    """Keep the 7 of trump: the holder's other answer to the swap decision (rules §4, docs/rules.md#seven-swap)."""
    DECLARE = "declare"
    """Declare every combination held, or one combination given by its cards."""
    PLAY = "play"
    """Play a card, optionally announcing belote or rebelote with it."""
    BID = "bid"
    """Bid a contract in an auction: a value, or capot, and a strain (``contree``), or a
    strain alone in a strain auction (``bulgarian``)."""
    COINCHE = "coinche"
    """Double the standing contract of the other team (contre, coinche)."""
    SURCOINCHE = "surcoinche"
    """Redouble a contract the other team has coinched (surcontre, surcoinche)."""
    STOP = "stop"
    """Call out ("chiamarsi fuori", rules §8.1, docs/rules.md#calling-out) or stop the deal ("j'arrête", rules §8.2, docs/rules.md#j-arrete)."""
    DOUBLE = "double"
    """Double the other team's standing contract in a strain auction (контра, ``bulgarian``)."""
    REDOUBLE = "redouble"
    """Redouble: answer the other team's double of one's own team's contract (реконтра)."""
    REREDOUBLE = "reredouble"
    """Re-redouble: the doubling team answers a redouble, a third level (сюр-контра), where
    ``auction.reredouble`` allows it (docs/bulgarian.md#the-auction)."""

class Strain(enum.IntEnum):
    """What a contract makes trump: one of the four suits (numbered as [`Suit`][belote.cards.Suit]).

    The contract model names a *strain*, not a suit: no-trumps and
    all-trumps contracts (``bulgarian``; contrée's sans-atout and tout-atout)
    make every suit plain or every suit trump. A strain's number is the
    *mode* every card table is indexed by ([`NO_TRUMPS`][belote.cards.NO_TRUMPS],
    [`ALL_TRUMPS`][belote.cards.ALL_TRUMPS]; docs/bulgarian.md#trump-modes).

    >>> Strain.parse("h"), str(Strain.NO_TRUMP), Strain.HEARTS.suit
    (<Strain.HEARTS: 1>, 'NT', <Suit.HEARTS: 1>)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    NO_TRUMP = 4
    ALL_TRUMP = 5

    @property
    def letter(self) -> str:
        """The notation: ``S``, ``H``, ``D``, ``C``, ``NT`` or ``AT``."""
        return _STRAIN_LETTERS[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit of a suit strain, else ``None``."""
        return Suit(int(self)) if self < 4 else None

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a strain: a suit (letter or symbol), ``NT`` or ``AT`` (any case).

        Raises:
            NotationError: the text is no strain.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a strain: {shown(text)} (expected S, H, D, C, NT or AT)")
        word = text.strip().translate(ASCII_UPPER)
        if word in ("NT", "SA"):
            return cls.NO_TRUMP
        if word in ("AT", "TA"):
            return cls.ALL_TRUMP
        try:
            return cls(int(Suit.parse(word)))
        except NotationError:
            raise NotationError(
                f"not a strain: {shown(text)} (expected S, H, D, C, NT or AT)"
            ) from None

    def __str__(self) -> str:
        return self.letter

_STRAIN_LETTERS: Final = ("S", "H", "D", "C", "NT", "AT")
STRAINS: Final = tuple(Strain)
"""The strains by number."""
