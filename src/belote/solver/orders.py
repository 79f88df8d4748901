"""The solver's fixed tables: the orders cards are tried in, equivalent low cards, sure tricks.

Made once per process (the spread tables once per trump, when a search first
needs them) and read by [`Search`][belote.solver.search.Search] at every node:

- [`LEAD_ORDER`][belote.solver.orders.LEAD_ORDER], [`POINTS_DOWN`][belote.solver.orders.POINTS_DOWN]
  and [`POINTS_UP`][belote.solver.orders.POINTS_UP]: per trump, the 32 cards in the order a
  leader, or a follower giving or taking points, tries them; a node reads where its legal
  cards stand in an order from [`spreads`][belote.solver.orders.spreads], then takes the
  lowest position left each time (docs/solver.md, "How it is fast");
- [`MERGE_PLAIN`][belote.solver.orders.MERGE_PLAIN] and [`MERGE_TRUMP`][belote.solver.orders.MERGE_TRUMP]:
  which low cards that score nothing stand for the others;
- [`sure_points`][belote.solver.orders.sure_points]: the points the top trumps of one side
  are sure to win, remembered in [`RUNS`][belote.solver.orders.RUNS].

>>> [card for card in POINTS_DOWN[0][:3]]  # trump spades: the jack, the nine, then an ace
[4, 2, 7]
>>> sure_points(0b10000, 0b10100)  # the jack of trump against the nine: 20 points sure
20
"""

from __future__ import annotations

from typing import Final

from belote.cards import (
    MODES,
    PLAIN_PATTERN_POINTS,
    PLAIN_STRENGTH,
    TRUMP_PATTERN_POINTS,
    TRUMP_STRENGTH,
    is_trump_suit,
)
from belote.errors import InvalidArgument
from belote.rules.checks import whole
from belote.tricks import CARD_POINTS

__all__ = [
    "LEAD_ORDER", "LOW_MASK", "MERGE_PLAIN", "MERGE_TRUMP", "POINTS_DOWN", "POINTS_UP", "RUNS",
    "TRUMP_SUIT_BITS", "UNKNOWN", "pattern_points", "spreads", "sure_points",
]

_POINTS: Final = CARD_POINTS  # [trump][card], as in the deal engine


def _merge_table(width: int) -> tuple[int, ...]:
    """Which of the ``width`` lowest cards of a suit to keep as representatives.

    Index: the player's legal low cards (``width`` bits) | the outstanding low
    cards (held by others or on the trick) << 3. Those low cards score no
    point and rank in index order in both orders, so two of them with no
    outstanding card between them are equivalent: keep the lowest of each run.
    """
    table = []
    for index in range(64):
        mine, out = index & 7, index >> 3
        keep = 0
        have = False
        for rank in range(width):
            if mine >> rank & 1:
                if not have:
                    keep |= 1 << rank
                have = True
            elif out >> rank & 1:
                have = False
        table.append(keep | (mine & ~((1 << width) - 1) & 7))
    return tuple(table)


MERGE_PLAIN: Final = _merge_table(3)  # 7 8 9 of a plain suit: 0 points each
"""Which of a plain suit's 7, 8 and 9 stand for the others.

Index: the seat's legal low cards (3 bits) | the outstanding ones << 3; value: the low
cards to keep (the lowest of each run with no outstanding card between).
"""
MERGE_TRUMP: Final = _merge_table(2)  # 7 8 of trump: 0 points each
"""Which of the 7 and 8 of trump stands for the other (indexed as [`MERGE_PLAIN`][belote.solver.orders.MERGE_PLAIN])."""


# The orders cards are tried in, per mode (a trump suit 0..3, no-trumps 4, all-trumps 5,
# as ``tricks.CARD_POINTS``): a sequence of the 32 cards, of which a
# node tries those it may play. Leads: strongest and richest first. Points down and
# up: by card points, the lower index first among equal points (as a stable sort).
def _sequence(keys: tuple[int, ...]) -> bytes:
    """The 32 cards by ``keys[card]``, the lower card first among equal keys."""
    return bytes(sorted(range(32), key=lambda c: (keys[c], c)))


LEAD_ORDER: Final = tuple(
    _sequence(tuple(
        -(_POINTS[mode][c] + 3 * (
            TRUMP_STRENGTH if is_trump_suit(c >> 3, mode) else PLAIN_STRENGTH)[c & 7])
        for c in range(32)))
    for mode in range(MODES)
)
"""Per mode, the 32 cards in the order a leader tries them: strongest and richest first."""
POINTS_DOWN: Final = tuple(_sequence(tuple(-p for p in _POINTS[t])) for t in range(MODES))
"""Per mode, the 32 cards by card points, most first (the lower card first among equals)."""
POINTS_UP: Final = tuple(_sequence(tuple(_POINTS[t])) for t in range(MODES))
"""Per mode, the 32 cards by card points, fewest first (the lower card first among equals)."""


def _spread_table(order: bytes) -> tuple[int, ...]:
    """Where each card of a suit's rank pattern stands in ``order``, as a mask of positions.

    Index: suit << 8 | an 8-bit rank pattern; the cards of a mask then come in
    ``order``'s order by taking the lowest bit of its positions each time
    (see `Search.spread`).
    """
    position = [0] * 32
    for index, card in enumerate(order):
        position[card] = index
    table = []
    for suit in range(4):
        for pattern in range(256):
            spread = 0
            for rank in range(8):
                if pattern >> rank & 1:
                    spread |= 1 << position[8 * suit + rank]
            table.append(spread)
    return tuple(table)


# Per trump: the spread tables of the lead order and of the points down and up, made
# when a search with that trump first needs them.
_SPREADS: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {}


def spreads(trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The spread tables of a mode's lead order and points orders, down then up.

    ``trump``: the mode, a trump suit (0..3), no-trumps (4) or all-trumps (5).

    A table's index is a suit << 8 | an 8-bit rank pattern of that suit; its value, the
    positions of those cards in the order as a mask (made on first use per trump).

    >>> lead, down, up = spreads(0)
    >>> down[0b10000] == 1  # the jack of trump (spades) comes first when giving points
    True

    Raises:
        InvalidArgumentType: ``trump`` is not a whole number.
        InvalidArgument: ``trump`` is not a mode (0..5).
    """
    trump = whole(trump, "trump", 0, MODES - 1)
    tables = _SPREADS.get(trump)
    if tables is None:
        tables = _SPREADS[trump] = (_spread_table(LEAD_ORDER[trump]),
                                    _spread_table(POINTS_DOWN[trump]),
                                    _spread_table(POINTS_UP[trump]))
    return tables


# The low cards that score nothing: 7 8 9 of the plain suits, 7 8 of trump (no-trumps:
# every suit plain; all-trumps: every suit trump).
LOW_MASK: Final = tuple(
    [0x07070707 & ~(0x04 << (8 * trump)) for trump in range(4)]
    + [0x07070707, 0x03030303]
)
"""Per mode, the low cards that score nothing: 7 8 9 of the plain suits, 7 8 of trump."""
TRUMP_SUIT_BITS: Final = tuple(
    sum(1 << (8 * suit) for suit in range(4) if is_trump_suit(suit, mode)) for mode in range(MODES)
)
"""Per mode, bit ``8 * suit`` set for each trump suit (none in no-trumps, all four in all-trumps)."""


_TRUMP_TOP_DOWN: Final = (4, 2, 7, 3, 6, 5, 1, 0)  # J 9 A 10 K Q 8 7
_TRUMP_PTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)  # by rank


def sure_points(ours: int, trumps: int) -> int:
    """Card points one side is sure to win with the top trumps it holds.

    ``ours``: the trumps (an 8-bit rank pattern) of the maximising side,
    ``trumps``: every trump still held. The trumps above any trump of the
    other side each win the trick they fall in. Positive: the maximising
    side's sure points; negative: the other side's, negated; 0: none.

    Raises:
        InvalidArgumentType: an argument is not a whole number.
        InvalidArgument: an argument is not an 8-bit pattern, or ``ours`` holds a trump
            ``trumps`` does not.
    """
    ours = whole(ours, "ours", 0, 255)
    trumps = whole(trumps, "trumps", 0, 255)
    if ours & ~trumps:
        raise InvalidArgument("ours: a trump that trumps does not hold")
    total = 0
    owner = 0
    for rank in _TRUMP_TOP_DOWN:
        if not trumps >> rank & 1:
            continue
        mine = 1 if ours >> rank & 1 else -1
        if owner and mine != owner:
            break
        owner = mine
        total += _TRUMP_PTS[rank]
    return owner * total


# The sure points of the top trumps, per trumps of the maximising side << 8 | trumps
# held (both 8-bit rank patterns), computed when first asked (``UNKNOWN`` until then).
UNKNOWN: Final = 1 << 20
"""What [`RUNS`][belote.solver.orders.RUNS] holds where it was not asked yet."""
RUNS: Final[list[int]] = [UNKNOWN] * (1 << 16)
"""The [`sure_points`][belote.solver.orders.sure_points] of each pair of trump patterns (index:
the maximising side's << 8 | all held), filled as the searches ask."""


def pattern_points(suit: int, trump: int) -> tuple[int, ...]:
    """The card points of each 8-bit rank pattern of ``suit`` in the mode ``trump``.

    A suit counts as trump when ``trump`` is that suit or all-trumps (5), as
    plain when it is another suit or no-trumps (4).

    Raises:
        InvalidArgumentType: an argument is not a whole number.
        InvalidArgument: ``suit`` is not a suit (0..3), or ``trump`` not a mode (0..5).
    """
    suit = whole(suit, "suit", 0, 3)
    trump = whole(trump, "trump", 0, MODES - 1)
    return TRUMP_PATTERN_POINTS if is_trump_suit(suit, trump) else PLAIN_PATTERN_POINTS
