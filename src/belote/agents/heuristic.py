"""The heuristic agent: [`HeuristicBot`][belote.agents.HeuristicBot], bidding and playing by table sense."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Final

from belote.actions import (
    ID_DECLARE,
    ID_PASS,
    ID_PLAY,
    ID_PLAY_BELOTE,
    ID_STOP,
    ID_SWAP,
    ID_TAKE,
    ID_TAKE_SUIT,
    Action,
    Verb,
)
from belote.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, card_points
from belote.deal import Observation, Phase, SeatView
from belote.deal.codes import BYTE_CARDS
from belote.errors import InvalidArgument
from belote.rules import Rules, get_rules
from belote.tricks import winner_index

__all__ = ["HeuristicBot", "hand_strength"]


_FULL: Final = (1 << 32) - 1
_ACE: Final = 7
_TEN: Final = 3
_KING: Final = 6
_QUEEN: Final = 5
_JACK: Final = 4
_NINE: Final = 2
_KQ: Final = (_QUEEN, _KING)


def _higher(card: int, trump: int) -> int:
    suit = card >> 3
    table = TRUMP_STRENGTH if suit == trump else PLAIN_STRENGTH
    own = table[card & 7]
    return sum(1 << (8 * suit + r) for r in range(8) if table[r] > own)


# _HIGHER[trump][card]: the cards of the card's suit that beat it.
_HIGHER: Final = tuple(tuple(_higher(c, t) for c in range(32)) for t in range(4))
# _BEATERS[trump][card]: the cards that beat ``card`` when it is winning a trick.
_BEATERS: Final = tuple(
    tuple(_HIGHER[t][c] | (0 if c >> 3 == t else 0xFF << (8 * t)) for c in range(32))
    for t in range(4)
)
# _POINTS[trump][card]: card points.
_POINTS: Final = tuple(tuple(card_points(1 << c, t) for c in range(32)) for t in range(4))
# _COST[trump][card]: what a card is worth keeping; the lowest is the cheapest to give.
_COST: Final = tuple(
    tuple(
        (1000 if c >> 3 == t else 0)
        + 10 * _POINTS[t][c]
        + (TRUMP_STRENGTH if c >> 3 == t else PLAIN_STRENGTH)[c & 7]
        for c in range(32)
    )
    for t in range(4)
)
# Bidding value of a trump by rank (7 8 9 10 J Q K A): the jack and nine lead.
_TRUMP_BID: Final = (5, 5, 14, 10, 20, 5, 5, 11)




def _cards(mask: int) -> list[int]:
    """The card indices of ``mask``, in index order (four table lookups)."""
    return [
        *BYTE_CARDS[mask & 0xFF],
        *BYTE_CARDS[256 + (mask >> 8 & 0xFF)],
        *BYTE_CARDS[512 + (mask >> 16 & 0xFF)],
        *BYTE_CARDS[768 + (mask >> 24 & 0xFF)],
    ]


# _CHEAP_PLAIN[trump] (_CHEAP_TRUMPS[trump]): the plain cards (the trumps) by _COST,
# cheapest first, ties by index; _DEAR_FIRST[trump]: every card, dearest first,
# ties by index. The first one held is what ``min`` / ``max`` by cost would pick
# among a mask's cards in index order; every trump costs more than any plain card.
_CHEAP_PLAIN: Final = tuple(
    tuple(sorted((c for c in range(32) if c >> 3 != t), key=lambda c: (_COST[t][c], c)))
    for t in range(4)
)
_CHEAP_TRUMPS: Final = tuple(
    tuple(sorted(range(8 * t, 8 * t + 8), key=lambda c: (_COST[t][c], c))) for t in range(4)
)
_DEAR_FIRST: Final = tuple(tuple(sorted(range(32), key=lambda c: (-_COST[t][c], c))) for t in range(4))


def _cheapest(mask: int, trump: int) -> int:
    """The card of ``mask`` with the lowest cost (the lowest index on equal costs)."""
    order = _CHEAP_PLAIN[trump] if mask & ~(0xFF << (8 * trump)) else _CHEAP_TRUMPS[trump]
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
_PLAY: Final = Phase.PLAY  # read once: a member read through its class costs ~100 ns on 3.11
_BIDDING_2: Final = Phase.BIDDING_2



MAX_TAKE_THRESHOLD: Final = 300
"""The highest ``take_threshold`` (no hand reaches it: the bot never takes)."""


class HeuristicBot:
    """A player that bids and plays by the usual table sense.

    - Bidding: takes when [`hand_strength`][belote.agents.bots.hand_strength] of its hand (with the turned
      card when the taker gets it) reaches ``take_threshold``
      (``threshold - 10`` in a variant without contract, where taking only
      names the trump); in round 2 it names its best suit when that reaches
      the threshold plus 5.
    - Declares all its combinations before its first card and always
      announces belote and rebelote; swaps the 7 of trump when allowed.
    - Leading: the attack draws trumps with the master trump (the taker also
      with a small one when he holds at least as many as are out); then
      master cards, most points first; else its cheapest card, keeping
      unguarded tens.
    - Following: when the partner holds the trick safely (last to play, or
      no unseen card can beat it), it gives points without wasting trumps;
      else it wins with a sure card when it can, ruffs low, contests a trick
      worth ten points or more, and otherwise plays its cheapest card.
    - Calls out (``stop``) only when [`claim_holds`][belote.deal.Deal.claim_holds]
      and, for the attack, once the contract can no longer fail.

    Args:
        take_threshold: the [`hand_strength`][belote.agents.bots.hand_strength] needed to
            take, a whole number from 0 to ``MAX_TAKE_THRESHOLD`` (300).

    Raises:
        InvalidArgument: a threshold that is not such a number.
    """

    __slots__ = ("take_threshold",)

    skip_forced: ClassVar[bool] = True
    """Deterministic and without memory: need not be asked when one action is legal."""

    def __init__(self, take_threshold: int = 34) -> None:
        if (
            isinstance(take_threshold, bool)
            or not isinstance(take_threshold, int)
            or not 0 <= take_threshold <= MAX_TAKE_THRESHOLD
        ):
            raise InvalidArgument(
                f"take_threshold must be a whole number from 0 to {MAX_TAKE_THRESHOLD}, "
                f"not {take_threshold!r}"
            )
        self.take_threshold = take_threshold

    def start_deal(self, rng: random.Random) -> None:
        """Nothing to do: the heuristic bot is deterministic."""

    # --- the fast path ----------------------------------------------------------------

    def choose_id(self, view: SeatView) -> int:
        """Bid, swap, declare, call out or play one card, from the seat's [`SeatView`][belote.deal.SeatView]."""
        # One unpacking of the view: the decision is made for every move of every
        # simulated deal, so its fields are read once here.
        (seat, n, _dealer, phase, _to_act, hand, legal, turned, _table, trump, taker,
         _bids, trick, leader, winning, _tricks_done, gone, _belote_calls, _swapped,
         _points, _won, _so_far, _totals, _target, _pending, rules) = view
        if phase is not _PLAY:
            bids = [(True, -1)] if legal >> ID_TAKE & 1 else []
            bids += [(True, s) for s in range(4) if legal >> (ID_TAKE_SUIT + s) & 1]
            if legal >> ID_PASS & 1:
                bids.append((False, -1))
            take, suit = self.bid_choice(hand, turned, phase is _BIDDING_2, bids, rules)
            if not take:
                return ID_PASS
            return ID_TAKE if suit < 0 else ID_TAKE_SUIT + suit
        if legal & _DECISIONS:
            if legal >> ID_SWAP & 1:
                return ID_SWAP  # the turned card is a higher trump than the 7
            if legal >> ID_DECLARE & 1:
                return ID_DECLARE  # everything, before the first card
            if legal >> ID_STOP & 1 and self._should_stop(view):
                return ID_STOP
        cards = legal >> ID_PLAY & _FULL
        if cards & (cards - 1) == 0:  # one legal card: nothing to weigh
            card = cards.bit_length() - 1
        else:
            card = self._card(
                seat, n, rules.partnerships and n == 4, hand, cards, trick, leader,
                trump, taker, gone, winning,
            )
        if legal >> (ID_PLAY_BELOTE + card) & 1:
            return ID_PLAY_BELOTE + card  # always announce belote and rebelote
        return ID_PLAY + card

    @staticmethod
    def _should_stop(view: SeatView) -> bool:
        """Whether to call out now (``stop`` is legal): the claim holds and is safe."""
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
                remaining = (152 - sum(view.card_points) + rules.last_trick_bonus
                             + rules.belote_value)
                threat = max(so_far[s] for s in range(len(so_far)) if s != side) + remaining
                if so_far[side] <= threat:
                    return False
        return True

    # --- decisions on plain values (shared by both paths) -------------------------------

    def bid_choice(
        self,
        hand: int,
        turned: int,
        second_round: bool,
        legal: Sequence[tuple[bool, int]],
        rules: Rules,
    ) -> tuple[bool, int]:
        """The bid to make: ``(take, suit)`` as in [`legal_bids`][belote.deal.Deal.legal_bids].

        Args:
            hand: the bidder's card mask.
            turned: the turned card's index.
            second_round: whether this is bidding round 2.
            legal: the legal bids.
            rules: the variant.
        """
        if len(legal) == 1:
            return legal[0]
        threshold = self.take_threshold if rules.has_contract else self.take_threshold - 10
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

    def card_choice(
        self,
        *,
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
    ) -> int:
        """The card to play, as an index among the bits of ``legal``.

        Args:
            seat: the playing seat.
            players: the number of players.
            partners: whether seats two apart are partners.
            hand: the seat's card mask.
            legal: the mask of the cards it may play.
            trick: the current trick's card indices, in play order.
            leader: the seat that led the trick.
            trump: the trump suit.
            taker: the seat that fixed the trump.
            played: the mask of every card played so far, the trick's included.
        """
        return self._card(
            seat, players, partners, hand, legal, trick, leader, trump, taker, played
        )

    def _card(
        self,
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
        # pos: the trick's winning position when the caller knows it, else -1.
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        outside = _FULL & ~played & ~hand
        if not trick:
            return self._lead(seat, players, partners, hand, legal, trump, taker, outside)
        trump_mask = 0xFF << (8 * trump)
        higher = _HIGHER[trump]
        points = _POINTS[trump]
        if pos < 0:
            pos = winner_index(trick, trump)
        best = trick[pos]
        winner = (leader + pos) % players
        last = len(trick) == players - 1
        if partners and winner == (seat + 2) % 4:
            safe = last or not (_BEATERS[trump][best] & outside)
            plain = legal & ~trump_mask
            if safe and plain:
                # The most points, then the lowest cost (the first on a tie), among
                # the led suit and the cards that are not masters; else any plain card.
                led, cost = trick[0] >> 3, _COST[trump]
                cards = _cards(plain)
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
            for c in _cards(winners):
                if not higher[c] & outside and cost[c] < sure_cost:
                    sure, sure_cost = c, cost[c]
            if sure >= 0:
                return sure
            if best >> 3 != trump and winners & trump_mask and not winners & ~trump_mask:
                return _cheapest(winners, trump)
            if trick_points >= 10:
                return _cheapest(winners, trump)
        return _cheapest(legal, trump)

    def _lead(
        self,
        seat: int,
        players: int,
        partners: bool,
        hand: int,
        legal: int,
        trump: int,
        taker: int,
        outside: int,
    ) -> int:
        trump_mask = 0xFF << (8 * trump)
        trumps = legal & trump_mask
        higher = _HIGHER[trump]
        attack = seat == taker or (partners and (seat - taker) % 2 == 0)
        if trumps and outside & trump_mask:
            top = _top(trumps, trump)
            if attack and not higher[top] & outside:
                return top
            if seat == taker and trumps.bit_count() >= (outside & trump_mask).bit_count():
                return _cheapest(trumps, trump)
        plain = legal & ~trump_mask
        # The master card (no unseen card beats it) with the most points, the first on equal points.
        points, master, master_points = _POINTS[trump], -1, -1
        for c in _cards(plain):
            if not higher[c] & outside and points[c] > master_points:
                master, master_points = c, points[c]
        if master >= 0:
            return master
        if plain:
            # Keep a ten whose ace is still out: lead from another suit.
            unguarded = 0
            for suit in range(4):
                ten = 8 * suit + _TEN
                if plain >> ten & 1 and outside >> (8 * suit + _ACE) & 1:
                    unguarded |= 0xFF << (8 * suit)
            return _cheapest(plain & ~unguarded or plain, trump)
        return _cheapest(legal, trump)

    # --- the Agent path ---------------------------------------------------------------

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The same decisions from an observation (the [`Agent`][belote.game.Agent] path)."""
        verbs = {action.verb for action in legal}
        if Verb.SWAP in verbs:
            return next(action for action in legal if action.verb is Verb.SWAP)
        if Verb.KEEP in verbs:  # pragma: no cover - keep comes only with swap
            return next(action for action in legal if action.verb is Verb.KEEP)
        rules = get_rules(observation.variant)
        seat = observation.seat
        hand = observation.hand.mask
        if observation.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            bids = [
                (action.verb is Verb.TAKE, -1 if action.suit is None else int(action.suit))
                for action in legal
            ]
            take, suit = self.bid_choice(
                hand, observation.turned.index, observation.phase is Phase.BIDDING_2, bids, rules
            )
            return legal[bids.index((take, suit))]
        for action in legal:
            if action.verb is Verb.DECLARE and not action.cards:
                return action
        if Verb.STOP in verbs and self._observation_claim(observation, rules):
            return next(action for action in legal if action.verb is Verb.STOP)
        plays = [action for action in legal if action.verb is Verb.PLAY]
        mask = 0
        for action in plays:
            mask |= action.card.bit
        played = 0
        for _, cards in observation.tricks:
            for c in cards:
                played |= c.bit
        for c in observation.trick:
            played |= c.bit
        assert observation.trump is not None and observation.taker is not None
        assert observation.trick_leader is not None
        card = self.card_choice(
            seat=seat,
            players=observation.players,
            partners=rules.partnerships and observation.players == 4,
            hand=hand,
            legal=mask,
            trick=[c.index for c in observation.trick],
            leader=observation.trick_leader,
            trump=int(observation.trump),
            taker=observation.taker,
            played=played,
        )
        options = [action for action in plays if action.card.index == card]
        return max(options, key=lambda action: action.belote)

    @staticmethod
    def _observation_claim(observation: Observation, rules: Rules) -> bool:
        """Whether a claim holds and is safe, from what the seat sees."""
        n = observation.players
        partners = rules.partnerships and n == 4

        def side(seat: int) -> int:
            return seat % 2 if partners else seat

        def so_far(s: int) -> int:
            total = observation.card_points[s]
            for declaration in observation.scoring_declarations or ():
                if side(declaration.seat) == s:
                    total += declaration.points(rules)
            for seat, calls in enumerate(observation.belote_calls):
                if calls == 2 and side(seat) == s:
                    total += rules.belote_value
            return total

        mine = side(observation.seat)
        if not rules.reached_target(observation.totals[mine] + so_far(mine), observation.target):
            return False
        if rules.has_contract and observation.taker is not None and side(observation.taker) == mine:
            remaining = 152 - sum(observation.card_points) + rules.last_trick_bonus
            threat = max(so_far(s) for s in range(len(observation.totals)) if s != mine)
            return so_far(mine) > threat + remaining + rules.belote_value
        return True

    def __repr__(self) -> str:
        return f"HeuristicBot(take_threshold={self.take_threshold})"
