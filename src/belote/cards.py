"""Suits, ranks, the 32 cards and sets of cards.

Inside, a card is a number from 0 to 31 (``suit * 8 + rank``) and a set of
cards is a 32-bit int with one bit per card; outside, both are small
immutable values with a notation that round-trips:

>>> Card.parse("JH")
Card.parse('JH')
>>> str(Card.parse("TS")), str(Card.parse("10♠"))
('10S', '10S')
>>> hand = CardSet.parse("JH 9H AS 7C")
>>> len(hand), Card.parse("9H") in hand
(4, True)
>>> hand.points(Suit.HEARTS)
45

Card points follow rules §1, docs/rules.md#cards: trump J 20, 9 14, A 11, 10 10, K 4, Q 3;
plain A 11, 10 10, K 4, Q 3, J 2; the rest 0. A deck holds 152 points
whatever the trump suit.

Wherever a function takes ``trump``, it takes a contract's *mode*
(docs/bulgarian.md#trump-modes): a suit number 0..3 makes that suit trump,
[`NO_TRUMPS`][belote.cards.NO_TRUMPS] (4) makes every suit plain and
[`ALL_TRUMPS`][belote.cards.ALL_TRUMPS] (5) every suit trump, the numbers
of [`Strain`][belote.actions.Strain]:

>>> CardSet.full_deck().points(NO_TRUMPS), CardSet.full_deck().points(ALL_TRUMPS)
(120, 248)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final, Self

from belote.errors import InvalidArgumentType, NotationError, shown

__all__ = [
    "ALL_TRUMPS",
    "ASCII_LOWER",
    "ASCII_UPPER",
    "CARDS",
    "FULL_DECK",
    "MODES",
    "NO_TRUMPS",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "SEQUENCE_ORDER",
    "SUIT_WORDS",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "card_points",
    "is_trump_suit",
    "mode_points",
    "suit_mask",
    "trump_suits",
]

ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""``text.translate(ASCII_UPPER)`` upper-cases the ASCII letters and nothing else.

The notation's letters are compared this way, never with ``str.upper``,
whose Unicode case mapping reads the long s ``ſ`` as ``S`` and the dotless
``ı`` as ``I``: ``Suit.parse("ſ")`` is refused.
"""

ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
"""``text.translate(ASCII_LOWER)`` lower-cases the ASCII letters and nothing else
(``str.lower`` reads the Kelvin sign ``K`` as ``k``)."""


SUIT_WORDS: Final = ("spades", "hearts", "diamonds", "clubs")
"""The suits' names for people, in suit order (see [`Suit.word`][belote.cards.Suit.word])."""


class Suit(enum.IntEnum):
    """The four suits. ``str()`` gives the letter used in the notation.

    >>> Suit.parse("♥"), str(Suit.CLUBS)
    (<Suit.HEARTS: 1>, 'C')
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The notation letter: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self]

    @property
    def word(self) -> str:
        """The suit's name for people: ``spades``, ``hearts``, ``diamonds`` or ``clubs``."""
        return SUIT_WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (any case) or symbol.

        Raises:
            NotationError: the text is not a suit.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a suit: {shown(text)} (expected one of S H D C or ♠ ♥ ♦ ♣)")
        suit = _SUIT_TEXT.get(text.strip().translate(ASCII_UPPER))
        if suit is None:
            raise NotationError(f"not a suit: {shown(text)} (expected one of S H D C or ♠ ♥ ♦ ♣)")
        return suit

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """The eight ranks, numbered in sequence order from the seven up.

    The numbering is the order used for runs (A K Q J 10 9 8 7); trick
    strength and card points depend on the trump and live in the tables
    `TRUMP_ORDER`, `PLAIN_ORDER`, `TRUMP_POINTS` and
    `PLAIN_POINTS`.

    >>> Rank.parse("T"), str(Rank.TEN)
    (<Rank.TEN: 3>, '10')
    """

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def text(self) -> str:
        """The notation of the rank: ``7`` ... ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its notation (``10`` or ``T`` for the ten).

        Raises:
            NotationError: the text is not a rank.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a rank: {shown(text)} (expected one of 7 8 9 10 J Q K A)")
        rank = _RANK_FROM_TEXT.get(text.strip().translate(ASCII_UPPER))
        if rank is None:
            raise NotationError(
                f"not a rank: {shown(text)} (expected one of 7 8 9 10 J Q K A, or T for ten)"
            )
        return rank

    def __str__(self) -> str:
        return self.text


_SUIT_TEXT: Final = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}  # fmt: skip
_RANK_TEXT: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_FROM_TEXT: Final = {text: Rank(i) for i, text in enumerate(_RANK_TEXT)} | {"T": Rank.TEN}

#: Trump ranks from high to low: J 9 A 10 K Q 8 7 (rules §1, docs/rules.md#cards).
TRUMP_ORDER: Final = (
    Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
#: Plain-suit ranks from high to low: A 10 K Q J 9 8 7 (rules §1, docs/rules.md#cards).
PLAIN_ORDER: Final = (
    Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
#: Ranks in sequence order for runs, high to low: A K Q J 10 9 8 7.
SEQUENCE_ORDER: Final = tuple(reversed(Rank))
#: Card points of a trump card, by rank (20 14 11 10 4 3 0 0 = 62).
TRUMP_POINTS: Final = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
                       Rank.KING: 4, Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0}  # fmt: skip
#: Card points of a plain card, by rank (11 10 4 3 2 0 0 0 = 30).
PLAIN_POINTS: Final = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
                       Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}  # fmt: skip

# Hot-path tables, indexed by rank number: trick strength (higher wins) and points.
TRUMP_STRENGTH: Final = tuple(7 - TRUMP_ORDER.index(Rank(r)) for r in range(8))
PLAIN_STRENGTH: Final = tuple(7 - PLAIN_ORDER.index(Rank(r)) for r in range(8))
_TRUMP_PTS: Final = tuple(TRUMP_POINTS[Rank(r)] for r in range(8))
_PLAIN_PTS: Final = tuple(PLAIN_POINTS[Rank(r)] for r in range(8))


def _pattern_points(table: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(table[r] for r in range(8) if pattern >> r & 1) for pattern in range(256))


# Points of any subset of one suit (an 8-bit pattern), as trump and as plain.
TRUMP_PATTERN_POINTS: Final = _pattern_points(_TRUMP_PTS)
PLAIN_PATTERN_POINTS: Final = _pattern_points(_PLAIN_PTS)

FULL_DECK: Final = (1 << 32) - 1
"""The mask of all 32 cards."""

NO_TRUMPS: Final = 4
"""The mode of a no-trumps contract: every suit ranks and counts as a plain suit
(docs/bulgarian.md#trump-modes)."""
ALL_TRUMPS: Final = 5
"""The mode of an all-trumps contract: every suit ranks and counts as trump
(docs/bulgarian.md#trump-modes)."""
MODES: Final = 6
"""How many modes there are: the four suits, no-trumps and all-trumps."""

_TRUMP_SUITS: Final = (0b0001, 0b0010, 0b0100, 0b1000, 0b0000, 0b1111)


def trump_suits(mode: int) -> int:
    """The suits that rank as trump under a mode, as a 4-bit mask (bit ``suit``).

    >>> trump_suits(Suit.HEARTS), trump_suits(NO_TRUMPS), trump_suits(ALL_TRUMPS)
    (2, 0, 15)

    Raises:
        InvalidArgumentType: ``mode`` is not a whole number.
        NotationError: it is not 0..5.
    """
    return _TRUMP_SUITS[_whole(mode, "mode", MODES)]


def is_trump_suit(suit: int, mode: int | None) -> bool:
    """Whether ``suit`` ranks and counts as trump under ``mode`` (``None``: no trump).

    >>> is_trump_suit(Suit.CLUBS, Suit.CLUBS), is_trump_suit(Suit.CLUBS, ALL_TRUMPS)
    (True, True)
    >>> is_trump_suit(Suit.CLUBS, NO_TRUMPS), is_trump_suit(Suit.CLUBS, None)
    (False, False)
    """
    return suit == mode or mode == ALL_TRUMPS


def mode_points(mode: int) -> int:
    """The card points of the 32 cards under a mode, without the last trick.

    152 with a trump suit, 120 in no-trumps, 248 in all-trumps (docs/bulgarian.md#trump-modes).

    >>> mode_points(Suit.SPADES), mode_points(NO_TRUMPS), mode_points(ALL_TRUMPS)
    (152, 120, 248)

    Raises:
        InvalidArgumentType: ``mode`` is not a whole number.
        NotationError: it is not 0..5.
    """
    return (152, 152, 152, 152, 120, 248)[_whole(mode, "mode", MODES)]


def _whole(value: object, name: str, size: int) -> int:
    """``value`` if it is a whole number ``0..size-1`` (an ``IntEnum`` member included)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentType(f"{name}: expected a whole number, got {shown(value)}")
    if not 0 <= value < size:
        raise NotationError(f"{name}: expected 0..{size - 1}, got {shown(value)}")
    return int(value)


def suit_mask(suit: int) -> int:
    """The mask of the eight cards of ``suit``.

    >>> hex(suit_mask(Suit.HEARTS))
    '0xff00'

    Raises:
        InvalidArgumentType: ``suit`` is not a whole number.
        NotationError: it is not 0..3.
    """
    return 0xFF << (8 * _whole(suit, "suit", 4))


def card_points(mask: int, trump: int | None) -> int:
    """The card points of the cards in ``mask`` with ``trump`` as trump suit (or mode).

    Args:
        mask: a card mask (bit ``suit * 8 + rank`` per card).
        trump: the trump suit, a mode (``NO_TRUMPS``, ``ALL_TRUMPS``), or ``None`` for no trump.

    >>> card_points(FULL_DECK, Suit.SPADES)
    152

    Raises:
        InvalidArgumentType: ``mask`` is not a whole number, ``trump`` neither one nor ``None``.
        NotationError: ``mask`` is not a card mask.
    """
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask <= FULL_DECK:
        if isinstance(mask, int) and not isinstance(mask, bool):
            raise NotationError(f"mask: not a card mask: {shown(mask)}")
        raise InvalidArgumentType(f"mask: expected a card mask, got {shown(mask)}")
    if trump is not None and (isinstance(trump, bool) or not isinstance(trump, int)):
        raise InvalidArgumentType(f"trump: expected a suit number or None, got {shown(trump)}")
    total = 0
    for suit in range(4):
        pattern = (mask >> (8 * suit)) & 0xFF
        if pattern:
            total += (
                TRUMP_PATTERN_POINTS if suit == trump or trump == ALL_TRUMPS
                else PLAIN_PATTERN_POINTS
            )[pattern]
    return total


class Card:
    """One of the 32 cards. There is exactly one instance per card.

    ``Card(rank, suit)`` and [`Card.parse`][belote.cards.Card.parse] return the shared instance,
    so cards compare by identity and hash cheaply. Cards sort in index
    order (suit S H D C, then rank from 7 up).

    Attributes:
        rank: the card's [`Rank`][belote.cards.Rank].
        suit: the card's [`Suit`][belote.cards.Suit].
        index: ``suit * 8 + rank``, from 0 to 31.
        bit: ``1 << index``, the card's bit in a card mask.
    """

    __slots__ = ("bit", "index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    bit: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        """Return the shared instance of the card of ``rank`` and ``suit``.

        Raises:
            InvalidArgumentType: ``rank`` or ``suit`` is not a whole number (a ``Rank``, a ``Suit``).
            NotationError: one is out of range.
        """
        return CARDS[_whole(suit, "suit", 4) * 8 + _whole(rank, "rank", 8)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", Rank(index % 8))
        object.__setattr__(card, "suit", Suit(index // 8))
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0..31).

        Raises:
            NotationError: the index is out of range.
        """
        if type(index) is not int or not 0 <= index < 32:
            raise NotationError(f"not a card index: {shown(index)} (expected 0..31)")
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit, e.g. ``JH``, ``10S``, ``TS``, ``J♥``.

        Raises:
            NotationError: the text is not a card.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a card: {shown(text)} (expected text such as 'JH' or '10S')")
        card = _CARD_FROM_TEXT.get(text.strip().translate(ASCII_UPPER))
        if card is None:
            raise NotationError(
                f"not a card: {shown(text)} (expected a rank 7 8 9 10 J Q K A, or T, "
                "then a suit S H D C or ♠ ♥ ♦ ♣, such as 'JH' or '10S')"
            )
        return card

    def is_trump(self, trump: int | None) -> bool:
        """Whether the card ranks as trump under ``trump`` (a suit or a mode)."""
        return self.suit == trump or trump == ALL_TRUMPS

    def points(self, trump: int | None) -> int:
        """The card's points when ``trump`` is the trump suit.

        >>> Card.parse("9H").points(Suit.HEARTS), Card.parse("9H").points(Suit.SPADES)
        (14, 0)
        """
        return (_TRUMP_PTS if self.suit == trump or trump == ALL_TRUMPS else _PLAIN_PTS)[self.rank]

    def strength(self, trump: int | None) -> int:
        """Strength of the card inside its own suit (0..7, higher wins).

        Trump cards follow `TRUMP_ORDER`, others `PLAIN_ORDER`.
        """
        return (
            TRUMP_STRENGTH if self.suit == trump or trump == ALL_TRUMPS else PLAIN_STRENGTH
        )[self.rank]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self.rank.text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(32))
"""The 32 cards in index order."""

_CARD_FROM_TEXT: Final = {
    rank_text + suit_text: CARDS[suit * 8 + rank]
    for suit_text, suit in _SUIT_TEXT.items()
    for rank_text, rank in _RANK_FROM_TEXT.items()
}


def _iter_mask(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low



def _mask_of(other: object) -> int:
    """The mask of a card set on the other side of an operator, or a typed error."""
    if not isinstance(other, CardSet):
        raise InvalidArgumentType(f"expected a CardSet, not {shown(other)}")
    return other.mask

class CardSet:
    """An immutable set of cards, stored as a 32-bit mask.

    Supports ``|``, ``&``, ``-``, ``^``, ``in``, ``len``, iteration (in card
    index order) and comparison by content. ``str()`` gives the notation
    that [`parse`][belote.cards.CardSet.parse] reads back.

    >>> a = CardSet.parse("AS KS")
    >>> str(a | CardSet.parse("7H")), len(a - CardSet.parse("KS"))
    ('KS AS 7H', 1)
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = 0
        try:
            items = iter(cards)
        except TypeError:
            raise InvalidArgumentType(f"cards: expected an iterable of cards, got {shown(cards)}") from None
        for card in items:
            if not isinstance(card, Card):
                raise NotationError(f"not a card: {shown(card)}")
            mask |= card.bit
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> Self:
        """The set whose bits are ``mask``.

        Raises:
            NotationError: the mask has bits outside the 32 cards.
        """
        if mask & ~FULL_DECK or mask < 0:
            raise NotationError(f"not a card mask: {mask:#x}")
        result = object.__new__(cls)
        object.__setattr__(result, "mask", mask)
        return result

    @classmethod
    def full_deck(cls) -> Self:
        """All 32 cards."""
        return cls.from_mask(FULL_DECK)

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> Self:
        """Read cards separated by spaces or commas, or a list of card texts.

        Raises:
            NotationError: a card is not valid or appears twice.
        """
        if not isinstance(text, str | Iterable):
            raise NotationError(f"not cards: {shown(text)} (expected text such as 'JH 10S' or "
                                "a list of card texts)")
        items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        mask = 0
        for item in items:
            card = Card.parse(item)
            if mask & card.bit:
                raise NotationError(f"card {card} appears twice")
            mask |= card.bit
        return cls.from_mask(mask)

    def points(self, trump: int | None) -> int:
        """The card points of the set with ``trump`` as trump suit."""
        return card_points(self.mask, trump)

    def of_suit(self, suit: int) -> Self:
        """The cards of the set in ``suit``."""
        return self.from_mask(self.mask & suit_mask(suit))

    def sorted(self, trump: int | None = None) -> list[Card]:
        """The cards grouped by suit, strongest first inside each suit."""
        return sorted(self, key=lambda c: (c.suit, -c.strength(trump)))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        return _iter_mask(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __or__(self, other: CardSet) -> Self:
        return self.from_mask(self.mask | _mask_of(other))

    def __and__(self, other: CardSet) -> Self:
        return self.from_mask(self.mask & _mask_of(other))

    def __sub__(self, other: CardSet) -> Self:
        return self.from_mask(self.mask & ~_mask_of(other))

    def __xor__(self, other: CardSet) -> Self:
        return self.from_mask(self.mask ^ _mask_of(other))

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~_mask_of(other) == 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (type(self).from_mask, (self.mask,))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
