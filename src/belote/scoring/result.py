"""What the scoring pipeline gives: a deal's [`DealResult`][belote.scoring.result.DealResult] (docs/formats.md#deal-result).

Its [`Outcome`][belote.scoring.result.Outcome], the audit
[`Line`][belote.scoring.result.Line]s that explain every point, and the
[`Reckoning`][belote.scoring.reckoning.Reckoning] of the contract: what the
attack counted toward it and what it needed.
[`score_tally`][belote.scoring.pipeline.score_tally] makes one from a tally;
all four are also importable from [`belote.scoring`][belote.scoring], the
first three from `belote.scoring.pipeline` too (the ``Reckoning``, compiled,
lives in `belote.scoring.reckoning`).
"""

from __future__ import annotations

import enum

import attrs

from belote.rules import Rules
from belote.scoring.contract import Contract
from belote.scoring.reckoning import BID, CAPOT_BID, HALF, Reckoning

__all__ = ["BID", "CAPOT_BID", "HALF", "DealResult", "Line", "Outcome", "Reckoning"]


class Outcome(enum.Enum):
    """How a deal ended."""

    MADE = "made"
    """The attack's total beat the defence's (rules §7.1, docs/rules.md#contract)."""
    FAILED = "failed"
    """The attack failed: dedans, büs, bagno, buco, andata sotto."""
    LITIGE = "litige"
    """Equal totals: what the attack would forfeit is held pending."""
    PLAYED = "played"
    """A deal without contract (``french``): everyone scores his own points."""
    REDEAL = "redeal"
    """Everyone passed twice: no deal was played."""


@attrs.frozen
class Line:
    """One line of a result's audit trail: ``points`` given ``to`` a side for ``item``."""

    to: int
    item: str
    points: int


@attrs.frozen(kw_only=True)
class DealResult:
    """The result of one deal (docs/formats.md#deal-result).

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
        stopped_by: the seat that stopped the deal ("j'arrête") when the
            match, not the deal, has to judge the claim; else ``None``.
        contract: the contract of an auction (value, strain, coinche level;
            RULES §11), whose side is ``attack``; else ``None``.
        reckoning: what the attack counted toward its contract and what it
            needed ([`Reckoning`][belote.scoring.reckoning.Reckoning]); ``None``
            without a contract (``french``, a redeal) or for a result built by hand.
        rules: the rules the deal was scored under (``None`` for a result
            built by hand), so that what reads the result (its JSON, its
            text) never looks a variant up by name: a plug-in variant that
            was never registered works as well. Not compared.
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
    stopped_by: int | None = None
    contract: Contract | None = None
    reckoning: Reckoning | None = None
    rules: Rules | None = attrs.field(default=None, eq=False, repr=False)
