"""The facade: [`Deal`][belote.deal.Deal] holds one [`DealState`][belote.deal.state.DealState] and dispatches to the phases.

Building a deal (from a deck, a seed, hands or a record), undoing, copying,
and every action: typed ([`apply`][belote.deal.Deal.apply],
[`play`][belote.deal.Deal.play], ...) or by id
([`apply_id`][belote.deal.Deal.apply_id], [`play_card`][belote.deal.Deal.play_card],
[`bid`][belote.deal.Deal.bid]). The read side lives in
[`DealReadout`][belote.deal.readout.DealReadout].
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from random import Random
from typing import Self

from belote.actions import ACTION_IDS, Action, Verb
from belote.cards import Card, CardSet, Suit
from belote.deal import legal, play, typed
from belote.deal.bidding import apply_bid, bid_reason
from belote.deal.dealing import deck_for_hands, parse_deck, setup, shuffled_deck
from belote.deal.doors import check_flag, check_seed, check_shuffled
from belote.deal.entries import ActionRecord
from belote.deal.position import PARTS, Setup, read_position, setup_from_parts, write_position
from belote.deal.readout import DealReadout
from belote.deal.recorded import offences_in_record, read_header
from belote.deal.seatview import SeatView, play_out, play_out_random
from belote.deal.state import DealState, check_seat
from belote.errors import (
    BeloteError,
    IllegalAction,
    InvalidArgument,
    InvalidPosition,
    InvalidRecord,
    shown,
)
from belote.rules import Rules, get_rules, jsonfields

_apply = typed.apply  # bound once: the hot path skips a module attribute lookup

__all__ = ["Deal"]


class Deal(DealReadout):
    """One deal of a variant, from the deck order to the result.

    Args:
        rules: the variant (a [`Rules`][belote.rules.model.Rules] value or its name).
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

    >>> from belote.cards import CARDS
    >>> deal = Deal("french", [str(card) for card in CARDS], dealer=2, players=3, lenient=True)
    >>> deal.apply_all(["0 take", "2 keep", "0 play 9S", "1 play KD"])
    >>> offence = deal.offences[0]
    >>> offence.index, offence.seat, offence.offence.value, offence.sanction.points
    (3, 1, 'renege', (10, 0, 10))
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
        rules = get_rules(rules)
        n = rules.default_players if players is None else rules.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidArgument(f"dealer must be a seat from 0 to {n - 1}, not {shown(dealer)}")
        if type(lenient) is not bool:
            raise InvalidArgument(f"lenient must be True or False, not {shown(lenient)}")
        self._state = s = DealState()
        setup(s, rules, n, dealer, parse_deck(deck), totals, target, pending)
        s.lenient = lenient

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

        ``seed`` is a seed (an int, ``None`` for a fresh one) or a
        ``random.Random`` to draw from, which then moves on, so one generator
        deals a whole series. The other arguments are those of [`Deal`][belote.deal.Deal].

        >>> Deal.random("classic", seed=1).deck == Deal.random("classic", seed=1).deck
        True
        """
        check_seed(seed)  # numpy integers too are refused, as everywhere
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = shuffled_deck(rng)
        if cls is not Deal:  # a subclass builds itself
            return cls(rules, deck, dealer, players, totals=totals, target=target, pending=pending)
        rules = get_rules(rules)
        n = rules.default_players if players is None else rules.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidArgument(f"dealer must be a seat from 0 to {n - 1}, not {shown(dealer)}")
        deal = object.__new__(Deal)
        deal._state = s = DealState()
        setup(s, rules, n, dealer, tuple(deck), totals, target, pending)  # the deck is whole
        return deal

    @classmethod
    def shuffled(
        cls,
        rules: Rules,
        deck: list[int],
        dealer: int,
        players: int,
        *,
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int = 0,
    ) -> Deal:
        """A deal from a deck the caller shuffled itself, without the argument checks (fast path).

        What the simulations and PIMC's bidding samples
        ([`bidding_deal`][belote.agents.rollouts.bidding_deal]) deal from.
        ``deck`` must be a permutation of ``range(32)`` (as
        [`shuffled_deck`][belote.deal.dealing.shuffled_deck] returns), ``rules``
        a [`Rules`][belote.rules.model.Rules] value, and ``players`` and
        ``dealer`` checked already: this skips [`parse_deck`][belote.deal.parse_deck]
        and the checks of ``Deal(...)``. ``totals``, ``target`` and ``pending``
        are those of [`Deal`][belote.deal.Deal], and checked.

        >>> import random
        >>> from belote.deal.dealing import shuffled_deck
        >>> from belote.rules import get_rules
        >>> deck = shuffled_deck(random.Random(1))
        >>> Deal.shuffled(get_rules("classic"), deck, 0, 4) == Deal("classic", deck, 0)
        True

        Raises:
            InvalidArgument: bad totals, target or pending, and the cheap checks of
                [`check_shuffled`][belote.deal.doors.check_shuffled].
        """
        check_shuffled(rules, deck, dealer, players)
        deal = object.__new__(cls)
        deal._state = s = DealState()
        setup(s, rules, players, dealer, tuple(deck), totals, target, pending)
        return deal

    @classmethod
    def from_hands(
        cls,
        rules: Rules | str,
        hands: Sequence[object],
        *,
        dealer: int,
        turned: Card | int | str | None = None,
        taker: int | None = None,
        players: int | None = None,
        stock: object = None,
        bottom: Card | int | str | None = None,
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int = 0,
        lenient: bool = False,
        bids: str | Sequence[str] | None = None,
        play: str | Sequence[str] | None = None,
    ) -> Deal:
        """A deal whose deck deals exactly these hands: at its start, or at a position.

        Without ``taker``, ``hands`` are the first distribution (5 cards each
        in ``classic``); with ``taker``, the hands once that seat's take has
        dealt the completion (8 cards each in ``classic``, the taker's
        holding the turned card where the variant gives it to the taker).
        The deal starts at the bidding either way: apply the bids (and the
        rest) to reach the position. See
        [`deck_for_hands`][belote.deal.dealing.deck_for_hands] for ``stock``
        and ``bottom``; the other arguments are those of [`Deal`][belote.deal.Deal].

        >>> hands = ["7S 8S 9S 10S JS", "QS KS AS 7H 8H", "9H 10H JH QH KH", "AH 7D 8D 9D 10D"]
        >>> deal = Deal.from_hands("classic", hands, dealer=3, turned="JD")
        >>> str(deal.hand(1)), str(deal.turned)
        ('QS KS AS 7H 8H', 'JD')

        With ``bids`` or ``play`` (written as in a position, docs/positions.md:
        ``"pass take"``, ``"AS 7H 8D JD / KS"``), ``hands`` are the cards
        each seat holds *now*, the taker and trump come from the bids, and
        the deal is at that position, every bid and card checked as it is
        applied again (``taker`` and ``bottom`` are not given then; the
        ``stock`` lists the cards dealt to nobody, top first):

        >>> now = ["7S 8S 9S 10S JS QS KS", "8H 9H 10H JH QH KH AH",
        ...        "7D 8D 9D 10D QD KD AD 7C", "8C 9C 10C JC QC KC AC JD"]
        >>> deal = Deal.from_hands("classic", now, dealer=3, turned="JD",
        ...                        bids="pass pass pass take", play="AS 7H")
        >>> deal.to_act, deal.trick
        (2, (Card.parse('AS'), Card.parse('7H')))

        An auction (``contree``, RULES §11) deals all eight cards a seat and
        turns none: no ``turned``; its bids are contracts (``80H``,
        ``capotS``), ``coinche`` and ``surcoinche``:

        >>> hands = ["7H JH QH AH 8D 9D QD 8C", "7S 9S 8H KH 7D AD 7C 9C",
        ...          "8S KS 9H JD 10C JC KC AC", "10S JS QS AS 10H 10D KD QC"]
        >>> deal = Deal.from_hands("contree", hands, dealer=0, bids="80H 100S coinche pass pass pass")
        >>> deal.taker, str(deal.trump), deal.seat_view(1).contract  # value, strain, bidder, coinched
        (2, 'S', (100, 0, 2, 1))

        Raises:
            InvalidArgument: a bad field, named in the message (a hand of the
                wrong size, a card twice, a turned card in a hand, ...); with
                ``bids`` or ``play`` an [`InvalidPosition`][belote.errors.InvalidPosition]
                naming the part at fault.
        """
        if bids is not None or play is not None:
            if taker is not None or bottom is not None or lenient:
                raise InvalidArgument(
                    "with bids or play, the taker comes from the bids, the bottom card is "
                    "the stock's last card, and the deal is strict: no taker, bottom or lenient"
                )
            return cls.from_setup(setup_from_parts(
                rules, hands, dealer=dealer, turned=turned, bids=bids or (), play=play or (),
                players=players, stock=stock, totals=totals, target=target, pending=pending,
            ))
        rules = get_rules(rules)
        n = rules.default_players if players is None else rules.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidArgument(f"dealer must be a seat from 0 to {n - 1}, not {shown(dealer)}")
        deck = deck_for_hands(
            rules, n, dealer, hands, turned, taker=taker, stock=stock, bottom=bottom
        )
        return cls(
            rules, list(deck), dealer, n, totals=totals, target=target, pending=pending,
            lenient=lenient,
        )

    @classmethod
    def from_position(cls, text: str) -> Deal:
        """The deal a position describes (docs/positions.md): the inverse of [`position`][belote.deal.Deal.position].

        >>> import random
        >>> deal = Deal.random("piedicavallo", seed=5)
        >>> _ = deal.take()
        >>> for _ in range(9):
        ...     _ = deal.apply(random.Random(1).choice(deal.legal_actions()))
        >>> Deal.from_position(deal.position()).position() == deal.position()
        True

        Raises:
            InvalidPosition: not a position, or one the rules do not allow;
                the message names the part at fault
                (``position: hands: seat 2 holds 9 cards, 8 expected``).
        """
        return cls.from_setup(read_position(text))

    @classmethod
    def from_setup(cls, setup: Setup) -> Self:
        """The deal a [`Setup`][belote.deal.position.Setup] describes: its deck dealt, then its moves applied.

        What [`from_position`][belote.deal.Deal.from_position] and
        [`from_hands`][belote.deal.Deal.from_hands] (with bids or play) do
        after reading their parts.

        Raises:
            InvalidPosition: a bid or card the rules refuse, or a table the
                variant does not allow; the message names the part at fault.
        """
        try:
            deal = cls(
                setup.rules, setup.deck, setup.dealer, setup.players, totals=setup.totals,
                target=setup.target, pending=setup.pending,
            )
        except InvalidArgument as exc:
            word = str(exc).split()[0].strip(":")
            raise InvalidPosition(word if word in PARTS else "totals", str(exc)) from None
        for part, moves in (("bids", setup.bids), ("play", setup.play)):
            trick = 1
            for number, move in enumerate(moves, 1):
                if move.verb == "/":
                    continue
                seat = deal.to_act
                where = f"trick {trick}" if part == "play" else f"bid {number}"
                if seat is None:
                    raise InvalidPosition(
                        part, f"{where}: {shown(str(move))} comes after the end of the deal"
                    )
                try:
                    deal.apply(move.action(seat))
                except BeloteError as exc:  # IllegalAction, or a declaration that is no combination
                    raise InvalidPosition(part, f"{where}: seat {seat} {move}: {exc}") from None
                trick = deal.tricks_played + 1
        return deal

    def position(self) -> str:
        """The position of the deal as one line of text (docs/positions.md), at any point of it.

        It names the variant, the table, the cards each seat holds now, the
        turned card, the cards dealt to nobody, the bids and the cards
        played trick by trick; [`from_position`][belote.deal.Deal.from_position]
        reads it back.

        >>> Deal("classic", list(range(32)), dealer=3).position()  # doctest: +NORMALIZE_WHITESPACE
        'belote/1 classic | players 4 | dealer 3 | hands 7S 8S 9S JH QH / 10S JS QS KH AH
         / KS AS 7H 7D 8D / 8H 9H 10H 9D 10D | turned JD | stock QD KD AD 7C 8C 9C 10C JC QC KC AC'

        Raises:
            InvalidArgument: a lenient deal that holds an offence (a position
                follows the rules).
        """
        return write_position(self._state)

    @classmethod
    def from_record(
        cls,
        record: object,
        *,
        lenient: bool | None = None,
        partial: bool = True,
        rules: Rules | str | None = None,
        totals: Sequence[int] | None = None,
        target: int | None = None,
        pending: int | None = None,
        prefix: str = "",
    ) -> Deal:
        """The deal a record describes, finished or in progress (the inverse of [`to_record`][belote.deal.Deal.to_record]).

        Every action is checked as it is applied again; a record written by
        ``to_record`` at any point gives back an equal deal, so a game can be
        saved and resumed. The record's optional ``totals``, ``target`` and
        ``pending`` fields give the match context the deal was dealt with;
        its optional ``finished`` field must agree with the actions.

        >>> deal = Deal("classic", list(range(32)), dealer=3)
        >>> _ = deal.apply("0 pass")
        >>> Deal.from_record(deal.to_record()) == deal
        True

        Args:
            record: the deal record (parsed JSON).
            lenient: replay in lenient mode (``True``: an offence the variant
                sanctions is accepted and listed in
                [`offences`][belote.deal.Deal.offences]) or strict mode
                (``False``); ``None``: as the record's ``lenient`` field says.
            partial: accept a record that stops before the deal ends (``False``
                refuses it, saying whose turn it is).
            rules: the variant when the record may leave ``variant`` out (a deal
                inside a match record); a ``variant`` field must name the same one.
            totals: match scores before the deal (a ``totals`` field must agree).
            target: the match target (likewise).
            pending: litige points waiting from earlier deals (likewise).
            prefix: prepended to field names in errors (``deals[2].``).

        Raises:
            InvalidRecord: a missing or bad field (the message starts with the
                field's name), an illegal or unreadable action (``index`` and
                ``action`` name it), or actions that stop before the deal ends
                when ``partial`` is false.
        """
        rules = None if rules is None else get_rules(rules)  # a name or a spec too
        header = read_header(
            record, rules=rules, totals=totals, target=target, pending=pending, prefix=prefix
        )
        actions, finished = header.actions, header.finished
        try:
            deal = cls(
                header.rules, header.deck, header.dealer, header.players, totals=header.totals,  # type: ignore[arg-type]
                target=header.target, pending=header.pending or 0,
                lenient=header.lenient if lenient is None else lenient,
            )
        except InvalidArgument as exc:
            text = str(exc)
            if text.startswith("deck["):
                raise InvalidRecord(f"{prefix}{text}") from None
            field = "deck" if "deck" in text else "record"
            raise InvalidRecord(f"{prefix}{field}: {text}") from None
        number = prefix.removeprefix("deals[").removesuffix("].")
        where = f"deal {number}: " if number != prefix else ""
        # The record is read in order, each action judged by those before it
        # (docs/formats.md#deal-record). While the holder of the 7 of trump is
        # to decide, an older record may have the first leader's declarations
        # before the holder's swap: they wait for the decision.
        waiting: list[tuple[int, object, Action]] = []
        origin: list[int | None] = []  # per history entry, its index in the record (None: implied)
        for index, item in enumerate(actions):
            if not isinstance(item, str):
                raise InvalidRecord(f"{where}expected an action as text, got {jsonfields.kind(item)}",
                                    index=index, action=str(item))
            try:
                action = Action.parse(item)
                if deal.is_over:
                    reason = deal.end_reason.value if deal.end_reason else "over"
                    raise IllegalAction(f"the deal has ended ({reason}); no action may follow")
                holder = deal.swap_seat()
                if holder is not None:
                    if action.seat == holder and action.verb in (Verb.SWAP, Verb.KEEP):
                        deal.apply(action)
                        origin.append(index)
                        _apply_waiting(deal, waiting, where, origin)
                        continue
                    if action.verb is Verb.DECLARE and action.seat != holder:
                        waiting.append((index, item, action))
                        continue
                    # Any other action closes the decision, the holder kept the 7 (003: "Toute carte vue, empêche cette faveur").
                    deal.apply(Action.keep(holder))
                    origin.append(None)
                    _apply_waiting(deal, waiting, where, origin)
                deal.apply(action)
                origin.append(index)
            except BeloteError as exc:
                raise InvalidRecord(f"{where}{exc}", index=index, action=item) from None
        if waiting:  # the record stops with the decision still open: the holder kept
            holder = deal.swap_seat()
            if holder is not None:
                deal.apply(Action.keep(holder))
                origin.append(None)
            _apply_waiting(deal, waiting, where, origin)
        if deal._state.offences and len(origin) == len(deal._state.history):  # the record's indices
            deal._state.offences = offences_in_record(deal._state.offences, origin)
        if deal.is_over and finished is False:
            raise InvalidRecord(f"{prefix}finished: false, but the deal ended after {len(actions)} actions")
        if not deal.is_over and (finished or not partial):
            field = "finished: true, but" if finished else "actions:"
            raise InvalidRecord(f"{prefix}{field} the record stops before the deal ends: seat {deal.to_act}"
                                f" is to {legal.to_decide(deal._state)} (after {len(actions)} actions)")
        return deal

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
        history = self.history
        if not history:
            raise IllegalAction("nothing to undo: no action has been applied to this deal")
        s = self._state
        fresh = Deal(
            s.rules, list(s.deck), s.dealer, s.n, totals=s.totals, target=s.target,
            pending=s.pending, lenient=s.lenient,
        )
        for action in history[:-1]:
            fresh.apply(action)
        self._state = fresh._state
        return history[-1]

    def copy(self) -> Self:
        """An independent copy of the deal (its state copied; attributes of a subclass are not)."""
        new = object.__new__(type(self))
        new._state = self._state.copy()
        return new

    # --- the int layer ------------------------------------------------------------------

    def apply_id(self, action_id: int) -> None:
        """Apply a legal action id for the seat to act (the fast layer of [`apply`][belote.deal.Deal.apply]).

        Raises:
            InvalidArgument: ``action_id`` is not an int in ``range(ACTION_IDS)``.
            IllegalAction: the id is not legal now; the deal is unchanged.
        """
        s = self._state
        mask = s.lmask
        if mask < 0:
            mask = legal.legal_action_mask(s)
        if type(action_id) is int and action_id >= 0 and mask >> action_id & 1:
            legal.do(s, s.to_act, action_id, None)
            return
        if type(action_id) is not int or not 0 <= action_id < ACTION_IDS:
            raise InvalidArgument(
                f"no action id {shown(action_id)} (expected an int from 0 to {ACTION_IDS - 1})"
            )
        legal.apply_id(s, action_id)  # a refusal, or in a lenient deal an offence

    def play_card(self, card: int, belote: bool = False) -> None:
        """The seat to act plays the card with this index (fast path; every check kept).

        Raises:
            InvalidArgument: ``card`` is not an int from 0 to 31, or ``belote`` not a bool.
            IllegalAction: no card may be played now, a card not held, a card
                the obligations forbid, or belote announced where it cannot be.
        """
        play.play_card(self._state, card, belote)

    def play_out_random(self, rng: Random) -> None:
        """Play the rest of the deal at random, from any point, as a table of [`RandomBot`][belote.agents.RandomBot] values sharing ``rng`` would.

        Bids uniformly among the legal bids, swaps the 7 of trump on a coin
        toss, draws uniformly among the legal ids (but ``stop``) during the
        first trick of a variant with declarations, and otherwise a card
        uniformly among the legal cards in index order (what
        [`legal_play_cards`][belote.deal.Deal.legal_play_cards] lists), a card
        that may carry belote-rebelote being announced on a further coin toss
        ``rng.random() < 0.5``. Nobody calls out. See
        [`play_out_random`][belote.deal.seatview.play_out_random] for the draws.

        >>> import random
        >>> deal = Deal.random("piedicavallo", seed=4)
        >>> deal.play_out_random(random.Random(1))
        >>> deal.is_over
        True

        Raises:
            IllegalAction: the deal is over.
        """
        play_out_random(self._state, rng)

    def play_out(
        self,
        choose_ids: Sequence[Callable[[SeatView], int]],
        *,
        skip_forced: Sequence[bool] | bool = False,
    ) -> None:
        """Play the deal to its end, asking ``choose_ids[seat]`` for each decision of that seat.

        The fast way to drive a deal by action ids: the seat to act's
        function gets its [`SeatView`][belote.deal.SeatView] (never another
        seat's hidden cards) and answers an action id, which is checked and
        applied. [`play_deal`][belote.agents.play_deal] uses it for agents with
        a ``choose_id`` method.

        ``skip_forced`` (one bool for every seat, or one per seat): a seat
        whose flag is true is not asked when exactly one action is legal;
        that action is played for it. For choosers that would answer it
        anyway and keep no memory of being asked (about a third of the
        decisions of a classic deal are forced).

        >>> from belote.agents import HeuristicBot
        >>> deal = Deal.random("classic", seed=2)
        >>> deal.play_out([HeuristicBot().choose_id for _ in range(4)])
        >>> deal.is_over
        True

        Raises:
            IllegalAction: a function answered an id that is not legal; the
                deal stays as it was before that decision.
            InvalidArgument: not one function (or flag) per seat, or an answer that is no action id.
        """
        play_out(self._state, choose_ids, skip_forced)

    def bid(self, take: bool, suit: int = -1) -> None:
        """The seat to act bids (fast path): ``take`` or pass; ``suit`` names trump in round 2.

        Raises:
            InvalidArgument: ``take`` is not a bool, ``suit`` not -1 or a suit
                number 0 to 3, or a pass that names a suit.
            IllegalAction: not a bidding phase or a bid the round does not allow.

        On either error the deal is unchanged.
        """
        if type(take) is not bool:
            raise InvalidArgument(f"take must be True or False, not {shown(take)}")
        if type(suit) is not int or not -1 <= suit <= 3:
            raise InvalidArgument(
                f"suit must be -1 (the turned suit) or a suit number 0 to 3, not {shown(suit)}"
            )
        if not take and suit != -1:
            raise InvalidArgument(f"a pass names no suit (suit={suit})")
        s = self._state
        reason = bid_reason(s, s.to_act, take, suit)
        if reason is not None:
            raise IllegalAction(reason)
        apply_bid(s, s.to_act, take, suit)

    # --- the typed layer ----------------------------------------------------------------

    def apply(self, action: Action | str) -> ActionRecord:
        """Apply a legal action (or its text) and say what it did.

        The action is checked against the cached legal mask (the reason is
        worked out only for a refusal). In a lenient deal, an illegal action
        that is an offence the variant sanctions is accepted instead
        (docs/rules.md#penalties): a renege is played, a card out of turn or a false
        announcement changes nothing but the history, and the record's
        ``offence`` (also in [`offences`][belote.deal.Deal.offences]) says what it costs.

        Raises:
            IllegalAction: the action is not legal now (in a lenient deal: and
                not an offence the variant sanctions); the deal is unchanged.
            NotationError: a text that is not an action.
            InvalidArgument: something that is neither an action nor text.
        """
        return _apply(self._state, action)

    def apply_all(self, actions: Sequence[Action | str]) -> None:
        """Apply actions (or their notation) in order.

        Raises:
            IllegalAction: an action is not legal; earlier ones stay applied.
            NotationError: a text is not an action.
        """
        s = self._state
        for action in actions:
            typed.apply(s, action)

    def pass_(self) -> ActionRecord:
        """The seat to act passes."""
        return self.apply(Action.pass_(self._state.to_act))

    def take(self, suit: Suit | int | str | None = None) -> ActionRecord:
        """The seat to act takes the turned suit, or names ``suit`` in round 2.

        Raises:
            InvalidArgument: ``suit`` is not a suit (a [`Suit`][belote.cards.Suit], 0 to 3, or its letter).
            IllegalAction: the take is not legal now.
        """
        if isinstance(suit, str):
            suit = Suit.parse(suit)
        elif suit is not None and (isinstance(suit, bool) or suit not in range(4)):
            raise InvalidArgument(f"not a suit: {shown(suit)} (expected S, H, D, C or 0 to 3)")
        return self.apply(Action.take(self._state.to_act, suit))

    def play(self, card: Card | str, belote: bool = False) -> ActionRecord:
        """The seat to act plays ``card``, announcing belote when asked (``True`` or ``False``)."""
        check_flag(belote, "belote")  # before compiled code sees it
        return self.apply(Action.play(self._state.to_act, card, belote))

    def declare(self, cards: CardSet | Sequence[Card] | str | None = None) -> ActionRecord:
        """The seat to act declares one combination, or everything held when ``cards`` is None."""
        if isinstance(cards, str):
            cards = CardSet.parse(cards)
        return self.apply(Action.declare(self._state.to_act, () if cards is None else cards))

    def swap(self, seat: int | None = None) -> ActionRecord:
        """The holder of the 7 of trump (or ``seat``) swaps it for the card on the table.

        Raises:
            IllegalAction: nobody decides on the swap now (or ``seat`` is not the holder).
        """
        if seat is None:
            seat = self.swap_seat()
            if seat is None:
                raise IllegalAction("no seat may swap the 7 of trump now")
        return self.apply(Action.swap(check_seat(self._state, seat)))

    def keep(self) -> ActionRecord:
        """The holder of the 7 of trump keeps it: no swap (docs/rules.md#seven-swap).

        Raises:
            IllegalAction: nobody decides on the swap now.
        """
        seat = self.swap_seat()
        if seat is None:
            raise IllegalAction("no seat decides on the 7 of trump now")
        return self.apply(Action.keep(seat))

    def stop(self) -> ActionRecord:
        """The seat to act calls out (``piedicavallo``) or says "j'arrête" (``french``)."""
        return self.apply(Action.stop(self._state.to_act))


def _apply_waiting(
    deal: Deal, waiting: list[tuple[int, object, Action]], where: str, origin: list[int | None]
) -> None:
    """Apply the declarations that waited for the swap decision, each refused at its own index."""
    for index, item, action in waiting:
        try:
            deal.apply(action)
        except BeloteError as exc:
            raise InvalidRecord(f"{where}{exc}", index=index, action=str(item)) from None
        origin.append(index)
    waiting.clear()
