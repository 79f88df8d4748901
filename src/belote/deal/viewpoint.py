"""Positions seen from one seat (docs/positions.md#from-one-seats-knowledge): the other hands written ``?``.

A player at the table knows its own hand, the bids, the turned card and the
cards played, not the other hands. A position may say just that: the
hands it does not know written ``?``:

>>> view = read_viewpoint(
...     "belote/1 classic | dealer 0 | hands ? / 10H 9C / ? / ? | turned JD | bids take"
...     " | play QH AH QD 8H / QC 10C KC AC / 8S 9S KS 8D / AD KD 8C 9D / 10D JD 10S JS / KH 9H QS 7H")
>>> view.seat, str(view.observation.hand), view.counts, [str(a) for a in view.legal]
(1, '10H 9C', (2, 2, 2, 2), ['1 play 10H', '1 play 9C'])
>>> [[str(suit) for suit in voids] for voids in view.voids]
[[], [], ['D'], ['H', 'D']]

[`read_viewpoint`][belote.deal.viewpoint.read_viewpoint] reads it as that
seat's [`Observation`][belote.deal.Observation], beside what the seat can
deduce: how many cards each seat holds, which cards it cannot place, and
which of them each seat may hold by the play obligations (a seat that did
not follow is void in the led suit, one that did not overtrump holds no
higher trump, and so on, as [`follower_mask`][belote.tricks.follower_mask]
writes them). Above, seat 3 trumped the first trick's hearts and threw a
club on the diamonds of the fourth, and seat 2 a spade on the diamonds of
the fifth: they are void there, so the last unknown diamond, the 7, is seat 0's:

>>> [str(cards) for cards in view.allowed]
['7S AS JH 7D 7C JC', '', '7S AS JH 7C JC', '7S AS 7C JC']

The observation is built by dealing the unknown cards in one way that agrees
with everything public (the counts, the play obligations, the declarations
shown, belote announced), drawn by [`deal_cards`][belote.deal.hidden.deal_cards]
as the Monte Carlo bot draws its samples, and reading the deal so built through the engine's
own checks; the observation of the seat does not depend on which layout was
drawn. No layout agreeing with the position raises
[`InvalidPosition`][belote.errors.InvalidPosition] naming what is impossible.

Known limits: in ``french``, a position does not write which seat holds the
7 of trump while the swap is being decided, nor which seat swapped; when
that seat is hidden (and the turned card it took not yet played) the
observation names the seat the layout drew. A variant that shows the deck's
bottom card needs the ``stock`` part in a position with ``?``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import attrs

from belote.actions import Action
from belote.cards import CARDS, CardSet, Suit
from belote.deal.engine import Deal
from belote.deal.hidden import deal_cards
from belote.deal.observation import Observation
from belote.deal.position import (
    UNKNOWN,
    Move,
    Parts,
    build_setup,
    cards_played,
    parse_moves,
    parts_from_values,
    read_parts,
)
from belote.errors import InvalidPosition
from belote.rules import Rules
from belote.rules.checks import instance, whole
from belote.rules.play import PlayRules
from belote.tricks import follower_mask, winner_index

__all__ = [
    "ATTEMPTS", "Viewpoint", "hidden_seats", "read_viewpoint", "ruled_out", "seat_position",
    "viewpoint_from_hands",
]

ATTEMPTS: Final = 24
"""How many layouts of the unknown cards are tried before a position with ``?`` is refused."""

_FULL: Final = (1 << 32) - 1
_SEVEN: Final = 0
_QUEEN: Final = 5
_KING: Final = 6


@attrs.frozen(kw_only=True)
class Viewpoint:
    """A position as one seat knows it: its [`Observation`][belote.deal.Observation] and what it deduces.

    Attributes:
        position: the position as the seat knows it, written as
            [`seat_position`][belote.deal.viewpoint.seat_position] writes it
            (the other hands ``?``; parts in their order, words in their case).
        seat: the seat whose hand the position writes (the viewer).
        observation: what the seat knows, as the engine gives it to an agent.
        legal: the seat's legal actions when it is to act, else ``()``.
        counts: per seat, how many cards it holds now.
        unknown: the cards the seat cannot place (in the other hands, or in
            the stock of a variant that deals part of the deck).
        allowed: per seat, the cards of ``unknown`` it may hold by the play
            obligations, the declarations shown and belote announced (the
            seat's own entry is empty).
        known: per seat, the cards it is known to hold now (the seat's own
            hand; for the others, the taken turned card, declared cards and
            belote cards not yet played).
        voids: per other seat, the suits it holds no card of, though some of
            the suit are unknown: deduced from the play.
        stock: how many unknown cards lie in no hand.
    """

    position: str
    seat: int
    observation: Observation
    legal: tuple[Action, ...]
    counts: tuple[int, ...]
    unknown: CardSet
    allowed: tuple[CardSet, ...]
    known: tuple[CardSet, ...]
    voids: tuple[tuple[Suit, ...], ...]
    stock: int


def hidden_seats(text: str) -> tuple[int, ...]:
    """The seats whose hand a position writes ``?`` (none: every hand is known).

    >>> hidden_seats("belote/1 classic | dealer 0 | hands ? / JH / ? / - | turned JD")
    (0, 2)

    Raises:
        InvalidPosition: the text is no position.
    """
    parts = read_parts(text)
    return tuple(seat for seat, hand in enumerate(parts.hands) if hand is None)


def seat_position(deal: Deal, seat: int) -> str:
    """The position of ``deal`` as ``seat`` knows it: every other hand written ``?``.

    Besides the hands, what the seat cannot know is left out: the stock (the
    cards still to be dealt, or dealt to nobody), except in a variant that
    shows the bottom card, and another seat's ``declare`` while its
    combinations are hidden (before the first trick ends); once shown, an
    other seat's declaration is written with its cards.
    [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint] reads it back
    as the seat's observation.

    >>> deal = Deal("classic", list(range(32)), dealer=3)
    >>> seat_position(deal, 0)
    'belote/1 classic | players 4 | dealer 3 | hands 7S 8S 9S JH QH / ? / ? / ? | turned JD'
    >>> read_viewpoint(seat_position(deal, 0)).observation == deal.observation(0)
    True

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``seat`` not a whole number.
        InvalidArgument: ``seat`` is not a seat of the table, or the deal
            has no position (a lenient deal with offences).
    """
    instance(deal, Deal, "deal")
    seat = whole(seat, "seat", 0, deal.players - 1)
    obs = deal.observation(seat)
    out = []
    for part in deal.position().split(" | "):
        word, _, rest = part.partition(" ")
        if word == "hands":
            rest = " / ".join(hand.strip() if k == seat else UNKNOWN for k, hand in enumerate(rest.split("/")))
        elif word == "stock" and not deal.rules.show_bottom_card:
            continue
        elif word == "play":
            rest = _seen_play(rest, obs, deal)
        out.append(f"{word} {rest}")
    return " | ".join(out)


def _seen_play(text: str, obs: Observation, deal: Deal) -> str:
    """The ``play`` part with the other seats' bare declarations as the seat has seen them."""
    moves = parse_moves(text, "play")
    n = deal.players
    mode = -1 if deal.strain is None else int(deal.strain)
    leader = (deal.dealer + 1) % n
    trick: list[int] = []
    written = {(d.seat, frozenset(d.combination.cards)) for d in obs.declarations}
    for move in moves:
        if move.verb == "declare" and move.cards:
            written.discard(((leader + len(trick)) % n, frozenset(move.cards)))
    words: list[str] = []
    for move in moves:
        actor = (leader + len(trick)) % n
        if move.verb == "declare" and not move.cards and actor != obs.seat:
            words.extend(
                str(Move("declare", cards=tuple(d.combination.cards))) for d in obs.declarations
                if d.seat == actor and (actor, frozenset(d.combination.cards)) in written
            )
            continue
        words.append(str(move))
        if move.verb == "play":
            trick.append(move.cards[0].index)
            if len(trick) == n:
                leader = (leader + winner_index(trick, mode)) % n
                trick = []
    return " ".join(words)


def read_viewpoint(text: str) -> Viewpoint:
    """What the one seat whose hand a position writes knows (docs/positions.md#from-one-seats-knowledge).

    The other hands are written ``?``. See the module's notes.

    Raises:
        InvalidPosition: not a position; no hand or more than one hand
            written; the written hand, the bids or the play refused by the
            rules; a card written twice; unknown cards too few for the
            hands that hold them, or no layout of them agreeing with the play.
    """
    return _viewpoint(read_parts(text), text)


def viewpoint_from_hands(
    rules: Rules | str, hands: Sequence[object], *, dealer: int, turned: object = None,
    bids: str | Sequence[str] = (), play: str | Sequence[str] = (), players: int | None = None,
    stock: object = None, totals: Sequence[int] | None = None, target: int | None = None,
    pending: int = 0,
) -> Viewpoint:
    """What one seat knows, from the parts of a position as values: the other hands ``None`` (or ``"?"``).

    The arguments of [`Deal.from_hands`][belote.deal.Deal.from_hands] with
    ``bids`` or ``play``; see
    [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint].

    >>> view = viewpoint_from_hands("classic", [None, "10H 9C", None, None], dealer=0, turned="JD",
    ...     bids="take", play="QH AH QD 8H / QC 10C KC AC / 8S 9S KS 8D / AD KD 8C 9D"
    ...                        " / 10D JD 10S JS / KH 9H QS 7H")
    >>> view.seat, view.position == read_viewpoint(view.position).position
    (1, True)

    Raises:
        InvalidPosition: as ``read_viewpoint``, naming the part at fault.
    """
    parts = parts_from_values(
        rules, hands, dealer=dealer, turned=turned, bids=bids, play=play, players=players, stock=stock,
        totals=totals, target=target, pending=pending,
    )
    return _viewpoint(parts, "")


def _viewpoint(parts: Parts, text: str) -> Viewpoint:
    """The viewpoint of ``parts`` (read from ``text``, or given as values when it is empty)."""
    n = parts.players
    written = [seat for seat, hand in enumerate(parts.hands) if hand is not None]
    if len(written) == n:
        raise InvalidPosition("hands", f"no hand is '{UNKNOWN}': every hand is known (Deal.from_position)")
    if len(written) != 1:
        raise InvalidPosition(
            "hands", f"{len(written)} hands written: a position seen from one seat writes that seat's "
            f"hand and '{UNKNOWN}' for every other one"
        )
    seat = written[0]
    own = parts.hands[seat]
    assert own is not None
    taker, mode, played, size = cards_played(parts)
    gone = 0
    for mask in played:
        gone |= mask
    counts = tuple(size - mask.bit_count() for mask in played)
    if own & gone:
        card = CARDS[(own & gone).bit_length() - 1]
        raise InvalidPosition("hands", f"{card} is held by seat {seat} and played")
    if own.bit_count() != counts[seat]:
        raise InvalidPosition("hands", f"seat {seat} holds {own.bit_count()} cards, {counts[seat]} expected")
    known, barred, public, hidden_only, play = _known(parts, seat, own, taker, mode, played)
    stock_mask = 0
    for card in parts.stock or ():
        stock_mask |= card.bit
    for what, mask in (("the stock", stock_mask), ("the turned card", public & ~gone)):
        clash = mask & (own | gone)
        if clash:
            raise InvalidPosition("hands", f"{CARDS[clash.bit_length() - 1]} is in {what} and held or played")
    taken = 0
    for mask in known:
        taken |= mask
    unknown = _FULL & ~own & ~gone & ~public & ~stock_mask & ~taken
    others = [s for s in range(n) if s != seat]
    for s in others:
        if known[s].bit_count() > counts[s]:
            raise InvalidPosition("play", f"seat {s} must hold {known[s].bit_count()} cards it showed, "
                                          f"but holds {counts[s]}")
    places = sum(counts[s] - known[s].bit_count() for s in others)
    stock = unknown.bit_count() - places
    if stock < 0 or (stock > 0 and parts.stock is not None):
        raise InvalidPosition(
            "hands", f"the hidden hands hold {places} cards the seat cannot see, but "
            f"{unknown.bit_count()} such cards are left"
        )
    if stock and parts.rules.show_bottom_card:
        raise InvalidPosition(
            "stock", f"{parts.rules.name} shows the bottom card: a position with '{UNKNOWN}' writes its stock"
        )
    allowed = _allowed(parts, seat, unknown, known, barred, mode)
    caps = [counts[s] - known[s].bit_count() for s in others]
    fields = [allowed[s] for s in others]
    if stock:
        caps.append(stock)
        fields.append(unknown & ~hidden_only)
    rng = random.Random(text or repr(parts))
    failure: InvalidPosition | None = None
    for _ in range(ATTEMPTS):
        got = deal_cards(unknown, caps, fields, rng)
        if got is None:
            raise InvalidPosition(
                "hands", "no layout of the unknown cards agrees with the play: some seat must hold more "
                "cards than the play obligations leave it"
            )
        hands = list(known)
        for k, s in enumerate(others):
            hands[s] |= got[k]
        hands[seat] = own
        stock_cards = parts.stock
        if stock:
            stock_cards = [CARDS[i] for i in range(32) if got[-1] >> i & 1]
        try:
            deal = Deal.from_setup(build_setup(
                parts.rules, n, parts.dealer, hands, parts.turned, stock_cards, parts.bids, play,
                parts.totals, parts.target, parts.pending,
            ))
        except InvalidPosition as exc:
            failure = failure or exc
            continue
        return Viewpoint(
            position=seat_position(deal, seat), seat=seat, observation=deal.observation(seat),
            legal=tuple(deal.legal_actions()) if deal.to_act == seat else (),
            counts=counts, unknown=CardSet.from_mask(unknown),
            allowed=tuple(CardSet.from_mask(mask) for mask in allowed),
            known=tuple(CardSet.from_mask(mask) for mask in known),
            voids=tuple(_voids(s, seat, unknown, allowed[s]) for s in range(n)),
            stock=stock,
        )
    assert failure is not None
    raise failure


def _voids(s: int, seat: int, unknown: int, allowed: int) -> tuple[Suit, ...]:
    if s == seat:
        return ()
    return tuple(suit for suit in Suit if unknown >> 8 * suit & 0xFF and not allowed >> 8 * suit & 0xFF)


def _known(
    parts: Parts, seat: int, own: int, taker: int | None, mode: int, played: list[int]
) -> tuple[list[int], list[int], int, int, list[Move]]:
    """What the seat knows of the hands it cannot see, read from the public parts.

    Per seat the cards known held now and the cards it cannot hold, the
    cards on the table, the cards only a hand may hold (not the stock), and
    the play to build the layout with: a hidden seat's bare ``declare`` is
    left out while no seat has seen what it declared (before the first trick
    ends), and refused after.
    """
    n, rules = parts.players, parts.rules
    known = [0] * n
    barred = [0] * n
    gone = 0
    for mask in played:
        gone |= mask
    public = 0
    hidden_only = 0
    turned = parts.turned
    swap = any(move.verb == "swap" for move in parts.play)
    if turned is not None:
        if taker is None:
            public |= turned.bit  # on the table during the bidding
        elif rules.taker_takes_turned:
            if not (own | gone) & turned.bit:
                known[taker] |= turned.bit
        elif swap:
            public |= 1 << (8 * mode + _SEVEN)  # the 7 of trump lies on the table
            hidden_only |= turned.bit  # the swapper holds the turned card
        else:
            public |= turned.bit
    leader = (parts.dealer + 1) % n
    trick: list[int] = []
    play: list[Move] = []
    for move in parts.play:
        play.append(move)
        actor = (leader + len(trick)) % n
        if move.verb == "declare" and actor != seat and not move.cards:
            if sum(1 for m in parts.play if m.verb == "play") >= n:
                raise InvalidPosition(
                    "play", f"seat {actor} declares without naming its cards, which every seat has seen "
                    "since the first trick: write them, declare[...]"
                )
            play.pop()
            continue  # unseen: the seat's declarations are shown only after the first trick
        if move.verb == "declare" and actor != seat:
            mask = 0
            for card in move.cards:
                mask |= card.bit
            known[actor] |= mask & ~gone
            suits = {card.suit for card in move.cards}
            if len(suits) == 1:  # a run is declared whole: not the cards at its ends
                suit = 0xFF << 8 * int(move.cards[0].suit)
                barred[actor] |= (mask << 1 | mask >> 1) & suit & ~mask
        elif move.verb == "play":
            card = move.cards[0]
            if move.belote and actor != seat:
                pair = 1 << (8 * int(card.suit) + _KING) | 1 << (8 * int(card.suit) + _QUEEN)
                known[actor] |= pair & ~gone
            trick.append(card.index)
            if len(trick) == n:
                leader = (leader + winner_index(trick, mode)) % n
                trick = []
    known[seat] = 0
    return known, barred, public, hidden_only, play


def _allowed(
    parts: Parts, seat: int, unknown: int, known: list[int], barred: list[int], mode: int
) -> list[int]:
    """Per seat, the unknown cards it may hold: every card it played was legal for the hand it held then."""
    n = parts.players
    partners = parts.rules.partnerships and n == 4
    plays: list[tuple[int, int, int, int, bool]] = []  # seat, card, led suit (-1: led), best, partner best
    leader = (parts.dealer + 1) % n
    trick: list[int] = []
    for move in parts.play:
        if move.verb != "play":
            continue
        card = move.cards[0].index
        actor = (leader + len(trick)) % n
        if trick:
            pos = winner_index(trick, mode)
            plays.append((actor, card, trick[0] >> 3, trick[pos], partners and pos == len(trick) - 2))
        else:
            plays.append((actor, card, -1, -1, False))
        trick.append(card)
        if len(trick) == n:
            leader = (leader + winner_index(trick, mode)) % n
            trick = []
    forbidden = ruled_out(plays, unknown, known, barred, seat, mode, parts.rules.play)
    return [0 if s == seat else unknown & ~forbidden[s] for s in range(n)]


def ruled_out(
    plays: Sequence[tuple[int, int, int, int, bool]], unknown: int, known: Sequence[int],
    barred: Sequence[int], seat: int, mode: int, play_rules: PlayRules,
) -> list[int]:
    """Per seat, the unknown cards it cannot hold: each card it played was legal for the hand it held then.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint].

    ``plays``: the cards played in order, each ``(seat, card, led suit, best card,
    partner best)`` as [`follower_mask`][belote.tricks.follower_mask] reads them,
    the led suit ``-1`` for a card that led (a lead is always legal);
    ``unknown``: the cards no seat is known to hold; ``known``: per seat, the
    cards known to be in its hand now; ``barred``: per seat, the cards already
    ruled out (by its declarations); ``seat``: the seat that knows (its own
    plays teach it nothing); ``mode``: the contract's trump mode. A card of
    ``unknown`` is ruled out for a seat when holding it would have made one
    of that seat's plays illegal. Shared by [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint]
    and the Monte Carlo bot's [`knowledge`][belote.agents.knowledge.knowledge].

    >>> from belote.cards import Card, Suit
    >>> from belote.rules.play import PlayRules
    >>> spade, heart = Card.parse("7S").index, Card.parse("AH").index
    >>> unknown = 0xFF & ~(1 << spade)  # the spades still out
    >>> out = ruled_out([(0, spade, -1, -1, False), (1, heart, 0, spade, False)],
    ...                 unknown, [0, 0], [0, 0], 0, int(Suit.CLUBS), PlayRules())
    >>> out[1] == unknown  # seat 1 did not follow spades: it holds none
    True
    """
    forbidden = list(barred)
    later = [0] * len(forbidden)
    for actor, card, led, best, pib in reversed(plays):
        base = later[actor] | 1 << card | known[actor]
        later[actor] |= 1 << card
        if led < 0 or actor == seat:
            continue
        rest = unknown & ~forbidden[actor]
        while rest:
            low = rest & -rest
            rest ^= low
            if not follower_mask(base | low, led, best, pib, mode, play_rules) >> card & 1:
                forbidden[actor] |= low
    return forbidden

