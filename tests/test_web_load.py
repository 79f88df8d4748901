"""Short runs of ``benchmarks/web_load.py``: 5 clients, then 2 tables of 4 friends, on loopback for 5 s, without an error.

The full runs (50 clients, or 20 tables of 4 people, for 60 s, with the p95
response times) are the benchmark itself. Skipped without the web extra, except where
``BELOTE_REQUIRE_WEB`` is set (``.ci/run``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "web_load.py"


def benchmark() -> Any:
    spec = importlib.util.spec_from_file_location("web_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("web_load", module)  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_clients_play_deals_on_loopback_without_an_error() -> None:
    tally = benchmark().load_test(clients=5, seconds=5, max_requests=2000)
    assert tally.errors == []
    assert tally.deals > 0 and tally.times


def test_tables_of_friends_follow_their_event_streams_without_an_error() -> None:
    """Issue 42: every seat a person's, each with its token, its event stream and its views."""
    tally = benchmark().load_test(clients=0, seconds=5, max_requests=2000, tables=2)
    assert tally.errors == [] and tally.server_errors == 0
    assert tally.deals > 0 and tally.events > 0 and tally.kinds["POST choose"]
