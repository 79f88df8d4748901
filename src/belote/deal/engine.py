"""The facade: [`Deal`][belote.deal.Deal] puts the phases together."""

from __future__ import annotations

import random
from collections.abc import Sequence

from belote.actions import Action
from belote.announcements import Declaration
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal.dealing import _shuffle, parse_deck
from belote.deal.records import undo_last
from belote.deal.state import (
    _OVER,
    _PHASES,
    _SUITS,
    EndReason,
    Phase,
)
from belote.deal.typed import TypedLayer
from belote.errors import InvalidArgument
from belote.rules import Rules, get_rules


class Deal(TypedLayer):
    """One deal of a variant, from the deck order to the result.

    Args:
        rules: the variant (a [`Rules`][belote.rules.Rules] value or its name).
        deck: the deck order, 32 distinct cards, top first (cards, text or indices).
        dealer: the dealer's seat.
        players: the number of players (default: the variant's default).
        totals: the match scores per side before this deal (for calling out).
        target: the match target (default: the variant's).
        pending: litige points waiting from earlier deals, passed to the scoring.
        lenient: accept an offence the sources sanction (a renege, a false
            announcement, a card played out of turn) instead of refusing it:
            [`apply`][belote.deal.Deal.apply] records it in
            [`offences`][belote.deal.Deal.offences] and the deal's result
            applies the variant's sanction (rules §9, docs/rules.md#penalties). Strict (``False``)
            by default.

    Raises:
        InvalidArgument: a bad deck, dealer or player count.

    A lenient deal of ``french`` where seat 1 does not follow suit:

    >>> deal = Deal("french", [str(card) for card in CARDS], dealer=2, players=3, lenient=True)
    >>> deal.apply_all(["0 take", "0 play 9S", "1 play KD"])
    >>> offence = deal.offences[0]
    >>> offence.index, offence.seat, offence.offence.value, offence.sanction.points
    (2, 1, 'renege', (10, 0, 10))
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules | str,
        deck: Sequence[Card | int | str],
        dealer: int = 0,
        players: int | None = None,
        *,
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int = 0,
        lenient: bool = False,
    ) -> None:
        self.rules = rules = get_rules(rules)
        n = rules.default_players if players is None else rules.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidArgument(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        if type(lenient) is not bool:
            raise InvalidArgument(f"lenient must be True or False, not {lenient!r}")
        self._setup(rules, n, dealer, parse_deck(deck), totals, target, pending)
        self._lenient = lenient

    @classmethod
    def random(
        cls,
        rules: Rules | str,
        seed: int | random.Random | None = None,
        dealer: int = 0,
        players: int | None = None,
        *,
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int = 0,
    ) -> Deal:
        """A deal from a shuffled deck (``random.Random(seed).shuffle``).

        The other arguments are those of [`Deal`][belote.deal.Deal].

        >>> Deal.random("classic", seed=1).deck == Deal.random("classic", seed=1).deck
        True
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = _shuffle(rng)
        return cls(rules, deck, dealer, players, totals=totals, target=target, pending=pending)

    @classmethod
    def _trusted(cls, rules: Rules, deck: list[int], dealer: int, players: int) -> Deal:
        """A deal from a deck the library shuffled itself (the simulation's path).

        ``deck`` must be a permutation of ``range(32)`` (as `_shuffle`
        returns), ``rules`` a variant value and ``players`` and ``dealer``
        already checked: this skips [`parse_deck`][belote.deal.parse_deck] and the argument checks.
        """
        deal = object.__new__(cls)
        deal._setup(rules, players, dealer, tuple(deck), None, None, 0)
        return deal

    @classmethod
    def from_record(cls, record: object, *, lenient: bool | None = None) -> Deal:
        """The deal a record describes, finished or in progress (the inverse of [`to_record`][belote.deal.Deal.to_record]).

        Every action is checked as it is applied again; a record written by
        ``to_record`` at any point gives back an equal deal, so a game can be
        saved and resumed.

        >>> deal = Deal("classic", list(range(32)), dealer=3)
        >>> _ = deal.apply("0 pass")
        >>> Deal.from_record(deal.to_record()) == deal
        True

        Args:
            record: the deal record.
            lenient: replay in lenient mode (``True``) or strict mode
                (``False``); ``None``: as the record's ``lenient`` field says.

        Raises:
            InvalidRecord: a bad field or an illegal action (see
                [`deal_from_record`][belote.replay.deal_from_record]).
        """
        from belote.replay import deal_from_record

        return deal_from_record(record, partial=True, lenient=lenient)

    def undo(self) -> Action:
        """Take back the last action and return it; the deal is then exactly as it was before it.

        Like python-chess's ``Board.pop()``. The deal is dealt again and
        every earlier action replayed, so undo costs a replay (about half a
        millisecond at the end of a deal) and applying actions costs nothing
        extra; to explore many lines, [`copy`][belote.deal.Deal.copy] is cheaper.

        >>> deal = Deal("classic", list(range(32)), dealer=3)
        >>> before = deal.copy()
        >>> _ = deal.apply("0 take")
        >>> deal.undo()
        Action.parse('0 take')
        >>> deal == before
        True

        Raises:
            IllegalAction: no action has been applied yet.
        """
        return undo_last(self)

    def view(self, seat: int) -> str:
        """The table as ``seat`` sees it: its own hand, the others' hidden (``str`` of its observation)."""
        return str(self.observation(seat))

    def __str__(self) -> str:
        from belote.deal.view import draw_deal

        return draw_deal(self)

    def __repr__(self) -> str:
        return (
            f"<Deal {self.rules.name} players={self._n} dealer={self._dealer} "
            f"phase={self.phase.value} to_act={self.to_act} actions={len(self._history)}>"
        )

    # --- public state ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of players."""
        return self._n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck order the deal started from, top first."""
        return tuple(CARDS[i] for i in self._deck)

    @property
    def totals(self) -> tuple[int, ...]:
        """The match scores per side before this deal."""
        return self._totals

    @property
    def target(self) -> int:
        """The match target."""
        return self._target

    @property
    def pending(self) -> int:
        """Litige points waiting from earlier deals."""
        return self._pending

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return _PHASES[self._phase]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the deal is over.

        Out of turn, the holder of the 7 of trump may also swap (rules §4, docs/rules.md#seven-swap).
        """
        return None if self._phase == _OVER else self._to_act

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._phase == _OVER

    @property
    def end_reason(self) -> EndReason | None:
        """Why the deal ended, or ``None`` while it goes on."""
        return self._end

    @property
    def turned(self) -> Card:
        """The card turned up after the first distribution."""
        return CARDS[self._turned]

    @property
    def table_card(self) -> Card | None:
        """The card face up on the table (``french``), or ``None`` once a taker holds it."""
        return None if self._table_card < 0 else CARDS[self._table_card]

    @property
    def bottom(self) -> Card | None:
        """The deck's bottom card once shown (``show_bottom_card``), else ``None``."""
        return None if self._bottom < 0 else CARDS[self._bottom]

    @property
    def trump(self) -> Suit | None:
        """The trump suit once fixed."""
        return None if self._trump < 0 else _SUITS[self._trump]

    @property
    def taker(self) -> int | None:
        """The seat that fixed the trump."""
        return None if self._taker < 0 else self._taker

    @property
    def attack(self) -> int | None:
        """The taker's side, or ``None`` before a take."""
        return None if self._taker < 0 else self.side(self._taker)


    def hand(self, seat: int) -> CardSet:
        """The cards a seat holds now.

        Raises:
            InvalidArgument: ``seat`` is not a seat of the table.
        """
        return CardSet.from_mask(self._hands[self._seat(seat)])

    def hand_mask(self, seat: int) -> int:
        """The card mask a seat holds now (fast layer).

        Raises:
            InvalidArgument: ``seat`` is not a seat of the table.
        """
        if type(seat) is int and 0 <= seat < self._n:
            return self._hands[seat]
        return self._hands[self._seat(seat)]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
        return tuple(CARDS[i] for i in self._trick)

    @property
    def trick_leader(self) -> int:
        """The seat that leads or led the current trick."""
        return self._leader

    @property
    def tricks(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The completed tricks as (leader, cards in play order)."""
        return self._completed_tricks()

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each completed trick."""
        return tuple(self._trick_winners)

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete."""
        return self._tricks_done

    @property
    def tricks_per_deal(self) -> int:
        """How many tricks a played deal has (8, or 9 in ``french``)."""
        return self._hand_size

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """Every declaration made so far, in the order made."""
        return tuple(self._declarations)

    @property
    def scoring_declarations(self) -> tuple[Declaration, ...] | None:
        """The declarations that score once the contest is resolved, else ``None``."""
        return self._resolved

    @property
    def called_out(self) -> int | None:
        """The seat that called out or stopped, else ``None``."""
        return None if self._stopper < 0 else self._stopper
