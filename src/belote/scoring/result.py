"""What the scoring pipeline gives: a deal's [`DealResult`][belote.scoring.result.DealResult] (docs/formats.md#deal-result).

Its [`Outcome`][belote.scoring.result.Outcome], the audit
[`Line`][belote.scoring.result.Line]s that explain every point, and the
[`Reckoning`][belote.scoring.result.Reckoning] of the contract: what the
attack counted toward it and what it needed.
[`score_tally`][belote.scoring.pipeline.score_tally] makes one from a tally;
all four are also importable from [`belote.scoring`][belote.scoring] and
`belote.scoring.pipeline`.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from belote.rules import Rules
from belote.scoring.contract import Contract

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


HALF: Final = "half"
"""A [`Reckoning`][belote.scoring.result.Reckoning]'s basis: the attack needs more than the defence, so more than half of both counts."""
BID: Final = "bid"
"""A [`Reckoning`][belote.scoring.result.Reckoning]'s basis: the attack needs the value of its bid (docs/contree.md#scoring)."""
CAPOT_BID: Final = "capot"
"""A [`Reckoning`][belote.scoring.result.Reckoning]'s basis: a capot bid, which needs every trick (docs/contree.md#scoring)."""


@attrs.frozen(kw_only=True)
class Reckoning:
    """What the attack counted toward its contract and what it needed: the numbers that decided it.

    The scoring pipeline fills one in as it decides a contract, so what a
    score sheet shows ("95 for 82 needed") is the count the rules used,
    never worked out again. The counts are points, as the cards are counted
    at the table, before any game-point division (``bulgarian``).

    Attributes:
        side: the attack's side (``DealResult.attack``).
        cards: the attack's card points as the contract counts them: the last
            trick's 10 included, and a capot or valat value where one takes
            the place of the card points or adds to them; rounded where the
            variant decides on rounded totals, scaled where a contrée's
            no-trumps or all-trumps contract is (docs/contree.md#sans-atout-and-tout-atout).
        declarations: the attack's scoring declarations counted toward the
            contract (0 where they do not count).
        belote: the attack's belote points counted toward the contract
            (0 where they do not count).
        needed: the least count that made the contract: more than half of
            both counts (basis ``half``: rules §7.1, docs/rules.md#contract,
            docs/bulgarian.md#scoring) or the bid's value (basis ``bid``,
            docs/contree.md#scoring); ``None`` for a capot bid.
        defence: the defence's count, on the attack's basis.
        basis: [`HALF`][belote.scoring.result.HALF], [`BID`][belote.scoring.result.BID]
            or [`CAPOT_BID`][belote.scoring.result.CAPOT_BID]: how ``needed`` is set.
        beat_defence: besides ``needed``, the attack had to count more than
            the defence (a ``bid`` under ``contract.must_beat_defence``).

    >>> r = Reckoning(side=0, cards=75, declarations=0, belote=20, needed=82, defence=87, basis=HALF)
    >>> r.points, r.points >= r.needed
    (95, True)
    """

    side: int
    cards: int
    declarations: int
    belote: int
    needed: int | None
    defence: int
    basis: str
    beat_defence: bool = False

    @property
    def points(self) -> int:
        """The attack's whole count toward the contract: cards, declarations and belote."""
        return self.cards + self.declarations + self.belote


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
            needed ([`Reckoning`][belote.scoring.result.Reckoning]); ``None``
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
