"""The conformance corpus's match records: deals played to a match end, with the match result.

A line of ``deals.jsonl`` holds a deal record or a match record
(docs/formats.md#deal-record: ``{"variant", "target", "deals": [deal
record, ...]}``) and what ``belote replay`` gives for it. For each table
[`match_lines`][belote.experiments.corpus_matches.match_lines] writes a
match played by seeded bots to the variant's own target (1000; 751 in
``italian751``), a match to a short target
([`SHORT_TARGET`][belote.experiments.corpus_matches.SHORT_TARGET]) where a
litige's points are carried over to the next deal (where there is a
litige: not in an auction of values, where a contract is made or fails), and in ``italian751`` a match won by
an 8-card run shown (004). Every match is drawn from seeded bots: the same
seed, the same lines.

>>> lines = list(match_lines(34, "italian751", 4))
>>> [line["id"] for line in lines]
['italian751/4/match-target', 'italian751/4/match-litige-carried', 'italian751/4/match-eight-run']
>>> [line["result"]["end_reason"] for line in lines]  # type: ignore[index]
['target', 'target', '8-card run shown']
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final

from belote.agents import HeuristicBot, RandomBot
from belote.cards import CARDS, Card
from belote.errors import InvalidArgument
from belote.experiments.coverage import SITUATIONS, match_situations
from belote.game import Game
from belote.records.replay import replay_document
from belote.rules import get_rules
from belote.rules.checks import instance

__all__ = ["MATCH_TRIES", "SHORT_TARGET", "match_lines", "match_record"]

_Line = dict[str, object]

MATCH_TRIES: Final = 200
"""Seeded matches a table may play to find one of each match situation."""

SHORT_TARGET: Final = 300
"""The target of the match with a litige carried over (the match record's ``target``): a few deals."""

_MAX_DEALS: Final = 60


def _game(spec: str, players: int, seed: int, number: int,
          decks: Sequence[Sequence[str]] | None = None, target: int | None = None) -> Game:
    """Match ``number`` of a table: heuristic bots for the even seats, seeded random bots for the others.

    A strain auction's table: random bots at every seat (the heuristic bot plays no
    no-trumps or all-trumps contract yet).
    """
    rng = random.Random(f"{seed}:match:{spec}:{players}:{number}")
    heuristic = not get_rules(spec).strain_auction
    bots = [HeuristicBot() if seat % 2 == 0 and heuristic else RandomBot(rng.getrandbits(32))
            for seat in range(players)]
    return Game(spec, bots, players=players, seed=rng.getrandbits(64), decks=decks,
                target=target, max_deals=_MAX_DEALS)


def match_record(game: Game) -> dict[str, object]:
    """The match record as the corpus writes it: no ``finished``, no ``lenient``, in the match or its deals.

    Raises:
        InvalidArgumentType: ``game`` is not a ``Game``.
    """
    record = instance(game, Game, "game").to_record()
    record.pop("finished", None)
    deals = []
    for deal in record["deals"]:  # type: ignore[attr-defined]
        deal = dict(deal)
        deal.pop("finished", None)
        deal.pop("lenient", None)
        deals.append(deal)
    record["deals"] = deals
    return record


def _line(spec: str, players: int, name: str, game: Game) -> _Line:
    record = match_record(game)
    return {"id": f"{spec}/{players}/{name}", "record": record, "result": replay_document(record)}


def _eight_run_deck(rng: random.Random) -> list[str]:
    """A deck that gives the first seat after the dealer the whole suit of the turned card.

    The seat after the dealer gets the deck's cards 0-2 and 12-13, the turned
    card (20) and, when it takes, 21-22 (the library's dealing, four players).
    """
    suit = CARDS[0].suit
    whole = [card for card in CARDS if card.suit == suit]
    rest: list[Card] = [card for card in CARDS if card.suit != suit]
    rng.shuffle(rest)
    deck: list[Card | None] = [None] * len(CARDS)
    for position, card in zip((0, 1, 2, 12, 13, 20, 21, 22), whole, strict=True):
        deck[position] = card
    fill = iter(rest)
    return [str(card if card is not None else next(fill)) for card in deck]


def _eight_run(seed: int, spec: str, players: int) -> _Line | None:
    """A match won by an 8-card run shown (004), in its second deal."""
    for number in range(MATCH_TRIES):
        rng = random.Random(f"{seed}:eight-run:{spec}:{players}:{number}")
        first = [str(card) for card in CARDS]
        rng.shuffle(first)
        game = _game(spec, players, seed, number, [first, _eight_run_deck(rng)])
        try:
            game.play()
        except InvalidArgument:  # pragma: no cover - the decks ran out: the match went on
            continue
        if "deals/match-eight-run" in match_situations(match_record(game)):
            return _line(spec, players, "match-eight-run", game)
    return None  # pragma: no cover - the tests would say


def match_lines(seed: int, spec: str, players: int) -> Iterator[_Line]:
    """The table's match records: one to the variant's target, one with a litige carried over, one won by an 8-card run."""
    rules = get_rules(spec)
    for number in range(MATCH_TRIES):
        game = _game(spec, players, seed, number)
        game.play()
        if "deals/match-end-target" in match_situations(match_record(game)):
            yield _line(spec, players, "match-target", game)
            break
    if any(s.key == "deals/match-litige-carried" and s.applies(rules, players) for s in SITUATIONS):
        for number in range(MATCH_TRIES):
            game = _game(spec, players, seed, number, target=SHORT_TARGET)
            game.play()
            if "deals/match-litige-carried" in match_situations(match_record(game)):
                yield _line(spec, players, "match-litige-carried", game)
                break
    if rules.eight_run_wins_match and players == 4:
        line = _eight_run(seed, spec, players)
        if line is not None:
            yield line
