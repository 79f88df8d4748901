"""Issue 10: the readings docs/rules.md now states, and every reading a knob.

Each test flips or checks one rule on a concrete tally, trick or match; the
expected values are worked by hand from docs/rules.md and the source it cites.
"""

from __future__ import annotations

import attrs
import pytest

from belote.actions import Action
from belote.cards import Card, CardSet, Suit
from belote.errors import InvalidArgument, InvalidTally
from belote.records.describe import applies, describe_rules, rules_to_json
from belote.rules import BothOverTarget, Rules, get_rules
from belote.rules.penalties import Offence, Penalty, SanctionKind, sanction_for
from belote.scoring import DealResult, Outcome, Tally, score_tally
from belote.scoring.announcements import Declaration, classify
from belote.scoring.contest import resolve_contest
from belote.scoring.match import Match, next_dealer
from belote.tricks import legal_plays

CLASSIC = get_rules("classic")
PIEDICAVALLO = get_rules("piedicavallo")
ITALIAN751 = get_rules("italian751")
FRENCH = get_rules("french")


def declare(seat: int, cards: str, rules: Rules) -> Declaration:
    return Declaration(seat, classify(CardSet.parse(cards), rules))


def four(
    rules: Rules,
    *declared: tuple[int, str],
    card_points: tuple[int, int] = (100, 52),
    last_trick: int = 0,
    taker: int = 0,
    belote: int | None = None,
) -> Tally:
    """A four-player tally, trump diamonds."""
    return Tally(
        taker=taker,
        trump=Suit.DIAMONDS,
        tricks=(5, 3),
        card_points=card_points,
        last_trick=last_trick,
        announcements=tuple(declare(seat, cards, rules) for seat, cards in declared),
        belote=belote,
    )


def french(
    *declared: tuple[int, str],
    tricks: tuple[int, ...] = (5, 4),
    card_points: tuple[int, ...] = (100, 46),
    last_trick: int = 0,
    dealer: int = 1,
    rules: Rules = FRENCH,
) -> Tally:
    return Tally(
        taker=0,
        trump=Suit.DIAMONDS,
        tricks=tricks,
        card_points=card_points,
        last_trick=last_trick,
        announcements=tuple(declare(seat, cards, rules) for seat, cards in declared),
        dealer=dealer,
        players=len(tricks),
    )


# --- §7.2 the French capot and the last trick --------------------------------------------


def test_french_capot_keeps_last_trick_knob_scores_the_ten_with_a_capot() -> None:
    """003: no 10 of the last trick when there is a capot (rules §7.2, docs/rules.md#capot):
    off by default; on, the capot player scores the 10 as well."""
    capot = french(tricks=(9, 0), card_points=(120, 0))
    assert score_tally(capot, FRENCH).scores == (120 + 100, 0)
    keeps = attrs.evolve(FRENCH, capot_keeps_last_trick=True)
    assert score_tally(capot, keeps).scores == (120 + 10 + 100, 0)


def test_french_three_player_split_keeps_last_trick_knob() -> None:
    """003 "à trois ... chacun 50 points" without the last trick's 10 (rules §7.2, docs/rules.md#capot);
    the knob gives the 10 back to the winner of the last trick."""
    split = french(tricks=(5, 4, 0), card_points=(80, 60, 0), last_trick=1, dealer=2)
    assert score_tally(split, FRENCH).scores == (130, 110, 0)
    keeps = attrs.evolve(FRENCH, capot_keeps_last_trick=True)
    assert score_tally(split, keeps).scores == (130, 120, 0)


# --- §6.1 a run is declared whole ---------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "first", "second"),
    [
        (PIEDICAVALLO, "AH KH QH JH 10H", "9H 8H 7H"),  # eight in a row: cent + tierce
        (ITALIAN751, "AH KH QH JH 10H", "9H 8H 7H"),
        (ITALIAN751, "AS KS QS JS", "10S 9S 8S"),  # seven in a row as 4 + 3
        (PIEDICAVALLO, "7C 8C 9C", "10C JC QC"),  # six in a row as two tierces
    ],
)
def test_run_declared_whole_two_touching_runs_are_not_a_combination(
    rules: Rules, first: str, second: str
) -> None:
    """000 Nota: 6, 7 or 8 cards in a row are one cent (rules §6.1, docs/rules.md#announcement-kinds): declared as two
    shorter runs they are refused as not a combination."""
    with pytest.raises(InvalidTally, match="not a combination") as error:
        score_tally(four(rules, (0, first), (0, second)), rules)
    assert error.value.field == "announcements[1].cards"


def test_run_declared_whole_separate_runs_and_other_seats_still_count() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: only touching runs of one player are one run; a gap, or another
    player's cards, keeps them apart (000: two tierces score 40)."""
    gap = score_tally(four(PIEDICAVALLO, (0, "AH KH QH"), (0, "9H 8H 7H")), PIEDICAVALLO)
    assert gap.scores == (100 + 10 + 40, 50)  # 110 → 110 - 0 rounding, 42 → 50
    partners = score_tally(four(PIEDICAVALLO, (0, "AH KH QH"), (2, "JH 10H 9H")), PIEDICAVALLO)
    assert partners.scores == (100 + 10 + 40, 50)


def test_french_eight_in_a_row_may_be_declared_as_a_cent_plus_a_tierce() -> None:
    """001 "una Quinta ... e una Terza": french keeps cent + tierce for eight in a row
    (rules §6.1, docs/rules.md#announcement-kinds), 100 + 20."""
    result = score_tally(french((0, "AH KH QH JH 10H"), (0, "9H 8H 7H")), FRENCH)
    assert result.scores == (100 + 10 + 120, 46)


def test_french_six_in_a_row_as_two_tierces_is_not_a_combination() -> None:
    """001: 6 in a row count as one cent; only eight split, into cent + tierce (rules §6.1, docs/rules.md#announcement-kinds)."""
    with pytest.raises(InvalidTally, match="not a combination"):
        score_tally(french((0, "7C 8C 9C"), (0, "10C JC QC")), FRENCH)


def test_eight_run_splits_knob_lets_piedicavallo_split_eight_in_a_row() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds: the split is a knob (`eight_run_splits`), not the variant's name."""
    splits = attrs.evolve(PIEDICAVALLO, eight_run_splits=True)
    result = score_tally(four(splits, (0, "AH KH QH JH 10H"), (0, "9H 8H 7H")), splits)
    assert result.scores == (110 + 120, 50)


# --- §6.1 6- and 7-card runs in italian751 -------------------------------------------------


def test_italian751_six_card_run_is_one_cent_and_long_run_value_flips_it() -> None:
    """Rules §6.1, docs/rules.md#announcement-kinds reading: a 6- or 7-card run is one cent in italian751 (004 is silent);
    the knob `long_run_value` sets another value."""
    tally = four(ITALIAN751, (0, "9S 10S JS QS KS AS"))
    assert score_tally(tally, ITALIAN751).scores == (110 + 100, 52)
    flipped = attrs.evolve(ITALIAN751, long_run_value=150)
    assert score_tally(tally, flipped).scores == (110 + 150, 52)


# --- §5 undertrumping with the lowest trump ------------------------------------------------


def test_undertrump_lowest_on_a_trump_lead() -> None:
    """000 read literally: his lowest trump (rules §5, docs/rules.md#play-obligations, knob `undertrump_lowest`): a
    player who cannot beat the trump led must play his lowest trump; by default any."""
    hand = CardSet.parse("7H QH AH KS")
    trick = [Card.parse("JH")]
    assert str(legal_plays(hand, trick, Suit.HEARTS, PIEDICAVALLO.play)) == "7H QH AH"
    lowest = attrs.evolve(PIEDICAVALLO.play, undertrump_lowest=True)
    assert str(legal_plays(hand, trick, Suit.HEARTS, lowest)) == "7H"


def test_undertrump_lowest_when_an_opponent_has_trumped() -> None:
    """000: he too must overtrump, or else undertrump (rules §5, docs/rules.md#play-obligations): unable to overtrump the
    9 of trump, seat 2 undertrumps; with `undertrump_lowest` only with the 8 (8 < K)."""
    hand = CardSet.parse("8H KH 7D")
    trick = [Card.parse("AS"), Card.parse("9H")]  # seat 0 leads, seat 1 trumps
    assert str(legal_plays(hand, trick, Suit.HEARTS, PIEDICAVALLO.play)) == "8H KH"
    lowest = attrs.evolve(PIEDICAVALLO.play, undertrump_lowest=True)
    assert str(legal_plays(hand, trick, Suit.HEARTS, lowest)) == "8H"


# --- §6.2 carrés of equal points -----------------------------------------------------------


def test_piedicavallo_equal_carres_by_rank_knob() -> None:
    """Rules §6.2, docs/rules.md#announcement-contest reading: carrés of equal points rank A > 10 > K > Q; off, a carré of
    aces and one of kings of opposing teams tie and void the contest (000 rule 4)."""
    table = [declare(0, "AS AH AD AC", PIEDICAVALLO), declare(1, "KS KH KD KC", PIEDICAVALLO)]
    scoring = resolve_contest(table, PIEDICAVALLO, Suit.DIAMONDS)
    assert [d.seat for d in scoring] == [0]
    flat = attrs.evolve(PIEDICAVALLO, equal_carres_by_rank=False)
    assert resolve_contest(table, flat, Suit.DIAMONDS) == ()


# --- §7.3 rounding and the contract --------------------------------------------------------


def test_piedicavallo_contract_on_raw_totals_knob() -> None:
    """000 tables: with a tierce, 72 card points save the contract (92 > 90, rules §7.3, docs/rules.md#rounding);
    decided on rounded totals it would be 70 + 20 = 90 against 90, a litige."""
    tally = four(PIEDICAVALLO, (0, "AH KH QH"), card_points=(72, 80), last_trick=1)
    assert score_tally(tally, PIEDICAVALLO).outcome is Outcome.MADE
    rounded = attrs.evolve(PIEDICAVALLO, contract_on_raw_totals=False)
    assert score_tally(tally, rounded).outcome is Outcome.LITIGE


def test_piedicavallo_five_rounds_up_and_round_half_up_knob() -> None:
    """000: 65 → 70, 55 → 60 (rules §7.3, docs/rules.md#rounding): a defence of 75 becomes 80 and the attack
    keeps 80 of 160; rounding 5 down gives 70 and 90."""
    tally = four(PIEDICAVALLO, card_points=(87, 65), last_trick=1)
    assert score_tally(tally, PIEDICAVALLO).scores == (80, 80)
    down = attrs.evolve(PIEDICAVALLO, round_half_up=False)
    assert score_tally(tally, down).scores == (90, 70)


def test_piedicavallo_attack_gets_the_rounded_rest_knob() -> None:
    """Rules §7.3, docs/rules.md#rounding reading: the defence's card points are rounded and the attack gets
    the rest of 160 (000: 80/80); rounding both sides on their own, an attack of 86
    becomes 90 and a defence of 76 becomes 80, 170 in all."""
    made = four(PIEDICAVALLO, card_points=(86, 66), last_trick=1)  # 86 against 76
    assert score_tally(made, PIEDICAVALLO).scores == (80, 80)
    each = attrs.evolve(PIEDICAVALLO, attack_gets_rounded_rest=False)
    assert score_tally(made, each).scores == (90, 80)


# --- §7.1 what an italian751 litige holds --------------------------------------------------


def test_italian751_litige_holds_announcements_knob() -> None:
    """004: the attack's 81 points wait for the next deal (rules §7.1, docs/rules.md#contract litige row): by the general
    rule the attack's runs wait with its card points; off, only the card points wait."""
    # attack 51 + 10 + 20 (tierce) + 20 (belote) = 101 against the defence's 101.
    tally = four(
        ITALIAN751, (0, "AH KH QH"), card_points=(51, 101), last_trick=0, belote=2
    )
    held = score_tally(tally, ITALIAN751)
    assert held.outcome is Outcome.LITIGE
    assert (held.scores, held.pending) == ((20, 101), 61 + 20)
    only_cards = attrs.evolve(ITALIAN751, litige_holds_announcements=False)
    kept = score_tally(tally, only_cards)
    assert (kept.scores, kept.pending) == ((20 + 20, 101), 61)


# --- §2 the next dealer with three players ------------------------------------------------


def _french3_result() -> DealResult:
    return score_tally(
        french(tricks=(5, 2, 2), card_points=(100, 30, 22), dealer=0), FRENCH
    )


def test_french_three_players_next_dealer_is_the_next_seat_and_knob_flips_it() -> None:
    """Rules §2, docs/rules.md#dealing reading: with three players the seat after the dealer deals; the knob
    `winner_deals_with_three` gives the deal to the highest scorer as with two (001, 003)."""
    result = _french3_result()
    assert result.scores == (110, 30, 22)
    assert next_dealer(FRENCH, 3, 0, result) == 1
    winner = attrs.evolve(FRENCH, winner_deals_with_three=True)
    assert next_dealer(winner, 3, 0, result) == 0


def test_french_two_players_the_higher_scorer_deals() -> None:
    """001, 003: with two players the one who scored more deals the next deal."""
    result = score_tally(french(card_points=(30, 98), last_trick=1, dealer=0), FRENCH)
    assert next_dealer(FRENCH, 2, 0, result) == 1
    assert next_dealer(FRENCH, 2, 1, result) == 1


# --- §8 both sides over the target ---------------------------------------------------------


def test_both_over_target_higher_wins_or_play_on() -> None:
    """Rules §8, docs/rules.md#match reading: both over the target after a deal, the higher total wins; with
    `both_over_target` PLAY_ON one more deal is played and then the higher total wins."""
    first = Tally(taker=0, trump=Suit.HEARTS, tricks=(5, 3), card_points=(76, 76), last_trick=0)
    second = Tally(taker=1, trump=Suit.HEARTS, tricks=(2, 6), card_points=(40, 112), last_trick=1)
    higher = Match(CLASSIC, target=75)
    higher.score(first)  # 86 against 76: both past 75
    assert (higher.totals, higher.winner) == ((86, 76), 0)
    play_on = Match(attrs.evolve(CLASSIC, both_over_target=BothOverTarget.PLAY_ON), target=75)
    play_on.score(first)
    assert play_on.winner is None
    play_on.score(second)  # 40 against 122
    final = play_on.result()
    assert (final.totals, final.winner) == ((126, 198), 1)


# --- every reading is a knob shown by `belote rules` ---------------------------------------

NEW_KNOBS = (
    "winner_deals_with_three",
    "eight_run_splits",
    "long_run_value",
    "equal_carres_by_rank",
    "capot_keeps_last_trick",
    "round_half_up",
    "attack_gets_rounded_rest",
    "contract_on_raw_totals",
    "litige_holds_announcements",
    "both_over_target",
)


@pytest.mark.parametrize("name", ["classic", "piedicavallo", "french", "italian751"])
def test_every_new_knob_is_listed_with_a_meaning(name: str) -> None:
    """docs/rules.md preamble: every reading is a knob of the variant's configuration.

    ``--json`` lists every knob; the text lists the ones that apply to the variant.
    """
    rules = get_rules(name)
    doc = rules_to_json(rules)
    text = describe_rules(rules)  # what `belote rules` prints
    for knob in NEW_KNOBS:
        assert knob in doc
        assert (f"  {knob} " in text) == applies(rules, knob), knob
    assert "undertrump_lowest" in doc["play"]  # type: ignore[operator]
    fields = {field.name: field for field in attrs.fields(Rules)}
    for knob in NEW_KNOBS:
        assert fields[knob].metadata["meaning"]


# --- §9 penalties ----------------------------------------------------------------------------

DEDUCTIONS_001 = (
    Offence.EXPOSED_STOCK,
    Offence.BOTTOM_CARD_NOT_SHOWN,
    Offence.OUT_OF_TURN,
    Offence.HEAPED_HAND,
    Offence.COMBINATION_NOT_SHOWN,
)


@pytest.mark.parametrize("offence", DEDUCTIONS_001)
def test_french_001_ten_point_deductions(offence: Offence) -> None:
    """001 "Valore delle penalità": 10 deducted from the offender's total (rules §9, docs/rules.md#penalties)."""
    clean = french(tricks=(4, 3, 2), card_points=(70, 50, 32), dealer=2)
    result = score_tally(attrs.evolve(clean, penalties=(Penalty(1, offence),)), FRENCH)
    assert result.scores == (80, 50 - 10, 32)


def test_sanction_for_each_variant() -> None:
    """Rules §9, docs/rules.md#penalties: piedicavallo, the offending team loses the match (000 §Regolamento);
    french, 10 to each other player (001); italian751, a refuted false run gives 20 to
    the opponents (004 mossa Leccese)."""
    lose = sanction_for(PIEDICAVALLO, Offence.RENEGE, 3)
    assert (lose.kind, lose.loser, lose.points) == (SanctionKind.LOSE_MATCH, 1, (0, 0))
    renege = sanction_for(FRENCH, Offence.RENEGE, 1, players=3)
    assert (renege.points, renege.loser) == ((10, 0, 10), None)
    late = sanction_for(FRENCH, Offence.OUT_OF_TURN, 0, players=2)
    assert late.points == (-10, 0)
    false_run = sanction_for(ITALIAN751, Offence.FALSE_ANNOUNCEMENT, 1)
    assert false_run.points == (20, 0)
    with pytest.raises(InvalidArgument):
        sanction_for(CLASSIC, Offence.RENEGE, 0)
    with pytest.raises(InvalidArgument):
        sanction_for(FRENCH, Offence.RENEGE, 2, players=2)


@pytest.mark.parametrize("name", ["piedicavallo", "french", "italian751"])
def test_sanction_for_agrees_with_tally_scoring(name: str) -> None:
    """One sanction, two uses: what `sanction_for` says a penalty costs is what a tally
    listing it scores (rules §9, docs/rules.md#penalties)."""
    rules = get_rules(name)
    players = 3 if name == "french" else 4
    if name == "french":
        clean = french(tricks=(4, 3, 2), card_points=(70, 50, 32), dealer=2)
    else:
        clean = four(rules)
    base = score_tally(clean, rules)
    for offence in rules.penalties:
        for seat in range(players):
            applied = sanction_for(rules, offence, seat, players)
            result = score_tally(attrs.evolve(clean, penalties=(Penalty(seat, offence),)), rules)
            change = tuple(a - b for a, b in zip(result.scores, base.scores, strict=True))
            assert change == applied.points
            if applied.loser is not None:
                assert result.match_winner is not None and result.match_winner != applied.loser


# --- §4 the seven swap after a declaration ---------------------------------------------------


def test_seven_swap_decided_before_any_declaration() -> None:
    """Rules §4, docs/rules.md#seven-swap reading: 001 places the swap right after the completion, before any
    declaration: the holder decides (swap or keep) before anyone may declare, and not after."""
    from test_deal import french_deal

    deal = french_deal()
    deal.take()  # seat 1 takes hearts and holds the 7H
    assert deal.swap_seat() == 1
    assert "swap or keep" in (deal.why_illegal(Action.declare(1)) or "")
    deal.keep()
    deal.declare()  # seat 1 declares his cent in spades
    assert deal.swap_seat() is None
    assert deal.why_illegal(Action.swap(1)) is not None
