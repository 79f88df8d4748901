"""Scoring one deal (rules §7, docs/rules.md#scoring): contract, litige, capot, rounding, pending.

Expected values come from the source texts and docs/rules.md, never from running
the code: the two tables at the end of 000, the litige examples of 000 and
002, the capot values of 000, 002, 003 and 004.
"""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.cards import Card, CardSet, Suit
from belote.errors import InvalidTally
from belote.rules import Rules, get_rules
from belote.scoring import (
    DealResult,
    Outcome,
    Tally,
    check_tally,
    redeal_result,
    score_tally,
    tricks_per_deal,
)
from belote.scoring.announcements import Declaration, Kind, classify, find_combinations

CLASSIC = get_rules("classic")
PIEDICAVALLO = get_rules("piedicavallo")
ITALIAN751 = get_rules("italian751")
FRENCH = get_rules("french")


def declare(seat: int, cards: str, rules: Rules) -> Declaration:
    return Declaration(seat, classify(CardSet.parse(cards), rules))


def tally(
    *,
    taker: int = 0,
    trump: str = "D",
    tricks: tuple[int, ...] = (4, 4),
    card_points: tuple[int, ...],
    last_trick: int | None = 0,
    announcements: tuple[Declaration, ...] = (),
    belote: int | None = None,
    dealer: int | None = None,
    players: int = 4,
    stopped_by: int | None = None,
) -> Tally:
    return Tally(
        taker=taker,
        trump=Suit.parse(trump),
        tricks=tricks,
        card_points=card_points,
        last_trick=last_trick,
        announcements=announcements,
        belote=belote,
        dealer=dealer,
        players=players,
        stopped_by=stopped_by,
    )


def by_side(result: DealResult, side: int) -> int:
    return sum(line.points for line in result.lines if line.to == side)


def round_half_up(points: int) -> int:
    """000: 65 → 70, 55 → 60 (scores kept in tens)."""
    return (points + 5) // 10 * 10


# --- the attack's announcements used for 000's tables ----------------------------------
# Trump is diamonds; the attack is team 0 (seats 0 and 2). Seat 0 never shows more
# than 8 cards, nor does seat 2 (belote KD QD counted).

CENT = (0, "AH KH QH JH 10H")  # 100
FIFTY = (0, "AH KH QH JH")  # 50
TIERCE_0 = (0, "AS KS QS")  # 20
TIERCE_2A = (2, "7C 8C 9C")  # 20
TIERCE_2B = (2, "AC KC QC")  # 20
FIFTY_2 = (2, "AC KC QC JC")  # 50
TIERCE_0B = (0, "7S 8S 9S")  # 20: with TIERCE_0 and FIFTY... never together with both
BELOTE = "belote"  # seat 2, KD QD

ATTACK_ANNOUNCED: dict[int, tuple[object, ...]] = {
    20: (TIERCE_0,),
    40: (TIERCE_0, TIERCE_2A),
    50: (FIFTY,),
    60: (TIERCE_0, TIERCE_2A, TIERCE_2B),
    70: (FIFTY, TIERCE_0),
    80: (TIERCE_0, TIERCE_0B, TIERCE_2A, TIERCE_2B),
    90: (FIFTY, TIERCE_0, TIERCE_2A),
    100: (CENT,),
    110: (FIFTY, TIERCE_0, TIERCE_2A, TIERCE_2B),
    120: (CENT, TIERCE_0),
    130: (FIFTY, TIERCE_0, TIERCE_2A, TIERCE_2B, BELOTE),
    140: (CENT, TIERCE_0, TIERCE_2A),
    150: (CENT, FIFTY_2),
}


def attack_announcing(points: int) -> tuple[tuple[Declaration, ...], int | None]:
    declarations = []
    belote = None
    for piece in ATTACK_ANNOUNCED[points]:
        if piece == BELOTE:
            belote = 2
        else:
            seat, cards = piece  # type: ignore[misc]
            declarations.append(declare(seat, cards, PIEDICAVALLO))
    return tuple(declarations), belote


def test_the_table_pieces_add_up_to_each_row() -> None:
    """The helper itself: each row's announcements are worth the row's points (000 §annunci)."""
    for points in ATTACK_ANNOUNCED:
        declarations, belote = attack_announcing(points)
        worth = sum(d.combination.points(PIEDICAVALLO) for d in declarations)
        assert worth + (20 if belote is not None else 0) == points


# 000 "TABELLA PUNTI NECESSARI PER SALVARSI": announced points, card points needed.
TABLE_SAVE = [
    (20, 72), (40, 62), (50, 57), (60, 52), (70, 47), (80, 42), (90, 37),
    (100, 32), (110, 27), (120, 22), (130, 17), (140, 12), (150, 7),
]  # fmt: skip

# 000 "TABELLA PUNTI NECESSARI A FAR FARE IL BUCO": the attack's announced points,
# the defence's card points needed, the büs points the defence then scores.
TABLE_BUS = [
    (20, 92, 180), (40, 102, 200), (50, 107, 210), (60, 112, 220), (70, 117, 230),
    (80, 122, 240), (90, 127, 250), (100, 132, 260), (110, 137, 270), (120, 142, 280),
    (130, 147, 290), (140, 152, 300), (150, 157, 310),
]  # fmt: skip


def attack_with(points: int, announced: int) -> Tally:
    """Team 0 takes with ``points`` card points (last trick to the defence)."""
    declarations, belote = attack_announcing(announced)
    return tally(
        tricks=(3, 5),
        card_points=(points, 152 - points),
        last_trick=1,
        announcements=declarations,
        belote=belote,
    )


def defence_with(points: int, announced: int) -> Tally:
    """Team 0 takes; the defence has ``points`` card points, last trick included."""
    declarations, belote = attack_announcing(announced)
    return tally(
        tricks=(2, 6),
        card_points=(162 - points, points - 10),
        last_trick=1,
        announcements=declarations,
        belote=belote,
    )


@pytest.mark.parametrize(("announced", "needed"), TABLE_SAVE)
def test_piedicavallo_table_points_needed_to_save_the_contract(announced: int, needed: int) -> None:
    """000 "TABELLA PUNTI NECESSARI PER SALVARSI": with those card points the attack makes it."""
    result = score_tally(attack_with(needed, announced), PIEDICAVALLO)
    assert result.outcome is Outcome.MADE
    defence = round_half_up(162 - needed)  # rules §7.3, docs/rules.md#rounding
    assert result.scores == (160 - defence + announced, defence)
    assert result.pending == 0


@pytest.mark.parametrize(("announced", "needed"), TABLE_SAVE)
def test_piedicavallo_table_one_point_less_is_a_litige(announced: int, needed: int) -> None:
    """000 "TABELLA PUNTI NECESSARI PER SALVARSI", row "-1 LITIS"; 000 §Litige."""
    result = score_tally(attack_with(needed - 1, announced), PIEDICAVALLO)
    assert result.outcome is Outcome.LITIGE
    defence = round_half_up(162 - needed + 1)
    assert result.scores == (0, defence)
    # the attack's rounded card points, announcements and belote wait (000 "80+20").
    assert result.pending == 160 - defence + announced


@pytest.mark.parametrize(("announced", "needed"), TABLE_SAVE)
def test_piedicavallo_table_two_points_less_is_a_bus(announced: int, needed: int) -> None:
    """000 §Assegnazione: büs 160 plus the announcements, to the defence."""
    result = score_tally(attack_with(needed - 2, announced), PIEDICAVALLO)
    assert result.outcome is Outcome.FAILED
    assert result.scores == (0, 160 + announced)


@pytest.mark.parametrize(("announced", "needed", "bus"), TABLE_BUS)
def test_piedicavallo_table_points_needed_for_a_bus(announced: int, needed: int, bus: int) -> None:
    """000 "TABELLA PUNTI NECESSARI A FAR FARE IL BUCO": defence points and büs points."""
    result = score_tally(defence_with(needed, announced), PIEDICAVALLO)
    assert result.outcome is Outcome.FAILED
    assert result.scores == (0, bus)
    assert result.capot is None


@pytest.mark.parametrize(("announced", "needed", "bus"), TABLE_BUS)
def test_piedicavallo_table_bus_one_point_less_is_a_litige(
    announced: int, needed: int, bus: int
) -> None:
    """000 "TABELLA PUNTI NECESSARI A FAR FARE IL BUCO", row "-1 LITIS"."""
    result = score_tally(defence_with(needed - 1, announced), PIEDICAVALLO)
    assert result.outcome is Outcome.LITIGE
    defence = round_half_up(needed - 1)
    assert result.scores == (0, defence)
    assert result.pending == 160 - defence + announced
    assert bus == 160 + announced  # the table's büs is 160 + the announcements


# --- rules §7.3, docs/rules.md#rounding worked checks -------------------------------------------------------


def test_piedicavallo_contract_is_decided_before_rounding() -> None:
    """Rules §7.3, docs/rules.md#rounding, 000 tables: 72 card points save a tierce (92 > 90), 71 is a litige."""
    tierce = (declare(0, "AH KH QH", PIEDICAVALLO),)
    made = score_tally(
        tally(tricks=(3, 5), card_points=(72, 80), last_trick=1, announcements=tierce),
        PIEDICAVALLO,
    )
    assert made.outcome is Outcome.MADE
    assert made.scores == (70 + 20, 90)
    litige = score_tally(
        tally(tricks=(3, 5), card_points=(71, 81), last_trick=1, announcements=tierce),
        PIEDICAVALLO,
    )
    assert litige.outcome is Outcome.LITIGE


def test_piedicavallo_defence_92_against_a_tierce_scores_180() -> None:
    """Rules §7.3, docs/rules.md#rounding; 000 table "punti buco": 20 announced, 92 needed, 180."""
    tierce = (declare(2, "7C 8C 9C", PIEDICAVALLO),)
    result = score_tally(
        tally(tricks=(3, 5), card_points=(70, 82), last_trick=1, announcements=tierce),
        PIEDICAVALLO,
    )
    assert result.outcome is Outcome.FAILED
    assert result.scores == (0, 180)


@pytest.mark.parametrize(
    ("defence_points", "defence_rounded"), [(65, 70), (55, 60), (64, 60), (75, 80)]
)
def test_piedicavallo_rounds_the_defence_to_tens_and_the_attack_gets_the_rest(
    defence_points: int, defence_rounded: int
) -> None:
    """000 "si arrotonda": 65 → 70, 55 → 60; rules §7.3, docs/rules.md#rounding the attack gets 160 minus that."""
    result = score_tally(
        tally(tricks=(5, 3), card_points=(152 - defence_points, defence_points), last_trick=0),
        PIEDICAVALLO,
    )
    assert result.outcome is Outcome.MADE
    assert result.scores == (160 - defence_rounded, defence_rounded)


# --- litige ---------------------------------------------------------------------------


@pytest.mark.parametrize("attack_has", ["tierce", "belote"])
def test_piedicavallo_litige_81_plus_20_against_81_plus_20(attack_has: str) -> None:
    """000 §Litige example: 81 + tierce against 81 + belote: 100 to the defence, 100 held."""
    if attack_has == "tierce":
        announcements, belote = (declare(0, "AH KH QH", PIEDICAVALLO),), 1
    else:
        announcements, belote = (declare(1, "AH KH QH", PIEDICAVALLO),), 0
    result = score_tally(
        tally(
            trump="S",
            card_points=(71, 81),
            last_trick=0,
            announcements=announcements,
            belote=belote,
        ),
        PIEDICAVALLO,
    )
    assert result.outcome is Outcome.LITIGE
    assert result.scores == (0, 100)
    assert result.pending == 100


def test_classic_litige_81_81_defence_scores_81_and_81_wait() -> None:
    """002 "Tie points": the defence scores 81, the other 81 wait for the next deal."""
    result = score_tally(tally(card_points=(71, 81), last_trick=0), CLASSIC)
    assert result.outcome is Outcome.LITIGE
    assert result.scores == (0, 81)
    assert result.pending == 81


def test_classic_litige_attack_keeps_its_belote() -> None:
    """Rules §7.1, docs/rules.md#contract litige row, 002 "The 20 points belong to the team"."""
    result = score_tally(tally(card_points=(61, 91), last_trick=0, belote=2), CLASSIC)
    # attack 61 + 10 + 20 = 91 against 91
    assert result.outcome is Outcome.LITIGE
    assert result.scores == (20, 91)
    assert result.pending == 71


def test_italian751_litige_holds_card_points_and_runs_not_belote() -> None:
    """004: the takers' 81 points wait for the next deal; rules §7.1, docs/rules.md#contract litige row."""
    runs = (declare(0, "AH KH QH", ITALIAN751),)
    # attack 51 + 10 + 20 (tierce) + 20 (belote) = 101 against the defence's 101.
    result = score_tally(
        tally(card_points=(51, 101), last_trick=0, announcements=runs, belote=2), ITALIAN751
    )
    assert result.outcome is Outcome.LITIGE
    assert result.scores == (20, 101)
    assert result.pending == 61 + 20


# --- contract made / failed ------------------------------------------------------------


def test_classic_belote_can_put_the_attack_in() -> None:
    """002: the defence's 72 + 10 + belote 20 = 92 beats the attack's 90: dedans, 162 + 20."""
    result = score_tally(tally(card_points=(90, 62), last_trick=1, belote=1), CLASSIC)
    assert result.outcome is Outcome.FAILED
    assert result.scores == (0, 162 + 20)


def test_classic_failed_attack_keeps_its_belote() -> None:
    """002 "The 20 points belong to the team"; rules §7.1, docs/rules.md#contract failed row."""
    result = score_tally(tally(card_points=(50, 102), last_trick=1, belote=0), CLASSIC)
    assert result.outcome is Outcome.FAILED
    assert result.scores == (20, 162)


def test_italian751_belote_raises_the_bar_to_more_than_91() -> None:
    """004: with belote the caller needs more than 91 of 182."""
    made = score_tally(tally(card_points=(72, 80), last_trick=0, belote=0), ITALIAN751)
    assert made.outcome is Outcome.MADE  # 72 + 10 + 20 = 102 > 80
    failed = score_tally(tally(card_points=(81, 71), last_trick=1, belote=1), ITALIAN751)
    assert failed.outcome is Outcome.FAILED  # 81 < 71 + 10 + 20 = 101
    assert failed.scores == (0, 162 + 20)


def test_italian751_failed_attack_loses_runs_and_carres_but_keeps_belote() -> None:
    """004 "comprese le scale e i carré"; rules §7.1, docs/rules.md#contract failed row (reading on belote)."""
    announcements = (declare(0, "AS AH AD AC", ITALIAN751), declare(2, "7C 8C 9C", ITALIAN751))
    result = score_tally(
        tally(tricks=(2, 6), card_points=(10, 142), last_trick=1, announcements=announcements,
              belote=2),
        ITALIAN751,
    )
    # attack 10 + 100 + 20 + 20 = 150 against the defence's 152.
    assert result.outcome is Outcome.FAILED
    assert result.scores == (20, 162 + 100 + 20)


def test_piedicavallo_bus_gives_the_defence_every_announcement_and_belote() -> None:
    """000 §Assegnazione, rules §7.1, docs/rules.md#contract failed row: 160 + both teams' announcements and belote."""
    result = score_tally(
        tally(
            trump="S",
            card_points=(40, 112),
            last_trick=1,
            announcements=(declare(0, "AH KH QH JH", PIEDICAVALLO),),
            belote=1,
        ),
        PIEDICAVALLO,
    )
    # attack 40 + 50 = 90 against 122 + 20 = 142
    assert result.outcome is Outcome.FAILED
    assert result.scores == (0, 160 + 50 + 20)


# --- capot ------------------------------------------------------------------------------


def test_classic_capot_is_252_to_0() -> None:
    """002 "252 points to 0"."""
    result = score_tally(tally(tricks=(8, 0), card_points=(152, 0), last_trick=0), CLASSIC)
    assert result.outcome is Outcome.MADE
    assert result.capot == 0
    assert result.scores == (252, 0)


def test_classic_capot_leaves_the_defence_its_belote() -> None:
    """002 belote "belong to the team, even if it has not made any tricks"."""
    result = score_tally(
        tally(tricks=(8, 0), card_points=(152, 0), last_trick=0, belote=3), CLASSIC
    )
    assert result.scores == (252, 20)


def test_classic_defence_capot_is_a_dedans_of_252() -> None:
    """Rules §7.1, docs/rules.md#contract failed row: 252 when the defence made capot; 002 capot 252."""
    result = score_tally(
        tally(taker=1, tricks=(8, 0), card_points=(152, 0), last_trick=0, belote=1), CLASSIC
    )
    assert result.outcome is Outcome.FAILED
    assert result.capot == 0
    assert result.scores == (252, 20)


def test_piedicavallo_capot_is_250_plus_announcements_and_belote() -> None:
    """000 §Assegnazione: cappotto 250, added to the announcements."""
    result = score_tally(
        tally(
            trump="S",
            tricks=(8, 0),
            card_points=(152, 0),
            last_trick=0,
            announcements=(declare(0, "AH KH QH", PIEDICAVALLO),),
            belote=2,
        ),
        PIEDICAVALLO,
    )
    assert result.outcome is Outcome.MADE
    assert result.capot == 0
    assert result.scores == (250 + 20 + 20, 0)


def test_piedicavallo_reverse_capot_is_350_plus_every_announcement() -> None:
    """000 §Assegnazione: cappotto contrario 350 and all the deal's announcements."""
    result = score_tally(
        tally(
            trump="S",
            tricks=(0, 8),
            card_points=(0, 152),
            last_trick=1,
            announcements=(declare(0, "AH KH QH", PIEDICAVALLO),),
            belote=2,
        ),
        PIEDICAVALLO,
    )
    assert result.outcome is Outcome.FAILED
    assert result.capot == 1
    assert result.scores == (0, 350 + 20 + 20)


def test_italian751_capot_allows_tricks_of_no_points() -> None:
    """004: no point at all for the opponents (0-point tricks allowed): 252 instead of 162."""
    result = score_tally(tally(tricks=(6, 2), card_points=(152, 0), last_trick=0), ITALIAN751)
    assert result.capot == 0
    assert result.scores == (252, 0)


def test_italian751_no_capot_when_the_opponents_take_the_last_trick() -> None:
    """004: the last trick is worth points, so the opponents made some."""
    result = score_tally(tally(tricks=(7, 1), card_points=(152, 0), last_trick=1), ITALIAN751)
    assert result.capot is None
    assert result.scores == (152, 10)


def test_italian751_no_capot_when_the_opponents_hold_belote() -> None:
    """004: with the opponents' "Belote e Rebelote" a capot is impossible."""
    result = score_tally(
        tally(tricks=(6, 2), card_points=(152, 0), last_trick=0, belote=1), ITALIAN751
    )
    assert result.capot is None
    assert result.scores == (162, 20)


def test_italian751_capot_opponents_keep_their_announcements() -> None:
    """004 "Le dichiarazioni degli avversari restano a loro"; carrés are independent."""
    result = score_tally(
        tally(
            tricks=(8, 0),
            card_points=(152, 0),
            last_trick=0,
            announcements=(declare(1, "QS QH QD QC", ITALIAN751),),
        ),
        ITALIAN751,
    )
    assert result.capot == 0
    assert result.scores == (252, 100)


def test_french_capot_is_100_without_the_last_trick() -> None:
    """001 "Cappotto -> 100 punti"; 003 no 10 of the last trick with a capot."""
    result = score_tally(
        tally(tricks=(9, 0), card_points=(120, 0), last_trick=0, players=2, dealer=1), FRENCH
    )
    assert result.outcome is Outcome.PLAYED
    assert result.capot == 0
    assert result.scores == (120 + 100, 0)


def test_french_three_player_capot_split_50_each_without_the_last_trick() -> None:
    """003 "à trois ... chacun 50 points", and no 10 of the last trick with a capot
    (rules §7.2, docs/rules.md#capot)."""
    result = score_tally(
        tally(tricks=(5, 4, 0), card_points=(80, 60, 0), last_trick=1, players=3, dealer=2),
        FRENCH,
    )
    assert result.capot is None
    assert result.scores == (80 + 50, 60 + 50, 0)


def test_french_three_player_one_player_takes_every_trick() -> None:
    """003: a player who takes every trick scores 100 and not the 10 (rules §7.2, docs/rules.md#capot)."""
    result = score_tally(
        tally(tricks=(0, 9, 0), card_points=(0, 140, 0), last_trick=1, players=3, dealer=0),
        FRENCH,
    )
    assert result.capot == 1
    assert result.scores == (0, 240, 0)


def test_french_each_player_scores_his_own_points() -> None:
    """001, 003; rules §7.5, docs/rules.md#french-scoring: card points, last trick, combinations won, belote."""
    result = score_tally(
        tally(
            trump="H",
            tricks=(5, 4),
            card_points=(70, 60),
            last_trick=1,
            players=2,
            dealer=1,
            announcements=(declare(0, "9S 9H 9D 9C", FRENCH), declare(1, "AC KC QC", FRENCH)),
            belote=1,
        ),
        FRENCH,
    )
    # any carré beats any run: player 0 scores his carré of nines (150), player 1 none.
    assert result.scores == (70 + 150, 60 + 10 + 20)
    assert result.pending == 0


def test_french_stopped_deal_has_no_last_trick() -> None:
    """001, 003 "j'arrête": the deal stops; no last trick is scored."""
    result = score_tally(
        tally(tricks=(3, 2), card_points=(40, 25), last_trick=None, players=2, dealer=0,
              stopped_by=0),
        FRENCH,
    )  # fmt: skip
    assert result.scores == (40, 25)
    assert result.stopped_by == 0


def test_italian751_eight_card_run_shown_wins_the_match() -> None:
    """004 "un cento di 8 carte ... vincere in questo modo la partita"."""
    result = score_tally(
        tally(
            trump="D",
            card_points=(100, 52),
            last_trick=0,
            announcements=(declare(3, "AH KH QH JH 10H 9H 8H 7H", ITALIAN751),),
        ),
        ITALIAN751,
    )
    assert result.match_winner == 1


# --- pending points in one deal (rules §7.4, docs/rules.md#pending-litige-points) ----------------------------------------


@pytest.mark.parametrize("rules", [CLASSIC, PIEDICAVALLO, ITALIAN751], ids=lambda r: r.name)
def test_pending_goes_to_the_next_attack_that_makes_it(rules: Rules) -> None:
    """000 §Litige nota 1; 002 "given to the team that wins the next game"; 004."""
    result = score_tally(tally(taker=1, card_points=(52, 100), last_trick=1), rules, pending=80)
    assert result.outcome is Outcome.MADE
    defence = round_half_up(52) if rules.round_to else 52
    assert result.scores == (defence, 110 + 80)
    assert any(line.item == "litige pending won" and line.to == 1 for line in result.lines)
    assert result.pending == 0


@pytest.mark.parametrize("rules", [CLASSIC, PIEDICAVALLO, ITALIAN751], ids=lambda r: r.name)
def test_pending_goes_to_the_defence_when_the_next_attack_fails(rules: Rules) -> None:
    """000 §Litige nota 2 (büs + litige points); 002; 004."""
    result = score_tally(tally(taker=1, card_points=(100, 52), last_trick=0), rules, pending=80)
    assert result.outcome is Outcome.FAILED
    assert result.scores == (rules.failed_defence_points + 80, 0)
    assert result.pending == 0


def test_piedicavallo_litige_pending_goes_to_next_defence_on_second_litige() -> None:
    """000 §Litige, nota 2."""
    result = score_tally(tally(card_points=(71, 81), last_trick=0), PIEDICAVALLO, pending=100)
    assert result.outcome is Outcome.LITIGE
    assert result.scores == (0, 80 + 100)
    assert result.pending == 80


@pytest.mark.parametrize("rules", [CLASSIC, ITALIAN751], ids=lambda r: r.name)
def test_next_winner_pending_adds_up_on_a_second_litige(rules: Rules) -> None:
    """Rules §7.4, docs/rules.md#pending-litige-points reading for 002 and 004: a further litige adds to the pending points."""
    result = score_tally(tally(card_points=(71, 81), last_trick=0), rules, pending=81)
    assert result.outcome is Outcome.LITIGE
    assert result.scores == (0, 81)
    assert result.pending == 162


def test_redeal_keeps_pending_points() -> None:
    """000, 001, 002: everyone passed, nothing scored, pending points stay (rules §3, docs/rules.md#bidding)."""
    result = redeal_result(CLASSIC, pending=81)
    assert result.outcome is Outcome.REDEAL
    assert result.scores == (0, 0)
    assert result.pending == 81


# --- validation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": 3}, "players"),
        ({"taker": 4}, "taker"),
        ({"tricks": (4, 4, 0)}, "tricks"),
        ({"tricks": (4, 3)}, "tricks"),
        ({"tricks": (9, -1)}, "tricks"),
        ({"card_points": (80, 70)}, "card_points"),
        ({"card_points": (160, -8)}, "card_points"),
        ({"tricks": (8, 0), "card_points": (140, 12)}, "card_points"),
        ({"tricks": (8, 0), "last_trick": 1, "card_points": (152, 0)}, "last_trick"),
        ({"last_trick": 2}, "last_trick"),
        ({"last_trick": None}, "last_trick"),
        ({"belote": 5}, "belote"),
    ],
)
def test_impossible_tallies_are_refused_naming_the_field(
    changes: dict[str, object], field: str
) -> None:
    """CONTRACT.md "Tally": 8 tricks, 152 card points, no points without a trick."""
    fields: dict[str, object] = {"card_points": (80, 72), "last_trick": 0} | changes
    with pytest.raises(InvalidTally) as info:
        score_tally(tally(**fields), CLASSIC)  # type: ignore[arg-type]
    assert info.value.field == field


def test_announcements_are_refused_in_classic() -> None:
    """002: only belote exists."""
    declaration = Declaration(0, classify(CardSet.parse("AH KH QH"), PIEDICAVALLO))
    with pytest.raises(InvalidTally) as info:
        score_tally(tally(card_points=(80, 72), announcements=(declaration,)), CLASSIC)
    assert info.value.field == "announcements"


def test_a_card_shown_by_two_seats_is_refused() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: a card belongs to one hand."""
    announcements = (declare(0, "AH KH QH", PIEDICAVALLO), declare(1, "KH QH JH", PIEDICAVALLO))
    with pytest.raises(InvalidTally) as info:
        score_tally(tally(card_points=(80, 72), announcements=announcements), PIEDICAVALLO)
    assert info.value.field == "announcements[1].cards"


def test_a_card_may_serve_in_a_carre_and_a_run() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds reading (knob card_in_carre_and_run)."""
    announcements = (declare(0, "QS QH QD QC", PIEDICAVALLO), declare(0, "AH KH QH", PIEDICAVALLO))
    result = score_tally(tally(card_points=(80, 72), announcements=announcements), PIEDICAVALLO)
    # carré 100 + tierce 20; card points rounded: defence 72 → 70, attack 160 - 70 = 90
    assert result.scores == (90 + 100 + 20, 70)


def test_belote_cards_shown_by_another_seat_are_refused() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: belote is the K and Q of trump of the seat announcing it."""
    announcements = (declare(0, "AD KD QD", PIEDICAVALLO),)
    with pytest.raises(InvalidTally) as info:
        score_tally(
            tally(card_points=(80, 72), announcements=announcements, belote=1), PIEDICAVALLO
        )
    assert info.value.field == "belote"


def test_french_requires_the_dealer_and_allows_at_most_152_card_points() -> None:
    """CONTRACT.md "Tally": dealer required for french; card points at most 152."""
    with pytest.raises(InvalidTally) as info:
        check_tally(tally(tricks=(5, 4), card_points=(70, 60), players=2), FRENCH)
    assert info.value.field == "dealer"
    with pytest.raises(InvalidTally) as info:
        check_tally(tally(tricks=(5, 4), card_points=(100, 60), players=2, dealer=0), FRENCH)
    assert info.value.field == "card_points"
    check_tally(tally(tricks=(5, 4), card_points=(70, 60), players=2, dealer=0), FRENCH)


def test_a_stopped_deal_only_where_calling_out_is_j_arrete() -> None:
    """001, 003 "j'arrête" (rules §8.2, docs/rules.md#j-arrete); other variants play to the last trick."""
    with pytest.raises(InvalidTally) as info:
        check_tally(tally(tricks=(3, 2), card_points=(40, 30), last_trick=None), PIEDICAVALLO)
    assert info.value.field == "last_trick"


def test_tricks_per_deal_follow_the_deal() -> None:
    """Rules §2, docs/rules.md#dealing: 8 cards each with four players, 9 in french."""
    assert [tricks_per_deal(r) for r in (CLASSIC, PIEDICAVALLO, ITALIAN751, FRENCH)] == [8, 8, 8, 9]


# --- properties -------------------------------------------------------------------------


def won_card_points(cards: int, trump: Suit) -> st.SearchStrategy[int]:
    """The card points of ``cards`` cards drawn from the 32: what that many won cards can hold."""
    return st.permutations(range(32)).map(
        lambda deck: sum(Card.from_index(i).points(trump) for i in deck[:cards])
    )


@st.composite
def plain_four_player_tallies(draw: st.DrawFn) -> Tally:
    """Four-player tallies without announcements or belote."""
    attack_tricks = draw(st.integers(1, 7))
    trump = draw(st.sampled_from(list(Suit)))
    attack_points = draw(won_card_points(4 * attack_tricks, trump))
    last = draw(st.sampled_from([0, 1]))
    taker = draw(st.integers(0, 3))
    team = taker % 2
    tricks = [attack_tricks, 8 - attack_tricks]
    points = [attack_points, 152 - attack_points]
    if team == 1:
        tricks.reverse()
        points.reverse()
    return Tally(
        taker=taker,
        trump=trump,
        tricks=tuple(tricks),
        card_points=tuple(points),
        last_trick=last,
    )


@settings(max_examples=150)
@given(plain_four_player_tallies(), st.sampled_from([CLASSIC, ITALIAN751]))
def test_property_made_deals_without_extras_sum_to_162(t: Tally, rules: Rules) -> None:
    """Rules §1, docs/rules.md#cards: 152 card points + 10 for the last trick; each team scores its own."""
    result = score_tally(t, rules)
    if result.outcome is Outcome.MADE and result.capot is None:
        assert sum(result.scores) == 162


@settings(max_examples=150)
@given(
    plain_four_player_tallies(),
    st.sampled_from([CLASSIC, ITALIAN751, PIEDICAVALLO]),
    st.integers(0, 300),
)
def test_property_lines_sum_to_scores_and_card_points_are_conserved(
    t: Tally, rules: Rules, pending: int
) -> None:
    """CONTRACT.md "Deal result": the lines of a side sum to its score."""
    result = score_tally(t, rules, pending)
    for side, score in enumerate(result.scores):
        assert by_side(result, side) == score
    card_items = {"card points", "last trick", "rounding"}
    cards = sum(line.points for line in result.lines if line.item in card_items)
    if result.outcome is Outcome.MADE and result.capot is None:
        assert cards == (160 if rules.round_to else 162)
    # nothing is created or lost: what is scored or pending equals what was won
    if result.outcome is not Outcome.FAILED and result.capot is None:
        assert sum(result.scores) + result.pending == (160 if rules.round_to else 162) + pending


@st.composite
def declared_deals(draw: st.DrawFn, rules: Rules) -> tuple[Tally, list[Declaration]]:
    deck = draw(st.permutations(list(range(32))))
    hands = [CardSet(Card.from_index(i) for i in deck[8 * s : 8 * s + 8]) for s in range(4)]
    declarations: list[Declaration] = []
    for seat, hand in enumerate(hands):
        runs_used = 0
        carres_used = 0
        for combination in find_combinations(hand, rules):
            mask = combination.cards.mask
            is_carre = combination.kind is Kind.CARRE
            used = carres_used if is_carre else runs_used
            if used & mask or not draw(st.booleans()):
                continue
            if is_carre:
                carres_used |= mask
            else:
                runs_used |= mask
            declarations.append(Declaration(seat, combination))
    trump = draw(st.sampled_from(list(Suit)))
    attack_points = draw(won_card_points(16, trump))
    t = Tally(
        taker=draw(st.integers(0, 3)),
        trump=trump,
        tricks=(4, 4),
        card_points=(attack_points, 152 - attack_points),
        last_trick=draw(st.sampled_from([0, 1])),
        dealer=draw(st.integers(0, 3)),
    )
    return t, declarations


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([PIEDICAVALLO, ITALIAN751]))
def test_property_result_does_not_depend_on_the_order_of_announcements(
    data: st.DataObject, rules: Rules
) -> None:
    """Rules §6.2, docs/rules.md#announcement-contest: the contest compares combinations, not the order they are listed in."""
    t, declarations = data.draw(declared_deals(rules))
    shuffled = data.draw(st.permutations(declarations))
    first = score_tally(attrs.evolve(t, announcements=tuple(declarations)), rules)
    second = score_tally(attrs.evolve(t, announcements=tuple(shuffled)), rules)
    assert first.scores == second.scores
    assert first.pending == second.pending
    assert sorted(map(repr, first.lines)) == sorted(map(repr, second.lines))


def test_the_four_player_tables_cover_every_row() -> None:
    """000: both tables have 13 rows, from 20 to 150 announced points."""
    assert [row[0] for row in TABLE_SAVE] == [row[0] for row in TABLE_BUS]
    assert len(TABLE_SAVE) == 13
    assert all(a[1] > b[1] for a, b in itertools.pairwise(TABLE_SAVE))
