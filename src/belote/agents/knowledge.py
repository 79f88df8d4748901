"""What a seat knows of the hands it cannot see, and deals drawn from it (the samples of [`PIMCBot`][belote.agents.pimc.PIMCBot]).

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
  [`follower_mask`][belote.tricks.follower_mask] through
  [`ruled_out`][belote.deal.viewpoint.ruled_out], the one place the
  obligations are written, so the partner-master exemption and every
  variant's obligations are honoured);
- the declarations once shown (their cards are the declarer's) and belote
  announced (the announcer holds the king and queen of trump; in
  all-trumps, of the suit of the card announced).

The play obligations are those of the contract's mode
(docs/bulgarian.md#play): in no-trumps a seat that did not follow is void
in the led suit and nothing more (there is no trump to ruff with); in
all-trumps every suit is trump, so a seat that followed without beating the
best card of the led suit holds no higher card of it.

The cards nobody is known to hold go to the hands (and, in ``french``, to
the undealt stock) card by card, each to a seat that may hold it with a
chance proportional to its empty places, never into a dead end (a Hall
condition is checked before each card is placed). That is close to, but
not exactly, the uniform distribution over consistent deals.

A sampled deal is built as a real [`Deal`][belote.deal.Deal]: a deck that deals
exactly the sampled hands under the variant's dealing procedure (the dealing
layout read backwards), then the deal's public history replayed on it, so
the engine checks again that the sample agrees with every card played.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import attrs

from belote.actions import Action, Verb
from belote.agents.heuristic import observation_mode
from belote.cards import CardSet
from belote.deal import Deal, Observation, Phase
from belote.deal.hidden import deal_cards
from belote.deal.viewpoint import ruled_out
from belote.errors import IllegalAction, InvalidArgument
from belote.rules.checks import instance
from belote.scoring.announcements import Kind
from belote.tricks import winner_index

__all__ = ["SeatKnowledge", "knowledge", "sample_deal", "sample_deals"]

_FULL = (1 << 32) - 1
_SEVEN = 0
_QUEEN = 5
_KING = 6


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
        InvalidArgumentType: ``observation`` is not an ``Observation``.
        InvalidArgument: the observation is not of the play phase.
    """
    obs = instance(observation, Observation, "observation")
    seat = obs.seat
    taker = obs.taker
    if taker is None or obs.phase is not Phase.PLAY:
        raise InvalidArgument("a seat's knowledge is read in the play phase")
    rules = obs.rules
    n = obs.players
    trump_i = observation_mode(obs)  # a suit, NO_TRUMPS or ALL_TRUMPS
    partners = rules.partnerships and n == 4
    actions: list[Action] = []
    plays: list[tuple[int, int, int, int, bool, bool]] = []  # seat, card, led, best, pib, free
    trick: list[int] = []
    declared: set[int] = set()
    barred = [0] * n  # cards a seat cannot hold, from its declarations
    held = [0] * n  # cards known to be held (before play), from declarations and belote
    seven = 8 * trump_i + _SEVEN if trump_i < 4 else -1  # the 7 of trump (a suit contract's)
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
            if action.belote:  # the pair of the card's suit: the trump, or any suit in all-trumps
                suit = card >> 3
                held[action.seat] |= (1 << (8 * suit + _KING)) | (1 << (8 * suit + _QUEEN))
        actions.append(action)
    played = [0] * n
    for who, card, *_ in plays:
        played[who] |= 1 << card
    gone = 0
    for mask in played:
        gone |= mask
    hand_size = len(obs.hand) + played[seat].bit_count()
    counts = tuple(hand_size - played[s].bit_count() for s in range(n))
    turned = -1 if obs.turned is None else obs.turned.index
    if turned < 0 or rules.has_auction:
        pass  # an auction deals every card: no turned card to place
    elif rules.taker_takes_turned:
        held[taker] |= 1 << turned
    elif obs.swapped is not None:
        held[obs.swapped] |= 1 << turned
    if (
        rules.seven_swap
        and seven >= 0
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
    forbidden = ruled_out([(who, card, -1 if free else led, best, pib)
                           for who, card, led, best, pib, free in plays],
                          unknown, known, barred, seat, trump_i, rules.play)
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
        assert obs.turned is not None  # a swap gives the turned card
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

    Raises:
        InvalidArgumentType: an argument of the wrong type.
    """
    instance(observation, Observation, "observation")
    instance(info, SeatKnowledge, "info")
    instance(rng, random.Random, "rng")
    assigned = _assign(info, rng)
    if assigned is None:
        return None
    hands, stock = assigned
    obs = observation
    try:
        auction = obs.rules.has_auction  # no turned card
        # A contract auction deals every card at once; a strain auction deals the
        # completion after it: the hands are then the declarer's (taker's) eight.
        taker = obs.taker if not auction or obs.rules.strain_auction else None
        sample = Deal.from_hands(
            obs.rules, _initial_hands(obs, hands, info), dealer=obs.dealer,
            turned=None if auction else obs.turned, taker=taker,
            players=obs.players, stock=CardSet.from_mask(stock),
            bottom=obs.bottom, totals=obs.totals, target=obs.target, pending=obs.pending,
        )
        for action in info.actions:
            sample.apply(action)
    except (IllegalAction, InvalidArgument):  # an observation the sampler does not model
        return None
    return sample
