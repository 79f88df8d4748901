"""Positions for the solver's tests: deals played at random to a few tricks from the end."""

from __future__ import annotations

import random

from belote.actions import Verb
from belote.deal import Deal
from belote.rules import Rules


def reach(variant: Rules | str, players: int, seed: int, left: int) -> Deal:
    """A deal played at random (declarations, swaps and belote included) to ``left`` tricks."""
    rng = random.Random(seed)
    while True:
        deal = Deal.random(variant, seed=rng.randrange(2**32), dealer=rng.randrange(players),
                           players=players)
        while not deal.is_over:
            actions = [a for a in deal.legal_actions() if a.verb is not Verb.STOP]
            late = deal.tricks_per_deal - deal.tricks_played <= left
            if late and deal.legal_play_mask() and (not deal.trick or rng.random() < 0.5):
                return deal
            deal.apply(actions[rng.randrange(len(actions))])
