"""Contrée with ``round_to``: every score of a contract kept in its multiples (docs/contree.md#scoring, issue 50 item 2)."""

from __future__ import annotations

import random

import pytest

from belote.deal import Deal
from belote.records.results import result_to_json, score_document, tally_to_json

ROUNDED = "contree(round_to=10)"


def _tally(variant: str, card_points: list[int], tricks: list[int], last: int,
           **more: object) -> dict[str, object]:
    return {"variant": variant, "taker": 0, "contract": "80 S", "card_points": card_points,
            "tricks": tricks, "last_trick": last, **more}


WORKED = [
    # docs/contree.md#scoring, the worked checks with round_to=10
    ("80 S failed: defence 162 + 80 = 242, kept as 240",
     _tally(ROUNDED, [70, 82], [4, 4], 1), "failed", [0, 240]),
    ("80 S coinched and made: attack 162 + 160 = 322, kept as 320",
     _tally(ROUNDED, [95, 57], [5, 3], 0, coinche=1), "made", [320, 0]),
    ("80 S surcoinched and made: attack 162 + 240 = 402, kept as 400",
     _tally(ROUNDED, [95, 57], [5, 3], 0, multiplier=3), "made", [400, 0]),
    ("80 S made: the defence's 57 kept as 60, the attack 160 - 60 + 80 = 180",
     _tally(ROUNDED, [95, 57], [5, 3], 0), "made", [180, 60]),
    ("80 S made by every trick, capot not bid: 252 + 80 = 332, kept as 330",
     _tally(ROUNDED, [152, 0], [8, 0], 0), "made", [330, 0]),
    ("80 S with 75 (65 and the last trick): a rounding never makes a contract",
     _tally(ROUNDED, [65, 87], [3, 5], 0), "failed", [0, 240]),
    ("90 D surcoinched and failed: 162 + 270 = 432, kept as 430",
     {**_tally(ROUNDED, [60, 92], [3, 5], 1, multiplier=3), "contract": "90 D"}, "failed", [0, 430]),
    ("round_half_up off: 245 rounds down to 240 (a chute of 165, plus 80)",
     _tally("contree(round_to=10, round_half_up=false, contract.failed_points=165)",
            [70, 82], [4, 4], 1), "failed", [0, 240]),
    ("round_half_up on: 245 rounds up to 250 (a chute of 165, plus 80)",
     _tally("contree(round_to=10, contract.failed_points=165)", [70, 82], [4, 4], 1),
     "failed", [0, 250]),
]


@pytest.mark.parametrize(("story", "tally", "outcome", "scores"), WORKED,
                         ids=[w[0][:30] for w in WORKED])
def test_round_to_keeps_every_contree_score_in_its_multiples(
    story: str, tally: dict[str, object], outcome: str, scores: list[int]
) -> None:
    """docs/contree.md#scoring: with ``round_to`` every contract score is rounded, after the contract is decided."""
    result = score_document(tally)
    assert (result["outcome"], result["scores"]) == (outcome, scores), story
    lines = result["lines"]
    assert isinstance(lines, list)
    for side in (0, 1):
        assert sum(line["points"] for line in lines if line["to"] == side) == scores[side]


def test_without_round_to_contree_scores_stay_unrounded() -> None:
    """docs/contree.md#scoring: colver's default keeps every point (162 + 80 = 242)."""
    result = score_document(_tally("contree", [70, 82], [4, 4], 1))
    assert result["scores"] == [0, 242]


SIDES = ("7D 8D 9D 10D JD QD KD AD", "7S 8S 9S 10S JS QS KS AS",
         "7C 8C 9C 10C JC QC KC AC", "7H 8H 9H 10H JH QH KH AH")
"""Seat 1 holds every spade: a spade contract of seat 1 wins every trick."""


@pytest.mark.parametrize(
    ("bids", "scores"),
    [
        # 80 S made by every trick: 252 + 80 = 332, kept as 330
        (["1 bid 80 S", "2 pass", "3 pass", "0 pass"], [0, 330]),
        # coinched: 252 + 160 = 412, kept as 410
        (["1 bid 80 S", "2 coinche", "3 pass", "0 pass", "1 pass"], [0, 410]),
    ],
)
def test_the_engine_rounds_contree_scores_like_a_tally(bids: list[str], scores: list[int]) -> None:
    """docs/contree.md#scoring: a deal played under ``round_to`` scores the same as its tally."""
    deal = Deal.from_hands(ROUNDED, list(SIDES), dealer=0)
    deal.apply_all(bids)
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice([a for a in deal.legal_actions() if not a.belote]))
    assert list(deal.result.scores) == scores
    tally = deal.tally()
    assert tally is not None
    assert score_document(tally_to_json(tally, ROUNDED)) == result_to_json(deal.result)
