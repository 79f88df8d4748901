"""Valuing a decision by rollouts on sampled deals: how [`PIMCBot`][belote.agents.pimc.PIMCBot] bids, swaps and declares.

A decision other than a card (a bid, the seven swap, a declaration) is
valued on deals sampled from what the deciding seat knows: each option is
applied to the same sampled deal and the deal is then played to its end by
[`HeuristicBot`][belote.agents.HeuristicBot] players at every seat
([`Deal.play_out`][belote.deal.Deal.play_out]), the deciding seat included.
The option's value on that sample is the deal score of the seat's side minus
the mean score of the other sides (a redeal scores 0;
[`Deal.side_value`][belote.deal.Deal.side_value]); the option with the
best mean over the samples is chosen. A heuristic rollout of a whole deal
takes about a fifth of a millisecond, so a decision affords hundreds of
samples where an exact solve of a four-player deal costs about half a second.

During the bidding a seat sees only its first cards and the turned card:
[`bidding_deal`][belote.agents.rollouts.bidding_deal] deals every other card of the
deck at random (the others' first cards, the completion, the stock), so a
take is valued with the completion it would really deal. The bids already
made are replayed on the sample, and a sample on which the heuristic, the
model of the other seats, would not have made those bids is drawn again (a
few times at most): the seats that passed are unlikely to hold a hand the
model takes with.

>>> import random
>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=4, dealer=0)
>>> sample = bidding_deal(deal.observation(1), random.Random(1))
>>> sample.hand_mask(1) == deal.hand_mask(1), sample.turned == deal.turned
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final

import attrs

from belote.actions import ID_DECLARE, ID_PLAY, action_id
from belote.agents import HeuristicBot
from belote.cards import CardSet
from belote.deal import Deal, Observation, Phase, SeatView
from belote.deal.dealing import shuffle_cards
from belote.deal.layout import layout
from belote.errors import IllegalAction, InvalidArgument, InvalidArgumentType, shown
from belote.rules.checks import sequence, whole
from belote.tricks import cards_of

__all__ = [
    "NO_DECLARATION",
    "RETRIES",
    "Estimate",
    "bidding_deal",
    "bidding_deals",
    "estimate",
    "side_value",
]

NO_DECLARATION: Final = -1
"""The option "declare nothing": the seat goes on to its first card without declaring."""

RETRIES: Final = 8
"""How many times a bidding sample is drawn again when the model would not have made the bids seen."""

_FULL: Final = (1 << 32) - 1
_DECLARING: Final = (1 << ID_PLAY) - (1 << ID_DECLARE)
"""The declare action ids (7 to 99) as a mask."""


def bidding_deal(observation: object, rng: object, model: object = None) -> Deal | None:
    """A deal at the observed bidding position, every card the seat cannot see dealt at random.

    The seat's first cards and the turned card stay where they are; the
    other cards of the deck (the others' first cards, the completion and the
    stock) are shuffled into the other places. The bids made so far are
    replayed. With a ``model``, a sample on which the model would not have
    made one of the other seats' bids is drawn again, up to
    [`RETRIES`][belote.agents.rollouts.RETRIES] times (the last draw is kept then).

    In a contract auction (contrée) every card is dealt before the bids and
    none is turned: the seat keeps its eight cards and the other 24 are
    shared at random among the other seats, then the bids are replayed (and
    checked against the model) the same way. In a strain auction
    (``bulgarian``: five cards seen, none turned) the seat's five stay where
    they were dealt and the other 27 (the others' five, everyone's last
    three) are shuffled into the other places, as in a take-or-pass round.

    Returns ``None`` if the observation is not of a bidding phase.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    observation, rng, model = _sampling(observation, rng, model)
    if observation.phase is Phase.AUCTION and not observation.rules.strain_auction:
        return _AuctionSampler(observation).draw(rng, model)
    if observation.phase is Phase.AUCTION:
        return _BiddingSampler(observation).draw(rng, model)
    if observation.phase not in (Phase.BIDDING_1, Phase.BIDDING_2):
        return None
    return _BiddingSampler(observation).draw(rng, model)


def _sampling(
    observation: object, rng: object, model: object
) -> tuple[Observation, random.Random, HeuristicBot | None]:
    """The arguments of the samplers, checked."""
    if not isinstance(observation, Observation):
        raise InvalidArgumentType(f"observation: expected an Observation, got {shown(observation)}")
    if not isinstance(rng, random.Random):
        raise InvalidArgumentType(f"rng: expected a random.Random, got {shown(rng)}")
    if model is not None and not isinstance(model, HeuristicBot):
        raise InvalidArgumentType(f"model: expected a HeuristicBot or None, got {shown(model)}")
    return observation, rng, model


def bidding_deals(
    observation: object, count: object, rng: object, model: object = None
) -> Iterable[Deal]:
    """``count`` deals from [`bidding_deal`][belote.agents.rollouts.bidding_deal] (none outside the bidding).

    Raises:
        InvalidArgumentType: an argument of the wrong type (when called, before any deal is drawn).
        InvalidArgument: a negative ``count``.
    """
    checked, generator, bot = _sampling(observation, rng, model)
    return _bidding_deals(checked, whole(count, "count", 0), generator, bot)


def _bidding_deals(
    observation: Observation, count: int, rng: random.Random, model: HeuristicBot | None
) -> Iterator[Deal]:
    sampler: _BiddingSampler | _AuctionSampler
    if observation.phase is Phase.AUCTION and not observation.rules.strain_auction:
        sampler = _AuctionSampler(observation)
    elif observation.phase in (Phase.BIDDING_1, Phase.BIDDING_2, Phase.AUCTION):
        sampler = _BiddingSampler(observation)  # what every sample shares, read once
    else:
        return
    for _ in range(count):
        yield sampler.draw(rng, model)


class _BiddingSampler:
    """What the samples of one bidding observation share: the fixed places, the cards to deal, the bids."""

    def __init__(self, obs: Observation) -> None:
        self.rules, self.players, self.seat, self.dealer = obs.rules, obs.players, obs.seat, obs.dealer
        self.totals, self.target, self.pending = obs.totals, obs.target, obs.pending
        spots = layout(obs.rules, obs.players, obs.dealer)
        own = obs.hand.mask
        turned = -1 if obs.turned is None else obs.turned.index
        self.rest = cards_of(_FULL & ~own & ~(1 << turned if turned >= 0 else 0))
        fixed = set(spots.first[obs.seat])
        if turned >= 0:
            fixed.add(spots.turned)
        self.free = [pos for pos in range(32) if pos not in fixed]
        seen = [0] * 32
        for pos, card in zip(spots.first[obs.seat], cards_of(own), strict=True):
            seen[pos] = card
        if turned >= 0:
            seen[spots.turned] = turned
        self.seen = seen
        self.bids = [(bid.seat, action_id(bid)) for bid in obs.bids]

    def draw(self, rng: random.Random, model: HeuristicBot | None) -> Deal:
        """One sample (see [`bidding_deal`][belote.agents.rollouts.bidding_deal])."""
        seat = self.seat
        rest = self.rest.copy()  # every sample shuffles the cards from their index order
        sample: Deal | None = None
        for attempt in range(RETRIES + 1):
            deck = self.seen.copy()
            shuffle_cards(rng, rest)
            for pos, card in zip(self.free, rest, strict=True):
                deck[pos] = card
            sample = Deal.shuffled(self.rules, deck, self.dealer, self.players,
                                   totals=self.totals, target=self.target, pending=self.pending)
            agrees = True
            for bidder, bid_id in self.bids:
                if agrees and model is not None and bidder != seat:
                    agrees = model.choose_id(sample.seat_view(bidder)) == bid_id
                    if not agrees and attempt < RETRIES:
                        break  # drawn again: the rest of the bids need not be replayed
                sample.apply_id(bid_id)
            if agrees:
                break
        assert sample is not None
        return sample


class _AuctionSampler:
    """The samples of one contract-auction observation: the seat's eight cards kept, 24 to share."""

    def __init__(self, obs: Observation) -> None:
        self.rules, self.players, self.seat, self.dealer = obs.rules, obs.players, obs.seat, obs.dealer
        self.totals, self.target, self.pending = obs.totals, obs.target, obs.pending
        self.own = obs.hand.mask
        self.rest = cards_of(_FULL & ~self.own)
        self.size = len(obs.hand)
        self.bids = [(bid.seat, action_id(bid)) for bid in obs.bids]

    def draw(self, rng: random.Random, model: HeuristicBot | None) -> Deal:
        """One sample (see [`bidding_deal`][belote.agents.rollouts.bidding_deal])."""
        seat, n, size = self.seat, self.players, self.size
        rest = self.rest.copy()
        sample: Deal | None = None
        for attempt in range(RETRIES + 1):
            shuffle_cards(rng, rest)
            hands, k = [], 0
            for s in range(n):
                if s == seat:
                    hands.append(self.own)
                    continue
                mask = 0
                for card in rest[k:k + size]:
                    mask |= 1 << card
                hands.append(mask)
                k += size
            sample = Deal.from_hands(
                self.rules, [CardSet.from_mask(mask) for mask in hands], dealer=self.dealer,
                players=n, totals=self.totals, target=self.target, pending=self.pending,
            )
            agrees = True
            for bidder, bid_id in self.bids:
                if agrees and model is not None and bidder != seat:
                    agrees = model.choose_id(sample.seat_view(bidder)) == bid_id
                    if not agrees and attempt < RETRIES:
                        break
                sample.apply_id(bid_id)
            if agrees:
                break
        assert sample is not None
        return sample


def side_value(deal: object, seat: object) -> float:
    """A finished deal's score for ``seat``'s side minus the mean score of the other sides (0 for a redeal).

    [`Deal.side_value`][belote.deal.Deal.side_value], the value of an
    option on one sample; here a deal not over is an ``InvalidArgument``.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``seat`` not a whole number.
        InvalidArgument: ``deal`` is not over.
    """
    if not isinstance(deal, Deal):
        raise InvalidArgumentType(f"deal: expected a Deal, got {shown(deal)}")
    seat = whole(seat, "seat", 0, deal.players - 1)
    if not deal.is_over:
        raise InvalidArgument("side_value needs a finished deal")
    return deal.side_value(seat)


def _no_declaration(choose: Callable[[SeatView], int]) -> Callable[[SeatView], int]:
    """A chooser that never declares (the declare ids are taken out of its legal mask)."""

    def choose_id(view: SeatView) -> int:
        legal = view.legal
        if legal & _DECLARING:
            view = view._replace(legal=legal & ~_DECLARING)
        return choose(view)

    return choose_id


@attrs.frozen(kw_only=True)
class Estimate:
    """The rollout values of a decision's options.

    Attributes:
        means: per option (an action id, or [`NO_DECLARATION`][belote.agents.rollouts.NO_DECLARATION]),
            its mean value over the samples.
        samples: how many sampled deals every option was played out on.
        spread: per pair of options ``(a, b)``, the standard error of the mean
            of ``value(a) - value(b)`` over the samples (0 with fewer than two).
    """

    means: dict[int, float]
    samples: int
    spread: dict[tuple[int, int], float]

    def best(self, default: int, margin: float = 1.0) -> int:
        """The option with the best mean, unless it beats ``default`` by less than ``margin`` standard errors.

        Keeps ``default`` (the heuristic's choice) when the samples do not
        tell the options apart: fewer than two samples, equal means, or a
        difference within the noise.
        """
        if self.samples < 2 or default not in self.means:
            return default
        # The first option with the best mean; ``default`` when it has the best mean.
        top, top_mean = default, self.means[default]
        for option, mean in self.means.items():
            if mean > top_mean:
                top, top_mean = option, mean
        if top == default:
            return default
        gain = self.means[top] - self.means[default]
        if gain <= margin * self.spread.get((top, default), math.inf):
            return default
        return top


def estimate(
    deals: object, seat: object, options: object, *, model: object, deadline: object = None,
) -> Estimate:
    """Play every option out on every sampled deal (the same deals for every option).

    Args:
        deals: the sampled deals, at the decision of ``seat``.
        seat: the deciding seat.
        options: action ids to value, and [`NO_DECLARATION`][belote.agents.rollouts.NO_DECLARATION]
            for playing on without declaring.
        model: the bot every seat plays the rest of the deal with.
        deadline: a ``time.perf_counter()`` value after which no new sample
            is started (one sample is always played out).

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: no option, a seat out of 0..7.
    """
    if isinstance(deals, str) or not isinstance(deals, Iterable):
        raise InvalidArgumentType(f"deals: expected an iterable of deals, got {shown(deals)}")
    ids = [whole(option, "options") for option in sequence(options, "options")]
    if not isinstance(model, HeuristicBot):
        raise InvalidArgumentType(f"model: expected a HeuristicBot, got {shown(model)}")
    if deadline is not None and (isinstance(deadline, bool) or not isinstance(deadline, (int, float))):
        raise InvalidArgumentType(f"deadline: expected a number or None, got {shown(deadline)}")
    return _estimate(deals, whole(seat, "seat", 0, 7), ids, model,
                     None if deadline is None else float(deadline))


def _estimate(
    deals: Iterable[Deal], seat: int, options: Sequence[int], model: HeuristicBot,
    deadline: float | None,
) -> Estimate:
    if not options:
        raise InvalidArgument("no option to value")
    options = list(dict.fromkeys(options))  # each option once, in the order given
    k = len(options)
    choose = model.choose_id
    players: list[Callable[[SeatView], int]] | None = None
    quiet: list[Callable[[SeatView], int]] | None = None
    # Per option, the sum of its values; per pair i < j (at i * k + j), the sums of
    # value(i) - value(j) and of its square (the pair j, i is their mirror).
    sums = [0.0] * k
    diffs = [0.0] * (k * k)
    squares = [0.0] * (k * k)
    values = [0.0] * k
    count = 0
    for sample in deals:
        if not isinstance(sample, Deal):  # one check per sample, each played out k times
            raise InvalidArgumentType(f"deals: expected deals, got {shown(sample)}")
        if players is None:
            players = [choose] * sample.players
            quiet = list(players)
            quiet[seat] = _no_declaration(choose)
        played = True
        for i in range(k):
            option = options[i]
            child = sample.copy()
            try:
                if option == NO_DECLARATION:
                    assert quiet is not None
                    child.play_out(quiet, skip_forced=True)
                else:
                    child.apply_id(option)
                    child.play_out(players, skip_forced=True)
            except IllegalAction:  # pragma: no cover - the options are legal on every sample
                played = False
                break
            values[i] = child.side_value(seat)
        if played:
            count += 1
            for i in range(k):
                value = values[i]
                sums[i] += value
                for j in range(i + 1, k):
                    d = value - values[j]
                    diffs[i * k + j] += d
                    squares[i * k + j] += d * d
        if deadline is not None and time.perf_counter() > deadline and count:
            break
    means = {options[i]: (sums[i] / count if count else 0.0) for i in range(k)}
    spread: dict[tuple[int, int], float] = {}
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            pair = i * k + j if i < j else j * k + i
            if count < 2:
                spread[options[i], options[j]] = 0.0
                continue
            total = diffs[pair]
            variance = max(squares[pair] - total * total / count, 0.0) / (count - 1)
            spread[options[i], options[j]] = math.sqrt(variance / count)
    return Estimate(means=means, samples=count, spread=spread)
