"""The read side of the facade: [`Deal`][belote.deal.Deal]'s properties and queries.

[`DealReadout`][belote.deal.readout.DealReadout] is the base of
[`Deal`][belote.deal.Deal]: everything that reads the deal without changing it
(its public state, what may be done now, what one seat may know, the
record, the tally, the result). Each query dispatches to the phase module
that owns it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belote.actions import STRAINS, Action, Strain
from belote.cards import CARDS, Card, CardSet, Suit
from belote.deal import calling_out, legal, play, records, typed
from belote.deal.bidding import legal_bids
from belote.deal.codes import CAPOT_BID, OVER, SUITS, EndReason, Phase, phase_of
from belote.deal.entries import OffenceRecord
from belote.deal.observation import Observation, draw_table, observation
from belote.deal.seatview import SeatView, seat_view
from belote.deal.state import DealState, check_seat, check_side, completed_tricks, side_of
from belote.errors import InvalidArgumentType, shown
from belote.scoring import DealResult, Tally
from belote.scoring.announcements import Declaration
from belote.scoring.contract import Contract

if TYPE_CHECKING:
    from belote.rules import Rules

_legal_actions = typed.legal_actions  # bound once: the hot path skips a module attribute lookup

__all__ = ["DealReadout", "draw_deal"]


class DealReadout:
    """What a [`Deal`][belote.deal.Deal] answers without changing: its state, the legal actions, views.

    Not built on its own: [`Deal`][belote.deal.Deal] is the class to use.
    """

    __slots__ = ("_state",)

    _state: DealState

    @property
    def rules(self) -> Rules:
        """The variant's rules."""
        return self._state.rules

    # --- comparing ------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealReadout):
            return NotImplemented
        return self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    def view(self, seat: int) -> str:
        """The table as ``seat`` sees it: its own hand, the others' hidden (``str`` of its observation)."""
        return str(self.observation(seat))

    def __str__(self) -> str:
        return draw_deal(self)

    def __repr__(self) -> str:
        s = self._state
        return (
            f"<Deal {s.rules.name} players={s.n} dealer={s.dealer} "
            f"phase={self.phase.value} to_act={self.to_act} actions={len(s.history)}>"
        )

    # --- public state ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of players."""
        return self._state.n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._state.dealer

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck order the deal started from, top first."""
        return tuple(CARDS[i] for i in self._state.deck)

    @property
    def totals(self) -> tuple[int, ...]:
        """The match scores per side before this deal."""
        return self._state.totals

    @property
    def target(self) -> int:
        """The match target."""
        return self._state.target

    @property
    def pending(self) -> int:
        """Litige points waiting from earlier deals."""
        return self._state.pending

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return phase_of(self._state.phase, self._state.layout.auction)

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the deal is over.

        Exactly one seat acts at every decision point: every legal action is
        this seat's (the holder of the 7 of trump, while it decides whether
        to swap, docs/rules.md#seven-swap).
        """
        s = self._state
        return None if s.phase == OVER else s.to_act

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._state.phase == OVER

    @property
    def end_reason(self) -> EndReason | None:
        """Why the deal ended, or ``None`` while it goes on."""
        return self._state.end

    @property
    def turned(self) -> Card | None:
        """The card turned up after the first distribution; ``None`` where nothing is turned (an auction, ``contree``)."""
        turned = self._state.turned
        return None if turned < 0 else CARDS[turned]

    @property
    def table_card(self) -> Card | None:
        """The card face up on the table (``french``), or ``None`` once a taker holds it."""
        return None if self._state.table_card < 0 else CARDS[self._state.table_card]

    @property
    def bottom(self) -> Card | None:
        """The deck's bottom card once shown (``show_bottom_card``), else ``None``."""
        return None if self._state.bottom < 0 else CARDS[self._state.bottom]

    @property
    def trump(self) -> Suit | None:
        """The trump suit once fixed; ``None`` before, and in a no-trumps or all-trumps contract.

        [`strain`][belote.deal.Deal.strain] names those (docs/bulgarian.md#trump-modes).
        """
        trump = self._state.trump
        return None if not 0 <= trump < 4 else SUITS[trump]

    @property
    def strain(self) -> Strain | None:
        """What the cards are played in once fixed: the trump suit, no-trumps or all-trumps.

        Its number is the *mode* the card tables are indexed by
        (docs/bulgarian.md#trump-modes); ``None`` before the trump is fixed.
        """
        trump = self._state.trump
        return None if trump < 0 else STRAINS[trump]

    @property
    def contract(self) -> Contract | None:
        """The auction's standing contract, then the contract played, as a typed value.

        ``None`` before the first bid and in a variant without an auction (the
        typed form of [`seat_view`][belote.deal.Deal.seat_view]'s ``contract``).

        >>> from belote.deal import Deal
        >>> deal = Deal.random("contree", seed=3)
        >>> deal.contract is None
        True
        >>> deal.apply_all(["1 bid 90 H", "2 coinche"])
        >>> deal.contract
        Contract(value=90, strain=<Strain.HEARTS: 1>, doubling=1)
        """
        s = self._state
        if not s.layout.auction or s.bidder < 0:
            return None
        value = None if s.contract_value == CAPOT_BID else s.contract_value
        return Contract(value, STRAINS[s.contract_strain], s.doubling)

    @property
    def taker(self) -> int | None:
        """The seat that fixed the trump."""
        return None if self._state.taker < 0 else self._state.taker

    @property
    def attack(self) -> int | None:
        """The taker's side, or ``None`` before a take."""
        return None if self._state.taker < 0 else self.side(self._state.taker)



    def hand(self, seat: int) -> CardSet:
        """The cards a seat holds now.

        Raises:
            InvalidArgument: ``seat`` is not a seat of the table.
        """
        return CardSet.from_mask(self._state.hands[check_seat(self._state, seat)])

    def hand_mask(self, seat: int) -> int:
        """The card mask a seat holds now (fast layer).

        Raises:
            InvalidArgument: ``seat`` is not a seat of the table.
        """
        s = self._state
        if type(seat) is int and 0 <= seat < s.n:
            return s.hands[seat]
        return s.hands[check_seat(s, seat)]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
        return tuple(CARDS[i] for i in self._state.trick)

    @property
    def trick_leader(self) -> int:
        """The seat that leads or led the current trick."""
        return self._state.leader

    @property
    def tricks(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The completed tricks as (leader, cards in play order)."""
        return completed_tricks(self._state)

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each completed trick."""
        return tuple(self._state.trick_winners)

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete."""
        return self._state.tricks_done

    @property
    def tricks_per_deal(self) -> int:
        """How many tricks a played deal has (8, or 9 in ``french``)."""
        return self._state.hand_size

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """Every declaration made so far, in the order made."""
        return tuple(self._state.declarations)

    @property
    def scoring_declarations(self) -> tuple[Declaration, ...] | None:
        """The declarations that score once the contest is resolved, else ``None``."""
        return self._state.resolved

    @property
    def called_out(self) -> int | None:
        """The seat that called out or stopped, else ``None``."""
        return None if self._state.stopper < 0 else self._state.stopper

    # --- sides and points -----------------------------------------------------------------

    @property
    def sides(self) -> int:
        """The number of scoring sides: 2 teams, or one per player."""
        s = self._state
        return 2 if s.partners else s.n

    def side(self, seat: int) -> int:
        """The scoring side of a seat: its team (``seat % 2``) or the seat itself.

        Raises:
            InvalidSeat: no such seat (an `IndexError` too).
            InvalidArgumentType: not a whole number.
        """
        return side_of(self._state, check_seat(self._state, seat))  # checked before compiled code

    @property
    def belote_seat(self) -> int | None:
        """The seat that completed belote and rebelote, else ``None``."""
        seat = calling_out.belote_seat(self._state)
        return None if seat < 0 else seat

    @property
    def belote_seats(self) -> tuple[int, ...]:
        """Every belote said so far, one seat per belote: several in all-trumps (docs/bulgarian.md#belote)."""
        return calling_out.belote_seats(self._state)

    def card_points_of(self, side: int) -> int:
        """Card points a side has won in tricks so far (without the last-trick bonus).

        Raises:
            InvalidSeat: no such side.
        """
        return calling_out.sum_side(self._state, self._state.points, side)

    def tricks_of(self, side: int) -> int:
        """Tricks a side has won so far.

        Raises:
            InvalidSeat: no such side.
        """
        return calling_out.sum_side(self._state, self._state.tricks_won, side)

    def points_so_far(self, side: int) -> int:
        """A side's points so far in this deal (docs/rules.md#calling-out, docs/rules.md#j-arrete).

        Card points of its tricks, its scoring declarations once resolved,
        and a completed belote; no last-trick bonus before the last trick.

        Raises:
            InvalidSeat: no such side.
        """
        return calling_out.points_so_far(self._state, check_side(self._state, side))

    def claim_holds(self, seat: int) -> bool:
        """Whether a claim by ``seat`` now would reach the target.

        Raises:
            InvalidSeat: no such seat.
        """
        return calling_out.claim_holds(self._state, check_seat(self._state, seat))

    def stop_allowed(self, seat: int) -> bool:
        """Whether ``seat`` may call out or stop now (docs/rules.md#calling-out, docs/rules.md#j-arrete).

        Raises:
            InvalidSeat: no such seat.
        """
        return not calling_out.stop_check(self._state, check_seat(self._state, seat))

    @property
    def swapped(self) -> int | None:
        """The seat that swapped the 7 of trump for the card on the table, else ``None``."""
        seat = self._state.swapped
        return None if seat < 0 else seat

    def swap_seat(self) -> int | None:
        """The seat deciding now whether to swap the 7 of trump (docs/rules.md#seven-swap), else ``None``.

        While it decides it is [`to_act`][belote.deal.Deal.to_act] and its legal
        actions are exactly ``swap`` and ``keep``.
        """
        holder = self._state.swap_holder
        return None if holder < 0 else holder

    # --- what may be done now -------------------------------------------------------------

    def legal_bids(self) -> list[tuple[bool, int]]:
        """The legal bids of the seat to act as ``(take, suit)`` pairs (fast path).

        ``(True, -1)`` takes the turned suit, ``(True, s)`` names suit ``s`` in
        round 2, ``(False, -1)`` passes; ``[]`` outside the bidding.
        """
        return legal_bids(self._state)

    def legal_play_mask(self) -> int:
        """The mask of cards the seat to act may play now (0 when no card may be played)."""
        legal_cards = self._state.legal
        return legal_cards if legal_cards >= 0 else play.legal_play_mask(self._state)

    def legal_play_cards(self) -> list[int]:
        """The indices of the cards the seat to act may play now, in index order (fast path)."""
        return play.legal_play_cards(self._state)

    def can_announce_belote(self, card: int) -> bool:
        """Whether the seat to act may announce belote with this card index.

        Raises:
            InvalidArgumentType: ``card`` is not a whole number (a card index).
        """
        if type(card) is not int:  # checked here, before compiled code sees it
            raise InvalidArgumentType(f"card: expected a card index 0..31, got {shown(card)}")
        return play.can_announce_belote(self._state, card)

    def trick_cards(self) -> list[int]:
        """The card indices of the current trick, in play order (fast layer)."""
        return list(self._state.trick)

    def played_mask(self) -> int:
        """The mask of every card played so far, the current trick's included (fast layer)."""
        return self._state.gone

    def legal_action_mask(self) -> int:
        """The legal actions now as a mask: bit ``i`` set when action id ``i`` is legal.

        Ids are those of [`belote.actions`][belote.actions], all for the seat
        to act (while the holder of the 7 of trump decides: exactly
        ``ID_SWAP`` and ``ID_KEEP``). ``0`` once the deal is over. Computed
        once per state and cached.
        """
        mask = self._state.lmask
        return mask if mask >= 0 else legal.legal_action_mask(self._state)

    def legal_action_ids(self) -> list[int]:
        """The legal action ids now, in the order of [`legal_actions`][belote.deal.Deal.legal_actions].

        In the bidding: take, the suits of round 2, pass. The swap decision:
        swap, keep. In the play: the call, the declarations (in the order of
        the seat's combinations), then the cards in index order, each
        followed by its belote announcement when open. The set is
        [`legal_action_mask`][belote.deal.Deal.legal_action_mask].
        """
        return legal.legal_action_ids(self._state)

    def actor(self, action_id: int) -> int | None:
        """The seat an action id would act for now: always the seat to act (``None`` once over).

        Kept for programs written when the swap could come out of turn; one
        seat acts at every decision point now.
        """
        return self.to_act

    def legal_actions(self) -> list[Action]:
        """Every legal action now, all of them the seat to act's.

        The order: in the bidding, take (then the suits of round 2), then
        pass; the swap decision: swap, then keep; in the play, the call, the
        declarations, then the cards in index order, each followed by its
        belote announcement when open. The actions are shared values (one per
        seat and action id).
        """
        return _legal_actions(self._state)

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` (an action or its text) is legal now: whether it is in [`legal_actions`][belote.deal.Deal.legal_actions].

        Raises:
            NotationError: a text that is not an action.
            InvalidArgument: something that is neither an action nor text.
        """
        return typed.can(self._state, action)

    def why_illegal(self, action: Action | str) -> str | None:
        """Why ``action`` (an action or its text) is not legal now, or ``None`` when it is.

        Raises:
            NotationError: a text that is not an action.
            InvalidArgument: something that is neither an action nor text.
        """
        return typed.why_illegal(self._state, action)

    # --- what a seat may know -------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its hand and everything public.

        Raises:
            InvalidArgument: ``seat`` is not a seat of the table.
        """
        return observation(self._state, seat)

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may know now as ints and masks, with its legal action-id mask (fast path).

        A snapshot holding no reference to the deal and none of the other
        seats' hidden cards: what the built-in bots decide from.

        Raises:
            InvalidArgument: ``seat`` is not a seat of the table.
        """
        return seat_view(self._state, check_seat(self._state, seat))

    # --- what the deal leaves behind ------------------------------------------------------

    @property
    def history(self) -> list[Action]:
        """The actions applied so far, in order."""
        return list(records.history(self._state))

    @property
    def lenient(self) -> bool:
        """Whether the deal accepts offences and sanctions them (docs/rules.md#penalties) instead of refusing them."""
        return self._state.lenient

    @property
    def offences(self) -> tuple[OffenceRecord, ...]:
        """The offences accepted so far, in order (always empty in strict mode)."""
        return tuple(self._state.offences)

    def to_record(self) -> dict[str, object]:
        """The deal record (docs/formats.md#deal-record), at any point of the deal.

        Besides ``variant``, ``players``, ``dealer``, ``deck`` and
        ``actions``, the record says whether the deal is ``finished``, and
        holds the match context the deal was dealt with when it is not the
        default: ``totals`` (match scores before the deal), ``target`` and
        ``pending`` (litige points waiting), and ``"lenient": true`` for a
        lenient deal. [`Deal.from_record`][belote.deal.Deal.from_record]
        reads it back, finished or not.
        """
        return records.to_record(self._state)

    def tally(self) -> Tally | None:
        """What a scorekeeper would count now (the whole deal once it is over).

        ``None`` before a trump is fixed or after everyone passed. For a deal
        stopped by "j'arrête", ``last_trick`` is ``None``. The offences of a
        lenient deal are its ``penalties``, sanctioned as the last step of
        the scoring.
        """
        return records.tally(self._state)

    @property
    def result(self) -> DealResult:
        """The deal's result, scored by [`score_tally`][belote.scoring.pipeline.score_tally].

        Raises:
            IllegalAction: the deal is not over.
        """
        return records.result(self._state)

    def side_value(self, seat: int) -> float:
        """What the finished deal was worth to ``seat``'s side: its score less the mean score of the other sides.

        The deal's [`result`][belote.deal.Deal.result] scores per side: with
        two teams, the seat's team's score less the other team's; where each
        player scores alone (``french``), the seat's score less the mean of
        the others'. A redeal is worth 0 to everyone. The value a Monte Carlo
        rollout gives an option (docs/solver.md#how-it-decides).

        >>> import random
        >>> from belote.deal import Deal
        >>> deal = Deal.random("classic", seed=4, dealer=0)
        >>> deal.play_out_random(random.Random(2))
        >>> scores = deal.result.scores
        >>> deal.side_value(0) == scores[0] - scores[1] == -deal.side_value(3)
        True

        Raises:
            InvalidSeat: no such seat (an `IndexError` too).
            InvalidArgumentType: not a whole number.
            IllegalAction: the deal is not over.
        """
        return records.side_value(self._state, check_seat(self._state, seat))


def draw_deal(deal: DealReadout) -> str:
    """The whole table, every hand face up (what ``str(deal)`` prints).

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
    """
    if not isinstance(deal, DealReadout):
        raise InvalidArgumentType(f"deal: expected a Deal, got {shown(deal)}")
    observation = deal.observation(deal.to_act if deal.to_act is not None else 0)
    hands = [deal.hand(seat) for seat in range(deal.players)]
    return draw_table(
        observation,
        hands,
        declarations=deal.declarations,
        result=deal.result if deal.is_over else None,
        viewer=None,
    )
