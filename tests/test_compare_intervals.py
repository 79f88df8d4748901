"""Honest figures in ``belote compare`` (issue 20 §2): intervals on the means, paired differences."""

from __future__ import annotations

import io
import json
import math
import statistics

import pytest

from belote.agents.bots import make_bots
from belote.cli.main import main
from belote.experiments.compare import compare
from belote.experiments.simulate import play_dealing
from belote.experiments.stats import Z95, PairedSums, effect_text, paired_interval
from belote.rules import get_rules


def test_the_mean_interval_is_the_normal_interval_of_the_per_deal_points() -> None:
    """The interval of "mean points per played deal" comes from the spread of the decks."""
    rules = get_rules("piedicavallo")
    comparison = compare([rules], deals=40, seed=6, matches=0)
    stats = comparison.variants[0]
    bots = make_bots("heuristic", 4)
    points = [sum(play_dealing(rules, 4, 6, i, bots, None)[1].scores) for i in range(40)]
    centre = statistics.fmean(points)
    half = Z95 * statistics.stdev(points) / math.sqrt(len(points))
    low, high = stats.mean_intervals()["mean_points"]
    assert stats.mean_points == round(centre, 2)
    assert (low, high) == (round(centre - half, 2), round(centre + half, 2))


def test_paired_sums_measure_the_second_minus_the_first() -> None:
    sums = PairedSums()
    # The second deck's capot is worth 250 more, all of it to the taker's side.
    sums.add([(160, 1, 90), (170, 9, 170)], [(160, 1, 90), (420, 9, 420)])
    effects = sums.effects()
    assert effects["points"].value == effects["taker"].value == 125
    assert effects["capot"] == paired_interval(0, 0, 2)
    assert effect_text(effects["capot"], "shift") == "0  "


def test_a_change_that_cannot_matter_shows_zero_and_one_that_must_a_clear_shift() -> None:
    """classic never reads capot_split_value (three players); a capot worth 500 scores more on every capot."""
    comparison = compare(["classic", "classic(capot_split_value=100)",
                          "classic(capot_value=500)"], deals=150, seed=3, matches=0)
    same = comparison.paired["classic vs classic(capot_split_value=100)"]
    assert all(e.value == e.low == e.high == 0 for e in same.values())
    more = comparison.paired["classic vs classic(capot_value=500)"]
    assert comparison.variants[0].capots != (0, 0)  # the decks hold capots
    assert more["points"].clear and more["points"].value > 0
    assert not more["made"].clear  # no deal changes its outcome


def test_json_carries_every_interval(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["compare", "classic", "italian751", "--deals", "30", "--matches", "3",
                 "--json"], out=out) == 0
    doc = json.loads(out.getvalue())
    for variant in doc["variants"]:
        for name in ("mean_points", "mean_taker_score", "mean_other_score",
                     "announcements_per_deal", "belotes_per_deal"):
            low, high = variant["mean_ci95"][name]
            assert low <= high
        assert variant["mean_ci95"]["mean_points"][0] <= variant["mean_points"] \
            <= variant["mean_ci95"]["mean_points"][1]
        low, high = variant["matches"]["mean_deals_ci95"]
        assert low <= variant["matches"]["mean_deals"] <= high
    pair = "classic vs italian751"
    assert set(doc["different_winner_ci95"][pair]) == {"deal", "match"}
    assert set(doc["paired"][pair]) == {"points", "taker", "made", "failed", "litige", "capot"}
    for figure in doc["paired"][pair].values():
        assert figure["ci95"][0] <= figure["value"] <= figure["ci95"][1]
    # Neither variant lets anyone call out: that row is 0 for both, so left out.
    assert "called out / stopped, per played deal" in doc["left_out"]


def test_text_has_a_legend_line_per_row_and_marks_what_cannot_be_told_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    assert main(["compare", "classic", "classic(capot_value=500)", "piedicavallo",
                 "--deals", "60", "--matches", "2"], out=out) == 0
    text = out.getvalue()
    legend = text[text.index("What the rows say"):]
    for row in ("contracts made", "capots", "mean points per played deal",
                "played deals per match", "unfinished matches"):
        assert f"\n  {row} " in legend
    assert "±: half the 95% interval" in legend
    block = text[text.index("Deck by deck"):]
    assert "≈" in block and "≈ marks a figure the interval cannot tell from none" in block
    # A column per pair, in the order of the pairs; the first is classic against itself
    # with another capot value.
    heads = [line for line in block.splitlines() if line.lstrip().startswith("vs ")]
    assert heads and heads[0].split()[:2] == ["vs", "classic(capot_value=500)"]
    row = next(line for line in block.splitlines() if line.startswith("capots "))
    assert row.split()[1] == "0"  # the capot rate: not one deck moved
    # Three variants, three pairs: the block fits a 100-column terminal.
    assert max(len(line) for line in block.splitlines()) <= 100
    mean_row = next(line for line in text.splitlines() if line.startswith("mean points"))
    assert mean_row.count("±") == 3


def test_the_par_table_shows_an_interval_on_every_figure() -> None:
    comparison = compare(["classic"], deals=2, seed=1, matches=0, par=2)
    text = comparison.to_text()
    par = text[text.index("Perfect play (par)"):text.index("Par minus the bots")].splitlines()
    rows = [line for line in par if line.startswith(("contracts", "litiges", "capots", "mean"))]
    assert len(rows) == 6
    assert all(line.count("±") == 2 for line in rows)  # bots and par, each with its interval
    assert "Par minus the bots, deck by deck" in text
    shifts = comparison.par_paired[0]
    bots, perfect = comparison.par_bots[0], comparison.par[0]
    assert shifts["taker"].value == round(perfect.mean_taker_score - bots.mean_taker_score, 2)
