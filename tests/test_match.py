"""The match (rules §8, docs/rules.md#match): pending points carried from deal to deal, target, winner."""

from __future__ import annotations

import pytest

from belote.cards import Suit
from belote.errors import InvalidArgument, InvalidTally
from belote.rules import Rules, get_rules
from belote.scoring import DealResult, Line, Outcome, Tally
from belote.scoring.match import Match, score_match

CLASSIC = get_rules("classic")
PIEDICAVALLO = get_rules("piedicavallo")
ITALIAN751 = get_rules("italian751")
FRENCH = get_rules("french")


def litige(taker: int) -> Tally:
    """81 against 81: the attack has 71 + the last trick."""
    attack = taker % 2
    points = [0, 0]
    points[attack], points[1 - attack] = 71, 81
    return Tally(
        taker=taker, trump=Suit.HEARTS, tricks=(4, 4), card_points=tuple(points), last_trick=attack
    )


def made(taker: int) -> Tally:
    """The attack has 100 + the last trick, the defence 52."""
    attack = taker % 2
    points = [0, 0]
    points[attack], points[1 - attack] = 100, 52
    return Tally(
        taker=taker, trump=Suit.HEARTS, tricks=(4, 4), card_points=tuple(points), last_trick=attack
    )


def failed(taker: int) -> Tally:
    """The attack has 52, the defence 100 + the last trick."""
    attack = taker % 2
    points = [0, 0]
    points[attack], points[1 - attack] = 52, 100
    return Tally(
        taker=taker,
        trump=Suit.HEARTS,
        tricks=(4, 4),
        card_points=tuple(points),
        last_trick=1 - attack,
    )


SEQUENCE = [litige(0), made(1), litige(0), failed(1), litige(1), litige(0), made(0)]


def test_classic_pending_goes_to_the_next_winner_and_adds_up() -> None:
    """002 "given to the team that wins the next game"; rules §7.4, docs/rules.md#pending-litige-points reading: litiges add up."""
    match = Match(CLASSIC)
    expected_totals = [
        (0, 81),  # litige: the defence scores 81, 81 wait
        (52, 81 + 110 + 81),  # team 1 makes it: 110 and the 81 pending
        (52, 272 + 81),  # litige: 81 wait
        (52 + 162 + 81, 353),  # team 1 fails: dedans 162 and the 81 to team 0
        (295 + 81, 353),  # litige, taker 1: team 0 defends, 81 wait
        (376, 353 + 81),  # litige again: 81 + 81 wait
        (376 + 110 + 162, 434 + 52),  # team 0 makes it and wins the 162
    ]
    expected_pending = [81, 0, 81, 0, 81, 162, 0]
    for tally, totals, pending in zip(SEQUENCE, expected_totals, expected_pending, strict=True):
        match.score(tally)
        assert (match.totals, match.pending) == (totals, pending)
    assert match.winner is None


def test_italian751_pending_remains_at_stake_until_a_deal_is_won() -> None:
    """004 "rimangono in palio per la mano successiva"."""
    result = score_match(SEQUENCE, ITALIAN751)
    assert result.totals == (648, 486)
    assert [deal.pending for deal in result.deals] == [81, 0, 81, 0, 81, 162, 0]


def test_piedicavallo_pending_goes_to_next_attack_or_defence() -> None:
    """000 §Litige, notes 1 and 2: made → this attack, büs → this defence, litige → defence."""
    match = Match(PIEDICAVALLO)
    expected_totals = [
        (0, 80),  # litige: 80 to the defence, 80 in parentheses
        (50, 80 + 110 + 80),  # team 1 makes it: 52 → 50, 110, and the 80
        (50, 270 + 80),  # litige: 80 wait
        (50 + 160 + 80, 350),  # team 1 fails: büs 160 + the 80 (nota 2)
        (290 + 80, 350),  # litige, taker 1: team 0 defends, 80 wait
        (370, 350 + 80 + 80),  # second litige: the old 80 go to this defence (nota 2)
        (370 + 110 + 80, 510 + 50),  # team 0 makes it and takes the new 80 (nota 1)
    ]
    expected_pending = [80, 0, 80, 0, 80, 80, 0]
    for tally, totals, pending in zip(SEQUENCE, expected_totals, expected_pending, strict=True):
        match.score(tally)
        assert (match.totals, match.pending) == (totals, pending)


def result(*scores: int, **extra: object) -> DealResult:
    lines = tuple(Line(side, "card points", points) for side, points in enumerate(scores))
    return DealResult(
        variant="test",
        outcome=Outcome.MADE,
        capot=None,
        scores=scores,
        pending=0,
        lines=lines,
        **extra,  # type: ignore[arg-type]
    )


def test_italian751_needs_strictly_more_than_751() -> None:
    """004: the first pair past 751 points wins."""
    match = Match(ITALIAN751)
    match.add(result(751, 0))
    assert match.winner is None
    match.add(result(1, 0))
    assert match.winner == 0
    assert match.is_over


def test_classic_reaching_the_target_wins() -> None:
    """Rules §8, docs/rules.md#match: the target is reached at 1000 (002 silent, 001 plays to 1000)."""
    match = Match(CLASSIC)
    match.add(result(0, 1000))
    assert match.winner == 1


def test_both_over_the_target_the_higher_total_wins() -> None:
    """Rules §8, docs/rules.md#match (001 for french, a reading elsewhere)."""
    match = Match(CLASSIC)
    match.add(result(990, 980))
    match.add(result(30, 50))
    assert match.totals == (1020, 1030)
    assert match.winner == 1


def test_equal_totals_over_the_target_play_on() -> None:
    """Rules §8, docs/rules.md#match: equal totals over the target, another deal is played."""
    match = Match(PIEDICAVALLO)
    match.add(result(990, 980))
    match.add(result(30, 40))
    assert match.winner is None
    match.add(result(10, 0))
    assert match.winner == 0


def test_pending_left_at_the_end_is_lost() -> None:
    """Rules §7.4, docs/rules.md#pending-litige-points: pending points left when the match ends are lost."""
    match = Match(CLASSIC, target=100)
    match.score(litige(0))  # team 1 scores 81, 81 pending
    match.score(made(1))  # team 1: 110 + 81 → 272, wins
    assert match.winner == 1
    assert match.totals == (52, 272)
    match = Match(CLASSIC, target=81)
    match.score(litige(0))
    assert match.winner == 1
    assert match.totals == (0, 81)
    assert match.pending == 81  # reported, never added


def test_a_result_with_a_match_winner_ends_the_match() -> None:
    """000 calling out, 001/003 j'arrête, 004 8-card run: the deal decides the match."""
    match = Match(ITALIAN751)
    match.add(result(10, 152, match_winner=0, match_end_reason="8-card run shown"))
    assert match.winner == 0
    assert match.end_reason == "8-card run shown"
    with pytest.raises(InvalidArgument):
        match.add(result(10, 10))


def test_french_j_arrete_with_enough_points_wins() -> None:
    """001 "Ho finito", 003 "j'arrête": match score + points so far reach the target."""
    match = Match(FRENCH, target=100, players=2)
    stopped = Tally(
        taker=0, trump=Suit.SPADES, tricks=(5, 1), card_points=(100, 10), last_trick=None,
        dealer=1, players=2, stopped_by=0,
    )  # fmt: skip
    match.score(stopped)
    assert match.winner == 0


def test_french_j_arrete_without_enough_points_loses() -> None:
    """003: if he was wrong, he loses, whatever the others' points."""
    match = Match(FRENCH, target=1000, players=3)
    stopped = Tally(
        taker=0, trump=Suit.SPADES, tricks=(3, 1, 1), card_points=(60, 20, 30), last_trick=None,
        dealer=1, players=3, stopped_by=0,
    )  # fmt: skip
    match.score(stopped)
    assert match.winner == 2  # the better of the two others


def test_copy_is_independent() -> None:
    """STYLE.md: a state may be mutable, but copy() is cheap and independent."""
    match = Match(CLASSIC)
    match.score(litige(0))
    other = match.copy()
    other.score(made(1))
    assert match.totals == (0, 81)
    assert match.pending == 81
    assert len(match.results) == 1
    assert other.totals == (52, 272)


def test_score_match_names_the_deal_at_fault() -> None:
    """CONTRACT.md: errors name the field, ``deals[2].card_points``."""
    bad = Tally(taker=0, trump=Suit.HEARTS, tricks=(4, 4), card_points=(80, 80), last_trick=0)
    with pytest.raises(InvalidTally) as info:
        score_match([made(0), made(1), bad], CLASSIC)
    assert info.value.field == "deals[2].card_points"


def test_score_match_refuses_deals_after_the_match_was_won() -> None:
    """Rules §8, docs/rules.md#match: the match ends when a side wins."""
    with pytest.raises(InvalidTally) as info:
        score_match([made(0), made(0)], CLASSIC, target=100)
    assert info.value.field == "deals[1]"


@pytest.mark.parametrize("rules", [CLASSIC, PIEDICAVALLO, ITALIAN751], ids=lambda r: r.name)
def test_match_reports_the_pending_to_pass_to_the_next_deal(rules: Rules) -> None:
    """Rules §7.4, docs/rules.md#pending-litige-points: the match carries the pending points between deals."""
    match = Match(rules)
    match.score(litige(0))
    assert match.pending == match.results[-1].pending > 0
    assert match.reached(1, rules.target) is True
    assert match.reached(0) is False
