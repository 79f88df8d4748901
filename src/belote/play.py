"""``belote play``: a person plays a whole match in the terminal against bots.

The person sits at seat 0 (with seat 2 as partner in the four-player
variants); every other seat is a [`HeuristicBot`][belote.bots.HeuristicBot]. Before
each choice the terminal shows the hand sorted by suit, the turned card, the
trump, the current trick and the legal choices, numbered. An answer is a
number from the list, a card (``JH``, ``10S``: plays it, announcing belote
when that card may), or an action in the notation of deal records without
the seat (``pass``, ``take``, ``take H``, ``declare``, ``stop``, ``swap``).
Anything else is refused with a message and the question is asked again.
``quit`` or the end of the input abandons the match.

[`play_match`][belote.play.play_match] reads from any text stream, so a test can drive it
through a pipe or a `io.StringIO`.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from belote.actions import Action, Verb
from belote.bots import HeuristicBot, Player, play_deal
from belote.cards import Card, CardSet
from belote.deal import Deal
from belote.errors import NotationError
from belote.game import next_dealer
from belote.match import Match
from belote.rules import Rules, get_rules
from belote.scoring import DealResult, Outcome

__all__ = ["HumanPlayer", "MatchAbandoned", "play_command", "play_match"]

MAX_DEALS = 500
"""Deals after which a match is stopped without a winner."""


class MatchAbandoned(Exception):
    """The person quit, or the input ended, before the match was over."""


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "-"


class HumanPlayer:
    """A [`Player`][belote.bots.Player] that asks a person what to do.

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
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.out.write("\n")
            raise MatchAbandoned("the input ended")
        answer = line.strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise MatchAbandoned("you quit")
        return answer

    def accepts_swap(self, deal: Deal, seat: int) -> bool:
        """Ask whether to exchange the 7 of trump for the turned card (RULES.md §4)."""
        self._show(deal, seat)
        self.out.write(f"   1. swap your 7 of trump for {deal.turned}\n   2. keep it\n")
        while True:
            answer = self._ask("Your choice: ").lower()
            if answer in ("1", "y", "yes", "swap"):
                return True
            if answer in ("2", "n", "no", "pass", "keep"):
                return False
            self.out.write("Please answer 1 (swap) or 2 (keep).\n")

    def _show(self, deal: Deal, seat: int) -> None:
        trump = deal.trump
        hand = CardSet.from_mask(deal.hand_mask(seat))
        lines = [""]
        if trump is None:
            lines.append(f"Turned card: {deal.turned}   dealer: seat {deal.dealer}")
        else:
            lines.append(f"Trump: {trump.letter} ({trump.symbol})   taken by seat {deal.taker}"
                         f"   dealer: seat {deal.dealer}")
            if deal.table_card is not None:
                lines.append(f"On the table: {deal.table_card}")
            trick = deal.trick
            if trick:
                n = deal.players
                played = ", ".join(
                    f"seat {(deal.trick_leader + k) % n}: {card}" for k, card in enumerate(trick)
                )
                lines.append(f"Trick {deal.tricks_played + 1}: {played}")
            else:
                lines.append(f"Trick {deal.tricks_played + 1}: you lead")
        lines.append(f"Your hand: {_cards(hand.sorted(None if trump is None else int(trump)))}")
        self.out.write("\n".join(lines) + "\n")

    def act(self, deal: Deal, seat: int) -> None:
        """Show the table, list the legal choices and apply the one the person picks."""
        choices = sorted(
            (action for action in deal.legal_actions() if action.seat == seat),
            key=lambda a: (a.verb is Verb.PLAY, _card_order(a, deal)),
        )
        self._show(deal, seat)
        for number, choice in enumerate(choices, 1):
            self.out.write(f"  {number:>2}. {_describe(choice)}\n")
        while True:
            answer = self._ask("Your choice: ")
            action, message = _interpret(answer, choices, seat)
            if action is not None:
                deal.apply(action)
                return
            self.out.write(message + "\n")


def _card_order(action: Action, deal: Deal) -> tuple[int, int, bool]:
    """Plays in the order the hand is shown: by suit, strongest first."""
    if action.verb is not Verb.PLAY:
        return (0, 0, False)
    card = action.cards[0]
    trump = deal.trump
    return (card.suit, -card.strength(None if trump is None else int(trump)), action.belote)


def _describe(action: Action) -> str:
    text = str(action).split(" ", 1)[1]
    if action.verb is Verb.DECLARE and not action.cards:
        return "declare (every combination you hold)"
    if action.verb is Verb.STOP:
        return "stop (call out: claim the match)"
    return text


def _interpret(answer: str, choices: Sequence[Action], seat: int) -> tuple[Action | None, str]:
    """The chosen action, or ``None`` and why the answer was refused."""
    hint = (f"type a number from 1 to {len(choices)}, a card such as JH, "
            "or an action such as 'take H'")
    if not answer:
        return None, f"Nothing typed: {hint}."
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(choices):
            return choices[number - 1], ""
        return None, f"No choice {number}: {hint}."
    try:
        card = Card.parse(answer)
    except NotationError:
        pass
    else:
        plays = [a for a in choices if a.verb is Verb.PLAY and a.cards[0] is card]
        if plays:
            return max(plays, key=lambda a: a.belote), ""
        return None, f"You cannot play {card} now: {hint}."
    text = answer if answer[:1].isdigit() else f"{seat} {answer}"
    try:
        action = Action.parse(text)
    except NotationError as exc:
        return None, f"Not understood ({exc}): {hint}."
    if action in choices:
        return action, ""
    return None, f"'{answer}' is not allowed now: {hint}."


class _Narrated:
    """Wraps a player and reports what every seat did, trick by trick."""

    def __init__(self, player: Player, out: TextIO, log: list[int]) -> None:
        self.player = player
        self.out = out
        self.log = log  # shared: [actions reported, tricks reported]

    def start_deal(self, rng: random.Random) -> None:
        self.player.start_deal(rng)

    def accepts_swap(self, deal: Deal, seat: int) -> bool:
        accepted = self.player.accepts_swap(deal, seat)
        if accepted:
            self.out.write(f"seat {seat} swaps the 7 of trump for {deal.turned}\n")
            self.log[0] += 1
        return accepted

    def act(self, deal: Deal, seat: int) -> None:
        self.player.act(deal, seat)
        report(deal, self.out, self.log)


def report(deal: Deal, out: TextIO, log: list[int]) -> None:
    """Write the actions applied to ``deal`` since the last report, and finished tricks."""
    history = deal.history
    for action in history[log[0]:]:
        words = str(action).split(" ", 1)
        out.write(f"seat {words[0]}: {words[1]}\n")
    log[0] = len(history)
    winners = deal.trick_winners
    for k in range(log[1], len(winners)):
        out.write(f"-- trick {k + 1} won by seat {winners[k]}\n")
    log[1] = len(winners)
    if log[1] == 1 and log[2] == 0 and deal.scoring_declarations:
        log[2] = 1
        shown = ", ".join(str(d) for d in deal.scoring_declarations)
        out.write(f"-- announcements that score: {shown}\n")


def _summary(result: DealResult, match: Match, rules: Rules) -> str:
    names = ("your team", "the other team") if rules.partnerships and len(result.scores) == 2 \
        else tuple("you" if s == 0 else f"seat {s}" for s in range(len(result.scores)))
    lines = ["", f"Deal over: {result.outcome.value}"
             + (f", capot by {names[result.capot]}" if result.capot is not None else "")]
    lines += [f"  {line.item}: {line.points} to {names[line.to]}" for line in result.lines]
    lines.append("  this deal: " + ", ".join(
        f"{name} {points}" for name, points in zip(names, result.scores, strict=True)))
    lines.append("  match:     " + ", ".join(
        f"{name} {points}" for name, points in zip(names, match.totals, strict=True))
        + f"   (target {match.target})")
    if match.pending:
        lines.append(f"  pending (litige): {match.pending}")
    return "\n".join(lines) + "\n"


def play_match(
    rules: Rules | str,
    players: int | None = None,
    seed: int | None = None,
    *,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    target: int | None = None,
) -> Match:
    """Play a match: a person at seat 0 against heuristic bots.

    Args:
        rules: the variant.
        players: the number of players (default: the variant's).
        seed: seeds the deck shuffles and the first dealer (random when ``None``).
        stdin: where the person's answers are read (default: standard input).
        out: where the table is shown (default: standard output).
        target: the match target (default: the variant's).

    Raises:
        MatchAbandoned: the person quit or the input ended.
    """
    rules = get_rules(rules)
    n = rules.default_players if players is None else rules.check_players(players)
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    rng = random.Random(seed)
    match = Match(rules, target, n)
    log = [0, 0, 0]
    human = HumanPlayer(stdin, out)
    table = [_Narrated(human if seat == 0 else HeuristicBot(), out, log) for seat in range(n)]
    partner = " (your partner is seat 2)" if rules.partnerships and n == 4 else ""
    out.write(f"{rules.name}: you are seat 0{partner}; first to {match.target} wins.\n"
              "Answer with a number, a card such as JH, or an action such as 'take H'; "
              "'quit' leaves.\n")
    dealer = rng.randrange(n)
    for number in range(1, MAX_DEALS + 1):
        deck = list(range(32))
        rng.shuffle(deck)
        deal = Deal(rules, deck, dealer, n, totals=match.totals, target=match.target,
                    pending=match.pending)
        log[:] = [0, 0, 0]
        out.write(f"\n=== Deal {number}: seat {dealer} deals ===\n")
        result = play_deal(deal, table)
        if result.outcome is Outcome.REDEAL:
            out.write("Everyone passed: the cards are dealt again.\n")
        match.add(result)
        out.write(_summary(result, match, rules))
        if match.is_over:
            winner = match.winner
            who = ("your team" if winner == 0 else "the other team") if partner else (
                "you" if winner == 0 else f"seat {winner}")
            out.write(f"\nMatch over: {who} won ({match.end_reason}).\n")
            return match
        dealer = next_dealer(rules, n, dealer, result)
    out.write(f"\nNo winner after {MAX_DEALS} deals.\n")
    return match


def play_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote play VARIANT [--players N] [--seed S]``: returns the exit status.

    Quitting or the end of the input ends the match cleanly with status 0.

    Raises:
        BeloteError: an unknown variant or player count (the CLI reports it).
    """
    stdin = getattr(args, "stdin", None)
    try:
        play_match(args.variant, args.players, args.seed, stdin=stdin, out=out)
    except MatchAbandoned as exc:
        out.write(f"Match abandoned: {exc}.\n")
    return 0

