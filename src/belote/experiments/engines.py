"""The engine commands: ``belote engine serve BOT`` and ``belote check-engine COMMAND`` (docs/engines.md).

``belote engine serve`` plays any bot over ``belote-engine/1``, answering the
optional ``legal`` query too (the seat's legal actions, from a deal sampled
consistent with its observation: [`seat_legal_actions`][belote.experiments.engines.seat_legal_actions]).
``belote check-engine`` runs an engine through the conformance corpus's
positions and a duel against ``random`` on every table it plays, and lists
every disagreement ([`check_engine`][belote.experiments.engines.check_engine]).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
from collections.abc import Mapping, Sequence
from typing import Final, TextIO

import attrs

from belote.actions import Action
from belote.agents.engine import EngineAgent, serve
from belote.agents.knowledge import knowledge, sample_deal
from belote.agents.registry import make_bot
from belote.agents.rollouts import bidding_deal
from belote.cards import CARDS, Card
from belote.deal import Deal, Observation, Phase
from belote.errors import BeloteError, BotError, InvalidArgument
from belote.experiments.corpus import TABLES, lines_of, shipped_corpus
from belote.experiments.corpus_zip import corpus_files
from belote.experiments.duel import duel
from belote.rules import get_rules
from belote.rules.checks import instance, sequence, writer
from belote.rules.specs import spec_of

__all__ = ["EngineReport", "check_engine", "check_engine_command", "seat_legal_actions",
           "serve_command"]

SHOWN_PROBLEMS: Final = 20
"""Disagreements printed by ``belote check-engine`` (all of them with ``--json``)."""


def seat_legal_actions(observation: Observation) -> list[Action]:
    """The legal actions of the observing seat, from its observation alone.

    A deal consistent with the observation is sampled (the hidden cards
    dealt at random, [`bidding_deal`][belote.agents.rollouts.bidding_deal] or
    [`sample_deal`][belote.agents.pimc.sample_deal]; in an auction of contracts,
    the other hands dealt at random and the bids heard replayed) and asked: the
    seat's legal actions depend only on what it knows.

    Raises:
        InvalidArgumentType: ``observation`` is not an ``Observation``.
        InvalidArgument: it is not the seat's turn, or no deal fits the observation.
    """
    if instance(observation, Observation, "observation").to_act != observation.seat:
        raise InvalidArgument(f"seat {observation.seat} is not to act")
    rng = random.Random(0)
    sample: Deal | None = _auction_deal(observation, rng) if observation.phase is Phase.AUCTION else None
    if sample is None and observation.rules.strain_auction:
        sample = _strain_play_deal(observation, rng)
    if sample is None:
        sample = bidding_deal(observation, rng)
    if sample is None:
        sample = sample_deal(observation, knowledge(observation), rng)
    if sample is None:
        raise InvalidArgument("no deal fits this observation")
    return sample.legal_actions()


def _auction_deal(observation: Observation, rng: random.Random) -> Deal:
    """A deal at the observed point of an auction: the seat's hand, the others' dealt at random, the bids replayed.

    In an auction every card is dealt before the first bid and nothing is
    turned, and what may be bid depends only on the bids heard.
    """
    own = observation.hand
    rest = [card for card in CARDS if card not in own]
    rng.shuffle(rest)
    size = len(own)
    hands: list[list[Card]] = []
    for seat in range(observation.players):
        if seat == observation.seat:
            hands.append(list(own))
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    deal = Deal.from_hands(
        observation.rules, hands, dealer=observation.dealer, players=observation.players,
        totals=observation.totals, target=observation.target, pending=observation.pending,
    )
    deal.apply_all(list(observation.bids))
    return deal


_BID_WORDS: Final = {"pass": "pass", "double": "double", "redouble": "redouble",
                     "reredouble": "reredouble"}
"""A strain auction's actions as a position's ``bids`` part writes them (a bid: its strain)."""


def _strain_play_deal(observation: Observation, rng: random.Random, tries: int = 1000) -> Deal | None:
    """A deal at the observed point of a strain auction's play (``bulgarian``), or ``None``.

    The cards the seat has not seen are dealt at random to the other seats (each
    holds as many as it has left; none is given a suit it has shown it lacks by
    not following it), and the seat's history is replayed through the deal's own
    checks; a draw it refuses is drawn again, ``tries`` times at most. Its legal
    actions are then the seat's: they depend only on what it knows.
    """
    n, seat = observation.players, observation.seat
    played: list[list[Card]] = [[] for _ in range(n)]
    lacks = [0] * n  # per seat, a mask of the suits it has shown it lacks
    tricks = list(observation.tricks)
    if observation.trick_leader is not None and observation.trick:
        tricks.append((observation.trick_leader, observation.trick))
    for leader, cards in tricks:
        led = cards[0].suit
        for position, card in enumerate(cards):
            who = (leader + position) % n
            played[who].append(card)
            if card.suit != led:
                lacks[who] |= 1 << int(led)
    bids = observation.bids
    seen = set(observation.hand) | {card for cards in played for card in cards}
    hidden = [card for card in CARDS if card not in seen]
    sizes = [len(observation.hand) + len(played[seat]) - len(played[other]) for other in range(n)]
    for _ in range(tries):
        rng.shuffle(hidden)
        hands: list[list[Card]] = [list(played[other]) for other in range(n)]
        hands[seat] += list(observation.hand)
        room = [0 if other == seat else sizes[other] for other in range(n)]
        for card in hidden:
            fits = [other for other in range(n) if room[other] and not lacks[other] >> int(card.suit) & 1]
            if not fits:
                break
            other = rng.choice(fits)
            hands[other].append(card)
            room[other] -= 1
        else:
            try:  # the position when the auction ended, then the play replayed and checked
                deal = Deal.from_position(" | ".join([
                    f"belote/1 {spec_of(observation.rules)}", f"players {n}", f"dealer {observation.dealer}",
                    "hands " + " / ".join(" ".join(str(card) for card in hand) for hand in hands),
                    "bids " + " ".join(_BID_WORDS.get(bid.verb.value, str(bid.strain)) for bid in bids),
                ]))
                deal.apply_all(list(observation.history[len(bids):]))
            except BeloteError:
                continue
            if deal.to_act == seat:
                return deal
    return None


def serve_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote engine serve BOT``: play a built-in or plug-in bot over ``belote-engine/1`` on standard input and output.

    Raises:
        BeloteError: an unknown bot or a bad option (before anything is read).
    """
    args, out = instance(args, argparse.Namespace, "args"), writer(out)
    agent = make_bot(args.bot)
    return serve(agent, args.bot, sys.stdin, out, legal=seat_legal_actions)


@attrs.frozen(kw_only=True)
class EngineReport:
    """What `belote check-engine` found.

    Attributes:
        engine: the engine's spec.
        name: the name it gave in the handshake.
        positions: corpus positions it was asked to decide.
        decided: those it answered with a legal action.
        listed: positions where it also listed its legal actions (the
            ``legal`` feature), else 0.
        duels: per table (``variant/players``), A's mean score difference
            per deal against ``random``, or the error that stopped the duel.
        problems: every disagreement, one line of text each.
    """

    engine: str
    name: str
    positions: int
    listed: int
    duels: Mapping[str, float | str]
    problems: tuple[str, ...]
    decided: int = 0

    def to_json(self) -> dict[str, object]:
        """The report as JSON (``belote check-engine --json``)."""
        return {"engine": self.engine, "name": self.name, "positions": self.positions,
                "decided": self.decided, "listed": self.listed, "duels": dict(self.duels),
                "problems": list(self.problems)}

    def to_text(self) -> str:
        """The report for people."""
        lines = [f"check-engine: {self.engine} ({self.name})",
                 f"corpus positions decided: {self.decided} of {self.positions}"
                 + (f", legal actions listed and compared: {self.listed}" if self.listed
                    else " (no 'legal' feature: its legal actions were not compared)")]
        for table, outcome in self.duels.items():
            shown = f"{outcome:+.2f} points a deal" if isinstance(outcome, float) else outcome
            lines.append(f"duel against random, {table}: {shown}")
        lines.append(f"disagreements: {len(self.problems)}")
        lines += [f"  {problem}" for problem in self.problems[:SHOWN_PROBLEMS]]
        if len(self.problems) > SHOWN_PROBLEMS:
            lines.append(f"  ... and {len(self.problems) - SHOWN_PROBLEMS} more (--json lists them all)")
        return "\n".join(lines) + "\n"


def _plays(engine: EngineAgent, variant: str) -> bool:
    info = engine.info
    return info is None or "*" in info.variants or get_rules(variant).name in info.variants


def check_engine(command: str, *, deals: int = 20, seed: int = 1, timeout: float = 5.0,
                 files: Mapping[str, str] | None = None,
                 tables: Sequence[tuple[str, int]] = TABLES) -> EngineReport:
    """Run the engine ``command`` through the corpus's positions and a duel against ``random``.

    At each position of ``legal.jsonl`` and ``solve.jsonl`` the engine is
    asked to decide: its answer must be one of the legal actions offered
    (an illegal answer, a crash or a time-out is a disagreement). If it
    declares the ``legal`` feature, it is also asked its legal actions: an
    action it lists that is not legal, or a legal one it leaves out, is a
    disagreement. Then it plays ``deals`` decks of a duel against
    ``random`` on each table it plays (the duel's first error is a
    disagreement). ``timeout`` bounds each answer and the handshake (the
    engine's start and its ``hello``).

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a bad command, count or time bound.
    """
    instance(command, str, "command")
    files = None if files is None else corpus_files(files)
    tables = sequence(tables, "tables")  # type: ignore[assignment]
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise InvalidArgument(f"deals: a whole number of at least 0, not {deals!r}")
    files = shipped_corpus() if files is None else files
    # --timeout bounds the handshake too (start and hello), not only each answer.
    engine = EngineAgent(command, timeout=timeout, startup=timeout)
    problems: list[str] = []
    positions = listed = decided = 0
    try:
        lists = engine.answers_legal
    except BotError as exc:
        return EngineReport(engine=engine.name, name="?", positions=0, listed=0, duels={},
                            problems=(str(exc),))
    name = engine.info.name if engine.info is not None else "?"
    wanted = {f"{spec}/{players}" for spec, players in tables}
    for file in ("legal.jsonl", "solve.jsonl"):
        for line in lines_of(files, file):
            ident = str(line.get("id"))
            if "/".join(ident.split("/")[:2]) not in wanted:
                continue
            deal = Deal.from_record(line["record"])
            seat = deal.to_act
            if seat is None or not _plays(engine, deal.rules.name):
                continue
            observation, legal = deal.observation(seat), deal.legal_actions()
            where = f"{file} {ident}"
            positions += 1
            try:
                engine.choose(observation, legal)
            except BotError as exc:
                problems.append(f"{where}: {exc}")
                continue
            decided += 1
            if lists:
                try:
                    claimed = engine.legal_actions(observation)
                except BotError as exc:
                    problems.append(f"{where}: {exc}")
                    continue
                listed += 1
                extra = [str(a) for a in claimed if a not in legal]
                missing = [str(a) for a in legal if a not in claimed]
                if extra:
                    problems.append(f"{where}: lists as legal what is not: {', '.join(extra)}")
                if missing:
                    problems.append(f"{where}: leaves out legal actions: {', '.join(missing)}")
    engine.close()
    duels: dict[str, float | str] = {}
    spec = f"engine:{command}?timeout={timeout:g}&startup={timeout:g}"
    for variant, players in tables if deals else ():
        if not _plays(engine, variant):
            continue
        table = f"{variant}/{players}"
        try:
            result = duel(variant, spec, "random", deals=deals, seed=seed, players=players)
        except BotError as exc:
            duels[table] = f"stopped: {exc}"
            problems.append(f"duel {table}: {exc}")
            continue
        duels[table] = result.mean_difference
    return EngineReport(engine=f"engine:{command}", name=name, positions=positions,
                        decided=decided, listed=listed, duels=duels, problems=tuple(problems))


def check_engine_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote check-engine COMMAND``: print the report; exit status 1 when there is a disagreement.

    Raises:
        BeloteError: a bad argument (reported by the CLI as one ``error:`` line).
    """
    args, out = instance(args, argparse.Namespace, "args"), writer(out)
    tables: Sequence[tuple[str, int]] = TABLES
    if args.variant:
        wanted = {spec_of(get_rules(variant)) for variant in args.variant}
        tables = [(spec, players) for spec, players in TABLES if spec_of(get_rules(spec)) in wanted]
        if not tables:
            raise InvalidArgument(f"--variant: none of {', '.join(args.variant)} is a table of "
                                  "the corpus (belote check-engine --help lists them)")
    command = args.command[0] if len(args.command) == 1 else shlex.join(args.command)
    command = command.removeprefix("engine:")  # the bot spec's form is read too
    report = check_engine(command, deals=args.deals, seed=args.seed, timeout=args.timeout, tables=tables)
    if args.json:
        json.dump(report.to_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(report.to_text())
    return 1 if report.problems else 0
