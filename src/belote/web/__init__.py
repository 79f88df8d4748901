"""``belote serve``: a table in the browser (the ``web`` extra: Starlette and uvicorn).

The page plays a match against the built-in bots, replays and analyses
records, and compares variants. It holds no rule: it asks the server for
the legal actions, the views and the results, and the server is a thin
layer over the library: [`belote.web.table`][belote.web.table] (a match at
the table, as JSON) and [`belote.web.app`][belote.web.app] (the endpoints).
Importing this package needs nothing beyond the core; the app module needs
the ``web`` extra (``pip install 'belote[web]'``).

What it may import: the experiments, the agents, the solver, records and
everything below; never the command line (which starts it for ``belote serve``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Final, TextIO

from belote.errors import InvalidArgument, MissingExtra

__all__ = ["LOOPBACK", "parse_engines", "serve_command"]

LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
"""Addresses that only this machine reaches: ``belote serve`` warns on any other."""


def parse_engines(items: list[str]) -> dict[str, str]:
    """``--engine NAME=COMMAND`` options as a mapping of name to command line.

    Raises:
        InvalidArgument: an item without ``=``, a name that is not an identifier,
            a built-in bot's name or ``human``, or a name given twice.
    """
    engines: dict[str, str] = {}
    for item in items:
        name, equals, command = item.partition("=")
        name = name.strip()
        if not equals or not name.isidentifier() or not command.strip():
            raise InvalidArgument(f"--engine: write NAME=COMMAND, not {item!r}")
        if name in ("human", "random", "heuristic", "pimc") or name in engines:
            raise InvalidArgument(f"--engine: the name {name!r} is taken")
        engines[name] = command.strip()
    return engines


def serve_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote serve [--host H] [--port P]``: serve the page until interrupted; returns 0.

    Raises:
        MissingExtra: Starlette or uvicorn is not installed.
    """
    try:
        import uvicorn

        from belote.web.app import create_app
    except ImportError:
        raise MissingExtra("belote serve needs the web extra: pip install 'belote[web]'", "web") from None
    host, port = args.host, args.port
    if host not in LOOPBACK:
        sys.stderr.write(f"warning: listening on {host}: other machines can reach this table; "
                         "it has no password\n")
    shown = f"[{host}]" if ":" in host else host
    out.write(f"belote serve: open http://{shown}:{port}/ (Ctrl-C stops)\n")
    out.flush()
    engines = parse_engines(getattr(args, "engine", None) or [])
    uvicorn.run(create_app(engines=engines), host=host, port=port, log_level="warning")
    return 0
