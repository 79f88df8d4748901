"""A deal inside a match is read under the match's variant, or refused (docs/formats.md#match; issue 50 item 3)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from clirun import one_error, run

from belote.deal import Deal
from belote.errors import InvalidRecord, InvalidTally
from belote.records.replay import match_from_record, match_to_record
from belote.records.results import score_document

CAPOT = {"taker": 0, "trump": "S", "tricks": [8, 0], "card_points": [152, 0], "last_trick": 0}
"""A capot by team 0: 252 in ``classic``, 300 with ``capot_value=300``."""


def _tallies(match: str, deal: str | None) -> dict[str, object]:
    return {"variant": match, "deals": [CAPOT if deal is None else {**CAPOT, "variant": deal}]}


@pytest.mark.parametrize(
    ("match", "deal", "totals"),
    [
        ("classic", None, [252, 0]),  # no variant: the match's
        ("classic", "classic", [252, 0]),
        ("classic", "belote", [252, 0]),  # an alias of the same variant
        ("classic(capot_value=300)", "classic(capot_value=300)", [300, 0]),
        ("classic(capot_value=300,target=1500)", "classic(target=1500, capot_value=300)", [300, 0]),
    ],
)
def test_a_tally_repeating_the_matchs_canonical_spec_is_accepted(
    match: str, deal: str | None, totals: list[int]
) -> None:
    """docs/formats.md#match: a deal with no variant, or with the match's canonical spec, is read under it."""
    assert score_document(_tallies(match, deal))["totals"] == totals


@pytest.mark.parametrize(
    ("match", "deal"),
    [
        ("classic", "classic(capot_value=300)"),  # was scored 252, the match's spec winning
        ("classic(capot_value=300)", "classic"),
        ("classic", "piedicavallo"),
    ],
)
def test_a_tally_whose_spec_differs_from_its_matchs_is_refused(match: str, deal: str) -> None:
    """Issue 50 item 3: a deal's spec that disagrees with its match's is refused, naming deals[i].variant."""
    doc = _tallies(match, deal)
    doc["deals"] = [CAPOT, *doc["deals"]]  # type: ignore[list-item]
    with pytest.raises(InvalidTally) as caught:
        score_document(doc)
    assert caught.value.field == "deals[1].variant"
    assert deal in str(caught.value)


def test_belote_score_refuses_a_tally_of_another_spec_with_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.md: bad input exits 2 with one ``error:`` line, here naming deals[0].variant."""
    path = tmp_path / "match.json"
    path.write_text(json.dumps(_tallies("classic(capot_value=300)", "classic")), encoding="utf-8")
    line = one_error(*run(["score", str(path)], capsys)[::2])
    assert line == ("error: deals[0].variant: 'classic' is not the match's variant "
                    "classic(capot_value=300)")


def _contree_match() -> dict[str, object]:
    deal = Deal.random("contree", seed=1)
    rng = random.Random(2)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return json.loads(json.dumps(match_to_record([deal])))  # type: ignore[no-any-return]


@pytest.mark.parametrize("spec", ["contree", "coinche"])
def test_a_match_records_deal_with_the_matchs_canonical_spec_is_replayed(spec: str) -> None:
    """docs/formats.md#match: a deal record naming the match's variant (or an alias) replays under it."""
    record = _contree_match()
    deals = record["deals"]
    assert isinstance(deals, list)
    deals[0]["variant"] = spec
    match, replayed = match_from_record(record)
    assert replayed[0].rules == match.rules
    assert match.totals == tuple(replayed[0].result.scores)


def test_a_match_records_deal_of_another_spec_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 50 item 3: a contree match holding a contree(auction.highest=270) deal is refused, not replayed under the deal's spec."""
    record = _contree_match()
    deals = record["deals"]
    assert isinstance(deals, list)
    deals[0]["variant"] = "contree(auction.highest=270)"
    with pytest.raises(InvalidRecord, match=r"^deals\[0\]\.variant: "):
        match_from_record(record)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    line = one_error(*run(["replay", str(path)], capsys)[::2])
    assert line == ("error: deals[0].variant: 'contree(auction.highest=270)' is not the "
                    "match's variant contree")
