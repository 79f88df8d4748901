"""The heuristic agent: [`HeuristicBot`][belote.agents.HeuristicBot], bidding and playing by table sense."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Final

from belote.actions import (
    ID_PASS,
    ID_TAKE,
    ID_TAKE_SUIT,
    Action,
    Verb,
    action_id,
)
from belote.agents import cardplay
from belote.agents.cardplay import (
    bid_to_make,
    card_to_play,
    contract_of_bids,
    contract_to_bid,
    legal_bid_pairs,
    play_choice_id,
)
from belote.agents.fitting import BASE_THRESHOLDS, thresholds
from belote.agents.strains import strain_to_bid
from belote.agents.thresholds import BASE_MARGINS
from belote.cards import mode_points
from belote.deal import Observation, Phase, SeatView
from belote.deal.observation import standing_contract
from belote.errors import InvalidArgument
from belote.rules import Rules
from belote.rules.checks import instance, whole

__all__ = ["HeuristicBot", "hand_strength", "observation_mode"]


def hand_strength(hand: int, trump: int) -> int:
    """A simple point count of a hand (a card mask) for taking with ``trump`` as trump suit.

    [`cardplay.hand_strength`][belote.agents.cardplay.hand_strength] once its
    arguments are checked (a door before compiled code).

    >>> from belote.cards import CardSet
    >>> hand_strength(CardSet.parse("JH 9H AH").mask, 1)
    45

    Raises:
        InvalidArgumentType: ``hand`` or ``trump`` is not a whole number.
        InvalidArgument: ``hand`` is not a card mask, or ``trump`` not 0..3.
    """
    return cardplay.hand_strength(whole(hand, "hand", 0, (1 << 32) - 1), whole(trump, "trump", 0, 3))


def observation_mode(observation: Observation) -> int:
    """The trump mode of an observation in the play phase: a suit (0..3), no-trumps (4), all-trumps (5).

    [`Observation.trump`][belote.deal.Observation] is ``None`` in no-trumps and
    all-trumps; the standing contract's strain says which
    (docs/bulgarian.md#trump-modes).

    Raises:
        InvalidArgument: no trump and no contract (the trump is not fixed yet).
        InvalidArgumentType: ``observation`` is not an ``Observation``.
    """
    observation = instance(observation, Observation, "observation")
    if observation.trump is not None:
        return int(observation.trump)
    found = standing_contract(observation.bids)
    if found is None or found[0].strain is None:
        raise InvalidArgument("the trump mode is fixed only once a contract stands")
    return int(found[0].strain)


_PLAY: Final = Phase.PLAY  # read once: a member read through its class costs ~100 ns on 3.11
_BIDDING_2: Final = Phase.BIDDING_2
_AUCTION: Final = Phase.AUCTION



MAX_TAKE_THRESHOLD: Final = 300
"""The highest ``take_threshold`` (no hand reaches it: the bot never takes)."""


class HeuristicBot:
    """A player that bids and plays by the usual table sense.

    - Bidding around a turned card: takes when [`hand_strength`][belote.agents.bots.hand_strength] of its hand (with the turned
      card when the taker gets it) reaches ``take_threshold``
      (``threshold - 10`` in a variant without contract, where taking only
      names the trump); in round 2 it names its best suit when that reaches
      the threshold plus 5.
    - Bidding contracts (contrée): bids the level its count of the side's
      points reaches, raises its partner's strain, coinches a contract it
      expects to beat, surcoinches rarely
      ([`contract_to_bid`][belote.agents.cardplay.contract_to_bid]).
    - Declares all its combinations before its first card and always
      announces belote and rebelote; swaps the 7 of trump when allowed.
    - Leading: the attack draws trumps with the master trump (the taker also
      with a small one when he holds at least as many as are out); then
      master cards, most points first; else its cheapest card, keeping
      unguarded tens.
    - Following: when the partner holds the trick safely (last to play, or
      no unseen card can beat it), it gives points without wasting trumps;
      else it wins with a sure card when it can, ruffs low, contests a trick
      worth ten points or more, and otherwise plays its cheapest card.
    - Calls out (``stop``) only when [`claim_holds`][belote.deal.Deal.claim_holds]
      and, for the attack, once the contract can no longer fail.

    Args:
        take_threshold: the [`hand_strength`][belote.agents.bots.hand_strength] needed to
            take, a whole number from 0 to ``MAX_TAKE_THRESHOLD`` (300).
        adapt: bid by the thresholds of the rules played (the default:
            [`thresholds`][belote.agents.fitting.thresholds], shipped for the
            built-in variants and their disputed readings, fitted on first use
            for any other rule set, docs/bots.md#thresholds-from-the-rules);
            ``False``: the thresholds tuned under the built-in variants' default
            rules whatever the rules (the bot of earlier versions).

    Raises:
        InvalidArgument: a threshold that is not such a number, or ``adapt`` not a truth value.
    """

    __slots__ = ("adapt", "take_threshold")

    skip_forced: ClassVar[bool] = True
    """Deterministic and without memory: need not be asked when one action is legal."""

    def __init__(self, take_threshold: int = 34, adapt: bool = True) -> None:
        if (
            isinstance(take_threshold, bool)
            or not isinstance(take_threshold, int)
            or not 0 <= take_threshold <= MAX_TAKE_THRESHOLD
        ):
            raise InvalidArgument(
                f"take_threshold must be a whole number from 0 to {MAX_TAKE_THRESHOLD}, "
                f"not {take_threshold!r}"
            )
        if not isinstance(adapt, bool):
            raise InvalidArgument(f"adapt must be true or false, not {adapt!r}")
        self.take_threshold = take_threshold
        self.adapt = adapt

    def start_deal(self, rng: random.Random) -> None:
        """Nothing to do: the heuristic bot is deterministic."""

    # --- the fast path ----------------------------------------------------------------

    def choose_id(self, view: SeatView) -> int:
        """Bid, swap, declare, call out or play one card, from the seat's [`SeatView`][belote.deal.SeatView]."""
        phase = view.phase
        if phase is _AUCTION:
            return self.contract_choice(view.seat, view.hand, view.legal, view.contract,
                                        view.bids, view.rules)
        if phase is not _PLAY:
            take, suit = self.bid_choice(view.hand, view.turned, view.phase is _BIDDING_2,
                                         legal_bid_pairs(view.legal), view.rules)
            if not take:
                return ID_PASS
            return ID_TAKE if suit < 0 else ID_TAKE_SUIT + suit
        return play_choice_id(view)

    # --- decisions on plain values (shared by both paths) -------------------------------

    def bid_choice(
        self,
        hand: int,
        turned: int,
        second_round: bool,
        legal: Sequence[tuple[bool, int]],
        rules: Rules,
    ) -> tuple[bool, int]:
        """The bid to make: ``(take, suit)`` as in [`legal_bids`][belote.deal.Deal.legal_bids].

        Args:
            hand: the bidder's card mask.
            turned: the turned card's index.
            second_round: whether this is bidding round 2.
            legal: the legal bids.
            rules: the variant.

        The rule is [`bid_to_make`][belote.agents.cardplay.bid_to_make]
        (compiled with the core) with this bot's ``take_threshold``, moved
        by what the rules' fitted threshold differs from the tuned one
        ([`thresholds`][belote.agents.fitting.thresholds]; not when
        ``adapt`` is off); a subclass overrides this method to bid otherwise.
        """
        threshold = self.take_threshold
        if self.adapt:
            threshold = max(0, threshold + thresholds(rules).take - BASE_THRESHOLDS.take)
        return bid_to_make(threshold, hand, turned, second_round, legal, rules)

    def contract_choice(
        self,
        seat: int,
        hand: int,
        legal: int,
        contract: tuple[int, int, int, int],
        bids: Sequence[tuple[int, int]],
        rules: Rules,
    ) -> int:
        """The action id to take in a contract auction (contrée): bid, coinche, surcoinche or pass.

        The arguments are those of
        [`contract_to_bid`][belote.agents.cardplay.contract_to_bid], which does
        the work (compiled with the core): it bids the level its estimate of
        the side's points reaches, raises its partner's strain when it
        supports it, coinches a contract it expects to beat and surcoinches
        rarely, by the margins of ``rules``
        ([`thresholds`][belote.agents.fitting.thresholds], from
        [`bidding_margins`][belote.agents.thresholds.bidding_margins]; the
        tuned ones when ``adapt`` is off). In a strain auction (``bulgarian``) it calls
        [`strain_to_bid`][belote.agents.strains.strain_to_bid] instead, with
        the suit, no-trumps and all-trumps thresholds fitted for ``rules``: the
        strain its count supports, a double, a rare redouble, an escape from
        a double, or a pass. A subclass overrides this method to bid otherwise.
        """
        if rules.strain_auction:  # bulgarian: strains without values, double, redouble
            found = thresholds(rules) if self.adapt else BASE_THRESHOLDS
            return strain_to_bid(seat, hand, legal, bids, rules, (found.suit, found.nt, found.at))
        if not self.adapt:
            return contract_to_bid(seat, hand, legal, contract, bids, rules, *BASE_MARGINS)
        found = thresholds(rules)
        return contract_to_bid(seat, hand, legal, contract, bids, rules,
                               found.bid, found.coinche, found.surcoinche)

    def card_choice(
        self,
        *,
        seat: int,
        players: int,
        partners: bool,
        hand: int,
        legal: int,
        trick: Sequence[int],
        leader: int,
        trump: int,
        taker: int,
        played: int,
    ) -> int:
        """The card to play, as an index among the bits of ``legal``.

        The arguments are those of
        [`card_to_play`][belote.agents.cardplay.card_to_play], which does the
        work (compiled with the core); a subclass overrides this method to
        play otherwise.
        """
        return card_to_play(
            seat, players, partners, hand, legal, trick, leader, trump, taker, played
        )

    # --- the Agent path ---------------------------------------------------------------

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The same decisions from an observation (the [`Agent`][belote.game.Agent] path)."""
        verbs = {action.verb for action in legal}
        if Verb.SWAP in verbs:
            return next(action for action in legal if action.verb is Verb.SWAP)
        if Verb.KEEP in verbs:  # pragma: no cover - keep comes only with swap
            return next(action for action in legal if action.verb is Verb.KEEP)
        rules = observation.rules  # its own rules: a plug-in need not be registered
        seat = observation.seat
        hand = observation.hand.mask
        if observation.phase is Phase.AUCTION:
            ids = {action_id(action): action for action in legal}
            mask = 0
            for i in ids:
                mask |= 1 << i
            heard = tuple((action.seat, action_id(action)) for action in observation.bids)
            return ids[self.contract_choice(seat, hand, mask, contract_of_bids(heard), heard, rules)]
        if observation.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            bids = [
                (action.verb is Verb.TAKE, -1 if action.suit is None else int(action.suit))
                for action in legal
            ]
            assert observation.turned is not None  # take-or-pass turns a card
            take, suit = self.bid_choice(
                hand, observation.turned.index, observation.phase is Phase.BIDDING_2, bids, rules
            )
            return legal[bids.index((take, suit))]
        for action in legal:
            if action.verb is Verb.DECLARE and not action.cards:
                return action
        if Verb.STOP in verbs and self._observation_claim(observation, rules):
            return next(action for action in legal if action.verb is Verb.STOP)
        plays = [action for action in legal if action.verb is Verb.PLAY]
        mask = 0
        for action in plays:
            mask |= action.card.bit
        played = 0
        for _, cards in observation.tricks:
            for c in cards:
                played |= c.bit
        for c in observation.trick:
            played |= c.bit
        assert observation.taker is not None
        assert observation.trick_leader is not None
        card = self.card_choice(
            seat=seat,
            players=observation.players,
            partners=rules.partnerships and observation.players == 4,
            hand=hand,
            legal=mask,
            trick=[c.index for c in observation.trick],
            leader=observation.trick_leader,
            trump=observation_mode(observation),
            taker=observation.taker,
            played=played,
        )
        options = [action for action in plays if action.card.index == card]
        return max(options, key=lambda action: action.belote)

    @staticmethod
    def _observation_claim(observation: Observation, rules: Rules) -> bool:
        """Whether a claim holds and is safe, from what the seat sees."""
        n = observation.players
        partners = rules.partnerships and n == 4

        def side(seat: int) -> int:
            return seat % 2 if partners else seat

        def so_far(s: int) -> int:
            total = observation.card_points[s]
            for declaration in observation.scoring_declarations or ():
                if side(declaration.seat) == s:
                    total += declaration.points(rules)
            for seat, calls in enumerate(observation.belote_calls):
                if calls == 2 and side(seat) == s:
                    total += rules.belote_value
            return total

        mine = side(observation.seat)
        if not rules.reached_target(observation.totals[mine] + so_far(mine), observation.target):
            return False
        if rules.has_contract and observation.taker is not None and side(observation.taker) == mine:
            remaining = (mode_points(observation_mode(observation)) - sum(observation.card_points)
                         + rules.last_trick_bonus)
            threat = max(so_far(s) for s in range(len(observation.totals)) if s != mine)
            return so_far(mine) > threat + remaining + rules.belote_value
        return True

    def __repr__(self) -> str:
        extra = "" if self.adapt else ", adapt=False"
        return f"HeuristicBot(take_threshold={self.take_threshold}{extra})"
