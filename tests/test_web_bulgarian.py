"""Bulgarian belot at the web table: the strain auction in the view's JSON, a match played through the endpoints, and a deal bid and played by clicks.

RULES §12.1 (docs/bulgarian.md#the-auction, #scoring, #the-game): strains
from clubs to all-trumps, double and redouble, game points to 151, points
that hang on a level deal. The view's side runs on
[`Table`][belote.web.table.Table] and the endpoints (skipped without the web
extra, except where ``BELOTE_REQUIRE_WEB`` is set); the page's side drives
Debian's headless Chromium through Selenium as ``tests/test_web_contree.py``
does (skipped without it, except where ``BELOTE_REQUIRE_BROWSER`` is set).
With ``BELOTE_SCREENSHOTS=DIR`` the strain box and the summary are saved at
1280×900 and at 390 px. The heuristic bot does not bid a strain auction
yet: the bots here are ``random``.
"""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest
from webdriving import open_page, shot, views, wait

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from belote import Deal
from belote.web.app import Limits, create_app
from belote.web.events import auction_json, deal_events
from belote.web.i18n import LANGUAGES, catalogue
from belote.web.table import Table

RANDOM_BOTS = ["human", "random", "random", "random"]
STRAINS = ["C", "D", "H", "S", "NT", "AT"]
NT_DOUBLED_SEED = 130
"""Dealer seat 3; the person bids NT, seat 1 doubles, seats 2 and 3 pass: the person may redouble."""


def client() -> TestClient:
    """The app through Starlette's test client, on the loopback address the server answers."""
    return TestClient(create_app(Limits()), base_url="http://127.0.0.1:8000")


# ---- The view's JSON ----

def test_the_strain_box_is_in_the_view_and_a_bid_names_a_strain_alone() -> None:
    """RULES §12.1: clubs < diamonds < hearts < spades < NT < AT; no values, no capot bid; counter-clockwise."""
    view = Table("bulgarian", seats=RANDOM_BOTS, seed=NT_DOUBLED_SEED).view()
    assert view["phase"] == "auction" and view["your_turn"]
    assert view["counter_clockwise"] is True and view["game_points"] is True
    assert view["strain"] is None and view["trump"] is None and view["turned"] is None
    auction = view["auction"]
    assert auction["strain_auction"] is True and auction["open"] is True
    assert auction["strains"] == STRAINS and auction["values"] == [] and auction["capot"] is False
    assert auction["contract"] is None
    bids = [c for c in view["choices"] if c["verb"] == "bid"]
    assert sorted(b["strain"] for b in bids) == sorted(STRAINS)
    assert all(b["value"] == 0 and not b["capot"] for b in bids)
    assert {c["verb"] for c in view["choices"]} == {"pass", "bid"}  # nothing to double yet
    assert len(view["hand"]) == 5  # 3 + 2 before the auction, no card turned


def test_a_doubled_then_redoubled_no_trumps_contract_is_in_the_json() -> None:
    """RULES §12.1: a player doubles the other team's bid (×2), the bidder's team redoubles (×4)."""
    table = Table("bulgarian", seats=RANDOM_BOTS, seed=NT_DOUBLED_SEED)
    view = table.view()
    nt = next(c for c in view["choices"] if c["verb"] == "bid" and c["strain"] == "NT")
    view = table.choose(nt["index"])
    calls = view["auction"]["calls"]
    assert calls[:2] == [{"seat": 0, "verb": "bid", "value": 0, "capot": False, "strain": "NT"},
                         {"seat": 1, "verb": "double", "multiplier": 2}]
    contract = view["auction"]["contract"]
    assert (contract["strain"], contract["doubling"], contract["multiplier"], contract["coincher"]) \
        == ("NT", 1, 2, 1)
    verbs = {c["verb"]: c for c in view["choices"]}
    assert set(verbs) >= {"pass", "redouble", "bid"} and "double" not in verbs
    assert verbs["redouble"]["multiplier"] == 4
    assert {c["strain"] for c in view["choices"] if c["verb"] == "bid"} == {"AT"}  # only above NT
    view = table.choose(verbs["redouble"]["index"])
    assert [e["key"] for e in view["events"]][:5] == ["bid", "double", "pass", "pass", "redouble"]
    assert view["auction"]["open"] is False
    assert view["auction"]["contract"]["doubling"] == 2 and view["auction"]["contract"]["multiplier"] == 4
    # no trump suit in no-trumps: Deal.trump is None, the strain names the contract
    assert view["trump"] is None and view["strain"] == {"code": "NT", "suit": None}
    assert len(view["hand"]) == 8 and view["deal_points"] is not None
    # the legal cards carry their choice, the others why not (the play has begun)
    if view["your_turn"]:
        assert any(card["choice"] is not None for card in view["hand"])


def test_the_events_of_a_strain_auction_and_its_tricks() -> None:
    """RULES §12.1: in NT every suit is plain, in AT every suit is trump: the tricks' points by that mode."""
    for seed in range(40):
        deal = Deal.random("bulgarian", seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        events = deal_events(deal)
        tricks = [e for e in events if e["key"] == "trick"]
        if deal.strain is None:
            assert not tricks  # passed out
            continue
        card_points = sum(deal.card_points_of(side) for side in range(deal.sides))
        assert sum(int(str(e["points"])) for e in tricks) == card_points + deal.rules.last_trick_bonus
        doc = auction_json(deal, 0)
        assert doc is not None and doc["open"] is False and doc["strain_auction"] is True


def leaked_cards(table: Table, view: dict[str, Any]) -> list[str]:
    """The cards the other seats hold, not shown by a declaration of theirs, that the view names anyway."""
    shown = {card for e in view["events"] if e["key"] == "declare" for card in e["combination"]["cards"]}
    deal = table.deal
    hidden = {str(card) for seat in range(deal.players) if seat != view["me"]
              for card in deal.hand(seat)} - shown
    text = json.dumps({k: v for k, v in view.items() if k != "id"})
    return [card for card in sorted(hidden) if re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", text)]


def test_a_bulgarian_match_is_played_to_its_end_through_the_endpoints() -> None:
    """RULES §12.1 (docs/bulgarian.md#the-game): deals in game points until a team passes 151.

    Every view is the person's alone: no card another seat holds is in it.
    """
    for seed in (3, 11):
        c = client()
        view = c.post("/api/games", json={"variant": "bulgarian", "seed": seed, "seats": RANDOM_BOTS}).json()
        key, rng = view["id"], random.Random(seed)
        store = c.app.state.belote.store  # type: ignore[attr-defined]
        deals = 0
        seen_outcomes: set[str] = set()
        while True:
            table: Table = store.game(key).table
            assert sorted(card["code"] for card in view["hand"]) == sorted(str(card) for card in table.deal.hand(0))
            assert leaked_cards(table, view) == []
            if view["deal_over"]:
                deals += 1
                summary = view["summary"]
                assert summary["game_points"] is True
                seen_outcomes.add(summary["outcome"])
                if not summary["redeal"]:
                    contract = summary["contract"]
                    assert contract["value"] == 0 and contract["strain"] in STRAINS
                    assert contract["multiplier"] == (1, 2, 4)[contract["doubling"]]
                    assert all(line["key"] != "line.other" for line in summary["lines"]), summary["lines"]
                    for side in (0, 1):  # a team's lines sum to its game points
                        assert sum(line["points"] for line in summary["lines"] if line["to"] == side) \
                            == summary["scores"][side]
                assert view["match"]["pending"] == summary["pending"]
                if view["match"]["over"]:
                    break
                view = c.post(f"/api/games/{key}/next-deal", json={"version": view["version"]}).json()
                continue
            pick = rng.choice(view["choices"])
            response = c.post(f"/api/games/{key}/choose", json={"choice": pick["index"], "version": view["version"]})
            assert response.status_code == 200, response.text
            view = response.json()
        match = view["match"]
        assert match["target"] == 151 and match["winner"] is not None
        assert max(match["totals"]) >= 151
        assert [sum(column) for column in zip(*match["deals"], strict=True)] == match["totals"]
        assert deals == len(match["deals"]) >= 2
        for outcome in seen_outcomes:
            for lang in LANGUAGES:
                assert f"outcome_game.{outcome}" in catalogue(lang) or outcome == "redeal"


def test_every_word_of_the_strain_auction_is_in_every_catalogue() -> None:
    """The page words a strain auction through the catalogues: strains, double, redouble, game points."""
    needed = {"strain.NT", "strain.AT", "strain_word.NT", "strain_word.AT", "contract.doubled",
              "contract.redoubled", "call.double", "call.redouble", "choice.double", "choice.redouble",
              "log.double.you", "log.double.other", "log.redouble.you", "log.redouble.other",
              "bidding.pick_strain", "bidding.strains", "sheet.head_game_points", "sheet.hanging",
              "outcome_game.made", "outcome_game.failed", "outcome_game.litige", "summary.taken_by",
              "summary.hanging", "summary.game_points", "line.declarations", "line.valat",
              "line.hanging_won", "line.from_others", "variant.bulgarian", "variant_name.bulgarian"}
    for lang in LANGUAGES:
        assert needed <= set(catalogue(lang)), (lang, sorted(needed - set(catalogue(lang))))
    assert catalogue("fr")["strain.NT"] == "SA" and catalogue("fr")["call.double"] == "contre"


# ---- The page in a browser ----


def new_bulgarian(driver: Any, seed: int) -> None:
    """A new match of bulgarian from the New match form: seat 0 a person, the others random bots."""
    from selenium.webdriver.common.by import By

    variant = driver.find_element(By.ID, "variant")
    variant.clear()
    variant.send_keys("bulgarian")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#seats select")) == 4)
    for seat in (1, 2, 3):
        driver.execute_script(f"document.getElementById('seat-{seat}').value = 'random'")
    seed_box = driver.find_element(By.ID, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    seen = views(driver)
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: views(d) > seen)


def click_and_wait(driver: Any, element: Any) -> None:
    seen = views(driver)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    wait(driver, lambda d: views(d) > seen)
    assert driver.find_element("id", "message").text == ""


def play_out(driver: Any) -> int:
    """Click a legal card (or a declaration's button) until the deal is over; the clicks."""
    from selenium.webdriver.common.by import By

    clicks = 0
    while not driver.find_elements(By.ID, "next-deal") and not driver.find_elements(By.ID, "match-over"):
        assert not driver.find_element(By.ID, "bidding").is_displayed()
        legal = driver.find_elements(By.CSS_SELECTOR, "#hand button.legal")
        buttons = driver.find_elements(By.CSS_SELECTOR, "#choices button")
        click_and_wait(driver, (buttons or legal)[0])
        clicks += 1
        assert clicks < 30
    return clicks


def bid_nt_and_redouble(driver: Any, nt_word: str, doubled: str, redoubled: str, name: str) -> None:
    """Through the strain box: every strain open, NT bid, seat 1 doubles, the person redoubles."""
    from selenium.webdriver.common.by import By

    box = driver.find_element(By.ID, "bidding")
    assert box.is_displayed()
    strains = box.find_elements(By.CSS_SELECTOR, ".bid-strain")
    assert [s.get_attribute("data-strain") for s in strains] == STRAINS
    assert not any(s.get_attribute("disabled") for s in strains)  # no bid yet: every strain is open
    assert not box.find_elements(By.CSS_SELECTOR, ".bid-value")  # no values in a strain auction
    assert {b.get_attribute("data-verb") for b in box.find_elements(By.CSS_SELECTOR, ".bid-call")} == {"pass"}
    nt = box.find_element(By.CSS_SELECTOR, ".bid-strain[data-strain='NT']")
    assert nt_word in nt.text
    click_and_wait(driver, nt)
    box = driver.find_element(By.ID, "bidding")
    assert box.is_displayed()
    assert doubled in driver.find_element(By.ID, "contract").text
    assert driver.find_element(By.CSS_SELECTOR, "[data-call-seat='1']").get_attribute("class") == "call double"
    live = [s.get_attribute("data-strain") for s in box.find_elements(By.CSS_SELECTOR, ".bid-strain")
            if not s.get_attribute("disabled")]
    assert live == ["AT"]  # only a strain above the standing NT
    assert {b.get_attribute("data-verb") for b in box.find_elements(By.CSS_SELECTOR, ".bid-call")} \
        == {"pass", "redouble"}
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    shot(driver, f"bulgarian-bidding-{name}")
    click_and_wait(driver, box.find_element(By.CSS_SELECTOR, ".bid-call[data-verb='redouble']"))
    assert not driver.find_element(By.ID, "bidding").is_displayed()
    assert redoubled in driver.find_element(By.ID, "contract").text
    assert driver.find_element(By.ID, "trump").get_attribute("data-strain") == "NT"


def test_a_bulgarian_deal_is_bid_through_the_strain_box_and_played(server: str, browser: Any) -> None:
    """RULES §12.1 at 1280×900: NT bid, doubled by seat 1, redoubled; seats drawn counter-clockwise; the summary in game points."""
    from selenium.webdriver.common.by import By

    size = browser.get_window_size()
    browser.set_window_size(1280, 900)
    try:
        open_page(browser, server)
        new_bulgarian(browser, NT_DOUBLED_SEED)
        # counter-clockwise: the next seat (1) sits on the person's right, seat 3 on the left
        assert browser.find_element(By.CSS_SELECTOR, "#pos-right .name").get_attribute("data-seat") == "1"
        assert browser.find_element(By.CSS_SELECTOR, "#pos-left .name").get_attribute("data-seat") == "3"
        assert "game points to 151" in browser.find_element(By.ID, "scores").text
        bid_nt_and_redouble(browser, "no trumps", "NT doubled (×2)", "NT redoubled (×4)", "en")
        log = browser.find_element(By.ID, "log").text
        assert "You bid NT." in log and "Seat 1 doubles (×2)." in log and "You redouble (×4)." in log
        assert len(browser.find_elements(By.CSS_SELECTOR, "#hand button")) == 8  # 3 more after the auction
        play_out(browser)
        head = browser.find_element(By.ID, "summary-head").text
        assert head.startswith("Deal over: ") and any(
            word in head for word in ("contract made", "inside", "level"))
        assert browser.find_element(By.ID, "summary-contract").text == "NT redoubled (×4), taken by you"
        assert "game points" in browser.find_element(By.ID, "summary-lines").text
        assert browser.find_element(By.ID, "log").text.count("— Trick") == 8
        rows = browser.find_elements(By.CSS_SELECTOR, "#scoresheet tr")
        assert len(rows) == 3 and rows[1].text.strip()
        browser.execute_script("document.getElementById('summary').scrollIntoView()")
        shot(browser, "bulgarian-summary-en")
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_the_strain_box_and_a_deal_on_a_phone(server: str, browser: Any) -> None:
    """390×844: nothing scrolls sideways, each button of the box at least 44 px; bid, redouble, play to the summary."""
    from selenium.webdriver.common.by import By

    size = browser.get_window_size()
    browser.set_window_size(390, 844)
    try:
        open_page(browser, server, "fr")
        new_bulgarian(browser, NT_DOUBLED_SEED)
        box = browser.find_element(By.ID, "bidding")
        buttons = box.find_elements(By.TAG_NAME, "button")
        assert len(buttons) == 6 + 1
        for button in buttons:
            rect = button.rect
            assert rect["width"] >= 44 and rect["height"] >= 44, (button.text, rect)
        inner = browser.execute_script("return window.innerWidth")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= inner
        assert box.rect["x"] >= 0 and box.rect["x"] + box.rect["width"] <= inner
        bid_nt_and_redouble(browser, "sans-atout", "SA contré (×2)", "SA surcontré (×4)", "phone-fr")
        play_out(browser)
        assert browser.find_element(By.ID, "summary-contract").text == "SA surcontré (×4), pris par vous"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= inner
        browser.execute_script("document.getElementById('summary').scrollIntoView()")
        shot(browser, "bulgarian-summary-phone-fr")
    finally:
        browser.set_window_size(size["width"], size["height"])
        open_page(browser, server, "en")


def test_the_strain_box_speaks_bulgarian(server: str, browser: Any) -> None:
    """The page in Bulgarian (bg): БК / ВК, контра, реконтра, the sheet's game points (docs/bulgarian.md#the-auction)."""
    from selenium.webdriver.common.by import By

    size = browser.get_window_size()
    browser.set_window_size(1280, 900)
    try:
        open_page(browser, server, "bg")
        assert browser.execute_script("return document.documentElement.lang") == "bg"
        new_bulgarian(browser, NT_DOUBLED_SEED)
        assert "точки до 151" in browser.find_element(By.ID, "scores").text
        strains = browser.find_elements(By.CSS_SELECTOR, "#bidding .bid-strain")
        assert [s.text.replace("\n", " ") for s in strains] == [
            "♣ спатия", "♦ каро", "♥ купа", "♠ пика", "БК без коз", "ВК всичко коз"]
        bid_nt_and_redouble(browser, "без коз", "БК контра (×2)", "БК реконтра (×4)", "bg")
        log = browser.find_element(By.ID, "log").text
        assert "Вие обявявате БК." in log and "Място 1 казва контра (×2)." in log
    finally:
        browser.set_window_size(size["width"], size["height"])
        open_page(browser, server, "en")
