"""What the browser tests share: the app served on loopback, headless Chromium, waiting.

Without uvicorn, Selenium, ``chromium`` or ``chromedriver`` a browser test
is skipped, except when ``BELOTE_REQUIRE_BROWSER`` is set (``.ci/run``),
where it fails.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


def unavailable(reason: str) -> None:
    """Skip the test, or fail it where ``BELOTE_REQUIRE_BROWSER`` says the browser must run."""
    if os.environ.get("BELOTE_REQUIRE_BROWSER"):
        pytest.fail(f"BELOTE_REQUIRE_BROWSER is set, so the browser test must run: {reason}")
    pytest.skip(reason)


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn on 127.0.0.1 in a thread; yields its address."""
    try:
        import uvicorn
    except ImportError:
        unavailable("the web extra is not installed (pip install -e '.[webtest]')")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    httpd = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
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
def server() -> Iterator[str]:
    """The page's app (``belote.web.app.create_app()``) served for one module's browser tests.

    A module takes it, and ``browser``, with ``from webdriving import browser, server``.
    """
    try:
        from belote.web.app import create_app
    except ImportError:
        unavailable("the web extra is not installed (pip install -e '.[webtest]')")
    with serving(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for one module's browser tests."""
    with chromium() as driver:
        yield driver


@contextmanager
def chromium(languages: str | None = None) -> Iterator[Any]:
    """Debian's headless Chromium driven by Selenium through ``chromedriver``.

    ``languages``: the browser's languages (``"it-IT,it"``), else its own.
    """
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
    if languages is not None:
        options.add_experimental_option("prefs", {"intl.accept_languages": languages})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def wait(driver: Any, condition: Any, seconds: float = 30) -> Any:
    """Wait until ``condition(driver)`` is true (Selenium's ``WebDriverWait``)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition)


def views(driver: Any) -> int:
    """How many views of the game the page has drawn (``data-views`` on its body)."""
    return int(driver.execute_script("return document.body.dataset.views || '0'"))


def shot(driver: Any, name: str) -> None:
    """Save a screenshot as ``web-NAME.png`` in ``$BELOTE_SCREENSHOTS`` when it is set (the docs' images)."""
    folder = os.environ.get("BELOTE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"web-{name}.png"))


def open_page(driver: Any, server: str, lang: str = "en", fresh: bool = True,
              pace: float | None = 0) -> None:
    """Load the page in language ``lang`` (chosen with the page's own switch).

    ``fresh``: on an empty form, without the table of the last visit that the
    page brings back (kept in the browser's ``localStorage``).
    ``pace``: the bots' seconds a card (``?pace=``), instant by default; ``None``: the page's own.
    """
    from selenium.webdriver.support.ui import Select

    address = server if pace is None else f"{server}?pace={pace:g}"
    driver.get(address)
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
    if fresh and driver.execute_script("const back = game !== null; "
                                       "localStorage.removeItem('belote-table'); return back"):
        driver.get(address)
        wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "yes")
    if driver.execute_script("return document.body.dataset.lang") != lang:
        Select(driver.find_element("id", "lang")).select_by_value(lang)
        wait(driver, lambda d: d.execute_script("return document.body.dataset.lang") == lang)
