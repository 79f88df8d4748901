"""Every citation of the rules resolves to a page of the docs site.

The code and docs once cited ``RULES.md §7.4`` and ``texts in seeds/``, files
that are neither in the repository nor on the site. They now cite the
project's own pages (``rules §7.4, docs/rules.md#pending-litige-points``), and
``docs/hooks/cite.py`` rewrites any old form using ``docs/citations.json``.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from belote.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
OLD_FORM = re.compile(r"RULES\.md|seeds/")

# The table of old forms and the script that rewrites them hold the old forms on purpose.
HOLD_OLD_FORMS = {"docs/citations.json", "docs/hooks/cite.py"}


ANCHOR = re.compile(r"\{\s*#([\w-]+)\s*\}")
LINK = re.compile(r"docs/((?:rules|sources|contree|bulgarian)\.md)(?:#([\w-]+))?")


def _files() -> list[Path]:
    found = []
    for top in ("src", "docs"):
        for path in sorted((ROOT / top).rglob("*")):
            suffix_ok = path.suffix in {".py", ".md", ".json", ".yml", ".txt"}
            if path.is_file() and suffix_ok and "__pycache__" not in path.parts:
                found.append(path)
    return found


def _anchors(page: str) -> set[str]:
    return set(ANCHOR.findall((DOCS / page).read_text(encoding="utf-8")))


def _cite() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cite", DOCS / "hooks" / "cite.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cite"] = module
    spec.loader.exec_module(module)
    return module


def test_no_source_or_docs_file_cites_files_outside_the_site() -> None:
    offenders = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        if rel in HOLD_OLD_FORMS:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OLD_FORM.search(line):
                offenders.append(f"{rel}:{number}: {line.strip()}")
    assert not offenders, "run `python docs/hooks/cite.py`:\n" + "\n".join(offenders)


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "french", "italian751", "contree"])
def test_belote_rules_cites_the_docs_pages(variant: str) -> None:
    out = io.StringIO()
    assert main(["rules", variant], out) == 0
    assert not OLD_FORM.search(out.getvalue()), out.getvalue()


def test_every_citation_form_maps_to_an_existing_anchor() -> None:
    table = json.loads((DOCS / "citations.json").read_text(encoding="utf-8"))["citations"]
    assert "RULES.md §7.4" in table
    for form, target in table.items():
        page, _, anchor = target.partition("#")
        assert (DOCS / page).is_file(), f"{form}: no page {page}"
        if anchor:
            assert anchor in _anchors(page), f"{form}: no anchor #{anchor} on {page}"


def test_every_converted_citation_points_at_an_existing_anchor() -> None:
    for path in _files():
        if path.relative_to(ROOT).as_posix() in HOLD_OLD_FORMS:
            continue
        for page, anchor in LINK.findall(path.read_text(encoding="utf-8")):
            if anchor:
                assert anchor in _anchors(page), f"{path}: docs/{page}#{anchor} does not exist"


def test_the_rules_page_has_one_anchor_per_rule_topic() -> None:
    anchors = _anchors("rules.md")
    topics = {
        "cards", "dealing", "bidding", "seven-swap", "play-obligations", "announcement-kinds",
        "announcement-contest", "contract", "capot", "rounding", "pending-litige-points",
        "french-scoring", "match", "calling-out", "j-arrete", "penalties", "vocabulary",
    }  # fmt: skip
    assert topics <= anchors
    assert {f"source-00{n}" for n in range(5)} <= _anchors("sources.md")


def test_cite_rewrites_each_form_and_is_idempotent() -> None:
    cite = _cite()
    table, phrases = cite.load_table()
    code = (
        '"""RULES.md §8.2: stop."""\n'
        "# RULES.md §7.4, then RULES.md §8.1, §8.2 and RULES.md §3-§5 and RULES.md §6.2 point 2\n"
        "# texts in seeds/, seeds/002 and RULES.md alone\n"
    )
    once = cite.rewrite(code, table, phrases, None)
    assert not OLD_FORM.search(once)
    assert '"""Rules §8.2, docs/rules.md#j-arrete: stop."""' in once
    assert "rules §7.4, docs/rules.md#pending-litige-points" in once
    assert "rules §8.1, docs/rules.md#calling-out; rules §8.2, docs/rules.md#j-arrete" in once
    assert "rules §3-§5, docs/rules.md#bidding" in once
    assert "rules §6.2 point 2, docs/rules.md#announcement-contest" in once
    assert "texts in docs/sources.md, source 002, docs/sources.md#source-002" in once
    assert "docs/rules.md alone" in once
    assert cite.rewrite(once, table, phrases, None) == once

    page = "See RULES.md §9 and seeds/000.\n"
    linked = cite.rewrite(page, table, phrases, "../")
    assert linked == "See [rules §9](../rules.md#penalties) and [source 000](../sources.md#source-000).\n"
    assert cite.rewrite(linked, table, phrases, "../") == linked


def test_cite_refuses_an_unknown_section() -> None:
    cite = _cite()
    table, phrases = cite.load_table()
    with pytest.raises(cite.UnknownCitation):
        cite.rewrite("RULES.md §42", table, phrases, None)


def test_the_rules_page_names_the_knob_of_every_rule() -> None:
    """Each rule of docs/rules.md says which field of `Rules` expresses it."""
    import attrs

    from belote.rules import PlayRules, Rules

    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\[belote\.rules\.(?:model\.Rules|play\.PlayRules)\.(\w+)\]", text))
    identity = {"name", "description", "aliases", "source", "play"}
    fields = {f.name for f in attrs.fields(Rules)} - identity
    fields |= {f.name for f in attrs.fields(PlayRules)}
    assert not fields - linked, f"docs/rules.md does not name the knobs {sorted(fields - linked)}"
