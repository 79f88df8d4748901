"""What the adapters pay at the end of a deal: zero-sum returns between sides, or the raw scores.

Shared by [`belote.adapters.env`][belote.adapters.env] and [`belote.adapters.openspiel`][belote.adapters.openspiel]; no extra
needed. A learning agent is best served by returns that sum to zero and lie in a fixed
range: [`deal_returns`][belote.adapters.returns.deal_returns] gives each seat its side's score
minus the other sides' (their mean with three players), divided by
[`score_bound`][belote.adapters.returns.score_bound], a bound of one side's deal score computed
from the variant's knobs; ``"raw"`` gives the scores themselves
(``DealResult.scores``, rules §7, docs/rules.md#scoring).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from belote.cards import CardSet
from belote.errors import InvalidArgument
from belote.rules import CapotRule, Contest, Rules, get_rules
from belote.rules.checks import instance
from belote.scoring import FULL_CARD_POINTS, side_count, tricks_per_deal
from belote.scoring.announcements import Combination, Kind

if TYPE_CHECKING:
    from belote.deal import Deal

__all__ = ["RETURNS", "deal_returns", "score_bound"]



RETURNS: Final = ("zero_sum", "raw")
"""The kinds of returns the adapters pay: see [`deal_returns`][belote.adapters.returns.deal_returns]."""


def _run_value(rules: Rules, length: int) -> int:
    return Combination(Kind.RUN, CardSet.from_mask((1 << length) - 1)).points(rules)


def score_bound(rules: Rules | str, players: int | None = None) -> int:
    """A bound on one side's score of one deal without litige points carried in (rules §7, docs/rules.md#scoring).

    The sum of: the most a side can get for the cards (card points and last trick, a
    capot, a failed contract's defence points, a reverse capot, rounding); the most its
    declarations can score (rules §6, docs/rules.md#announcement-contest: one side's
    seats, or every seat's when carrés never compete or a failed attack forfeits them to
    the defence; each seat at most its best carrés and runs in a hand, all seats at most
    the deck's carrés and runs); and the belote. Not every deal can reach it: it is the
    scale of the zero-sum returns, which then lie in [-1, 1].

    A strain auction's deal (``bulgarian``) is scored in game points: the bound is too.

    >>> score_bound("classic"), score_bound("french", 3), score_bound("contree"), score_bound("bulgarian")
    (272, 782, 1022, 549)

    Raises:
        InvalidArgument: an unknown variant or player count.
    """
    rules = get_rules(rules)
    n = rules.default_players if players is None else rules.check_players(players)
    return _score_bound(rules, n)


def _contract_bound(rules: Rules) -> int:
    """The most a side can get for the cards and its contract in an auction (docs/contree.md#scoring).

    A made coinched contract's points, a failed one's, or all the card points (a capot
    with its value), plus the highest contract's value at the highest multiplier; or a
    flat capot bonus or flat coinche, times the multiplier.
    """
    auction, terms = rules.auction, rules.contract
    multiplier = max(auction.multiplier(level) for level in range(4 if auction.reredouble else 3))
    top = max(auction.highest, terms.capot_value if auction.capot else 0)
    cards = max(
        FULL_CARD_POINTS + rules.last_trick_bonus + (rules.round_to or 0), rules.capot_value,
        terms.coinched_points, terms.failed_points,
    )
    flat = max(terms.capot_bonus or 0, terms.coinched_flat or 0) * multiplier
    # with round_to, every contract score is rounded, up by less than a step
    return max(cards + top * multiplier, flat) + (rules.round_to or 0)


def _strain_bound(rules: Rules, declarations: int) -> int:
    """The most a side can get in one deal of a strain auction, in game points (docs/bulgarian.md#scoring).

    Every point of the deal (all-trumps' cards and last trick, or no-trumps' doubled,
    whichever is more, the valat, the declarations, a belote in every suit) at the
    highest multiplier, divided by ten and rounded up, plus one for the rounding.
    """
    auction = rules.auction
    multiplier = max(auction.multiplier(level) for level in range(4 if auction.reredouble else 3))
    cards = max(248 + rules.last_trick_bonus, 2 * (120 + rules.last_trick_bonus))
    total = cards + rules.game_points.valat_bonus + declarations + 4 * rules.belote_value
    return -(-total * multiplier // 10) + 1


@functools.lru_cache(maxsize=64)
def _score_bound(rules: Rules, n: int) -> int:
    last = rules.last_trick_bonus
    if rules.has_auction:
        cards = _contract_bound(rules)
    elif rules.capot_rule is CapotRule.PLAYER_ALL_TRICKS:
        cards = FULL_CARD_POINTS + last + max(rules.capot_value, rules.capot_split_value)
    else:
        cards = max(
            rules.capot_value, rules.reverse_capot_value, rules.failed_defence_points,
            FULL_CARD_POINTS + last + (rules.round_to or 0), rules.rounded_total,
        )
    declarations = 0
    if rules.contest is not Contest.NONE:
        best = [0] * 10  # best[k]: the most runs of k cards may score
        for k in range(3, 10):
            best[k] = max([best[k - 1]] + [_run_value(rules, m) + best[k - m] for m in range(3, min(k, 8) + 1)])
        carres = sorted(rules.carre_values.values(), reverse=True)
        hand = tricks_per_deal(rules)
        per_seat = sum(carres[: hand // 4]) + best[min(hand, 9)]
        sides = side_count(rules, n)
        seats = n if rules.contest is Contest.PER_CLASS else n // sides
        declarations = min(seats * per_seat, sum(carres) + 4 * best[8])
    if rules.strain_auction:
        return _strain_bound(rules, declarations)
    return cards + declarations + rules.belote_value


def deal_returns(deal: Deal, returns: str = "zero_sum") -> list[float]:
    """Each seat's return of a finished deal: zero-sum between sides, or the raw scores.

    ``"zero_sum"``: the seat's side's score minus the mean of the other sides' scores
    (with two sides: minus the other side's), divided by
    [`score_bound`][belote.adapters.returns.score_bound] plus the litige points the deal started
    with (``deal.pending``, which the winner may collect): every return lies in
    [-1, 1], partners receive the same, and the returns of a table sum to 0.
    ``"raw"``: the seat's side's score (``DealResult.scores``), from 0 to that bound.

    >>> import random
    >>> from belote.deal import Deal
    >>> from belote.adapters.tensor import Table
    >>> table, rng = Table(Deal.random("classic", seed=1)), random.Random(1)
    >>> while table.seat is not None:
    ...     table.apply(rng.choice(table.legal_ids()))
    >>> returns = deal_returns(table.deal)
    >>> sum(returns), returns[0] == returns[2] == -returns[1]
    (0.0, True)

    Raises:
        InvalidArgument: ``returns`` is not one of [`RETURNS`][belote.adapters.returns.RETURNS].
        IllegalAction: the deal is not over.
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``returns`` not text.
    """
    from belote.deal import Deal

    instance(deal, Deal, "deal")
    if instance(returns, str, "returns") not in RETURNS:
        raise InvalidArgument(f"returns must be one of {', '.join(RETURNS)}, not {returns!r}")
    scores = deal.result.scores
    sides = len(scores)
    if returns == "raw":
        per_side = [float(score) for score in scores]
    else:
        scale = score_bound(deal.rules, deal.players) + deal.pending
        total = sum(scores)
        per_side = [(score - (total - score) / (sides - 1)) / scale for score in scores]
    return [per_side[deal.side(seat)] for seat in range(deal.players)]
