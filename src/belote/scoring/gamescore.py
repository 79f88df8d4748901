"""A strain auction's deal scored in game points (docs/bulgarian.md#scoring).

The scoring step of a [`Bidding.STRAIN_AUCTION`][belote.rules.policies.Bidding.STRAIN_AUCTION]
variant (``bulgarian``), chosen by the rules as the contrée contract's
steps are: from a well-typed [`Tally`][belote.scoring.tally.Tally] it finds
what each team scores in points (the declarations' contest, the belotes,
the valat) and hands the arithmetic of game points to
[`tens_figures`][belote.scoring.totals.tens_figures]; the result's
[`Reckoning`][belote.scoring.reckoning.Reckoning] keeps the two teams' totals
in points, which decided the contract. The outcomes read:
``made`` (the declarers ahead, or ahead under a double), ``failed``
("inside": the declarers behind, or behind under a double) and
``litige`` (level: points hang).

Trusted: takes what the library built and checks nothing; the checked door is
[`score_tally`][belote.scoring.pipeline.score_tally], which checks the tally first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belote.rules import Rules
from belote.rules.specs import spec_of
from belote.scoring.announcements import Declaration
from belote.scoring.hands import points_of
from belote.scoring.ranking import resolve_trusted
from belote.scoring.reckoning import HALF, Reckoning
from belote.scoring.result import DealResult, Line, Outcome
from belote.scoring.tally import Tally
from belote.scoring.totals import DOUBLED, INSIDE, LEVEL, MADE, tens_figures

__all__ = ["GamePointInputs", "belote_seats", "game_point_inputs", "score_in_game_points"]

# The enum members read once (on Python 3.11 reading one through its class runs Python code).
_MADE: Final = Outcome.MADE
_FAILED: Final = Outcome.FAILED
_LITIGE: Final = Outcome.LITIGE
_OUTCOMES: Final = {MADE: _MADE, INSIDE: _FAILED, LEVEL: _LITIGE}


def belote_seats(tally: Tally) -> tuple[int, ...]:
    """The seats that announced a belote, one entry per belote (``belotes``, else ``belote``).

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].
    """
    if tally.belotes:
        return tally.belotes
    return () if tally.belote is None else (tally.belote,)


GamePointInputs = tuple[int, int, int, tuple[int, int], int, tuple[int, int], tuple[int, int], int | None, int]
"""What a strain auction's deal scores from, in the order of [`tens_score`][belote.scoring.totals.tens_score]'s arguments but its knobs.

``(mode, declarers, multiplier, cards, last_trick, declared, belotes, valat,
hanging_in)``: the mode (0 to 3 a suit, 4 no-trumps, 5 all-trumps), the
declarers' team, the multiplier (1, 2 doubled, 4 redoubled, the auction's
multipliers), each team's card points (without the last trick, before
no-trumps doubles them), the team that took the last trick, each team's
declaration points (the contest settled), each team's belote points, the
valat team or ``None``, and the game points hanging from earlier deals. A
plain tuple: the compiled core builds it on every deal.
"""


def game_point_inputs(
    tally: Tally, rules: Rules, pending: int = 0, scoring: Sequence[Declaration] | None = None
) -> GamePointInputs:
    """What [`score_in_game_points`][belote.scoring.gamescore.score_in_game_points] scores ``tally`` from.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].

    The declarations' contest is settled here (unless ``scoring``, the
    declarations that won it, is given), each belote counted for its team
    and the valat found from the tricks; ``belote.strategies.mutants``
    changes one of these figures to make a scorekeeper's slip.
    """
    contract = tally.contract
    assert contract is not None
    mode = int(contract.strain)
    declarers = tally.taker % 2
    multiplier = rules.auction.multiplier(contract.doubling)
    declared = [0, 0]
    if tally.announcements:
        if scoring is None:  # checked with the tally; the mode decides which runs are trump
            scoring = resolve_trusted(
                tally.announcements, rules, mode, tally.players,
                0 if tally.dealer is None else (tally.dealer + 1) % 4,
            )
        for declaration in scoring:
            declared[declaration.seat % 2] += points_of(declaration.combination, rules)
    belotes = [0, 0]
    for seat in belote_seats(tally):
        belotes[seat % 2] += rules.belote_value
    valat: int | None = None
    if tally.tricks[0] == 0 or tally.tricks[1] == 0:
        valat = 0 if tally.tricks[1] == 0 else 1
    last = 0 if tally.last_trick is None else tally.last_trick
    return (mode, declarers, multiplier, (tally.card_points[0], tally.card_points[1]), last,
            (declared[0], declared[1]), (belotes[0], belotes[1]), valat, pending)


def score_in_game_points(
    tally: Tally, rules: Rules, pending: int = 0, scoring: Sequence[Declaration] | None = None
) -> DealResult:
    """Score a strain auction's deal in game points; ``pending``: the game points hanging in.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`score_tally`][belote.scoring.pipeline.score_tally].

    ``scoring``: the declarations that won the contest when the deal engine
    has resolved it already, else ``None`` (resolved here).
    """
    contract = tally.contract
    assert contract is not None
    mode, declarers, multiplier, cards, last, declared, belotes, valat, _ = game_point_inputs(
        tally, rules, pending, scoring)
    said, scores, hanging, lines, totals = tens_figures(
        mode, declarers, multiplier, cards, last, declared, belotes, valat, pending,
        rules.game_points)
    if said in _OUTCOMES:
        outcome = _OUTCOMES[said]
    elif said == DOUBLED:
        ahead = 0 if totals[0] > totals[1] else 1
        outcome = _MADE if ahead == declarers else _FAILED
    else:  # doubled and level: everything hangs
        outcome = _LITIGE
    # totals: in points, before game points, what decided the contract
    other = totals[1 - declarers]
    reckoning = Reckoning(
        side=declarers, cards=totals[declarers] - declared[declarers] - belotes[declarers],
        declarations=declared[declarers], belote=belotes[declarers],
        needed=(totals[0] + totals[1]) // 2 + 1, defence=other, basis=HALF,
    )
    side = 0
    for line in lines:  # in side order but for hanging points won by team 0 (rare)
        if line.to < side:
            lines = tuple(sorted(lines, key=_side))
            break
        side = line.to
    return DealResult(
        variant=spec_of(rules),
        outcome=outcome,
        capot=valat,
        scores=scores,
        pending=hanging,
        lines=lines,
        attack=declarers,
        stopped_by=None,
        contract=contract,
        reckoning=reckoning,
        rules=rules,
    )


def _side(line: Line) -> int:
    return line.to
