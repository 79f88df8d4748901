"""Player names at the web table (issue 49 D, docs/web.md#names): set by each seat, checked, kept in the store.

Through Starlette's test client. Skipped without the web extra, except where
``BELOTE_REQUIRE_WEB`` is set (``.ci/run``).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from belote.tables import MAX_NAME
from belote.web.app import Limits, create_app
from belote.web.i18n import catalogue

FRIENDS = ["human", "random", "human", "random"]


def client(db: str | Path = ":memory:") -> TestClient:
    return TestClient(create_app(Limits(), db=db), base_url="http://127.0.0.1:8000")


def new_game(c: TestClient, **body: Any) -> dict[str, Any]:
    response = c.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()
    return doc


def tokens_of(game: dict[str, Any]) -> dict[int, str]:
    return {entry["seat"]: entry["token"] for entry in game["seats"] if "token" in entry}


def names_seen(view: dict[str, Any]) -> list[str | None]:
    return [entry["player_name"] for entry in view["seats"]]


def test_each_seat_names_itself_with_its_token_and_every_view_shows_it() -> None:
    """docs/web.md#names: a person opening their seat's link sets their own name; every
    seat's view shows it at that seat; the name is the seat's only (its token)."""
    c = client()
    game = new_game(c, seats=FRIENDS, seed=3, names=["Ann"])
    tokens = tokens_of(game)
    assert names_seen(game) == ["Ann", None, None, None]
    named = c.post(f"/api/games/{game['id']}/name",
                   json={"name": "  Cy  <b>", "token": tokens[2], "version": game["version"]})
    assert named.status_code == 200, named.text
    assert named.json()["version"] == game["version"] + 1
    ann = c.get(f"/api/games/{game['id']}/view", params={"token": tokens[0]}).json()
    assert names_seen(ann) == ["Ann", None, "Cy <b>", None]  # kept as text: the page escapes it
    wrong = c.post(f"/api/games/{game['id']}/name", json={"name": "Eve", "token": "guess"})
    assert wrong.status_code == 403


@pytest.mark.parametrize("name", ["", "x" * (MAX_NAME + 1), "Ann\nBob", "\u0007", 12, ["Ann"]])
def test_a_bad_name_is_refused_400_with_a_code_in_every_language_and_changes_nothing(name: object) -> None:
    """docs/web.md#names: 1 to 24 printable characters; else 400, code ``error.name``, English
    ``error`` and the page's own words (French, Italian, Bulgarian catalogues); nothing changed."""
    c = client()
    game = new_game(c, seats=FRIENDS, seed=3)
    tokens = tokens_of(game)
    if name == "":  # an empty name clears it: no refusal
        answer = c.post(f"/api/games/{game['id']}/name", json={"name": name, "token": tokens[0]})
        assert answer.status_code == 200 and names_seen(answer.json())[0] is None
        return
    answer = c.post(f"/api/games/{game['id']}/name", json={"name": name, "token": tokens[0]})
    assert answer.status_code == 400, answer.text
    doc = answer.json()
    assert doc["code"] == "error.name" and doc["error"].startswith("name:")
    for lang in ("en", "fr", "it", "bg"):
        assert "{high}" in catalogue(lang)["error.name"]
    view = c.get(f"/api/games/{game['id']}/view", params={"token": tokens[0]}).json()
    assert view["version"] == game["version"] and names_seen(view)[0] is None
    made = c.post("/api/games", json={"seats": FRIENDS, "names": [name]})
    assert made.status_code == 400 and made.json()["code"] == "error.name"


def test_names_survive_a_restart_and_an_older_database_gets_their_column(tmp_path: Path) -> None:
    """docs/web.md#names: the store keeps the names (a column added to a database of an
    older version, whose games read back without names) and a newer database's columns."""
    db = tmp_path / "games.sqlite3"
    with sqlite3.connect(db) as old:  # the schema before names
        old.execute("CREATE TABLE games (id TEXT PRIMARY KEY, record TEXT NOT NULL, seats TEXT NOT NULL, "
                    "tokens TEXT NOT NULL, version INTEGER NOT NULL, rng TEXT NOT NULL, updated REAL NOT NULL, "
                    "owner TEXT)")
    old.close()
    c = client(db)
    game = new_game(c, seats=FRIENDS, seed=8)
    tokens = tokens_of(game)
    assert c.post(f"/api/games/{game['id']}/name", json={"name": "Di", "token": tokens[2]}).status_code == 200
    restarted = client(db)
    view = restarted.get(f"/api/games/{game['id']}/view", params={"token": tokens[0]}).json()
    assert names_seen(view) == [None, None, "Di", None] and view["version"] == game["version"] + 1
    with sqlite3.connect(db) as read:
        columns = {row[1] for row in read.execute("PRAGMA table_info(games)")}
        read.execute("UPDATE games SET names = NULL")  # a row an older server wrote
    read.close()
    assert {"names", "owner"} <= columns
    again = client(db).get(f"/api/games/{game['id']}/view", params={"token": tokens[0]}).json()
    assert names_seen(again) == [None] * 4


def test_a_name_set_in_the_page_shows_at_the_seat_and_in_the_score_sheet_as_text() -> None:
    """docs/web.md#names, in Chromium: the guest opens their seat's link, names themselves
    with markup in the name; the host's name shows at its seat and in the sheet; the guest's
    own name is kept as text (no element made of it); a bad name is refused in French."""
    import httpx
    from webdriving import chromium, serving, unavailable, wait

    try:
        from selenium.webdriver.common.by import By
    except ImportError:
        unavailable("selenium is not installed (pip install -e '.[webtest]')")
    with serving(create_app(Limits())) as url, chromium() as driver:
        made = httpx.post(f"{url}api/games", json={"seats": FRIENDS, "seed": 3, "names": ["Ann"]}).json()
        link = next(entry["link"] for entry in made["seats"] if entry["seat"] == 2)
        driver.get(url.rstrip("/") + link + "&pace=0")
        wait(driver, lambda d: d.execute_script("return game && game.me") == 2)
        wait(driver, lambda d: d.find_element(By.ID, "name-form").is_displayed())
        assert "Ann" in driver.find_element(By.ID, "pos-top").text  # the partner's seat, for seat 2
        assert "Ann" in driver.find_element(By.ID, "scoresheet").text
        field = driver.find_element(By.ID, "name-input")
        field.clear()
        field.send_keys("Cy <b>bold</b>")
        driver.find_element(By.ID, "name-set").click()
        wait(driver, lambda d: "Cy <b>bold</b>" in d.find_element(By.ID, "pos-bottom").text
             or d.execute_script("return game.seats[2].player_name") == "Cy <b>bold</b>")
        assert not driver.find_elements(By.CSS_SELECTOR, "#pos-bottom b, #scoresheet b")
        from selenium.webdriver.support.ui import Select

        Select(driver.find_element(By.ID, "lang")).select_by_value("fr")
        wait(driver, lambda d: d.execute_script("return document.body.dataset.lang") == "fr")
        field = driver.find_element(By.ID, "name-input")
        field.clear()
        field.send_keys(" ")
        driver.execute_script("document.getElementById('name-input').value = 'x'.repeat(30)")
        driver.find_element(By.ID, "name-set").click()
        wait(driver, lambda d: "caractères" in d.find_element(By.ID, "message").text)
