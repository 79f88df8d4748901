"""Positions (docs/positions.md): a deal as one line of text, from the bidding to the last trick.

A position names the variant (a spec), the table, the cards each seat holds
now, the turned card (none in an auction: ``contree`` deals every card), the
bids (``take S``; in an auction ``80H``, ``capotS``, ``coinche``,
``surcoinche``), and the cards played trick by trick:

>>> from belote.deal import Deal
>>> text = ("belote/1 classic | dealer 3 | hands 7S 8S 9S 10S JS QS KS AS / 7H 8H 9H 10H JH QH KH AH"
...         " / 7D 8D 9D 10D QD KD AD 7C / 8C 9C 10C JC QC KC AC JD | turned JD | bids pass pass pass take")
>>> deal = Deal.from_position(text)
>>> deal.taker, str(deal.trump), deal.to_act
(3, 'D', 0)
>>> deal.play("AS").phase.value
'play'
>>> deal.position()  # doctest: +NORMALIZE_WHITESPACE
'belote/1 classic | players 4 | dealer 3 | hands 7S 8S 9S 10S JS QS KS / 7H 8H 9H 10H JH QH KH AH
 / 7D 8D 9D 10D QD KD AD 7C / JD 8C 9C 10C JC QC KC AC | turned JD | bids pass pass pass take | play AS'

[`write_position`][belote.deal.position.write_position] writes the text of a
deal ([`Deal.position`][belote.deal.Deal.position]);
[`read_position`][belote.deal.position.read_position] reads it
([`Deal.from_position`][belote.deal.Deal.from_position]) by rebuilding a deck
that deals those hands and replaying the bids and the cards through the
deal's own checks, so a position is valid exactly when the rules allow it.
A bad one raises [`InvalidPosition`][belote.errors.InvalidPosition], whose
message names the part at fault.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import attrs

from belote.actions import ID_DOUBLE, ID_REDOUBLE, Action, Strain
from belote.cards import ASCII_LOWER, CARDS, Card, CardSet, Suit
from belote.deal.auction import bid_of_id
from belote.deal.codes import (
    CAPOT_BID,
    H_BID,
    H_COINCHE,
    H_DECLARE,
    H_KEEP,
    H_OFFENCE,
    H_PASS,
    H_PLAY,
    H_STOP,
    H_SURCOINCHE,
    H_SWAP,
    H_TAKE,
    SEVEN,
)
from belote.deal.dealing import deck_for_hands
from belote.deal.layout import layout
from belote.deal.state import DealState
from belote.errors import BeloteError, InvalidArgument, InvalidPosition, shown
from belote.rules import Rules, get_rules
from belote.rules.checks import instance, sequence, whole, whole_or_none
from belote.rules.specs import spec_of
from belote.tricks import trick_winner

__all__ = [
    "HEADER", "PARTS", "VERSION", "Move", "Setup", "build_setup", "parse_moves", "read_position", "setup_from_parts",
    "write_position",
]

VERSION: Final = 1
"""The version of the notation this library writes and reads."""

HEADER: Final = f"belote/{VERSION}"
"""The first word of every position: the notation and its version."""

PARTS: Final = (
    "players", "dealer", "hands", "turned", "stock", "bids", "play", "totals", "target", "pending",
)
"""The parts after the header, in the order a position is written."""

_TOKEN: Final = re.compile(r"declare\[[^\]]*\]|/|[^\s/]+", re.IGNORECASE | re.ASCII)
_WHOLE: Final = re.compile(r"[+-]?[0-9]{1,30}")
_BID_WORD: Final = re.compile(r"([0-9]{1,3}|capot)(\S*)", re.IGNORECASE | re.ASCII)
_NO_VALUE: Final = -1  # a ``bid`` word whose value has not been read yet
_BIDDING: Final = ("pass", "take", "bid", "coinche", "surcoinche", "double", "redouble")
_STRAIN_WORDS: Final = frozenset(
    ("c", "d", "h", "s", "nt", "at", "♣", "♦", "♥", "♠", "sa", "ta")
)  # a strain auction's bids (``bulgarian``)


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


# --- writing ------------------------------------------------------------------------------------


def _cards(mask: int) -> str:
    return str(CardSet.from_mask(mask)) or "-"


def write_position(s: DealState) -> str:
    """The position of a deal (docs/positions.md), at any point of it.

    Raises:
        InvalidArgument: the deal holds an offence (a lenient deal): a
            position is a deal played by the rules.
        InvalidArgumentType: ``s`` is not a ``DealState``.
    """
    instance(s, DealState, "s")
    if s.offences:
        raise InvalidArgument("a deal with offences has no position: a position follows the rules")
    parts = [
        f"{HEADER} {spec_of(s.rules)}",
        f"players {s.n}",
        f"dealer {s.dealer}",
        "hands " + " / ".join(_cards(hand) for hand in s.hands),
    ]
    if not s.layout.auction:  # an auction deals every card and turns none
        parts.append(f"turned {CARDS[s.turned]}")
    stock = s.deck[s.next_card:]
    if stock:
        parts.append("stock " + " ".join(str(CARDS[card]) for card in stock))
    bids: list[str] = []
    tricks: list[list[str]] = [[]]
    played = 0
    for _seat, code, arg in s.history:
        if code == H_PASS:
            bids.append("pass")
        elif code == H_TAKE:
            assert isinstance(arg, int)
            bids.append("take" if arg < 0 else f"take {Suit(arg).letter}")
        elif code == H_BID:
            assert isinstance(arg, int)
            if arg in (ID_DOUBLE, ID_REDOUBLE):
                bids.append("double" if arg == ID_DOUBLE else "redouble")
            else:
                value, strain = bid_of_id(arg)
                bids.append(str(Move("bid", value=None if value == CAPOT_BID else value,
                                     strain=Strain(strain))))
        elif code == H_COINCHE:
            bids.append("coinche")
        elif code == H_SURCOINCHE:
            bids.append("surcoinche")
        elif code == H_PLAY:
            assert isinstance(arg, int)
            tricks[-1].append(str(CARDS[arg & 31]) + (" belote" if arg >= 32 else ""))
            played += 1
            if played % s.n == 0:
                tricks.append([])
        elif code == H_DECLARE:
            assert isinstance(arg, tuple)
            word = str(Move("declare", cards=tuple(CARDS[card] for card in arg)))
            tricks[-1].append(word)
        else:
            assert code != H_OFFENCE
            tricks[-1].append({H_SWAP: "swap", H_KEEP: "keep", H_STOP: "stop"}[code])
    if bids:
        parts.append("bids " + " ".join(bids))
    if tricks[-1] == []:
        tricks.pop()
    if tricks:
        parts.append("play " + " / ".join(" ".join(trick) for trick in tricks))
    if any(s.totals):
        parts.append("totals " + " ".join(str(total) for total in s.totals))
    if s.target != s.rules.target:
        parts.append(f"target {s.target}")
    if s.pending:
        parts.append(f"pending {s.pending}")
    return " | ".join(parts)


# --- reading ------------------------------------------------------------------------------------


def _card(word: str, part: str) -> Card:
    try:
        return Card.parse(word)
    except BeloteError as exc:
        raise InvalidPosition(part, str(exc)) from None


def _card_list(text: str, part: str) -> list[Card]:
    cards = [] if text.strip() == "-" else [_card(word, part) for word in text.split()]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidPosition(part, f"{card} appears twice")
        seen.add(card)
    return cards


def _whole(text: str, part: str, low: int | None = None) -> int:
    if not _WHOLE.fullmatch(text.strip()):
        raise InvalidPosition(part, f"not a whole number: {shown(text.strip())}")
    value = int(text)
    if low is not None and value < low:
        raise InvalidPosition(part, f"must be at least {low}, not {value}")
    return value


def _strain(word: str, part: str) -> Strain:
    try:
        return Strain.parse(word)
    except BeloteError as exc:
        raise InvalidPosition(part, str(exc)) from None


def _unfinished_bid(moves: list[Move]) -> bool:
    return bool(moves) and moves[-1].verb == "bid" and moves[-1].strain is None


def parse_moves(text: str | Sequence[str], part: str) -> list[Move]:
    """Read the words of a ``bids`` or ``play`` part (case-insensitive), not yet checked against the rules.

    A contract bid (``contree``) is written ``90H`` or ``capotS``; ``bid 90 H``
    and ``90 H`` (the record's words) read the same.

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
                   "redouble", "/"):
            moves.append(Move(low))
        elif low == "bid":
            moves.append(Move("bid", value=_NO_VALUE))
        elif low.startswith("declare"):
            if low == "declare":
                moves.append(Move("declare"))
            else:
                cards = _card_list(word[len("declare["):-1], part)
                moves.append(Move("declare", cards=tuple(cards)))
        elif low in ("belote", "rebelote"):
            if not moves or moves[-1].verb != "play" or moves[-1].belote:
                raise InvalidPosition(part, f"{shown(word)} follows no card")
            moves[-1] = attrs.evolve(moves[-1], belote=True)
        elif moves and moves[-1].verb == "take" and moves[-1].suit is None and len(word) == 1:
            try:
                moves[-1] = Move("take", suit=Suit.parse(word))
            except BeloteError as exc:
                raise InvalidPosition(part, str(exc)) from None
        elif part == "bids" and low in _STRAIN_WORDS:  # a strain auction's bid: C ... NT, AT
            moves.append(Move("bid", value=0, strain=_strain(word, part)))
        elif (found := _BID_WORD.fullmatch(word)) is not None and (part == "bids" or not _is_card(word)):
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


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except BeloteError:
        return False
    return True


def _fields(text: str) -> tuple[Rules, dict[str, str]]:
    if not isinstance(text, str):
        raise InvalidPosition("header", f"a position is text, not {type(text).__name__}")
    pieces = text.split("|")
    head = pieces[0].split(None, 1)
    if not head or head[0].lower() != HEADER:
        if head and re.fullmatch(r"belote/[0-9]+", head[0].lower()):
            raise InvalidPosition(
                "header", f"version {head[0][7:]} is not known (this library reads {HEADER})"
            )
        raise InvalidPosition(
            "header", f"a position starts with '{HEADER} VARIANT', not {shown(pieces[0].strip())}"
        )
    if len(head) < 2:
        raise InvalidPosition("variant", f"missing: the header is '{HEADER} VARIANT'")
    try:
        rules = get_rules(head[1].strip())
    except BeloteError as exc:
        raise InvalidPosition("variant", str(exc)) from None
    fields: dict[str, str] = {}
    for piece in pieces[1:]:
        words = piece.split(None, 1)
        if not words:
            raise InvalidPosition("header", "an empty part between two '|'")
        name = words[0].lower()
        if name not in PARTS:
            raise InvalidPosition(
                shown(words[0]), f"not a part of a position (known: {', '.join(PARTS)})"
            )
        if name in fields:
            raise InvalidPosition(name, "given twice")
        fields[name] = words[1] if len(words) > 1 else ""
    for name in ("dealer", "hands") if rules.has_auction else ("dealer", "hands", "turned"):
        if name not in fields:
            raise InvalidPosition(name, "missing")
    if rules.has_auction:  # a strain auction keeps a stock for after the auction
        for name in ("turned",) if rules.strain_auction else ("turned", "stock"):
            if name in fields:
                raise InvalidPosition(name, f"{rules.name} deals every card and turns none: no {name}")
    return rules, fields


def read_position(text: str) -> Setup:
    """The deal a position describes (docs/positions.md), as the setup that builds it.

    The inverse of [`write_position`][belote.deal.position.write_position];
    [`Deal.from_position`][belote.deal.Deal.from_position] builds the deal.

    Args:
        text: the position.

    Raises:
        InvalidPosition: the text is no position, or one the rules do not
            allow; the message names the part at fault.
    """
    rules, fields = _fields(text)
    n = rules.default_players
    if "players" in fields:
        n = _whole(fields["players"], "players")
        try:
            rules.check_players(n)
        except BeloteError as exc:
            raise InvalidPosition("players", str(exc)) from None
    dealer = _whole(fields["dealer"], "dealer", 0)
    if dealer >= n:
        raise InvalidPosition("dealer", f"a seat from 0 to {n - 1}, not {dealer}")
    hand_texts = fields["hands"].split("/")
    if len(hand_texts) != n:
        raise InvalidPosition("hands", f"{len(hand_texts)} hands for {n} players (one per seat, split by '/')")
    hands = [
        sum(1 << card.index for card in _card_list(hand, f"hands: seat {seat}"))
        for seat, hand in enumerate(hand_texts)
    ]
    turned = None
    if "turned" in fields:
        turned_words = fields["turned"].split()
        if len(turned_words) != 1:
            raise InvalidPosition("turned", f"one card, not {shown(fields['turned'])}")
        turned = _card(turned_words[0], "turned")
    stock = _card_list(fields["stock"], "stock") if "stock" in fields else None
    totals = [_whole(word, "totals") for word in fields["totals"].split()] if "totals" in fields else None
    target = _whole(fields["target"], "target", 1) if "target" in fields else None
    pending = _whole(fields["pending"], "pending", 0) if "pending" in fields else 0
    bids = parse_moves(fields.get("bids", ""), "bids")
    play = parse_moves(fields.get("play", ""), "play")
    return build_setup(rules, n, dealer, hands, turned, stock, bids, play, totals, target, pending)


def _cards_of(cards: object, part: str) -> list[Card]:
    """Cards given as text, a [`CardSet`][belote.cards.CardSet], or a list of cards, texts or indices."""
    if isinstance(cards, str):
        return _card_list(cards, part)
    if isinstance(cards, CardSet):
        return list(cards)
    if not isinstance(cards, Sequence | set | frozenset):
        raise InvalidPosition(part, f"not a list of cards: {shown(repr(cards))}")
    out: list[Card] = []
    for item in cards:
        if isinstance(item, Card):
            out.append(item)
        elif type(item) is int and 0 <= item < 32:
            out.append(CARDS[item])
        elif isinstance(item, str):
            out.append(_card(item, part))
        else:
            raise InvalidPosition(part, f"not a card: {shown(repr(item))}")
    if len(set(out)) != len(out):
        raise InvalidPosition(part, "a card appears twice")
    return out


def setup_from_parts(
    rules: Rules | str, hands: Sequence[object], *, dealer: int, turned: object = None,
    bids: str | Sequence[str] = (), play: str | Sequence[str] = (), players: int | None = None,
    stock: object = None, totals: Sequence[int] | None = None, target: int | None = None,
    pending: int = 0,
) -> Setup:
    """The deal where each seat holds ``hands`` now, after ``bids`` and ``play`` (the parts of a position as values).

    What [`Deal.from_hands`][belote.deal.Deal.from_hands] calls when given
    ``bids`` or ``play``; ``bids`` and ``play`` are written as in a
    position (docs/positions.md), as one text or a list of words.

    Raises:
        InvalidPosition: a part the rules do not allow, named in the message.
    """
    try:
        rules = get_rules(rules)
    except BeloteError as exc:
        raise InvalidPosition("variant", str(exc)) from None
    n = rules.default_players
    if players is not None:
        try:
            n = rules.check_players(players)
        except BeloteError as exc:
            raise InvalidPosition("players", str(exc)) from None
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise InvalidPosition("dealer", f"a seat from 0 to {n - 1}, not {dealer!r}")
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != n:
        raise InvalidPosition("hands", f"expected one list of cards per seat ({n} players)")
    masks = [
        sum(1 << card.index for card in _cards_of(hand, f"hands: seat {seat}"))
        for seat, hand in enumerate(hands)
    ]
    turned_card: Card | None = None
    if rules.has_auction:
        for name, given in (("turned", turned), ("stock", stock)):
            if given is not None:
                raise InvalidPosition(name, f"{rules.name} deals every card and turns none: no {name}")
    else:
        if turned is None:
            raise InvalidPosition("turned", f"missing: {rules.name} needs the turned card")
        (turned_card,) = _cards_of([turned], "turned")
    stock_cards = None if stock is None else _cards_of(stock, "stock")
    return build_setup(
        rules, n, dealer, masks, turned_card, stock_cards, parse_moves(bids, "bids"),
        parse_moves(play, "play"), totals, target, pending,
    )


def _taker(
    bids: list[Move], n: int, dealer: int, turned: Card | None, rules: Rules
) -> tuple[int | None, int]:
    """The seat that takes (or holds the last contract bid) and the trump (or mode), as the bids say.

    Raises:
        InvalidPosition: a bid names a strain the variant's auction does not have.
    """
    contract: tuple[int | None, int] = (None, -1)
    for index, move in enumerate(bids):
        seat = (dealer + 1 + index) % n  # every bid, coinche or pass passes the turn on
        if move.verb == "take" and turned is not None:
            return seat, int(turned.suit if move.suit is None else move.suit)
        if move.verb == "bid" and move.strain is not None and turned is None:
            if move.strain not in rules.auction.strains:
                allowed = " ".join(str(strain) for strain in rules.auction.strains)
                raise InvalidPosition(
                    "bids", f"bid {index}: {rules.name} bids one of {allowed}, not {move.strain}"
                )
            contract = (seat, int(move.strain))
    return contract


def _auction_over(bids: list[Move], n: int) -> bool:
    """Whether a strain auction's bids are complete: a call, then ``n - 1`` passes."""
    return (
        len(bids) >= n and any(move.verb != "pass" for move in bids)
        and all(move.verb == "pass" for move in bids[-(n - 1):])
    )


def _played(play: list[Move], n: int, dealer: int, trump: int) -> list[int]:
    """Per seat, the cards ``play`` has it play (the leader of each trick worked out)."""
    played = [0] * n
    leader = (dealer + 1) % n
    trick: list[Card] = []
    seen = 0
    ended = False  # a trick has just ended: the one place a '/' may stand
    for move in play:
        if move.verb == "/":
            if trick:
                raise InvalidPosition(
                    "play", f"'/' after {len(trick)} cards of a trick: a trick has {n} cards"
                )
            if not ended:
                raise InvalidPosition(
                    "play", "'/' with no trick before it: a '/' goes only after a trick's last card"
                )
            ended = False
            continue
        if move.verb != "play":
            continue
        ended = False
        card = move.cards[0]
        if seen >> card.index & 1:
            raise InvalidPosition("play", f"{card} is played twice")
        seen |= 1 << card.index
        played[(leader + len(trick)) % n] |= 1 << card.index
        trick.append(card)
        if len(trick) == n:
            leader = (leader + trick_winner(trick, trump)) % n
            trick = []
            ended = True
    return played


@attrs.frozen(kw_only=True)
class Setup:
    """A deal to build from a position: the deck that deals its hands, and the moves to apply.

    [`Deal.from_position`][belote.deal.Deal.from_position] and
    [`Deal.from_hands`][belote.deal.Deal.from_hands] build the deal from the
    deck and apply the bids and the play through the deal's own checks, a
    refusal naming the part ([`InvalidPosition`][belote.errors.InvalidPosition]).

    Attributes:
        rules: the variant.
        players: the number of players.
        dealer: the dealer's seat.
        deck: the deck, 32 card indices.
        totals: match scores before the deal, or ``None``.
        target: the match target, or ``None``.
        pending: litige points waiting.
        bids: the bids, in order.
        play: the cards and declarations, in order, tricks split by ``/``.
    """

    rules: Rules
    players: int
    dealer: int
    deck: list[int]
    totals: Sequence[int] | None
    target: int | None
    pending: int
    bids: list[Move]
    play: list[Move]


def _check_parts(
    rules: object, n: object, dealer: object, hands: object, turned: object, stock: object,
    bids: object, play: object, totals: object, target: object, pending: object,
) -> None:
    """Refuse the arguments of [`build_setup`][belote.deal.position.build_setup] of the wrong type."""
    players = instance(rules, Rules, "rules").check_players(n)  # type: ignore[arg-type]
    whole(dealer, "dealer", 0, players - 1)
    held = sequence(hands, "hands")
    if len(held) != players:
        raise InvalidArgument(f"hands: expected one card mask per seat ({players}), got {len(held)}")
    for index, hand in enumerate(held):
        whole(hand, f"hands[{index}]", 0, (1 << 32) - 1)
    if turned is not None:
        instance(turned, Card, "turned")
    if stock is not None:
        for index, card in enumerate(sequence(stock, "stock")):
            instance(card, Card, f"stock[{index}]")
    for name, moves in (("bids", bids), ("play", play)):
        for index, move in enumerate(sequence(moves, name)):
            instance(move, Move, f"{name}[{index}]")
    if totals is not None:
        for index, total in enumerate(sequence(totals, "totals")):
            whole(total, f"totals[{index}]")
    whole_or_none(target, "target")
    whole(pending, "pending")


def build_setup(
    rules: Rules, n: int, dealer: int, hands: list[int], turned: Card | None, stock: list[Card] | None,
    bids: list[Move], play: list[Move], totals: Sequence[int] | None, target: int | None,
    pending: int,
) -> Setup:
    """The setup where each seat holds ``hands`` (card masks) after ``bids`` and ``play``.

    The parts read from a position, checked: a deck that deals these hands
    is built; the bids and the cards are checked when the deal applies them.
    [`read_position`][belote.deal.position.read_position] reads the text;
    [`Deal.from_hands`][belote.deal.Deal.from_hands] with ``bids`` or
    ``play`` calls this through [`setup_from_parts`][belote.deal.position.setup_from_parts].

    Raises:
        InvalidPosition: the hands, bids or cards are not a position the
            rules allow; the message names the part at fault.
        InvalidArgumentType: an argument of the wrong type (the message names it).
        InvalidArgument: a table size, dealer or count out of range.
    """
    _check_parts(rules, n, dealer, hands, turned, stock, bids, play, totals, target, pending)
    for move in bids:
        if move.verb not in _BIDDING:
            raise InvalidPosition("bids", f"{shown(str(move))} is no bid: it goes in the play part")
    for move in play:
        if move.verb in _BIDDING:
            raise InvalidPosition("play", f"{shown(str(move))} is a bid: it goes in the bids part")
    spots = layout(rules, n, dealer)
    taker, trump = _taker(bids, n, dealer, turned, rules)
    cards_played = [move for move in play if move.verb == "play"]
    if cards_played and taker is None:
        raise InvalidPosition(
            "play", "cards are played but nobody took (the bids hold no take)" if turned is not None
            else "cards are played but nobody bid a contract (the bids hold no bid)"
        )
    played = _played(play, n, dealer, trump) if taker is not None else [0] * n
    dealt_all = taker is not None and (not rules.strain_auction or _auction_over(bids, n))
    size = spots.hand_size if dealt_all else sum(rules.first_packets)
    everyone = 0
    for seat, hand in enumerate(hands):
        if hand & everyone:
            card = CARDS[(hand & everyone).bit_length() - 1]
            raise InvalidPosition("hands", f"{card} is in two hands")
        everyone |= hand
        expected = size - played[seat].bit_count()
        if hand.bit_count() != expected:
            raise InvalidPosition("hands", f"seat {seat} holds {hand.bit_count()} cards, {expected} expected")
    for seat, mask in enumerate(played):
        if mask & everyone:
            card = CARDS[(mask & everyone).bit_length() - 1]
            raise InvalidPosition("play", f"{card} is played by seat {seat} but still held")
    dealt = [hand | played[seat] for seat, hand in enumerate(hands)]
    swap = any(move.verb == "swap" for move in play)
    if (swap and rules.seven_swap and not rules.taker_takes_turned and taker is not None
            and turned is not None and trump == turned.suit):
        for seat, hand in enumerate(dealt):  # the swapper holds (or played) the turned card
            if hand >> turned.index & 1:
                dealt[seat] = hand & ~(1 << turned.index) | 1 << (trump * 8 + SEVEN)
                break
        else:
            raise InvalidPosition("play", f"a swap, but no seat holds or played the turned card {turned}")
    try:
        if turned is None and rules.strain_auction:  # a stock until the auction ends
            deck = list(deck_for_hands(rules, n, dealer, dealt, taker=taker if dealt_all else None,
                                       stock=stock))
        elif turned is None:  # an auction: every card dealt before the bidding
            deck = list(deck_for_hands(rules, n, dealer, dealt))
        else:
            deck = list(deck_for_hands(rules, n, dealer, dealt, turned, taker=taker, stock=stock))
    except InvalidArgument as exc:
        part, _, message = str(exc).partition(": ")
        raise InvalidPosition(part.split("[")[0], message) from None
    if stock is not None:
        used = {p for seat in spots.first for p in seat}
        if not spots.auction:
            used.add(spots.turned)
        if dealt_all and taker is not None:
            used.update(p for seat in spots.completion[taker] for p in seat)
        for pos, card in zip(sorted(set(range(32)) - used), stock, strict=True):
            deck[pos] = card.index
    return Setup(
        rules=rules, players=n, dealer=dealer, deck=deck, totals=totals, target=target,
        pending=pending, bids=bids, play=play,
    )
