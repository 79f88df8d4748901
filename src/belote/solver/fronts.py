"""What the three-player search knows of a position: a front of forced and unreachable pairs.

[`Search`][belote.solver.search.Search] keeps one [`Front`][belote.solver.fronts.Front]
per position when the three players' scores are linear in the card points
([`linear_in_card_points`][belote.scoring.pipeline.linear_in_card_points]),
or are so by whole steps of their rounding; docs/solver.md, "Three players:
one front per position" and "Rounded scores", explains why that is exact.
[`margin_spread`][belote.solver.fronts.margin_spread] and
[`RoundedBounds`][belote.solver.fronts.RoundedBounds] give the search's quick
bounds, and [`pack_entry`][belote.solver.fronts.pack_entry] the entries of
its table for the other searches. Part of the compiled core (docs/compiled.md).
"""

from __future__ import annotations

from typing import Final

from belote.solver.ddgame import Game
from belote.tricks import CARD_POINTS, cards_of

__all__ = ["INF", "Front", "RoundedBounds", "margin_spread", "pack_entry", "unpack_entry"]

INF: Final = 1 << 40
"""Beyond every value and measure of the solver: a bound that says nothing."""

# The two-sided search's transposition entry (belote.solver.search) is one int: the lower bound, the upper bound (each clamped to
# +-_BOUND, past which a bound is loosened to none) and the best card + 1.
_BOUND: Final = 1 << 24
_FIELD_BITS: Final = 26
_FIELD_MASK: Final = (1 << _FIELD_BITS) - 1


def pack_entry(lo: int, hi: int, hint: int) -> int:
    """A transposition entry: bounds ``lo`` <= value <= ``hi`` and the best card ``hint`` (-1: none).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve].

    Bounds beyond +-2**24 are loosened (a lower bound below it to none, an upper
    bound above it to none; the others to the limit), so an entry never claims
    more than was found.

    >>> unpack_entry(pack_entry(3, 7, 12))
    (3, 7, 12)
    >>> unpack_entry(pack_entry(-INF, INF, -1)) == (-INF, INF, -1)
    True
    """
    if lo <= -_BOUND:
        low = 0
    elif lo > _BOUND:
        low = 2 * _BOUND
    else:
        low = lo + _BOUND
    if hi >= _BOUND:
        high = 2 * _BOUND
    elif hi < -_BOUND:
        high = 0
    else:
        high = hi + _BOUND
    return low | high << _FIELD_BITS | (hint + 1) << (2 * _FIELD_BITS)


def unpack_entry(entry: int) -> tuple[int, int, int]:
    """The bounds and best card of a transposition entry (see `pack_entry`).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve].
    """
    low = entry & _FIELD_MASK
    high = entry >> _FIELD_BITS & _FIELD_MASK
    return (-INF if low == 0 else low - _BOUND, INF if high == 2 * _BOUND else high - _BOUND,
            (entry >> (2 * _FIELD_BITS)) - 1)


# The most points a front keeps on each of its two edges (the oldest go first).
_FRONT_LIMIT: Final = 8


class Front:
    """What the three-player search knows of a position, whatever was won before it.

    The maximising side's value at the end is the smaller of its two
    margins, its score minus each other side's. When the scores are card
    points plus parts fixed by who won tricks
    ([`linear_in_card_points`][belote.scoring.pipeline.linear_in_card_points]),
    each margin is the margin before the position (``d1``, ``d2``) plus what the
    play from the position adds to it (``f1``, ``f2``). So the value reaches
    ``v`` exactly when the maximising side can force ``f1 >= v - d1`` and
    ``f2 >= v - d2`` together, a question about the position alone.

    A front keeps the pairs it knows the side can force (``wins``, none
    below another) and those it knows it cannot (``losses``, none above
    another, kept negated so that both lists keep their highest pairs), as
    flat lists ``[a0, b0, a1, b1, ...]``, and the card that was best there
    (``hint``, or -1). A pair the side can force answers every
    pair below it; one it cannot, every pair above it.

    >>> front = Front()
    >>> front.add_win(10, -4)  # the play can add 10 to one margin and -4 to the other
    >>> front.lower(0, 20)  # margins 0 and 20 so far: the value is at least 10
    10
    >>> front.add_loss(20, 0)  # not 20 and 0 together
    >>> front.upper(0, 20)  # so not 20 either, for those margins
    19
    """

    def __init__(self) -> None:
        self.wins: list[int] = []
        self.losses: list[int] = []
        self.hint = -1

    def lower(self, d1: int, d2: int) -> int:
        """The best lower bound on the value for margins ``d1``, ``d2`` before the position."""
        wins = self.wins
        lo = -INF
        for i in range(0, len(wins), 2):
            v = min(d1 + wins[i], d2 + wins[i + 1])
            if v > lo:
                lo = v
        return lo

    def upper(self, d1: int, d2: int) -> int:
        """The best upper bound on the value for margins ``d1``, ``d2`` before the position."""
        losses = self.losses
        hi = INF
        for i in range(0, len(losses), 2):
            v = max(d1 - losses[i], d2 - losses[i + 1]) - 1
            if v < hi:
                hi = v
        return hi

    def add_win(self, a: int, b: int) -> None:
        """The side can force ``f1 >= a`` and ``f2 >= b``."""
        kept = _with_pair(self.wins, a, b)
        if kept is not None:
            self.wins = kept

    def add_loss(self, a: int, b: int) -> None:
        """The side cannot force ``f1 >= a`` and ``f2 >= b`` together."""
        kept = _with_pair(self.losses, -a, -b)
        if kept is not None:
            self.losses = kept


def _with_pair(pairs: list[int], a: int, b: int) -> list[int] | None:
    """``pairs`` with ``(a, b)`` added and the pairs below it dropped; ``None`` if one is above it.

    The oldest pair goes when the list holds ``_FRONT_LIMIT`` pairs already.
    """
    kept: list[int] = []
    for i in range(0, len(pairs), 2):
        x, y = pairs[i], pairs[i + 1]
        if x >= a and y >= b:
            return None  # known already
        if not (x <= a and y <= b):
            kept.append(x)
            kept.append(y)
    if len(kept) >= 2 * _FRONT_LIMIT:
        del kept[:2]
    kept.append(a)
    kept.append(b)
    return kept


def margin_spread(game: Game) -> tuple[list[int], list[int]]:
    """Per sides with a trick so far (3 bits), the most and least the tricks' parts of the scores add to a margin.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).

    Each end (the sides with a trick, the side of the last one) is scored
    once with no card point: what is left of each margin (the maximising
    side's score minus another's) is the part the card points do not change.
    """
    side = game.side
    rival1, rival2 = (side + 1) % 3, (side + 2) % 3
    total = game.left + sum(game.tricks)
    parts: list[tuple[int, int, int]] = []  # (sides with a trick, margin 1, margin 2)
    for flags in range(1, 8):
        owners = [k for k in range(3) if flags >> k & 1]
        tricks = [1 if flags >> k & 1 else 0 for k in range(3)]
        tricks[owners[0]] += total - len(owners)
        for last in owners:
            scores = game.score((0, 0, 0), tuple(tricks), last)
            mine = scores[side]
            parts.append((flags, mine - scores[rival1], mine - scores[rival2]))
    up: list[int] = []
    down: list[int] = []
    for now in range(8):
        ends = [(m1, m2) for flags, m1, m2 in parts if flags & now == now]
        up.append(max(max(m1 for m1, _ in ends), max(m2 for _, m2 in ends)))
        down.append(min(min(m1 for m1, _ in ends), min(m2 for _, m2 in ends)))
    return up, down


class RoundedBounds:
    """Quick bounds on the three-player value when the scores are rounded to multiples of ``step``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).

    At an end without capot a side's score depends on its own points only,
    never decreases when they grow, and moves by exactly ``step`` when they
    move by ``step`` (docs/solver.md, "Rounded scores"): so it is its points'
    multiple of ``step`` plus a part read from a table per end and remainder,
    each end scored once per remainder. A capot's end is a single one per
    side (every point to it), scored once.
    """

    def __init__(self, game: Game, step: int) -> None:
        self.step: Final = step
        self.side: Final = game.side
        self.rival1: Final = (game.side + 1) % 3
        self.rival2: Final = (game.side + 2) % 3
        # Per sides with a trick so far (3 bits), side and points modulo step: the
        # most and least score of the ends still open, at points equal to the
        # remainder; and the value at each side's capot.
        self.high: Final[list[int]] = []
        self.low: Final[list[int]] = []
        self.capots: Final[list[int]] = []
        pts = CARD_POINTS[game.trump]
        total = game.left + sum(game.tricks)
        points = sum(game.cp) + sum(pts[card] for hand in game.hands for card in cards_of(hand))
        points += sum(pts[card] for card in game.trick)
        ends: list[tuple[int, tuple[int, ...], int]] = []  # (sides with a trick, tricks, last)
        for flags in range(1, 8):
            owners = [k for k in range(3) if flags >> k & 1]
            tricks = [1 if flags >> k & 1 else 0 for k in range(3)]
            tricks[owners[0]] += total - len(owners)
            for last in owners:
                if len(owners) == 1:
                    cp = [0, 0, 0]
                    cp[last] = points
                    scores = game.score(tuple(cp), tuple(tricks), last)
                    self.capots.append(game.value(scores))
                else:
                    ends.append((flags, tuple(tricks), last))
        scored = [[game.score((m, m, m), tricks, last) for m in range(step)]
                  for _, tricks, last in ends]
        for now in range(8):
            for k in range(3):
                for m in range(step):
                    parts = [scored[e][m][k] for e, end in enumerate(ends) if end[0] & now == now]
                    self.high.append(max(parts))
                    self.low.append(min(parts))

    def bounds(self, acc: tuple[int, ...], points: int, flags: int) -> tuple[int, int]:
        """The most and least value at the end: ``acc`` the points and tricks so far, ``points`` still in play.

        Each score lies between its side's score with no more points and
        with every point still in play, at the best and worst end open
        (``flags``: the sides with a trick so far); a capot still open is
        exact.
        """
        step = self.step
        high = self.high
        low = self.low
        base = flags * 3
        x = acc[self.side]
        mine_low = x - x % step + low[(base + self.side) * step + x % step]
        x += points
        mine_high = x - x % step + high[(base + self.side) * step + x % step]
        top = bottom = 0
        first = True
        for rival in (self.rival1, self.rival2):
            y = acc[rival]
            rival_low = y - y % step + low[(base + rival) * step + y % step]
            y += points
            rival_high = y - y % step + high[(base + rival) * step + y % step]
            if first or mine_high - rival_low < top:
                top = mine_high - rival_low
            if first or mine_low - rival_high < bottom:
                bottom = mine_low - rival_high
            first = False
        for k in range(3):
            if flags == 0 or flags == 1 << k:  # a capot of side k is still open
                v = self.capots[k]
                if v > top:
                    top = v
                if v < bottom:
                    bottom = v
        return top, bottom
