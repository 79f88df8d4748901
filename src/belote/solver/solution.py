"""Exact play with every hand known: a double-dummy solver for every variant.

[`solve`][belote.solver.solution.solve] takes a [`Deal`][belote.deal.Deal] in the play phase (trump
fixed, declarations as they stand) and finds the value of the position when
every seat plays perfectly, the value of each legal card of the seat to act,
a principal line of play and the card points each side takes in it.

The value is what the variant's own scoring
([`score_tally`][belote.scoring.pipeline.score_tally]) makes of the deal at the end of that line:

- two sides (the four-player variants, and ``french`` with two players): the
  deal score of the taker's side minus the other side's, with the
  declarations as they stand, capot, reverse capot, litige, failure and the
  pending litige points as the scoring counts them. The taker's side
  maximises it, the other side minimises it;
- ``french`` with three players: the *paranoid* value of the seat to act,
  his deal score minus the best deal score of the two others, when the two
  others play together against him. That is the margin he can guarantee
  whatever they do (a security level), which is what matters in a match
  that only the first to the target wins; the search is then a two-sided
  game and alpha-beta applies.

Belote counts for its holder when he holds the king and queen of trump and
has not already played one of them without announcing it: the solver
assumes he announces both cards (announcing never hurts him but in the rare
failed contract that forfeits belote), and a deal where the chance is gone
scores without it.

How it is fast (the methods of bridge double-dummy solvers): hands are
32-bit masks and the legal cards come from
[`follower_mask`][belote.tricks.follower_mask], the one place the play
obligations live; alpha-beta with a transposition table keyed on the
remaining hands and the seat to lead at trick boundaries; cards of one suit
with nothing outstanding between them and the same card points are merged;
a cheap move ordering; bounds from the points still in play; and for the two
sided games a search on an additive measure (the taker's side's card points,
last trick and tricks) whose bounds stay valid across null-window probes, so
that [`makes_contract`][belote.solver.solution.makes_contract] and ``solve(deal, target=...)``
ask a single yes/no question. With three players whose scores are linear in
the card points ([`linear_in_card_points`][belote.scoring.pipeline.linear_in_card_points]),
the table keeps a [`Front`][belote.solver.fronts.Front] per position, shared
by every way the earlier tricks were won (docs/solver.md, "Three players:
one front per position").

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=3)
>>> deal.bid(True)
>>> for _ in range(24):
...     deal.play_card(deal.legal_play_cards()[0])
>>> solution = solve(deal)
>>> solution.value == max(solution.card_values.values()) or solution.value == min(
...     solution.card_values.values())
True
>>> len(solution.line) == 32 - 24
True
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, overload

import attrs

from belote.cards import (
    CARDS,
    Card,
    is_trump_suit,
    mode_points,
)
from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules import CapotRule, checks
from belote.rules.checks import instance, whole_or_none
from belote.scoring import Outcome, linear_in_card_points
from belote.solver.ddgame import Game, game_of
from belote.solver.measure import MeasureSettle, measure_table
from belote.solver.search import INF, LAST_UNIT, PTS_UNIT, UNSETTLED, Search, cards_of
from belote.tricks import BEATERS, CARD_POINTS, follower_mask

__all__ = ["Solution", "attack_reaches", "makes_contract", "solve"]

_KING: Final = 6
_QUEEN: Final = 5

_POINTS: Final = CARD_POINTS  # [trump][card], as in the deal engine
_BEATERS: Final = BEATERS  # [trump][card]


@attrs.frozen(kw_only=True)
class Solution:
    """The exact solution of a position (see [`solve`][belote.solver.solution.solve]).

    Attributes:
        value: the value of the position under perfect play by every seat, for
            ``side``: the taker's side's deal score minus the other side's
            (two sides), or the paranoid margin of ``seat`` (three players).
        side: the side the value is counted for (it maximises ``value``).
        seat: the seat to act.
        card_values: every legal card of the seat to act and the value after
            playing it (cards that are equivalent have the same value); with
            ``solve(deal, every_card=False)``, only the first card of ``line``
            and the cards equivalent to it.
        line: a principal line of play from the position to the end of the
            deal, cards in play order; its first card is one of the best cards.
        card_points: the card points each side has at the end of that line
            (what was won before the position included, without the last-trick
            bonus).
        scores: the deal scores per side at the end of that line.
        maximising: whether the seat to act plays for ``side`` (so its best
            cards are those of the highest value, else of the lowest).
    """

    value: int
    side: int
    seat: int
    maximising: bool
    card_values: Mapping[Card, int]
    line: tuple[Card, ...]
    card_points: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """The legal cards of the seat to act that keep the value (among those of ``card_values``)."""
        return tuple(card for card, value in self.card_values.items() if value == self.value)


# --- positions below the root ----------------------------------------------------------------


@attrs.frozen
class _Pos:
    """A position of the search, reached from the root by cards played.

    Attributes:
        seat: the seat to act.
        trick: the cards on the table.
        leader: the seat that led them.
        left: tricks still to finish, the current one included (0: the deal is over).
        gain: the additive measure the maximising side won since the root.
        acc: card points then tricks won per side, from the start of the deal (with
            ``Game.live`` pairs, then the belotes announced since the root, 3 bits a side).
        last: the side that won the last trick once the deal is over, else -1.
    """

    seat: int
    trick: tuple[int, ...]
    leader: int
    left: int
    gain: int
    acc: tuple[int, ...]
    last: int


def _root(game: Game) -> _Pos:
    acc = (*game.cp, *game.tricks, 0) if game.live else (*game.cp, *game.tricks)
    return _Pos(game.to_act, game.trick, game.leader, game.left, 0, acc, -1)


def _step(game: Game, hands: list[int], pos: _Pos, card: int) -> _Pos:
    """Play ``card`` at ``pos``: removes it from ``hands`` and returns the new position."""
    n = game.n
    seat = pos.seat
    acc = pos.acc
    if game.live and game.live[seat] >> card & 1 and hands[seat] >> (card ^ 3) & 1 and (
            not pos.trick or pos.trick[0] >> 3 == card >> 3):
        # The first card of a live pair, leading or following suit: belote (Search.announced).
        acc = (*acc[:-1], acc[-1] + (1 << (3 * game.side_of(seat))))
    hands[seat] ^= 1 << card
    trick = (*pos.trick, card)
    if len(trick) < n:
        return _Pos((seat + 1) % n, trick, pos.leader, pos.left, pos.gain, acc, -1)
    pts = _POINTS[game.trump]
    beaters = _BEATERS[game.trump]
    best, best_pos = trick[0], 0
    for k in range(1, n):
        if beaters[best] >> trick[k] & 1:
            best, best_pos = trick[k], k
    winner = (pos.leader + best_pos) % n
    points = sum(pts[c] for c in trick)
    last = pos.left == 1
    gain = pos.gain
    if game.maxer[winner]:
        bonus = game.deal.rules.last_trick_bonus if last else 0
        gain += PTS_UNIT * (points + bonus) + 1 + (LAST_UNIT if last else 0)
    side = game.side_of(winner)
    won = list(acc)
    won[side] += points
    won[game.sides + side] += 1
    return _Pos(winner, (), winner, pos.left - 1, gain, tuple(won), side if last else -1)


def _legal_at(game: Game, hands: list[int], pos: _Pos) -> int:
    """The legal cards at ``pos`` (the play obligations of ``tricks.follower_mask``)."""
    hand = hands[pos.seat]
    trick = pos.trick
    if not trick:
        return hand
    beaters = _BEATERS[game.trump]
    best, best_pos = trick[0], 0
    for k in range(1, len(trick)):
        if beaters[best] >> trick[k] & 1:
            best, best_pos = trick[k], k
    partner = game.partners and best_pos == len(trick) - 2
    return follower_mask(hand, trick[0] >> 3, best, partner, game.trump, game.play)


def _representatives(legal: int, others: int, trump: int) -> dict[int, int]:
    """Each legal card and the card it is equivalent to (itself, or a lower low card)."""
    reps: dict[int, int] = {}
    for suit in range(4):
        width = 2 if is_trump_suit(suit, trump) else 3
        rep = -1
        for rank in range(width):
            card = 8 * suit + rank
            if legal >> card & 1:
                if rep < 0:
                    rep = card
                reps[card] = rep
            elif others >> card & 1:
                rep = -1
        for rank in range(width, 8):
            card = 8 * suit + rank
            if legal >> card & 1:
                reps[card] = card
    return reps


def _outstanding(hands: list[int], pos: _Pos) -> int:
    """The cards of the other seats and of the trick, for merging equivalent cards."""
    others = 0
    for h in hands:
        others |= h
    others ^= hands[pos.seat]
    for c in pos.trick:
        others |= 1 << c
    return others


# --- two sides: the additive measure and the deal's value ------------------------------------


class _TwoSided:
    """The two-sided solver: the measure search, its values from a [`MeasureTable`][belote.solver.measure.MeasureTable]."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.search = Search(game)
        self.hands = self.search.hands
        self.table = measure_table(game)

    def reaches(self, pos: _Pos, threshold: int) -> bool:
        """Whether the measure won from the root reaches ``threshold`` (a null-window search)."""
        return self.bound(pos, threshold) >= threshold

    def bound(self, pos: _Pos, threshold: int) -> int:
        """A null-window search at ``threshold``: a bound on the measure won from the root.

        At least ``threshold`` means a lower bound, below it an upper bound (fail-soft).
        """
        if pos.left == 0:
            return pos.gain
        need = threshold - pos.gain
        v = self.search.run(pos.seat, pos.trick, pos.leader, pos.left, (), need - 1, need)
        return v + pos.gain

    def monotone(self) -> bool:
        """Whether the measure search applies (see [`MeasureTable.monotone`][belote.solver.measure.MeasureTable.monotone])."""
        return self.table.monotone()

    def exact(self, pos: _Pos, guess: int | None = None) -> int:
        """The value of a position, by bisection over the keys (null-window probes).

        Each probe asks whether the measure reaches the first key of a value
        (the start of a plateau of the value, found by
        [`first_at_least`][belote.solver.measure.MeasureTable.first_at_least] when
        needed: the plateaus are never listed whole); its fail-soft bound
        narrows the interval beyond it. A failed contract is found without
        its exact points. ``guess``: a value to probe first (a sibling's, say).
        """
        table = self.table
        if pos.left == 0:
            return table.value_of(pos.gain)
        keys = table.keys
        at = table.key_values()
        lo, hi = 0, len(keys) - 1  # the last key at most the measure is in [lo, hi]
        probe = -1
        gallop = guess is not None
        if guess is not None:
            probe = table.first_at_least(guess, 1, hi)
        step, up = 1, None
        while at[lo] != at[hi]:
            if not lo < probe <= hi:
                if gallop and up is not None:
                    # Gallop away from the guess until the value is bracketed.
                    target = min(hi, lo + step) if up else max(lo + 1, hi - step + 1)
                else:
                    target = (lo + hi + 1) // 2
                # The first key of the value at target, or of the next value
                # when lo's value reaches that far.
                value = at[target]
                if value == at[lo]:
                    probe = table.first_at_least(value + 1, target + 1, hi)
                else:
                    probe = table.first_at_least(value, lo + 1, target)
            bound = self.bound(pos, keys[probe])
            index = bisect.bisect_right(keys, bound) - 1  # the last key at most bound
            reached = bound >= keys[probe]
            if reached:
                lo = max(probe, min(index, hi))
            else:
                hi = max(lo, min(index, probe - 1))
            if up is not None and up != reached:
                gallop = False  # bracketed: bisect from now on
            up = reached
            step *= 2
            probe = -1
        return at[lo]

    def keeps(self, pos: _Pos, value: int, maximise: bool) -> bool:
        """Whether ``pos`` is worth ``value`` (given it is worth at most/least that)."""
        if maximise:
            key = self.table.key_at_least(value)
            return key is not None and self.reaches(pos, key)
        key = self.table.key_at_least(value + 1)
        return key is None or not self.reaches(pos, key)


class _Paranoid:
    """A search on the deal's values: the seat (or side) of ``game.side`` against the others together.

    Three players, two sides whose value is not monotone in the additive
    measure (see `_TwoSided.monotone`), and two sides with belotes still to
    win or lose (``Game.live``). ``made``: the value is 1 when the attack
    makes its contract, else 0 ([`makes_contract`][belote.solver.solution.makes_contract]).
    With live pairs, the positions where every one is broken go to the
    measure search ([`MeasureSettle`][belote.solver.measure.MeasureSettle]);
    ``settled=False`` searches them on the value too (the tests' reference).
    """

    def __init__(self, game: Game, shared: bool = True, made: bool = False,
                 settled: bool = True) -> None:
        self.game = game
        self.made = made
        self._leaves: dict[tuple[object, ...], int] = {}
        # Three players whose scores follow the card points (exactly, or by whole
        # rounding steps): a front per position (Front). ``shared=False`` keys
        # the table by the points so far instead (the tests' reference).
        step = _front_step(game) if shared else None
        # Belotes still to win or lose: the measure search once they are decided.
        self.settle = MeasureSettle(game, self.leaf) if game.live and settled else None
        if step is None:
            settle = self.settle.value if self.settle is not None else None
            self.search = Search(game, self.leaf, settle=settle)
        else:
            self.search = Search(game, self.leaf, linear=True, step=step)
        self.hands = self.search.hands

    def leaf(self, cp: tuple[int, ...], tricks: tuple[int, ...], last: int) -> int:
        """The value of a finished deal (cached: the search reaches the same ends often)."""
        key = (cp, tricks, last)
        value = self._leaves.get(key)
        if value is None:
            game = self.game
            belotes = 0
            if game.live:  # the tricks end with the belotes announced (Search.announced)
                belotes = tricks[-1]
                tricks = tricks[:-1]
            if self.made:
                value = int(game.outcome(cp, tricks, last, belotes) is Outcome.MADE)
            else:
                value = game.value(game.score(cp, tricks, last, belotes))
            self._leaves[key] = value
        return value

    def exact(self, pos: _Pos, guess: int = 0) -> int:
        """The value of a position: null-window searches from ``guess``.

        The first asks whether the value reaches ``guess``; then the probes
        gallop away from it (steps 1, 2, 4, ...) until the value is bracketed,
        and bisect. Plain MTD(f) steps to the last fail-soft bound, which here
        is often only a point or two further: dozens of probes near the value.
        """
        sides = self.game.sides
        if pos.left == 0:
            return self.leaf(pos.acc[:sides], pos.acc[sides:], pos.last)
        lower, upper = -INF, INF
        beta = guess
        step = 1
        while lower < upper:
            value = self.run(pos, beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
            if lower == upper:
                break
            if upper == INF:
                beta = lower + step
            elif lower == -INF:
                beta = upper - step + 1
            else:
                beta = (lower + upper + 1) // 2
            step *= 2
        return lower if lower > -INF else upper

    def reaches(self, pos: _Pos, target: int) -> bool:
        """Whether the value reaches ``target``: one null-window search."""
        sides = self.game.sides
        if pos.left == 0:
            return self.leaf(pos.acc[:sides], pos.acc[sides:], pos.last) >= target
        return self.run(pos, target - 1, target) >= target

    def keeps(self, pos: _Pos, value: int, maximise: bool) -> bool:
        sides = self.game.sides
        if pos.left == 0:
            return self.leaf(pos.acc[:sides], pos.acc[sides:], pos.last) == value
        return self.run(pos, value - 1, value + 1) == value

    def run(self, pos: _Pos, alpha: int, beta: int) -> int:
        """The search at ``pos`` in the window ``alpha``, ``beta`` (fail-soft).

        With belotes still to win or lose, the values with the belotes most and
        least favourable first ([`MeasureSettle.cut`][belote.solver.measure.MeasureSettle.cut]).
        """
        if self.settle is not None:
            value = self.settle.cut(pos.seat, pos.trick, pos.leader, pos.left, pos.acc,
                                    self.hands, alpha, beta)
            if value != UNSETTLED:
                return value
        return self.search.run(pos.seat, pos.trick, pos.leader, pos.left, pos.acc, alpha, beta)


def _front_step(game: Game) -> int | None:
    """How the three-player search may share a front between pasts: ``None`` not at all.

    0: the scores are the card points plus a part the card points never
    change ([`linear_in_card_points`][belote.scoring.pipeline.linear_in_card_points]).
    ``r``: the same, then rounded to multiples of ``r`` (``round_to``, no
    contract): a score then moves by exactly ``r`` when its points do, and
    the fronts are keyed by the points so far modulo ``r`` (docs/solver.md,
    "Rounded scores").
    """
    if game.sides != 3:
        return None
    rules = game.deal.rules
    if linear_in_card_points(rules):
        return 0
    # linear_in_card_points but for the rounding.
    step = rules.round_to
    if step and not rules.has_contract and rules.capot_rule is not CapotRule.NO_OPPONENT_POINT:
        return step
    return None


# --- the public functions --------------------------------------------------------------------


@overload
def solve(deal: Deal, target: None = None, *, every_card: bool = True) -> Solution: ...


@overload
def solve(deal: Deal, target: int, *, every_card: bool = True) -> bool: ...


def solve(deal: Deal, target: int | None = None, *, every_card: bool = True) -> Solution | bool:
    """Solve a position with every hand known.

    Args:
        deal: a deal in the play phase, the seat to act about to play a card.
            It is not changed.
        target: when given, answer only whether the value reaches ``target``
            (value >= target): one null-window search, much cheaper than
            the exact value.
        every_card: value every legal card of the seat to act (the
            default). ``False`` finds the value of the position and its
            principal line only (from the first lead, about a third
            less time at the median): the solution's ``card_values`` then
            hold the line's first card (and the cards equivalent to it),
            worth ``value``. Par results need no more.

    Returns:
        A [`Solution`][belote.solver.solution.Solution], or with ``target`` a bool.

    Raises:
        InvalidArgument: the deal is not in the play phase.
        InvalidArgumentType: ``deal`` is not a [`Deal`][belote.deal.Deal], ``target``
            is not a whole number (or ``None``), or ``every_card`` not a bool.
    """
    target = whole_or_none(target, "target")
    every_card = instance(every_card, bool, "every_card")
    game = game_of(_deal(deal))
    two = _TwoSided(game) if game.sides == 2 and not game.live else None
    if two is not None and two.monotone():
        if target is not None:
            key = two.table.key_at_least(target)
            return key is not None and two.reaches(_root(game), key)
        return _solve(game, two, every_card)
    paranoid = _Paranoid(game)
    if target is not None:
        return paranoid.reaches(_root(game), target)
    return _solve(game, paranoid, every_card)


def _deal(value: object) -> Deal:
    """``value`` if it is a deal (or a view of one that scores it, as par's), else a typed error."""
    if isinstance(value, Deal) or callable(getattr(value, "tally", None)):
        return value  # type: ignore[return-value]
    raise InvalidArgumentType(f"deal: expected a Deal, got {shown(value)}")


def makes_contract(deal: Deal) -> bool:
    """Whether the attack makes its contract when every seat plays perfectly.

    One null-window search: the smallest measure of the attack's points (and
    tricks, for capot) that makes the contract, and whether the attack
    reaches it. A litige is not a made contract.

    Raises:
        InvalidArgument: the variant has no contract (``french``), or the deal
            is not in the play phase.
        InvalidArgumentType: ``deal`` is not a [`Deal`][belote.deal.Deal].
    """
    deal = _deal(deal)
    if not deal.rules.has_contract or deal.sides != 2:
        raise InvalidArgument(f"{deal.rules.name} has no contract to make")
    game = game_of(deal)
    if game.live:  # belotes still to win or lose: search on the outcome itself
        return _Paranoid(game, made=True).reaches(_root(game), 1)
    two = _TwoSided(game)
    table = two.table
    key = table.threshold(lambda m: game.outcome(*table.decode(m)) is Outcome.MADE)
    return key is not None and two.reaches(_root(game), key)


def attack_reaches(deal: Deal, thresholds: Sequence[int]) -> int:
    """How many of the ascending ``thresholds`` the attack's card points reach, every seat playing perfectly.

    The attack's card points count the last trick's bonus; a threshold above
    162 means winning every trick (252 in contrée; with no trump suit, above
    130, and in all-trumps above 258). One null-window search
    per threshold asked, bisecting, all sharing one search and its table: a
    bidder asking which of the auction's values its side makes asks here
    once (the [`PIMCBot`][belote.agents.pimc.PIMCBot] in contrée).

    >>> from belote.actions import bid_id
    >>> from belote.deal import Deal
    >>> deal = Deal.random("contree", seed=2, dealer=0)
    >>> deal.apply_id(bid_id(80, 1))
    >>> for _ in range(3):
    ...     deal.apply_id(0)
    >>> 0 <= attack_reaches(deal, [80, 100, 120, 252]) <= 4
    True

    Raises:
        InvalidArgument: the deal is not in the play phase, or has no two sides.
        InvalidArgumentType: ``deal`` is not a deal, or ``thresholds`` not a
            list or tuple of whole numbers.
    """
    game = game_of(_deal(deal))
    checks.sequence(thresholds, "thresholds")
    for threshold in thresholds:
        checks.whole(threshold, "thresholds[...]")
    if game.sides != 2:
        raise InvalidArgument("attack_reaches needs a deal of two sides")
    if game.live:  # card points only: the belotes do not matter
        game = attrs.evolve(game, live=())
    two = _TwoSided(game)
    root = _root(game)
    # The points still to win, the last trick's included (162 with a trump suit).
    whole_deal = mode_points(game.trump) + game.rules.last_trick_bonus
    total = whole_deal - sum(game.cp)

    def key(points: int) -> int:
        if points > whole_deal:
            return PTS_UNIT * total + LAST_UNIT + game.left
        return PTS_UNIT * (points - game.cp[game.side])

    lo, hi = 0, len(thresholds)  # thresholds[:lo] reached, thresholds[hi:] not
    while lo < hi:
        mid = (lo + hi) // 2
        if two.reaches(root, key(thresholds[mid])):
            lo = mid + 1
        else:
            hi = mid
    return lo


def _keeping(game: Game, solver: _TwoSided | _Paranoid, pos: _Pos, value: int) -> int:
    """The lowest legal card at ``pos`` that keeps ``value`` (the value of ``pos``)."""
    hands = solver.hands
    cards = cards_of(_legal_at(game, hands, pos))
    if len(cards) == 1:
        return cards[0]
    mover = game.maxer[pos.seat]
    for candidate in cards:
        hand = hands[pos.seat]
        child = _step(game, hands, pos, candidate)
        try:
            ok = solver.keeps(child, value, mover)
        finally:
            hands[pos.seat] = hand
        if ok:
            return candidate
    raise AssertionError("no card keeps the value")  # pragma: no cover


def _solve(game: Game, solver: _TwoSided | _Paranoid, every_card: bool = True) -> Solution:
    deal = game.deal
    hands = solver.hands
    root = _root(game)
    seat = game.to_act
    legal = deal.legal_play_mask()
    reps = _representatives(legal, _outstanding(hands, root), game.trump)
    maximise = game.maxer[seat]
    values: dict[int, int] = {}
    if every_card:
        for card, rep in reps.items():
            if rep != card:
                continue
            hand = hands[seat]
            child = _step(game, hands, root, card)
            try:
                if values:
                    guess = max(values.values()) if maximise else min(values.values())
                    values[card] = solver.exact(child, guess)
                else:
                    values[card] = solver.exact(child)
            finally:
                hands[seat] = hand
        for card, rep in reps.items():
            values[card] = values[rep]
        best = max(values.values()) if maximise else min(values.values())
        card = min(c for c, v in values.items() if v == best)
    else:
        # The position's value, then the lowest card that keeps it, as the line goes on.
        best = solver.exact(root)
        card = _keeping(game, solver, root, best)
        values = {c: best for c, rep in reps.items() if rep == reps[card]}
    # The principal line: at each step, the lowest card that keeps the value.
    copy = deal.copy()
    pos = root
    line: list[Card] = []
    while True:
        copy.play_card(card, belote=copy.can_announce_belote(card))
        pos = _step(game, hands, pos, card)
        line.append(CARDS[card])
        if copy.is_over:
            break
        card = _keeping(game, solver, pos, best)
    tally = copy.tally()
    assert tally is not None and tally.last_trick is not None
    scores = game.score(tally.card_points, tally.tricks, tally.last_trick,
                        pos.acc[-1] if game.live else 0)
    return Solution(
        value=best,
        side=game.side,
        seat=seat,
        maximising=maximise,
        card_values=MappingProxyType({CARDS[c]: v for c, v in sorted(values.items())}),
        line=tuple(line),
        card_points=tally.card_points,
        scores=scores,
    )
