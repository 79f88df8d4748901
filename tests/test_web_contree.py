"""Contrée at the web table: the auction in the view's JSON, and a deal bid and played by clicks in a browser.

The view's side runs on [`Table`][belote.web.table.Table] and the endpoints
(skipped without the web extra, except where ``BELOTE_REQUIRE_WEB`` is set);
the page's side drives Debian's headless Chromium through Selenium as
``tests/test_web_browser.py`` does (skipped without it, except where
``BELOTE_REQUIRE_BROWSER`` is set: ``.ci/run`` sets both). With
``BELOTE_SCREENSHOTS=DIR`` the bidding box is saved in English and French
(docs/images/web-bidding-*.png).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from webdriving import open_page, shot, views, wait

from belote import Deal
from belote.agents import HeuristicBot, play_deal

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from belote.web.app import Limits, create_app
from belote.web.events import auction_json, deal_events
from belote.web.table import Table

HUMAN_FIRST = ["human", "heuristic", "heuristic", "heuristic"]


def client() -> TestClient:
    """The app through Starlette's test client, on the loopback address the server answers."""
    return TestClient(create_app(Limits()), base_url="http://127.0.0.1:8000")


# ---- The view's JSON ----

def test_a_contree_view_shows_the_auction_and_no_turned_card() -> None:
    """RULES §11.1: no card is turned; every call is heard by every seat, in order."""
    table = Table("contree", seats=HUMAN_FIRST, seed=1)  # seat 2 passes, seat 3 bids 100 ♣
    view = table.view()
    assert view["phase"] == "auction" and view["your_turn"] and view["me"] == 0
    assert view["turned"] is None and view["trump"] is None
    auction = view["auction"]
    assert auction["open"] is True
    assert auction["values"] == [80, 90, 100, 110, 120, 130, 140, 150, 160]
    assert auction["capot"] is True and auction["strains"] == ["S", "H", "D", "C"]
    assert auction["calls"] == [
        {"seat": 2, "verb": "pass"},
        {"seat": 3, "verb": "bid", "value": 100, "capot": False, "strain": "C"},
    ]
    assert auction["contract"] == {"seat": 3, "value": 100, "capot": False, "strain": "C",
                                   "doubling": 0, "multiplier": 1, "coincher": None,
                                   "surcoincher": None}
    assert [e["key"] for e in view["events"]] == ["pass", "bid"]


def test_the_choices_of_an_auction_are_structured_and_only_higher_bids() -> None:
    """RULES §11.1: a bid names a higher value than the standing one (or capot); the other side may coinche."""
    view = Table("contree", seats=HUMAN_FIRST, seed=1).view()
    choices = view["choices"]
    by_verb: dict[str, list[dict[str, Any]]] = {}
    for choice in choices:
        by_verb.setdefault(choice["verb"], []).append(choice)
    assert set(by_verb) == {"pass", "coinche", "bid"}
    assert by_verb["coinche"][0]["multiplier"] == 2
    bids = by_verb["bid"]
    values = sorted({b["value"] for b in bids if not b["capot"]})
    assert values == [110, 120, 130, 140, 150, 160]
    assert {b["strain"] for b in bids} == {"S", "H", "D", "C"}
    assert sum(b["capot"] for b in bids) == 4 and all(b["value"] is None for b in bids if b["capot"])
    assert [c["index"] for c in choices] == list(range(len(choices)))


def test_a_coinched_and_surcoinched_contract_is_shown_with_its_multiplier() -> None:
    """RULES §11.1: coinche ×2, surcoinche ×3 in contree; the calls and the contract say so."""
    deal = Deal.random("contree", seed=2, dealer=3)
    for text in ("0 bid 90 H", "1 coinche", "2 surcoinche"):
        deal.apply(text)
    doc = auction_json(deal, 1)
    assert doc is not None
    contract = doc["contract"]
    assert contract is not None and isinstance(contract, dict)
    assert (contract["value"], contract["strain"], contract["seat"]) == (90, "H", 0)
    assert (contract["doubling"], contract["multiplier"]) == (2, 3)
    assert (contract["coincher"], contract["surcoincher"]) == (1, 2)
    assert doc["open"] is False  # a surcoinche ends the auction
    events = deal_events(deal)
    assert [e["key"] for e in events] == ["bid", "coinche", "surcoinche"]
    assert events[1]["multiplier"] == 2 and events[2]["multiplier"] == 3


def test_a_bid_is_undone_and_an_auction_resumed_from_its_record() -> None:
    table = Table("contree", seats=HUMAN_FIRST, seed=1)
    before = table.view()
    bid = next(c for c in before["choices"] if c["verb"] == "bid")
    after = table.choose(bid["index"])
    assert after["auction"]["calls"][2] == {"seat": 0, "verb": "bid", "value": 110, "capot": False,
                                            "strain": "S"}
    undone = table.undo()
    assert undone["auction"] == before["auction"] and undone["your_turn"]
    table.choose(bid["index"])
    resumed = Table(seats=HUMAN_FIRST, record=table.record()).view()
    assert resumed["variant"] == "contree" and resumed["phase"] == "auction"
    assert resumed["auction"]["calls"] == table.view()["auction"]["calls"]


def contree_record() -> str:
    """A contree deal of the heuristic bots: seat 3 bids 90 ♠ and makes it."""
    deal = Deal.random("contree", seed=1)
    play_deal(deal, [HeuristicBot(seat) for seat in range(4)])
    return json.dumps(deal.to_record())


def test_a_contree_record_is_replayed_with_its_auction_and_no_turned_card() -> None:
    c = client()
    response = c.post("/api/replay", json={"text": contree_record()})
    assert response.status_code == 200
    deal = response.json()["deals"][0]
    frames = deal["frames"]
    assert all(frame["turned"] is None for frame in frames)
    assert frames[0]["auction"]["open"] and frames[0]["auction"]["calls"] == []
    contract = frames[-1]["auction"]["contract"]
    assert (contract["value"], contract["strain"], contract["seat"]) == (90, "S", 3)
    assert "line.contract" in [line["key"] for line in deal["result"]["lines"]]


def test_a_classic_view_has_no_auction_and_keeps_its_turned_card() -> None:
    view = Table("classic", seats=HUMAN_FIRST, seed=1).view()
    assert view["auction"] is None and view["turned"] is not None


def test_a_contree_deal_is_played_to_its_score_through_the_endpoints() -> None:
    """A person bids, the heuristic bots answer, the deal is played out and scored with its contract."""
    c = client()
    response = c.post("/api/games", json={"variant": "contree", "seed": 1, "seats": HUMAN_FIRST})
    assert response.status_code == 201
    view = response.json()
    key, rng, bid = view["id"], random.Random(0), False
    while not view["deal_over"]:
        choices = view["choices"]
        if view["auction"]["open"]:
            bids = [ch for ch in choices if ch["verb"] == "bid" and not ch["capot"]]
            pick = bids[0] if bids and not bid else next(ch for ch in choices if ch["verb"] == "pass")
            bid = bid or pick["verb"] == "bid"
        else:
            pick = rng.choice(choices)
        view = c.post(f"/api/games/{key}/choose",
                      json={"choice": pick["index"], "version": view["version"]}).json()
        if not view["deal_over"] and view["trump"] is not None:
            assert view["auction"]["open"] is False and view["taker"] == view["auction"]["contract"]["seat"]
    summary = view["summary"]
    assert summary["outcome"] in ("made", "failed")
    keys = [line["key"] for line in summary["lines"]]
    assert "line.contract" in keys
    assert "line.other" not in keys
    assert sum(view["match"]["totals"]) > 0


def test_the_bots_play_contree_seats_and_a_passed_out_deal_is_dealt_again() -> None:
    """Random and heuristic bots bid, coinche and play; four passes end the deal with no score."""
    passed = played = 0
    for seed in range(12):
        seats = ["human", "random", "heuristic", "random"]
        table = Table("contree", seats=seats, seed=seed)
        rng = random.Random(seed)
        while not table.deal.is_over:
            view = table.view()
            table.choose(rng.choice(view["choices"])["index"])
        view = table.view()
        if view["summary"]["redeal"]:
            passed += 1
            assert view["auction"]["contract"] is None
        else:
            played += 1
            assert view["auction"]["contract"] is not None
        if not view["match"]["over"]:
            table.next_deal()
    assert played > 0 and passed + played == 12


# ---- The page in a browser ----


def new_contree(driver: Any, seed: int, bots: str) -> None:
    """A new match of contree from the New match form: seat 0 a person, the others ``bots``."""
    from selenium.webdriver.common.by import By

    variant = driver.find_element(By.ID, "variant")
    variant.clear()
    variant.send_keys("contree")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#seats select")) == 4)
    for seat in (1, 2, 3):
        driver.execute_script(f"document.getElementById('seat-{seat}').value = arguments[0]", bots)
    seed_box = driver.find_element(By.ID, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    seen = views(driver)
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: views(d) > seen)


def click_and_wait(driver: Any, element: Any) -> None:
    seen = views(driver)
    element.click()
    wait(driver, lambda d: views(d) > seen)
    assert driver.find_element("id", "message").text == ""


def play_out(driver: Any) -> int:
    """Click a legal card (or a button that is not calling out) until the deal is over; the clicks."""
    from selenium.webdriver.common.by import By

    clicks = 0
    while not driver.find_elements(By.ID, "next-deal") and not driver.find_elements(By.ID, "match-over"):
        assert not driver.find_element(By.ID, "bidding").is_displayed()
        legal = driver.find_elements(By.CSS_SELECTOR, "#hand button.legal")
        buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "#choices button")
                   if b.get_attribute("data-verb") != "stop"]
        click_and_wait(driver, (buttons or legal)[0])
        clicks += 1
        assert clicks < 30
    return clicks


def test_a_contree_deal_is_bid_and_played_by_clicks(server: str, browser: Any) -> None:
    """Seat 3 opens 100 ♣; the person bids 110 through the box, the bots answer, the deal is played and scored."""
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    new_contree(browser, 1, "heuristic")
    box = browser.find_element(By.ID, "bidding")
    assert box.is_displayed()
    assert "Bid to beat: 100 ♣, by seat 3" in browser.find_element(By.ID, "contract").text
    assert not browser.find_elements(By.ID, "turned-card")
    assert browser.find_element(By.CSS_SELECTOR, "[data-call-seat='3']").text == "100 ♣"
    values = {b.get_attribute("data-value"): b for b in box.find_elements(By.CSS_SELECTOR, ".bid-value")}
    assert list(values) == ["80", "90", "100", "110", "120", "130", "140", "150", "160", "capot"]
    for low in ("80", "90", "100"):  # not higher than the bid to beat: greyed
        assert values[low].get_attribute("disabled") and "below" in values[low].get_attribute("class")
    assert not values["110"].get_attribute("disabled")
    # no suit before a value: a stray click on a suit bids nothing
    suits = box.find_elements(By.CSS_SELECTOR, ".bid-suit")
    assert [s.get_attribute("data-strain") for s in suits] == ["S", "H", "D", "C"]
    assert all(s.get_attribute("disabled") for s in suits)
    assert {b.get_attribute("data-verb") for b in box.find_elements(By.CSS_SELECTOR, ".bid-call")} \
        == {"pass", "coinche"}
    values["110"].click()
    hearts = browser.find_element(By.CSS_SELECTOR, "#bidding .bid-suit[data-strain='H']")
    assert not hearts.get_attribute("disabled") and "red" in hearts.get_attribute("class")
    assert "110" in browser.find_element(By.ID, "bid-hint").text
    browser.execute_script("document.getElementById('contract').scrollIntoView()")
    shot(browser, "bidding-en")
    click_and_wait(browser, hearts)
    assert "You bid 110 ♥." in browser.find_element(By.ID, "log").text
    passes = 0
    while browser.find_element(By.ID, "bidding").is_displayed():  # the bots answered: the person passes
        click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "#bidding .bid-call[data-verb='pass']"))
        passes += 1
        assert passes < 10
    contract = browser.find_element(By.ID, "contract").text
    assert "Contract:" in contract
    assert browser.find_element(By.ID, "contract-badge").get_attribute("class") in ("", "red")
    clicks = play_out(browser)
    assert clicks >= 8
    assert "Deal over" in browser.find_element(By.ID, "summary").text
    assert "contract" in browser.find_element(By.ID, "summary-lines").text
    assert browser.find_element(By.ID, "log").text.count("— Trick") == 8
    assert browser.find_elements(By.CSS_SELECTOR, "#scoresheet tr")[1].text.strip()


def test_a_bid_is_coinched_by_a_click_and_the_contract_says_so(server: str, browser: Any) -> None:
    """Seat 3 (a random bot) opens 120 ♦; the person coinches it: ×2 on the table and in the score."""
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    new_contree(browser, 5, "random")
    coinche = browser.find_element(By.CSS_SELECTOR, "#bidding .bid-call[data-verb='coinche']")
    assert "×2" in coinche.text
    click_and_wait(browser, coinche)
    assert "You coinche (×2)." in browser.find_element(By.ID, "log").text
    while browser.find_element(By.ID, "bidding").is_displayed():
        click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "#bidding .bid-call[data-verb='pass']"))
    text = browser.find_element(By.ID, "contract").text
    assert "coinched (×2)" in text or "surcoinched (×3)" in text
    shot(browser, "contree-play")
    play_out(browser)
    assert "×" in browser.find_element(By.ID, "summary-lines").text


def test_a_contree_record_is_replayed_in_the_page(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    browser.find_element(By.ID, "tab-replay").click()
    browser.execute_script("document.getElementById('replay-text').value = arguments[0]", contree_record())
    browser.find_element(By.ID, "replay-go").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay").is_displayed())
    assert "Auction: no bid yet" in browser.find_element(By.ID, "frame").text
    browser.find_element(By.ID, "last").click()
    frame = browser.find_element(By.ID, "frame").text
    assert "Contract: 90 ♠, by seat 3" in frame and "Turned" not in frame
    assert "contract 90 ♠" in browser.find_element(By.ID, "audit-lines").text
    browser.find_element(By.ID, "tab-play").click()


def test_the_bidding_box_fits_a_phone_in_french(server: str, browser: Any) -> None:
    """390×844: nothing scrolls sideways and every button of the box is at least 44 px each way."""
    from selenium.webdriver.common.by import By

    size = browser.get_window_size()
    browser.set_window_size(390, 844)
    try:
        open_page(browser, server, "fr")
        new_contree(browser, 1, "heuristic")
        browser.find_element(By.CSS_SELECTOR, "#bidding .bid-value[data-value='120']").click()
        box = browser.find_element(By.ID, "bidding")
        assert "Enchère à battre : 100 ♣, par place 3" in browser.find_element(By.ID, "contract").text
        assert "Votre annonce" in box.text and "cœur" in box.text
        buttons = box.find_elements(By.TAG_NAME, "button")
        assert len(buttons) == 10 + 4 + 2
        for button in buttons:
            rect = button.rect
            assert rect["width"] >= 44 and rect["height"] >= 44, (button.text, rect)
        inner = browser.execute_script("return window.innerWidth")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= inner
        assert box.rect["x"] >= 0 and box.rect["x"] + box.rect["width"] <= inner
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        shot(browser, "bidding-phone-fr")
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_the_bidding_box_in_french_on_a_desktop(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server, "fr")
    new_contree(browser, 1, "heuristic")
    browser.find_element(By.CSS_SELECTOR, "#bidding .bid-value[data-value='110']").click()
    box = browser.find_element(By.ID, "bidding")
    assert "Coincher (×2)" in box.text and "Passer" in box.text
    browser.execute_script("document.getElementById('contract').scrollIntoView()")
    shot(browser, "bidding-fr")
    open_page(browser, server, "en")  # the next test's page in English again

