"""``belote play``: a person plays a whole match in the terminal against bots.

The terminal draws a [`belote.tables.Table`][belote.tables.Table] (docs/tables.md)
for the person at seat 0: the table deals, plays the bots and keeps the match;
the terminal shows it, asks, and writes what seat 0 is told.
The person sits at seat 0 (with seat 2 as partner in the four-player
variants); every other seat is a [`HeuristicBot`][belote.agents.HeuristicBot]
(or the bot ``--bot`` names, such as ``pimc``), driven like every agent
through [`belote.agents.act`][belote.agents.act] (it sees only its seat's view).
Before each choice the terminal shows the match score, the points of the
deal so far, the trump and who took it, the current trick and the hand
sorted by suit, then the choices, numbered. Calling out (or "j'arrête")
always comes last, shows the team's points against the target and asks for
confirmation. An answer is a number from the list, a card (``JH``, ``10S``:
plays it, announcing belote when that card may), a word (``pass``, ``take``,
``take H``, ``declare``, ``swap``, ``keep``; in a contrée auction ``bid 90 H``,
``90H``, ``bid capot S``, ``coinche``, ``surcoinche``; in bulgarian's
strain auction ``bid NT``, ``C``, ``AT``, ``double``, ``redouble``), or ``help``. An
auction lists its legal bids compactly (the values, capot and the suits)
rather than one numbered line per contract. A card that may not be
played is refused with the reason in plain words ("you must follow hearts");
anything else not understood is asked again. When only one choice is left
it is made for the person, who is told which. ``quit`` asks to confirm,
then offers to save the match as a match record, which ``belote play
--resume FILE`` continues (the deal in progress included); the end of the
input abandons the match.

[`play_match`][belote.cli.play.play_match] reads from any text stream, so a test can drive it
through a pipe or a `io.StringIO`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

from belote.actions import Action, Strain, Verb
from belote.cards import SUIT_WORDS, CardSet
from belote.deal import Deal
from belote.deal.observation import contract_text
from belote.errors import CommandError, shown
from belote.records.narration import (
    action_text,
    describe_choice,
    explain_refusal,
    fit,
    hand_text,
    menu,
    name_seats,
    partner_seat,
    report,
    side_names,
    stop_warning,
    tricks_text,
    who,
)
from belote.rules import Rules, get_rules
from belote.rules.specs import spec_of
from belote.scoring.match import Match
from belote.tables import HUMAN, Table
from belote.tables import MAX_DEALS as TABLE_MAX_DEALS
from belote.tables.commands import bid_example as _bid_example
from belote.tables.commands import bid_summary, choice_lines
from belote.tables.commands import read_answer as _interpret

__all__ = [
    "EXIT_INPUT_ENDED",
    "HumanPlayer",
    "MatchAbandoned",
    "action_text",
    "bid_summary",
    "describe_choice",
    "explain_refusal",
    "fit",
    "match_record",
    "menu",
    "play_command",
    "play_match",
    "report",
    "side_names",
    "stop_warning",
    "who",
]

MAX_DEALS: Final = TABLE_MAX_DEALS
"""Deals after which a match is stopped without a winner (the core table's)."""

HELP: Final = """\
How to answer:
  a number      the choice with that number in the list
  a card        JH, 10S, 7D ... plays that card (belote is announced for you)
  a word        pass, take, take H (second round: name a suit), declare, swap, keep
  a contract    bid 90 H, 90H, bid capot S; coinche, surcoinche (an auction, contree)
  a strain      bid C .. bid AT, C, NT, AT; double, redouble (bulgarian)
  any words     the game's own: bid 100 hearts, take hearts, contre; suits by name
                (hearts, cœur, cuori ...)
  help          this text
  quit          leave the match
Cards: 7 8 9 10 J Q K A and a suit letter S (spades) H (hearts) D (diamonds) C (clubs).
"""


EXIT_INPUT_ENDED: Final = 3
"""The exit status of ``belote play`` when standard input ends in the middle of a match."""


class MatchAbandoned(Exception):
    """The person quit, or the input ended, before the match was over."""


class HumanPlayer:
    """The person at seat 0: the table shows the seat's hand and everything public, and asks what to do.

    Args:
        stdin: where the answers are read, one per line.
        out: where the table and the questions are written.
    """

    def __init__(self, stdin: TextIO, out: TextIO) -> None:
        self.stdin = stdin
        self.out = out

    def start_deal(self, rng: random.Random) -> None:
        """Nothing to do."""

    def _ask(self, prompt: str) -> str:
        while True:
            answer = self._line(prompt)
            if answer.lower() in ("q", "quit", "exit"):
                if self._really_quit():
                    raise MatchAbandoned("you quit")
                continue
            if answer.lower() in ("h", "help", "?"):
                self.out.write(HELP)
                continue
            return answer

    def _line(self, prompt: str) -> str:
        """One answer, read as it is (no help, no quit); the end of the input abandons."""
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.out.write("\n")
            raise MatchAbandoned("the input ended")
        return line.strip()

    def _really_quit(self) -> bool:
        while True:
            answer = self._line("Leave the match? (yes/no) ").lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", ""):
                return False
            self.out.write("Please answer yes or no.\n")

    def offer_save(self, record: dict[str, object]) -> Path | None:
        """Ask for a file to save the match ``record`` in; write it there (empty answer: no file).

        An existing file is never overwritten, and a name no file can have (a
        NUL character, ``~nobody`` for a user who does not exist, a name the
        file system cannot encode) is refused: the person is asked again, so
        the match is never lost (docs/cli.md#play).
        """
        while True:
            name = self._line("Save the match to resume it later? File name (empty: no): ")
            if not name:
                return None
            try:
                path = Path(name).expanduser()
                file = path.open("x", encoding="utf-8")
            except FileExistsError:
                self.out.write(f"{name} exists already: give another name.\n")
                continue
            except OSError as exc:
                self.out.write(f"Cannot write {name}: {exc.strerror or exc}.\n")
                continue
            except (ValueError, RuntimeError) as exc:  # NUL, unencodable, an unknown ~user
                self.out.write(f"{shown(name)} cannot be a file name ({exc}): give another name.\n")
                continue
            with file:
                json.dump(record, file, ensure_ascii=False, indent=1)
                file.write("\n")
            self.out.write(f"Saved. Resume with: belote play --resume {name}\n")
            return path

    def _confirm(self, question: str) -> bool:
        while True:
            answer = self._ask(f"{question} (yes/no) ").lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", ""):
                return False
            self.out.write("Please answer yes or no.\n")

    def _score_lines(self, deal: Deal) -> list[str]:
        names = side_names(deal.rules, deal.players)
        lines = []
        totals = deal.totals
        tens = deal.rules.strain_auction  # bulgarian: game points, hanging points
        lines.append(("Match (game points): " if tens else "Match: ") + ", ".join(
            f"{name} {total}" for name, total in zip(names, totals, strict=True))
            + f"   (target {deal.target})"
            + (f"; hanging {deal.pending}" if tens and deal.pending else ""))
        if deal.strain is not None:
            parts = []
            for side, name in enumerate(names):
                cards = deal.card_points_of(side)
                extra = deal.points_so_far(side) - cards
                announced = f" + {extra} announced" if extra else ""
                parts.append(f"{name} {cards}{announced} ({tricks_text(deal.tricks_of(side))})")
            lines.append(fit("Card points this deal:", parts))
        return lines

    def _show(self, deal: Deal, seat: int) -> None:
        trump = deal.trump
        strain = deal.strain  # set once the cards are played: a suit, NT or AT
        hand = CardSet.from_mask(deal.hand_mask(seat))
        lines = [""]
        lines += self._score_lines(deal)
        auction = deal.rules.has_auction
        if auction:  # no turned card: the standing contract, in words
            standing = contract_text(deal.observation(seat).bids) or "nobody has bid yet"
            standing = name_seats(standing, seat, partner=partner_seat(deal, seat))
            if strain is None:
                lines.append(f"Contract: {standing}   dealer: {who(deal, deal.dealer)}")
        if strain is None:
            if not auction:
                lines.append(f"Turned card: {deal.turned}   dealer: {who(deal, deal.dealer)}")
        else:
            taker = deal.taker
            taken = "you" if taker == 0 else who(deal, taker if taker is not None else 0)
            if auction:
                kind = (f"trump {SUIT_WORDS[trump]} {trump.symbol}" if trump is not None
                        else "no-trumps" if strain is Strain.NO_TRUMP else "all-trumps")
                lines.append(f"Contract: {standing}; {kind}"
                             f"   dealer: {who(deal, deal.dealer)}")
            elif trump is not None:
                lines.append(f"Trump: {SUIT_WORDS[trump]} {trump.symbol} ({trump.letter}), "
                             f"taken by {taken}   dealer: {who(deal, deal.dealer)}")
            if deal.table_card is not None:
                lines.append(f"On the table: {deal.table_card}")
            trick = deal.trick
            number = f"Trick {deal.tricks_played + 1} of {deal.tricks_per_deal}"
            if trick:
                n = deal.players
                played = ", ".join(
                    f"{who(deal, (deal.trick_leader + k) % n)} {card}"
                    for k, card in enumerate(trick)
                )
                lines.append(f"{number}: {played}")
            elif deal.trick_leader == seat:
                lines.append(f"{number}: you lead")
            else:  # the swap decision comes before another seat's lead
                lines.append(f"{number}: {who(deal, deal.trick_leader)} leads")
        lines.append(f"Your hand: {hand_text(hand, None if trump is None else int(trump))}")
        self.out.write("\n".join(lines) + "\n")

    def act(self, deal: Deal, seat: int) -> None:
        """Show the table, list the choices and apply the one the person picks."""
        deal.apply(self.choose(deal, seat))

    def choose(self, deal: Deal, seat: int) -> Action:
        """Show the table, list the choices and return the one the person picks (the only one, said so)."""
        choices, lines = choice_lines(deal, seat)
        self._show(deal, seat)
        if len(choices) == 1:
            only = choices[0]
            self.out.write(f"Only one choice: {describe_choice(only, deal)}.\n")
            return only
        bids = [choice for choice in choices if choice.verb is Verb.BID]
        for line in lines:
            self.out.write(line + "\n")
        prompt = "Your choice (a number, a card such as JH, or help): "
        if bids:
            prompt = f"Your choice (a number, a bid such as '{_bid_example(bids)}', or help): "
        while True:
            answer = self._ask(prompt)
            action, message = _interpret(answer, choices, deal, seat, listed=len(choices) - len(bids))
            if action is None:
                self.out.write(message + "\n")
                continue
            if action.verb is Verb.STOP and not self._confirm_stop(deal, seat):
                self.out.write("Not called. Choose again.\n")
                continue
            return action

    def _confirm_stop(self, deal: Deal, seat: int) -> bool:
        self.out.write(stop_warning(deal, seat) + "\n")
        return self._confirm("Call out now?")


def play_match(
    rules: Rules | str,
    players: int | None = None,
    seed: int | None = None,
    *,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    target: int | None = None,
    resume: tuple[Match, Sequence[Deal]] | None = None,
    bot: str = "heuristic",
) -> Match:
    """Play a match: a person at seat 0 against bots (heuristic bots by default).

    Quitting (confirmed) offers to save the match as a match record
    (docs/formats.md#deal-record); ``resume`` continues one, as
    [`match_from_record`][belote.records.replay.match_from_record] reads it with
    ``partial=True``: its match and deals, the last one possibly in progress.

    Args:
        rules: the variant.
        players: the number of players (default: the variant's).
        seed: seeds the deck shuffles and the first dealer (random when ``None``).
        stdin: where the person's answers are read (default: standard input).
        out: where the table is shown (default: standard output).
        target: the match target (default: the variant's; a resumed match keeps its own).
        resume: a saved match to continue (``rules`` and ``players`` must be its own).
        bot: the other seats' bot, a spec such as ``"heuristic"`` or
            ``"pimc:samples=10"`` (see [`make_bot`][belote.agents.registry.make_bot]).

    Raises:
        MatchAbandoned: the person quit or the input ended.
        InvalidArgument: an unknown bot or a bad bot option.
    """
    rules = get_rules(rules)
    n = rules.default_players if players is None else rules.check_players(players)
    stdin = sys.stdin if stdin is None else stdin
    if stdin is None:  # `belote play <&-`: nowhere to read the person's choices from
        raise CommandError("cannot read standard input: it is closed (belote play reads "
                           "your choices from it)")
    out = sys.stdout if out is None else out
    human = HumanPlayer(stdin, out)
    record = None if resume is None else match_record(*resume)
    table = Table(rules, [HUMAN, *[bot] * (n - 1)], players=n, target=target, seed=seed, record=record,
                  seed_bots=False, forced_passes=False, max_deals=MAX_DEALS)
    match = table.match
    partner = " Your partner is seat 2." if rules.partnerships and n == 4 else ""
    again = f" Resumed after {len(match.results)} deals." if resume is not None else ""
    word = ("a bid such as 'bid C'" if rules.strain_auction  # the words the variant bids with
            else f"a bid such as 'bid {rules.auction.lowest} hearts'" if rules.has_auction
            else "a word such as 'take'")
    out.write(f"{spec_of(rules)}: you play against bots.{partner} First to {match.target} wins.{again}\n"
              f"Answer with a number, a card such as JH, or {word}; "
              "'help' explains, 'quit' leaves.\n")
    try:
        while True:
            _echo(table, out)
            if table.to_act == 0:
                table.act(0, human.choose(table.deal, 0))
            elif table.is_over:
                return table.match
            else:
                table.next_deal()
    except MatchAbandoned as exc:
        if str(exc) == "you quit":
            human.offer_save(table.to_record())
        raise


def _echo(table: Table, out: TextIO) -> None:
    """Write what seat 0 was told, as the terminal shows it (its hand and turn it shows itself)."""
    for message in table.messages(0):
        if message.kind in ("deal", "summary", "match"):
            out.write(f"\n{message.text}\n")
        elif message.kind == "action":
            out.write(message.text + "\n")


def match_record(match: Match, deals: Sequence[Deal]) -> dict[str, object]:
    """The match record of ``deals`` (the last one may be in progress) under ``match``'s rules and target.

    What ``quit`` saves and ``belote play --resume`` reads: ``{"variant",
    "target", "deals"}`` as docs/formats.md#deal-record describes it.
    """
    records = [deal.to_record() for deal in deals]
    variant = records[0]["variant"] if records else match.rules.name
    return {"variant": variant, "target": match.target, "deals": records}


def play_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote play VARIANT [--players N] [--seed S] [--bot SPEC]``: returns the exit status.

    Quitting ends the match cleanly with status 0; the end of the input in
    the middle of the match ends it with status 3
    ([`EXIT_INPUT_ENDED`][belote.cli.play.EXIT_INPUT_ENDED]), saying so.

    Raises:
        BeloteError: an unknown variant or player count (the CLI reports it).
    """
    stdin = getattr(args, "stdin", None)
    resume = None
    variant, players = args.variant, args.players
    path = getattr(args, "resume", None)
    if path is not None:
        from belote.cli.main import read_json
        from belote.errors import InvalidArgument
        from belote.records.replay import match_from_record

        match, deals = match_from_record(read_json(path), partial=True)
        if not deals:
            raise InvalidArgument(f"{path}: the match record holds no deal to resume")
        if match.is_over:
            raise InvalidArgument(f"{path}: this match is over (won by side {match.winner})")
        if variant is not None and get_rules(variant) != match.rules:
            raise InvalidArgument(
                f"{path}: the match was played under {deals[0].to_record()['variant']}, "
                f"not {variant}"
            )
        if players is not None and players != deals[0].players:
            raise InvalidArgument(f"{path}: the match has {deals[0].players} players, not {players}")
        variant, players, resume = match.rules, deals[0].players, (match, deals)
    elif variant is None:
        from belote.errors import InvalidArgument

        raise InvalidArgument("play: name a VARIANT, or --resume FILE to continue a saved match")
    try:
        play_match(variant, players, args.seed, stdin=stdin, out=out, resume=resume,
                   bot=getattr(args, "bot", None) or "heuristic")
    except MatchAbandoned as exc:
        out.write(f"Match abandoned: {exc}.\n")
        if str(exc) == "the input ended":
            sys.stderr.write("belote play: standard input ended in the middle of the match\n")
            return EXIT_INPUT_ENDED
    return 0
