"""The corpus's coverage of an auction of values (``contree``): each situation recognised, counted and shipped.

Each situation of the auction of values is checked on a position built by
hand from docs/contree.md's rules, or on every contrée line of the shipped
corpus against a reading of the record's own text, so that a broken
recogniser fails here.
"""

from __future__ import annotations

import pytest

from belote.actions import Action
from belote.deal import Deal
from belote.experiments.corpus import lines_of, shipped_corpus
from belote.experiments.coverage import (
    SITUATIONS,
    coverage,
    deal_situations,
    illegal_kind,
    legal_situations,
    missing,
)
from belote.rules import get_rules

AUCTION_LEGAL = {"legal/bid-above-standing", "legal/coinche", "legal/surcoinche",
                 "legal/no-bid-after-coinche", "legal/no-bid-above-capot"}
AUCTION_DEALS = {"deals/contract-made", "deals/contract-failed", "deals/coinched-made",
                 "deals/coinched-failed", "deals/surcoinched", "deals/capot-bid", "deals/all-pass"}
AUCTION_ILLEGAL = {"illegal/bid-not-higher", "illegal/coinche-by-the-bidders",
                   "illegal/surcoinche-by-the-coinchers", "illegal/bid-after-coinche"}


def _applies(key: str, spec: str, players: int = 4) -> bool:
    (situation,) = [s for s in SITUATIONS if s.key == key]
    return situation.applies(get_rules(spec), players)


def _at(*actions: str) -> Deal:
    """A contrée deal (dealer 0: seat 1 speaks first) after ``actions``."""
    deal = Deal.random("contree", seed=2, dealer=0)
    deal.apply_all(list(actions))
    return deal


def test_the_auction_of_values_situations_apply_to_contree_alone() -> None:
    """docs/contree.md#the-auction and #scoring: bids of values, coinche, surcoinche, made or failed, no litige."""
    for key in AUCTION_LEGAL | AUCTION_DEALS | AUCTION_ILLEGAL:
        assert _applies(key, "contree"), key
        assert not _applies(key, "classic"), key
        if key != "illegal/bid-not-higher":  # a strain auction's bid must be higher too
            assert not _applies(key, "bulgarian"), key
    assert _applies("illegal/bid-not-higher", "bulgarian")
    # a contract is made or fails: no litige, none carried over in a match
    assert not _applies("deals/litige", "contree") and _applies("deals/litige", "classic")
    assert not _applies("deals/match-litige-carried", "contree")
    assert _applies("deals/match-litige-carried", "bulgarian")
    # a defence winning every trick sets the contract and is named the capot side
    assert _applies("deals/reverse-capot", "contree")
    # the knobs: no surcoinche, no coinche, no capot bid
    assert not _applies("legal/surcoinche", "contree(auction.surcoinche=false)")
    assert not _applies("illegal/surcoinche-by-the-coinchers", "contree(auction.surcoinche=false)")
    assert _applies("legal/coinche", "contree(auction.surcoinche=false)")
    assert not _applies("deals/coinched-made", "contree(auction.coinche=false,auction.surcoinche=false)")
    assert not _applies("deals/capot-bid", "contree(auction.capot=false)")


def test_bids_above_the_standing_one() -> None:
    """docs/contree.md#the-auction: "A bid must name a higher value than the standing one; the same value
    in another suit is not higher"; before any bid, every value may be bid."""
    first = _at()
    assert not legal_situations(first) & AUCTION_LEGAL
    deal = _at("1 bid 90 H")
    values = {action.value for action in deal.legal_actions() if action.verb.value == "bid"}
    assert 90 not in values and 100 in values
    assert legal_situations(deal) == {"legal/bid-above-standing", "legal/coinche"}


def test_a_coinche_is_offered_to_the_other_team_only() -> None:
    """docs/contree.md#the-auction: "A seat of the team that does not hold the standing bid may coinche it"."""
    assert "legal/coinche" in legal_situations(_at("1 bid 90 H"))  # seat 2, the other team
    assert "legal/coinche" not in legal_situations(_at("1 bid 90 H", "2 pass"))  # seat 3, the bidder's partner


def test_after_a_coinche_a_surcoinche_and_no_bid() -> None:
    """docs/contree.md#the-auction: "Nobody bids after a coinche ... a seat of the coinched team may surcoinche"."""
    assert legal_situations(_at("1 bid 90 H", "2 coinche")) == {
        "legal/surcoinche", "legal/no-bid-after-coinche"}
    assert legal_situations(_at("1 bid 90 H", "2 coinche", "3 pass")) == {"legal/no-bid-after-coinche"}


def test_no_bid_above_a_standing_capot() -> None:
    """docs/contree.md#the-auction: "capot ... stands above every value": nothing may be bid over it."""
    assert legal_situations(_at("1 bid capot H")) == {"legal/no-bid-above-capot", "legal/coinche"}
    assert "legal/no-bid-above-capot" not in legal_situations(_at("1 bid 160 H"))


@pytest.mark.parametrize(("before", "action", "expected"), [
    (("1 bid 90 H",), "2 bid 90 S", {"illegal/bid-not-higher"}),
    (("1 bid capot H",), "2 bid capot S", {"illegal/bid-not-higher"}),
    (("1 bid 90 H",), "2 bid 100 S", set()),  # higher: legal
    (("1 bid 90 H", "2 pass"), "3 coinche", {"illegal/coinche-by-the-bidders"}),
    (("1 bid 90 H", "2 coinche", "3 pass"), "0 surcoinche", {"illegal/surcoinche-by-the-coinchers"}),
    (("1 bid 90 H", "2 coinche"), "3 bid 100 H", {"illegal/bid-after-coinche"}),
    (("1 bid 90 H", "2 coinche"), "3 surcoinche", set()),  # the coinched team: legal
])
def test_the_refused_calls_are_recognised(before: tuple[str, ...], action: str, expected: set[str]) -> None:
    """docs/contree.md#the-auction: the library refuses "a bid that is not higher, a coinche of one's own
    team's contract, ... a surcoinche by the team that coinched ..., and any bid after a coinche"."""
    deal = _at(*before)
    assert illegal_kind(deal, Action.parse(action)) == expected
    assert deal.can(Action.parse(action)) == (not expected)


def _expected_deal_situations(line: dict[str, object]) -> set[str]:
    """The auction-of-values situations of a deal line read from its record's text and its result (docs/contree.md#scoring)."""
    record, result = line["record"], line["result"]
    assert isinstance(record, dict) and isinstance(result, dict)
    actions = [str(text) for text in record["actions"]]
    outcome = result["outcome"]
    if outcome == "redeal":
        assert all(text.endswith(" pass") for text in actions)
        return {"deals/all-pass"}
    last_bid = max(k for k, text in enumerate(actions) if " bid " in text)
    calls = [text.split()[1] for text in actions[last_bid:] if " play " not in text]
    coinched = "coinche" in calls
    found = {("deals/coinched-" if coinched else "deals/contract-") + outcome}
    if "surcoinche" in calls:
        found.add("deals/surcoinched")
    if " bid capot " in actions[last_bid]:
        found.add("deals/capot-bid")
    return found


def test_every_contree_deal_line_is_recognised_as_its_record_reads() -> None:
    """docs/contree.md#scoring: each contrée deal is made or failed, coinched or not, surcoinched, a capot bid,
    or four passes; the recogniser agrees with the record's own calls and result, line by line."""
    lines = [line for line in lines_of(shipped_corpus(), "deals.jsonl")
             if str(line["id"]).startswith("contree/") and "deals" not in line["record"]]  # type: ignore[operator]
    seen: set[str] = set()
    for line in lines:
        expected = _expected_deal_situations(line)
        found = deal_situations(Deal.from_record(line["record"])) & AUCTION_DEALS
        assert found == expected, line["id"]
        seen |= found
    assert seen == AUCTION_DEALS


def test_the_shipped_corpus_asks_each_contree_situation_and_misses_it_when_gone() -> None:
    """Issue 40's coverage, at the contree table: every auction situation counted, and reported when its line goes."""
    files = shipped_corpus()
    counts = coverage(files)
    for key in AUCTION_LEGAL | AUCTION_DEALS | AUCTION_ILLEGAL:
        assert counts[key]["contree/4"] >= 1, key
    for name, suffix, key in (("deals.jsonl", "/all-pass", "deals/all-pass"),
                              ("illegal.jsonl", "/bid-after-coinche", "illegal/bid-after-coinche"),
                              ("legal.jsonl", "/no-bid-above-capot", "legal/no-bid-above-capot")):
        kept = "".join(raw + "\n" for raw in files[name].splitlines()
                       if not (raw.startswith('{"id":"contree/') and suffix + '"' in raw.split(",", 1)[0]))
        assert kept != files[name]
        assert f"{key} contree/4" in missing({**files, name: kept})
