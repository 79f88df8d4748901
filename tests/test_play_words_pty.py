"""``belote play contree`` through a pseudo-terminal: the game reads back its own words (issue 49 part E).

docs/cli.md#play: an answer may be any word the game prints (``bid 100
hearts``, as it echoes "You bid 100 hearts ♥."); the intro and the prompt
suggest bids that are legal; contracts are written ``90 ♣`` and name the
partner as the rest of the table does; a finished deal shows the card points
each side took in play (152 in tricks and 10 for the last one, docs/contree.md).
"""

from __future__ import annotations

import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = r"Your choice \(a number, a (?:bid such as '([^']+)'|card such as JH), or help\): "


def _spawn(seed: int) -> pexpect.spawn:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120", "LINES": "50"}
    return pexpect.spawn(
        sys.executable, ["-m", "belote", "play", "contree", "--seed", str(seed)],
        env=env, encoding="utf-8", timeout=60, dimensions=(50, 120),
    )


def _legal_values(screen: str) -> tuple[int, int] | None:
    """The range of values the screen's ``or bid:`` line offers."""
    found = re.search(r"or bid: (\d+)(?: to (\d+))?", screen)
    if found is None:
        return None
    return int(found[1]), int(found[2] or found[1])


def test_the_terminal_reads_its_own_words_and_suggests_legal_bids() -> None:
    """Issue 49 E: ``bid 100 hearts`` is read; prompts suggest legal bids; ``90 ♣``, ``your partner``."""
    child = _spawn(0)  # seed 0: the person speaks first
    child.expect(PROMPT)
    intro = child.before
    assert "'take'" not in intro  # a contrée auction bids contracts (docs/contree.md)
    assert "bid 80 hearts" in intro
    child.sendline("bid 100 hearts")
    seen, deal_over, coinched = "", "", False
    for _ in range(300):
        index = child.expect([PROMPT, r"=== Deal 2", pexpect.EOF])
        screen = child.before
        seen += screen
        if index != 0:
            deal_over = screen
            break
        example = child.match.group(1)
        offered = _legal_values(screen)
        if example and offered:  # the example the prompt gives is a bid the screen offers
            value = example.split()[1]
            assert value == "capot" or offered[0] <= int(value) <= offered[1], (example, offered)
        numbered = re.findall(r"^\s+\d+\. (\w+)", screen, re.MULTILINE)
        if "coinche" in numbered and not coinched:
            child.sendline("contre")  # the French word coinches (docs/cli.md#play)
            coinched = True
        elif example or numbered:
            child.sendline("1")
        else:
            child.sendline("pass")
    assert "You bid 100 hearts ♥." in seen
    assert "is not understood" not in seen
    if coinched:
        assert "You coinche the contract" in seen
    for line in seen.splitlines():
        if "type e.g." in line or "Your choice" in line or "such as" in line:
            continue  # what to type, in the notation
        assert not re.search(r"\b(\d{2,3}|capot) [SHDC]\b", line), line  # 90 ♣, not 90 C
        assert not re.search(r"by seat 2\b", line), line  # "by your partner (seat 2)"
    taken = re.search(r"card points taken in play: your team (\d+), the other team (\d+)", deal_over)
    assert taken is not None, deal_over[-600:]
    if "the last trick counted" in deal_over:
        assert int(taken[1]) + int(taken[2]) == 162  # docs/contree.md: 152 in the cards + 10
    child.close(force=True)


def test_a_bid_refused_names_the_seats_as_the_table_does() -> None:
    """Issue 49 E, issue 51 item 2: a refused bid says why, in the table's words."""
    child = _spawn(0)
    child.expect(PROMPT)
    child.sendline("bid 100 cœur")  # the web table's French suit names read too
    child.expect(PROMPT)
    assert "You bid 100 hearts ♥." in child.before
    screen = child.before
    offered = _legal_values(screen)
    if offered is not None and offered[0] > 100:
        child.sendline("bid 100 H")
        child.expect(PROMPT)
        said = child.before.split("\n", 1)[1]  # past the echo of what was typed
        assert "You cannot bid that now" in said
        reason = said.split("\n", 1)[0]
        assert "seat 0" not in reason and not re.search(r"\b\d+ [SHDC]\b", reason), reason
    child.close(force=True)
