"""Players for simulation: a uniform random bot and a sound heuristic bot.

A [`Player`][belote.bots.Player] acts straight on a [`Deal`][belote.deal.Deal] through the
deal's fast path (card masks, [`legal_play_mask`][belote.deal.Deal.legal_play_mask],
[`play_card`][belote.deal.Deal.play_card], [`bid`][belote.deal.Deal.bid]), so a
simulation builds no observation and no [`Action`][belote.actions.Action] per
card. [`play_deal`][belote.bots.play_deal] lets a table of players play a deal to its end.

Both bots are also [`Agent`][belote.game.Agent] values (``choose(observation,
legal)``), so they plug into [`Game`][belote.game.Game] unchanged; the
heuristic takes the same decisions on either path.

A player is trusted to read only what its seat may know: its own hand and
the public state of the deal (the turned card, the bids, the tricks).

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=3, dealer=0)
>>> result = play_deal(deal, [HeuristicBot() for _ in range(4)])
>>> result.outcome.value in ("made", "failed", "litige", "redeal")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, runtime_checkable

from belote.actions import ACTION_IDS, ID_DECLARE, ID_PLAY, ID_STOP, ID_SWAP, Action, Verb
from belote.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Suit, card_points
from belote.deal import Deal, Observation, Phase
from belote.deal.state import _BID2, _BYTE_CARDS, _PLAY
from belote.errors import InvalidArgument
from belote.rules import CallingOut, Rules, get_rules
from belote.scoring import DealResult
from belote.tricks import winner_index

__all__ = [
    "BOT_KINDS",
    "HeuristicBot",
    "Player",
    "RandomBot",
    "make_bots",
    "play_deal",
]

BOT_KINDS: Final = ("random", "heuristic")
"""The names [`make_bots`][belote.bots.make_bots] knows."""

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


_STOP_OR_SWAP: Final = 1 << ID_STOP | 1 << ID_SWAP
_NOT_PLAIN_PLAY: Final = ((1 << ACTION_IDS) - 1) & ~(0xFFFFFFFF << ID_PLAY) & ~_STOP_OR_SWAP
"""Every action id bit but the plain ``play`` ids, ``stop`` and ``swap``."""


def _cards(mask: int) -> list[int]:
    """The card indices of ``mask``, in index order (four table lookups)."""
    return [
        *_BYTE_CARDS[mask & 0xFF],
        *_BYTE_CARDS[256 + (mask >> 8 & 0xFF)],
        *_BYTE_CARDS[512 + (mask >> 16 & 0xFF)],
        *_BYTE_CARDS[768 + (mask >> 24 & 0xFF)],
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


@runtime_checkable
class Player(Protocol):
    """A seat's player in a simulation: acts on the deal through its fast path.

    Implement the three methods to plug your own player into
    [`play_deal`][belote.bots.play_deal] and [`belote.simulate.simulate`][belote.simulate.simulate]. A player must
    read only its own hand and the public state of the deal.
    """

    def start_deal(self, rng: random.Random) -> None:
        """Called before each simulated deal with that deal's own generator.

        A deal's play then depends only on the simulation seed and the deal's
        number, whatever the process that plays it.
        """
        ...  # pragma: no cover

    def act(self, deal: Deal, seat: int) -> None:
        """Take one legal action for ``seat``, the seat to act, on ``deal``."""
        ...  # pragma: no cover

    def accepts_swap(self, deal: Deal, seat: int) -> bool:
        """Whether ``seat``, holding the 7 of trump, exchanges it for the turned card (rules §4, docs/rules.md#seven-swap)."""
        ...  # pragma: no cover


def play_deal(deal: Deal, players: Sequence[Player]) -> DealResult:
    """Let ``players`` (one per seat) play ``deal`` to its end and return its result.

    The holder of the 7 of trump is offered the swap once, as soon as the
    trump is fixed and before anyone acts (rules §4, docs/rules.md#seven-swap).

    Raises:
        InvalidArgument: not one player per seat.
        IllegalAction: a player took an illegal action.
    """
    if len(players) != deal.players:
        raise InvalidArgument(f"{deal.players} players need {deal.players} players, "
                              f"not {len(players)}")
    return _table_loop(players)(deal, players)


def _table_loop(players: Sequence[Player]) -> Callable[[Deal, Sequence[Player]], DealResult]:
    """The loop that plays a deal for this table: one pass for a table of one built-in bot kind.

    A simulation asks once per table, not once per deal.
    """
    if all(type(player) is RandomBot for player in players):
        return _play_random  # type: ignore[return-value]
    if all(type(player) is HeuristicBot for player in players):
        return _play_heuristic  # type: ignore[return-value]
    return _play_players


def _play_players(deal: Deal, players: Sequence[Player]) -> DealResult:
    """Any players, one ``act`` at a time."""
    offer = deal.rules.seven_swap
    seat = deal.to_act
    while seat is not None:
        if offer and deal.phase is Phase.PLAY:
            offer = False
            holder = deal.swap_seat()
            if holder is not None and players[holder].accepts_swap(deal, holder):
                deal.swap(holder)
        players[seat].act(deal, seat)
        seat = deal.to_act
    return deal.result


# --- the random bot -----------------------------------------------------------------------


class RandomBot:
    """A player that picks uniformly at random among its legal moves.

    On the fast path it draws a legal bid, then a legal card, uniformly,
    and announces belote with a K or Q of trump on a coin toss. During the
    first trick of a variant with announcements it draws uniformly among
    every legal action of its seat (declarations included). It never calls
    out: a random call almost always loses the match and says nothing about
    the rules. As an [`Agent`][belote.game.Agent] it draws among ``legal``
    (``stop`` only when nothing else is legal).

    Args:
        seed: a seed or a generator; [`start_deal`][belote.bots.HeuristicBot.start_deal] replaces it.
    """

    __slots__ = ("rng",)

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def start_deal(self, rng: random.Random) -> None:
        """Draw from ``rng`` during the next deal."""
        self.rng = rng

    def act(self, deal: Deal, seat: int) -> None:
        """Bid or play uniformly at random (the fast path)."""
        rand = self.rng.random
        cards = deal.legal_play_cards()
        if cards:
            if deal.tricks_played == 0 and deal.rules.has_announcements:
                self._any_action(deal, seat)
                return
            card = cards[int(rand() * len(cards))]
            deal.play_card(card, deal.can_announce_belote(card) and rand() < 0.5)
            return
        bids = deal.legal_bids()
        take, suit = bids[int(rand() * len(bids))]
        deal.bid(take, suit)

    def _any_action(self, deal: Deal, seat: int) -> None:
        # Any legal action of the seat but stop and swap, in the order of legal_actions
        # (legal_action_ids lists the same order): the int layer, no Action built.
        mask = deal.legal_action_mask()
        if not mask & _NOT_PLAIN_PLAY:
            # Only plain cards (besides stop and swap): the k-th legal card in
            # index order, as legal_action_ids lists them, without the list.
            cards = mask >> ID_PLAY & 0xFFFFFFFF
            k = int(self.rng.random() * cards.bit_count())
            while k:
                cards &= cards - 1
                k -= 1
            deal._play((cards & -cards).bit_length() - 1, False)  # legal: play_card's checks hold
            return
        ids = deal.legal_action_ids()
        if mask & _STOP_OR_SWAP:
            ids = [i for i in ids if i != ID_STOP and i != ID_SWAP]
        deal.apply_id(ids[int(self.rng.random() * len(ids))])

    def accepts_swap(self, deal: Deal, seat: int) -> bool:
        """A coin toss."""
        return self.rng.random() < 0.5

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Any legal action but ``stop``, uniformly (the [`Agent`][belote.game.Agent] path)."""
        options = [action for action in legal if action.verb is not Verb.STOP] or list(legal)
        return options[int(self.rng.random() * len(options))]

    def __repr__(self) -> str:
        return "RandomBot()"


def _play_random(deal: Deal, bots: Sequence[RandomBot]) -> DealResult:
    """[`play_deal`][belote.bots.play_deal] for a table of random bots, inlined: the same draws in the same order."""
    rands = [bot.rng.random for bot in bots]
    bids = deal.legal_bids()
    while bids:
        bidder = deal._to_act
        take, suit = bids[int(rands[bidder]() * len(bids))]
        deal._bid(bidder, take, suit)  # a legal bid: bid's checks hold
        bids = deal.legal_bids()
    if deal.is_over:
        return deal.result
    rules = deal.rules
    if rules.seven_swap:
        holder = deal.swap_seat()
        if holder is not None and bots[holder].accepts_swap(deal, holder):
            deal.swap(holder)
    if rules.has_announcements:
        # The first trick: any action but stop and swap (what RandomBot.act does then).
        while deal._tricks_done == 0 and deal._phase == _PLAY:
            bots[deal._to_act]._any_action(deal, deal._to_act)
    # Random bots never call out, so the deal ends with its last card.
    left = deal.players * (deal.tricks_per_deal - deal.tricks_played) - len(deal.trick_cards())
    legal_cards, play, announce = deal.legal_play_cards, deal.play_card, deal.can_announce_belote
    first = bots[0].rng
    if all(bot.rng is first for bot in bots):
        # One generator for the table (as in a simulation): the engine's fused
        # loop makes exactly the draws of the step-by-step loop below.
        if left:
            deal.play_out_random(first)
        return deal.result
    kq = _KQ
    for _ in range(left):
        seat = deal.to_act
        assert seat is not None
        rand = rands[seat]
        cards = legal_cards()
        card = cards[int(rand() * len(cards))]
        if card & 7 in kq:
            play(card, announce(card) and rand() < 0.5)
        else:
            play(card)
    return deal.result


def _play_heuristic(deal: Deal, bots: Sequence[HeuristicBot]) -> DealResult:
    """[`play_deal`][belote.bots.play_deal] for a table of heuristic bots: the same decisions in the same order.

    The bidding and the play are [`HeuristicBot.act`][belote.bots.HeuristicBot.act]'s
    steps in one loop, with what stays fixed for the deal read once.
    """
    rules = deal.rules
    seat = deal.to_act
    while seat is not None and not deal.legal_play_mask():
        # A bid: what act does, with the hand, turned card and round read directly.
        take, suit = bots[seat].bid_choice(
            deal._hands[seat], deal._turned, deal._phase == _BID2, deal.legal_bids(), rules
        )
        deal.bid(take, suit)
        seat = deal.to_act
    if seat is None:
        return deal.result
    if rules.seven_swap:
        holder = deal.swap_seat()
        if holder is not None and bots[holder].accepts_swap(deal, holder):
            deal.swap(holder)
    trump, taker, n = deal.trump, deal.taker, deal.players
    assert trump is not None and taker is not None
    trump_index, partners = int(trump), rules.partnerships and n == 4
    may_stop = rules.calling_out is not CallingOut.NONE
    announces = rules.has_announcements
    # The engine's own state is read directly below (what hand_mask, trick_cards,
    # trick_leader and played_mask return, without the calls): this is the
    # library's hottest loop.
    legal_play_mask, can_announce, play = deal.legal_play_mask, deal.can_announce_belote, deal._play
    while deal._phase == _PLAY:  # to the end: to_act is None once the deal is over
        seat = deal._to_act
        bot = bots[seat]
        legal = legal_play_mask()
        if announces and deal.tricks_played == 0 and deal.legal_action_mask() >> ID_DECLARE & 1:
            deal.apply_id(ID_DECLARE)  # everything, before the first card
        elif may_stop and bot._should_stop(deal, seat):
            deal.stop()
        else:
            if legal & (legal - 1) == 0:  # one legal card: nothing to weigh
                card = legal.bit_length() - 1
            else:
                trick = deal._trick
                card = bot._card(
                    seat, n, partners, deal._hands[seat], legal, trick,
                    deal._leader, trump_index, taker, deal._gone,
                    deal._best_pos if trick else -1,
                )
            play(card, can_announce(card))  # a legal card: play_card's checks hold
    return deal.result


# --- the heuristic bot --------------------------------------------------------------------


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


class HeuristicBot:
    """A player that bids and plays by the usual table sense.

    - Bidding: takes when [`hand_strength`][belote.bots.hand_strength] of its hand (with the turned
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
        take_threshold: the [`hand_strength`][belote.bots.hand_strength] needed to take.
    """

    __slots__ = ("_deal", "take_threshold")

    def __init__(self, take_threshold: int = 34) -> None:
        self.take_threshold = take_threshold
        # (deal, players, partners, trump, taker, may call out, announces, trump suit): read once
        # per deal, and again when an undo changes its trump or taker.
        self._deal: tuple[Deal, int, bool, int, int, bool, bool, Suit] | None = None

    def start_deal(self, rng: random.Random) -> None:
        """Nothing to do: the heuristic bot is deterministic."""

    def accepts_swap(self, deal: Deal, seat: int) -> bool:
        """Always: the turned card is a higher trump than the 7."""
        return True

    # --- the fast path ----------------------------------------------------------------

    def act(self, deal: Deal, seat: int) -> None:
        """Bid, declare, call out or play one card (the fast path: the deal's int layer)."""
        legal = deal.legal_play_mask()
        if not legal:
            take, suit = self.bid_choice(
                deal.hand_mask(seat), deal.turned.index, deal.phase is Phase.BIDDING_2,
                deal.legal_bids(), deal.rules,
            )
            deal.bid(take, suit)
            return
        known = self._deal
        # Read again for another deal, or for the same deal after an undo took the bids back.
        if (
            known is None or known[0] is not deal
            or known[7] is not deal.trump or known[4] != deal.taker
        ):
            # What stays fixed for the whole play of this deal, read once.
            rules = deal.rules
            trump, taker, n = deal.trump, deal.taker, deal.players
            assert trump is not None and taker is not None
            known = self._deal = (
                deal, n, rules.partnerships and n == 4, int(trump), taker,
                rules.calling_out is not CallingOut.NONE, rules.has_announcements, trump,
            )
        _, n, partners, trump_index, taker, may_stop, announces, _ = known
        if announces and deal.tricks_played == 0 and deal.legal_action_mask() >> ID_DECLARE & 1:
            # Declare everything before the first card (the id is legal only then).
            deal.apply_id(ID_DECLARE)
            return
        if may_stop and self._should_stop(deal, seat):
            deal.stop()
            return
        if legal & (legal - 1) == 0:  # one legal card: nothing to weigh
            card = legal.bit_length() - 1
        else:
            card = self._card(
                seat, n, partners, deal.hand_mask(seat), legal, deal.trick_cards(),
                deal.trick_leader, trump_index, taker, deal.played_mask(),
            )
        deal.play_card(card, deal.can_announce_belote(card))

    def _should_stop(self, deal: Deal, seat: int) -> bool:
        # Whether stop is legal first (the rule check behind legal_action_mask's
        # stop bit, without the rest of the mask): the cheap test, and seldom true.
        if deal._stop_check(seat) or not deal.claim_holds(seat):
            return False
        side = deal.side(seat)
        if deal.rules.has_contract and deal.attack == side:
            # The attack may call out only once it cannot fail any more.
            others = [s for s in range(deal.sides) if s != side]
            cards_out = sum(deal.card_points_of(s) for s in range(deal.sides))
            remaining = 152 - cards_out + deal.rules.last_trick_bonus + deal.rules.belote_value
            threat = max(deal.points_so_far(s) for s in others) + remaining
            if deal.points_so_far(side) <= threat:
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


def make_bots(kind: str, players: int) -> list[Player]:
    """One fresh bot of ``kind`` (``"random"`` or ``"heuristic"``) per seat.

    Raises:
        InvalidArgument: an unknown kind.

    >>> make_bots("heuristic", 2)
    [HeuristicBot(take_threshold=34), HeuristicBot(take_threshold=34)]
    """
    if kind == "random":
        return [RandomBot() for _ in range(players)]
    if kind == "heuristic":
        return [HeuristicBot() for _ in range(players)]
    raise InvalidArgument(f"unknown bots {kind!r} (expected one of: {', '.join(BOT_KINDS)})")
