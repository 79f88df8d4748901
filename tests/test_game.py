"""The match driver: agents, dealer rotation, pending points, the winner (rules §2, docs/rules.md#dealing; rules §8, docs/rules.md#match)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from belote.actions import Action, Verb
from belote.deal import Observation
from belote.errors import InvalidArgument
from belote.game import Agent, Game, RandomAgent, next_dealer, play_match
from belote.rules import get_rules
from belote.scoring import DealResult, Outcome, redeal_result


def result(scores: tuple[int, ...], outcome: Outcome = Outcome.PLAYED) -> DealResult:
    return DealResult(variant="x", outcome=outcome, capot=None, scores=scores, pending=0, lines=())


def test_next_dealer_is_the_next_seat_with_four_players() -> None:
    """Rules §2, docs/rules.md#dealing; 000, 002: the seat after the dealer deals next."""
    assert next_dealer(get_rules("classic"), 4, 3, result((90, 72))) == 0
    assert next_dealer(get_rules("piedicavallo"), 4, 1, redeal_result(get_rules("classic"))) == 2


def test_french_two_players_the_higher_scorer_deals_next() -> None:
    """Rules §2, docs/rules.md#dealing; 001 "distribuirà ... il punteggio maggiore", 003 "continue de donner"."""
    french = get_rules("french")
    assert next_dealer(french, 2, 0, result((100, 62))) == 0
    assert next_dealer(french, 2, 0, result((40, 122))) == 1
    assert next_dealer(french, 2, 1, result((70, 70))) == 1  # [reading] a tie keeps the dealer


def test_french_two_players_after_both_passed_the_other_deals() -> None:
    """Rules §2, docs/rules.md#dealing; 001 "Se in una smazzata passano entrambi ... l'altro giocatore"."""
    french = get_rules("french")
    assert next_dealer(french, 2, 0, redeal_result(french, 0, 2)) == 1


def test_french_three_players_next_seat() -> None:
    """Rules §2, docs/rules.md#dealing [reading]: `french` with three players, the seat after the dealer."""
    assert next_dealer(get_rules("french"), 3, 2, result((100, 0, 62))) == 0


class Cautious:
    """An agent that never calls out and always passes the swap, else plays at random."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        options = [a for a in legal if a.verb is not Verb.STOP] or list(legal)
        return self.inner.choose(observation, options)


@pytest.mark.parametrize(("variant", "players"),
                         [("classic", 4), ("piedicavallo", 4), ("italian751", 4),
                          ("french", 2), ("french", 3)])
def test_a_match_is_played_to_a_winner(variant: str, players: int) -> None:
    """Rules §8, docs/rules.md#match: deals until a side reaches the target."""
    agents = [Cautious(i) for i in range(players)]
    game = play_match(variant, agents, seed=1, target=300)
    assert game.winner is not None
    assert game.totals == game.match.totals
    assert all(isinstance(a, Agent) for a in agents)
    # Dealer rotation and pending points go from deal to deal.
    for before, after in zip(game.deals, game.deals[1:], strict=False):
        assert after.dealer == next_dealer(before.rules, players, before.dealer, before.result)
        assert after.pending == before.result.pending


def test_same_seed_same_match() -> None:
    """CONTRACT.md: same seed, same output."""
    def run() -> dict[str, object]:
        return play_match("italian751", [RandomAgent(i) for i in range(4)], seed=9).to_record()
    assert run() == run()


class Eager:
    """An agent that says "j'arrête" as soon as it may, else plays at random."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        stops = [a for a in legal if a.verb is Verb.STOP]
        return stops[0] if stops else self.inner.choose(observation, legal)


def test_calling_out_ends_the_match() -> None:
    """Rules §8.2, docs/rules.md#j-arrete: a "j'arrête" ends the match with the deal it was said in."""
    game = play_match("french", [Eager(i) for i in range(2)], seed=2)
    last = game.deals[-1]
    assert last.called_out is not None
    assert last.result.match_winner is not None
    assert game.winner == last.result.match_winner
    assert len(game.deals) == 1 or all(d.called_out is None for d in game.deals[:-1])


def test_deals_see_match_totals_and_target() -> None:
    """Rules §8, docs/rules.md#match: each deal knows the totals before it (for calling out)."""
    game = Game("classic", [Cautious(i) for i in range(4)], seed=4, target=500)
    first = game.play_deal()
    second = game.play_deal()
    assert first.totals == (0, 0) and second.target == 500
    assert second.totals == tuple(first.result.scores)


def test_wrong_number_of_agents_refused() -> None:
    """Rules §2, docs/rules.md#dealing: one agent per seat."""
    with pytest.raises(InvalidArgument):
        Game("classic", [RandomAgent(0)] * 3)


def test_given_decks_are_dealt_in_order() -> None:
    """Game(decks=...): the decks are dealt in order."""
    decks = [list(range(32))] * 3
    game = Game("classic", [Cautious(i) for i in range(4)], decks=decks, max_deals=3)
    result = game.play()
    assert all(deal.deck == game.deals[0].deck for deal in result.deals)
