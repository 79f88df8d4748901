"""A perfect-information Monte Carlo bot: [`PIMCBot`][belote.agents.pimc.PIMCBot].

At each card to play, the bot deals the cards it cannot see at random, in
every way consistent with what its seat has observed
([`sample_deals`][belote.agents.pimc.sample_deals]), solves each sampled deal
exactly with [`solve`][belote.solver.solution.solve], and plays the card with the best
mean value over the samples. Its bids, the seven swap and its declarations
are valued on sampled deals too, by heuristic play-outs
([`belote.agents.rollouts`][belote.agents.rollouts]).

What a seat knows, and how the samples honour it, is
[`belote.agents.knowledge`][belote.agents.knowledge]
([`SeatKnowledge`][belote.agents.knowledge.SeatKnowledge],
[`sample_deals`][belote.agents.knowledge.sample_deals]).

>>> from belote.agents import HeuristicBot, play_deal
>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=5, dealer=0)
>>> bots = [PIMCBot(samples=4, seed=1), HeuristicBot(), PIMCBot(samples=4, seed=1), HeuristicBot()]
>>> play_deal(deal, bots).outcome.value in ("made", "failed", "litige", "redeal")
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from typing import Final

from belote.actions import (
    ID_BID,
    ID_BID_CAPOT,
    ID_COINCHE,
    ID_DECLARE,
    ID_PASS,
    ID_SURCOINCHE,
    Action,
    Verb,
    action_id,
    bid_id,
)
from belote.agents import HeuristicBot
from belote.agents.cardplay import contract_of_bids
from belote.agents.evaluating import evaluate_call, strains_worth_bidding
from belote.agents.heuristic import observation_mode
from belote.agents.knowledge import SeatKnowledge, knowledge, sample_deal, sample_deals
from belote.agents.rollouts import NO_DECLARATION, bidding_deals, estimate
from belote.cards import CardSet
from belote.deal import Deal, Observation, Phase
from belote.deal.auction import bid_of_id
from belote.deal.codes import CAPOT_BID, KING, QUEEN
from belote.errors import InvalidArgument
from belote.rules import Rules
from belote.rules.checks import instance, sequence, whole
from belote.solver.solution import attack_reaches, solve

__all__ = [
    "BID_CONFIDENCE",
    "CAPOT_POINTS",
    "COINCHE_CONFIDENCE",
    "CONTRACT_MODES",
    "MAX_ROLLOUTS",
    "MAX_SAMPLES",
    "SURCOINCHE_CONFIDENCE",
    "TIME_BUDGET",
    "PIMCBot",
    "SeatKnowledge",
    "knowledge",
    "sample_deal",
    "sample_deals",
    "side_points",
]

CONTRACT_MODES: Final = ("auto", "heuristic", "dd", "eval")
"""How a [`PIMCBot`][belote.agents.pimc.PIMCBot] bids contracts (its ``contracts`` option).

``"dd"`` bids by double-dummy values of sampled deals. In a time budget of
0.3 s it solves only a few samples, and in duplicate duels against the
heuristic (80 decks, compiled core) it lost: 114 points a deal with a 60%
confidence, 20 to 41 with 80% to 90% (its level capped at the heuristic's),
where the same bot bidding as the heuristic won 30 by its card play; so the
default is ``"heuristic"`` (issue 39).

``"eval"``, the default since issue 48, values each candidate call by
heuristic play-outs of sampled deals scored under the variant's rules
([`evaluate_call`][belote.agents.evaluating.evaluate_call], the bidding of
the ``eval`` bot), with ``rollouts`` samples within the time budget. It won
two duplicate duels of 60 contrée decks against the heuristic's bidding
(the same card play; ``belote duel contree pimc:contracts=eval
pimc:contracts=heuristic --deals 60 --seed 1``, then ``--seed 2``, pure
Python): +48.9 points a deal (95% interval +15.2 to +82.5) and +49.3
(+14.0 to +84.7). ``"heuristic"`` bids as the
[`HeuristicBot`][belote.agents.HeuristicBot] (the default before).

``"auto"``, the default, bids by evaluation where evaluation won and as the
heuristic elsewhere: ``"eval"`` in a contract auction (contrée), the
heuristic in a strain auction (bulgarian), where evaluating the calls tied
with the heuristic's bidding (``belote duel bulgarian
eval:rollouts=16,time_budget=none heuristic --deals 1500 --seed 2``, the
same card play: −0.15 game points a deal, 95% interval −0.50 to +0.20) and
would spend the time budget for nothing; ``pimc:contracts=eval`` bids it by
evaluation.
"""

CAPOT_POINTS: Final = 252
"""What [`side_points`][belote.agents.pimc.side_points] gives a side that wins every trick."""

BID_CONFIDENCE: Final = 0.9
"""The share of the samples on which a [`PIMCBot`][belote.agents.pimc.PIMCBot]'s side must make a contract it bids."""

COINCHE_CONFIDENCE: Final = 0.9
"""The share of the samples on which the opponents must fall short for a coinche."""

SURCOINCHE_CONFIDENCE: Final = 0.95
"""The share of the samples on which its side must make a coinched contract for a surcoinche."""


def side_points(rules: Rules, hands: Sequence[int], dealer: int, strain: int, side: int) -> int:
    """The highest contract ``side`` makes double-dummy with ``strain`` as trump: a value, ``CAPOT_POINTS`` or 0.

    The deal of these ``hands`` is played under the lowest contract of
    ``rules``' auction, bid by the first seat of ``side`` to speak, from the
    first lead (the seat after the dealer); [`attack_reaches`][belote.solver.attack_reaches]
    finds the highest of the auction's values its card points and its own
    belote (when the contract counts it) reach, ``CAPOT_POINTS`` when it wins
    every trick, 0 when it makes none.

    >>> from belote.deal import Deal
    >>> deal = Deal.random("contree", seed=2, dealer=0)
    >>> hands = [deal.hand_mask(s) for s in range(4)]
    >>> side_points(deal.rules, hands, 0, 1, 1) in (0, *deal.rules.auction.values, CAPOT_POINTS)
    True

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``side`` not 0 or 1, ``strain`` out of 0..5, a bad hand or dealer.
    """
    rules = instance(rules, Rules, "rules")
    masks = [whole(mask, "hands") for mask in sequence(hands, "hands")]
    dealer, side = whole(dealer, "dealer", 0, len(masks) - 1), whole(side, "side", 0, 1)
    deal = Deal.from_hands(rules, [CardSet.from_mask(mask) for mask in masks], dealer=dealer)
    first = (dealer + 1) % deal.players
    if first & 1 != side:
        deal.apply_id(ID_PASS)
    auction = rules.auction
    deal.apply_id(bid_id(auction.lowest, strain))
    while deal.phase is Phase.AUCTION:
        deal.apply_id(ID_PASS)
    pair = 1 << (8 * strain + KING) | 1 << (8 * strain + QUEEN)
    belote = rules.belote_value if rules.contract.counts_belote and any(
        hands[s] & pair == pair for s in range(deal.players) if s & 1 == side
    ) else 0
    values = list(auction.values)
    thresholds = [value - belote for value in values]
    if auction.capot:
        values.append(CAPOT_POINTS)
        thresholds.append(CAPOT_POINTS)
    reached = attack_reaches(deal, thresholds)
    return values[reached - 1] if reached else 0


def _level(bid: int) -> int:
    """A bid id's value (``CAPOT_BID`` for capot)."""
    return bid_of_id(bid)[0]


MAX_SAMPLES: Final = 1000
"""The most samples a [`PIMCBot`][belote.agents.pimc.PIMCBot] draws per card (each is a solve)."""

MAX_ROLLOUTS: Final = 100_000
"""The most sampled deals a [`PIMCBot`][belote.agents.pimc.PIMCBot] plays out per bid, swap or declaration."""

TIME_BUDGET: Final = 0.3
"""The default time budget of a [`PIMCBot`][belote.agents.pimc.PIMCBot] decision, in seconds of wall-clock time."""

_BIDDING: Final = (Phase.BIDDING_1, Phase.BIDDING_2)

_SOLVED_MODES: dict[int, bool] = {}
"""Per trump mode, whether [`solve`][belote.solver.solution.solve] handles it (asked on the
first sample of that mode; the solver of this version refuses no-trumps and all-trumps, and
the bot then values its cards by rollouts)."""


class PIMCBot:
    """Perfect-information Monte Carlo: decide on sampled deals, take the best option on average.

    Every decision is made on deals sampled from what its seat knows:

    - a card to play: ``samples`` deals consistent with what its seat has
      seen ([`sample_deals`][belote.agents.pimc.sample_deals]), each legal card
      scored on each sample from its side's point of view:

      - with few tricks left (``exact_tricks`` or fewer), or at two players,
        by the card's exact value ([`Solution.card_values`][belote.solver.solution.Solution]:
        its side's deal score minus the other's);
      - earlier at four players, where exact values cost too much, by one
        null-window query per card, ``solve(deal, target=1)``: does the
        taker's side end ahead (for a contract, roughly: is it made)? The
        card that wins on most samples is played;
      - earlier at three players (``french``), where even that is too slow,
        it plays the [`HeuristicBot`][belote.agents.HeuristicBot]'s card;

    - a bid, the seven swap (swap or keep) and a declaration (declare
      everything, or play on without declaring): up to ``rollouts`` sampled
      deals (during the bidding every card the seat cannot see is dealt at
      random, [`bidding_deal`][belote.agents.rollouts.bidding_deal]), each option
      applied to every sample and the deal played out by heuristic players
      ([`estimate`][belote.agents.rollouts.estimate]); the option with the best
      mean is chosen, unless it beats the heuristic's choice by less than
      one standard error (then the heuristic's choice stands).

    Ties go to the heuristic's choice (for a card, then the lowest card index).
    Calling out is the heuristic's decision, and belote is always announced.

    Each decision stops sampling once ``time_budget`` seconds have passed
    (one sample at least); ``samples`` and ``rollouts`` bound it too.
    Without a time budget, decisions depend only on ``seed`` and on what the
    seat has seen, not on the generator of
    [`start_deal`][belote.agents.pimc.PIMCBot.start_deal]: the same seed gives the
    same decision in the same situation. With one, a loaded machine draws
    fewer samples.

    Args:
        samples: deals sampled per card, 1 to ``MAX_SAMPLES`` (1000).
        seed: the seed of the sampling.
        time_budget: seconds of wall-clock time after which a decision stops
            sampling (at least one sample is used); ``None`` (``"none"`` in a
            bot spec, ``pimc:time_budget=none``): no limit.
            Default [`TIME_BUDGET`][belote.agents.pimc.TIME_BUDGET] (0.3).
        exact_tricks: from how many tricks left the cards get exact values (1 to 9).
        take_threshold: the heuristic's bidding threshold (the heuristic is
            also the model of the other seats in the rollouts).
        rollouts: deals sampled per bid, swap or declaration, 1 to
            ``MAX_ROLLOUTS``; each is played out once per option.
        contracts: how it bids in a contract auction (contrée) and a strain
            auction (bulgarian): ``"auto"`` (the default) by evaluation in
            contrée and as the heuristic in bulgarian; ``"eval"`` by heuristic
            play-outs scored under the rules, see below; ``"heuristic"``
            as the [`HeuristicBot`][belote.agents.HeuristicBot],
            ``"dd"`` by double-dummy values of sampled deals
            ([`contract`][belote.agents.pimc.PIMCBot.contract]; contrée
            only, a strain auction is then bid as the heuristic); see
            [`CONTRACT_MODES`][belote.agents.pimc.CONTRACT_MODES].

    Raises:
        InvalidArgument: a bad option.
    """

    def __init__(
        self,
        samples: int = 20,
        seed: int = 0,
        time_budget: float | str | None = TIME_BUDGET,
        exact_tricks: int = 5,
        take_threshold: int = 34,
        rollouts: int = 200,
        contracts: str = "auto",
    ) -> None:
        for name, value, top in (("samples", samples, MAX_SAMPLES),
                                 ("exact_tricks", exact_tricks, 9),
                                 ("rollouts", rollouts, MAX_ROLLOUTS)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
                raise InvalidArgument(
                    f"{name} must be a whole number from 1 to {top}, not {value!r}"
                )
        if contracts not in CONTRACT_MODES:
            raise InvalidArgument(
                f"contracts must be one of {', '.join(CONTRACT_MODES)}, not {contracts!r}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidArgument(f"seed must be a whole number, not {seed!r}")
        if isinstance(time_budget, str) and time_budget.lower() == "none":
            time_budget = None  # pimc:time_budget=none
        if time_budget is not None and (
            isinstance(time_budget, bool) or not isinstance(time_budget, int | float)
            or not time_budget > 0
        ):
            raise InvalidArgument(f"time_budget must be a positive number of seconds, not "
                                  f"{time_budget!r}")
        self.samples = samples
        self.seed = seed
        self.time_budget = time_budget
        self.exact_tricks = exact_tricks
        self.rollouts = rollouts
        self.heuristic = HeuristicBot(take_threshold)
        self.last_samples = 0
        self.contracts = contracts

    def start_deal(self, rng: random.Random) -> None:
        """Nothing to do: the bot draws from its own seed."""

    def _rng(self, observation: Observation, kind: str) -> random.Random:
        """The generator of one decision: the seed and what the seat has seen."""
        key = ";".join(map(str, observation.history))
        return random.Random(f"pimc:{kind}:{self.seed}:{observation.seat}:"
                             f"{observation.hand.mask}:{key}")

    def _deadline(self, start: float, share: float = 1.0) -> float | None:
        return None if self.time_budget is None else start + share * self.time_budget

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Bid, swap, declare and play by sampling; call out as the heuristic does (the [`Agent`][belote.agents.Agent] path)."""
        start = time.perf_counter()
        self.last_samples = 0
        heuristic = self.heuristic.choose(observation, legal)
        if len(legal) == 1:
            return legal[0]
        verbs = {action.verb for action in legal}
        if observation.phase is Phase.AUCTION:
            mode = self.contracts
            if mode == "auto":
                mode = "heuristic" if observation.rules.strain_auction else "eval"
            if mode == "heuristic" or (mode == "dd" and observation.rules.strain_auction):
                return heuristic  # see CONTRACT_MODES; dd solves suit contracts only
            if mode == "eval":
                call, found = evaluate_call(
                    observation, legal, heuristic, model=self.heuristic, rollouts=self.rollouts,
                    rng=self._rng(observation, "eval"), deadline=self._deadline(start),
                )
                self.last_samples = 0 if found is None else found.samples
                return call
            return self.contract(observation, legal, heuristic, start)
        if observation.phase in _BIDDING:
            return self.decision(observation, legal, heuristic, start)
        if Verb.SWAP in verbs or Verb.KEEP in verbs:
            return self.decision(observation, legal, heuristic, start)
        plays = [action for action in legal if action.verb is Verb.PLAY]
        preferred: int | None = None
        everything = Action.declare(observation.seat)
        if everything in legal and plays:
            choice = self.declaration(observation, start)
            if choice:
                return everything
        elif heuristic.verb is not Verb.PLAY:
            return heuristic  # calling out: the heuristic's decision
        else:
            preferred = heuristic.cards[0].index
        if len({a.cards[0] for a in plays}) == 1:
            card = plays[0].cards[0].index
        else:
            card = self._card(observation, plays, preferred, start)
        options = [action for action in plays if action.cards[0].index == card]
        return max(options, key=lambda action: action.belote)  # belote is always announced

    def decision(
        self, observation: Observation, legal: Sequence[Action], default: Action,
        start: float | None = None,
    ) -> Action:
        """A bid or the seven swap, by rollouts on sampled deals ([`estimate`][belote.agents.rollouts.estimate]).

        Args:
            observation: the seat's observation, at a bid or the swap decision.
            legal: its legal actions.
            default: the heuristic's action, kept when the samples do not
                tell the options apart.
            start: when the decision began (``time.perf_counter()``; now if ``None``).
        """
        if start is None:
            start = time.perf_counter()
        by_id = {action_id(action): action for action in legal}
        seat = observation.seat
        if observation.phase in _BIDDING:
            rng = self._rng(observation, "bid")
            deals: Iterable[Deal] = bidding_deals(observation, self.rollouts, rng, self.heuristic)
        else:
            rng = self._rng(observation, "swap")
            deals = sample_deals(observation, self.rollouts, rng)
        found = estimate(deals, seat, sorted(by_id), model=self.heuristic,
                         deadline=self._deadline(start))
        self.last_samples = found.samples
        return by_id[found.best(action_id(default))]

    def contract(
        self, observation: Observation, legal: Sequence[Action], default: Action,
        start: float | None = None,
    ) -> Action:
        """A bid, coinche or surcoinche in a contract auction (contrée), by double-dummy values of sampled deals.

        Deals are sampled as for any bid ([`bidding_deals`][belote.agents.rollouts.bidding_deals]:
        the other 24 cards shared at random, a sample on which the heuristic
        would not have made the bids heard drawn again). On each, the card
        points its side makes (belote included) are solved double-dummy
        ([`side_points`][belote.agents.pimc.side_points]) with each strain
        worth bidding as trump ([`strains_worth_bidding`][belote.agents.evaluating.strains_worth_bidding]).
        It then bids the highest legal value its side makes on at least
        ``BID_CONFIDENCE`` of the samples (capot likewise), else coinches the
        opponents' contract when they fall short on at least
        ``COINCHE_CONFIDENCE`` of them, surcoinches its side's when it is
        made on ``SURCOINCHE_CONFIDENCE`` of them, or passes. With fewer
        than two samples in the time budget it takes the heuristic's action.

        Args:
            observation: the seat's observation, in the auction.
            legal: its legal actions.
            default: the heuristic's action.
            start: when the decision began (``time.perf_counter()``; now if ``None``).
        """
        if start is None:
            start = time.perf_counter()
        by_id = {action_id(action): action for action in legal}
        mask = 0
        for i in by_id:
            mask |= 1 << i
        seat, rules = observation.seat, observation.rules
        auction = rules.auction
        heard = tuple((action.seat, action_id(action)) for action in observation.bids)
        value, strain, bidder, _ = contract_of_bids(heard)
        mine = seat & 1
        bids = [i for i in by_id if ID_BID <= i < ID_BID_CAPOT + 6]
        asked: list[tuple[int, int]] = []  # (strain, side) whose points are solved
        if bids:
            shown = int(default.strain) if default.verb is Verb.BID and default.strain is not None else None
            for t in strains_worth_bidding(observation, shown):
                asked.append((t, mine))
        if ID_COINCHE in by_id:
            asked.append((strain, 1 - mine))
        if ID_SURCOINCHE in by_id:
            asked.append((strain, mine))
        asked = list(dict.fromkeys(asked))
        if not asked:
            return default
        rng = self._rng(observation, "contract")
        deadline = self._deadline(start)
        points: dict[tuple[int, int], list[int]] = {key: [] for key in asked}
        count = 0
        late = False
        for sample in bidding_deals(observation, self.samples, rng, self.heuristic):
            hands = tuple(sample.hand_mask(s) for s in range(sample.players))
            for t, side in asked:
                if count and deadline is not None and time.perf_counter() > deadline:
                    late = True  # out of time inside a sample: leave it out
                    break
                points[t, side].append(side_points(rules, hands, observation.dealer, t, side))
            if late:
                for found in points.values():
                    del found[count:]
                break
            count += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_samples = count
        if count < 2:
            return default

        def share(found: list[int], at_least: int) -> float:
            return sum(1 for p in found if p >= at_least) / len(found)

        best_id, best_level, best_mean = -1, -1, -1.0
        for t, side in asked:
            if side != mine or (t == strain and bidder >= 0 and ID_SURCOINCHE in by_id):
                continue
            found = points[t, side]
            mean = sum(found) / len(found)
            capot = bid_id(None, t)
            if capot in by_id and share(found, CAPOT_POINTS) >= BID_CONFIDENCE:
                level, choice = CAPOT_BID, capot
            else:
                level, choice = -1, -1
                for v in auction.values:
                    i = bid_id(v, t)
                    if i in by_id and share(found, v) >= BID_CONFIDENCE:
                        level, choice = v, i
            if choice >= 0 and (level, mean) > (best_level, best_mean):
                best_id, best_level, best_mean = choice, level, mean
        if ID_COINCHE in by_id:
            against = points[strain, 1 - mine]
            short = 1.0 - share(against, CAPOT_POINTS if value == CAPOT_BID else value)
            if short >= COINCHE_CONFIDENCE:
                return by_id[ID_COINCHE]
        if best_id >= 0 and bidder != seat:
            if default.verb is Verb.BID and _level(action_id(default)) < best_level:
                return default  # no higher than the heuristic: the samples' play is perfect, ours is not
            return by_id[best_id]
        if ID_SURCOINCHE in by_id:
            made = share(points[strain, mine], CAPOT_POINTS if value == CAPOT_BID else value)
            if made >= SURCOINCHE_CONFIDENCE:
                return by_id[ID_SURCOINCHE]
        return by_id[ID_PASS]

    def declaration(self, observation: Observation, start: float | None = None) -> bool:
        """Whether to declare every combination held now (rather than play on without declaring).

        Decided by rollouts on sampled deals, with half the time budget (the
        card to play, when the seat does not declare, gets the rest). Ties
        go to declaring, the heuristic's choice.
        """
        if start is None:
            start = time.perf_counter()
        rng = self._rng(observation, "declare")
        deals = sample_deals(observation, self.rollouts, rng)
        found = estimate(deals, observation.seat, [ID_DECLARE, NO_DECLARATION],
                         model=self.heuristic, deadline=self._deadline(start, 0.5))
        self.last_samples = found.samples
        return found.best(ID_DECLARE) == ID_DECLARE

    def card(
        self, observation: Observation, plays: Sequence[Action], preferred: int | None = None
    ) -> int:
        """The card index the observing seat plays, among the ``play`` actions of ``plays``.

        Args:
            observation: the seat's observation, in the play phase.
            plays: its legal ``play`` actions.
            preferred: the heuristic's card, which wins ties (computed when ``None``).

        Raises:
            InvalidArgument: no card to play.
        """
        self.last_samples = 0
        return self._card(observation, plays, preferred, time.perf_counter())

    def _card(
        self, observation: Observation, plays: Sequence[Action], preferred: int | None,
        start: float,
    ) -> int:
        cards = sorted({action.cards[0].index for action in plays if action.verb is Verb.PLAY})
        if not cards:
            raise InvalidArgument(f"seat {observation.seat} is not to play a card")
        self.last_samples = 0
        if len(cards) == 1:
            return cards[0]
        if preferred is None:
            only = [action for action in plays if action.verb is Verb.PLAY]
            preferred = self.heuristic.choose(observation, only).cards[0].index
        n = observation.players
        rules = observation.rules
        sides = rules.side_count(n)
        left = len(observation.hand)  # tricks left, the current one included
        exact = left <= self.exact_tricks or n == 2
        if not exact and sides != 2:
            return preferred
        deadline = self._deadline(start)
        info = knowledge(observation)
        seat = observation.seat
        key = ";".join(map(str, info.actions))
        rng = random.Random(f"pimc:{self.seed}:{seat}:{observation.hand.mask}:{key}")
        mode = observation_mode(observation)
        if _SOLVED_MODES.get(mode, True) is False:
            return self._rollout_card(observation, plays, preferred, start, rng, info)
        totals = dict.fromkeys(cards, 0)
        mine = seat & 1 if sides == 2 and n == 4 else seat
        for sample in sample_deals(observation, self.samples, rng, info):
            if mode not in _SOLVED_MODES:  # does this solver handle the mode? asked once
                try:
                    solve(sample, target=1)
                except InvalidArgument:
                    if mode < 4:
                        raise
                    _SOLVED_MODES[mode] = False
                    return self._rollout_card(observation, plays, preferred, start, rng, info)
                _SOLVED_MODES[mode] = True
            if exact:
                solution = solve(sample)
                sign = 1 if solution.maximising else -1
                for played, value in solution.card_values.items():
                    totals[played.index] += sign * value
            else:
                attack = sample.taker is not None and sample.side(sample.taker) == mine
                wins = dict.fromkeys(cards, 0)
                cut = False
                for card in cards:
                    if (deadline is not None and self.last_samples
                            and time.perf_counter() > deadline):
                        cut = True  # out of time inside a sample: leave it out
                        break
                    child = sample.copy()
                    child.play_card(card, child.can_announce_belote(card))
                    wins[card] = 1 if solve(child, target=1) == attack else 0
                if cut:
                    break
                for card, won in wins.items():
                    totals[card] += won
            self.last_samples += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return max(cards, key=lambda c: (totals[c], c == preferred, -c))

    def _rollout_card(
        self, observation: Observation, plays: Sequence[Action], preferred: int,
        start: float, rng: random.Random, info: SeatKnowledge,
    ) -> int:
        """The card by heuristic play-outs of sampled deals: the fallback where the solver refuses the mode.

        Each legal card (announcing belote when it may) is applied to up to
        ``rollouts`` sampled deals, and the deal played out by heuristic
        players ([`estimate`][belote.agents.rollouts.estimate]); the heuristic's
        card stands unless another beats it by more than one standard error.
        """
        by_card: dict[int, int] = {}
        for action in plays:
            if action.verb is Verb.PLAY:
                i = action_id(action)
                c = action.cards[0].index
                by_card[c] = max(by_card.get(c, i), i)  # the belote announcement when legal
        deals = sample_deals(observation, self.rollouts, rng, info)
        found = estimate(deals, observation.seat, sorted(by_card.values()),
                         model=self.heuristic, deadline=self._deadline(start))
        self.last_samples = found.samples
        best = found.best(by_card[preferred])
        return next(c for c, i in by_card.items() if i == best)

    def __repr__(self) -> str:
        return (f"PIMCBot(samples={self.samples}, seed={self.seed}, "
                f"time_budget={self.time_budget}, exact_tricks={self.exact_tricks}, "
                f"rollouts={self.rollouts}, contracts={self.contracts!r})")
