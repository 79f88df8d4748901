"""Charts of a comparison of variants (``belote compare --plot FILE``).

Needs matplotlib, installed with ``pip install 'belote[plot]'``; without it
the functions raise [`MissingExtra`][belote.errors.MissingExtra]. Importing
this module never needs matplotlib.

[`plot_comparison`][belote.experiments.plot.plot_comparison] writes the chart the
"Comparing variants" page of the docs shows: on the left the outcome of a
deal (contract made, failed, litige, capot) as a share of played deals, on
the right the mean points a deal gives the taker's side and the other
side(s), one group of bars per variant.

```python
from belote.experiments.plot import plot_comparison
from belote.experiments.compare import compare

plot_comparison(compare(["classic", "italian751"], deals=200), "compare.svg")
```
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from belote.errors import InvalidArgument, MissingExtra
from belote.rules.checks import instance, whole
from belote.rules.checks import path as checked_path

if TYPE_CHECKING:
    from belote.experiments.compare import Comparison
    from belote.experiments.whatif import KnobRanking

__all__ = [
    "FORMATS",
    "comparison_figure",
    "comparison_image",
    "knobs_figure",
    "knobs_image",
    "outcome_rows",
    "plot_comparison",
    "plot_knobs",
    "score_rows",
]

#: The file formats [`plot_comparison`][belote.experiments.plot.plot_comparison] writes, by file suffix.
FORMATS: Final = {".svg": "svg", ".png": "png"}

_OUTCOMES: Final = ("made", "failed", "litige", "capot")
_SIDES: Final = ("taker's side", "other side(s)")
# Colour-blind safe (Okabe-Ito); one colour per bar of a group.
_COLOURS: Final = ("#0072B2", "#D55E00", "#E69F00", "#009E73")


def _comparison(value: object) -> Comparison:
    """``value`` if it is a [`Comparison`][belote.experiments.compare.Comparison] (else a typed error)."""
    from belote.experiments.compare import Comparison

    return instance(value, Comparison, "comparison")


def _ranking(value: object) -> KnobRanking:
    """``value`` if it is a [`KnobRanking`][belote.experiments.whatif.KnobRanking] (else a typed error)."""
    from belote.experiments.whatif import KnobRanking

    return instance(value, KnobRanking, "ranking")


def _format(fmt: object) -> str:
    text = instance(fmt, str, "fmt")
    if text not in FORMATS.values():
        raise InvalidArgument(f"cannot draw a chart as {text!r}: use svg or png")
    return text


def outcome_rows(comparison: Comparison) -> dict[str, list[float]]:
    """Percent of played deals per outcome, one value per variant (NaN: no contract).

    Made, failed and litige only exist in variants with a contract; capots in all.

    Raises:
        InvalidArgumentType: ``comparison`` is not a ``Comparison``.
    """
    rows: dict[str, list[float]] = {name: [] for name in _OUTCOMES}
    for stats in _comparison(comparison).variants:
        contract = stats.has_contract
        rows["made"].append(100 * stats.attack_success_rate if contract else math.nan)
        rows["failed"].append(100 * stats.failure_rate if contract else math.nan)
        rows["litige"].append(100 * stats.litige_rate if contract else math.nan)
        rows["capot"].append(100 * stats.capot_rate)
    return rows


def score_rows(comparison: Comparison) -> dict[str, list[float]]:
    """Mean points per played deal of the taker's side and of the others, per variant.

    Raises:
        InvalidArgumentType: ``comparison`` is not a ``Comparison``.
    """
    comparison = _comparison(comparison)
    return {
        _SIDES[0]: [stats.mean_taker_score for stats in comparison.variants],
        _SIDES[1]: [stats.mean_points - stats.mean_taker_score for stats in comparison.variants],
    }


def _require_matplotlib() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise MissingExtra(
            "drawing a chart needs matplotlib: pip install 'belote[plot]'", extra="plot"
        ) from exc
    return Figure


def _bars(axes: Any, names: list[str], rows: dict[str, list[float]], fmt: str) -> None:
    width = 0.8 / len(rows)
    for i, (label, values) in enumerate(rows.items()):
        xs = [x + (i - (len(rows) - 1) / 2) * width for x in range(len(names))]
        bars = axes.bar(
            xs,
            [0 if math.isnan(v) else v for v in values],
            width,
            label=label,
            color=_COLOURS[i % len(_COLOURS)],
        )
        labels = ["n/a" if math.isnan(v) else format(v, fmt) for v in values]
        axes.bar_label(bars, labels=labels, fontsize=7.5, padding=1)
    axes.set_xticks(range(len(names)), names)
    axes.spines[["top", "right"]].set_visible(False)
    top = max((v for values in rows.values() for v in values if not math.isnan(v)), default=0)
    axes.set_ylim(0, max(1.0, top) * 1.12)
    axes.legend(
        fontsize=8, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.08), ncols=len(rows)
    )


def comparison_figure(comparison: Comparison) -> Any:
    """The chart of ``comparison`` as a matplotlib ``Figure`` (not attached to pyplot).

    Raises:
        MissingExtra: matplotlib is not installed.
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: the comparison holds no variant.
    """
    comparison = _comparison(comparison)
    figure_class = _require_matplotlib()
    names = [stats.variant for stats in comparison.variants]
    if not names:
        raise InvalidArgument("the comparison holds no variant to draw")
    figure = figure_class(figsize=(max(7.0, 1.7 * len(names) + 3), 4.0), layout="constrained")
    left, right = figure.subplots(1, 2)
    _bars(left, names, outcome_rows(comparison), ".1f")
    left.set_title("Outcome of a deal", fontsize=10)
    left.set_ylabel("% of played deals")
    _bars(right, names, score_rows(comparison), ".0f")
    right.set_title("Mean points per deal", fontsize=10)
    right.set_ylabel("points")
    figure.suptitle(
        f"{comparison.deals} decks per variant, {comparison.bots} bots, seed {comparison.seed}",
        fontsize=10,
    )
    return figure


KNOB_BARS: Final = 15
"""The most changes a chart of [`plot_knobs`][belote.experiments.plot.plot_knobs] shows (the highest ranked)."""


def knobs_figure(ranking: KnobRanking, top: int = KNOB_BARS) -> Any:
    """The ranked bar chart of ``ranking`` as a matplotlib ``Figure``.

    One bar per change, the largest first from the top: the share of decks
    whose deal winner changes, with its 95% interval as an error bar, beside
    the share of matches whose winner changes. At most ``top`` changes.

    Raises:
        MissingExtra: matplotlib is not installed.
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: the ranking holds no change.
    """
    ranking, top = _ranking(ranking), whole(top, "top", 1)
    figure_class = _require_matplotlib()
    effects = ranking.effects[:top]
    if not effects:
        raise InvalidArgument("the ranking holds no knob change to draw")
    labels = [effect.label for effect in effects]
    figure = figure_class(figsize=(8.0, 1.2 + 0.32 * len(effects)), layout="constrained")
    axes = figure.subplots()
    height = 0.38
    for k, (name, title) in enumerate((("deal_winner", "deal winner changes"),
                                       ("match_winner", "match winner changes"))):
        values = [100 * getattr(e, name).value for e in effects]
        errors = [[100 * (getattr(e, name).value - getattr(e, name).low) for e in effects],
                  [100 * (getattr(e, name).high - getattr(e, name).value) for e in effects]]
        ys = [y + (k - 0.5) * height for y in range(len(effects))]
        axes.barh(ys, values, height, xerr=errors, label=f"% of {'decks' if k == 0 else 'matches'}: "
                  f"{title}", color=_COLOURS[k], error_kw={"elinewidth": 0.8, "capsize": 2})
    axes.set_yticks(range(len(effects)), labels, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlim(left=0)
    axes.set_xlabel("% (bars: 95% interval)")
    axes.spines[["top", "right"]].set_visible(False)
    axes.legend(fontsize=8, frameon=False, loc="lower right")
    shown = f"the {len(effects)} largest of {len(ranking.effects)} changes" \
        if len(ranking.effects) > len(effects) else f"{len(effects)} changes"
    figure.suptitle(f"{ranking.variant}, one knob at a time: {shown}; {ranking.deals} decks, "
                    f"{ranking.matches} matches, seed {ranking.seed}", fontsize=9)
    return figure


def _image(figure: Any, fmt: str) -> bytes:
    import matplotlib

    buffer = io.BytesIO()
    metadata = {"Date": None} if fmt == "svg" else {"Software": None}
    with matplotlib.rc_context({"svg.hashsalt": "belote", "svg.fonttype": "none"}):
        figure.savefig(buffer, format=fmt, metadata=metadata, dpi=120)
    return buffer.getvalue()


def knobs_image(ranking: KnobRanking, fmt: str = "svg") -> bytes:
    """The ranked bar chart of ``ranking`` as the bytes of an SVG or PNG file (the same bytes every time).

    Raises:
        MissingExtra: matplotlib is not installed.
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``fmt`` is neither ``"svg"`` nor ``"png"``, or the ranking is empty.
    """
    ranking = _ranking(ranking)
    return _image(knobs_figure(ranking), _format(fmt))


def plot_knobs(ranking: KnobRanking, path: str | os.PathLike[str]) -> Path:
    """Draw the ranked bar chart of ``ranking`` (``belote compare --knobs V --plot FILE``).

    Args:
        ranking: what [`knob_effects`][belote.experiments.whatif.knob_effects] returned.
        path: the file to write, ending in ``.svg`` or ``.png`` (any case).

    Returns:
        The path written.

    Raises:
        MissingExtra: matplotlib is not installed (``pip install 'belote[plot]'``).
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a bad suffix, or an empty ranking.
        OSError: the file cannot be written.
    """
    ranking = _ranking(ranking)
    return _write_chart(path, lambda fmt: knobs_image(ranking, fmt))


def comparison_image(comparison: Comparison, fmt: str = "svg") -> bytes:
    """The chart of ``comparison`` as the bytes of an SVG or PNG file.

    The same comparison gives the same bytes: the SVG carries no date and
    fixed ids, and its words stay text.

    Raises:
        MissingExtra: matplotlib is not installed.
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``fmt`` is neither ``"svg"`` nor ``"png"``, or the
            comparison holds no variant.
    """
    comparison = _comparison(comparison)
    return _image(comparison_figure(comparison), _format(fmt))


def plot_comparison(comparison: Comparison, path: str | os.PathLike[str]) -> Path:
    """Draw the chart of ``comparison`` into ``path``, as SVG or PNG by its suffix.

    Args:
        comparison: what [`compare`][belote.experiments.compare.compare] returned.
        path: the file to write, ending in ``.svg`` or ``.png`` (any case).

    Returns:
        The path written.

    Raises:
        MissingExtra: matplotlib is not installed (``pip install 'belote[plot]'``).
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``path`` does not end in ``.svg`` or ``.png``, or the
            comparison holds no variant.
        OSError: the file cannot be written.
    """
    comparison = _comparison(comparison)
    return _write_chart(path, lambda fmt: comparison_image(comparison, fmt))


def _write_chart(path: str | os.PathLike[str], image: Callable[[str], bytes]) -> Path:
    """Write ``image(fmt)`` into ``path``, the format (svg or png) read from its suffix."""
    target = checked_path(path, "path")
    fmt = FORMATS.get(target.suffix.lower())
    if fmt is None:
        raise InvalidArgument(
            f"cannot draw into {target.name!r}: the file name must end in .svg or .png"
        )
    target.write_bytes(image(fmt))
    return target
