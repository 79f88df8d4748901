"""The documentation a user reads cites only what a user has (issue 50 item 10).

The project's working files (its contract and rules notes) are not shipped:
a page says the rule in its own words and links the page that holds it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.md") if "hooks" not in path.parts)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_no_page_cites_a_file_users_do_not_have(page: Path) -> None:
    """Issue 50 item 10: no CONTRACT.md, RULES.md or "RULES §" in a page of the site."""
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"CONTRACT\.md|RULES\.md|RULES §", text)


def test_contree_md_no_longer_calls_coinche_out_of_turn_unmodelled() -> None:
    """docs/contree.md#the-auction: the knob auction.coinche_any_time models it; the page says so."""
    text = " ".join((DOCS / "contree.md").read_text(encoding="utf-8").split())
    assert "not modelled yet" not in text
    assert ('A coinche "on the fly" by a player whose turn it is not (allowed by some clubs, '
            "sanctioned by the Cannes rules) is the knob `auction.coinche_any_time`") in text
