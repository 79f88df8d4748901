"""What a player does in a deal, and the action notation of deal records.

An [`Action`][belote.actions.Action] is a small frozen value: the seat that acts, a
[`Verb`][belote.actions.Verb], and the verb's argument (a suit for ``take``, cards for
``declare`` and ``play``, the ``belote`` flag for ``play``). ``str()`` gives
the notation of docs/formats.md#deal-record and [`Action.parse`][belote.actions.Action.parse] reads it
back:

>>> action = Action.parse("2 play KH belote")
>>> action.seat, action.verb, str(action.card), action.belote
(2, <Verb.PLAY: 'play'>, 'KH', True)
>>> str(action)
'2 play KH belote'
>>> str(Action.take(1, Suit.HEARTS)), str(Action.declare(0, CardSet.parse("AH KH QH")))
('1 take H', '0 declare QH KH AH')

The deal engine ([`belote.deal`][belote.deal]) says whether an action is legal; this
wing only knows the notation and the words. It imports only
[`belote.cards`][belote.cards] and [`belote.errors`][belote.errors]; its parts are
[`belote.actions.verbs`][belote.actions.verbs] (the verbs and strains) and
[`belote.actions.reading`][belote.actions.reading] (the one parser of actions in
words: the notation, what the library prints, what people type).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from belote.actions.reading import read_fields
from belote.actions.verbs import MAX_BID_VALUE, STRAINS, Strain, Verb
from belote.cards import CARDS, Card, CardSet, Suit
from belote.errors import InvalidArgument, InvalidArgumentType, NotationError, shown

__all__ = [
    "ACTION_IDS",
    "DECLARE_IDS",
    "DECLARE_MASKS",
    "ID_BID",
    "ID_BID_CAPOT",
    "ID_BID_STRAIN",
    "ID_COINCHE",
    "ID_DECLARE",
    "ID_DECLARE_CARRE",
    "ID_DECLARE_RUN",
    "ID_DOUBLE",
    "ID_KEEP",
    "ID_PASS",
    "ID_PLAY",
    "ID_PLAY_BELOTE",
    "ID_REDOUBLE",
    "ID_REREDOUBLE",
    "ID_STOP",
    "ID_SURCOINCHE",
    "ID_SWAP",
    "ID_TAKE",
    "ID_TAKE_SUIT",
    "INTERNED_IDS",
    "INTERNED_SEATS",
    "MAX_BID_VALUE",
    "STRAINS",
    "Action",
    "Strain",
    "Verb",
    "action_from_id",
    "action_id",
    "bid_id",
    "interned_actions",
    "interned_id",
]


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
        value: ``bid`` only: the contract's value, ``None`` for a capot bid, or ``0``
            for a bid of a strain alone (a strain auction: ``bid NT``).
        strain: ``bid`` only: the contract's strain (the trump suit).
    """

    seat: int
    verb: Verb
    suit: Suit | None = None
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)
    belote: bool = False
    value: int | None = None
    strain: Strain | None = None

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
    def keep(cls, seat: int) -> Action:
        """``<seat> keep``: the holder of the 7 of trump keeps it (no swap)."""
        return cls(seat, Verb.KEEP)

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
    def bid(cls, seat: int, value: int | None, strain: Strain | Suit | int | str) -> Action:
        """``<seat> bid <value> <strain>``; ``value=None`` bids capot (``<seat> bid capot <strain>``).

        >>> str(Action.bid(1, 90, "H")), str(Action.bid(2, None, Suit.SPADES))
        ('1 bid 90 H', '2 bid capot S')

        Raises:
            InvalidArgument: a value that is not a whole number from 10 to
                ``MAX_BID_VALUE`` in tens, or a strain that is none.
        """
        if value is not None and (
            type(value) is not int or not 10 <= value <= MAX_BID_VALUE or value % 10
        ):
            raise InvalidArgument(
                f"a bid's value is a multiple of 10 from 10 to {MAX_BID_VALUE}, not {shown(value)}"
            )
        if isinstance(strain, str):
            try:
                strain = Strain.parse(strain)
            except NotationError as exc:
                raise InvalidArgument(str(exc)) from None
        elif isinstance(strain, bool) or not isinstance(strain, int) or not 0 <= strain < 6:
            raise InvalidArgument(f"not a strain: {shown(strain)} (expected S, H, D, C, NT or AT)")
        return cls(seat, Verb.BID, value=value, strain=Strain(int(strain)))

    @classmethod
    def strain_bid(cls, seat: int, strain: Strain | Suit | int | str) -> Action:
        """``<seat> bid <strain>``: a contract of a strain auction, with no value (``bulgarian``).

        >>> str(Action.strain_bid(1, "NT")), str(Action.strain_bid(0, Suit.CLUBS))
        ('1 bid NT', '0 bid C')

        Raises:
            InvalidArgument: a strain that is none.
        """
        return attrs.evolve(cls.bid(seat, 10, strain), value=0)

    @classmethod
    def double(cls, seat: int) -> Action:
        """``<seat> double``: double the other team's standing contract (``bulgarian``)."""
        return cls(seat, Verb.DOUBLE)

    @classmethod
    def redouble(cls, seat: int) -> Action:
        """``<seat> redouble``: redouble the other team's double (``bulgarian``)."""
        return cls(seat, Verb.REDOUBLE)

    @classmethod
    def reredouble(cls, seat: int) -> Action:
        """``<seat> reredouble``: double a redoubled contract once more (``auction.reredouble``)."""
        return cls(seat, Verb.REREDOUBLE)

    @classmethod
    def coinche(cls, seat: int) -> Action:
        """``<seat> coinche``: double the other team's standing contract."""
        return cls(seat, Verb.COINCHE)

    @classmethod
    def surcoinche(cls, seat: int) -> Action:
        """``<seat> surcoinche``: redouble the coinched contract."""
        return cls(seat, Verb.SURCOINCHE)

    @classmethod
    def stop(cls, seat: int) -> Action:
        """``<seat> stop``: call out or "j'arrête"."""
        return cls(seat, Verb.STOP)

    # --- accessors ----------------------------------------------------------------------

    @property
    def is_capot_bid(self) -> bool:
        """Whether this is a ``bid capot``."""
        return self.verb is Verb.BID and self.value is None

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
    def parse(
        cls,
        text: str,
        seat: int | None = None,
        *,
        among: Iterable[Action] | None = None,
        turned: Card | Suit | None = None,
    ) -> Action:
        """Read an action: the notation ``<seat> <verb> [<argument> ...]``, or any words the library prints.

        >>> Action.parse("0 take")
        Action.parse('0 take')
        >>> Action.parse("3 declare AS KS QS").cards
        (Card.parse('AS'), Card.parse('KS'), Card.parse('QS'))

        Without a seat in the text, ``seat`` says who acts; suits by name
        (English, French, Italian), bids as positions write them and the
        narration's sentences read too:

        >>> [str(Action.parse(text, seat=0)) for text in ("bid 100 hearts", "90H", "You bid 100 hearts ♥.")]
        ['0 bid 100 H', '0 bid 90 H', '0 bid 100 H']

        ``among`` (the legal actions) and ``turned`` (the turned card) read the
        words as the legal action they stand for (``contre`` is ``coinche`` or
        ``double``) and return that legal action itself (else the text's own, for
        the caller to refuse): [`read_fields`][belote.actions.reading.read_fields] says how.
        The seat is written in ASCII digits (``0`` to ``9``, at most three of
        them): other Unicode digits (``²``, ``٣``) are not seats.

        Raises:
            NotationError: the text is not an action (unknown verb, missing
                or extra argument, bad seat, bad card or suit), names no seat
                and ``seat`` is not given, or names a seat other than ``seat``.
            InvalidArgumentType: ``seat``, ``among`` or ``turned`` of the wrong type.
        """
        legal = None if among is None else list(among)
        for number, item in enumerate(legal or ()):
            if not isinstance(item, Action):
                raise InvalidArgumentType(f"among[{number}]: expected an Action, got {shown(item)}")
        fields, index = read_fields(
            text, seat, turned=turned,
            among=None if legal is None else [
                (a.seat, a.verb, a.suit, a.cards, a.belote, a.value, a.strain) for a in legal],
        )
        if legal is not None and index is not None:
            return legal[index]
        seat_, verb, suit, cards, belote, value, strain = fields
        return cls(seat_, verb, suit, cards=cards, belote=belote, value=value, strain=strain)

    def __str__(self) -> str:
        parts = [str(self.seat), self.verb.value]
        if self.verb is Verb.BID:
            if self.value != 0:
                parts.append("capot" if self.value is None else str(self.value))
            parts.append(str(self.strain))
        if self.suit is not None:
            parts.append(self.suit.letter)
        parts.extend(str(card) for card in self.cards)
        if self.belote:
            parts.append("belote")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

# --- the fixed action-id space -------------------------------------------------------------
#
# Every action of every variant has a stable integer id in ``range(ACTION_IDS)``; the seat is
# not part of the id (it is always the seat to act). The layout is part of the public API and
# never changes between releases: new kinds of action get new ids at the end.
# The ids are written as numbers, not sums of the ones before: the compiled core (mypyc) reads a
# number in place, a sum from the module's namespace at every use. tests/test_cards.py checks
# that each follows from the one before it.

ID_PASS: Final = 0
"""``pass``, in either bidding round."""
ID_TAKE: Final = 1
"""``take``: the turned suit, in round 1."""
ID_TAKE_SUIT: Final = 2
"""``take S``, ``take H``, ``take D``, ``take C``: ids 2 to 5, in suit order (round 2)."""
ID_SWAP: Final = 6
"""``swap``: the 7 of trump for the turned card."""
ID_DECLARE: Final = 7
"""``declare``: every combination held."""
ID_DECLARE_CARRE: Final = 8
"""``declare`` four cards of one rank: ids 8 to 15, by [`Rank`][belote.cards.Rank] (7 first)."""
ID_DECLARE_RUN: Final = 16
"""``declare`` a run: ids 16 to 99, 21 per suit (suit order), then by length 3 to 8, then by
lowest rank in sequence order."""
ID_PLAY: Final = 100
"""``play`` a card: ids 100 to 131, by card index."""
ID_PLAY_BELOTE: Final = 132
"""``play`` a card announcing belote or rebelote: ids 132 to 163, by card index."""
ID_STOP: Final = 164
"""``stop``: calling out or "j'arrête"."""
ID_KEEP: Final = 165
"""``keep``: the holder of the 7 of trump keeps it (added after ``stop``: every earlier id kept its number)."""
ID_BID: Final = 166
"""``bid <value> <strain>``: ids 166 to 345, ``ID_BID + 6 * (value // 10 - 1) + strain`` for
the values 10 to 300 in tens and the six strains (added after ``keep``)."""
ID_BID_CAPOT: Final = 346  # ID_BID + 6 * (MAX_BID_VALUE // 10)
"""``bid capot <strain>``: ids 346 to 351, by strain."""
ID_COINCHE: Final = 352  # ID_BID_CAPOT + 6
"""``coinche``: double the standing contract (id 352)."""
ID_SURCOINCHE: Final = 353
"""``surcoinche``: redouble the coinched contract (id 353)."""
ID_BID_STRAIN: Final = 354
"""``bid <strain>``: a strain auction's bid, ids 354 to 359 by strain (added after
``surcoinche``: every earlier id kept its number)."""
ID_DOUBLE: Final = 360  # ID_BID_STRAIN + 6
"""``double``: double the other team's standing contract in a strain auction (id 360)."""
ID_REDOUBLE: Final = 361
"""``redouble``: redouble the other team's double (id 361)."""
ID_REREDOUBLE: Final = 362
"""``reredouble``: the third level of doubling, ``auction.reredouble`` (id 362, added after
``redouble``: every earlier id kept its number)."""
ACTION_IDS: Final = 363
"""How many action ids there are: every id is in ``range(ACTION_IDS)``."""

def bid_id(value: int | None, strain: int) -> int:
    """The action id of a bid: ``value`` (``None`` for capot) in ``strain`` (0 to 5).

    >>> bid_id(80, 0), bid_id(160, 3), bid_id(None, 1)
    (208, 259, 347)
    """
    if isinstance(strain, bool) or not isinstance(strain, int):
        raise InvalidArgumentType(f"strain: expected a whole number, got {shown(strain)}")
    if not 0 <= strain <= 5:
        raise InvalidArgument(f"strain: expected 0..5, got {shown(strain)}")
    if value is None:
        return ID_BID_CAPOT + strain
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentType(f"value: expected a whole number or None, got {shown(value)}")
    if value % 10 or not 10 <= value <= MAX_BID_VALUE:
        raise InvalidArgument(f"value: expected a bid value in tens up to {MAX_BID_VALUE}, "
                              f"got {shown(value)}")
    return ID_BID + 6 * (value // 10 - 1) + strain

# The (length, lowest rank) of each run id within one suit's block of 21.
_RUN_OF_OFFSET: Final = tuple(
    (length, low) for length in range(3, 9) for low in range(9 - length)
)

def action_id(action: Action) -> int:
    """The fixed integer id of an action (its seat is not part of the id).

    >>> action_id(Action.parse("1 pass")), action_id(Action.parse("2 play JH"))
    (0, 112)
    >>> action_id(Action.parse("0 declare QH KH AH"))
    42

    Raises:
        InvalidArgument: a ``declare`` whose cards are neither four of a rank
            nor a run of 3 to 8 cards of one suit (no id stands for it).
        InvalidArgumentType: ``action`` is not an [`Action`][belote.actions.Action].
    """
    if not isinstance(action, Action):
        raise InvalidArgumentType(f"action: expected an Action, got {shown(action)}")
    verb = action.verb
    if verb is Verb.PLAY:
        return (ID_PLAY_BELOTE if action.belote else ID_PLAY) + action.cards[0].index
    if verb is Verb.BID:
        if action.value == 0 and action.strain is not None and type(action.value) is int:
            return ID_BID_STRAIN + int(action.strain)
        if action.strain is None or (
            action.value is not None
            and (type(action.value) is not int or not 10 <= action.value <= MAX_BID_VALUE
                 or action.value % 10)
        ):
            raise InvalidArgument(f"{action} has no action id: not a bid the notation writes")
        return bid_id(action.value, int(action.strain))
    if verb is Verb.COINCHE:
        return ID_COINCHE
    if verb is Verb.SURCOINCHE:
        return ID_SURCOINCHE
    if verb is Verb.DOUBLE:
        return ID_DOUBLE
    if verb is Verb.REDOUBLE:
        return ID_REDOUBLE
    if verb is Verb.REREDOUBLE:
        return ID_REREDOUBLE
    if verb is Verb.PASS:
        return ID_PASS
    if verb is Verb.TAKE:
        return ID_TAKE if action.suit is None else ID_TAKE_SUIT + int(action.suit)
    if verb is Verb.SWAP:
        return ID_SWAP
    if verb is Verb.STOP:
        return ID_STOP
    if verb is Verb.KEEP:
        return ID_KEEP
    cards = action.cards
    if not cards:
        return ID_DECLARE
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    found = DECLARE_IDS.get(mask)
    if found is None or len(cards) != mask.bit_count():
        raise InvalidArgument(f"{action} has no action id: not four of a rank nor a run")
    return found

def _declare_masks() -> tuple[int, ...]:
    out = [0] * (ID_PLAY - ID_DECLARE_CARRE)
    for rank in range(8):
        out[rank] = sum(1 << (8 * suit + rank) for suit in range(4))
    for suit in range(4):
        for offset, (length, low) in enumerate(_RUN_OF_OFFSET):
            run = ((1 << length) - 1) << (8 * suit + low)
            out[ID_DECLARE_RUN - ID_DECLARE_CARRE + 21 * suit + offset] = run
    return tuple(out)

DECLARE_MASKS: Final = _declare_masks()
"""``DECLARE_MASKS[i - ID_DECLARE_CARRE]``: the card mask of declare id ``i`` (8 to 99)."""
DECLARE_IDS: Final = {mask: ID_DECLARE_CARRE + k for k, mask in enumerate(DECLARE_MASKS)}
"""The declare id of a carré's or a run's card mask."""

# The interned actions: _INTERNED[seat][id] is built once per seat, so the engine hands out
# the same Action object for the same (seat, id), as the cards are interned.
_INTERNED: list[tuple[Action, ...]] = []

INTERNED_SEATS: Final = 8
"""The seats whose actions are interned: a row of ``ACTION_IDS`` actions each, built once."""
INTERNED_IDS: Final[dict[int, int]] = {}
"""``id()`` of an interned action -> its action id (interned actions live for good).

Read-only for callers: the engine's fast lookup of an action it handed out
(what [`interned_id`][belote.actions.interned_id] reads). Never write to it.
"""

def interned_actions(seat: int) -> tuple[Action, ...]:
    """Every action of ``seat`` by action id: ``interned_actions(seat)[i]`` stands for id ``i``.

    The values are built once and shared: the engine's
    [`legal_actions`][belote.deal.Deal.legal_actions] and
    [`action_from_id`][belote.actions.action_from_id] hand out these objects.
    Seats 0 to ``INTERNED_SEATS - 1`` are interned (every variant seats fewer);
    [`action_from_id`][belote.actions.action_from_id] builds the others' anew.

    Raises:
        InvalidArgument: ``seat`` is not a whole number from 0 to ``INTERNED_SEATS - 1``.
    """
    if type(seat) is not int or not 0 <= seat < INTERNED_SEATS:
        raise InvalidArgument(f"interned_actions: a seat from 0 to {INTERNED_SEATS - 1}, "
                              f"not {shown(seat)}")
    while len(_INTERNED) <= seat:
        row = tuple(_build_action(i, len(_INTERNED)) for i in range(ACTION_IDS))
        _INTERNED.append(row)
        for i, action in enumerate(row):
            INTERNED_IDS[id(action)] = i
    return _INTERNED[seat]

def interned_id(action: Action) -> int | None:
    """The action id of an interned action (the same object), else ``None``: a fast lookup."""
    return INTERNED_IDS.get(id(action))

def action_from_id(action_id: int, seat: int) -> Action:
    """The action of ``seat`` that an id stands for.

    The inverse of [`action_id`][belote.actions.action_id]; the same
    (interned) object each time for seats 0 to 7.

    >>> str(action_from_id(112, 2)), str(action_from_id(42, 0))
    ('2 play JH', '0 declare QH KH AH')

    Raises:
        InvalidArgument: the id is not in ``range(ACTION_IDS)`` or the seat is negative.
    """
    if type(action_id) is not int or not 0 <= action_id < ACTION_IDS:
        raise InvalidArgument(f"no action id {shown(action_id)} (expected 0 to {ACTION_IDS - 1})")
    if type(seat) is not int or seat < 0:
        raise InvalidArgument(f"no seat {shown(seat)} (expected a seat number from 0)")
    if seat < INTERNED_SEATS:
        return interned_actions(seat)[action_id]
    return _build_action(action_id, seat)

def _build_action(action_id: int, seat: int) -> Action:
    if action_id >= ID_BID_STRAIN:
        if action_id == ID_DOUBLE:
            return Action(seat, Verb.DOUBLE)
        if action_id == ID_REDOUBLE:
            return Action(seat, Verb.REDOUBLE)
        if action_id == ID_REREDOUBLE:
            return Action(seat, Verb.REREDOUBLE)
        return Action(seat, Verb.BID, value=0, strain=STRAINS[action_id - ID_BID_STRAIN])
    if action_id >= ID_BID:
        if action_id == ID_COINCHE:
            return Action(seat, Verb.COINCHE)
        if action_id == ID_SURCOINCHE:
            return Action(seat, Verb.SURCOINCHE)
        if action_id >= ID_BID_CAPOT:
            return Action(seat, Verb.BID, strain=STRAINS[action_id - ID_BID_CAPOT])
        level, strain = divmod(action_id - ID_BID, 6)
        return Action(seat, Verb.BID, value=10 * (level + 1), strain=STRAINS[strain])
    if action_id >= ID_PLAY:
        if action_id == ID_KEEP:
            return Action(seat, Verb.KEEP)
        if action_id == ID_STOP:
            return Action(seat, Verb.STOP)
        belote = action_id >= ID_PLAY_BELOTE
        card = CARDS[action_id - (ID_PLAY_BELOTE if belote else ID_PLAY)]
        return Action(seat, Verb.PLAY, cards=(card,), belote=belote)
    if action_id >= ID_DECLARE_RUN:
        suit, offset = divmod(action_id - ID_DECLARE_RUN, 21)
        length, low = _RUN_OF_OFFSET[offset]
        cards = tuple(CARDS[8 * suit + rank] for rank in range(low, low + length))
        return Action(seat, Verb.DECLARE, cards=cards)
    if action_id >= ID_DECLARE_CARRE:
        rank = action_id - ID_DECLARE_CARRE
        return Action(seat, Verb.DECLARE, cards=tuple(CARDS[8 * s + rank] for s in range(4)))
    if action_id == ID_DECLARE:
        return Action(seat, Verb.DECLARE)
    if action_id == ID_SWAP:
        return Action(seat, Verb.SWAP)
    if action_id >= ID_TAKE_SUIT:
        return Action(seat, Verb.TAKE, Suit(action_id - ID_TAKE_SUIT))
    return Action(seat, Verb.TAKE) if action_id == ID_TAKE else Action(seat, Verb.PASS)
