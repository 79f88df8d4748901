"""What one seat may know of a deal: [`Observation`][belote.deal.Observation].

The only view of a deal an agent gets ([`belote.agents`][belote.agents]): its
own hand and everything public, never another seat's hidden cards.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from belote.actions import Action
from belote.announcements import Declaration
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal.codes import H_DECLARE, H_TAKE, OVER, PHASES, PLAY, SUITS, Phase
from belote.deal.records import action_of, history
from belote.deal.state import DealState, check_seat, completed_tricks, per_side
from belote.rules import Rules


class Observation(NamedTuple):
    """What one seat may know of a deal: its own hand and everything public.

    A named tuple (cheap to build: the engine makes one per call of
    [`observation`][belote.deal.Deal.observation]). Never holds another seat's hidden cards: declared combinations of other
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
        rules: the variant's rules (a [`Rules`][belote.rules.Rules] value).
        history: every action the seat has seen, in order: all of them but the
            other seats' declarations before they are shown (after the first
            trick); the swap decision (``swap`` or ``keep``) is public.

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
    pending: int
    rules: Rules
    history: tuple[Action, ...]

    def __str__(self) -> str:
        from belote.deal.view import draw_observation

        return draw_observation(self)


_new_observation: Final = tuple.__new__


def observation(s: DealState, seat: int) -> Observation:
    """What ``seat`` may know now: its hand and everything public.

    Built from the state as it stands (the completed tricks, the bids and the
    history are kept as typed values once known), not replayed.

    Raises:
        InvalidArgument: ``seat`` is not a seat of the table.
    """
    n = s.n
    if type(seat) is not int or not 0 <= seat < n:
        check_seat(s, seat)  # raises the typed error
    phase = s.phase
    bids = s.bids_view
    if bids is None:
        bids = tuple([action_of(s, e) for e in s.history if e[1] <= H_TAKE])
        if phase >= PLAY:  # the bidding is over: the bids never change again
            s.bids_view = bids
    card_points, tricks_won = per_side(s, s.points), per_side(s, s.tricks_won)
    declarations = s.declarations
    resolved = s.resolved
    seen = history(s)
    if declarations and resolved is None and any(d.seat != seat for d in declarations):
        # Other seats' declarations stay hidden until shown after the first trick.
        seen = tuple([
            action
            for action, entry in zip(seen, s.history, strict=True)
            if entry[1] != H_DECLARE or entry[0] == seat
        ])
    trump, table, bottom = s.trump, s.table_card, s.bottom
    return _new_observation(Observation, (
        seat,
        n,
        s.dealer,
        s.rules.name,
        PHASES[phase],
        None if phase == OVER else s.to_act,
        CardSet.from_mask(s.hands[seat]),
        CARDS[s.turned],
        None if table < 0 else CARDS[table],
        None if bottom < 0 else CARDS[bottom],
        None if trump < 0 else SUITS[trump],
        None if s.taker < 0 else s.taker,
        bids,
        None if s.swapped < 0 else s.swapped,
        completed_tricks(s),
        tuple(s.trick_winners),
        tuple([CARDS[i] for i in s.trick]),
        s.leader if phase == PLAY else None,
        tuple([d for d in declarations if d.seat == seat]) if declarations else (),
        tuple(declarations) if resolved is not None else (),
        resolved,
        s.belote_calls,
        card_points,
        tricks_won,
        None if s.stopper < 0 else s.stopper,
        s.totals,
        s.target,
        s.pending,
        s.rules,
        seen,
    ))
