"""The table of ``belote serve`` as a player meets it (issue 42): double-clicks, pace, words, keys, touch.

Each test reproduces one of the audit's findings in headless Chromium (as
tests/test_web_browser.py: skipped without it, failed instead where
``BELOTE_REQUIRE_BROWSER`` is set).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from webdriving import open_page, views, wait


def start(browser: Any, server: str, *, seed: int, variant: str = "classic", lang: str = "en",
          pace: float | None = 0, players: int | None = None) -> None:
    """A new match against random bots, the page opened afresh."""
    from selenium.webdriver.common.by import By

    open_page(browser, server, lang, pace=pace)
    browser.find_element(By.ID, "variant").clear()
    browser.find_element(By.ID, "variant").send_keys(variant)
    if players is not None:
        browser.find_element(By.ID, "players").send_keys(str(players))
    browser.execute_script("for (const s of document.querySelectorAll('#seats select')) "
                           "if (s.id !== 'seat-0') s.value = 'random'")
    browser.find_element(By.ID, "seed").send_keys(str(seed))
    seen = views(browser)
    browser.find_element(By.ID, "new-game").click()
    wait(browser, lambda d: views(d) > seen)


def my_plays(browser: Any) -> int:
    return int(browser.execute_script(
        "return game.events.filter((e) => e.key === 'play' && e.seat === game.me).length"))


def settled(browser: Any) -> bool:
    return not browser.execute_script("return busy")


def to_my_card(browser: Any) -> bool:
    """Click through the bidding until a card of the person's may be played; False at the deal's end."""
    from selenium.webdriver.common.by import By

    for _ in range(40):
        wait(browser, settled)
        if browser.find_elements(By.CSS_SELECTOR, "#hand button.legal"):
            return True
        if browser.find_elements(By.ID, "next-deal") or browser.find_elements(By.ID, "match-over"):
            return False
        buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button, #bidding .bid-call")
                   if b.get_attribute("data-verb") != "stop"]
        seen = views(browser)
        buttons[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
    return False


def test_an_empty_table_is_not_shown_before_any_match(server: str, browser: Any) -> None:
    open_page(browser, server)
    assert not browser.find_element("id", "table").is_displayed()


@pytest.mark.parametrize("pause", [None, 0.05, 0.15, 0.25])
def test_a_double_click_on_a_card_plays_one_card(server: str, browser: Any, pause: float | None) -> None:
    """Two clicks 50-250 ms apart (or a double-click) on a card: one card played, never two."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    for seed in (100, 61, 7):
        start(browser, server, seed=seed)
        played = 0
        while played < 4 and to_my_card(browser):
            before = my_plays(browser)
            target = browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[-1]
            chain = ActionChains(browser)
            if pause is None:
                chain.double_click(target)
            else:
                chain.move_to_element(target).click().pause(pause).click()
            seen = views(browser)
            chain.perform()
            wait(browser, lambda d, seen=seen: views(d) > seen and settled(d))
            time.sleep(0.1)
            assert my_plays(browser) == before + 1
            played += 1


def test_the_hand_is_read_in_full_while_bidding(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    for seed in range(1, 20):  # a deal where the person speaks before any trump is set
        start(browser, server, seed=seed)
        if browser.execute_script("return game.trump === null && game.your_turn"):
            break
    assert browser.find_elements(By.CSS_SELECTOR, "#choices button")  # take or pass: bidding
    for card in browser.find_elements(By.CSS_SELECTOR, "#hand button.card"):
        assert card.value_of_css_property("opacity") == "1"
    assert browser.find_element(By.ID, "hand").value_of_css_property("user-select") == "none"


def test_the_keyboard_plays_and_focus_stays_on_the_hand(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    start(browser, server, seed=61)
    assert to_my_card(browser)
    # the hand is one stop of the Tab key: only one of its cards is in the Tab order
    stops = [b for b in browser.find_elements(By.CSS_SELECTOR, "#hand button")
             if b.get_attribute("tabindex") == "0"]
    assert len(stops) == 1
    for _ in range(2):
        if not to_my_card(browser):
            break
        browser.execute_script("document.querySelector('#hand button.legal').focus()")
        active = browser.switch_to.active_element
        active.send_keys(Keys.ARROW_RIGHT)
        before = my_plays(browser)
        seen = views(browser)
        browser.switch_to.active_element.send_keys(Keys.ENTER)
        wait(browser, lambda d, seen=seen: views(d) > seen and settled(d))
        assert my_plays(browser) == before + 1
        assert browser.execute_script(
            "return document.getElementById('hand').contains(document.activeElement)")


def test_cards_are_touch_targets_on_a_phone(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    browser.set_window_size(390, 844)
    try:
        start(browser, server, seed=61)
        assert to_my_card(browser)
        for card in browser.find_elements(By.CSS_SELECTOR, "#hand button.card"):
            size = card.size
            assert size["width"] >= 44 and size["height"] >= 44, size
        # card faces with suit colours: hearts and diamonds red, spades and clubs black
        for card in browser.find_elements(By.CSS_SELECTOR, "#hand button.card"):
            red = card.get_attribute("data-card")[-1] in "HD"
            assert ("red" in card.get_attribute("class").split()) == red
    finally:
        browser.set_window_size(1100, 900)


def test_a_finished_trick_stays_with_its_winner_and_bots_play_one_by_one(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    start(browser, server, seed=61, pace=0.3)
    counts: list[int] = []
    for _ in range(3):
        if not to_my_card(browser):
            break
        seen = views(browser)
        browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[0].click()
        while views(browser) <= seen:
            counts.append(len(browser.find_elements(By.CSS_SELECTOR, "#centre .card.played")))
            time.sleep(0.05)
        if browser.find_elements(By.ID, "trick-winner"):
            # between two tricks: four cards on the felt, the winner's marked
            assert len(browser.find_elements(By.CSS_SELECTOR, "#centre .card.played")) == 4
            assert len(browser.find_elements(By.CSS_SELECTOR, "#centre .card.winner")) == 1
    # the bots' cards came one at a time: the felt held several different counts of cards on the way
    assert len(set(counts)) >= 2, counts


def test_the_last_trick_and_the_result_stay_until_the_next_deal(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    start(browser, server, seed=7)
    while to_my_card(browser):
        seen = views(browser)
        browser.find_elements(By.CSS_SELECTOR, "#hand button.legal")[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
    if browser.find_element(By.ID, "summary").text and browser.execute_script(
            "return game.events.some((e) => e.key === 'trick')"):
        assert len(browser.find_elements(By.CSS_SELECTOR, "#centre .card.played")) == 4
        assert browser.find_elements(By.ID, "trick-winner")


def test_double_clicking_solve_never_shows_a_solution_and_busy_together(server: str, browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from belote import Deal

    deal = Deal.random("classic", seed=3)
    deal.take()
    while deal.tricks_played < 6:
        deal.apply(deal.legal_actions()[0])
    open_page(browser, server)
    browser.find_element(By.ID, "tab-replay").click()
    browser.find_element(By.ID, "position-text").send_keys(deal.position())
    ActionChains(browser).double_click(browser.find_element(By.ID, "solve-go")).perform()
    wait(browser, lambda d: d.find_elements(By.ID, "solution-table"), 120)
    time.sleep(0.5)
    assert browser.find_element(By.ID, "error-position").text == ""


def test_an_old_comparison_is_never_drawn_under_a_new_question(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, server)
    browser.find_element(By.ID, "tab-compare").click()
    field = browser.find_element(By.ID, "compare-deals")
    assert field.get_attribute("max") == str(browser.execute_script("return meta.limits.compare_deals"))
    field.clear()
    field.send_keys("40")
    browser.find_element(By.ID, "compare-go").click()
    wait(browser, lambda d: d.execute_script("return compareRun") == 1)
    browser.find_element(By.ID, "compare-variants").clear()
    browser.find_element(By.ID, "compare-variants").send_keys("classic")
    field.clear()
    field.send_keys("0")  # a new question, refused: the first one's answer must not appear under it
    browser.find_element(By.ID, "compare-go").click()
    wait(browser, lambda d: d.find_element(By.ID, "error-deals").text)
    assert "5000" in browser.find_element(By.ID, "error-deals").text
    time.sleep(6)
    assert browser.find_element(By.ID, "compare-result").text == ""


def test_errors_and_the_end_of_a_match_are_in_the_players_language(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    start(browser, server, seed=61, lang="fr")
    assert browser.find_element(By.CSS_SELECTOR, "#compare-bots option").get_attribute("textContent") == "robot heuristique"
    browser.execute_script("fetch('api/games/' + game.id, {method: 'DELETE'})")
    time.sleep(0.3)
    buttons = browser.find_elements(By.CSS_SELECTOR, "#choices button, #hand button.legal")
    buttons[0].click()
    wait(browser, lambda d: d.find_element(By.ID, "message").text)
    assert browser.find_element(By.ID, "message").text.startswith("Cette table n'existe plus")
    # the solver's refusals too
    browser.find_element(By.ID, "tab-replay").click()
    browser.find_element(By.ID, "solve-go").click()
    wait(browser, lambda d: d.find_element(By.ID, "error-position").text)
    assert "position" in browser.find_element(By.ID, "error-position").text
    assert " the " not in browser.find_element(By.ID, "error-position").text


def test_a_match_won_by_two_seats_agrees_in_french_and_italian(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    for lang, verb in (("fr", "gagnent"), ("it", "vincono")):
        open_page(browser, server, lang)
        view = {"match": {"winner": 1, "side_seats": [[0, 2], [1, 3]], "end_reason": "seat 1 called out and made it"},
                "me": 0}
        text = browser.execute_script("return matchOverText(arguments[0])", view)
        assert verb in text, text
        assert "seat" not in text and "called out" not in text, text
        mine = browser.execute_script("return matchOverText(arguments[0])",
                                      {**view, "match": {**view["match"], "winner": 0}})
        assert ("vous et votre partenaire gagnez" if lang == "fr" else "avete vinto") in mine
        assert browser.find_element(By.CSS_SELECTOR, "[data-i18n='setup.seed']").text.lower() != "seme"


def test_a_passed_out_deal_is_marked_on_the_sheet(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    from belote.web.table import Table

    for seed in range(300):
        table = Table("classic", seats=["human", "random", "random", "random"], seed=seed)
        view = table.view()
        while not view["deal_over"] and any(ch["verb"] == "pass" for ch in view["choices"]):
            view = table.choose(next(ch["index"] for ch in view["choices"] if ch["verb"] == "pass"))
        if view["deal_over"] and view["summary"]["redeal"]:
            break
    start(browser, server, seed=seed)
    while not browser.find_elements(By.ID, "next-deal"):
        wait(browser, settled)
        passes = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")
                  if b.get_attribute("data-verb") == "pass"]
        seen = views(browser)
        passes[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen)
    row = browser.find_element(By.CSS_SELECTOR, "#scoresheet tr.passed")
    assert "passed out" in row.text


@pytest.mark.parametrize(("variant", "after_me"), [("classic", "left"), ("piedicavallo", "right")])
def test_the_seats_go_round_in_the_variants_direction(server: str, browser: Any, variant: str,
                                                      after_me: str) -> None:
    """RULES §2: Italian tables play counter-clockwise; the rules say so (``counter_clockwise``)."""
    from selenium.webdriver.common.by import By

    start(browser, server, seed=3, variant=variant)
    assert browser.execute_script("return game.counter_clockwise") == (variant == "piedicavallo")
    nxt = browser.find_element(By.CSS_SELECTOR, f"#pos-{after_me} .name").get_attribute("data-seat")
    assert nxt == "1"
    assert browser.find_element(By.CSS_SELECTOR, "#pos-top .name").get_attribute("data-seat") == "2"


def test_one_declare_button_per_distinct_choice(server: str, browser: Any) -> None:
    """piedicavallo seed 0: "declare all" and "declare only" name the one same tierce: one button."""
    from selenium.webdriver.common.by import By

    start(browser, server, seed=0, variant="piedicavallo")
    for _ in range(10):
        declares = browser.execute_script("return game.choices.filter((c) => c.verb === 'declare').length")
        if declares >= 2:
            break
        takes = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")
                 if b.get_attribute("data-verb") == "take"]
        seen = views(browser)
        (takes or browser.find_elements(By.CSS_SELECTOR, "#choices button, #hand button.legal"))[0].click()
        wait(browser, lambda d, seen=seen: views(d) > seen and settled(d))
    assert declares >= 2
    buttons = browser.find_elements(By.CSS_SELECTOR, "#choices button[data-verb='declare']")
    assert len(buttons) == 1


def test_analyse_marks_a_passed_out_deal(server: str, browser: Any) -> None:
    """A deal nobody took: the replay's list says "passed out", and Analyse says so (never "side -")."""
    import json

    from selenium.webdriver.common.by import By

    from belote import Deal

    deal = Deal.random("classic", seed=0)
    while not deal.is_over:
        deal.apply(next(a for a in deal.legal_actions() if a.verb.value == "pass"))
    open_page(browser, server)
    browser.find_element(By.ID, "tab-replay").click()
    browser.execute_script("document.getElementById('replay-text').value = arguments[0]",
                           json.dumps(deal.to_record()))
    browser.find_element(By.ID, "replay-go").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay").is_displayed())
    assert "passed out" in browser.find_element(By.CSS_SELECTOR, "#replay-deal option").text
    browser.find_element(By.ID, "analyse").click()
    note = wait(browser, lambda d: d.find_elements(By.ID, "analysis-none"), 120)[0]
    assert "passed out" in note.text
    assert "side -" not in browser.find_element(By.ID, "analysis").text
