"""``bulgarian`` through the command line: tallies, matches, replays, rules, compare (RULES §12).

The tally format is CONTRACT.md's ("Tally", the ``bulgarian`` paragraph): ``contract`` a
strain, ``multiplier`` 1/2/4, ``belote`` a list of seats, ``pending`` the hanging points in;
scores are game points. The worked checks are RULES §12.3's, written as tallies.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from clirun import one_error, run

from belote.actions import Action, Verb
from belote.rules import get_rules


def _tally(**fields: object) -> dict[str, object]:
    return {"variant": "bulgarian", "tricks": [4, 4], "announcements": [], "belote": [],
            **fields}


def _score(doc: object, capsys: pytest.CaptureFixture[str],
           monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    code, out, err = run(["score", "-", "--json"], capsys, json.dumps(doc), monkeypatch)
    assert code == 0, err
    result = json.loads(out)
    assert isinstance(result, dict)
    return result


def _seat(seat: int, *cards: str) -> dict[str, object]:
    return {"seat": seat, "cards": list(cards)}


# RULES §12.3, worked checks 1-10: (tally fields, scores, hanging after the deal)
WORKED: dict[str, tuple[dict[str, object], list[int], int]] = {
    "1 clubs, the leader rounds 106 down": (
        _tally(taker=1, contract="C", card_points=[56, 96], last_trick=1), [6, 10], 0),
    "2 all-trumps, a carré of kings": (
        _tally(taker=1, contract={"strain": "AT"}, card_points=[124, 124], last_trick=0,
               announcements=[_seat(1, "KS", "KH", "KD", "KC")]), [14, 22], 0),
    "3 no-trumps doubles the card points": (
        _tally(taker=1, contract="NT", card_points=[37, 83], last_trick=0), [9, 17], 0),
    "4 clubs inside, 30 hanging in": (
        _tally(taker=0, contract="C", card_points=[52, 100], last_trick=1, tricks=[2, 6],
               announcements=[_seat(1, "7H", "8H", "9H", "10H", "JH")], pending=30), [0, 56], 0),
    "5 diamonds redoubled: odd goes down in a suit": (
        _tally(taker=0, contract="D", multiplier=4, card_points=[79, 73], last_trick=0),
        [64, 0], 0),
    "6 all-trumps redoubled, carré of nines against a quarte": (
        _tally(taker=0, contract="AT", multiplier=4, card_points=[108, 140], last_trick=1,
               announcements=[_seat(0, "9S", "9H", "9D", "9C"), _seat(1, "JH", "QH", "KH", "AH")]),
        [164, 0], 0),
    "7 hearts level: 8 to the defenders, 8 hangs": (
        _tally(taker=1, contract="H", card_points=[81, 71], last_trick=1), [8, 0], 8),
    "8 spades redoubled, the defenders' valat, 10 hanging in": (
        _tally(taker=0, contract="S", multiplier=4, card_points=[0, 152], last_trick=1,
               tricks=[0, 8], announcements=[_seat(1, "7D", "8D", "9D", "10D", "JD")],
               pending=10), [0, 150], 0),
    "9 hearts: the carré beats the quinte at 100": (
        _tally(taker=0, contract="H", card_points=[66, 86], last_trick=1,
               announcements=[_seat(0, "7S", "8S", "9S", "10S", "JS"),
                              _seat(2, "7D", "8D", "9D", "10D"),
                              _seat(1, "QS", "QH", "QD", "QC")]), [0, 26], 0),
    "10 diamonds: a trailer with 2 points gets 1": (
        _tally(taker=0, contract="D", card_points=[150, 2], last_trick=0, tricks=[7, 1],
               announcements=[_seat(0, "7C", "8C", "9C")], pending=10), [27, 1], 0),
}


@pytest.mark.parametrize("name", list(WORKED))
def test_worked_checks_as_tallies(name: str, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES §12.3 worked checks through ``belote score`` (CONTRACT.md "Tally", bulgarian):
    scores in game points, the hanging points after the deal in ``pending``."""
    tally, scores, hanging = WORKED[name]
    result = _score(tally, capsys, monkeypatch)
    assert result["scores"] == scores
    assert result["pending"] == hanging
    for side in (0, 1):  # the audit lines add up to each score (CONTRACT.md "Deal result")
        assert sum(line["points"] for line in result["lines"]  # type: ignore[attr-defined]
                   if line["to"] == side) == scores[side]


def test_the_result_names_the_strain_contract_and_contree_keeps_its_format(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT.md's bulgarian example tally: AT doubled (RULES §12.1 doubling ×2); a contrée
    result keeps ``value`` and ``coinche`` (RULES §11)."""
    doc = _tally(taker=1, contract="AT", multiplier=2, tricks=[3, 5], card_points=[110, 138],
                 last_trick=1, announcements=[_seat(1, "9S", "10S", "JS")], pending=10)
    result = _score(doc, capsys, monkeypatch)
    assert result["contract"] == {"strain": "AT", "multiplier": 2, "doubling": 1,
                                  "text": "AT doubled", "side": 1}
    # 110 / 138+10+20 = 278, doubled 556 -> 56 (even), plus the 10 hanging in
    assert result["scores"] == [0, 66] and result["pending"] == 0
    contree = _score({"variant": "contree", "taker": 0, "contract": "80 H", "coinche": 1,
                      "tricks": [5, 3], "card_points": [100, 52], "last_trick": 0},
                     capsys, monkeypatch)
    assert contree["contract"]["value"] == 80 and contree["contract"]["coinche"] == 1
    assert contree["contract"]["doubling"] == 1  # issue 51 item 7: one name, coinche kept as its alias


def test_other_spellings_of_contract_multiplier_and_belote(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT.md: ``{"strain": ...}`` or text, any case; ``belote`` a seat, null or a list
    (all-trumps: a belote per suit, RULES §12.1 "Belote")."""
    base = _tally(taker=0, card_points=[130, 118], last_trick=0)
    one = _score({**base, "contract": "at", "belote": [0, 0]}, capsys, monkeypatch)
    two = _score({**base, "contract": {"strain": "AT"}, "belote": [0, 0], "multiplier": 1},
                 capsys, monkeypatch)
    assert one == two
    assert [line["points"] for line in one["lines"]  # type: ignore[union-attr]
            if line["item"] == "belote"] == [4]
    single = _score({**base, "contract": "S", "card_points": [80, 72], "belote": 2},
                    capsys, monkeypatch)
    listed = _score({**base, "contract": "S", "card_points": [80, 72], "belote": [2]},
                    capsys, monkeypatch)
    assert single == listed


REFUSED = [
    ({"card_points": [60, 50]}, "card_points", "120 in no-trumps"),
    ({"multiplier": 3}, "multiplier", "1, 2 (doubled) or 4 (redoubled)"),
    ({"belote": [1]}, "belote", "no belote in a no-trumps"),
    ({"announcements": [_seat(1, "7S", "8S", "9S")]}, "announcements", "no-trumps"),
    ({"trump": "H"}, "trump", "no trump suit"),
    ({"contract": "H", "trump": "S", "card_points": [70, 82]}, "trump", "the trump is H"),
    ({"contract": "90 H"}, "contract", "not a strain"),
    ({"contract": {"value": 90, "strain": "H"}}, "contract.value", "without a value"),
    ({"contract": "H", "belote": [1, 3], "card_points": [70, 82]}, "belote", "at most 1"),
    ({"contract": "AT", "belote": [0, 1, 2, 3, 0], "card_points": [120, 128]}, "belote",
     "at most 4"),
    ({"pending": -10}, "pending", "negative"),
]


@pytest.mark.parametrize(("change", "field", "words"), REFUSED)
def test_impossible_tallies_are_refused_naming_the_field(
    change: dict[str, object], field: str, words: str,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CONTRACT.md "Command line": exit 2, one ``error:`` line naming the field. RULES §12.1:
    card points sum to 152/120/248; ×2 and ×4 only; nothing declared, no belote in NT."""
    doc = {**_tally(taker=1, contract="NT", card_points=[37, 83], last_trick=0), **change}
    code, _out, err = run(["score", "-"], capsys, json.dumps(doc), monkeypatch)
    line = one_error(code, err)
    assert line.startswith(f"error: {field}: "), line
    assert words in line


def test_classic_refuses_two_belotes(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """CONTRACT.md "Tally": a list of belotes is bulgarian's; other variants hold one (RULES §6.1)."""
    doc = {"variant": "classic", "taker": 0, "trump": "S", "tricks": [4, 4],
           "card_points": [80, 72], "last_trick": 0, "belote": [0, 1]}
    code, _out, err = run(["score", "-"], capsys, json.dumps(doc), monkeypatch)
    assert one_error(code, err).startswith("error: belote: classic has one belote a deal")


def test_a_match_carries_the_hanging_points(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES §12.1 "Level": the declarers' share hangs and goes to the next deal's winner;
    CONTRACT.md: a match's ``pending`` and each deal's; a ``pending`` given must agree."""
    level = WORKED["7 hearts level: 8 to the defenders, 8 hangs"][0]
    made = WORKED["1 clubs, the leader rounds 106 down"][0]
    match = {"variant": "bulgarian", "deals": [level, made]}
    result = _score(match, capsys, monkeypatch)
    assert [deal["scores"] for deal in result["deals"]] == [[8, 0], [6, 18]]  # type: ignore[union-attr]
    assert result["totals"] == [14, 18] and result["pending"] == 0
    agrees = {"variant": "bulgarian", "deals": [level, {**made, "pending": 8}]}
    assert _score(agrees, capsys, monkeypatch)["totals"] == [14, 18]
    wrong = {"variant": "bulgarian", "deals": [level, {**made, "pending": 30}]}
    code, _out, err = run(["score", "-"], capsys, json.dumps(wrong), monkeypatch)
    assert one_error(code, err).startswith("error: deals[1].pending: 30 hanging in, but the "
                                           "match carries 8")


def test_a_valat_deal_does_not_end_the_match(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES §12.1 "The game", §12.2 game end: a deal won by valat never ends the game
    (``capot_ends_match`` off); with it on, the match ends at once."""
    valat = _tally(taker=0, contract="S", multiplier=4, card_points=[152, 0], last_trick=0,
                   tricks=[8, 0])  # (162 + 90) x 4 = 1008 -> 101, odd: down to 100
    made = WORKED["1 clubs, the leader rounds 106 down"][0]
    result = _score({"variant": "bulgarian", "deals": [valat, valat, made]}, capsys, monkeypatch)
    assert [deal["scores"] for deal in result["deals"]] == [[100, 0], [100, 0], [6, 10]]  # type: ignore[union-attr]
    assert result["deals"][1]["match_winner"] is None  # type: ignore[index]
    assert result["winner"] == 0
    spec = "bulgarian(capot_ends_match=true)"
    deals = [{k: v for k, v in deal.items() if k != "variant"} for deal in (valat, valat, made)]
    code, _out, err = run(["score", "-"], capsys, json.dumps(
        {"variant": spec, "deals": deals}), monkeypatch)
    assert one_error(code, err).startswith("error: deals[2]: the match was won")


def test_simulated_records_replay_to_the_same_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT.md: ``simulate --records`` writes records ``replay`` accepts unchanged and
    scores identically (strict and --lenient): the replayed scores add up to simulate's."""
    records = tmp_path / "bg.jsonl"
    code, out, err = run(["simulate", "bulgarian", "--deals", "12", "--seed", "4", "--bots",
                          "random", "--json", "--records", str(records)], capsys)
    assert code == 0, err
    stats = json.loads(out)
    lines = records.read_text(encoding="utf-8").splitlines()
    code, strict, err = run(["replay", str(records)], capsys)
    assert code == 0, err
    code, lenient, err = run(["replay", "--lenient", str(records)], capsys)
    assert code == 0, err
    results = [json.loads(line) for line in strict.splitlines()]
    assert len(results) == len(lines)
    assert [json.loads(line)["scores"] for line in lenient.splitlines()] == [
        r["scores"] for r in results]
    played = [r for r in results if r["outcome"] != "redeal"]
    assert len(played) == stats["deals"] == 12
    attack = sum(r["scores"][r["attack"]] for r in played)
    defence = sum(r["scores"][1 - r["attack"]] for r in played)
    assert round(attack / 12, 2) == stats["mean_scores"]["attack"]
    assert round(defence / 12, 2) == stats["mean_scores"]["defence"]
    assert all(r["contract"]["strain"] in ("C", "D", "H", "S", "NT", "AT") for r in played)


def test_replay_partial_and_trace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CONTRACT.md: ``--partial`` prints where an unfinished record stands (its legal actions,
    the strain bids and double of RULES §12.1 "The auction"); ``--trace`` every trick."""
    record = {"variant": "bulgarian", "dealer": 0, "deck": [str(c) for c in _deck()],
              "actions": ["1 bid C"]}
    path = tmp_path / "part.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(["replay", "--partial", str(path)], capsys)
    assert code == 0, err
    legal = json.dumps(json.loads(out))
    assert "2 double" in legal and "2 bid AT" in legal and "2 bid C" not in legal
    code, _out, err = run(["replay", str(path)], capsys)
    assert one_error(code, err).startswith("error:") and "seat 2" in err
    records = tmp_path / "bg.jsonl"
    code, _out, err = run(["simulate", "bulgarian", "--deals", "2", "--bots", "random",
                           "--records", str(records)], capsys)
    assert code == 0, err
    code, out, err = run(["replay", "--trace", str(records)], capsys)
    assert code == 0, err
    assert out.count("Trick 8:") >= 2 and "scores in game points" in out
    assert " bids 0 " not in out


def _deck() -> list[str]:
    from belote.cards import CARDS

    return [str(card) for card in CARDS]


def test_rules_bulgarian_lists_its_knobs_and_who_reads_them_how(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CONTRACT.md ``belote rules VARIANT``: the knobs that apply, each disputed one with who
    reads it how (RULES §12.2); contrée's value-auction knobs and readings do not apply."""
    code, out, err = run(["rules", "bulgarian"], capsys)
    assert code == 0, err
    rules = get_rules("bulgarian")
    for dispute in rules.disputes:
        assert dispute.knob in out and dispute.default_by in out
    for name in ("trailer_at_least_one", "double_multiplies_valat", "double_rounds_product",
                 "level_hangs_as_trailer"):
        assert f"game_points.{name}" in out
    assert "BGE: round(total / 10) × multiplier" in out
    for absent in ("auction.lowest", "auction.highest", "auction.coinche_any_time",
                   "contract.", "capot_value", "round_to", "FFB", "Cannes", "colver"):
        assert absent not in out, absent
    code, out, err = run(["rules", "bulgarian", "--json"], capsys)
    doc = json.loads(out)
    assert doc["game_points"]["valat_bonus"] == 90 and doc["auction"]["lowest"] == 80
    assert doc["capot_ends_match"] is False and doc["declarations_in_no_trumps"] is False
    code, out, err = run(["variants"], capsys)
    assert any(line.startswith("bulgarian ") for line in out.splitlines())


@pytest.mark.parametrize("name", ["classic", "piedicavallo", "italian751", "contree", "french"])
def test_other_variants_show_no_bulgarian_knob(name: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """RULES §12's knobs (strain auction, game points) play no part elsewhere: not listed."""
    code, out, err = run(["rules", name], capsys)
    assert code == 0, err
    for absent in ("game_points", "double_escape_by_doubled_side", "declarations_in_no_trumps",
                   "belote_announced_once", "belote_needs_lead_follow_or_trump", "BelotGameEngine"):
        assert absent not in out, absent


def test_compare_bulgarian_against_contree_on_two_scales(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CONTRACT.md ``compare``; RULES §12.1 "Game points": bulgarian scores tens, contrée points,
    so each column says its unit and no points shift is given between them."""
    code, out, err = run(["compare", "bulgarian", "contree", "--deals", "30", "--bots", "random",
                          "--matches", "2"], capsys)
    assert code == 0, err
    unit_row = next(line for line in out.splitlines() if line.startswith("scores in"))
    assert unit_row.split()[2:] == ["game", "points", "points"]
    assert "- (scales)" in out and "bulgarian vs contree" in out
    code, out, err = run(["compare", "bulgarian", "contree", "--deals", "30", "--bots", "random",
                          "--matches", "0", "--json"], capsys)
    doc = json.loads(out)
    assert [v["score_unit"] for v in doc["variants"]] == ["game points", "points"]
    assert "points" not in doc["paired"]["bulgarian vs contree"]
    assert "made" in doc["paired"]["bulgarian vs contree"]


def test_compare_knobs_ranks_bulgarians_disputes(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES §12.2: ``compare --knobs bulgarian --disputes`` plays each other reading of the
    variant's disputes, and only those (no contrée reading)."""
    code, out, err = run(["compare", "--knobs", "bulgarian", "--disputes", "--deals", "20",
                          "--bots", "random", "--matches", "0", "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["score_unit"] == "game points"
    labels = {f"{effect['knob']}={effect['value']}" for effect in doc["ranking"]}
    assert labels == {
        "contest=runs-and-carres", "card_in_carre_and_run=true", "eight_run_extra_tierce=true",
        "belote_needs_lead_follow_or_trump=false", "auction.double_escape_by_doubled_side=true",
        "capot_ends_match=true", "game_points.trailer_at_least_one=false",
        "game_points.double_multiplies_valat=false", "game_points.double_rounds_product=false",
        "game_points.level_hangs_as_trailer=false", "runs_by_length_first=true",
        "carres_by_face_rank=true", "auction.reredouble=true", "dealer_rotation=random",
    }
    code, out, err = run(["compare", "--knobs", "bulgarian", "--disputes", "--deals", "10",
                          "--bots", "random", "--matches", "0"], capsys)
    assert "game points per played deal" in out


class PassingBot:
    """A bot that passes whenever it may, plays the first legal card otherwise."""

    def choose(self, observation: object, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if a.verb is Verb.PASS), legal[0])


def test_bots_that_never_bid_a_strain_auction_get_a_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A strain auction (RULES §12.1 "The auction") that no bot bids ends in one ``error:``
    line that says so and suggests random bots (CONTRACT.md "Command line")."""
    code, _out, err = run(["simulate", "bulgarian", "--deals", "1", "--bots",
                           "test_bulgarian_cli:PassingBot"], capsys)
    line = one_error(code, err)
    assert "cannot bid a strain auction" in line and "--bots random" in line
