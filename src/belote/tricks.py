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

from belote.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Card, CardSet, card_points
from belote.errors import BeloteError, InvalidArgument, InvalidArgumentType, shown
from belote.rules import PlayRules, Rules, get_rules

__all__ = [
    "BEATERS",
    "CARD_POINTS",
    "HIGHER_TRUMPS",
    "follower_mask",
    "legal_mask",
    "legal_plays",
    "trick_winner",
    "winner_index",
]

CARD_POINTS: Final = tuple(
    tuple(card_points(1 << card, trump) for card in range(32)) for trump in range(4)
)
"""``CARD_POINTS[trump][card]``: the card points of a card (by index) under a trump suit."""


def _beaten_by(card: int, trump: int) -> int:
    suit = card >> 3
    strength = TRUMP_STRENGTH if suit == trump else PLAIN_STRENGTH
    higher = sum(
        1 << (8 * suit + rank) for rank in range(8) if strength[rank] > strength[card & 7]
    )
    return higher if suit == trump else higher | 0xFF << (8 * trump)


BEATERS: Final = tuple(tuple(_beaten_by(card, trump) for card in range(32)) for trump in range(4))
"""``BEATERS[trump][card]``: the mask of the cards that beat ``card`` when it is the best
card of a trick: the higher cards of its suit, and every trump when it is not a trump.
Following a trick's best card as the cards come, with this table, finds the winner
without rescanning the trick (the deal engine and the solver both do)."""

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

    The highest trump wins, else the highest card of the led suit. This is
    the int layer: its arguments are not checked beyond what the
    operations themselves refuse (then with a typed error).

    Raises:
        InvalidArgumentType: the trick is not a sequence of ints.
        InvalidArgument: the trick is empty.
    """
    try:
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
    except (TypeError, AttributeError, LookupError, ValueError, ArithmeticError) as exc:
        raise _int_layer_error(exc, "winner_index") from None


def _card_indices(trick: object) -> list[int]:
    if isinstance(trick, str):
        return [Card.parse(text).index for text in trick.split()]
    if not isinstance(trick, (list, tuple)):
        raise InvalidArgumentType(
            f"trick: expected a sequence of Card, got {type(trick).__name__}"
        )
    indices = []
    for position, card in enumerate(trick):
        if not isinstance(card, Card):
            raise InvalidArgumentType(
                f"trick[{position}]: expected a Card, got {type(card).__name__} {shown(card)}"
            )
        indices.append(card.index)
    if len(set(indices)) != len(indices):
        raise InvalidArgument("trick: a card appears twice")
    return indices


def _trump(trump: object) -> int:
    if isinstance(trump, bool) or not isinstance(trump, int):
        raise InvalidArgumentType(
            f"trump: expected a Suit (or 0..3), got {type(trump).__name__} {shown(trump)}"
        )
    if not 0 <= trump <= 3:
        raise InvalidArgument(f"trump: expected a Suit (or 0..3), got {shown(trump)}")
    return trump


def trick_winner(trick: Sequence[Card], trump: int | None) -> int:
    """Position in ``trick`` (cards in play order) of the card that wins it.

    Raises:
        InvalidArgument: the trick is empty or has a card twice; ``trump``
            is not a suit. It is a `ValueError`.
        InvalidArgumentType: ``trick`` is not a sequence of ``Card``.
    """
    indices = _card_indices(trick)
    if not indices:
        raise InvalidArgument("an empty trick has no winner")
    return winner_index(indices, None if trump is None else _trump(trump))


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
            lowest (000 read literally).
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
    try:
        return follower_mask(
            hand, trick[0] >> 3, trick[pos], partners and pos == len(trick) - 2, trump, play
        )
    except (TypeError, AttributeError, LookupError, ValueError, ArithmeticError) as exc:
        raise _int_layer_error(exc, "legal_mask") from None


def legal_plays(
    hand: CardSet,
    trick: Sequence[Card],
    trump: int,
    play: PlayRules | Rules | str,
    partners: bool = True,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (rules §5, docs/rules.md#play-obligations).

    Args:
        hand: the player's cards.
        trick: the cards already in the trick, in play order.
        trump: the trump suit.
        play: the variant's play obligations (``rules.play``), or the
            variant itself (a ``Rules``, a name or an alias).
        partners: whether the card played two places earlier is the partner's.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a trump out of range, a card twice, or a full trick.
        UnknownVariant: ``play`` names no variant.
    """
    if isinstance(hand, str):
        hand = CardSet.parse(hand)
    if not isinstance(hand, CardSet):
        raise InvalidArgumentType(f"hand: expected a CardSet, got {type(hand).__name__}")
    indices = _card_indices(trick)
    if len(indices) > 3:
        raise InvalidArgument(f"trick: {len(indices)} cards already played; a trick has at most 4")
    if isinstance(play, (Rules, str)):
        play = get_rules(play).play
    if not isinstance(play, PlayRules):
        raise InvalidArgumentType(
            f"play: expected PlayRules, Rules or a variant name, got {type(play).__name__}"
        )
    return CardSet.from_mask(legal_mask(hand.mask, indices, _trump(trump), play, bool(partners)))


def _int_layer_error(exc: Exception, what: str) -> BeloteError:
    """The typed error for a bad argument found by the int layer's first failing operation."""
    if isinstance(exc, BeloteError):
        return exc
    if isinstance(exc, (IndexError, ValueError, ArithmeticError)):
        return InvalidArgument(f"{what}: a card index or suit out of range ({exc})")
    return InvalidArgumentType(f"{what}: expected ints (card indices, masks, suits): {exc}")
