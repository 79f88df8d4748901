"""The games' database of ``belote serve`` keeps its promise: a move is answered only once it is saved.

Real SQLite files in ``tmp_path``: another connection holding the write
lock, a database of a newer version (one column more), a corrupted saved
game, two servers on one file (issue 49, part B). Then the server's
contract everywhere: unknown paths and wrong methods answer JSON with a
code, and the event streams' limit holds when many open at once (part C).
"""

from __future__ import annotations

import json
import os
import random
import socket
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from belote.web.app import Limits, create_app
from belote.web.i18n import catalogue
from belote.web.store import BadDatabase, GameStore

FRIENDS = ["human", "random", "human", "random"]


def client(db: str | Path = ":memory:", **limits: Any) -> TestClient:
    return TestClient(create_app(Limits(**limits), db=db), base_url="http://127.0.0.1:8000")


def new_game(c: TestClient, **body: Any) -> dict[str, Any]:
    response = c.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()
    return doc


def tokens_of(game: dict[str, Any]) -> dict[int, str]:
    return {entry["seat"]: entry["token"] for entry in game["seats"] if "token" in entry}


def view(c: TestClient, key: str, token: str | None = None) -> dict[str, Any]:
    answer = c.get(f"/api/games/{key}/view", params={"token": token} if token else None)
    assert answer.status_code == 200, answer.text
    doc: dict[str, Any] = answer.json()
    return doc


def playable(doc: dict[str, Any]) -> int:
    """A choice of the view that is not calling out (which could end the match)."""
    return int(next(ch["index"] for ch in doc["choices"] if ch["verb"] != "stop"))


def assert_refusal(answer: Any, status: int, code: str) -> dict[str, Any]:
    """A refusal is JSON with ``error``, ``code`` and ``params``, the code in every catalogue."""
    assert answer.status_code == status, (answer.status_code, answer.text)
    assert answer.headers["content-type"].startswith("application/json")
    doc: dict[str, Any] = answer.json()
    assert set(doc) >= {"error", "code", "params"} and doc["code"] == code, doc
    for lang in ("en", "fr", "it"):
        assert code in catalogue(lang), (lang, code)
    return doc


# --- B1: another process holds the database's write lock ----------------------------------


def test_a_save_that_cannot_get_the_write_lock_is_refused_503_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    c = client(db, save_seconds=0.6)
    game, other = new_game(c, seed=1), new_game(c, seed=2)
    before, other_before = view(c, game["id"]), view(c, other["id"])
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process writing, for longer than a request waits
    try:
        answers: dict[str, tuple[Any, float]] = {}

        def move(key: str, doc: dict[str, Any]) -> None:
            started = time.monotonic()
            answer = c.post(f"/api/games/{key}/choose", json={"choice": playable(doc), "version": 0})
            answers[key] = answer, time.monotonic() - started

        first = threading.Thread(target=move, args=(game["id"], before))
        first.start()
        time.sleep(0.1)
        # meanwhile another table answers at once: nothing of the server waits for the file
        quick = time.monotonic()
        assert view(c, other["id"]) == other_before
        assert time.monotonic() - quick < 0.4
        second = threading.Thread(target=move, args=(other["id"], other_before))
        second.start()
        first.join(10)
        second.join(10)
        for key in (game["id"], other["id"]):
            answer, waited = answers[key]
            refused = assert_refusal(answer, 503, "error.not_saved")
            assert answer.headers.get("retry-after") == "1"
            assert "nothing changed" in refused["error"]
            assert 0.4 < waited < 1.5, waited  # each request's own time (0.6 s), not 5 s
        assert view(c, game["id"]) == before  # unchanged in memory
        assert view(c, other["id"]) == other_before
        # a server started meanwhile reads the games (it deletes the old ones at its next start)
        assert view(client(db, save_seconds=0.2), game["id"]) == before
        assert_refusal(c.post("/api/games", json={"seed": 3}), 503, "error.not_saved")
        assert len(c.app.state.belote.games) == 2  # type: ignore[attr-defined]
        assert_refusal(c.delete(f"/api/games/{other['id']}"), 503, "error.not_saved")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert view(client(db), game["id"]) == before  # and on disk
    assert view(c, other["id"]) == other_before  # the refused delete deleted nothing
    moved = c.post(f"/api/games/{game['id']}/choose", json={"choice": playable(before), "version": 0})
    assert moved.status_code == 200 and moved.json()["version"] == 1
    assert view(client(db), game["id"]) == view(c, game["id"])


def test_a_save_refused_at_a_table_of_friends_leaves_every_seat_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    c = client(db, save_seconds=0.1)
    game = new_game(c, variant="classic", seed=21, seats=FRIENDS)
    key, tokens = game["id"], tokens_of(game)
    rng = random.Random(3)
    for _ in range(3):  # a few moves saved, then one refused
        seat = view(c, key, tokens[0])["to_act"]
        mine = view(c, key, tokens[seat])
        choice = rng.choice([ch["index"] for ch in mine["choices"] if ch["verb"] != "stop"])
        assert c.post(f"/api/games/{key}/choose", json={
            "choice": choice, "version": mine["version"], "token": tokens[seat]}).status_code == 200
    before = {seat: view(c, key, token) for seat, token in tokens.items()}
    record = c.get(f"/api/games/{key}/record", params={"token": tokens[0]}).json()
    seat = before[0]["to_act"]
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        assert_refusal(c.post(f"/api/games/{key}/choose", json={
            "choice": playable(before[seat]), "version": before[seat]["version"],
            "token": tokens[seat]}), 503, "error.not_saved")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert {s: view(c, key, token) for s, token in tokens.items()} == before
    assert c.get(f"/api/games/{key}/record", params={"token": tokens[0]}).json() == record
    restarted = client(db)
    assert {s: view(restarted, key, token) for s, token in tokens.items()} == before


# --- B2: a database of a newer version ------------------------------------------------------


def test_a_database_with_a_column_more_keeps_every_move_and_the_column(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = new_game(client(db), seed=4)
    with sqlite3.connect(db) as newer:  # what a newer belote might have added
        newer.execute("ALTER TABLE games ADD COLUMN owner TEXT")
        newer.execute("UPDATE games SET owner = 'ann'")
    newer.close()
    c = client(db)
    second = new_game(c, seed=5)
    for game in (first, second):
        moved = c.post(f"/api/games/{game['id']}/choose", json={"choice": playable(game), "version": 0})
        assert moved.status_code == 200 and moved.json()["version"] == 1
    restarted = client(db)
    assert [view(restarted, game["id"])["version"] for game in (first, second)] == [1, 1]
    with sqlite3.connect(db) as read:
        owners = dict(read.execute("SELECT id, owner FROM games").fetchall())
    read.close()
    assert owners == {first["id"]: "ann", second["id"]: None}  # a save keeps the other columns


def test_a_database_without_the_games_columns_is_refused_when_the_server_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import uvicorn

    import belote.web
    from belote.cli.main import main

    db = tmp_path / "other.sqlite3"
    with sqlite3.connect(db) as other:
        other.execute("CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT)")
    other.close()
    with pytest.raises(BadDatabase, match="record, seats, tokens, version, rng, updated"):
        GameStore(db)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)
    monkeypatch.setattr(belote.web, "check_address", lambda host, port: None)
    assert main(["serve", "--db", str(db)]) == 2
    assert "has no column record" in capsys.readouterr().err


# --- B3: a corrupted saved game ---------------------------------------------------------------


@pytest.mark.parametrize(("column", "value"), [
    ("rng", "not json"), ("rng", "[3, [1, 2], null]"), ("rng", "{}"),
    ("tokens", "not json"), ("tokens", "[]"), ("tokens", '{"x": "abc"}'), ("tokens", '{"0": 7}'),
    ("tokens", "{}"), ("tokens", '{"0": "abc"}'),
    ("version", "x"), ("version", -1), ("version", 2.5),
    ("record", "not json"), ("seats", '["human"]'),
])
def test_a_corrupted_saved_game_answers_404_and_the_others_still_play(
        tmp_path: Path, column: str, value: object) -> None:
    db = tmp_path / "games.sqlite3"
    c = client(db)
    bad, good = new_game(c, seed=1, seats=FRIENDS), new_game(c, seed=2)
    with sqlite3.connect(db) as edit:
        edit.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, bad["id"]))
    edit.close()
    restarted = client(db)
    token = tokens_of(bad)[0]
    for method, path in [("GET", "view"), ("POST", "choose"), ("GET", "record"), ("GET", "events")]:
        answer = restarted.request(method, f"/api/games/{bad['id']}/{path}", params={"token": token},
                                   json={"choice": 0} if method == "POST" else None)
        assert_refusal(answer, 404, "error.no_game")
    moved = restarted.post(f"/api/games/{good['id']}/choose", json={"choice": playable(good)})
    assert moved.status_code == 200


# --- B4: two servers on one file --------------------------------------------------------------


def test_two_servers_on_one_file_never_both_take_a_version(tmp_path: Path) -> None:
    """Saves are conditional on the version stored: the second server's move on the same version is
    refused 409 (the page then draws the table as the file holds it), and no accepted move is lost."""
    db = tmp_path / "games.sqlite3"
    one, two = client(db), client(db)
    game = new_game(one, variant="classic", seed=7, seats=["human", "heuristic", "heuristic", "heuristic"],
                    target=2000)
    key = game["id"]
    assert view(two, key) == view(one, key)
    accepted, refused = 0, 0
    rng = random.Random(5)
    servers = [one, two]
    for _ in range(40):
        server = rng.choice(servers)
        mine = server.get(f"/api/games/{key}/view").json()
        action, body = ("next-deal", {"version": mine["version"]}) if mine["deal_over"] else (
            "choose", {"choice": playable(mine), "version": mine["version"]})
        answer = server.post(f"/api/games/{key}/{action}", json=body)
        if answer.status_code == 200:
            accepted += 1
            # the other server still holds the older version: the same move on it is refused
            late = servers[1 - servers.index(server)]
            stale = late.post(f"/api/games/{key}/{action}", json=body)
            doc = assert_refusal(stale, 409, "error.stale")
            assert doc["version"] == answer.json()["version"]
            refused += 1
            assert view(late, key) == view(server, key)  # and it reads the table as saved
    assert accepted == 40 and refused == 40
    assert view(client(db), key)["version"] == accepted  # every accepted move is on disk
    one.delete(f"/api/games/{key}")
    assert_refusal(two.post(f"/api/games/{key}/choose", json={"choice": 0}), 404, "error.no_game")


# --- C: every 4xx is JSON with a code -------------------------------------------------------------


def test_unknown_paths_and_wrong_methods_answer_json_with_a_code() -> None:
    c = client()
    game = new_game(c, seed=1)
    for path in ("/api/nothing", "/nothing", "/api/games/x/nothing", "/static/nothing.css"):
        doc = assert_refusal(c.get(path), 404, "error.not_found")
        assert doc["params"] == {}
    for method, path, allowed in [("PUT", "/api/games", "POST"),
                                  ("GET", "/api/games", "POST"),
                                  ("DELETE", "/api/meta", "GET, HEAD"),
                                  ("POST", f"/api/games/{game['id']}/record", "GET, HEAD"),
                                  ("PATCH", f"/api/games/{game['id']}", "DELETE"),
                                  ("POST", "/static/style.css", "GET, HEAD")]:
        answer = c.request(method, path)
        doc = assert_refusal(answer, 405, "error.method")
        assert doc["params"] == {"method": method, "allowed": allowed}, doc
        assert answer.headers["allow"] == allowed
    assert c.get("/api/meta").status_code == 200 and c.get("/static/style.css").status_code == 200


def test_an_unexpected_error_answers_json_500_with_a_code(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app()
    c = TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False)
    game = new_game(c, seed=1)

    def broken(seat: int | None = None) -> dict[str, object]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app.state.belote.store.games[game["id"]].table, "view", broken)
    answer = c.get(f"/api/games/{game['id']}/view")
    doc = assert_refusal(answer, 500, "error.internal")
    assert "a bug" not in doc["error"]


# --- C: the event streams' limit, with 150 opening at once -------------------------------------


def test_the_event_stream_limit_holds_when_150_open_at_once() -> None:
    from test_web_seats import served

    limits = Limits(event_streams=100, connections=400, header_seconds=30.0)
    opened: list[socket.socket] = []
    statuses: list[int] = []
    refusals: list[dict[str, Any]] = []
    guard = threading.Lock()
    with served(limits) as (port, _server, _thread, c):
        game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
        path = f"/api/games/{game['id']}/events?token={tokens_of(game)[0]}"
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        ready = threading.Barrier(150, timeout=30)

        def open_one() -> None:
            s = socket.create_connection(("127.0.0.1", port), timeout=20)
            with guard:
                opened.append(s)
            ready.wait()
            s.sendall(request)
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = s.recv(65536)
                if not chunk:
                    break
                head += chunk
            status = int(head.split(b" ", 2)[1])
            body = head.partition(b"\r\n\r\n")[2]
            with guard:
                statuses.append(status)
            if status == 429:
                length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length:")))
                while len(body) < length:
                    body += s.recv(65536)
                with guard:
                    refusals.append(json.loads(body))

        workers = [threading.Thread(target=open_one) for _ in range(150)]
        try:
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join(60)
            assert len(statuses) == 150
            assert statuses.count(200) == 100 and statuses.count(429) == 50, sorted(statuses)
            assert {doc["code"] for doc in refusals} == {"error.streams_full"}
            state = c.app.state.belote  # type: ignore[attr-defined]
            assert state.streams == 100
        finally:
            for s in opened:
                s.close()
        deadline = time.monotonic() + 10
        while state.streams and time.monotonic() < deadline:  # closed streams give their place back
            time.sleep(0.05)
        assert state.streams == 0
        again = socket.create_connection(("127.0.0.1", port), timeout=10)
        again.sendall(request)
        assert again.recv(65536).startswith(b"HTTP/1.1 200")
        again.close()
