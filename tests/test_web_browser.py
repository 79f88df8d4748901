"""The page of ``belote serve`` in a real browser: a classic deal played by clicks, a replay, an analysis.

uvicorn serves [`create_app`][belote.web.app.create_app] on 127.0.0.1 in a
thread; Selenium drives Debian's headless ``chromium`` through
``chromedriver`` (package ``chromium-driver``). Without them the test is
skipped, except when ``BELOTE_REQUIRE_BROWSER`` is set, where it fails:
``.ci/run`` installs both and sets it. With ``BELOTE_SCREENSHOTS=DIR`` the
three views are saved there as PNG (how docs/images/web-*.png are made).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belote import Deal
from belote.agents import RandomBot, play_deal


def unavailable(reason: str) -> None:
    if os.environ.get("BELOTE_REQUIRE_BROWSER"):
        pytest.fail(f"BELOTE_REQUIRE_BROWSER is set, so the browser test must run: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    try:
        import uvicorn

        from belote.web.app import create_app
    except ImportError:
        unavailable("the web extra is not installed (pip install -e '.[webtest]')")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    httpd = uvicorn.Server(config)
    thread = threading.Thread(target=httpd.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not httpd.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        httpd.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        unavailable("selenium is not installed (pip install -e '.[webtest]')")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if binary is None or driver_path is None:
        unavailable("chromium or chromedriver is missing (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1100,900",
                 "--disable-dev-shm-usage", "--disable-background-networking"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def wait(driver: Any, condition: Any, seconds: float = 30) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition)


def shot(driver: Any, name: str) -> None:
    folder = os.environ.get("BELOTE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"web-{name}.png"))


def views(driver: Any) -> int:
    return int(driver.execute_script("return document.body.dataset.views || '0'"))


def test_a_whole_classic_deal_is_played_by_clicks(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server)
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
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
        if clicks == 3:
            shot(browser, "play")
    text = browser.find_element(By.ID, "summary").text
    assert "Deal over" in text
    assert browser.find_element(By.ID, "log").text.count("-- Trick") == 8
    assert clicks >= 8  # eight cards of the person's, at least


def played_record() -> str:
    """A deal of random bots where a card of the last three tricks changes the result (``??``)."""
    deal = Deal.random("classic", seed=13, dealer=3)
    play_deal(deal, [RandomBot(seat) for seat in range(4)])
    return json.dumps(deal.to_record())


def test_a_record_is_replayed_and_analysed(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server)
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
    browser.find_element(By.ID, "tab-replay").click()
    browser.execute_script("document.getElementById('replay-text').value = arguments[0]",
                           played_record())
    browser.find_element(By.ID, "replay-go").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay").is_displayed())
    browser.find_element(By.ID, "last").click()
    assert browser.find_elements(By.ID, "audit-lines")
    for _ in range(12):  # back to the position before the 21st card: the last three tricks
        browser.find_element(By.ID, "prev").click()
    assert browser.find_element(By.ID, "frame").text.count("seat ") >= 4
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
    browser.get(server)
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
    browser.find_element(By.ID, "tab-replay").click()
    browser.find_element(By.ID, "position-text").send_keys(deal.position())
    browser.find_element(By.ID, "solve-go").click()
    table = wait(browser, lambda d: d.find_elements(By.ID, "solution-table"), 120)[0]
    assert table.find_elements(By.CSS_SELECTOR, "tr.best")
    assert "Line:" in browser.find_element(By.ID, "solution").text


def test_a_comparison_is_drawn(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server)
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
    browser.find_element(By.ID, "tab-compare").click()
    deals = browser.find_element(By.ID, "compare-deals")
    deals.clear()
    deals.send_keys("100")
    browser.find_element(By.ID, "compare-go").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#compare-chart svg"), 120)
    assert "decks per variant" in browser.find_element(By.ID, "compare-table").text
    shot(browser, "compare")
