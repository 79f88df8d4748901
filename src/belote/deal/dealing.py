"""Dealing (rules §2, docs/rules.md#dealing): the deck order, the first distribution and the completion.

A deck is 32 card indices, top first ([`parse_deck`][belote.deal.parse_deck]);
a [`Layout`][belote.deal.layout.Layout] says, for one variant, table size and
dealer, which deck positions each seat receives, so dealing reads positions
instead of redoing the packet arithmetic for every deal, and
[`deck_for_hands`][belote.deal.dealing.deck_for_hands] runs it backwards: the
deck that deals given hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from belote.cards import CARDS, Card
from belote.deal.codes import BID1
from belote.deal.layout import Layout, layout
from belote.deal.state import DealState
from belote.errors import InvalidArgument, InvalidArgumentType, NotationError
from belote.rules import Rules, checks
from belote.rules.knobs import MATCH_POINTS, RANGES
from belote.tricks import cards_of

__all__ = [
    "Layout", "complete", "deck_for_hands", "is_shuffled_deck", "layout", "parse_deck", "setup",
    "shuffle_cards", "shuffled_deck",
]

_INT_TYPE: Final = {int}
_ALL_INDICES: Final = frozenset(range(32))


def is_shuffled_deck(deck: object) -> bool:
    """Whether ``deck`` is a list or tuple of the 32 card indices, each an int, once each.

    What [`Deal.shuffled`][belote.deal.Deal.shuffled] accepts (it checks it on
    every deal of a simulation: one pass over the deck, compiled).

    >>> is_shuffled_deck(list(range(32))), is_shuffled_deck([True, *range(1, 32)])
    (True, False)
    """
    if not isinstance(deck, list | tuple) or len(deck) != 32:
        return False
    seen = 0
    for card in deck:
        if type(card) is not int or not 0 <= card < 32 or seen >> card & 1:
            return False
        seen |= 1 << card
    return True


def parse_deck(deck: Sequence[Card | int | str]) -> tuple[int, ...]:
    """Read a deck order (32 distinct cards, top first) as card indices.

    Cards may be given as [`Card`][belote.cards.Card] values, notation text or indices.

    >>> parse_deck(["7S", "8S"] + [str(c) for c in CARDS[2:]])[:3]
    (0, 1, 2)

    Raises:
        InvalidArgument: not 32 cards, a card twice, or something that is not a card.
    """
    if (
        type(deck) in (list, tuple)
        and len(deck) == 32
        and set(map(type, deck)) == _INT_TYPE  # plain ints: no bool, no Card
        and set(deck) == _ALL_INDICES
    ):
        return tuple(deck)  # type: ignore[arg-type]
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
        raise InvalidArgument("the deck must be a list of 32 cards, top first")
    items: Sequence[object] = deck  # from the caller: each item checked, of any type
    indices: list[int] = []
    for position, item in enumerate(items):
        if isinstance(item, Card):
            indices.append(item.index)
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 32:
            indices.append(item)
        elif isinstance(item, str):
            try:
                indices.append(Card.parse(item).index)
            except NotationError as exc:
                raise InvalidArgument(f"deck[{position}]: {exc}") from None
        else:
            raise InvalidArgument(f"deck[{position}]: not a card: {item!r}")
    if len(indices) != 32:
        raise InvalidArgument(f"the deck must hold 32 cards, not {len(indices)}")
    seen = 0
    for position, index in enumerate(indices):
        if seen >> index & 1:
            raise InvalidArgument(f"deck[{position}]: {CARDS[index]} appears twice")
        seen |= 1 << index
    return tuple(indices)



def _inline_shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle`` would shuffle it.

    CPython's ``Random.shuffle`` swaps item i with item ``_randbelow(i + 1)``
    for i from the last index down to 1, and ``_randbelow(n)`` draws
    ``getrandbits(k)`` (k = n.bit_length()) until the draw is below n. Doing
    the same inline saves a method call per item and draws the same
    numbers; an import-time check (`_INLINE_SHUFFLE`) falls back to
    ``rng.shuffle`` otherwise.
    """
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def shuffle_cards(rng: object, cards: object) -> None:
    """Shuffle a list of card indices in place, exactly as ``rng.shuffle(cards)`` does.

    The fast way to shuffle cards: a plain ``random.Random`` is shuffled
    inline, drawing the same numbers (in the compiled core, without a call
    into the interpreted ``random`` module per card); any other generator
    shuffles with its own ``shuffle``.
    [`shuffled_deck`][belote.deal.dealing.shuffled_deck] and PIMC's
    [`bidding_deal`][belote.agents.rollouts.bidding_deal] deal from it.

    >>> import random
    >>> expected, cards = [3, 9, 12, 27, 30], [3, 9, 12, 27, 30]
    >>> random.Random(5).shuffle(expected)
    >>> shuffle_cards(random.Random(5), cards)
    >>> cards == expected
    True

    Raises:
        InvalidArgumentType: ``cards`` is not a list, ``rng`` has no ``shuffle``.
    """
    if type(cards) is not list:
        raise InvalidArgumentType(f"cards: expected a list of card indices, got {checks.shown(cards)}")
    if type(rng) is random.Random and _INLINE_SHUFFLE:
        _inline_shuffle(rng, cards)
        return
    shuffle = getattr(rng, "shuffle", None)
    if not callable(shuffle):
        raise InvalidArgumentType(f"rng: expected a random.Random, got {checks.shown(rng)}")
    shuffle(cards)


def shuffled_deck(rng: object) -> list[int]:
    """A deck order: ``list(range(32))`` shuffled exactly as ``rng.shuffle`` shuffles it.

    The fast way to a random deck ([`shuffle_cards`][belote.deal.dealing.shuffle_cards]);
    [`Deal.random`][belote.deal.Deal.random] and the simulations deal from it.

    >>> import random
    >>> expected = list(range(32))
    >>> random.Random(3).shuffle(expected)
    >>> shuffled_deck(random.Random(3)) == expected
    True

    Raises:
        InvalidArgumentType: ``rng`` has no ``shuffle``.
    """
    deck = list(range(32))
    shuffle_cards(rng, deck)
    return deck


def _inline_shuffle_matches() -> bool:
    for seed in range(8):
        for size in (2, 21, 32):
            expected = list(range(size))
            random.Random(seed).shuffle(expected)
            shuffled = list(range(size))
            _inline_shuffle(random.Random(seed), shuffled)
            if shuffled != expected:  # pragma: no cover
                return False
    return True


_INLINE_SHUFFLE: Final = _inline_shuffle_matches()


def setup(
    s: DealState, rules: Rules, n: int, dealer: int, deck: tuple[int, ...],
    totals: object, target: object, pending: object,
) -> None:
    """Fill ``s`` with a deal at its start: the first distribution dealt, the first bid to make.

    Trusted: takes what the library built (``s``, ``rules``, ``n``, ``dealer`` and ``deck``
    are not checked; the match context is); the checked door is
    [`Deal.shuffled`][belote.deal.Deal.shuffled].

    ``rules``, ``n``, ``dealer`` and ``deck`` must be checked already (the
    facade does it); ``totals``, ``target`` and ``pending`` are checked here.

    Raises:
        InvalidArgument: bad totals, target or pending.
    """
    s.rules = rules
    s.n = n
    s.dealer = dealer
    s.deck = deck
    s.partners = rules.partnerships and n == 4
    sides = rules.side_count(n)
    if totals is None:
        s.totals = (0,) * sides
    else:
        s.totals = tuple(checks.whole(t, "totals", -MATCH_POINTS, MATCH_POINTS)
                         for t in checks.sequence(totals, "totals"))
        if len(s.totals) != sides:
            raise InvalidArgument(f"totals must give {sides} scores, not {len(s.totals)}")
    s.target = rules.target if target is None else checks.whole(
        target, "target", 1, RANGES["target"].high)
    s.pending = pending if type(pending) is int and 0 <= pending <= MATCH_POINTS else checks.whole(
        pending, "pending", 0, MATCH_POINTS
    )
    s.layout = spots = layout(rules, n, dealer)
    s.hand_size = spots.hand_size
    s.phase = BID1
    s.to_act = s.leader = (dealer + 1) % n
    hands = s.hands = []
    for positions in spots.first:
        hand = 0
        for pos in positions:
            hand |= 1 << deck[pos]
        hands.append(hand)
    s.turned = s.table_card = -1 if spots.auction else deck[spots.turned]
    s.next_card = spots.turned + (0 if spots.auction else 1)  # an auction turns no card
    s.bottom = -1
    s.bid_count = 0
    s.contract_value = -1
    s.contract_strain = -1
    s.bidder = -1
    s.doubling = 0
    s.coincher = -1
    s.held_turn = -1
    s.trump = -1
    s.taker = -1
    s.trick = ()
    s.best = -1
    s.best_pos = 0
    s.beaters = ()
    s.tricks_done = 0
    s.trick_winners = []
    s.played = []
    s.points = [0] * n
    s.tricks_won = [0] * n
    s.counting = [False] * n
    s.belote_holder = -1
    s.belote_pair = ()
    s.belote_calls = (0,) * n
    s.belote_cards = (0,) * n
    s.belote_any = 0
    s.declarations = []
    s.declared = [False] * n
    s.resolved = None
    s.eight_run_side = -1
    s.swap_holder = -1
    s.swapped = -1
    s.stopper = -1
    s.claim_held = False
    s.end = None
    s.history = []
    s.lenient = False
    s.offences = []
    s.legal = 0
    s.lmask = -1
    s.gone = 0
    s.tricks_view = ()
    s.bids_view = None
    s.result = None
    s.actions_view = ()
    s.sides_view = (-1, (), ())


def complete(s: DealState) -> None:
    """Deal the completion once the taker is known (the turned card to the taker where it goes).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    rules, taker = s.rules, s.taker
    hands, deck = s.hands, s.deck
    for seat, positions in enumerate(s.layout.completion[taker]):
        hand = hands[seat]
        for pos in positions:
            hand |= 1 << deck[pos]
        hands[seat] = hand
    if rules.taker_takes_turned and s.turned >= 0:  # an auction turns no card
        hands[taker] = hands[taker] | 1 << s.turned
        s.table_card = -1
    s.next_card = s.layout.next_card[taker]
    if rules.show_bottom_card:
        s.bottom = deck[31]


def _mask_of(cards: object, name: str) -> int:
    """A card mask from cards given as a CardSet, a card mask, Card values, text or indices."""
    from belote.cards import CardSet

    if isinstance(cards, CardSet):
        return cards.mask
    if type(cards) is int:
        if not 0 <= cards < 1 << 32:
            raise InvalidArgument(f"{name}: not a card mask: {cards!r}")
        return cards
    if isinstance(cards, str):
        try:
            return CardSet.parse(cards).mask
        except NotationError as exc:
            raise InvalidArgument(f"{name}: {exc}") from None
    if not isinstance(cards, Sequence | frozenset | set):
        raise InvalidArgument(f"{name}: not a list of cards: {cards!r}")
    mask = 0
    for item in cards:
        index = _card_index(item, name)
        if mask >> index & 1:
            raise InvalidArgument(f"{name}: {CARDS[index]} appears twice")
        mask |= 1 << index
    return mask


def _card_index(item: object, name: str) -> int:
    if isinstance(item, Card):
        return item.index
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 32:
        return item
    if isinstance(item, str):
        try:
            return Card.parse(item).index
        except NotationError as exc:
            raise InvalidArgument(f"{name}: {exc}") from None
    raise InvalidArgument(f"{name}: not a card: {item!r}")


def deck_for_hands(
    rules: object,
    n: object,
    dealer: object,
    hands: object,
    turned: object = None,
    *,
    taker: object = None,
    stock: object = None,
    bottom: object = None,
) -> tuple[int, ...]:
    """The deck order that deals exactly ``hands`` (the inverse of dealing).

    A hand (and ``stock``) is a [`CardSet`][belote.cards.CardSet], a card
    mask, its text (``"7S 8S 9S"``) or a list of cards. Without ``taker``,
    ``hands`` are the first distribution (``sum(first_packets)``
    cards each). With ``taker``, they are the hands after the completion
    that this taker's take deals (``hand_size`` cards each, the taker's
    holding the turned card where the variant gives it): each seat's cards
    are split between its first packets and its completion in card order.
    ``stock`` lists the cards dealt to nobody (default: whatever is left,
    in card order); ``bottom`` the deck's last card where the variant shows it.
    An auction variant (``contree``) deals every card and turns none: its
    ``hands`` are the eight cards of each seat and ``turned`` stays ``None``.
    A strain auction (``bulgarian``) turns none either: without ``taker`` its
    hands are the five cards dealt before the auction, with ``taker`` (the
    declarer) the eight after it.

    Raises:
        InvalidArgument: a card that is not one, a card twice, a hand of the
            wrong size, a turned card inside the wrong hand, a stock or bottom
            that does not hold exactly the cards left; the message names the field.
        InvalidArgumentType: ``rules`` is not a ``Rules``, ``n``, ``dealer`` or ``taker``
            not a whole number.
    """
    spots = layout(rules, n, dealer)  # checks them
    rules, n = spots.rules, spots.players
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise InvalidArgument("hands: expected one list of cards per seat")
    if len(hands) != n:
        raise InvalidArgument(f"hands: {len(hands)} hands given for {n} players")
    masks = [_mask_of(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)]
    if spots.auction:
        if turned is not None:
            raise InvalidArgument(f"turned: {rules.name} deals every card and turns none")
        if taker is not None and not spots.strain_auction:
            raise InvalidArgument(f"taker: {rules.name} deals every card before the bidding")
        turned_index = -1
    elif turned is None:
        raise InvalidArgument(f"turned: {rules.name} needs the turned card")
    else:
        turned_index = _card_index(turned, "turned")
    first_size = sum(rules.first_packets)
    if taker is not None:
        taker = checks.seat(taker, n, "taker")
    size = first_size if taker is None else spots.hand_size
    seen = 0
    for seat, mask in enumerate(masks):
        if mask.bit_count() != size:
            raise InvalidArgument(f"hands[{seat}]: seat {seat} holds {mask.bit_count()} cards, {size} expected")
        if mask & seen:
            raise InvalidArgument(f"hands[{seat}]: {CARDS[(mask & seen).bit_length() - 1]} is in two hands")
        seen |= mask
    holds_turned = taker is not None and rules.taker_takes_turned and turned_index >= 0
    deck = [-1] * 32
    if turned_index >= 0:
        if holds_turned:
            assert taker is not None
            if not masks[taker] >> turned_index & 1:
                raise InvalidArgument(f"turned: the taker (seat {taker}) must hold the turned card {CARDS[turned_index]}")
        elif seen >> turned_index & 1:
            raise InvalidArgument(f"turned: {CARDS[turned_index]} is in a hand")
        seen |= 1 << turned_index
        deck[spots.turned] = turned_index
    for seat, mask in enumerate(masks):
        if holds_turned and seat == taker:
            mask &= ~(1 << turned_index)
        cards = cards_of(mask)
        positions = spots.first[seat]
        if taker is not None:
            positions = positions + spots.completion[taker][seat]
        for pos, card in zip(positions, cards, strict=True):
            deck[pos] = card
    rest_mask = ((1 << 32) - 1) & ~seen
    if bottom is not None:
        if not rules.show_bottom_card:
            raise InvalidArgument(f"bottom: {rules.name} shows no bottom card")
        bottom_index = _card_index(bottom, "bottom")
        if not rest_mask >> bottom_index & 1:
            raise InvalidArgument(f"bottom: {CARDS[bottom_index]} is already dealt")
        if deck[31] >= 0:
            raise InvalidArgument("bottom: the deck's last card is dealt to a hand here")
        deck[31] = bottom_index
        rest_mask &= ~(1 << bottom_index)
    if stock is not None:
        stock_mask = _mask_of(stock, "stock")
        if stock_mask != rest_mask:
            raise InvalidArgument(
                f"stock: holds {stock_mask.bit_count()} cards, the {rest_mask.bit_count()} cards "
                "left out of the hands and the turned card expected"
            )
    rest = iter(cards_of(rest_mask))
    for pos in range(32):
        if deck[pos] < 0:
            deck[pos] = next(rest)
    return tuple(deck)
