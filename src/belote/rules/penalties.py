"""Penalties for errors made at a real table (rules §9, docs/rules.md#penalties).

A strict engine refuses an illegal action; a game recorded by hand may
contain one all the same, and the sources say what it costs. A variant's
[`penalties`][belote.rules.model.Rules.penalties] maps each [`Offence`][belote.rules.penalties.Offence] to a
[`Sanction`][belote.rules.penalties.Sanction]; a tally lists the offences committed in the deal as
[`Penalty`][belote.rules.penalties.Penalty] values, and scoring applies them after everything else.
[`sanction_for`][belote.rules.penalties.sanction_for] says what one offence by one seat
costs, for a replay that accepts offences instead of refusing them.

>>> from belote.rules import get_rules
>>> get_rules("french").penalties[Offence.RENEGE]
Sanction(kind=<SanctionKind.POINTS_TO_OTHERS: 'points-to-others'>, points=10)
>>> get_rules("piedicavallo").penalties[Offence.RENEGE].kind.value
'lose-match'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Protocol

import attrs

from belote.errors import InvalidArgument, InvalidArgumentType, shown

__all__ = [
    "AppliedSanction",
    "Offence",
    "Penalty",
    "Sanction",
    "SanctionKind",
    "Sanctioning",
    "penalty_lines",
    "sanction_for",
]


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
    EXPOSED_STOCK = "exposed-stock"
    """More than one card of the stock turned face up (001)."""
    BOTTOM_CARD_NOT_SHOWN = "bottom-card-not-shown"
    """The deck's bottom card not turned after the completion (001)."""
    OUT_OF_TURN = "out-of-turn"
    """A card played or a combination declared out of turn (001)."""
    HEAPED_HAND = "heaped-hand"
    """The cards of one's hand heaped up (001)."""
    COMBINATION_NOT_SHOWN = "combination-not-shown"
    """A combination that was accepted and then not shown (001)."""


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


@attrs.frozen(kw_only=True)
class AppliedSanction:
    """What one offence by one seat costs in a deal, ready to apply.

    Attributes:
        offence: the offence.
        seat: the offending seat.
        side: the offender's side (team, or the player himself).
        kind: the kind of sanction.
        points: per side, the points the sanction adds to the deal's scores
            (negative for a deduction); all zero for ``LOSE_MATCH``.
        loser: the side that loses the match, or ``None``.
        item: the audit line's item (``penalty: renege by seat 1``).
    """

    offence: Offence
    seat: int
    side: int
    kind: SanctionKind
    points: tuple[int, ...]
    loser: int | None
    item: str


def _apply(
    offence: Offence, seat: int, sanction: Sanction, side: int, sides: int
) -> AppliedSanction:
    if sanction.kind is SanctionKind.LOSE_MATCH:
        points = (0,) * sides
    elif sanction.kind is SanctionKind.DEDUCT:
        points = tuple(-sanction.points if s == side else 0 for s in range(sides))
    else:
        points = tuple(0 if s == side else sanction.points for s in range(sides))
    return AppliedSanction(
        offence=offence,
        seat=seat,
        side=side,
        kind=sanction.kind,
        points=points,
        loser=side if sanction.kind is SanctionKind.LOSE_MATCH else None,
        item=f"penalty: {offence.value} by seat {seat}",
    )


class Sanctioning(Protocol):
    """What [`sanction_for`][belote.rules.penalties.sanction_for] reads of a variant's rules.

    [`Rules`][belote.rules.model.Rules] has all of it; the protocol keeps this module
    below the one that defines `Rules`.
    """

    @property
    def name(self) -> str:
        """The variant's name."""

    @property
    def partnerships(self) -> bool:
        """Whether seats play in two teams."""

    @property
    def default_players(self) -> int:
        """The number of players when none is given."""

    @property
    def penalties(self) -> Mapping[Offence, Sanction]:
        """The sanction of each offence the variant sanctions."""

    def check_players(self, players: int) -> int:
        """``players`` when the variant is played by that many, else a typed error."""


def sanction_for(
    rules: Sanctioning, offence: Offence, seat: int, players: int | None = None
) -> AppliedSanction:
    """The sanction a variant applies when ``seat`` commits ``offence`` (rules §9, docs/rules.md#penalties).

    The penalty side of a lenient replay: the engine records the offence and
    applies what this returns (``piedicavallo``: the offending team loses the
    match; ``french``: 10 to each other player, or 10 deducted from the
    offender; ``italian751``: 20 to the opponents for a refuted false run).

    Args:
        rules: the variant.
        offence: what was done.
        seat: the offending seat.
        players: the number of players; the variant's default when ``None``.

    Raises:
        InvalidArgument: the variant does not sanction that offence, or the
            seat is not at the table.
        InvalidArgumentType: an argument of the wrong type.

    >>> from belote.rules import get_rules
    >>> sanction_for(get_rules("french"), Offence.RENEGE, 1, players=3).points
    (10, 0, 10)
    >>> sanction_for(get_rules("piedicavallo"), Offence.RENEGE, 3).loser
    1
    """
    if not callable(getattr(rules, "check_players", None)):
        raise InvalidArgumentType(f"rules: expected a Rules, got {shown(rules)}")
    if not isinstance(offence, Offence):
        raise InvalidArgumentType(f"offence: expected an Offence, got {shown(offence)}")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidArgumentType(f"seat: expected a seat number, got {shown(seat)}")
    count = rules.check_players(rules.default_players if players is None else players)
    if not 0 <= seat < count:
        raise InvalidArgument(f"seat {seat} is not at a table of {count}")
    sanction = rules.penalties.get(offence)
    if sanction is None:
        raise InvalidArgument(f"{rules.name} has no penalty for {offence.value}")
    if rules.partnerships:
        return _apply(offence, seat, sanction, seat % 2, 2)
    return _apply(offence, seat, sanction, seat, count)


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
        InvalidArgumentType: an argument of the wrong type.
    """
    if not (isinstance(penalties, (list, tuple))
            and all(isinstance(p, Penalty) for p in penalties)):
        raise InvalidArgumentType(f"penalties: expected a list of Penalty, got {shown(penalties)}")
    if not isinstance(sanctions, Mapping):
        raise InvalidArgumentType(f"sanctions: expected a mapping, got {shown(sanctions)}")
    if not (isinstance(side_of_seat, (list, tuple))
            and all(type(side) is int for side in side_of_seat)):
        raise InvalidArgumentType(f"side_of_seat: expected a list of sides, got {shown(side_of_seat)}")
    if type(sides) is not int:
        raise InvalidArgumentType(f"sides: expected a whole number, got {shown(sides)}")
    lines: list[tuple[int, str, int]] = []
    loser: int | None = None
    for penalty in penalties:
        applied = _apply(
            penalty.offence,
            penalty.seat,
            sanctions[penalty.offence],
            side_of_seat[penalty.seat],
            sides,
        )
        if applied.loser is not None and loser is None:
            loser = applied.loser
        if applied.kind is SanctionKind.DEDUCT:
            lines.append((applied.side, applied.item, applied.points[applied.side]))
        elif applied.kind is SanctionKind.POINTS_TO_OTHERS:
            lines.extend(
                (side, applied.item, points)
                for side, points in enumerate(applied.points)
                if side != applied.side
            )
    return lines, loser
