"""A bounded fuzz of ``belote score`` and ``belote replay`` (issue 11, "Keep it fuzzed").

Valid tallies, matches of tallies, deal records and match records are
mutated structurally (a field dropped, duplicated, retyped, nested; actions
swapped, dropped, repeated) and by value (huge and negative numbers, odd
text, a changed card), as JSON and as bytes, then fed to the command
in-process. Every input must end either

- in exit 0 with valid JSON that agrees with itself (the lines of a side sum
  to its score; a match's totals are the sums of its deals' scores), or
- in exit 2 with nothing on standard output and exactly one line on standard
  error, starting with ``error:`` and free of control characters.

The hand-made inputs of issue 11 are regression cases run through the same
check. The whole file is bounded to well under a minute.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import strategies
from belote.cli.main import main
from belote.deal import Deal
from belote.game import RandomAgent, play_match
from belote.records.results import tally_to_json

# BELOTE_FUZZ_SCALE=20 runs twenty times as many examples (a deeper run by hand).
SCALE = max(1, int(os.environ.get("BELOTE_FUZZ_SCALE", "1")))


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def run(command: str, stdin: bytes) -> tuple[int, str, str]:
    """``belote <command> -`` in-process, with ``stdin`` as the bytes of standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stderr(err):
            code = main([command, "-"], out=out)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def check_deal_result(result: dict[str, Any]) -> None:
    scores = result["scores"]
    assert isinstance(scores, list) and all(isinstance(s, int) for s in scores)
    sums = [0] * len(scores)
    for line in result["lines"]:
        sums[line["to"]] += line["points"]
    assert sums == scores, result


def check_outcome(command: str, stdin: bytes) -> tuple[int, str]:
    """Run and check the contract; return the exit status and what was printed."""
    code, out, err = run(command, stdin)
    if code == 0:
        assert err == ""
        document = json.loads(out)
        assert isinstance(document, dict)
        if "deals" in document:
            for deal in document["deals"]:
                check_deal_result(deal)
            totals = [sum(column) for column in zip(*(d["scores"] for d in document["deals"]),
                                                     strict=True)]
            if document["deals"]:
                assert totals == document["totals"], document
        else:
            check_deal_result(document)
        return code, out
    assert code == 2, (code, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    line = err[:-1]
    assert line.startswith("error: "), line
    assert line.isprintable(), line
    assert "internal error" not in line
    assert len(line) <= 500
    return code, err


# --- seeds ------------------------------------------------------------------------------


def tally_docs() -> st.SearchStrategy[dict[str, Any]]:
    return strategies.variants().flatmap(
        lambda rules: strategies.tallies(rules).map(lambda t: tally_to_json(t, rules))
    )


def match_docs() -> st.SearchStrategy[dict[str, Any]]:
    def build(rules_and_tallies: tuple[Any, list[Any]]) -> dict[str, Any]:
        rules, tallies = rules_and_tallies
        players = tallies[0].players
        deals = []
        for t in tallies:
            if t.players == players:
                doc = tally_to_json(t, rules)
                del doc["variant"]
                deals.append(doc)
        return {"variant": rules.name, "target": 3000, "deals": deals}

    return strategies.variants().flatmap(
        lambda rules: st.tuples(st.just(rules), st.lists(strategies.tallies(rules),
                                                         min_size=1, max_size=3))
    ).map(build)


def deal_record_docs() -> st.SearchStrategy[dict[str, Any]]:
    return strategies.deal_records()


_MATCH_RECORDS = [
    play_match(name, [RandomAgent(i) for i in range(players)], players=players, seed=seed,
               target=300).to_record()
    for seed, (name, players) in enumerate(
        [("classic", 4), ("piedicavallo", 4), ("italian751", 4), ("french", 2), ("french", 3)]
    )
]


def match_record_docs() -> st.SearchStrategy[dict[str, Any]]:
    return st.sampled_from(_MATCH_RECORDS).map(lambda doc: json.loads(json.dumps(doc)))


# --- mutations --------------------------------------------------------------------------

ODD_TEXT = ["", " ", "\x00", "\x1b[2J", "a\rb", "\u2028", "\udcff", "²", "٣ pass", "1" * 5000,
            "é" * 300, "x" * 100_000, "null", "-0", "JH JH", "3 pa\rss", "0 play", "9 pass",
            "0 take Z", "0 declare AS AS", "1 play JH belote belote", "classic", "H", "French"]
HUGE = [10**50, -(10**50), 2**63, -(2**63) - 1, 10**999, -1, 0, 1, 8, 32, 152, 153, 162, 252]


def odd_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(HUGE), st.sampled_from(ODD_TEXT), st.none(), st.booleans(),
        st.floats(allow_nan=False, allow_infinity=False), st.integers(-300, 300),
        st.just([]), st.just({}), st.just([[[[]]]]), st.text(max_size=12),
        st.lists(st.integers(-3, 200), max_size=5),
    )


def _containers(doc: Any, found: list[Any]) -> list[Any]:
    if isinstance(doc, (dict, list)):
        found.append(doc)
        for value in doc.values() if isinstance(doc, dict) else doc:
            _containers(value, found)
    return found


@st.composite
def mutated(draw: st.DrawFn, seeds: st.SearchStrategy[dict[str, Any]]) -> bytes:
    """A seed document changed by one to three mutations, as the bytes of its JSON."""
    doc = draw(seeds)
    for _ in range(draw(st.integers(1, 3))):
        containers = _containers(doc, [])
        box = draw(st.sampled_from(containers))
        keys = list(box) if isinstance(box, dict) else list(range(len(box)))
        op = draw(st.sampled_from(["drop", "retype", "bump", "duplicate", "swap", "nest",
                                   "add", "action"]))
        if not keys:
            op = "add"
        key = draw(st.sampled_from(keys)) if keys else None
        if op == "drop" and key is not None:
            del box[key]
        elif op == "retype" and key is not None:
            box[key] = draw(odd_values())
        elif op == "bump" and key is not None and isinstance(box[key], int):
            box[key] += draw(st.sampled_from([-1, 1, -100, 100, 10**40]))
        elif op == "duplicate" and isinstance(box, list) and key is not None:
            box.insert(key, box[key])
        elif op == "swap" and isinstance(box, list) and len(box) > 1:
            other = draw(st.integers(0, len(box) - 1))
            box[key], box[other] = box[other], box[key]
        elif op == "nest" and key is not None:
            box[key] = [box[key]] if draw(st.booleans()) else {"x": box[key]}
        elif op == "add" and isinstance(box, dict):
            box[draw(st.sampled_from(["extra", "players", "target", "deck", "dealer",
                                      "variant", "actions", "belote"]))] = draw(odd_values())
        elif op == "add" and isinstance(box, list):
            box.append(draw(odd_values()))
        elif op == "action" and key is not None and isinstance(box[key], str):
            words = box[key].split()
            if words:
                index = draw(st.integers(0, len(words) - 1))
                words[index] = draw(st.sampled_from(
                    ["0", "1", "2", "3", "4", "²", "pass", "take", "play", "declare", "stop",
                     "swap", "JH", "7S", "AS", "H", "belote", "ZZ", "10H"]))
                box[key] = " ".join(words)
    text = json.dumps(doc, ensure_ascii=draw(st.integers(0, 3)) > 0)
    if draw(st.integers(0, 9)) == 0:  # now and then, damage the bytes themselves
        raw = bytearray(text.encode("utf-8", "surrogatepass"))
        position = draw(st.integers(0, len(raw)))
        raw[position:position] = draw(st.sampled_from([b"\xff", b"\xc3", b"{", b"]", b",",
                                                       b"\x00", b"\xed\xa0\x80"]))
        return bytes(raw)
    return text.encode("utf-8", "surrogatepass")


# --- the fuzz tests ---------------------------------------------------------------------


@fuzz(120)
@given(mutated(tally_docs()))
def test_fuzz_score_a_tally(stdin: bytes) -> None:
    """``belote score`` on mutated tallies: a consistent result or one error line."""
    check_outcome("score", stdin)


@fuzz(100)
@given(mutated(match_docs()))
def test_fuzz_score_a_match(stdin: bytes) -> None:
    """``belote score`` on mutated matches of tallies."""
    check_outcome("score", stdin)


@fuzz(80)
@given(mutated(deal_record_docs()))
def test_fuzz_replay_a_deal_record(stdin: bytes) -> None:
    """``belote replay`` on mutated deal records."""
    check_outcome("replay", stdin)


@fuzz(40)
@given(mutated(match_record_docs()))
def test_fuzz_replay_a_match_record(stdin: bytes) -> None:
    """``belote replay`` on mutated match records."""
    check_outcome("replay", stdin)


@fuzz(30)
@given(tally_docs())
def test_every_real_tally_scores(doc: dict[str, Any]) -> None:
    """The seeds themselves: a tally of a played deal scores with exit 0."""
    code, out = check_outcome("score", json.dumps(doc).encode())
    assert code == 0, out


@fuzz(30)
@given(st.binary(max_size=200))
def test_fuzz_arbitrary_bytes(stdin: bytes) -> None:
    """Bytes that are rarely JSON at all."""
    check_outcome("score", stdin)
    check_outcome("replay", stdin)


# --- the hand-made inputs of issue 11 ---------------------------------------------------


def _classic_record() -> dict[str, Any]:
    rng = random.Random(11)
    deal = Deal.random("classic", 11)
    while not deal.is_over:
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    return deal.to_record()


RECORD = _classic_record()

REGRESSIONS: list[tuple[str, bytes, str]] = [
    ("score", b"[" * 1000 + b"]" * 1000, "nested"),
    ("replay", b'{"variant":"classic","taker":1' + b"0" * 5000 + b"}", "digits"),
    ("score", b'{"variant":"cl\xffassic"}', "UTF-8"),
    ("score", b'{"variant":"classic","taker":0,"trump":"H","tricks":[4,4],'
              b'"card_points":[151,1],"last_trick":0}', "card_points"),
    ("score", json.dumps({"variant": "\x1b[2J" + "x" * 5_000_000}).encode(), "unknown variant"),
    ("score", b'{"variant":"classic","taker":NaN}', "NaN"),
    ("score", b'{"variant":"classic","taker":1e999}', "taker"),
    ("replay", json.dumps({**RECORD, "actions": ["3 pa\rss"]}).encode(), "action 0"),
    ("replay", json.dumps({**RECORD, "actions": ["² pass"]}).encode(), "action 0"),
    ("replay", json.dumps({**RECORD, "actions": ["٣ pass"]}).encode(), "action 0"),
    ("replay", json.dumps({**RECORD, "actions": ["1" * 5000 + " pass"]}).encode(), "action 0"),
    ("replay", json.dumps({**RECORD, "actions": ["0 pass\u2028"]}).encode(), "action"),
]


@pytest.mark.parametrize(("command", "stdin", "needle"), REGRESSIONS,
                         ids=[f"{c}-{n}-{i}" for i, (c, _, n) in enumerate(REGRESSIONS)])
def test_issue_11_inputs(command: str, stdin: bytes, needle: str) -> None:
    """Issue 11's hand-made inputs: exit 2 and one clean ``error:`` line naming the fault."""
    code, err = check_outcome(command, stdin)
    assert code == 2
    assert needle in err


def test_the_seed_record_replays() -> None:
    """The record the regressions mutate is itself valid."""
    code, _ = check_outcome("replay", json.dumps(RECORD).encode())
    assert code == 0
