"""The ``belote`` command (CONTRACT.md "Command line").

Every subcommand exits with status 0 on success and with status 2 and one
line on standard error starting with ``error:`` on bad input, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from belote.errors import BeloteError, InvalidRecord, InvalidTally

__all__ = ["CommandError", "main"]

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class CommandError(BeloteError):
    """Bad input to a command, reported as one ``error:`` line and exit 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors follow the ``error:`` contract."""

    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{self.prog}: {message} (see '{self.prog} --help')")


def read_json(path: str, stdin: TextIO | None = None) -> object:
    """Read a JSON document from a file path, or from standard input for ``-``.

    Raises:
        CommandError: the file cannot be read or is not JSON.
    """
    try:
        if path == "-":
            text = (stdin or sys.stdin).read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(
            f"malformed JSON in {path}: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None


def write_json(document: object, out: TextIO) -> None:
    """Write ``document`` as indented JSON and a newline."""
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")


# --- subcommands ----------------------------------------------------------------------


def _cmd_variants(args: argparse.Namespace, out: TextIO) -> int:
    from belote.rules import available_variants

    variants = available_variants()
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
    for r in variants:
        players = " or ".join(str(n) for n in r.player_counts)
        out.write(f"{r.name:<{width}}  {players} players  {r.description}\n")
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    from belote.describe import describe_rules, rules_to_json
    from belote.rules import get_rules

    rules = get_rules(args.variant)
    if args.json:
        write_json(rules_to_json(rules), out)
    else:
        out.write(describe_rules(rules))
    return EXIT_OK


def _cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    from belote.records import score_document

    write_json(score_document(read_json(args.file)), out)
    return EXIT_OK


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from belote.replay import replay_document

    write_json(replay_document(read_json(args.file), partial=args.partial), out)
    return EXIT_OK


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from belote.simulate import simulate_command

    return simulate_command(args, out)


def _cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    from belote.simulate import compare_command

    return compare_command(args, out)


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from belote.play import play_command

    return play_command(args, out)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``belote`` command."""
    parser = _Parser(
        prog="belote",
        description="Rules, scoring, replay and simulation of Belote and its regional variants.",
        epilog="Examples: belote variants; belote rules piedicavallo; belote score tally.json; "
        "belote compare --deals 2000 --seed 1",
    )
    from belote import __version__

    parser.add_argument("--version", action="version", version=f"belote {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def add(name: str, handler: Callable[[argparse.Namespace, TextIO], int], help_text: str,
            example: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text, epilog=f"Example: {example}")
        p.set_defaults(handler=handler)
        return p

    p = add("variants", _cmd_variants, "List the variants: name, players, description.",
            "belote variants --json")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("rules", _cmd_rules, "Show every rule (knob) of a variant.",
            "belote rules italian751 --json")
    p.add_argument("variant", help="variant name or alias")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("score", _cmd_score, "Score a tally or a match of tallies; prints result JSON.",
            "echo '{...tally...}' | belote score -")
    p.add_argument("file", help="JSON file, or - for standard input")

    p = add("replay", _cmd_replay, "Replay a deal or match record, checking every action; "
            "prints result JSON.", "belote replay deal.json")
    p.add_argument("file", help="JSON file, or - for standard input")
    p.add_argument("--partial", action="store_true",
                   help="accept a record that stops before the deal ends and print where it "
                   "stands (phase, seat to act, legal actions)")

    p = add("simulate", _cmd_simulate, "Bots play N deals of a variant; prints statistics.",
            "belote simulate classic --deals 1000 --seed 7 --bots heuristic")
    p.add_argument("variant", help="variant name or alias")
    p.add_argument("--deals", type=_positive, default=1000, help="deals to play (default 1000)")
    p.add_argument("--seed", type=_whole, default=0, help="random seed (default 0)")
    p.add_argument("--players", type=_positive, default=None, help="number of players")
    p.add_argument("--bots", choices=("random", "heuristic"), default="heuristic",
                   help="which bots play (default heuristic)")
    p.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    p.add_argument("--records", metavar="FILE", default=None,
                   help="write every deal record as JSON lines to FILE")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("compare", _cmd_compare, "Play the same random decks under several variants and "
            "compare outcomes side by side.", "belote compare classic piedicavallo --deals 500")
    p.add_argument("variants", nargs="*", metavar="VARIANT",
                   help="variants to compare (default: the four-player variants)")
    p.add_argument("--deals", type=_positive, default=2000, help="decks to play (default 2000)")
    p.add_argument("--seed", type=_whole, default=1, help="random seed (default 1)")
    p.add_argument("--players", type=_positive, default=None, help="number of players")
    p.add_argument("--bots", choices=("random", "heuristic"), default="heuristic",
                   help="which bots play (default heuristic)")
    p.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    p.add_argument("--matches", type=_whole, default=None,
                   help="matches played to the target per variant (default: deals / 10)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("play", _cmd_play, "Play a match in the terminal against bots.",
            "belote play classic")
    p.add_argument("variant", help="variant name or alias")
    p.add_argument("--players", type=_positive, default=None, help="number of players")
    p.add_argument("--seed", type=_whole, default=None, help="random seed")
    return parser


def _error_line(exc: Exception) -> str:
    if isinstance(exc, InvalidRecord) and exc.index is not None:
        return f'error: action {exc.index} "{exc.action}": {exc}'
    if isinstance(exc, InvalidTally) and exc.field and exc.field not in str(exc):
        return f"error: {exc.field}: {exc}"
    return f"error: {exc}"


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the ``belote`` command and return its exit status."""
    stream = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace, TextIO], int] = args.handler
        return handler(args, stream)
    except BeloteError as exc:
        print(_error_line(exc).replace("\n", " "), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug is reported in one line, not a traceback
        print(f"error: internal error ({type(exc).__name__}: {exc}); please report it",
              file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
