"""``belote play contree``: a person bids contracts at the terminal (RULES §11.1, issue 39)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys

import pytest

from belote.actions import Action
from belote.cli.play import MatchAbandoned, _interpret, bid_summary, play_match
from belote.deal import Deal

pexpect = pytest.importorskip("pexpect")

BID_PROMPT = r"Your choice \(a number, a bid such as 'bid (?:[0-9]+|capot) [SHDC]', or help\): "  # a legal bid (issue 49 E)
CARD_PROMPT = r"Your choice \(a number, a card such as JH, or help\): "


def _spawn(seed: int) -> pexpect.spawn:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120", "LINES": "50"}
    return pexpect.spawn(
        sys.executable, ["-m", "belote", "play", "contree", "--seed", str(seed)],
        env=env, encoding="utf-8", timeout=60, dimensions=(50, 120),
    )


def test_a_person_bids_and_coinches_through_a_terminal() -> None:
    """RULES §11.1: the person sees the standing contract and the legal bids in one line, types
    ``bid 90 H``, is told why a bid is refused, and coinches the other side's contract."""
    child = _spawn(0)  # seed 0: seat 3 deals, the person speaks first
    child.expect(BID_PROMPT)
    screen = child.before
    assert "Contract: nobody has bid yet   dealer: seat 3" in screen
    assert "Turned card" not in screen
    assert "or bid: 80 to 160 (in tens) or capot, in ♠ S ♥ H ♦ D ♣ C: type e.g. 'bid 80 H'" in screen
    assert re.findall(r"^\s+(\d+)\. ", screen, re.MULTILINE) == ["1"]  # one numbered line, not one a contract
    child.sendline("bid 85 H")
    child.expect(BID_PROMPT)
    assert "You cannot bid 85: you may bid 80 to 160" in child.before
    child.sendline("bid 90 X")
    child.expect(BID_PROMPT)
    assert "'X' is not a suit" in child.before
    child.sendline("help")
    child.expect(BID_PROMPT)
    assert "bid 90 H, 90H, bid capot S; coinche, surcoinche" in child.before
    child.sendline("bid 90 h")
    seen = ""
    coinched = False
    for _ in range(200):
        index = child.expect([BID_PROMPT, CARD_PROMPT, pexpect.EOF])
        screen = child.before
        seen += screen
        if index == 2:
            pytest.fail("the match ended before the person could coinche")
        if index == 1:
            child.sendline("1")
            continue
        offered = re.findall(r"^\s+\d+\. (\w+)", screen, re.MULTILINE)
        if "coinche" in offered and not coinched:
            child.sendline("coinche")
            coinched = True
        elif "surcoinche" in offered:
            child.sendline("surcoinche")
        else:
            child.sendline("pass")
        if coinched:
            child.expect([BID_PROMPT, CARD_PROMPT])
            seen += child.before
            break
    assert "You bid 90 hearts ♥." in seen
    assert coinched and "You coinche the contract (x2)." in seen
    assert "seat 0" not in seen  # the person is "you"
    child.sendline("quit")
    child.expect(r"Leave the match\? \(yes/no\)")
    child.sendline("yes")
    child.expect("Save the match to resume it later")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_bid_summary_lists_the_legal_bids_compactly() -> None:
    """RULES §11.1: values above the standing one by tens, capot, the four suits."""
    deal = Deal.random("contree", seed=3)
    deal.apply("1 bid 120 D")
    bids = [a for a in deal.legal_actions() if a.verb.value == "bid"]
    assert bid_summary(bids) == "130 to 160 (in tens) or capot, in ♠ S ♥ H ♦ D ♣ C: type e.g. 'bid 130 H'"


@pytest.mark.parametrize(
    ("answer", "chosen", "message"),
    [
        ("bid 130 S", "2 bid 130 S", ""),
        ("130s", "2 bid 130 S", ""),
        ("capot ♣", "2 bid capot C", ""),
        ("BID CAPOT d", "2 bid capot D", ""),
        ("bid 110 S", None, "a bid must be higher than the standing one"),
        ("bid 130", None, "A bid names a value and a suit"),
        ("coinche", None, "You cannot coinche now: you cannot coinche your own side's contract"),
        ("130", None, "A bid names a value and a suit"),
    ],
)
def test_a_typed_bid_is_read_or_refused_in_plain_words(answer: str, chosen: str | None, message: str) -> None:
    """RULES §11.1: a bid must be higher than the standing one; a side does not coinche its own contract."""
    deal = Deal.random("contree", seed=3)
    deal.apply_all(["1 pass", "2 pass", "3 pass", "0 bid 120 D", "1 pass"])
    choices = [a for a in deal.legal_actions() if a.seat == 2]
    listed = [a for a in choices if a.verb.value != "bid"]
    action, said = _interpret(answer, [*listed, *[a for a in choices if a not in listed]], deal, 2,
                              listed=len(listed))
    assert (None if action is None else str(action)) == chosen
    assert message in said


def test_a_surcoinche_is_offered_to_the_coinched_side_only() -> None:
    """RULES §11.1: after a coinche only the coinched side may surcoinche; the other side passes."""
    deal = Deal.random("contree", seed=3)
    deal.apply_all(["1 bid 90 H", "2 coinche"])
    assert [str(a) for a in deal.legal_actions()] == ["3 surcoinche", "3 pass"]
    deal.apply("3 pass")
    action, said = _interpret("surcoinche", [Action.pass_(0)], deal, 0)
    assert action is None and "You cannot surcoinche now" in said


def test_a_contree_match_through_a_string_stream_shows_the_contract() -> None:
    """RULES §11.1: the table names the contract once the auction is over, never a turned card."""
    answers = io.StringIO("bid 160 S\n" + "1\n" * 60)
    out = io.StringIO()
    with contextlib.suppress(MatchAbandoned):  # the answers may run out before the match ends
        play_match("contree", seed=0, stdin=answers, out=out)
    text = out.getvalue()
    assert "You bid 160 spades ♠." in text
    assert re.search(r"Contract: 160 ♠ by you(, [^;]*)?; trump spades ♠", text)
    assert "Turned card" not in text
