"""Engines at the web table: ``belote serve --engine NAME=COMMAND`` seats them; in a real browser too.

The API part runs wherever the web extra is installed. The browser part
seats the JavaScript example engine (examples/engines/simple_bot.js) through
the page's seat menus; it skips without ``node``, chromium and chromedriver,
except where ``BELOTE_REQUIRE_BROWSER`` is set (``.ci/run``), where a
missing browser fails (a missing ``node`` still skips, with a message).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote.errors import InvalidArgument

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient
from webdriving import chromium, serving, views, wait

from belote.web import parse_engines
from belote.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
PY_BOT = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples' / 'engines' / 'simple_bot.py'))}"
JS_FILE = ROOT / "examples" / "engines" / "simple_bot.js"


def test_an_offered_engine_is_seated_through_the_api() -> None:
    c = TestClient(create_app(engines={"simplepy": PY_BOT}), base_url="http://localhost")
    assert "simplepy" in c.get("/api/meta").json()["bots"]
    response = c.post("/api/games", json={"variant": "classic", "seed": 3,
                                          "seats": ["human", "simplepy", "random", "simplepy"]})
    assert response.status_code == 201, response.text
    game = response.json()
    log = game["log"]
    for _ in range(40):  # play the first choice until the deal is over
        if game["deal_over"]:
            break
        game = c.post(f"/api/games/{game['id']}/choose", json={"choice": 0}).json()
        log = game["log"]
    assert game["deal_over"] and len(log) > 8
    refused = c.post("/api/games", json={"seats": ["human", "engine:/bin/sh", "random", "random"]})
    assert refused.status_code == 400 and "simplepy" in refused.json()["error"]


def test_engine_options_of_serve() -> None:
    assert parse_engines(["js=node bot.js --fast", "py=python3 bot.py"]) == {
        "js": "node bot.js --fast", "py": "python3 bot.py"}
    for bad in (["js"], ["random=./x"], ["a b=./x"], ["js=./x", "js=./y"], ["js="]):
        with pytest.raises(InvalidArgument, match="--engine"):
            parse_engines(bad)


# --- in a browser ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("node is not installed here: the JavaScript example engine cannot run")
    return found


@pytest.fixture(scope="module")
def server(node: str) -> Iterator[str]:
    with serving(create_app(engines={"simplejs": f"{shlex.quote(node)} {shlex.quote(str(JS_FILE))}"})) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        yield driver


def test_the_javascript_engine_is_seated_in_the_browser(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server)
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
    for seat in (1, 2, 3):  # the menus offer the engine by the name the server gave it
        menu = Select(browser.find_element(By.ID, f"seat-{seat}"))
        assert "simplejs" in [option.get_attribute("value") for option in menu.options]
        menu.select_by_value("simplejs")
    browser.find_element(By.ID, "seed").send_keys("5")
    browser.find_element(By.ID, "new-game").click()
    wait(browser, lambda d: views(d) >= 1)
    while not browser.find_elements(By.ID, "next-deal") and not browser.find_elements(By.ID, "match-over"):
        seen = views(browser)
        legal = browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")
        buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")
                   if b.get_attribute("data-verb") != "stop"]
        (buttons or legal)[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
    log = browser.find_element(By.ID, "log").text
    assert "Seat 1" in log or "seat 1" in log
