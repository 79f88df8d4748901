"""Rigged decks: the hands a shuffled deck seldom deals, per variant.

The deck is arranged by the library's own dealing procedure (a deal of a
deck whose position ``p`` holds card ``p`` says where each position ends
up), so that the seat meant to take holds the theme's cards. Used by
[`interesting_deals`][belote.strategies.interesting_deals] and by the
planned play of [`belote.strategies.plans`][belote.strategies.plans].
"""

from __future__ import annotations

from functools import cache
from typing import Final

from hypothesis import strategies as st

from belote.cards import CARDS, NO_TRUMPS, SEQUENCE_ORDER, Card, Rank, Suit
from belote.rules import Rules, checks

# `rig` and `seat_positions` serve the strategies of belote.strategies: not part of the API.
__all__ = ["THEMES", "themes_for"]

THEMES: Final = (
    "eight-run",
    "two-eight-runs",
    "long-run",
    "carres",
    "belote-in-run",
    "jack-turned",
    "seven-of-trump",
    "equal-runs",
    "belote",
    "capot",
    "reverse-capot",
)
"""Every hand [`interesting_deals`][belote.strategies.interesting_deals] can rig; a variant
draws the [`themes_for`][belote.strategies.rigging.themes_for] it."""


def themes_for(rules: Rules | str) -> tuple[str, ...]:
    """The themes that mean something under ``rules``.

    An auction (``contree``, ``bulgarian``) turns no card: no ``jack-turned``;
    only a variant with the seven swap (``french``) gets ``seven-of-trump``.

    >>> from belote.rules import get_rules
    >>> "jack-turned" in themes_for(get_rules("contree")), "seven-of-trump" in themes_for(get_rules("french"))
    (False, True)

    Raises:
        UnknownVariant: no variant answers to ``rules``.
        InvalidArgumentType: ``rules`` is neither rules nor a name.
    """
    rules = checks.as_rules(rules)
    drop = set()
    if rules.has_auction:
        drop.add("jack-turned")
    if not rules.seven_swap:
        drop.add("seven-of-trump")
    return tuple(theme for theme in THEMES if theme not in drop)


@cache
def seat_positions(
    rules: Rules, players: int, dealer: int, taker: int
) -> tuple[tuple[tuple[int, ...], ...], int, int]:
    """Where the deck's positions end up when ``taker`` takes in the first round.

    Deals a deck whose position ``p`` holds card ``p`` through the library's
    own [`Deal`][belote.deal.Deal], so the map follows the dealing procedure
    whatever it is. Returns each seat's final positions, the turned card's
    position, and the seat that actually took (``taker`` unless a rule such as
    ``jack_obligatory`` made another seat take). An auction (``contree``,
    docs/contree.md) deals every card of the first packets before the bidding and
    turns none: the turned card's position is then -1, ``taker`` the seat meant to
    hold the contract, and the positions those the seats hold once the auction
    ended with ``taker``'s bid.
    """
    from belote.actions import Verb
    from belote.deal import Deal, Phase

    deal = Deal(rules, list(CARDS), dealer=dealer, players=players)
    if rules.has_auction:
        while deal.phase is Phase.AUCTION:
            legal = deal.legal_actions()
            bids = [a for a in legal if a.verb is Verb.BID]
            passes = [a for a in legal if a.verb is Verb.PASS]
            deal.apply(bids[0] if deal.to_act == taker and bids else passes[0])
        hands = tuple(tuple(card.index for card in deal.hand(seat)) for seat in range(players))
        return hands, -1, taker
    while deal.taker is None and not deal.is_over:
        seat = deal.to_act
        legal = deal.legal_actions()
        takes = [a for a in legal if a.verb is Verb.TAKE and a.suit is None]
        passes = [a for a in legal if a.verb is Verb.PASS]
        deal.apply(takes[0] if (seat == taker and takes) or not passes else passes[0])
    hands = tuple(tuple(card.index for card in deal.hand(seat)) for seat in range(players))
    actual = deal.taker
    assert actual is not None  # someone takes in the first round
    assert deal.turned is not None  # a take needs a turned card
    return hands, deal.turned.index, actual


def _suit_cards(suit: Suit) -> list[Card]:
    return [Card(rank, suit) for rank in Rank]


def _run_cards(suit: Suit, length: int, start: int) -> list[Card]:
    return [Card(SEQUENCE_ORDER[i], suit) for i in range(start, start + length)]


def _by_strength(mode: int) -> list[Card]:
    """The 32 cards, the strongest under ``mode`` first (trumps, then by rank)."""
    return sorted(CARDS, key=lambda card: (card.is_trump(mode), card.strength(mode)), reverse=True)


def rig(
    draw: st.DrawFn, rules: Rules, players: int, dealer: int, wanted: int, theme: str, mode: int
) -> tuple[tuple[Card, ...], int]:
    """A deck dealing ``theme`` when ``wanted`` takes, and the seat that takes.

    ``mode`` is the trump the hands are rigged for in an auction (a suit, or
    no-trumps / all-trumps in a strain auction); a turned-card variant's trump is
    the turned card's suit, drawn here.
    """
    hands, turned_at, taker = seat_positions(rules, players, dealer, wanted)
    size = len(hands[0])
    seats = draw(st.permutations(range(players)))
    first = taker if draw(st.booleans()) else seats[0]
    second = next(s for s in seats if s != first)
    suit_order = draw(st.permutations(list(Suit)))
    if rules.has_auction and mode < NO_TRUMPS:  # the auction's trump leads the suits
        suit_order = [Suit(mode)] + [suit for suit in suit_order if int(suit) != mode]
    want: dict[int, list[Card]] = {}
    turned: Card | None = None
    if theme in ("eight-run", "two-eight-runs"):
        want[first] = _suit_cards(suit_order[0])
        if theme == "two-eight-runs":
            want[second] = _suit_cards(suit_order[1])
        # the turned card of the first run's suit: the run's holder takes it (004's case)
        if first == taker and rules.taker_takes_turned:
            turned = draw(st.sampled_from(want[first]))
    elif theme == "long-run":
        length = draw(st.integers(6, 7))
        want[first] = _run_cards(suit_order[0], length, draw(st.integers(0, 8 - length)))
    elif theme == "carres":
        ranks = draw(st.permutations(list(Rank)))
        want[first] = [Card(ranks[0], suit) for suit in Suit]
        want[second] = [Card(ranks[1], suit) for suit in Suit]
        if draw(st.booleans()) and size >= 8:
            want[first] += [Card(ranks[2], suit) for suit in Suit]
    elif theme == "belote-in-run":
        trump = suit_order[0]
        start = draw(st.integers(0, 2))  # A K Q, K Q J or Q J 10 at least
        length = draw(st.integers(3 + (start == 2), 5))
        want[first] = _run_cards(trump, length, start)
        if not any(card.rank in (Rank.KING, Rank.QUEEN) for card in want[first]):
            want[first] += [Card(Rank.KING, trump), Card(Rank.QUEEN, trump)]
        turned = draw(st.sampled_from([c for c in _suit_cards(trump) if c not in want[first]]))
    elif theme == "belote":  # king and queen of trump in one hand: the taker's or the next seat's
        trump = suit_order[0]
        holder = taker if draw(st.booleans()) else (taker + 1) % players
        want[holder] = [Card(Rank.KING, trump), Card(Rank.QUEEN, trump)]
        turned = draw(st.sampled_from([c for c in _suit_cards(trump) if c not in want[holder]]))
    elif theme in ("capot", "reverse-capot"):  # the strongest cards to one seat, the next to his partner
        strength_mode = mode if rules.has_auction else int(suit_order[0])
        order = _by_strength(strength_mode)
        strong = taker if theme == "capot" else (taker + 1) % players
        if turned_at >= 0:  # the turned card: the strongest to the taker, the weakest trump against him
            turned = order[0] if theme == "capot" else order[7]
            order = [card for card in order if card is not turned]
        want[strong] = order[:size]
        if rules.partnerships and players == 4:
            partner: int | None = (strong + 2) % players
        else:  # each for himself: a reverse capot leaves the taker alone without a trick
            partner = (strong + 1) % players if theme == "reverse-capot" and players == 3 else None
        if partner is not None:
            want[partner] = [card for card in order[size:] if card not in want[strong]][: size // 2]
    elif theme == "jack-turned":
        turned = Card(Rank.JACK, suit_order[0])
    elif theme == "seven-of-trump":
        trump = suit_order[0]
        want[second] = [Card(Rank.SEVEN, trump)]
        turned = Card(draw(st.sampled_from([Rank.JACK, Rank.NINE, Rank.ACE])), trump)
    else:  # equal-runs: the same tierce in two plain suits, held by two sides
        start = draw(st.integers(0, 5))
        want[first] = _run_cards(suit_order[1], 3, start)
        want[second] = _run_cards(suit_order[2], 3, start)
        turned = Card(Rank.SEVEN if start != 5 else Rank.ACE, suit_order[0])
    deck: list[Card | None] = [None] * 32
    used: set[Card] = set()
    if turned is not None and turned_at >= 0:
        deck[turned_at] = turned
        used.add(turned)
    for seat, cards in want.items():
        free = [p for p in hands[seat] if deck[p] is None]
        todo = [card for card in cards if card not in used][: len(free)]
        places = draw(st.permutations(free))
        for position, card in zip(places, todo, strict=False):
            deck[position] = card
            used.add(card)
    rest = draw(st.permutations([card for card in CARDS if card not in used]))
    empty = [p for p in range(32) if deck[p] is None]
    for position, card in zip(empty, rest, strict=True):
        deck[position] = card
    full = tuple(card for card in deck if card is not None)
    assert len(full) == 32
    return full, taker

