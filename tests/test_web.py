"""``belote serve``'s endpoints through Starlette's test client, and the table behind them.

Skipped without the web extra (``pip install -e '.[web]'``); ``.ci/run``
installs it and runs this file with ``BELOTE_REQUIRE_WEB`` set, where a
missing extra fails instead.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from belote import Deal
from belote.agents import HeuristicBot, play_deal
from belote.errors import IllegalAction, InvalidArgument

if not os.environ.get("BELOTE_REQUIRE_WEB"):  # where it is set, a missing extra fails below
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from belote.web.app import Limits, create_app
from belote.web.table import Table

JSON_TYPE = {"Content-Type": "application/json"}


def client(**limits: Any) -> TestClient:
    return TestClient(create_app(Limits(**limits)), base_url="http://127.0.0.1:8000")


def new_game(c: TestClient, **body: Any) -> dict[str, Any]:
    response = c.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()
    return doc


def play_deal_by_choices(c: TestClient, game: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Choose at random among the offered choices (never calling out) until the deal is over."""
    view = game
    while not view["deal_over"]:
        assert view["your_turn"]
        options = [ch["index"] for ch in view["choices"] if ch["verb"] != "stop"]
        response = c.post(f"/api/games/{game['id']}/choose", json={"choice": rng.choice(options)})
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def test_the_page_and_its_files_are_served() -> None:
    c = client()
    page = c.get("/")
    assert page.status_code == 200 and "static/app.js" in page.text
    assert c.get("/static/app.js").status_code == 200
    assert c.get("/static/style.css").status_code == 200
    assert c.get("/static/../app.py").status_code == 404  # package data only


def test_meta_lists_the_variants_and_the_built_in_bots() -> None:
    meta = client().get("/api/meta").json()
    assert {v["name"] for v in meta["variants"]} >= {"classic", "piedicavallo", "french", "italian751"}
    assert meta["bots"] == ["random", "heuristic", "pimc"]


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("french", 3), ("french", 2),
                                                  ("italian751", 4), ("piedicavallo", 4)])
def test_a_whole_match_is_played_through_the_endpoints(variant: str, players: int) -> None:
    c = client()
    game = new_game(c, variant=variant, players=players, seed=5, target=150,
                    seats=["human"] + ["random"] * (players - 1))
    rng = random.Random(1)
    view = game
    for _ in range(60):
        view = play_deal_by_choices(c, view, rng)
        summary = view["summary"]
        assert sum(line["points"] for line in summary["lines"]) == sum(summary["scores"])
        if view["match"]["over"]:
            break
        response = c.post(f"/api/games/{game['id']}/next-deal")
        assert response.status_code == 200, response.text
        view = response.json()
        assert view["deal_number"] == len(view["match"]["deals"]) + 1
    assert view["match"]["over"]
    assert c.post(f"/api/games/{game['id']}/next-deal").json()["error"] == "the match is over"


def test_a_view_shows_only_the_persons_hand() -> None:
    c = client()
    view = new_game(c, variant="classic", seed=3)
    me = view["me"]
    record = c.get(f"/api/games/{view['id']}/record").json()
    deal = Deal.from_record(record["deals"][-1])
    assert sorted(card["code"] for card in view["hand"]) == sorted(str(card) for card in deal.hand(me))
    text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "log")})
    hidden = [str(card) for seat in range(4) if seat != me for card in deal.hand(seat)]
    assert not any(f'"{card}"' in text for card in hidden)


def test_bad_input_answers_the_librarys_message_and_changes_nothing() -> None:
    c = client()
    game = new_game(c, variant="classic", seed=2)
    key = game["id"]
    before = c.get(f"/api/games/{key}/view").json()
    for body in ({"choice": 99}, {"choice": "1"}, {"choice": True}, {}):
        response = c.post(f"/api/games/{key}/choose", json=body)
        assert response.status_code == 400
        assert response.json()["error"].startswith("choice: a number from 0 to")
    assert c.get(f"/api/games/{key}/view").json() == before
    unknown = c.post("/api/games", json={"variant": "bezique"})
    assert unknown.status_code == 400 and "unknown variant 'bezique'" in unknown.json()["error"]
    spec = c.post("/api/games", json={"variant": "classic(no_such_knob=1)"})
    assert spec.status_code == 400 and "no_such_knob" in spec.json()["error"]
    broken = c.post("/api/games", json={"record": {"variant": "classic", "deals": [{"dealer": 9}]}})
    assert broken.status_code == 400 and "deals[0]" in broken.json()["error"]
    assert c.post("/api/replay", json={"text": "{"}).json()["error"].startswith("malformed JSON")
    listed = c.post("/api/games", content=b"[1]", headers=JSON_TYPE)
    assert listed.json()["error"] == "the request body is a JSON object"


def test_a_seat_is_a_built_in_bot_never_a_module_path() -> None:
    c = client()
    for seat in ("os:system", "belote.agents:RandomBot", "pimc:samples=500",
                 "pimc:time_budget=none", "pimc:rollouts=100000"):
        response = c.post("/api/games", json={"seats": ["human", seat, "random", "random"]})
        assert response.status_code == 400, seat
    assert c.post("/api/games", json={"seats": ["random"] * 4}).json()["error"] == (
        "seats: at least one seat is played by a human")


def test_a_variant_spec_is_played() -> None:
    view = new_game(client(), variant="classic(capot_value=300)", seed=1, target=500)
    assert view["variant"] == "classic" and view["match"]["target"] == 500


def test_undo_takes_back_the_persons_last_action_and_the_bots_after_it() -> None:
    c = client()
    game = new_game(c, variant="classic", seed=4, seats=["human", "heuristic", "heuristic", "heuristic"])
    key = game["id"]
    assert c.post(f"/api/games/{key}/undo").json()["error"].startswith("nothing to undo")
    rng = random.Random(3)
    views = [game]
    for _ in range(6):
        view = views[-1]
        options = [ch["index"] for ch in view["choices"] if ch["verb"] != "stop"]
        views.append(c.post(f"/api/games/{key}/choose", json={"choice": rng.choice(options)}).json())
    for expected in reversed(views[:-1]):
        undone = c.post(f"/api/games/{key}/undo").json()
        assert undone["version"] > expected["version"]  # an undo is an action too
        assert {k: v for k, v in undone.items() if k != "version"} == {
            k: v for k, v in expected.items() if k != "version"}


def test_undo_after_the_last_card_takes_the_deal_off_the_match() -> None:
    c = client()
    game = new_game(c, variant="classic", seed=8, seats=["human", "random", "random", "random"])
    view = play_deal_by_choices(c, game, random.Random(2))
    assert view["match"]["deals"]
    undone = c.post(f"/api/games/{game['id']}/undo").json()
    assert not undone["deal_over"] and undone["match"]["deals"] == []


def test_a_saved_match_resumes_where_it_stopped() -> None:
    c = client()
    game = new_game(c, variant="piedicavallo", seed=6, target=300)
    view = play_deal_by_choices(c, game, random.Random(4))
    view = c.post(f"/api/games/{game['id']}/next-deal").json()
    view = c.post(f"/api/games/{game['id']}/choose", json={"choice": 0}).json()
    record = c.get(f"/api/games/{game['id']}/record").json()
    resumed = new_game(c, record=record)
    assert {k: v for k, v in resumed.items() if k not in ("id", "version")} == {
        k: v for k, v in view.items() if k not in ("id", "version")}


def test_calling_out_short_of_the_target_asks_first() -> None:
    # Find a position of piedicavallo where the person may call out, by playing seeds.
    for seed in range(200):
        table = Table("piedicavallo", seats=["human", "random", "random", "random"], seed=seed)
        rng = random.Random(seed)
        while not table.deal.is_over:
            view = table.view()
            stops = [ch for ch in view["choices"] if ch["verb"] == "stop"]
            if stops:
                assert "Careful:" in stops[0]["confirm"] and stops[0]["confirm"].endswith("Call out now?")
                assert "short of the target" in stops[0]["confirm"]  # 0 in the match, target 1000+
                return
            others = [ch["index"] for ch in view["choices"]]
            table.choose(rng.choice(others))
    pytest.fail("no position offered calling out")


def test_game_ids_are_unguessable() -> None:
    c = client()
    ids = {new_game(c, seed=k)["id"] for k in range(5)}
    assert len(ids) == 5 and all(len(key) >= 20 for key in ids)
    assert c.get("/api/games/0/view").status_code == 404


def test_an_over_large_request_is_refused_and_the_server_goes_on() -> None:
    c = client(body_bytes=2000)
    response = c.post("/api/replay", json={"text": "x" * 5000})
    assert response.status_code == 413 and "larger than 2000 bytes" in response.json()["error"]
    assert c.get("/api/meta").status_code == 200


def test_games_held_are_bounded() -> None:
    c = client(games=2)
    first = new_game(c, seed=1)
    new_game(c, seed=2)
    refused = c.post("/api/games", json={"seed": 3})
    assert refused.status_code == 429 and "2 games already" in refused.json()["error"]
    assert c.delete(f"/api/games/{first['id']}").json() == {"deleted": True}
    new_game(c, seed=3)


def played_record(seed: int = 11) -> str:
    deal = Deal.random("classic", seed=seed, dealer=3)
    play_deal(deal, [HeuristicBot() for _ in range(4)])
    return json.dumps(deal.to_record())


def test_a_replay_gives_every_position_with_all_hands_and_the_audit_lines() -> None:
    text = played_record()
    deals = client().post("/api/replay", json={"text": text + "\n" + text}).json()["deals"]
    assert len(deals) == 2
    frames = deals[0]["frames"]
    deal = Deal.from_record(json.loads(text))
    assert len(frames) == len(deal.history) + 1
    first_card = next(k for k, frame in enumerate(frames) if frame["cards_played"] == 1)
    assert sum(len(hand) for hand in frames[first_card - 1]["hands"]) == 32
    assert all(len(hand) == 0 for hand in frames[-1]["hands"])
    result = deals[0]["result"]
    assert result["scores"] == list(deal.result.scores)
    assert sum(line["points"] for line in result["lines"]) == sum(result["scores"])


def test_an_analysis_values_every_legal_card() -> None:
    c = client()
    text = played_record()
    doc = c.post("/api/analyse", json={"text": text, "start": 24}).json()
    assert [card["index"] for card in doc["cards"]] == list(range(24, 32))
    for card in doc["cards"]:
        best = max(card["values"].values()) if card["side"] == card["seat"] % 2 else min(card["values"].values())
        assert card["values"][card["card"]] == card["value"]
        assert {c for c, v in card["values"].items() if v == best} >= set(card["best_cards"])
    assert c.post("/api/analyse", json={"text": text, "start": 40}).status_code == 400


def test_a_position_pasted_is_solved_as_belote_solve_solves_it() -> None:
    """The replay view's position box: the value of every legal card and the line, as
    ``belote solve --json`` gives them; a bad position is refused with the part named."""
    import io

    from belote.cli.main import main

    deal = Deal.random("classic", seed=3)
    deal.take()
    while deal.tricks_played < 6:  # two tricks left
        deal.apply(deal.legal_actions()[0])
    position = deal.position()
    c = client()
    answer = c.post("/api/solve", json={"position": position})
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    out = io.StringIO()
    assert main(["solve", "--json", position], out=out) == 0
    expected = json.loads(out.getvalue())
    assert {k: doc[k] for k in expected} == expected
    assert doc["text"].startswith("classic, 4 players")
    bad = c.post("/api/solve", json={"position": position.replace("belote/1", "belote/9")})
    assert bad.status_code == 400 and "position" in bad.json()["error"]
    bidding = Deal.random("classic", seed=3).position()
    refused = c.post("/api/solve", json={"position": bidding})
    assert refused.status_code == 400 and "solve" in refused.json()["error"]


def test_the_solver_time_of_a_request_is_bounded() -> None:
    c = client(solver_seconds=0.01)
    response = c.post("/api/analyse", json={"text": played_record(), "start": 0})
    assert response.status_code == 422 and "more than 0.01 s" in response.json()["error"]
    assert c.get("/api/meta").status_code == 200


def test_a_comparison_runs_with_its_progress() -> None:
    c = client(compare_deals=100, compare_variants=3)
    over = c.post("/api/compare", json={"deals": 101})
    assert over.status_code == 422 and over.json()["field"] == "deals"
    four = c.post("/api/compare", json={"variants": ["classic"] * 4, "deals": 10})
    assert four.status_code == 422 and "at most 3 variants" in four.json()["error"]
    bad = c.post("/api/compare", json={"variants": ["classic", "nope"], "deals": 10})
    assert bad.status_code == 400 and "unknown variant 'nope'" in bad.json()["error"]
    job = c.post("/api/compare", json={"variants": ["classic", "italian751"], "deals": 40})
    assert job.status_code == 202
    for _ in range(600):
        status = c.get(f"/api/compare/{job.json()['id']}").json()
        assert 0 <= status["done"] <= status["total"]
        if status["finished"]:
            break
        import time

        time.sleep(0.05)
    assert status["done"] == status["total"]
    assert [v["variant"] for v in status["result"]["variants"]] == ["classic", "italian751"]
    assert "40 decks per variant" in status["result"]["text"]


def test_a_table_refuses_a_choice_when_no_person_is_to_act() -> None:
    table = Table("classic", seats=["human", "random", "random", "random"], seed=1)
    while not table.deal.is_over:
        table.choose(0)
    with pytest.raises(IllegalAction):
        table.choose(0)
    with pytest.raises(InvalidArgument):
        Table("classic", seats=["human"])


def test_serve_listens_on_loopback_and_warns_for_another_address(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    import belote.web
    from belote.cli.main import main

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append(options))
    checked: list[tuple[str, int]] = []  # the ports may be taken on this machine: not bound here
    monkeypatch.setattr(belote.web, "check_address", lambda host, port: checked.append((host, port)))
    assert main(["serve"]) == 0
    assert checked[-1] == ("127.0.0.1", 8000)
    assert calls[-1]["host"] == "127.0.0.1" and calls[-1]["port"] == 8000
    out, err = capsys.readouterr()
    assert "http://127.0.0.1:8000/" in out and err == ""
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert calls[-1]["host"] == "0.0.0.0" and calls[-1]["port"] == 8123
    assert capsys.readouterr().err.startswith("warning: listening on 0.0.0.0")


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from belote.cli.main import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now fails
    assert main(["serve"]) == 2
    assert capsys.readouterr().err == (
        "error: belote serve needs the web extra: pip install 'belote[web]'\n")


def test_the_docs_say_how_many_lines_each_endpoint_has() -> None:
    """docs/web.md's table "How thin the server is" counts the non-blank lines of each endpoint."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    source = (root / "src" / "belote" / "web" / "app.py").read_text(encoding="utf-8").splitlines()
    counts: dict[str, int] = {}
    current = None
    for line in source:
        start = re.match(r"    (?:async )?def (\w+)\(", line)
        if start or (line.startswith("    ") and not line.startswith("     ") and line.strip()):
            current = start.group(1) if start else None
            counts.setdefault(current or "", 0)
            continue
        if current and line.strip():
            counts[current] += 1
    page = (root / "docs" / "web.md").read_text(encoding="utf-8")
    table = page.split("## How thin the server is")[1].split("## Limits")[0]
    said = [row.rsplit("|", 2)[1].strip() for row in table.splitlines() if row.startswith("| `")]
    names = ["meta", "messages", "new_game", "play", "record", "delete", "events stream", "replay",
             "analyse", "solve",
             "start_compare compare_status"]
    assert said == [" and ".join(str(counts[n]) for n in name.split()) for name in names]
    assert f"Around them, {counts['endpoint']} lines" in page
    assert f"({counts['solver_child']} lines shared by both)" in " ".join(page.split())
