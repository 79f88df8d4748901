"""Deal and match records: reading, checking every action, replaying, exporting.

A deal record (docs/formats.md#deal-record) is
``{"variant", "players", "dealer", "deck", "actions"}``; a match record is
``{"variant", "target", "deals": [deal record, ...]}``. [`deal_from_record`][belote.records.replay.deal_from_record]
rebuilds a [`Deal`][belote.deal.Deal] by applying every action, refusing a
bad one with [`InvalidRecord`][belote.errors.InvalidRecord] that names the action by
its index and text; [`replay_document`][belote.records.replay.replay_document] is what ``belote replay`` prints.
A record may stop before its deal ends (a saved game): ``partial=True`` reads
it back as the deal in progress, and [`state_to_json`][belote.records.replay.state_to_json]
says where it stands (``belote replay --partial``).

>>> from belote.deal import Deal, recorded
>>> deal = Deal("classic", list(range(32)), dealer=3)
>>> for _ in range(8):
...     _ = deal.pass_()
>>> replay_document(deal.to_record())["outcome"]
'redeal'
>>> bad = {**deal.to_record(), "actions": ["1 pass"]}
>>> replay_document(bad)
Traceback (most recent call last):
    ...
belote.errors.InvalidRecord: it is seat 0's turn to bid, not seat 1's
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from belote.actions import STRAINS
from belote.deal import Deal, recorded
from belote.deal.codes import CAPOT_BID
from belote.errors import InvalidArgument, InvalidRecord
from belote.records.results import JSONObject, match_result_to_json, result_to_json
from belote.rules import Rules, checks, jsonfields
from belote.rules.knobs import RANGES
from belote.scoring.match import Match, MatchResult, next_dealer

__all__ = [
    "deal_from_record",
    "deal_to_record",
    "match_from_record",
    "match_to_record",
    "offences_to_json",
    "replay_document",
    "state_to_json",
]


def deal_to_record(deal: Deal) -> dict[str, object]:
    """The deal record of ``deal`` (the same as [`Deal.to_record`][belote.deal.Deal.to_record]).

    Raises:
        InvalidArgumentType: ``deal`` is not a deal.
    """
    return checks.instance(deal, Deal, "deal").to_record()


def deal_from_record(
    doc: object,
    *,
    rules: Rules | None = None,
    totals: Sequence[int] | None = None,
    target: int | None = None,
    pending: int | None = None,
    prefix: str = "",
    partial: bool = False,
    lenient: bool | None = None,
) -> Deal:
    """Rebuild a deal from its record, checking every action.

    The record's optional ``totals``, ``target`` and ``pending`` fields give
    the match context the deal was dealt with (see
    [`Deal.to_record`][belote.deal.Deal.to_record]); its optional
    ``finished`` field must agree with the actions.

    Args:
        doc: the deal record (parsed JSON).
        rules: the variant when the record may leave ``variant`` out (inside a
            match record); a ``variant`` field must then name the same one.
        totals: match scores before the deal (for calling out); a record's
            ``totals`` field must then say the same.
        target: the match target (likewise for ``target``).
        pending: litige points waiting from earlier deals (likewise for ``pending``).
        prefix: prepended to field names in errors (``deals[2].``).
        partial: accept a record that stops before the deal ends and return
            the deal in progress (what [`Deal.from_record`][belote.deal.Deal.from_record] does).
        lenient: replay in lenient mode (rules §9, docs/rules.md#penalties): an offence the
            variant sanctions is accepted and listed in the deal's
            [`offences`][belote.deal.Deal.offences] instead of refused.
            ``None``: as the record's optional ``lenient`` field says
            (strict when it has none); ``False`` forces strict mode.

    Raises:
        InvalidRecord: a missing or bad field (the message starts with the
            field's name), an illegal or unreadable action (``index`` and
            ``action`` name it), or, unless ``partial``, actions that stop
            before the deal ends (the message says whose turn it is).
    """
    return Deal.from_record(
        doc, lenient=lenient, rules=rules, totals=totals, target=target, pending=pending,
        prefix=prefix, partial=partial,
    )


def match_from_record(
    doc: object, *, partial: bool = False, lenient: bool | None = None
) -> tuple[Match, list[Deal]]:
    """Replay a match record deal by deal, carrying totals, pending points and the dealer.

    Each deal after the first must be dealt by the dealer that rules §2 names (docs/rules.md#next-dealer)
    ([`next_dealer`][belote.scoring.match.next_dealer]), and no deal may follow the one that
    ended the match.

    Args:
        doc: the match record (parsed JSON).
        partial: accept a last deal that stops before its end: it is
            returned last in the list of deals, in progress, and not added
            to the match.
        lenient: replay every deal in lenient mode (see
            [`deal_from_record`][belote.records.replay.deal_from_record]).

    Raises:
        InvalidRecord: a bad field or action, as for [`deal_from_record`][belote.records.replay.deal_from_record].
    """
    body = recorded.obj(doc, "record")
    rules = recorded.variant(recorded.field(body, "variant", ""), "variant")
    target_value = body.get("target")
    target = None if target_value is None else recorded.whole(target_value, "target")
    if target is not None and not 1 <= target <= RANGES["target"].high:
        raise InvalidRecord(f"target: a whole number from 1 to {RANGES['target'].high}, "
                            f"not {target}")
    deals_doc = recorded.field(body, "deals", "")
    if not isinstance(deals_doc, list):
        raise InvalidRecord(f"deals: expected a list of deal records, got {jsonfields.kind(deals_doc)}")
    match: Match | None = None
    deals: list[Deal] = []
    expected_dealer: int | None = None
    for k, item in enumerate(deals_doc):
        prefix = f"deals[{k}]."
        if deals and not deals[-1].is_over:
            raise InvalidRecord(f"deals[{k}]: follows deal {k - 1}, which is not finished")
        if match is not None and match.is_over:
            raise InvalidRecord(
                f"deals[{k}]: the match was already won by side {match.winner} in deal {k - 1}"
            )
        if (
            expected_dealer is not None
            and isinstance(item, Mapping)
            and isinstance(item.get("dealer"), int)
            and item["dealer"] != expected_dealer
        ):
            raise InvalidRecord(
                f"{prefix}dealer: seat {expected_dealer} deals this deal, not seat {item['dealer']}"
            )
        deal = deal_from_record(
            item,
            rules=rules,
            totals=None if match is None else match.totals,
            target=rules.target if target is None else target,
            pending=0 if match is None else match.pending,
            prefix=prefix,
            partial=partial,
            lenient=lenient,
        )
        if match is None:
            if any(deal.totals):
                raise InvalidRecord(f"{prefix}totals: the first deal of a match starts from 0")
            try:
                match = Match(rules, target, deal.players)
            except InvalidArgument as exc:
                raise InvalidRecord(f"target: {exc}") from None
        elif deal.players != match.players:
            raise InvalidRecord(
                f"{prefix}players: {deal.players} players in a match of {match.players}"
            )
        deals.append(deal)
        if not deal.is_over:
            continue
        result = deal.result
        match.add(result)
        expected_dealer = next_dealer(rules, deal.players, deal.dealer, result, deal.deck)
    if match is None:
        match = Match(rules, target)
    finished = body.get("finished")
    if finished is not None:
        if not isinstance(finished, bool):
            raise InvalidRecord(f"finished: expected true or false, got {jsonfields.kind(finished)}")
        if finished and not match.is_over:
            raise InvalidRecord("finished: true, but no side has won the match")
        if not finished and match.is_over:
            raise InvalidRecord(f"finished: false, but side {match.winner} has won the match")
    return match, deals


def match_to_record(deals: Sequence[Deal], target: int | None = None) -> dict[str, object]:
    """The match record of consecutive deals of one variant.

    Raises:
        InvalidArgument: no deals, or a target out of the knob's range.
        InvalidArgumentType: ``deals`` is not a list or tuple of deals, or
            ``target`` not a whole number.
    """
    deals = _deals(deals)
    if not deals:
        raise InvalidArgument("a match record needs at least one deal")
    if target is not None:
        target = checks.whole(target, "target", 1, RANGES["target"].high)
    rules = deals[0].rules
    return {
        "variant": rules.name,
        "target": rules.target if target is None else target,
        "deals": [deal.to_record() for deal in deals],
    }


def state_to_json(deal: Deal) -> JSONObject:
    """Where a deal in progress stands, as ``belote replay --partial`` prints it.

    ``finished`` (false while the deal goes on), ``phase``, ``to_act`` (the
    seat whose turn it is), ``legal_actions`` (their notation, an
    out-of-turn swap included), the number of ``actions`` so far, and what
    is public: the turned card, trump and taker, tricks and card points per
    side, the current trick and the match context.

    >>> from belote.deal import Deal, recorded
    >>> deal = Deal("classic", list(range(32)), dealer=3)
    >>> state = state_to_json(deal)
    >>> state["phase"], state["to_act"], state["legal_actions"]
    ('bidding-1', 0, ['0 take', '0 pass'])

    Raises:
        InvalidArgumentType: ``deal`` is not a deal.
    """
    checks.instance(deal, Deal, "deal")
    trump, taker = deal.trump, deal.taker
    doc: JSONObject = {
        "variant": deal.rules.name,
        "finished": deal.is_over,
        "phase": deal.phase.value,
        "to_act": deal.to_act,
        "legal_actions": [str(action) for action in deal.legal_actions()],
        "actions": len(deal.history),
        "dealer": deal.dealer,
        "turned": None if deal.rules.has_auction else str(deal.turned),
        "trump": None if trump is None else str(trump),
        "taker": taker,
        "trick": [str(card) for card in deal.trick],
        "tricks": [deal.tricks_of(side) for side in range(deal.sides)],
        "card_points": [deal.card_points_of(side) for side in range(deal.sides)],
        "totals": list(deal.totals),
        "target": deal.target,
        "pending": deal.pending,
    }
    if deal.rules.has_auction:  # the standing contract (RULES §11), null before the first bid
        view = deal.seat_view(0)
        value, strain, bidder, doubling = view.contract
        doc["contract"] = None if bidder < 0 else {
            "value": "capot" if value == CAPOT_BID else value,
            "strain": str(STRAINS[strain]),
            "doubling": doubling,
            "coinche": doubling,  # the older name of doubling (an alias)
            "multiplier": deal.rules.auction.multiplier(doubling),
            "bidder": bidder,
            "side": deal.side(bidder),
        }
    return doc


def replay_match(doc: object) -> MatchResult:
    """Replay a match record and return the match result.

    Raises:
        InvalidRecord: see [`match_from_record`][belote.records.replay.match_from_record].
    """
    return match_from_record(doc)[0].result()


def offences_to_json(deals: Sequence[Deal], *, numbered: bool = False) -> list[JSONObject]:
    """The offences of lenient deals as the result JSON lists them (rules §9, docs/rules.md#penalties).

    One object per offence: ``index`` (of the action in its deal's
    ``actions``), ``seat``, ``action`` (its text), ``kind`` (the
    [`Offence`][belote.rules.penalties.Offence] value, e.g. ``renege``),
    ``reason`` (why strict mode refuses it) and ``sanction``: ``kind``
    (``lose-match``, ``points-to-others`` or ``deduct``), ``points`` (per
    side, what it adds to the deal's scores) and ``loser`` (the side that
    loses the match, or ``null``). With ``numbered`` (a match record), each
    also has ``deal``, the deal's 0-based position in ``deals``.

    Raises:
        InvalidArgumentType: ``deals`` is not a list or tuple of deals.
    """
    out: list[JSONObject] = []
    for number, deal in enumerate(_deals(deals)):
        for offence in deal.offences:
            doc: JSONObject = offence.to_json()
            if numbered:
                doc = {"deal": number, **doc}
            out.append(doc)
    return out


def replay_document(
    doc: object, *, partial: bool = False, lenient: bool | None = None
) -> JSONObject:
    """Replay a deal or match record, as ``belote replay`` does, and return its result JSON.

    A document with ``deals`` is a match record; any other object is a deal record.

    Args:
        doc: the record (parsed JSON).
        partial: accept a record that stops before its deal ends (``belote
            replay --partial``): for a deal, return where it stands
            ([`state_to_json`][belote.records.replay.state_to_json]); for a match, the
            result of its finished deals with the unfinished one's state
            under ``"current"``.
        lenient: replay in lenient mode (``belote replay --lenient``; see
            [`deal_from_record`][belote.records.replay.deal_from_record]); when an
            offence was accepted, the result gets an ``"offences"`` list
            ([`offences_to_json`][belote.records.replay.offences_to_json]) and the
            sanctions are in its ``lines`` (``penalty: renege by seat 1``) or
            its ``match_end_reason``.

    Raises:
        InvalidRecord: the record is bad; see [`deal_from_record`][belote.records.replay.deal_from_record].

    >>> from belote.cards import CARDS
    >>> record = {"variant": "french", "players": 3, "dealer": 2,
    ...           "deck": [str(card) for card in CARDS],
    ...           "actions": ["0 take", "0 play 9S", "1 play KD"]}
    >>> replay_document(record, partial=True)
    Traceback (most recent call last):
        ...
    belote.errors.InvalidRecord: KD does not follow suit: must follow spades, the led suit
    >>> state = replay_document(record, partial=True, lenient=True)
    >>> state["offences"][0]["kind"], state["offences"][0]["sanction"]["points"]
    ('renege', [10, 0, 10])
    """
    body = recorded.obj(doc, "record")
    record = body
    if "deals" in body and isinstance(body["deals"], list) and body["deals"]:
        first = body["deals"][0]
        record = first if isinstance(first, Mapping) else body
    if "taker" in record and "card_points" in record and "actions" not in record:
        raise InvalidRecord(
            "this is a tally (it has a taker and card points), not a deal record: "
            "`belote score` reads it"
        )
    if "deals" in body:
        match, deals = match_from_record(body, partial=partial, lenient=lenient)
        out = match_result_to_json(match.result())
        if deals and not deals[-1].is_over:
            out["current"] = state_to_json(deals[-1])
    else:
        deal = deal_from_record(body, partial=partial, lenient=lenient)
        deals = [deal]
        out = result_to_json(deal.result) if deal.is_over else state_to_json(deal)
    offences = offences_to_json(deals, numbered="deals" in body)
    if offences:
        out["offences"] = offences
    return out


def _deals(value: object) -> Sequence[Deal]:
    """A list or tuple of deals, else a typed error."""
    deals = checks.sequence(value, "deals")
    for deal in deals:
        checks.instance(deal, Deal, "deals[...]")
    return deals  # type: ignore[return-value]  # each one checked
