"""A seat's [`Observation`][belote.deal.Observation] as JSON, and back: what an engine receives.

The form the engine protocol ``belote-engine/1`` sends at each decision
(docs/engines.md#the-observation): cards written as in records (``"10H"``),
actions as in records (``"2 play JH"``), suits by their letter, the variant
by its canonical spec. [`observation_from_json`][belote.records.observation.observation_from_json]
reads it back to the very same observation.

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=3, dealer=0)
>>> doc = observation_json(deal.observation(1))
>>> doc["seat"], doc["phase"], doc["turned"], len(doc["hand"])
(1, 'bidding-1', '7S', 5)
>>> observation_from_json(doc) == deal.observation(1)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from belote.actions import Action
from belote.cards import Card, CardSet, Suit
from belote.deal import Observation, Phase
from belote.errors import BeloteError, InvalidArgument, shown
from belote.rules import get_rules
from belote.rules.checks import instance
from belote.rules.specs import spec_of
from belote.scoring.announcements import Declaration, classify

__all__ = ["observation_from_json", "observation_json"]


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _declaration(declaration: Declaration) -> dict[str, object]:
    return {"seat": declaration.seat, "cards": _cards(declaration.combination.cards)}


def observation_json(observation: Observation) -> dict[str, object]:
    """What a seat may know, as the JSON object an engine receives (docs/engines.md#observation).

    Cards are written as in records (``"10H"``), actions as in records
    (``"2 play JH"``), suits by their letter; ``variant`` is the variant's
    canonical spec, so an engine knows every knob that changed.
    [`observation_from_json`][belote.records.observation.observation_from_json] reads it back.

    Raises:
        InvalidArgumentType: ``observation`` is not an ``Observation``.
    """
    instance(observation, Observation, "observation")

    o = observation
    return {
        "seat": o.seat,
        "players": o.players,
        "dealer": o.dealer,
        "variant": spec_of(o.rules),
        "phase": o.phase.value,
        "to_act": o.to_act,
        "hand": _cards(o.hand),
        "turned": None if o.turned is None else str(o.turned),
        "table_card": None if o.table_card is None else str(o.table_card),
        "bottom": None if o.bottom is None else str(o.bottom),
        "trump": None if o.trump is None else str(o.trump),
        "taker": o.taker,
        "bids": [str(action) for action in o.bids],
        "swapped": o.swapped,
        "tricks": [{"leader": leader, "cards": _cards(cards), "winner": winner}
                   for (leader, cards), winner in zip(o.tricks, o.trick_winners, strict=True)],
        "trick": _cards(o.trick),
        "trick_leader": o.trick_leader,
        "own_declarations": [_declaration(d) for d in o.own_declarations],
        "declarations": [_declaration(d) for d in o.declarations],
        "scoring_declarations": (None if o.scoring_declarations is None
                                 else [_declaration(d) for d in o.scoring_declarations]),
        "belote_calls": list(o.belote_calls),
        "card_points": list(o.card_points),
        "tricks_won": list(o.tricks_won),
        "called_out": o.called_out,
        "totals": list(o.totals),
        "target": o.target,
        "pending": o.pending,
        "history": [str(action) for action in o.history],
    }


class _Reader:
    """Reads the fields of one JSON object, naming the field at fault."""

    def __init__(self, doc: object, what: str) -> None:
        if not isinstance(doc, dict):
            raise InvalidArgument(f"{what}: expected a JSON object, not {shown(doc)}")
        self.doc: dict[str, object] = doc
        self.what = what

    def fail(self, key: str, expected: str) -> InvalidArgument:
        return InvalidArgument(f"{self.what}: {key}: expected {expected}, "
                               f"not {shown(self.doc.get(key))}")

    def get(self, key: str) -> object:
        if key not in self.doc:
            raise InvalidArgument(f"{self.what}: {key}: missing")
        return self.doc[key]

    def number(self, key: str, optional: bool = False) -> int | None:
        value = self.get(key)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, "a whole number" + (" or null" if optional else ""))
        return value

    def seat(self, key: str) -> int:
        value = self.number(key)
        assert value is not None
        return value

    def ints(self, key: str) -> tuple[int, ...]:
        value = self.get(key)
        if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise self.fail(key, "a list of whole numbers")
        return tuple(value)

    def text(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise self.fail(key, "text")
        return value

    def card(self, key: str, optional: bool = False) -> Card | None:
        value = self.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self.fail(key, "a card such as 'JH'")
        try:
            return Card.parse(value)
        except BeloteError as exc:
            raise InvalidArgument(f"{self.what}: {key}: {exc}") from None

    def cards(self, key: str, value: object = None) -> tuple[Card, ...]:
        value = self.get(key) if value is None else value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, "a list of cards")
        try:
            return tuple(Card.parse(v) for v in value)
        except BeloteError as exc:
            raise InvalidArgument(f"{self.what}: {key}: {exc}") from None

    def actions(self, key: str) -> tuple[Action, ...]:
        value = self.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, "a list of actions such as '2 play JH'")
        try:
            return tuple(Action.parse(v) for v in value)
        except BeloteError as exc:
            raise InvalidArgument(f"{self.what}: {key}: {exc}") from None


def _declarations(read: _Reader, key: str, rules_name: str) -> tuple[Declaration, ...]:
    value = read.get(key)
    if not isinstance(value, list):
        raise read.fail(key, "a list of declarations")
    out = []
    for item in value:
        part = _Reader(item, f"{read.what}: {key}")
        try:
            combination = classify(part.cards("cards"), get_rules(rules_name))
        except BeloteError as exc:
            raise InvalidArgument(f"{read.what}: {key}: {exc}") from None
        out.append(Declaration(part.seat("seat"), combination))
    return tuple(out)


def observation_from_json(doc: object) -> Observation:
    """Read back what [`observation_json`][belote.records.observation.observation_json] wrote.

    What ``belote engine serve`` does with each decision, so that an
    in-process agent behind the protocol sees the very observation it would
    have seen at the table.

    Raises:
        InvalidArgument: a missing field or a bad value, naming the field.
        UnknownVariant: the variant is not known here.
    """
    read = _Reader(doc, "observation")
    rules = get_rules(read.text("variant"))
    phase_text = read.text("phase")
    phases = {phase.value: phase for phase in Phase}
    if phase_text not in phases:
        raise read.fail("phase", "one of " + ", ".join(phases))
    trump_text = read.get("trump")
    try:
        trump = None if trump_text is None else Suit.parse(str(trump_text))
    except BeloteError as exc:
        raise InvalidArgument(f"observation: trump: {exc}") from None
    tricks_doc = read.get("tricks")
    if not isinstance(tricks_doc, list):
        raise read.fail("tricks", "a list of tricks")
    tricks, winners = [], []
    for item in tricks_doc:
        trick = _Reader(item, "observation: tricks")
        tricks.append((trick.seat("leader"), trick.cards("cards")))
        winners.append(trick.seat("winner"))
    scoring = read.get("scoring_declarations")
    turned = read.card("turned", optional=rules.has_auction)
    return Observation(
        seat=read.seat("seat"),
        players=read.seat("players"),
        dealer=read.seat("dealer"),
        variant=rules.name,
        phase=phases[phase_text],
        to_act=read.number("to_act", optional=True),
        hand=CardSet(read.cards("hand")),
        turned=turned,
        table_card=read.card("table_card", optional=True),
        bottom=read.card("bottom", optional=True),
        trump=trump,
        taker=read.number("taker", optional=True),
        bids=read.actions("bids"),
        swapped=read.number("swapped", optional=True),
        tricks=tuple(tricks),
        trick_winners=tuple(winners),
        trick=read.cards("trick"),
        trick_leader=read.number("trick_leader", optional=True),
        own_declarations=_declarations(read, "own_declarations", spec_of(rules)),
        declarations=_declarations(read, "declarations", spec_of(rules)),
        scoring_declarations=(None if scoring is None
                              else _declarations(read, "scoring_declarations", spec_of(rules))),
        belote_calls=read.ints("belote_calls"),
        card_points=read.ints("card_points"),
        tricks_won=read.ints("tricks_won"),
        called_out=read.number("called_out", optional=True),
        totals=read.ints("totals"),
        target=read.seat("target"),
        pending=read.seat("pending"),
        rules=rules,
        history=read.actions("history"),
    )
