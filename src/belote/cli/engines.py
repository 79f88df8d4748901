"""The arguments of ``belote check-engine``, ``belote engine serve``, ``belote corpus`` and ``belote serve --engine``.

Kept out of ``belote.cli`` so that module stays under the project's module
size; its ``build_parser`` calls
[`engine_parsers`][belote.cli.engines.engine_parsers] with its own helpers.
The commands' bodies are in [`belote.experiments.engines`][belote.experiments.engines]
and [`belote.experiments.corpus`][belote.experiments.corpus], imported only when they run.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from belote.cli.options import seconds

__all__ = ["engine_parsers"]

Handler = Callable[[argparse.Namespace, TextIO], int]


def engine_parsers(
    add: Callable[[str, Handler, str, str], argparse.ArgumentParser],
    lazy: Callable[[str, str], Handler],
    whole: Callable[[str], int],
    serve: argparse.ArgumentParser,
) -> None:
    """Add the engine and corpus commands with ``add`` (name, handler, help, example), and ``--engine`` to ``serve``."""
    p = add("check-engine", lazy("belote.experiments.engines", "check_engine_command"), "Check an "
            "engine speaking belote-engine/1 against the conformance corpus's positions and in "
            "a duel against random; prints every disagreement, exit status 1 if there is one "
            "(docs/engines.md).", 'belote check-engine "node examples/engines/simple_bot.js"')
    p.add_argument("command", nargs="+", metavar="COMMAND",
                   help="the engine's command line (one quoted word, or the words after --)")
    p.add_argument("--deals", type=whole, default=20,
                   help="decks of the duel against random on each table (default 20; 0: none)")
    p.add_argument("--seed", type=whole, default=1, help="the duel's seed (default 1)")
    p.add_argument("--timeout", type=seconds, default=5.0,
                   help="seconds the engine has to start and answer hello, and to answer "
                   "each decision (default 5)")
    p.add_argument("--variant", action="append", default=None, metavar="SPEC",
                   help="check only this table of the corpus (repeatable): classic, piedicavallo, "
                   "italian751, french, contree, bulgarian, or one of the corpus's variant specs")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = add("engine", lazy("belote.experiments.engines", "serve_command"), "Play a bot over the "
            "engine protocol belote-engine/1 on standard input and output (docs/engines.md).",
            "belote engine serve heuristic")
    p.add_argument("verb", choices=["serve"], help="serve: answer the protocol's messages")
    p.add_argument("bot", metavar="BOT", help="the bot: random, heuristic, pimc[:options], a "
                   "plug-in name or module:attribute")

    p = add("corpus", lazy("belote.experiments.corpus", "corpus_command"), "Write the conformance corpus "
            "belote-corpus/1 (JSON lines of questions and this library's answers) into a "
            "directory (docs/corpus.md).", "belote corpus --out corpus")
    p.add_argument("--out", required=True, metavar="DIR", help="the directory to write (made if "
                   "missing; the corpus's files in it are replaced)")
    p.add_argument("--seed", type=whole, default=None,
                   help="the seed (default: the shipped corpus's, which is then written again "
                   "byte for byte)")

    serve.add_argument("--engine", action="append", default=None, metavar="NAME=COMMAND",
                       help="offer the engine COMMAND (belote-engine/1, docs/engines.md) in the "
                       "seat menus as NAME (repeatable)")
