"""What docs/engines.md tells an engine's author comes from the corpus and the code (issue 50 item 9)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from belote.cli.main import main
from belote.deal import Deal
from belote.experiments.corpus import TABLES, lines_of, shipped_corpus
from belote.experiments.engines import check_engine
from belote.rules import get_rules

DOCS = Path(__file__).parent.parent / "docs"
ENGINES = DOCS / "engines.md"


def _hook() -> ModuleType:
    path = DOCS / "hooks" / "corpus_archive.py"
    spec = importlib.util.spec_from_file_location("corpus_archive_hook", path)
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return hook


class _Page:
    class file:  # the shape of mkdocs' page.file
        src_uri = "engines.md"


def test_the_corpus_figures_of_engines_md_are_counted_from_the_corpus() -> None:
    """docs/engines.md#checking-an-engine: no figure of the corpus is written by hand; the hook counts them."""
    source = ENGINES.read_text(encoding="utf-8")
    assert not re.search(r"\b(192|224|248|284)\b", source)  # the hand-written figures, old and new
    page = _hook().on_page_markdown(source, page=_Page())
    files = shipped_corpus()
    legal, solve = lines_of(files, "legal.jsonl"), lines_of(files, "solve.jsonl")
    decided = sum(Deal.from_record(line["record"]).to_act is not None for line in (*legal, *solve))
    assert "corpus-count" not in page
    assert f"the {len(legal)} positions of `legal.jsonl`" in page
    assert f"the {len(solve)} endgames of `solve.jsonl`" in page
    assert f"corpus positions decided: {decided} of {decided} " in page


def test_check_engine_decides_the_figure_the_docs_give() -> None:
    """docs/engines.md#checking-an-engine: an engine of every variant is asked exactly the counted positions."""
    figure = _hook().counts()["decided"]
    report = check_engine(f"{sys.executable} -m belote engine serve random", deals=0)
    assert (report.positions, report.decided) == (figure, figure), report.problems


def test_check_engine_help_lists_every_variant_of_the_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/engines.md#checking-an-engine: ``--variant``'s help names each variant the corpus has a table of."""
    with pytest.raises(SystemExit):
        main(["check-engine", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for spec, _players in TABLES:
        assert get_rules(spec).name in text, spec


def test_engines_md_says_what_an_engine_must_expect() -> None:
    """docs/engines.md: belote offered both ways, and engines started again per chunk of a duel."""
    text = " ".join(ENGINES.read_text(encoding="utf-8").split())
    assert 'offers both actions for the same card, `"1 play KH"` and `"1 play KH belote"`' in text
    assert "under `--jobs` an engine is started again for each chunk" in text
    assert "A stateful engine must expect it" in text
