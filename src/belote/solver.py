"""Exact play with every hand known: a double-dummy solver for every variant.

[`solve`][belote.solver.solve] takes a [`Deal`][belote.deal.Deal] in the play phase (trump
fixed, declarations as they stand) and finds the value of the position when
every seat plays perfectly, the value of each legal card of the seat to act,
a principal line of play and the card points each side takes in it.

The value is what the variant's own scoring
([`score_tally`][belote.scoring.score_tally]) makes of the deal at the end of that line:

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
that [`makes_contract`][belote.solver.makes_contract] and ``solve(deal, target=...)``
ask a single yes/no question.

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
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, overload

import attrs

from belote.actions import Verb
from belote.cards import (
    CARDS,
    PLAIN_PATTERN_POINTS,
    PLAIN_STRENGTH,
    TRUMP_PATTERN_POINTS,
    TRUMP_STRENGTH,
    Card,
    card_points,
)
from belote.errors import InvalidArgument
from belote.rules import PlayRules
from belote.scoring import Outcome, Tally, score_trusted
from belote.tricks import BEATERS, CARD_POINTS, follower_mask

if TYPE_CHECKING:
    from belote.deal import Deal

__all__ = ["Solution", "makes_contract", "solve"]

_KING: Final = 6
_QUEEN: Final = 5

_POINTS: Final = CARD_POINTS  # [trump][card], as in the deal engine
_BEATERS: Final = BEATERS  # [trump][card]


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


_MERGE_PLAIN: Final = _merge_table(3)  # 7 8 9 of a plain suit: 0 points each
_MERGE_TRUMP: Final = _merge_table(2)  # 7 8 of trump: 0 points each


# _BYTE_CARDS[256 * k + byte]: the card indices of the bits of ``byte`` in suit ``k``.
_BYTE_CARDS: Final = tuple(
    tuple(8 * k + r for r in range(8) if byte >> r & 1) for k in range(4) for byte in range(256)
)
# Sort keys: leads strongest and richest first; points up and down.
_LEAD_KEY: Final = tuple(
    tuple(
        -(_POINTS[trump][c] + 3 * (TRUMP_STRENGTH if c >> 3 == trump else PLAIN_STRENGTH)[c & 7])
        for c in range(32)
    )
    for trump in range(4)
)
_NEG_POINTS: Final = tuple(tuple(-p for p in table) for table in _POINTS)
# The low cards that score nothing: 7 8 9 of the plain suits, 7 8 of trump.
_LOW_MASK: Final = tuple(0x07070707 & ~(0x04 << (8 * trump)) for trump in range(4))


_TRUMP_TOP_DOWN: Final = (4, 2, 7, 3, 6, 5, 1, 0)  # J 9 A 10 K Q 8 7
_TRUMP_PTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)  # by rank


def _sure_points(ours: int, trumps: int) -> int:
    """Card points one side is sure to win with the top trumps it holds.

    ``ours``: the trumps (an 8-bit rank pattern) of the maximising side,
    ``trumps``: every trump still held. The trumps above any trump of the
    other side each win the trick they fall in. Positive: the maximising
    side's sure points; negative: the other side's, negated; 0: none.
    """
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


_RUNS: dict[int, int] = {}


def _cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@attrs.frozen(kw_only=True)
class Solution:
    """The exact solution of a position (see [`solve`][belote.solver.solve]).

    Attributes:
        value: the value of the position under perfect play by every seat, for
            ``side``: the taker's side's deal score minus the other side's
            (two sides), or the paranoid margin of ``seat`` (three players).
        side: the side the value is counted for (it maximises ``value``).
        seat: the seat to act.
        card_values: every legal card of the seat to act and the value after
            playing it (cards that are equivalent have the same value).
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
        """The legal cards of the seat to act that keep the value."""
        return tuple(card for card, value in self.card_values.items() if value == self.value)


# --- the game the search plays ---------------------------------------------------------------


@attrs.frozen
class _Game:
    """The position read from a deal through its public accessors."""

    deal: Deal
    n: int
    sides: int
    partners: bool
    trump: int
    play: PlayRules
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    to_act: int
    left: int  # tricks still to finish, the current one included
    side: int  # the side that maximises
    maxer: tuple[bool, ...]  # per seat: plays for ``side``
    base: Tally
    belote: int | None
    cp: tuple[int, ...]  # card points won so far per side
    tricks: tuple[int, ...]  # tricks won so far per side

    def side_of(self, seat: int) -> int:
        return seat & 1 if self.partners else seat

    def score(self, cp: tuple[int, ...], tricks: tuple[int, ...], last: int) -> tuple[int, ...]:
        """The deal scores per side for a finished deal, through the library's scoring."""
        key = (cp, tricks, last)
        cache = _SCORE_CACHE.setdefault(self._cache_key(), {})
        scores = cache.get(key)
        if scores is None:
            tally = attrs.evolve(
                self.base, tricks=tricks, card_points=cp, last_trick=last, belote=self.belote
            )
            # The search asks for splits of the points that bound the value, not only
            # splits a deal can reach, so the tally checks are skipped (the pipeline
            # is the same one score_tally runs after them).
            scores = score_trusted(tally, self.deal.rules, self.deal.pending).scores
            cache[key] = scores
        return scores

    def outcome(self, cp: tuple[int, ...], tricks: tuple[int, ...], last: int) -> Outcome:
        tally = attrs.evolve(
            self.base, tricks=tricks, card_points=cp, last_trick=last, belote=self.belote
        )
        return score_trusted(tally, self.deal.rules, self.deal.pending).outcome

    def value(self, scores: tuple[int, ...]) -> int:
        """The value of deal scores for ``side``."""
        own = scores[self.side]
        return own - max(s for k, s in enumerate(scores) if k != self.side)

    def _cache_key(self) -> tuple[object, ...]:
        return (self.deal.rules, self.deal.pending, self.base, self.belote)


# Terminal scores per (rules, pending, tally without play, belote), then per
# (card points, tricks, last-trick side); bounded, cleared when full.
_SCORE_CACHE: dict[tuple[object, ...], dict[tuple[object, ...], tuple[int, ...]]] = {}
_CACHE_LIMIT: Final = 512


def _belote(deal: Deal, trump: int) -> int | None:
    """The seat belote counts for: its holder, if he can still announce both cards."""
    done = deal.belote_seat
    if done is not None:
        return done
    pair = (trump * 8 + _KING, trump * 8 + _QUEEN)
    owner: dict[int, int] = {}
    announced: dict[int, bool] = {}
    for seat in range(deal.players):
        mask = deal.hand_mask(seat)
        for card in pair:
            if mask >> card & 1:
                owner[card] = seat
                announced[card] = True  # still in hand: he can announce it
    for action in deal.history:
        if action.verb is Verb.PLAY:
            index = action.cards[0].index
            if index in pair:
                owner[index] = action.seat
                announced[index] = action.belote
    if len(owner) == 2 and owner[pair[0]] == owner[pair[1]] and all(announced.values()):
        return owner[pair[0]]
    return None


def _game(deal: Deal, seat: int | None = None) -> _Game:
    trump = deal.trump
    base = deal.tally()
    to_act = deal.to_act
    if trump is None or base is None or to_act is None or deal.is_over:
        raise InvalidArgument("solve needs a deal in the play phase (trump fixed, not over)")
    if not deal.legal_play_mask():
        raise InvalidArgument("solve needs a deal where the seat to act plays a card")
    if len(_SCORE_CACHE) > _CACHE_LIMIT:
        _SCORE_CACHE.clear()
    n = deal.players
    sides = deal.sides
    partners = sides == 2 and n == 4
    if sides == 2:
        side = deal.side(deal.taker if deal.taker is not None else to_act)
    else:
        side = deal.side(to_act if seat is None else seat)
    maxer = tuple(deal.side(s) == side for s in range(n))
    tricks_done = deal.tricks_played
    return _Game(
        deal=deal,
        n=n,
        sides=sides,
        partners=partners,
        trump=int(trump),
        play=deal.rules.play,
        hands=tuple(deal.hand_mask(s) for s in range(n)),
        trick=tuple(card.index for card in deal.trick),
        leader=deal.trick_leader,
        to_act=to_act,
        left=deal.tricks_per_deal - tricks_done,
        side=side,
        maxer=maxer,
        base=base,
        belote=_belote(deal, int(trump)),
        cp=tuple(deal.card_points_of(s) for s in range(sides)),
        tricks=tuple(deal.tricks_of(s) for s in range(sides)),
    )


# --- the search ------------------------------------------------------------------------------

_INF: Final = 1 << 40
# Entries of a transposition table before it is cleared (memory stays bounded).
_TT_LIMIT: Final = 1_500_000
# From this many tricks left, the two-sided search finds exact values by plain minimax.
_SMALL_LEFT: Final = 2

# The additive measure of the two-sided search, per trick the maximising side wins:
# 32 * (card points + last-trick bonus) + 16 (last trick) + 1 (a trick).
_PTS_UNIT: Final = 32
_LAST_UNIT: Final = 16


class _Search:
    """Alpha-beta over the cards, fail-soft, with a transposition table.

    ``additive``: the two-sided game; a node's value is the measure the
    maximising side still takes (see ``_PTS_UNIT``), independent of the past,
    so the table holds bounds valid for every probe. Otherwise (three
    players) a node's value is the final value, and the table key includes
    the points and tricks won so far.
    """

    def __init__(self, game: _Game, leaf: Callable[[tuple[int, ...], tuple[int, ...], int], int]
                 | None = None) -> None:
        self.game = game
        self.leaf = leaf
        self.tt: dict[object, list[int]] = {}
        self._build()

    def _build(self) -> None:
        game = self.game
        n = game.n
        trump = game.trump
        play = game.play
        partners = game.partners
        maxer = game.maxer
        pts = _POINTS[trump]
        beaters = _BEATERS[trump]
        bonus = game.deal.rules.last_trick_bonus
        hands = list(game.hands)
        self.hands = hands
        tt = self.tt
        nxt = tuple((k + 1) % n for k in range(n))
        trump_shift = 8 * trump
        additive = self.leaf is None
        leaf = self.leaf
        side_of = tuple(game.side_of(s) for s in range(n))
        sides = game.sides
        fmask = follower_mask
        merge_plain, merge_trump = _MERGE_PLAIN, _MERGE_TRUMP
        byte_cards = _BYTE_CARDS
        lead_key = _LEAD_KEY[trump].__getitem__
        pts_up = pts.__getitem__
        pts_down = _NEG_POINTS[trump].__getitem__
        low_mask = _LOW_MASK[trump]
        max_seats = tuple(k for k in range(n) if maxer[k])
        runs = _RUNS
        pt0, pt1, pt2, pt3 = (
            TRUMP_PATTERN_POINTS if suit == trump else PLAIN_PATTERN_POINTS for suit in range(4)
        )
        pts_unit, last_unit = _PTS_UNIT, _LAST_UNIT
        last_gain = tuple(
            pts_unit * (p + bonus) + 1 + last_unit for p in range(200)
        )

        def cards_of(mask: int) -> list[int]:
            return [
                *byte_cards[mask & 0xFF],
                *byte_cards[256 + (mask >> 8 & 0xFF)],
                *byte_cards[512 + (mask >> 16 & 0xFF)],
                *byte_cards[768 + (mask >> 24)],
            ]

        def reduce(legal: int, others: int) -> int:
            """Drop the legal low cards equivalent to a lower one."""
            lows = legal & low_mask
            if not lows & (lows - 1):
                return legal
            for shift in (0, 8, 16, 24):
                low = lows >> shift & 7
                if low & (low - 1):  # two low cards or more in this suit
                    if shift == trump_shift:
                        keep = merge_trump[low | (others >> shift & 3) << 3]
                    else:
                        keep = merge_plain[low | (others >> shift & 7) << 3]
                    legal &= ~(low << shift) | (keep << shift)
            return legal

        def finish(leader: int, acc: tuple[int, ...]) -> int:
            """The last trick, every card forced."""
            seat = leader
            card = best = hands[seat].bit_length() - 1
            best_pos = 0
            total = pts[card]
            for k in range(1, n):
                seat = nxt[seat]
                card = hands[seat].bit_length() - 1
                total += pts[card]
                if beaters[best] >> card & 1:
                    best, best_pos = card, k
            winner = (leader + best_pos) % n
            if additive:
                return last_gain[total] if maxer[winner] else 0
            side = side_of[winner]
            lst = list(acc)
            lst[side] += total
            lst[sides + side] += 1
            assert leaf is not None
            return leaf(tuple(lst[:sides]), tuple(lst[sides:]), side)

        small: dict[tuple[int, ...], int] = {}
        small_left = _SMALL_LEFT

        def exact_small(leader: int, left: int) -> int:
            """The exact measure of the last few tricks (cached: it holds for every probe)."""
            if left == 1:
                return finish(leader, ())
            key = (*hands, leader)
            value = small.get(key)
            if value is None:
                value = small[key] = minimax(leader, 0, leader, 0, 0, 0, 0, left)
            return value

        def minimax(seat: int, pos: int, leader: int, led: int, best: int, best_pos: int,
                    tpts: int, left: int) -> int:
            """Plain minimax over one trick, then the exact measure of the rest."""
            hand = hands[seat]
            if pos:
                legal = fmask(hand, led, best, partners and best_pos == pos - 2, trump, play)
            else:
                legal = hand
            maximise = maxer[seat]
            value = -1 if maximise else _INF
            while legal:
                bit = legal & -legal
                legal ^= bit
                card = bit.bit_length() - 1
                hands[seat] = hand ^ bit
                if pos == 0:
                    nbest, nbest_pos, nled = card, 0, card >> 3
                elif beaters[best] >> card & 1:
                    nbest, nbest_pos, nled = card, pos, led
                else:
                    nbest, nbest_pos, nled = best, best_pos, led
                npts = tpts + pts[card]
                if pos + 1 < n:
                    v = minimax(nxt[seat], pos + 1, leader, nled, nbest, nbest_pos, npts, left)
                else:
                    winner = (leader + nbest_pos) % n
                    v = exact_small(winner, left - 1)
                    if maxer[winner]:
                        v += pts_unit * npts + 1
                hands[seat] = hand
                if maximise:
                    if v > value:
                        value = v
                elif v < value:
                    value = v
            return value

        def node(seat: int, pos: int, leader: int, led: int, best: int, best_pos: int,
                 tpts: int, tmask: int, left: int, acc: tuple[int, ...], alpha: int,
                 beta: int) -> int:
            """The value from this node on: ``pos`` cards of the trick played."""
            key: object = None
            hint = -1
            hand = hands[seat]
            if pos == 0:
                if left == 1:
                    return finish(leader, acc)
                if left <= small_left and additive:
                    return exact_small(leader, left)
                rem = 0
                for h in hands:
                    rem |= h
                if additive:
                    key = (*hands, leader)
                    # Quick bounds: the points still in play.
                    top = pts_unit * (
                        pt0[rem & 0xFF] + pt1[rem >> 8 & 0xFF] + pt2[rem >> 16 & 0xFF]
                        + pt3[rem >> 24] + bonus
                    ) + last_unit + left
                    # The top trumps held by one side win their tricks.
                    ours = 0
                    for k in max_seats:
                        ours |= hands[k]
                    run_key = (ours >> trump_shift & 0xFF) << 8 | (rem >> trump_shift & 0xFF)
                    sure = runs.get(run_key)
                    if sure is None:
                        sure = runs[run_key] = _sure_points(run_key >> 8, run_key & 0xFF)
                    if sure > 0:
                        if pts_unit * sure >= beta:
                            return pts_unit * sure
                    elif sure < 0:
                        top += pts_unit * sure
                    if top <= alpha:
                        return top
                    if beta <= 0:
                        return 0
                else:
                    # The tricks count for capot only: whether each side has none.
                    key = (*hands, leader, *acc[:sides], *[t > 0 for t in acc[sides:]])
                alpha0, beta0 = alpha, beta
                entry = tt.get(key)
                if entry is not None:
                    lo, hi, hint = entry
                    if lo >= beta:
                        return lo
                    if hi <= alpha or lo == hi:
                        return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                legal = reduce(hand, rem ^ hand)
                cards = cards_of(legal)
                if len(cards) > 1:
                    cards.sort(key=lead_key)
                    if hint >= 0 and hint != cards[0]:
                        cards.remove(hint)
                        cards.insert(0, hint)
            else:
                legal = fmask(hand, led, best, partners and best_pos == pos - 2, trump, play)
                if legal & (legal - 1):
                    others = tmask
                    for h in hands:
                        others |= h
                    legal = reduce(legal, others ^ hand)
                    beat = beaters[best]
                    if maxer[(leader + best_pos) % n] == maxer[seat]:
                        # Our side holds the trick: give points, without overtaking first.
                        cards = cards_of(legal & ~beat)
                        cards.sort(key=pts_down)
                        if legal & beat:
                            over = cards_of(legal & beat)
                            over.sort(key=pts_down)
                            cards += over
                    else:
                        cards = cards_of(legal & beat)
                        # The last seat takes the most points; the others win cheaply.
                        cards.sort(key=pts_down if pos == n - 1 else pts_up)
                        if legal & ~beat:
                            under = cards_of(legal & ~beat)
                            under.sort(key=pts_up)
                            cards += under
                else:
                    cards = [legal.bit_length() - 1]
            maximise = maxer[seat]
            value = -_INF if maximise else _INF
            chosen = cards[0]
            for card in cards:
                hands[seat] = hand ^ (1 << card)
                if pos == 0:
                    nbest, nbest_pos, nled = card, 0, card >> 3
                elif beaters[best] >> card & 1:
                    nbest, nbest_pos, nled = card, pos, led
                else:
                    nbest, nbest_pos, nled = best, best_pos, led
                npts = tpts + pts[card]
                if pos + 1 < n:
                    v = node(nxt[seat], pos + 1, leader, nled, nbest, nbest_pos, npts,
                             tmask | (1 << card), left, acc, alpha, beta)
                elif left == 1:  # the last trick of the deal (a root inside it)
                    winner = (leader + nbest_pos) % n
                    if additive:
                        v = last_gain[npts] if maxer[winner] else 0
                    else:
                        side = side_of[winner]
                        lst = list(acc)
                        lst[side] += npts
                        lst[sides + side] += 1
                        assert leaf is not None
                        v = leaf(tuple(lst[:sides]), tuple(lst[sides:]), side)
                else:
                    winner = (leader + nbest_pos) % n
                    if additive:
                        if maxer[winner]:
                            gain = pts_unit * npts + 1
                            v = gain + node(winner, 0, winner, 0, 0, 0, 0, 0, left - 1, acc,
                                            alpha - gain, beta - gain)
                        else:
                            v = node(winner, 0, winner, 0, 0, 0, 0, 0, left - 1, acc,
                                     alpha, beta)
                    else:
                        side = side_of[winner]
                        lst = list(acc)
                        lst[side] += npts
                        lst[sides + side] += 1
                        v = node(winner, 0, winner, 0, 0, 0, 0, 0, left - 1, tuple(lst),
                                 alpha, beta)
                hands[seat] = hand
                if maximise:
                    if v > value:
                        value, chosen = v, card
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < value:
                    value, chosen = v, card
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            if key is not None:
                entry = tt.get(key)
                if entry is None:
                    lo, hi = -_INF, _INF
                else:
                    lo, hi = entry[0], entry[1]
                if value <= alpha0:
                    if value < hi:
                        hi = value
                elif value >= beta0:
                    if value > lo:
                        lo = value
                else:
                    lo = hi = value
                if len(tt) >= _TT_LIMIT:
                    tt.clear()  # bounded memory: start afresh
                tt[key] = [lo, hi, chosen]
            return value

        self.node = node

    def run(self, seat: int, trick: tuple[int, ...], leader: int, left: int,
            acc: tuple[int, ...], alpha: int, beta: int) -> int:
        """Search the position with ``trick`` on the table, ``seat`` to act."""
        game = self.game
        trump = game.trump
        pts = _POINTS[trump]
        beaters = _BEATERS[trump]
        pos = len(trick)
        best, best_pos, tpts, tmask, led = 0, 0, 0, 0, 0
        if trick:
            led = trick[0] >> 3
            best = trick[0]
            for k, card in enumerate(trick):
                tpts += pts[card]
                tmask |= 1 << card
                if k and beaters[best] >> card & 1:
                    best, best_pos = card, k
        return self.node(seat, pos, leader, led, best, best_pos, tpts, tmask, left, acc,
                         alpha, beta)


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
        acc: card points then tricks won per side, from the start of the deal.
        last: the side that won the last trick once the deal is over, else -1.
    """

    seat: int
    trick: tuple[int, ...]
    leader: int
    left: int
    gain: int
    acc: tuple[int, ...]
    last: int


def _root(game: _Game) -> _Pos:
    return _Pos(game.to_act, game.trick, game.leader, game.left, 0, (*game.cp, *game.tricks), -1)


def _step(game: _Game, hands: list[int], pos: _Pos, card: int) -> _Pos:
    """Play ``card`` at ``pos``: removes it from ``hands`` and returns the new position."""
    n = game.n
    seat = pos.seat
    hands[seat] ^= 1 << card
    trick = (*pos.trick, card)
    if len(trick) < n:
        return _Pos((seat + 1) % n, trick, pos.leader, pos.left, pos.gain, pos.acc, -1)
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
        gain += _PTS_UNIT * (points + bonus) + 1 + (_LAST_UNIT if last else 0)
    side = game.side_of(winner)
    acc = list(pos.acc)
    acc[side] += points
    acc[game.sides + side] += 1
    return _Pos(winner, (), winner, pos.left - 1, gain, tuple(acc), side if last else -1)


def _legal_at(game: _Game, hands: list[int], pos: _Pos) -> int:
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
        width = 2 if suit == trump else 3
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
    """The two-sided solver: the measure search and its translation into values."""

    def __init__(self, game: _Game) -> None:
        self.game = game
        self.search = _Search(game)
        self.hands = self.search.hands
        cards = 0
        for h in game.hands:
            cards |= h
        for c in game.trick:
            cards |= 1 << c
        self.remaining = card_points(cards, game.trump)  # card points still to be won
        self.bonus = game.deal.rules.last_trick_bonus
        self._values: dict[int, int] = {}
        self._keys: list[int] | None = None
        self._plateaus: list[int] | None = None

    def decode(self, m: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """Card points, tricks and last-trick side at the end, for a measure ``m`` won from the root."""
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
        """The value of the deal for a measure ``m`` won from the root."""
        value = self._values.get(m)
        if value is None:
            value = self.game.value(self.game.score(*self.decode(m)))
            self._values[m] = value
        return value

    def keys(self) -> list[int]:
        """The measures where the value may change, ascending.

        Between two consecutive keys the value is constant: it depends on the
        points (the last-trick bonus included), and on the tricks only for capot.
        """
        if self._keys is not None:
            return self._keys
        keys = set()
        left, rem, bonus = self.game.left, self.remaining, self.bonus
        for p in range(rem + bonus + 1):
            for last in (0, 1):
                cp = p - (bonus if last else 0)
                if not 0 <= cp <= rem:
                    continue
                t_min = 0 if (cp == 0 and not last) else 1
                t_max = left if (cp == rem and last) else left - 1
                if t_min > t_max:
                    continue
                ts = {t_min}
                if t_min == 0 and t_max >= 1:
                    ts.add(1)
                if t_max == left:
                    ts.add(t_max)
                for t in ts:
                    keys.add(_PTS_UNIT * p + _LAST_UNIT * last + t)
        self._keys = sorted(keys)
        return self._keys

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

    def threshold(self, pred: Callable[[int], bool]) -> int | None:
        """The smallest key whose value satisfies a monotone ``pred``, or ``None``."""
        keys = self.keys()
        lo, hi = 0, len(keys)
        while lo < hi:
            mid = (lo + hi) // 2
            if pred(keys[mid]):
                hi = mid
            else:
                lo = mid + 1
        return keys[lo] if lo < len(keys) else None

    def plateaus(self) -> list[int]:
        """The keys where the value changes (each starts a plateau of one value), ascending."""
        if self._plateaus is None:
            keys = self.keys()
            value_of = self.value_of
            starts = [keys[0]]
            previous = value_of(keys[0])
            for key in keys[1:]:
                value = value_of(key)
                if value != previous:
                    starts.append(key)
                    previous = value
            self._plateaus = starts
        return self._plateaus

    def exact(self, pos: _Pos, guess: int | None = None) -> int:
        """The value of a position, by bisection over the plateaus (null-window probes).

        Each probe asks whether the measure reaches the start of a plateau of
        the value; its fail-soft bound narrows the interval beyond that
        plateau. A failed contract is found without its exact points.
        ``guess``: a value to probe first (a sibling's, say).
        """
        if pos.left == 0:
            return self.value_of(pos.gain)
        starts = self.plateaus()
        lo, hi = 0, len(starts) - 1  # the answer's plateau is in [lo, hi]
        mid = -1
        gallop = guess is not None
        if guess is not None:
            mid = bisect.bisect_left([self.value_of(k) for k in starts], guess)
        step, up = 1, None
        while lo < hi:
            if not lo < mid <= hi:
                if gallop and up is not None:
                    # Gallop away from the guess until the value is bracketed.
                    mid = min(hi, lo + step) if up else max(lo + 1, hi - step + 1)
                else:
                    mid = (lo + hi + 1) // 2
            bound = self.bound(pos, starts[mid])
            at = bisect.bisect_right(starts, bound) - 1  # the plateau holding bound
            reached = bound >= starts[mid]
            if reached:
                lo = max(mid, min(at, hi))
            else:
                hi = max(lo, min(at, mid - 1))
            if up is not None and up != reached:
                gallop = False  # bracketed: bisect from now on
            up = reached
            step *= 2
            mid = -1
        return self.value_of(starts[lo])

    def keeps(self, pos: _Pos, value: int, maximise: bool) -> bool:
        """Whether ``pos`` is worth ``value`` (given it is worth at most/least that)."""
        if maximise:
            key = self.threshold(lambda m: self.value_of(m) >= value)
            return key is not None and self.reaches(pos, key)
        key = self.threshold(lambda m: self.value_of(m) > value)
        return key is None or not self.reaches(pos, key)


class _Paranoid:
    """Three players: the seat of ``game.side`` against the two others together."""

    def __init__(self, game: _Game) -> None:
        self.game = game
        self._leaves: dict[tuple[object, ...], int] = {}
        self.search = _Search(game, self.leaf)
        self.hands = self.search.hands

    def leaf(self, cp: tuple[int, ...], tricks: tuple[int, ...], last: int) -> int:
        """The value of a finished deal (cached: the search reaches the same ends often)."""
        key = (cp, tricks, last)
        value = self._leaves.get(key)
        if value is None:
            value = self._leaves[key] = self.game.value(self.game.score(cp, tricks, last))
        return value

    def exact(self, pos: _Pos, guess: int = 0) -> int:
        """The value of a position: MTD(f), null-window searches from ``guess``."""
        sides = self.game.sides
        if pos.left == 0:
            return self.leaf(pos.acc[:sides], pos.acc[sides:], pos.last)
        lower, upper = -_INF, _INF
        value = guess
        while lower < upper:
            beta = value + 1 if value == lower else value
            value = self.search.run(pos.seat, pos.trick, pos.leader, pos.left, pos.acc,
                                    beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
        return value

    def reaches(self, pos: _Pos, target: int) -> bool:
        """Whether the value reaches ``target``: one null-window search."""
        sides = self.game.sides
        if pos.left == 0:
            return self.leaf(pos.acc[:sides], pos.acc[sides:], pos.last) >= target
        v = self.search.run(pos.seat, pos.trick, pos.leader, pos.left, pos.acc,
                            target - 1, target)
        return v >= target

    def keeps(self, pos: _Pos, value: int, maximise: bool) -> bool:
        sides = self.game.sides
        if pos.left == 0:
            return self.leaf(pos.acc[:sides], pos.acc[sides:], pos.last) == value
        v = self.search.run(pos.seat, pos.trick, pos.leader, pos.left, pos.acc,
                            value - 1, value + 1)
        return v == value


# --- the public functions --------------------------------------------------------------------


@overload
def solve(deal: Deal, target: None = None) -> Solution: ...


@overload
def solve(deal: Deal, target: int) -> bool: ...


def solve(deal: Deal, target: int | None = None) -> Solution | bool:
    """Solve a position with every hand known.

    Args:
        deal: a deal in the play phase, the seat to act about to play a card.
            It is not changed.
        target: when given, answer only whether the value reaches ``target``
            (value >= target): one null-window search, much cheaper than
            the exact value.

    Returns:
        A [`Solution`][belote.solver.Solution], or with ``target`` a bool.

    Raises:
        InvalidArgument: the deal is not in the play phase.
    """
    game = _game(deal)
    if game.sides == 2:
        two = _TwoSided(game)
        if target is not None:
            key = two.threshold(lambda m: two.value_of(m) >= target)
            return key is not None and two.reaches(_root(game), key)
        return _solve(game, two)
    paranoid = _Paranoid(game)
    if target is not None:
        return paranoid.reaches(_root(game), target)
    return _solve(game, paranoid)


def makes_contract(deal: Deal) -> bool:
    """Whether the attack makes its contract when every seat plays perfectly.

    One null-window search: the smallest measure of the attack's points (and
    tricks, for capot) that makes the contract, and whether the attack
    reaches it. A litige is not a made contract.

    Raises:
        InvalidArgument: the variant has no contract (``french``), or the deal
            is not in the play phase.
    """
    if not deal.rules.has_contract or deal.sides != 2:
        raise InvalidArgument(f"{deal.rules.name} has no contract to make")
    game = _game(deal)
    two = _TwoSided(game)
    key = two.threshold(lambda m: game.outcome(*two.decode(m)) is Outcome.MADE)
    return key is not None and two.reaches(_root(game), key)


def _solve(game: _Game, solver: _TwoSided | _Paranoid) -> Solution:
    deal = game.deal
    hands = solver.hands
    root = _root(game)
    seat = game.to_act
    legal = deal.legal_play_mask()
    reps = _representatives(legal, _outstanding(hands, root), game.trump)
    values: dict[int, int] = {}
    for card, rep in reps.items():
        if rep != card:
            continue
        hand = hands[seat]
        child = _step(game, hands, root, card)
        try:
            if values:
                guess = max(values.values()) if game.maxer[seat] else min(values.values())
                values[card] = solver.exact(child, guess)
            else:
                values[card] = solver.exact(child)
        finally:
            hands[seat] = hand
    for card, rep in reps.items():
        values[card] = values[rep]
    maximise = game.maxer[seat]
    best = max(values.values()) if maximise else min(values.values())
    # The principal line: at each step, the lowest card that keeps the value.
    copy = deal.copy()
    pos = root
    card = min(c for c, v in values.items() if v == best)
    line: list[Card] = []
    while True:
        copy.play_card(card, belote=copy.can_announce_belote(card))
        pos = _step(game, hands, pos, card)
        line.append(CARDS[card])
        if copy.is_over:
            break
        cards = _cards_of(_legal_at(game, hands, pos))
        card = cards[0]
        if len(cards) > 1:
            mover = game.maxer[pos.seat]
            for candidate in cards:
                hand = hands[pos.seat]
                child = _step(game, hands, pos, candidate)
                try:
                    ok = solver.keeps(child, best, mover)
                finally:
                    hands[pos.seat] = hand
                if ok:
                    card = candidate
                    break
            else:  # pragma: no cover - the value is kept by some card
                raise AssertionError("no card keeps the value")
    tally = copy.tally()
    assert tally is not None and tally.last_trick is not None
    scores = game.score(tally.card_points, tally.tricks, tally.last_trick)
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
