"""The heuristic's contract-bidding margins, derived from the variant's own contract scoring.

The [`HeuristicBot`][belote.agents.HeuristicBot] bids a contract some points
below its estimate of its side's points, coinches a contract it expects to
fall some points short and surcoinches one it expects to make with points to
spare ([`contract_to_bid`][belote.agents.cardplay.contract_to_bid]). How far
is worth it depends on what a contract scores, made and failed, plain and
coinched: a table that scores the bid only loses less when it overbids, and
one that scores the points made only gains nothing by bidding higher.

[`bidding_margins`][belote.agents.thresholds.bidding_margins] reads that from
the rules: it scores, with the public [`score_tally`][belote.scoring.score_tally],
the deal's outcome for every split of the card points and every contract
value, weighs the splits by a normal error of ``ESTIMATE_ERROR`` points
around the bot's estimate (the residual spread of its estimate against
double-dummy values), and finds

- the level that maximises the expected score difference of the bidding
  side, for estimates from 90 to 150: the margin is the mean of estimate
  minus that level;
- the attack's expected points below which a coinche has the better
  expectation for the defence, for contracts from 80 to 120;
- the expected points above which a surcoinche has the better expectation
  for the attack.

Each derived margin is then read as a shift from the same derivation under
contrée's default scoring, added to the margin tuned by duels there
(25, 15 and 30): the default reading bids exactly as before, another
reading moves by what its scoring changes. Computed once per
[`Rules`][belote.rules.Rules] value (a few hundred scorings) and cached.

>>> from belote.rules import rules_from_spec
>>> default = bidding_margins(rules_from_spec("contree()"))
>>> default
BidMargins(bid=25, coinche=15, surcoinche=30)
>>> bidding_margins(rules_from_spec("contree(contract.scoring=bid-only)")).bid < default.bid
True
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from belote.actions import Strain
from belote.cards import Suit
from belote.errors import InvalidTally
from belote.rules import Rules
from belote.rules.checks import instance
from belote.scoring import Contract, Tally, score_tally

__all__ = ["BASE_MARGINS", "ESTIMATE_ERROR", "MAX_MARGIN", "BidMargins", "bidding_margins"]

ESTIMATE_ERROR: Final = 30
"""The spread, in card points, of the heuristic's estimate of its side's points (its fit's residual)."""

MAX_MARGIN: Final = 80
"""The widest margin derived (a scoring that pays nothing for a higher bid asks for the lowest)."""


class BidMargins(NamedTuple):
    """How far below or above its estimate the heuristic bids, coinches and surcoinches, in card points.

    Attributes:
        bid: points below its estimate of its side's points the bot bids.
        coinche: points below the contract the attack must be expected to fall for a coinche.
        surcoinche: points above a coinched contract its side must be expected to make to surcoinche.
    """

    bid: int
    coinche: int
    surcoinche: int


BASE_MARGINS: Final = BidMargins(25, 15, 30)
"""The margins tuned in duels under contrée's default scoring (docs/contree.md#bots)."""

_SPLITS: Final = tuple(range(2, 151, 4))
"""The attack's card points (without the last trick) scored: every fourth value from 2 to 150."""

_CACHE: dict[int, tuple[Rules, BidMargins]] = {}
_REFERENCE: list[tuple[float, float, float]] = []


def _deal_score(rules: Rules, attack_points: int, value: int, doubling: int) -> float | None:
    """The attack's deal score minus the defence's, for a contract of ``value`` making these points."""
    last = 0 if attack_points >= 76 else 1
    tricks = max(1, min(7, round(attack_points / 19)))
    tally = Tally(
        taker=0, trump=Suit.HEARTS, tricks=(tricks, 8 - tricks),
        card_points=(attack_points, 152 - attack_points), last_trick=last, dealer=3, players=4,
        contract=Contract(value, Strain.HEARTS, doubling=doubling),
    )
    try:
        scores = score_tally(tally, rules).scores
    except InvalidTally:  # a reading whose tally checks refuse this split: left out
        return None
    return float(scores[0] - scores[1])


def _weights(mean: float) -> list[float]:
    """Normal weights of the attack's points (last trick included) around ``mean``."""
    raw = []
    for a in _SPLITS:
        points = a + (10 if a >= 76 else 0)
        raw.append(math.exp(-0.5 * ((points - mean) / ESTIMATE_ERROR) ** 2))
    total = sum(raw)
    return [w / total for w in raw]


def _expected(table: list[float | None], weights: list[float]) -> float:
    total, mass = 0.0, 0.0
    for score, w in zip(table, weights, strict=True):
        if score is not None:
            total += score * w
            mass += w
    return total / mass if mass else 0.0


def _raw_margins(rules: Rules) -> tuple[float, float, float]:
    """The margins the scoring alone gives (before the shift from the default reading)."""
    auction = rules.auction
    values = [v for v in auction.values if v <= 160]
    tables = {
        (v, d): [_deal_score(rules, a, v, d) for a in _SPLITS]
        for v in values for d in (0, 1, 2)
    }
    bid_gaps = []
    for estimate in range(90, 151, 10):
        weights = _weights(estimate)
        best = max(values, key=lambda v: (_expected(tables[v, 0], weights), -v))
        bid_gaps.append(estimate - best)
    coinche_gaps, surcoinche_gaps = [], []
    for v in (x for x in values if 80 <= x <= 120):
        coinche_gaps.append(v - _crossing(tables[v, 0], tables[v, 1], v, below=True))
        surcoinche_gaps.append(_crossing(tables[v, 1], tables[v, 2], v, below=False) - v)
    return (sum(bid_gaps) / len(bid_gaps), sum(coinche_gaps) / len(coinche_gaps),
            sum(surcoinche_gaps) / len(surcoinche_gaps))


def _crossing(plain: list[float | None], doubled: list[float | None], value: int,
              below: bool) -> float:
    """The expected attack points at which doubling starts to pay the side that doubles.

    ``below``: the defence doubles (it gains when the attack's expectation is
    low): the highest expectation at which doubling is better for it.
    Otherwise the attack redoubles: the lowest expectation at which it is.
    """
    steps = [value - 80 + 2 * k for k in range(81)] if below else [value + 2 * k for k in range(81)]
    if below:
        steps.reverse()  # from the highest expectation down
    for mean in steps:
        weights = _weights(mean)
        gain = _expected(doubled, weights) - _expected(plain, weights)
        if (below and gain < 0) or (not below and gain > 0):
            return float(mean)
    return float(steps[-1])


def bidding_margins(rules: Rules) -> BidMargins:
    """The heuristic's bid, coinche and surcoinche margins under ``rules``' contract scoring.

    See the module's text for the derivation. A variant without a contract
    auction gets [`BASE_MARGINS`][belote.agents.thresholds.BASE_MARGINS].
    Each margin is bounded to 0..``MAX_MARGIN``.

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``.
    """
    rules = instance(rules, Rules, "rules")
    found = _CACHE.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if not rules.has_auction or rules.strain_auction or not rules.partnerships:
        margins = BASE_MARGINS
    else:
        if not _REFERENCE:
            from belote.rules import get_rules

            _REFERENCE.append(_raw_margins(get_rules("contree")))
        reference = _REFERENCE[0]
        raw = _raw_margins(rules)
        margins = BidMargins(*(
            max(0, min(MAX_MARGIN, round(base + mine - ref)))
            for base, mine, ref in zip(BASE_MARGINS, raw, reference, strict=True)
        ))
    if len(_CACHE) >= 256:
        _CACHE.clear()
    _CACHE[id(rules)] = (rules, margins)
    return margins
