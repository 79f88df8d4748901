"""The fixtures the browser tests share, from tests/webdriving.py.

``server`` (the page's app on loopback) and ``browser`` (headless Chromium),
each once per module; a module that needs another server defines its own.
"""

from webdriving import browser, server  # noqa: F401 (fixtures, found by pytest here)
