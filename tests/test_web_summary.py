"""The deal's summary reads like a score sheet, with the scoring's own numbers (issue 49, part D).

docs/web.md#the-deals-summary: the summary of a finished deal carries, in
``reckoning``, what the attack counted toward its contract and what it
needed, as the scoring pipeline decided it
([`Reckoning`][belote.scoring.reckoning.Reckoning]); the page only words them.
Each family of contracts is checked on a deal played by bots and read back
as the web table's view ([`Table`][belote.web.table.Table], the payload the
endpoints send):

- a race for more than the defence (rules §7.1, docs/rules.md#contract):
  ``needed`` is more than half of both counts, a tie is a litige whose
  points are held (docs/rules.md#pending-litige-points);
- a bid (docs/contree.md#scoring): ``needed`` is the bid's value;
- game points (docs/bulgarian.md#scoring): the totals in points decide, a
  level deal leaves points hanging and the next deal's winner takes them;
- a capot (docs/rules.md#capot) decides by itself.

Besides agreeing with the [`DealResult`][belote.scoring.result.DealResult],
each count is checked against the cards: the attack's card points and last
trick as the deal engine counted them, the deal's whole (162, 258, 260).
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from belote import Deal
from belote.agents import RandomBot, play_deal
from belote.agents.registry import make_bot
from belote.records.replay import match_to_record
from belote.scoring import BID, CAPOT_BID, HALF, Outcome, next_dealer
from belote.web.table import Table

SEARCH = 3000
"""Seeds tried to find a deal of the wanted kind: bots' deals, the first that fits."""


def random_bots(deal: Deal) -> None:
    play_deal(deal, [RandomBot(seat) for seat in range(deal.players)])


def heuristic_bots(deal: Deal) -> None:
    play_deal(deal, [make_bot("heuristic") for _ in range(deal.players)])


def find(variant: str, wanted: Callable[[Deal], bool], *, after: Deal | None = None,
         bots: Callable[[Deal], None] = random_bots) -> Deal:
    """The first deal of seeds 0, 1, ... that bots play to a deal ``wanted`` accepts.

    ``after``: the deal before it in the match (its dealer, totals and
    litige or hanging points carry over, as the match's next deal).
    """
    for seed in range(SEARCH):
        if after is None:
            deal = Deal.random(variant, seed=seed, dealer=3)
        else:
            result = after.result
            dealer = next_dealer(after.rules, after.players, after.dealer, result, after.deck)
            deal = Deal.random(variant, seed=seed, dealer=dealer, pending=result.pending,
                               totals=[a + b for a, b in zip(after.totals, result.scores, strict=True)])
        bots(deal)
        if wanted(deal):
            return deal
    pytest.fail(f"no {variant} deal of the kind wanted in {SEARCH} seeds")


def summary(*deals: Deal) -> dict[str, object]:
    """The last deal's summary in the web table's view, the match read back from its record."""
    seats = ["human", *["random"] * (deals[0].players - 1)]
    table = Table(record=match_to_record(list(deals)), seats=seats, deal_next=False)
    view = table.view()
    assert view["deal_over"]
    found = view["summary"]
    assert isinstance(found, dict)
    return found


def agrees(found: dict[str, object], deal: Deal) -> dict[str, int]:
    """The summary's numbers are the deal result's; its ``reckoning`` returned for more checks."""
    result = deal.result
    reckoning = result.reckoning
    assert reckoning is not None
    assert found["outcome"] == result.outcome.value and found["scores"] == list(result.scores)
    assert found["pending"] == result.pending and found["capot"] == result.capot
    assert found["pending_in"] == deal.pending
    assert found["failed_label"] == deal.rules.failed_label
    sheet = found["reckoning"]
    assert isinstance(sheet, dict)
    assert sheet == {
        "side": reckoning.side, "points": reckoning.points, "cards": reckoning.cards,
        "declarations": reckoning.declarations, "belote": reckoning.belote,
        "needed": reckoning.needed, "basis": reckoning.basis,
        "beat_defence": reckoning.beat_defence, "defence": reckoning.defence,
        "total": reckoning.points + reckoning.defence,
    }
    assert sheet["side"] == result.attack == deal.side(deal.taker or 0)
    assert sheet["points"] == sheet["cards"] + sheet["declarations"] + sheet["belote"]
    return sheet


def tricks_count(deal: Deal, side: int) -> int:
    """A side's card points and the last trick's 10, as the deal engine counted the cards."""
    tally = deal.tally()
    assert tally is not None
    return deal.card_points_of(side) + (deal.rules.last_trick_bonus if tally.last_trick == side else 0)


def race_holds(sheet: dict[str, int], outcome: str, capot: object) -> None:
    """Rules §7.1 (docs/rules.md#contract): more than the defence makes, as much is a litige."""
    assert sheet["basis"] == HALF
    assert sheet["needed"] == sheet["total"] // 2 + 1
    if capot is None:
        points, defence = sheet["points"], sheet["defence"]
        expected = "made" if points > defence else "litige" if points == defence else "failed"
        assert outcome == expected
        assert (points >= sheet["needed"]) == (outcome == "made")


# ---- a trump taken, or a contract bid, and made ----

def test_a_classic_contract_made_shows_the_attack_against_more_than_half() -> None:
    """Rules §7.1 (docs/rules.md#contract): 162 and the declarations in play; the attack needs more than half."""
    deal = find("classic", lambda d: d.result.outcome is Outcome.MADE and d.result.capot is None
                and bool(d.result.reckoning and (d.result.reckoning.belote or d.result.reckoning.declarations)))
    sheet = agrees(summary(deal), deal)
    race_holds(sheet, "made", None)
    attack = sheet["side"]
    assert sheet["cards"] == tricks_count(deal, attack)
    assert sheet["defence"] - tricks_count(deal, 1 - attack) >= 0
    assert sheet["cards"] + tricks_count(deal, 1 - attack) == 162  # a deal's cards and last trick
    assert sheet["total"] == 162 + sum(line.points for line in deal.result.lines
                                       if line.item not in ("card points", "last trick"))
    assert deal.result.scores[attack] == sheet["points"]  # made: the attack scores what it counted


def test_a_contree_contract_made_shows_the_bid_it_needed() -> None:
    """docs/contree.md#scoring: the attack's card points (its belote counted) reach the bid's value."""
    deal = find("contree", lambda d: d.result.outcome is Outcome.MADE and d.result.capot is None,
                bots=heuristic_bots)
    found = summary(deal)
    sheet = agrees(found, deal)
    contract = deal.result.contract
    assert contract is not None and contract.value is not None
    assert sheet["basis"] == BID and sheet["needed"] == contract.value
    assert sheet["points"] >= sheet["needed"]
    assert sheet["cards"] == tricks_count(deal, sheet["side"])
    shown = found["contract"]
    assert isinstance(shown, dict) and (shown["value"], shown["side"]) == (contract.value, sheet["side"])


# ---- failed ----

@pytest.mark.parametrize(("variant", "word"), [("classic", "dedans"), ("piedicavallo", "büs"),
                                               ("italian751", "andata sotto")])
def test_a_failed_contract_shows_the_count_short_of_half_and_the_variants_word(variant: str, word: str) -> None:
    """Rules §7.1 (docs/rules.md#contract): fewer points than the defence fails: dedans, büs, andata sotto."""
    deal = find(variant, lambda d: d.result.outcome is Outcome.FAILED and d.result.capot is None)
    found = summary(deal)
    sheet = agrees(found, deal)
    race_holds(sheet, "failed", None)
    assert sheet["points"] < sheet["needed"] and found["failed_label"] == word
    assert found["failed_key"] != "line.other"  # the page has the word's message


def test_a_contree_contract_failed_shows_the_count_short_of_the_bid() -> None:
    """docs/contree.md#scoring: fewer card points than the bid's value: chute."""
    deal = find("contree", lambda d: d.result.outcome is Outcome.FAILED and d.result.capot is None
                and d.result.contract is not None and d.result.contract.value is not None,
                bots=heuristic_bots)
    found = summary(deal)
    sheet = agrees(found, deal)
    assert sheet["basis"] == BID and sheet["points"] < sheet["needed"]
    assert found["failed_label"] == "chute"


# ---- litige / level, and the points that wait ----

def test_a_litige_holds_points_and_the_next_deal_says_who_took_them() -> None:
    """docs/rules.md#pending-litige-points: a tie holds the attack's points; the next decided deal's winner takes them."""
    tie = find("classic", lambda d: d.result.outcome is Outcome.LITIGE)
    found = summary(tie)
    sheet = agrees(found, tie)
    race_holds(sheet, "litige", None)
    assert sheet["points"] == sheet["defence"] and found["pending"] == tie.result.pending > 0
    assert found["pending_rule"] == "next-winner" and found["pending_won"] is None
    after = find("classic", lambda d: d.result.outcome in (Outcome.MADE, Outcome.FAILED), after=tie)
    found = summary(tie, after)
    sheet = agrees(found, after)
    winner = sheet["side"] if after.result.outcome is Outcome.MADE else 1 - sheet["side"]
    assert found["pending_in"] == tie.result.pending
    assert found["pending_won"] == {"to": winner, "points": tie.result.pending}


def test_a_bulgarian_level_deal_hangs_points_and_an_inside_deal_pays_them_to_the_defenders() -> None:
    """docs/bulgarian.md#scoring: equal totals are level (points hang); behind is inside, the defenders take all, hanging points too."""
    level = find("bulgarian", lambda d: d.result.outcome is Outcome.LITIGE)
    found = summary(level)
    sheet = agrees(found, level)
    race_holds(sheet, "litige", None)
    assert found["game_points"] is True and found["pending"] == level.result.pending > 0
    inside = find("bulgarian", lambda d: d.result.outcome is Outcome.FAILED and d.result.capot is None
                  and d.result.contract is not None and d.result.contract.doubling == 0, after=level)
    found = summary(level, inside)
    sheet = agrees(found, inside)
    race_holds(sheet, "failed", None)
    defenders = 1 - sheet["side"]
    assert found["failed_label"] == "inside"
    assert found["pending_in"] == level.result.pending
    assert found["pending_won"] == {"to": defenders, "points": level.result.pending}
    assert inside.result.scores[sheet["side"]] == 0  # inside: the declarers score nothing
    # the counts are points, before game points: the cards and last trick of the contract's mode
    contract = inside.result.contract
    assert contract is not None
    double = 2 if contract.strain.letter == "NT" else 1
    whole = {"NT": 260, "AT": 258}.get(contract.strain.letter, 162)
    assert sheet["cards"] == tricks_count(inside, sheet["side"]) * double
    assert tricks_count(inside, 0) * double + tricks_count(inside, 1) * double == whole


# ---- capot ----

def test_a_capot_decides_the_contract_whatever_the_counts() -> None:
    """docs/rules.md#capot: the attack taking every trick makes its contract; the summary names the capot side."""
    deal = find("classic", lambda d: d.result.capot is not None and d.result.capot == d.result.attack)
    found = summary(deal)
    sheet = agrees(found, deal)
    race_holds(sheet, "made", found["capot"])
    assert found["outcome"] == "made" and found["capot"] == sheet["side"]
    assert tricks_count(deal, 1 - sheet["side"]) == 0


def test_a_capot_bid_needs_every_trick() -> None:
    """docs/contree.md#scoring: a capot bid has no value to reach: every trick, else it fails."""
    deal = find("contree", lambda d: d.result.contract is not None and d.result.contract.value is None)
    found = summary(deal)
    sheet = agrees(found, deal)
    assert sheet["basis"] == CAPOT_BID and sheet["needed"] is None
    assert (found["outcome"] == "made") == (found["capot"] == sheet["side"])


# ---- every variant ----

@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751", "contree", "bulgarian", "french"])
def test_every_variants_summary_carries_the_scorings_count(variant: str) -> None:
    """docs/web.md#the-deals-summary: a contract's deal has its count, a deal without one (french, a redeal) none."""
    for seed in range(int(os.environ.get("BELOTE_SUMMARY_DEALS", "12"))):
        deal = Deal.random(variant, seed=seed, dealer=1)
        random_bots(deal)
        found = summary(deal)
        if deal.result.reckoning is None:
            assert found["reckoning"] is None
            assert deal.result.outcome in (Outcome.REDEAL, Outcome.PLAYED)
            continue
        sheet = agrees(found, deal)
        if sheet["basis"] == HALF:
            race_holds(sheet, str(found["outcome"]), found["capot"])
        elif sheet["basis"] == BID and found["capot"] is None:
            assert (sheet["points"] >= sheet["needed"]) == (found["outcome"] == "made")
