"""contrée's double-dummy values checked against colver's solver, an independent one (docs/contree.md#checked).

colver's ``Env.solve_scores()`` answers, for the seat to act, per legal card
(colver's card numbers):

- ``deal_scores``: the deal score of team 0 (seats 0 and 2, colver's N-S)
  minus team 1's when every seat then plays to make that difference best for
  its team: contract, coinche or surcoinche, capot and belote included. It is
  our [`solve`][belote.solver.solve]'s card value, which is the attack's score
  minus the defence's, with the sign of the attack's team;
- ``contract_made``: whether the attack then makes its contract, our
  [`makes_contract`][belote.solver.makes_contract] after that card;
- ``scores``: team 0's card points (the last trick's 10 included, 252 for a
  capot) when both teams play for card points alone, another game (colver's
  docstring: "the two scales do not subtract"); not compared here.

The positions are the first card of the play, after auctions drawn at random
(half biased toward coinches and low bids, half toward any value and capot),
from colver's own deals. Without colver these tests skip, except where CI sets
``BELOTE_REQUIRE_ORACLE=1``: then they fail.
"""

from __future__ import annotations

import os
import random

import pytest
from colver_bridge import action_id_of, choose, deal_of, require_colver, to_colver

from belote.deal import Deal
from belote.solver import makes_contract, solve

POSITIONS = int(os.environ.get("BELOTE_ORACLE_POSITIONS", "120"))
CHUNKS = 4


def _any_bid(rng: random.Random, legal: list[int]) -> int:
    """A colver auction action drawn over every value: contracts up to 160 and capot get played."""
    if 42 in legal and rng.random() < 0.2:
        return 42
    if 41 in legal and rng.random() < 0.15:
        return 41
    bids = [a for a in legal if 1 <= a <= 40]
    if not bids or rng.random() < 0.5:
        return 0
    return rng.choice(bids[: 4 * rng.randrange(1, 4)]) if rng.random() < 0.9 else rng.choice(bids)


def _position(seed: int) -> tuple[object, Deal] | None:
    """colver's deal ``seed`` and ours at the first card after a random auction (None: everyone passed)."""
    colver = require_colver()
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    env = colver.Env.deal(dealer=dealer, seed=seed)  # type: ignore[attr-defined]
    deal = deal_of(env, dealer)
    while env.phase() == 0 and not env.is_terminal():
        legal = env.legal_actions()
        action = choose(rng, legal, 0) if seed % 2 else _any_bid(rng, legal)
        env.step(action)
        deal.apply_id(action_id_of(action, 0))
    if env.is_terminal():
        assert deal.is_over
        return None
    assert deal.to_act == env.current_player()
    return env, deal


def _check(seed: int) -> bool:
    """Compare every legal card's value and outcome at ``seed``'s first card; False if no position."""
    found = _position(seed)
    if found is None:
        return False
    env, deal = found
    answer = env.solve_scores()  # type: ignore[attr-defined]
    assert deal.taker is not None
    sign = 1 if deal.side(deal.taker) == 0 else -1
    solution = solve(deal)
    ours = {to_colver(card.index): sign * value for card, value in solution.card_values.items()}
    theirs = {int(card): int(value) for card, value in answer["deal_scores"]}
    where = f"seed {seed}, record {deal.to_record()['actions']}"
    assert ours == theirs, f"{where}: deal score differences ours {ours}, colver's {theirs}"
    made = {}
    for card in solution.card_values:
        child = deal.copy()
        child.play_card(card.index, child.can_announce_belote(card.index))
        made[to_colver(card.index)] = makes_contract(child)
    assert made == dict(answer["contract_made"]), (
        f"{where}: contract made ours {made}, colver's {answer['contract_made']}"
    )
    assert answer["best_card"] in theirs
    return True


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_same_double_dummy_values_as_colver(chunk: int) -> None:
    """RULES §11 and docs/solver.md: at the first card after an auction, every legal card's
    double-dummy deal score difference and whether the contract is then made are colver's,
    on POSITIONS positions in all (120 by default)."""
    require_colver()
    per = POSITIONS // CHUNKS
    done, seed = 0, 100_000 * (chunk + 1)
    while done < per:
        done += _check(seed)
        seed += 1
