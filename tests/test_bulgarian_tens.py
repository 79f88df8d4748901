"""Bulgarian belot in game points: RULES §12.1 "Results" and "Game points", the §12.2 knobs.

The ten worked checks of RULES §12.3 (recorded deals of Bridge Belot v2.06 MP,
``golden_score.json``), one hand-derived example for each non-default knob
value, and the invariants of the arithmetic as properties.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote.cards import ALL_TRUMPS, NO_TRUMPS, mode_points
from belote.errors import InvalidArgument, InvalidArgumentType
from belote.rules.gamepoints import GamePointsRules
from belote.scoring.tens import (
    DOUBLED,
    DOUBLED_LEVEL,
    INSIDE,
    LEVEL,
    MADE,
    TensScore,
    score_in_tens,
)

EXE = GamePointsRules()
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
NONE_EACH = (0, 0)


def _line_sums(score: TensScore) -> tuple[int, int]:
    return (
        sum(line.points for line in score.lines if line.to == 0),
        sum(line.points for line in score.lines if line.to == 1),
    )


def _check_lines(score: TensScore) -> TensScore:
    assert _line_sums(score) == score.scores
    return score


def _score(
    mode: int,
    declarers: int,
    multiplier: int,
    cards: tuple[int, int],
    last: int,
    declarations: tuple[int, int] = NONE_EACH,
    belotes: tuple[int, int] = NONE_EACH,
    valat: int | None = None,
    hanging_in: int = 0,
    rules: GamePointsRules = EXE,
) -> TensScore:
    return _check_lines(
        score_in_tens(
            mode,
            declarers,
            multiplier,
            cards,
            last,
            declarations,
            belotes,
            valat,
            hanging_in,
            rules,
        )
    )


def _tens(points: int, mode: int) -> int:
    """RULES §12.1 "Game points": a suit rounds 7 or more up, all-trumps and no-trumps 5 up."""
    up = 7 if mode < NO_TRUMPS else 5
    return points // 10 + (1 if points % 10 >= up else 0)


# --- RULES §12.3, the ten worked checks --------------------------------------------------


def test_bulgarian_made_suit_leader_rounds_six_down_trailer_gets_rest() -> None:
    """RULES §12.3 #937: clubs, 56 / 106 → 6 / 10."""
    score = _score(CLUBS, 1, 1, (56, 96), 1)
    assert (score.outcome, score.totals, score.scores, score.hanging) == (
        MADE,
        (56, 106),
        (6, 10),
        0,
    )


def test_bulgarian_made_all_trumps_leader_rounds_four_down() -> None:
    """RULES §12.3 #545: all-trumps, a carré of kings, 134 / 224 → 14 / 22."""
    score = _score(ALL_TRUMPS, 1, 1, (124, 124), 0, declarations=(0, 100))
    assert (score.outcome, score.totals, score.scores) == (MADE, (134, 224), (14, 22))


def test_bulgarian_no_trumps_doubles_card_points_and_rounds_halves_up() -> None:
    """RULES §12.3 #1: no-trumps, 47 / 83 doubled to 94 / 166 → 9 / 17."""
    score = _score(NO_TRUMPS, 1, 1, (37, 83), 0)
    assert (score.outcome, score.totals, score.scores) == (MADE, (94, 166), (9, 17))


def test_bulgarian_inside_defenders_score_everything_and_win_hanging() -> None:
    """RULES §12.3 #38: clubs, 52 / 210 with 30 hanging in, the declarers inside → 0 / 56."""
    score = _score(CLUBS, 0, 1, (52, 100), 1, declarations=(0, 100), hanging_in=30)
    assert (score.outcome, score.totals, score.scores, score.hanging) == (
        INSIDE,
        (52, 210),
        (0, 56),
        0,
    )


def test_bulgarian_redoubled_suit_odd_product_goes_down() -> None:
    """RULES §12.3 #14: diamonds redoubled, 162 × 4 = 648 → 65, odd, down: 64 / 0."""
    score = _score(DIAMONDS, 0, 4, (79, 73), 0)
    assert (score.outcome, score.totals, score.scores) == (DOUBLED, (89, 73), (64, 0))


def test_bulgarian_redoubled_all_trumps_odd_product_goes_up() -> None:
    """RULES §12.3 #162: all-trumps redoubled, 408 × 4 = 1632 → 163, odd, up: 164 / 0."""
    score = _score(ALL_TRUMPS, 0, 4, (108, 140), 1, declarations=(150, 0))
    assert (score.outcome, score.totals, score.scores) == (DOUBLED, (258, 150), (164, 0))


def test_bulgarian_level_defenders_score_their_share_declarers_share_hangs() -> None:
    """RULES §12.3 #44: hearts, level 81 / 81: the defenders 8, the declarers' 8 hangs."""
    score = _score(HEARTS, 1, 1, (81, 71), 1)
    assert (score.outcome, score.totals, score.scores, score.hanging) == (
        LEVEL,
        (81, 81),
        (8, 0),
        8,
    )


def test_bulgarian_redoubled_valat_by_defenders_multiplies_valat() -> None:
    """RULES §12.3 #355: spades redoubled, team 1 valat with a quinte, 10 hanging in → 0 / 150."""
    score = _score(SPADES, 0, 4, (0, 152), 1, declarations=(0, 100), valat=1, hanging_in=10)
    assert (score.outcome, score.totals, score.scores, score.hanging) == (
        DOUBLED,
        (0, 352),
        (0, 150),
        0,
    )


def test_bulgarian_pooled_contest_winner_declarations_put_declarers_inside() -> None:
    """RULES §12.3 #21: hearts, the carré beats the quinte; 66 / 196, declarers inside → 0 / 26."""
    score = _score(HEARTS, 0, 1, (66, 86), 1, declarations=(0, 100))
    assert (score.outcome, score.totals, score.scores) == (INSIDE, (66, 196), (0, 26))


def test_bulgarian_trailer_that_took_a_point_gets_at_least_one() -> None:
    """RULES §12.3 #566: diamonds, 180 / 2 with 10 hanging in → 17 + 10 / 1 = 27 / 1."""
    score = _score(DIAMONDS, 0, 1, (150, 2), 0, declarations=(20, 0), hanging_in=10)
    assert (score.outcome, score.totals, score.scores, score.hanging) == (
        MADE,
        (180, 2),
        (27, 1),
        0,
    )


# --- RULES §12.2, each non-default knob value, derived by hand --------------------------


def test_bulgarian_trailer_rounds_its_own_and_may_get_zero_bge() -> None:
    """RULES §12.2 "made contract, the trailing team", BGE: 180 / 2 → 18 / 0 (+10 hanging)."""
    rules = GamePointsRules(trailer_at_least_one=False)
    score = _score(DIAMONDS, 0, 1, (150, 2), 0, declarations=(20, 0), hanging_in=10, rules=rules)
    assert score.scores == (28, 0)


def test_bulgarian_each_team_rounds_its_own_total_bge() -> None:
    """RULES §12.2, BGE: clubs 76 / 86: EXE 16 − 9... the leader's 86 → 8, the trailer 8; BGE 76 → 7."""
    assert _score(CLUBS, 1, 1, (76, 76), 1).scores == (8, 8)
    rules = GamePointsRules(trailer_at_least_one=False)
    assert _score(CLUBS, 1, 1, (76, 76), 1, rules=rules).scores == (7, 8)


def test_bulgarian_double_ignored_on_valat_bge() -> None:
    """RULES §12.2 "valat under a double", BGE: #355 undoubled: the defenders score 352 → 35, +10."""
    rules = GamePointsRules(double_multiplies_valat=False)
    score = _score(
        SPADES, 0, 4, (0, 152), 1, declarations=(0, 100), valat=1, hanging_in=10, rules=rules
    )
    assert (score.outcome, score.scores) == (INSIDE, (0, 45))
    made = _score(CLUBS, 0, 2, (152, 0), 0, valat=0, rules=rules)
    assert (made.outcome, made.totals, made.scores) == (MADE, (252, 0), (25, 0))
    assert _score(CLUBS, 0, 2, (152, 0), 0, valat=0).scores == (50, 0)  # EXE: 504 → 50


def test_bulgarian_doubled_amount_rounds_then_multiplies_bge() -> None:
    """RULES §12.2 "doubled amount": with a 95 valat, clubs doubled, 257 points.

    EXE: 514 → 51, odd, a suit goes down: 50. BGE: 257 → 26 (7 goes up), × 2: 52.
    """
    exe = GamePointsRules(valat_bonus=95)
    bge = GamePointsRules(valat_bonus=95, double_rounds_product=False)
    assert _score(CLUBS, 0, 2, (152, 0), 0, valat=0, rules=exe).scores == (50, 0)
    assert _score(CLUBS, 0, 2, (152, 0), 0, valat=0, rules=bge).scores == (52, 0)
    # All-trumps, 353: EXE 706 → 71, odd, up: 72; BGE 353 → 35, × 2: 70.
    assert _score(ALL_TRUMPS, 0, 2, (248, 0), 0, valat=0, rules=exe).scores == (72, 0)
    assert _score(ALL_TRUMPS, 0, 2, (248, 0), 0, valat=0, rules=bge).scores == (70, 0)


def test_bulgarian_doubled_no_trumps_odd_figure_goes_up() -> None:
    """The library's choice where RULES §12.2 is silent: no-trumps makes an odd figure even upwards.

    With a 95 valat, no-trumps doubled: 355 × 2 = 710 → 71 → 72.
    """
    rules = GamePointsRules(valat_bonus=95)
    assert _score(NO_TRUMPS, 0, 2, (120, 0), 0, valat=0, rules=rules).scores == (72, 0)


def test_bulgarian_doubled_amount_readings_agree_on_the_worked_checks() -> None:
    """RULES §12.3 #14, #162, #355: both readings of the doubled amount give 64, 164, 140 (+10)."""
    bge = GamePointsRules(double_rounds_product=False)
    assert _score(DIAMONDS, 0, 4, (79, 73), 0, rules=bge).scores == (64, 0)
    assert _score(ALL_TRUMPS, 0, 4, (108, 140), 1, declarations=(150, 0), rules=bge).scores == (
        164,
        0,
    )
    assert _score(
        SPADES, 0, 4, (0, 152), 1, declarations=(0, 100), valat=1, hanging_in=10, rules=bge
    ).scores == (0, 150)


def test_bulgarian_level_hangs_rounded_as_trailer() -> None:
    """RULES §12.2 "level deal, what hangs" (BGE, HLP, HIT): 106–106 in a suit → 10, 11 hangs."""
    score = _score(SPADES, 1, 1, (96, 56), 0, declarations=(0, 50), hanging_in=5)
    assert (score.outcome, score.totals, score.scores, score.hanging) == (
        LEVEL,
        (106, 106),
        (10, 0),
        16,
    )


def test_bulgarian_level_hangs_defenders_figure_exe_port() -> None:
    """RULES §12.2 "level deal, what hangs", EXE port: 106–106 in a suit → 10, 10 hangs."""
    rules = GamePointsRules(level_hangs_as_trailer=False)
    score = _score(SPADES, 1, 1, (96, 56), 0, declarations=(0, 50), hanging_in=5, rules=rules)
    assert (score.scores, score.hanging) == ((10, 0), 15)


def test_bulgarian_doubled_level_everything_hangs() -> None:
    """RULES §12.2: hearts redoubled 81–81: round(162 / 10) × 4 = 64 hangs; EXE port 648 → 65."""
    score = _score(HEARTS, 1, 4, (81, 71), 1, hanging_in=3)
    assert (score.outcome, score.scores, score.hanging, score.lines) == (
        DOUBLED_LEVEL,
        (0, 0),
        67,
        (),
    )
    rules = GamePointsRules(level_hangs_as_trailer=False)
    assert _score(HEARTS, 1, 4, (81, 71), 1, hanging_in=3, rules=rules).hanging == 68


def test_bulgarian_valat_bonus_knob() -> None:
    """RULES §12.1 "Bonuses": valat 90 (262 → 26 with 100), not doubled in no-trumps."""
    assert _score(CLUBS, 0, 1, (152, 0), 0, valat=0).scores == (25, 0)
    assert _score(
        CLUBS, 0, 1, (152, 0), 0, valat=0, rules=GamePointsRules(valat_bonus=100)
    ).scores == (26, 0)
    assert _score(NO_TRUMPS, 0, 1, (120, 0), 0, valat=0).totals == (350, 0)


@pytest.mark.parametrize("value", [-1, 1001, 10**40])
def test_bulgarian_valat_bonus_out_of_range_names_the_knob(value: int) -> None:
    """Every whole-number knob is bounded (issue 32): game_points.valat_bonus is 0..1000."""
    rules = attrs.evolve(EXE, valat_bonus=value)  # a group is checked with its Rules
    with pytest.raises(InvalidArgument, match=r"knob game_points\.valat_bonus: .*0\.\.1000"):
        score_in_tens(CLUBS, 0, 1, (152, 0), 0, NONE_EACH, NONE_EACH, 0, 0, rules)


def test_bulgarian_boolean_knob_refuses_a_number() -> None:
    with pytest.raises(InvalidArgument, match=r"knob game_points\.trailer_at_least_one"):
        GamePointsRules(trailer_at_least_one=1)  # type: ignore[arg-type]


# --- impossible input ------------------------------------------------------------------

GOOD: dict[str, object] = {
    "mode": CLUBS,
    "declarers": 1,
    "multiplier": 1,
    "card_points": (56, 96),
    "last_trick": 1,
    "declarations": NONE_EACH,
    "belotes": NONE_EACH,
    "valat": None,
    "hanging_in": 0,
    "rules": EXE,
}


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"mode": 6}, InvalidArgument),
        ({"mode": -1}, InvalidArgument),
        ({"mode": True}, InvalidArgumentType),
        ({"declarers": 2}, InvalidArgument),
        ({"multiplier": 0}, InvalidArgument),
        ({"multiplier": 65}, InvalidArgument),
        ({"card_points": (56, 97)}, InvalidArgument),
        ({"card_points": (-10, 162)}, InvalidArgument),
        ({"card_points": (56, 96, 0)}, InvalidArgument),
        ({"card_points": "56 96"}, InvalidArgumentType),
        ({"last_trick": 2}, InvalidArgument),
        ({"declarations": (-20, 0)}, InvalidArgument),
        ({"mode": NO_TRUMPS, "card_points": (40, 80), "declarations": (20, 0)}, InvalidArgument),
        ({"mode": NO_TRUMPS, "card_points": (40, 80), "belotes": (20, 0)}, InvalidArgument),
        ({"valat": 1}, InvalidArgument),
        ({"valat": 2}, InvalidArgument),
        ({"hanging_in": -1}, InvalidArgument),
        ({"rules": "exe"}, InvalidArgumentType),
    ],
)
def test_bulgarian_tens_refuse_an_impossible_deal(
    change: dict[str, object], error: type[Exception]
) -> None:
    """A typed error for what no deal gives (the tally's checks come first: docs/bulgarian.md#scoring)."""
    with pytest.raises(error):
        score_in_tens(**{**GOOD, **change})  # type: ignore[arg-type]


# --- properties ------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> dict[str, object]:
    """Any deal score_in_tens accepts, with standard declarations and belotes."""
    mode = draw(st.integers(0, ALL_TRUMPS))
    full = mode_points(mode)
    valat = draw(st.none() | st.integers(0, 1))
    if valat is None:
        first = draw(st.integers(0, full))
        cards = (first, full - first)
        last = draw(st.integers(0, 1))
    else:
        cards = (full, 0) if valat == 0 else (0, full)
        last = valat
    if mode == NO_TRUMPS:
        declarations, belotes = NONE_EACH, NONE_EACH
    else:
        runs = st.lists(st.sampled_from([20, 50, 100, 150, 200]), max_size=3).map(sum)
        declarations = (draw(runs), draw(runs))
        most = 4 if mode == ALL_TRUMPS else 1
        first_belotes = draw(st.integers(0, most))
        belotes = (20 * first_belotes, 20 * draw(st.integers(0, most - first_belotes)))
    return {
        "mode": mode,
        "declarers": draw(st.integers(0, 1)),
        "multiplier": draw(st.sampled_from([1, 2, 4])),
        "card_points": cards,
        "last_trick": last,
        "declarations": declarations,
        "belotes": belotes,
        "valat": valat,
        "hanging_in": draw(st.integers(0, 300)),
        "rules": draw(
            st.builds(
                GamePointsRules,
                st.booleans(),
                st.booleans(),
                st.booleans(),
                st.booleans(),
                st.integers(0, 1000),
            )
        ),
    }


def _run(deal: dict[str, object]) -> TensScore:
    return score_in_tens(**deal)  # type: ignore[arg-type]


@given(deals())
def test_bulgarian_tens_scores_never_negative_and_lines_sum_to_scores(
    deal: dict[str, object],
) -> None:
    score = _run(deal)
    assert min(score.scores) >= 0 and score.hanging >= 0
    assert all(line.points != 0 for line in score.lines)
    assert _line_sums(score) == score.scores


@given(deals())
def test_bulgarian_tens_totals_hold_every_point_of_the_deal(deal: dict[str, object]) -> None:
    score = _run(deal)
    mode = deal["mode"]
    rules = deal["rules"]
    assert isinstance(mode, int) and isinstance(rules, GamePointsRules)
    base = (mode_points(mode) + 10) * (2 if mode == NO_TRUMPS else 1)
    extra = sum(deal["declarations"]) + sum(deal["belotes"])  # type: ignore[call-overload]
    valat = rules.valat_bonus if deal["valat"] is not None else 0
    assert sum(score.totals) == base + extra + valat


@given(deals())
def test_bulgarian_tens_undoubled_deal_shares_the_rounded_sum(deal: dict[str, object]) -> None:
    """Made (EXE's trailer rule): the two scores are the rounded sum plus what hung; inside: the
    defenders take it all; level: the defenders' score and what starts hanging make the sum."""
    deal = {**deal, "multiplier": 1}
    score = _run(deal)
    mode, declarers, hanging_in, rules = (
        deal["mode"],
        deal["declarers"],
        deal["hanging_in"],
        deal["rules"],
    )
    assert isinstance(mode, int) and isinstance(declarers, int) and isinstance(hanging_in, int)
    assert isinstance(rules, GamePointsRules)
    rounded = _tens(sum(score.totals), mode)
    defenders = 1 - declarers
    if score.outcome == MADE:
        assert score.hanging == 0
        if rules.trailer_at_least_one:
            assert sum(score.scores) == rounded + hanging_in
    elif score.outcome == INSIDE:
        assert score.scores[declarers] == 0 and score.hanging == 0
        assert score.scores[defenders] == rounded + hanging_in
    else:
        assert score.outcome == LEVEL and score.scores[declarers] == 0
        if rules.level_hangs_as_trailer:
            assert score.scores[defenders] + score.hanging - hanging_in == rounded


@given(deals())
def test_bulgarian_tens_doubled_winner_takes_all(deal: dict[str, object]) -> None:
    """Doubled: one team scores, the other nothing; nothing hangs unless the totals are level."""
    score = _run(deal)
    if score.outcome == DOUBLED:
        assert 0 in score.scores and score.hanging == 0
    if score.outcome == DOUBLED_LEVEL:
        assert score.scores == (0, 0) and score.hanging >= deal["hanging_in"]  # type: ignore[operator]


@given(deals())
def test_bulgarian_tens_doubled_readings_agree_with_standard_bonuses(
    deal: dict[str, object],
) -> None:
    """With a valat bonus in tens, EXE's and BGE's doubled amounts never differ (RULES §12.2)."""
    rules = deal["rules"]
    assert isinstance(rules, GamePointsRules)
    rules = attrs.evolve(rules, valat_bonus=rules.valat_bonus // 10 * 10)
    exe = _run({**deal, "rules": attrs.evolve(rules, double_rounds_product=True)})
    bge = _run({**deal, "rules": attrs.evolve(rules, double_rounds_product=False)})
    assert exe.scores == bge.scores


# --- the recorded deals of Bridge Belot v2.06 MP ----------------------------------------

SCORING = Path(__file__).resolve().parent / "data" / "bulgarian" / "scoring.json"
MODES = {"C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES, "NT": NO_TRUMPS, "AT": ALL_TRUMPS}
KINDS = {"tierce": 0, "quarte": 1, "quinte": 2, "carre": 3}
RUN_TOPS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
CARRE_TOPS = ["Q", "K", "10", "A", "9", "J"]  # EXE: A > 10 > K > Q among the 100s


def _pooled_contest(declared: list[dict[str, object]], mode: int) -> tuple[int, int]:
    """RULES §12.2 "declaration contest" (EXE): one contest of each team's best declaration,
    by value, then kind, then top card; the winner scores all its declarations; a tie, none."""
    if mode == NO_TRUMPS:
        return NONE_EACH
    best: list[tuple[int, int, int] | None] = [None, None]
    points = [0, 0]
    for item in declared:
        team, value, kind, top = item["team"], item["value"], str(item["kind"]), str(item["top"])
        assert isinstance(team, int) and isinstance(value, int)
        tops = CARRE_TOPS if kind == "carre" else RUN_TOPS
        key = (value, KINDS[kind], tops.index(top))
        points[team] += value
        current = best[team]
        best[team] = key if current is None or key > current else current
    first, second = best
    if first is None or second is None:
        return points[0], points[1]
    if first == second:
        return NONE_EACH
    return (points[0], 0) if first > second else (0, points[1])


@pytest.mark.skipif(
    not SCORING.exists(), reason="tests/data/bulgarian/scoring.json not extracted yet"
)
def test_bulgarian_tens_agree_with_the_recorded_deals() -> None:
    """RULES §12.1-§12.3: every recorded deal of belot.exe scores as recorded (EXE defaults)."""
    cases = json.loads(SCORING.read_text(encoding="utf-8"))["cases"]
    assert len(cases) == 2500
    mismatches = []
    for case in cases:
        mode = MODES[case["contract"]]
        belotes = [0, 0]
        for seat in case["belotes"]:
            belotes[seat % 2] += 20
        score = score_in_tens(
            mode,
            case["declarer_team"],
            case["multiplier"],
            tuple(case["card_points"]),
            case["last_trick"],
            _pooled_contest(case["declarations"], mode),
            (belotes[0], belotes[1]),
            case["valat"],
            case["hanging_in"],
            EXE,
        )
        _check_lines(score)
        if list(score.scores) != case["expected"]:
            mismatches.append((case["id"], list(score.scores), case["expected"]))
    assert mismatches == [], f"{len(mismatches)} of {len(cases)} differ: {mismatches[:20]}"
