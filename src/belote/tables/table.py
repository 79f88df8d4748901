"""A match at a table of people and bots, driven by what each person types (docs/tables.md).

[`Table`][belote.tables.Table] holds a match of any variant, one seat a
player: a person (``"human"``) or a bot spec (``"heuristic"``, ``"pimc:samples=10"``,
see [`make_bot`][belote.agents.registry.make_bot]). Bots act as soon as it is
their turn, through [`act`][belote.agents.act] (each sees only its seat's view);
a person acts with [`command`][belote.tables.Table.command] (words the library
prints, or a choice number) or [`act`][belote.tables.Table.act] (an action), and
reads what happened with [`read`][belote.tables.Table.read]: the library's own
sentences, spoken to that seat (``You play JH.``, ``Your partner (Cy) takes
hearts ♥ as trump.``), its hand, its choices when it is to act, the summary of
each deal. No seat is ever told another seat's hidden cards.

>>> table = Table("classic", ["human", "heuristic", "heuristic", "heuristic"], names=["Ann"], seed=2)
>>> table.to_act, table.read(0)[:3]
(0, ['=== Deal 1: you deal ===', 'Turned card: KS.', 'Your hand: ♠ AS 8S   ♥ KH   ♦ 8D   ♣ 7C'])
>>> table.command(0, "take spades")
Action.parse('0 take')
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import attrs

from belote.actions import Action, Verb
from belote.agents import Agent, act, start_deal
from belote.agents.registry import make_bot
from belote.cards import CardSet
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidArgument
from belote.game import next_dealer
from belote.records.narration import (
    deal_summary,
    describe_choice,
    explain_refusal,
    hand_text,
    partner_seat,
    report,
    side_names,
    who,
)
from belote.records.replay import match_from_record, match_to_record
from belote.rules import Rules, get_rules
from belote.rules.specs import spec_of
from belote.scoring import Outcome
from belote.scoring.match import Match
from belote.tables.commands import choice_lines, forced_pass, read_answer
from belote.tables.names import check_name
from belote.tables.refusals import CommandRefused, MatchOver, NotYourSeat

__all__ = ["HUMAN", "MAX_DEALS", "Message", "Table"]

HUMAN: Final = "human"
"""The player of a seat taken by a person."""

MAX_DEALS: Final = 500
"""Deals after which a match is stopped without a winner."""

@attrs.frozen
class Message:
    """One thing a seat is told.

    Attributes:
        kind: ``deal`` (a new deal: who deals), ``hand`` (the seat's hand, the
            turned card), ``turn`` (its hand and numbered choices: it is to act),
            ``action`` (what a seat did, a trick won, a pass made for it, an
            undo), ``summary`` (a finished deal's score lines), ``match`` (the
            match is over), ``sheet`` (the score sheet it asked for).
        text: the sentence, in the library's words, spoken to that seat (a
            ``turn``, a ``summary`` or a ``sheet`` is several lines).
    """

    kind: str
    text: str


def _seat_specs(value: object, n: int) -> list[str] | None:
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, str) for v in value):
        return None
    return [str(v) for v in value]


def _make_bot(spec: str, seat: int) -> Agent:
    return make_bot(spec, seat=seat)


_SEAT: Final = re.compile(r"\b([Ss])eat (\d+)\b")
_WORDS: Final = {"next": "next", "next deal": "next", "undo": "undo", "score": "score", "sheet": "score",
                 "hand": "hand", "choices": "hand"}


class Table:
    """A match between people and bots, one seat each, driven by the people's commands.

    Args:
        variant: a variant name or spec (``classic``, ``contree(target=500)``) or ``Rules``.
        seats: ``"human"`` or a bot spec per seat (default: a person at seat 0,
            ``heuristic`` bots elsewhere).
        names: the players' names by seat (``""`` or ``None``: the seat's
            number; a shorter list leaves the last seats unnamed).
        players: the number of players (default: the variant's).
        target: the match target (default: the variant's).
        seed: seeds the deck shuffles and the first dealer.
        record: a match record to resume (its variant, target, deals, and its
            ``seats`` and ``names`` when the arguments give none).
        bots: makes a seat's bot from its spec and seat (default
            [`make_bot`][belote.agents.registry.make_bot], seeded by the seat); the web table limits it.
        deal_next: with a ``record`` whose last deal is over and whose match
            goes on, deal the next deal; when false the table stands as the record left it.
        seed_bots: seed the bots at each deal from the table's seed (so a
            seeded match plays again alike); when false each bot keeps its own.
        forced_passes: make for a person the pass that is all they may do (and tell them).
        max_deals: deals after which the match stops without a winner.
        messages: keep each person's messages (a table that draws its own
            view, as the web's, leaves them out).

    Raises:
        BeloteError: an unknown variant or bot, a bad seat or player count,
            a bad name, a bad record, or no seat for a person.
    """

    def __init__(
        self,
        variant: Rules | str = "classic",
        seats: Sequence[str] | None = None,
        *,
        names: Sequence[str | None] | None = None,
        players: int | None = None,
        target: int | None = None,
        seed: int | None = None,
        record: object = None,
        bots: Callable[[str, int], Agent] | None = None,
        deal_next: bool = True,
        seed_bots: bool = True,
        forced_passes: bool = True,
        max_deals: int = MAX_DEALS,
        messages: bool = True,
    ) -> None:
        self.rng = random.Random(seed)
        deals: list[Deal] = []
        if record is not None:
            match, deals = match_from_record(record, partial=True)
            rules, n = match.rules, match.players
            if isinstance(record, Mapping):
                seats = seats if seats is not None else _seat_specs(record.get("seats"), n)
                saved = record.get("names")
                if names is None and isinstance(saved, list) and len(saved) <= n:
                    names = [item if isinstance(item, str) else None for item in saved]
        else:
            rules = get_rules(variant)
            n = rules.default_players if players is None else rules.check_players(players)
            match = Match(rules, target, n)
        if seats is None:
            seats = [HUMAN, *["heuristic"] * (n - 1)]
        if len(seats) != n:
            raise InvalidArgument(f"seats: {len(seats)} players named for {n} seats")
        if names is not None and len(names) > n:
            raise InvalidArgument(f"names: {len(names)} names for {n} seats")
        self.seats = [str(seat) for seat in seats]
        """The player of each seat: ``"human"`` or a bot spec."""
        self.names = [("" if name is None or name == "" else check_name(name)) for name in names or ()]
        self.names += [""] * (n - len(self.names))
        """Each seat's name (``""``: none, the seat is called by its number)."""
        self.agents: list[Agent | None] = [None if spec == HUMAN else _make_bot(spec, seat) if bots is None
                                            else bots(spec, seat) for seat, spec in enumerate(self.seats)]
        """Each seat's bot (``None``: a person's seat)."""
        self.humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        """The seats taken by people."""
        if not self.humans:
            raise InvalidArgument("seats: at least one seat is played by a human")
        self.rules, self.players = rules, n
        self.seed_bots, self.forced_passes, self.max_deals = seed_bots, forced_passes, max_deals
        self.keep_messages = messages
        self.version = 0
        """One more after every action, undo and deal: a view made at another version is stale."""
        self.deals = deals
        """The deals of the match, the current one last."""
        self.match = match
        """The match: every finished deal's result, the totals, the winner."""
        self.before = match.copy()
        """The match before the current deal was scored (what an undo of its last action goes back to)."""
        self._outbox: dict[int, list[Message]] = {seat: [] for seat in self.humans}
        self._logs: dict[int, list[int]] = {seat: [0, 0, 0, 0] for seat in self.humans}
        self._told_turn: int | None = None
        self._hands: dict[int, int] = {}
        if deals and not deals[-1].is_over:
            self._start_deal()
        elif deals and not deal_next:  # as it stands: the match before the last deal was scored
            self.before = Match(rules, match.target, n)
            for result in match.results[:-1]:
                self.before.add(result)
        elif not match.is_over:
            dealer = self.rng.randrange(n)
            if deals:
                last = deals[-1]
                dealer = next_dealer(rules, n, last.dealer, last.result, last.deck)
            self._deal(dealer)

    # --- the match ---------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The current deal (the last one dealt).

        Raises:
            IllegalAction: no deal was dealt (a record of a finished match read back).
        """
        if not self.deals:
            raise IllegalAction("no deal was dealt at this table")
        return self.deals[-1]

    @property
    def to_act(self) -> int | None:
        """The seat to act now (always a person's: bots act at once), or ``None`` when the deal is over."""
        return None if not self.deals or self.deal.is_over else self.deal.to_act

    @property
    def is_over(self) -> bool:
        """Whether the match is over: a side won, or ``max_deals`` deals were played."""
        return self.match.is_over or (len(self.deals) >= self.max_deals and self.deal.is_over)

    def name(self, seat: int, me: int | None = None) -> str:
        """``seat`` as the player at ``me`` calls it: ``you``, ``your partner (Cy)``, ``Bob`` or ``seat 1``."""
        if seat == me:
            return "you"
        called = self.names[seat] or f"seat {seat}"
        if me is not None and partner_seat(self.deal, me) == seat:
            return f"your partner ({called})"
        return called

    def _named(self, text: str) -> str:
        """The library's sentence with each named seat (``seat 2``, ``Seat 2``) called by its name."""
        if not any(self.names):
            return text
        return _SEAT.sub(lambda m: self.names[int(m[2])] or m[0] if int(m[2]) < self.players else m[0],
                         text)

    def _deal(self, dealer: int) -> None:
        match = self.match
        self.before = match.copy()
        self.deals.append(Deal.random(self.rules, self.rng, dealer, self.players,
                                      totals=match.totals, target=match.target, pending=match.pending))
        self._start_deal()

    def _start_deal(self) -> None:
        """Seed the bots (``seed_bots``), tell each person the deal and their hand, let the bots act."""
        if self.seed_bots:  # from the table's seed, so that a seeded match is played again alike
            start_deal([agent for agent in self.agents if agent is not None],
                       random.Random(self.rng.getrandbits(64)))
        deal = self.deal
        for seat in self.humans:
            dealer = who(deal, deal.dealer, seat)
            self._tell(seat, f"=== Deal {len(self.deals)}: {dealer} {'deal' if deal.dealer == seat else 'deals'} ===",
                       "deal")
            self._logs[seat][:] = [0, 0, 0, 0]
            if deal.turned is not None:
                self._tell(seat, f"Turned card: {deal.turned}.", "hand")
        self._hands = dict.fromkeys(self.humans, 0)
        self._told_turn = None
        if deal.history and self.keep_messages:  # a deal resumed: told as it was played, action by action
            replay = Deal(deal.rules, list(deal.deck), deal.dealer, deal.players,
                          totals=deal.totals, target=deal.target, pending=deal.pending)
            for action in deal.history:
                replay.apply(action)
                for seat in self.humans:
                    out = io.StringIO()
                    report(replay, out, self._logs[seat], seat)
                    for line in out.getvalue().splitlines():
                        self._tell(seat, line)
        self._advance()

    def _advance(self) -> None:
        """Let the bots act until a person is to act or the deal is over; score a finished deal.

        Each action is reported as it is made, so that a trick won is told
        right after its last card.
        """
        deal = self.deal
        self._report(turn=False)
        while not deal.is_over:
            seat = deal.to_act or 0
            agent = self.agents[seat]
            if agent is None:
                only = forced_pass(deal) if self.forced_passes else None
                if only is None:
                    break
                self._tell(seat, f"Only one choice: {describe_choice(only, deal)}.")
                deal.apply(only)
            else:
                act(deal, agent)
            self._report(turn=False)
        self._report(turn=True)
        if deal.is_over and len(self.match.results) < len(self.deals):
            self.before = self.match.copy()
            self.match.add(deal.result)
            self._tell_result()

    def _tell(self, seat: int, text: str, kind: str = "action") -> None:
        if self.keep_messages and seat in self._outbox:
            self._outbox[seat].append(Message(kind, self._named(text)))

    def _report(self, turn: bool = True) -> None:
        """Tell each person what happened since they were last told, then (``turn``) the person to act their turn."""
        deal = self.deal
        if not self.keep_messages:
            return
        for seat in self.humans:
            size = len(deal.hand(seat))
            if size > self._hands.get(seat, 0) and not deal.is_over and deal.to_act != seat:
                self._tell(seat, f"Your hand: {self._hand_text(seat)}", "hand")  # dealt, completed: hidden from the others
            self._hands[seat] = size
            out = io.StringIO()
            report(deal, out, self._logs[seat], seat)
            for line in out.getvalue().splitlines():
                self._tell(seat, line)
        to_act = self.to_act
        if turn and to_act is not None and self._told_turn != len(deal.history):
            self._told_turn = len(deal.history)
            self._tell(to_act, self.turn_text(to_act), "turn")

    def _tell_result(self) -> None:
        if not self.keep_messages:
            return
        deal, result, rules = self.deal, self.deal.result, self.rules
        played = ""
        if deal.strain is not None and result.outcome is not Outcome.REDEAL:  # what the play itself gave
            winners = deal.trick_winners
            last = deal.side(winners[-1]) if len(winners) == deal.tricks_per_deal else None
            played = "\n  card points taken in play: {}" + (" (the last trick counted)" if last is not None else "")
            taken = [deal.card_points_of(side) + (rules.last_trick_bonus if side == last else 0)
                     for side in range(deal.sides)]
        for seat in self.humans:
            if result.outcome is Outcome.REDEAL:
                self._tell(seat, "Everyone passed: the cards are dealt again.")
            sides = side_names(rules, self.players, seat, self.names)
            summary = deal_summary(result, self.match, rules, seat, self.names).strip("\n")
            if played:
                summary += played.format(", ".join(f"{name} {points}"
                                                   for name, points in zip(sides, taken, strict=True)))
            self._tell(seat, summary, "summary")
            if self.match.is_over:
                winner = self.match.winner
                won = "nobody" if winner is None else sides[winner]
                self._tell(seat, f"Match over: {won} won ({self.match.end_reason}).", "match")
            elif len(self.deals) >= self.max_deals:
                self._tell(seat, f"No winner after {self.max_deals} deals.", "match")

    def turn_text(self, seat: int) -> str:
        """What ``seat`` is shown when it is to act: its hand and its choices, numbered (the lines of one message)."""
        _, lines = choice_lines(self.deal, seat)
        return "\n".join([f"Your turn. Your hand: {self._hand_text(seat)}", *lines])

    def _hand_text(self, seat: int) -> str:
        deal = self.deal
        return hand_text(CardSet.from_mask(deal.hand_mask(seat)), None if deal.trump is None else int(deal.trump))

    def read(self, seat: int) -> list[str]:
        """The messages for ``seat`` since it last read them, oldest first (and forget them).

        Each is one of the library's sentences spoken to that seat; a turn
        is one message of several lines (the hand, then the choices).
        [`messages`][belote.tables.Table.messages] gives each with its kind.

        Raises:
            InvalidArgument: ``seat`` is not a person's seat.
        """
        return [message.text for message in self.messages(seat)]

    def messages(self, seat: int) -> list[Message]:
        """The [`Message`][belote.tables.Message]s for ``seat`` since it last read them, oldest first (and forget them).

        Raises:
            InvalidArgument: ``seat`` is not a person's seat.
        """
        self._check_seat(seat)
        said, self._outbox[seat] = self._outbox[seat], []
        return said

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self._outbox:
            raise InvalidArgument(f"seat: one of the people's seats {self.humans}, not {seat!r}")

    # --- acting ------------------------------------------------------------------------

    def choices(self, seat: int) -> list[Action]:
        """The legal choices of ``seat`` in the order [`turn_text`][belote.tables.Table.turn_text] numbers them (none when it is not to act)."""
        self._check_seat(seat)
        return choice_lines(self.deal, seat)[0] if self.to_act == seat else []

    def _check_turn(self, seat: int) -> int:
        self._check_seat(seat)
        to_act = self.to_act
        if to_act != seat:
            raise self._not_yours(seat)
        return seat

    def _not_yours(self, seat: int) -> NotYourSeat:
        to_act = self.to_act
        if to_act is None:
            said = "Nobody is to act: the deal is over." if not self.is_over else "The match is over."
        else:
            said = explain_refusal(f"it is seat {to_act}'s turn, not seat {seat}'s", seat,
                                   partner=partner_seat(self.deal, seat), names=self.names)
            said = said[0].upper() + said[1:] + "."
        return NotYourSeat(seat, to_act, said)

    def act(self, seat: int, action: Action) -> Action:
        """Apply ``action``, one of ``seat``'s legal choices, then let the bots act.

        Raises:
            NotYourSeat: ``seat`` is not to act; nothing changed.
            IllegalAction: the action is not legal; nothing changed.
        """
        self._check_turn(seat)
        if action.seat != seat:
            raise self._not_yours(seat)
        self.deal.apply(action)
        self.version += 1
        self._advance()
        return action

    def command(self, seat: int, text: str) -> Action | None:
        """Do what ``seat`` typed: a choice number, words the library prints, or a table word.

        The words of a choice are read by [`Action.parse`][belote.actions.Action.parse]
        (``pass``, ``take hearts``, ``bid 90 H``, ``90H``, ``contre``, ``JH``,
        ``You play JH.``); a number is the choice with that number in
        [`turn_text`][belote.tables.Table.turn_text]. The table's own words:
        ``next`` (deal the next deal once this one is over), ``undo``,
        ``score`` (tell the seat the score sheet), ``hand`` (its hand, and its choices when it is to act).

        Returns:
            The action applied, or ``None`` for a table word.

        Raises:
            NotYourSeat: ``seat`` is not to act (and the text is no table word);
                nothing changed.
            CommandRefused: the text is no legal choice now, with why in the
                player's words; nothing changed.
        """
        self._check_seat(seat)
        if not isinstance(text, str):
            raise CommandRefused(seat, f"A command is text, not {type(text).__name__}.")
        word = _WORDS.get(" ".join(text.lower().split()))
        if word == "next":
            self.next_deal()
            return None
        if word == "undo":
            self.undo(seat)
            return None
        if word == "score":
            self._tell(seat, self.score_sheet(seat), "sheet")
            return None
        if word == "hand":
            if self.to_act == seat:
                self._tell(seat, self.turn_text(seat), "turn")
            else:
                self._tell(seat, f"Your hand: {self._hand_text(seat)}", "hand")
            return None
        if self.to_act != seat:
            raise self._not_yours(seat)
        deal = self.deal
        choices = self.choices(seat)
        listed = sum(1 for choice in choices if choice.verb is not Verb.BID)
        action, why = read_answer(text.strip(), choices, deal, seat, listed=listed, names=self.names)
        if action is None:
            raise CommandRefused(seat, self._named(why))
        return self.act(seat, action)

    def refusal(self, seat: int, action: Action | str) -> str | None:
        """Why ``action`` of ``seat`` is refused now, in that player's words (``None``: it is legal)."""
        reason = self.deal.why_illegal(action)
        if reason is None:
            return None
        return explain_refusal(reason, seat, partner=partner_seat(self.deal, seat), names=self.names)

    def rename(self, seat: int, name: str | None) -> None:
        """Give the player at ``seat`` (a person's) the name ``name`` (``None`` or ``""``: none, the seat's number).

        Raises:
            BadName: a name [`check_name`][belote.tables.check_name] refuses; nothing changed.
            InvalidArgument: ``seat`` is not a person's seat.
        """
        self._check_seat(seat)
        self.names[seat] = "" if name is None or name == "" else check_name(name)
        self.version += 1

    # --- undo, the next deal -----------------------------------------------------------

    def last_person(self) -> int | None:
        """The seat of the last person who acted in this deal (``None``: none yet); a pass made for them is not theirs."""
        deal, last = self.deal, None
        replay = Deal(deal.rules, list(deal.deck), deal.dealer, deal.players,
                      totals=deal.totals, target=deal.target, pending=deal.pending)
        for action in deal.history:
            if action.seat in self.humans and (action.verb is not Verb.PASS or forced_pass(replay) is None):
                last = action.seat
            replay.apply(action)
        return last

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether [`undo`][belote.tables.Table.undo] would take something back for ``seat``.

        Never once the match is over; at a table of several people, only
        the last person who acted may take back their action.
        """
        last = self.last_person()
        return (not self.match.is_over and last is not None
                and (seat is None or len(self.humans) == 1 or last == seat))

    def undo(self, seat: int | None = None) -> None:
        """Take back the person's last action of this deal and the bots' actions after it.

        ``seat``: the seat asking; at a table of several people only the
        last person who acted may undo (``None``: whoever it was).

        Raises:
            MatchOver: the match is over (its last deal stays scored).
            IllegalAction: no person has acted yet in this deal, or another
                person acted after ``seat``.
        """
        deal = self.deal
        if self.match.is_over:
            raise MatchOver
        last = self.last_person()
        if last is None:
            raise IllegalAction("nothing to undo: no person has acted yet in this deal")
        if not self.can_undo(seat):
            raise IllegalAction(f"nothing to undo: seat {last} acted after you")
        if len(self.match.results) == len(self.deals):
            self.match = self.before.copy()
        while deal.history:  # back to a person's last own action: a pass made for them is not one
            undone = deal.undo()
            if undone.seat in self.humans and forced_pass(deal, undone.seat) is None:
                break
        for person in self.humans:  # what was told stays told: the report goes on from here
            log = self._logs[person]
            log[:] = [len(deal.history), len(deal.trick_winners), len(deal.declarations),
                      int(deal.scoring_declarations is not None)]
            self._tell(person, f"{who(deal, last, person).capitalize()} "
                               f"{'take' if last == person else 'takes'} back the last move.")
        self._told_turn = None
        self._advance()
        self.version += 1

    def next_deal(self) -> Deal:
        """Deal the next deal of the match (the dealer as the rules say) and let the bots act.

        Raises:
            IllegalAction: the current deal is not over, or the match is.
        """
        deal = self.deal
        if not deal.is_over:
            raise IllegalAction("the deal is not over yet")
        if self.match.is_over:
            raise IllegalAction("the match is over")
        if len(self.deals) >= self.max_deals:
            raise IllegalAction(f"no winner after {self.max_deals} deals: the match stops here")
        self._deal(next_dealer(self.rules, self.players, deal.dealer, deal.result, deal.deck))
        self.version += 1
        return self.deal

    # --- the score sheet, the record ---------------------------------------------------

    def score_sheet(self, me: int | None = None) -> str:
        """The match's scores, one line a deal, then the totals, sides called as the player at ``me`` calls them.

        >>> table = Table("classic", names=["Ann", "", "Cy"], seed=1)
        >>> print(table.score_sheet())
        deal  Ann + Cy  seat 1 + seat 3
        total        0                0   (target 1000)
        """
        sides = side_names(self.rules, self.players, None if me is None else me, self.names)
        if me is not None and self.rules.partnerships and self.players == 4:
            sides = side_names(self.rules, self.players, None, self.names)
            mine = self.deal.side(me)
            sides[mine] = f"{sides[mine]} (you)"
        widths = [max(len(side), 5) for side in sides]
        lines = ["deal  " + "  ".join(side.rjust(w) for side, w in zip(sides, widths, strict=True))]
        for number, result in enumerate(self.match.results, 1):
            mark = " (redeal)" if result.outcome is Outcome.REDEAL else ""
            lines.append(f"{number:>4}  " + "  ".join(
                str(score).rjust(w) for score, w in zip(result.scores, widths, strict=True)) + mark)
        extra = f"; pending {self.match.pending}" if self.match.pending else ""
        lines.append("total " + "  ".join(
            str(total).rjust(w) for total, w in zip(self.match.totals, widths, strict=True))
            + f"   (target {self.match.target}{extra})")
        return "\n".join(lines)

    def to_record(self, finished: bool = False) -> dict[str, object]:
        """The match so far as a match record, with the table's ``seats`` and ``names``: save it to resume.

        A match record (docs/formats.md#deal-record) with two more fields,
        which [`Table`][belote.tables.Table]'s ``record`` reads back and
        every other reader of match records leaves alone. ``finished``: leave
        out a deal in progress (whose deck holds every hand).
        """
        deals = self.deals if not finished or not self.deals or self.deal.is_over else self.deals[:-1]
        doc: dict[str, object] = (match_to_record(deals, self.match.target) if deals else
                                  {"variant": spec_of(self.rules), "target": self.match.target, "deals": []})
        if deals:
            doc["variant"] = deals[0].to_record()["variant"]  # the spec, knobs and all
        doc["seats"] = list(self.seats)
        doc["names"] = list(self.names)
        return doc
