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

from belote.actions import ID_DOUBLE, ID_REDOUBLE, ID_REREDOUBLE, Strain
from belote.cards import CARDS, Card, CardSet, Suit
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
from belote.deal.moves import BIDDING_VERBS, Move, card_word, card_words, parse_moves
from belote.deal.state import DealState
from belote.errors import BeloteError, InvalidArgument, InvalidPosition, shown
from belote.rules import Rules, get_rules
from belote.rules.checks import instance, sequence, whole, whole_or_none
from belote.rules.specs import spec_of
from belote.tricks import trick_winner

__all__ = [
    "HEADER", "PARTS", "UNKNOWN", "VERSION", "Move", "Parts", "Setup", "build_setup", "cards_played", "parse_moves",
    "parts_from_values", "read_parts", "read_position", "setup_from_parts", "write_position",
]

VERSION: Final = 1
"""The version of the notation this library writes and reads."""

HEADER: Final = f"belote/{VERSION}"
"""The first word of every position: the notation and its version."""

PARTS: Final = (
    "players", "dealer", "hands", "turned", "stock", "bids", "play", "totals", "target", "pending",
)
"""The parts after the header, in the order a position is written."""

UNKNOWN: Final = "?"
"""A hand written ``?``: the position does not show it (docs/positions.md#from-one-seats-knowledge)."""

_WHOLE: Final = re.compile(r"[+-]?[0-9]{1,30}")


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
            if arg in (ID_DOUBLE, ID_REDOUBLE, ID_REREDOUBLE):
                bids.append("double" if arg == ID_DOUBLE else
                            "redouble" if arg == ID_REDOUBLE else "reredouble")
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


def _whole(text: str, part: str, low: int | None = None) -> int:
    if not _WHOLE.fullmatch(text.strip()):
        raise InvalidPosition(part, f"not a whole number: {shown(text.strip())}")
    value = int(text)
    if low is not None and value < low:
        raise InvalidPosition(part, f"must be at least {low}, not {value}")
    return value


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


def read_parts(text: str) -> Parts:
    """A position's parts as values, read but not yet checked against the rules.

    A hand written ``?`` ([`UNKNOWN`][belote.deal.position.UNKNOWN]) is
    ``None``: [`read_position`][belote.deal.position.read_position] refuses
    it, [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint] reads it as
    one seat's knowledge (docs/positions.md#from-one-seats-knowledge).

    Raises:
        InvalidPosition: the text is no position; the message names the part at fault.
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
    hands = tuple(
        None if hand.strip() == UNKNOWN
        else sum(1 << card.index for card in card_words(hand, f"hands: seat {seat}"))
        for seat, hand in enumerate(hand_texts)
    )
    turned = None
    if "turned" in fields:
        turned_words = fields["turned"].split()
        if len(turned_words) != 1:
            raise InvalidPosition("turned", f"one card, not {shown(fields['turned'])}")
        turned = card_word(turned_words[0], "turned")
    return Parts(
        rules=rules, players=n, dealer=dealer, hands=hands, turned=turned,
        stock=card_words(fields["stock"], "stock") if "stock" in fields else None,
        bids=parse_moves(fields.get("bids", ""), "bids"),
        play=parse_moves(fields.get("play", ""), "play"),
        totals=[_whole(word, "totals") for word in fields["totals"].split()] if "totals" in fields else None,
        target=_whole(fields["target"], "target", 1) if "target" in fields else None,
        pending=_whole(fields["pending"], "pending", 0) if "pending" in fields else 0,
    )


def read_position(text: str) -> Setup:
    """The deal a position describes (docs/positions.md), as the setup that builds it.

    The inverse of [`write_position`][belote.deal.position.write_position];
    [`Deal.from_position`][belote.deal.Deal.from_position] builds the deal.

    Args:
        text: the position.

    Raises:
        InvalidPosition: the text is no position, or one the rules do not
            allow (a hand written ``?`` among them: that is one seat's view,
            [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint]); the
            message names the part at fault.
    """
    return _setup(read_parts(text), "read_viewpoint")


@attrs.frozen(kw_only=True)
class Parts:
    """The parts of a position as values (docs/positions.md#the-notation), not yet checked by the rules.

    Attributes:
        rules: the variant.
        players: the number of players.
        dealer: the dealer's seat.
        hands: per seat, the mask of the cards it holds now, ``None`` for a hand written ``?``.
        turned: the turned card, or ``None`` (an auction turns none).
        stock: the ``stock`` part, or ``None`` when the position has none.
        bids: the bids, in order.
        play: the moves of the play, tricks split by ``/``.
        totals: the ``totals`` part, or ``None``.
        target: the ``target`` part, or ``None``.
        pending: the ``pending`` part (0 when absent).
    """

    rules: Rules
    players: int
    dealer: int
    hands: tuple[int | None, ...]
    turned: Card | None
    stock: list[Card] | None
    bids: list[Move]
    play: list[Move]
    totals: Sequence[int] | None
    target: int | None
    pending: int


def cards_played(parts: Parts) -> tuple[int | None, int, list[int], int]:
    """Who took, the contract's mode, per seat the cards it played, and the cards a hand was dealt.

    Read from the bids and the play of ``parts`` as
    [`build_setup`][belote.deal.position.build_setup] reads them: the taker
    (``None`` before anyone takes or bids), the trump suit or mode (-1 before
    it is fixed), per seat the mask of the cards the ``play`` part has it
    play (each trick's leader worked out from the winners), and how many
    cards each seat holds before it plays (the completed hand once dealt,
    else the first packets).

    Raises:
        InvalidPosition: a bid the variant does not have, a card played
            twice, a ``/`` out of place, or cards played before anyone took.
    """
    instance(parts, Parts, "parts")
    rules, n, dealer = parts.rules, parts.players, parts.dealer
    taker, trump = _taker(parts.bids, n, dealer, parts.turned, rules)
    if taker is None and any(move.verb == "play" for move in parts.play):
        raise InvalidPosition(
            "play", "cards are played but nobody took (the bids hold no take)" if parts.turned is not None
            else "cards are played but nobody bid a contract (the bids hold no bid)"
        )
    played = _played(parts.play, n, dealer, trump) if taker is not None else [0] * n
    dealt_all = taker is not None and (not rules.strain_auction or _auction_over(parts.bids, n))
    size = layout(rules, n, dealer).hand_size if dealt_all else sum(rules.first_packets)
    return taker, trump, played, size


def _cards_of(cards: object, part: str) -> list[Card]:
    """Cards given as text, a [`CardSet`][belote.cards.CardSet], or a list of cards, texts or indices."""
    if isinstance(cards, str):
        return card_words(cards, part)
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
            out.append(card_word(item, part))
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
        InvalidPosition: a part the rules do not allow, named in the message
            (a hand ``None`` or ``"?"`` among them: that is one seat's view,
            [`viewpoint_from_hands`][belote.deal.viewpoint.viewpoint_from_hands]).
    """
    return _setup(parts_from_values(
        rules, hands, dealer=dealer, turned=turned, bids=bids, play=play, players=players, stock=stock,
        totals=totals, target=target, pending=pending,
    ), "viewpoint_from_hands")


def parts_from_values(
    rules: Rules | str, hands: Sequence[object], *, dealer: int, turned: object = None,
    bids: str | Sequence[str] = (), play: str | Sequence[str] = (), players: int | None = None,
    stock: object = None, totals: Sequence[int] | None = None, target: int | None = None,
    pending: int = 0,
) -> Parts:
    """The parts of a position given as values, read but not yet checked against the rules.

    As [`setup_from_parts`][belote.deal.position.setup_from_parts] takes
    them; a hand ``None`` or ``"?"`` is not shown (``None`` in
    [`Parts.hands`][belote.deal.position.Parts]).

    Raises:
        InvalidPosition: a part that is not what it should be, named in the message.
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
    masks = tuple(
        None if hand is None or (isinstance(hand, str) and hand.strip() == UNKNOWN)
        else sum(1 << card.index for card in _cards_of(hand, f"hands: seat {seat}"))
        for seat, hand in enumerate(hands)
    )
    turned_card: Card | None = None
    if rules.has_auction:
        for name, given in (("turned", turned), ("stock", stock)):
            if given is not None:
                raise InvalidPosition(name, f"{rules.name} deals every card and turns none: no {name}")
    else:
        if turned is None:
            raise InvalidPosition("turned", f"missing: {rules.name} needs the turned card")
        (turned_card,) = _cards_of([turned], "turned")
    return Parts(
        rules=rules, players=n, dealer=dealer, hands=masks, turned=turned_card,
        stock=None if stock is None else _cards_of(stock, "stock"),
        bids=parse_moves(bids, "bids"), play=parse_moves(play, "play"),
        totals=totals, target=target, pending=pending,
    )


def _setup(p: Parts, reader: str) -> Setup:
    """The setup of parts with every hand shown; ``reader`` reads them when one is not."""
    hands = [hand for hand in p.hands if hand is not None]
    if len(hands) < p.players:
        seat = p.hands.index(None)
        raise InvalidPosition(
            "hands", f"seat {seat}'s hand is '{UNKNOWN}': a position with unknown hands is what one "
            f"seat knows, read it with {reader} (docs/positions.md#from-one-seats-knowledge)"
        )
    return build_setup(p.rules, p.players, p.dealer, hands, p.turned, p.stock, p.bids, p.play,
                       p.totals, p.target, p.pending)


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
            if move.strain not in rules.auction.biddable:
                allowed = " ".join(str(strain) for strain in rules.auction.biddable)
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
        if move.verb not in BIDDING_VERBS:
            raise InvalidPosition("bids", f"{shown(str(move))} is no bid: it goes in the play part")
    for move in play:
        if move.verb in BIDDING_VERBS:
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
