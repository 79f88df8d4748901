"""A match at a web table: the state behind one game of `belote serve`, as plain JSON.

A [`Table`][belote.web.table.Table] holds a match of any variant or variant
spec, the seats' players (``human`` or a built-in bot spec: ``random``,
``heuristic``, ``pimc``) and the deals so far. It is the whole game logic of
the page and knows nothing of HTTP: every rule is the library's (legal
actions from [`Deal.legal_actions`][belote.deal.Deal.legal_actions], the menu,
the words and the warnings of [`belote.cli.play`][belote.cli.play], records from
[`match_to_record`][belote.records.replay.match_to_record]). Bots play through
[`act`][belote.agents.act], so they see only their seat's view.

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
from belote.agents import Agent, act, start_deal
from belote.agents.registry import make_bot, parse_bot_spec
from belote.cards import Card, CardSet
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidArgument
from belote.game import next_dealer
from belote.records.narration import (
    describe_choice,
    explain_refusal,
    menu,
    report,
    stop_warning,
    who,
)
from belote.records.replay import match_from_record, match_to_record
from belote.rules import get_rules
from belote.scoring import DealResult, Outcome
from belote.scoring.match import Match

__all__ = [
    "BOTS", "MAX_DEALS", "PIMC_LIMITS", "Table", "card_json", "hand_json", "new_table",
    "sorted_hand",
]

BOTS: Final = ("random", "heuristic", "pimc")
"""The bots a web table seats: the built-in ones only (no module path is ever imported)."""

PIMC_LIMITS: Final = {"samples": 20, "time_budget": 0.5, "exact_tricks": 5, "rollouts": 500}
"""The most a ``pimc`` seat may ask for, and its time per decision when the spec gives none."""

MAX_DEALS: Final = 500
"""Deals after which a match is stopped without a winner (as in ``belote play``)."""


def card_json(card: Card) -> dict[str, str]:
    """A card for the page: ``{"code": "10H", "rank": "10", "suit": "H", "symbol": "♥"}``.

    >>> card_json(Card.parse("JH"))["symbol"]
    '♥'
    """
    code = str(card)
    return {"code": code, "rank": code[:-1], "suit": code[-1], "symbol": card.suit.symbol}


def sorted_hand(hand: CardSet, trump: int | None) -> list[Card]:
    """A hand sorted as the terminal shows it: one suit a group, the trump first."""
    order = [trump, *(s for s in range(4) if s != trump)] if trump is not None else range(4)
    return [card for suit in order for card in hand.of_suit(suit).sorted(trump)]


def hand_json(hand: CardSet, trump: int | None) -> list[dict[str, str]]:
    """A hand sorted by [`sorted_hand`][belote.web.table.sorted_hand], each card by [`card_json`][belote.web.table.card_json]."""
    return [card_json(card) for card in sorted_hand(hand, trump)]


def _bot(spec: str) -> Agent:
    """One bot from a spec limited to the built-in names and to bounded ``pimc`` options."""
    name, options = parse_bot_spec(spec)
    if name not in BOTS:
        raise InvalidArgument(f"seat player {spec!r}: choose human, {', '.join(BOTS)}")
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
    ) -> None:
        self.rng = random.Random(seed)
        deals: list[Deal] = []
        if record is not None:
            match, deals = match_from_record(record, partial=True)
            rules, n = match.rules, match.players
        else:
            rules = get_rules(variant)
            n = rules.default_players if players is None else rules.check_players(players)
            match = Match(rules, target, n)
        if seats is None:
            seats = ["human", *["heuristic"] * (n - 1)]
        if len(seats) != n:
            raise InvalidArgument(f"seats: {len(seats)} players named for {n} seats")
        self.seats = [str(seat) for seat in seats]
        self.agents = [None if seat == "human" else _bot(seat) for seat in self.seats]
        self.humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        if not self.humans:
            raise InvalidArgument("seats: at least one seat is played by a human")
        self.rules, self.players = rules, n
        self.deals = deals
        self.match = match
        self.before = match.copy()  # the match before the current deal was scored
        if deals and not deals[-1].is_over:
            self._start_bots()
            self._advance()
        elif not match.is_over:
            dealer = self.rng.randrange(n)
            if deals:
                last = deals[-1]
                dealer = next_dealer(rules, n, last.dealer, last.result)
            self._deal(dealer)

    @property
    def deal(self) -> Deal:
        """The current deal (the last one dealt)."""
        return self.deals[-1]

    def _deal(self, dealer: int) -> None:
        match = self.match
        self.before = match.copy()
        self.deals.append(Deal.random(self.rules, self.rng, dealer, self.players,
                                      totals=match.totals, target=match.target,
                                      pending=match.pending))
        self._start_bots()
        self._advance()

    def _start_bots(self) -> None:
        """Seed the bots for a deal from the table's seed, so a seeded match is played again alike."""
        start_deal([agent for agent in self.agents if agent is not None],
                   random.Random(self.rng.getrandbits(64)))

    def _advance(self) -> None:
        """Let the bots act until a person is to act or the deal is over, then score a finished deal."""
        deal = self.deal
        while not deal.is_over:
            seat = deal.to_act
            agent = self.agents[seat or 0]
            if agent is None:
                return
            act(deal, agent)
        if len(self.match.results) < len(self.deals):
            self.before = self.match.copy()
            self.match.add(deal.result)

    def me(self) -> int:
        """The seat the page shows: the person to act, else the first person's seat."""
        seat = self.deal.to_act
        return seat if seat in self.humans else self.humans[0]

    def choose(self, index: object) -> dict[str, object]:
        """Apply the person's choice number ``index`` of [`view`][belote.web.table.Table.view]'s ``choices``.

        Raises:
            IllegalAction: no person is to act, or no such choice.
        """
        deal = self.deal
        seat = deal.to_act
        if deal.is_over or seat is None or seat not in self.humans:
            raise IllegalAction("it is not a person's turn: nothing to choose")
        choices = menu(deal, seat)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(choices):
            raise IllegalAction(f"choice: a number from 0 to {len(choices) - 1}, not {index!r}")
        deal.apply(choices[index])
        self._advance()
        return self.view()

    def undo(self) -> dict[str, object]:
        """Take back the person's last action of this deal and the bots' actions after it.

        Raises:
            IllegalAction: no person has acted yet in this deal.
        """
        deal = self.deal
        if not any(action.seat in self.humans for action in deal.history):
            raise IllegalAction("nothing to undo: no person has acted yet in this deal")
        if len(self.match.results) == len(self.deals):
            self.match = self.before.copy()
        while deal.undo().seat not in self.humans:
            pass
        return self.view()

    def next_deal(self) -> dict[str, object]:
        """Deal the next deal of the match.

        Raises:
            IllegalAction: the current deal is not over, or the match is.
        """
        deal = self.deal
        if not deal.is_over:
            raise IllegalAction("the deal is not over yet")
        if self.match.is_over:
            raise IllegalAction("the match is over")
        if len(self.deals) >= MAX_DEALS:
            raise IllegalAction(f"no winner after {MAX_DEALS} deals: the match stops here")
        self._deal(next_dealer(self.rules, self.players, deal.dealer, deal.result))
        return self.view()

    def record(self) -> dict[str, object]:
        """The match so far as a match record ([`match_to_record`][belote.records.replay.match_to_record])."""
        return match_to_record(self.deals, self.match.target)

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

    def view(self) -> dict[str, object]:
        """What the page draws: the person's hand and choices, the table, the scores, the log."""
        deal, me = self.deal, self.me()
        trump = deal.trump
        strength = None if trump is None else int(trump)
        to_act = deal.to_act
        turn = not deal.is_over and to_act == me
        choices = menu(deal, me) if turn else []
        plays = {action.cards[0]: k for k, action in enumerate(choices) if action.verb is Verb.PLAY}
        hand = []
        for card in sorted_hand(deal.hand(me), strength):
            item: dict[str, object] = dict(card_json(card))
            item["choice"] = plays.get(card)
            if turn and trump is not None and card not in plays:
                reason = deal.why_illegal(f"{me} play {card}")
                item["why"] = explain_refusal(reason, me) if reason else "not now"
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
            "seats": [{"seat": s, "player": p, "name": who(deal, s, me)}
                      for s, p in enumerate(self.seats)],
            "me": me,
            "to_act": to_act,
            "your_turn": turn,
            "phase": deal.phase.value,
            "dealer": deal.dealer,
            "turned": card_json(deal.turned),
            "table_card": None if deal.table_card is None else card_json(deal.table_card),
            "trump": None if trump is None else {"suit": str(trump), "symbol": trump.symbol},
            "taker": deal.taker,
            "hand": hand,
            "hand_sizes": [len(deal.hand(s)) for s in range(deal.players)],
            "trick": trick,
            "last_trick": last_trick,
            "choices": [self._choice(k, action, deal) for k, action in enumerate(choices)],
            "deal_points": [deal.points_so_far(side) for side in range(deal.sides)]
            if trump is not None else None,
            "log": self._log(me),
            "deal_number": len(self.deals),
            "deal_over": deal.is_over,
            "summary": _summary(deal.result) if deal.is_over else None,
            "match": self._match_json(),
            "can_undo": any(a.seat in self.humans for a in deal.history),
        }

    def _choice(self, index: int, action: Action, deal: Deal) -> dict[str, object]:
        entry: dict[str, object] = {"index": index, "verb": action.verb.value,
                                    "text": describe_choice(action, deal)}
        if action.verb is Verb.PLAY:
            entry["card"] = str(action.cards[0])
        if action.verb is Verb.STOP:
            entry["confirm"] = stop_warning(deal, action.seat) + " Call out now?"
        return entry

    def _match_json(self) -> dict[str, object]:
        match = self.match
        return {
            "totals": list(match.totals),
            "target": match.target,
            "pending": match.pending,
            "over": match.is_over,
            "winner": match.winner,
            "end_reason": match.end_reason,
            "sides": [_side_name(self, side) for side in range(len(match.totals))],
            "deals": [list(result.scores) for result in match.results],
        }


def _side_name(table: Table, side: int) -> str:
    deal = table.deal
    seats = [seat for seat in range(deal.players) if deal.side(seat) == side]
    return " + ".join(f"seat {seat}" for seat in seats)


def _summary(result: DealResult) -> dict[str, object]:
    """A finished deal's result: outcome, capot, the audit lines, the deal's scores."""
    return {
        "outcome": result.outcome.value,
        "redeal": result.outcome is Outcome.REDEAL,
        "capot": result.capot,
        "lines": [{"item": line.item, "points": line.points, "to": line.to}
                  for line in result.lines],
        "scores": list(result.scores),
    }


def _seats(value: object) -> list[str] | None:
    """The ``seats`` field of a request: a list of strings, or ``None`` for the default."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidArgument("seats: a list of players, such as [\"human\", \"heuristic\"]")
    return [str(v) for v in value]


def new_table(body: Mapping[str, object]) -> Table:
    """A [`Table`][belote.web.table.Table] from a request's JSON fields (each checked)."""
    variant = body.get("variant", "classic")
    if not isinstance(variant, str):
        raise InvalidArgument("variant: a variant name or spec, such as \"classic\"")
    numbers: dict[str, int | None] = {}
    for key in ("players", "target", "seed"):
        value = body.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidArgument(f"{key}: a whole number, not {value!r}")
        numbers[key] = value
    seats = _seats(body.get("seats"))
    return Table(variant, numbers["players"], seats, numbers["target"], numbers["seed"],
                 body.get("record"))
