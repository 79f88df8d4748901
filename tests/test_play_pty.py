"""``belote play`` driven as a person uses it: through a pseudo-terminal (issue 12)."""

from __future__ import annotations

import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = r"Your choice \(a number, a card such as JH, or help\): "
CARD = r"(?:10|[789JQKA])[SHDC]"


def _spawn() -> pexpect.spawn:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120", "LINES": "50"}
    return pexpect.spawn(sys.executable, ["-m", "belote", "play", "classic", "--seed", "3"],
                         env=env, encoding="utf-8", timeout=60, dimensions=(50, 120))


def _refusable(screen: str) -> str | None:
    """A card of the hand that breaks "follow the led suit" in this trick, if any."""
    trick = re.search(r"Trick \d of 8: (.*)\r?\n", screen)
    hand = re.search(r"Your hand: (.*)\r?\n", screen)
    if not trick or not hand or "you lead" in trick.group(1):
        return None
    led = re.findall(CARD, trick.group(1))[0][-1]
    cards = re.findall(CARD, hand.group(1))
    if any(card.endswith(led) for card in cards):
        others = [card for card in cards if not card.endswith(led)]
        return others[0] if others else None
    return None


def test_a_person_plays_through_a_terminal_and_quits_cleanly() -> None:
    """The screen shows the scores and who won each trick; a card that does not follow
    suit is refused with the reason (rules §5, docs/rules.md#play-obligations); help, odd answers and quit work."""
    child = _spawn()
    child.expect(PROMPT)
    screen = child.before
    assert "Match: your team 0, the other team 0   (target 1000)" in screen
    assert "Your hand:" in screen and "Turned card:" in screen
    child.sendline("help")
    child.expect(PROMPT)
    assert "How to answer" in child.before
    child.sendline("²")
    child.expect(PROMPT)
    assert "is not understood" in child.before
    child.sendline("9" * 5000)
    child.expect(PROMPT)
    assert "There is no choice" in child.before
    refused = False
    seen = screen
    won = re.compile(r"-- Trick \d won by (you|your partner \(seat 2\)|seat [13]): \d+ points")
    for _ in range(60):
        child.sendline("1")
        child.expect(PROMPT)
        screen = child.before
        seen += screen
        card = None if refused else _refusable(screen)
        if card is not None:
            child.sendline(card)
            child.expect(PROMPT)
            reason = child.before
            assert f"You cannot play {card}: you must follow" in reason
            refused = True
        if refused and won.search(seen):
            break
    assert refused, "no trick let the person try a card that does not follow suit"
    assert "Card points this deal: your team" in seen
    assert won.search(seen)
    assert "seat 0" not in seen  # the person is "you", never seat 0
    assert "expected '<seat>" not in seen
    child.sendline("quit")
    child.expect(r"Leave the match\? \(yes/no\)")
    child.sendline("yes")
    child.expect("Save the match to resume it later")
    child.sendline("")
    child.expect("Match abandoned: you quit.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_compare_par_shows_an_honest_bar_with_the_time_left_on_a_terminal() -> None:
    """``compare --par`` through a pseudo-terminal: the bar says how long is left, and the
    solved decks (the slow stage) move it well before the end; piped, nothing is drawn."""
    import subprocess

    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    args = ["-m", "belote", "compare", "classic", "--deals", "300", "--par", "--par-deals", "8"]
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=300,
                          dimensions=(50, 160))
    child.expect(pexpect.EOF)
    bars = re.findall(r"compare \[[#.]+\] +(\d+)% \((\d+)/(\d+)\)( \S+ left)?", child.before)
    assert bars, child.before[-500:]
    deals_done = [int(p) for p, done, _total, _left in bars if int(done) == 300]
    assert deals_done and deals_done[0] < 50  # the deals alone are not most of the work
    assert any(left for *_, left in bars)
    piped = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                           env=env, timeout=300, check=True)
    assert "compare [" not in piped.stderr


def test_bulgarian_bidding_through_a_terminal() -> None:
    """RULES §12.1 "The auction": the prompt offers the strain bids above the standing one
    (no value), takes them typed ('AT', 'bid c'), refuses one not above it, doubles with
    'double'; the table shows the contract, game points, and the deal's end in game points."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120", "LINES": "50"}
    child = pexpect.spawn(sys.executable, ["-m", "belote", "play", "bulgarian", "--seed", "3",
                                           "--bot", "random"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(50, 120))
    prompt = r"Your choice \(a number, a (?:card such as JH|bid such as 'bid \w+'), or help\): "
    child.expect(prompt)
    screen = child.before
    assert "Match (game points): your team 0, the other team 0   (target 151)" in screen
    child.sendline("bid xx")
    child.expect(prompt)
    assert "is not understood" in child.before
    seen, bid, refused = screen, False, False
    for _ in range(80):
        offered = re.search(r"or bid: (.*)\r?\n", screen)
        if offered and "bid AT" in offered.group(1) and not bid:
            assert not re.search(r"\d", offered.group(1))  # strains alone, no values
            if "bid C," not in offered.group(1) and not refused:
                child.sendline("bid c")  # below the standing bid
                child.expect(prompt)
                assert "You cannot bid C now" in child.before
                assert "C < D < H < S < NT < AT" in child.before
                refused = True
            child.sendline("AT")
            bid = True
        else:
            child.sendline("double" if re.search(r"\d+\. double", screen) else "1")
        child.expect(prompt)
        screen = child.before
        seen += screen
        if "Deal over:" in seen:
            break
    assert re.search(r"Deal over: \w+, contract (C|D|H|S|NT|AT)( doubled| redoubled)?"
                     r".*\(scores in game points\)", seen)
    assert re.search(r"Contract: .*; (trump|no-trumps|all-trumps)", seen)
    if bid:
        assert "You bid all-trumps (AT)." in seen
    assert "stop the deal" not in seen and "seat 0" not in seen
    child.sendline("quit")
    child.expect(r"Leave the match\? \(yes/no\)")
    child.sendline("yes")
    child.expect("Save the match to resume it later")
    child.sendline("")
    child.expect(pexpect.EOF)
