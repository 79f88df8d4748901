"""The solver's search: alpha-beta over the cards of a double-dummy game.

[`game_of`][belote.solver.ddgame.game_of] reads a [`Deal`][belote.deal.Deal] in the
play phase into a [`Game`][belote.solver.ddgame.Game] (hands as masks, the trump's
tables, the scoring of the end; both re-exported here); a
[`Search`][belote.solver.search.Search] explores it. [`belote.solver`][belote.solver]
builds its public functions ([`solve`][belote.solver.solution.solve],
[`makes_contract`][belote.solver.solution.makes_contract]) on these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from belote.errors import InvalidArgument
from belote.solver.ddgame import Game, game_of
from belote.solver.fronts import (
    INF,
    Front,
    RoundedBounds,
    margin_spread,
    pack_entry,
    unpack_entry,
)
from belote.solver.orders import (
    LEAD_ORDER,
    LOW_MASK,
    MERGE_PLAIN,
    MERGE_TRUMP,
    POINTS_DOWN,
    POINTS_UP,
    RUNS,
    TRUMP_SUIT_BITS,
    UNKNOWN,
    pattern_points,
    spreads,
    sure_points,
)
from belote.solver.stackroom import in_room, interpreted
from belote.tricks import BEATERS, CARD_POINTS, cards_of, follower_mask

__all__ = ["INF", "LAST_UNIT", "PTS_UNIT", "UNSETTLED", "Game", "Search", "Settle", "cards_of",
           "game_of"]

_POINTS: Final = CARD_POINTS  # [trump][card], as in the deal engine
_BEATERS: Final = BEATERS  # [trump][card]


# --- the search ------------------------------------------------------------------------------

# Entries of a transposition table before it is cleared (memory stays bounded).
_TT_LIMIT: Final = 1_500_000
# From this many tricks left, the two-sided search finds exact values by plain minimax.
_SMALL_LEFT: Final = 2
# The largest rounding step a linear search keys on (7 bits a side; knob round_to: 1..100).
_STEP_LIMIT: Final = 127

# The additive measure of the two-sided search, per trick the maximising side wins:
# 32 * (card points + last-trick bonus) + 16 (last trick) + 1 (a trick).
PTS_UNIT: Final = 32
LAST_UNIT: Final = 16


# Values or bounds a position by the measure search: (leader, left, rem, acc, alpha, beta,
# the live pairs whole) -> fail-soft, or UNSETTLED (belote.solver.measure.MeasureSettle).
Settle = Callable[[int, int, int, tuple[int, ...], int, int, int], int]
UNSETTLED: Final = -(1 << 42)  # beyond INF
_QUEENS: Final = 0x20202020  # the queens (the kings one bit above)
# With live pairs whole, the measure search bounds the value from this many tricks left.
_SETTLE_MAX: Final = 5

# Interpreted, the search's ~30 frames of ``node`` live on CPython's frame stack and
# run from a frame with room for them (belote.solver.stackroom); compiled, they are C frames.
def _here() -> None:
    """A function of this module, to ask whether it is compiled."""


_NEEDS_ROOM: Final = interpreted(_here)


class Search:
    """Alpha-beta over the cards, fail-soft, with a transposition table.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`solve`][belote.solver.solution.solve] (and [`makes_contract`][belote.solver.solution.makes_contract]).

    ``additive``: the two-sided game; a node's value is the measure the
    maximising side still takes (see ``PTS_UNIT``), independent of the past,
    so the table holds bounds valid for every probe. Otherwise a node's
    value is the final value of ``leaf``. With ``linear`` (three sides whose
    scores are linear in the card points, see [`Front`][belote.solver.fronts.Front])
    the table holds a front per position and which sides have a trick,
    shared by every past; without it, the key also includes the points and
    tricks won so far. With ``step`` as well (scores rounded to multiples of
    ``step``, which move by exactly ``step`` when the points do), the front's
    key also holds each side's points so far modulo ``step``, shared by every
    past with the same remainders.

    Belotes that a holder may still lose (all-trumps under
    ``belote_needs_lead_follow_or_trump``: a pair whose first card is a
    discard announces nothing; ``game.live``) are tracked by the value
    search only (``leaf`` given): ``acc`` then ends with the belotes announced
    since the root, 3 bits a side, the table key holds them, and the leaf's
    second tuple (the tricks) ends with them too. ``settle`` (a
    [`MeasureSettle`][belote.solver.measure.MeasureSettle]'s) then values
    the trick starts where no live pair is whole by the measure search, and
    bounds the others near the end.

    The search's state lives in typed attributes and its recursion in
    methods with int arguments, so that the compiled core (mypyc) calls them
    directly, with unboxed ints; interpreted, the hot methods read the
    attributes they loop over into locals first, and ``__slots__`` keeps the
    attributes out of a dict (from 30 on, CPython 3.11 gives up its shared-key layout).
    """

    __slots__ = ("additive", "beaters", "bonus", "dealt", "down_spread", "fronts", "game", "hands",
        "has_trump", "killers", "last_gain", "lead_order", "lead_spread", "leaf", "linear", "live",
        "low_mask", "margin_down", "margin_up", "max_dealt", "maxer", "n", "nxt", "partners",
        "play", "points_down", "points_up", "pt0", "pt1", "pt2", "pt3", "pts", "rival1", "rival2",
        "rounded", "runs", "settle", "side_of", "sides", "small", "step", "tracking", "trump",
        "trump_bits", "trump_shift", "tt", "up_spread", "whole")

    def __init__(self, game: Game, leaf: Callable[[tuple[int, ...], tuple[int, ...], int], int]
                 | None = None, *, linear: bool = False, step: int = 0,
                 settle: Settle | None = None) -> None:
        n = game.n
        if linear and (leaf is None or game.sides != 3):
            raise InvalidArgument("a linear search is a three-sided search with a leaf")
        if not 0 <= step <= _STEP_LIMIT or (step and not linear):
            raise InvalidArgument(f"a rounding step of 1..{_STEP_LIMIT} needs a linear search")
        trump = game.trump
        self.game: Final = game
        self.leaf: Final = leaf
        # A position at the start of a trick is the cards still held (``rem``) and the
        # leader: the hands only lose cards, so ``game.hands[seat] & rem`` is each hand.
        # Two sides: key ``rem | leader << 32``; three: with the points and tricks so far.
        self.tt: Final[dict[int, int]] = {}  # entries: pack_entry
        # Three sides, linear: a front per start of trick (key: rem, leader, sides with a trick).
        self.linear: Final = linear
        self.fronts: Final[dict[int, Front]] = {}
        self.rival1: Final = (game.side + 1) % 3
        self.rival2: Final = (game.side + 2) % 3
        # Scores rounded to ``step`` (0: none): the fronts are keyed by each side's
        # points so far modulo ``step`` too, and the quick bounds are the rounded
        # scores' (RoundedBounds).
        self.step: Final = step
        # Per sides with a trick so far (3 bits): the most and least the parts of the
        # scores fixed by the tricks (Front) can add to each margin at the end.
        up, down = margin_spread(game) if linear else ([], [])
        self.margin_up: Final = up
        self.margin_down: Final = down
        self.rounded: Final = RoundedBounds(game, step) if step else None
        # Exact measures of the last few tricks (they hold for every probe), by the same key.
        self.small: Final[dict[int, int]] = {}
        self.dealt: Final = game.hands
        # The hands of the position searched: callers play cards out of them and put
        # them back (belote.solver.solution), never move a card from one hand to another.
        self.hands: Final = list(game.hands)
        self.n: Final = n
        self.trump: Final = trump
        self.trump_shift: Final = 8 * trump
        # A trump suit (modes 0..3): its top cards win their tricks (sure points); in
        # no-trumps and all-trumps no card wins a trick of another suit.
        self.has_trump: Final = trump < 4
        self.trump_bits: Final = TRUMP_SUIT_BITS[trump]
        # Per seat, the kings and queens of the pairs whose belote the search tracks.
        if game.live and (leaf is None or linear):
            raise InvalidArgument("belotes that may be lost need the keyed value search")
        self.live: Final = game.live
        self.tracking: Final = bool(game.live)
        # Once no live pair is whole, no belote is left to win or lose: ``settle``
        # values the position with the measure search (MeasureSettle), if given.
        self.settle: Final = settle
        whole = 0
        for mask in game.live:
            whole |= mask
        self.whole: Final = whole
        self.play: Final = game.play
        self.partners: Final = game.partners
        self.maxer: Final = game.maxer
        max_dealt = 0
        for k in range(n):
            if game.maxer[k]:
                max_dealt |= game.hands[k]
        self.max_dealt: Final = max_dealt  # the maximising side's cards, as dealt
        self.runs: Final = RUNS
        self.nxt: Final = tuple((k + 1) % n for k in range(n))
        self.additive: Final = leaf is None
        self.sides: Final = game.sides
        self.side_of: Final = tuple(game.side_of(s) for s in range(n))
        self.pts: Final = _POINTS[trump]
        self.beaters: Final = _BEATERS[trump]
        self.low_mask: Final = LOW_MASK[trump]
        self.bonus: Final = game.deal.rules.last_trick_bonus
        self.last_gain: Final = tuple(
            PTS_UNIT * (p + self.bonus) + 1 + LAST_UNIT for p in range(200)
        )
        # The card points of a suit's 8-bit pattern, per suit.
        self.pt0: Final = pattern_points(0, trump)
        self.pt1: Final = pattern_points(1, trump)
        self.pt2: Final = pattern_points(2, trump)
        self.pt3: Final = pattern_points(3, trump)
        # Per tricks left and seat, the lead that last cut a search off (a "killer"):
        # tried first where the table has no best card for the position.
        self.killers: Final = [-1] * ((game.left + 1) * n)
        self.lead_order: Final = LEAD_ORDER[trump]
        self.points_down: Final = POINTS_DOWN[trump]
        self.points_up: Final = POINTS_UP[trump]
        lead_spread, down_spread, up_spread = spreads(trump)
        self.lead_spread: Final = lead_spread
        self.down_spread: Final = down_spread
        self.up_spread: Final = up_spread

    def spread(self, mask: int, table: tuple[int, ...]) -> int:
        """The cards of ``mask`` as their positions in an order (``table``: see `_spread_table`)."""
        out = 0
        if mask & 0xFF:
            out = table[mask & 0xFF]
        if mask & 0xFF00:
            out |= table[256 | (mask >> 8 & 0xFF)]
        if mask & 0xFF0000:
            out |= table[512 | (mask >> 16 & 0xFF)]
        if mask >> 24:
            out |= table[768 | mask >> 24]
        return out

    def reduce(self, legal: int, others: int) -> int:
        """Drop the legal low cards equivalent to a lower one."""
        lows = legal & self.low_mask
        if not lows & (lows - 1):
            return legal
        trump_bits = self.trump_bits
        for shift in (0, 8, 16, 24):
            low = lows >> shift & 7
            if low & (low - 1):  # two low cards or more in this suit
                if trump_bits >> shift & 1:
                    keep = MERGE_TRUMP[low | (others >> shift & 3) << 3]
                else:
                    keep = MERGE_PLAIN[low | (others >> shift & 7) << 3]
                legal &= ~(low << shift) | (keep << shift)
        return legal

    def finish(self, leader: int, rem: int, acc: tuple[int, ...]) -> int:
        """The last trick, every card forced (``rem``: the cards still held)."""
        dealt = self.dealt
        pts = self.pts
        beaters = self.beaters
        nxt = self.nxt
        n = self.n
        seat = leader
        card = best = (dealt[seat] & rem).bit_length() - 1
        best_pos = 0
        total = pts[card]
        for k in range(1, n):
            seat = nxt[seat]
            card = (dealt[seat] & rem).bit_length() - 1
            total += pts[card]
            if beaters[best] >> card & 1:
                best, best_pos = card, k
        winner = (leader + best_pos) % n
        if self.additive:
            return self.last_gain[total] if self.maxer[winner] else 0
        return self.scored(acc, winner, total)

    def scored(self, acc: tuple[int, ...], winner: int, points: int) -> int:
        """The leaf value of the deal's end: the last trick's ``points`` to ``winner``'s side."""
        side = self.side_of[winner]
        sides = self.sides
        lst = list(acc)
        lst[side] += points
        lst[sides + side] += 1
        leaf = self.leaf
        assert leaf is not None
        return leaf(tuple(lst[:sides]), tuple(lst[sides:]), side)

    def exact_small(self, leader: int, left: int, rem: int) -> int:
        """The exact measure of the last few tricks (cached: it holds for every probe)."""
        if left == 1:
            return self.finish(leader, rem, ())
        key = rem | leader << 32
        small = self.small
        value = small.get(key)
        if value is None:
            value = small[key] = self.minimax(leader, 0, leader, 0, 0, 0, 0, rem, left, -1, INF)
        return value

    def minimax(self, seat: int, pos: int, leader: int, led: int, best: int, best_pos: int,
                tpts: int, rem: int, left: int, alpha: int, beta: int) -> int:
        """Alpha-beta over one trick, then the exact rest (exact with the full window).

        ``rem``: the cards still held (each seat's hand is its dealt hand and ``rem``).
        """
        dealt = self.dealt
        n = self.n
        maxer = self.maxer
        beaters = self.beaters
        pts = self.pts
        hand = dealt[seat] & rem
        if pos:
            legal = follower_mask(hand, led, best, self.partners and best_pos == pos - 2,
                                  self.trump, self.play)
        else:
            legal = hand
        maximise = maxer[seat]
        value = -1 if maximise else INF
        while legal:
            bit = legal & -legal
            legal ^= bit
            card = bit.bit_length() - 1
            nrem = rem ^ bit
            if pos == 0:
                nbest, nbest_pos, nled = card, 0, card >> 3
            elif beaters[best] >> card & 1:
                nbest, nbest_pos, nled = card, pos, led
            else:
                nbest, nbest_pos, nled = best, best_pos, led
            npts = tpts + pts[card]
            if pos + 1 < n:
                v = self.minimax(self.nxt[seat], pos + 1, leader, nled, nbest, nbest_pos, npts,
                                 nrem, left, alpha, beta)
            else:
                winner = (leader + nbest_pos) % n
                if left == 2:  # the last trick, every card forced (inlined: hot)
                    nxt = self.nxt
                    last_seat = winner
                    last_best = (dealt[last_seat] & nrem).bit_length() - 1
                    last_pos = 0
                    total = pts[last_best]
                    for k in range(1, n):
                        last_seat = nxt[last_seat]
                        last_card = (dealt[last_seat] & nrem).bit_length() - 1
                        total += pts[last_card]
                        if beaters[last_best] >> last_card & 1:
                            last_best, last_pos = last_card, k
                    v = self.last_gain[total] if maxer[(winner + last_pos) % n] else 0
                else:
                    v = self.exact_small(winner, left - 1, nrem)
                if maxer[winner]:
                    v += PTS_UNIT * npts + 1
            if maximise:
                if v > value:
                    value = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < value:
                value = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return value

    def node(self, seat: int, pos: int, leader: int, led: int, best: int, best_pos: int,
             tpts: int, tmask: int, rem: int, left: int, acc: tuple[int, ...], alpha: int,
             beta: int) -> int:
        """The value from this node on: ``pos`` cards of the trick played.

        ``tmask``: the cards on the table; ``rem``: the cards still held (each
        seat's hand is its dealt hand and ``rem``).
        """
        dealt = self.dealt
        n = self.n
        maxer = self.maxer
        beaters = self.beaters
        additive = self.additive
        key = -1  # none: the position is not stored
        fkey = -1  # none: no front is stored (see Front)
        d1 = d2 = 0
        hint = -1
        lo, hi = -INF, INF  # the bounds the table gives
        alpha0, beta0 = alpha, beta
        hand = dealt[seat] & rem
        if pos == 0:
            if left == 1:
                return self.finish(leader, rem, acc)
            if left <= _SMALL_LEFT and additive:
                return self.exact_small(leader, left, rem)
            if additive:
                key = rem | leader << 32
                entry = self.tt.get(key, -1)
                if entry >= 0:  # the table first: it answers most probes
                    lo, hi, hint = unpack_entry(entry)
                    if lo >= beta:
                        return lo
                    if hi <= alpha or lo == hi:
                        return hi
                # Quick bounds: the points still in play.
                top = PTS_UNIT * (
                    self.pt0[rem & 0xFF] + self.pt1[rem >> 8 & 0xFF]
                    + self.pt2[rem >> 16 & 0xFF] + self.pt3[rem >> 24] + self.bonus
                ) + LAST_UNIT + left
                # The top trumps held by one side win their tricks.
                if self.has_trump:
                    trump_shift = self.trump_shift
                    run_key = ((self.max_dealt & rem) >> trump_shift & 0xFF) << 8 | (
                        rem >> trump_shift & 0xFF)
                    runs = self.runs
                    sure = runs[run_key]
                    if sure == UNKNOWN:
                        sure = runs[run_key] = sure_points(run_key >> 8, run_key & 0xFF)
                    if sure > 0:
                        if PTS_UNIT * sure >= beta:
                            return PTS_UNIT * sure
                    elif sure < 0:
                        top += PTS_UNIT * sure
                if top <= alpha:
                    return top
                if beta <= 0:
                    return 0
            elif self.linear:
                # The sides with a trick so far decide the capot; the margins so far
                # only shift the front's pairs (see Front).
                fkey = rem | leader << 32
                if acc[3]:
                    fkey |= 1 << 34
                if acc[4]:
                    fkey |= 1 << 35
                if acc[5]:
                    fkey |= 1 << 36
                side = self.game.side
                rival1, rival2 = self.rival1, self.rival2
                mine = acc[side]
                closer = mine - acc[rival1]
                other = mine - acc[rival2]
                if other < closer:
                    closer = other
                step = self.step
                if step:
                    # Rounded scores: a side's points move its score by exactly r
                    # when they move by r, so the points modulo r go into the key
                    # and the multiples of r make the margins so far (see Front).
                    r0, r1, r2 = acc[0] % step, acc[1] % step, acc[2] % step
                    fkey |= r0 << 37 | r1 << 44 | r2 << 51
                    mine -= acc[side] % step
                    d1 = mine - (acc[rival1] - acc[rival1] % step)
                    d2 = mine - (acc[rival2] - acc[rival2] % step)
                else:
                    d1 = mine - acc[rival1]
                    d2 = mine - acc[rival2]
                # Quick bounds: each margin moves by the card points still in play at
                # most, plus or minus what the tricks (and the rounding) can add.
                points = (self.pt0[rem & 0xFF] + self.pt1[rem >> 8 & 0xFF]
                          + self.pt2[rem >> 16 & 0xFF] + self.pt3[rem >> 24])
                flags = fkey >> 34 & 7
                rounded = self.rounded
                if rounded is not None:
                    top, bottom = rounded.bounds(acc, points, flags)
                else:
                    top = closer + points + self.margin_up[flags]
                    bottom = closer - points + self.margin_down[flags]
                if top <= alpha:
                    return top
                if bottom >= beta:
                    return bottom
                front = self.fronts.get(fkey)
                if front is not None:
                    hint = front.hint
                    lo = front.lower(d1, d2)
                    if lo >= beta:
                        return lo
                    hi = front.upper(d1, d2)
                    if hi <= alpha or lo == hi:
                        return hi
            else:
                settle = self.settle
                pairs = 0  # the live pairs still whole (their queens)
                if settle is not None:
                    pairs = rem & self.whole
                    pairs &= pairs >> 1 & _QUEENS
                    if not pairs:  # settled
                        v = settle(leader, left, rem, acc, alpha, beta, pairs)
                        if v != UNSETTLED:
                            return v
                # Each side's card points so far (8 bits: the deck holds 152), and whether
                # it has a trick (the tricks count for capot only): 9 bits a side.
                sides = self.sides
                key = rem | leader << 32
                shift = 34
                for k in range(sides):
                    key |= acc[k] << shift
                    if acc[sides + k]:
                        key |= 1 << (shift + 8)
                    shift += 9
                if self.tracking:  # the belotes announced so far
                    key |= acc[2 * sides] << shift
                entry = self.tt.get(key, -1)
                if entry >= 0:
                    lo, hi, hint = unpack_entry(entry)
                    if lo >= beta:
                        return lo
                    if hi <= alpha or lo == hi:
                        return hi
                if pairs and settle is not None and left <= _SETTLE_MAX:  # bounded
                    v = settle(leader, left, rem, acc, alpha, beta, pairs)
                    if v != UNSETTLED:
                        return v
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            legal = self.reduce(hand, rem ^ hand)
            if hint < 0:
                hint = self.killers[left * n + seat]
                if hint >= 0 and not legal >> hint & 1:
                    hint = -1
            # The leads in order, strongest and richest first (the hint apart).
            first = self.spread(legal, self.lead_spread)
            if hint >= 0:
                first &= ~self.lead_spread[(hint & ~7) << 5 | 1 << (hint & 7)]
            first_order = then_order = self.lead_order
            then = 0
            card = hint
        else:
            legal = follower_mask(hand, led, best, self.partners and best_pos == pos - 2,
                                  self.trump, self.play)
            if legal & (legal - 1):
                lows = legal & self.low_mask
                if lows & (lows - 1):  # two low cards or more: merge the equivalent ones
                    legal = self.reduce(legal, (rem | tmask) ^ hand)
                beat = legal & beaters[best]
                # The order depends on who holds the trick. Our side: give points, without
                # overtaking first. The last seat against it: take the most points. An
                # earlier seat against it: win cheaply. The seat before the last plays
                # as against the trick when its partner holds it with a card the last
                # seat could beat. Cards that do not beat the best one come last, fewest
                # points first.
                if maxer[(leader + best_pos) % n] == maxer[seat] and (
                        pos != n - 2 or not beaters[best] & dealt[self.nxt[seat]] & rem):
                    first, first_table, then, then_table = legal ^ beat, self.down_spread, beat, \
                        self.down_spread
                    first_order = then_order = self.points_down
                elif pos == n - 1:
                    first, first_table, then, then_table = beat, self.down_spread, legal ^ beat, \
                        self.up_spread
                    first_order, then_order = self.points_down, self.points_up
                else:
                    first, first_table, then, then_table = beat, self.up_spread, legal ^ beat, \
                        self.up_spread
                    first_order = then_order = self.points_up
                shift = (legal.bit_length() - 1) & ~7
                if not legal & ((1 << shift) - 1):  # one suit (the usual case): one read each
                    first = first_table[shift << 5 | first >> shift] if first else 0
                    then = then_table[shift << 5 | then >> shift] if then else 0
                else:
                    first = self.spread(first, first_table)
                    then = self.spread(then, then_table)
                card = -1
            else:  # one legal card
                first = then = 0
                first_order = then_order = self.points_down
                card = legal.bit_length() - 1
        pts = self.pts
        tracking = self.tracking
        maximise = maxer[seat]
        value = -INF if maximise else INF
        # ``card`` first (a leader's hint: its best card in the table, or its killer),
        # then the cards at the positions ``first`` of ``first_order``, then those at
        # ``then`` of ``then_order``, each time the lowest position left.
        order = first_order
        chosen = -1
        while True:
            if card < 0:
                if not first:
                    if not then:
                        break
                    first, order, then = then, then_order, 0
                low = first & -first
                first ^= low
                card = order[low.bit_length() - 1]
            nrem = rem ^ (1 << card)
            if pos == 0:
                nbest, nbest_pos, nled = card, 0, card >> 3
            elif beaters[best] >> card & 1:
                nbest, nbest_pos, nled = card, pos, led
            else:
                nbest, nbest_pos, nled = best, best_pos, led
            npts = tpts + pts[card]
            cacc = acc
            if tracking and self.live[seat] >> card & 1 and rem >> (card ^ 3) & 1 and (
                    pos == 0 or card >> 3 == led):
                # The first card of a live pair, leading or following suit: belote.
                cacc = self.announced(acc, seat)
            if pos + 1 < n:
                v = self.node(self.nxt[seat], pos + 1, leader, nled, nbest, nbest_pos, npts,
                              tmask | (1 << card), nrem, left, cacc, alpha, beta)
            elif left == 1:  # the last trick of the deal (a root inside it)
                winner = (leader + nbest_pos) % n
                if additive:
                    v = self.last_gain[npts] if maxer[winner] else 0
                else:
                    v = self.scored(cacc, winner, npts)
            else:
                winner = (leader + nbest_pos) % n
                if additive:
                    if left <= _SMALL_LEFT + 1:  # the exact end, inlined (hot)
                        if left == 2:
                            v = self.finish(winner, nrem, acc)
                        else:
                            small_key = nrem | winner << 32
                            v = self.small.get(small_key, -1)
                            if v < 0:
                                v = self.small[small_key] = self.minimax(
                                    winner, 0, winner, 0, 0, 0, 0, nrem, left - 1, -1, INF)
                        if maxer[winner]:
                            v += PTS_UNIT * npts + 1
                    elif maxer[winner]:
                        gain = PTS_UNIT * npts + 1
                        v = gain + self.node(winner, 0, winner, 0, 0, 0, 0, 0, nrem, left - 1,
                                             acc, alpha - gain, beta - gain)
                    else:
                        v = self.node(winner, 0, winner, 0, 0, 0, 0, 0, nrem, left - 1, acc,
                                      alpha, beta)
                else:
                    side = self.side_of[winner]
                    sides = self.sides
                    lst = list(cacc)
                    lst[side] += npts
                    lst[sides + side] += 1
                    v = self.node(winner, 0, winner, 0, 0, 0, 0, 0, nrem, left - 1, tuple(lst),
                                  alpha, beta)
            if maximise:
                if v > value:
                    value, chosen = v, card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            if pos == 0:
                                self.killers[left * n + seat] = card
                            break
            elif v < value:
                value, chosen = v, card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        if pos == 0:
                            self.killers[left * n + seat] = card
                        break
            card = -1
        if key >= 0:
            # ``lo`` and ``hi`` are still the table's bounds: no position below this
            # one has the same cards, so its entry has not changed since.
            if value <= alpha0:
                if value < hi:
                    hi = value
            elif value >= beta0:
                if value > lo:
                    lo = value
            else:
                lo = hi = value
            tt = self.tt
            if len(tt) >= _TT_LIMIT:
                tt.clear()  # bounded memory: start afresh
            tt[key] = pack_entry(lo, hi, chosen)
        elif fkey >= 0:
            fronts = self.fronts
            front = fronts.get(fkey)
            if front is None:
                if len(fronts) >= _TT_LIMIT:
                    fronts.clear()  # bounded memory: start afresh
                front = fronts[fkey] = Front()
            front.hint = chosen
            if value < beta0:  # the value is at most ``value``: not value + 1
                front.add_loss(value + 1 - d1, value + 1 - d2)
            if value > alpha0:  # the value is at least ``value``
                front.add_win(value - d1, value - d2)
        return value

    def announced(self, acc: tuple[int, ...], seat: int) -> tuple[int, ...]:
        """``acc`` with one more belote announced by ``seat``'s side (3 bits a side, last)."""
        lst = list(acc)
        lst[-1] += 1 << (3 * self.side_of[seat])
        return tuple(lst)

    def run(self, seat: int, trick: tuple[int, ...], leader: int, left: int,
            acc: tuple[int, ...], alpha: int, beta: int) -> int:
        """Search the position with ``trick`` on the table, ``seat`` to act."""
        pts = self.pts
        beaters = self.beaters
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
        rem = 0
        for hand, dealt in zip(self.hands, self.dealt, strict=True):
            assert not hand & ~dealt, "a card moved from one hand to another"
            rem |= hand
        if _NEEDS_ROOM:
            return in_room(self.node, seat, pos, leader, led, best, best_pos, tpts, tmask, rem,
                           left, acc, alpha, beta)
        return self.node(seat, pos, leader, led, best, best_pos, tpts, tmask, rem, left, acc,
                         alpha, beta)
