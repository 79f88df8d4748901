"""How bots bid under a variant's rules: the contract value, coinche and surcoinche rates of their auctions.

A contract auction (contrée) is played by the bots on seeded decks and
stopped when the auction ends (the cards are not played): each deck gives one
[`Auction`][belote.experiments.bidding.Auction], the contract's value (the
variant's ``contract.capot_value`` for capot, 0 when every seat passed), and
whether it was coinched or surcoinched. Two rule sets on the same decks
give paired figures ([`bidding_shift`][belote.experiments.bidding.bidding_shift]),
which is how `tests/test_bidding_adapts.py` shows that a bot's bidding
follows the scoring, and how `benchmarks/bidding.py` reports a bot's rates.

>>> from belote.rules import get_rules
>>> found = auctions(get_rules("contree"), ["heuristic"] * 4, decks=3, seed=1)
>>> len(found), all(a.value >= 0 for a in found)
(3, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from belote.actions import (
    ID_BID,
    ID_BID_CAPOT,
    ID_BID_STRAIN,
    ID_COINCHE,
    ID_DOUBLE,
    ID_REDOUBLE,
    ID_REREDOUBLE,
    ID_SURCOINCHE,
    action_id,
)
from belote.agents import act
from belote.agents.registry import make_bot
from belote.deal import Deal, Phase
from belote.deal.auction import bid_of_id
from belote.deal.codes import CAPOT_BID
from belote.errors import InvalidArgument
from belote.experiments.intervals import Effect, paired_interval
from belote.rules import Rules
from belote.rules.checks import instance, sequence, whole

__all__ = ["Auction", "auctions", "bidding_shift"]


@attrs.frozen
class Auction:
    """The end of one contract auction.

    Attributes:
        value: the contract's value (capot: the variant's capot value), 0 when nobody bid
            or in a strain auction (its contracts have no value).
        coinched: whether the contract was coinched (doubled, in a strain auction),
            surcoinched ones included.
        surcoinched: whether it was surcoinched (redoubled; re-redoubled ones included).
        strain: the contract's strain (0..3 a suit, 4 no-trumps, 5 all-trumps), -1 when nobody bid.
    """

    value: int
    coinched: bool
    surcoinched: bool
    strain: int = -1


def auctions(rules: Rules, bots: Sequence[str], decks: int, seed: int = 0) -> list[Auction]:
    """The auctions of ``decks`` seeded decks (``Deal.random(rules, seed=seed + i, dealer=i % 4)``).

    Args:
        rules: a variant with an auction (of contracts, contrée, or of strains, bulgarian).
        bots: one bot spec per seat (fresh bots for each deck).
        decks: how many decks.
        seed: the first deck's seed.

    Raises:
        InvalidArgument: a variant without a contract auction, or a bad count.
        InvalidArgumentType: an argument of the wrong type.
    """
    rules = instance(rules, Rules, "rules")
    if not rules.has_auction:
        raise InvalidArgument(f"{rules.name} has no contract auction")
    specs = [instance(spec, str, "bots") for spec in sequence(bots, "bots")]
    decks, seed = whole(decks, "decks", 0), whole(seed, "seed")
    found: list[Auction] = []
    for i in range(decks):
        deal = Deal.random(rules, seed=seed + i, dealer=i % len(specs), players=len(specs))
        agents = [make_bot(spec) for spec in specs]
        while deal.phase is Phase.AUCTION:
            seat = deal.to_act
            assert seat is not None
            act(deal, agents[seat])
        value, coinched, surcoinched, strain = 0, False, False, -1
        for i_action in map(action_id, deal.history):
            if ID_BID <= i_action < ID_BID_CAPOT + 6:
                bid, strain = bid_of_id(i_action)
                value = rules.contract.capot_value if bid == CAPOT_BID else bid
                coinched = surcoinched = False  # a higher bid stands undoubled
            elif ID_BID_STRAIN <= i_action < ID_DOUBLE:
                strain = i_action - ID_BID_STRAIN
                coinched = surcoinched = False
            coinched = coinched or i_action in (ID_COINCHE, ID_DOUBLE)
            surcoinched = surcoinched or i_action in (ID_SURCOINCHE, ID_REDOUBLE, ID_REREDOUBLE)
        found.append(Auction(value, coinched or surcoinched, surcoinched, strain))
    return found


def bidding_shift(before: Sequence[Auction], after: Sequence[Auction]) -> dict[str, Effect]:
    """The paired shifts from ``before`` to ``after`` (the same decks): ``value``, ``coinche`` and ``surcoinche``.

    ``value`` is the mean change of the contract's value in points; the
    other two the change of the share of decks coinched (surcoinched), and
    ``all_trumps``, ``no_trumps`` and ``passed`` the change of the share of
    decks played in all-trumps, in no-trumps and passed out, each
    with its 95% interval ([`paired_interval`][belote.experiments.intervals.paired_interval]).

    Raises:
        InvalidArgument: the two lists differ in length.
    """
    before = [instance(a, Auction, "before") for a in sequence(before, "before")]
    after = [instance(a, Auction, "after") for a in sequence(after, "after")]
    if len(before) != len(after):
        raise InvalidArgument("bidding_shift compares auctions of the same decks")
    shifts: dict[str, Effect] = {}
    for name, read in (("value", lambda a: a.value), ("coinche", lambda a: int(a.coinched)),
                       ("surcoinche", lambda a: int(a.surcoinched)),
                       ("all_trumps", lambda a: int(a.strain == 5)),
                       ("no_trumps", lambda a: int(a.strain == 4)),
                       ("passed", lambda a: int(a.strain < 0))):
        diffs = [read(b) - read(a) for a, b in zip(before, after, strict=True)]
        shifts[name] = paired_interval(sum(diffs), sum(d * d for d in diffs), len(diffs))
    return shifts
