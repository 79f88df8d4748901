"""Contrée through ``belote score`` and ``belote replay`` (CONTRACT.md "Tally", "Deal record"; RULES §11)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from clirun import one_error, run
from hypothesis import HealthCheck, given, settings

from belote.deal import Deal
from belote.errors import InvalidTally
from belote.records.replay import replay_document
from belote.records.results import result_to_json, score_document, tally_from_json, tally_to_json
from belote.scoring import Tally
from belote.scoring.validation import check_tally
from belote.strategies import deal_records, played_deals, tallies

SIDES = ("7D 8D 9D 10D JD QD KD AD", "7S 8S 9S 10S JS QS KS AS",
         "7C 8C 9C 10C JC QC KC AC", "7H 8H 9H 10H JH QH KH AH")
"""Seat 1 holds every spade, seat 3 every heart: whoever names his suit wins every trick he leads."""


def _tally(contract: object, taker: int, card_points: list[int], tricks: list[int], last: int,
           **more: object) -> dict[str, object]:
    return {"variant": "contree", "taker": taker, "contract": contract, "card_points": card_points,
            "tricks": tricks, "last_trick": last, **more}


WORKED = [
    # RULES §11.3, the worked checks (colver's reading)
    ("80 S made with 90 card points, no belote: attack 90 + 80 = 170, defence 72",
     _tally({"value": 80, "strain": "S"}, 0, [90, 62], [5, 3], 1), "made", [170, 72]),
    ("100 H failed, the attack holding belote: defence 162 + 100 + 20 = 282",
     _tally({"value": 100, "strain": "H"}, 0, [50, 102], [3, 5], 1, belote=0), "failed", [0, 282]),
    ("110 C coinched and made with 120 card points: attack 162 + 220 = 382",
     _tally({"value": 110, "strain": "C"}, 0, [120, 32], [6, 2], 0, coinche=1), "made", [382, 0]),
    ("90 D surcoinched and failed: defence 162 + 270 = 432",
     _tally("90 D", 1, [100, 52], [5, 3], 0, multiplier=3), "failed", [432, 0]),
    ("capot S bid and made: attack 252 + 250 = 502",
     _tally({"value": "capot", "strain": "S"}, 0, [152, 0], [8, 0], 0), "made", [502, 0]),
    ("capot S bid and made with belote: 502 + 20",
     _tally("capot S", 0, [152, 0], [8, 0], 0, belote=2), "made", [522, 0]),
    ("capot S failed: defence 162 + 250 = 412",
     _tally({"value": "capot", "strain": "S"}, 0, [140, 12], [7, 1], 0), "failed", [0, 412]),
    ("80 S made by winning every trick without bidding capot: attack 252 + 80 = 332",
     _tally({"value": 80, "strain": "S"}, 0, [152, 0], [8, 0], 0), "made", [332, 0]),
]


@pytest.mark.parametrize(("story", "tally", "outcome", "scores"), WORKED, ids=[w[0][:24] for w in WORKED])
def test_contree_worked_checks_through_belote_score(
    story: str, tally: dict[str, object], outcome: str, scores: list[int],
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """RULES §11.3: each worked check, as a tally given to ``belote score``."""
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(tally), encoding="utf-8")
    code, out, err = run(["score", str(path), "--json"], capsys)
    assert code == 0, err
    result = json.loads(out)
    assert (result["outcome"], result["scores"]) == (outcome, scores), story
    assert sum(line["points"] for line in result["lines"] if line["to"] == 0) == scores[0]
    contract = result["contract"]
    assert contract["side"] == result["attack"] == tally["taker"] % 2  # type: ignore[operator]
    assert contract["strain"] in ("S", "H", "D", "C")


def _engine(bids: list[str], *, belote: bool = False) -> Deal:
    deal = Deal.from_hands("contree", list(SIDES), dealer=0)
    deal.apply_all(bids)
    rng = random.Random(1)
    while not deal.is_over:
        legal = deal.legal_actions()
        announce = [a for a in legal if a.belote]
        quiet = [a for a in legal if not a.belote]
        deal.apply(announce[0] if belote and announce else rng.choice(quiet))
    return deal


@pytest.mark.parametrize(
    ("bids", "belote", "outcome", "scores"),
    [
        # capot S bid and made: 252 + 250 = 502 (+ belote)
        (["1 bid capot S", "2 pass", "3 pass", "0 pass"], False, "made", [0, 502]),
        (["1 bid capot S", "2 pass", "3 pass", "0 pass"], True, "made", [0, 522]),
        # 80 S made by winning every trick without bidding capot: 252 + 80 = 332
        (["1 bid 80 S", "2 pass", "3 pass", "0 pass"], False, "made", [0, 332]),
        # coinched and made with every trick: 252 + 80 × 2
        (["1 bid 80 S", "2 coinche", "3 pass", "0 pass", "1 pass"], False, "made", [0, 412]),
        # capot D by seat 1, who holds no diamond: seat 0 ruffs the first spade; defence 162 + 250 = 412
        (["1 bid capot D", "2 pass", "3 pass", "0 pass"], False, "failed", [412, 0]),
        # the same capot coinched and surcoinched: 162 + 250 × 3 = 912
        (["1 bid capot D", "2 coinche", "3 surcoinche"], False, "failed", [912, 0]),
    ],
)
def test_contree_worked_checks_through_the_engine(
    bids: list[str], belote: bool, outcome: str, scores: list[int]
) -> None:
    """RULES §11.3: the same checks played out by the engine, and its tally scores the same through ``belote score``."""
    deal = _engine(bids, belote=belote)
    result = deal.result
    assert (result.outcome.value, list(result.scores)) == (outcome, scores)
    tally = deal.tally()
    assert tally is not None and tally.contract is not None
    assert score_document(tally_to_json(tally, "contree")) == result_to_json(result)


def test_a_failed_capot_goes_to_the_defence_side() -> None:
    """RULES §11.3: the failed capot's 412 goes to the side that did not bid it; a made one to the bidder's."""
    failed = _engine(["1 bid capot D", "2 pass", "3 pass", "0 pass"])
    assert failed.result.attack == 1 and failed.result.scores == (412, 0)
    made = _engine(["1 pass", "2 pass", "3 bid capot H", "0 pass", "1 pass", "2 pass"])
    assert made.result.attack == 1 and made.result.scores == (0, 502) and made.result.capot == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"contract": None}, "contract"),
        ({"contract": {"value": 85, "strain": "S"}}, "contract.value"),
        ({"contract": {"value": 170, "strain": "S"}}, "contract.value"),
        ({"contract": {"value": 80}}, "contract.strain"),
        ({"contract": {"value": 80, "strain": "X"}}, "contract.strain"),
        ({"contract": {"value": 80, "strain": "NT"}}, "contract.strain"),
        ({"contract": {"value": "eighty", "strain": "S"}}, "contract.value"),
        ({"contract": "eighty spades"}, "contract"),
        ({"trump": "H"}, "contract.strain"),
        ({"coinche": 3}, "coinche"),
        ({"coinche": True}, "coinche"),
        ({"multiplier": 4}, "multiplier"),
        ({"multiplier": 2, "coinche": 2}, "multiplier"),
        ({"card_points": [100, 62]}, "card_points"),
    ],
)
def test_impossible_contree_tally_is_refused_naming_the_field(
    change: dict[str, object], field: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RULES §11.1-11.2: a contract its auction cannot bid, a strain that is not the trump, a bad coinche level."""
    tally = {**_tally({"value": 80, "strain": "S"}, 0, [90, 62], [5, 3], 1), **change}
    tally = {key: value for key, value in tally.items() if value is not None}
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(tally), encoding="utf-8")
    code, _, err = run(["score", str(path)], capsys)
    assert one_error(code, err).startswith(f"error: {field}: ")


def test_a_contract_in_a_variant_without_auction_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RULES §11: only an auction variant has a contract; ``classic`` takes or passes."""
    path = tmp_path / "tally.json"
    path.write_text(json.dumps({"variant": "classic", "taker": 0, "trump": "S", "contract": "80 S",
                                "tricks": [5, 3], "card_points": [90, 62], "last_trick": 0}))
    code, _, err = run(["score", str(path)], capsys)
    assert "error: contract: classic has no auction" in one_error(code, err)


def test_a_coinche_without_contract_is_refused() -> None:
    """RULES §11.1: a coinche doubles a contract: a tally with a coinche and no contract names ``coinche``."""
    from belote.errors import InvalidTally

    with pytest.raises(InvalidTally) as caught:
        tally_from_json({"variant": "classic", "taker": 0, "trump": "S", "coinche": 1,
                         "tricks": [5, 3], "card_points": [90, 62], "last_trick": 0})
    assert caught.value.field == "coinche"


def test_contree_match_of_tallies_scores_to_2000() -> None:
    """RULES §11.2: a match of contrée tallies plays to 2000 by default."""
    deals = [_tally("capot S", 0, [152, 0], [8, 0], 0, coinche=2)] * 2
    result = score_document({"variant": "contree", "deals": deals})
    assert result["totals"] == [2 * (252 + 750), 0] and result["winner"] == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_deals("contree"))
def test_contree_tallies_round_trip_and_score_as_the_deal(deal: Deal) -> None:
    """RULES §11: the tally of any played contrée deal reads back and scores as the deal did."""
    tally = deal.tally()
    if tally is None:
        assert deal.result.outcome.value == "redeal" and "contract" not in result_to_json(deal.result)
        return
    doc = tally_to_json(tally, "contree")
    assert tally_from_json(json.loads(json.dumps(doc)))[1] == tally
    assert score_document(doc) == result_to_json(deal.result)


# --- replay ------------------------------------------------------------------------------------

DECK = Deal.from_hands("contree", list(SIDES), dealer=0).to_record()["deck"]


def _record(actions: list[str]) -> dict[str, object]:
    return {"variant": "contree", "dealer": 0, "deck": DECK, "actions": actions}


@pytest.mark.parametrize("mode", [[], ["--lenient"]])
@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (["1 bid 90 H", "2 bid 80 S"],
         'error: action 1 "2 bid 80 S": a bid must be higher than the standing one'),
        (["1 bid 90 H", "2 bid 90 S"],
         'error: action 1 "2 bid 90 S": a bid must be higher than the standing one'),
        (["1 bid 90 H", "2 pass", "3 coinche"],
         'error: action 2 "3 coinche": seat 3 cannot coinche its own side\'s contract'),
        (["1 bid 90 H", "2 coinche", "3 pass", "0 surcoinche"],
         'error: action 3 "0 surcoinche": only the coinched side (seats 1 and 3) may surcoinche'),
        (["1 bid 90 H", "2 coinche", "3 bid 100 S"],
         'error: action 2 "3 bid 100 S": nobody bids after a coinche'),
        (["1 bid 85 H"], 'error: action 0 "1 bid 85 H": '),
        (["1 bid 170 H"], 'error: action 0 "1 bid 170 H": '),
    ],
)
def test_contree_replay_refuses_an_illegal_auction_naming_the_action(
    actions: list[str], message: str, mode: list[str],
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """RULES §11.1: a bid not higher, a coinche of one's own side, a surcoinche by the coincheurs; strict and lenient."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record(actions)), encoding="utf-8")
    code, _, err = run(["replay", str(path), *mode], capsys)
    assert one_error(code, err).startswith(message)


def test_contree_replay_prints_the_contract(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RULES §11.1: the deal result names the contract, its coinche level, multiplier and side."""
    deal = _engine(["1 bid 80 S", "2 coinche", "3 pass", "0 pass", "1 surcoinche"])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 0, err
    result = json.loads(out)
    assert result["contract"] == {"value": 80, "strain": "S", "doubling": 2, "coinche": 2, "multiplier": 3,
                                  "side": 1}  # issue 51 item 7: doubling, and coinche its alias
    assert result["scores"] == [0, 252 + 240]


def test_contree_partial_replay_shows_the_standing_contract(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """RULES §11.1: a record stopped in the auction prints the standing contract, no turned card."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record(["1 bid 90 H", "2 coinche", "3 pass"])), encoding="utf-8")
    code, out, err = run(["replay", str(path), "--partial"], capsys)
    assert code == 0, err
    state = json.loads(out)
    assert state["phase"] == "auction" and state["turned"] is None and state["to_act"] == 0
    assert state["legal_actions"] == ["0 pass"]
    assert state["contract"] == {"value": 90, "strain": "H", "doubling": 1, "coinche": 1, "multiplier": 2, "bidder": 1,
                                 "side": 1}


def test_contree_record_round_trips_and_undoes() -> None:
    """RULES §11.1: to_record/from_record, and undo back through the auction, give the same deal."""
    deal = _engine(["1 bid 80 S", "2 coinche", "3 pass", "0 pass", "1 surcoinche"])
    again = Deal.from_record(json.loads(json.dumps(deal.to_record())))
    assert again == deal and again.result == deal.result
    positions = []
    partial = Deal.from_hands("contree", list(SIDES), dealer=0)
    for action in deal.history[:7]:
        positions.append(partial.position())
        partial.apply(action)
    for text in reversed(positions):
        partial.undo()
        assert partial.position() == text
    resumed = Deal.from_record(_record([str(a) for a in deal.history[:3]]), partial=True)
    assert resumed.seat_view(0).contract == (80, 0, 1, 1) and resumed.to_act == 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tallies("contree"))
def test_contree_tallies_strategy_draws_contracts(tally: Tally) -> None:
    """RULES §11.1: ``belote.strategies.tallies("contree")`` draws tallies with a contract its auction allows."""
    assert tally.contract is not None
    check_tally(tally, "contree")
    assert tally.trump is tally.contract.strain.suit


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_records("contree"))
def test_contree_deal_records_strategy_replays(record: dict[str, object]) -> None:
    """RULES §11.1: ``deal_records("contree")`` are legal auctions and plays that ``belote replay`` accepts."""
    result = replay_document(record)
    assert result["variant"] == "contree"
    assert ("contract" in result) is (result["outcome"] != "redeal")


def test_doubling_is_the_json_name_and_coinche_its_alias() -> None:
    """Issue 51 item 7 (docs/formats.md#tally): ``doubling`` names the level, ``coinche`` still reads."""
    base = {"variant": "contree", "taker": 0, "contract": "90 S", "tricks": [5, 3],
            "card_points": [100, 52], "last_trick": 0}
    rules, by_name = tally_from_json({**base, "doubling": 1})
    assert tally_from_json({**base, "coinche": 1})[1] == by_name
    assert by_name.contract is not None and by_name.contract.doubling == 1
    written = tally_to_json(by_name, rules)
    assert written["doubling"] == written["coinche"] == 1
    with pytest.raises(InvalidTally, match="disagree"):
        tally_from_json({**base, "doubling": 1, "coinche": 2})
