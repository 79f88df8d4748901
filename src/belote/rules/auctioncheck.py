"""The agreement of an auction variant's knobs, checked when a rules value is built.

[`check_auction`][belote.rules.auctioncheck.check_auction] is the part of the
one validator ([`check_ranges`][belote.rules.model.check_ranges]) that looks at
the groups ``auction``, ``contract``, ``play`` and ``game_points`` together
with the bidding (docs/contree.md#knobs, docs/bulgarian.md#disputes).
"""

from __future__ import annotations

from typing import Protocol

from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules.auction import AuctionRules, ContractRules
from belote.rules.gamepoints import GamePointsRules
from belote.rules.play import PlayRules
from belote.rules.policies import CallingOut

__all__ = ["AuctionVariant", "check_auction"]


class AuctionVariant(Protocol):
    """What [`check_auction`][belote.rules.auctioncheck.check_auction] reads of a [`Rules`][belote.rules.model.Rules] value."""

    @property
    def auction(self) -> AuctionRules:
        """The auction's knobs."""

    @property
    def contract(self) -> ContractRules:
        """The contract's knobs."""

    @property
    def play(self) -> PlayRules:
        """The play obligations."""

    @property
    def game_points(self) -> GamePointsRules:
        """The game points' knobs."""

    @property
    def has_auction(self) -> bool:
        """Whether contracts are bid in an auction."""

    @property
    def strain_auction(self) -> bool:
        """Whether the auction bids strains alone."""

    @property
    def completion_packets(self) -> tuple[int, ...]:
        """The packets dealt after the bidding."""

    @property
    def partnerships(self) -> bool:
        """Four players in two teams."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many may play."""

    @property
    def has_contract(self) -> bool:
        """Whether the taker's side must beat the other."""

    @property
    def seven_swap(self) -> bool:
        """Whether the 7 of trump may be swapped."""

    @property
    def calling_out(self) -> CallingOut:
        """Who may call out."""


_READ = tuple(name for name in AuctionVariant.__dict__ if not name.startswith("_"))


def check_auction(rules: AuctionVariant) -> None:
    """Check that the knobs of an auction variant agree (docs/contree.md#knobs, docs/bulgarian.md#disputes).

    Part of the one validator that runs when a [`Rules`][belote.rules.model.Rules]
    value is built ([`check_ranges`][belote.rules.model.check_ranges]).

    Raises:
        InvalidArgument: knobs that contradict each other; the message names the knob.
        InvalidArgumentType: ``rules`` is not a rules value.
    """
    missing = [name for name in _READ if not hasattr(rules, name)]
    if missing:
        raise InvalidArgumentType(f"rules: expected a rules value, got {shown(rules)}")
    for knob, kind in (("auction", AuctionRules), ("contract", ContractRules), ("play", PlayRules),
                       ("game_points", GamePointsRules)):
        if not isinstance(getattr(rules, knob), kind):
            raise InvalidArgument(
                f"knob {knob}: expected a {kind.__name__} value, not {shown(getattr(rules, knob))}"
            )
    auction = rules.auction
    if auction.reredouble and not rules.strain_auction:
        raise InvalidArgument(
            "knob auction.reredouble: a third level of doubling belongs to a strain auction "
            "(bidding=strain-auction)"
        )
    if not rules.has_auction:
        return
    if rules.completion_packets and not rules.strain_auction:
        raise InvalidArgument(
            "knob bidding: an auction of values deals every card before the bidding, so "
            "completion_packets must be empty (deal them in first_packets)"
        )
    if not rules.partnerships or rules.player_counts != (4,):
        raise InvalidArgument("knob bidding: an auction is played by four players in two teams")
    if not rules.has_contract:
        raise InvalidArgument("knob has_contract: an auction's contract is always played")
    if rules.seven_swap:
        raise InvalidArgument("knob seven_swap: an auction turns no card to swap for")
    if rules.calling_out is not CallingOut.NONE:
        raise InvalidArgument("knob calling_out: an auction variant has no calling out yet")
    if auction.step % 10 or auction.lowest % 10 or auction.highest % 10:
        raise InvalidArgument(
            f"knobs auction.lowest, auction.step, auction.highest: bid values are multiples "
            f"of 10, not {auction.lowest}, {auction.step}, {auction.highest}"
        )
    if auction.lowest > auction.highest:
        raise InvalidArgument(
            f"knob auction.lowest: {auction.lowest} is above auction.highest {auction.highest}"
        )
    if (auction.highest - auction.lowest) % auction.step:
        raise InvalidArgument(
            f"knob auction.highest: {auction.highest} is not auction.lowest {auction.lowest} "
            f"plus a whole number of steps of {auction.step}"
        )
    if auction.surcoinche and not auction.coinche:
        raise InvalidArgument("knob auction.surcoinche: there is no surcoinche without a coinche")
    if not auction.strains or len(set(auction.strains)) != len(auction.strains):
        raise InvalidArgument(
            f"knob auction.strains: expected distinct strains, not {shown(auction.strains)}"
        )
    # An auction of values may bid NT and AT as well (contract.no_trumps_points and
    # contract.all_trumps_points count them: docs/contree.md#sans-atout-and-tout-atout).
