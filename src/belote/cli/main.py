"""The ``belote`` command (docs/cli.md).

Every subcommand exits with status 0 on success and with status 2 and one
line on standard error starting with ``error:`` on bad input, never a
traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Final, NoReturn, TextIO, cast

from belote.buildinfo import core
from belote.cli.options import (
    Stopped,
    add_bot_options,
    port,
    seconds,
    stoppable,
    stopped_status,
    time_limit,
)
from belote.errors import BeloteError, CommandError, InvalidRecord, InvalidTally, printable, shown
from belote.records.results import read_json_text, source_name

if TYPE_CHECKING:
    from belote.deal import Deal
    from belote.solver.analyze import Analysis

__all__ = ["CommandError", "OutputError", "error_line", "main", "read_json", "read_json_text",
           "read_text", "write_json"]

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors follow the ``error:`` contract."""

    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{self.prog}: {message} (see '{self.prog} --help')")


MAX_ERROR_LINE: Final = 500
"""The longest ``error:`` line the command writes; longer messages are cut."""

PAR_DEALS: Final = 30
"""Decks ``belote compare --par`` plays out perfectly by default.

Solving a deck from the first lead takes about a second (0.7 to 1.1 s on
average in the four-player variants, a few seconds for the slowest), so 30
decks of the three default variants fit in two minutes on one core."""


class OutputError(CommandError):
    """Standard output cannot be written (closed, a full disk): the environment's fault."""


MAX_INPUT_BYTES: Final = 256 * 1024 * 1024
"""The largest input a command reads (a record, a tally, a position): 256 MiB; beyond it
(``belote replay /dev/zero``) the command stops reading and exits with status 2."""


def _read_bytes(path: str, stdin: TextIO | None) -> bytes | str:
    most = MAX_INPUT_BYTES
    if path != "-":
        with open(path, "rb") as handle:
            data: bytes | str = handle.read(most + 1)
    else:
        source = stdin if stdin is not None else sys.stdin
        if source is None:
            raise CommandError("cannot read standard input: it is closed")
        buffer = getattr(source, "buffer", None)  # the bytes, whatever PYTHONIOENCODING says
        data = buffer.read(most + 1) if buffer is not None else source.read(most + 1)
    if len(data) > most:
        raise CommandError(f"{source_name(path)} is larger than {most // (1024 * 1024)} MiB, "
                           "the most a command reads: cut it into parts")
    return data


def _decode(data: bytes | str, path: str) -> str:
    try:
        if isinstance(data, bytes):
            return data.decode("utf-8")
        data.encode("utf-8")  # text given directly: refuse lone surrogates too
        return data
    except UnicodeError as exc:
        where = exc.start if isinstance(exc, (UnicodeDecodeError, UnicodeEncodeError)) else 0
        raise CommandError(
            f"{source_name(path)} is not UTF-8 text (invalid byte at offset {where})"
        ) from None


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """The text of a file, or of standard input for ``-``, which must be UTF-8.

    Standard input is read as bytes, whatever ``PYTHONIOENCODING`` says.

    Raises:
        CommandError: the file cannot be read, standard input is closed, or
            the bytes are not UTF-8.
    """
    try:
        data = _read_bytes(path, stdin)
    except OSError as exc:
        raise CommandError(
            f"cannot read {source_name(path)}: {exc.strerror or exc}"
        ) from None
    except ValueError as exc:  # a closed stream
        raise CommandError(f"cannot read {source_name(path)}: {exc}") from None
    return _decode(data, path)


def read_json(path: str, stdin: TextIO | None = None) -> object:
    """Read a JSON document from a file path, or from standard input for ``-``.

    [`read_text`][belote.cli.main.read_text] then
    [`read_json_text`][belote.cli.main.read_json_text].

    Raises:
        CommandError: the file cannot be read, is not UTF-8, or is not JSON.
    """
    return read_json_text(read_text(path, stdin), path)


def write_json(document: object, out: TextIO) -> None:
    r"""Write ``document`` as indented JSON and a newline, in one piece.

    Text is written as is (``"carré"``) when the output's encoding can carry
    it, else with JSON escapes (``"carr\u00e9"``): the same JSON either way.
    """
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    try:
        text.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeError, LookupError):
        text = json.dumps(document, indent=2) + "\n"
    out.write(text)


class _Output(io.TextIOBase):
    """Standard output whose write failures become an [`OutputError`][belote.cli.main.OutputError].

    A closed pipe (the reader went away) is left to ``main``: it is not an error.
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream = stream

    def _failed(self, exc: OSError) -> OutputError:
        return OutputError(f"cannot write to standard output: {exc.strerror or exc}")

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None
        except ValueError as exc:  # a closed file
            raise OutputError(f"cannot write to standard output: {exc}") from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None
        except ValueError:
            pass

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._stream.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", None) or "utf-8"


# --- subcommands ----------------------------------------------------------------------


def _cmd_variants(args: argparse.Namespace, out: TextIO) -> int:
    import warnings

    from belote.rules import available_variants, plugin_problems

    with warnings.catch_warnings():  # listed below instead
        warnings.simplefilter("ignore")
        variants = available_variants()
        problems = plugin_problems()
    for problem in problems:  # on standard error: standard output stays one line a variant
        sys.stderr.write(f"warning: {problem}\n")
    if args.json:
        write_json(
            [
                {"name": r.name, "players": list(r.player_counts), "description": r.description}
                for r in variants
            ],
            out,
        )
        return EXIT_OK
    width = max(len(r.name) for r in variants)
    counts = {r.name: " or ".join(str(n) for n in r.player_counts) + " players" for r in variants}
    players_width = max(len(text) for text in counts.values())
    for r in variants:
        out.write(f"{r.name:<{width}}  {counts[r.name]:<{players_width}}  {r.description}\n")
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    from belote.records.describe import describe_rules, rules_to_json
    from belote.rules import get_rules

    rules = get_rules(args.variant)
    if args.json:
        write_json(rules_to_json(rules), out)
    else:
        out.write(describe_rules(rules))
    return EXIT_OK


def _cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    from belote.records.results import score_document

    result = score_document(read_json(args.file))
    text = args.text or (not args.json and _is_terminal(out))
    if text:
        from belote.records.describe import describe_score

        out.write(describe_score(result))
    else:
        write_json(result, out)
    return EXIT_OK


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def _json_lines(text: str) -> list[tuple[int, str]] | None:
    """The non-blank lines of ``text`` with their numbers when it is JSON lines, else ``None``.

    One JSON document (even spread over several lines) is not JSON lines.
    """
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            return None
        return [(number, line) for number, line in enumerate(text.splitlines(), 1)
                if line.strip()]
    except (ValueError, RecursionError):  # huge numbers, deep nesting: read_json_text says
        return None
    return None


def _replay_one(doc: object, args: argparse.Namespace, out: TextIO, compact: bool) -> None:
    from belote.records.describe import describe_deal, side_name
    from belote.records.replay import deal_from_record, match_from_record, replay_document

    if not args.trace:
        result = replay_document(doc, partial=args.partial, lenient=args.lenient or None)
        if compact:
            out.write(json.dumps(result, ensure_ascii=False) + "\n")
        else:
            write_json(result, out)
        return
    lenient = args.lenient or None
    if isinstance(doc, dict) and "deals" in doc:
        match, deals = match_from_record(doc, partial=args.partial, lenient=lenient)
        for number, deal in enumerate(deals, 1):
            out.write(f"=== Deal {number} of the match ===\n{describe_deal(deal)}\n")
            out.write(_offence_lines(deal))
        totals = ", ".join(str(total) for total in match.totals)
        winner = "nobody yet" if match.winner is None or not deals else side_name(
            deals[0], match.winner)
        out.write(f"Match: totals {totals}; target {match.target}; won by {winner}\n")
        return
    deal = deal_from_record(doc, partial=args.partial, lenient=lenient)
    out.write(describe_deal(deal))  # with --partial: the deal as far as it goes
    out.write(_offence_lines(deal))


def _offence_lines(deal: Deal) -> str:
    """The offences a lenient replay accepted, one line each, for ``--trace``."""
    lines = []
    for offence in deal.offences:
        sanction = offence.sanction
        if sanction.loser is not None:
            cost = f"side {sanction.loser} loses the match"
        else:
            cost = ", ".join(f"{points:+d} to side {side}"
                             for side, points in enumerate(sanction.points) if points)
        lines.append(f"Offence at action {offence.index}, {offence.action}: "
                     f"{offence.offence.value} ({offence.reason}); penalty: {cost}\n")
    return "".join(lines)


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    text = read_text(args.file)
    lines = _json_lines(text)
    if lines is None:
        _replay_one(read_json_text(text, args.file), args, out, compact=False)
        return EXIT_OK
    buffer = io.StringIO()  # nothing is printed unless every record replays
    for position, (number, line) in enumerate(lines):
        try:
            doc = read_json_text(line, args.file)
        except CommandError as exc:
            raise CommandError(f"line {number}: {exc}") from None
        if args.trace and position:
            buffer.write("\n")
        if args.trace:
            buffer.write(f"--- record on line {number} ---\n")
        try:
            _replay_one(doc, args, buffer, compact=True)
        except BeloteError as exc:
            raise CommandError(
                f"line {number}: " + _error_line(exc).removeprefix("error: ")
            ) from None
    out.write(buffer.getvalue())
    return EXIT_OK


def _cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    from belote.experiments.simulate import Progress
    from belote.solver.analyze import analyse_all, position_analyses, record_deals

    bids = not args.no_bidding
    with time_limit(args.time_limit, "the analysis"):
        analyses: list[Analysis] = position_analyses(args.position, args.file, bidding=bids)
    lines = None if analyses else _json_lines(text := read_text(args.file))
    if not analyses and lines is None:
        deals = record_deals(read_json_text(text, args.file))
    elif lines is not None:
        deals = []  # every line read and replayed first: a bad line is found before any solving
        for number, line in lines:
            try:
                deals += record_deals(read_json_text(line, args.file))
            except BeloteError as exc:  # a CommandError too
                raise CommandError(f"line {number}: {_error_line(exc).removeprefix('error: ')}") from None
            if args.deals is not None and len(deals) >= args.deals:
                break
    if not analyses:
        deals = deals[:args.deals]  # --deals: the first ones only (None: all)
        bar = Progress("analyze", len(deals))  # a bar on a terminal: the solver takes time
        try:
            with time_limit(args.time_limit, "the analysis"):
                analyses = analyse_all(deals, bar, bidding=bids)
        finally:
            bar.close()
    if args.json:
        docs = [analysis.to_json() for analysis in analyses]
        write_json(docs[0] if len(docs) == 1 and lines is None else docs, out)
    else:
        out.write("\n".join(analysis.to_text() for analysis in analyses))
    return EXIT_OK


def _lazy(module: str, name: str) -> Callable[[argparse.Namespace, TextIO], int]:
    """A command body imported only when its command runs (``belote.cli.play``, ``play_command``)."""
    def run(args: argparse.Namespace, out: TextIO) -> int:
        command: Callable[[argparse.Namespace, TextIO], int] = getattr(import_module(module), name)
        return command(args, out)
    return run


_cmd_simulate = _lazy("belote.cli.commands", "simulate_command")
_cmd_compare = _lazy("belote.cli.commands", "compare_command")
_cmd_duel = _lazy("belote.cli.commands", "duel_command")
_cmd_play = _lazy("belote.cli.play", "play_command")
_cmd_solve = _lazy("belote.cli.solving", "solve_command")


_WHOLE: Final = re.compile(r"-?[0-9]{1,30}")


def _whole(text: str) -> int:
    """A whole number written in ASCII digits, at most 30 of them."""
    if not _WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}")
    return int(text)


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def cpu_count() -> int:
    """The CPUs this process may run on (at least 1): the most worker processes worth starting."""
    if hasattr(os, "sched_getaffinity"):
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except OSError:  # pragma: no cover
            pass
    return max(1, os.cpu_count() or 1)


def _jobs(text: str) -> int:
    """``--jobs``: a positive count, capped at [`cpu_count`][belote.cli.main.cpu_count]."""
    return min(_positive(text), cpu_count())


_BOTS_HELP = ("which bots play: random, heuristic, pimc[:options], eval[:options], module:"
              "attribute, or engine:COMMAND in any language (docs/engines.md; default heuristic)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``belote`` command."""
    parser = _Parser(
        prog="belote",
        description="Rules, scoring, replay and simulation of Belote and its regional variants.",
        epilog="Examples: belote variants; belote rules piedicavallo; belote score tally.json; "
        "belote compare --deals 2000 --seed 1",
    )
    from belote import __version__

    parser.add_argument("--version", action="version", version=f"belote {__version__} ({core()})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def add(name: str, handler: Callable[[argparse.Namespace, TextIO], int], help_text: str,
            example: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text, epilog=f"Example: {example}")
        p.set_defaults(handler=handler)
        return p

    def workers(p: argparse.ArgumentParser) -> None:  # --jobs and --dask
        p.add_argument("--jobs", type=_jobs, default=1,
                       help="worker processes (default 1; at most the machine's CPU count, "
                       "a larger number is lowered to it)")
        p.add_argument("--dask", metavar="ADDRESS", default=None,
                       help="run on the dask scheduler at ADDRESS, or local:N for N local worker "
                       "processes; needs the dask extra: pip install 'belote[dask]'")

    def par_options(p: argparse.ArgumentParser, what: str) -> None:  # --par and --par-deals
        p.add_argument("--par", action="store_true", help=f"also play the first --par-deals "
                       f"decks out perfectly after the bots' bidding (the double-dummy solver) {what}")
        p.add_argument("--par-deals", type=_positive, default=PAR_DEALS, metavar="N",
                       help=f"decks played out perfectly with --par (default {PAR_DEALS}: "
                       "about a second of solving per deck played)")

    p = add("variants", _cmd_variants, "List the variants: name, players, description.",
            "belote variants --json")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("rules", _cmd_rules, "Show every rule (knob) of a variant.",
            "belote rules italian751 --json")
    p.add_argument("variant", help="variant name or alias")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("score", _cmd_score, "Score a tally or a match of tallies. Prints a summary for "
            "a scorekeeper when standard output is a terminal, and the result JSON otherwise "
            "(piped or redirected); --text and --json choose.",
            "echo '{...tally...}' | belote score -")
    p.add_argument("file", help="JSON file, or - for standard input")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--text", action="store_true",
                      help="print a summary for people (the default on a terminal)")
    form.add_argument("--json", action="store_true",
                      help="print the result JSON (the default when piped)")

    p = add("replay", _cmd_replay, "Replay a deal or match record, checking every action; "
            "prints result JSON. A file of JSON lines (what 'belote simulate --records' "
            "writes) gives one result line per record.", "belote replay --trace deals.jsonl")
    p.add_argument("file", help="JSON file or JSON lines, or - for standard input")
    p.add_argument("--trace", action="store_true",
                   help="print each deal trick by trick for people instead of JSON")
    p.add_argument("--partial", action="store_true",
                   help="accept a record that stops before the deal ends and print where it "
                   "stands (phase, seat to act, legal actions)")
    p.add_argument("--lenient", action="store_true",
                   help="accept the offences the variant sanctions (a renege, a false "
                   "announcement, a card out of turn), list them under \"offences\" and "
                   "apply their penalties, instead of refusing the record")

    p = add("analyze", _cmd_analyze, "Value every bid and card of a played deal with the "
            "double-dummy solver against the best one its seat had; '?' marks one that lost "
            "value, '??' a card that changed the result of perfect play.",
            "belote analyze deal.json")
    p.add_argument("file", nargs="?", help="deal or match record: JSON file or JSON lines, or - "
                   "for standard input")
    p.add_argument("--position", help="analyse the cards played in this position instead "
                   "(docs/positions.md)")
    p.add_argument("--no-bidding", action="store_true", help="value the cards only, not the "
                   "bids (each other bid a seat could make costs a solve)")
    p.add_argument("--deals", type=_positive, default=None, metavar="N",
                   help="analyse only the first N deals of the record or the file (default all)")
    p.add_argument("--time-limit", type=seconds, default=None, metavar="SECONDS",
                   help="stop, and exit with status 2, when the analysis takes longer")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("solve", _cmd_solve, "Solve a position (docs/positions.md) with every hand known: "
            "the value of each legal card of the seat to act and a line of perfect play; with "
            "the other hands written '?', estimate the best card or call on sampled deals.",
            'belote solve "belote/1 classic | dealer 0 | hands ... | turned AC | bids take"')
    p.add_argument("position", help="the position, one line (- reads it from standard input)")
    p.add_argument("--time-limit", type=seconds, default=None, metavar="SECONDS",
                   help="stop, and exit with status 2, when the solver takes longer")
    p.add_argument("--samples", type=_positive, default=20, metavar="N",
                   help="deals sampled for a position with '?' hands (default 20)")
    p.add_argument("--seed", type=_whole, default=0, help="seed of those samples (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("simulate", _cmd_simulate, "Bots play N deals of a variant; prints statistics.",
            "belote simulate classic --deals 1000 --seed 7 --bots heuristic")
    p.add_argument("variant", help="variant name or alias")
    p.add_argument("--deals", type=_positive, default=1000, help="deals to play (default 1000)")
    p.add_argument("--seed", type=_whole, default=1, help="random seed (default 1)")
    p.add_argument("--players", type=_positive, default=None, help="number of players")
    p.add_argument("--bots", default="heuristic", metavar="SPEC", help=_BOTS_HELP)
    workers(p)
    add_bot_options(p)
    p.add_argument("--records", metavar="FILE", default=None,
                   help="write every deal record as JSON lines to FILE")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("compare", _cmd_compare, "Play the same random decks under several variants and "
            "compare outcomes side by side.", "belote compare classic piedicavallo --deals 500")
    p.add_argument("variants", nargs="*", metavar="VARIANT",
                   help="variants to compare (default: the four-player ones scored in points)")
    p.add_argument("--deals", type=_positive, default=2000, help="decks to play (default 2000)")
    p.add_argument("--seed", type=_whole, default=1, help="random seed (default 1)")
    p.add_argument("--players", type=_positive, default=None, help="number of players")
    p.add_argument("--bots", default="heuristic", metavar="SPEC", help=_BOTS_HELP)
    workers(p)
    add_bot_options(p)
    p.add_argument("--matches", type=_whole, default=None,
                   help="matches played to the target per variant (default: deals / 10)")
    par_options(p, "and show it beside the bots' figures")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--plot", metavar="FILE", default=None,
                   help="also draw the comparison as a chart in FILE (.svg or .png); "
                   "needs the plot extra: pip install 'belote[plot]'")
    p.add_argument("--knobs", metavar="VARIANT", default=None, help="instead, play VARIANT "
                   "and each single-knob change of it on the same decks; rank the changes")
    p.add_argument("--disputes", action="store_true", help="with --knobs: only the other "
                   "readings the published rulebooks give of the variant's disputed rules "
                   "(belote rules VARIANT shows who reads each which way)")

    p = add("duel", _cmd_duel, "Duplicate duel: two bots play the same decks, each deck once "
            "with each bot on every side; prints the mean score difference per deal.",
            "belote duel classic heuristic random --deals 2000 --seed 1")
    p.add_argument("variant", help="variant name or alias")
    p.add_argument("bot_a", metavar="BOT_A",
                   help="bot A: random, heuristic, pimc:samples=20, eval, module:attribute, engine:COMMAND")
    p.add_argument("bot_b", metavar="BOT_B", help="bot B, written the same way")
    p.add_argument("--deals", type=_positive, default=1000,
                   help="decks to play, each once per side (default 1000)")
    p.add_argument("--seed", type=_whole, default=1, help="random seed (default 1)")
    p.add_argument("--players", type=_positive, default=None, help="number of players")
    workers(p)
    add_bot_options(p)
    p.add_argument("--matches", type=_positive, nargs="?", const=0, default=None, metavar="N",
                   help="also play N matches to the target, once per side (N defaults to deals / 10)")
    par_options(p, "and report each bot's par gap: its mean loss per deal against that par")
    p.add_argument("--card-losses", action="store_true", help="with --par, also value every "
                   "card of the solved plays (as analyze): each bot's own card loss per deal")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("play", _cmd_play, "Play a match in the terminal against bots.",
            "belote play classic")
    p.add_argument("variant", nargs="?", default=None,
                   help="variant name, alias or spec (may be left out with --resume)")
    p.add_argument("--resume", metavar="FILE", default=None,
                   help="continue a match saved on quit (a match record)")
    p.add_argument("--players", type=_positive, default=None, help="number of players")
    p.add_argument("--seed", type=_whole, default=None, help="random seed")
    p.add_argument("--bot", default="heuristic", help="the other seats' bot (default heuristic; pimc)")

    p = add("serve", _lazy("belote.web", "serve_command"), "Open a table in the browser: play, "
            "replay and analyse, compare; needs the web extra: pip install 'belote[web]'.",
            "belote serve --port 8000")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=port, default=8000, help="port, 1 to 65535 (default 8000)")
    p.add_argument("--allow-host", action="append", default=None, metavar="NAME",
                   help="a host name the table answers for besides the loopback names and --host "
                   "(repeatable); requests naming another Host are refused")
    p.add_argument("--db", metavar="PATH", help="the SQLite file keeping the games across restarts "
                   "(default $XDG_DATA_HOME/belote/games.sqlite3; :memory: keeps none)")
    import_module("belote.cli.engines").engine_parsers(add, _lazy, _whole, serve=p)
    import_module("belote.cli.fitting").fit_parser(add, _lazy, _whole)
    return parser


def _error_line(exc: Exception) -> str:
    if isinstance(exc, InvalidRecord) and exc.index is not None:
        return f"error: action {exc.index} {shown(exc.action, quote=chr(34))}: {exc}"
    if isinstance(exc, InvalidTally) and exc.field and not str(exc).startswith(exc.field):
        return f"error: {exc.field}: {exc}"
    return f"error: {exc}"


def error_line(exc: Exception) -> str:
    r"""The one ``error:`` line reporting ``exc``: non-printable characters escaped, length capped.

    >>> print(error_line(CommandError("bad\x1b[2J input\nsecond line")))
    error: bad\x1b[2J input\nsecond line
    """
    line = printable(_error_line(exc))
    if len(line) > MAX_ERROR_LINE:
        line = line[: MAX_ERROR_LINE - 30] + f"... ({len(line)} characters)"
    return line


def _report(line: str) -> None:
    """Write one line on standard error, if there is one to write to."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the ``belote`` command and return its exit status.

    Bad input, and an output that cannot be written, end in status 2 and one
    ``error:`` line on standard error; a closed pipe ends quietly.
    """
    raw = out if out is not None else sys.stdout
    return stoppable(lambda: _main(argv, out, raw), command=argv is None)


def _main(argv: Sequence[str] | None, out: TextIO | None, raw: TextIO | None) -> int:
    try:
        if raw is None:
            raise OutputError("cannot write to standard output: it is closed")
        stream = cast(TextIO, _Output(raw))
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace, TextIO], int] = args.handler
        status = handler(args, stream)
        stream.flush()
        return status
    except BeloteError as exc:
        _report(error_line(exc))
        return EXIT_BAD_INPUT
    except Stopped as exc:
        return stopped_status(exc)
    except KeyboardInterrupt:
        _report("error: interrupted")
        return 130
    except BrokenPipeError:
        if out is None:  # the process's own standard output: keep the exit flush quiet
            _quiet_stdout()
        return EXIT_OK
    except RecursionError:
        _report("error: the input is nested too deeply")
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug is reported in one line, not a traceback
        _report(printable(f"error: internal error ({type(exc).__name__}: {exc}); "
                          "please report it")[:MAX_ERROR_LINE])
        return 1


def _quiet_stdout() -> None:
    """After a closed pipe, point standard output at nothing so the exit flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
