"""``belote.experiments.plot``: the comparison chart of the docs and of ``belote compare --plot``."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from belote.errors import BeloteError, InvalidArgument, MissingExtra
from belote.experiments.compare import Comparison, compare
from belote.experiments.plot import outcome_rows, plot_comparison, score_rows


def needs_matplotlib() -> None:
    pytest.importorskip("matplotlib")


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return compare(["classic", "french", "italian751"], deals=40, seed=3, matches=0)


def test_svg_and_png_are_written_by_suffix(comparison: Comparison, tmp_path: Path) -> None:
    needs_matplotlib()
    svg = plot_comparison(comparison, tmp_path / "chart.svg")
    png = plot_comparison(comparison, str(tmp_path / "chart.PNG"))
    text = svg.read_text(encoding="utf-8")
    assert "<svg" in text
    for name in ("classic", "french", "italian751", "Outcome of a deal", "Mean points per deal"):
        assert name in text  # svg.fonttype none keeps the words as text
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_the_same_comparison_gives_the_same_file(comparison: Comparison, tmp_path: Path) -> None:
    needs_matplotlib()
    first = plot_comparison(comparison, tmp_path / "a.svg").read_bytes()
    second = plot_comparison(comparison, tmp_path / "b.svg").read_bytes()
    assert first == second


def test_an_unknown_suffix_is_refused(comparison: Comparison, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match=r"\.svg or \.png"):
        plot_comparison(comparison, tmp_path / "chart.jpg")
    assert not (tmp_path / "chart.jpg").exists()


def test_without_matplotlib_a_typed_error_names_the_extra(
    comparison: Comparison, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtra, match=r"belote\[plot\]") as info:
        plot_comparison(comparison, tmp_path / "chart.svg")
    assert isinstance(info.value, BeloteError) and isinstance(info.value, ImportError)
    assert info.value.extra == "plot"


def test_outcome_rates_of_a_contract_variant_cover_every_played_deal(
    comparison: Comparison,
) -> None:
    """Rules §7.1: every played deal of a contract variant is made, failed or a litige."""
    rows = outcome_rows(comparison)
    for i, stats in enumerate(comparison.variants):
        shares = [rows[name][i] for name in ("made", "failed", "litige")]
        if stats.has_contract:
            assert sum(shares) == pytest.approx(100)
        else:  # french: no contract, so none of the three applies
            assert all(math.isnan(v) for v in shares)
        assert 0 <= rows["capot"][i] <= 100


def test_mean_scores_add_up_to_the_points_handed_out(comparison: Comparison) -> None:
    rows = score_rows(comparison)
    for i, stats in enumerate(comparison.variants):
        assert sum(values[i] for values in rows.values()) == pytest.approx(stats.mean_points)
