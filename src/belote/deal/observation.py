"""What one seat may know of a deal: [`Observation`][belote.deal.Observation]."""

from __future__ import annotations

import attrs

from belote.actions import Action
from belote.announcements import Declaration
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal.records import Records
from belote.deal.state import _H_PASS, _H_TAKE, _OVER, _PHASES, _PLAY, Phase
from belote.errors import InvalidArgument


@attrs.frozen(kw_only=True)
class Observation:
    """What one seat may know of a deal: its own hand and everything public.

    Never holds another seat's hidden cards: declared combinations of other
    seats appear only once shown (after the first trick).

    Attributes:
        seat: the observing seat.
        players: the number of players.
        dealer: the dealer's seat.
        variant: the variant's name.
        phase: the deal's phase.
        to_act: the seat whose turn it is, or ``None`` when the deal is over.
        hand: the observing seat's cards.
        turned: the card turned up after the first distribution.
        table_card: the card lying face up on the table now (``french``: the
            turned card, or the 7 of trump after a swap), else ``None``.
        bottom: the deck's bottom card when the variant shows it, else ``None``.
        trump: the trump suit once fixed.
        taker: the seat that fixed the trump.
        bids: the bidding actions, in order.
        swapped: the seat that swapped the 7 of trump, else ``None``.
        tricks: the completed tricks as (leader, cards in play order).
        trick_winners: the winner of each completed trick.
        trick: the cards of the current trick, in play order.
        trick_leader: the seat that led the current trick.
        own_declarations: the observing seat's declarations.
        declarations: every declaration, once shown (after the first trick), else ``()``.
        scoring_declarations: the declarations that score, once resolved, else ``None``.
        belote_calls: how many belote announcements each seat has made.
        card_points: card points won so far per side (team or player).
        tricks_won: tricks won so far per side.
        called_out: the seat that called out or stopped, else ``None``.
        totals: the match scores per side before this deal.
        target: the match target.
        pending: litige points waiting from earlier deals.

    ``str()`` draws the table as the seat sees it
    ([`draw_observation`][belote.deal.view.draw_observation]).
    """

    seat: int
    players: int
    dealer: int
    variant: str
    phase: Phase
    to_act: int | None
    hand: CardSet
    turned: Card
    table_card: Card | None
    bottom: Card | None
    trump: Suit | None
    taker: int | None
    bids: tuple[Action, ...]
    swapped: int | None
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    trick_winners: tuple[int, ...]
    trick: tuple[Card, ...]
    trick_leader: int | None
    own_declarations: tuple[Declaration, ...]
    declarations: tuple[Declaration, ...]
    scoring_declarations: tuple[Declaration, ...] | None
    belote_calls: tuple[int, ...]
    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    called_out: int | None
    totals: tuple[int, ...]
    target: int
    pending: int = 0

    def __str__(self) -> str:
        from belote.deal.view import draw_observation

        return draw_observation(self)


class Observing(Records):
    """Building a seat's observation (internal)."""

    __slots__ = ()

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its hand and everything public.

        Raises:
            InvalidArgument: no such seat at this table.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise InvalidArgument(f"no seat {seat!r} at a table of {self._n}")
        shown = self._resolved is not None
        bids = tuple(
            self._action_of(entry) for entry in self._history if entry[1] in (_H_PASS, _H_TAKE)
        )
        return Observation(
            seat=seat,
            players=self._n,
            dealer=self._dealer,
            variant=self.rules.name,
            phase=_PHASES[self._phase],
            to_act=None if self._phase == _OVER else self._to_act,
            hand=CardSet.from_mask(self._hands[seat]),
            turned=CARDS[self._turned],
            table_card=None if self._table_card < 0 else CARDS[self._table_card],
            bottom=None if self._bottom < 0 else CARDS[self._bottom],
            trump=None if self._trump < 0 else Suit(self._trump),
            taker=None if self._taker < 0 else self._taker,
            bids=bids,
            swapped=None if self._swapped < 0 else self._swapped,
            tricks=self._completed_tricks(),
            trick_winners=tuple(self._trick_winners),
            trick=tuple(CARDS[i] for i in self._trick),
            trick_leader=self._leader if self._phase == _PLAY else None,
            own_declarations=tuple(d for d in self._declarations if d.seat == seat),
            declarations=tuple(self._declarations) if shown else (),
            scoring_declarations=self._resolved,
            belote_calls=tuple(self._belote_calls),
            card_points=tuple(self.card_points_of(s) for s in range(self.sides)),
            tricks_won=tuple(self.tricks_of(s) for s in range(self.sides)),
            called_out=None if self._stopper < 0 else self._stopper,
            totals=self._totals,
            target=self._target,
            pending=self._pending,
        )
