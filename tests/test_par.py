"""Par results: the bots' bidding, then perfect play (``belote compare --par``).

What must hold: the deal played out is the solver's principal line, scored
by the engine to the solver's value; the bidding and declarations are the
bots'; the figures depend on the seed only, not on ``--jobs``; the bots'
column is the bots' run on the same decks. What need not hold, and is not
tested: that the attack scores more under perfect play than with the bots.
Perfect play is perfect for the defence too, so on a deck where the bots'
defence errs more than their attack, the par attack scores less.
"""

from __future__ import annotations

import io
import json

import pytest

from belote.actions import Verb
from belote.cli.main import main
from belote.errors import InvalidArgument
from belote.experiments.compare import compare
from belote.experiments.simulate import bots_for, play_dealing
from belote.rules import get_rules
from belote.solver.par import first_lead, par_deal
from belote.solver.solution import makes_contract


def _run(argv: list[str]) -> str:
    out = io.StringIO()
    assert main(argv, out=out) == 0
    return out.getvalue()


def _bots_deal(variant: str, index: int, seed: int = 1):  # type: ignore[no-untyped-def]
    rules = get_rules(variant)
    deal, result, _ = play_dealing(rules, rules.default_players, seed, index,
                                    bots_for("heuristic", rules.default_players), None)
    return deal, result


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751", "french"])
def test_par_deal_is_the_solvers_line_scored_by_the_engine(variant: str) -> None:
    """The deal is played along the principal line; the engine scores it to the solver's value,
    with the bots' bidding and declarations (those of the first trick included)."""
    for index in range(3):
        deal, _ = _bots_deal(variant, index)
        played, result, solution = par_deal(deal)
        cards = [a.cards[0] for a in played.history if a.verb is Verb.PLAY]
        assert tuple(cards) == solution.line
        assert result.scores == solution.scores
        side = solution.side
        assert result.scores[side] - result.scores[1 - side] == solution.value
        before = [a for a in deal.history if a.verb is not Verb.PLAY]
        assert [a for a in played.history if a.verb is not Verb.PLAY] == before[:len(
            [a for a in played.history if a.verb is not Verb.PLAY])]
        assert played.declarations == deal.declarations


def test_par_made_agrees_with_the_contract_query() -> None:
    """A par contract is made exactly when the null-window query says the attack makes it."""
    for index in (0, 1, 2, 4, 5):  # decks quick to solve (deck 3 takes seconds)
        deal, _ = _bots_deal("classic", index, seed=1)
        _, result, _ = par_deal(deal)
        assert (result.outcome.value == "made") == makes_contract(first_lead(deal))


def test_par_figures_depend_on_the_seed_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """CONTRACT.md "Same --seed, same output": --par gives the same bytes for --jobs 1 and 2."""
    monkeypatch.setattr("belote.experiments.parpass.PAR_CHUNK", 1)
    argv = ["compare", "classic", "piedicavallo", "--deals", "6", "--seed", "3", "--matches", "0",
            "--par", "--par-deals", "3", "--json"]
    first = _run([*argv, "--jobs", "1"])
    assert _run([*argv, "--jobs", "1"]) == first
    assert _run([*argv, "--jobs", "2"]) == first
    doc = json.loads(first)
    assert doc["par_deals"] == 3
    for entry in doc["variants"]:
        par = entry["par"]
        assert par["deals"] == par["bots"]["deals"] == par["perfect"]["deals"] == 3
        assert sum(par["perfect"]["outcomes"].values()) == 3


def test_par_bots_column_is_the_bots_run_on_the_same_decks() -> None:
    """The bots' figures beside par are those of compare on the first par decks."""
    full = compare(["classic", "italian751"], deals=5, seed=2, matches=0, par=2)
    short = compare(["classic", "italian751"], deals=2, seed=2, matches=0)
    assert [s.to_json() for s in full.par_bots] == [s.to_json() for s in short.variants]
    assert full.par_deals == 2 and len(full.par) == 2


def test_compare_without_par_prints_no_par() -> None:
    """The existing output is unchanged without --par."""
    doc = json.loads(_run(["compare", "--deals", "3", "--matches", "0", "--json"]))
    assert "par_deals" not in doc and all("par" not in v for v in doc["variants"])
    text = _run(["compare", "classic", "--deals", "3", "--matches", "0", "--par",
                 "--par-deals", "1"])
    assert "Perfect play (par) on the first 1 decks" in text


def test_par_needs_two_sides(capsys: pytest.CaptureFixture[str]) -> None:
    """Three players have no single perfect play: refused, one error line."""
    with pytest.raises(InvalidArgument):
        compare(["french"], deals=2, players=3, par=1)
    out = io.StringIO()
    assert main(["compare", "french", "--players", "3", "--deals", "2", "--par"], out=out) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
