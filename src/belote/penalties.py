"""Penalties for errors made at a real table (rules §9, docs/rules.md#penalties).

A strict engine refuses an illegal action; a game recorded by hand may
contain one all the same, and the sources say what it costs. A variant's
[`penalties`][belote.rules.Rules.penalties] maps each [`Offence`][belote.penalties.Offence] to a
[`Sanction`][belote.penalties.Sanction]; a tally lists the offences committed in the deal as
[`Penalty`][belote.penalties.Penalty] values, and scoring applies them after everything else.

>>> from belote.rules import get_rules
>>> get_rules("french").penalties[Offence.RENEGE]
Sanction(kind=<SanctionKind.POINTS_TO_OTHERS: 'points-to-others'>, points=10)
>>> get_rules("piedicavallo").penalties[Offence.RENEGE].kind.value
'lose-match'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

import attrs

__all__ = ["Offence", "Penalty", "Sanction", "SanctionKind", "penalty_lines"]


class Offence(enum.Enum):
    """The errors the sources sanction."""

    RENEGE = "renege"
    """Not following suit, not trumping or not overtrumping when obliged."""
    FALSE_ANNOUNCEMENT = "false-announcement"
    """An announcement that is false, or a combination declared and not shown."""
    FALSE_CALL_OUT = "false-call-out"
    """Calling out (or "j'arrête") without the points."""
    MISDEAL = "misdeal"
    """An error in dealing the cards."""


class SanctionKind(enum.Enum):
    """What an offence costs."""

    LOSE_MATCH = "lose-match"
    """The offender's side loses the match (000 §Regolamento di gara)."""
    POINTS_TO_OTHERS = "points-to-others"
    """Every other side scores `Sanction.points` (001: 10 to each other
    player; 004: 20 to the opponents for a refuted false run)."""
    DEDUCT = "deduct"
    """The offender's side loses `Sanction.points` (001, 003: a misdeal costs 10)."""


@attrs.frozen
class Sanction:
    """What one offence costs under a variant."""

    kind: SanctionKind
    points: int = 0


@attrs.frozen
class Penalty:
    """An offence committed by a seat in a deal, as recorded in a tally."""

    seat: int
    offence: Offence


def penalty_lines(
    penalties: Sequence[Penalty],
    sanctions: Mapping[Offence, Sanction],
    side_of_seat: Sequence[int],
    sides: int,
) -> tuple[list[tuple[int, str, int]], int | None]:
    """The audit lines and the match loser that recorded penalties give.

    Args:
        penalties: the offences of the deal.
        sanctions: the variant's ``Rules.penalties`` mapping.
        side_of_seat: the side of each seat.
        sides: the number of sides.

    Returns:
        ``(lines, loser)``: lines as ``(side, item, points)``, and the side that
        loses the match because of a penalty (the first such), or ``None``.

    Raises:
        KeyError: an offence the variant does not sanction (callers check
            first and raise a typed error).
    """
    lines: list[tuple[int, str, int]] = []
    loser: int | None = None
    for penalty in penalties:
        sanction = sanctions[penalty.offence]
        side = side_of_seat[penalty.seat]
        item = f"penalty: {penalty.offence.value} by seat {penalty.seat}"
        if sanction.kind is SanctionKind.LOSE_MATCH:
            if loser is None:
                loser = side
        elif sanction.kind is SanctionKind.DEDUCT:
            lines.append((side, item, -sanction.points))
        else:
            lines.extend((other, item, sanction.points) for other in range(sides) if other != side)
    return lines, loser
