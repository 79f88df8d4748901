"""Contrée's sans-atout (NT) and tout-atout (AT) contracts (issue 47 item 5; RULES §11, §12 "out of scope").

docs/contree.md#sans-atout-and-tout-atout is the spec. Sources, as the
rules survey of the colver repository (Avo-k/colver,
``docs/rules-survey/matrices/encheres.md`` §8 and ``SYNTHESE.md`` §5) quotes
them: FFB 2016 §11 (an organiser's option) and §11.3 (tout-atout points ×
162/258, belote added after), the FFB site's annex (aces 19 in sans-atout,
no belote in sans-atout, a belote per suit in tout-atout), Pagat's coinche
page (aces 19; reduced tout-atout values J 14, 9 9, A 6, 10 5, K 3, Q 1),
the BoardGameArena coinche code (drasill/bga-coinche: sans-atout scaled),
the French Wikipedia (contrée has no NT/AT, coinche has). colver has none,
so both are off by default and the colver cross-checks are unchanged.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from clirun import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import Deal
from belote.actions import Strain
from belote.cards import ALL_TRUMPS, NO_TRUMPS, Suit
from belote.errors import InvalidArgument, InvalidTally
from belote.records.describe import describe_rules
from belote.records.replay import deal_from_record
from belote.records.results import result_to_json, score_document, tally_from_json, tally_to_json
from belote.rules import StrainPoints, get_rules, readings, spec_of
from belote.rules.strains import REDUCED_ALL_TRUMPS, contract_deal, deal_points, point_table, scaled
from belote.scoring.validation import check_tally

BOTH = "contree(auction.no_trumps=true,auction.all_trumps=true)"
CONTREE = get_rules("contree")
SA_TA = get_rules(BOTH)
SIDES = ("7D 8D 9D 10D JD QD KD AD", "7S 8S 9S 10S JS QS KS AS",
         "7C 8C 9C 10C JC QC KC AC", "7H 8H 9H 10H JH QH KH AH")
"""Each seat holds a whole suit: whoever leads wins the trick, every seat holds a K+Q pair."""


# --- the knobs ---------------------------------------------------------------------------


def test_sans_atout_and_tout_atout_are_off_by_default() -> None:
    """colver (the default reading) has neither; FFB 2016 §11 leaves them to the organiser."""
    assert not CONTREE.auction.no_trumps and not CONTREE.auction.all_trumps
    assert CONTREE.auction.biddable == (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    deal = Deal.random("contree", seed=2)
    assert not any(a.strain is not None and a.strain.suit is None for a in deal.legal_actions())
    reason = deal.why_illegal(f"{deal.to_act} bid 90 NT")
    assert reason is not None and "not NT" in reason


def test_the_knobs_join_the_strains_above_the_suits_and_round_trip_in_a_spec() -> None:
    """docs/contree.md#sans-atout-and-tout-atout: NT and AT after the four suits; a spec writes them."""
    assert [str(s) for s in SA_TA.auction.biddable] == ["S", "H", "D", "C", "NT", "AT"]
    assert spec_of(SA_TA) == "contree(auction.all_trumps=true,auction.no_trumps=true)"
    only = get_rules("contree(auction.all_trumps=true)")
    assert Strain.NO_TRUMP not in only.auction.biddable
    assert Strain.ALL_TRUMP in only.auction.biddable
    raw = get_rules("contree(auction.no_trumps=true,contract.no_trumps_points=raw)")
    assert raw.contract.no_trumps_points is StrainPoints.RAW
    assert get_rules(spec_of(raw)) == raw


@pytest.mark.parametrize(
    ("spec", "knob"),
    [
        ("contree(contract.no_trumps_points=reduced)", "contract.no_trumps_points"),
        ("contree(contract.all_trumps_points=ace-19)", "contract.all_trumps_points"),
        ("contree(contract.all_trumps_points=half)", "contract.all_trumps_points"),
        ("contree(auction.no_trumps=yes)", "auction.no_trumps"),
    ],
)
def test_a_reading_of_the_other_strain_is_refused_naming_the_knob(spec: str, knob: str) -> None:
    """Ace 19 is sans-atout's reading, the reduced values tout-atout's: each knob takes its own."""
    with pytest.raises(InvalidArgument, match=re.escape(f"knob {knob}")):
        get_rules(spec)


def test_belote_rules_shows_the_knobs_and_who_reads_them() -> None:
    """`belote rules contree` lists the new knobs with the published readings (docs/contree.md#disputes)."""
    text = describe_rules(CONTREE)
    for knob in ("no_trumps", "all_trumps", "no_trumps_points", "all_trumps_points"):
        assert knob in text
    assert any(value is StrainPoints.REDUCED and "Pagat" in who
               for value, who in readings("contract.all_trumps_points"))
    assert any(value is StrainPoints.RAW for value, _ in readings("contract.no_trumps_points"))
    assert any(value is True and "FFB" in who for value, who in readings("auction.no_trumps"))


def test_belote_rules_contree_prints_the_knobs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rules", "contree"], capsys)
    assert code == 0, err
    assert "no_trumps_points" in out and "all_trumps_points" in out


# --- card values ---------------------------------------------------------------------------


def test_the_card_values_of_each_reading() -> None:
    """FFB annex, Pagat: aces 19 in sans-atout (152 in the cards, 162 a deal); Pagat: reduced
    tout-atout values, 152 too; raw: the core's 120 and 248 (docs/bulgarian.md#trump-modes)."""
    assert deal_points(SA_TA, NO_TRUMPS) == 152 and contract_deal(SA_TA, NO_TRUMPS) == 162
    assert point_table(SA_TA, NO_TRUMPS)[8 * int(Suit.HEARTS) + 7] == 19  # the ace of hearts
    assert deal_points(SA_TA, ALL_TRUMPS) == 248 and contract_deal(SA_TA, ALL_TRUMPS) == 162
    reduced = get_rules(BOTH[:-1] + ",contract.all_trumps_points=reduced)")
    assert deal_points(reduced, ALL_TRUMPS) == 4 * sum(REDUCED_ALL_TRUMPS.values()) == 152
    raw = get_rules(BOTH[:-1] + ",contract.no_trumps_points=raw,contract.all_trumps_points=raw)")
    assert (contract_deal(raw, NO_TRUMPS), contract_deal(raw, ALL_TRUMPS)) == (130, 258)
    # bulgarian keeps the core's values whatever contrée's knobs say
    assert deal_points(get_rules("bulgarian"), NO_TRUMPS) == 120


def test_scaling_brings_tout_atout_to_162_to_the_nearest_point() -> None:
    """FFB 2016 §11.3: points × 162/258; the library's table: the nearest point, a half up."""
    assert scaled(258, SA_TA, ALL_TRUMPS) == 162 and scaled(0, SA_TA, ALL_TRUMPS) == 0
    assert scaled(129, SA_TA, ALL_TRUMPS) == 81
    assert scaled(160, SA_TA, ALL_TRUMPS) == 100  # 100.47
    assert scaled(150, SA_TA, ALL_TRUMPS) == 94  # 94.19
    assert scaled(100, SA_TA, NO_TRUMPS) == 100  # ace 19: already on the scale


# --- worked checks through `belote score` ---------------------------------------------------


def _tally(spec: str, contract: object, card_points: list[int], tricks: list[int], last: int,
           **more: object) -> dict[str, object]:
    return {"variant": spec, "taker": 0, "contract": contract, "card_points": card_points,
            "tricks": tricks, "last_trick": last, **more}


RAW_NT = BOTH[:-1] + ",contract.no_trumps_points=raw)"
RAW_AT = BOTH[:-1] + ",contract.all_trumps_points=raw)"
WORKED = [
    ("90 NT made, 100 card points with aces 19 and the last trick: 110 + 90",
     _tally(BOTH, "90 NT", [100, 52], [5, 3], 0), "made", [200, 52]),
    ("100 AT, 150 + 10 = 160 raw, × 162/258 = 100: made, 100 + 100; the defence the rest, 62",
     _tally(BOTH, "100 AT", [150, 98], [6, 2], 0), "made", [200, 62]),
    ("110 AT, 140 + 10 scaled to 94, with a belote: 114 made, 94 + 110 + 20",
     _tally(BOTH, "110 AT", [140, 108], [6, 2], 0, belote=0), "made", [224, 68]),
    ("120 AT failed (100 raw, 63 scaled): defence 162 + 120",
     _tally(BOTH, "120 AT", [100, 148], [4, 4], 1), "failed", [0, 282]),
    ("80 NT failed, raw: a deal is 130, defence 130 + 80",
     _tally(RAW_NT, "80 NT", [60, 60], [4, 4], 1), "failed", [0, 210]),
    ("capot AT bid and made, raw: 258 + 90 = 348, + 250",
     _tally(RAW_AT, "capot AT", [248, 0], [8, 0], 0), "made", [598, 0]),
    ("100 NT coinched and made: 162 + 100 × 2",
     _tally(BOTH, "100 NT", [120, 32], [6, 2], 0, coinche=1), "made", [362, 0]),
    ("90 AT, reduced values: 100 + 10 + 90",
     _tally(BOTH[:-1] + ",contract.all_trumps_points=reduced)", "90 AT", [100, 52], [5, 3], 0),
     "made", [200, 52]),
    ("80 NT, scaled: 60 + 10 = 70 raw, × 162/130 = 87: made, 87 + 80; defence 75",
     _tally(BOTH[:-1] + ",contract.no_trumps_points=scaled)", "80 NT", [60, 60], [4, 4], 0),
     "made", [167, 75]),
]


@pytest.mark.parametrize(("story", "tally", "outcome", "scores"), WORKED,
                         ids=[w[0][:28] for w in WORKED])
def test_worked_checks_through_belote_score(
    story: str, tally: dict[str, object], outcome: str, scores: list[int],
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """docs/contree.md#sans-atout-and-tout-atout: each worked check, as a tally given to ``belote score``."""
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(tally), encoding="utf-8")
    code, out, err = run(["score", str(path), "--json"], capsys)
    assert code == 0, err
    result = json.loads(out)
    assert (result["outcome"], result["scores"]) == (outcome, scores), story
    assert result["contract"]["strain"] in ("NT", "AT")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"card_points": [80, 40]}, "sum to 152 in no-trumps"),  # aces 19: 152, not 120
        ({"belote": 0}, "no belote in a no-trumps contract"),
        ({"variant": "contree"}, "bids one of S H D C, not NT"),  # not biddable by default
    ],
)
def test_a_tally_is_checked_by_its_contracts_mode(change: dict[str, object], message: str) -> None:
    """FFB annex: aces 19 and no belote in sans-atout; a strain the auction does not bid is refused."""
    doc = {**_tally(BOTH, "90 NT", [100, 52], [5, 3], 0), **change}
    with pytest.raises(InvalidTally, match=message):
        rules, tally = tally_from_json(doc)
        check_tally(tally, rules)


def test_raw_no_trumps_card_points_sum_to_120() -> None:
    """``contract.no_trumps_points=raw``: the core's 120 (docs/bulgarian.md#trump-modes)."""
    rules, tally = tally_from_json(_tally(RAW_NT, "90 NT", [80, 40], [5, 3], 0))
    check_tally(tally, rules)
    with pytest.raises(InvalidTally, match="sum to 120"):
        tally_from_json(_tally(RAW_NT, "90 NT", [100, 52], [5, 3], 0))


# --- the engine -------------------------------------------------------------------------------


def _play(spec: str, bids: list[str], *, belote: bool = True, seed: int = 1) -> Deal:
    deal = Deal.from_hands(spec, list(SIDES), dealer=0)
    deal.apply_all(bids)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        announce = [a for a in legal if a.belote]
        quiet = [a for a in legal if not a.belote]
        deal.apply(announce[0] if belote and announce else rng.choice(quiet))
    return deal


def test_every_suit_gives_a_belote_in_tout_atout() -> None:
    """FFB annex, Pagat: a belote per suit in tout-atout. Each seat holds a whole suit: seat 1
    leads spades and wins every trick (capot, 252), four belotes of 20, two per side; a made
    contract leaves the defence its own: attack 252 + 80 + 40, defence 40."""
    deal = _play(BOTH, ["1 bid 80 AT", "2 pass", "3 pass", "0 pass"])
    result = deal.result
    assert deal.strain is Strain.ALL_TRUMP and deal.trump is None
    assert (result.outcome.value, result.capot, list(result.scores)) == ("made", 1, [40, 372])
    assert sum(1 for line in result.lines if line.item == "belote") == 4
    tally = deal.tally()
    assert tally is not None and len(tally.belotes) == 4
    assert score_document(tally_to_json(tally, spec_of(deal.rules))) == result_to_json(result)


def test_no_belote_in_sans_atout() -> None:
    """FFB annex, Pagat: no belote in sans-atout; seat 1 takes every trick: 252 + 80."""
    deal = _play(BOTH, ["1 bid 80 NT", "2 pass", "3 pass", "0 pass"])
    assert not any(line.item == "belote" for line in deal.result.lines)
    assert list(deal.result.scores) == [0, 332]


def test_a_position_writes_the_strain_bids() -> None:
    """docs/positions.md: ``bids 90NT 100AT``; the position reads back."""
    deal = Deal.from_hands(BOTH, list(SIDES), dealer=0)
    deal.apply_all(["1 bid 90 NT", "2 bid 100 AT", "3 pass", "0 pass"])
    text = deal.position()
    assert "| bids 90NT 100AT pass pass" in text
    assert Deal.from_position(text).position() == text


def test_the_same_value_in_another_strain_is_not_higher() -> None:
    """FFB 2016 §4.2.2 and the annex: the value alone decides, NT and AT included."""
    deal = Deal.from_hands(BOTH, list(SIDES), dealer=0)
    deal.apply("1 bid 90 S")
    reason = deal.why_illegal("2 bid 90 AT")
    assert reason is not None and "not higher" in reason
    assert deal.can("2 bid 100 NT")


SPECS = [BOTH, RAW_NT[:-1] + ",contract.all_trumps_points=reduced)", RAW_AT,
         BOTH[:-1] + ",contract.no_trumps_points=scaled)"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32 - 1),
       strain=st.sampled_from(["NT", "AT"]), value=st.sampled_from(["80", "120", "capot"]),
       coinche=st.booleans())
def test_a_played_deal_sums_to_its_modes_points_and_replays_identically(
    spec: str, seed: int, strain: str, value: str, coinche: bool
) -> None:
    """docs/contree.md#sans-atout-and-tout-atout: a played NT/AT deal's card points sum to the
    mode's cards (152 with aces 19 or the reduced values, 120 and 248 raw), the deal to
    its worth with the last trick; its record replays to the same result and its tally
    scores the same through ``belote score``."""
    deal = Deal.random(spec, seed=seed)
    bidder = deal.to_act
    bids = [f"{bidder} bid {value} {strain}"]
    if coinche:
        bids.append(f"{(bidder + 1) % 4} coinche")
    else:
        bids.append(f"{(bidder + 1) % 4} pass")
    bids += [f"{(bidder + k) % 4} pass" for k in (2, 3)]
    deal.apply_all(bids)
    deal.play_out_random(random.Random(seed))
    tally = deal.tally()
    assert tally is not None
    mode = NO_TRUMPS if strain == "NT" else ALL_TRUMPS
    assert sum(tally.card_points) == deal_points(deal.rules, mode)
    check_tally(tally, deal.rules)
    again = deal_from_record(json.loads(json.dumps(deal.to_record())))
    assert again.result == deal.result
    assert score_document(tally_to_json(tally, spec_of(deal.rules))) == result_to_json(deal.result)
    if deal.result.capot is None and not coinche and deal.result.outcome.value == "made":
        assert sum(deal.result.scores) == contract_deal(deal.rules, mode) + (
            deal.result.contract.value or 0) + 20 * len(tally.belotes)  # type: ignore[union-attr]
