"""The endpoints of ``belote serve``: a Starlette app over [`belote.web.table`][belote.web.table].

Each endpoint reads a JSON body, calls the library and answers JSON; the
page holds no rule. Bad input of any kind (an illegal choice, a malformed
record, an unknown variant) answers ``400`` with the library's message and
changes nothing; a request over a limit ([`Limits`][belote.web.app.Limits])
answers ``413``, ``422`` or ``429`` with a message, and the server goes on;
a change the games' database does not take is undone and answered ``503``.
Every refusal, an unknown path's included, is JSON with a ``code``
([`belote.web.answers`][belote.web.answers]).
No request names a file: records come in the request body, the page's own
files are package data, and the games are kept in the server's SQLite
database ([`belote.web.store`][belote.web.store]). At a table of several
people each seat has a secret token, which every request for that seat
carries (``403`` without it); ``GET /api/games/ID/events`` streams the
table's new ``version`` to every browser as it changes (server-sent events).

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(), base_url="http://127.0.0.1:8000")
>>> game = client.post("/api/games", json={"variant": "classic", "seed": 1}).json()
>>> client.post(f"/api/games/{game['id']}/choose", json={"choice": 99}).json()["error"]
'choice: a number from 0 to 1, not 99'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import secrets
import threading
from collections.abc import AsyncIterator, Callable, Collection, Iterator, Mapping
from concurrent.futures import Executor, Future
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from belote.agents.registry import parse_bot_spec
from belote.errors import BeloteError, InvalidArgument
from belote.experiments.compare import compare, default_variants
from belote.rules import available_variants
from belote.web.answers import HANDLERS, NO_GAME, EventStream, refusal, unavailable
from belote.web.child import child_answer
from belote.web.codes import error_doc
from belote.web.hosts import LOOPBACK
from belote.web.i18n import LANGUAGES, catalogue, choose_language
from belote.web.review import analysis_json, deal_json, read_deals
from belote.web.store import (
    MEMORY,
    Game,
    GameStore,
    NoSuchGame,
    SeatRefused,
    StoreFull,
    StoreUnavailable,
)
from belote.web.table import (
    BOTS,
    FieldError,
    MatchOver,
    NotYourSeat,
    StaleVersion,
    new_table,
    whole_field,
)

__all__ = ["Limits", "create_app", "foreign", "host_name"]

JSON = dict[str, Any]
_LOG = logging.getLogger("belote.web")


@attrs.frozen(kw_only=True)
class Limits:
    """What one server holds and spends at most.

    Attributes:
        body_bytes: the largest request body.
        games: games held at once (a game idle for ``idle_seconds`` is dropped first).
        idle_seconds: how long an untouched game is kept when room is needed.
        solver_seconds: the solver's time for one analysis request.
        compare_deals: decks per variant in one comparison.
        compare_jobs: comparisons running at once.
        compare_variants: variants in one comparison.
        replay_deals: deals in one replayed text.
        body_seconds: how long a request's body may take to arrive.
        header_seconds: how long a connection may take to send a request's headers
            (``belote serve``, [`guarded_protocol`][belote.web.server.guarded_protocol]).
        connections: connections held at once (``belote serve``): one more closes
            the oldest with no request running, else the oldest event stream,
            or is answered ``503``.
        event_streams: event streams (``GET /api/games/ID/events``) open at once.
        stream_seconds: how long one event stream lasts (the browser opens
            another at once).
        keep_days: how long a game nobody touches stays in the database.
        save_seconds: how long a change waits for the database while another
            process writes it; then it is refused (``503``) and undone.
    """

    body_bytes: int = 512 * 1024
    games: int = 200
    idle_seconds: float = 3600.0
    solver_seconds: float = 30.0
    compare_deals: int = 5000
    compare_jobs: int = 1
    compare_variants: int = 8
    replay_deals: int = 200
    body_seconds: float = 5.0
    header_seconds: float = 10.0
    connections: int = 200
    event_streams: int = 100
    stream_seconds: float = 300.0
    keep_days: float = 30.0
    save_seconds: float = 2.0


class Refused(Exception):
    """A request over a limit: answered with ``status``, the message and its ``code``."""

    def __init__(self, status: int, message: str, field: str | None = None,
                 code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.field = field
        self.code = code


def _analyse(conn: Any, text: str, index: int, start: int, limit: int) -> None:
    """The analysis in a child process, so that its time can be cut."""
    try:
        conn.send(("ok", analysis_json(read_deals(text, limit)[index], start)))
    except BeloteError as exc:  # pragma: no cover - checked before the child starts
        conn.send(("error", str(exc)))
    except Exception as exc:  # a bug: the parent says what it was, at once
        conn.send(("crash", f"{type(exc).__name__}: {exc}"))


def _solve(conn: Any, text: str) -> None:
    """A position's solution in a child process, so that its time can be cut."""
    from belote.solver.analyze import solution_json, solution_text, solve_position

    try:
        deal, solution = solve_position(text)
        conn.send(("ok", {**solution_json(deal, solution), "text": solution_text(deal, solution)}))
    except BeloteError as exc:  # a position with no card to play, say
        conn.send(("error", str(exc)))
    except Exception as exc:  # a bug: the parent says what it was, at once
        conn.send(("crash", f"{type(exc).__name__}: {exc}"))


class _Progress(Executor):
    """Runs compare's chunks here, one at a time, counting the deals and matches done."""

    def __init__(self) -> None:
        self.done = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            future.set_exception(exc)
        task = args[0] if args else None
        self.done += getattr(task, "stop", 0) - getattr(task, "start", 0)
        return future


@attrs.define
class _Job:
    total: int
    executor: _Progress
    result: JSON | None = None
    error: str | None = None


class _State:
    def __init__(self, limits: Limits, store: GameStore) -> None:
        self.limits = limits
        self.store = store
        self.lock = threading.Lock()
        self.jobs: dict[str, _Job] = {}
        self.solving = threading.Semaphore(1)
        self.streams = 0  # event streams open

    @property
    def games(self) -> dict[str, Game]:
        return self.store.games

    def take_stream(self) -> Callable[[], None]:
        """Count one more event stream, checked and counted at once; returns what gives it back.

        Raises:
            Refused: ``429``, the server holds ``Limits.event_streams`` already.
        """
        most = self.limits.event_streams
        with self.lock:
            if self.streams >= most:
                raise Refused(429, f"the server holds {most} event streams already: the page "
                              "asks for the view instead", code="error.streams_full")
            self.streams += 1
        given = threading.Event()

        def release() -> None:
            with self.lock:
                if not given.is_set():
                    given.set()
                    self.streams -= 1
        return release

    def full(self) -> Refused:
        return Refused(429, f"the server holds {self.limits.games} games already: "
                       "finish or delete one (DELETE /api/games/ID)", code="error.games_full")

    def game(self, request: Request, body: JSON) -> tuple[Game, int | None]:
        """The game the request names and the seat its token gives (``None`` at a table of one person)."""
        try:
            game = self.store.game(request.path_params["id"])
        except NoSuchGame:
            raise Refused(404, NO_GAME, code="error.no_game") from None
        except StoreFull:
            raise self.full() from None
        return game, game.seat_of(body.get("token", request.query_params.get("token")))


def host_name(authority: str) -> str:
    """The host of a ``Host`` header or of an origin's authority, lower case, without its port.

    >>> host_name("LocalHost:8000"), host_name("[::1]:8000"), host_name("127.0.0.1")
    ('localhost', '::1', '127.0.0.1')
    """
    authority = authority.strip().lower()
    if authority.startswith("["):
        return authority[1:].partition("]")[0]
    name, colon, port = authority.rpartition(":")
    if colon and port.isdigit() and ":" not in name:
        authority = name
    return authority.rstrip(".")


def foreign(headers: Mapping[str, str], hosts: Collection[str] | None) -> tuple[int, str] | None:
    """Why a request comes from another site, as a status and a message; ``None`` when it does not.

    A request is refused when its ``Host`` is not one of ``hosts`` (a page of
    another name resolving to this machine: DNS rebinding), when its ``Origin``
    is not the server's own (a page of another site calling the API), or when
    the browser says it is no navigation and comes from another site
    (``Sec-Fetch-Site``).

    >>> foreign({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}, LOOPBACK) is None
    True
    >>> foreign({"host": "evil.example:8000"}, LOOPBACK)
    (421, 'Host: this server answers for 127.0.0.1, localhost, ::1, not evil.example')
    >>> foreign({"host": "localhost:8000", "origin": "http://evil.example"}, LOOPBACK)[0]
    403
    """
    host = headers.get("host", "")
    if hosts is not None and host_name(host) not in hosts:
        return 421, (f"Host: this server answers for {', '.join(hosts)}, "
                     f"not {host_name(host)[:100] or 'a request without one'}")
    origin = headers.get("origin")
    if origin is not None:
        try:
            parts = urlsplit(origin.strip())
            own = parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower()
        except ValueError:
            own = False
        if not own:
            return 403, (f"Origin: requests from other pages ({origin[:100]}) are refused; "
                         "open the table at its own address")
    site = headers.get("sec-fetch-site", "")
    if site in ("cross-site", "same-site") and headers.get("sec-fetch-mode") != "navigate":
        return 403, "Sec-Fetch-Site: requests from other sites are refused"
    return None


class _Guard:
    """The app behind a check of ``Host`` and ``Origin`` ([`foreign`][belote.web.app.foreign])."""

    def __init__(self, app: Any, hosts: Collection[str] | None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = {name.decode("latin-1").lower(): value.decode("latin-1")
                       for name, value in scope.get("headers", ())}
            refused = foreign(headers, self.hosts)
            if refused is not None:
                await refusal(*refused)(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _body(request: Request, limits: Limits) -> JSON:
    try:
        data = await asyncio.wait_for(_read(request, limits), limits.body_seconds)
    except TimeoutError:
        raise Refused(408, f"the request body did not arrive within {limits.body_seconds:g} s") from None
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if data.strip() and kind != "application/json":
        raise Refused(415, f"Content-Type: a request body is application/json, not "
                      f"{kind[:100] or 'unnamed'}")
    return _parse(data)


async def _read(request: Request, limits: Limits) -> bytes:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > limits.body_bytes:
            raise Refused(413, f"the request is larger than {limits.body_bytes} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _parse(data: bytes) -> JSON:
    if not data.strip():
        return {}
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        raise Refused(400, "the request body is not JSON") from None
    if not isinstance(doc, dict):
        raise Refused(400, "the request body is a JSON object")
    return doc


def _int(body: JSON, key: str, default: int) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgument(f"{key}: a whole number, not {value!r}")
    return value


def create_app(limits: Limits | None = None, engines: Mapping[str, str] | None = None, *,
               hosts: Collection[str] | None = LOOPBACK,
               db: str | os.PathLike[str] = MEMORY) -> Starlette:
    """The ASGI app of ``belote serve`` (give it to uvicorn, or mount it in your own app).

    ``engines`` (name: command line) are the engines offered in the seat
    menus besides the built-in bots (``belote serve --engine NAME=COMMAND``,
    docs/engines.md); the page never names a command itself.

    ``hosts`` are the host names the app answers for (the ``Host`` header,
    without its port; by default this machine's loopback names): any other
    is answered ``421``, so that a page of another name resolving to this
    machine reads nothing. ``None`` answers for any host (behind a proxy
    that checks it). Whatever ``hosts``, a request whose ``Origin`` is not
    the server's own is answered ``403``, and a body that is not
    ``application/json`` ``415``: other pages cannot drive the table.

    ``db`` is the SQLite file that keeps the games (``belote serve --db``):
    a new app on the same file answers each game's last view. By default
    (``":memory:"``) they live as long as the app.
    """
    hosts = None if hosts is None else tuple(dict.fromkeys(host_name(h) for h in hosts))
    offered = dict(engines or {})
    lim = Limits() if limits is None else limits
    state = _State(lim, GameStore(db, offered, lim.games, lim.idle_seconds, lim.keep_days,
                                  lim.save_seconds))
    page = files("belote.web").joinpath("static", "index.html").read_text(encoding="utf-8")

    def endpoint(handler: Callable[[Request, JSON], Any]) -> Callable[[Request], Any]:
        async def run(request: Request) -> Response:
            try:
                body = await _body(request, lim) if request.method == "POST" else {}
                from starlette.concurrency import run_in_threadpool

                answer = await run_in_threadpool(handler, request, body)
            except Refused as exc:
                return refusal(exc.status, str(exc), exc.field, code=exc.code)
            except SeatRefused as exc:
                return refusal(403, str(exc), code=exc.code)
            except StoreUnavailable as exc:  # nothing changed: the page may ask again
                return unavailable(exc)
            except NoSuchGame:  # deleted by another server on the same file
                return refusal(404, NO_GAME)
            except NotYourSeat as exc:
                return refusal(403, str(exc), code=exc.code)
            except MatchOver as exc:
                return refusal(409, str(exc), code=exc.code)
            except StaleVersion as exc:
                return JSONResponse({**error_doc(str(exc), exc), "version": exc.version,
                                     "key": "error.stale"}, status_code=409)
            except FieldError as exc:
                doc: JSON = {**error_doc(str(exc), exc), "field": exc.field}
                if exc.key is not None:
                    doc.update(key=exc.key, values=exc.values, code=exc.key,
                               params={k: str(v) for k, v in exc.values.items()})
                return JSONResponse(doc, status_code=400)
            except BeloteError as exc:
                return refusal(400, str(exc), exc=exc)
            except ClientDisconnect:  # nobody to answer: one line in the log, no traceback
                _LOG.warning("belote serve: %s %s: the client went away before its request "
                             "was read", request.method, request.url.path)
                return Response(status_code=400)
            return answer if isinstance(answer, Response) else JSONResponse(answer)
        return run

    def meta(request: Request, body: JSON) -> JSON:
        return {
            "variants": [{"name": r.name, "players": list(r.player_counts),
                          "default_players": r.default_players, "target": r.target,
                          "description": r.description} for r in available_variants()],
            "bots": [*BOTS, *offered],
            "compare_variants": list(default_variants()),
            "limits": attrs.asdict(lim),
            "languages": LANGUAGES,
            "language": choose_language(request.headers.get("accept-language", "")[:200]),
        }

    def messages(request: Request, body: JSON) -> JSON:
        lang = request.path_params["lang"]
        return {"lang": lang, "messages": catalogue(lang)}

    def new_game(request: Request, body: JSON) -> Response:
        try:
            game = state.store.add(new_table(body, offered))
        except StoreFull:
            raise state.full() from None
        view = game.table.view(min(game.tokens) if game.tokens else None)
        root = request.scope.get("root_path", "")
        seats = view["seats"]
        assert isinstance(seats, list)
        for entry in seats:
            token = game.tokens.get(entry["seat"])
            if token is not None:  # only this answer holds the tokens
                entry.update(token=token, link=f"{root}/?game={game.key}&seat={entry['seat']}&token={token}")
        return JSONResponse({"id": game.key, **view}, status_code=201)

    def play(name: str) -> Callable[[Request, JSON], JSON]:
        def run(request: Request, body: JSON) -> JSON:
            game, seat = state.game(request, body)
            with game.lock:
                table = game.table  # a change the database refused puts back another
                if name == "view":
                    return {"id": game.key, **table.view(seat)}
                table.check_version(body.get("version"))
                version = table.version
                try:
                    view = (table.choose(body.get("choice"), seat) if name == "choose"
                            else table.rename(body.get("name"), seat) if name == "name"
                            else getattr(table, name)(seat))
                finally:
                    if table.version != version:  # kept once written, else undone (store.save)
                        state.store.save(game)
            game.changed()
            return {"id": game.key, **view}
        return run

    def record(request: Request, body: JSON) -> JSON:
        game, seat = state.game(request, body)
        with game.lock:
            return game.table.record(finished=seat is not None)

    def delete(request: Request, body: JSON) -> JSON:
        try:
            game, seat = state.game(request, body)
        except Refused:  # no such game: nothing to delete
            return {"deleted": True}
        if seat is not None and seat != min(game.tokens):  # a guest leaves; the host's seat deletes
            return {"deleted": False}
        state.store.delete(game.key)
        return {"deleted": True}

    async def events(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        try:
            game, _ = await run_in_threadpool(state.game, request, {})
            release = state.take_stream()  # counted as it is checked: never more than the limit
        except Refused as exc:
            return refusal(exc.status, str(exc), exc.field, code=exc.code)
        except SeatRefused as exc:
            return refusal(403, str(exc), code=exc.code)
        except StoreUnavailable as exc:
            return unavailable(exc)
        return EventStream(stream(game), release)

    async def stream(game: Game) -> AsyncIterator[str]:
        """The table's ``version`` at once, then each time it changes, for ``stream_seconds``."""
        loop = asyncio.get_running_loop()
        woken = asyncio.Event()

        def wake() -> None:
            with contextlib.suppress(RuntimeError):  # a closed loop: the stream is over
                loop.call_soon_threadsafe(woken.set)

        game.watchers.add(wake)
        try:
            end = loop.time() + lim.stream_seconds
            sent = None
            yield "retry: 1000\n\n"
            while loop.time() < end:
                woken.clear()
                version = game.table.version
                if version != sent:
                    sent = version
                    yield f"data: {json.dumps({'version': version})}\n\n"
                try:
                    await asyncio.wait_for(woken.wait(), min(15.0, max(0.0, end - loop.time())))
                except TimeoutError:
                    yield ": still here\n\n"
        finally:
            game.watchers.discard(wake)

    def replay(request: Request, body: JSON) -> JSON:
        text = body.get("text")
        deals = read_deals(text if isinstance(text, str) else "", lim.replay_deals)
        return {"deals": [deal_json(deal, k) for k, deal in enumerate(deals, 1)]}

    def analyse(request: Request, body: JSON) -> JSON:
        text = body.get("text")
        text = text if isinstance(text, str) else ""
        deals = read_deals(text, lim.replay_deals)
        index, start = _int(body, "deal", 0), _int(body, "start", 0)
        if not 0 <= index < len(deals):
            raise InvalidArgument(f"deal: a number from 0 to {len(deals) - 1}, not {index}")
        if deals[index].offences:
            raise InvalidArgument("analyze needs a deal played under the rules; this one has offences")
        return solver_child(_analyse, (text, index, start, lim.replay_deals),
                            "this deal: analyse from a later card")

    def solver_child(target: Callable[..., None], args: tuple[Any, ...], advice: str) -> JSON:
        """Run the solver's job ``target(conn, *args)`` in a child process, cut after the limit."""
        if not state.solving.acquire(blocking=False):
            raise Refused(429, "the solver is busy with another request: try again shortly")
        try:
            context = multiprocessing.get_context("spawn")
            receive, send = context.Pipe(duplex=False)
            child = context.Process(target=target, daemon=True, args=(send, *args))
            child.start()
            status, answer = child_answer(child, receive, lim.solver_seconds)
            if status == "late":
                raise Refused(422, f"the solver needs more than {lim.solver_seconds:g} s for "
                              f"{advice}")
        finally:
            state.solving.release()
        if status == "crash":
            raise Refused(500, f"internal error in the solver ({answer}); please report it")
        if status != "ok":
            raise InvalidArgument(answer)
        return dict(answer)

    def solve(request: Request, body: JSON) -> JSON:
        text = body.get("position")
        if not isinstance(text, str):
            raise InvalidArgument("position: a position text (docs: Positions)")
        from belote.deal import Deal

        Deal.from_position(text.strip())  # a bad position is refused here, before any child
        return solver_child(_solve, (text.strip(),), "this position: give one with fewer cards")

    def start_compare(request: Request, body: JSON) -> Response:
        variants = body.get("variants") or list(default_variants())
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise InvalidArgument("variants: a list of variant names or specs")
        # one limit everywhere: the page's field takes its max from /api/meta's limits
        deals = whole_field(body, "deals", -10**9, 10**9)
        if deals is not None and not 1 <= deals <= lim.compare_deals:
            raise Refused(400 if deals < 1 else 422,
                          f"deals: from 1 to {lim.compare_deals} decks here, not {deals}", "deals")
        deals = deals or min(500, lim.compare_deals)
        if len(variants) > lim.compare_variants:
            raise Refused(422, f"at most {lim.compare_variants} variants here, not {len(variants)}")
        bots = body.get("bots", "heuristic")
        if not isinstance(bots, str) or parse_bot_spec(bots)[0] not in ("random", "heuristic"):
            raise InvalidArgument("bots: random or heuristic")
        seed = _int(body, "seed", 1)
        players = body.get("players")
        players = None if players is None else _int(body, "players", 4)
        compare(variants, 1, seed, players, bots, matches=0)  # checks every argument, quickly
        with state.lock:
            if sum(job.result is None and job.error is None
                   for job in state.jobs.values()) >= lim.compare_jobs:
                raise Refused(429, "a comparison is running already: wait for it to finish")
            key = secrets.token_urlsafe(16)
            job = state.jobs[key] = _Job((deals + max(1, deals // 10)) * len(variants), _Progress())
            while len(state.jobs) > 20:
                state.jobs.pop(next(iter(state.jobs)))

        def work() -> None:
            try:
                result = compare(variants, deals, seed, players, bots, executor=job.executor)
                job.result = {**result.to_json(), "text": result.to_text()}
            except BeloteError as exc:  # pragma: no cover - checked above
                job.error = str(exc)
            except Exception as exc:  # a bug: the job says so, and its slot is free again
                job.error = f"internal error ({type(exc).__name__}: {exc}); please report it"
                _LOG.error("belote serve: comparison %s failed: %s", key, job.error)

        threading.Thread(target=work, daemon=True).start()
        return JSONResponse({"id": key}, status_code=202)

    def compare_status(request: Request, body: JSON) -> JSON:
        job = state.jobs.get(request.path_params["id"])
        if job is None:
            raise Refused(404, "no such comparison")
        done = min(job.executor.done, job.total)
        return {"done": done, "total": job.total, "finished": job.result is not None,
                "error": job.error, "result": job.result}

    async def index(request: Request) -> Response:
        return HTMLResponse(page)

    def routes() -> Iterator[Route | Mount]:
        yield Route("/", index)
        yield Route("/api/meta", endpoint(meta))
        yield Route("/api/messages/{lang}", endpoint(messages))
        yield Route("/api/games", endpoint(new_game), methods=["POST"])
        for name in ("choose", "undo", "next_deal", "view", "name"):
            yield Route(f"/api/games/{{id}}/{name.replace('_', '-')}", endpoint(play(name)),
                        methods=["POST", "GET"] if name == "view" else ["POST"])
        yield Route("/api/games/{id}/record", endpoint(record))
        yield Route("/api/games/{id}/events", events)
        yield Route("/api/games/{id}", endpoint(delete), methods=["DELETE"])
        yield Route("/api/replay", endpoint(replay), methods=["POST"])
        yield Route("/api/analyse", endpoint(analyse), methods=["POST"])
        yield Route("/api/solve", endpoint(solve), methods=["POST"])
        yield Route("/api/compare", endpoint(start_compare), methods=["POST"])
        yield Route("/api/compare/{id}", endpoint(compare_status))
        yield Mount("/static", StaticFiles(packages=[("belote.web", "static")]), name="static")

    app = Starlette(routes=list(routes()), middleware=[Middleware(_Guard, hosts=hosts)],
                    exception_handlers=dict(HANDLERS))
    app.state.belote = state
    return app

