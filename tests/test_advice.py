"""Which card or call is best from one seat's knowledge (issue 51 item 3): recommend and ``belote solve`` with ``?``.

docs/positions.md#from-one-seats-knowledge.
"""

from __future__ import annotations

import json
import random

import pytest
from clirun import one_error, run

from belote.actions import Verb
from belote.agents.advice import Recommendation, recommend
from belote.cards import Suit
from belote.deal import Deal, Phase
from belote.deal.viewpoint import read_viewpoint, seat_position
from belote.errors import InvalidArgument, InvalidPosition
from belote.solver import solve

# docs/positions.md, puzzle 1: seat 1 took diamonds, two tricks left.
FULL = ("belote/1 classic | dealer 0 | hands JH 7D / 10H 9C / 7S JC / AS 7C | turned JD | bids take"
        " | play QH AH QD 8H / QC 10C KC AC / 8S 9S KS 8D / AD KD 8C 9D / 10D JD 10S JS / KH 9H QS 7H")
SEEN = FULL.replace("hands JH 7D / 10H 9C / 7S JC / AS 7C", "hands ? / 10H 9C / ? / ?")
# Two tricks left, seat 1 to lead; the voids shown leave the hidden cards one layout.
FORCED = ("belote/1 classic | dealer 0 | hands QH AH / 7S KH / KC AC / 10S QS | turned 7S | bids take"
          " | play 8H 9H 10H 7H / 10D 8D AD JD / 7C JC QC 8C / KD QD 7D 8S / 10C JS 9D 9C / AS JH 9S KS")


def _exact(text: str) -> dict[str, float]:
    """The exact value of each legal card, from the side of the seat to act (docs/solver.md)."""
    solution = solve(Deal.from_position(text))
    sign = 1 if solution.maximising else -1
    return {str(card): float(sign * value) for card, value in solution.card_values.items()}


def _means(found: Recommendation) -> dict[str, float]:
    return {str(v.action.cards[0]): v.mean for v in found.values if v.action.verb is Verb.PLAY}


def test_a_hidden_position_gets_a_legal_best_card() -> None:
    """docs/positions.md#from-one-seats-knowledge: every legal card valued, the best one legal."""
    found = recommend(SEEN, samples=6, seed=2)
    legal = Deal.from_position(FULL).legal_actions()
    assert found.best in legal
    assert sorted(str(v.action) for v in found.values) == sorted(str(a) for a in legal)
    assert found.method == "solve" and found.samples == 6 and found.seat == 1
    assert [v.mean for v in found.values] == sorted((v.mean for v in found.values), reverse=True)
    for v in found.values:
        assert v.samples == 6 and v.low <= v.mean <= v.high and v.stdev >= 0


def test_forced_hands_give_the_exact_values() -> None:
    """docs/rules.md#play-obligations: when the voids leave one layout, every sample is the deal itself.

    Spades are trumps. Seat 0 threw the 9 of diamonds on the 10 of clubs and
    the jack of hearts on the ace of spades: it holds the two hearts left.
    Seat 3 threw the jack of spades on the clubs: it holds the two spades
    left, and seat 2 the two clubs.
    """
    text = FORCED.replace("hands QH AH / 7S KH / KC AC / 10S QS", "hands ? / 7S KH / ? / ?")
    view = read_viewpoint(text)
    assert view.voids[0] == (Suit.SPADES, Suit.CLUBS) and view.voids[3] == (Suit.CLUBS,)
    found = recommend(text, samples=5, seed=1)
    assert _means(found) == _exact(FORCED)
    assert all(v.stdev == 0 and v.low == v.high == v.mean for v in found.values)


def test_the_last_card_gets_the_exact_result() -> None:
    """docs/solver.md: with one card left and the three others played, the recommendation is the solve."""
    last = FULL.replace("hands JH 7D / 10H 9C / 7S JC / AS 7C", "hands 7D / - / - / -") \
        + " / 10H 7S AS JH / 9C JC 7C"
    text = last.replace("hands 7D / - / - / -", "hands 7D / ? / ? / ?")
    found = recommend(text, samples=3, seed=0)
    assert [str(v.action) for v in found.values] == ["0 play 7D"]
    assert _means(found) == _exact(last)


def test_one_card_each_left_the_best_card_is_the_exact_best() -> None:
    """docs/positions.md#from-one-seats-knowledge: at the last trick the seat's one card is what the solve plays."""
    full = FULL.replace("hands JH 7D / 10H 9C / 7S JC / AS 7C", "hands 7D / 9C / JC / 7C") \
        + " / 10H 7S AS JH"
    text = full.replace("hands 7D / 9C / JC / 7C", "hands ? / 9C / ? / ?")
    found = recommend(text, samples=4, seed=5)
    assert [found.best.cards[0]] == list(solve(Deal.from_position(full)).best_cards)


def test_the_same_seed_gives_the_same_recommendation() -> None:
    """docs/positions.md#from-one-seats-knowledge: deterministic under a seed."""
    assert recommend(SEEN, samples=4, seed=9) == recommend(SEEN, samples=4, seed=9)
    view = read_viewpoint(SEEN)
    assert recommend(view, samples=4, seed=9) == recommend(view.observation, samples=4, seed=9)


def test_a_call_is_recommended_by_play_outs() -> None:
    """docs/positions.md#from-one-seats-knowledge: in the bidding every legal call is valued by rollouts."""
    text = "belote/1 classic | dealer 3 | hands ? / JD 9D AD 10S AS / ? / ? | turned 7D | bids pass"
    found = recommend(text, samples=3, seed=1)
    legal = read_viewpoint(text).legal
    assert found.method == "rollouts"
    assert {v.action for v in found.values} == set(legal)
    assert found.best in legal and {a.verb for a in legal} == {Verb.TAKE, Verb.PASS}


def test_only_the_seat_to_act_gets_a_recommendation() -> None:
    """docs/positions.md#from-one-seats-knowledge: the seat whose hand is written must be the one to act."""
    text = FULL.replace("hands JH 7D / 10H 9C / 7S JC / AS 7C", "hands JH 7D / ? / ? / ?")
    with pytest.raises(InvalidArgument, match="seat 1 is to act"):
        recommend(text)
    with pytest.raises(InvalidPosition, match="2 expected"):
        recommend(SEEN.replace("10H 9C", "10H 9C 7D"))
    with pytest.raises(InvalidArgument, match="samples"):
        recommend(SEEN, samples=0)


def test_belote_solve_answers_a_recommendation_for_a_hidden_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/positions.md#from-one-seats-knowledge: text and --json, the same under the same --seed."""
    code, out, err = run(["solve", SEEN, "--samples", "4", "--seed", "3", "--json"], capsys)
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["kind"] == "estimate" and doc["samples"] == 4 and doc["seed"] == 3
    assert doc["position"] == read_viewpoint(SEEN).position  # written as the seat knows it
    assert doc["best"] in ("1 play 10H", "1 play 9C")
    assert run(["solve", SEEN, "--samples", "4", "--seed", "3", "--json"], capsys)[1] == out
    code, text, _ = run(["solve", SEEN, "--samples", "4", "--seed", "3"], capsys)
    assert code == 0 and "Estimate, not an exact solve" in text and "best" in text
    code, exact, _ = run(["solve", FULL], capsys)  # every hand known: the exact solve, as before
    assert code == 0 and exact.startswith("classic, 4 players, seat 1 took D\nValue: 24")


@pytest.mark.parametrize(
    "text",
    [SEEN.replace("10H 9C", "10H 9C 7D"), SEEN.replace("10H 9C", "10H QH"),
     SEEN.replace("? / 10H 9C", "JH 7D / 10H 9C")],
    ids=["too-many", "seen-twice", "two-hands"],
)
def test_belote_solve_refuses_an_impossible_hidden_position(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """CLI contract: bad input exits 2 with one ``error:`` line naming the part."""
    code, _, err = run(["solve", text], capsys)
    assert one_error(code, err).startswith("error: position: hands: ")


def test_a_full_position_is_read_as_what_the_seat_to_act_knows() -> None:
    """docs/positions.md#from-one-seats-knowledge: recommend never looks at the other hands of a full position."""
    assert recommend(FULL, samples=4, seed=3) == recommend(SEEN, samples=4, seed=3)


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("contree", 4), ("bulgarian", 4),
                                                  ("french", 2), ("french", 3), ("piedicavallo", 4)])
def test_random_hidden_positions_get_a_legal_best_action(variant: str, players: int) -> None:
    """docs/positions.md#from-one-seats-knowledge: in the bidding and the last tricks, the best action is legal."""
    rng = random.Random(variant + str(players))
    tried = 0
    while tried < 4:
        deal = Deal.random(variant, seed=rng.randrange(10**9), players=players)
        for _ in range(rng.choice([0, 1, 2, 3, 40])):
            if deal.is_over or (deal.phase is Phase.PLAY and len(deal.hand(deal.to_act or 0)) <= 2):
                break
            deal.apply(rng.choice(deal.legal_actions()))
        seat = deal.to_act
        if seat is None or (deal.phase is Phase.PLAY and len(deal.hand(seat)) > 2):
            continue  # a solve per sample from the first trick is slow: the last tricks only
        found = recommend(seat_position(deal, seat), samples=2, seed=tried)
        assert found.best in deal.legal_actions()
        assert {v.action for v in found.values} <= set(deal.legal_actions())
        tried += 1


def test_belote_solve_refuses_what_it_cannot_answer(capsys: pytest.CaptureFixture[str]) -> None:
    """CLI contract: too many samples, or a seat that is not to act, is one ``error:`` line."""
    code, _, err = run(["solve", SEEN, "--samples", "1001"], capsys)
    assert "samples" in one_error(code, err)
    hidden = FULL.replace("hands JH 7D / 10H 9C / 7S JC / AS 7C", "hands JH 7D / ? / ? / ?")
    code, _, err = run(["solve", hidden], capsys)
    assert "seat 1 is to act" in one_error(code, err)
