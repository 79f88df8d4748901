"""A match at a web table: the state behind one game of `belote serve`, as plain JSON.

A [`Table`][belote.web.table.Table] holds a match of any variant or variant
spec, the seats' players (``human``, a built-in bot spec: ``random``,
``heuristic``, ``pimc``, or the name of an engine the server offers,
``belote serve --engine NAME=COMMAND``), their names and the deals so far. It draws the
core's table for people, [`belote.tables.Table`][belote.tables.Table], which holds the
match, plays the bots (through [`act`][belote.agents.act], so they see only their
seat's view), makes a person's forced pass, takes back moves and deals the next
deal (docs/tables.md); this one turns it into the page's JSON and knows nothing
of HTTP. Every rule is the library's (legal actions from
[`Deal.legal_actions`][belote.deal.Deal.legal_actions], the menu, the words and the
warnings of [`belote.records.narration`][belote.records.narration], records from
[`match_to_record`][belote.records.replay.match_to_record]).

>>> table = Table("classic", seats=["human", "random", "random", "random"], seed=1)
>>> view = table.view()
>>> view["me"], view["log"][0], [choice["text"] for choice in view["choices"]]
(0, 'Your partner (seat 2) takes clubs ♣ as trump.', ['play 10D', 'play 7D'])
>>> table.choose(0)["log"][3]
'You play 10D.'
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from typing import Final

from belote.actions import Action, Verb
from belote.agents import Agent
from belote.agents.registry import make_bot, parse_bot_spec
from belote.cards import Card, CardSet
from belote.deal import Deal
from belote.errors import BeloteError, IllegalAction, InvalidArgument
from belote.records.narration import (
    describe_choice,
    explain_refusal,
    menu,
    partner_seat,
    report,
    stop_warning,
    who,
)
from belote.records.replay import match_to_record
from belote.rules import get_rules
from belote.rules.knobs import RANGES
from belote.scoring import DealResult, Outcome
from belote.scoring.match import Match
from belote.tables import MAX_DEALS as TABLE_MAX_DEALS
from belote.tables import MAX_NAME, MatchOver, NotYourSeat, check_name
from belote.tables import Table as PeopleTable
from belote.web.events import (
    auction_json,
    choice_json,
    deal_events,
    mode_of,
    refusal_json,
    strain_json,
)
from belote.web.i18n import line_key
from belote.web.sheet import sheet_json

__all__ = [
    "BOTS", "MAX_DEALS", "PIMC_LIMITS", "FieldError", "MatchOver", "NotYourSeat", "StaleVersion",
    "Table", "card_json",
    "hand_json", "line_json", "new_table", "sorted_hand", "whole_field",
]

BOTS: Final = ("random", "heuristic", "pimc")
"""The bots a web table seats: the built-in ones only (no module path is ever imported)."""

PIMC_LIMITS: Final = {"samples": 20, "time_budget": 0.5, "exact_tricks": 5, "rollouts": 500}
"""The most a ``pimc`` seat may ask for, and its time per decision when the spec gives none."""

MAX_DEALS: Final = TABLE_MAX_DEALS
"""Deals after which a match is stopped without a winner (the core table's, as in ``belote play``)."""


class StaleVersion(IllegalAction):
    """A request that acts on a view older than the table's: answered ``409``, nothing changed.

    Attributes:
        version: the table's current version.
    """

    def __init__(self, sent: int, version: int) -> None:
        super().__init__(f"version: the table is at version {version}, not {sent}: "
                         "it has moved on since that view")
        self.version = version


class FieldError(InvalidArgument):
    """A bad field of a new-game request: the message and the field it is about.

    Attributes:
        field: the request's field at fault (``variant``, ``players``, ``seed``...).
    """

    def __init__(self, field: str, message: str, key: str | None = None,
                 values: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.key = key
        self.values = dict(values or {})


SEED_LIMIT: Final = 2**64
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``."""


def card_json(card: Card) -> dict[str, str]:
    """A card for the page: ``{"code": "10H", "rank": "10", "suit": "H", "symbol": "♥"}``.

    >>> card_json(Card.parse("JH"))["symbol"]
    '♥'
    """
    code = str(card)
    return {"code": code, "rank": code[:-1], "suit": code[-1], "symbol": card.suit.symbol}


def sorted_hand(hand: CardSet, trump: int | None) -> list[Card]:
    """A hand sorted as the terminal shows it: one suit a group, the trump first.

    ``trump`` is the deal's mode (docs/bulgarian.md#trump-modes): a suit
    (0-3) goes first; in no-trumps (4) and all-trumps (5) the suits keep
    their order, each card ranked by that mode; ``None``: no trump yet.

    >>> [str(c) for c in sorted_hand(CardSet.parse("9H JH AH"), 5)], [str(c) for c in sorted_hand(CardSet.parse("9H JH AH"), 4)]
    (['JH', '9H', 'AH'], ['AH', 'JH', '9H'])
    """
    first = [trump] if trump is not None and 0 <= trump < 4 else []
    order = [*first, *(s for s in range(4) if s not in first)]
    return [card for suit in order for card in hand.of_suit(suit).sorted(trump)]


def hand_json(hand: CardSet, trump: int | None) -> list[dict[str, str]]:
    """A hand sorted by [`sorted_hand`][belote.web.table.sorted_hand], each card by [`card_json`][belote.web.table.card_json]."""
    return [card_json(card) for card in sorted_hand(hand, trump)]


def _bot(spec: str, engines: Mapping[str, str] | None = None) -> Agent:
    """One bot from a spec limited to the built-in names, bounded ``pimc`` options and the engines offered."""
    if engines and spec in engines:
        return make_bot(f"engine:{engines[spec]}")
    name, options = parse_bot_spec(spec)
    if name not in BOTS:
        offered = ", ".join([*BOTS, *(engines or {})])
        raise InvalidArgument(f"seat player {spec!r}: choose human, {offered}")
    if name == "pimc":
        for option, most in PIMC_LIMITS.items():
            value = options.get(option)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)
                                      or value > most):
                raise InvalidArgument(f"seat player {spec!r}: {option} is at most {most} here")
        options.setdefault("time_budget", PIMC_LIMITS["time_budget"])
    return make_bot(name, options)


class Table:
    """A match between people and bots, one seat each.

    Args:
        variant: a variant name or spec (``classic``, ``classic(target=500)``).
        players: the number of players (default: the variant's).
        seats: ``human`` or a bot spec per seat; at least one ``human``.
        target: the match target (default: the variant's).
        seed: seeds the deck shuffles and the first dealer.
        record: a match record to resume (its variant, target and deals are
            used; ``variant``, ``players`` and ``target`` are then ignored).
        engines: the engines a seat may name, by name: their command lines
            (each seat named so gets its own process, docs/engines.md).
        deal_next: with a ``record`` whose last deal is over and whose match
            goes on, deal the next deal (as **Resume a record** does); when
            false the table stands as the record left it (a game read back
            from [`belote.web.store`][belote.web.store]).
        names: the players' names by seat (docs/tables.md#seats-and-names);
            the view gives each seat's as ``player_name``.

    Raises:
        BeloteError: an unknown variant, a bad seat or player count, or a bad record.
    """

    def __init__(
        self,
        variant: str = "classic",
        players: int | None = None,
        seats: Sequence[str] | None = None,
        target: int | None = None,
        seed: int | None = None,
        record: object = None,
        engines: Mapping[str, str] | None = None,
        *,
        deal_next: bool = True,
        names: Sequence[str | None] | None = None,
    ) -> None:
        self.core = PeopleTable(
            variant, seats, players=players, target=target, seed=seed, record=record,
            bots=lambda spec, seat: _bot(spec, engines), deal_next=deal_next, messages=False,
            names=names)
        """The table of the core that holds the match: this one draws it for the page."""
        self.seats = self.core.seats
        self.agents = self.core.agents
        self.humans = self.core.humans
        self.rules, self.players = self.core.rules, self.core.players

    @property
    def names(self) -> list[str]:
        """Each seat's name (``""``: none)."""
        return self.core.names

    def rename(self, name: object, seat: int | None = None) -> dict[str, object]:
        """Give the person at ``seat`` (``None``: the table's one person) a name, shown at the seat and in the score sheet.

        Raises:
            BadName: not 1 to 24 printable characters (code ``error.name``); nothing changed.
        """
        given = None if name is None or name == "" else check_name(name)
        self.core.rename(self.humans[0] if seat is None else seat, given)
        return self.view(seat)

    @property
    def rng(self) -> random.Random:
        """The table's random generator (the decks, the first dealer, the bots' seeds)."""
        return self.core.rng

    @property
    def version(self) -> int:
        """One more after every action, undo and deal (see [`check_version`][belote.web.table.Table.check_version])."""
        return self.core.version

    @version.setter
    def version(self, value: int) -> None:
        self.core.version = value

    @property
    def deals(self) -> list[Deal]:
        """The deals of the match, the current one last."""
        return self.core.deals

    @property
    def match(self) -> Match:
        """The match: every finished deal's result, the totals, the winner."""
        return self.core.match

    @property
    def deal(self) -> Deal:
        """The current deal (the last one dealt)."""
        return self.core.deal

    def me(self, seat: int | None = None) -> int:
        """The seat the page shows: ``seat`` when given, else the person to act, else the first person's seat."""
        if seat is not None:
            return seat
        to_act = self.deal.to_act
        return to_act if to_act in self.humans else self.humans[0]

    def check_version(self, sent: object) -> None:
        """Refuse a request made on a view older than the table's (``None``: not checked).

        Every action (a choice, an undo, the next deal) adds one to the
        table's ``version``; a view carries it, and a request that acts sends
        it back, so a second click made on a view that is gone does nothing.

        Raises:
            InvalidArgument: ``sent`` is not a whole number.
            StaleVersion: ``sent`` is not the current version.
        """
        if sent is None:
            return
        if isinstance(sent, bool) or not isinstance(sent, int):
            raise InvalidArgument(f"version: a whole number, not {sent!r}")
        if sent != self.version:
            raise StaleVersion(sent, self.version)

    def choose(self, index: object, seat: int | None = None) -> dict[str, object]:
        """Apply the person's choice number ``index`` of [`view`][belote.web.table.Table.view]'s ``choices``.

        ``index`` may also be the choice in words, read by
        [`Action.parse`][belote.actions.Action.parse] as the terminal game reads
        them (``bid 90 hearts``, ``90H``, ``JH``, ``contre``, ``take``).

        ``seat``: the seat asking (a seat's token says which); ``None`` acts
        for whichever person is to act (a table with one person).

        Raises:
            IllegalAction: no person is to act, or no such choice.
            NotationError: words that are no action.
            NotYourSeat: ``seat`` is not the seat to act.
        """
        deal = self.deal
        to_act = deal.to_act
        if seat is not None and (deal.is_over or to_act != seat):
            raise NotYourSeat(seat, None if deal.is_over else to_act)
        if deal.is_over or to_act is None or to_act not in self.humans:
            raise IllegalAction("it is not a person's turn: nothing to choose")
        choices = menu(deal, to_act)
        if isinstance(index, str) and len(index) <= 200 and not index.strip().isdigit():  # words
            said = Action.parse(index, to_act, among=choices, turned=deal.turned)
            index = next((k for k, choice in enumerate(choices) if choice is said), said)
            if isinstance(index, Action):
                reason = deal.why_illegal(said)
                raise IllegalAction(f"choice: {index} is not one of your choices now"
                                    + (f": {explain_refusal(reason, to_act)}" if reason else ""))
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(choices):
            raise IllegalAction(f"choice: a number from 0 to {len(choices) - 1}, not {index!r}")
        self.core.act(to_act, choices[index])
        return self.view(seat)

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether [`undo`][belote.web.table.Table.undo] would take something back for ``seat``.

        Never once the match is over; at a table of several people, only
        the last person who acted may take back their action
        ([`belote.tables.Table.can_undo`][belote.tables.Table.can_undo]).
        """
        return self.core.can_undo(seat)

    def undo(self, seat: int | None = None) -> dict[str, object]:
        """Take back the person's last action of this deal and the bots' actions after it.

        ``seat``: the seat asking; at a table of several people only the
        last person who acted may undo (``None``: whoever it was).

        Raises:
            MatchOver: the match is over (its last deal stays scored).
            IllegalAction: no person has acted yet in this deal, or another
                person acted after ``seat``.
        """
        self.core.undo(seat)
        return self.view(seat)

    def next_deal(self, seat: int | None = None) -> dict[str, object]:
        """Deal the next deal of the match.

        Raises:
            IllegalAction: the current deal is not over, or the match is.
        """
        self.core.next_deal()
        return self.view(seat)

    def record(self, finished: bool = False) -> dict[str, object]:
        """The match so far as a match record ([`match_to_record`][belote.records.replay.match_to_record]).

        ``finished``: leave out a deal in progress, whose deck holds every hand
        (what one person of several may download).
        """
        deals = self.deals if not finished or self.deal.is_over else self.deals[:-1]
        if not deals:  # the first deal is in progress: a record of no deal yet
            return {"variant": self.rules.name, "target": self.match.target, "deals": []}
        return match_to_record(deals, self.match.target)

    def _log(self, me: int) -> list[str]:
        deal = self.deal
        replay = Deal(deal.rules, list(deal.deck), deal.dealer, deal.players,
                      totals=deal.totals, target=deal.target, pending=deal.pending)
        out = io.StringIO()
        log = [0, 0, 0, 0]
        for action in deal.history:
            replay.apply(action)
            report(replay, out, log, me)
        return out.getvalue().splitlines()

    def view(self, seat: int | None = None) -> dict[str, object]:
        """What the page draws for ``seat`` (default [`me`][belote.web.table.Table.me]): its hand and choices, the table, the scores, the log.

        Nothing of another seat's hand is in it but the number of its cards.
        """
        deal, me = self.deal, self.me(seat)
        trump = deal.trump  # None in no-trumps and all-trumps too: the mode is the strain's
        strength = mode_of(deal)
        to_act = deal.to_act
        turn = not deal.is_over and to_act == me
        choices = menu(deal, me) if turn else []
        plays = {action.cards[0]: k for k, action in enumerate(choices) if action.verb is Verb.PLAY}
        hand = []
        for card in sorted_hand(deal.hand(me), strength):
            item: dict[str, object] = dict(card_json(card))
            item["choice"] = plays.get(card)
            if turn and strength is not None and card not in plays:
                reason = deal.why_illegal(f"{me} play {card}")
                item["why"] = (explain_refusal(reason, me, partner=partner_seat(deal, me)) if reason
                               else "not now")
                item["refusal"] = refusal_json(reason) if reason else {"key": "not_now"}
            hand.append(item)
        trick_cards = deal.trick
        leader = deal.trick_leader
        trick = [{"seat": (leader + k) % deal.players, **card_json(card)}
                 for k, card in enumerate(trick_cards)]
        last_trick: list[dict[str, object]] = []
        if deal.tricks:
            first, cards = deal.tricks[-1]
            last_trick = [{"seat": (first + k) % deal.players, **card_json(card)}
                          for k, card in enumerate(cards)]
        return {
            "variant": deal.rules.name,
            "players": deal.players,
            # how the page draws the seats round the table (Italian tables: counter-clockwise)
            "counter_clockwise": deal.rules.counter_clockwise,
            "seats": [{"seat": s, "player": p, "name": who(deal, s, me),
                       "player_name": self.names[s] or None}  # a person's name, escaped by the page
                      for s, p in enumerate(self.seats)],
            "me": me,
            "to_act": to_act,
            "your_turn": turn,
            "phase": deal.phase.value,
            "dealer": deal.dealer,
            # a contract auction turns no card: its standing contract instead
            "turned": None if deal.turned is None else card_json(deal.turned),
            "auction": auction_json(deal, me),
            "table_card": None if deal.table_card is None else card_json(deal.table_card),
            "trump": None if trump is None else {"suit": str(trump), "symbol": trump.symbol},
            # what the cards are played in: a suit, NT or AT (None while bidding)
            "strain": strain_json(deal),
            # a strain auction's deal is scored in game points (tens), hanging points and all
            "game_points": deal.rules.strain_auction,
            "taker": deal.taker,
            "hand": hand,
            "hand_sizes": [len(deal.hand(s)) for s in range(deal.players)],
            "trick": trick,
            "last_trick": last_trick,
            "choices": [self._choice(k, action, deal) for k, action in enumerate(choices)],
            "deal_points": _deal_points(deal),
            "bottom": None if deal.bottom is None else card_json(deal.bottom),
            "version": self.version,
            "log": self._log(me),
            "events": deal_events(deal),
            "deal_number": len(self.deals),
            "deal_over": deal.is_over,
            "summary": _summary(deal.result, deal) if deal.is_over else None,
            "match": self._match_json(me),
            "can_undo": self.can_undo(me),
        }

    def _choice(self, index: int, action: Action, deal: Deal) -> dict[str, object]:
        entry = choice_json(index, action, deal)
        entry["text"] = _choice_text(action, deal)
        if action.verb is Verb.PLAY:
            entry["card"] = str(action.cards[0])
        if action.verb is Verb.STOP:
            entry["confirm"] = stop_warning(deal, action.seat) + " Call out now?"
        return entry

    def _match_json(self, me: int) -> dict[str, object]:
        match = self.match
        return {
            "totals": list(match.totals),
            "target": match.target,
            "pending": match.pending,
            "over": match.is_over,
            "winner": match.winner,
            "end_reason": match.end_reason,
            "sides": [_side_name(self, side, me) for side in range(len(match.totals))],
            "side_seats": [[s for s in range(self.players) if self.deal.side(s) == side]
                           for side in range(len(match.totals))],
            "deals": [list(result.scores) for result in match.results],
            # each deal's outcome: the sheet marks a deal passed out ("redeal")
            "outcomes": [result.outcome.value for result in match.results],
        }


def _choice_text(action: Action, deal: Deal) -> str:
    """A choice in English (the API's ``text``; the page words it from ``verb`` and its values).

    The words are the library's own, [`describe_choice`][belote.records.narration.describe_choice]'s,
    as the terminal game says them: a strain bid by its strain, double,
    redouble and re-redouble with the standing bid and the multiplier
    (docs/bulgarian.md#the-auction).
    """
    return describe_choice(action, deal)


def _side_name(table: Table, side: int, me: int) -> str:
    """``you + partner``, ``seat 1 + seat 3``, ``you``, ``seat 2``: a side seen by the page's person."""
    deal = table.deal
    seats = [seat for seat in range(deal.players) if deal.side(seat) == side]
    if me in seats:
        return "you + partner" if len(seats) > 1 else "you"
    return " + ".join(f"seat {seat}" for seat in seats)


def _deal_points(deal: Deal) -> list[int] | None:
    """The deal's points per side: so far while it is played, the scores it adds once it is over."""
    if deal.is_over:
        return list(deal.result.scores)
    if deal.strain is None:  # the auction goes on (Deal.trump is None in NT and AT too)
        return None
    return [deal.points_so_far(side) for side in range(deal.sides)]


def _summary(result: DealResult, deal: Deal) -> dict[str, object]:
    """A finished deal's result: outcome, capot, the audit lines, the deal's scores.

    ``contract``: an auction's contract (``None`` without one): its strain,
    doubling, multiplier, bid ``value`` (0 in a strain auction) and the
    declaring ``side``. ``pending``: the points left hanging after this deal
    (a litige's, a level deal's in game points). ``game_points``: the scores
    and lines are game points (a strain auction, docs/bulgarian.md#scoring).
    """
    contract = result.contract
    return {
        "outcome": result.outcome.value,
        "redeal": result.outcome is Outcome.REDEAL,
        "capot": result.capot,
        "lines": [line_json(line.item, line.points, line.to) for line in result.lines],
        "scores": list(result.scores),
        "pending": result.pending,
        "game_points": deal.rules.strain_auction,
        "contract": None if contract is None else {
            "value": contract.value, "capot": contract.is_capot, "strain": contract.strain.letter,
            "doubling": contract.doubling, "multiplier": deal.rules.auction.multiplier(contract.doubling),
            "side": result.attack,
        },
        **sheet_json(result, deal),  # the attack's count against what it needed (web/sheet.py)
    }


def line_json(item: str, points: int, to: int) -> dict[str, object]:
    """An audit line for the page: its item, points and side, and its message key and values."""
    key, values = line_key(item)
    return {"item": item, "points": points, "to": to, "key": key, "values": values}


def _seats(value: object) -> list[str] | None:
    """The ``seats`` field of a request: a list of strings, or ``None`` for the default."""
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) > 8
            or not all(isinstance(v, str) and len(v) <= 100 for v in value)):
        raise FieldError("seats", "seats: a list of players, such as [\"human\", \"heuristic\"]")
    return [str(v) for v in value]


def _names(value: object) -> list[str | None] | None:
    """The ``names`` field of a request: a name (or ``null``) per seat, each checked, or ``None``."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > 8:
        raise FieldError("names", "names: a list of the players' names, such as [\"Ann\", null]")
    names: list[str | None] = []
    for name in value:
        try:
            names.append(None if name is None or name == "" else check_name(name))
        except BeloteError as exc:
            raise FieldError("names", str(exc), "error.name", {"high": MAX_NAME}) from None
    return names


TARGET_LIMIT: Final = RANGES["target"].high
"""The largest match target a web table accepts: the knob ``target``'s, as everywhere."""


def whole_field(body: Mapping[str, object], key: str, low: int, high: int) -> int | None:
    """The field ``key`` of a request as a whole number from ``low`` to ``high``, or ``None`` when absent.

    A number or the text of one (as a form's field holds it) is accepted;
    anything else is refused naming the field, without echoing a long value.

    >>> whole_field({"seed": "12"}, "seed", 0, 99)
    12
    >>> whole_field({"seed": 1.5}, "seed", 0, 99)
    Traceback (most recent call last):
    ...
    belote.web.table.FieldError: seed: a whole number, not 1.5

    Raises:
        FieldError: not a whole number, or out of range.
    """
    value = body.get(key)
    if value is None or value == "":
        return None
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and len(value) <= 40:
        text = value.strip()
        if text.lstrip("-").isascii() and text.lstrip("-").isdigit() and text.count("-") <= 1:
            number = int(text)
    if number is None:
        shown = repr(value) if len(repr(value)) <= 24 else repr(value)[:20] + "..."
        raise FieldError(key, f"{key}: a whole number, not {shown}", "error.whole",
                         {"field": key, "value": shown})
    if not low <= number <= high:
        shown = str(number) if len(str(number)) <= 24 else str(number)[:20] + "..."
        raise FieldError(key, f"{key}: a whole number from {low} to {high}, not {shown}",
                         "error.range", {"field": key, "low": str(low), "high": str(high), "value": shown})
    return number


def new_table(body: Mapping[str, object], engines: Mapping[str, str] | None = None) -> Table:
    """A [`Table`][belote.web.table.Table] from a request's JSON fields, each checked before the table is made.

    ``engines`` are the engines a seat may name, as [`Table`][belote.web.table.Table] takes them.

    Raises:
        FieldError: a bad field, named (``variant``, ``players``, ``target``, ``seed``, ``seats``).
        BeloteError: a bad ``record``.
    """
    variant = body.get("variant", "classic")
    if not isinstance(variant, str) or len(variant) > 10_000:  # a long spec is read: its error names the knob
        raise FieldError("variant", "variant: a variant name or spec, such as \"classic\"")
    players = whole_field(body, "players", 1, 99)
    target = whole_field(body, "target", 1, TARGET_LIMIT)
    seed = whole_field(body, "seed", 0, SEED_LIMIT - 1)
    seats = _seats(body.get("seats"))
    names = _names(body.get("names"))
    record = body.get("record")
    if record is None:
        try:
            rules = get_rules(variant.strip())
        except BeloteError as exc:
            raise FieldError("variant", f"variant: {exc}", "error.variant",
                             {"detail": str(exc)}) from None
        if players is not None:
            try:
                rules.check_players(players)
            except BeloteError as exc:
                raise FieldError("players", f"players: {exc}", "error.players", {
                    "variant": rules.name, "value": players,
                    "allowed": " / ".join(str(k) for k in rules.player_counts)}) from None
        n = rules.default_players if players is None else players
        if seats is not None and len(seats) != n:
            raise FieldError("seats", f"seats: {len(seats)} players named for {n} seats")
        if target is not None:
            try:
                Match(rules, target, n)
            except BeloteError as exc:  # a target the variant refuses
                raise FieldError("target", str(exc)) from None
        try:
            return Table(variant.strip(), players, seats, target, seed, engines=engines, names=names)
        except BeloteError as exc:  # a seat's bot: its name or an option (pimc:samples=0)
            message = str(exc) if str(exc).startswith("seat") else f"seats: {exc}"
            raise FieldError("seats", message) from None
    try:
        return Table(variant, players, seats, target, seed, record, engines, names=names)
    except BeloteError as exc:
        field = "seats" if str(exc).startswith("seats") else "record"
        raise FieldError(field, str(exc)) from None
