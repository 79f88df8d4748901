"""A perfect-information Monte Carlo bot: [`PIMCBot`][belote.agents.pimc.PIMCBot].

At each card to play, the bot deals the cards it cannot see at random, in
every way consistent with what its seat has observed
([`sample_deals`][belote.agents.pimc.sample_deals]), solves each sampled deal
exactly with [`solve`][belote.solver.solution.solve], and plays the card with the best
mean value over the samples. Its bids, the seven swap and its declarations
are valued on sampled deals too, by heuristic play-outs
([`belote.agents.rollouts`][belote.agents.rollouts]).

What a seat knows, and the sampler honours:

- its own hand, the cards played and who played them;
- the turned card: the taker holds it in the variants where he takes it; in
  ``french`` it lies on the table, and after the seven swap the swapper
  holds it while the 7 of trump lies on the table; the bottom card shown in
  ``french`` is in no hand;
- the play obligations: every card a seat played was legal for the hand it
  held then, so a seat that did not follow holds none of the led suit, a
  seat that did not trump when it had to holds no trump, a seat that did not
  overtrump holds no higher trump, and so on (the test asks
  [`follower_mask`][belote.tricks.follower_mask], the one place the
  obligations are written, so the partner-master exemption and every
  variant's obligations are honoured);
- the declarations once shown (their cards are the declarer's) and belote
  announced (the announcer holds the king and queen of trump).

The cards nobody is known to hold go to the hands (and, in ``french``, to
the undealt stock) card by card, each to a seat that may hold it with a
chance proportional to its empty places, never into a dead end (a Hall
condition is checked before each card is placed). That is close to, but
not exactly, the uniform distribution over consistent deals.

A sampled deal is built as a real [`Deal`][belote.deal.Deal]: a deck that deals
exactly the sampled hands under the variant's dealing procedure (the dealing
layout read backwards), then the deal's public history replayed on it, so
the engine checks again that the sample agrees with every card played.

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
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

import attrs

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
from belote.agents.cardplay import contract_estimate, contract_of_bids
from belote.agents.rollouts import NO_DECLARATION, bidding_deals, estimate
from belote.agents.sampling import deal_cards
from belote.cards import Card, CardSet
from belote.deal import Deal, Observation, Phase
from belote.deal.auction import bid_of_id
from belote.deal.codes import CAPOT_BID
from belote.errors import IllegalAction, InvalidArgument
from belote.rules import Rules
from belote.scoring.announcements import Kind
from belote.solver.solution import attack_reaches, solve
from belote.tricks import follower_mask, winner_index

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

_FULL = (1 << 32) - 1
_SEVEN = 0
_QUEEN = 5
_KING = 6


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@attrs.frozen(kw_only=True)
class SeatKnowledge:
    """What one seat knows of the hidden cards of a deal in the play phase.

    Attributes:
        seat: the observing seat.
        known: per seat, the cards it is known to hold now (the observing
            seat's whole hand; for the others the turned card, shown
            declarations and belote cards not yet played).
        counts: per seat, how many cards it holds now.
        allowed: per seat, the cards of ``unknown`` it may hold (the play
            obligations rule the others out).
        unknown: the cards whose place the seat does not know.
        stock: how many of the unknown cards lie in no hand (the undealt
            cards of ``french``).
        actions: the public history the sampled deals replay.
    """

    seat: int
    known: tuple[int, ...]
    counts: tuple[int, ...]
    allowed: tuple[int, ...]
    unknown: int
    stock: int
    actions: tuple[Action, ...]


def knowledge(observation: Observation) -> SeatKnowledge:
    """What the observing seat knows of the hidden cards, from its [`Observation`][belote.deal.Observation] in the play phase.

    Only what the seat may see is read: its hand and the public history
    ([`Observation.history`][belote.deal.Observation], where another seat's
    declarations appear once shown).

    Raises:
        InvalidArgument: the observation is not of the play phase.
    """
    obs = observation
    seat = obs.seat
    trump, taker = obs.trump, obs.taker
    if trump is None or taker is None or obs.phase is not Phase.PLAY:
        raise InvalidArgument("a seat's knowledge is read in the play phase")
    rules = obs.rules
    n = obs.players
    trump_i = int(trump)
    partners = rules.partnerships and n == 4
    actions: list[Action] = []
    plays: list[tuple[int, int, int, int, bool, bool]] = []  # seat, card, led, best, pib, free
    trick: list[int] = []
    declared: set[int] = set()
    barred = [0] * n  # cards a seat cannot hold, from its declarations
    held = [0] * n  # cards known to be held (before play), from declarations and belote
    seven = 8 * trump_i + _SEVEN
    for action in obs.history:
        verb = action.verb
        if verb is Verb.DECLARE:
            who = action.seat
            if who == seat:
                actions.append(action)  # the seat's own hand is dealt as it is: replay as made
            if who in declared:
                continue  # replayed already
            # Replayed one combination at a time: "declare" alone would declare
            # whatever the sampled hand holds.
            declared.add(who)
            for declaration in (obs.own_declarations if who == seat else obs.declarations):
                if declaration.seat == who:
                    cards = declaration.combination.cards
                    held[who] |= cards.mask
                    if declaration.combination.kind is Kind.RUN:
                        # A run is declared whole: the seat never held the cards at its ends.
                        mask = cards.mask
                        suit = 0xFF << (8 * ((mask & -mask).bit_length() - 1 >> 3))
                        barred[who] |= (mask << 1 | mask >> 1) & suit & ~mask
                    if who != seat:
                        actions.append(Action.declare(who, cards))
            continue
        if verb is Verb.KEEP:
            held[action.seat] |= 1 << seven  # the seat asked to swap holds the 7 of trump
        elif verb is Verb.PLAY:
            card = action.cards[0].index
            if trick:
                pos = winner_index(trick, trump_i)
                best = trick[pos]
                pib = partners and pos == len(trick) - 2
                plays.append((action.seat, card, trick[0] >> 3, best, pib, False))
            else:
                plays.append((action.seat, card, -1, -1, False, True))
            trick.append(card)
            if len(trick) == n:
                trick = []
            if action.belote:
                pair = (1 << (8 * trump_i + _KING)) | (1 << (8 * trump_i + _QUEEN))
                held[action.seat] |= pair
        actions.append(action)
    played = [0] * n
    for who, card, *_ in plays:
        played[who] |= 1 << card
    gone = 0
    for mask in played:
        gone |= mask
    hand_size = len(obs.hand) + played[seat].bit_count()
    counts = tuple(hand_size - played[s].bit_count() for s in range(n))
    shown: Card | None = obs.turned  # None where nothing is turned (main after addf6ad)
    turned = -1 if shown is None else shown.index
    if turned < 0 or rules.has_auction:
        pass  # an auction deals every card: no turned card to place
    elif rules.taker_takes_turned:
        held[taker] |= 1 << turned
    elif obs.swapped is not None:
        held[obs.swapped] |= 1 << turned
    if (
        rules.seven_swap
        and obs.table_card is not None
        and obs.table_card.index >> 3 == trump_i
        and obs.table_card.index != seven
        and not any(a.verb in (Verb.SWAP, Verb.KEEP) for a in obs.history)
    ):
        # The swap was open but nobody decided: no hand held the 7 of trump.
        for s in range(n):
            barred[s] |= 1 << seven
    public = gone
    if obs.table_card is not None:
        public |= obs.table_card.bit
    if obs.bottom is not None:
        public |= obs.bottom.bit
    own = obs.hand.mask
    known = []
    for s in range(n):
        known.append(own if s == seat else held[s] & ~gone & ~own & ~public)
    taken = 0
    for mask in known:
        taken |= mask
    unknown = _FULL & ~public & ~taken
    slots = sum(counts[s] - known[s].bit_count() for s in range(n) if s != seat)
    # Every card a seat played was legal for the hand it held then: the cards
    # that would have made it illegal are not in its hand now.
    later = [0] * n  # per seat, the cards it played after the play at hand
    forbidden = list(barred)
    play_rules = rules.play
    for who, card, led, best, pib, free in reversed(plays):
        base = later[who] | 1 << card | known[who]
        later[who] |= 1 << card
        if free or who == seat:
            continue
        for x in _bits(unknown & ~forbidden[who]):
            if not follower_mask(base | 1 << x, led, best, pib, trump_i, play_rules) >> card & 1:
                forbidden[who] |= 1 << x
    allowed = tuple(0 if s == seat else unknown & ~forbidden[s] for s in range(n))
    return SeatKnowledge(
        seat=seat,
        known=tuple(known),
        counts=counts,
        allowed=allowed,
        unknown=unknown,
        stock=unknown.bit_count() - slots,
        actions=tuple(actions),
    )


def _assign(info: SeatKnowledge, rng: random.Random) -> tuple[list[int], int] | None:
    """Hands and the stock for the unknown cards, or ``None`` if no deal fits."""
    n = len(info.counts)
    holders = [s for s in range(n) if s != info.seat]
    caps = [info.counts[s] - info.known[s].bit_count() for s in holders]
    allowed = [info.allowed[s] for s in holders]
    if info.stock:
        caps.append(info.stock)
        allowed.append(info.unknown)
    got = deal_cards(info.unknown, caps, allowed, rng)
    if got is None:
        return None
    hands = list(info.known)
    for k, s in enumerate(holders):
        hands[s] |= got[k]
    return hands, (got[-1] if info.stock else 0)


def _initial_hands(obs: Observation, hands: Sequence[int], info: SeatKnowledge) -> list[int]:
    """The hands after the completion that lead to ``hands`` now (the cards each played given back)."""
    initial = list(hands)
    for action in info.actions:
        if action.verb is Verb.PLAY:
            initial[action.seat] |= action.cards[0].bit
    if obs.swapped is not None:
        assert obs.trump is not None
        seven = 8 * int(obs.trump) + _SEVEN
        initial[obs.swapped] = initial[obs.swapped] & ~obs.turned.bit | 1 << seven
    return initial


def sample_deals(
    observation: Observation, count: int, rng: random.Random, info: SeatKnowledge | None = None
) -> Iterator[Deal]:
    """Deals in the observed position, the cards the seat cannot see dealt at random.

    Each sampled deal agrees with everything the seat has observed (see the
    module's notes) and has the same public history. Yields ``count`` deals
    (none if no deal fits, which does not happen for a deal played by the rules).

    Args:
        observation: the observing seat's observation, in the play phase.
        count: how many deals to yield.
        rng: the random generator the draws come from.
        info: the seat's knowledge, if already read ([`knowledge`][belote.agents.pimc.knowledge]).
    """
    if info is None:
        info = knowledge(observation)
    made = 0
    for _ in range(4 * count):
        sample = sample_deal(observation, info, rng)
        if sample is not None:
            yield sample
            made += 1
            if made == count:
                return


def sample_deal(observation: Observation, info: SeatKnowledge, rng: random.Random) -> Deal | None:
    """One sampled deal, or ``None`` if none fits or the replay refuses the sample.

    The sampled hands are dealt by [`Deal.from_hands`][belote.deal.Deal.from_hands]
    and the public history replayed on them, so the engine checks the sample
    against every card played.
    """
    assigned = _assign(info, rng)
    if assigned is None:
        return None
    hands, stock = assigned
    obs = observation
    try:
        auction = obs.rules.has_auction  # every card dealt at once, no turned card
        sample = Deal.from_hands(
            obs.rules, _initial_hands(obs, hands, info), dealer=obs.dealer,
            turned=None if auction else obs.turned, taker=None if auction else obs.taker,
            players=obs.players, stock=CardSet.from_mask(stock),
            bottom=obs.bottom, totals=obs.totals, target=obs.target, pending=obs.pending,
        )
        for action in info.actions:
            sample.apply(action)
    except (IllegalAction, InvalidArgument):  # an observation the sampler does not model
        return None
    return sample


CONTRACT_MODES: Final = ("heuristic", "dd")
"""How a [`PIMCBot`][belote.agents.pimc.PIMCBot] bids contracts (its ``contracts`` option).

``"dd"`` bids by double-dummy values of sampled deals. In a time budget of
0.3 s it solves only a few samples, and in duplicate duels against the
heuristic (80 decks, compiled core) it lost: 114 points a deal with a 60%
confidence, 20 to 41 with 80% to 90% (its level capped at the heuristic's),
where the same bot bidding as the heuristic won 30 by its card play; so the
default is ``"heuristic"`` (issue 39).
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
    """
    deal = Deal.from_hands(rules, [CardSet.from_mask(mask) for mask in hands], dealer=dealer)
    first = (dealer + 1) % deal.players
    if first & 1 != side:
        deal.apply_id(ID_PASS)
    auction = rules.auction
    deal.apply_id(bid_id(auction.lowest, strain))
    while deal.phase is Phase.AUCTION:
        deal.apply_id(ID_PASS)
    pair = 1 << (8 * strain + _KING) | 1 << (8 * strain + _QUEEN)
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


def _strains_worth_bidding(
    observation: Observation, heard: Sequence[tuple[int, int]], default: Action, partner: int
) -> list[int]:
    """The heuristic's strain, the seat's best strain by the heuristic's count and its partner's last."""
    found: list[int] = []
    if default.verb is Verb.BID and default.strain is not None:
        found.append(int(default.strain))
    hand = observation.hand.mask
    suits = [int(t) for t in observation.rules.auction.strains if int(t) < 4]
    if suits:
        found.append(max(suits, key=lambda t: contract_estimate(hand, t)))
    for who, i in reversed(heard):
        if who == partner and ID_BID <= i < ID_BID_CAPOT + 6:
            found.append(bid_of_id(i)[1])
            break
    return list(dict.fromkeys(found))


MAX_SAMPLES: Final = 1000
"""The most samples a [`PIMCBot`][belote.agents.pimc.PIMCBot] draws per card (each is a solve)."""

MAX_ROLLOUTS: Final = 100_000
"""The most sampled deals a [`PIMCBot`][belote.agents.pimc.PIMCBot] plays out per bid, swap or declaration."""

TIME_BUDGET: Final = 0.3
"""The default time budget of a [`PIMCBot`][belote.agents.pimc.PIMCBot] decision, in seconds of wall-clock time."""

_BIDDING: Final = (Phase.BIDDING_1, Phase.BIDDING_2)


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
        contracts: how it bids in a contract auction (contrée): ``"heuristic"``
            (the default) as the [`HeuristicBot`][belote.agents.HeuristicBot],
            ``"dd"`` by double-dummy values of sampled deals
            ([`contract`][belote.agents.pimc.PIMCBot.contract]); see
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
        contracts: str = "heuristic",
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
            if self.contracts == "heuristic":
                return heuristic  # the default: see CONTRACT_MODES
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
        worth bidding as trump: the heuristic's, its best and its partner's.
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
        mine, partner = seat & 1, (seat + 2) % 4
        bids = [i for i in by_id if ID_BID <= i < ID_BID_CAPOT + 6]
        asked: list[tuple[int, int]] = []  # (strain, side) whose points are solved
        if bids:
            for t in _strains_worth_bidding(observation, heard, default, partner):
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
        totals = dict.fromkeys(cards, 0)
        mine = seat & 1 if sides == 2 and n == 4 else seat
        for sample in sample_deals(observation, self.samples, rng, info):
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

    def __repr__(self) -> str:
        return (f"PIMCBot(samples={self.samples}, seed={self.seed}, "
                f"time_budget={self.time_budget}, exact_tricks={self.exact_tricks}, "
                f"rollouts={self.rollouts}, contracts={self.contracts!r})")
