"""A deal record read back: the fields checked, before any action is replayed.

The deal owns its record form: [`Deal.to_record`][belote.deal.Deal.to_record]
writes it and [`Deal.from_record`][belote.deal.Deal.from_record] reads it,
with this module checking the fields (docs/formats.md#deal-record) and
[`belote.records`][belote.records] reading whole match records on top.
Every refusal is an [`InvalidRecord`][belote.errors.InvalidRecord] whose
message starts with the field at fault.

>>> header = read_header({"variant": "classic", "dealer": 3, "deck": [], "actions": []})
>>> header.rules.name, header.players, header.dealer
('classic', 4, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from belote.deal.entries import OffenceRecord
from belote.errors import InvalidArgument, InvalidRecord
from belote.rules import Rules, jsonfields
from belote.rules.checks import instance, sequence, whole_or_none
from belote.rules.jsonfields import same_variant
from belote.rules.knobs import MATCH_POINTS, RANGES

__all__ = [
    "RecordHeader", "field", "obj", "offences_in_record", "read_header", "variant", "whole",
]


def _refuse(message: str, field: str) -> InvalidRecord:
    return InvalidRecord(f"{field}: {message}")


def obj(doc: object, field: str) -> Mapping[str, object]:
    """``doc`` as a JSON object, else an [`InvalidRecord`][belote.errors.InvalidRecord] naming ``field``."""
    return jsonfields.obj(doc, field, _refuse)


def field(doc: Mapping[str, object], key: str, prefix: str) -> object:
    """The field ``key`` of ``doc``; a missing one is refused, named ``prefix + key``."""
    return jsonfields.require(doc, key, prefix, _refuse)


def whole(value: object, field: str) -> int:
    """``value`` as a whole number, else refused naming ``field``."""
    return jsonfields.whole(value, field, _refuse)


def variant(value: object, field: str) -> Rules:
    """The variant a name or spec stands for, else refused naming ``field``."""
    return jsonfields.variant(value, field, _refuse)


@attrs.frozen(kw_only=True)
class RecordHeader:
    """Everything a deal record says before its actions are replayed, checked.

    Attributes:
        rules: the variant.
        players: the number of players.
        dealer: the dealer's seat.
        deck: the deck as written (checked when the deal is built).
        actions: the actions as written (checked when replayed).
        finished: the record's ``finished`` field, or ``None``.
        lenient: the record's ``lenient`` field (``False`` when absent).
        totals: match scores before the deal, or ``None``.
        target: the match target, or ``None``.
        pending: litige points waiting from earlier deals, or ``None``.
    """

    rules: Rules
    players: int
    dealer: int
    deck: list[object]
    actions: list[object]
    finished: bool | None
    lenient: bool
    totals: Sequence[int] | None
    target: int | None
    pending: int | None


def read_header(
    doc: object,
    *,
    rules: Rules | None = None,
    totals: Sequence[int] | None = None,
    target: int | None = None,
    pending: int | None = None,
    prefix: str = "",
) -> RecordHeader:
    """Check a deal record's fields (not its actions) and return them.

    Args:
        doc: the deal record (parsed JSON).
        rules: the variant when the record may leave ``variant`` out (inside a
            match record); a ``variant`` field must then name the same one.
        totals: match scores before the deal; a record's ``totals`` must agree.
        target: the match target; a record's ``target`` must agree.
        pending: litige points waiting; a record's ``pending`` must agree.
        prefix: prepended to field names in errors (``deals[2].``).

    Raises:
        InvalidRecord: a missing or bad field; the message starts with its name.
    """
    body = obj(doc, prefix.rstrip(".") or "record")
    if rules is None:
        rules = variant(field(body, "variant", prefix), f"{prefix}variant")
    elif "variant" in body:
        same_variant(body["variant"], rules, f"{prefix}variant", _refuse)
    if "players" in body:
        players = whole(body["players"], f"{prefix}players")
        try:
            rules.check_players(players)
        except InvalidArgument as exc:
            raise InvalidRecord(f"{prefix}players: {exc}") from None
    elif len(rules.player_counts) > 1:
        raise InvalidRecord(
            f"{prefix}players: missing field ({rules.name} is played by "
            + " or ".join(str(n) for n in rules.player_counts)
            + " players)"
        )
    else:
        players = rules.default_players
    dealer = whole(field(body, "dealer", prefix), f"{prefix}dealer")
    if not 0 <= dealer < players:
        raise InvalidRecord(f"{prefix}dealer: seat {dealer} is not a seat 0 to {players - 1}")
    deck = field(body, "deck", prefix)
    if not isinstance(deck, list):
        raise InvalidRecord(f"{prefix}deck: expected a list of 32 cards, got {jsonfields.kind(deck)}")
    actions = field(body, "actions", prefix)
    if not isinstance(actions, list):
        raise InvalidRecord(f"{prefix}actions: expected a list of actions, got {jsonfields.kind(actions)}")
    finished = body.get("finished")
    if finished is not None and not isinstance(finished, bool):
        raise InvalidRecord(f"{prefix}finished: expected true or false, got {jsonfields.kind(finished)}")
    said = body.get("lenient", False)
    if not isinstance(said, bool):
        raise InvalidRecord(f"{prefix}lenient: expected true or false, got {jsonfields.kind(said)}")
    totals, target, pending = _context(body, prefix, totals, target, pending)
    return RecordHeader(
        rules=rules, players=players, dealer=dealer, deck=deck, actions=actions,
        finished=finished, lenient=said, totals=totals, target=target, pending=pending,
    )


def _context(
    body: Mapping[str, object],
    prefix: str,
    totals: Sequence[int] | None,
    target: int | None,
    pending: int | None,
) -> tuple[Sequence[int] | None, int | None, int | None]:
    """The match context of a deal record: its fields, checked against the match's."""
    if "totals" in body:
        value = body["totals"]
        if not isinstance(value, list):
            raise InvalidRecord(f"{prefix}totals: expected a list of scores, got {jsonfields.kind(value)}")
        read = [whole(item, f"{prefix}totals[{k}]") for k, item in enumerate(value)]
        for k, item in enumerate(read):
            if abs(item) > MATCH_POINTS:
                raise InvalidRecord(f"{prefix}totals[{k}]: at most {MATCH_POINTS} points either "
                                    f"way, not {item}")
        if totals is not None and list(totals) != read:
            raise InvalidRecord(
                f"{prefix}totals: {read} in the record, but the match stands at {list(totals)}"
            )
        totals = read
    if "target" in body:
        read_target = whole(body["target"], f"{prefix}target")
        if not 1 <= read_target <= RANGES["target"].high:
            raise InvalidRecord(f"{prefix}target: a whole number from 1 to "
                                f"{RANGES['target'].high}, not {read_target}")
        if target is not None and target != read_target:
            raise InvalidRecord(
                f"{prefix}target: {read_target} in the record, but the match plays to {target}"
            )
        target = read_target
    if "pending" in body:
        read_pending = whole(body["pending"], f"{prefix}pending")
        if not 0 <= read_pending <= MATCH_POINTS:
            raise InvalidRecord(f"{prefix}pending: a whole number from 0 to {MATCH_POINTS}, "
                                f"not {read_pending}")
        if pending is not None and pending != read_pending:
            raise InvalidRecord(
                f"{prefix}pending: {read_pending} in the record, but the match holds {pending}"
            )
        pending = read_pending
    return totals, target, pending


def offences_in_record(
    offences: Sequence[OffenceRecord], origin: Sequence[int | None]
) -> list[OffenceRecord]:
    """The offences with their places in the record they were read from (docs/formats.md#deal-record).

    ``origin`` gives, per entry of the deal's history, its index in the
    record's ``actions``, or ``None`` for a ``keep`` the record leaves
    implied (the next action closed the holder's decision about the 7 of
    trump). An offence whose record index differs from its history index
    gets it as ``record_index``, so that a lenient replay names the record's
    own action, as a strict one does (issue 50).

    Raises:
        InvalidArgumentType: not a list of offences, or not a list of whole numbers or ``None``.
    """
    checked = [instance(o, OffenceRecord, "offences[...]") for o in sequence(offences, "offences")]
    places = [whole_or_none(at, "origin[...]") for at in sequence(origin, "origin")]
    out = []
    for offence in checked:
        place = places[offence.index] if offence.index < len(places) else None
        changed = place is not None and place != offence.index
        out.append(attrs.evolve(offence, record_index=place) if changed else offence)
    return out
