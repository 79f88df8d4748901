"""The conformance corpus ``belote-corpus/1``: test vectors any belote engine can check itself against.

Like chess's perft suites and bridge's DDS regression files, the corpus is
a set of JSON-lines files, each line one question and the answer this
library gives, for every variant and player count and for the variant
specs people change most ([`TABLES`][belote.experiments.corpus.TABLES]):

- ``tallies.jsonl``: a tally and its result, or the field at fault of an
  impossible tally; the worked examples of the sources among them;
- ``deals.jsonl``: a deal or match record and its result;
- ``illegal.jsonl``: a record with an illegal action and the index of the
  first one;
- ``legal.jsonl``: a position (as a partial record and as a ``belote/1``
  position) and the legal actions of the seat to act, with perft counts at
  depths 1 to 3 for a few of them;
- ``lenient.jsonl``: a record with offences, replayed leniently: the
  offences and the result with their sanctions;
- ``solve.jsonl``: an endgame and its double-dummy value, every legal
  card's value and a principal line.

[`build_corpus`][belote.experiments.corpus.build_corpus] makes every line from a seed
(the same seed gives the same bytes), [`write_corpus`][belote.experiments.corpus.write_corpus]
writes them (``belote corpus --out DIR``), and the package ships the corpus
of [`CORPUS_SEED`][belote.experiments.corpus.CORPUS_SEED]
([`shipped_corpus`][belote.experiments.corpus.shipped_corpus]).
[`verify_corpus`][belote.experiments.corpus.verify_corpus] checks a corpus against this
library, reading each line as another engine would; docs/corpus.md
describes every field.

>>> files = build_corpus(tables=(("classic", 4),), per_table=2)
>>> sorted(files)[:3]
['deals.jsonl', 'illegal.jsonl', 'legal.jsonl']
>>> verify_corpus(files)
[]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from importlib.resources import files as package_files
from pathlib import Path
from typing import Any, Final, TextIO

from belote.actions import Action, Verb
from belote.agents import RandomBot
from belote.cards import CARDS
from belote.deal import Deal
from belote.errors import BeloteError, IllegalAction, InvalidArgument, InvalidRecord, InvalidTally
from belote.experiments.corpus_matches import match_lines
from belote.experiments.corpus_questions import (
    auction_illegal,
    cover_deals,
    cover_illegal,
    cover_legal,
    cover_lenient,
    cover_tallies,
    late_swaps,
    played_deals,
    record_of,
)
from belote.experiments.corpus_zip import archive_name, corpus_archive, corpus_files
from belote.experiments.coverage import deal_situations, situations_of
from belote.records import score_document, tally_to_json
from belote.records.replay import replay_document
from belote.rules import get_rules
from belote.rules.checks import instance, whole, writer
from belote.rules.checks import path as checked_path
from belote.rules.specs import spec_of
from belote.solver import solve

__all__ = [
    "CORPUS_FILES",
    "CORPUS_FORMAT",
    "CORPUS_REVISION",
    "CORPUS_SEED",
    "TABLES",
    "WORKED_EXAMPLES",
    "archive_name",
    "build_corpus",
    "corpus_archive",
    "corpus_command",
    "lines_of",
    "perft",
    "read_corpus",
    "shipped_corpus",
    "verify_corpus",
    "write_corpus",
]

CORPUS_FORMAT: Final = "belote-corpus/1"
"""The corpus's name and version, in its manifest."""

CORPUS_REVISION: Final = 7
"""The revision of the shipped corpus's questions, in its manifest (docs/corpus.md#revisions)."""

CORPUS_SEED: Final = 34
"""The seed of the corpus shipped with the package."""

CORPUS_FILES: Final = ("tallies.jsonl", "deals.jsonl", "illegal.jsonl", "legal.jsonl",
                       "lenient.jsonl", "solve.jsonl")
"""The corpus's files of questions, in the manifest's order."""

TABLES: Final = (
    ("classic", 4),
    ("piedicavallo", 4),
    ("italian751", 4),
    ("french", 2),
    ("french", 3),
    ("contree", 4),
    ("bulgarian", 4),
    ("classic(capot_value=250)", 4),
    ("classic(play.must_overtrump=false,play.must_undertrump=false)", 4),
    ("classic(play.partner_master_exempts=false)", 4),
)
"""The variants (and the variant specs people change most) and player counts of the corpus."""

PER_TABLE: Final = 24
"""Deals played per table to draw the questions from."""

PERFT_DEPTH: Final = 3
"""The deepest perft count."""

SOLVE_TRICKS: Final = 3
"""Tricks left in the endgames solved double-dummy."""

_Line = dict[str, object]

WORKED_EXAMPLES: Final[tuple[tuple[str, Mapping[str, object], Mapping[str, object]], ...]] = (
    ("000 §Litige: 81 + tierce against 81 + belote: 100 to the defence, 100 held",
     {"variant": "piedicavallo", "taker": 0, "trump": "S", "tricks": [4, 4],
      "card_points": [71, 81], "last_trick": 0,
      "announcements": [{"seat": 0, "cards": ["AH", "KH", "QH"]}], "belote": 1},
     {"outcome": "litige", "scores": [0, 100], "pending": 100}),
    ("000 table 'punti buco': 20 announced, the defence's 92 makes 180",
     {"variant": "piedicavallo", "taker": 0, "trump": "D", "tricks": [3, 5],
      "card_points": [70, 82], "last_trick": 1,
      "announcements": [{"seat": 2, "cards": ["7C", "8C", "9C"]}], "belote": None},
     {"outcome": "failed", "scores": [0, 180]}),
    ("000 §Assegnazione: cappotto 250, with the announcements and belote",
     {"variant": "piedicavallo", "taker": 0, "trump": "S", "tricks": [8, 0],
      "card_points": [152, 0], "last_trick": 0,
      "announcements": [{"seat": 0, "cards": ["AH", "KH", "QH"]}], "belote": 2},
     {"outcome": "made", "capot": 0, "scores": [290, 0]}),
    ("002 'Tie points': the defence scores 81, the other 81 wait",
     {"variant": "classic", "taker": 0, "trump": "D", "tricks": [4, 4],
      "card_points": [71, 81], "last_trick": 0, "announcements": [], "belote": None},
     {"outcome": "litige", "scores": [0, 81], "pending": 81}),
    ("002: belote puts the attack in: 162 + 20 to the defence",
     {"variant": "classic", "taker": 0, "trump": "D", "tricks": [4, 4],
      "card_points": [90, 62], "last_trick": 1, "announcements": [], "belote": 1},
     {"outcome": "failed", "scores": [0, 182]}),
    ("002 'The 20 points belong to the team': a failed attack keeps its belote",
     {"variant": "classic", "taker": 0, "trump": "D", "tricks": [4, 4],
      "card_points": [50, 102], "last_trick": 1, "announcements": [], "belote": 0},
     {"outcome": "failed", "scores": [20, 162]}),
    ("002 capot: '252 points to 0'",
     {"variant": "classic", "taker": 0, "trump": "D", "tricks": [8, 0],
      "card_points": [152, 0], "last_trick": 0, "announcements": [], "belote": None},
     {"outcome": "made", "capot": 0, "scores": [252, 0]}),
    ("004: with belote the caller needs more than 91 of 182",
     {"variant": "italian751", "taker": 0, "trump": "D", "tricks": [4, 4],
      "card_points": [81, 71], "last_trick": 1, "announcements": [], "belote": 1},
     {"outcome": "failed", "scores": [0, 182]}),
    ("004: the takers' 81 wait, with their runs and not belote",
     {"variant": "italian751", "taker": 0, "trump": "D", "tricks": [4, 4],
      "card_points": [51, 101], "last_trick": 0,
      "announcements": [{"seat": 0, "cards": ["AH", "KH", "QH"]}], "belote": 2},
     {"outcome": "litige", "scores": [20, 101], "pending": 81}),
    ("001 'Cappotto -> 100 punti', without the last trick (003)",
     {"variant": "french", "players": 2, "dealer": 1, "taker": 0, "trump": "D",
      "tricks": [9, 0], "card_points": [120, 0], "last_trick": 0, "announcements": [],
      "belote": None},
     {"outcome": "played", "capot": 0, "scores": [220, 0]}),
    ("003 'à trois ... chacun 50 points'",
     {"variant": "french", "players": 3, "dealer": 2, "taker": 0, "trump": "D",
      "tricks": [5, 4, 0], "card_points": [80, 60, 0], "last_trick": 1, "announcements": [],
      "belote": None},
     {"outcome": "played", "capot": None, "scores": [130, 110, 0]}),
    ("001, 003: each player scores his own points; a carré beats any run",
     {"variant": "french", "players": 2, "dealer": 1, "taker": 0, "trump": "H",
      "tricks": [5, 4], "card_points": [70, 60], "last_trick": 1,
      "announcements": [{"seat": 0, "cards": ["9S", "9H", "9D", "9C"]},
                        {"seat": 1, "cards": ["AC", "KC", "QC"]}], "belote": 1},
     {"outcome": "played", "scores": [220, 90]}),
)
"""The sources' worked examples as tallies: (where, tally, what the source says the result is)."""


def _dump(line: Mapping[str, object]) -> str:
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def _players_field(rules_spec: str, players: int) -> dict[str, object]:
    rules = get_rules(rules_spec)
    return {} if players == rules.default_players and len(rules.player_counts) == 1 else {
        "players": players}


def _error_field(exc: InvalidTally) -> str | None:
    return exc.field


# --- tallies -------------------------------------------------------------------------------------


_BAD_TALLIES: Final[tuple[tuple[str, Callable[[Any], object]], ...]] = (
    ("card_points", lambda t: [p + 1 for p in t["card_points"]]),
    ("tricks", lambda t: [n + 1 for n in t["tricks"]]),
    ("taker", lambda t: 9),
    ("trump", lambda t: "X"),
    ("last_trick", lambda t: 9),
    ("belote", lambda t: 9),
    ("announcements", lambda t: [{"seat": 0, "cards": ["AH", "9C", "QH"]}]),
    ("variant", lambda t: "no-such-variant"),
)


def _tallies(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    for number, (where, tally, expect) in enumerate(WORKED_EXAMPLES):
        result = score_document(dict(tally))
        for key, value in expect.items():
            if result.get(key) != value:  # pragma: no cover - the tests would say first
                raise AssertionError(f"worked example {where}: {key} is {result.get(key)!r}, "
                                     f"the source says {value!r}")
        yield {"id": f"worked-{number}", "source": where, "tally": dict(tally), "result": result}
    for spec, players in tables:
        deals = [deal for deal in played_deals(spec, players, seed, per_table) if deal.tally()]
        rng = random.Random(f"{seed}:tallies:{spec}:{players}")
        for index, deal in enumerate(deals):
            tally_obj = deal.tally()
            assert tally_obj is not None
            tally = tally_to_json(tally_obj, deal.rules)  # its variant is the table's spec
            yield {"id": f"{spec}/{players}/{index}", "tally": tally,
                   "result": score_document(tally)}
            if index % 3 == 0:  # one in three has an impossible twin
                key, change = _BAD_TALLIES[rng.randrange(len(_BAD_TALLIES))]
                bad = dict(tally)
                bad[key] = change(tally)
                try:
                    result = score_document(bad)
                except InvalidTally as exc:
                    yield {"id": f"{spec}/{players}/{index}/bad-{key}", "tally": bad,
                           "error": {"field": _error_field(exc), "message": str(exc)}}
                except BeloteError as exc:
                    yield {"id": f"{spec}/{players}/{index}/bad-{key}", "tally": bad,
                           "error": {"field": key, "message": str(exc)}}
                else:  # still a possible tally (a change that happens to fit): kept as one
                    yield {"id": f"{spec}/{players}/{index}/changed-{key}", "tally": bad,
                           "result": result}
        yield from cover_tallies(spec, deals)


# --- deals and illegal actions ---------------------------------------------------------------


def _deals(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    for spec, players in tables:
        found: set[str] = set()
        for index, deal in enumerate(played_deals(spec, players, seed, per_table)):
            record = record_of(deal)
            found |= deal_situations(deal)
            yield {"id": f"{spec}/{players}/{index}", "record": record,
                   "result": replay_document(record)}
        yield from cover_deals(seed, spec, players, found)
        yield from match_lines(seed, spec, players)


def _illegal_action(deal: Deal, rng: random.Random) -> Action | None:
    """An action that is not legal now: another seat's, a card not held, a card the obligations forbid, a bid out of place."""
    seat = deal.to_act
    if seat is None:
        return None
    legal = set(deal.legal_actions())
    if any(action.verb in (Verb.SWAP, Verb.KEEP) for action in legal):
        return None  # a record may leave the keep out: what follows would read as one
    candidates: list[Action] = [Action.pass_((seat + 1) % deal.players)]
    held = deal.hand(seat)
    candidates += [Action.play(seat, card) for card in CARDS if card not in held][:3]
    candidates += [Action.play(seat, card) for card in held]
    candidates += [Action.take(seat), Action.stop(seat), Action.swap(seat)]
    illegal = [action for action in candidates if action not in legal and not deal.can(action)]
    return illegal[rng.randrange(len(illegal))] if illegal else None


def _illegal(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    for spec, players in tables:
        rng = random.Random(f"{seed}:illegal:{spec}:{players}")
        for index, deal in enumerate(played_deals(spec, players, seed, per_table)):
            record = record_of(deal)
            actions = list(record["actions"])  # type: ignore[call-overload]
            if not actions:
                continue
            at = rng.randrange(len(actions))
            partial = Deal.from_record({**record, "actions": actions[:at]})
            bad = _illegal_action(partial, rng)
            if bad is None:
                continue
            changed = {**record, "actions": [*actions[:at], str(bad), *actions[at + 1:]]}
            try:
                replay_document(changed)
            except InvalidRecord as exc:
                if exc.index != at:  # read otherwise (a record without keep reads as keep)
                    continue
                yield {"id": f"{spec}/{players}/{index}", "record": changed, "index": at,
                       "action": str(bad), "reason": str(exc)}
        yield from late_swaps(seed, spec, players, per_table, lenient=False)
        yield from cover_illegal(seed, spec, players)


def _illegal_records(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    """Every line of ``illegal.jsonl``: an illegal action drawn in each table's deals, then the auction's."""
    yield from _illegal(seed, tables, per_table)
    yield from auction_illegal(seed, tables, per_table)


# --- legal actions and perft -----------------------------------------------------------------


def perft(deal: Deal, depth: int) -> int:
    """The number of action sequences of ``depth`` actions from ``deal`` (a finished deal counts as one).

    ``perft(deal, 1)`` is the number of legal actions; a deal that ends
    before ``depth`` actions is a leaf counted once, as a finished game is
    in chess's perft.

    >>> deal = Deal.random("classic", seed=1, dealer=0)
    >>> perft(deal, 1) == len(deal.legal_actions())
    True
    """
    return _perft(instance(deal, Deal, "deal"), whole(depth, "depth", 0))


def _perft(deal: Deal, depth: int) -> int:
    if depth == 0 or deal.is_over:
        return 1
    total = 0
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        total += _perft(child, depth - 1)
    return total


def _legal(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    for spec, players in tables:
        rng = random.Random(f"{seed}:legal:{spec}:{players}")
        found: set[str] = set()
        for index, deal in enumerate(played_deals(spec, players, seed, per_table)):
            record = record_of(deal)
            actions = list(record["actions"])  # type: ignore[call-overload]
            at = rng.randrange(len(actions)) if actions else 0
            if index == 0:  # the perft positions: the first bid, and the first lead
                at = 0
            elif index == 1:
                at = next((k for k, text in enumerate(actions) if " play " in str(text)), at)
            partial_record = {**record, "actions": actions[:at]}
            partial = Deal.from_record(partial_record)
            if partial.is_over:
                continue
            line: _Line = {"id": f"{spec}/{players}/{index}", "record": partial_record,
                           "position": partial.position(), "to_act": partial.to_act,
                           "legal": [str(action) for action in partial.legal_actions()]}
            if index < 2:  # a few positions with their perft counts
                line["perft"] = [perft(partial, depth) for depth in range(1, PERFT_DEPTH + 1)]
            found.update(situations_of("legal.jsonl", line))
            yield line
        yield from cover_legal(seed, spec, players, found)


# --- lenient records -------------------------------------------------------------------------


def _offending(deal: Deal, rng: random.Random) -> list[Action]:
    """Offences that could be committed now.

    While the seat to act has a declaration to decide: another seat's
    card, out of turn. Otherwise the seat to act's: a card the obligations
    forbid, a call-out without the points. (A card shown while the holder
    of the 7 of trump decides is the holder keeping; the late swap is the
    offence there: ``corpus_questions.late_swaps``.)
    """
    seat = deal.to_act
    if seat is None:
        return []
    legal = set(deal.legal_actions())
    if any(action.verb in (Verb.SWAP, Verb.KEEP) for action in legal):
        return []  # a card shown now is the holder keeping (003), then judged: see _late_swaps
    if any(action.verb is not Verb.PLAY for action in legal):
        if rng.random() >= 0.3:  # a declaration: the reneges stay the most
            return []
        early = [Action.play(other, card) for other in range(deal.players) if other != seat
                 for card in deal.hand(other)]
        return [early[rng.randrange(len(early))]] if early else []
    out = [Action.play(seat, card) for card in deal.hand(seat) if Action.play(seat, card) not in legal]
    rng.shuffle(out)
    if deal.rules.calling_out is not None and Action.stop(seat) not in legal and deal.tricks_played:
        out.insert(0 if rng.random() < 0.4 else len(out), Action.stop(seat))
    return out


def _lenient(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    for spec, players in tables:
        rng = random.Random(f"{seed}:lenient:{spec}:{players}")
        made = 0
        refused: _Line | None = None
        for index in range(per_table * 4):
            if made >= max(2, per_table // 3):
                break
            deal = Deal.random(spec, seed=rng.getrandbits(64), players=players)
            deal = Deal(deal.rules, [str(card) for card in deal.deck], deal.dealer, deal.players,
                        lenient=True)
            bot = RandomBot(rng.getrandbits(32))
            offended = False
            while not deal.is_over:
                if not offended and deal.phase.value == "play" and rng.random() < 0.2:
                    for offence in _offending(deal, rng):
                        try:
                            deal.apply(offence)
                        except IllegalAction:
                            if refused is None:
                                refused = _refused(deal, offence, f"{spec}/{players}/{index}")
                            continue
                        offended = True
                        break
                    if offended:
                        continue
                seat = deal.to_act
                assert seat is not None
                deal.apply(bot.choose(deal.observation(seat), deal.legal_actions()))
            if not offended:
                continue
            record = record_of(deal)
            made += 1
            yield {"id": f"{spec}/{players}/{index}", "record": record,
                   "result": replay_document(record, lenient=True)}
        if refused is not None:
            yield refused
        yield from late_swaps(seed, spec, players, per_table, lenient=True)
        yield from cover_lenient(seed, spec, players)


def _refused(deal: Deal, offence: Action, key: str) -> _Line:
    """The record so far and an offence the variant does not price: lenient replay refuses it, at its index."""
    record = record_of(deal)
    actions = [*record["actions"], str(offence)]  # type: ignore[misc]
    changed = {**record, "actions": actions}
    try:
        replay_document(changed, lenient=True)
    except InvalidRecord as exc:
        return {"id": f"{key}/refused", "record": changed,
                "error": {"index": exc.index, "message": str(exc)}}
    raise AssertionError(f"{key}: {offence} was refused by the deal, not by its record")  # pragma: no cover


# --- double-dummy values -----------------------------------------------------------------------


def _solve(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    for spec, players in tables:
        made = 0
        for index, deal in enumerate(played_deals(spec, players, seed, per_table)):
            if made >= max(2, per_table // 6):
                break
            record = record_of(deal)
            actions = list(record["actions"])  # type: ignore[call-overload]
            tricks = deal.tricks_per_deal
            if deal.called_out is not None or deal.tricks_played < tricks:
                continue
            # the first card of the trick SOLVE_TRICKS before the end
            plays = [k for k, text in enumerate(actions) if " play " in str(text)]
            start = plays[(tricks - SOLVE_TRICKS) * players]
            partial_record = {**record, "actions": actions[:start]}
            partial = Deal.from_record(partial_record)
            if partial.to_act is None:
                continue
            try:
                solution = solve(partial)
            except InvalidArgument:  # not a card to play (a declaration, a swap to decide)
                continue
            made += 1
            yield {"id": f"{spec}/{players}/{index}", "record": partial_record,
                   "position": partial.position(), "to_act": solution.seat,
                   "side": solution.side, "value": solution.value,
                   "maximising": solution.maximising,
                   "card_values": {str(card): value for card, value in
                                   sorted(solution.card_values.items(), key=lambda cv: cv[0].index)},
                   "line": [str(card) for card in solution.line],
                   "card_points": list(solution.card_points), "scores": list(solution.scores)}


# --- the corpus ---------------------------------------------------------------------------------


_MAKERS: Final[dict[str, Callable[[int, Sequence[tuple[str, int]], int], Iterator[_Line]]]] = {
    "tallies.jsonl": _tallies,
    "deals.jsonl": _deals,
    "illegal.jsonl": _illegal_records,
    "legal.jsonl": _legal,
    "lenient.jsonl": _lenient,
    "solve.jsonl": _solve,
}


def build_corpus(seed: int = CORPUS_SEED, *, tables: Sequence[tuple[str, int]] = TABLES,
                 per_table: int = PER_TABLE) -> dict[str, str]:
    """Every file of the corpus, by name, as text (JSON lines; ``manifest.json`` too).

    The same arguments give the same bytes on any machine.

    Args:
        seed: the seed every question is drawn from.
        tables: the (variant spec, players) tables.
        per_table: deals played per table to draw the questions from.

    Raises:
        InvalidArgument: a bad seed or count.
        UnknownVariant: a table's variant is not known.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgument(f"seed: a whole number, not {seed!r}")
    if isinstance(per_table, bool) or not isinstance(per_table, int) or per_table < 1:
        raise InvalidArgument(f"per_table: a positive whole number, not {per_table!r}")
    tables = [(spec_of(get_rules(spec)), get_rules(spec).check_players(players))
              for spec, players in tables]
    out: dict[str, str] = {}
    for name, make in _MAKERS.items():
        out[name] = "".join(_dump(line) + "\n" for line in make(seed, tables, per_table))
    manifest = {
        "format": CORPUS_FORMAT,
        "revision": CORPUS_REVISION,
        "seed": seed,
        "per_table": per_table,
        "tables": [{"variant": spec, "players": players} for spec, players in tables],
        "files": {name: {"lines": text.count("\n"),
                         "sha256": hashlib.sha256(text.encode()).hexdigest()}
                  for name, text in out.items()},
    }
    out["manifest.json"] = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    return out


def write_corpus(directory: str | Path, seed: int = CORPUS_SEED, **options: object) -> list[Path]:
    """Write the corpus of ``seed`` into ``directory`` (made if missing); return the files written.

    Raises:
        InvalidArgumentType: ``directory`` is not a path.
        InvalidArgument: ``directory`` cannot be made or written.
    """
    path = checked_path(directory, "directory")
    built = build_corpus(seed, **options)  # type: ignore[arg-type]
    try:
        path.mkdir(parents=True, exist_ok=True)
        written = []
        for name, text in built.items():
            (path / name).write_text(text, encoding="utf-8", newline="\n")
            written.append(path / name)
    except OSError as exc:
        raise InvalidArgument(f"--out {directory}: {exc.strerror or exc}") from None
    return written


def read_corpus(directory: str | Path) -> dict[str, str]:
    """The files of a corpus written by [`write_corpus`][belote.experiments.corpus.write_corpus], by name.

    Raises:
        InvalidArgumentType: ``directory`` is not a path.
        InvalidArgument: no corpus there (no manifest, another format, a file missing).
    """
    path = checked_path(directory, "directory")
    try:
        manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
        if not isinstance(manifest, dict) or manifest.get("format") != CORPUS_FORMAT:
            raise InvalidArgument(f"{path}: not a {CORPUS_FORMAT} corpus")
        out = {name: (path / name).read_text(encoding="utf-8") for name in CORPUS_FILES}
        out["manifest.json"] = (path / "manifest.json").read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise InvalidArgument(f"{path}: not a readable {CORPUS_FORMAT} corpus ({exc})") from None
    return out


def shipped_corpus() -> dict[str, str]:
    """The corpus shipped with the package (seed [`CORPUS_SEED`][belote.experiments.corpus.CORPUS_SEED]), by file name."""
    root = package_files("belote.experiments").joinpath("corpus_data")
    return {name: root.joinpath(name).read_text(encoding="utf-8")
            for name in (*CORPUS_FILES, "manifest.json")}


def lines_of(files: Mapping[str, str], name: str) -> list[_Line]:
    """The JSON objects of one file of a corpus.

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text, ``name`` not text.
    """
    text = corpus_files(files).get(instance(name, str, "name"), "")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _same(a: object, b: object) -> bool:
    return _dump({"v": a}) == _dump({"v": b})


def _same_text(value: object) -> str:
    return _dump({"v": value})[5:-1]


def verify_corpus(files: Mapping[str, str]) -> list[str]:
    """Check every line of a corpus against this library, as another engine would; return the disagreements.

    Each disagreement is one line of text: the file, the line's ``id`` and
    what differs. An empty list: the library answers every question as the
    corpus says.

    Raises:
        InvalidArgumentType: ``files`` is not a mapping of text to text.
    """
    files = corpus_files(files)
    problems: list[str] = []

    def check(name: str, line: _Line, ok: bool, what: str) -> None:
        if not ok:
            problems.append(f"{name} {line.get('id')}: {what}")

    for line in lines_of(files, "tallies.jsonl"):
        try:
            result: object = score_document(line["tally"])
        except BeloteError as exc:
            error = line.get("error")
            field = exc.field if isinstance(exc, InvalidTally) else None
            check("tallies.jsonl", line,
                  isinstance(error, dict) and (field is None or error.get("field") == field),
                  f"refused on {field}: {exc}")
            continue
        check("tallies.jsonl", line, _same(result, line.get("result")),
              f"result {_same_text(result)} differs" if "result" in line
              else "accepted, expected refused")
    for line in lines_of(files, "deals.jsonl"):
        result = replay_document(line["record"])
        check("deals.jsonl", line, _same(result, line["result"]), f"result {_same_text(result)} differs")
    for line in lines_of(files, "illegal.jsonl"):
        try:
            replay_document(line["record"])
        except InvalidRecord as exc:
            check("illegal.jsonl", line, exc.index == line["index"],
                  f"first illegal action at {exc.index}, not {line['index']}")
        else:
            check("illegal.jsonl", line, False, "replayed without an illegal action")
    for line in lines_of(files, "legal.jsonl"):
        deal = Deal.from_record(line["record"])
        legal = [str(action) for action in deal.legal_actions()]
        check("legal.jsonl", line, sorted(legal) == sorted(line["legal"]),  # type: ignore[call-overload]
              f"legal actions {legal}")
        check("legal.jsonl", line, deal.position() == line["position"], "another position")
        counts = line.get("perft")
        if isinstance(counts, list):
            found = [perft(deal, depth) for depth in range(1, len(counts) + 1)]
            check("legal.jsonl", line, found == counts, f"perft {found}")
    for line in lines_of(files, "lenient.jsonl"):
        error = line.get("error")
        try:
            result = replay_document(line["record"], lenient=True)
        except InvalidRecord as exc:
            check("lenient.jsonl", line, isinstance(error, dict) and error.get("index") == exc.index,
                  f"refused at action {exc.index}: {exc}")
            continue
        check("lenient.jsonl", line, _same(result, line.get("result")),
              f"result {_same_text(result)} differs" if error is None else "accepted, expected refused")
    for line in lines_of(files, "solve.jsonl"):
        deal = Deal.from_position(str(line["position"]))
        solution = solve(deal)
        values = {str(card): value for card, value in solution.card_values.items()}
        check("solve.jsonl", line, solution.value == line["value"], f"value {solution.value}")
        check("solve.jsonl", line, _same(sorted(values.items()),
                                         sorted(line["card_values"].items())),  # type: ignore[attr-defined]
              f"card values {values}")
        played = deal.copy()
        for card in line["line"]:  # type: ignore[attr-defined]
            seat = played.to_act
            announce = seat is not None and played.can(Action.play(seat, card, belote=True))
            played.play(card, belote=announce)
        check("solve.jsonl", line, list(played.result.scores) == line["scores"],
              "the principal line does not end with the scores given")
    return problems


def corpus_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote corpus --out DIR [--seed S]``: write the conformance corpus; prints what it wrote.

    Raises:
        BeloteError: the directory cannot be written.
    """
    args = instance(args, argparse.Namespace, "args")
    out = writer(out)
    written = write_corpus(args.out, CORPUS_SEED if args.seed is None else args.seed)
    for path in written:
        out.write(f"{path} {path.stat().st_size} bytes\n")
    return 0
