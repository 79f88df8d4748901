"""The disputed points of Bulgarian belot that became knobs last (RULES §12.2, docs/bulgarian.md#disputes).

Four readings: equal-value sequences (the higher top card, or the longer run
first: ``runs_by_length_first``), the order of the 100-point carrés (A > 10
> K > Q, or A > K > Q > 10: ``carres_by_face_rank``), the next dealer (one
seat on, or drawn at random: ``dealer_rotation=random``) and a third level of
doubling (``auction.reredouble``, in tests/test_bulgarian_reredouble.py).
Each default is the variant's reading; each other reading is checked on a
worked example where the two differ, and BGE's own comparisons
(``tests/data/bulgarian/bge_unit.json``, ``AnnounceTests.cs``) run under the
knob that gives BGE's reading.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from clirun import one_error, run

from belote import CardSet, Deal, get_rules
from belote.cards import ALL_TRUMPS, Suit
from belote.errors import InvalidArgument, InvalidRecord
from belote.game import Game, RandomAgent, next_dealer
from belote.records.replay import match_from_record
from belote.rules import DealerRotation
from belote.scoring.combination import Combination, Declaration, Kind
from belote.scoring.contest import resolve_contest
from belote.scoring.ranking import resolve_trusted

BULGARIAN = get_rules("bulgarian")
LONGER_RUNS = attrs.evolve(BULGARIAN, runs_by_length_first=True)
FACE_CARRES = attrs.evolve(BULGARIAN, carres_by_face_rank=True)
RANDOM_DEALER = attrs.evolve(BULGARIAN, dealer_rotation=DealerRotation.RANDOM)

_DATA = Path(__file__).parent / "data" / "bulgarian"
_RANKS = "7 8 9 10 J Q K A".split()


def _run(seat: int, suit: str, low: str, high: str) -> Declaration:
    ranks = _RANKS[_RANKS.index(low): _RANKS.index(high) + 1]
    return Declaration(seat, Combination(Kind.RUN, CardSet.parse(" ".join(r + suit for r in ranks))))


def _carre(seat: int, rank: str) -> Declaration:
    return Declaration(seat, Combination(Kind.CARRE, CardSet.parse(" ".join(rank + s for s in "SHDC"))))


def _scoring_seats(declarations: list[Declaration], rules: Any) -> set[int]:
    return {d.seat for d in resolve_contest(declarations, rules, Suit.CLUBS)}


# --- equal-value sequences (RULES §12.2 "equal-value sequences") -------------------------------


def test_a_six_run_to_the_queen_loses_to_a_five_run_to_the_king_by_default() -> None:
    """docs/bulgarian.md#declarations, RULES §12.2 "equal-value sequences" (HLP, EXE port):
    both are worth 100 (a quinte); the higher top card, the king, wins."""
    table = [_run(0, "H", "7", "Q"), _run(1, "S", "9", "K")]
    assert _scoring_seats(table, BULGARIAN) == {1}


def test_the_longer_run_wins_first_under_runs_by_length_first() -> None:
    """docs/bulgarian.md#disputes, RULES §12.2 "equal-value sequences", BGE's reading: the
    six-card run beats the five-card one whatever their top cards; equal lengths still go by
    the top card."""
    table = [_run(0, "H", "7", "Q"), _run(1, "S", "9", "K")]
    assert _scoring_seats(table, LONGER_RUNS) == {0}
    same_length = [_run(0, "H", "8", "Q"), _run(1, "S", "9", "K")]
    assert _scoring_seats(same_length, LONGER_RUNS) == {1}


def test_the_longer_run_also_wins_in_the_two_contests_reading() -> None:
    """docs/bulgarian.md#disputes: the knob ranks runs in every team contest, so BGE's full
    reading (``contest=runs-and-carres`` and the longer run) composes."""
    from belote.rules import Contest

    bge = attrs.evolve(LONGER_RUNS, contest=Contest.RUNS_AND_CARRES)
    table = [_run(0, "H", "7", "Q"), _run(1, "S", "9", "K"), _carre(1, "A")]
    assert {str(d) for d in resolve_contest(table, bge, Suit.CLUBS)} == {
        str(table[0]), str(table[2])}


# --- the 100-point carrés (RULES §12.2 "order of the 100-point carrés") -------------------------


def test_a_carre_of_tens_beats_a_carre_of_kings_by_default() -> None:
    """docs/bulgarian.md#declarations, RULES §12.2 (EXE, HLP "highest card value"): A > 10 > K > Q."""
    assert _scoring_seats([_carre(0, "10"), _carre(1, "K")], BULGARIAN) == {0}
    assert _scoring_seats([_carre(0, "Q"), _carre(1, "10")], BULGARIAN) == {1}


def test_kings_and_queens_beat_tens_under_carres_by_face_rank() -> None:
    """docs/bulgarian.md#disputes, RULES §12.2, BGE's reading A > K > Q > 10; the ace stays on top
    and the 200 and 150 carrés still go by their points."""
    assert _scoring_seats([_carre(0, "10"), _carre(1, "K")], FACE_CARRES) == {1}
    assert _scoring_seats([_carre(0, "Q"), _carre(1, "10")], FACE_CARRES) == {0}
    assert _scoring_seats([_carre(0, "A"), _carre(1, "K")], FACE_CARRES) == {0}
    assert _scoring_seats([_carre(0, "9"), _carre(1, "A")], FACE_CARRES) == {0}


def test_the_carre_order_changes_a_deals_game_points() -> None:
    """docs/bulgarian.md#scoring and #disputes: all-trumps bid by side 0; the carré of tens (side
    0) against the carré of kings (side 1) decides who scores 100; 124 / 124 in cards, side 0
    the last 10. Default: side 0 makes it with 234 against 124: 358 → 36, the leader's 234 →
    23 (a 4 goes down in all-trumps), 13 to side 1. BGE's order: side 0 has 134 against 224,
    inside, and side 1 scores the 358: 0 / 36."""
    from belote.actions import Strain
    from belote.scoring import score_tally
    from belote.scoring.contract import Contract
    from belote.scoring.tally import Tally

    def scores(rules: Any) -> tuple[int, ...]:
        tally = Tally(taker=0, trump=Suit.SPADES, tricks=(4, 4), card_points=(124, 124),
                      last_trick=0, contract=Contract(0, Strain.ALL_TRUMP, 0),
                      announcements=(_carre(0, "10"), _carre(1, "K")))
        return score_tally(tally, rules).scores

    assert scores(BULGARIAN) == (23, 13)
    assert scores(FACE_CARRES) == (0, 36)


# --- BGE's own comparisons (AnnounceTests.cs CompareToWorksCorrectly) ---------------------------


def _bge_compare_cases() -> list[dict[str, Any]]:
    doc = json.loads((_DATA / "bge_unit.json").read_text(encoding="utf-8"))
    cases = doc if isinstance(doc, list) else doc["cases"]
    return [case for case in cases if case["kind"] == "declaration_compare"]


def _bge(item: dict[str, Any], seat: int) -> Declaration:
    if item["kind"] == "carre":
        return _carre(seat, item["top"])
    top = _RANKS.index(item["top"])
    return _run(seat, item["suit"], _RANKS[top - item["length"] + 1], item["top"])


_KNOB_OF_READING = {None: BULGARIAN, "longer run wins": LONGER_RUNS, "A>K>Q>10": FACE_CARRES}


def _compare(case: dict[str, Any], rules: Any) -> int:
    # Two seats of opposite teams; in all-trumps no suit outranks another, as BGE compares.
    scoring = resolve_trusted([_bge(case["first"], 0), _bge(case["second"], 1)], rules,
                              ALL_TRUMPS, 4, 0)
    seats = {d.seat for d in scoring}
    return 1 if seats == {0} else -1 if seats == {1} else 0


@pytest.mark.parametrize("case", _bge_compare_cases(), ids=lambda c: f"bge-{c['id']}")
def test_belotgameengine_comparisons_under_the_knob_of_their_reading(case: dict[str, Any]) -> None:
    """RULES §12.2: BGE's AnnounceTests.cs CompareToWorksCorrectly, each case under the default
    or, where BGE reads the point otherwise ("longer run wins", "A>K>Q>10"), under its knob."""
    assert _compare(case, _KNOB_OF_READING[case["reading"]]) == case["expected_compare"]


@pytest.mark.parametrize("case", [c for c in _bge_compare_cases() if c["reading"]],
                         ids=lambda c: f"bge-{c['id']}")
def test_the_default_reading_differs_from_bge_where_it_says_so(case: dict[str, Any]) -> None:
    """RULES §12.2: runs of 8, 7, 6 and 5 to the ace are all quintes, tied by top card under the
    default (an exact tie cancels both); a carré of queens loses to one of tens (A > 10 > K > Q)."""
    expected = 0 if case["reading"] == "longer run wins" else -1
    assert _compare(case, BULGARIAN) == expected


# --- the next dealer (RULES §12.2 "next dealer") --------------------------------------------------


def _dealers(rules: Any, seed: int) -> tuple[list[int], Game]:
    game = Game(rules, [RandomAgent(seat) for seat in range(4)], seed=seed, max_deals=40)
    game.play()
    return [deal.dealer for deal in game.deals], game


def test_the_deal_passes_one_seat_on_by_default_thrown_in_deals_included() -> None:
    """docs/bulgarian.md#the-game, RULES §12.2 "next dealer" (HIT, HLP, BGE): one seat on, also
    after four passes."""
    dealers, _ = _dealers(BULGARIAN, 3)
    assert len(dealers) > 3
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))
    for dealer in range(4):
        deal = Deal.random(BULGARIAN, seed=dealer, dealer=dealer)
        deal.apply_all([f"{(dealer + 1 + k) % 4} pass" for k in range(4)])
        assert deal.result.outcome.value == "redeal"
        assert next_dealer(BULGARIAN, 4, dealer, deal.result, deal.deck) == (dealer + 1) % 4


def test_a_random_dealer_is_reproducible_from_the_seed_and_from_the_record() -> None:
    """docs/bulgarian.md#the-game, docs/rules.md#next-dealer, RULES §12.2 "next dealer" (EXE draws
    it at random): the same seed gives the same dealers, not always one seat on; the match
    record replays with them, and a record naming another dealer is refused."""
    dealers, game = _dealers(RANDOM_DEALER, 3)
    again, _ = _dealers(RANDOM_DEALER, 3)
    assert dealers == again and len(dealers) > 3
    assert any(b != (a + 1) % 4 for a, b in itertools.pairwise(dealers))
    record = game.to_record()
    _, replayed = match_from_record(record)
    assert [deal.dealer for deal in replayed] == dealers
    deals = record["deals"]
    assert isinstance(deals, list)
    wrong = (deals[1]["dealer"] + 1) % 4
    deals[1] = {**deals[1], "dealer": wrong}
    with pytest.raises(InvalidRecord, match=r"deals\[1\]\.dealer"):
        match_from_record(record)


def test_the_random_draw_follows_the_deal_just_played_and_covers_every_seat() -> None:
    """docs/rules.md#next-dealer: the draw is seeded by the deal's deck and dealer; over 400
    decks every seat is drawn, none far from a quarter of the time (uniform draw)."""
    counts: Counter[int] = Counter()
    for seed in range(400):
        deal = Deal.random(RANDOM_DEALER, seed=seed, dealer=seed % 4)
        deal.apply_all([f"{(deal.dealer + 1 + k) % 4} pass" for k in range(4)])
        drawn = next_dealer(RANDOM_DEALER, 4, deal.dealer, deal.result, deal.deck)
        assert drawn == next_dealer(RANDOM_DEALER, 4, deal.dealer, deal.result, deal.deck)
        counts[drawn] += 1
    assert set(counts) == {0, 1, 2, 3} and all(60 <= n <= 140 for n in counts.values())


def test_a_random_dealer_needs_the_deck_of_the_deal_just_played() -> None:
    """docs/rules.md#next-dealer: without the deck there is nothing to draw from; the error names the knob."""
    deal = Deal.random(RANDOM_DEALER, seed=1, dealer=0)
    deal.apply_all(["1 pass", "2 pass", "3 pass", "0 pass"])
    with pytest.raises(InvalidArgument, match="dealer_rotation"):
        next_dealer(RANDOM_DEALER, 4, 0, deal.result)


# --- the one validator and `belote rules` ---------------------------------------------------------


@pytest.mark.parametrize(("spec", "knob"), [
    ("bulgarian(runs_by_length_first=2)", "runs_by_length_first"),
    ("bulgarian(carres_by_face_rank=maybe)", "carres_by_face_rank"),
    ("bulgarian(dealer_rotation=dice)", "dealer_rotation"),
])
def test_new_knob_values_out_of_range_are_refused_naming_the_knob(spec: str, knob: str) -> None:
    """docs/bulgarian.md#disputes: every knob has its range in the one validator."""
    with pytest.raises(InvalidArgument, match=f"knob {knob}"):
        get_rules(spec)
    with pytest.raises(InvalidArgument, match=f"knob {knob}"):
        attrs.evolve(BULGARIAN, **{knob: "dice"})


def test_an_order_of_carres_without_ranking_them_is_refused() -> None:
    """docs/rules.md#announcement-contest: ``carres_by_face_rank`` orders carrés that
    ``equal_carres_by_rank`` ranks; with that off they tie, and the validator says so."""
    with pytest.raises(InvalidArgument, match=r"knob carres_by_face_rank.*equal_carres_by_rank"):
        attrs.evolve(FACE_CARRES, equal_carres_by_rank=False)


def test_belote_rules_bulgarian_lists_the_new_knobs_with_who_reads_them_how(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/bulgarian.md#disputes: ``belote rules bulgarian`` names each knob, the default's
    sources and the other reading's (RULES §12.2)."""
    code, out, err = run(["rules", "bulgarian"], capsys)
    assert code == 0, err
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    for knob, who, other in (
        ("runs_by_length_first", "HLP", "BGE: the longer run wins first"),
        ("carres_by_face_rank", "EXE, HLP", "BGE: A > K > Q > 10"),
        ("dealer_rotation", "HIT, HLP, BGE", "EXE: a seat drawn at random"),
        ("auction.reredouble", "EXE, HLP, HIT, BGE", "a third level"),
    ):
        assert who in lines[knob] and other in lines[knob], lines[knob]


def test_belote_rules_refuses_a_bad_new_knob_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CLI errors: exit 2 and one ``error:`` line naming the knob."""
    code, _out, err = run(["rules", "bulgarian(dealer_rotation=dice)"], capsys)
    assert "dealer_rotation" in one_error(code, err)
