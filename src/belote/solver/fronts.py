"""What the three-player search knows of a position: a front of forced and unreachable pairs.

[`Search`][belote.solver.search.Search] keeps one [`Front`][belote.solver.fronts.Front]
per position when the three players' scores are linear in the card points
([`linear_in_card_points`][belote.scoring.pipeline.linear_in_card_points]);
docs/solver.md, "Three players: one front per position", explains why that
is exact. Part of the compiled core (docs/compiled.md).
"""

from __future__ import annotations

from typing import Final

__all__ = ["INF", "Front"]

INF: Final = 1 << 40
"""Beyond every value and measure of the solver: a bound that says nothing."""

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
