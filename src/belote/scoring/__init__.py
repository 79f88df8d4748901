"""The scoring wing: from what was counted at the table to the score sheet.

What lives here: announcements and their contest (`announcements`,
`contest`), the scoring pipeline from a [`Tally`][belote.scoring.tally.Tally] to a
[`DealResult`][belote.scoring.result.DealResult] (`pipeline`, the checked
doors; `steps`, the steps, compiled; `result`, what they give), the checks
that refuse an impossible tally (`validation`), and a match to its target
(`match`). The [`Tally`][belote.scoring.tally.Tally] itself is in `tally`.

What it may import: the rules wing ([`belote.rules`][belote.rules]), `belote.tricks`
and the ground floor; never the engine, records or anything above.
"""

from belote.scoring.announcements import (
    Combination,
    Declaration,
    Kind,
    carre_not_allowed,
    classify,
    combinations_of,
    find_combinations,
    no_announcements_message,
    team_of,
)
from belote.scoring.contest import resolve_contest, resolve_trusted, whole_run_fault
from belote.scoring.contract import Contract
from belote.scoring.match import Match, MatchResult, next_dealer, score_match
from belote.scoring.pipeline import linear_in_card_points, redeal_result, score_tally, side_of
from belote.scoring.result import BID, CAPOT_BID, HALF, DealResult, Line, Outcome, Reckoning
from belote.scoring.steps import score_trusted
from belote.scoring.tally import FULL_CARD_POINTS, Tally, side_count, tricks_per_deal
from belote.scoring.validation import card_points_possible, check_tally

__all__ = [
    "BID",
    "CAPOT_BID",
    "FULL_CARD_POINTS",
    "HALF",
    "Combination",
    "Contract",
    "DealResult",
    "Declaration",
    "Kind",
    "Line",
    "Match",
    "MatchResult",
    "Outcome",
    "Reckoning",
    "Tally",
    "card_points_possible",
    "carre_not_allowed",
    "check_tally",
    "classify",
    "combinations_of",
    "find_combinations",
    "linear_in_card_points",
    "next_dealer",
    "no_announcements_message",
    "redeal_result",
    "resolve_contest",
    "resolve_trusted",
    "score_match",
    "score_tally",
    "score_trusted",
    "side_count",
    "side_of",
    "team_of",
    "tricks_per_deal",
    "whole_run_fault",
]
