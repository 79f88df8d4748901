"""The built docs site, loaded in a real headless browser.

The site is built with ``mkdocs build --strict`` into a temporary folder,
served on 127.0.0.1 by ``http.server`` in a thread, and the home page, the
rules page and one API page are loaded in headless Chromium (Debian's
``chromium`` package). What the browser shows must hold no Sphinx role
(``:class:`` ...), and every internal link and resource of those pages must be
served, with its ``#anchor`` present on the target page.

Without chromium or mkdocs the test is skipped, except when the environment
variable ``BELOTE_REQUIRE_BROWSER`` is set, where it fails: ``.ci/run`` installs
both and sets it.
"""

from __future__ import annotations

import functools
import html.parser
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("", "rules/", "api/deal/")
SPHINX_ROLES = (":class:", ":meth:", ":func:", ":attr:", ":mod:", ":exc:")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def unavailable(reason: str) -> None:
    """Skip, or fail where the browser test must run (``BELOTE_REQUIRE_BROWSER``)."""
    if os.environ.get("BELOTE_REQUIRE_BROWSER"):
        pytest.fail(f"BELOTE_REQUIRE_BROWSER is set, so the browser test must run: {reason}")
    pytest.skip(reason)


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    unavailable("chromium is not installed (apt-get install chromium)")
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chromium()  # skip (or fail when required) before the build when there is no browser
    if importlib.util.find_spec("mkdocs") is None:
        unavailable("mkdocs is not installed (pip install -e '.[docs]')")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return out


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def dump_dom(url: str) -> str:
    """The page's DOM after Chromium loaded it and ran its scripts."""
    browser = chromium()
    with tempfile.TemporaryDirectory(prefix="belote-chromium-") as profile:
        done = subprocess.run(
            [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "<html" in done.stdout, f"{url}: chromium returned no page"
    return done.stdout


class _Page(html.parser.HTMLParser):
    """The links, resources, element ids and visible text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.ids: set[str] = set()
        self.text: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        for name in ("href", "src"):
            if values.get(name) and tag in ("a", "link", "script", "img", "source"):
                self.refs.append(str(values[name]))
        if tag in ("script", "style"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.text.append(data)


def parse(markup: str) -> _Page:
    page = _Page()
    page.feed(markup)
    return page


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            body = response.read()
            kind = response.headers.get_content_type()
            return response.status, body.decode("utf-8", "replace") if kind == "text/html" else ""
    except urllib.error.HTTPError as error:
        return error.code, ""


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_in_a_browser_without_raw_markup_or_broken_links(
    server: str, path: str
) -> None:
    url = server + path
    page = parse(dump_dom(url))
    text = " ".join(page.text)
    assert "belote" in text, f"{url}: the page did not render"
    shown = [role for role in SPHINX_ROLES if role in text]
    assert not shown, f"{url} shows Sphinx roles {shown}"

    broken = []
    targets: dict[str, _Page] = {}
    for ref in sorted(set(page.refs)):
        absolute = urljoin(url, ref)
        parts = urlsplit(absolute)
        if parts.scheme not in ("http", "https") or parts.netloc != urlsplit(server).netloc:
            continue  # another site, mailto:, javascript:
        target = parts._replace(fragment="", query="").geturl()
        if target == url:
            found = page
        else:
            if target not in targets:
                status, body = fetch(target)
                if status != 200:
                    broken.append(f"{ref} -> HTTP {status}")
                    continue
                targets[target] = parse(body)
            found = targets[target]
        if parts.fragment and parts.fragment not in found.ids:
            broken.append(f"{ref} -> no #{parts.fragment} on {target}")
    assert not broken, f"{url}: broken internal links:\n" + "\n".join(broken)


def test_the_rules_page_has_the_anchors_the_code_cites(server: str) -> None:
    page = parse(dump_dom(server + "rules/"))
    for anchor in ("pending-litige-points", "play-obligations", "calling-out", "j-arrete"):
        assert anchor in page.ids
