"""Coinche out of turn, "à la volée" (RULES §11.2; docs/contree.md#the-auction).

The published rules disagree on when a defender may coinche: FFB 2016 and
Cannes 2016 (which penalises it) only at one's turn, the default; Pagat, the
ASCEE rules and several clubs at any time while the bid stands. With
``auction.coinche_any_time`` the engine asks the defender who did not just
speak, before each call of the side holding the contract, whether to coinche.
"""

from __future__ import annotations

import random

import pytest

from belote.deal import Deal, Phase
from belote.errors import IllegalAction, InvalidArgument
from belote.rules import get_rules, rules_from_spec, with_knob
from belote.scoring import Contract

CONTREE = get_rules("contree")
VOLEE = with_knob(CONTREE, "auction.coinche_any_time", True)


def _deal(rules: object = VOLEE) -> Deal:
    """A contrée deal dealt by seat 1: seat 2 speaks first."""
    deck = list(range(32))
    random.Random(5).shuffle(deck)
    return Deal(rules, deck, dealer=1)  # type: ignore[arg-type]


def _legal(deal: Deal) -> set[str]:
    return {str(a) for a in deal.legal_actions()}


def test_by_default_a_coinche_waits_for_the_turn() -> None:
    """RULES §11.2 (FFB 2016 §4.2.3): no coinche out of turn; after 90 D and a pass, the bidder's
    partner speaks, and the other defender cannot coinche first."""
    deal = _deal(CONTREE)
    deal.apply_all(["2 bid 90 D", "3 pass"])
    assert deal.to_act == 0
    reason = deal.why_illegal("1 coinche")
    assert reason is not None and "turn" in reason


def test_the_other_defender_is_asked_before_the_bidding_side_speaks() -> None:
    """RULES §11.2 (Pagat; ASCEE): à la volée, seat 1 may coinche 90 D before seat 0, the bidder's
    partner, raises it; seat 1 may only coinche or let the turn go on."""
    deal = _deal()
    deal.apply("2 bid 90 D")
    assert deal.to_act == 3  # a defender speaks next anyway: nobody is asked out of turn
    deal.apply("3 pass")
    assert deal.to_act == 1 and _legal(deal) == {"1 pass", "1 coinche"}
    reason = deal.why_illegal("1 bid 100 S")
    assert reason is not None and "whether to coinche" in reason
    before = deal.copy()
    with pytest.raises(IllegalAction):
        deal.apply("1 bid 100 S")
    assert deal == before
    deal.apply("1 coinche")
    assert _legal(deal) == {"2 pass", "2 surcoinche"}
    deal.apply_all(["2 pass", "3 pass", "0 pass"])  # the turn comes back to the coincher
    assert deal.phase is Phase.PLAY
    counted = deal.tally()
    assert counted is not None and counted.contract == Contract(90, CONTREE.auction.strains[2], 1)


def test_declining_out_of_turn_is_not_one_of_the_three_passes() -> None:
    """RULES §11.1: three passes after a bid end the auction; the defender's "no" asked out of turn
    does not count, so the same three passes end it with or without the knob."""
    deal = _deal()
    deal.apply_all(["2 bid 90 D", "3 pass", "1 pass", "0 pass"])
    assert deal.phase is not Phase.PLAY and deal.to_act == 1
    deal.apply("1 pass")
    assert deal.phase is Phase.PLAY
    plain = _deal(CONTREE)
    plain.apply_all(["2 bid 90 D", "3 pass", "0 pass", "1 pass"])
    assert plain.phase is Phase.PLAY and plain.tally() == deal.tally()


def test_a_raise_by_the_partner_is_asked_about_too() -> None:
    """À la volée: after seat 0 raises to 100 S, seat 1 speaks in turn; after its pass seat 3 is
    asked before seat 2, the new bidder's partner, speaks."""
    deal = _deal()
    deal.apply_all(["2 bid 90 D", "3 pass", "1 pass", "0 bid 100 S"])
    assert deal.to_act == 1 and "1 bid 110 S" in _legal(deal)
    deal.apply("1 pass")
    assert deal.to_act == 3 and _legal(deal) == {"3 pass", "3 coinche"}


def test_the_knob_needs_a_coinche() -> None:
    """Bad input: a coinche out of turn without a coinche is refused, naming the knob."""
    with pytest.raises(InvalidArgument, match=r"auction\.coinche_any_time"):
        rules_from_spec("contree(auction.coinche=false, auction.coinche_any_time=true)")


@pytest.mark.parametrize("seed", range(40))
def test_random_deals_replay_the_same(seed: int) -> None:
    """Invariants: a random deal with the knob on ends, scores 162 card points between the
    sides, and its record replays to the same result."""
    rng = random.Random(seed)
    deal = Deal.random(VOLEE, seed=seed)
    while not deal.is_over:
        deal.apply_id(rng.choice(deal.legal_action_ids()))
    again = Deal.from_record(deal.to_record())
    assert again.result == deal.result
    if deal.result.outcome.value != "redeal":
        assert deal.card_points_of(0) + deal.card_points_of(1) == 152
