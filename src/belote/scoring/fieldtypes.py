"""The fast type check of a [`Tally`][belote.scoring.tally.Tally]'s fields, compiled.

[`tally_well_typed`][belote.scoring.fieldtypes.tally_well_typed] answers
whether every field has exactly its annotated type: the common case, which
the tally's constructor checks on every tally built (the deal engine builds
one per deal). This module is in the compiled core (docs/compiled.md); it
takes every field as ``object`` and never raises, so it is no door: the
constructor names a wrong field with a typed error itself.
"""

from __future__ import annotations

from belote.cards import Suit
from belote.rules.penalties import Penalty
from belote.scoring.combination import Declaration

__all__ = ["tally_well_typed", "whole_tuple"]


def _whole_or_none(value: object) -> bool:
    return value is None or type(value) is int


def _all_of(values: tuple[object, ...], kind: type[object]) -> bool:
    return all(type(value) is kind for value in values)


def tally_well_typed(
    taker: object, trump: object, tricks: object, card_points: object, last_trick: object,
    announcements: object, belote: object, dealer: object, players: object,
    stopped_by: object, penalties: object,
) -> bool:
    """Whether a tally's fields, in their declared order, have exactly their annotated types.

    Whole numbers are ``int`` (not ``bool``), the per-side fields tuples of
    them, ``announcements`` a tuple of declarations and ``penalties`` one of
    penalties.

    >>> from belote.cards import Suit
    >>> tally_well_typed(0, Suit.HEARTS, (5, 3), (90, 62), 0, (), None, 3, 4, None, ())
    True
    >>> tally_well_typed(0, Suit.HEARTS, [5, 3], (90, 62), 0, (), None, 3, 4, None, ())
    False
    """
    if not (
        type(taker) is int
        and type(players) is int
        and type(trump) is Suit
        and _whole_or_none(last_trick)
        and _whole_or_none(belote)
        and _whole_or_none(dealer)
        and _whole_or_none(stopped_by)
        and type(tricks) is tuple
        and type(card_points) is tuple
        and type(announcements) is tuple
        and type(penalties) is tuple
    ):
        return False
    return (
        _all_of(tricks, int)
        and _all_of(card_points, int)
        and _all_of(announcements, Declaration)
        and (not penalties or _all_of(penalties, Penalty))
    )


def whole_tuple(values: object) -> bool:
    """Whether ``values`` is a tuple of ``int`` (not ``bool``): a tally's ``belotes`` as the engine builds it.

    >>> whole_tuple((0, 2)), whole_tuple(()), whole_tuple([0]), whole_tuple((True,))
    (True, True, False, False)
    """
    return type(values) is tuple and _all_of(values, int)
