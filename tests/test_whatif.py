"""``belote compare --knobs VARIANT`` and ``belote.experiments.whatif``: one knob changed at a time (issue 20 §3)."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from clirun import run

from belote.experiments.stats import paired_interval
from belote.experiments.whatif import MEASURES, knob_changes, knob_effects
from belote.records.describe import applies
from belote.rules import get_rules
from belote.rules.specs import SETTABLE


@pytest.mark.parametrize("variant", ["classic", "piedicavallo", "italian751"])
def test_every_settable_knob_is_tried_or_skipped_with_a_reason(variant: str) -> None:
    """The changes come from the rules' metadata: each knob a spec may set is accounted for."""
    rules = get_rules(variant)
    changes, skipped = knob_changes(rules)
    seen = {c.knob for c in changes} | {s.knob for s in skipped}
    assert seen == set(SETTABLE)
    assert all(s.reason for s in skipped)
    for change in changes:
        assert change.rules != rules
        assert change.rules.name == rules.name
    for knob, kind in SETTABLE.items():
        if kind is bool and applies(rules, knob):
            flipped = [c for c in changes if c.knob == knob]
            assert flipped or any(s.knob == knob for s in skipped), knob


def test_a_knob_that_does_not_apply_is_skipped_with_a_note() -> None:
    changes, skipped = knob_changes("classic")
    assert "capot_split_value" not in {c.knob for c in changes}
    assert any(s.knob == "capot_split_value" and "does not apply" in s.reason for s in skipped)


def test_changing_the_sides_is_skipped() -> None:
    """partnerships=false at a table of four makes four sides: no deck-by-deck winner."""
    _, skipped = knob_changes("classic")
    assert any(s.label == "partnerships=false" and "sides" in s.reason for s in skipped)


def test_the_ranking_is_deterministic_for_a_seed() -> None:
    first = knob_effects("classic", deals=25, seed=4, matches=2, bots="random")
    again = knob_effects("classic", deals=25, seed=4, matches=2, bots="random")
    assert first == again
    assert first.to_json() == again.to_json()
    assert first.to_text() == again.to_text()


def test_a_knob_that_cannot_matter_ranks_last_at_zero() -> None:
    """classic has four players: capot_split_value (three players only) is never read."""
    ranking = knob_effects("classic", deals=150, seed=3, matches=3,
                           changes=["capot_split_value=100", "capot_value=500"])
    assert [e.label for e in ranking.effects] == ["capot_value=500", "capot_split_value=100"]
    nothing = ranking.effects[-1]
    for name, effect in nothing.measures().items():
        assert effect.value == 0, name
        assert effect.low <= 0 <= effect.high, name
        assert not effect.clear


def test_a_higher_capot_value_shifts_the_points_up() -> None:
    """A capot scores more, nothing else changes: the mean points rise, clear of 0."""
    ranking = knob_effects("classic", deals=200, seed=3, matches=0, changes=["capot_value=500"])
    assert ranking.base["capot"] > 0  # the decks hold capots, else the test proves nothing
    effect = ranking.effects[0]
    assert effect.points.value > 0
    assert effect.points.clear and effect.points.low > 0
    assert effect.capot.value == 0  # the same deals end in capot


def test_paired_interval_of_no_difference_is_zero() -> None:
    effect = paired_interval(0, 0, 50)
    assert (effect.value, effect.low, effect.high) == (0, 0, 0)
    spread = paired_interval(5, 25, 50)  # one deck moved by 5
    assert spread.low < spread.value < spread.high


def test_jobs_and_chunks_do_not_change_the_ranking() -> None:
    alone = knob_effects("piedicavallo", deals=30, seed=2, matches=3, bots="random")
    with ProcessPoolExecutor(max_workers=2) as pool:
        shared = knob_effects("piedicavallo", deals=30, seed=2, matches=3, bots="random",
                              executor=pool, chunk=7)
    assert alone == shared


def test_cli_jobs_two_prints_what_jobs_one_prints(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        code, out, err = run(["compare", "--knobs", "italian751", "--deals", "12", "--matches",
                              "2", "--bots", "random", "--jobs", jobs], capsys)
        assert code == 0, err
        outputs.append(out)
    assert outputs[0] == outputs[1]


def test_json_carries_every_figure_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["compare", "--knobs", "classic", "--deals", "20", "--matches", "2",
                          "--bots", "random", "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert {"variant", "players", "deals", "matches", "seed", "bots", "base", "measures",
            "ranking", "skipped"} <= set(doc)
    assert doc["variant"] == "classic" and doc["deals"] == 20 and doc["matches"] == 2
    assert set(doc["measures"]) == set(MEASURES)
    assert [entry["rank"] for entry in doc["ranking"]] == list(range(1, len(doc["ranking"]) + 1))
    for entry in doc["ranking"]:
        assert entry["spec"].startswith("classic(") and entry["knob"] in SETTABLE
        for name in MEASURES:
            low, high = entry[name]["ci95"]
            assert low <= entry[name]["value"] <= high
    for skip in doc["skipped"]:
        assert set(skip) == {"knob", "value", "reason"}


def test_text_explains_every_column_and_names_what_was_skipped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["compare", "--knobs", "classic", "--deals", "10", "--matches", "1",
                        "--bots", "random"], capsys)
    assert code == 0
    assert out.startswith("classic: each single-knob change on the same 10 decks")
    for head in ("deal winner", "match winner", "points", "made", "failed", "litige", "capot"):
        assert f"\n  {head} " in out  # a legend line per column
    assert '"Comparing variants", section "One knob at a time"' in out
    assert "does not apply to classic:" in out and "capot_split_value" in out


@pytest.mark.parametrize("argv", [
    ["compare", "--knobs", "nosuch"],
    ["compare", "--knobs", "classic(capot_value=lots)"],
    ["compare", "--knobs", "classic(nosuch_knob=1)"],
    ["compare", "--knobs", "classic", "piedicavallo"],
    ["compare", "--knobs", "classic", "--par"],
    ["compare", "--knobs", "classic", "--players", "3"],
    ["compare", "--knobs", "classic", "--plot", "chart.jpg"],
])
def test_bad_input_exits_2_with_one_error_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run([*argv, "--deals", "2"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1, err


def test_a_bad_knob_change_names_the_knob() -> None:
    from belote.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="capot_value"):
        knob_effects("classic", deals=2, changes=["capot_value=lots"])
    with pytest.raises(InvalidArgument, match="sides"):
        knob_effects("classic", deals=2, changes=["partnerships=false"])


def test_the_chart_is_drawn_and_the_same_every_time(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from belote.experiments.plot import plot_knobs

    ranking = knob_effects("classic", deals=20, seed=1, matches=2, bots="random")
    first = plot_knobs(ranking, tmp_path / "a.svg").read_text(encoding="utf-8")
    second = plot_knobs(ranking, tmp_path / "b.svg").read_text(encoding="utf-8")
    assert first == second
    assert ranking.effects[0].label in first
    assert plot_knobs(ranking, tmp_path / "c.png").read_bytes().startswith(b"\x89PNG")


def test_cli_plot_writes_the_ranked_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "knobs.svg"
    code, out, err = run(["compare", "--knobs", "classic", "--deals", "10", "--matches", "1",
                          "--bots", "random", "--plot", str(chart)], capsys)
    assert code == 0, err
    assert "one knob at a time" in chart.read_text(encoding="utf-8")
    assert out.startswith("classic: each single-knob change")


def test_without_matches_the_match_column_is_a_dash(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["compare", "--knobs", "classic", "--deals", "10", "--matches", "0",
                        "--bots", "random"], capsys)
    assert code == 0
    head = next(line for line in out.splitlines() if "match winner" in line)
    end = head.index("match winner") + len("match winner")
    rows = [line for line in out.splitlines() if line[:3].strip().isdigit()]
    assert rows and all(line[end - 1] == "-" for line in rows)
