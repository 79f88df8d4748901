"""Load test of ``belote serve`` on loopback: many clients playing deals at once.

Run: ``python benchmarks/web_load.py [--clients 50] [--seconds 60]``, or
``python benchmarks/web_load.py --tables 20 --clients 0 --seconds 60`` for
tables of friends.

Starts ``belote serve`` on 127.0.0.1 (a free port, its games in a temporary
``--db`` file) in a child process, then for ``--seconds``:

- ``--clients`` clients, each with its own connection, each starting a
  classic match against three heuristic bots, playing the first offered
  choice (never calling out) until the deal is over, dealing the next one,
  starting a new match when one ends, and deleting its game at the end;
- ``--tables`` tables of ``--seats`` people (4: every seat a person's), each
  person a client of its own with its seat's token and two connections: one
  follows the table's event stream (``GET /api/games/ID/events``), the
  other asks for the view when the stream says the table changed (or after
  5 s without news) and plays the first offered choice when it is the
  seat's turn; seat 0 deals the next deal and starts a new match when one
  ends.

Every loop is bounded (time, and at most ``--max-requests`` requests per
client), and the server only ever listens on the loopback address. Prints
the requests, the errors (any answer but 2xx, or a failed connection; a
``5xx`` is always one) and the response times: median, p95 and the slowest,
for all requests and for each kind. Exit status 1 when any request failed.

Needs the web extra (``pip install 'belote[web]'``), for httpx and uvicorn.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import IO, Any

import httpx

HOST = "127.0.0.1"


@dataclass
class Tally:
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    deals: int = 0
    kinds: dict[str, list[float]] = field(default_factory=dict)
    server_errors: int = 0
    events: int = 0


@dataclass
class Friends:
    """One table of friends: its game and each seat's token, shared by the seats' clients."""

    key: str = ""
    tokens: dict[int, str] = field(default_factory=dict)
    changed: dict[int, asyncio.Event] = field(default_factory=dict)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(port: int, log: IO[bytes], db: str) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "belote", "serve", "--host", HOST, "--port", str(port), "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=log,
        env={**os.environ},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return server
        except OSError:
            if server.poll() is not None:
                log.seek(0)
                raise SystemExit(f"the server did not start: {log.read().decode()[-2000:]}") from None
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start within 30 s")


def kind_of(method: str, path: str) -> str:
    """``POST choose``, ``GET view``...: the kind of a request, for its own response times."""
    last = path.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    return f"{method} {'games' if last == 'games' or method == 'DELETE' else last}"


async def call(client: httpx.AsyncClient, tally: Tally, method: str, path: str,
               body: dict[str, Any] | None = None,
               params: dict[str, str] | None = None) -> dict[str, Any] | None:
    start = time.perf_counter()
    try:
        response = await client.request(method, path, json=body, params=params)
    except httpx.HTTPError as exc:
        tally.errors.append(f"{method} {path}: {type(exc).__name__}: {exc}")
        return None
    took = time.perf_counter() - start
    tally.times.append(took)
    tally.kinds.setdefault(kind_of(method, path), []).append(took)
    if response.status_code >= 500:
        tally.server_errors += 1
    if not response.is_success:
        tally.errors.append(f"{method} {path}: {response.status_code} {response.text[:200]}")
        return None
    doc: dict[str, Any] = response.json()
    return doc


async def player(base: str, number: int, deadline: float, max_requests: int, tally: Tally) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        game: dict[str, Any] | None = None
        requests = 0
        while time.monotonic() < deadline and requests < max_requests:
            requests += 1
            if game is None or game["match"]["over"]:
                if game is not None:
                    await call(client, tally, "DELETE", f"/api/games/{game['id']}")
                game = await call(client, tally, "POST", "/api/games", {
                    "variant": "classic", "seed": number * 100_000 + requests,
                    "seats": ["human", "heuristic", "heuristic", "heuristic"]})
            elif game["deal_over"]:
                tally.deals += 1
                game = await call(client, tally, "POST", f"/api/games/{game['id']}/next-deal",
                                  {"version": game["version"]})
            else:
                choice = next(c["index"] for c in game["choices"] if c["verb"] != "stop")
                key = game["id"]
                game = await call(client, tally, "POST", f"/api/games/{key}/choose",
                                  {"choice": choice, "version": game["version"]})
            if game is None:
                return  # the error is counted; this client stops
        if game is not None:
            await call(client, tally, "DELETE", f"/api/games/{game['id']}")


async def new_friends_game(client: httpx.AsyncClient, tally: Tally, table: Friends, seats: int,
                           number: int) -> bool:
    game = await call(client, tally, "POST", "/api/games", {
        "variant": "classic", "seed": number, "seats": ["human"] * seats})
    if game is None:
        return False
    table.tokens = {entry["seat"]: entry["token"] for entry in game["seats"] if "token" in entry}
    table.key = game["id"]
    for event in table.changed.values():
        event.set()
    return True


async def follow(base: str, table: Friends, seat: int, deadline: float, tally: Tally) -> None:
    """The seat's event stream: wake the seat's client at each new version (a new stream per game)."""
    async with httpx.AsyncClient(base_url=base, timeout=httpx.Timeout(10, read=30)) as client:
        while time.monotonic() < deadline:
            key, token = table.key, table.tokens.get(seat, "")
            try:
                async with client.stream("GET", f"/api/games/{key}/events",
                                         params={"token": token}) as response:
                    if response.status_code != 200:
                        if response.status_code >= 500:
                            tally.server_errors += 1
                        tally.errors.append(f"GET events: {response.status_code}")
                        return
                    async for line in response.aiter_lines():
                        if line.startswith("data:"):
                            tally.events += 1
                            table.changed[seat].set()
                        if table.key != key or time.monotonic() >= deadline:
                            break
            except httpx.HTTPError as exc:
                if time.monotonic() < deadline:
                    tally.errors.append(f"GET events: {type(exc).__name__}: {exc}")
                return


async def friend(base: str, table: Friends, seat: int, deadline: float, max_requests: int,
                 tally: Tally, number: int) -> None:
    """A person at a table of friends: looks when told the table changed, plays on its turn."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        requests = 0
        games = 0
        while time.monotonic() < deadline and requests < max_requests:
            changed = table.changed[seat]
            with contextlib.suppress(TimeoutError):  # no news for a while: look anyway
                await asyncio.wait_for(changed.wait(), max(0.01, min(5.0, deadline - time.monotonic())))
            changed.clear()
            if time.monotonic() >= deadline:
                break
            key, token = table.key, table.tokens[seat]
            requests += 1
            view = await call(client, tally, "GET", f"/api/games/{key}/view", params={"token": token})
            if view is None:
                return
            if view["match"]["over"]:
                if seat == 0:
                    games += 1
                    requests += 1
                    if not await new_friends_game(client, tally, table, len(table.tokens),
                                                  number * 1000 + games):
                        return
                continue
            if view["deal_over"]:
                if seat == 0:
                    tally.deals += 1
                    requests += 1
                    if await call(client, tally, "POST", f"/api/games/{key}/next-deal",
                                  {"version": view["version"], "token": token}) is None:
                        return
                continue
            if view["your_turn"]:
                choice = next(c["index"] for c in view["choices"] if c["verb"] != "stop")
                requests += 1
                if await call(client, tally, "POST", f"/api/games/{key}/choose",
                              {"choice": choice, "version": view["version"], "token": token}) is None:
                    return


async def run(base: str, clients: int, seconds: float, max_requests: int, tables: int = 0,
              seats: int = 4) -> Tally:
    tally = Tally()
    deadline = time.monotonic() + seconds
    friends = [Friends(changed={seat: asyncio.Event() for seat in range(seats)})
               for _ in range(tables)]
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for number, table in enumerate(friends):
            if not await new_friends_game(client, tally, table, seats, number):
                return tally
    streams = [asyncio.create_task(follow(base, table, seat, deadline, tally))
               for table in friends for seat in range(seats)]
    tasks = [player(base, k, deadline, max_requests, tally) for k in range(clients)]
    for number, table in enumerate(friends):
        tasks += [friend(base, table, seat, deadline, max_requests, tally, number)
                  for seat in range(seats)]
    await asyncio.gather(*tasks)
    for task in streams:  # the streams never end by themselves
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    return tally


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def load_test(clients: int = 50, seconds: float = 60, max_requests: int = 100_000,
              tables: int = 0, seats: int = 4) -> Tally:
    """Start the server, run the clients and the tables of friends, stop the server; the tally of every request."""
    port = free_port()
    with tempfile.TemporaryFile() as log, tempfile.TemporaryDirectory() as folder:
        server = start_server(port, log, os.path.join(folder, "games.sqlite3"))
        try:
            return asyncio.run(run(f"http://{HOST}:{port}", clients, seconds, max_requests,
                                   tables, seats))
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50, help="clients alone at a table of bots")
    parser.add_argument("--tables", type=int, default=0, help="tables of friends")
    parser.add_argument("--seats", type=int, default=4, help="people at each table of friends (2 to 4)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--max-requests", type=int, default=100_000,
                        help="requests per client at most")
    args = parser.parse_args()
    started = time.monotonic()
    tally = load_test(args.clients, args.seconds, args.max_requests, args.tables, args.seats)
    elapsed = time.monotonic() - started
    times = tally.times
    who = f"{args.clients} clients"
    if args.tables:
        who += f" and {args.tables} tables of {args.seats} people ({args.tables * args.seats} clients)"
    print(f"{who} for {args.seconds:g} s on {HOST}: {len(times)} requests answered "
          f"({len(times) / elapsed:.0f}/s), {tally.deals} deals finished, {tally.events} events "
          f"streamed, {len(tally.errors)} errors, {tally.server_errors} answers 5xx")
    if times:
        print(f"response time: median {1000 * statistics.median(times):.1f} ms, "
              f"p95 {1000 * percentile(times, 0.95):.1f} ms, slowest {1000 * max(times):.1f} ms")
        for kind, taken in sorted(tally.kinds.items()):
            print(f"  {kind:<16} {len(taken):>7} requests: median "
                  f"{1000 * statistics.median(taken):.1f} ms, p95 {1000 * percentile(taken, 0.95):.1f} ms")
    for error in tally.errors[:10]:
        print(f"  error: {error}")
    return 1 if tally.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
