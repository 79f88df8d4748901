"""Bulgarian's mutant scorers are the slips they name (issue 51 item 5, docs/testing.md#mutant-scorers).

Each case is a tally whose game points are worked out by hand from
docs/bulgarian.md#scoring, once as the rules say and once with the slip;
the library must give the first, the mutant the second.
"""

from __future__ import annotations

import pytest

from belote.records import tally_from_json
from belote.scoring import score_tally
from belote.strategies.mutants import mutants

BULGARIAN = {mutant.name: mutant for mutant in mutants("bulgarian")}

# (mutant, tally fields, game points by the rules, game points with the slip)
CASES = [
    # NT, side 0 made 80 + the last trick, side 1 40: (90 × 2 = 180 → 18, 260 → 26, so 8);
    # undoubled: 90 → 9, 130 → 13, so 4.
    ("no-trumps-not-doubled", {"contract": "NT", "tricks": [5, 3], "card_points": [80, 40], "last_trick": 0},
     [18, 8], [9, 4]),
    # ♠, side 0 100 + 10 against 52: 110 → 11, 162 → 16, so 5; without the 10: 100 → 10, 152 → 15, so 5.
    ("last-trick-forgotten", {"contract": "S", "tricks": [5, 3], "card_points": [100, 52], "last_trick": 0},
     [11, 5], [10, 5]),
    # ♠ by side 0 inside (60 against 92 + 10): side 1 scores 162 → 16; kept: 102 → 10 and 6 left.
    ("inside-kept", {"contract": "S", "tricks": [3, 5], "card_points": [60, 92], "last_trick": 1},
     [0, 16], [6, 10]),
    # ♠, 95 against 57 + 10: a 5 goes down in a suit (9, then 16 − 9 = 7); up from 5: 10 and 6.
    ("suit-rounded-at-5", {"contract": "S", "tricks": [5, 3], "card_points": [95, 57], "last_trick": 1},
     [9, 7], [10, 6]),
    # AT, 155 against 93 + 10: a 5 goes up in all-trumps (16, then 26 − 16 = 10); up from 7: 15 and 11.
    ("all-trumps-rounded-at-7", {"contract": "AT", "tricks": [5, 3], "card_points": [155, 93], "last_trick": 1},
     [16, 10], [15, 11]),
    # ♠, 100 + 10 against 52; side 0 a tierce, side 1 a quarte: the quarte wins the contest
    # (110 against 102: 11, 212 → 21, so 10); every declaration counted: 130 → 13, 232 → 23, so 10.
    ("contest-forgotten", {"contract": "S", "tricks": [5, 3], "card_points": [100, 52], "last_trick": 0,
                           "announcements": [{"seat": 0, "cards": ["7H", "8H", "9H"]},
                                             {"seat": 1, "cards": ["7D", "8D", "9D", "10D"]}]},
     [11, 10], [13, 10]),
    # ♠ valat: 152 + 10 + 90 = 252 → 25; with 9 for the bonus: 171 → 17.
    ("valat-9", {"contract": "S", "tricks": [8, 0], "card_points": [152, 0], "last_trick": 0},
     [25, 0], [17, 0]),
    # ♠, 150 + 10 against 2 (worked check 10 without its tierce): 16 in all, the leader's 16,
    # side 1 took points: 15 and 1; each rounding its own: 16 and 0.
    ("trailer-rounds-own", {"contract": "S", "tricks": [7, 1], "card_points": [150, 2], "last_trick": 0},
     [15, 1], [16, 0]),
    # ♠, 86 against 66 + 10: 162 → 16, the leader's 86 → 8 (a 6 goes down), side 1 the rest, 8;
    # each rounding its own: 8 and 7 (76 → 7).
    ("trailer-rounds-own", {"contract": "S", "tricks": [4, 4], "card_points": [86, 66], "last_trick": 1},
     [8, 8], [8, 7]),
]


# Worked check 4 of docs/bulgarian.md#scoring: ♣ by side 0, 30 hanging; 52 against 100, side 1
# the last trick and a quinte: inside, side 1 scores 262 → 26 and the 30 hanging.
WORKED_4 = {"contract": "C", "tricks": [3, 5], "card_points": [52, 100], "last_trick": 1,
            "announcements": [{"seat": 1, "cards": ["7S", "8S", "9S", "10S", "JS"]}]}
HANGING = [
    ("hanging-lost", [0, 56], [0, 26]),
    ("hanging-to-the-other-team", [0, 56], [30, 26]),
]


@pytest.mark.parametrize(("name", "rules", "slipped"), HANGING, ids=[case[0] for case in HANGING])
def test_each_hanging_points_slip_scores_what_it_names(name: str, rules: list[int], slipped: list[int]) -> None:
    """docs/bulgarian.md#scoring: hanging points go to the winner of the next deal (here the
    defenders, the declarers inside); the slips lose them or give them to the losers."""
    _, tally = tally_from_json({"variant": "bulgarian", "taker": 0, "belote": [], **WORKED_4})
    assert list(score_tally(tally, "bulgarian", 30).scores) == rules
    mutant = BULGARIAN[name]
    assert list(mutant.scores(tally, 30)) == slipped
    assert mutant.differs(tally, 30) and not mutant.differs(tally)  # nothing hanging: no slip


@pytest.mark.parametrize(("name", "fields", "rules", "slipped"), CASES,
                         ids=[f"{case[0]}-{n}" for n, case in enumerate(CASES)])
def test_each_bulgarian_slip_scores_what_it_names(
    name: str, fields: dict[str, object], rules: list[int], slipped: list[int]
) -> None:
    """docs/bulgarian.md#scoring (totals, rounding by mode, the contest, valat, inside, the trailer's 1)."""
    _, tally = tally_from_json({"variant": "bulgarian", "taker": 0, "belote": [], "announcements": [], **fields})
    assert list(score_tally(tally, "bulgarian").scores) == rules
    mutant = BULGARIAN[name]
    assert list(mutant.scores(tally)) == slipped
    assert mutant.differs(tally)


def test_bulgarian_has_a_dozen_slips() -> None:
    """Issue 51 item 5: about a dozen slips a scorekeeper's program makes, per variant."""
    assert len(BULGARIAN) >= 12
    assert {case[0] for case in CASES} <= set(BULGARIAN)
