"""What happened in a deal, as events the page words in the reader's language.

[`report`][belote.records.narration.report] tells a deal in English sentences for
the terminal; the page needs the same story as data, to put it in English,
French or Italian through its message catalogues
([`belote.web.i18n`][belote.web.i18n]). [`deal_events`][belote.web.events.deal_events]
reads the deal's history, declarations and tricks (nothing is decided here:
every fact is the deal's own) into events such as
``{"key": "play", "seat": 1, "card": "JH"}``, each with the message key
``log.KEY`` of the catalogues. [`choice_json`][belote.web.events.choice_json]
describes a menu choice the same way.

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=1)
>>> _ = deal.apply("1 take")
>>> deal_events(deal)[0] == {"key": "take", "seat": 1, "suit": deal.turned.suit.letter, "at": 1}
True
"""

from __future__ import annotations

import re
from typing import Final

from belote.actions import Action, Verb
from belote.cards import SUIT_WORDS, CardSet, Suit
from belote.deal import Deal, Phase
from belote.deal.observation import reredoubler, standing_contract
from belote.rules import CallingOut
from belote.scoring.announcements import Combination, find_combinations
from belote.tables.commands import forced_pass

__all__ = [
    "DOUBLINGS", "auction_json", "bid_json", "call_json", "choice_json", "combination_json", "deal_events",
    "forced_pass", "mode_of", "refusal_json", "stop_word", "strain_json",
]

Event = dict[str, object]

DOUBLINGS: Final = {Verb.COINCHE: 1, Verb.SURCOINCHE: 2, Verb.DOUBLE: 1, Verb.REDOUBLE: 2,
                    Verb.REREDOUBLE: 3}
"""The calls that double the standing contract, by their doubling level: contrée's coinche and
surcoinche, a strain auction's double and redouble (docs/bulgarian.md#the-auction)."""


def mode_of(deal: Deal) -> int | None:
    """The deal's mode, as the card tables number it: a suit (0-3), no-trumps (4), all-trumps (5).

    ``None`` while no trump is fixed (``Deal.trump`` is ``None`` in NT and AT
    too: the strain names them, docs/bulgarian.md#trump-modes).

    >>> deal = Deal.random("bulgarian", seed=1, dealer=3)
    >>> mode_of(deal) is None, deal.trump is None
    (True, True)
    """
    strain = deal.strain
    return None if strain is None else int(strain)


def strain_json(deal: Deal) -> dict[str, object] | None:
    """What the cards are played in, for the page: ``{"code": "NT", "suit": None}`` or ``{"code": "H", "suit": "H"}``.

    ``None`` while no trump is fixed; ``suit`` is the trump suit of a suit
    contract, ``None`` in no-trumps and all-trumps (docs/bulgarian.md#trump-modes).
    """
    strain = deal.strain
    if strain is None:
        return None
    suit = strain.suit
    return {"code": strain.letter, "suit": None if suit is None else suit.letter}


def combination_json(combination: Combination, deal: Deal) -> dict[str, object]:
    """A combination for the page: its kind (``tierce``, ``cinquante``, ``cent``, ``carré``), top card, points, cards."""
    return {
        "kind": combination.kind_name,
        "top": str(combination.top),
        "rank": combination.rank.text,
        "points": combination.points(deal.rules),
        "cards": [str(card) for card in combination.cards],
    }


def stop_word(deal: Deal) -> str:
    """``callout`` where the leader calls out (piedicavallo), ``jarrete`` where one stops the deal (french)."""
    return "callout" if deal.rules.calling_out is CallingOut.LEADER_MASTER else "jarrete"


def bid_json(action: Action) -> dict[str, object]:
    """A bid's contract for the page: ``{"value": 90, "capot": False, "strain": "H"}`` (``value`` ``None`` for capot).

    A strain auction's bid names a strain alone: its ``value`` is 0
    (as the library's ``Contract`` has it), its strain a suit, ``NT`` or ``AT``.

    >>> bid_json(Action.parse("1 bid capot S")), bid_json(Action.parse("2 bid NT"))
    ({'value': None, 'capot': True, 'strain': 'S'}, {'value': 0, 'capot': False, 'strain': 'NT'})
    """
    strain = action.strain
    assert strain is not None  # a bid names its strain
    return {"value": action.value, "capot": action.value is None, "strain": strain.letter}


def call_json(action: Action, deal: Deal) -> dict[str, object]:
    """One call of an auction, as every seat heard it: ``{"seat": 1, "verb": "bid", "value": 90, ...}``."""
    entry: dict[str, object] = {"seat": action.seat, "verb": action.verb.value}
    if action.verb is Verb.BID:
        entry.update(bid_json(action))
    elif action.verb in DOUBLINGS:
        entry["multiplier"] = deal.rules.auction.multiplier(DOUBLINGS[action.verb])
    return entry


def auction_json(deal: Deal, seat: int) -> dict[str, object] | None:
    """A contract auction as seat ``seat`` heard it (``None`` for a variant that bids around a turned card).

    ``contract`` is the standing contract (``None`` before any bid): its
    value (``None`` and ``capot`` true for a capot bid), strain, bidder,
    doubling (0 as bid, 1 coinched, 2 surcoinched, 3 re-redoubled), multiplier,
    coincher, surcoincher (and in a strain auction reredoubler); ``calls`` every call in order; ``values``, ``capot`` and
    ``strains`` what the variant lets a bid name (the bidding box's buttons:
    which ones are legal now are the choices'); ``open`` whether the auction
    is still going on. ``strain_auction`` is true for an auction of strains
    alone (``bulgarian``, docs/bulgarian.md#the-auction): its bids have no
    value (``values`` is empty, ``capot`` false), its strains run from clubs
    to all-trumps, and ``double`` and ``redouble`` take coinche's places.

    >>> deal = Deal.random("contree", seed=1, dealer=3)
    >>> _ = deal.apply("0 bid 90 H"); _ = deal.apply("1 coinche")
    >>> doc = auction_json(deal, 2)
    >>> doc["contract"]["value"], doc["contract"]["strain"], doc["contract"]["multiplier"], len(doc["calls"])
    (90, 'H', 2, 2)
    >>> deal = Deal.random("bulgarian", seed=1, dealer=3)
    >>> _ = deal.apply("0 bid NT"); _ = deal.apply("1 double")
    >>> doc = auction_json(deal, 2)
    >>> doc["contract"]["strain"], doc["contract"]["multiplier"], doc["strains"], doc["values"]
    ('NT', 2, ['C', 'D', 'H', 'S', 'NT', 'AT'], [])
    """
    rules = deal.rules
    if not rules.has_auction:
        return None
    terms = rules.auction
    calls = deal.observation(seat).bids
    contract: dict[str, object] | None = None
    found = standing_contract(calls)
    if found is not None:
        bid, coincher, surcoincher = found
        third = reredoubler(calls)
        doubling = (3 if third is not None else 2 if surcoincher is not None
                    else 1 if coincher is not None else 0)
        contract = {"seat": bid.seat, **bid_json(bid), "doubling": doubling,
                    "multiplier": terms.multiplier(doubling), "coincher": coincher,
                    "surcoincher": surcoincher}
        if rules.strain_auction:  # the third level (auction.reredouble)
            contract["reredoubler"] = third
    strains = rules.strain_auction
    return {
        "contract": contract,
        "calls": [call_json(action, deal) for action in calls],
        "strain_auction": strains,
        "values": [] if strains else list(terms.values),
        "capot": terms.capot and not strains,
        "strains": [strain.letter for strain in terms.strains],
        "open": not deal.is_over and deal.phase is Phase.AUCTION,
    }


def _action_event(action: Action, deal: Deal, rebelote: bool) -> Event | None:
    seat, verb = action.seat, action.verb
    if verb is Verb.PASS:
        return {"key": "pass", "seat": seat}
    if verb is Verb.TAKE:
        suit = _turned_suit(deal) if action.suit is None else action.suit
        return {"key": "take", "seat": seat, "suit": suit.letter}
    if verb is Verb.SWAP:
        return {"key": "swap", "seat": seat, "card": str(deal.turned)}
    if verb is Verb.KEEP:
        return {"key": "keep", "seat": seat}
    if verb is Verb.BID:
        return {"key": "bid", "seat": seat, **bid_json(action)}
    if verb in DOUBLINGS:
        return {"key": verb.value, **call_json(action, deal)}
    if verb is Verb.PLAY:
        said = None if not action.belote else "rebelote" if rebelote else "belote"
        return {"key": "play", "seat": seat, "card": str(action.cards[0]), "belote": said}
    if verb is Verb.STOP:
        return {"key": "stop_" + stop_word(deal), "seat": seat}
    return None  # declarations: told with their combinations below


def deal_events(deal: Deal) -> list[Event]:
    """The deal so far as events, in the order they happened: actions, declarations, tricks won, the combinations that score.

    The deal is replayed from its deck, action by action, and after each
    one the declarations, tricks and scoring combinations it brought are
    told; each event's ``at`` is the number of actions applied by then.
    """
    replay = Deal(deal.rules, list(deal.deck), deal.dealer, deal.players,
                  totals=deal.totals, target=deal.target, pending=deal.pending)
    events: list[Event] = []
    declared = tricks = 0
    scored = False
    said: set[int] = set()
    for at, action in enumerate(deal.history, 1):
        forced = action.verb is Verb.PASS and forced_pass(replay, action.seat) is not None
        replay.apply(action)
        start = len(events)
        event = _action_event(action, replay, action.seat in said)
        if event is not None and forced:
            event["forced"] = True  # the only call there was: made for a person (forced_pass)
        if action.belote:
            said.add(action.seat)
        if event is not None:
            events.append(event)
        for declaration in replay.declarations[declared:]:
            events.append({"key": "declare", "seat": declaration.seat,
                           "combination": combination_json(declaration.combination, replay)})
        declared = len(replay.declarations)
        strength = mode_of(replay)
        winners = replay.trick_winners
        for number in range(tricks, len(winners)):
            points = sum(card.points(strength) for card in replay.tricks[number][1])
            if number == replay.tricks_per_deal - 1:
                points += replay.rules.last_trick_bonus
            events.append({"key": "trick", "number": number + 1, "seat": winners[number],
                           "points": points})
        tricks = len(winners)
        if not scored and replay.scoring_declarations is not None:
            scored = True
            if replay.declarations:
                events.append({"key": "scoring", "combinations": [
                    {"seat": d.seat, **combination_json(d.combination, replay)}
                    for d in replay.scoring_declarations]})
        for event in events[start:]:
            event["at"] = at
    return events


def choice_json(index: int, action: Action, deal: Deal) -> dict[str, object]:
    """A menu choice as data for the page to word: verb, suit, card, combination, belote."""
    entry: dict[str, object] = {"index": index, "verb": action.verb.value}
    if action.verb is Verb.TAKE:
        suit = _turned_suit(deal) if action.suit is None else action.suit
        entry["suit"] = suit.letter
        entry["turned"] = action.suit is None
    elif action.verb is Verb.SWAP:
        entry["card"] = str(deal.turned)
    elif action.verb is Verb.BID:
        entry.update(bid_json(action))
    elif action.verb in DOUBLINGS:
        entry["multiplier"] = call_json(action, deal)["multiplier"]
    elif action.verb is Verb.DECLARE:
        if action.cards:
            combos = find_combinations(CardSet(action.cards), deal.rules)
        else:
            combos = find_combinations(CardSet.from_mask(deal.hand_mask(action.seat)), deal.rules)
        entry["all"] = not action.cards
        entry["combinations"] = [combination_json(c, deal) for c in combos]
    elif action.verb is Verb.PLAY:
        entry["card"] = str(action.cards[0])
        if action.belote:
            said = deal.observation(action.seat).belote_calls[action.seat]
            entry["belote"] = "rebelote" if said else "belote"
    elif action.verb is Verb.STOP:
        side = deal.side(action.seat)
        so_far = deal.points_so_far(side)
        entry["word"] = stop_word(deal)
        entry["totals"] = {"match": deal.totals[side], "deal": so_far,
                           "sum": deal.totals[side] + so_far, "target": deal.target,
                           "enough": deal.rules.reached_target(deal.totals[side] + so_far,
                                                               deal.target)}
    return entry


_SUIT_LETTERS: Final = {word: "SHDC"[k] for k, word in enumerate(SUIT_WORDS)}
_REFUSALS: Final = (
    (re.compile(r"does not follow suit: must follow (\w+)"), "follow", ("suit",)),
    (re.compile(r"trump was led and a trump higher than (\w+) must be played"), "trump_higher",
     ("card",)),
    (re.compile(r"must overtrump (\w+) with a higher trump"), "overtrump", ("card",)),
    (re.compile(r"void in (\w+): must overtrump (\w+) \(or undertrump\)"), "void_overtrump",
     ("suit", "card")),
    (re.compile(r"void in (\w+): must trump"), "void_trump", ("suit",)),
    (re.compile(r"seat (\d+) has first to swap or keep the 7 of trump"), "swap_first", ("seat",)),
)


def refusal_json(reason: str) -> dict[str, object]:
    """Why a card may not be played, as a message key and its values (``why.KEY``), from the engine's reason.

    >>> refusal_json("7S does not follow suit: must follow hearts, the led suit")
    {'key': 'follow', 'suit': 'H'}
    >>> refusal_json("something else")
    {'key': 'other', 'text': 'something else'}
    """
    for pattern, key, names in _REFUSALS:
        found = pattern.search(reason)
        if found:
            doc: dict[str, object] = {"key": key}
            for name, value in zip(names, found.groups(), strict=True):
                doc[name] = (_SUIT_LETTERS.get(value, value) if name == "suit"
                             else int(value) if name == "seat" else value)
            return doc
    return {"key": "other", "text": reason}


def _turned_suit(deal: Deal) -> Suit:
    """The turned card's suit (a take of the turned suit exists only where a card is turned)."""
    turned = deal.turned
    assert turned is not None
    return turned.suit
