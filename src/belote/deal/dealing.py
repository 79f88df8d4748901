"""Dealing (rules §2, docs/rules.md#dealing): the deck order, the first distribution and the completion.

A deck is 32 card indices, top first ([`parse_deck`][belote.deal.parse_deck]);
a `_Layout` says, for one variant, table size and dealer, which deck
positions each seat receives, so dealing reads positions instead of redoing
the packet arithmetic for every deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from belote import _checks
from belote.cards import CARDS, Card
from belote.deal.state import _BID1, DealState
from belote.errors import InvalidArgument, NotationError
from belote.rules import Rules

if TYPE_CHECKING:
    from belote.announcements import Combination

_INT_TYPE: Final = {int}
_ALL_INDICES: Final = frozenset(range(32))


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
    indices: list[int] = []
    for position, item in enumerate(deck):
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



_SHUFFLE_STEPS: Final = tuple((i, (i + 1).bit_length()) for i in range(31, 0, -1))


def _shuffled_deck(rng: random.Random) -> list[int]:
    """``list(range(32))`` shuffled exactly as ``rng.shuffle`` would shuffle it.

    CPython's ``Random.shuffle`` swaps item i with item ``_randbelow(i + 1)``
    for i from 31 down to 1, and ``_randbelow(n)`` draws ``getrandbits(k)``
    (k = n.bit_length()) until the draw is below n. Doing the same inline
    saves a method call per card and draws the same numbers; an import-time
    check (`_INLINE_SHUFFLE`) falls back to ``rng.shuffle`` otherwise.
    """
    deck = list(range(32))
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffle(rng: random.Random) -> list[int]:
    """``list(range(32))`` shuffled by ``rng.shuffle``, inline when that is known to match."""
    if type(rng) is random.Random and _INLINE_SHUFFLE:
        return _shuffled_deck(rng)
    deck = list(range(32))
    rng.shuffle(deck)
    return deck


def _inline_shuffle_matches() -> bool:
    for seed in range(8):
        expected = list(range(32))
        random.Random(seed).shuffle(expected)
        if _shuffled_deck(random.Random(seed)) != expected:  # pragma: no cover
            return False
    return True


_INLINE_SHUFFLE: Final = _inline_shuffle_matches()


class _Layout:
    """Where each card of the deck goes, for one variant, table size and dealer.

    Dealing (rules §2, docs/rules.md#dealing) then reads precomputed deck positions instead of
    redoing the packet arithmetic for every deal.

    Attributes:
        rules: the variant (the cache checks it by identity).
        hand_size: cards per hand, hence tricks in a played deal.
        first: per seat, the deck positions of its first-distribution cards.
        turned: the deck position of the turned card.
        completion: per taker, per seat, the deck positions of its completion cards.
        next_card: per taker, the deck position after the completion.
        announces: whether the variant has declarations (``rules.has_announcements``).
        combinations: a cache of what each hand can declare (a hand mask's
            [`find_combinations`][belote.announcements.find_combinations]).
    """

    __slots__ = (
        "announces", "combinations", "completion", "first", "hand_size", "next_card", "rules",
        "turned",
    )

    def __init__(self, rules: Rules, n: int, dealer: int) -> None:
        self.rules = rules
        self.combinations: dict[int, tuple[Combination, ...]] = {}
        self.announces = rules.has_announcements
        self.hand_size = hand_size = sum(rules.first_packets) + sum(rules.completion_packets)
        used = hand_size * n + (0 if rules.taker_takes_turned else 1)
        if used > (31 if rules.show_bottom_card else 32):
            raise InvalidArgument(f"{rules.name} cannot be dealt to {n} players from 32 cards")
        order = [(dealer + k) % n for k in range(1, n + 1)]
        first: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for size in rules.first_packets:
            for seat in order:
                first[seat].extend(range(pos, pos + size))
                pos += size
        self.first = tuple(tuple(positions) for positions in first)
        self.turned = pos
        completion = []
        next_card = []
        for taker in range(n):
            hands: list[list[int]] = [[] for _ in range(n)]
            pos = self.turned + 1
            for packet, size in enumerate(rules.completion_packets):
                for seat in order:
                    count = size
                    if rules.taker_takes_turned and packet == 0 and seat == taker:
                        count -= 1  # the taker has the turned card already
                    hands[seat].extend(range(pos, pos + count))
                    pos += count
            completion.append(tuple(tuple(positions) for positions in hands))
            next_card.append(pos)
        self.completion = tuple(completion)
        self.next_card = tuple(next_card)


_LAYOUTS: dict[tuple[int, int, int], _Layout] = {}


def _layout(rules: Rules, n: int, dealer: int) -> _Layout:
    """The cached `_Layout` of a variant, table size and dealer."""
    key = (id(rules), n, dealer)
    layout = _LAYOUTS.get(key)
    if layout is None or layout.rules is not rules:  # an id can be reused once freed
        layout = _Layout(rules, n, dealer)
        if len(_LAYOUTS) >= 256:  # variants built on the fly (attrs.evolve) come and go
            _LAYOUTS.clear()
        _LAYOUTS[key] = layout
    return layout


class Dealing(DealState):
    """The first distribution and the completion once a trump is fixed (internal)."""

    __slots__ = ()

    def _setup(
        self, rules: Rules, n: int, dealer: int, deck: tuple[int, ...],
        totals: Sequence[int] | None, target: int | None, pending: int,
    ) -> None:
        """Deal the first distribution: the body of ``__init__`` once the arguments are checked."""
        self.rules = rules
        self._n = n
        self._dealer = dealer
        self._deck = deck
        self._partners = partners = rules.partnerships and n == 4
        sides = 2 if partners else n
        if totals is None:
            self._totals = (0,) * sides
        else:
            self._totals = tuple(
                _checks.whole(t, "totals") for t in _checks.sequence(totals, "totals")
            )
            if len(self._totals) != sides:
                raise InvalidArgument(f"totals must give {sides} scores, not {len(self._totals)}")
        self._target = rules.target if target is None else _checks.whole(target, "target", 1)
        self._pending = pending if type(pending) is int and pending >= 0 else _checks.whole(
            pending, "pending", 0
        )
        self._layout = layout = _layout(rules, n, dealer)
        self._hand_size = layout.hand_size
        self._phase = _BID1
        self._to_act = self._leader = (dealer + 1) % n
        hands = self._hands = []
        for positions in layout.first:
            hand = 0
            for pos in positions:
                hand |= 1 << deck[pos]
            hands.append(hand)
        self._turned = self._table_card = deck[layout.turned]
        self._next_card = layout.turned + 1
        self._bottom = -1
        self._bid_count = 0
        self._trump = -1
        self._taker = -1
        self._trick = []
        self._best = -1
        self._best_pos = 0
        self._beaters = ()
        self._tricks_done = 0
        self._trick_winners = []
        self._played = []
        self._points = [0] * n
        self._tricks_won = [0] * n
        self._counting = [False] * n
        self._belote_holder = -1
        self._belote_pair = ()
        self._belote_calls = [0] * n
        self._declarations = []
        self._declared = [False] * n
        self._resolved = None
        self._eight_run_side = -1
        self._swapped = -1
        self._stopper = -1
        self._claim_held = False
        self._end = None
        self._history = []
        self._lenient = False
        self._offences = []
        self._legal = 0
        self._lmask = -1
        self._gone = 0
        self._tricks_view = ()
        self._bids_view = None
        self._result = None

    def _complete(self) -> None:
        rules, taker = self.rules, self._taker
        hands, deck = self._hands, self._deck
        for seat, positions in enumerate(self._layout.completion[taker]):
            hand = hands[seat]
            for pos in positions:
                hand |= 1 << deck[pos]
            hands[seat] = hand
        if rules.taker_takes_turned:
            hands[taker] |= 1 << self._turned
            self._table_card = -1
        self._next_card = self._layout.next_card[taker]
        if rules.show_bottom_card:
            self._bottom = deck[31]
