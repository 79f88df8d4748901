"""What a player does in a deal, and the action notation of deal records.

An [`Action`][belote.actions.Action] is a small frozen value: the seat that acts, a
[`Verb`][belote.actions.Verb], and the verb's argument (a suit for ``take``, cards for
``declare`` and ``play``, the ``belote`` flag for ``play``). ``str()`` gives
the notation of CONTRACT.md "Deal record" and [`Action.parse`][belote.actions.Action.parse] reads it
back:

>>> action = Action.parse("2 play KH belote")
>>> action.seat, action.verb, str(action.card), action.belote
(2, <Verb.PLAY: 'play'>, 'KH', True)
>>> str(action)
'2 play KH belote'
>>> str(Action.take(1, Suit.HEARTS)), str(Action.declare(0, CardSet.parse("AH KH QH")))
('1 take H', '0 declare QH KH AH')

The deal engine ([`belote.deal`][belote.deal]) says whether an action is legal; this
module only knows the notation.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from belote.cards import Card, CardSet, Suit
from belote.errors import NotationError

__all__ = ["Action", "Verb"]


class Verb(enum.Enum):
    """What an action does (CONTRACT.md, the table of verbs)."""

    PASS = "pass"
    """Pass in either bidding round."""
    TAKE = "take"
    """Take the turned suit (round 1) or name another suit (round 2)."""
    SWAP = "swap"
    """Exchange the 7 of trump for the turned card (RULES.md §4)."""
    DECLARE = "declare"
    """Declare every combination held, or one combination given by its cards."""
    PLAY = "play"
    """Play a card, optionally announcing belote or rebelote with it."""
    STOP = "stop"
    """Call out ("chiamarsi fuori", RULES.md §8.1) or stop the deal ("j'arrête", §8.2)."""


_VERBS = {verb.value: verb for verb in Verb}
_BELOTE_WORDS = frozenset({"belote", "rebelote"})


def _card_tuple(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    return tuple(card if isinstance(card, Card) else Card.parse(card) for card in cards)


@attrs.frozen
class Action:
    """One action of one seat, as written in a deal record.

    Build actions with the named constructors
    ([`pass_`][belote.actions.Action.pass_], [`take`][belote.actions.Action.take],
    [`swap`][belote.actions.Action.swap], [`declare`][belote.actions.Action.declare],
    [`play`][belote.actions.Action.play], [`stop`][belote.actions.Action.stop])
    or read them with [`parse`][belote.actions.Action.parse].

    Attributes:
        seat: the seat that acts (0-based, in playing order).
        verb: what the action does.
        suit: the suit named by ``take`` in round 2, else ``None``.
        cards: the card played (one) or the cards of a declared combination
            (none for ``declare`` meaning "every combination held").
        belote: ``play`` only: the card announces belote or rebelote.
    """

    seat: int
    verb: Verb
    suit: Suit | None = None
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)
    belote: bool = False

    # --- constructors -------------------------------------------------------------------

    @classmethod
    def pass_(cls, seat: int) -> Action:
        """``<seat> pass``."""
        return cls(seat, Verb.PASS)

    @classmethod
    def take(cls, seat: int, suit: Suit | int | None = None) -> Action:
        """``<seat> take`` (round 1) or ``<seat> take <suit>`` (round 2)."""
        return cls(seat, Verb.TAKE, None if suit is None else Suit(suit))

    @classmethod
    def swap(cls, seat: int) -> Action:
        """``<seat> swap``: the 7 of trump for the turned card."""
        return cls(seat, Verb.SWAP)

    @classmethod
    def declare(cls, seat: int, cards: Iterable[Card] | CardSet = ()) -> Action:
        """``<seat> declare`` (everything held) or ``<seat> declare <cards>`` (one combination)."""
        return cls(seat, Verb.DECLARE, cards=tuple(cards))

    @classmethod
    def play(cls, seat: int, card: Card | str, belote: bool = False) -> Action:
        """``<seat> play <card>``, with ``belote`` to announce belote or rebelote."""
        return cls(seat, Verb.PLAY, cards=(card if isinstance(card, Card) else Card.parse(card),),
                   belote=belote)

    @classmethod
    def stop(cls, seat: int) -> Action:
        """``<seat> stop``: call out or "j'arrête"."""
        return cls(seat, Verb.STOP)

    # --- accessors ----------------------------------------------------------------------

    @property
    def card(self) -> Card:
        """The card of a ``play`` action.

        Raises:
            NotationError: the action is not a ``play`` of one card.
        """
        if self.verb is not Verb.PLAY or len(self.cards) != 1:
            raise NotationError(f"{self} does not play a card")
        return self.cards[0]

    # --- notation -----------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action written ``<seat> <verb> [<argument> ...]``.

        >>> Action.parse("0 take")
        Action.parse('0 take')
        >>> Action.parse("3 declare AS KS QS").cards
        (Card.parse('AS'), Card.parse('KS'), Card.parse('QS'))

        Raises:
            NotationError: the text is not an action (unknown verb, missing
                or extra argument, bad seat, bad card or suit).
        """
        if not isinstance(text, str):
            raise NotationError(f"not an action: {text!r} (expected text such as '2 play JH')")
        words = text.split()
        if len(words) < 2:
            raise NotationError(
                f"not an action: {text!r} (expected '<seat> <verb> [<argument> ...]')"
            )
        seat_text, verb_text, args = words[0], words[1].lower(), words[2:]
        if not seat_text.isdigit():
            raise NotationError(f"not a seat: {seat_text!r} in {text!r} (expected 0, 1, 2 or 3)")
        seat = int(seat_text)
        verb = _VERBS.get(verb_text)
        if verb is None:
            known = ", ".join(_VERBS)
            raise NotationError(f"unknown verb {words[1]!r} in {text!r} (known: {known})")
        if verb in (Verb.PASS, Verb.SWAP, Verb.STOP):
            if args:
                raise NotationError(f"{verb.value!r} takes no argument: {text!r}")
            return cls(seat, verb)
        if verb is Verb.TAKE:
            if len(args) > 1:
                raise NotationError(f"'take' takes at most one suit: {text!r}")
            return cls(seat, verb, Suit.parse(args[0]) if args else None)
        if verb is Verb.DECLARE:
            cards = [Card.parse(arg) for arg in args]
            if len(set(cards)) != len(cards):
                raise NotationError(f"a card appears twice in {text!r}")
            return cls(seat, verb, cards=tuple(cards))
        # PLAY
        if not args:
            raise NotationError(f"'play' needs a card: {text!r}")
        if len(args) > 2 or (len(args) == 2 and args[1].lower() not in _BELOTE_WORDS):
            raise NotationError(f"'play' takes a card and optionally 'belote': {text!r}")
        return cls(seat, verb, cards=(Card.parse(args[0]),), belote=len(args) == 2)

    def __str__(self) -> str:
        parts = [str(self.seat), self.verb.value]
        if self.suit is not None:
            parts.append(self.suit.letter)
        parts.extend(str(card) for card in self.cards)
        if self.belote:
            parts.append("belote")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"
