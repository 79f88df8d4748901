"""The deals the conformance corpus draws its questions from, and the questions that cover each rule.

[`belote.experiments.corpus`][belote.experiments.corpus] makes the corpus's
files from [`played_deals`][belote.experiments.corpus_questions.played_deals];
for every situation of [`SITUATIONS`][belote.experiments.coverage.SITUATIONS]
a table lacks, the ``cover_*`` makers here look for a question of it among
more played deals (a position, a deal, an illegal action, an offence), and
[`late_swaps`][belote.experiments.corpus_questions.late_swaps] writes the seven
swap after the first card (003 "Toute carte vue, empêche cette faveur").
Every question is drawn from seeded bots: the same seed, the same lines.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final

from belote.actions import Action, Verb
from belote.agents import HeuristicBot, RandomBot, play_deal
from belote.cards import Card, Rank, Suit
from belote.deal import Deal, Observation, Phase
from belote.errors import InvalidRecord, InvalidTally
from belote.experiments.coverage import (
    SITUATIONS,
    deal_situations,
    illegal_kind,
    legal_situations,
    situations_of,
)
from belote.records import score_document, tally_to_json
from belote.records.replay import replay_document
from belote.rules import get_rules
from belote.rules.checks import instance, whole_or_none
from belote.rules.checks import whole as whole_number

__all__ = [
    "COVER_DEALS",
    "auction_illegal",
    "cover_deals",
    "cover_illegal",
    "cover_legal",
    "cover_lenient",
    "cover_tallies",
    "late_swaps",
    "played_deals",
    "record_of",
]

_Line = dict[str, object]


class _PatientRandomBot:
    """A random bot that passes half the time in a strain auction, then draws as ``RandomBot``.

    Random bids only climb, to all-trumps nearly always: passing more often lets
    the suit and no-trumps contracts be played too.
    """

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A pass on a coin toss while the auction runs, else the random bot's draw."""
        passes = [action for action in legal if action.verb is Verb.PASS]
        if observation.phase is Phase.AUCTION and passes and self.bot.rng.random() < 0.5:
            return passes[0]
        return self.bot.choose(observation, legal)


def played_deals(spec: str, players: int, seed: int, count: int, start: int = 0) -> list[Deal]:
    """Deals ``start`` to ``count - 1`` of a table played to the end: heuristic and random bots, seeded.

    Two deals in three seat the heuristic bot at seats 0 and 2 and random
    bots at 1 and 3; the third is played by random bots only. In a strain
    auction (``bulgarian``) the random bots pass half the time while the
    auction runs: random bids only climb, to all-trumps nearly always, and
    passing lets suit and no-trumps contracts be played too.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: ``players`` not a table of ``spec``, ``count`` or ``start`` out of 0..100,000.
        UnknownVariant: ``spec`` names no variant.
    """
    rules = get_rules(instance(spec, str, "spec"))
    rules.check_players(players)
    whole_number(seed, "seed")
    count, start = whole_number(count, "count", 0, 100_000), whole_number(start, "start", 0, 100_000)
    deals = []
    for index in range(start, count):
        rng = random.Random(f"{seed}:{spec}:{players}:{index}")
        deal = Deal.random(spec, seed=rng.getrandbits(64), players=players)
        random_bot = _PatientRandomBot if rules.strain_auction else RandomBot
        if index % 3 == 2:
            bots: list[object] = [random_bot(rng.getrandbits(32)) for _ in range(players)]
        else:
            bots = [HeuristicBot() if seat % 2 == 0 else random_bot(rng.getrandbits(32))
                    for seat in range(players)]
        play_deal(deal, bots)  # type: ignore[arg-type]  # every one an agent
        deals.append(deal)
    return deals


def record_of(deal: Deal, upto: int | None = None) -> dict[str, object]:
    """The deal's record as the corpus writes it (no ``finished``, no ``lenient``), its first ``upto`` actions.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``upto`` not a whole number.
    """
    whole_or_none(upto, "upto", 0)
    record = instance(deal, Deal, "deal").to_record()
    record.pop("finished", None)
    record.pop("lenient", None)
    if upto is not None:
        record["actions"] = list(record["actions"])[:upto]  # type: ignore[call-overload]
    return record


COVER_DEALS: Final = 400
"""Deals a table may play, beyond those of every file, to find a question of each situation."""


def _needed(spec: str, players: int, prefix: str) -> list[str]:
    """The situations of ``prefix`` the table must hold."""
    rules = get_rules(spec)
    return [s.key for s in SITUATIONS if s.key.startswith(prefix) and s.applies(rules, players)]


def _value_auction(spec: str) -> bool:
    """Whether the table bids values (``contree``): ``auction_illegal`` writes its refused auctions."""
    rules = get_rules(spec)
    return rules.has_auction and not rules.strain_auction


def _walk(spec: str, players: int, seed: int) -> Iterator[tuple[int, int, Deal, Deal]]:
    """Every point of the table's played deals: ``(deal number, action index, the deal there, the whole deal)``.

    The deal there is a fresh copy at each point; the deals are played one
    by one, so a caller that stops early plays no more.
    """
    for number in range(COVER_DEALS):
        (whole,) = played_deals(spec, players, seed, number + 1, number)
        deal = Deal(whole.rules, [str(card) for card in whole.deck], whole.dealer, whole.players)
        for at, action in enumerate(whole.history):
            yield number, at, deal.copy(), whole
            deal.apply(action)


def cover_legal(seed: int, spec: str, players: int, found: set[str]) -> Iterator[_Line]:
    """A position of each ``legal/...`` situation of the table that the random positions missed."""
    wanted = [key for key in _needed(spec, players, "legal/") if key not in found]
    for number, at, deal, whole in _walk(spec, players, seed):
        if not wanted:
            return
        record = {**record_of(whole), "actions": [str(a) for a in whole.history[:at]]}
        line: _Line = {"id": "", "record": record, "position": deal.position(),
                       "to_act": deal.to_act, "legal": [str(a) for a in deal.legal_actions()]}
        got = situations_of("legal.jsonl", line)
        for key in wanted:
            if key in got:
                wanted.remove(key)
                yield {**line, "id": f"{spec}/{players}/{number}/at-{at}/{key.split('/')[1]}"}
                break  # one line a position


def cover_deals(seed: int, spec: str, players: int, found: set[str]) -> Iterator[_Line]:
    """A deal of each ``deals/...`` situation of the table that the played deals missed.

    Capots, litiges and runs of both teams (and in an auction of values,
    contracts made and failed, coinched or not, and capot bids) are looked
    for among more played deals; a call-out (or j'arrête), right and wrong,
    is made where the rules offer it, and the deal goes on as it was played
    (or, where it cannot, is played out by random bots); a deal nobody bids
    is the first deal's cards with every seat passing.
    """
    wanted = [key for key in _needed(spec, players, "deals/") if key not in found]
    if "deals/all-pass" in wanted:
        wanted.remove("deals/all-pass")
        yield from _all_pass(seed, spec, players)
    calls = [key for key in wanted if key.startswith("deals/stop-")]
    wanted = [key for key in wanted if key not in calls]
    number = 0
    while wanted and number < COVER_DEALS:
        (deal,) = played_deals(spec, players, seed, number + 1, number)
        for key in sorted(deal_situations(deal) & set(wanted)):
            wanted.remove(key)
            record = record_of(deal)
            yield {"id": f"{spec}/{players}/{number}/{key.split('/')[1]}", "record": record,
                   "result": replay_document(record)}
            break
        number += 1
    if not calls:
        return
    for number, at, deal, whole in _walk(spec, players, seed):
        seat = deal.to_act
        if not calls:
            return
        if seat is None or not deal.can(Action.stop(seat)):
            continue
        for key in list(calls):
            # Right: the caller's side stands one point short of the target before the deal.
            short = deal.target - 1 if key == "deals/stop-right" else 0
            totals = [short if side == deal.side(seat) else 0 for side in range(deal.sides)]
            called = Deal(deal.rules, [str(card) for card in deal.deck], deal.dealer, players,
                          totals=totals)
            called.apply_all(whole.history[:at])
            called.apply(Action.stop(seat))
            for action in whole.history[at:]:
                if called.is_over or not called.can(action):
                    break
                called.apply(action)
            bot = RandomBot(number)
            while not called.is_over:
                mover = called.to_act
                assert mover is not None
                called.apply(bot.choose(called.observation(mover), called.legal_actions()))
            if key in deal_situations(called):
                calls.remove(key)
                record = record_of(called)
                yield {"id": f"{spec}/{players}/{number}/at-{at}/{key.split('/')[1]}",
                       "record": record, "result": replay_document(record)}


def _all_pass(seed: int, spec: str, players: int) -> Iterator[_Line]:
    """The first played deal's cards and dealer, every seat passing: nobody plays, the next dealer deals."""
    (first,) = played_deals(spec, players, seed, 1)
    deal = Deal(first.rules, [str(card) for card in first.deck], first.dealer, first.players)
    while (seat := deal.to_act) is not None and deal.can(Action.pass_(seat)):
        deal.apply(Action.pass_(seat))
    if "deals/all-pass" in deal_situations(deal):
        record = record_of(deal)
        yield {"id": f"{spec}/{players}/0/all-pass", "record": record, "result": replay_document(record)}


def _bad_action(deal: Deal, key: str) -> Action | None:
    """An action of the ``illegal/...`` situation ``key`` at this point, if the seat to act may commit one."""
    seat = deal.to_act
    if seat is None:
        return None
    hand = list(deal.hand(seat))
    bids = [action for action in deal.history if action.verb is Verb.BID]
    if key == "illegal/bid-not-higher" and deal.phase.value == "auction" and bids:
        return Action.parse(f"{seat} bid {bids[-1].strain}")  # the standing strain again
    if (key == "illegal/double-own-side" and deal.phase.value == "auction" and bids
            and deal.side(bids[-1].seat) == deal.side(seat)):
        return Action.parse(f"{seat} double")
    if (key == "illegal/bid-after-coinche" and deal.phase.value == "auction" and bids
            and bids[-1].strain is not None and any(a.verb is Verb.COINCHE for a in deal.history)):
        return Action.bid(seat, None, bids[-1].strain)  # capot: higher than any value
    if key == "illegal/declaration" and any(a.verb is Verb.DECLARE for a in deal.legal_actions()):
        return Action.declare(seat, hand[:3])
    if key == "illegal/round-2-turned-suit" and deal.phase.value == "bidding-2" and deal.turned:
        return Action.take(seat, deal.turned.suit)
    if key == "illegal/false-belote" and deal.trump is not None:
        for card in hand:
            if card.rank in (Rank.KING, Rank.QUEEN) and deal.can(Action.play(seat, card)):
                return Action.play(seat, card, belote=True)
        return None
    if key not in ("illegal/no-overtrump", "illegal/no-undertrump") or not deal.trick:
        return None
    situation = legal_situations(deal)
    trump = deal.trump
    if key == "illegal/no-overtrump" and "legal/overtrump" in situation:
        lower = [c for c in hand if c.suit == trump and not deal.can(Action.play(seat, c))]
        return Action.play(seat, lower[0]) if lower else None
    if key == "illegal/no-undertrump" and "legal/undertrump" in situation:
        plain = [c for c in hand if c.suit != trump]
        return Action.play(seat, plain[0]) if plain else None
    return None


def cover_illegal(seed: int, spec: str, players: int) -> Iterator[_Line]:
    """A record of each ``illegal/...`` situation of the table, its one illegal action refused at its index.

    An auction of values's bid not higher, coinche by the bidders and
    surcoinche by the coinchers are ``auction_illegal``'s.
    """
    wanted = [key for key in _needed(spec, players, "illegal/")
              if not (_value_auction(spec) and key.split("/")[1] in _AUCTION_OFFENCES)]
    for number, at, deal, whole in _walk(spec, players, seed):
        if not wanted:
            return
        for key in wanted:
            bad = _bad_action(deal, key)
            if bad is None or key not in illegal_kind(deal, bad):
                continue
            actions = [str(a) for a in whole.history]
            changed = {**record_of(whole), "actions": [*actions[:at], str(bad), *actions[at + 1:]]}
            try:
                replay_document(changed)
            except InvalidRecord as exc:
                if exc.index != at:
                    continue
                wanted.remove(key)
                yield {"id": f"{spec}/{players}/{number}/{key.split('/')[1]}", "record": changed,
                       "index": at, "action": str(bad), "reason": str(exc)}
                break


def _false_run(deal: Deal, seat: int) -> list[Card] | None:
    """A 7-8-9 of one suit (trump first) that ``seat`` does not hold whole: a tierce it would falsely declare."""
    held = set(deal.hand(seat))
    trump = deal.trump
    suits = [trump] + [suit for suit in Suit if suit != trump] if trump is not None else list(Suit)
    for suit in suits:
        run = [Card(Rank(r), suit) for r in range(3)]
        if not set(run) <= held:
            return run
    return None  # pragma: no cover - nobody holds the 7, 8 and 9 of every suit


def cover_lenient(seed: int, spec: str, players: int) -> Iterator[_Line]:
    """A record of each ``lenient/...`` situation of the table: a false announcement, sanctioned."""
    if "lenient/false-announcement" not in _needed(spec, players, "lenient/"):
        return
    for number, at, deal, whole in _walk(spec, players, seed):
        seat = deal.to_act
        if seat is None or not any(a.verb is Verb.DECLARE for a in deal.legal_actions()):
            continue
        run = _false_run(deal, seat)
        if run is None:
            continue
        actions = [str(a) for a in whole.history]
        changed = {**record_of(whole),
                   "actions": [*actions[:at], str(Action.declare(seat, run)), *actions[at:]]}
        try:
            result = replay_document(changed, lenient=True)
        except InvalidRecord:
            continue
        offences = result.get("offences", [])
        assert isinstance(offences, list)
        kinds = {offence["kind"] for offence in offences}
        if kinds == {"false-announcement"}:
            yield {"id": f"{spec}/{players}/{number}/false-announcement", "record": changed,
                   "result": result}
            return


def late_swaps(seed: int, spec: str, players: int, per_table: int, *, lenient: bool) -> Iterator[_Line]:
    """The holder of the 7 of trump swapping after the first card (003 "Toute carte vue, empêche cette faveur").

    From the first played deal of the table whose holder kept the 7: its
    record with the holder's ``swap`` written right after the first card.
    Read in order it is refused there (``illegal.jsonl``), or, replayed
    leniently, it is the offence, out of turn, and is not carried out
    (``lenient.jsonl``). Tables without the swap give none.
    """
    if not get_rules(spec).seven_swap:
        return
    for index, deal in enumerate(played_deals(spec, players, seed, per_table)):
        verbs = [action.verb for action in deal.history]
        if Verb.KEEP not in verbs or Verb.PLAY not in verbs:
            continue
        holder = deal.history[verbs.index(Verb.KEEP)].seat
        first = verbs.index(Verb.PLAY)
        record = record_of(deal)
        actions = list(record["actions"])  # type: ignore[call-overload]
        late = first + 1
        changed = {**record, "actions": [*actions[:late], f"{holder} swap", *actions[late:]]}
        key = f"{spec}/{players}/{index}/late-swap"
        if lenient:
            yield {"id": key, "record": changed, "result": replay_document(changed, lenient=True)}
        else:
            try:
                replay_document(changed)
            except InvalidRecord as exc:
                yield {"id": key, "record": changed, "index": exc.index,
                       "action": f"{holder} swap", "reason": str(exc)}
        return


def cover_tallies(spec: str, deals: Sequence[Deal]) -> Iterator[_Line]:
    """A tally with a penalty the variant prices, and a match of the table's first three tallies."""
    players = deals[0].players
    rules = get_rules(spec)
    tallies = [tally_to_json(deal.tally(), deal.rules) for deal in deals[:3]]  # type: ignore[arg-type]
    if rules.penalties:
        offence = next(iter(rules.penalties)).value
        tally = {**tallies[0], "penalties": [{"seat": 0, "offence": offence}]}
        yield {"id": f"{spec}/{players}/0/penalty-{offence}", "tally": tally,
               "result": score_document(tally)}
    for count in range(len(tallies), 0, -1):  # the first deals, up to the one that ends the match
        match = {"variant": spec, "target": rules.target,
                 "deals": [{key: value for key, value in tally.items() if key != "variant"}
                           for tally in tallies[:count]]}
        try:
            result = score_document(match)
        except InvalidTally:  # won before its last deal (bulgarian: 151 game points)
            continue
        yield {"id": f"{spec}/{players}/match", "tally": match, "result": result}
        return


_AUCTION_OFFENCES: Final = ("bid-not-higher", "coinche-by-the-bidders", "surcoinche-by-the-coinchers")
"""The auction's illegal records of ``illegal.jsonl``, one of each per table with an auction."""


def auction_illegal(seed: int, tables: Sequence[tuple[str, int]], per_table: int) -> Iterator[_Line]:
    """Records refused in an auction (docs/contree.md#the-auction), from the first deal of a table with a bid.

    After its first bid: the next seat bids the same value in another strain
    (a bid not higher); the next seat passes and the bidder's partner
    coinches his own side's contract; the next seat coinches, the bidder's
    partner passes and the coincher's partner surcoinches (only the coinched
    side may). Each record stops at the refused action.
    """
    for spec, players in tables:
        rules = get_rules(spec)
        if not rules.has_auction or rules.strain_auction:  # a strain auction: cover_illegal's
            continue
        for index, deal in enumerate(played_deals(spec, players, seed, per_table)):
            verbs = [action.verb for action in deal.history]
            if Verb.BID not in verbs:
                continue
            first = verbs.index(Verb.BID)
            bid = deal.history[first]
            bidder, n = bid.seat, deal.players
            other, partner = (bidder + 1) % n, (bidder + 2) % n
            record = record_of(deal)
            prefix = [str(action) for action in deal.history[: first + 1]]
            strain = next(s for s in rules.auction.strains if s != bid.strain)
            cases: tuple[tuple[list[str], str], ...] = (
                ([], str(Action.bid(other, bid.value, strain))),
                ([f"{other} pass"], f"{partner} coinche"),
                ([f"{other} coinche", f"{partner} pass"], f"{(other + 2) % n} surcoinche"),
            )
            for kind, (before, bad) in zip(_AUCTION_OFFENCES, cases, strict=True):
                actions = [*prefix, *before, bad]
                changed = {**record, "actions": actions}
                try:
                    replay_document(changed)
                except InvalidRecord as exc:
                    if exc.index == len(actions) - 1:
                        yield {"id": f"{spec}/{players}/{index}/{kind}", "record": changed,
                               "index": exc.index, "action": bad, "reason": str(exc)}
            break
