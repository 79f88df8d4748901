"""The words of a position's ``bids`` and ``play`` parts (docs/positions.md).

[`parse_moves`][belote.deal.moves.parse_moves] reads them as
[`Move`][belote.deal.moves.Move] values, not yet checked against the rules;
[`belote.deal.position`][belote.deal.position] reads and writes the whole
position around them. A contract of an auction of values is written ``90H``
or ``capotS``, a strain auction's bid its strain alone (``C`` ... ``NT``,
``AT``), with ``double`` and ``redouble``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import attrs

from belote.actions import Action, Strain
from belote.actions.reading import STRAIN_WORDS, strain_of_word
from belote.cards import ASCII_LOWER, Card, Suit
from belote.errors import BeloteError, InvalidPosition, shown
from belote.rules.checks import instance, sequence

__all__ = ["BIDDING_VERBS", "Move", "card_word", "card_words", "parse_moves"]

_TOKEN: Final = re.compile(r"declare\[[^\]]*\]|/|[^\s/]+", re.IGNORECASE | re.ASCII)
_BID_WORD: Final = re.compile(r"([0-9]{1,3}|capot)(\S*)", re.IGNORECASE | re.ASCII)
_NO_VALUE: Final = -1  # a ``bid`` word whose value has not been read yet
BIDDING_VERBS: Final = ("pass", "take", "bid", "coinche", "surcoinche", "double", "redouble",
                        "reredouble")
_STRAIN_WORDS: Final = frozenset(STRAIN_WORDS)
# a strain auction's bids (``bulgarian``): the words the one action reader reads (belote.actions.reading)


@attrs.frozen
class Move:
    """One word of the ``bids`` or ``play`` part, read but not yet checked against the rules.

    Attributes:
        verb: ``pass``, ``take``, ``bid``, ``coinche``, ``surcoinche``, ``play``,
            ``declare``, ``swap``, ``keep``, ``stop`` or ``/`` (the end of a trick).
        suit: the suit a ``take`` names (round 2), else ``None``.
        cards: the card played, or the cards declared (none: everything held).
        belote: a played card that announces belote or rebelote.
        value: a ``bid``'s value, ``None`` for a capot bid.
        strain: a ``bid``'s strain (the trump it names).
    """

    verb: str
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()
    belote: bool = False
    value: int | None = None
    strain: Strain | None = None

    def action(self, seat: int) -> Action:
        """The action this word stands for when ``seat`` makes it."""
        if self.verb == "pass":
            return Action.pass_(seat)
        if self.verb == "bid":
            assert self.strain is not None  # parse_moves reads whole bids only
            if self.value == 0:
                return Action.strain_bid(seat, self.strain)
            return Action.bid(seat, self.value, self.strain)
        if self.verb == "double":
            return Action.double(seat)
        if self.verb == "redouble":
            return Action.redouble(seat)
        if self.verb == "reredouble":
            return Action.reredouble(seat)
        if self.verb == "coinche":
            return Action.coinche(seat)
        if self.verb == "surcoinche":
            return Action.surcoinche(seat)
        if self.verb == "take":
            return Action.take(seat, self.suit)
        if self.verb == "play":
            return Action.play(seat, self.cards[0], self.belote)
        if self.verb == "declare":
            return Action.declare(seat, self.cards)
        if self.verb == "swap":
            return Action.swap(seat)
        if self.verb == "keep":
            return Action.keep(seat)
        return Action.stop(seat)

    def __str__(self) -> str:
        if self.verb == "take" and self.suit is not None:
            return f"take {self.suit.letter}"
        if self.verb == "bid":
            if self.value == 0:  # a strain auction's bid: the strain alone
                return "" if self.strain is None else self.strain.letter
            value = "capot" if self.value is None else str(self.value)
            return value + ("" if self.strain is None else self.strain.letter)
        if self.verb == "play":
            return str(self.cards[0]) + (" belote" if self.belote else "")
        if self.verb == "declare" and self.cards:
            return "declare[" + " ".join(str(card) for card in self.cards) + "]"
        return self.verb


def card_word(word: str, part: str) -> Card:
    """A card of a position's ``part``.

    >>> card_word("10h", "play")
    Card.parse('10H')

    Raises:
        InvalidPosition: the word is no card (the message names ``part``).
        InvalidArgumentType: ``word`` or ``part`` is not text.
    """
    instance(word, str, "word")
    instance(part, str, "part")
    try:
        return Card.parse(word)
    except BeloteError as exc:
        raise InvalidPosition(part, str(exc)) from None


def card_words(text: str, part: str) -> list[Card]:
    """The cards of a position's ``part`` (``-``: none), each once.

    >>> card_words("JH 9H", "hands")
    [Card.parse('JH'), Card.parse('9H')]

    Raises:
        InvalidPosition: a word that is no card, or a card twice (the message names ``part``).
        InvalidArgumentType: ``text`` or ``part`` is not text.
    """
    instance(text, str, "text")
    instance(part, str, "part")
    cards = [] if text.strip() == "-" else [card_word(word, part) for word in text.split()]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidPosition(part, f"{card} appears twice")
        seen.add(card)
    return cards


def _strain(word: str, part: str) -> Strain:
    strain = strain_of_word(word)  # a letter, a symbol, a name in en, fr, it
    if strain is None:
        raise InvalidPosition(part, f"not a strain: {shown(word)} (expected S, H, D, C, NT or AT)")
    return strain


def _unfinished_bid(moves: list[Move]) -> bool:
    return bool(moves) and moves[-1].verb == "bid" and moves[-1].strain is None


def parse_moves(text: str | Sequence[str], part: str) -> list[Move]:
    """Read the words of a ``bids`` or ``play`` part (case-insensitive), not yet checked against the rules.

    A contract bid (``contree``) is written ``90H`` or ``capotS``; ``bid 90 H``,
    ``90 H`` (the record's words) and ``bid 90 hearts`` (suits by name, as
    [`Action.parse`][belote.actions.Action.parse] reads them) read the same.

    >>> [str(move) for move in parse_moves("pass take h", "bids")]
    ['pass', 'take H']
    >>> [str(move) for move in parse_moves("80h pass bid 90 S coinche pass Surcoinche capot D", "bids")]
    ['80H', 'pass', '90S', 'coinche', 'pass', 'surcoinche', 'capotD']

    A strain auction's bid (``bulgarian``) is its strain alone, ``bid NT`` reads the same:

    >>> [str(move) for move in parse_moves("C pass bid NT double redouble AT", "bids")]
    ['C', 'pass', 'NT', 'double', 'redouble', 'AT']
    >>> [str(move) for move in parse_moves("declare[qh kh ah] AS / kh Belote", "play")]
    ['declare[QH KH AH]', 'AS', '/', 'KH belote']

    Raises:
        InvalidPosition: a word that is no move (the message names ``part``).
        InvalidArgumentType: ``text`` is neither text nor a list or tuple of texts, ``part``
            not text.
    """
    instance(part, str, "part")
    if not isinstance(text, str):
        for index, word in enumerate(sequence(text, "text")):
            instance(word, str, f"text[{index}]")
    if not isinstance(text, str):
        text = " ".join(text)
    moves: list[Move] = []
    for word in _TOKEN.findall(text):
        low = word.translate(ASCII_LOWER)  # ASCII only: Unicode case mapping reads "ſ" as s
        if _unfinished_bid(moves):
            bid = moves[-1]
            if bid.value == _NO_VALUE:  # 'bid', then its value (and maybe its strain)
                found = _BID_WORD.fullmatch(word)
                if found is None and low in _STRAIN_WORDS:  # 'bid NT': a strain alone
                    moves[-1] = attrs.evolve(bid, value=0, strain=_strain(word, part))
                    continue
                if found is None:
                    raise InvalidPosition(part, f"'bid' is followed by a value or capot, not {shown(word)}")
                value = None if found[1].lower() == "capot" else int(found[1])
                strain = _strain(found[2], part) if found[2] else None
                moves[-1] = attrs.evolve(bid, value=value, strain=strain)
            else:
                moves[-1] = attrs.evolve(bid, strain=_strain(word, part))
            continue
        if low in ("pass", "take", "swap", "keep", "stop", "coinche", "surcoinche", "double",
                   "redouble", "reredouble", "/"):
            moves.append(Move(low))
        elif low == "bid":
            moves.append(Move("bid", value=_NO_VALUE))
        elif low.startswith("declare"):
            if low == "declare":
                moves.append(Move("declare"))
            else:
                cards = card_words(word[len("declare["):-1], part)
                moves.append(Move("declare", cards=tuple(cards)))
        elif low in ("belote", "rebelote"):
            if not moves or moves[-1].verb != "play" or moves[-1].belote:
                raise InvalidPosition(part, f"{shown(word)} follows no card")
            moves[-1] = attrs.evolve(moves[-1], belote=True)
        elif (moves and moves[-1].verb == "take" and moves[-1].suit is None
              and (named := strain_of_word(word)) is not None and named.suit is not None):
            moves[-1] = Move("take", suit=named.suit)
        elif part == "bids" and low in _STRAIN_WORDS:  # a strain auction's bid: C ... NT, AT
            moves.append(Move("bid", value=0, strain=_strain(word, part)))
        elif (found := _BID_WORD.fullmatch(word)) is not None and (part == "bids" or not _iscard_word(word)):
            value = None if found[1].lower() == "capot" else int(found[1])
            strain = _strain(found[2], part) if found[2] else None
            moves.append(Move("bid", value=value, strain=strain))
        else:
            try:
                moves.append(Move("play", cards=(Card.parse(word),)))
            except BeloteError:
                raise InvalidPosition(
                    part,
                    f"{shown(word)} is neither a card nor a move (pass, take, bid, coinche, "
                    "surcoinche, double, redouble, swap, keep, declare, belote, stop, /)",
                ) from None
    if _unfinished_bid(moves):
        value = moves[-1].value
        what = "bid" if value == _NO_VALUE else f"bid {'capot' if value is None else value}"
        raise InvalidPosition(part, f"{shown(what)} names no strain (a bid is written 90H or capot S)")
    return moves


def _iscard_word(word: str) -> bool:
    try:
        Card.parse(word)
    except BeloteError:
        return False
    return True


