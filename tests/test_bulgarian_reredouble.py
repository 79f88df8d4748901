"""A third level of doubling in Bulgarian belot: ``reredouble`` under ``auction.reredouble`` (RULES §12.2).

RULES §12.2 "doubling levels": ×2 and ×4 by default; some regions play a
third level (сюр-контра). The library names it ``reredouble`` (id 362, after
``redouble``), off by default (docs/bulgarian.md#the-auction,
docs/bulgarian.md#disputes, docs/formats.md). Narration is the one source of
the words the terminal and the web table give a strain auction's calls.
"""

from __future__ import annotations

import io
import json

import attrs
import pytest
from clirun import one_error, run

from belote import Deal, get_rules
from belote.actions import (
    ACTION_IDS,
    ID_DOUBLE,
    ID_REDOUBLE,
    ID_REREDOUBLE,
    Action,
    Verb,
    action_from_id,
    action_id,
)
from belote.errors import IllegalAction, InvalidArgument
from belote.records.narration import action_text, describe_choice, report

BULGARIAN = get_rules("bulgarian")
THIRD = attrs.evolve(BULGARIAN, auction=attrs.evolve(BULGARIAN.auction, reredouble=True))
SPEC = "bulgarian(auction.reredouble=true)"


def _redoubled(rules: object = THIRD) -> Deal:
    """Seat 1 bids spades, seat 2 doubles, seat 3 redoubles: seat 0 (the doubling side) to speak."""
    deal = Deal.random(rules, seed=2, dealer=0)
    deal.apply_all(["1 bid S", "2 double", "3 redouble"])
    return deal


# --- the action -----------------------------------------------------------------------------------


def test_reredouble_is_the_id_after_redouble_and_no_earlier_id_moved() -> None:
    """docs/formats.md#action-ids: new actions take the next free number; 362 is ``reredouble``."""
    assert (ID_DOUBLE, ID_REDOUBLE, ID_REREDOUBLE, ACTION_IDS) == (360, 361, 362, 363)
    assert str(action_from_id(ID_REDOUBLE, 1)) == "1 redouble"
    assert str(action_from_id(ID_REREDOUBLE, 1)) == "1 reredouble"
    assert action_id(Action.parse("0 reredouble")) == ID_REREDOUBLE
    assert Action.reredouble(3) == Action(3, Verb.REREDOUBLE)
    with pytest.raises(Exception, match="takes no argument"):
        Action.parse("0 reredouble now")  # a contract word after it is read as narration


# --- the auction ----------------------------------------------------------------------------------


def test_the_doubling_side_may_reredouble_a_redoubled_bid_under_the_knob() -> None:
    """docs/bulgarian.md#the-auction: after a redouble a player of the side that doubled may
    re-redouble; the bid then stands re-redoubled (doubling 3), three passes end the auction."""
    deal = _redoubled()
    assert "0 reredouble" in {str(a) for a in deal.legal_actions()}
    deal.apply(Action.parse("0 reredouble"))
    assert deal.seat_view(2).contract == (0, 0, 1, 3)  # value, strain (spades), bidder, doubling
    assert {str(a) for a in deal.legal_actions()} == {"1 pass", "1 bid NT", "1 bid AT"}
    deal.apply_all(["1 pass", "2 pass", "3 pass"])
    assert deal.phase.value == "play"
    assert deal.position().endswith("bids S double redouble reredouble pass pass pass")


def test_a_higher_bid_cancels_the_third_level_too() -> None:
    """docs/bulgarian.md#the-auction: any higher bid cancels the doubles, the third level included."""
    deal = _redoubled()
    deal.apply_all(["0 reredouble", "1 bid AT"])
    assert deal.seat_view(0).contract == (0, 5, 1, 0)
    assert "2 double" in {str(a) for a in deal.legal_actions()}


@pytest.mark.parametrize(("rules", "before", "call", "why"), [
    (BULGARIAN, [], "0 reredouble", "no third level of doubling"),
    (THIRD, ["3 pass"], "0 reredouble", "only a redoubled bid"),
    (THIRD, ["0 pass"], "1 reredouble", "only the doubling side"),
    (THIRD, ["0 reredouble", "1 pass"], "2 reredouble", "re-redoubled already"),
], ids=["knob off", "not redoubled", "the redoubling side", "twice"])
def test_an_illegal_reredouble_raises_illegal_action_saying_why(
    rules: object, before: list[str], call: str, why: str,
) -> None:
    """docs/bulgarian.md#the-auction: only the doubling side, only on a redoubled bid, once, and
    only where ``auction.reredouble`` allows it; the refusal says which."""
    if why == "only a redoubled bid":
        deal = Deal.random(THIRD, seed=2, dealer=0)
        deal.apply_all(["1 bid S", "2 double", *before])
    else:
        deal = _redoubled(rules)
        deal.apply_all(before)
    with pytest.raises(IllegalAction, match=why):
        deal.apply(Action.parse(call))


def test_a_reredoubled_deal_replays_from_its_record_and_its_position() -> None:
    """docs/formats.md (the ``reredouble`` verb) and docs/positions.md (the ``bids`` word): a deal
    with a third level replays to the same result from its record and from a position."""
    deal = _redoubled()
    deal.apply_all(["0 reredouble", "1 pass", "2 pass", "3 pass"])
    record = deal.to_record()
    assert "0 reredouble" in record["actions"]
    position = deal.position()
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    again = Deal.from_record(json.loads(json.dumps(deal.to_record())))
    assert again.result.scores == deal.result.scores
    assert Deal.from_position(position).seat_view(0).contract == (0, 0, 1, 3)


# --- the score ------------------------------------------------------------------------------------


def _tally(variant: str, contract: str, multiplier: int, card_points: list[int],
           last_trick: int, **more: object) -> dict[str, object]:
    return {"variant": variant, "taker": 0, "contract": contract, "multiplier": multiplier,
            "tricks": [5, 3], "card_points": card_points, "last_trick": last_trick,
            "announcements": [], "belote": [], **more}


@pytest.mark.parametrize(("contract", "points", "last", "announcements", "expected"), [
    # RULES §12.3 #5's deal at ×8: 162 × 8 = 1296 → 129 (a 6 goes down in a suit), odd, down: 128
    ("D", [79, 73], 0, [], [128, 0]),
    # RULES §12.3 #6's deal at ×8: 408 × 8 = 3264 → 326 (a 4 goes down in AT), even: 326
    ("AT", [108, 140], 1, [{"seat": 0, "cards": ["9S", "9H", "9D", "9C"]},
                            {"seat": 1, "cards": ["JH", "QH", "KH", "AH"]}], [326, 0]),
], ids=["diamonds", "all-trumps"])
def test_a_reredoubled_deal_scores_eight_times(
    contract: str, points: list[int], last: int, announcements: list[object], expected: list[int],
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/bulgarian.md#scoring: a doubled deal scores round(total × multiplier / 10), made even
    (down in a suit, up in all-trumps); the third level's multiplier is 8 (RULES §12.2)."""
    doc = _tally(SPEC, contract, 8, points, last, announcements=announcements)
    code, out, err = run(["score", "-", "--json"], capsys, json.dumps(doc), monkeypatch)
    assert code == 0, err
    result = json.loads(out)
    assert result["scores"] == expected
    assert result["contract"]["multiplier"] == 8 and result["contract"]["doubling"] == 3


def test_a_played_reredoubled_deal_scores_like_its_tally() -> None:
    """docs/bulgarian.md#scoring: a deal played through a re-redouble is scored ×8: the side ahead
    takes round(both totals × 8 / 10), made even, and the other side nothing."""
    deal = _redoubled()
    deal.apply_all(["0 reredouble", "1 pass", "2 pass", "3 pass"])
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    scores = deal.result.scores
    assert min(scores) == 0 and max(scores) % 2 == 0  # a suit contract: an even figure
    assert max(scores) >= (162 * 8) // 10 - 1  # at least every card point, times 8


def test_multiplier_8_is_refused_without_the_knob_naming_the_field(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CONTRACT.md (the bulgarian tally): ``multiplier`` 1, 2 or 4; 8 only under ``auction.reredouble``."""
    doc = _tally("bulgarian", "D", 8, [79, 73], 0)
    code, _out, err = run(["score", "-"], capsys, json.dumps(doc), monkeypatch)
    line = one_error(code, err)
    assert "multiplier" in line and "not 8" in line


# --- the knobs ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "words"), [
    ("bulgarian(auction.reredouble=true,auction.reredouble_multiplier=0)", "auction.reredouble_multiplier"),
    ("bulgarian(auction.reredouble_multiplier=129)", "1..128"),
    ("bulgarian(auction.reredouble=sometimes)", "knob auction.reredouble"),
    ("contree(auction.reredouble=true)", "strain auction"),
    ("bulgarian(auction.reredouble=true,auction.surcoinche=false)", "without a redouble"),
])
def test_bad_third_level_knobs_are_refused_naming_the_knob(spec: str, words: str) -> None:
    """docs/variants/index.md#knob-ranges and docs/bulgarian.md#disputes: the one validator
    bounds the multiplier and keeps the third level to a strain auction with a redouble."""
    with pytest.raises(InvalidArgument, match=words.replace(".", r"\.")):
        get_rules(spec)


# --- narration: the one source of the calls' words -------------------------------------------------


def test_narration_words_strain_bids_and_every_level_of_doubling() -> None:
    """docs/bulgarian.md#the-auction: a strain bid by its strain (never "bid 0"), double ×2,
    redouble ×4, re-redouble ×8, as the table tells them."""
    deal = _redoubled()
    deal.apply(Action.parse("0 reredouble"))
    out = io.StringIO()
    report(deal, out, [0, 0, 0, 0])
    told = out.getvalue().splitlines()
    assert told[:4] == ["Seat 1 bids spades ♠.", "Your partner (seat 2) doubles the contract (x2).",
                        "Seat 3 redoubles (x4).", "You re-redouble (x8)."]
    assert "bid 0" not in out.getvalue()
    assert action_text(Action.parse("1 bid NT"), deal, me=None) == "Seat 1 bids no-trumps (NT)."


def test_the_web_table_words_its_choices_as_narration_does() -> None:
    """docs/web.md: the table's ``text`` of each choice is narration's (one source), the
    re-redouble with the standing bid and ×8."""
    from belote.records.narration import menu
    from belote.web.table import Table

    table = Table(SPEC, seats=["human", "random", "random", "random"], seed=1)
    view = table.view()
    deal = table.deal
    assert deal.to_act == 0 and deal.phase.value == "auction"
    texts = [choice["text"] for choice in view["choices"]]
    assert texts == [describe_choice(action, deal) for action in menu(deal, 0)]
    assert any(text.startswith("bid ") for text in texts) and "bid 0" not in " ".join(texts)
    third = _redoubled()
    words = {describe_choice(a, third) for a in third.legal_actions()}
    assert "reredouble ♠ by seat 1, doubled by your partner (seat 2), redoubled by seat 3 (x8)" in words
