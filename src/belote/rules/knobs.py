"""The range of every numeric knob of [`Rules`][belote.rules.Rules], and the one check of them.

A whole-number knob takes only values that mean something at a card table:
a bonus of 0 to 100 points, a match target of 1 to 10000, a packet of 1 to 8
cards. [`check_ranges`][belote.rules.model.check_ranges] refuses anything else with
an [`InvalidArgument`][belote.errors.InvalidArgument] naming the knob and its
range. It runs whenever a rules value is built, so every door (a spec, JSON,
``Rules(...)``, ``attrs.evolve``, a plug-in variant) gives the same value or
the same error; the engine, the solver and the statistics are correct for
every value inside the ranges.

Besides each knob's own range, a few knobs must agree with each other (a
contract needs two sides, the hands must fit in 32 cards, rounded totals
must leave the attack a score of at least 0); those checks name the knobs too.

>>> RANGES["target"].text
'1..10000'
>>> RANGES["round_to"].text
'1..100, or none'
>>> RANGES["target"].holds(0), RANGES["target"].holds(751)
(False, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

import attrs

from belote.errors import InvalidArgument, InvalidArgumentType, shown

__all__ = [
    "DIGITS_LIMIT",
    "FULL_CARD_POINTS",
    "HAND_LIMIT",
    "ITEM_RANGES",
    "MATCH_POINTS",
    "RANGES",
    "KnobRange",
    "out_of_range",
    "range_text",
    "whole_from_text",
]

FULL_CARD_POINTS: Final = 152
"""The card points of the 32 cards, without the last-trick bonus."""

DIGITS_LIMIT: Final = 30
"""The most digits a whole number written for a knob may have before it is read.

Longer texts are refused as out of range without being converted (Python
refuses to convert more than 4300 digits, and no knob needs more than 5)."""


HAND_LIMIT: Final = 12
"""The most cards a hand may hold (the first packets and the completion's together)."""


@attrs.frozen
class KnobRange:
    """The whole numbers a knob takes: ``low`` to ``high`` inclusive, and ``None`` if ``unset``.

    Attributes:
        low: the smallest value.
        high: the largest value.
        unset: whether the knob may be ``None`` (not set).
    """

    low: int
    high: int
    unset: bool = False

    @property
    def text(self) -> str:
        """The range as the docs and error messages write it (``0..100``, ``1..100, or none``)."""
        return f"{self.low}..{self.high}" + (", or none" if self.unset else "")

    def holds(self, value: object) -> bool:
        """Whether ``value`` is in the range (a whole number, or ``None`` when ``unset``)."""
        if value is None:
            return self.unset
        return type(value) is int and self.low <= value <= self.high


_POINTS: Final = KnobRange(0, 1000)

MATCH_POINTS: Final = 1_000_000
"""The most points a match's totals (either way) or its pending litige points may hold.

A record, a position or a deal's ``totals`` and ``pending`` beyond it are
refused; with a target of at most 10,000 (``RANGES["target"]``) no match
comes near it."""

RANGES: Final[Mapping[str, KnobRange]] = {
    "belote_value": KnobRange(0, 200),
    "last_trick_bonus": KnobRange(0, 100),
    "long_run_value": KnobRange(0, 1000, unset=True),
    "failed_defence_points": _POINTS,
    "capot_value": _POINTS,
    "reverse_capot_value": _POINTS,
    "capot_split_value": _POINTS,
    "round_to": KnobRange(1, 100, unset=True),
    "rounded_total": _POINTS,
    "target": KnobRange(1, 10_000),
    "auction.lowest": KnobRange(10, 300),
    "auction.step": KnobRange(10, 100),
    "auction.highest": KnobRange(10, 300),
    "auction.coinche_multiplier": KnobRange(1, 16),
    "auction.surcoinche_multiplier": KnobRange(1, 64),
    "auction.reredouble_multiplier": KnobRange(1, 128),
    "contract.lowest_needs": KnobRange(0, 300, unset=True),
    "contract.failed_points": _POINTS,
    "contract.coinched_points": _POINTS,
    "contract.coinched_flat": KnobRange(0, 1000, unset=True),
    "contract.capot_value": _POINTS,
    "contract.capot_bonus": KnobRange(0, 1000, unset=True),
    "game_points.valat_bonus": KnobRange(0, 1000),
}
"""The range of each whole-number knob a spec may set, by knob name."""

ITEM_RANGES: Final[Mapping[str, KnobRange]] = {
    "player_counts": KnobRange(2, 4),
    "first_packets": KnobRange(1, 8),
    "completion_packets": KnobRange(1, 8),
    "run_values": _POINTS,
    "carre_values": _POINTS,
    "penalties": _POINTS,
}
"""The range of each item of the knobs that hold several numbers (a list or a table):
each player count, packet size, run value, carré value and penalty's points."""


def _text(value: object, name: str) -> None:
    if not isinstance(value, str):
        raise InvalidArgumentType(f"{name}: expected text, got {shown(value)}")


def range_text(knob: str) -> str | None:
    """The range of a knob as the docs write it, or ``None`` for a knob that is not a number.

    >>> range_text("last_trick_bonus"), range_text("run_values"), range_text("contest")
    ('0..100', 'each 0..1000', None)

    Raises:
        InvalidArgumentType: ``knob`` is not text.
    """
    _text(knob, "knob")
    found = RANGES.get(knob)
    if found is not None:
        return found.text
    item = ITEM_RANGES.get(knob)
    return None if item is None else f"each {item.text}"


def out_of_range(knob: str, value: object, where: KnobRange, what: str = "") -> InvalidArgument:
    """The error naming ``knob``, the value outside its range (``what`` says which item) and the range.

    Raises:
        InvalidArgumentType: ``knob`` or ``what`` is not text, ``where`` not a ``KnobRange``.
    """
    _text(knob, "knob")
    _text(what, "what")
    if not isinstance(where, KnobRange):
        raise InvalidArgumentType(f"where: expected a KnobRange, got {shown(where)}")
    return InvalidArgument(f"knob {knob}: {what}{shown(value)} is outside its range {where.text}")


def whole_from_text(knob: str, text: str) -> int:
    """A whole number written for ``knob`` (``"250"``, ``"-5"``), read without converting huge texts.

    A text of more than [`DIGITS_LIMIT`][belote.rules.knobs.DIGITS_LIMIT] digits is
    refused as out of the knob's range, with its size said, instead of being
    converted.

    >>> whole_from_text("target", "+751")
    751

    Raises:
        InvalidArgument: not a whole number, or one far outside the knob's range.
        InvalidArgumentType: ``knob`` or ``text`` is not text.
    """
    _text(knob, "knob")
    _text(text, "text")
    if re.fullmatch(r"[+-]?[0-9]+", text) is None:
        raise InvalidArgument(f"knob {knob}: {shown(text)} is not a whole number")
    digits = len(text.lstrip("+-").lstrip("0"))
    if digits > DIGITS_LIMIT:
        where = RANGES.get(knob, KnobRange(-(10**DIGITS_LIMIT), 10**DIGITS_LIMIT))
        raise InvalidArgument(
            f"knob {knob}: a whole number of {digits} digits is outside its range {where.text}"
        )
    return int(text)
