"""Impossible tallies are refused: card points that no set of won cards can make (issue 11).

rules §1, docs/rules.md#cards: the 32 cards are worth 152 card points; a trick holds one card
per player, so a side that won ``t`` tricks holds ``t × players`` of those
cards, disjoint from every other side's.
"""

from __future__ import annotations

import io
import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import strategies
from belote.cards import CARDS, Suit
from belote.cli.main import main
from belote.errors import InvalidTally
from belote.rules import Rules, get_rules
from belote.scoring import Tally, card_points_possible, check_tally, score_tally


def _reachable(trump: Suit) -> list[set[int]]:
    """By card count, the sums some set of that many of the 32 cards makes (a plain subset sum)."""
    reach: list[set[int]] = [{0}] + [set() for _ in CARDS]
    for card in CARDS:
        value = card.points(trump)
        for count in range(len(CARDS) - 1, -1, -1):
            reach[count + 1] |= {total + value for total in reach[count]}
    return reach


@pytest.mark.parametrize("trump", list(Suit))
def test_four_player_card_points_match_a_plain_subset_sum(trump: Suit) -> None:
    """Rules §1, docs/rules.md#cards: with the whole deck won, a side's t tricks are 4t cards; the rest is the other's.

    Checked against an independent subset sum over the 32 cards, for every
    split of the 8 tricks and every card-point total.
    """
    reach = _reachable(trump)
    for tricks in range(9):
        for points in range(153):
            expected = points in reach[4 * tricks]
            assert card_points_possible(
                trump, (4 * tricks, 4 * (8 - tricks)), (points, 152 - points)
            ) is expected, (tricks, points)


def test_the_issue_tally_is_refused_naming_card_points(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: ``tricks [4, 4], card_points [151, 1]`` scored [161, 1]; no card is worth 1."""
    doc = {"variant": "classic", "taker": 0, "trump": "H", "tricks": [4, 4],
           "card_points": [151, 1], "last_trick": 0}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(doc).encode())))
    out = io.StringIO()
    assert main(["score", "-"], out=out) == 2
    assert out.getvalue() == ""
    err = capsys.readouterr().err
    assert err.startswith("error: card_points: ") and err.count("\n") == 1


CLASSIC = get_rules("classic")
FRENCH = get_rules("french")


@pytest.mark.parametrize(
    ("tally", "rules"),
    [
        pytest.param(Tally(taker=0, trump=Suit.HEARTS, tricks=(4, 4), card_points=(151, 1),
                           last_trick=0), CLASSIC, id="a side worth 1 point"),
        pytest.param(Tally(taker=0, trump=Suit.SPADES, tricks=(1, 7), card_points=(60, 92),
                           last_trick=1), CLASSIC, id="one trick worth 60"),
        pytest.param(Tally(taker=0, trump=Suit.CLUBS, tricks=(4, 4), card_points=(0, 152),
                           last_trick=1), CLASSIC, id="four tricks worth 0, 11 cards are"),
        pytest.param(Tally(taker=0, trump=Suit.HEARTS, tricks=(1, 8), card_points=(60, 10),
                           last_trick=1, dealer=0, players=2), FRENCH,
                     id="french two players: one trick of 2 cards worth 60"),
        pytest.param(Tally(taker=0, trump=Suit.HEARTS, tricks=(4, 5), card_points=(0, 0),
                           last_trick=1, dealer=0, players=2), FRENCH,
                     id="french two players: 18 cards worth 0, 11 are"),
        pytest.param(Tally(taker=0, trump=Suit.DIAMONDS, tricks=(3, 3, 3),
                           card_points=(0, 0, 100), last_trick=2, dealer=0, players=3), FRENCH,
                     id="french three players: two sides of 9 cards worth 0 each"),
        pytest.param(Tally(taker=0, trump=Suit.DIAMONDS, tricks=(2, 1, 0),
                           card_points=(100, 10, 0), last_trick=None, dealer=0, players=3,
                           stopped_by=0), FRENCH,
                     id="french j'arrete: two tricks of 3 cards worth 100"),
    ],
)
def test_impossible_card_points_are_refused(tally: Tally, rules: Rules) -> None:
    """Rules §1, docs/rules.md#cards: the card points of t tricks are the values of t × players distinct cards."""
    with pytest.raises(InvalidTally) as info:
        check_tally(tally, rules)
    assert info.value.field == "card_points"
    assert "no cards can make these card points" in str(info.value)


def test_possible_card_points_in_a_stopped_french_deal_are_kept() -> None:
    """Rules §8.2, docs/rules.md#j-arrete: a stopped deal counts what was won; 6 cards make 77 (J 9 A of trump, 2 A, a 10)."""
    tally = Tally(taker=0, trump=Suit.DIAMONDS, tricks=(2, 1, 0), card_points=(77, 10, 0),
                  last_trick=None, dealer=0, players=3, stopped_by=0)
    check_tally(tally, FRENCH)


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751", "french"])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_played_deal_tally_is_accepted(variant: str, data: st.DataObject) -> None:
    """A tally of a deal played by legal actions happened, so it is accepted and scored.

    ``strategies.tallies`` plays random legal deals (``french`` with 2 and 3
    players, and stopped by "j'arrête" when a bot says so).
    """
    tally = data.draw(strategies.tallies(variant))
    check_tally(tally, get_rules(variant))
    score_tally(tally, get_rules(variant))
