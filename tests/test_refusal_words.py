"""Refusals in the player's words name the right seats (issue 51 item 2; docs/web.md, docs/cli.md#play).

For every refusal the engine gives, for every (acting seat, seat to act)
pair met in random deals of every variant, the sentence told to the acting
player never names them in the third person, names the seat to act (as
``your partner`` when it is theirs) and reads as English ("you have", not
"you has"; "not yours", not "not your").
"""

from __future__ import annotations

import random
import re

import pytest

from belote.actions import Action, Verb
from belote.cards import CardSet
from belote.deal import Deal
from belote.records.narration import explain_refusal, partner_seat
from belote.variants import BUILTIN

VARIANTS = [rules.name for rules in BUILTIN]
BAD_ENGLISH = re.compile(r"\byou (has|is|does|holds|was)\b|\bnot your\b(?!\s\w)|\byour's\b")


def _tries(deal: Deal, seat: int) -> list[Action]:
    """One action of each kind for ``seat``: the calls, a bid, its cards, declare, stop, swap, keep."""
    tries = [Action(seat, verb) for verb in (Verb.PASS, Verb.TAKE, Verb.SWAP, Verb.KEEP, Verb.DECLARE,
                                             Verb.STOP, Verb.COINCHE, Verb.SURCOINCHE, Verb.DOUBLE,
                                             Verb.REDOUBLE)]
    tries += [Action.bid(seat, 90, "H"), Action.strain_bid(seat, "NT")]
    tries += [Action.play(seat, card) for card in CardSet.from_mask(deal.hand_mask(seat))]
    return tries


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusal_names_the_right_seats(variant: str, seed: int) -> None:
    """Issue 51 item 2: never "it is your turn to bid, not your" for seat 2 when seat 0 is to bid."""
    deal = Deal.random(variant, seed=seed)
    rng = random.Random(seed)
    pairs = set()
    while not deal.is_over:
        to_act = deal.to_act
        assert to_act is not None
        for seat in range(deal.players):
            partner = partner_seat(deal, seat)
            for action in _tries(deal, seat):
                reason = deal.why_illegal(action)
                if reason is None:
                    continue
                told = explain_refusal(reason, seat, partner=partner)
                assert f"seat {seat}" not in told, (reason, told)
                assert not BAD_ENGLISH.search(told), (reason, told)
                if f"seat {seat}" in reason:
                    assert re.search(r"\byou", told), (reason, told)
                for other in {int(n) for n in re.findall(r"seat (\d+)", reason)} - {seat}:
                    named = "your partner" if other == partner else f"seat {other}"
                    assert named in told, (reason, told)
                pairs.add((seat, to_act))
        deal.apply(rng.choice(deal.legal_actions()))
    assert {seat for seat, _ in pairs} == set(range(deal.players))


def test_the_issue_s_sentence() -> None:
    """Issue 51 item 2: seat 2 acting when seat 0 is to bid."""
    reason = "it is seat 0's turn to bid, not seat 2's"
    assert explain_refusal(reason, 2) == "it is seat 0's turn to bid, not yours"
    assert explain_refusal(reason, 2, partner=0) == "it is your partner's turn to bid, not yours"
    assert explain_refusal(reason, 1) == "it is seat 0's turn to bid, not seat 2's"
    assert explain_refusal(reason, 0) == "it is your turn to bid, not seat 2's"
    names = ["Ann", "Bob", "Cy", "Di"]
    assert explain_refusal(reason, 2, names=names) == "it is Ann's turn to bid, not yours"
