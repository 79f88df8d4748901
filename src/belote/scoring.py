"""The scoring pipeline: from a tally to a deal result (RULES.md §7).

A :class:`Tally` is what a scorekeeper knows at the end of a deal: who took,
the trump, how many tricks and card points each side won, who won the last
trick, the declared combinations and the belote. :func:`score_tally` runs it
through small pure steps and returns a :class:`DealResult` whose audit lines
explain every point. The deal engine builds the same tally, so there is only
one scoring path.
"""

from __future__ import annotations

import enum

import attrs

from belote.announcements import Declaration
from belote.cards import Suit
from belote.rules import Rules

__all__ = ["DealResult", "Line", "Outcome", "Tally", "score_tally"]


class Outcome(enum.Enum):
    """How a deal ended."""

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"
    PLAYED = "played"
    REDEAL = "redeal"


@attrs.frozen(kw_only=True)
class Tally:
    """What was counted at the table for one deal (CONTRACT.md "Tally").

    Per-side fields are per team in four-player variants (team 0 = seats 0
    and 2) and per player otherwise.

    Attributes:
        taker: the seat that fixed the trump.
        trump: the trump suit.
        tricks: tricks won per side.
        card_points: card points per side, without the last-trick bonus.
        last_trick: the side that won the last trick, or ``None`` when the deal
            was stopped before it (``french`` "j'arrête").
        announcements: the declared combinations.
        belote: the seat that announced belote and rebelote in time, or ``None``.
        dealer: the dealer's seat (needed by ``french`` to break ties).
        players: the number of players.
    """

    taker: int
    trump: Suit
    tricks: tuple[int, ...]
    card_points: tuple[int, ...]
    last_trick: int | None
    announcements: tuple[Declaration, ...] = ()
    belote: int | None = None
    dealer: int | None = None
    players: int = 4


@attrs.frozen
class Line:
    """One line of a result's audit trail: ``points`` given ``to`` a side for ``item``."""

    to: int
    item: str
    points: int


@attrs.frozen(kw_only=True)
class DealResult:
    """The result of one deal (CONTRACT.md "Deal result").

    Attributes:
        variant: the variant's name.
        outcome: made, failed, litige, played or redeal.
        capot: the side that made capot, or ``None``.
        scores: what the deal adds to each side's match score.
        pending: litige points still waiting after this deal.
        lines: the audit trail; the lines of a side sum to its score.
        attack: the taker's side, or ``None`` (redeal, ``french``).
        match_winner: the side that wins the whole match because of this deal
            (calling out, "j'arrête", an 8-card run shown), else ``None``.
        match_end_reason: why the match ends with this deal, else ``None``.
    """

    variant: str
    outcome: Outcome
    capot: int | None
    scores: tuple[int, ...]
    pending: int
    lines: tuple[Line, ...]
    attack: int | None = None
    match_winner: int | None = None
    match_end_reason: str | None = None


def score_tally(tally: Tally, rules: Rules, pending: int = 0) -> DealResult:
    """Score one deal's tally, paying or holding ``pending`` litige points.

    Raises:
        InvalidTally: the tally is impossible under ``rules``.
    """
    raise NotImplementedError
