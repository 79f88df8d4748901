"""Trick winner and legal plays under a variant's play obligations (RULES.md §5).

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
    led_card = trick[0]
    led = led_card >> 3
    follow = hand & (0xFF << (led << 3))
    if led == trump:
        if not follow:
            return hand
        if play.overtrump_on_trump_lead:
            best = led_card
            for card in trick:
                if card >> 3 == trump and TRUMP_STRENGTH[card & 7] > TRUMP_STRENGTH[best & 7]:
                    best = card
            higher = follow & HIGHER_TRUMPS[best]
            if higher:
                return higher
        return follow
    if follow:
        return follow
    trumps = hand & (0xFF << (trump << 3))
    if not trumps or not play.must_trump_when_void:
        return hand
    pos = winner_index(trick, trump)
    best = trick[pos]
    if (
        partners
        and play.partner_master_exempts
        and pos == len(trick) - 2
        and (best >> 3 == trump or not play.partner_exemption_needs_trump)
    ):
        return hand
    if best >> 3 != trump:
        return trumps
    if play.must_overtrump:
        higher = trumps & HIGHER_TRUMPS[best]
        if higher:
            return higher
    return trumps if play.must_undertrump else hand


def legal_plays(
    hand: CardSet,
    trick: Sequence[Card],
    trump: int,
    play: PlayRules,
    partners: bool = True,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (RULES.md §5).

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
