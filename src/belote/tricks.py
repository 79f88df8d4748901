"""Trick winner and legal plays under a variant's play obligations (rules §5, docs/rules.md#play-obligations).

Both work on card masks with a few bit operations. The public functions take
and return typed values; the ``*_index``/``*_mask`` forms take card indices
and masks for hot paths.

>>> from belote.cards import Card, CardSet, Suit
>>> from belote.rules import PlayRules
>>> trick = [Card.parse(c) for c in ("AS", "7H")]
>>> trick_winner(trick, Suit.HEARTS)
1
>>> hand = CardSet.parse("KS 8H JH QD")
>>> str(legal_plays(hand, [Card.parse("AD")], Suit.HEARTS, PlayRules()))
'QD'
>>> str(legal_plays(hand, [Card.parse("AC")], Suit.HEARTS, PlayRules()))
'8H JH'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belote.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Card, CardSet
from belote.rules import PlayRules

__all__ = [
    "HIGHER_TRUMPS",
    "follower_mask",
    "legal_mask",
    "legal_plays",
    "trick_winner",
    "winner_index",
]

# HIGHER_TRUMPS[i]: the cards of card i's suit that beat it when that suit is trump.
HIGHER_TRUMPS: Final = tuple(
    sum(
        1 << (i - i % 8 + r)
        for r in range(8)
        if TRUMP_STRENGTH[r] > TRUMP_STRENGTH[i % 8]
    )
    for i in range(32)
)


# LOWEST_TRUMP[pattern]: of the ranks in an 8-bit suit pattern, the bit of the
# weakest as a trump (7 8 Q K 10 A 9 J from the bottom); 0 for an empty pattern.
_LOWEST_TRUMP: Final = tuple(
    min(
        (1 << r for r in range(8) if pattern >> r & 1),
        key=lambda bit: TRUMP_STRENGTH[bit.bit_length() - 1],
        default=0,
    )
    for pattern in range(256)
)


def _lowest_trump(trumps: int, trump: int) -> int:
    """The mask of the weakest trump in ``trumps`` (cards of suit ``trump`` only)."""
    shift = trump << 3
    return _LOWEST_TRUMP[(trumps >> shift) & 0xFF] << shift


def winner_index(trick: Sequence[int], trump: int | None) -> int:
    """Position in ``trick`` (card indices, in play order) of the winning card.

    The highest trump wins, else the highest card of the led suit.
    """
    best = 0
    best_card = trick[0]
    best_suit = best_card >> 3
    for pos in range(1, len(trick)):
        card = trick[pos]
        suit = card >> 3
        if suit == best_suit:
            table = TRUMP_STRENGTH if suit == trump else PLAIN_STRENGTH
            if table[card & 7] > table[best_card & 7]:
                best, best_card = pos, card
        elif suit == trump:
            best, best_card, best_suit = pos, card, suit
    return best


def trick_winner(trick: Sequence[Card], trump: int | None) -> int:
    """Position in ``trick`` (cards in play order) of the card that wins it.

    Raises:
        ValueError: the trick is empty.
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    return winner_index([card.index for card in trick], trump)


def follower_mask(
    hand: int, led: int, best: int, partner_is_best: bool, trump: int, play: PlayRules
) -> int:
    """The cards of ``hand`` a player who does not lead may play (rules §5, docs/rules.md#play-obligations).

    This is the one place where the play obligations are written; the deal
    engine calls it with the trick's best card, which it tracks as cards are
    played, and [`legal_mask`][belote.tricks.legal_mask] with the best card found by a scan.

    Args:
        hand: the player's card mask.
        led: the suit led.
        best: the index of the card winning the trick so far.
        partner_is_best: whether the player's partner played that card.
        trump: the trump suit.
        play: the variant's play obligations. With ``play.undertrump_lowest``
            a player who must play a trump lower than the best one plays his
            lowest (000 "la sua più bassa").
    """
    follow = hand & (0xFF << (led << 3))
    if led == trump:
        if not follow:
            return hand
        if play.overtrump_on_trump_lead:  # the best card is a trump here
            higher = follow & HIGHER_TRUMPS[best]
            if higher:
                return higher
            return _lowest_trump(follow, trump) if play.undertrump_lowest else follow
        return follow
    if follow:
        return follow
    trumps = hand & (0xFF << (trump << 3))
    if not trumps or not play.must_trump_when_void:
        return hand
    best_is_trump = best >> 3 == trump
    if (
        partner_is_best
        and play.partner_master_exempts
        and (best_is_trump or not play.partner_exemption_needs_trump)
    ):
        return hand
    if not best_is_trump:
        return trumps
    if play.must_overtrump:
        higher = trumps & HIGHER_TRUMPS[best]
        if higher:
            return higher
    if not play.must_undertrump:
        return hand
    return _lowest_trump(trumps, trump) if play.undertrump_lowest else trumps


def legal_mask(
    hand: int,
    trick: Sequence[int],
    trump: int,
    play: PlayRules,
    partners: bool = True,
) -> int:
    """The mask of the cards of ``hand`` that may be played to ``trick``.

    Args:
        hand: the player's card mask.
        trick: indices of the cards already in the trick, in play order.
        trump: the trump suit.
        play: the variant's play obligations.
        partners: whether the card played two places earlier is the partner's
            (four players in two teams).
    """
    if not trick:
        return hand
    pos = winner_index(trick, trump)
    return follower_mask(
        hand, trick[0] >> 3, trick[pos], partners and pos == len(trick) - 2, trump, play
    )


def legal_plays(
    hand: CardSet,
    trick: Sequence[Card],
    trump: int,
    play: PlayRules,
    partners: bool = True,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (rules §5, docs/rules.md#play-obligations).

    Args:
        hand: the player's cards.
        trick: the cards already in the trick, in play order.
        trump: the trump suit.
        play: the variant's play obligations (``rules.play``).
        partners: whether the card played two places earlier is the partner's.
    """
    return CardSet.from_mask(
        legal_mask(hand.mask, [card.index for card in trick], trump, play, partners)
    )
