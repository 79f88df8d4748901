"""What the two-sided search's additive measure is worth: a deal value per measure.

In a two-sided game ([`Game`][belote.solver.ddgame.Game] with two sides) the
search ([`Search`][belote.solver.search.Search]) maximises an additive measure
of what the maximising side wins from a position on: per trick it wins,
``PTS_UNIT`` times the trick's card points (the last-trick bonus included),
plus ``LAST_UNIT`` for the last trick, plus 1. A
[`MeasureTable`][belote.solver.measure.MeasureTable] translates such a measure
into the value of the deal at its end, through the variant's scoring
([`Game.score`][belote.solver.ddgame.Game.score]), and lists the few measures
where that value may change, so that [`solve`][belote.solver.solution.solve]
asks the search yes/no questions at those measures only.

A table depends only on the scoring of the deal and on what is still to win
(the card points and tricks left, the tally so far), not on who holds which
card, so the deals that a [`PIMCBot`][belote.agents.pimc.PIMCBot] samples
for one decision share one: [`measure_table`][belote.solver.measure.measure_table]
keeps the recent tables.

>>> from belote.deal import Deal
>>> from belote.solver.ddgame import game_of
>>> deal = Deal.random("classic", seed=3)
>>> deal.bid(True)
>>> table = measure_table(game_of(deal))
>>> table.value_of(table.keys[0]) < 0 < table.value_of(table.keys[-1])
True
>>> table.monotone()
True
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Final, final

import attrs

from belote.cards import card_points
from belote.solver.ddgame import Game
from belote.solver.search import LAST_UNIT, PTS_UNIT, UNSETTLED, Search

_QUEENS: Final = 0x20202020  # the queens of the four suits (the kings one bit above)

__all__ = ["MeasureSettle", "MeasureTable", "measure_keys", "measure_table"]


def measure_keys(left: int, remaining: int, bonus: int) -> tuple[int, ...]:
    """The measures where the value of a deal may change, ascending.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).

    Between two consecutive keys the value is constant: it depends on the
    points won (the last-trick bonus included) and on who wins the last
    trick, and on the tricks only for capot (all of them, or none).

    Args:
        left: the tricks still to finish, the current one included.
        remaining: the card points still to win (on the table or in hand).
        bonus: the variant's last-trick bonus.

    >>> measure_keys(1, 0, 10) == (0, PTS_UNIT * 10 + LAST_UNIT + 1)
    True
    """
    keys = set()
    for p in range(remaining + bonus + 1):
        for last in (0, 1):
            cp = p - (bonus if last else 0)
            if not 0 <= cp <= remaining:
                continue
            t_min = 0 if (cp == 0 and not last) else 1
            t_max = left if (cp == remaining and last) else left - 1
            if t_min > t_max:
                continue
            ts = {t_min}
            if t_min == 0 and t_max >= 1:
                ts.add(1)
            if t_max == left:
                ts.add(t_max)
            for t in ts:
                keys.add(PTS_UNIT * p + LAST_UNIT * last + t)
    return tuple(sorted(keys))


@final
class MeasureTable:
    """The deal values of the measures the maximising side may win from a position.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).

    Attributes:
        game: the game the table was built for (any game with the same
            scoring and the same tally, cards and tricks still to win has the
            same table).
        remaining: the card points still to win.
        bonus: the variant's last-trick bonus.
        keys: the measures where the value may change, ascending
            ([`measure_keys`][belote.solver.measure.measure_keys]).
    """

    def __init__(self, game: Game) -> None:
        self.game: Final = game
        self.remaining: Final = _remaining(game)
        self.bonus: Final = game.rules.last_trick_bonus
        self.keys: Final = measure_keys(game.left, self.remaining, self.bonus)
        # The value per measure asked so far, and per key once all are known.
        self._values: Final[dict[int, int]] = {}
        self._at: tuple[int, ...] = ()

    def decode(self, m: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """Card points, tricks and last-trick side at the end, for a measure ``m`` won from the position."""
        game = self.game
        side = game.side
        t = m & 15
        last = m >> 4 & 1
        points = (m >> 5) - (self.bonus if last else 0)
        other = 1 - side
        cp = list(game.cp)
        tricks = list(game.tricks)
        cp[side] += points
        cp[other] += self.remaining - points
        tricks[side] += t
        tricks[other] += game.left - t
        return tuple(cp), tuple(tricks), side if last else other

    def value_of(self, m: int) -> int:
        """The value of the deal for ``game.side`` when it wins the measure ``m`` from the position."""
        value = self._values.get(m)
        if value is None:
            cp, tricks, last = self.decode(m)
            value = self.game.value(self.game.score(cp, tricks, last))
            self._values[m] = value
        return value

    def key_values(self) -> tuple[int, ...]:
        """The value at each key, in the order of ``keys`` (scored once, on the first call)."""
        if not self._at:
            value_of = self.value_of
            self._at = tuple([value_of(key) for key in self.keys])
        return self._at

    def monotone(self) -> bool:
        """Whether the value never decreases along the keys, as the measure search needs.

        It holds under the usual rules, where a capot is worth at least every
        card point and a failed contract costs the attack at least a litige;
        knob values inside their ranges ([`belote.knobs`][belote.rules.knobs]) may
        still break it (a capot worth 0, say), and then the solver searches
        on the deal's values themselves.
        """
        at = self.key_values()
        return all(at[k - 1] <= at[k] for k in range(1, len(at)))

    def first_at_least(self, value: int, lo: int, hi: int) -> int:
        """The first key index in ``[lo, hi]`` whose value is at least ``value``, else ``hi + 1``.

        The values must never decrease along the keys
        ([`monotone`][belote.solver.measure.MeasureTable.monotone]): a bisection
        then finds it.
        """
        at = self.key_values()
        while lo <= hi:
            mid = (lo + hi) // 2
            if at[mid] >= value:
                hi = mid - 1
            else:
                lo = mid + 1
        return lo

    def threshold(self, pred: Callable[[int], bool]) -> int | None:
        """The smallest key that satisfies ``pred``, or ``None``.

        ``pred`` (a measure's test) must be monotone along the keys: false,
        then true from some key on.
        """
        keys = self.keys
        lo, hi = 0, len(keys)
        while lo < hi:
            mid = (lo + hi) // 2
            if pred(keys[mid]):
                hi = mid
            else:
                lo = mid + 1
        return keys[lo] if lo < len(keys) else None

    def key_at_least(self, value: int) -> int | None:
        """The smallest key whose value is at least ``value``, or ``None`` (values monotone)."""
        keys = self.keys
        index = self.first_at_least(value, 0, len(keys) - 1)
        return keys[index] if index < len(keys) else None


def _remaining(game: Game) -> int:
    """The card points still to win: in the hands and on the table."""
    cards = 0
    for hand in game.hands:
        cards |= hand
    for card in game.trick:
        cards |= 1 << card
    return card_points(cards, game.trump)


# The recent tables, by what makes them (see measure_table); cleared when full.
_TABLES: Final[dict[tuple[object, ...], MeasureTable]] = {}
_TABLE_LIMIT: Final = 256


def measure_table(game: Game) -> MeasureTable:
    """The [`MeasureTable`][belote.solver.measure.MeasureTable] of a two-sided game.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).

    A recent table is shared by every game with the same scoring, the same
    maximising side and the same cards, tricks and tally still to play for,
    whoever holds the cards (the deals a PIMC bot samples for one decision).
    """
    key = (game.scoring_key(), game.side, game.cp, game.tricks, game.left, _remaining(game))
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= _TABLE_LIMIT:
            _TABLES.clear()
        table = MeasureTable(game)
        _TABLES[key] = table
    return table


@final
class MeasureSettle:
    """The value search's positions where no belote is left to win or lose, by the measure search.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).

    In all-trumps, while a pair whose belote its holder may lose is whole
    (``Game.live``), the solver searches on the deal's value. Below a trick's
    start where every such pair is broken, the belotes are decided: the value
    is ``leaf`` of the end, a function of the points, tricks and last trick
    won from there, with the belotes announced so far (``acc[-1]``) fixed.
    That end is the one the root's measure ``m + shift`` decodes to, where
    ``shift`` is the measure the maximising side won between the root and
    the position (its card points and tricks so far less the root's), so a
    table per belotes announced, over the root's keys, values every such
    position; where it never decreases along the keys, null-window probes
    of one measure search (``live`` cleared), whose table holds for every
    probe and position, find the value. While pairs are whole, the least
    and the most value over the belotes they may still bring (each table
    pointwise, `envelope`) bound the value, and a probe of each may cut the
    value search off.
    """

    def __init__(self, game: Game, leaf: Callable[[tuple[int, ...], tuple[int, ...], int], int]
                 ) -> None:
        plain = attrs.evolve(game, live=())
        self.search: Final = Search(plain)
        self.table: Final = MeasureTable(plain)
        self.leaf: Final = leaf
        self.side: Final = game.side
        self.cp: Final = game.cp[game.side]
        self.tricks: Final = game.tricks[game.side]
        self.bonus: Final = game.rules.last_trick_bonus
        self.total: Final = self.table.remaining + sum(game.cp)  # the deal's card points
        # Per belotes announced since the root (acc[-1]): the value at each root key,
        # () where it decreases somewhere along the keys (then the value search goes on).
        self.values: Final[dict[int, tuple[int, ...]]] = {}
        # Per belotes so far and whole pairs per side: the values' envelope (envelope).
        self.envelopes: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        mine = 0
        for seat in range(game.n):
            if game.maxer[seat]:
                mine |= game.hands[seat]
        self.mine: Final = mine  # the maximising side's cards
        whole = 0
        for mask in game.live:
            whole |= mask
        self.whole: Final = whole  # the live pairs

    def values_at(self, belotes: int) -> tuple[int, ...]:
        """The value at each root key with ``belotes`` announced (see `MeasureSettle`)."""
        at = self.values.get(belotes)
        if at is None:
            table = self.table
            leaf = self.leaf
            out = []
            for key in table.keys:
                cp, tricks, last = table.decode(key)
                out.append(leaf(cp, (*tricks, belotes), last))
            at = tuple(out)
            if any(at[k - 1] > at[k] for k in range(1, len(at))):
                at = ()
            self.values[belotes] = at
        return at

    def envelope(self, base: int, up: int, down: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The least and the most value at each root key, over the belotes still possible.

        ``base``: the belotes announced so far; ``up``, ``down``: the whole
        pairs of the maximising side and of the other, each of which may yet
        be announced or lost. ``((), ())`` if a value decreases along the keys.
        """
        key = base | up << 12 | down << 16
        known = self.envelopes.get(key)
        if known is None:
            shift, other = 3 * self.side, 3 * (1 - self.side)
            tables = [self.values_at(base + (i << shift) + (j << other))
                      for i in range(up + 1) for j in range(down + 1)]
            if all(tables):
                columns = list(zip(*tables, strict=True))
                known = (tuple([min(c) for c in columns]), tuple([max(c) for c in columns]))
            else:
                known = ((), ())
            self.envelopes[key] = known
        return known

    def reach(self, at: tuple[int, ...], target: int, lo: int, hi: int, seat: int,
              trick: tuple[int, ...], leader: int, left: int, rem: int, shift: int) -> int:
        """A null-window probe: whether the value by ``at`` reaches ``target``, fail-soft.

        Returns the index of a key whose value is a bound: at least ``target``
        (a lower bound) or below it (an upper bound). The value's key index is
        in ``[lo, hi]``; ``shift``: the root's measure at the position, ``seat``
        to play to ``trick`` (with cards: the search's ``hands`` are the position's).
        """
        if at[lo] >= target or at[hi] < target:
            return lo if at[lo] >= target else hi
        probe, top = lo + 1, hi  # the first key in [lo + 1, hi] worth target or more
        while probe < top:
            mid = (probe + top) // 2
            if at[mid] >= target:
                top = mid
            else:
                probe = mid + 1
        keys = self.table.keys
        need = keys[probe] - shift
        if trick:
            bound = self.search.run(seat, trick, leader, left, (), need - 1, need)
        else:
            bound = self.search.node(leader, 0, leader, 0, 0, 0, 0, 0, rem, left, (), need - 1,
                                     need)
        index = bisect.bisect_right(keys, bound + shift) - 1
        if bound + shift >= keys[probe]:
            return max(probe, min(index, hi))
        return max(lo, min(index, probe - 1))

    def within(self, at: tuple[int, ...], alpha: int, beta: int, lo: int, hi: int, seat: int,
               trick: tuple[int, ...], leader: int, left: int, rem: int, shift: int) -> int:
        """The value by ``at``, fail-soft in ``alpha``, ``beta`` (arguments as for `reach`)."""
        while True:
            low = at[lo]
            if low >= beta or low == at[hi]:
                return low
            if at[hi] <= alpha:
                return at[hi]
            if at[hi] >= beta:
                target = beta
            elif low <= alpha:
                target = alpha + 1
            else:
                target = at[(lo + hi + 1) // 2]
                if target == low:
                    target = low + 1
            index = self.reach(at, target, lo, hi, seat, trick, leader, left, rem, shift)
            if at[index] >= target:
                lo = index
            else:
                hi = index

    def cut(self, seat: int, trick: tuple[int, ...], leader: int, left: int,
            acc: tuple[int, ...], hands: list[int], alpha: int, beta: int) -> int:
        """A bound of a position's value outside ``alpha``, ``beta`` from the envelope, or ``UNSETTLED``.

        ``seat`` to play to ``trick`` (led by ``leader``, ``left`` tricks to go,
        the current one included) with ``hands``; ``acc`` as for `value`.
        """
        rem = 0
        for hand in hands:
            rem |= hand
        self.search.hands[:] = hands
        shift, lo, hi = self.place(left, acc)
        pairs = rem & self.whole
        pairs &= pairs >> 1 & _QUEENS
        up = (pairs & self.mine).bit_count()
        least, most = self.envelope(acc[-1], up, pairs.bit_count() - up)
        if not least:
            return UNSETTLED
        v = most[self.reach(most, alpha + 1, lo, hi, seat, trick, leader, left, rem, shift)]
        if v <= alpha:
            return v
        v = least[self.reach(least, beta, lo, hi, seat, trick, leader, left, rem, shift)]
        return v if v >= beta else UNSETTLED

    def place(self, left: int, acc: tuple[int, ...]) -> tuple[int, int, int]:
        """The root's measure at a position (``shift``), and the first and last key it may reach."""
        keys = self.table.keys
        shift = PTS_UNIT * (acc[self.side] - self.cp) + acc[2 + self.side] - self.tricks
        # The most the maximising side can still win: every card point and trick.
        most = PTS_UNIT * (self.total - acc[0] - acc[1] + self.bonus) + LAST_UNIT + left
        return (shift, bisect.bisect_right(keys, shift) - 1,
                bisect.bisect_right(keys, shift + most) - 1)

    def value(self, leader: int, left: int, rem: int, acc: tuple[int, ...], alpha: int,
              beta: int, whole: int) -> int:
        """The value of the position (fail-soft in ``alpha``, ``beta``), or ``UNSETTLED``.

        ``acc``: card points and tricks per side from the deal's start, then the
        belotes announced since the root; ``rem``: the cards still held, ``leader``
        to lead with ``left`` tricks to go; ``whole``: the queens of the live
        pairs still whole. With none, the value; else a bound that cuts the
        window off, from the values with every whole pair of the maximising
        side announced and none of the other's (or the reverse), if any.
        """
        shift, lo, hi = self.place(left, acc)
        base = acc[-1]
        if whole:
            up = (whole & self.mine).bit_count()
            least, most = self.envelope(base, up, whole.bit_count() - up)
            if not least:
                return UNSETTLED
            v = most[self.reach(most, alpha + 1, lo, hi, leader, (), leader, left, rem, shift)]
            if v <= alpha:
                return v
            v = least[self.reach(least, beta, lo, hi, leader, (), leader, left, rem, shift)]
            return v if v >= beta else UNSETTLED
        at = self.values_at(base)
        if not at:
            return UNSETTLED
        return self.within(at, alpha, beta, lo, hi, leader, (), leader, left, rem, shift)
