"""The deal's summary on the page: the attack's count against what it needed, in the reader's words (issue 49, part D).

docs/web.md#the-deals-summary. A match record stopped before the person's
last card (a deal played by bots, seat 0's last card left to play) is
opened at a new table through ``POST /api/games``; the person plays it by a
click in headless Chromium and the summary's sheet must show the numbers
of the table's own view (the scoring's ``reckoning``), the contract, and the
verdict in the variant's words, in English and in French. With
``BELOTE_SCREENSHOTS=DIR`` a classic summary is saved at 390 px and a
contrée one, in French, at 1280×900 (docs/images/web-summary-*.png).
Skipped without the web extra, Selenium, Chromium or chromedriver, except
where ``BELOTE_REQUIRE_WEB`` / ``BELOTE_REQUIRE_BROWSER`` are set (``.ci/run``).
"""

from __future__ import annotations

import json
import os
import urllib.request
from typing import Any

import pytest
from test_web_summary import find, heuristic_bots
from webdriving import shot, wait

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")

from belote import Deal
from belote.records.replay import match_to_record
from belote.scoring import Outcome
from belote.web.i18n import catalogue


def last_card_to_play(*deals: Deal) -> dict[str, Any]:
    """The match record of ``deals`` without the last deal's last action, which is seat 0's."""
    assert deals[-1].history[-1].seat == 0
    record = match_to_record(list(deals))
    last = record["deals"][-1]  # type: ignore[index]
    last["actions"] = last["actions"][:-1]
    last.pop("finished", None)  # it is not, now
    return record


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        doc: dict[str, Any] = json.load(answer)
        return doc


def play_last_card(driver: Any, server: str, record: dict[str, Any], lang: str) -> dict[str, Any]:
    """Open the record at a table, play the person's last card by a click; the summary the server sent."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    game = post(f"{server}api/games", {"record": record, "seats": ["human", "random", "random", "random"]})
    driver.get(f"{server}?pace=0&game={game['id']}")
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
    if driver.execute_script("return document.body.dataset.lang") != lang:
        Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
        wait(driver, lambda d: d.execute_script("return document.body.dataset.lang") == lang)
    card = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand button.legal"))
    assert len(card) == 1  # the person's last card
    card[0].click()
    wait(driver, lambda d: d.find_elements(By.ID, "summary-sheet"))
    with urllib.request.urlopen(f"{server}api/games/{game['id']}/view", timeout=10) as answer:
        view: dict[str, Any] = json.load(answer)
    driver.execute_script("window.addEventListener('beforeunload', (e) => e.stopImmediatePropagation(), true)")
    return view


def rows(driver: Any) -> dict[str, Any]:
    from selenium.webdriver.common.by import By

    return {row.get_attribute("data-row"): row.find_element(By.TAG_NAME, "td")
            for row in driver.find_elements(By.CSS_SELECTOR, "#summary-sheet tr")}


def fits(driver: Any, name: str, keep: str | None = None) -> None:
    """The summary fits the window's width at 390 px and at 1280×900; ``keep`` (``phone``, ``desktop``) saved as ``web-NAME.png``."""
    from selenium.webdriver.common.by import By

    size = driver.get_window_size()
    try:
        for width, height, label in ((390, 844, "phone"), (1280, 900, "desktop")):
            driver.set_window_size(width, height)
            sheet = driver.find_element(By.ID, "summary")
            driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", sheet)
            inner = driver.execute_script("return document.documentElement.clientWidth")
            assert driver.execute_script("return document.documentElement.scrollWidth") <= inner, label
            box = driver.execute_script("return document.getElementById('summary-sheet').getBoundingClientRect().toJSON()")
            assert box["left"] >= 0 and box["right"] <= inner + 0.5, (label, box, inner)
            if label == keep:
                shot(driver, name)
    finally:
        driver.set_window_size(size["width"], size["height"])


def test_a_classic_deal_shows_the_attack_against_more_than_half(server: str, browser: Any) -> None:
    """Rules §7.1 (docs/rules.md#contract): the sheet says the count, the half it needed, the verdict."""
    deal = find("classic", lambda d: d.history[-1].seat == 0 and d.result.capot is None
                and d.result.outcome is not Outcome.LITIGE)
    view = play_last_card(browser, server, last_card_to_play(deal), "en")
    sheet = view["summary"]["reckoning"]
    shown = rows(browser)
    attack = shown["attack"]
    assert attack.get_attribute("data-points") == str(sheet["points"])
    assert attack.text.startswith(str(sheet["points"]))
    assert shown["needed"].text == f"{sheet['needed']}: more than half of {sheet['total']}"
    assert shown["defence"].text == f"{sheet['defence']} · {'seat 1 + seat 3' if sheet['side'] == 0 else 'you + partner'}"
    assert shown["attack"].text.endswith("you + partner" if sheet["side"] == 0 else "seat 1 + seat 3")
    verdict = shown["result"].text
    assert verdict == ("contract made" if view["summary"]["outcome"] == "made" else "dedans: contract failed")
    assert "taken by" in shown["contract"].text
    fits(browser, "summary-classic-phone", "phone")


def test_a_contree_deal_shows_the_bid_it_needed_in_french(server: str, browser: Any) -> None:
    """docs/contree.md#scoring: the bid's value is what the attack needed; the page speaks French."""
    deal = find("contree", lambda d: d.history[-1].seat == 0 and d.result.capot is None
                and d.result.contract is not None and d.result.contract.value is not None,
                bots=heuristic_bots)
    view = play_last_card(browser, server, last_card_to_play(deal), "fr")
    summary = view["summary"]
    sheet, contract = summary["reckoning"], summary["contract"]
    shown = rows(browser)
    fr = catalogue("fr")
    head = {row.find_element("tag name", "th").text for row in browser.find_elements("css selector", "#summary-sheet tr")}
    assert {fr["summary.sheet_needed"], fr["summary.sheet_attack"]} <= head
    assert shown["needed"].get_attribute("data-needed") == str(contract["value"]) == str(sheet["needed"])
    assert shown["needed"].text == f"{sheet['needed']} : le contrat"
    assert shown["attack"].text.startswith(str(sheet["points"]))
    expected = "contrat rempli" if summary["outcome"] == "made" else "chute : contrat chuté"
    assert shown["result"].text == expected
    assert "pris par" in shown["contract"].text and str(contract["value"]) in shown["contract"].text
    fits(browser, "summary-contree-desktop-fr", "desktop")


def test_a_bulgarian_inside_deal_shows_the_hanging_points_going_to_the_defenders(server: str, browser: Any) -> None:
    """docs/bulgarian.md#scoring: inside, the defenders take every point and the points that hung."""
    level = find("bulgarian", lambda d: d.result.outcome is Outcome.LITIGE)
    inside = find("bulgarian", lambda d: d.history[-1].seat == 0 and d.result.outcome is Outcome.FAILED
                  and d.result.capot is None, after=level)
    view = play_last_card(browser, server, last_card_to_play(level, inside), "en")
    summary = view["summary"]
    sheet = summary["reckoning"]
    shown = rows(browser)
    assert shown["attack"].get_attribute("data-points") == str(sheet["points"])
    assert shown["needed"].text == f"{sheet['needed']}: more than half of {sheet['total']}"
    assert shown["result"].text == catalogue("en")["outcome_game.failed"]
    won = summary["pending_won"]
    assert won == {"to": 1 - sheet["side"], "points": level.result.pending}
    text = browser.find_element("id", "summary-won").text
    assert text.startswith("Hanging game points won by") and text.endswith(f": {won['points']}.")
    fits(browser, "summary-bulgarian")  # its summary's picture: tests/test_web_bulgarian.py


def test_a_litige_says_how_many_points_are_held_and_for_whom(server: str, browser: Any) -> None:
    """docs/rules.md#pending-litige-points: a tie holds the attack's points for the next deal's winner (classic)."""
    deal = find("classic", lambda d: d.history[-1].seat == 0 and d.result.outcome is Outcome.LITIGE)
    view = play_last_card(browser, server, last_card_to_play(deal), "en")
    summary = view["summary"]
    sheet = summary["reckoning"]
    shown = rows(browser)
    assert sheet["points"] == sheet["defence"]
    assert shown["result"].text == catalogue("en")["outcome.litige"]
    assert browser.find_element("id", "summary-held").text == (
        f"{summary['pending']} points are held: the team that wins the next deal takes them.")
