"""A whole match of deals played by agents: dealer rotation, pending points, the winner.

[`Game`][belote.game.Game] deals from seeded shuffles (or given decks), asks each seat's
[`Agent`][belote.agents.Agent] for its actions, passes the match totals, target and pending
litige points to every [`Deal`][belote.deal.Deal], and adds each result to a
[`Match`][belote.scoring.match.Match] until a side wins (rules §8, docs/rules.md#match).

>>> result = play_match("classic", [RandomAgent(seed) for seed in range(4)], seed=7, target=300)
>>> result.winner in (0, 1), result.totals == result.match.totals
(True, True)

An agent is anything with ``choose(observation, legal) -> Action`` (the one
[`Agent`][belote.agents.Agent] protocol of [`belote.agents`][belote.agents]): the
built-in [`RandomBot`][belote.agents.RandomBot] (also named
[`RandomAgent`][belote.game.RandomAgent] here), [`HeuristicBot`][belote.agents.HeuristicBot]
and [`PIMCBot`][belote.agents.pimc.PIMCBot] play here as they play in simulations and duels.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

import attrs

from belote.agents import Agent, RandomBot, act
from belote.cards import Card
from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidRecord, shown
from belote.rules import Rules, get_rules
from belote.rules.specs import spec_of
from belote.scoring import DealResult
from belote.scoring.match import Match, MatchResult
from belote.scoring.match import next_dealer as _match_next_dealer

__all__ = ["Agent", "Game", "GameResult", "RandomAgent", "next_dealer", "play_match"]


RandomAgent = RandomBot
"""The random agent under its former name: [`RandomBot`][belote.agents.RandomBot]."""


def next_dealer(
    rules: Rules, players: int, dealer: int, result: DealResult,
    deck: Sequence[Card] | None = None,
) -> int:
    """Who deals after a deal that ended with ``result`` (rules §2, docs/rules.md#dealing).

    The rule lives in [`belote.scoring.match.next_dealer`][belote.scoring.match.next_dealer]
    (``NEXT_SEAT``, ``WINNER_DEALS``, ``winner_deals_with_three``, ``RANDOM``,
    which draws from the ``deck`` of the deal just played).

    >>> from belote.scoring import redeal_result
    >>> next_dealer(get_rules("french"), 2, 0, redeal_result(get_rules("french"), 0, 2))
    1
    """
    return _match_next_dealer(rules, players, dealer, result, deck)


@attrs.frozen(kw_only=True)
class GameResult:
    """A finished match played by agents.

    Attributes:
        match: the match result (every deal result, totals, winner).
        deals: the deals, in order, redeals included.
    """

    match: MatchResult
    deals: tuple[Deal, ...]

    @property
    def winner(self) -> int | None:
        """The winning side, or ``None`` when the deal limit stopped the match."""
        return self.match.winner

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's final match score."""
        return self.match.totals

    def to_record(self) -> dict[str, object]:
        """The match record (docs/formats.md#deal-record): ``{"variant", "target", "deals", "finished"}``.

        ``finished`` says whether a side won the match (not when the deal
        limit stopped it).
        """
        return {
            "variant": self.match.variant,
            "target": self.match.target,
            "deals": [deal.to_record() for deal in self.deals],
            "finished": self.match.winner is not None,
        }


class Game:
    """A match in progress between agents.

    Args:
        rules: the variant (value or name).
        agents: one agent per seat.
        players: the number of players (default: ``len(agents)``).
        target: the match target (default: the variant's).
        seed: seed for the deck shuffles (ignored when ``decks`` is given).
        decks: the decks to deal, in order (each 32 cards, top first).
        first_dealer: the dealer of the first deal.
        max_deals: stop after this many deals even without a winner.

    Raises:
        InvalidArgument: a player count the variant does not allow, or not
            one agent per seat.
    """

    def __init__(
        self,
        rules: Rules | str,
        agents: Sequence[Agent],
        *,
        players: int | None = None,
        target: int | None = None,
        seed: int | None = None,
        decks: Iterable[Sequence[Card | int | str]] | None = None,
        first_dealer: int = 0,
        max_deals: int = 1000,
    ) -> None:
        self.rules = get_rules(rules)
        self.players = self.rules.check_players(len(agents) if players is None else players)
        if len(agents) != self.players:
            raise InvalidArgument(f"{self.players} players need {self.players} agents")
        if not 0 <= first_dealer < self.players:
            raise InvalidArgument(f"first_dealer must be a seat, not {first_dealer}")
        self.agents = list(agents)
        """The agent of each seat."""
        self.match = Match(self.rules, target, self.players)
        """The match so far: each finished deal's result, the totals, pending points, the winner."""
        self.dealer = first_dealer
        """Who deals the next deal (moved on by [`play_deal`][belote.game.Game.play_deal] as the rules say)."""
        self.max_deals = max_deals
        self.deals: list[Deal] = []
        """The finished deals, in order (redeals included)."""
        self.current: Deal | None = None
        """The deal dealt by [`new_deal`][belote.game.Game.new_deal] and not yet added to the match.

        A match played by people rather than agents is a
        [`belote.tables.Table`][belote.tables.Table] (docs/tables.md)."""
        self._decks: Iterator[Sequence[Card | int | str]] = (
            iter(decks) if decks is not None else self._shuffles(random.Random(seed))
        )

    @classmethod
    def from_record(
        cls,
        record: object,
        agents: Sequence[Agent],
        *,
        seed: int | None = None,
        decks: Iterable[Sequence[Card | int | str]] | None = None,
        max_deals: int = 1000,
    ) -> Game:
        """Resume a match from its record (see [`to_record`][belote.game.Game.to_record]).

        Every deal is replayed and checked; the match totals, pending points
        and the next dealer follow from them. A last deal that stops before
        its end becomes [`current`][belote.game.Game.current], and
        [`play_deal`][belote.game.Game.play_deal] or [`play`][belote.game.Game.play]
        finish it first. The next decks come from ``decks``, or from the
        shuffles of ``seed`` after the ones the record's deals used, so a
        match saved and resumed with the same seed deals what it would have
        dealt without the pause.

        >>> agents = [RandomAgent(seat) for seat in range(4)]
        >>> game = Game("classic", agents, seed=3, target=300)
        >>> _ = game.play_deal()
        >>> resumed = Game.from_record(game.to_record(), agents, seed=3)
        >>> resumed.match.totals == game.match.totals, resumed.dealer == game.dealer
        (True, True)

        Raises:
            InvalidRecord: a bad field or action (see
                [`match_from_record`][belote.records.replay.match_from_record]); an
                action at fault is named in the message (``deal 0, action 3 "3 pass":
                ...``) and by ``index`` and ``action``.
            InvalidArgument: not one agent per seat.
        """
        from belote.records.replay import match_from_record

        try:
            match, deals = match_from_record(record, partial=True)
        except InvalidRecord as exc:  # the message names the action too, not only .index
            if exc.index is None:
                raise
            where, _, why = str(exc).partition(": ") if str(exc).startswith("deal ") else ("", "", str(exc))
            named = f"action {exc.index} {shown(exc.action, quote=chr(34))}"
            raise InvalidRecord(f"{where + ', ' if where else ''}{named}: {why}", exc.index,
                                exc.action) from None
        game = cls(
            match.rules,
            agents,
            players=match.players,
            target=match.target,
            seed=seed,
            decks=decks,
            first_dealer=deals[0].dealer if deals else 0,
            max_deals=max_deals,
        )
        game.match = match
        if deals and not deals[-1].is_over:
            game.current = deals.pop()
        game.deals = deals
        if game.current is not None:
            game.dealer = game.current.dealer
        elif deals:
            last = deals[-1]
            game.dealer = next_dealer(match.rules, match.players, last.dealer, last.result,
                                      last.deck)
        if decks is None:
            for _ in range(len(deals) + (game.current is not None)):
                next(game._decks)
        return game

    @staticmethod
    def _shuffles(rng: random.Random) -> Iterator[Sequence[int]]:
        while True:
            deck = list(range(32))
            rng.shuffle(deck)
            yield deck

    @property
    def is_over(self) -> bool:
        """Whether a side has won or the deal limit is reached."""
        return self.match.is_over or len(self.deals) >= self.max_deals

    def new_deal(self) -> Deal:
        """The next deal, dealt with the match context, before anyone acts.

        Raises:
            InvalidArgument: the match is over or the decks ran out.
        """
        if self.match.is_over:
            raise InvalidArgument(f"the match is over: side {self.match.winner} won")
        try:
            deck = next(self._decks)
        except StopIteration:
            raise InvalidArgument("no deck left to deal") from None
        self.current = Deal(
            self.rules,
            deck,
            self.dealer,
            self.players,
            totals=self.match.totals,
            target=self.match.target,
            pending=self.match.pending,
        )
        return self.current

    def run_deal(self, deal: Deal) -> DealResult:
        """Let the agents play ``deal`` to its end.

        Raises:
            IllegalAction: an agent chose an action that is not legal.
        """
        agents = self.agents
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            act(deal, agents[seat])
        return deal.result

    def play_deal(self) -> Deal:
        """Deal, play and score the next deal; add it to the match and rotate the dealer.

        A deal already dealt ([`current`][belote.game.Game.current], say
        one resumed from a record) is played to its end instead of a new one.
        """
        deal = self.current if self.current is not None else self.new_deal()
        result = self.run_deal(deal)
        self.current = None
        self.deals.append(deal)
        self.match.add(result)
        self.dealer = next_dealer(self.rules, self.players, self.dealer, result, deal.deck)
        return deal

    def play(self) -> GameResult:
        """Play deals until a side wins (or ``max_deals``) and return the result."""
        while not self.is_over:
            self.play_deal()
        return self.result()

    def to_record(self) -> dict[str, object]:
        """The match record so far, the deal in progress included: save it to resume later.

        ``{"variant", "target", "deals", "finished"}``: the deals added to
        the match, then [`current`][belote.game.Game.current] when there is
        one (its record says ``"finished": false`` until it ends);
        ``finished`` says whether a side has won.
        [`Game.from_record`][belote.game.Game.from_record] reads it back.
        """
        deals = [*self.deals, self.current] if self.current is not None else self.deals
        return {
            "variant": spec_of(self.rules),
            "target": self.match.target,
            "deals": [deal.to_record() for deal in deals],
            "finished": self.match.is_over,
        }

    def result(self) -> GameResult:
        """The match so far."""
        return GameResult(match=self.match.result(), deals=tuple(self.deals))


def play_match(
    rules: Rules | str,
    agents: Sequence[Agent],
    *,
    players: int | None = None,
    target: int | None = None,
    seed: int | None = None,
    decks: Iterable[Sequence[Card | int | str]] | None = None,
    first_dealer: int = 0,
    max_deals: int = 1000,
) -> GameResult:
    """Play a whole match between ``agents`` (see [`Game`][belote.game.Game] for the arguments)."""
    return Game(
        rules,
        agents,
        players=players,
        target=target,
        seed=seed,
        decks=decks,
        first_dealer=first_dealer,
        max_deals=max_deals,
    ).play()
