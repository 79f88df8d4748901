"""The records wing: what happened at the table, as JSON and in words.

What lives here: tallies, results and match results as JSON (`results`),
deal and match records read back into deals by replaying every action
(`replay`), and the same things told for people (`describe`, `narration`).

What it may import: the engine ([`belote.deal`][belote.deal]) and everything
below it (scoring, rules, ground floor); never the solver, the agents or
anything above.
"""

from belote.records.replay import (
    deal_from_record,
    deal_to_record,
    match_from_record,
    match_to_record,
    offences_to_json,
    replay_document,
    state_to_json,
)
from belote.records.results import (
    JSONObject,
    match_result_to_json,
    result_to_json,
    score_document,
    tally_from_json,
    tally_to_json,
)

__all__ = [
    "JSONObject",
    "deal_from_record",
    "deal_to_record",
    "match_from_record",
    "match_result_to_json",
    "match_to_record",
    "offences_to_json",
    "replay_document",
    "result_to_json",
    "score_document",
    "state_to_json",
    "tally_from_json",
    "tally_to_json",
]
