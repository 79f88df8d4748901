"""The figures of a report: shares and means with their 95% intervals, and how tables show them.

Plain arithmetic on whole-number sums, shared by
[`simulate`][belote.experiments.simulate.simulate], [`compare`][belote.experiments.compare.compare]
and the duels; [`belote.experiments.stats`][belote.experiments.stats] re-exports them.
"""

from __future__ import annotations

import math
from typing import Final

import attrs

from belote.errors import InvalidArgument, InvalidArgumentType
from belote.rules.checks import instance, shown, whole

__all__ = ["Z95", "Effect", "effect_text", "mean", "mean_interval", "paired_interval", "rate", "wilson"]

def rate(count: object, total: object) -> float:
    """``count / total`` to 4 places (0 without a total).

    Raises:
        InvalidArgumentType: ``count`` or ``total`` is not a whole number.
    """
    part, whole_count = whole(count, "count"), whole(total, "total")
    return round(part / whole_count, 4) if whole_count else 0.0


Z95: Final = 1.959963984540054
"""The 97.5% quantile of the normal distribution: a two-sided 95% interval."""


def wilson(count: object, total: object, z: object = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``count / total`` (95% by default), to 4 places.

    Sound for small counts and proportions near 0 or 1, where the normal
    approximation is not. ``(0.0, 1.0)`` without a total.

    >>> wilson(84, 100)
    (0.7558, 0.899)
    >>> wilson(0, 200)
    (0.0, 0.0188)

    Raises:
        InvalidArgumentType: ``count`` or ``total`` is not a whole number, ``z`` not a number.
        InvalidArgument: ``count`` is out of 0..``total``, ``z`` not finite and positive.
    """
    count, total, z = _counted(count, total), whole(total, "total"), _quantile(z)
    if total <= 0:
        return (0.0, 1.0)
    p = count / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * ((p * (1 - p) / total + z * z / (4 * total * total)) ** 0.5) / denominator
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def _counted(count: object, total: object) -> int:
    """``count``, a whole number of 0..``total`` when ``total`` is one."""
    value = whole(count, "count")
    if isinstance(total, int) and not isinstance(total, bool) and not 0 <= value <= max(total, 0):
        raise InvalidArgument(f"count: expected 0..{shown(total)}, got {shown(value)}")
    return value


def _quantile(z: object) -> float:
    """``z``, a finite positive number (a quantile of the normal distribution)."""
    if isinstance(z, bool) or not isinstance(z, (int, float)):
        raise InvalidArgumentType(f"z: expected a number, got {shown(z)}")
    if not (math.isfinite(z) and z > 0):
        raise InvalidArgument(f"z: expected a finite positive number, got {shown(z)}")
    return float(z)


def mean_interval(total: object, squares: object, count: object, places: object = 2) -> tuple[float, float]:
    """The 95% interval of a mean of ``count`` values, from their sum and sum of squares.

    The normal approximation (the decks are many); ``(0.0, 0.0)`` when all
    values are equal to 0 and an unbounded interval without a count.

    >>> mean_interval(200, 420, 100)  # values near 2, spread 0.45
    (1.91, 2.09)

    Raises:
        InvalidArgumentType: an argument is not a whole number.
        InvalidArgument: ``places`` is out of 0..12.
    """
    effect = paired_interval(total, squares, count, places)
    return (effect.low, effect.high)


@attrs.frozen
class Effect:
    """One figure with its 95% interval.

    Attributes:
        value: the figure (a share, a mean, a shift in points or in a share).
        low: the interval's lower end.
        high: the interval's upper end.
    """

    value: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Whether the interval leaves out 0: the decks tell the figure from nothing."""
        return not self.low <= 0.0 <= self.high

    @property
    def half(self) -> float:
        """Half the interval's width (what the tables show after ``±``)."""
        return (self.high - self.low) / 2

    def to_json(self) -> dict[str, object]:
        """``{"value": v, "ci95": [low, high]}``."""
        return {"value": self.value, "ci95": [self.low, self.high]}


def paired_interval(total: object, squares: object, count: object, places: object = 4) -> Effect:
    """The mean of ``count`` values (paired differences, say) and its 95% interval.

    ``total`` and ``squares`` are the sums of the values and of their
    squares; the interval is the normal approximation's. Values all 0 give
    ``(0, 0, 0)``; no count gives an interval of nothing known.

    >>> paired_interval(0, 0, 100)
    Effect(value=0.0, low=0.0, high=0.0)
    >>> paired_interval(10, 10, 100)  # ten decks moved up by 1
    Effect(value=0.1, low=0.0409, high=0.1591)

    Raises:
        InvalidArgumentType: an argument is not a whole number.
        InvalidArgument: ``places`` is out of 0..12.
    """
    total, squares = whole(total, "total"), whole(squares, "squares")
    count, places = whole(count, "count"), whole(places, "places", 0, 12)
    if count <= 0:
        return Effect(0.0, -math.inf, math.inf)
    centre = total / count
    # The sums are exact whole numbers: the variance from them in whole numbers
    # too, so no float overflows or cancels (one division at the end).
    variance = (count * squares - total * total) / (count * (count - 1)) if count > 1 else 0.0
    half = Z95 * math.sqrt(max(0.0, variance) / count)
    return Effect(round(centre, places), round(centre - half, places), round(centre + half, places))


def effect_text(effect: object, kind: object) -> str:
    """A figure as the tables show it: its value, ``±`` half its interval, ``≈`` if it holds 0.

    ``kind``: ``"share"`` (``27.5% ±6.1``), ``"points"`` (a signed shift,
    ``+1.6 ±0.1``) or ``"shift"`` (a signed shift of a share, in percentage
    points, ``-3.5 ±3.2``). A figure that is exactly 0 with no spread (not
    one deck moved) is ``0``. Every text ends in two characters, ``≈`` or
    blanks, so the columns line up.

    >>> effect_text(Effect(0.275, 0.214, 0.336), "share")
    '27.5% ±6.1  '
    >>> effect_text(Effect(-0.4, -1.2, 0.4), "points")
    '-0.4 ±0.8 ≈'

    Raises:
        InvalidArgumentType: ``effect`` is not an ``Effect``, ``kind`` not text.
        InvalidArgument: ``kind`` is none of the three.
    """
    effect = instance(effect, Effect, "effect")
    if instance(kind, str, "kind") not in ("share", "points", "shift"):
        raise InvalidArgument(f"kind: expected 'share', 'points' or 'shift', got {shown(kind)}")
    if effect.value == effect.low == effect.high == 0:
        return "0  "
    half = effect.half
    if kind == "share":
        text = f"{100 * effect.value:.1f}% ±{100 * half:.1f}"
    elif kind == "points":
        text = f"{effect.value:+.1f} ±{half:.1f}"
    else:
        text = f"{100 * effect.value:+.1f} ±{100 * half:.1f}"
    return text + ("  " if effect.clear else " ≈")


def mean(total: object, count: object) -> float:
    """``total / count`` to 2 places (0 without a count).

    Raises:
        InvalidArgumentType: ``total`` or ``count`` is not a whole number.
    """
    total, count = whole(total, "total"), whole(count, "count")
    return round(total / count, 2) if count else 0.0
