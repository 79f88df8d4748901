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

from belote.cards import (
    PLAIN_PATTERN_POINTS,
    PLAIN_STRENGTH,
    TRUMP_PATTERN_POINTS,
    TRUMP_STRENGTH,
)
from belote.solver.ddgame import Game, game_of
from belote.solver.stackroom import in_room, interpreted
from belote.tricks import BEATERS, CARD_POINTS, follower_mask

__all__ = ["INF", "LAST_UNIT", "PTS_UNIT", "Game", "Search", "cards_of", "game_of"]

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
# The order of a follower's legal cards, per trump, then per legal cards, best card and kind.
_ORDERS: dict[int, dict[int, tuple[int, ...]]] = {}
# The order of a leader's cards, per trump, then per legal cards.
_LEADS: dict[int, dict[int, tuple[int, ...]]] = {}
# Entries of each order table before a search starts it afresh (bounded memory).
_ORDER_LIMIT: Final = 200_000


def cards_of(mask: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out



# --- the search ------------------------------------------------------------------------------

INF: Final = 1 << 40
# Entries of a transposition table before it is cleared (memory stays bounded).
_TT_LIMIT: Final = 1_500_000
# From this many tricks left, the two-sided search finds exact values by plain minimax.
_SMALL_LEFT: Final = 2

# The additive measure of the two-sided search, per trick the maximising side wins:
# 32 * (card points + last-trick bonus) + 16 (last trick) + 1 (a trick).
PTS_UNIT: Final = 32
LAST_UNIT: Final = 16


# Interpreted, the search's ~30 frames of ``node`` live on CPython's frame stack and
# run from a frame with room for them (belote.solver.stackroom); compiled, they are C frames.
_NEEDS_ROOM: Final = interpreted(_merge_table)


class Search:
    """Alpha-beta over the cards, fail-soft, with a transposition table.

    ``additive``: the two-sided game; a node's value is the measure the
    maximising side still takes (see ``PTS_UNIT``), independent of the past,
    so the table holds bounds valid for every probe. Otherwise (three
    players) a node's value is the final value, and the table key includes
    the points and tricks won so far.
    """

    def __init__(self, game: Game, leaf: Callable[[tuple[int, ...], tuple[int, ...], int], int]
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
        pts_unit, last_unit = PTS_UNIT, LAST_UNIT
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
        orders = _ORDERS.setdefault(trump, {})
        # Per tricks left and seat, the lead that last cut a search off (a "killer"):
        # tried first where the table has no best card for the position.
        killers = [-1] * ((game.left + 1) * n)
        leads = _LEADS.setdefault(trump, {})
        if len(orders) > _ORDER_LIMIT:
            orders.clear()
        if len(leads) > _ORDER_LIMIT:
            leads.clear()

        def follower_order(legal: int, best: int, kind: int) -> tuple[int, ...]:
            """The order a follower tries its legal cards in.

            ``kind`` 0: our side holds the trick: give points, without
            overtaking first. 1: the last seat against the trick: take the
            most points. 2: an earlier seat against it: win cheaply. Cards
            that do not beat the best one come last, fewest points first.
            """
            beat = beaters[best]
            if kind == 0:
                cards = sorted(cards_of(legal & ~beat), key=pts_down)
                cards += sorted(cards_of(legal & beat), key=pts_down)
            else:
                cards = sorted(cards_of(legal & beat), key=pts_down if kind == 1 else pts_up)
                cards += sorted(cards_of(legal & ~beat), key=pts_up)
            return tuple(cards)

        def exact_small(leader: int, left: int) -> int:
            """The exact measure of the last few tricks (cached: it holds for every probe)."""
            if left == 1:
                return finish(leader, ())
            key = (*hands, leader)
            value = small.get(key)
            if value is None:
                value = small[key] = minimax(leader, 0, leader, 0, 0, 0, 0, left, -1, INF)
            return value

        def minimax(seat: int, pos: int, leader: int, led: int, best: int, best_pos: int,
                    tpts: int, left: int, alpha: int, beta: int) -> int:
            """Alpha-beta over one trick, then the exact rest (exact with the full window)."""
            hand = hands[seat]
            if pos:
                legal = fmask(hand, led, best, partners and best_pos == pos - 2, trump, play)
            else:
                legal = hand
            maximise = maxer[seat]
            value = -1 if maximise else INF
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
                    v = minimax(nxt[seat], pos + 1, leader, nled, nbest, nbest_pos, npts, left,
                                alpha, beta)
                else:
                    winner = (leader + nbest_pos) % n
                    if left == 2:  # the last trick, every card forced (inlined: hot)
                        last_seat = winner
                        last_best = hands[last_seat].bit_length() - 1
                        last_pos = 0
                        total = pts[last_best]
                        for k in range(1, n):
                            last_seat = nxt[last_seat]
                            last_card = hands[last_seat].bit_length() - 1
                            total += pts[last_card]
                            if beaters[last_best] >> last_card & 1:
                                last_best, last_pos = last_card, k
                        v = last_gain[total] if maxer[(winner + last_pos) % n] else 0
                    else:
                        v = exact_small(winner, left - 1)
                    if maxer[winner]:
                        v += pts_unit * npts + 1
                hands[seat] = hand
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
                alpha0, beta0 = alpha, beta
                if additive:
                    key = (*hands, leader)
                    entry = tt.get(key)
                    if entry is not None:  # the table first: it answers most probes
                        lo, hi, hint = entry
                        if lo >= beta:
                            return lo
                        if hi <= alpha or lo == hi:
                            return hi
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
                    entry = tt.get(key)
                    if entry is not None:
                        lo, hi, hint = entry
                        if lo >= beta:
                            return lo
                        if hi <= alpha or lo == hi:
                            return hi
                if entry is not None:
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                legal = reduce(hand, rem ^ hand)
                cards = leads.get(legal)
                if cards is None:
                    cards = leads[legal] = tuple(sorted(cards_of(legal), key=lead_key))
                if hint < 0:
                    hint = killers[left * n + seat]
                    if hint >= 0 and not legal >> hint & 1:
                        hint = -1
                if hint >= 0 and hint != cards[0]:
                    cards = (hint, *[c for c in cards if c != hint])
            else:
                legal = fmask(hand, led, best, partners and best_pos == pos - 2, trump, play)
                if legal & (legal - 1):
                    lows = legal & low_mask
                    if lows & (lows - 1):  # two low cards or more: merge the equivalent ones
                        others = tmask
                        for h in hands:
                            others |= h
                        legal = reduce(legal, others ^ hand)
                    # The order depends on the legal cards, the best card and who holds it.
                    # The seat before the last plays as against the trick when its
                    # partner holds it with a card the last seat could beat.
                    if maxer[(leader + best_pos) % n] == maxer[seat] and (
                            pos != n - 2 or not beaters[best] & hands[nxt[seat]]):
                        okey = legal | best << 32
                    elif pos == n - 1:
                        okey = legal | best << 32 | 1 << 37
                    else:
                        okey = legal | best << 32 | 2 << 37
                    cards = orders.get(okey)
                    if cards is None:
                        cards = orders[okey] = follower_order(legal, best, okey >> 37)
                else:
                    cards = (legal.bit_length() - 1,)
            maximise = maxer[seat]
            value = -INF if maximise else INF
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
                        if left <= small_left + 1:  # the exact end, inlined (hot)
                            if left == 2:
                                v = finish(winner, acc)
                            else:
                                small_key = (*hands, winner)
                                v = small.get(small_key, -1)
                                if v < 0:
                                    v = small[small_key] = minimax(winner, 0, winner, 0, 0, 0,
                                                                   0, left - 1, -1, INF)
                            if maxer[winner]:
                                v += pts_unit * npts + 1
                        elif maxer[winner]:
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
                                if pos == 0:
                                    killers[left * n + seat] = card
                                break
                elif v < value:
                    value, chosen = v, card
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            if pos == 0:
                                killers[left * n + seat] = card
                            break
            if key is not None:
                entry = tt.get(key)
                if entry is None:
                    lo, hi = -INF, INF
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
        if _NEEDS_ROOM:
            return in_room(self.node, seat, pos, leader, led, best, best_pos, tpts, tmask, left,
                           acc, alpha, beta)
        return self.node(seat, pos, leader, led, best, best_pos, tpts, tmask, left, acc, alpha, beta)


