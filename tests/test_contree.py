"""The rules of ``contree`` (belote contrée), each tested and citing docs/contree.md.

RULES §11 is the specification; docs/contree.md carries it in the project's
words. The worked checks of RULES §11.3 are scored here both from a tally and
from deals played through the engine; the knobs are each shown to change the
score the way their documentation says.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.actions import ID_PASS, Action, Strain, Verb
from belote.cards import Suit
from belote.deal import Deal, Phase
from belote.errors import IllegalAction, InvalidArgument, InvalidTally, NotationError
from belote.rules import ContractScoring, get_rules, with_knob
from belote.scoring import Contract, Tally, score_tally

CONTREE = get_rules("contree")


def tally(
    value: int | None, strain: str, doubling: int, attack_points: int, *, taker: int = 0,
    belote: int | None = None, tricks: tuple[int, int] | None = None, last: int | None = None,
) -> Tally:
    """A tally of ``contree``: the attack (the taker's team) won ``attack_points`` card points
    (the last trick's 10 included when it won it)."""
    attack = taker % 2
    last_side = attack if last is None else last
    raw = attack_points - (10 if last_side == attack else 0)
    cards = (raw, 152 - raw) if attack == 0 else (152 - raw, raw)
    if tricks is None:
        tricks = (5, 3) if attack == 0 else (3, 5)
    return Tally(
        taker=taker, trump=Suit.parse(strain), tricks=tricks, card_points=cards,
        last_trick=last_side, belote=belote,
        contract=Contract(value, Strain.parse(strain), doubling),
    )


def play_low(deal: Deal, rng: random.Random) -> None:
    """Play a deal out at random, bidding low and seldom doubling, so that auctions stop
    at every level (uniform bids would reach capot nearly every time)."""
    while not deal.is_over:
        ids = deal.legal_action_ids()
        if deal.phase is Phase.AUCTION:
            if rng.random() < 0.6 or len(ids) == 1:
                choice = ID_PASS
            else:
                choice = rng.choice(ids[: min(6, len(ids) - 1)])
            deal.apply_id(choice)
        else:
            deal.apply_id(rng.choice(ids))


# --- RULES §11.3, the worked checks -----------------------------------------------------


def test_made_contract_scores_card_points_plus_value() -> None:
    """RULES §11.3: 80 ♠ made with 90 card points, no belote: attack 90 + 80 = 170, defence 72."""
    result = score_tally(tally(80, "S", 0, 90), CONTREE)
    assert result.outcome.value == "made"
    assert result.scores == (170, 72)


def test_failed_contract_gives_defence_162_value_and_the_attacks_belote() -> None:
    """RULES §11.3: 100 ♥ failed, the attack holding belote: defence 162 + 100 + 20 = 282, attack 0."""
    result = score_tally(tally(100, "H", 0, 60, belote=2), CONTREE)  # seat 2: the attack's
    assert result.outcome.value == "failed"
    assert result.scores == (0, 282)


def test_coinched_made_contract_takes_everything() -> None:
    """RULES §11.3: 110 ♣ coinched and made with 120 card points: attack 162 + 220 = 382, defence 0."""
    result = score_tally(tally(110, "C", 1, 120), CONTREE)
    assert result.scores == (382, 0)


def test_surcoinched_failed_contract_triples_the_value() -> None:
    """RULES §11.3: 90 ♦ surcoinched and failed: defence 162 + 270 = 432."""
    result = score_tally(tally(90, "D", 2, 50), CONTREE)
    assert result.outcome.value == "failed"
    assert result.scores == (0, 432)


def test_capot_contract_made_and_failed() -> None:
    """RULES §11.3: capot ♠ bid and made: 252 + 250 = 502; failed: defence 162 + 250 = 412."""
    made = score_tally(tally(None, "S", 0, 162, tricks=(8, 0)), CONTREE)
    assert made.scores == (502, 0) and made.capot == 0
    failed = score_tally(tally(None, "S", 0, 150, tricks=(7, 1), last=1), CONTREE)
    assert failed.outcome.value == "failed"
    assert failed.scores == (0, 412)


def test_unbid_capot_counts_252_card_points() -> None:
    """RULES §11.3: 80 ♠ made by winning every trick without bidding capot: 252 + 80 = 332."""
    result = score_tally(tally(80, "S", 0, 162, tricks=(8, 0)), CONTREE)
    assert result.scores == (332, 0)


def test_a_defence_winning_every_trick_scores_the_chute_not_252() -> None:
    """docs/contree.md#scoring: 80 ♠ failed, the defence winning every trick: 162 + 80 = 242 (issue 51 item 8)."""
    result = score_tally(tally(80, "S", 0, 0, tricks=(0, 8), last=1), CONTREE)
    assert result.outcome.value == "failed"
    assert result.scores == (0, 162 + 80)


def test_the_worked_checks_through_the_engine() -> None:
    """RULES §11.3 again, from deals played to the end: each deal scores what its tally scores,
    and every made, not coinched contract gives the attack its points plus the value."""
    seen = set()
    rng = random.Random(11)
    for seed in range(400):
        deal = Deal.random("contree", seed=seed)
        play_low(deal, rng)
        result = deal.result
        if result.outcome.value == "redeal":
            continue
        assert result == score_tally(deal.tally(), CONTREE)
        contract = deal.tally().contract
        assert contract is not None
        attack = result.attack
        assert attack is not None
        points = deal.card_points_of(attack) + (10 if deal.trick_winners[-1] % 2 == attack else 0)
        if result.outcome.value == "made" and contract.doubling == 0 and contract.value:
            belote = 20 if deal.belote_seat is not None and deal.belote_seat % 2 == attack else 0
            if result.capot is None:
                assert result.scores[attack] == points + contract.value + belote
            seen.add("made")
        if result.outcome.value == "failed":
            assert result.scores[attack] == 0
            seen.add("failed")
    assert seen == {"made", "failed"}


# --- RULES §11.1, the auction -------------------------------------------------------------


def _deal() -> Deal:
    """A contrée deal dealt by seat 1: seat 2 speaks first."""
    deck = list(range(32))
    random.Random(5).shuffle(deck)
    return Deal("contree", deck, dealer=1)


def test_every_card_is_dealt_and_none_turned() -> None:
    """RULES §11.1 (docs/contree.md, the deal): 8 cards each in packets of 3, 2, 3; nothing turned."""
    deal = Deal("contree", list(range(32)), dealer=3)
    assert str(deal.hand(0)) == "7S 8S 9S JH QH JD QD KD"  # deck positions 0-2, 12-13, 20-22
    assert all(len(deal.hand(seat)) == 8 for seat in range(4))
    assert deal.phase is Phase.AUCTION and deal.to_act == 0


def test_a_bid_must_be_higher_than_the_standing_one() -> None:
    """RULES §11.1: a bid must be higher in value; the same value in another suit is not higher."""
    deal = _deal()
    deal.apply("2 bid 100 H")
    reason = deal.why_illegal("3 bid 100 S")
    assert reason is not None and "higher" in reason
    assert deal.can("3 bid 110 S") and deal.can("3 bid capot S")
    deal.apply("3 bid capot S")
    assert not any(a.verb.value == "bid" for a in deal.legal_actions())  # nothing above capot


def test_a_player_may_bid_after_passing_and_over_his_partner() -> None:
    """RULES §11.1: bidding again after a pass, and over one's partner, is allowed."""
    deal = _deal()
    deal.apply_all(["2 bid 80 H", "3 pass", "0 bid 90 S", "1 pass", "2 bid 100 H", "3 bid 110 C"])
    assert deal.can("0 bid 120 S")


def test_three_passes_after_a_bid_end_the_auction() -> None:
    """RULES §11.1: the last bid is the contract, its team attacks, the seat after the dealer leads."""
    deal = _deal()
    deal.apply_all(["2 bid 80 H", "3 pass", "0 pass", "1 pass"])
    assert deal.phase is Phase.PLAY
    assert deal.taker == 2 and deal.trump is Suit.HEARTS and deal.to_act == 2


def test_four_passes_redeal() -> None:
    """RULES §11.1: four passes at the start: no deal, nothing scored."""
    deal = _deal()
    deal.apply_all(["2 pass", "3 pass", "0 pass", "1 pass"])
    assert deal.is_over and deal.result.outcome.value == "redeal" and deal.result.scores == (0, 0)


def test_only_the_other_team_may_coinche_and_only_the_coinched_team_surcoinche() -> None:
    """RULES §11.1: coinche by the side not holding the bid; then no more bids; surcoinche by the
    coinched side ends the auction."""
    deal = _deal()
    deal.apply("2 bid 90 D")
    assert deal.can("3 coinche") and not deal.can("3 surcoinche")
    deal.apply("3 coinche")
    assert {str(a) for a in deal.legal_actions()} == {"0 surcoinche", "0 pass"}
    deal.apply("0 pass")
    assert {str(a) for a in deal.legal_actions()} == {"1 pass"}  # the coincher's partner
    reason = deal.why_illegal("1 surcoinche")
    assert reason is not None and "coinched side" in reason
    deal.apply("1 pass")
    deal.apply("2 surcoinche")
    assert deal.phase is Phase.PLAY and deal.tally() is not None
    tally_now = deal.tally()
    assert tally_now is not None and tally_now.contract == Contract(90, Strain.DIAMONDS, 2)


def test_the_auction_ends_when_the_turn_returns_to_the_coincher() -> None:
    """RULES §11.1: without a surcoinche, the auction ends when the turn comes back to the seat
    that coinched."""
    deal = _deal()
    deal.apply_all(["2 bid 90 D", "3 coinche", "0 pass", "1 pass", "2 pass"])
    assert deal.phase is Phase.PLAY
    tally_now = deal.tally()
    assert tally_now is not None and tally_now.contract == Contract(90, Strain.DIAMONDS, 1)


@pytest.mark.parametrize(
    ("actions", "bad", "words"),
    [
        (["2 bid 90 D", "3 pass"], "0 coinche", "own side"),
        (["2 bid 90 D", "3 pass"], "0 bid 90 S", "higher"),
        (["2 bid 90 D", "3 coinche"], "0 bid 100 S", "after a coinche"),
        ([], "2 coinche", "nobody has bid"),
        ([], "2 surcoinche", "nobody has coinched"),
        (["2 bid 90 D", "3 coinche", "0 pass"], "1 surcoinche", "coinched side"),
        ([], "2 bid 85 S", "multiple of 10"),
        ([], "2 bid 170 S", "80 to 160"),
        ([], "2 take", "an auction bids contracts"),
        ([], "3 bid 80 S", "turn"),
    ],
)
def test_an_illegal_auction_action_raises_and_changes_nothing(
    actions: list[str], bad: str, words: str
) -> None:
    """RULES §11.1: each illegal bid raises IllegalAction saying why; the deal is unchanged."""
    deal = _deal()
    deal.apply_all(actions)
    before = deal.copy()
    with pytest.raises((IllegalAction, InvalidArgument, NotationError)) as caught:
        deal.apply(bad)
    assert words in str(caught.value)
    assert deal == before


# --- RULES §11.2, the knobs -----------------------------------------------------------------


def test_surcoinche_x4_reading() -> None:
    """RULES §11.2 multipliers: ×4 (FFB 2016, Pagat): 90 surcoinched and failed = 162 + 360."""
    rules = with_knob(CONTREE, "auction.surcoinche_multiplier", 4)
    assert score_tally(tally(90, "D", 2, 50), rules).scores == (0, 522)


def test_belote_counts_toward_the_contract_or_not() -> None:
    """RULES §11.2: what counts toward the contract: card points + own belote, or card points only."""
    near = tally(100, "H", 0, 85, belote=0)  # 85 + 20 = 105 >= 100
    assert score_tally(near, CONTREE).outcome.value == "made"
    rules = with_knob(CONTREE, "contract.counts_belote", False)
    assert score_tally(near, rules).outcome.value == "failed"


def test_must_beat_the_defence_reading() -> None:
    """RULES §11.2: FFB coinche: the attack must also beat the defence (80 made with 81-81 fails)."""
    even = tally(80, "S", 0, 81)
    assert score_tally(even, CONTREE).outcome.value == "made"
    rules = with_knob(CONTREE, "contract.must_beat_defence", True)
    assert score_tally(even, rules).outcome.value == "failed"


def test_82_said_80_reading() -> None:
    """RULES §11.2 lowest bid: 82, said 80 (Pagat, FFB coinche)."""
    rules = with_knob(CONTREE, "contract.lowest_needs", 82)
    assert score_tally(tally(80, "S", 0, 81), rules).outcome.value == "failed"
    assert score_tally(tally(80, "S", 0, 82), rules).outcome.value == "made"
    assert score_tally(tally(90, "S", 0, 90), rules).outcome.value == "made"


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [(ContractScoring.MADE_PLUS_BID, (170, 72)), (ContractScoring.BID_ONLY, (80, 72)),
     (ContractScoring.MADE_ONLY, (90, 72))],
)
def test_scoring_methods(scoring: ContractScoring, expected: tuple[int, int]) -> None:
    """RULES §11.2 scoring method: made + bid (FFB), the bid only (ASCEE), points made only."""
    rules = with_knob(CONTREE, "contract.scoring", scoring)
    assert score_tally(tally(80, "S", 0, 90), rules).scores == expected


def test_chute_base_and_value() -> None:
    """RULES §11.2 failed: 160 + value (FFB 2016); 160 alone (older rules)."""
    ffb = with_knob(CONTREE, "contract.failed_points", 160)
    assert score_tally(tally(100, "H", 0, 60), ffb).scores == (0, 260)
    old = with_knob(ffb, "contract.failed_adds_value", False)
    assert score_tally(tally(100, "H", 0, 60), old).scores == (0, 160)


def test_belote_prenable_or_not() -> None:
    """RULES §11.2: belote prenable (colver) goes to the winner of a failed contract; imprenable
    (FFB coinche) stays with its owner."""
    failed = tally(100, "H", 0, 60, belote=2)
    assert score_tally(failed, CONTREE).scores == (0, 282)
    rules = with_knob(CONTREE, "contract.belote_prenable", False)
    assert score_tally(failed, rules).scores == (20, 262)


def test_coinched_made_160_and_flat_readings() -> None:
    """RULES §11.2 made and coinched: 160 + value × multiplier (FFB 2016), or a flat 320 / 640."""
    made = tally(110, "C", 1, 120)
    assert score_tally(made, with_knob(CONTREE, "contract.coinched_points", 160)).scores == (380, 0)
    flat = with_knob(CONTREE, "contract.coinched_flat", 160)
    assert score_tally(made, flat).scores == (320, 0)
    assert score_tally(tally(110, "C", 2, 120), with_knob(flat, "auction.surcoinche_multiplier", 4)
                       ).scores == (640, 0)


def test_capot_as_flat_bonus_reading() -> None:
    """RULES §11.2 capot: a flat 500 / 1000 bonus when bid / coinched (FFB 2016)."""
    rules = with_knob(CONTREE, "contract.capot_bonus", 500)
    assert score_tally(tally(None, "S", 0, 162, tricks=(8, 0)), rules).scores == (500, 0)
    assert score_tally(tally(None, "S", 1, 162, tricks=(8, 0)), rules).scores == (1000, 0)


def test_undertrumping_allowed_not_required_by_default() -> None:
    """RULES §11.2 undertrumping: allowed, not required (FFB 2016 §5.2.2): a knob flips it."""
    assert CONTREE.play.must_undertrump is False
    assert with_knob(CONTREE, "play.must_undertrump", True).play.must_undertrump


@pytest.mark.parametrize(
    ("knob", "value", "words"),
    [
        ("auction.lowest", 170, "auction.lowest"),
        ("auction.coinche_multiplier", 0, "auction.coinche_multiplier"),
        ("auction.step", 0, "auction.step"),
        ("auction.lowest", 85, "multiples of 10"),
        ("auction.highest", 165, "multiples of 10"),
        ("contract.failed_points", -1, "contract.failed_points"),
    ],
)
def test_every_contree_knob_is_bounded(knob: str, value: int, words: str) -> None:
    """issue 39, bad input: a lowest bid above the highest, a multiplier below 1, a step of 0 are
    refused naming the knob."""
    with pytest.raises(InvalidArgument, match=words.replace(".", r"\.")):
        with_knob(CONTREE, knob, value)


def test_a_spec_changes_the_auction() -> None:
    """CONTRACT variant specs: auction and contract knobs in a spec, written back canonically."""
    rules = get_rules("contree(contract.belote_prenable=false, auction.highest=250)")
    assert rules.auction.highest == 250 and not rules.contract.belote_prenable
    deal = Deal.random(rules, seed=1)
    assert deal.can(f"{deal.to_act} bid 250 S")
    assert deal.to_record()["variant"] == "contree(auction.highest=250,contract.belote_prenable=false)"


def test_no_trump_is_a_strain_contree_bids_only_with_its_knob() -> None:
    """RULES §11: the contract names a strain; sans-atout is off by default (colver has none:
    docs/contree.md#sans-atout-and-tout-atout, tests/test_contree_sa_ta.py)."""
    assert Action.parse("1 bid 90 NT").strain is Strain.NO_TRUMP
    assert not CONTREE.auction.no_trumps and Strain.NO_TRUMP not in CONTREE.auction.biddable
    deal = _deal()
    reason = deal.why_illegal("2 bid 90 NT")
    assert reason is not None and "not NT" in reason


# --- invariants --------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), play=st.integers(0, 2**32 - 1))
def test_card_points_sum_to_162_or_252_and_replay_scores_the_same(seed: int, play: int) -> None:
    """Invariants: card points sum to 152 and the last trick adds 10 (162); a replayed record
    scores the same."""
    deal = Deal.random("contree", seed=seed)
    play_low(deal, random.Random(play))
    if deal.result.outcome.value == "redeal":
        return
    assert deal.card_points_of(0) + deal.card_points_of(1) == 152
    counted = deal.tally()
    assert counted is not None and counted.last_trick in (0, 1)
    again = Deal.from_record(deal.to_record())
    assert again.result == deal.result


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 12), action=st.integers(0, 353))
def test_an_illegal_id_raises_and_changes_nothing(seed: int, steps: int, action: int) -> None:
    """Invariant: an illegal action id raises IllegalAction and leaves the deal as it was."""
    deal = Deal.random("contree", seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            return
        deal.apply_id(rng.choice(deal.legal_action_ids()))
    if deal.is_over or action in deal.legal_action_ids():
        return
    before = deal.copy()
    with pytest.raises(IllegalAction):
        deal.apply_id(action)
    assert deal == before


def test_pass_is_the_last_legal_id_in_the_auction() -> None:
    """The order of legal actions in an auction: bids by value and strain, coinche, pass last."""
    deal = _deal()
    ids = deal.legal_action_ids()
    assert ids[-1] == ID_PASS and ids[:-1] == sorted(ids[:-1])


def test_declarations_count_toward_the_contract_and_follow_belote() -> None:
    """RULES §11.2 declarations (FFB 2016 optional): with declarations on, the attack's tierce
    counts toward its contract like its belote, and goes to the defence on a failure."""
    from belote.cards import CardSet
    from belote.scoring import Declaration, classify

    rules = get_rules("contree(contest=team-best-takes-all)")
    tierce = Declaration(0, classify(CardSet.parse("7C 8C 9C"), rules))
    near = attrs.evolve(tally(100, "H", 0, 85), announcements=(tierce,))
    made = score_tally(near, rules)  # 85 + 20 >= 100
    assert made.outcome.value == "made" and made.scores == (85 + 100 + 20, 77)
    short = attrs.evolve(tally(110, "H", 0, 85), announcements=(tierce,))
    failed = score_tally(short, rules)
    assert failed.outcome.value == "failed" and failed.scores == (0, 162 + 110 + 20)
    with pytest.raises(InvalidTally, match="no announcements"):  # none by default (colver)
        score_tally(near, CONTREE)


def test_the_disputed_rules_are_the_published_readings() -> None:
    """RULES §11.2: every disputed point is a knob, and compare --knobs --disputes plays each
    other reading; belote rules says who reads each which way."""
    from belote.experiments.whatif import disputed_changes
    from belote.records.describe import describe_rules

    changes, skipped = disputed_changes("contree")
    labels = {change.label for change in changes}
    for expected in ("auction.surcoinche_multiplier=4", "contract.failed_points=160",
                     "contract.belote_prenable=false", "contract.lowest_needs=82",
                     "contract.must_beat_defence=true", "contract.capot_bonus=500",
                     "contract.scoring=bid-only", "play.must_undertrump=true",
                     "round_to=10", "target_strictly_more=true", "auction.highest=270"):
        assert expected in labels
    assert not skipped
    text = describe_rules(CONTREE)
    assert "[this: Cannes 2016, colver; 4: FFB 2016, Pagat]" in text


def test_a_partner_master_with_a_trump_binds_a_player_holding_only_trumps_under_the_reprint() -> None:
    """RULES §11.2 "partner master with a trump, you hold only trumps": any trump (FFB 2016,
    Cannes 2016); must overtrump the partner (the Équipe Ludique reprint): a knob."""
    from belote.cards import CardSet
    from belote.tricks import follower_mask

    hand = CardSet.parse("7H 8H AH").mask  # hearts trump, void in spades, trumps only
    best = CardSet.parse("10H").mask.bit_length() - 1  # the partner's 10 of trump is master
    led = int(Suit.SPADES)
    loose = follower_mask(hand, led, best, True, int(Suit.HEARTS), CONTREE.play)
    assert loose == hand
    strict = with_knob(CONTREE, "play.overtrump_partner_with_only_trumps", True)
    bound = follower_mask(hand, led, best, True, int(Suit.HEARTS), strict.play)
    assert bound == CardSet.parse("AH").mask


def test_analyze_values_an_auctions_bids() -> None:
    """issue 39 (analyze: each bid against the best): a contract bid is one of the decisions
    valued, and another bid is valued with the auction then ending at once."""
    from belote.solver.bidpar import BID_VERBS, alternative_value

    assert {Verb.BID, Verb.COINCHE, Verb.SURCOINCHE} <= set(BID_VERBS)
    deal = _deal()
    value = alternative_value(deal, Action.parse("2 bid 80 H"), 0)
    ended = deal.copy()
    ended.apply_all(["2 bid 80 H", "3 pass", "0 pass", "1 pass"])
    from belote.solver import solve

    assert value == solve(ended).value  # the bidder's side is side 0: the same sign
