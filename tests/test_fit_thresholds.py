"""The heuristic's bidding thresholds come from the rules (issue 48; docs/bots.md#thresholds-from-the-rules).

`belote fit-thresholds` fits them by evaluation on seeded decks; the package
ships the fits of the built-in variants and their disputed readings
(``belote/agents/thresholds.json``), and any other rule set is fitted on first
use. The check that the shipped file is what the command gives runs the
whole fit on the file's own sample (200 decks): about 15 s of pure Python.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest
from clirun import one_error, run

from belote.actions import ID_PASS, ID_TAKE
from belote.agents import HeuristicBot
from belote.agents.fitting import (
    BASE_THRESHOLDS,
    best_cut,
    fit_thresholds,
    fitted_fields,
    shipped_thresholds,
    thresholds,
)
from belote.agents.thresholds import bidding_margins
from belote.deal import Deal, Phase
from belote.experiments.thresholds import fitted_table, json_text
from belote.rules import get_rules, rules_from_spec


def _shipped() -> dict[str, object]:
    text = resources.files("belote.agents").joinpath("thresholds.json").read_text("utf-8")
    document = json.loads(text)
    assert isinstance(document, dict)
    return document


def test_the_shipped_file_is_what_the_command_fits_on_its_sample() -> None:
    """The CI check: the shipped fits equal a new fit with the file's own decks and seed, written the same way."""
    shipped = _shipped()
    table = fitted_table(disputes=True, decks=shipped["decks"], seed=shipped["seed"])  # type: ignore[arg-type]
    assert table == shipped
    text = resources.files("belote.agents").joinpath("thresholds.json").read_text("utf-8")
    assert json_text(table) == text


def test_every_builtin_variant_and_disputed_reading_is_shipped() -> None:
    """docs/bots.md#thresholds-from-the-rules: the built-in variants and their disputed readings need no fit at run time."""
    shipped = shipped_thresholds()
    for name in ("classic", "piedicavallo", "french", "italian751", "contree", "bulgarian"):
        assert shipped[name] == BASE_THRESHOLDS  # the defaults keep the thresholds tuned by duels
    assert "contree(contract.scoring=bid-only)" in shipped
    assert "bulgarian(auction.reredouble=true)" in shipped


def test_a_rule_set_not_shipped_is_fitted_on_first_use_and_kept() -> None:
    """Any other spec: fitted once per process, the same value afterwards."""
    rules = rules_from_spec("classic(failed_defence_points=300)")
    assert "classic(failed_defence_points=300)" not in shipped_thresholds()
    first = thresholds(rules)
    assert first == fit_thresholds(rules)
    assert thresholds(rules_from_spec("classic(failed_defence_points=300)")) is first


@pytest.mark.parametrize(("spec", "sign"), [("classic(failed_defence_points=400)", 1),
                                            ("classic(failed_defence_points=0)", -1)])
def test_take_threshold_follows_what_a_failed_contract_costs(spec: str, sign: int) -> None:
    """docs/rules.md (failed_defence_points): a dearer fall asks for a stronger hand to take, a free one for less."""
    fitted = fit_thresholds(rules_from_spec(spec)).take
    assert sign * (fitted - BASE_THRESHOLDS.take) > 0


def test_the_heuristic_bids_by_the_fitted_threshold() -> None:
    """The adapting heuristic takes fewer hands when a fall costs more; the fixed habit does not move."""
    dear = rules_from_spec("classic(failed_defence_points=400)")
    taken = {True: 0, False: 0}
    for adapt in (True, False):
        bot = HeuristicBot(adapt=adapt)
        for seed in range(150):
            deal = Deal.random(dear, seed=seed, dealer=0)
            while deal.phase is Phase.BIDDING_1:
                action = bot.choose_id(deal.seat_view(deal.to_act))
                taken[adapt] += action == ID_TAKE
                deal.apply_id(action)
    assert taken[True] < taken[False]
    plain = [HeuristicBot().choose_id(Deal.random("classic", seed=s, dealer=0).seat_view(1))
             for s in range(50)]
    fixed = [HeuristicBot(adapt=False).choose_id(Deal.random("classic", seed=s, dealer=0).seat_view(1))
             for s in range(50)]
    assert plain == fixed and ID_PASS in plain


def test_fitted_fields_name_what_each_bidding_reads() -> None:
    assert fitted_fields(get_rules("classic")) == ("take",)
    assert fitted_fields(get_rules("bulgarian")) == ("suit", "nt", "at")


def test_best_cut_maximises_the_bids_made() -> None:
    """The threshold keeps the bids worth more than a pass: between the last loss and the gains."""
    assert best_cut([(10, -5.0), (20, 3.0), (30, 4.0)]) == 15
    assert best_cut([(10, 5.0), (20, -30.0), (30, 4.0)]) == 25
    assert best_cut([(40, -1.0)], high=90) == 90  # nothing worth bidding: no hand reaches it
    assert best_cut([], low=3, high=7) == 7


def test_cli_fits_and_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md#fit-thresholds: text, JSON of the shipped form, one error line on bad input."""
    code, out, _ = run(["fit-thresholds", "classic", "contree(contract.scoring=bid-only)"], capsys)
    assert code == 0
    bid_only = bidding_margins(rules_from_spec("contree(contract.scoring=bid-only)"))
    assert f"classic: take {BASE_THRESHOLDS.take}" in out
    assert f"contree(contract.scoring=bid-only): bid {bid_only.bid}, coinche {bid_only.coinche}" in out
    code, out, _ = run(["fit-thresholds", "classic", "--json", "--decks", "5"], capsys)
    assert code == 0 and json.loads(out)["thresholds"] == {"classic": {"take": 34}}
    for argv, word in ((["fit-thresholds", "nosuch"], "nosuch"),
                       (["fit-thresholds", "classic", "--decks", "0"], "decks"),
                       (["fit-thresholds", "classic(nosuch=1)"], "nosuch")):
        code, _, err = run(argv, capsys)
        assert word in one_error(code, err)
