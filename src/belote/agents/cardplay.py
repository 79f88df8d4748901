"""The heuristic bot's card play and hand count, on card masks (compiled with the core).

[`HeuristicBot`][belote.agents.HeuristicBot] decides here which card to
lead or follow with ([`card_to_play`][belote.agents.cardplay.card_to_play])
and how strong a hand is for taking
([`hand_strength`][belote.agents.cardplay.hand_strength]); the bot's class,
which users subclass, stays in [`heuristic`][belote.agents.heuristic].
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from belote.actions import (
    ID_BID,
    ID_BID_CAPOT,
    ID_COINCHE,
    ID_DECLARE,
    ID_PASS,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_STOP,
    ID_SURCOINCHE,
    ID_SWAP,
    ID_TAKE,
    ID_TAKE_SUIT,
    bid_id,
)
from belote.cards import (
    ALL_TRUMPS,
    NO_TRUMPS,
    PLAIN_STRENGTH,
    TRUMP_STRENGTH,
    card_points,
    is_trump_suit,
    mode_points,
)
from belote.deal.auction import bid_of_id
from belote.deal.codes import CAPOT_BID
from belote.deal.seatview import SeatView
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules import Rules
from belote.tricks import cards_of, winner_index

__all__ = [
    "attack_estimate_against",
    "bid_to_make",
    "card_to_play",
    "contract_estimate",
    "contract_of_bids",
    "contract_to_bid",
    "hand_strength",
    "legal_bid_pairs",
    "play_choice_id",
    "should_call_out",
]


_FULL: Final = (1 << 32) - 1
_ACE: Final = 7
_TEN: Final = 3
_KING: Final = 6
_QUEEN: Final = 5
_JACK: Final = 4
_NINE: Final = 2
_KQ: Final = (_QUEEN, _KING)


_MODES: Final = 6
"""The trump modes the tables cover: a suit (0..3), no-trumps (4), all-trumps (5)."""
# _TRUMPS[mode]: the mask of the trump cards (none in no-trumps, every card in all-trumps).
_TRUMPS: Final = tuple(
    0 if m == NO_TRUMPS else _FULL if m == ALL_TRUMPS else 0xFF << (8 * m) for m in range(_MODES)
)


def _higher(card: int, trump: int) -> int:
    suit = card >> 3
    table = TRUMP_STRENGTH if is_trump_suit(suit, trump) else PLAIN_STRENGTH
    own = table[card & 7]
    return sum(1 << (8 * suit + r) for r in range(8) if table[r] > own)


# _HIGHER[mode][card]: the cards of the card's suit that beat it.
_HIGHER: Final = tuple(tuple(_higher(c, t) for c in range(32)) for t in range(_MODES))
# _BEATERS[mode][card]: the cards that beat ``card`` when it is winning a trick.
_BEATERS: Final = tuple(
    tuple(_HIGHER[t][c] | (0 if _TRUMPS[t] >> c & 1 else _TRUMPS[t]) for c in range(32))
    for t in range(_MODES)
)
# _POINTS[mode][card]: card points.
_POINTS: Final = tuple(tuple(card_points(1 << c, t) for c in range(32)) for t in range(_MODES))
# _COST[mode][card]: what a card is worth keeping; the lowest is the cheapest to give.
_COST: Final = tuple(
    tuple(
        (1000 if _TRUMPS[t] >> c & 1 else 0)
        + 10 * _POINTS[t][c]
        + (TRUMP_STRENGTH if _TRUMPS[t] >> c & 1 else PLAIN_STRENGTH)[c & 7]
        for c in range(32)
    )
    for t in range(_MODES)
)
# Bidding value of a trump by rank (7 8 9 10 J Q K A): the jack and nine lead.
_TRUMP_BID: Final = (5, 5, 14, 10, 20, 5, 5, 11)




# _CHEAP_PLAIN[trump] (_CHEAP_TRUMPS[trump]): the plain cards (the trumps) by _COST,
# cheapest first, ties by index; _DEAR_FIRST[trump]: every card, dearest first,
# ties by index. The first one held is what ``min`` / ``max`` by cost would pick
# among a mask's cards in index order; every trump costs more than any plain card.
def _by_cost(cards: Iterable[int], trump: int, dearest_first: bool = False) -> tuple[int, ...]:
    """``cards`` by cost, cheapest first (or dearest first), ties by index."""
    cost, sign = _COST[trump], -1 if dearest_first else 1
    return tuple(sorted(cards, key=lambda c: (sign * cost[c], c)))


_CHEAP_PLAIN: Final = tuple(
    _by_cost([c for c in range(32) if not _TRUMPS[t] >> c & 1], t) for t in range(_MODES)
)
_CHEAP_TRUMPS: Final = tuple(
    _by_cost([c for c in range(32) if _TRUMPS[t] >> c & 1], t) for t in range(_MODES)
)
_DEAR_FIRST: Final = tuple(_by_cost(range(32), t, dearest_first=True) for t in range(_MODES))


def _cheapest(mask: int, trump: int) -> int:
    """The card of ``mask`` with the lowest cost (the lowest index on equal costs)."""
    order = _CHEAP_PLAIN[trump] if mask & ~_TRUMPS[trump] else _CHEAP_TRUMPS[trump]
    for card in order:
        if mask >> card & 1:
            return card
    raise InvalidArgument("no card to choose from")  # pragma: no cover - callers pass cards


def _top(mask: int, trump: int) -> int:
    """The card of ``mask`` with the highest cost (the lowest index on equal costs)."""
    for card in _DEAR_FIRST[trump]:
        if mask >> card & 1:
            return card
    raise InvalidArgument("no card to choose from")  # pragma: no cover - callers pass cards




def hand_strength(hand: int, trump: int) -> int:
    """A simple point count of a hand for taking with ``trump`` as trump suit.

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot]; for this one also [`belote.agents.hand_strength`][belote.agents.heuristic.hand_strength].

    Trumps count J 20, 9 14, A 11, 10 10 and 5 for any other (length);
    belote (K and Q of trump) adds 10; each side ace 11 and a ten guarded by
    its ace 5. Without the jack or the nine of trump, and with fewer than
    four trumps, the hand loses 15.

    >>> from belote.cards import CardSet
    >>> hand_strength(CardSet.parse("JH 9H 7H AS KD").mask, 1)
    50
    """
    trump_bits = (hand >> (8 * trump)) & 0xFF
    score = _TRUMP_SUIT_BID[trump_bits]
    for suit in range(4):
        if suit != trump:
            score += _SIDE_SUIT_BID[(hand >> (8 * suit)) & 0xFF]
    return score


def legal_bid_pairs(legal: int) -> list[tuple[bool, int]]:
    """The bids of a legal action-id mask as ``(take, suit)`` pairs, in the order of [`legal_bids`][belote.deal.Deal.legal_bids].

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot].

    >>> from belote.actions import ID_PASS, ID_TAKE
    >>> legal_bid_pairs(1 << ID_TAKE | 1 << ID_PASS)
    [(True, -1), (False, -1)]
    """
    bids = [(True, -1)] if legal >> ID_TAKE & 1 else []
    for suit in range(4):
        if legal >> (ID_TAKE_SUIT + suit) & 1:
            bids.append((True, suit))
    if legal >> ID_PASS & 1:
        bids.append((False, -1))
    return bids


def bid_to_make(
    take_threshold: int,
    hand: int,
    turned: int,
    second_round: bool,
    legal: Sequence[tuple[bool, int]],
    rules: Rules,
) -> tuple[bool, int]:
    """The bid the heuristic bot makes: ``(take, suit)`` among ``legal``.

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot].

    The rule of [`HeuristicBot.bid_choice`][belote.agents.HeuristicBot.bid_choice],
    which calls it with its ``take_threshold``: in round 1, take when
    [`hand_strength`][belote.agents.cardplay.hand_strength] (with the turned
    card when the taker gets it) reaches the threshold (10 less in a variant
    without contract); in round 2, name the strongest suit reaching the
    threshold plus 5; else pass.

    >>> from belote.rules import get_rules
    >>> from belote.cards import CardSet, Card
    >>> hand = CardSet.parse("JH 9H 7H AS KD").mask
    >>> bid_to_make(34, hand, Card.parse("AH").index, False,
    ...             [(True, -1), (False, -1)], get_rules("classic"))
    (True, -1)
    """
    if len(legal) == 1:
        return legal[0]
    threshold = take_threshold if rules.has_contract else take_threshold - 10
    if rules.taker_takes_turned:
        hand |= 1 << turned
    if not second_round:
        if hand_strength(hand, turned >> 3) >= threshold and (True, -1) in legal:
            return (True, -1)
        return (False, -1)
    best, best_suit = threshold + 5 - 1, -1
    for take, suit in legal:
        if take and suit >= 0:
            value = hand_strength(hand, suit)
            if value > best:
                best, best_suit = value, suit
    return (True, best_suit) if best_suit >= 0 else (False, -1)


# The contract count (contrée): the card points, belote included, that a side
# makes double-dummy with a trump suit, against hand_strength (a fit on 700
# random contrée deals solved with belote.solver, residual spread about 30 points):
# the bidder's hand alone: 51 + 1.39 hs; with its partner's: 25 + 1.55 (hs + hs_partner);
# against a defender's: 70 + 1.12 hs - 0.65 hs_defender (in hundredths below).
_ALONE: Final = (51, 139)
_TOGETHER: Final = (25, 155)
_AGAINST: Final = (70, 112, 65)
_MARGIN: Final = 25
"""Points below its estimate the bot bids (its estimate errs by about 30 either way; 20 to 30
played best against 0, 10 and 40 in duplicate duels of the heuristic)."""
_COINCHE_MARGIN: Final = 15
"""Points below the contract the attack must be expected to fall for a coinche."""
_SURCOINCHE_MARGIN: Final = 30
"""Points above the contract its side must be expected to make for a surcoinche."""
_CAPOT_STRENGTH: Final = 90
"""The strength of the side's two hands from which the bot bids capot (made about half the time)."""


def _shown(value: int) -> int:
    """The hand strength a bid of ``value`` shows, read back from the bot's own rule."""
    return max(0, (value + _MARGIN - _ALONE[0]) * 100 // _ALONE[1])


def contract_estimate(hand: int, strain: int, partner_value: int = -1) -> int:
    """The card points (belote included) the bot expects its side to make with ``strain`` as trump.

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot].

    From [`hand_strength`][belote.agents.cardplay.hand_strength] of ``hand``
    and, when the partner has bid ``strain`` at ``partner_value``, the
    strength that bid shows (the bot's own rule read backwards). The weights
    are a fit on contrée deals solved double-dummy.

    >>> from belote.cards import CardSet
    >>> hand = CardSet.parse("JH 9H AH 10H 7H AS 10S KD").mask
    >>> contract_estimate(hand, 1), contract_estimate(hand, 1, partner_value=80)
    (156, 201)
    """
    hs = hand_strength(hand, strain)
    if partner_value < 0:
        return _ALONE[0] + _ALONE[1] * hs // 100
    return _TOGETHER[0] + _TOGETHER[1] * (hs + _shown(partner_value)) // 100


def contract_of_bids(bids: Sequence[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The standing contract ``(value, strain, bidder, doubling)`` after the ``(seat, action id)`` bids.

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot].

    ``(-1, -1, -1, 0)`` before any bid, as [`SeatView.contract`][belote.deal.SeatView].

    >>> contract_of_bids([(1, bid_id(80, 2)), (2, ID_COINCHE), (3, ID_PASS)])
    (80, 2, 1, 1)
    """
    value, strain, bidder, doubling = -1, -1, -1, 0
    for seat, action in bids:
        if action == ID_COINCHE:
            doubling = 1
        elif action == ID_SURCOINCHE:
            doubling = 2
        elif ID_BID <= action < ID_BID_CAPOT + 6:
            value, strain = bid_of_id(action)
            bidder = seat
    return value, strain, bidder, doubling


def contract_to_bid(
    seat: int,
    hand: int,
    legal: int,
    contract: tuple[int, int, int, int],
    bids: Sequence[tuple[int, int]],
    rules: Rules,
    margin: int = _MARGIN,
    coinche_margin: int = _COINCHE_MARGIN,
    surcoinche_margin: int = _SURCOINCHE_MARGIN,
) -> int:
    """The heuristic bot's action id in a contract auction: a bid, coinche, surcoinche or pass.

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot].

    - It bids the highest value at least 25 below
      [`contract_estimate`][belote.agents.cardplay.contract_estimate] of a
      strain, when that is legal: its best strain, or its partner's strain
      (a raise: the estimate counts what the partner's bid shows), which wins
      ties (a strain it bid itself counts its hand alone: a partner's raise
      over it is not raised again); it leaves its partner's strain for
      another only 20 higher; it never raises its own standing bid; capot
      when its strength and what its partner showed reach 90.
    - It coinches an opponent's contract when, against its own hand, the
      attack is expected to make 15 points less than the contract (the
      bidder's strength read back from its bid, at most that of a 120 bid).
    - It surcoinches, rarely, when its side is expected to make 30 points
      more than the coinched contract.

    Args:
        seat: the bidding seat.
        hand: its card mask.
        legal: the legal action-id mask.
        contract: the standing contract, as [`SeatView.contract`][belote.deal.SeatView].
        bids: the bids so far as ``(seat, action id)`` pairs.
        rules: the variant.
        margin: how far below its estimate the bot bids (25).
        coinche_margin: how far below the contract the attack must be
            expected to fall for a coinche (15).
        surcoinche_margin: how far above a coinched contract its side must be
            expected to make for a surcoinche (30).

    The [`HeuristicBot`][belote.agents.HeuristicBot] passes the three margins
    [`bidding_margins`][belote.agents.thresholds.bidding_margins] derives from
    the variant's contract scoring (the values above under contrée's default).
    """
    value, strain, bidder, _doubling = contract
    partner = (seat + 2) % 4
    partner_bid: dict[int, int] = {}  # the partner's latest bid per strain the bot has not bid
    own_strains = 0
    for who, action in bids:
        if ID_BID <= action < ID_BID_CAPOT + 6:
            bid_value, bid_strain = bid_of_id(action)
            if who == seat:
                own_strains |= 1 << bid_strain
                partner_bid.pop(bid_strain, None)
            elif who == partner and not own_strains >> bid_strain & 1:
                partner_bid[bid_strain] = min(bid_value, rules.auction.highest)
    if legal >> ID_SURCOINCHE & 1:
        if value == CAPOT_BID:
            return ID_PASS
        own = contract_estimate(hand, strain, partner_bid.get(strain, -1) if bidder == partner
                                else -1)
        return ID_SURCOINCHE if own >= value + surcoinche_margin else ID_PASS
    if legal >> ID_COINCHE & 1 and _beats(hand, value, strain, coinche_margin):
        return ID_COINCHE
    if bidder == seat:
        return ID_PASS  # never over its own bid
    auction = rules.auction
    best_id, best_value, best_raise = ID_PASS, -1, False
    for t in auction.strains:
        if t > 3:
            continue  # no variant plays no trump or all trump yet
        shown = partner_bid.get(t, -1)
        estimate = contract_estimate(hand, t, shown)
        strength = hand_strength(hand, t) + (_shown(shown) if shown >= 0 else 0)
        if strength >= _CAPOT_STRENGTH and legal >> bid_id(None, t) & 1:
            level, action = CAPOT_BID, bid_id(None, t)
        else:
            level = min((estimate - margin) // auction.step * auction.step, auction.highest)
            if level < auction.lowest or level <= value:
                continue
            level = auction.lowest + (level - auction.lowest) // auction.step * auction.step
            action = bid_id(level, t)
            if not legal >> action & 1:
                continue
        is_raise = shown >= 0
        if bidder == partner and not is_raise and level < value + 2 * auction.step:
            continue  # the partner's strain stands unless another is clearly better
        if level > best_value or (level == best_value and is_raise and not best_raise):
            best_id, best_value, best_raise = action, level, is_raise
    return best_id


_SHOWN_CAP: Final = (120 + _MARGIN - _ALONE[0]) * 100 // _ALONE[1]
"""The most strength the bot reads from an opponent's bid (a 120 bid's)."""


def attack_estimate_against(hand: int, value: int, strain: int) -> int:
    """The card points (belote included) the bot expects an attack that bid ``value`` in ``strain`` to make against ``hand``.

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot].

    ``hand`` is a defender's: the bidder's strength is read back from its
    bid (at most a 120 bid's), the defender's own counts against it (a fit
    on contrée deals solved double-dummy). The heuristic coinches when this
    falls its coinche margin below the value; the
    [`eval`][belote.agents.evaluating.shortfall] bot reads a coinche it hears
    by the same count. ``value`` is not capot.

    >>> from belote.cards import CardSet
    >>> strong = CardSet.parse("JH 9H AH 10H AS 10S AD KD").mask
    >>> attack_estimate_against(strong, 100, 1) < attack_estimate_against(0, 100, 1)
    True
    """
    shown = min(_shown(value), _SHOWN_CAP)
    mine = hand_strength(hand, strain)
    return _AGAINST[0] + (_AGAINST[1] * shown - _AGAINST[2] * mine) // 100


def _beats(hand: int, value: int, strain: int, margin: int) -> bool:
    """Whether the bot expects the contract ``value`` in ``strain`` to fail against its hand."""
    if value == CAPOT_BID:  # a trick is enough: the jack of trump or two side aces
        aces = sum(hand >> (8 * s + _ACE) & 1 for s in range(4) if s != strain)
        return bool(hand >> (8 * strain + _JACK) & 1) or aces >= 2
    return attack_estimate_against(hand, value, strain) <= value - margin


def _trump_suit_bid(bits: int) -> int:
    """hand_strength's count for the trump suit's 8-bit rank pattern."""
    score = sum(_TRUMP_BID[rank] for rank in range(8) if bits >> rank & 1)
    if bits >> _KING & 1 and bits >> _QUEEN & 1:
        score += 10
    if not bits & ((1 << _JACK) | (1 << _NINE)) and bits.bit_count() < 4:
        score -= 15
    return score


def _side_suit_bid(bits: int) -> int:
    """hand_strength's count for a side suit's 8-bit rank pattern: its ace, a ten it guards."""
    if not bits >> _ACE & 1:
        return 0
    return 16 if bits >> _TEN & 1 else 11


# hand_strength per suit, by the suit's 8-bit rank pattern.
_TRUMP_SUIT_BID: Final = tuple(_trump_suit_bid(bits) for bits in range(256))
_SIDE_SUIT_BID: Final = tuple(_side_suit_bid(bits) for bits in range(256))


_DECISIONS: Final = 1 << ID_SWAP | 1 << ID_DECLARE | 1 << ID_STOP
"""The action-id bits of the decisions other than a card or a bid."""


def play_choice_id(view: object) -> int:
    """The heuristic bot's action id in the play phase, from the seat's view.

    Swaps the 7 of trump when it may, declares everything before its first
    card, calls out when [`should_call_out`][belote.agents.cardplay.should_call_out]
    says so, and otherwise plays [`card_to_play`][belote.agents.cardplay.card_to_play]'s
    card, announcing belote and rebelote whenever it may.
    [`HeuristicBot.choose_id`][belote.agents.HeuristicBot.choose_id] asks it
    for every decision after the bidding.

    Args:
        view: the deciding seat's view, in the play phase (``view.legal`` not 0).

    Raises:
        InvalidArgumentType: ``view`` is not a ``SeatView``.
    """
    return _play_choice_id(_view(view))


def _view(view: object) -> SeatView:
    if not isinstance(view, SeatView):
        raise InvalidArgumentType(f"view: expected a SeatView, got {shown(view)}")
    return view


def _play_choice_id(view: SeatView) -> int:
    (seat, n, _dealer, _phase, _to_act, hand, legal, _turned, _table, trump, taker,
     _bids, trick, leader, winning, _tricks_done, gone, _belote_calls, _swapped,
     _points, _won, _so_far, _totals, _target, _pending, rules, _contract, _bidding) = view
    if legal & _DECISIONS:
        if legal >> ID_SWAP & 1:
            return ID_SWAP  # the turned card is a higher trump than the 7
        if legal >> ID_DECLARE & 1:
            return ID_DECLARE  # everything, before the first card
        if legal >> ID_STOP & 1 and _should_call_out(view):
            return ID_STOP
    cards = legal >> ID_PLAY & _FULL
    if cards & (cards - 1) == 0:  # one legal card: nothing to weigh
        card = cards.bit_length() - 1
    else:
        card = card_to_play(
            seat, n, rules.partnerships and n == 4, hand, cards, trick, leader,
            trump, taker, gone, winning,
        )
    if legal >> (ID_PLAY_BELOTE + card) & 1:
        return ID_PLAY_BELOTE + card  # always announce belote and rebelote
    return ID_PLAY + card


def should_call_out(view: object) -> bool:
    """Whether the heuristic bot calls out now (``stop`` is legal): the claim holds and is safe.

    The seat's side must reach the match target with its points so far, and
    an attack must have made its contract beyond doubt: more than any other
    side could still reach with every point left in the deal.

    Args:
        view: the deciding seat's view, with ``stop`` legal.

    Raises:
        InvalidArgumentType: ``view`` is not a ``SeatView``.
    """
    return _should_call_out(_view(view))


def _should_call_out(view: SeatView) -> bool:
    rules = view.rules
    seat, n = view.seat, view.players
    side = seat & 1 if rules.partnerships and n == 4 else seat
    so_far = view.so_far
    if not rules.reached_target(view.totals[side] + so_far[side], view.target):
        return False
    if rules.has_contract and view.taker >= 0:
        attack = view.taker & 1 if rules.partnerships and n == 4 else view.taker
        if attack == side:
            # The attack may call out only once it cannot fail any more.
            remaining = (mode_points(view.trump) - sum(view.card_points) + rules.last_trick_bonus
                         + rules.belote_value)
            threat = max(so_far[s] for s in range(len(so_far)) if s != side) + remaining
            if so_far[side] <= threat:
                return False
    return True


def card_to_play(
    seat: int,
    players: int,
    partners: bool,
    hand: int,
    legal: int,
    trick: Sequence[int],
    leader: int,
    trump: int,
    taker: int,
    played: int,
    pos: int = -1,
) -> int:
    """The card the heuristic bot plays: an index among the bits of ``legal``.

    Trusted: takes what the library built and checks nothing; the checked door is [`HeuristicBot`][belote.agents.HeuristicBot].

    The rules of thumb of [`HeuristicBot`][belote.agents.HeuristicBot] (leading,
    following, giving points to a partner who holds the trick), on masks.
    In no-trumps there is no trump to draw or ruff with: it cashes its
    masters (aces, then tens whose ace is gone); in all-trumps every card is
    a trump: it leads its masters, most points first (jacks, then nines),
    and beats the card led when it must (docs/bulgarian.md#play).

    Args:
        seat: the playing seat.
        players: the number of players.
        partners: whether seats two apart are partners.
        hand: the seat's card mask.
        legal: the mask of the cards it may play.
        trick: the current trick's card indices, in play order.
        leader: the seat that led the trick.
        trump: the trump mode: a suit (0..3), no-trumps (4) or all-trumps (5).
        taker: the seat that fixed the trump.
        played: the mask of every card played so far, the trick's included.
        pos: the trick's winning position when the caller knows it, else -1.
    """
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    outside = _FULL & ~played & ~hand
    if not trick:
        return _lead(seat, players, partners, hand, legal, trump, taker, outside)
    trump_mask = _TRUMPS[trump]
    higher = _HIGHER[trump]
    points = _POINTS[trump]
    if pos < 0:
        pos = winner_index(trick, trump)
    best = trick[pos]
    winner = (leader + pos) % players
    last = len(trick) == players - 1
    if partners and winner == (seat + 2) % 4:
        safe = last or not (_BEATERS[trump][best] & outside)
        plain = legal if trump == ALL_TRUMPS else legal & ~trump_mask
        if safe and plain:
            # The most points, then the lowest cost (the first on a tie), among
            # the led suit and the cards that are not masters; else any plain card.
            led, cost = trick[0] >> 3, _COST[trump]
            cards = cards_of(plain)
            give, give_key = -1, -(1 << 30)
            for c in cards:
                key = points[c] * 10_000 - cost[c]  # costs stay far below 10,000
                if (c >> 3 == led or higher[c] & outside) and key > give_key:
                    give, give_key = c, key
            if give < 0:
                for c in cards:
                    key = points[c] * 10_000 - cost[c]
                    if key > give_key:
                        give, give_key = c, key
            return give
        return _cheapest(legal, trump)
    winners = legal & _BEATERS[trump][best]
    if winners:
        trick_points = 0
        for c in trick:
            trick_points += points[c]
        if last:
            if trick_points == 0 and not winners & ~trump_mask and legal & ~trump_mask:
                return _cheapest(legal & ~trump_mask, trump)
            return _cheapest(winners, trump)
        # The cheapest sure winner (one no unseen card beats), the first on equal costs.
        cost, sure, sure_cost = _COST[trump], -1, 1 << 30
        for c in cards_of(winners):
            if not higher[c] & outside and cost[c] < sure_cost:
                sure, sure_cost = c, cost[c]
        if sure >= 0:
            return sure
        if not trump_mask >> best & 1 and winners & trump_mask and not winners & ~trump_mask:
            return _cheapest(winners, trump)
        if trick_points >= 10:
            return _cheapest(winners, trump)
    return _cheapest(legal, trump)

def _lead(
    seat: int,
    players: int,
    partners: bool,
    hand: int,
    legal: int,
    trump: int,
    taker: int,
    outside: int,
) -> int:
    """The card to lead: draw trumps as the attack, else a master, else the cheapest."""
    trump_mask = _TRUMPS[trump]
    trumps = legal & trump_mask
    higher = _HIGHER[trump]
    attack = seat == taker or (partners and (seat - taker) % 2 == 0)
    if trumps and outside & trump_mask and trump != ALL_TRUMPS:  # all-trumps: masters first
        top = _top(trumps, trump)
        if attack and not higher[top] & outside:
            return top
        if seat == taker and trumps.bit_count() >= (outside & trump_mask).bit_count():
            return _cheapest(trumps, trump)
    plain = legal if trump == ALL_TRUMPS else legal & ~trump_mask
    # The master card (no unseen card beats it) with the most points, the first on equal points.
    points, master, master_points = _POINTS[trump], -1, -1
    for c in cards_of(plain):
        if not higher[c] & outside and points[c] > master_points:
            master, master_points = c, points[c]
    if master >= 0:
        return master
    if plain:
        # Keep a ten that an unseen card beats (its ace; in all-trumps also the J, 9):
        # lead from another suit.
        unguarded = 0
        for suit in range(4):
            ten = 8 * suit + _TEN
            if plain >> ten & 1 and higher[ten] & outside:
                unguarded |= 0xFF << (8 * suit)
        return _cheapest(plain & ~unguarded or plain, trump)
    return _cheapest(legal, trump)
