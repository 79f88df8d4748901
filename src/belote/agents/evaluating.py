"""Bidding by evaluation under the variant's own rules: [`EvalBot`][belote.agents.evaluating.EvalBot] and [`evaluate_call`][belote.agents.evaluating.evaluate_call].

At a bidding decision the bot values each call it may make by what it is
worth at the end of the deal, under the rules being played:

1. deals are sampled from what the seat knows
   ([`bidding_deals`][belote.agents.rollouts.bidding_deals]): its own cards
   stay, every other card is dealt at random, and a sample whose hands do
   not support the contract bids and coinches heard (by the heuristic's count, within
   ``TOLERANCE`` points: [`shortfall`][belote.agents.evaluating.shortfall]) is
   drawn again, up to ``DRAWS`` times (in a take-or-pass round: a sample on
   which the heuristic would not have made the bids heard, as ``pimc``
   does): the bids seen weigh the samples;
2. each call is applied to the same samples and each deal is played to its
   end by heuristic players, the rest of the auction included
   ([`estimate`][belote.agents.rollouts.estimate]);
3. each finished deal is scored by the variant's own scoring (the deal's
   result, [`score_tally`][belote.scoring.score_tally]'s pipeline): the
   call's value on a sample is its side's deal score minus the other side's.

The call with the best mean is made, unless it beats the heuristic's call by
no more than ``margin`` standard errors of the paired difference (then the
heuristic's call stands). A rule that makes overbidding cheap, a coinche
dear or a capot rich changes these values, so it changes the calls.

Why heuristic play and not double-dummy solving: a solved deal is played
with every card seen, which favours the declarer (the defence's best lead is
found every time too, but the declarer's finesses never fail), and its cost
(a tenth of a second or more per four-player deal in pure Python) leaves a
handful of samples per call; the double-dummy bidding of ``pimc`` lost to
the heuristic's (``pimc:contracts=dd``, docs/contree.md#bots). A heuristic
play-out costs about a millisecond, so a call gets dozens of samples, and
it is played as the bots at the table really play.

Pruning keeps a decision cheap: in a contract auction only some calls are
candidates (pass, the heuristic's call, coinche and surcoinche when legal,
and for the strains worth bidding — the heuristic's, the seat's best and
its partner's — the lowest legal value and values around the seat's
estimate); a first quarter of the samples values them all, and only the
calls within two standard errors of the best (four at most) are played out
on the rest.

>>> from belote.agents import play_deal
>>> from belote.deal import Deal
>>> deal = Deal.random("contree", seed=3, dealer=0)
>>> bots = [EvalBot(rollouts=8, time_budget=None, seed=s) for s in range(4)]
>>> play_deal(deal, bots).outcome.value in ("made", "failed", "litige", "redeal")
True
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator, Sequence
from typing import ClassVar, Final

from belote.actions import (
    ID_BID,
    ID_BID_CAPOT,
    ID_BID_STRAIN,
    ID_COINCHE,
    ID_DOUBLE,
    ID_PASS,
    ID_SURCOINCHE,
    Action,
    Verb,
    action_id,
    bid_id,
)
from belote.agents.cardplay import attack_estimate_against, contract_estimate
from belote.agents.fitting import thresholds
from belote.agents.heuristic import HeuristicBot
from belote.agents.rollouts import Estimate, bidding_deals, estimate
from belote.agents.strains import DOUBLE_MARGIN, strain_class, strain_count, strain_strength
from belote.agents.thresholds import bidding_margins
from belote.deal import Deal, Observation, Phase
from belote.deal.auction import bid_of_id
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules.checks import instance, sequence, whole

__all__ = ["DRAWS", "EVAL_ROLLOUTS", "EVAL_TIME_BUDGET", "MAX_CANDIDATES", "MAX_EVAL_ROLLOUTS",
           "STRAIN_TOLERANCE", "TOLERANCE", "EvalBot",
           "candidate_calls", "evaluate_call", "shortfall",
           "strains_worth_bidding"]

EVAL_ROLLOUTS: Final = 48
"""The default number of sampled deals per bidding decision."""

EVAL_TIME_BUDGET: Final = 0.5
"""The default time budget of a bidding decision, in seconds of wall-clock time."""

MAX_CANDIDATES: Final = 4
"""How many calls are played out on every sample after the first quarter."""

MAX_EVAL_ROLLOUTS: Final = 10_000
"""The most sampled deals per bidding decision."""

_BIDDING: Final = (Phase.BIDDING_1, Phase.BIDDING_2, Phase.AUCTION)


def strains_worth_bidding(observation: Observation, default: int | None = None) -> list[int]:
    """The strains worth valuing a contract in at an auction decision: a short list, without repeats.

    In this order: ``default`` (the strain of the heuristic's call, when it
    bids), the seat's best suit of the auction by
    [`contract_estimate`][belote.agents.cardplay.contract_estimate] (its own
    cards only) and the strain of its partner's last contract bid. The
    bidders that value contracts on sampled deals (the ``eval`` bot's
    [`candidate_calls`][belote.agents.evaluating.candidate_calls], ``pimc:contracts=dd``)
    value these and no other (docs/bots.md#bidding-by-the-rules).

    >>> from belote.deal import Deal
    >>> deal = Deal.random("contree", seed=3, dealer=0)
    >>> found = strains_worth_bidding(deal.observation(deal.to_act), 2)
    >>> found[0], len(found) == len(set(found)) <= 3
    (2, True)

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``default`` out of 0..5.
    """
    observation = instance(observation, Observation, "observation")
    found: list[int] = []
    if default is not None:
        found.append(whole(default, "default", 0, 5))
    suits = [int(t) for t in observation.rules.auction.strains if int(t) < 4]
    if suits:
        hand = observation.hand.mask
        found.append(max(suits, key=lambda t: contract_estimate(hand, t)))
    partner = (observation.seat + 2) % observation.players
    for bid in reversed(observation.bids):
        if bid.seat == partner and bid.verb is Verb.BID and bid.strain is not None:
            found.append(int(bid.strain))
            break
    return list(dict.fromkeys(found))


def candidate_calls(observation: Observation, legal: Sequence[Action], default: Action) -> list[int]:
    """The action ids worth valuing at a bidding decision, the heuristic's ``default`` first.

    In a take-or-pass round and a strain auction (``bulgarian``: at most six
    strains, pass and the doublings) every legal call; in a contract auction pass, the
    default, coinche and surcoinche when legal, and for each strain worth
    bidding (the default's, the seat's best by
    [`contract_estimate`][belote.agents.cardplay.contract_estimate], its
    partner's last, suits only) the lowest legal value and the values 20
    points either side of the one the heuristic's margin gives.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    observation = instance(observation, Observation, "observation")
    ids = {action_id(instance(a, Action, "legal")) for a in sequence(legal, "legal")}
    first = action_id(instance(default, Action, "default"))
    if observation.phase is not Phase.AUCTION or observation.rules.strain_auction:
        return [first, *sorted(ids - {first})]
    rules, seat = observation.rules, observation.seat
    auction = rules.auction
    found = [first, ID_PASS, ID_COINCHE, ID_SURCOINCHE]
    heard = tuple((bid.seat, action_id(bid)) for bid in observation.bids)
    partner = (seat + 2) % observation.players
    partner_bid: dict[int, int] = {}
    for who, i in heard:
        if who == partner and ID_BID <= i < ID_BID_CAPOT + 6:
            value, strain = bid_of_id(i)
            partner_bid[strain] = min(value, auction.highest)
    hand = observation.hand.mask
    default_strain = bid_of_id(first)[1] if ID_BID <= first < ID_BID_CAPOT + 6 else None
    margin = bidding_margins(rules).bid
    for t in strains_worth_bidding(observation, default_strain):
        if t >= 4:
            continue  # the heuristic counts suits only
        values = [v for v in auction.values if bid_id(v, t) in ids]
        if not values:
            continue
        found.append(bid_id(values[0], t))
        guess = contract_estimate(hand, t, partner_bid.get(t, -1)) - margin
        for shift in (-20, 0, 20):
            near = [v for v in values if v <= guess + shift]
            if near:
                found.append(bid_id(near[-1], t))
    return [i for i in dict.fromkeys(found) if i in ids]


DRAWS: Final = 12
"""Draws per sample kept, at most, when the samples must agree with the bids heard."""

TOLERANCE: Final = 20
"""Points by which a sampled bidder's estimate may fall short of what its bid shows."""

STRAIN_TOLERANCE: Final = 10
"""In a strain auction, how far a sampled bidder's count may fall short of the threshold of its call."""


def shortfall(sample: Deal, heard: Sequence[tuple[int, int]], seat: int) -> int:
    """How far a sampled deal's hands fall short of the contract bids heard from the other seats.

    For each bid of value ``v`` in a strain by another seat than ``seat``,
    the points by which that seat's
    [`contract_estimate`][belote.agents.cardplay.contract_estimate] (counting
    its partner's earlier bid in that strain) less the heuristic's margin
    falls below ``v``; the largest of these (0 when every bid is supported,
    or in a take-or-pass round). A coinche by another seat counts too: the
    points by which [`attack_estimate_against`][belote.agents.cardplay.attack_estimate_against]
    that seat's hand exceeds the contract less the heuristic's coinche
    margin. Capot, no-trumps and all-trumps contracts are not read (the
    heuristic's count is for a trump suit).

    In a strain auction (``bulgarian``) the counts are the heuristic's
    [`strain_count`][belote.agents.strains.strain_count] of the five cards
    held during the auction: for each strain bid by another seat, the
    points by which it falls below that strain's threshold under the rules
    ([`thresholds`][belote.agents.fitting.thresholds]); for each double, by
    which the doubler's count in the doubled strain falls below the
    threshold plus ``DOUBLE_MARGIN``.
    """
    sample = instance(sample, Deal, "sample")
    heard = [(whole(who, "heard"), whole(i, "heard")) for who, i in _pairs(heard)]
    seat = whole(seat, "seat")
    rules = sample.rules
    if rules.strain_auction:
        return _strain_shortfall(sample, heard, seat)
    if not rules.has_auction:
        return 0
    margins = bidding_margins(rules)
    margin = margins.bid
    n = sample.players
    shown: dict[tuple[int, int], int] = {}  # (seat, strain) -> value it bid
    worst = 0
    standing = (-1, -1)
    for who, i in heard:
        if i == ID_COINCHE:
            value, strain = standing
            if who != seat and 0 <= strain < 4 and 0 < value <= rules.auction.highest:
                against = attack_estimate_against(sample.hand_mask(who), value, strain)
                worst = max(worst, against - (value - margins.coinche))
            continue
        if not ID_BID <= i < ID_BID_CAPOT + 6:
            continue
        value, strain = bid_of_id(i)
        standing = (value, strain)
        if who != seat and value <= rules.auction.highest and strain < 4:
            partner_value = shown.get(((who + 2) % n, strain), -1)
            guess = contract_estimate(sample.hand_mask(who), strain, partner_value) - margin
            worst = max(worst, value - guess)
        shown[who, strain] = min(value, rules.auction.highest)
    return worst


def _strain_shortfall(sample: Deal, heard: Sequence[tuple[int, int]], seat: int) -> int:
    """[`shortfall`][belote.agents.evaluating.shortfall] in a strain auction."""
    fitted = thresholds(sample.rules)
    need = (fitted.suit, fitted.nt, fitted.at)
    worst, standing = 0, -1
    so_far: list[tuple[int, int]] = []
    for who, i in heard:
        strain_bid = ID_BID_STRAIN <= i < ID_DOUBLE
        if who != seat and strain_bid:
            mode = i - ID_BID_STRAIN
            count = strain_count(who, sample.hand_mask(who), mode, so_far)
            worst = max(worst, need[strain_class(mode)] - count)
        elif who != seat and i == ID_DOUBLE and standing >= 0:
            count = strain_strength(sample.hand_mask(who), standing)
            worst = max(worst, need[strain_class(standing)] + DOUBLE_MARGIN - count)
        if strain_bid:
            standing = i - ID_BID_STRAIN
        so_far.append((who, i))
    return worst


def _pairs(heard: object) -> list[tuple[object, object]]:
    """``heard`` as a list of pairs, or a typed error."""
    pairs = []
    for item in sequence(heard, "heard"):
        if not isinstance(item, tuple) or len(item) != 2:
            raise InvalidArgumentType(f"heard: expected (seat, action id) pairs, got {shown(item)}")
        pairs.append((item[0], item[1]))
    return pairs


def _agreeing(observation: Observation, count: int, rng: random.Random,
              model: HeuristicBot) -> Iterator[Deal]:
    """Sampled deals whose hands support the contract bids heard (see [`shortfall`][belote.agents.evaluating.shortfall]).

    In a contract auction the heuristic's exact bids are too rare to be
    found by drawing again a few times, so a sample is kept when every bid
    heard is within ``TOLERANCE`` points of what the bidder's hand supports,
    drawing up to ``DRAWS`` times per sample (then the closest draw is
    kept); in a strain auction within ``STRAIN_TOLERANCE``. Elsewhere, [`bidding_deals`][belote.agents.rollouts.bidding_deals]
    with the heuristic as the model.
    """
    if observation.phase is not Phase.AUCTION:
        yield from bidding_deals(observation, count, rng, model)
        return
    heard = [(bid.seat, action_id(bid)) for bid in observation.bids]
    seat = observation.seat
    tolerance = STRAIN_TOLERANCE if observation.rules.strain_auction else TOLERANCE
    draws = iter(bidding_deals(observation, count * DRAWS, rng))
    for _ in range(count):
        best: Deal | None = None
        best_gap = 0
        for _, sample in zip(range(DRAWS), draws, strict=False):
            gap = shortfall(sample, heard, seat)
            if best is None or gap < best_gap:
                best, best_gap = sample, gap
            if gap <= tolerance:
                break
        if best is None:
            return
        yield best


def evaluate_call(
    observation: Observation,
    legal: Sequence[Action],
    default: Action,
    *,
    model: HeuristicBot,
    rollouts: int,
    rng: random.Random,
    deadline: float | None = None,
    margin: float = 1.0,
) -> tuple[Action, Estimate | None]:
    """The call to make at a bidding decision, valued on sampled deals played out under the rules.

    See the module's text. Returns the call and the estimate of the
    candidates played out on every sample (``None`` when only one candidate
    was left, or no sample could be drawn: the heuristic's call then).

    Args:
        observation: the seat's observation at a bid (take-or-pass round or contract auction).
        legal: its legal actions.
        default: the heuristic's call, kept when the samples do not tell the calls apart.
        model: the heuristic that plays the samples out and models the other seats' bids.
        rollouts: sampled deals, a quarter of them to value every candidate.
        rng: the generator of the samples.
        deadline: a ``time.perf_counter()`` value after which no new sample is started.
        margin: standard errors by which a call must beat ``default``.
    """
    observation = instance(observation, Observation, "observation")
    model = instance(model, HeuristicBot, "model")
    rng = instance(rng, random.Random, "rng")
    rollouts = whole(rollouts, "rollouts", 1, MAX_EVAL_ROLLOUTS)
    if deadline is not None and (isinstance(deadline, bool)
                                 or not isinstance(deadline, int | float)):
        raise InvalidArgumentType(f"deadline: expected a number or None, got {shown(deadline)}")
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not 0 <= margin <= 10:
        raise InvalidArgument(f"margin must be a number from 0 to 10, not {shown(margin)}")
    calls = candidate_calls(observation, legal, default)
    by_id = {action_id(action): action for action in legal}
    first = calls[0]
    if len(calls) < 2:
        return default, None
    early = max(4, rollouts // 4)
    deals: list[Deal] = []
    source = _agreeing(observation, rollouts, rng, model)
    seat = observation.seat
    stage_deadline = None
    if deadline is not None:
        now = time.perf_counter()
        stage_deadline = now + 0.4 * max(0.0, deadline - now)
    for sample in source:
        deals.append(sample)
        if len(deals) >= early:
            break
    if not deals:
        return default, None
    found = estimate(deals, seat, calls, model=model, deadline=stage_deadline)
    deals = deals[:found.samples]
    if len(calls) > 2:
        top = max(calls, key=lambda i: found.means[i])
        kept = [i for i in calls
                if i in (first, top) or found.means[i] >= found.means[top] - 2 * found.spread.get((top, i), 0.0)]
        kept.sort(key=lambda i: (i != first, -found.means[i]))
        calls = kept[:MAX_CANDIDATES]
    if len(calls) < 2:
        return default, None
    if deadline is None or time.perf_counter() < deadline:
        # the first stage's samples again, then new ones until the deadline
        found = estimate(itertools.chain(deals, source), seat, calls, model=model,
                         deadline=deadline)
    # else: out of time, the first stage decides (its best call was kept)
    return by_id[found.best(first, margin)], found


class EvalBot:
    """A player that bids by evaluating its calls under the rules played, and plays as the heuristic.

    Every bid (take or pass and the second round in a take-or-pass variant;
    each contract, pass, coinche and surcoinche in a contract auction; each
    strain, pass, double, redouble and re-redouble in a strain auction,
    ``bulgarian``, valued in its game points) is
    chosen by [`evaluate_call`][belote.agents.evaluating.evaluate_call]; the
    cards, the swap, the declarations and calling out are the
    [`HeuristicBot`][belote.agents.HeuristicBot]'s.

    Without a time budget a decision depends only on ``seed`` and on what
    the seat has seen.

    Args:
        rollouts: sampled deals per bidding decision, 1 to ``MAX_EVAL_ROLLOUTS``.
        seed: the seed of the sampling.
        time_budget: seconds of wall-clock time after which a decision stops
            sampling (``"none"`` in a bot spec: no limit). Default 0.5.
        take_threshold: the heuristic's threshold (its play, its default
            call and the model of the other seats).
        margin: standard errors by which a call must beat the heuristic's
            to be made instead (0 to 10; default 1).

    Raises:
        InvalidArgument: a bad option.
    """

    skip_forced: ClassVar[bool] = True
    """Needs no asking when one action is legal (it would take it and remember nothing)."""

    def __init__(
        self,
        rollouts: int = EVAL_ROLLOUTS,
        seed: int = 0,
        time_budget: float | str | None = EVAL_TIME_BUDGET,
        take_threshold: int = 34,
        margin: float = 1.0,
    ) -> None:
        if (isinstance(rollouts, bool) or not isinstance(rollouts, int)
                or not 1 <= rollouts <= MAX_EVAL_ROLLOUTS):
            raise InvalidArgument(
                f"rollouts must be a whole number from 1 to {MAX_EVAL_ROLLOUTS}, not {rollouts!r}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidArgument(f"seed must be a whole number, not {seed!r}")
        if isinstance(time_budget, str) and time_budget.lower() == "none":
            time_budget = None
        if time_budget is not None and (
            isinstance(time_budget, bool) or not isinstance(time_budget, int | float)
            or not time_budget > 0
        ):
            raise InvalidArgument(
                f"time_budget must be a positive number of seconds, not {time_budget!r}"
            )
        if isinstance(margin, bool) or not isinstance(margin, int | float) or not 0 <= margin <= 10:
            raise InvalidArgument(f"margin must be a number from 0 to 10, not {margin!r}")
        self.rollouts = rollouts
        self.seed = seed
        self.time_budget = None if time_budget is None else float(time_budget)
        self.margin = float(margin)
        self.heuristic = HeuristicBot(take_threshold)
        self.last_samples = 0

    def start_deal(self, rng: random.Random) -> None:
        """Nothing to do: the bot draws from its own seed."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A bid by evaluation; anything else as the heuristic (the [`Agent`][belote.agents.Agent] path)."""
        start = time.perf_counter()
        self.last_samples = 0
        default = self.heuristic.choose(observation, legal)
        if len(legal) < 2 or observation.phase not in _BIDDING:
            return default
        key = ";".join(map(str, observation.history))
        rng = random.Random(f"eval:{self.seed}:{observation.seat}:{observation.hand.mask}:{key}")
        deadline = None if self.time_budget is None else start + self.time_budget
        choice, found = evaluate_call(observation, legal, default, model=self.heuristic,
                                      rollouts=self.rollouts, rng=rng, deadline=deadline,
                                      margin=self.margin)
        self.last_samples = 0 if found is None else found.samples
        return choice

    def __repr__(self) -> str:
        return (f"EvalBot(rollouts={self.rollouts}, seed={self.seed}, "
                f"time_budget={self.time_budget}, margin={self.margin})")

