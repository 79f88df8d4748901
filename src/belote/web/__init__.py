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
import re
import socket
import sqlite3
import sys
from typing import Final, TextIO

from belote.errors import InvalidArgument, MissingExtra, shown
from belote.web.hosts import LOOPBACK
from belote.web.store import BadDatabase, default_db_path

__all__ = ["LOOPBACK", "check_address", "parse_engines", "serve_command", "served_hosts"]

_HOST: Final = re.compile(r"[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*|[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?")
"""An IPv6 address, or an IPv4 address or host name as letters, digits, dots and hyphens."""



def check_address(host: str, port: int) -> None:
    """Check that ``belote serve`` can listen on ``host`` and ``port`` (by binding them once).

    Raises:
        InvalidArgument: a port outside 1..65535, a host that names no address
            of this machine, or an address or port already in use.
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise InvalidArgument(f"--port: a port number from 1 to 65535, not {shown(port)}")
    if not _HOST.fullmatch(host):  # not even written like a host name: no lookup at all
        raise InvalidArgument(f"--host: {shown(host)} is not an address or a host name")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as exc:
        raise InvalidArgument(f"--host: {shown(host)} is not an address to listen on "
                              f"({getattr(exc, 'strerror', None) or exc})") from None
    family, kind, proto, _, address = found[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        raise InvalidArgument(f"cannot listen on {shown(host)} port {port}: "
                              f"{exc.strerror or exc}") from None


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


def served_hosts(host: str, allowed: list[str] | None) -> tuple[str, ...]:
    """The host names ``belote serve --host HOST --allow-host NAME ...`` answers for.

    The loopback names, ``HOST`` unless it stands for every address, and each
    ``NAME``; a request naming another ``Host`` is refused (DNS rebinding).

    >>> served_hosts("127.0.0.1", None)
    ('127.0.0.1', 'localhost', '::1')
    >>> served_hosts("0.0.0.0", ["table.lan"])
    ('127.0.0.1', 'localhost', '::1', 'table.lan')

    Raises:
        InvalidArgument: a ``NAME`` that is not written like a host name.
    """
    names = list(LOOPBACK)
    if host not in ("0.0.0.0", "::", ""):
        names.append(host.lower())
    for name in allowed or ():
        if not _HOST.fullmatch(name.strip("[]")):
            raise InvalidArgument(f"--allow-host: {shown(name)} is not an address or a host name")
        names.append(name.strip("[]").lower())
    return tuple(dict.fromkeys(names))


def serve_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote serve [--host H] [--port P] [--db PATH]``: serve the page until interrupted; returns 0.

    Raises:
        MissingExtra: Starlette or uvicorn is not installed.
    """
    try:
        import uvicorn

        from belote.web.app import Limits, create_app
        from belote.web.server import guarded_protocol
    except ImportError:
        raise MissingExtra("belote serve needs the web extra: pip install 'belote[web]'", "web") from None

    host, port = args.host, args.port
    hosts = served_hosts(host, getattr(args, "allow_host", None))
    check_address(host, port)  # a bad host or a port in use: exit 2 before anything is printed
    db = getattr(args, "db", None) or str(default_db_path())
    if host not in LOOPBACK:
        sys.stderr.write(f"warning: listening on {host}: other machines can reach this table; "
                         "it has no password, and a seat's link (its only key) crosses the "
                         "network unencrypted: serve it on a network you trust\n")
    shown = f"[{host}]" if ":" in host else host
    out.write(f"belote serve: open http://{shown}:{port}/ (Ctrl-C stops); games kept in {db}\n")
    out.flush()
    engines = parse_engines(getattr(args, "engine", None) or [])
    limits = Limits()
    try:
        app = create_app(limits, engines=engines, hosts=hosts, db=db)
    except (OSError, sqlite3.Error, BadDatabase) as exc:
        raise InvalidArgument(f"--db: cannot keep the games in {db!r}: {exc}") from None
    uvicorn.run(app, host=host, port=port, log_level="warning", http=guarded_protocol(limits))
    return 0
