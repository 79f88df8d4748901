"""The heuristic bot's strain auction (``bulgarian``): a hand's value in each mode, and its call.

In a strain auction ([`Bidding.STRAIN_AUCTION`][belote.rules.policies.Bidding.STRAIN_AUCTION],
docs/bulgarian.md#the-auction) a seat sees five cards, and its team bids a
strain without a value: a suit, no-trumps or all-trumps, each above the
standing one; it may double the other team's bid and redouble a double of
its own. [`strain_strength`][belote.agents.strains.strain_strength] counts what
five (or eight) cards are worth in each mode; [`strain_to_bid`][belote.agents.strains.strain_to_bid]
turns the counts into a call. The thresholds are the named constants below,
set on self-play of the heuristic (each mode's contracts made about as
often as the bot's contrée bids are).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belote.actions import ID_BID_STRAIN, ID_DOUBLE, ID_PASS, ID_REDOUBLE
from belote.agents.cardplay import hand_strength
from belote.cards import ALL_TRUMPS, NO_TRUMPS
from belote.rules import Rules

__all__ = [
    "AT_THRESHOLD",
    "DOUBLE_MARGIN",
    "ESCAPE_MARGIN",
    "NT_THRESHOLD",
    "OVERCALL_MARGIN",
    "REDOUBLE_MARGIN",
    "STRAIN_THRESHOLDS",
    "SUIT_THRESHOLD",
    "strain_class",
    "strain_count",
    "strain_strength",
    "strain_to_bid",
    "strains_of_bids",
]

_SEVEN: Final = 0
_NINE: Final = 2
_TEN: Final = 3
_JACK: Final = 4
_QUEEN: Final = 5
_KING: Final = 6
_ACE: Final = 7

SUIT_THRESHOLD: Final = 30
"""The [`strain_strength`][belote.agents.strains.strain_strength] a suit bid needs (five cards seen)."""
NT_THRESHOLD: Final = 38
"""The strength a no-trumps bid needs: about two aces with a ten."""
AT_THRESHOLD: Final = 52
"""The strength an all-trumps bid needs: about two jacks with a nine."""
OVERCALL_MARGIN: Final = 10
"""How much more than its threshold a strain needs to take over the partner's standing bid."""
SUPPORT_SHOWN: Final = 20
"""What a partner's bid is read to show in its strain (a bid shows a trump jack or nine, or aces)."""
DOUBLE_MARGIN: Final = 14
"""How far above its own threshold the defender's count in the opponents' strain must be to double."""
REDOUBLE_MARGIN: Final = 30
"""How far above its threshold the bidding side's count must be to redouble (rarely)."""
ESCAPE_MARGIN: Final = 12
"""A doubled side runs to a higher strain when its count in the doubled one falls this far short."""


def _nt_suit(bits: int) -> int:
    """A suit's value in no-trumps, by its 8-bit rank pattern: aces, guarded tens, a long suit."""
    score = 0
    ace, ten = bits >> _ACE & 1, bits >> _TEN & 1
    if ace:
        score += 15
        if ten:
            score += 10
            if bits >> _KING & 1:
                score += 5
        length = bits.bit_count()
        if length >= 3:
            score += 3 * (length - 2)  # a long suit cashes its small cards too
    elif ten and bits >> _KING & 1:
        score += 3
    return score


def _at_suit(bits: int) -> int:
    """A suit's value in all-trumps, by its 8-bit rank pattern: jacks and nines, then aces."""
    score = 0
    jack, nine = bits >> _JACK & 1, bits >> _NINE & 1
    length = bits.bit_count()
    if jack:
        score += 20
        if length >= 3:
            score += 4
    if nine:
        score += 15 if jack else 8 if length >= 2 else 4
    if bits >> _ACE & 1:
        score += 8 if jack or nine else 5
        if bits >> _TEN & 1:
            score += 4
    if bits >> _KING & 1 and bits >> _QUEEN & 1:
        score += 8  # a belote in that suit
    return score


_NT_SUIT: Final = tuple(_nt_suit(bits) for bits in range(256))
_AT_SUIT: Final = tuple(_at_suit(bits) for bits in range(256))


def strain_strength(hand: int, mode: int) -> int:
    """The heuristic's count of a hand (a card mask) for a contract in ``mode``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`HeuristicBot`][belote.agents.HeuristicBot].

    - a suit (0..3): [`hand_strength`][belote.agents.cardplay.hand_strength]
      (trumps J 20, 9 14, A 11, 10 10; side aces);
    - no-trumps (4): per suit an ace 15, a ten with its ace 10 more, the king
      of A-10 5, and a long suit headed by its ace 3 a card beyond two;
    - all-trumps (5): per suit a jack 20, a nine 15 beside its jack (8 with
      another card, 4 alone), an ace 8 beside either (5 else), a belote 8.

    >>> from belote.cards import CardSet
    >>> hand = CardSet.parse("JH 9H JS AC 10C").mask
    >>> [strain_strength(hand, mode) for mode in (1, 4, 5)]
    [50, 25, 64]
    """
    if mode < 4:
        return hand_strength(hand, mode)
    table = _NT_SUIT if mode == NO_TRUMPS else _AT_SUIT
    score = 0
    for suit in range(4):
        score += table[hand >> (8 * suit) & 0xFF]
    return score


STRAIN_THRESHOLDS: Final = (SUIT_THRESHOLD, NT_THRESHOLD, AT_THRESHOLD)
"""The tuned thresholds of a suit, no-trumps and all-trumps bid under bulgarian's default rules.

The heuristic reads each variant's own from
[`thresholds`][belote.agents.fitting.thresholds] (docs/bots.md#thresholds-from-the-rules)."""


def strain_class(mode: int) -> int:
    """Which of the three thresholds a mode's bid needs: 0 a suit, 1 no-trumps, 2 all-trumps.

    >>> [strain_class(mode) for mode in range(6)]
    [0, 0, 0, 0, 1, 2]
    """
    return 1 if mode == NO_TRUMPS else 2 if mode == ALL_TRUMPS else 0


def strain_count(seat: int, hand: int, mode: int, bids: Sequence[tuple[int, int]]) -> int:
    """The heuristic's count for bidding ``mode``: the hand's strength plus what its partner's bids show.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`HeuristicBot`][belote.agents.HeuristicBot].

    [`strain_strength`][belote.agents.strains.strain_strength], plus
    ``SUPPORT_SHOWN`` in a strain the partner of ``seat`` bid (half of it in
    all-trumps over a partner's suit): what
    [`strain_to_bid`][belote.agents.strains.strain_to_bid] weighs against
    the mode's threshold.

    >>> from belote.cards import CardSet
    >>> hand = CardSet.parse("JH 9H JS AC 10C").mask
    >>> strain_count(0, hand, 1, []), strain_count(0, hand, 1, [(2, ID_BID_STRAIN + 1)])
    (50, 70)
    """
    partner = (seat + 2) % 4
    partner_strains = 0
    for who, action in bids:
        if who == partner and ID_BID_STRAIN <= action < ID_DOUBLE:
            partner_strains |= 1 << (action - ID_BID_STRAIN)
    value = strain_strength(hand, mode)
    if partner_strains >> mode & 1:
        value += SUPPORT_SHOWN
    elif mode == ALL_TRUMPS and partner_strains & 0xF:
        value += SUPPORT_SHOWN // 2
    return value


def strains_of_bids(bids: Sequence[tuple[int, int]]) -> tuple[int, int, int]:
    """The standing ``(strain, bidder, doubling)`` after a strain auction's ``(seat, action id)`` calls.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`HeuristicBot`][belote.agents.HeuristicBot].

    ``(-1, -1, 0)`` before any bid; a higher bid cancels the doubles.

    >>> strains_of_bids([(1, ID_BID_STRAIN + 2), (2, ID_DOUBLE), (3, ID_PASS)])
    (2, 1, 1)
    """
    strain, bidder, doubling = -1, -1, 0
    for seat, action in bids:
        if action == ID_DOUBLE:
            doubling = 1
        elif action == ID_REDOUBLE:
            doubling = 2
        elif ID_BID_STRAIN <= action < ID_DOUBLE:
            strain, bidder, doubling = action - ID_BID_STRAIN, seat, 0
    return strain, bidder, doubling


def strain_to_bid(seat: int, hand: int, legal: int, bids: Sequence[tuple[int, int]],
                  rules: Rules, thresholds: Sequence[int] = STRAIN_THRESHOLDS) -> int:
    """The heuristic bot's call in a strain auction: a strain, double, redouble or pass (an action id).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`HeuristicBot`][belote.agents.HeuristicBot].

    - Each strain it may bid is valued by
      [`strain_strength`][belote.agents.strains.strain_strength], plus
      ``SUPPORT_SHOWN`` in a strain its partner bid (and half of it in
      all-trumps over a partner's suit: a partner's trump jack is a jack);
      it bids the strain whose count passes its threshold by most.
    - Over its partner's standing bid it bids another strain only with
      ``OVERCALL_MARGIN`` to spare: the partner's strain stands otherwise.
    - It doubles the other team's bid when its own count in that strain is
      ``DOUBLE_MARGIN`` above the threshold (the trumps sit over the
      bidder); it redoubles its own team's doubled bid, rarely, with
      ``REDOUBLE_MARGIN`` to spare.
    - Doubled, with its count in the strain ``ESCAPE_MARGIN`` short of the
      threshold, it runs to the best higher strain it may bid, if any
      reaches its threshold.
    - Else it passes.

    Args:
        seat: the bidding seat.
        hand: its card mask (five cards during the auction).
        legal: the legal action-id mask.
        bids: the calls so far as ``(seat, action id)`` pairs.
        rules: the variant.
        thresholds: what a suit, no-trumps and all-trumps bid need
            (default ``STRAIN_THRESHOLDS``, bulgarian's tuned ones).
    """
    strain, bidder, doubling = strains_of_bids(bids)
    own_side = bidder >= 0 and (bidder - seat) % 2 == 0

    def count(mode: int) -> int:
        return strain_count(seat, hand, mode, bids)

    def _threshold(mode: int) -> int:
        return thresholds[strain_class(mode)]

    if legal >> ID_REDOUBLE & 1 and count(strain) >= _threshold(strain) + REDOUBLE_MARGIN:
        return ID_REDOUBLE
    best, best_gain, escape, escape_gain = ID_PASS, -1, ID_PASS, -1
    for mode in rules.auction.strains:
        action = ID_BID_STRAIN + int(mode)
        if not legal >> action & 1:
            continue
        gain = count(int(mode)) - _threshold(int(mode))
        if gain >= 0 and gain > escape_gain:
            escape, escape_gain = action, gain
        if own_side and bidder != seat:
            gain -= OVERCALL_MARGIN  # the partner's strain stands unless another is clearly better
        if gain >= 0 and gain > best_gain:
            best, best_gain = action, gain
    if own_side and doubling:
        # Doubled: run (to a strain that reaches its threshold) only when the doubled one looks lost.
        if count(strain) < _threshold(strain) - ESCAPE_MARGIN:
            return escape
        return ID_PASS
    threshold = _threshold(strain)
    if (legal >> ID_DOUBLE & 1 and strain_strength(hand, strain) >= threshold + DOUBLE_MARGIN
            and best_gain < DOUBLE_MARGIN):  # a clearly better bid of its own is bid instead
        return ID_DOUBLE
    if bidder == seat:
        return ID_PASS  # never over its own bid
    return best
