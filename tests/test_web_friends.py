"""Friends at one table in real browsers (issue 42): two people, two bots, a reload and a restart.

``belote serve --db FILE`` runs in a child process on a free loopback port;
two headless Chromium sessions (Selenium, ``chromedriver``) play a short
classic match at seats 0 and 2 against two bots, each by its own link. One
player reloads the page in the middle of a deal, and the server is stopped
and started again on the same database during the match: both pages go on
where they were. Skipped without Chromium and chromedriver, except when
``BELOTE_REQUIRE_BROWSER`` is set (``.ci/run``), where it fails. With
``BELOTE_SCREENSHOTS=DIR`` the host's table with its invitations is saved in
each language (docs/images/web-friends-*.png).
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from webdriving import chromium, open_page, serving, shot, unavailable, views, wait

TARGET = 200


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``belote serve --db DB`` on 127.0.0.1:PORT in a child process, which can be restarted."""

    def __init__(self, port: int, db: Path, log: Path) -> None:
        self.port, self.db, self.log = port, db, log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "belote", "serve", "--port", str(self.port), "--db", str(self.db)],
                stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
        pytest.fail(f"belote serve did not start: {self.log.read_text()[-2000:]}")

    def stop(self) -> float:
        """Stop the server as Ctrl-C does; the seconds it took."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            pytest.fail("belote serve did not stop within 20 s of Ctrl-C (open event streams?)")
        return time.monotonic() - started


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    try:
        import uvicorn  # noqa: F401
    except ImportError:
        unavailable("the web extra is not installed (pip install -e '.[webtest]')")
    serving = Server(free_port(), tmp_path / "games.sqlite3", tmp_path / "serve.log")
    serving.start()
    try:
        yield serving
    finally:
        if serving.process is not None and serving.process.poll() is None:
            serving.process.kill()
            serving.process.wait()


@contextmanager
def two_browsers() -> Iterator[tuple[Any, Any]]:
    with chromium() as host, chromium() as guest:
        yield host, guest


def version(driver: Any) -> int:
    return int(driver.execute_script("return document.body.dataset.version || '-1'"))


def leave_quietly(driver: Any) -> None:
    """Let the page go without the question a match in progress asks (answered by the test)."""
    driver.execute_script("window.addEventListener('beforeunload', (e) => e.stopImmediatePropagation(), true)")


def act_once(driver: Any) -> bool:
    """Click the first thing this seat may do now (never calling out); whether it did."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By

    try:
        buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "#choices button")
                   if b.get_attribute("data-verb") != "stop" and b.is_enabled()]
        legal = [b for b in driver.find_elements(By.CSS_SELECTOR, "#hand button.legal") if b.is_enabled()]
        if not buttons and not legal:
            return False
        seen = views(driver)
        (buttons or legal)[0].click()
    except (StaleElementReferenceException, WebDriverException):
        return False  # redrawn under the pointer: look again
    wait(driver, lambda d: views(d) > seen)
    return True


def cards_played(driver: Any) -> int:
    from selenium.webdriver.common.by import By

    return len(driver.find_elements(By.CSS_SELECTOR, "#hand button"))


def test_two_friends_and_two_bots_play_a_match_through_a_reload_and_a_restart(server: Server) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    with two_browsers() as (host, guest):
        open_page(host, server.url)
        for seat, player in enumerate(["human", "random", "human", "random"]):
            host.execute_script(f"document.getElementById('seat-{seat}').value = arguments[0]", player)
        for field, value in (("target", TARGET), ("seed", 42)):
            host.find_element(By.ID, field).send_keys(str(value))
        host.find_element(By.ID, "new-game").click()
        wait(host, lambda d: views(d) >= 1)
        link = wait(host, lambda d: d.find_elements(By.ID, "invite-2"))[0].get_attribute("value")
        assert "seat=2" in link and "token=" in link and link.startswith(server.url)
        assert "token=" in host.current_url  # the address brings the host back too
        host.set_window_size(1100, 1200)  # the table and the invitations under it, in one picture
        for lang in ("en", "fr", "it"):
            Select(host.find_element(By.ID, "lang")).select_by_value(lang)
            wait(host, lambda d, lang=lang: d.execute_script("return document.body.dataset.lang") == lang)
            assert host.find_element(By.ID, "invites").is_displayed()
            shot(host, f"friends-{lang}")
        Select(host.find_element(By.ID, "lang")).select_by_value("en")
        host.set_window_size(1100, 900)

        guest.get(link)
        wait(guest, lambda d: views(d) >= 1)
        assert version(guest) == version(host)
        assert "You" in guest.find_element(By.ID, "pos-bottom").text
        assert guest.find_element(By.ID, "invites").get_attribute("hidden")  # the links are the host's
        # seat 2 sees its own hand, never seat 0's: the two hands have no card in common
        hands = [{b.get_attribute("data-card") for b in d.find_elements(By.CSS_SELECTOR, "#hand button")}
                 for d in (host, guest)]
        assert hands[0] and hands[1] and not hands[0] & hands[1]

        reloaded = restarted = False
        deals = 1
        for _ in range(600):
            if host.find_elements(By.ID, "match-over"):
                break
            moved = act_once(host) or act_once(guest)
            if not moved and host.find_elements(By.ID, "next-deal"):
                host.find_element(By.ID, "next-deal").click()
                deals += 1
                wait(host, lambda d: not d.find_elements(By.ID, "next-deal"))
                continue
            if not moved:
                time.sleep(0.1)
                continue
            left = cards_played(guest)
            if not reloaded and 2 <= left <= 6:
                # the guest reloads in the middle of the deal: back at the same table, same version
                leave_quietly(guest)
                guest.refresh()
                wait(guest, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
                wait(guest, lambda d: version(d) == version(host))
                assert cards_played(guest) == left
                reloaded = True
            elif reloaded and not restarted and (deals > 1 or left <= 1):
                before = version(host)
                seconds = server.stop()
                assert seconds < 10, seconds  # the event streams did not hold the server open
                server.start()
                # the pages go on: the next click reaches the restarted server, which reads the game back
                wait(host, lambda d, before=before: version(d) == before)
                restarted = True
        else:
            pytest.fail("the match did not end within 600 moves")
        assert reloaded and restarted
        wait(guest, lambda d: d.find_elements(By.ID, "match-over"))
        for driver in (host, guest):
            assert driver.find_element(By.ID, "undo").get_attribute("disabled")  # a finished match stays
            assert version(driver) == version(host)
        totals = host.find_element(By.ID, "scoresheet").text
        assert str(TARGET) in host.find_element(By.ID, "scores").text and totals
        for driver in (host, guest):
            leave_quietly(driver)


def test_a_reload_comes_back_to_the_table_and_leaving_asks_first(server: Server) -> None:
    from selenium.webdriver.common.by import By

    with chromium() as driver:
        open_page(driver, server.url)
        driver.find_element(By.ID, "seed").send_keys("3")
        driver.find_element(By.ID, "new-game").click()
        wait(driver, lambda d: views(d) >= 1)
        assert act_once(driver)
        seen = version(driver)
        asked = driver.execute_script(
            "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
            " return e.defaultPrevented;")
        assert asked  # a match in progress: the browser asks before leaving
        leave_quietly(driver)
        # the address without the game: localStorage brings the table back
        open_page(driver, server.url, fresh=False)
        wait(driver, lambda d: version(d) == seen)
        assert "game=" in driver.current_url
        leave_quietly(driver)


def test_a_page_refused_an_event_stream_still_follows_the_table() -> None:
    """A server that follows no more event streams (``429``): the page looks every few seconds
    instead, so a friend's card still reaches it without a click."""
    import json
    import urllib.parse
    import urllib.request

    try:
        from selenium.webdriver.common.by import By

        from belote.web.app import Limits, create_app
    except ImportError:
        unavailable("the webtest extra is not installed (pip install -e '.[webtest]')")

    def call(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            doc: dict[str, Any] = json.load(answer)
            return doc

    with serving(create_app(Limits(event_streams=0))) as url, chromium() as driver:
        open_page(driver, url)
        for seat, player in enumerate(["human", "random", "human", "random"]):
            driver.execute_script(f"document.getElementById('seat-{seat}').value = arguments[0]", player)
        driver.find_element(By.ID, "seed").send_keys("7")
        driver.find_element(By.ID, "new-game").click()
        wait(driver, lambda d: views(d) >= 1)
        link = wait(driver, lambda d: d.find_elements(By.ID, "invite-2"))[0].get_attribute("value")
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        key, token = query["game"][0], query["token"][0]
        view_url = f"{url}api/games/{key}/view?token={token}"
        for _ in range(20):  # the host plays until it is the friend's turn
            friend = call(view_url)
            if friend["your_turn"]:
                break
            assert act_once(driver)
        assert friend["your_turn"]
        wait(driver, lambda d: version(d) == friend["version"])
        call(f"{url}api/games/{key}/choose", {"choice": friend["choices"][0]["index"],
                                              "version": friend["version"], "token": token})
        wait(driver, lambda d: version(d) > friend["version"], seconds=15)
        leave_quietly(driver)
