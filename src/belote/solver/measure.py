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

from collections.abc import Callable
from typing import Final, final

from belote.cards import card_points
from belote.solver.ddgame import Game
from belote.solver.search import LAST_UNIT, PTS_UNIT

__all__ = ["MeasureTable", "measure_keys", "measure_table"]


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
