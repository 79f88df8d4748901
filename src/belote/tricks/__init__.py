"""Trick winner and legal plays under a variant's play obligations (rules §5, docs/rules.md#play-obligations).

Both work on card masks with a few bit operations. The public functions take
and return typed values; the ``*_index``/``*_mask`` forms take card indices
and masks for hot paths. The innermost of them,
[`follower_mask`][belote.tricks.follower_mask], and the tables the engine
and the solver read live in [`belote.tricks.masks`][belote.tricks.masks], part
of the compiled core (docs/compiled.md); they are importable from here.

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

from belote.cards import ALL_TRUMPS, PLAIN_STRENGTH, TRUMP_STRENGTH, Card, CardSet
from belote.errors import BeloteError, InvalidArgument, InvalidArgumentType, shown
from belote.rules import PlayRules, Rules, get_rules
from belote.tricks.masks import (
    BEATERS,
    BYTE_CARDS,
    CARD_POINTS,
    HIGHER_TRUMPS,
    cards_of,
    follower_mask,
)

__all__ = [
    "BEATERS",
    "BYTE_CARDS",
    "CARD_POINTS",
    "HIGHER_TRUMPS",
    "cards_of",
    "follower_mask",
    "legal_mask",
    "legal_plays",
    "trick_winner",
    "winner_index",
]

def winner_index(trick: Sequence[int], trump: int | None) -> int:
    """Position in ``trick`` (card indices, in play order) of the winning card.

    The highest trump wins, else the highest card of the led suit. ``trump``
    is a suit or a mode: in no-trumps (4) and all-trumps (5) the highest
    card of the led suit wins, by the plain or the trump order
    (docs/bulgarian.md#trump-modes). This is
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
                table = (
                    TRUMP_STRENGTH if suit == trump or trump == ALL_TRUMPS else PLAIN_STRENGTH
                )
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
            f"trump: expected a Suit or a mode (0..5), got {type(trump).__name__} {shown(trump)}"
        )
    if not 0 <= trump <= 5:
        raise InvalidArgument(
            f"trump: expected a Suit (0..3), NO_TRUMPS (4) or ALL_TRUMPS (5), got {shown(trump)}"
        )
    return int(trump)


def trick_winner(trick: Sequence[Card], trump: int | None) -> int:
    """Position in ``trick`` (cards in play order) of the card that wins it.

    Raises:
        InvalidArgument: the trick is empty or has a card twice; ``trump``
            is neither a suit nor a mode (0..5). It is a `ValueError`.
        InvalidArgumentType: ``trick`` is not a sequence of ``Card``.
    """
    indices = _card_indices(trick)
    if not indices:
        raise InvalidArgument("an empty trick has no winner")
    return winner_index(indices, None if trump is None else _trump(trump))


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
        trump: the trump suit, or a mode (``NO_TRUMPS``, ``ALL_TRUMPS``).
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
