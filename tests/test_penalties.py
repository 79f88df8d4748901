"""Penalties recorded in a tally (rules §9, docs/rules.md#penalties)."""

from __future__ import annotations

import io
import json

import pytest

from belote.cards import Suit
from belote.cli.main import main
from belote.errors import InvalidTally
from belote.records.results import score_document
from belote.rules import get_rules
from belote.rules.penalties import Offence, Penalty
from belote.scoring import Tally, score_tally
from belote.scoring.match import Match


def four_player(variant: str, *penalties: Penalty) -> Tally:
    # team 0 takes and makes 100 + 10 against 52: no penalty changes that
    return Tally(taker=0, trump=Suit.HEARTS, tricks=(5, 3), card_points=(100, 52), last_trick=0,
                 penalties=penalties)


def french3(*penalties: Penalty) -> Tally:
    return Tally(taker=0, trump=Suit.HEARTS, tricks=(4, 3, 2), card_points=(70, 50, 32),
                 last_trick=0, dealer=2, players=3, penalties=penalties)


def test_piedicavallo_renege_loses_the_match() -> None:
    """000 §Regolamento di gara: not following or not overtrumping costs the match."""
    result = score_tally(four_player("piedicavallo", Penalty(1, Offence.RENEGE)),
                         get_rules("piedicavallo"))
    assert result.match_winner == 0
    assert result.match_end_reason is not None and "renege" in result.match_end_reason
    clean = score_tally(four_player("piedicavallo"), get_rules("piedicavallo"))
    assert result.scores == clean.scores  # the deal itself scores as usual


def test_piedicavallo_false_announcement_loses_the_match() -> None:
    """000 §Regolamento di gara: a false announcement costs the match."""
    result = score_tally(four_player("piedicavallo", Penalty(2, Offence.FALSE_ANNOUNCEMENT)),
                         get_rules("piedicavallo"))
    assert result.match_winner == 1


def test_french_renege_gives_ten_to_each_other_player() -> None:
    """001 penalties table: the others receive 10 points each."""
    rules = get_rules("french")
    clean = score_tally(french3(), rules)
    result = score_tally(french3(Penalty(1, Offence.RENEGE)), rules)
    assert [a - b for a, b in zip(result.scores, clean.scores, strict=True)] == [10, 0, 10]
    assert result.match_winner is None


def test_french_misdeal_costs_the_dealer_ten() -> None:
    """001 penalties table and 003 "le donneur perd 10 points"."""
    rules = get_rules("french")
    clean = score_tally(french3(), rules)
    result = score_tally(french3(Penalty(2, Offence.MISDEAL)), rules)
    assert [a - b for a, b in zip(result.scores, clean.scores, strict=True)] == [0, 0, -10]


def test_italian751_refuted_false_run_pays_twenty_to_the_opponents() -> None:
    """004 (mossa Leccese): a false run refuted by the opponents earns them 20."""
    rules = get_rules("italian751")
    clean = score_tally(four_player("italian751"), rules)
    result = score_tally(four_player("italian751", Penalty(0, Offence.FALSE_ANNOUNCEMENT)), rules)
    assert result.scores == (clean.scores[0], clean.scores[1] + 20)


def test_penalty_lines_still_sum_to_the_scores() -> None:
    """CONTRACT.md "Deal result": the lines of a side sum to its score."""
    result = score_tally(french3(Penalty(1, Offence.RENEGE), Penalty(2, Offence.MISDEAL)),
                         get_rules("french"))
    for side, score in enumerate(result.scores):
        assert sum(line.points for line in result.lines if line.to == side) == score


@pytest.mark.parametrize(("variant", "offence"), [("classic", Offence.RENEGE),
                                                  ("italian751", Offence.RENEGE)])
def test_an_offence_the_variant_does_not_sanction_is_refused(variant: str,
                                                             offence: Offence) -> None:
    """Rules §9, docs/rules.md#penalties: 002 names no penalty; 004 only the false run."""
    with pytest.raises(InvalidTally) as error:
        score_tally(four_player(variant, Penalty(1, offence)), get_rules(variant))
    assert error.value.field == "penalties[0].offence"


def test_penalty_seat_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidTally) as error:
        score_tally(four_player("piedicavallo", Penalty(4, Offence.RENEGE)),
                    get_rules("piedicavallo"))
    assert error.value.field == "penalties[0].seat"


def test_a_match_ends_on_a_lose_match_penalty() -> None:
    """000 §Regolamento di gara: the match is lost at once."""
    match = Match(get_rules("piedicavallo"))
    match.score(four_player("piedicavallo", Penalty(0, Offence.RENEGE)))
    assert match.is_over and match.winner == 1


TALLY = {"variant": "french", "players": 3, "dealer": 2, "taker": 0, "trump": "H",
         "tricks": [4, 3, 2], "card_points": [70, 50, 32], "last_trick": 0,
         "penalties": [{"seat": 1, "offence": "renege"}]}


def test_penalties_in_tally_json() -> None:
    """CONTRACT.md tally, extended with "penalties": [{"seat", "offence"}]."""
    result = score_document(TALLY)
    assert any("renege" in line["item"] for line in result["lines"])  # type: ignore[union-attr,index]


@pytest.mark.parametrize("bad", [[{"seat": 1, "offence": "cheating"}], [{"seat": 1}], "renege"])
def test_bad_penalties_in_json_exit_2_naming_the_field(bad: object,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """CONTRACT.md: bad input exits 2 with one error line naming the field."""
    import sys

    doc = dict(TALLY, penalties=bad)
    stdin, sys.stdin = sys.stdin, io.StringIO(json.dumps(doc))
    try:
        assert main(["score", "-"], io.StringIO()) == 2
    finally:
        sys.stdin = stdin
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:") and "penalties" in err[0]
