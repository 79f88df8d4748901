"""The heuristic's bidding thresholds per rule set, fitted by evaluation: [`thresholds`][belote.agents.fitting.thresholds].

The [`HeuristicBot`][belote.agents.HeuristicBot] bids by counts against
thresholds: it takes (take-or-pass games) when its hand's strength reaches
``take``; it bids a contract (contrée) ``bid`` points below its estimate,
coinches ``coinche`` points below, surcoinches ``surcoinche`` above; it bids
a suit, no-trumps or all-trumps (bulgarian) when its count reaches ``suit``,
``nt`` or ``at``. How high each should be depends on what the rules pay, so
each rule set gets its own (docs/bots.md#thresholds-from-the-rules):

- **take** and **suit / nt / at**, by evaluation on seeded decks
  ([`fit_thresholds`][belote.agents.fitting.fit_thresholds]): ``decks``
  random deals (seeds ``seed``, ``seed + 1``, ...) are bid by heuristic
  players; at each decision of the first round (every decision of a strain
  auction where the seat's team holds no bid) each bid it may make and
  pass are played out from that point by heuristic players, and scored by
  the variant's own scoring: the bid's value is its side's score minus the
  other side's, less the same for pass. The threshold fitted is the count
  ``t`` that maximises the sum of these values over the decisions whose
  count reaches ``t`` (the bids a threshold ``t`` would make;
  [`best_cut`][belote.agents.fitting.best_cut]);
- **bid / coinche / surcoinche**: what
  [`bidding_margins`][belote.agents.thresholds.bidding_margins] derives from
  the contract scoring (an evaluation of the scoring itself, no sample).

A fit is read as a shift: the threshold tuned by duels under the variant's
own default rules (``BASE_THRESHOLDS``), plus the fitted value under the
rules given less the fitted value under those defaults, on the same decks.
So a built-in variant at its defaults bids exactly as it was tuned to, and a
disputed reading moves by what its scoring changes. The players of the fit
are the fixed-habit heuristic (``adapt=False``), so a fit never needs
another.

The results for the built-in variants and their disputed readings are
shipped in ``thresholds.json`` beside this module, written by
``belote fit-thresholds --disputes --json`` with ``FIT_DECKS`` decks from
``FIT_SEED`` (stored in the file); any other rule set is fitted on first
use (a second or two) and kept in memory for the process.

>>> from belote.rules import get_rules
>>> thresholds(get_rules("classic")).take
34
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Final, NamedTuple

from belote.actions import ID_BID_STRAIN, ID_PASS, ID_TAKE, ID_TAKE_SUIT
from belote.agents.cardplay import (
    bid_to_make,
    contract_to_bid,
    hand_strength,
    legal_bid_pairs,
    play_choice_id,
)
from belote.agents.strains import (
    STRAIN_THRESHOLDS,
    strain_class,
    strain_count,
    strain_to_bid,
    strains_of_bids,
)
from belote.agents.thresholds import BASE_MARGINS, bidding_margins
from belote.deal import Deal, Phase, SeatView
from belote.errors import BeloteError, InvalidArgument, InvalidArgumentType, shown
from belote.rules import Rules, get_rules
from belote.rules.checks import instance, sequence, whole
from belote.rules.policies import Bidding
from belote.rules.specs import spec_of

__all__ = [
    "BASE_THRESHOLDS",
    "FIT_DECKS",
    "FIT_SEED",
    "MAX_THRESHOLD",
    "Thresholds",
    "best_cut",
    "fit_thresholds",
    "fitted_fields",
    "shipped_thresholds",
    "thresholds",
]

FIT_DECKS: Final = 200
"""Seeded decks a fit plays (the shipped data's sample size)."""

FIT_SEED: Final = 1
"""The seed of a fit's first deck (the shipped data's)."""

MAX_THRESHOLD: Final = 150
"""The highest count a fitted threshold may take (no hand reaches it)."""


class Thresholds(NamedTuple):
    """The heuristic's bidding thresholds under one rule set (docs/bots.md#thresholds-from-the-rules).

    Attributes:
        take: the hand strength from which it takes (take-or-pass games; its ``take_threshold`` at the defaults).
        bid: points below its estimate it bids a contract (contrée).
        coinche: points below the contract the attack must be expected to fall for a coinche.
        surcoinche: points above a coinched contract its side must expect to make to surcoinche.
        suit: the count a suit bid needs (strain auction, bulgarian).
        nt: the count a no-trumps bid needs.
        at: the count an all-trumps bid needs.
    """

    take: int
    bid: int
    coinche: int
    surcoinche: int
    suit: int
    nt: int
    at: int


BASE_THRESHOLDS: Final = Thresholds(34, *BASE_MARGINS, *STRAIN_THRESHOLDS)
"""The thresholds tuned by duels under the built-in variants' default rules."""

_REFERENCE: Final = {Bidding.TURNED_CARD: "classic", Bidding.AUCTION: "contree",
                     Bidding.STRAIN_AUCTION: "bulgarian"}


def fitted_fields(rules: Rules) -> tuple[str, ...]:
    """The names of the [`Thresholds`][belote.agents.fitting.Thresholds] fields that ``rules``' bidding reads.

    >>> from belote.rules import get_rules
    >>> fitted_fields(get_rules("contree"))
    ('bid', 'coinche', 'surcoinche')
    """
    rules = instance(rules, Rules, "rules")
    if rules.strain_auction:
        return ("suit", "nt", "at")
    if rules.has_auction:
        return ("bid", "coinche", "surcoinche")
    return ("take",)


def best_cut(points: Sequence[tuple[int, float]], low: int = 0, high: int = MAX_THRESHOLD) -> int:
    """The threshold in ``low..high`` that maximises the sum of the values whose count reaches it.

    ``points`` are ``(count, value)`` pairs: a decision's count and what
    bidding there is worth against passing (counts are clipped to
    ``low..high``). The best sum is reached on runs of thresholds between
    two counts; the middle of the lowest such run is returned. When no
    threshold makes the sum positive: ``high`` (bid nothing).

    >>> best_cut([(10, -5.0), (20, 3.0), (30, 4.0)])
    15
    >>> best_cut([(10, -5.0)])
    150

    Raises:
        InvalidArgumentType: a count that is not a whole number.
        InvalidArgument: ``low`` above ``high``.
    """
    low, high = whole(low, "low", 0), whole(high, "high", 0)
    if low > high:
        raise InvalidArgument(f"low ({low}) is above high ({high})")
    totals = [0.0] * (high - low + 1)  # the values of the counts at each threshold
    for pair in sequence(points, "points"):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise InvalidArgumentType(f"points: expected (count, value) pairs, got {shown(pair)}")
        count, value = whole(pair[0], "points"), pair[1]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidArgumentType(f"points: expected a number as value, got {shown(value)}")
        totals[min(max(count, low), high) - low] += float(value)
    sums = [0.0] * (high - low + 2)  # sums[k]: the values whose count reaches low + k
    for k in range(high - low, -1, -1):
        sums[k] = sums[k + 1] + totals[k]
    best = max(sums[:-1])
    if best <= 0:
        return high
    first = sums.index(best)
    last = first
    while last + 1 <= high - low and sums[last + 1] == best:
        last += 1
    return low + (first + last) // 2


def _habit(view: SeatView) -> int:
    """The fixed-habit heuristic's action (``HeuristicBot(adapt=False)``): the players of a fit."""
    phase = view.phase
    if phase is Phase.AUCTION:
        if view.rules.strain_auction:
            return strain_to_bid(view.seat, view.hand, view.legal, view.bids, view.rules)
        return contract_to_bid(view.seat, view.hand, view.legal, view.contract, view.bids,
                               view.rules, *BASE_MARGINS)
    if phase is not Phase.PLAY:
        take, suit = bid_to_make(BASE_THRESHOLDS.take, view.hand, view.turned,
                                 phase is Phase.BIDDING_2, legal_bid_pairs(view.legal), view.rules)
        return ID_PASS if not take else ID_TAKE if suit < 0 else ID_TAKE_SUIT + suit
    return play_choice_id(view)


def _value(deal: Deal, action: int, seat: int, players: Sequence[Callable[[SeatView], int]]) -> float:
    """``seat``'s side score less the other side's once ``action`` is made and the deal played out.

    The value of [`Deal.side_value`][belote.deal.Deal.side_value], as a rollout values an option.
    """
    child = deal.copy()
    child.apply_id(action)
    child.play_out(players, skip_forced=True)
    return child.side_value(seat)


def _decision_points(rules: Rules, decks: int, seed: int) -> dict[str, list[tuple[int, float]]]:
    """Per fitted field, the ``(count, bid's value less pass's)`` pairs of the decks' decisions."""
    players = [_habit] * rules.default_players
    found: dict[str, list[tuple[int, float]]] = {"take": [], "suit": [], "nt": [], "at": []}
    names = ("suit", "nt", "at")
    strain = rules.strain_auction
    n = rules.default_players
    for i in range(decks):
        deal = Deal.random(rules, seed=seed + i, dealer=i % n)
        while deal.phase in (Phase.BIDDING_1, Phase.AUCTION):
            seat = deal.to_act
            assert seat is not None
            view = deal.seat_view(seat)
            legal = view.legal
            if strain:
                bids = view.bids
                _, bidder, _ = strains_of_bids(bids)
                if bidder < 0 or (bidder - seat) % 2:
                    passed = _value(deal, ID_PASS, seat, players)
                    for mode in rules.auction.strains:
                        action = ID_BID_STRAIN + int(mode)
                        if legal >> action & 1:
                            count = strain_count(seat, view.hand, int(mode), bids)
                            gain = _value(deal, action, seat, players) - passed
                            found[names[strain_class(int(mode))]].append((count, gain))
            elif legal >> ID_TAKE & 1 and legal >> ID_PASS & 1 and view.turned >= 0:
                hand = view.hand | (1 << view.turned if rules.taker_takes_turned else 0)
                count = hand_strength(hand, view.turned >> 3) + (0 if rules.has_contract else 10)
                gain = _value(deal, ID_TAKE, seat, players) - _value(deal, ID_PASS, seat, players)
                found["take"].append((count, gain))
            deal.apply_id(_habit(view))
    return found


def _raw(rules: Rules, decks: int, seed: int) -> dict[str, int]:
    """The fitted values themselves (before the shift from the reference)."""
    if rules.has_auction and not rules.strain_auction:
        return dict(zip(("bid", "coinche", "surcoinche"), bidding_margins(rules), strict=True))
    points = _decision_points(rules, decks, seed)
    return {name: best_cut(points[name]) for name in fitted_fields(rules)}


def _reference(rules: Rules) -> Rules:
    """The rules whose fit is read as the tuned thresholds: the variant's registered defaults, or its kind's built-in."""
    try:
        own = get_rules(rules.name)
    except BeloteError:
        own = None
    if (own is not None and own.bidding is rules.bidding
            and own.default_players == rules.default_players):
        return own
    return get_rules(_REFERENCE[rules.bidding])


def fit_thresholds(rules: Rules, decks: int = FIT_DECKS, seed: int = FIT_SEED) -> Thresholds:
    """Fit the heuristic's thresholds under ``rules`` on ``decks`` seeded decks (see the module's text).

    The same arguments give the same thresholds on any machine. The fields
    ``rules``' bidding does not read ([`fitted_fields`][belote.agents.fitting.fitted_fields])
    keep ``BASE_THRESHOLDS``' values.

    Args:
        rules: the rule set.
        decks: how many seeded decks (1 to 100,000).
        seed: the first deck's seed.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a count out of range.
    """
    rules = instance(rules, Rules, "rules")
    decks, seed = whole(decks, "decks", 1, 100_000), whole(seed, "seed")
    if rules.has_auction and not rules.strain_auction:
        margins = bidding_margins(rules)  # already read as a shift from contrée's defaults
        return BASE_THRESHOLDS._replace(bid=margins.bid, coinche=margins.coinche,
                                        surcoinche=margins.surcoinche)
    reference = _reference(rules)
    if reference == rules:
        return BASE_THRESHOLDS  # the fit less itself: the tuned thresholds
    mine = _raw(rules, decks, seed)
    key = (id(reference), decks, seed)
    found = _RAW.get(key)
    if found is None or found[0] is not reference:
        found = _RAW[key] = (reference, _raw(reference, decks, seed))
    base = found[1]
    fields = {
        name: max(0, min(MAX_THRESHOLD, getattr(BASE_THRESHOLDS, name) + mine[name] - base[name]))
        for name in mine
    }
    return BASE_THRESHOLDS._replace(**fields)


_RAW: dict[tuple[int, int, int], tuple[Rules, dict[str, int]]] = {}
"""The reference fits, by (rules identity, decks, seed): each reference is fitted once."""
_SHIPPED: list[dict[str, Thresholds]] = []
_CACHE: dict[int, tuple[Rules, Thresholds]] = {}
_BY_SPEC: dict[str, Thresholds] = {}


def shipped_thresholds() -> dict[str, Thresholds]:
    """The shipped fits, by canonical variant spec (``thresholds.json``; read once).

    Only a file fitted with ``FIT_DECKS`` decks from ``FIT_SEED`` counts
    (else the dictionary is empty and every rule set is fitted on first use).
    """
    if not _SHIPPED:
        text = resources.files("belote.agents").joinpath("thresholds.json").read_text("utf-8")
        document = json.loads(text)
        found: dict[str, Thresholds] = {}
        if document.get("decks") == FIT_DECKS and document.get("seed") == FIT_SEED:
            for spec, fields in document["thresholds"].items():
                found[spec] = BASE_THRESHOLDS._replace(**fields)
        _SHIPPED.append(found)
    return dict(_SHIPPED[0])


def thresholds(rules: Rules) -> Thresholds:
    """The heuristic's bidding thresholds under ``rules``: shipped, or fitted on first use and kept.

    A rule set whose canonical spec ([`spec_of`][belote.rules.specs.spec_of])
    is in the shipped data gets those thresholds; any other is fitted by
    [`fit_thresholds`][belote.agents.fitting.fit_thresholds] with
    ``FIT_DECKS`` decks from ``FIT_SEED``, once per process.

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``.
    """
    found = _CACHE.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    rules = instance(rules, Rules, "rules")
    try:
        spec = spec_of(rules)
    except BeloteError:  # a custom layout no spec says: fitted, kept by identity only
        spec = ""
    value = _BY_SPEC.get(spec) if spec else None
    if value is None:
        value = shipped_thresholds().get(spec) if spec else None
        if value is None:
            value = fit_thresholds(rules)
        if spec:
            _BY_SPEC[spec] = value
    if len(_CACHE) >= 256:
        _CACHE.clear()
    _CACHE[id(rules)] = (rules, value)
    return value
