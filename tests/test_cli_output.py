"""What ``simulate``, ``compare`` and ``variants`` print for people (issue 12)."""

from __future__ import annotations

import io
import json
import re
import sys
import types
from pathlib import Path

import pytest

from belote.cli.main import build_parser, main
from belote.experiments.compare import Comparison
from belote.experiments.simulate import Progress, SimulationStats


def _stats(deals: int, redeals: int) -> SimulationStats:
    return SimulationStats(
        variant="classic", players=4, deals=deals, seed=1, bots="heuristic", redeals=redeals,
        outcomes={"made": deals}, capots=(0, 0), score_sums=(0, 0), taker_sum=0,
        called_out=0, announcements={}, winners=(),
    )


def test_every_rate_is_a_share_of_the_played_deals() -> None:
    """30 redeals in 200 played deals are 15.0% of the played deals, and the row says so."""
    text = _stats(200, 30).to_text()
    assert "per played deal" in text
    row = next(line for line in text.splitlines() if line.startswith("redeals"))
    assert re.search(r"\b30\s+15\.0%$", row)
    assert "200 played deals (and 30 redeals)" in text
    assert _stats(200, 30).redeals_per_deal == 0.15


def test_simulate_and_compare_share_one_default_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """One default seed, 1, for both commands."""
    parser = build_parser()
    assert parser.parse_args(["simulate", "classic"]).seed == 1
    assert parser.parse_args(["compare"]).seed == 1
    assert main(["simulate", "classic", "--deals", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 1


def test_compare_says_why_a_pair_or_a_variant_is_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """classic (two teams) and french (two players) share no deal winner: a note says so;
    on its defaults compare names the variants it leaves out."""
    assert main(["compare", "classic", "french", "--deals", "20", "--matches", "0"]) == 0
    out = capsys.readouterr().out
    assert "Same deck, different winner" not in out
    assert re.search(r"Note: classic and french are not compared deck by deck", out)
    assert main(["compare", "--deals", "20", "--matches", "0"]) == 0
    out = capsys.readouterr().out
    notes = [line for line in out.splitlines() if line.startswith("Note:")]
    assert len(notes) == 1 and "french" in notes[0]
    assert main(["compare", "--deals", "20", "--matches", "0", "--json"]) == 0
    json.loads(capsys.readouterr().out)  # no note in JSON


def test_compare_tables_are_aligned(capsys: pytest.CaptureFixture[str]) -> None:
    """Each column header ends where its numbers end."""
    assert main(["compare", "classic", "italian751", "--deals", "20", "--matches", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = lines.index(next(line for line in lines if line.split() == ["classic", "italian751"]))
    assert lines[head].rstrip().endswith("italian751")
    width = len(lines[head].rstrip())
    for line in lines[head + 1:]:
        if not line.strip():
            break
        assert len(line.rstrip()) == width, line
    second = next(i for i, line in enumerate(lines) if line.strip() == "deal   match"
                  or re.fullmatch(r"\s+deal\s+match", line))
    header = lines[second]
    for line in lines[second + 1:]:
        if not line.strip():  # the same-deck block comes first, then the table
            break
        assert line.index("%") + 1 == header.index("deal") + len("deal")
        assert len(line.rstrip()) == len(header.rstrip())


def test_variants_descriptions_start_in_one_column(capsys: pytest.CaptureFixture[str]) -> None:
    """``2 or 3 players`` does not push its description to the right."""
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    starts = {re.search(r"players\s+", line).end() for line in lines}  # type: ignore[union-attr]
    assert len(starts) == 1


def test_progress_bar_only_on_a_terminal() -> None:
    """A bar on a terminal, nothing when standard error is a file or a pipe."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown = Terminal()
    bar = Progress("compare", 200, shown)
    bar.step(50)
    bar.step(50)
    assert "[###############...............]  50% (100/200)" in shown.getvalue()
    bar.close()
    assert shown.getvalue().endswith("\r")
    assert "left" in shown.getvalue()  # an estimate of the time left while the work runs
    hidden = io.StringIO()
    quiet = Progress("compare", 200, hidden)
    quiet.step(100)
    quiet.close()
    assert hidden.getvalue() == ""


def test_plot_without_the_extra_exits_2_with_one_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--plot`` without matplotlib: exit 2, one ``error:`` line naming the extra."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    monkeypatch.setitem(sys.modules, "belote.experiments.plot", None)
    path = tmp_path / "chart.svg"
    assert main(["compare", "--deals", "5", "--plot", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("error: --plot needs matplotlib")
    assert "belote[plot]" in captured.err
    assert not path.exists()


def test_plot_calls_the_plot_module_with_the_comparison(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With the extra, ``--plot FILE`` hands the comparison and the path to belote.experiments.plot."""
    calls: list[tuple[object, str]] = []
    fake = types.ModuleType("belote.experiments.plot")
    fake.plot_comparison = lambda comparison, path: calls.append((comparison, path))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "belote.experiments.plot", fake)
    path = str(tmp_path / "chart.svg")
    assert main(["compare", "--deals", "5", "--matches", "0", "--plot", path]) == 0
    assert len(calls) == 1
    assert isinstance(calls[0][0], Comparison) and calls[0][1] == path
    assert "classic" in capsys.readouterr().out


def test_progress_weighs_each_stage_by_its_measured_time() -> None:
    """The bar's share and time left weigh the slow stage (a solver's decks) by what it costs:
    first at its guessed cost, then by the time its first units took."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    now = [0.0]
    bar = Progress("compare", 100, Terminal(), stages=[(10, 50)], clock=lambda: now[0])
    now[0] = 5.0
    bar.step(50)  # 0.1 s a deal: 50 deals and 10 decks of 50 deals' cost are left
    assert bar.seconds_left() == pytest.approx(55.0)
    assert bar.line().startswith("compare [##......") and " 8% (50/110) 55s left" in bar.line()
    now[0] = 10.0
    bar.step(50)
    bar.start_stage(1)
    now[0] = 20.0
    bar.step(1, 1)  # a deck took 10 s: 9 left, 90 s
    assert bar.seconds_left() == pytest.approx(90.0)
    assert " 18% (101/110) 1m30s left" in bar.line()
    now[0] = 110.0
    bar.step(9, 1)
    assert "100% (110/110)" in bar.line() and "left" not in bar.line()
