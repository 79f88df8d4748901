"""The page of ``belote serve`` in a real browser: a classic deal played by clicks, a replay, an analysis.

uvicorn serves [`create_app`][belote.web.app.create_app] on 127.0.0.1 in a
thread; Selenium drives Debian's headless ``chromium`` through
``chromedriver`` (package ``chromium-driver``). Without them the test is
skipped, except when ``BELOTE_REQUIRE_BROWSER`` is set, where it fails:
``.ci/run`` installs both and sets it. With ``BELOTE_SCREENSHOTS=DIR`` the
views are saved there as PNG (how docs/images/web-*.png are made): the table
in each language, on a phone, french after the swap, a replay, a comparison.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from webdriving import chromium, open_page, shot, views, wait

from belote import Deal
from belote.agents import RandomBot, play_deal


def test_a_whole_classic_deal_is_played_by_clicks(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    for seat in (1, 2, 3):
        browser.execute_script(f"document.getElementById('seat-{seat}').value = 'random'")
    browser.find_element(By.ID, "seed").send_keys("7")
    browser.find_element(By.ID, "new-game").click()
    wait(browser, lambda d: views(d) >= 1)
    clicks = 0
    while not browser.find_elements(By.ID, "next-deal") and not browser.find_elements(By.ID, "match-over"):
        seen = views(browser)
        legal = browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")
        buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")
                   if b.get_attribute("data-verb") != "stop"]
        # a card that may not be played is drawn disabled: it cannot be clicked
        for card in browser.find_elements(By.CSS_SELECTOR, "#hand button:not(.legal)"):
            assert card.get_attribute("disabled")
        (buttons or legal)[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
        assert browser.find_element(By.ID, "message").text == ""
        clicks += 1
        assert clicks < 60
    text = browser.find_element(By.ID, "summary").text
    assert "Deal over" in text
    assert browser.find_element(By.ID, "log").text.count("— Trick") == 8
    assert clicks >= 8  # eight cards of the person's, at least


def played_record() -> str:
    """A deal of random bots where a card of the last three tricks changes the result (``??``)."""
    deal = Deal.random("classic", seed=13, dealer=3)
    play_deal(deal, [RandomBot(seat) for seat in range(4)])
    return json.dumps(deal.to_record())


def test_a_record_is_replayed_and_analysed(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    browser.find_element(By.ID, "tab-replay").click()
    browser.execute_script("document.getElementById('replay-text').value = arguments[0]",
                           played_record())
    browser.find_element(By.ID, "replay-go").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay").is_displayed())
    browser.find_element(By.ID, "last").click()
    assert browser.find_elements(By.ID, "audit-lines")
    for _ in range(12):  # back to the position before the 21st card: the last three tricks
        browser.find_element(By.ID, "prev").click()
    assert browser.find_element(By.ID, "frame").text.lower().count("seat ") >= 4
    browser.find_element(By.ID, "analyse").click()
    table = wait(browser, lambda d: d.find_elements(By.ID, "analysis-table"), 120)[0]
    assert "every legal card" in table.text
    assert browser.find_elements(By.CSS_SELECTOR, "#analysis-table td.mark-bad")
    shot(browser, "replay")


def test_a_position_typed_in_is_solved(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    from belote import Deal

    deal = Deal.random("classic", seed=3)
    deal.take()
    while deal.tricks_played < 6:
        deal.apply(deal.legal_actions()[0])
    open_page(browser, server)
    browser.find_element(By.ID, "tab-replay").click()
    browser.find_element(By.ID, "position-text").send_keys(deal.position())
    browser.find_element(By.ID, "solve-go").click()
    table = wait(browser, lambda d: d.find_elements(By.ID, "solution-table"), 120)[0]
    assert table.find_elements(By.CSS_SELECTOR, "tr.best")
    assert "Line:" in browser.find_element(By.ID, "solution").text


def test_a_comparison_is_drawn(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    browser.find_element(By.ID, "tab-compare").click()
    deals = browser.find_element(By.ID, "compare-deals")
    deals.clear()
    deals.send_keys("100")
    browser.find_element(By.ID, "compare-go").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#compare-chart svg"), 120)
    assert "decks per variant" in browser.find_element(By.ID, "compare-result").text
    assert browser.find_elements(By.CSS_SELECTOR, "#compare-table tr td")  # an HTML table
    assert not browser.find_elements(By.CSS_SELECTOR, "#view-compare pre")
    shot(browser, "compare")


# ---- The bugs of the second pass (issue 33), each as a person meets it ----

def start_match(driver: Any, seed: int | str, variant: str = "classic", bots: str = "heuristic",
                players: int | None = None, target: int | None = None) -> None:
    """Fill the form and press New match (accepting the question when a match is in progress)."""
    from selenium.webdriver.common.by import By

    def fill(field: str, value: object) -> None:
        box = driver.find_element(By.ID, field)
        box.clear()
        if value is not None:
            box.send_keys(str(value))

    fill("variant", variant)
    fill("players", players)
    fill("target", target)
    fill("seed", seed)
    seats = driver.find_elements(By.CSS_SELECTOR, "#seats select")
    for seat in range(1, len(seats)):
        driver.execute_script(f"document.getElementById('seat-{seat}').value = arguments[0]", bots)
    seen = views(driver)
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d, seen=seen: views(d) > seen or any(
        e.text for e in d.find_elements(By.CSS_SELECTOR, ".field-error")))


def auto_confirm(driver: Any, answer: bool) -> None:
    """Answer every window.confirm with ``answer``, counting the questions in window.__asked."""
    driver.execute_script(
        "window.__asked = 0; window.confirm = (q) => { window.__asked += 1; "
        "window.__question = q; return arguments[0]; }".replace("arguments[0]", "true" if answer else "false"))


def my_plays(driver: Any) -> int:
    from selenium.webdriver.common.by import By

    return sum(line.text.startswith("You play") for line in driver.find_elements(By.CSS_SELECTOR, "#log li"))


def bid_until_cards(driver: Any) -> None:
    """Click the first offered bid (take when offered) until the person's cards are clickable."""
    from selenium.webdriver.common.by import By

    for _ in range(20):
        if driver.find_elements(By.CSS_SELECTOR, "#hand button.legal"):
            return
        buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "#choices button")
                   if b.get_attribute("data-verb") != "stop"]
        takes = [b for b in buttons if b.get_attribute("data-verb") == "take"]
        seen = views(driver)
        (takes or buttons)[0].click()
        wait(driver, lambda d, seen=seen: views(d) > seen)
    pytest.fail("the person never had a card to play")


def test_a_double_click_plays_one_card_only(server: str, browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 21)
    bid_until_cards(browser)
    before = my_plays(browser)
    card = browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[0]
    seen = views(browser)
    ActionChains(browser).double_click(card).perform()
    wait(browser, lambda d: views(d) > seen)
    time.sleep(0.5)  # room for a second request, were one sent
    assert my_plays(browser) == before + 1
    assert browser.find_element(By.ID, "message").text == ""


def test_a_click_on_a_stale_view_redraws_the_table(server: str, browser: Any) -> None:
    """A view the server has moved past (another tab played): the click is refused (409), the page redraws."""
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 21)
    bid_until_cards(browser)
    before = my_plays(browser)
    # the same game played on from elsewhere: the page's view is now stale
    version = int(browser.execute_script("return document.body.dataset.version"))
    game_id = browser.execute_script("return game.id")
    first = browser.execute_script(
        "return fetch(`api/games/${arguments[0]}/choose`, {method: 'POST', headers: {'Content-Type': "
        "'application/json'}, body: JSON.stringify({choice: 0, version: arguments[1]})})"
        ".then((r) => r.status)", game_id, version)
    assert first == 200
    seen = views(browser)
    browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[0].click()
    wait(browser, lambda d: views(d) > seen)
    assert "moved on" in browser.find_element(By.ID, "message").text
    assert int(browser.execute_script("return document.body.dataset.version")) > version
    assert my_plays(browser) == before + 1  # the card played from elsewhere, and no other


def test_while_the_others_play_the_page_says_so_and_takes_no_input(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 21, bots="pimc")
    bid_until_cards(browser)
    seen = views(browser)
    status, disabled = browser.execute_script("""
        document.querySelector('#hand button.legal').click();
        const buttons = [...document.querySelectorAll('#hand button, #choices button')];
        return [document.getElementById('status').textContent, buttons.every((b) => b.disabled)];
    """)
    assert status == "The others are playing…"
    assert disabled
    wait(browser, lambda d: views(d) > seen, 60)
    assert browser.find_element(By.ID, "status").text in ("Your turn.", "The deal is over.")


@pytest.mark.parametrize(("field", "value", "words"), [
    ("variant", "blot", "unknown variant 'blot'"),
    ("variant", "classic(capot_value=abc)", "capot_value"),
    ("seed", "1.5", "a whole number, not '1.5'"),
    ("seed", "100000000000000000000000", "not 100000000000000000000000"),
    ("target", "0", "from 1 to"),
])
def test_a_failed_new_match_keeps_the_match_in_progress(
        server: str, browser: Any, field: str, value: str, words: str) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 21)
    bid_until_cards(browser)
    game_id = browser.execute_script("return game.id")
    auto_confirm(browser, True)
    box = browser.find_element(By.ID, field)
    box.clear()
    box.send_keys(value)
    browser.find_element(By.ID, "new-game").click()
    error = wait(browser, lambda d: d.find_element(By.ID, f"error-{field}").text)
    assert words in error and "e+" not in error
    assert browser.execute_script("return window.__asked") == 1  # asked before abandoning
    # the match goes on: the next card is played in the same game
    assert browser.execute_script("return game.id") == game_id
    before, seen = my_plays(browser), views(browser)
    browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[0].click()
    wait(browser, lambda d: views(d) > seen)
    assert my_plays(browser) == before + 1 and browser.find_element(By.ID, "message").text == ""


def test_new_match_asks_before_abandoning_and_no_keeps_the_match(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 21)
    game_id = browser.execute_script("return game.id")
    auto_confirm(browser, False)
    browser.find_element(By.ID, "new-game").click()
    assert browser.execute_script("return window.__asked") == 1
    assert "in progress" in browser.execute_script("return window.__question")
    assert browser.execute_script("return game.id") == game_id
    assert browser.find_element(By.ID, "message").text == ""


def test_players_nine_draws_no_nine_seats_and_is_refused_by_the_field(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 21)
    game_id = browser.execute_script("return game.id")
    auto_confirm(browser, True)
    box = browser.find_element(By.ID, "players")
    box.clear()
    box.send_keys("9")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#seats select")) == 4
    assert "not 9" in browser.find_element(By.ID, "error-players").text
    browser.find_element(By.ID, "new-game").click()
    wait(browser, lambda d: "not 9" in d.find_element(By.ID, "error-players").text)
    assert browser.execute_script("return game.id") == game_id


def test_a_bad_record_to_resume_keeps_the_match(server: str, browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 21)
    game_id = browser.execute_script("return game.id")
    auto_confirm(browser, True)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"variant": "classic", "deals": [{"dealer": 9}]}), encoding="utf-8")
    browser.find_element(By.ID, "resume-file").send_keys(str(bad))
    error = wait(browser, lambda d: d.find_element(By.ID, "error-record").text)
    assert "deals[0]" in error
    assert browser.execute_script("return game.id") == game_id
    assert browser.find_elements(By.CSS_SELECTOR, "#hand button")


def swap_seed() -> int:
    """A seed of french for two where the person takes and then holds the 7 of trump."""
    from belote.web.table import Table

    for seed in range(200):
        table = Table("french", players=2, seats=["human", "heuristic"], seed=seed)
        for _ in range(6):
            view = table.view()
            if any(ch["verb"] == "swap" for ch in view["choices"]):
                return seed
            takes = [ch["index"] for ch in view["choices"] if ch["verb"] == "take"]
            table.choose(takes[0] if takes else 0)
    pytest.fail("no seed gives the person the swap")


def test_french_shows_the_seven_after_the_swap_and_the_bottom_card(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, swap_seed(), variant="french", players=2)
    for _ in range(6):
        verbs = [b.get_attribute("data-verb") for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")]
        if "swap" in verbs:
            break
        seen = views(browser)
        buttons = browser.find_elements(By.CSS_SELECTOR, "#choices button")
        takes = [b for b in buttons if b.get_attribute("data-verb") == "take"]
        (takes or buttons)[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
    # the cards wait for the swap, and say so in good English
    titles = {b.get_attribute("title") for b in browser.find_elements(By.CSS_SELECTOR, "#hand button")}
    assert titles == {"you must first swap or keep your 7 of trump"}
    bottom = browser.find_element(By.CSS_SELECTOR, "#bottom-card .card").get_attribute("data-card")
    turned = browser.find_element(By.CSS_SELECTOR, "#table-card .card").get_attribute("data-card")
    trump = browser.execute_script("return game.trump.suit")
    seen = views(browser)
    browser.find_element(By.CSS_SELECTOR, "#choices button[data-verb=swap]").click()
    wait(browser, lambda d: views(d) > seen)
    assert browser.find_element(By.CSS_SELECTOR, "#table-card .card").get_attribute("data-card") == f"7{trump}"
    hand = [b.get_attribute("data-card") for b in browser.find_elements(By.CSS_SELECTOR, "#hand button")]
    assert turned in hand and f"7{trump}" not in hand
    assert browser.find_element(By.CSS_SELECTOR, "#bottom-card .card").get_attribute("data-card") == bottom
    shot(browser, "french")


def play_to_the_end_of_the_deal(driver: Any) -> None:
    from selenium.webdriver.common.by import By

    for _ in range(80):
        if driver.find_elements(By.ID, "next-deal") or driver.find_elements(By.ID, "match-over"):
            return
        buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "#choices button")
                   if b.get_attribute("data-verb") != "stop"]
        legal = driver.find_elements(By.CSS_SELECTOR, "#hand button.legal")
        seen = views(driver)
        (buttons or legal)[0].click()
        wait(driver, lambda d, seen=seen: views(d) > seen)
    pytest.fail("the deal did not end")


def test_the_deal_points_agree_with_the_score_sheet_and_name_the_sides(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 8, bots="random")
    bid_until_cards(browser)
    line = browser.find_element(By.ID, "deal-points").text
    assert "you + partner" in line and "seat 1 + seat 3" in line
    play_to_the_end_of_the_deal(browser)
    assert not browser.find_elements(By.ID, "deal-points")  # the sheet's row says it now
    row = browser.find_elements(By.CSS_SELECTOR, "#scoresheet tr")[-2]
    cells = [td.text for td in row.find_elements(By.TAG_NAME, "td")][1:]
    summary = browser.find_element(By.CSS_SELECTOR, "#summary-lines tr.total").text
    assert summary.endswith(f"you + partner {cells[0]}, seat 1 + seat 3 {cells[1]}")
    head = browser.find_element(By.CSS_SELECTOR, "#scoresheet tr").text
    assert "you + partner" in head and "seat 0" not in head


def test_replay_solve_and_compare_never_show_a_stale_result(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    browser.find_element(By.ID, "tab-replay").click()
    browser.execute_script("document.getElementById('replay-text').value = arguments[0]", played_record())
    browser.find_element(By.ID, "replay-go").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay").is_displayed())
    browser.find_element(By.ID, "last").click()
    for _ in range(8):  # back into the last tricks, onto a step that played a card
        browser.find_element(By.ID, "prev").click()
    action = browser.execute_script("return currentDeal().frames[step].action")
    assert " play " in action
    browser.find_element(By.ID, "analyse").click()
    table = wait(browser, lambda d: d.find_elements(By.ID, "analysis-table"), 120)[0]
    first = table.find_elements(By.CSS_SELECTOR, "tr")[1].find_elements(By.TAG_NAME, "td")[2]
    assert first.text.rstrip("?") == browser.execute_script(
        "return cardText(arguments[0])", action.split()[-1])  # from this card on: the card itself
    browser.find_element(By.ID, "next").click()
    assert not browser.find_elements(By.ID, "analysis-table")
    # a bad position: the error by the Solve button, no old solution left
    deal = Deal.random("classic", seed=3)
    deal.take()
    while deal.tricks_played < 6:
        deal.apply(deal.legal_actions()[0])
    box = browser.find_element(By.ID, "position-text")
    box.send_keys(deal.position())
    browser.find_element(By.ID, "solve-go").click()
    wait(browser, lambda d: d.find_elements(By.ID, "solution-table"), 120)
    box.clear()
    box.send_keys("belote/9 nonsense")
    browser.find_element(By.ID, "solve-go").click()
    error = wait(browser, lambda d: d.find_element(By.ID, "error-position").text, 60)
    assert "position" in error
    assert not browser.find_elements(By.ID, "solution-table")
    # compare: a refused question leaves no old answer under it
    browser.find_element(By.ID, "tab-compare").click()
    decks = browser.find_element(By.ID, "compare-deals")
    decks.clear()
    decks.send_keys("20")
    browser.find_element(By.ID, "compare-go").click()
    wait(browser, lambda d: d.find_elements(By.ID, "compare-table"), 120)
    for value, words in (("0", "from 1 to"), ("-3", "from 1 to")):
        decks.clear()
        decks.send_keys(value)
        browser.find_element(By.ID, "compare-go").click()
        error = wait(browser, lambda d: d.find_element(By.ID, "error-deals").text)
        assert words in error and "5000 deals, not" not in error
        assert not browser.find_elements(By.ID, "compare-table")


# ---- A table, not a form ----

def test_the_seats_sit_around_the_table_with_the_trick_by_its_players(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    start_match(browser, 7)
    bid_until_cards(browser)
    view = browser.execute_script("return game")
    assert view["me"] == 0
    assert browser.find_element(By.ID, "pos-bottom").text.startswith("You")
    assert browser.find_element(By.ID, "pos-top").text.startswith("Partner (seat 2)")
    assert browser.find_element(By.ID, "pos-left").text.startswith("Seat 1")
    assert browser.find_element(By.ID, "pos-right").text.startswith("Seat 3")
    dealer = {0: "bottom", 1: "left", 2: "top", 3: "right"}[view["dealer"]]
    assert browser.find_elements(By.CSS_SELECTOR, f"#pos-{dealer} .mark.dealer")
    taker = {0: "bottom", 1: "left", 2: "top", 3: "right"}[view["taker"]]
    assert browser.find_elements(By.CSS_SELECTOR, f"#pos-{taker} .mark.taker")
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[view["trump"]["suit"]]
    assert f"Trump {suit}" in browser.find_element(By.ID, "contract").text
    for played in view["trick"]:
        where = {0: "bottom", 1: "left", 2: "top", 3: "right"}[played["seat"]]
        assert browser.find_element(By.CSS_SELECTOR, f"#slot-{where} .card").get_attribute(
            "data-card") == played["code"]
    # play on: between two tricks the one just won stays in view, dimmed; during a
    # trick the previous one is a click away, and a second click goes back
    checked = set()
    for _ in range(7):
        seen = views(browser)
        browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
        view = browser.execute_script("return game")
        last = {played["code"] for played in view["last_trick"]}
        previous = {card.get_attribute("data-card")
                    for card in browser.find_elements(By.CSS_SELECTOR, "#centre .card.previous")}
        if not view["trick"]:
            assert previous == last
            checked.add("between")
        else:
            assert previous == set()
            browser.find_element(By.ID, "show-last").click()
            shown = {card.get_attribute("data-card")
                     for card in browser.find_elements(By.CSS_SELECTOR, "#centre .card.previous")}
            assert shown == last
            browser.find_element(By.ID, "show-last").click()
            assert not browser.find_elements(By.CSS_SELECTOR, "#centre .card.previous")
            checked.add("during")
        if checked == {"between", "during"}:
            break
    assert "during" in checked
    # the log follows its newest line and writes cards as the hand does, never as codes
    log = browser.find_element(By.ID, "log")
    assert browser.execute_script(
        "const l = arguments[0]; return l.scrollTop + l.clientHeight >= l.scrollHeight - 2", log)
    import re

    assert not re.search(r"\b(10|[789JQKA])[SHDC]\b", log.text)
    assert re.search(r"(10|[789JQKA])[♠♥♦♣]", log.text)
    # the score sheet folds away
    browser.find_element(By.CSS_SELECTOR, "#sheet-box summary").click()
    assert not browser.find_element(By.ID, "scoresheet").is_displayed()
    browser.find_element(By.CSS_SELECTOR, "#sheet-box summary").click()
    assert browser.find_element(By.ID, "scoresheet").is_displayed()
    shot(browser, "play-en")


def no_sideways_scroll(driver: Any) -> None:
    from selenium.webdriver.common.by import By

    width = driver.execute_script("return document.documentElement.clientWidth")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    for part in ("hand", "centre", "choices"):
        box = driver.find_element(By.ID, part)
        if box.is_displayed():
            rect = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", box)
            assert rect["left"] >= 0 and rect["right"] <= width, (part, rect, width)


def test_a_whole_match_is_played_on_a_phone_sized_window(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    size = browser.get_window_size()
    browser.set_window_size(390, 844)
    try:
        open_page(browser, server)
        no_sideways_scroll(browser)
        start_match(browser, 5, bots="random", target=300)
        clicks = 0
        while not browser.find_elements(By.ID, "match-over"):
            no_sideways_scroll(browser)
            buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")
                       if b.get_attribute("data-verb") != "stop"]
            legal = browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")
            target = browser.find_elements(By.ID, "next-deal") or buttons or legal
            seen = views(browser)
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", target[0])
            target[0].click()
            wait(browser, lambda d, seen=seen: views(d) > seen)
            clicks += 1
            assert clicks < 400
            if clicks == 4:
                shot(browser, "phone")
        assert "Match over" in browser.find_element(By.ID, "match-over").text
        no_sideways_scroll(browser)
        # Replay and Compare fit the width too
        browser.find_element(By.ID, "tab-replay").click()
        browser.execute_script("document.getElementById('replay-text').value = arguments[0]",
                               played_record())
        browser.find_element(By.ID, "replay-go").click()
        wait(browser, lambda d: d.find_element(By.ID, "replay").is_displayed())
        browser.find_element(By.ID, "last").click()
        no_sideways_scroll(browser)
        browser.find_element(By.ID, "tab-compare").click()
        decks = browser.find_element(By.ID, "compare-deals")
        decks.clear()
        decks.send_keys("20")
        browser.find_element(By.ID, "compare-go").click()
        wait(browser, lambda d: d.find_elements(By.ID, "compare-table"), 120)
        no_sideways_scroll(browser)
    finally:
        browser.set_window_size(size["width"], size["height"])


# ---- Languages ----

@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"tab": "Play", "turn": "Your turn.", "you_play": "You play", "partner": "Partner (seat 2)"}),
    ("fr", {"tab": "Jouer", "turn": "À vous.", "you_play": "Vous jouez", "partner": "Votre partenaire (place 2)"}),
    ("it", {"tab": "Gioca", "turn": "Tocca a te.", "you_play": "Giochi", "partner": "Compagno (posto 2)"}),
])
def test_the_table_speaks_the_language_chosen(server: str, browser: Any, lang: str, words: dict[str, str]) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server, lang)
    assert browser.find_element(By.ID, "tab-play").text == words["tab"]
    start_match(browser, 7)
    bid_until_cards(browser)
    for _ in range(3):
        seen = views(browser)
        browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
    assert browser.find_element(By.ID, "status").text == words["turn"]
    assert words["you_play"] in browser.find_element(By.ID, "log").text
    assert browser.find_element(By.ID, "pos-top").text.startswith(words["partner"])
    assert browser.execute_script("return document.documentElement.lang") == lang
    shot(browser, f"play-{lang}")
    # the switch redraws the table in place, the match goes on
    other = "it" if lang != "it" else "fr"
    game_id = browser.execute_script("return game.id")
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "lang")).select_by_value(other)
    wait(browser, lambda d: d.execute_script("return document.body.dataset.lang") == other)
    assert browser.execute_script("return game.id") == game_id
    assert browser.find_element(By.ID, "status").text != words["turn"]


def test_the_page_opens_in_the_browsers_language(server: str) -> None:
    with chromium(languages="it-IT,it") as driver:
        driver.get(server)
        wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
        assert driver.execute_script("return document.body.dataset.lang") == "it"
        assert driver.find_element("id", "tab-compare").text == "Confronta"


def test_piedicavallo_calls_out_in_italian(server: str, browser: Any) -> None:
    """A variant's own words: calling out in piedicavallo, asked and declined, in Italian."""
    from selenium.webdriver.common.by import By

    open_page(browser, server, "it")
    start_match(browser, 3, variant="piedicavallo")
    for _ in range(60):
        stops = browser.find_elements(By.CSS_SELECTOR, "#choices button[data-verb=stop]")
        if stops:
            break
        buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")]
        legal = browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")
        seen = views(browser)
        (buttons or legal)[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
    else:
        pytest.fail("calling out was never offered")
    assert stops[0].text.startswith("Chiama fuori: reclama la partita")
    auto_confirm(browser, False)
    seen = views(browser)
    stops[0].click()
    question = browser.execute_script("return window.__question")
    assert question.startswith("Attenzione:") and question.endswith("Chiamare fuori adesso?")
    assert "non basta per l'obiettivo" in question
    assert browser.find_element(By.ID, "message").text == "Non chiamato."
    assert views(browser) == seen  # nothing was sent
