"""The play of the cards (docs/rules.md#play-obligations): the obligations, tricks, belote-rebelote.

Functions on a [`DealState`][belote.deal.state.DealState], on card indices and
masks: the legal cards of the seat to act
([`legal_play_mask`][belote.deal.play.legal_play_mask]), playing one
([`play_card`][belote.deal.play.play_card] checks it,
[`apply_play`][belote.deal.play.apply_play] trusts the caller), the rest of a
deal played at random, and why a card is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from belote.cards import ALL_TRUMPS, CARDS, NO_TRUMPS, Suit
from belote.deal.codes import (
    H_PLAY,
    KING,
    OVER,
    PLAY,
    QUEEN,
    SUIT_NAMES,
    EndReason,
    entries,
)
from belote.deal.declarations import resolve
from belote.deal.state import DealState
from belote.errors import IllegalAction, InvalidArgument
from belote.rules.checks import instance, whole
from belote.tricks import cards_of, follower_mask, winner_index

__all__ = [
    "PLAY_ENTRIES",
    "apply_play",
    "can_announce_belote",
    "draw_card",
    "find_belote_holder",
    "legal_play_cards",
    "legal_play_mask",
    "obligation",
    "play_card",
    "play_cards_randomly",
    "play_reason",
    "reset_legal",
]


PLAY_ENTRIES: Final = entries(H_PLAY, 64)
"""``PLAY_ENTRIES[seat][card]`` (``+ 32`` with belote): the history entry of a card played,
built once and shared (a card played allocates no entry)."""

_QUEENS: Final = sum(1 << (suit * 8 + QUEEN) for suit in range(4))
"""The four queens; a king is the card above its queen (``KING == QUEEN + 1``)."""

_ONE_CARD: Final[tuple[tuple[int, ...], ...]] = tuple((card,) for card in range(32))
"""``(card,)`` per card, shared: a card added to the trick allocates only the new trick."""

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_PLAYED: Final = EndReason.PLAYED


def reset_legal(s: DealState) -> None:
    """Set the legal-card cache after a change outside the play of a card.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].

    No card may be played outside the play phase, nor while the holder of
    the 7 of trump decides on the swap.
    """
    s.lmask = -1
    if s.phase != PLAY or s.swap_holder >= 0:
        s.legal = 0
    elif s.trick:
        s.legal = -1
    else:
        s.legal = s.hands[s.to_act]


def find_belote_holder(s: DealState) -> None:
    """Note which seats hold the king and queen of trump (docs/rules.md#belote-rebelote).

    ``belote_holder`` and ``belote_pair`` name the first holder found (the only
    one with a trump suit); ``belote_cards`` every seat's announceable cards,
    in all-trumps one pair per suit held (docs/bulgarian.md#belote).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.apply_id`][belote.deal.Deal.apply_id].
    """
    s.belote_holder = -1
    s.belote_pair = ()
    trump = s.trump
    hands = s.hands
    if s.belote_any:  # pairs found before the hands changed (the seven swap): none now
        s.belote_any = 0
        s.belote_cards = (0,) * len(hands)
    if trump < NO_TRUMPS:  # the trump suit's pair: one seat at most holds it
        king, queen = trump * 8 + KING, trump * 8 + QUEEN
        pair = 1 << king | 1 << queen
        for seat, hand in enumerate(hands):
            if hand & pair == pair:
                s.belote_holder = seat
                s.belote_pair = (king, queen)
                s.belote_any = pair
                cards = [0] * len(hands)
                cards[seat] = pair
                s.belote_cards = tuple(cards)
                return
        return
    if trump != ALL_TRUMPS:  # no-trumps: no belote
        return
    cards = [0] * len(hands)
    found = 0
    for seat, hand in enumerate(hands):  # all-trumps: every suit's pair
        queens = hand & hand >> 1 & _QUEENS  # the queens held with their king
        if queens:
            cards[seat] = queens | queens << 1
            found |= queens
    if found:  # the holder named first: that of the lowest suit's pair
        low = found & -found
        queen = low.bit_length() - 1
        for seat, pair in enumerate(cards):
            if pair & low:
                s.belote_holder = seat
                break
        s.belote_pair = (queen - QUEEN + KING, queen)
    s.belote_cards = tuple(cards)
    s.belote_any = found | found << 1


def legal_play_mask(s: DealState) -> int:
    """The mask of cards the seat to act may play now (0 outside the play phase).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_play_mask`][belote.deal.Deal.legal_play_mask].
    """
    legal = s.legal
    if legal >= 0:
        return legal
    # A trick is under way (an empty trick's mask, the hand, is set when the
    # trick starts): the obligations on the trick's best card so far.
    trick = s.trick
    legal = follower_mask(
        s.hands[s.to_act],
        trick[0] >> 3,
        s.best,
        s.partners and s.best_pos == len(trick) - 2,
        s.trump,
        s.rules.play,
    )
    s.legal = legal
    return legal

def can_announce_belote(s: DealState, card: int) -> bool:
    """Whether the seat to act may announce belote with this card index.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_action_mask`][belote.deal.Deal.legal_action_mask].
    """
    # belote_cards holds the K and Q of trump of the seats holding both; the
    # seat to act is -1 once the deal is over.
    seat = s.to_act
    if seat < 0 or not s.belote_cards[seat] >> card & 1:
        return False
    if s.rules.belote_needs_lead_follow_or_trump and s.trick:
        suit = card >> 3
        return suit == s.trick[0] >> 3 or suit == s.trump
    return True

def legal_play_cards(s: DealState) -> list[int]:
    """The indices of the cards the seat to act may play now, in index order (fast path).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.legal_play_cards`][belote.deal.Deal.legal_play_cards].
    """
    mask = s.legal
    if mask < 0:
        mask = legal_play_mask(s)
    return cards_of(mask)

def play_card(s: DealState, card: object, belote: object = False) -> None:
    """The seat to act plays the card with this index (fast path; every check kept).

    Trusted: takes what the library built (the state ``s`` is not checked, the
    other arguments are); the checked door is
    [`Deal.play_card`][belote.deal.Deal.play_card].

    ``card`` and ``belote`` come from the caller unchecked, of any type: they
    are checked here (an int from 0 to 31, a bool).

    Raises:
        InvalidArgument: ``card`` is not an int from 0 to 31, or ``belote`` not a bool.
        IllegalAction: not the play phase, a card not held, a card the
            obligations forbid, or belote announced where it cannot be.
    """
    legal = s.legal
    if legal < 0:
        legal = legal_play_mask(s)
    seat = s.to_act
    if (
        legal  # 0 outside the play phase
        and type(card) is int
        and 0 <= card < 32
        and legal >> card & 1
        and (belote is False or (belote is True and can_announce_belote(s, card)))
    ):
        apply_play(s, card, belote is True)
        return
    if type(card) is not int or not 0 <= card < 32:
        raise InvalidArgument(f"not a card index: {card!r} (expected an int from 0 to 31)")
    if type(belote) is not bool:
        raise InvalidArgument(f"belote must be True or False, not {belote!r}")
    raise IllegalAction(play_reason(s, seat, card, belote) or "illegal play")

def apply_play(s: DealState, card: int, belote: bool) -> None:
    """The seat to act plays ``card`` (a legal card: the callers check), completing the trick when it is the last.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.play_card`][belote.deal.Deal.play_card].
    """
    seat = s.to_act
    s.lmask = -1
    bit = 1 << card
    hands = s.hands
    hands[seat] = hands[seat] ^ bit  # an int op, not the generic in-place xor of a list item
    s.gone |= bit
    if belote:
        calls = list(s.belote_calls)
        calls[seat] += 1
        s.belote_calls = tuple(calls)
        s.history.append(PLAY_ENTRIES[seat][card + 32])
    else:
        s.history.append(PLAY_ENTRIES[seat][card])
    if s.belote_any and s.belote_any >> card & 1 and s.rules.belote_announced_once:
        # Said once, with the first of the pair played: the other card says nothing.
        cards = list(s.belote_cards)
        cards[seat] &= ~(0xFF << (card & ~7))
        s.belote_cards = tuple(cards)
        s.belote_any = sum(cards)  # the seats' masks share no card
    trick = s.trick = s.trick + _ONE_CARD[card]
    count = len(trick)
    if count == 1:
        s.best = card
        s.best_pos = 0
    elif s.beaters[s.best] >> card & 1:
        s.best = card
        s.best_pos = count - 1
    n = s.n
    if count < n:
        s.to_act = (seat + 1) % n
        s.legal = -1
        return
    # The trick is complete.
    winner = (s.leader + s.best_pos) % n
    table = s.layout.points[s.trump]  # CARD_POINTS but for contrée's NT/AT readings
    points = 0
    for c in trick:
        points += table[c]
    won = s.points
    won[winner] = won[winner] + points
    tricks = s.tricks_won
    tricks[winner] = tricks[winner] + 1
    if points:
        s.counting[winner] = True
    s.trick_winners.append(winner)
    s.played += trick
    s.trick = ()
    s.leader = s.to_act = winner
    done = s.tricks_done = s.tricks_done + 1
    if done == 1:
        resolve(s)
    if done == s.hand_size:
        s.phase = OVER
        s.end = _PLAYED
        s.to_act = -1
        s.legal = 0
    else:
        s.legal = s.hands[winner]  # the leader may play any card

def draw_card(legal: int, rand: Callable[[], float]) -> int:
    """A card drawn uniformly from a mask of legal cards: the ``int(rand() * count)``-th in index order.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.play_out_random`][belote.deal.Deal.play_out_random].

    One ``rand()`` per draw, the card [`legal_play_cards`][belote.deal.play.legal_play_cards]
    would list at that place: the random players' draw
    ([`play_cards_randomly`][belote.deal.play.play_cards_randomly],
    [`play_out_random`][belote.deal.seatview.play_out_random]).

    >>> [draw_card(0b1011, lambda: x) for x in (0.0, 0.4, 0.9)]
    [0, 1, 3]
    """
    # Drop the k lowest set bits, then take the lowest one left.
    k = int(rand() * legal.bit_count())
    while k:
        legal &= legal - 1
        k -= 1
    return (legal & -legal).bit_length() - 1


def play_cards_randomly(s: DealState, rand: Callable[[], float]) -> None:
    """Play the rest of the deal's cards, each drawn uniformly among the legal cards.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`Deal.play_out_random`][belote.deal.Deal.play_out_random].

    The seat to act draws ``int(rand() * count)`` over its legal cards in
    index order (what [`legal_play_cards`][belote.deal.play.legal_play_cards]
    lists), and a card that may carry belote-rebelote is announced on a
    further coin toss ``rand() < 0.5``. Nobody declares or calls out. The
    caller makes sure only cards are left to decide (the play phase, past
    the swap decision and, where the variant has declarations, past the
    first trick): [`play_out_random`][belote.deal.seatview.play_out_random] does.
    """
    while s.phase == PLAY:
        legal = s.legal
        if legal < 0:
            legal = legal_play_mask(s)
        # The k-th legal card in index order, as draw_card draws it (inline: once per card).
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        card = (legal & -legal).bit_length() - 1
        # Only the K or Q of trump of a pair's holder can carry belote.
        apply_play(s, card, s.belote_any != 0 and s.belote_any >> card & 1 != 0
                   and can_announce_belote(s, card) and rand() < 0.5)


def play_reason(s: object, seat: object, card: object, belote: object) -> str | None:
    """Why ``seat`` may not play ``card`` (announcing belote or not) now, else ``None``.

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``seat`` or ``card`` not a whole
            number, ``belote`` not a bool.
        InvalidArgument: not a card index.
    """
    s = instance(s, DealState, "s")
    seat = whole(seat, "seat", 0)
    card = whole(card, "card", 0, 31)
    belote = instance(belote, bool, "belote")
    phase = s.phase
    if phase != PLAY:
        if phase == OVER:
            return "the deal is over"
        return f"the bidding is not over: seat {s.to_act} is to bid"
    if s.swap_holder >= 0:
        return f"seat {s.swap_holder} has first to swap or keep the 7 of trump"
    if seat != s.to_act:
        return f"it is seat {s.to_act}'s turn to play, not seat {seat}'s"
    if not 0 <= card < 32:
        return f"not a card index: {card}"
    bit = 1 << card
    name = CARDS[card]
    hand = s.hands[seat]
    if not hand & bit:
        for other, code, arg in s.history:
            if code == H_PLAY and arg in (card, card + 32):  # +32: with belote
                by = "him" if other == seat else f"seat {other}"
                return f"{name} was already played by {by}"
        return f"seat {seat} does not hold {name}"
    if not legal_play_mask(s) & bit:
        return obligation(s, hand, card)
    if belote:
        trump = s.trump
        if (card >> 3 != trump and trump != ALL_TRUMPS) or card & 7 not in (KING, QUEEN):
            if trump == NO_TRUMPS:
                return f"there is no belote in no-trumps: {name} cannot announce one"
            which = "of a suit" if trump == ALL_TRUMPS else f"of trump {Suit(trump).letter}"
            return f"belote is announced with the king or queen {which}, not with {name}"
        if not s.belote_cards[seat] >> card & 1:
            if s.belote_calls[seat] and s.rules.belote_announced_once:
                return "belote is announced once, with the first of the king and queen played"
            return f"seat {seat} does not hold both the king and queen of {Suit(card >> 3).word}"
        if not can_announce_belote(s, card):
            return (
                f"belote is announced with a card that leads, follows suit or trumps, "
                f"not with a discard ({name})"
            )
    return None

def obligation(s: object, hand: object, card: object) -> str:
    """Name the play obligation that forbids ``card`` (rules §5, docs/rules.md#play-obligations).

    Raises:
        InvalidArgumentType: ``s`` is not a ``DealState``, ``hand`` or ``card`` not a whole
            number.
        InvalidArgument: not a card mask or a card index.
    """
    s = instance(s, DealState, "s")
    hand = whole(hand, "hand", 0, (1 << 32) - 1)
    card = whole(card, "card", 0, 31)
    trick, trump, play = s.trick, s.trump, s.rules.play
    led = trick[0] >> 3
    led_name = SUIT_NAMES[led]
    follow = hand & (0xFF << (8 * led))
    name = CARDS[card]
    if follow and card >> 3 != led:
        return f"{name} does not follow suit: must follow {led_name}, the led suit"
    if trump == ALL_TRUMPS:  # every suit is trump: beat the best card of the suit led
        best = trick[winner_index(trick, trump)]
        return (
            f"{name} is too low: in all-trumps a card higher than {CARDS[best]} of the "
            "suit led must be played when held"
        )
    trump_name = SUIT_NAMES[trump]
    if led == trump:
        best = trick[winner_index(trick, trump)]
        return (
            f"{name} is too low: trump was led and a trump higher than "
            f"{CARDS[best]} must be played when held"
        )
    trumps = hand & (0xFF << (8 * trump))
    pos = winner_index(trick, trump)
    best = trick[pos]
    if best >> 3 == trump and card >> 3 == trump and play.must_overtrump:
        return f"{name} is too low: must overtrump {CARDS[best]} with a higher trump"
    if trumps and card >> 3 != trump:
        if best >> 3 == trump:
            return (
                f"void in {led_name}: must overtrump {CARDS[best]} "
                f"(or undertrump) with a {trump_name[:-1]}"
            )
        return f"void in {led_name}: must trump with a {trump_name[:-1]}"
    return f"{name} is not allowed by the play obligations"  # pragma: no cover
