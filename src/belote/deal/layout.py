"""Where each card of the deck goes: the [`Layout`][belote.deal.layout.Layout] of a table.

The positions depend on the variant's packets, the table size and the dealer
only, so [`layout`][belote.deal.layout.layout] computes them once and caches
them; dealing ([`belote.deal.dealing`][belote.deal.dealing]) reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belote.errors import InvalidArgument
from belote.rules import CallingOut, Rules, checks
from belote.rules.strains import point_table

if TYPE_CHECKING:
    from belote.scoring.announcements import Combination, Declaration

__all__ = ["Layout", "layout"]


class Layout:
    """Where each card of the deck goes, for one variant, table size and dealer.

    Dealing (docs/rules.md#dealing) reads these precomputed deck positions instead of
    redoing the packet arithmetic for every deal; get one from
    [`layout`][belote.deal.layout.layout], which caches them.

    Attributes:
        rules: the variant (the cache checks it by identity).
        players: the number of players.
        dealer: the dealer's seat.
        hand_size: cards per hand, hence tricks in a played deal.
        first: per seat, the deck positions of its first-distribution cards.
        turned: the deck position of the turned card.
        completion: per taker, per seat, the deck positions of its completion cards.
        next_card: per taker, the deck position after the completion.
        announces: whether the variant has declarations (``rules.has_announcements``).
        auction: whether the variant bids contracts in an auction (nothing is turned: ``turned``
            is then the position of the first card after the first packets).
        strain_auction: whether that auction bids strains alone (``bidding=strain-auction``).
        calls_out: whether the variant has calling out or "j'arrête".
        coinche: whether a defender may coinche the standing contract (an auction's
            ``coinche``; false without an auction).
        surcoinche: whether the coinched side may surcoinche (the auction's ``surcoinche``).
        coinche_any_time: whether a defender may coinche out of turn (the
            auction's ``coinche_any_time``, at a table of four).
        escape_by_doubled_side: whether, after a double, only the doubled side
            may bid higher (the auction's ``double_escape_by_doubled_side``).
        bids_above: a cache, per standing contract value (-1: none), of the mask
            of the bid ids above it (what [`contract_bids`][belote.deal.auction.contract_bids]
            computes); in a strain auction, per standing strain, the strains above it
            in the small mask of [`strain_calls`][belote.deal.auction.strain_calls]:
            the auction's rules read at native speed.
        combinations: a cache of what each hand can declare (a hand mask's
            [`find_combinations`][belote.scoring.announcements.find_combinations]).
        first_declarations: a cache, per hand mask, of the mask of declare
            action ids open to a seat that has declared nothing yet.
        declarations: a cache of the declarations made, per combination
            mask and seat (``mask * 8 + seat``): a frozen value, shared by
            the deals that make it.
        points: per trump mode, what each card counts
            ([`point_table`][belote.rules.strains.point_table]: the core's values, or
            contrée's sans-atout and tout-atout readings).

    Raises:
        InvalidArgument: the variant cannot be dealt to that many players.
    """

    __slots__ = (
        "announces", "auction", "bids_above", "calls_out", "coinche", "coinche_any_time",
        "combinations", "completion", "dealer", "declarations", "escape_by_doubled_side", "first",
        "first_declarations", "hand_size",
        "next_card", "players", "points", "rules", "strain_auction", "surcoinche", "turned",
    )

    def __init__(self, rules: object, n: object, dealer: object) -> None:
        """Compute the deck positions; the arguments are checked (a cache miss only).

        Raises:
            InvalidArgumentType: ``rules`` is not a ``Rules``, ``n`` or ``dealer`` not a whole number.
            InvalidArgument: a table size the variant does not allow, ``dealer`` not a seat,
                or too many cards to deal.
        """
        rules = checks.instance(rules, Rules, "rules")
        n = rules.check_players(n)  # type: ignore[arg-type]
        dealer = checks.whole(dealer, "dealer", 0, n - 1)
        self.rules = rules
        self.players = n
        self.dealer = dealer
        self.combinations: dict[int, tuple[Combination, ...]] = {}
        self.first_declarations: dict[int, int] = {}
        self.declarations: dict[int, Declaration] = {}
        self.announces = rules.has_announcements
        self.auction = rules.has_auction
        self.strain_auction = rules.strain_auction
        self.calls_out = rules.calling_out is not CallingOut.NONE
        auction = rules.auction if self.auction else None
        self.coinche = auction is not None and auction.coinche
        self.surcoinche = auction is not None and auction.surcoinche
        self.coinche_any_time = auction is not None and auction.coinche_any_time and n == 4
        self.escape_by_doubled_side = (
            auction is not None and auction.double_escape_by_doubled_side
        )
        self.bids_above: dict[int, int] = {}
        self.points: tuple[tuple[int, ...], ...] = tuple(point_table(rules, mode) for mode in range(6))
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
        # An auction turns no card: a strain auction's completion follows the first packets.
        takes_turned = rules.taker_takes_turned and not self.auction
        for taker in range(n):
            hands: list[list[int]] = [[] for _ in range(n)]
            pos = self.turned + (0 if self.auction else 1)
            for packet, size in enumerate(rules.completion_packets):
                for seat in order:
                    count = size
                    if takes_turned and packet == 0 and seat == taker:
                        count -= 1  # the taker has the turned card already
                    hands[seat].extend(range(pos, pos + count))
                    pos += count
            completion.append(tuple(tuple(positions) for positions in hands))
            next_card.append(pos)
        self.completion = tuple(completion)
        self.next_card = tuple(next_card)

    def __reduce__(self) -> tuple[object, tuple[Rules, int, int]]:
        """Pickled as what it is computed from (a deal pickles with its layout)."""
        return (layout, (self.rules, self.players, self.dealer))


_LAYOUTS: dict[tuple[int, int, int], Layout] = {}


def layout(rules: object, n: object, dealer: object) -> Layout:
    """The [`Layout`][belote.deal.layout.Layout] of a variant, table size and dealer (cached).

    Checked where it costs nothing on the way to a cached layout: a table size
    or dealer that is not an ``int`` goes to ``Layout``, which refuses it, as it
    checks everything on a cache miss.

    >>> from belote.rules import get_rules
    >>> spots = layout(get_rules("classic"), 4, 3)
    >>> spots.hand_size, spots.first[0], spots.turned
    (8, (0, 1, 2, 12, 13), 20)

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``, ``n`` or ``dealer`` not a whole number.
        InvalidArgument: a table size the variant does not allow, ``dealer`` not a seat, or
            too many cards to deal.
    """
    if type(n) is not int or type(dealer) is not int:
        return Layout(rules, n, dealer)  # raises the typed error
    key = (id(rules), n, dealer)
    found = _LAYOUTS.get(key)
    if found is None or found.rules is not rules:  # an id can be reused once freed
        found = Layout(rules, n, dealer)
        if len(_LAYOUTS) >= 256:  # variants built on the fly (attrs.evolve) come and go
            _LAYOUTS.clear()
        _LAYOUTS[key] = found
    return found
