"""Issue 40, part 3: docs/corpus.md says what a checker needs, and the shipped corpus keeps to it."""

from __future__ import annotations

import re
from pathlib import Path

from belote.experiments.corpus import lines_of, shipped_corpus
from belote.rules import get_rules

CORPUS_DOC = Path(__file__).parent.parent / "docs" / "corpus.md"


def test_every_error_field_of_the_shipped_tallies_is_listed_in_the_docs() -> None:
    """docs/corpus.md lists every ``error.field`` of tallies.jsonl, ``announcements[0].cards`` included."""
    text = CORPUS_DOC.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `error` | instead of `result`, for an impossible tally"))
    listed = set(re.findall(r"`([a-z_]+(?:\[0\]\.cards)?)`", row.split("`field` is one of", 1)[1]))
    found = {str(line["error"]["field"])  # type: ignore[index]
             for line in lines_of(shipped_corpus(), "tallies.jsonl") if "error" in line}
    assert found <= listed, found - listed
    assert "announcements[0].cards" in found


def test_solve_card_points_leave_out_the_last_trick() -> None:
    """docs/corpus.md, solve.jsonl: card points without the last trick's 10 (152 a four-player deal)."""
    for line in lines_of(shipped_corpus(), "solve.jsonl"):
        spec = str(line["id"]).rsplit("/", 2)[0]
        points = line["card_points"]
        assert isinstance(points, list)
        if get_rules(spec).partnerships:
            assert sum(points) == 152, line["id"]
        else:
            assert sum(points) <= 152, line["id"]
