"""The examples of the documentation site run against the library.

docs/formats.md tags its JSON examples in the fence info string:
``json tally`` and ``json match`` are scored with
``belote.records.score_document``, ``json deal`` is replayed with
``belote.records.replay.replay_document``, and a ``json result`` block right after one
of them is its expected result. Every field the expected result shows must
match; the audit lines of each side must sum to its score. The ``>>>``
examples of every page run as doctests.
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
FORMATS = DOCS / "formats.md"

_FENCE = re.compile(r"^```json[ \t]+(?P<tag>[a-z-]+)[ \t]*\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)

# tag -> (module, function) that reads such a document and returns its result.
RUNNERS = {
    "tally": ("belote.records.results", "score_document"),
    "match": ("belote.records.results", "score_document"),
    "deal": ("belote.records.replay", "replay_document"),
}


class Example:
    def __init__(self, tag: str, body: str, line: int) -> None:
        self.tag = tag
        self.document: Any = json.loads(body)
        self.line = line
        self.expected: Any = None

    def __repr__(self) -> str:
        return f"{self.tag}@formats.md:{self.line}"


def examples() -> list[Example]:
    text = FORMATS.read_text(encoding="utf-8")
    found: list[Example] = []
    for match in _FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        tag = match.group("tag")
        if tag == "result":
            assert found and found[-1].expected is None, (
                f"formats.md:{line}: a result block must follow a tally, match or deal block"
            )
            found[-1].expected = json.loads(match.group("body"))
        else:
            assert tag in RUNNERS, f"formats.md:{line}: unknown example tag {tag!r}"
            found.append(Example(tag, match.group("body"), line))
    return found


def runner(tag: str) -> Callable[[Any], Any]:
    module_name, function = RUNNERS[tag]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        pytest.skip(f"{module_name} does not exist yet, so {tag} examples cannot run")
    if not hasattr(module, function):
        pytest.skip(f"{module_name}.{function} does not exist yet")
    result: Callable[[Any], Any] = getattr(module, function)
    return result


def mismatches(expected: Any, actual: Any, path: str = "") -> Iterator[str]:
    """Where ``actual`` differs from the (partial) ``expected``."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            yield f"{path or 'result'}: expected an object, got {actual!r}"
            return
        for key, value in expected.items():
            if key not in actual:
                yield f"{path}{key}: missing"
            else:
                yield from mismatches(value, actual[key], f"{path}{key}.")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        if not isinstance(actual, list) or len(actual) != len(expected):
            yield f"{path.rstrip('.')}: expected {len(expected)} items, got {actual!r}"
            return
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            yield from mismatches(e, a, f"{path.rstrip('.')}[{i}].")
    elif expected != actual:
        yield f"{path.rstrip('.')}: expected {expected!r}, got {actual!r}"


def deal_results(result: Any) -> Iterator[Any]:
    if isinstance(result, dict) and "deals" in result:
        yield from result["deals"]
    else:
        yield result


ALL = examples()


def test_formats_page_has_tagged_examples() -> None:
    tags = {example.tag for example in ALL}
    assert {"tally", "match", "deal"} <= tags


@pytest.mark.parametrize("example", ALL, ids=repr)
def test_formats_example(example: Example) -> None:
    result = runner(example.tag)(example.document)
    if example.expected is not None:
        problems = list(mismatches(example.expected, result))
        assert not problems, f"{example!r}: " + "; ".join(problems)
    for deal in deal_results(result):
        sums = [0] * len(deal["scores"])
        for line in deal.get("lines", []):
            sums[line["to"]] += line["points"]
        if deal.get("lines"):
            assert sums == deal["scores"], f"{example!r}: lines sum to {sums}, not {deal['scores']}"


@pytest.mark.parametrize(
    "page",
    sorted(p for p in DOCS.rglob("*.md") if ">>>" in p.read_text(encoding="utf-8")),
    ids=lambda p: str(p.relative_to(DOCS)),
)
def test_doc_page_doctests(page: Path) -> None:
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.failed == 0, f"{result.failed} of the doctests of {page.name} failed"
