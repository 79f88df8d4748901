"""Load test of ``belote serve`` on loopback: many clients playing deals at once.

Run: ``python benchmarks/web_load.py [--clients 50] [--seconds 60]``.

Starts ``belote serve`` on 127.0.0.1 (a free port) in a child process, then
``--clients`` clients, each with its own connection, play for ``--seconds``:
each starts a classic match against three heuristic bots, plays the first
offered choice (never calling out) until the deal is over, deals the next
one, starts a new match when one ends, and deletes its game at the end.
Every loop is bounded (time, and at most ``--max-requests`` requests per
client), and the server only ever listens on the loopback address. Prints
the requests, the errors (any answer but 2xx, or a failed connection) and
the response times: median, p95 and the slowest. Exit status 1 when any
request failed.

Needs the web extra (``pip install 'belote[web]'``), for httpx and uvicorn.
"""

from __future__ import annotations

import argparse
import asyncio
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(port: int, log: IO[bytes]) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "belote", "serve", "--host", HOST, "--port", str(port)],
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


async def call(client: httpx.AsyncClient, tally: Tally, method: str, path: str,
               body: dict[str, Any] | None = None) -> dict[str, Any] | None:
    start = time.perf_counter()
    try:
        response = await client.request(method, path, json=body)
    except httpx.HTTPError as exc:
        tally.errors.append(f"{method} {path}: {type(exc).__name__}: {exc}")
        return None
    tally.times.append(time.perf_counter() - start)
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


async def run(base: str, clients: int, seconds: float, max_requests: int) -> Tally:
    tally = Tally()
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(player(base, k, deadline, max_requests, tally) for k in range(clients)))
    return tally


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def load_test(clients: int = 50, seconds: float = 60, max_requests: int = 100_000) -> Tally:
    """Start the server, run the clients, stop the server; the tally of every request."""
    port = free_port()
    with tempfile.TemporaryFile() as log:
        server = start_server(port, log)
        try:
            return asyncio.run(run(f"http://{HOST}:{port}", clients, seconds, max_requests))
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--max-requests", type=int, default=100_000,
                        help="requests per client at most")
    args = parser.parse_args()
    started = time.monotonic()
    tally = load_test(args.clients, args.seconds, args.max_requests)
    elapsed = time.monotonic() - started
    times = tally.times
    print(f"{args.clients} clients for {args.seconds:g} s on {HOST}: {len(times)} requests answered "
          f"({len(times) / elapsed:.0f}/s), {tally.deals} deals finished, "
          f"{len(tally.errors)} errors")
    if times:
        print(f"response time: median {1000 * statistics.median(times):.1f} ms, "
              f"p95 {1000 * percentile(times, 0.95):.1f} ms, slowest {1000 * max(times):.1f} ms")
    for error in tally.errors[:10]:
        print(f"  error: {error}")
    return 1 if tally.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
