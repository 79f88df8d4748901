"""The scoring pipeline: from a tally to a deal result (rules §7, docs/rules.md#scoring).

A [`Tally`][belote.scoring.tally.Tally] is what a scorekeeper knows at the end of a deal: who took,
the trump, how many tricks and card points each side won, who won the last
trick, the declared combinations and the belote. [`score_tally`][belote.scoring.pipeline.score_tally] runs it
through small pure steps and returns a [`DealResult`][belote.scoring.result.DealResult] whose audit lines
explain every point. The deal engine builds the same tally, so there is only
one scoring path.

This module holds the doors, which check their arguments; steps 2 to 8 are
[`score_trusted`][belote.scoring.steps.score_trusted] in `belote.scoring.steps`,
part of the compiled core (docs/compiled.md). `DealResult`, `Line` and
`Outcome` live in `belote.scoring.result` and are importable from here too.

The steps, in order:

1. [`check_tally`][belote.scoring.validation.check_tally] refuses an impossible tally.
2. Card points and the last trick, one line each per side.
3. The capot ([`CapotRule`][belote.rules.policies.CapotRule]) replaces or adds to them.
4. The announcement contest picks the scoring combinations; belote never
   competes.
5. The contract (four-player variants) compares the raw totals: made,
   litige or failed.
6. The allocation gives each side what the outcome says (rules §7.1, docs/rules.md#contract).
7. Rounding to tens (``piedicavallo``) adjusts the card points; in an
   auction (``contree(round_to=10)``) every contract score as well.
8. Pending litige points are paid or held ([`PendingRule`][belote.rules.policies.PendingRule]).

>>> from belote.cards import Suit
>>> from belote.rules import get_rules
>>> tally = Tally(taker=0, trump=Suit.HEARTS, tricks=(5, 3),
...               card_points=(90, 62), last_trick=0)
>>> result = score_tally(tally, get_rules("classic"))
>>> result.outcome.value, result.scores
('made', (100, 62))
>>> [(line.to, line.item, line.points) for line in result.lines]
[(0, 'card points', 90), (0, 'last trick', 10), (1, 'card points', 62)]
"""

from __future__ import annotations

from belote.errors import InvalidTally, shown
from belote.rules import CapotRule, Rules, checks
from belote.rules.specs import spec_of
from belote.scoring import contest as _contest
from belote.scoring.result import DealResult as DealResult
from belote.scoring.result import Line as Line
from belote.scoring.result import Outcome as Outcome
from belote.scoring.steps import score_trusted as score_trusted
from belote.scoring.steps import seat_side
from belote.scoring.tally import Tally, side_count
from belote.scoring.validation import check_tally

__all__ = [
    "linear_in_card_points",
    "redeal_result",
    "score_tally",
    "side_of",
]


# --- seats, sides and the size of a deal --------------------------------------------


def side_of(seat: int, rules: Rules | str) -> int:
    """The side a seat scores for: its team (seats 0 and 2 are team 0), or itself.

    Raises:
        InvalidSeat: no table of the variant has that seat.

    >>> from belote.rules import get_rules
    >>> side_of(3, get_rules("classic")), side_of(2, get_rules("french"))
    (1, 2)
    """
    rules = checks.as_rules(rules)
    checks.seat(seat, max(rules.player_counts))
    return seat_side(seat, rules)


def score_tally(tally: Tally, rules: Rules | str, pending: int = 0) -> DealResult:
    """Score one deal's tally, paying or holding ``pending`` litige points.

    Args:
        tally: what was counted at the table.
        rules: the variant, or its name or alias (``"classic"``).
        pending: litige points waiting from earlier deals (what
            `DealResult.pending` of the previous deal said).

    Returns:
        The deal's result; ``scores`` include pending points won and are the
        sums of ``lines`` per side.

    Raises:
        InvalidTally: the tally is impossible under ``rules``.
        InvalidArgumentType: an argument of the wrong type.
        UnknownVariant: ``rules`` names no variant.

    An 81-81 litige in ``piedicavallo`` gives 80 to the defence and holds 80
    for the next deal (000 §Litige):

    >>> from belote.cards import Suit
    >>> from belote.rules import get_rules
    >>> tally = Tally(taker=0, trump=Suit.SPADES, tricks=(4, 4),
    ...               card_points=(71, 81), last_trick=0)
    >>> result = score_tally(tally, get_rules("piedicavallo"))
    >>> result.outcome.value, result.scores, result.pending
    ('litige', (0, 80), 80)
    """
    rules = checks.as_rules(rules)
    check_tally(tally, rules)
    checks.whole(pending, "pending")
    if pending < 0:
        raise InvalidTally(f"{shown(pending)} is negative", field="pending")
    split = _contest.whole_run_fault(tally.announcements, rules)
    if split is not None:  # rules §6.1, docs/rules.md#announcement-kinds: a run is declared whole
        index, reason = split
        raise InvalidTally(reason, field=f"announcements[{index}].cards")
    return score_trusted(tally, rules, pending)


def linear_in_card_points(rules: Rules | str) -> bool:
    """Whether each side's deal score is its card points plus a part the card points never change.

    True when the variant has no contract, keeps its scores unrounded and
    decides a capot by tricks, not by card points: then, for the same
    declarations, belote and penalties, a side's score is its card points
    plus a part fixed by which sides won a trick (capot, the three-player
    split) and which won the last one. Moving card points from one side to
    another moves the scores by as much. ``french`` is such a variant; a
    contract, rounding or a capot of card points (``NO_OPPONENT_POINT``) is
    not. The solver's three-player search relies on it to share what it
    learns between positions reached with different card points
    (docs/solver.md, "Three players").

    Raises:
        InvalidArgumentType: ``rules`` is neither rules nor a name.
        UnknownVariant: ``rules`` names no variant.

    >>> linear_in_card_points("french"), linear_in_card_points("classic")
    (True, False)
    """
    rules = checks.as_rules(rules)
    return (
        not rules.has_contract
        and not rules.round_to
        and rules.capot_rule is not CapotRule.NO_OPPONENT_POINT
    )


def redeal_result(rules: Rules | str, pending: int = 0, players: int | None = None) -> DealResult:
    """The result of a deal where everyone passed twice: nothing scored, pending kept.

    >>> from belote.rules import get_rules
    >>> result = redeal_result(get_rules("classic"), pending=81)
    >>> result.outcome.value, result.scores, result.pending
    ('redeal', (0, 0), 81)
    """
    rules = checks.as_rules(rules)
    checks.whole(pending, "pending", 0)
    checks.whole_or_none(players, "players")
    sides = side_count(rules, rules.default_players if players is None else players)
    return DealResult(
        variant=spec_of(rules),
        outcome=Outcome.REDEAL,
        capot=None,
        scores=(0,) * sides,
        pending=pending,
        lines=(),
        rules=rules,
    )

