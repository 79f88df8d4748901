"""``belote serve`` under hostile input (issue 32, "The server"): never a 500, never a hang.

Through Starlette's test client (as tests/test_web.py), and through the ASGI
app called directly for what a test client cannot send (a body that stops
half-way, a client that goes away). Only loopback addresses are bound.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import socket
import time
from typing import Any

import pytest
from clirun import one_error

if not os.environ.get("BELOTE_REQUIRE_WEB"):  # where it is set, a missing extra fails below
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

import belote.web
from belote.cli import main
from belote.web import app as app_module
from belote.web.app import Limits, create_app
from belote.web.child import child_answer

LOCAL = "http://127.0.0.1:8000"  # the loopback name the app answers for (not "testserver")
NINES = {400: "9" * 400, 5000: "9" * 5000}
PLAY = (
    " | players 4 | dealer 0 | hands JH 7D / 10H 9C / 7S JC / AS 7C | turned JD | bids take"
    " | play QH AH QD 8H / QC 10C KC AC / 8S 9S KS 8D / AD KD 8C 9D / 10D JD 10S JS / KH 9H QS 7H"
)


def client(**limits: Any) -> TestClient:
    return TestClient(create_app(Limits(**limits)), raise_server_exceptions=False,
                      base_url=LOCAL)


@pytest.mark.parametrize("digits", sorted(NINES))
def test_huge_specs_answer_400_naming_the_knob(digits: int) -> None:
    """Issue 32: the 400- and 5,000-digit specs answered 500 in each of these."""
    c = client()
    spec = f"classic(capot_value={NINES[digits]})"
    record = {"variant": spec, "players": 4, "dealer": 0, "deck": [], "actions": []}
    match_record = {"variant": spec, "target": 1000, "deals": []}
    for path, body in (
        ("/api/games", {"variant": spec}),
        ("/api/games", {"variant": "classic", "record": match_record}),
        ("/api/compare", {"variants": [spec, "classic"], "deals": 5}),
        ("/api/replay", {"text": json.dumps(record)}),
        ("/api/analyse", {"text": json.dumps(record)}),
        ("/api/solve", {"position": f"belote/1 {spec}{PLAY}"}),
    ):
        response = c.post(path, json=body)
        assert response.status_code == 400, (path, response.text)
        assert "capot_value" in response.json()["error"], path


def test_a_game_of_pimc_seats_under_a_negative_bonus_is_refused_up_front() -> None:
    """Issue 32: `choose` in such a game answered 500 ("no card keeps the value")."""
    c = client()
    response = c.post("/api/games", json={"variant": "classic(last_trick_bonus=-20)",
                                          "seats": ["human", "pimc", "pimc", "pimc"]})
    assert response.status_code == 400 and "last_trick_bonus" in response.json()["error"]


def test_solve_reports_the_knob_at_once_not_a_timeout() -> None:
    """Issue 32: 422 "needs more than 30 s" after 30 s, while the child had died at once."""
    start = time.perf_counter()
    response = client().post("/api/solve", json={
        "position": f"belote/1 classic(last_trick_bonus=-1000){PLAY}"})
    assert response.status_code == 400 and "last_trick_bonus" in response.json()["error"]
    assert time.perf_counter() - start < 5


def test_a_child_that_dies_is_reported_at_once() -> None:
    """The solver's child: an answer, a time-out, or its death, each told apart quickly."""
    context = multiprocessing.get_context("spawn")
    receive, _send = context.Pipe(duplex=False)
    child = context.Process(target=os._exit, args=(3,), daemon=True)
    child.start()
    start = time.perf_counter()
    status, answer = child_answer(child, receive, 30)
    assert status == "crash" and "exit code 3" in answer
    assert time.perf_counter() - start < 20
    receive, _send = context.Pipe(duplex=False)
    child = context.Process(target=time.sleep, args=(30,), daemon=True)
    child.start()
    assert child_answer(child, receive, 0.5) == ("late", None)
    assert not child.is_alive()


def test_a_failed_comparison_reports_its_error_and_frees_the_slot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 32: the worker thread died, the job read "finished": false, "error": null forever
    and every later comparison got 429."""
    real = app_module.compare
    calls = []

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if "executor" in kwargs and len(calls) == 2:  # the first real run: a bug
            raise RuntimeError("the comparison broke")
        return real(*args, **kwargs)

    monkeypatch.setattr(app_module, "compare", failing)
    c = client(compare_deals=100)
    job = c.post("/api/compare", json={"variants": ["classic", "italian751"], "deals": 5})
    assert job.status_code == 202
    for _ in range(200):
        status = c.get(f"/api/compare/{job.json()['id']}").json()
        if status["error"] is not None or status["finished"]:
            break
        time.sleep(0.05)
    assert status["finished"] is False and "RuntimeError: the comparison broke" in status["error"]
    again = c.post("/api/compare", json={"variants": ["classic", "italian751"], "deals": 5})
    assert again.status_code == 202, again.text


# --- the ASGI app called directly: slow bodies and disconnects --------------------------------


def _scope(path: str) -> dict[str, Any]:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
            "root_path": "",
            "headers": [(b"content-type", b"application/json"), (b"host", b"127.0.0.1:8000")],
            "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000)}


def _call(app: Any, path: str, messages: list[dict[str, Any]], hang: bool) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        if hang:
            await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def run() -> None:
        await asyncio.wait_for(app(_scope(path), receive, send), 20)

    asyncio.run(run())
    return sent


def test_a_body_that_stops_half_way_times_out_in_seconds() -> None:
    """Issue 32: connections with partial bodies stayed open 150 s or more."""
    app = create_app(Limits(body_seconds=0.3))
    start = time.perf_counter()
    sent = _call(app, "/api/games", [{"type": "http.request", "body": b'{"variant":',
                                      "more_body": True}], hang=True)
    assert time.perf_counter() - start < 5
    assert sent[0]["status"] == 408
    assert b"did not arrive within 0.3 s" in b"".join(m.get("body", b"") for m in sent)


def test_a_client_that_goes_away_is_one_log_line(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 32: client disconnects filled the log with `Exception in ASGI application`."""
    app = create_app()
    with caplog.at_level(logging.WARNING):
        _call(app, "/api/games", [{"type": "http.request", "body": b'{"vari', "more_body": True}],
              hang=False)
    records = [r for r in caplog.records if "went away" in r.getMessage()]
    assert len(records) == 1 and records[0].exc_info is None
    assert "/api/games" in records[0].getMessage()


# --- belote serve's options --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["serve", "--port", "70000"], "65535"),
        (["serve", "--port", "0"], "--port"),
        (["serve", "--host", "not a host"], "--host"),
        (["serve", "--host", "192.0.2.1", "--port", "8123"], "cannot listen"),  # not ours
    ],
)
def test_bad_serve_options_are_exit_2_before_anything_is_printed(
    argv: list[str], words: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 32: a uvicorn traceback and exit 1, or uvicorn's own ERROR line and exit 3 (after
    the warning about other machines)."""
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("uvicorn must not start"))
    code = main(argv)
    out, err = capsys.readouterr()
    assert words in one_error(code, err) and out == ""
    assert "warning" not in err


def test_a_port_in_use_is_exit_2(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("uvicorn must not start"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port)])
    line = one_error(code, capsys.readouterr().err)
    assert f"port {port}" in line and "in use" in line


def test_check_address_takes_a_free_loopback_port() -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    belote.web.check_address("127.0.0.1", port)
