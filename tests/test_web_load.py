"""A short run of ``benchmarks/web_load.py``: 5 clients play on loopback for 5 s without an error.

The full run (50 clients for 60 s, with the p95 response time) is the
benchmark itself. Skipped without the web extra, except where
``BELOTE_REQUIRE_WEB`` is set (``.ci/run``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "web_load.py"


def test_clients_play_deals_on_loopback_without_an_error() -> None:
    spec = importlib.util.spec_from_file_location("web_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("web_load", module)  # dataclasses look their module up there
    spec.loader.exec_module(module)
    tally = module.load_test(clients=5, seconds=5, max_requests=2000)
    assert tally.errors == []
    assert tally.deals > 0 and tally.times
