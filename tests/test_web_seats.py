"""Friends at one table and matches that survive (issue 42): seat tokens, ``--db``, event streams.

Through Starlette's test client. Skipped without the web extra, except where
``BELOTE_REQUIRE_WEB`` is set (``.ci/run``).
"""

from __future__ import annotations

import json
import os
import random
import re
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from belote.web.app import Limits, create_app
from belote.web.store import GameStore, default_db_path
from belote.web.table import Table

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


def play_on(c: TestClient, key: str, tokens: dict[int, str], rng: random.Random,
            actions: int) -> dict[str, Any]:
    """Each person acts in turn with their own token, ``actions`` times or to the end of the deal."""
    view: dict[str, Any] = c.get(f"/api/games/{key}/view",
                                 params={"token": next(iter(tokens.values()))}).json()
    for _ in range(actions):
        if view["deal_over"]:
            break
        seat = view["to_act"]
        mine = c.get(f"/api/games/{key}/view", params={"token": tokens[seat]}).json()
        assert mine["your_turn"] and mine["me"] == seat
        options = [ch["index"] for ch in mine["choices"] if ch["verb"] != "stop"]
        answer = c.post(f"/api/games/{key}/choose", json={
            "choice": rng.choice(options), "version": mine["version"], "token": tokens[seat]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def test_each_human_seat_gets_a_token_and_a_link_in_the_creating_answer_only() -> None:
    c = client()
    game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
    tokens = tokens_of(game)
    assert sorted(tokens) == [0, 2] and len(set(tokens.values())) == 2
    assert all(len(token) >= 30 for token in tokens.values())
    for entry in game["seats"]:
        if entry["seat"] in tokens:
            assert entry["link"] == f"/?game={game['id']}&seat={entry['seat']}&token={entry['token']}"
        else:
            assert "token" not in entry and "link" not in entry
    assert game["me"] == 0  # the creating answer is the first person's view
    again = c.get(f"/api/games/{game['id']}/view", params={"token": tokens[2]}).json()
    assert again["me"] == 2 and "token" not in json.dumps(again["seats"])
    single = new_game(c, variant="classic", seed=5)
    assert not tokens_of(single)
    assert c.get(f"/api/games/{single['id']}/view").status_code == 200  # one person: no token


@pytest.mark.parametrize("token", [None, "", "not-a-token", "x" * 40])
def test_a_missing_or_wrong_token_is_refused_with_403_for_view_act_and_events(
        token: str | None) -> None:
    c = client()
    game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
    key = game["id"]
    params = {} if token is None else {"token": token}
    body: dict[str, Any] = {"choice": 0, "version": game["version"], **params}
    code = "error.token_missing" if not token else "error.token"
    for method, path, kwargs in (
        ("GET", "view", {"params": params}),
        ("POST", "view", {"json": params}),
        ("POST", "choose", {"json": body}),
        ("POST", "undo", {"json": body}),
        ("POST", "next-deal", {"json": body}),
        ("GET", "record", {"params": params}),
        ("GET", "events", {"params": params}),
    ):
        answer = c.request(method, f"/api/games/{key}/{path}", **kwargs)
        assert answer.status_code == 403, (method, path, answer.text)
        assert answer.json()["code"] == code and answer.json()["error"].startswith("token:")
    assert c.get(f"/api/games/{key}/view", params={"token": tokens_of(game)[0]}).json()[
        "version"] == game["version"]  # nothing changed


def test_a_seat_cannot_act_for_another_seat() -> None:
    c = client()
    game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
    key, tokens = game["id"], tokens_of(game)
    to_act = game["to_act"]
    other = 2 if to_act == 0 else 0
    refused = c.post(f"/api/games/{key}/choose",
                     json={"choice": 0, "version": game["version"], "token": tokens[other]})
    assert refused.status_code == 403 and refused.json()["code"] == "error.not_your_turn"
    view = c.get(f"/api/games/{key}/view", params={"token": tokens[other]}).json()
    assert not view["your_turn"] and view["choices"] == [] and view["version"] == game["version"]


@pytest.mark.parametrize(("variant", "seats"), [
    ("classic", FRIENDS),
    ("piedicavallo", ["human", "heuristic", "human", "heuristic"]),
    ("contree", ["human", "human", "random", "random"]),
    ("french", ["human", "human"]),
    ("italian751", ["random", "human", "random", "human"]),
    ("bulgarian", ["human", "random", "human", "random"]),  # the stock dealt after the auction
])
def test_a_view_never_holds_another_seats_hidden_cards(variant: str, seats: list[str]) -> None:
    """Of another seat's hand a view holds only what the table shows everyone: the turned
    card, the cards played and the combinations declared (shown at the table)."""
    c = client()
    for seed in (9, 10):
        game = new_game(c, variant=variant, players=len(seats), seed=seed, seats=seats)
        key, tokens = game["id"], tokens_of(game)
        store = c.app.state.belote.store  # type: ignore[attr-defined]
        rng = random.Random(seed)
        for _ in range(200):
            table: Table = store.game(key).table
            deal = table.deal
            for seat, token in tokens.items():
                view = c.get(f"/api/games/{key}/view", params={"token": token}).json()
                assert view["me"] == seat
                assert sorted(card["code"] for card in view["hand"]) == sorted(
                    str(card) for card in deal.hand(seat))
                text = json.dumps({k: v for k, v in view.items() if k != "id"})
                shown = {str(card) for card in (deal.turned, deal.table_card, deal.bottom)
                         if card is not None}
                shown |= {card for event in view["events"] if event["key"] == "declare"
                          for card in event["combination"]["cards"]}
                hidden = [str(card) for other in range(deal.players) if other != seat
                          for card in deal.hand(other) if str(card) not in shown]
                leaked = [card for card in hidden
                          if re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", text)]
                assert leaked == [], (variant, seed, seat, leaked)
            if deal.is_over:
                break
            play_on(c, key, tokens, rng, 1)
        assert deal.is_over
    mid = new_game(c, variant=variant, players=len(seats), seed=1, seats=seats)
    record = c.get(f"/api/games/{mid['id']}/record", params={"token": tokens_of(mid)[min(tokens_of(mid))]})
    assert record.json()["deals"] == []  # a person's record leaves out the deal in progress (its deck)


def test_undo_is_the_last_persons_and_is_refused_once_the_match_is_over() -> None:
    c = client()
    game = new_game(c, variant="classic", seed=3, target=1, seats=FRIENDS)
    key, tokens = game["id"], tokens_of(game)
    view = play_on(c, key, tokens, random.Random(4), 1)
    last = next(a for a in reversed(view["events"]) if a.get("seat") in tokens)["seat"]
    other = 2 if last == 0 else 0
    assert not c.get(f"/api/games/{key}/view", params={"token": tokens[other]}).json()["can_undo"]
    assert c.post(f"/api/games/{key}/undo", json={"token": tokens[other]}).status_code == 400
    rng = random.Random(4)
    for _ in range(10):
        view = play_on(c, key, tokens, rng, 100)
        if view["match"]["over"]:
            break
        view = c.post(f"/api/games/{key}/next-deal", json={"token": tokens[0]}).json()
    assert view["match"]["over"] and not view["can_undo"]
    for token in tokens.values():
        refused = c.post(f"/api/games/{key}/undo", json={"token": token, "version": view["version"]})
        assert refused.status_code == 409
        assert refused.json()["code"] == "error.match_over" and refused.json()["error"]
    one = new_game(c, variant="classic", seed=3, target=1)
    table = Table("classic", seats=["human", "random", "random", "random"], seed=3, target=1)
    while not table.match.is_over:
        if table.deal.is_over:
            table.next_deal()
        else:
            table.choose(0)
    answer = c.post("/api/games", json={"record": table.record()})
    over = answer.json()
    assert over["match"]["over"] and not over["can_undo"]
    assert c.post(f"/api/games/{over['id']}/undo").status_code == 409
    assert c.get(f"/api/games/{one['id']}/view").json()["version"] == 0


def test_after_a_restart_each_game_answers_its_last_view_with_the_same_version(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    c = client(db)
    friends = new_game(c, variant="classic", seed=21, seats=FRIENDS)
    key, tokens = friends["id"], tokens_of(friends)
    play_on(c, key, tokens, random.Random(2), 7)
    alone = new_game(c, variant="piedicavallo", seed=6, target=300)
    rng = random.Random(8)
    view = alone
    while not view["deal_over"]:
        options = [ch["index"] for ch in view["choices"] if ch["verb"] != "stop"]
        view = c.post(f"/api/games/{alone['id']}/choose", json={"choice": rng.choice(options)}).json()
    before = {seat: c.get(f"/api/games/{key}/view", params={"token": token}).json()
              for seat, token in tokens.items()}
    alone_before = c.get(f"/api/games/{alone['id']}/view").json()
    assert alone_before["deal_over"]  # a finished deal stays as it is: not the next one dealt

    restarted = client(db)  # a new server on the same file
    for seat, token in tokens.items():
        assert restarted.get(f"/api/games/{key}/view", params={"token": token}).json() == before[seat]
    assert restarted.get(f"/api/games/{key}/view", params={"token": "wrong"}).status_code == 403
    assert restarted.get(f"/api/games/{alone['id']}/view").json() == alone_before
    # the match goes on as it would have without the restart: the same next deal as a server
    # that read the same file before the restart
    version = alone_before["version"]
    copy = tmp_path / "copy.sqlite3"
    with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    source.close()
    target.close()
    went_on = restarted.post(f"/api/games/{alone['id']}/next-deal", json={"version": version}).json()
    stayed = client(copy).post(f"/api/games/{alone['id']}/next-deal", json={"version": version}).json()
    assert went_on == stayed
    # the first server, still running on the same file, takes no move on the version it holds
    late = c.post(f"/api/games/{alone['id']}/next-deal", json={"version": version})
    assert late.status_code == 409 and late.json()["version"] == version + 1
    assert client(db).get(f"/api/games/{alone['id']}/view").json()["version"] == version + 1
    c.delete(f"/api/games/{alone['id']}")
    assert client(db).get(f"/api/games/{alone['id']}/view").status_code == 404


def test_memory_databases_are_separate_and_the_default_is_the_data_directory(tmp_path: Path) -> None:
    first, second = client(), client(":memory:")
    game = new_game(first, seed=1)
    assert first.get(f"/api/games/{game['id']}/view").status_code == 200
    assert second.get(f"/api/games/{game['id']}/view").status_code == 404
    assert default_db_path({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "belote" / "games.sqlite3"
    assert default_db_path({"HOME": "/h"}).name == "games.sqlite3"
    store = GameStore(tmp_path / "deep" / "games.sqlite3")  # its folder is made
    assert (tmp_path / "deep" / "games.sqlite3").exists()
    kept = store.add(Table("classic", seed=1)).key
    store.close()
    assert GameStore(tmp_path / "deep" / "games.sqlite3").game(kept).table.version == 0
    with pytest.raises(LookupError):  # untouched for longer than keep_days: deleted on opening
        GameStore(tmp_path / "deep" / "games.sqlite3", keep_days=-1).game(kept)


def test_a_guest_leaving_does_not_delete_the_table() -> None:
    c = client()
    game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
    key, tokens = game["id"], tokens_of(game)
    assert c.delete(f"/api/games/{key}", params={"token": tokens[2]}).json() == {"deleted": False}
    assert c.delete(f"/api/games/{key}", params={"token": "guess"}).status_code == 403
    assert c.get(f"/api/games/{key}/view", params={"token": tokens[2]}).status_code == 200
    assert c.delete(f"/api/games/{key}", params={"token": tokens[0]}).json() == {"deleted": True}
    assert c.get(f"/api/games/{key}/view", params={"token": tokens[2]}).status_code == 404


def test_the_event_stream_sends_the_version_at_once_and_on_each_change() -> None:
    app = create_app(Limits(stream_seconds=1.5))
    c = TestClient(app, base_url="http://127.0.0.1:8000")
    game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
    key, tokens = game["id"], tokens_of(game)
    seat = game["to_act"]

    def act() -> None:
        time.sleep(0.4)
        other = TestClient(app, base_url="http://127.0.0.1:8000")
        mine = other.get(f"/api/games/{key}/view", params={"token": tokens[seat]}).json()
        other.post(f"/api/games/{key}/choose", json={
            "choice": mine["choices"][0]["index"], "version": mine["version"], "token": tokens[seat]})

    thread = threading.Thread(target=act)
    thread.start()
    other_seat = 2 if seat == 0 else 0
    answer = c.get(f"/api/games/{key}/events", params={"token": tokens[other_seat]})
    thread.join()
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/event-stream")
    versions = [json.loads(line[5:])["version"] for line in answer.text.splitlines()
                if line.startswith("data:")]
    assert versions == [0, 1]


def test_event_streams_are_bounded() -> None:
    c = client(event_streams=0)
    game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
    refused = c.get(f"/api/games/{game['id']}/events", params={"token": tokens_of(game)[0]})
    assert refused.status_code == 429 and refused.json()["code"] == "error.streams_full"
    assert c.get("/api/games/nothing/events").status_code == 404


# --- event streams on the guarded server (belote serve's protocol) --------------------------


@contextmanager
def served(limits: Limits) -> Iterator[tuple[int, Any, threading.Thread, TestClient]]:
    """The app with the guarded protocol on 127.0.0.1 in a thread: its port, server, thread and a client."""
    import uvicorn

    from belote.web.server import guarded_protocol

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(limits)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error",
                                           http=guarded_protocol(limits)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started
    try:
        yield port, server, thread, TestClient(app, base_url="http://127.0.0.1:8000")
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def open_stream(port: int, path: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert b"text/event-stream" in s.recv(65536)
    return s


def closed_within(s: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``s`` within ``seconds`` (what it still sends is read and dropped)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        s.settimeout(max(0.01, end - time.monotonic()))
        try:
            if s.recv(65536) == b"":
                return True
        except TimeoutError:
            return False
        except OSError:  # reset: closed too
            return True
    return False


def test_event_streams_make_room_for_requests_and_end_when_the_server_stops() -> None:
    """A stream never ends by itself: at the connection limit the oldest one is closed (the browser
    opens another), and stopping the server closes them all instead of waiting for them."""
    limits = Limits(connections=3, header_seconds=5.0)
    streams: list[socket.socket] = []
    try:
        with served(limits) as (port, server, thread, c):
            game = new_game(c, variant="classic", seed=5, seats=FRIENDS)
            path = f"/api/games/{game['id']}/events?token={tokens_of(game)[0]}"
            streams += [open_stream(port, path) for _ in range(3)]
            answer = socket.create_connection(("127.0.0.1", port), timeout=5)
            answer.sendall(f"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Connection: close\r\n\r\n".encode())
            assert answer.recv(65536).startswith(b"HTTP/1.1 200")
            answer.close()
            assert closed_within(streams[0], 3)  # the oldest stream was closed to make room
            started = time.monotonic()
            server.should_exit = True
            thread.join(timeout=10)
            assert not thread.is_alive() and time.monotonic() - started < 5
    finally:
        for s in streams:
            s.close()


def test_serve_keeps_its_games_in_the_db_it_is_given(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    import uvicorn

    import belote.web
    from belote.cli.main import main

    apps: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: apps.append(app))
    monkeypatch.setattr(belote.web, "check_address", lambda host, port: None)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["serve"]) == 0
    default = tmp_path / "data" / "belote" / "games.sqlite3"
    assert f"games kept in {default}" in capsys.readouterr().out and default.exists()
    db = tmp_path / "club.sqlite3"
    assert main(["serve", "--db", str(db)]) == 0
    assert apps[-1].state.belote.store.path == str(db) and db.exists()
    assert main(["serve", "--db", ":memory:"]) == 0
    assert apps[-1].state.belote.store.path == ":memory:"
    assert main(["serve", "--db", str(tmp_path)]) == 2  # a folder is no database
    assert capsys.readouterr().err.startswith("error: --db: cannot keep the games in")
    assert main(["serve", "--host", "0.0.0.0"]) == 0
    assert "unencrypted" in capsys.readouterr().err


def test_the_page_sends_no_referer_since_its_address_holds_a_seats_token() -> None:
    page = client().get("/").text
    assert '<meta name="referrer" content="no-referrer">' in page
