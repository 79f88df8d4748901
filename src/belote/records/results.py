"""Tallies and results as JSON (docs/formats.md#tally, docs/formats.md#deal-result).

[`tally_from_json`][belote.records.results.tally_from_json] reads a tally, checking every field's JSON type and
then the tally itself; [`score_document`][belote.records.results.score_document] scores a tally or a match of
tallies, which is what ``belote score`` prints. Every bad input raises
[`InvalidTally`][belote.errors.InvalidTally] whose ``field`` names the culprit, as in
``deals[2].card_points``.

>>> doc = {"variant": "classic", "taker": 1, "trump": "S", "tricks": [2, 6],
...        "card_points": [40, 112], "last_trick": 1, "belote": None}
>>> result = score_document(doc)
>>> result["outcome"], result["scores"]
('made', [40, 122])
>>> score_document({**doc, "card_points": [40, 110]})
Traceback (most recent call last):
    ...
belote.errors.InvalidTally: the card points sum to 150; they must sum to 152
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Final, TypeAlias

from belote.actions import Strain
from belote.actions.reading import strain_of_word
from belote.cards import ASCII_LOWER, Card, Suit
from belote.errors import BeloteError, CommandError, InvalidTally, NotationError, shown
from belote.rules import Rules, checks, get_rules, jsonfields
from belote.rules.penalties import Offence, Penalty
from belote.rules.specs import spec_of
from belote.scoring import DealResult, Tally, score_tally
from belote.scoring.announcements import Declaration, classify, no_announcements_message
from belote.scoring.contract import Contract
from belote.scoring.match import MatchResult, score_match
from belote.scoring.validation import check_tally

__all__ = [
    "MAX_NUMBER_DIGITS",
    "JSONObject",
    "match_result_to_json",
    "read_json_text",
    "result_to_json",
    "score_document",
    "source_name",
    "tally_from_json",
    "tally_to_json",
]

JSONObject: TypeAlias = dict[str, object]
"""A JSON object as `json` reads it."""

_MISSING = object()


# --- JSON type checks -----------------------------------------------------------------


def _refuse(message: str, field: str) -> InvalidTally:
    return InvalidTally(message, field=field or None)


def _object(value: object, field: str) -> Mapping[str, object]:
    return jsonfields.obj(value, field, _refuse)


def _get(doc: Mapping[str, object], key: str, prefix: str, default: object = _MISSING) -> object:
    if key in doc or default is _MISSING:
        return jsonfields.require(doc, key, prefix, _refuse)
    return default


def _int(value: object, field: str) -> int:
    return jsonfields.whole(value, field, _refuse)


def _optional_int(value: object, field: str) -> int | None:
    return jsonfields.optional_whole(value, field, _refuse)


def _int_list(value: object, field: str) -> tuple[int, ...]:
    return jsonfields.whole_list(value, field, _refuse)


def _text(value: object, field: str) -> str:
    return jsonfields.text(value, field, _refuse)


def _rules(value: object, field: str) -> Rules:
    return jsonfields.variant(value, field, _refuse)


def _prefixed(exc: InvalidTally, prefix: str) -> InvalidTally:
    if not prefix:
        return exc
    field = prefix + exc.field if exc.field else prefix.rstrip(".")
    return InvalidTally(str(exc), field=field)


# --- tallies --------------------------------------------------------------------------


def _declarations(value: object, rules: Rules, field: str) -> tuple[Declaration, ...]:
    if not isinstance(value, list):
        raise InvalidTally(f"expected a list, got {jsonfields.kind(value)}", field=field)
    if value and not rules.has_announcements:
        raise InvalidTally(no_announcements_message(rules), field=field)
    declarations: list[Declaration] = []
    for index, item in enumerate(value):
        where = f"{field}[{index}]"
        shown = _object(item, where)
        seat = _int(_get(shown, "seat", where + "."), f"{where}.seat")
        texts = _get(shown, "cards", where + ".")
        if not isinstance(texts, list):
            raise InvalidTally(f"expected a list of cards, got {jsonfields.kind(texts)}", f"{where}.cards")
        cards: list[Card] = []
        for position, text in enumerate(texts):
            card_field = f"{where}.cards[{position}]"
            try:
                card = Card.parse(_text(text, card_field))
            except NotationError as exc:
                raise InvalidTally(str(exc), field=card_field) from None
            if card in cards:
                raise InvalidTally(f"{card} is shown twice", field=f"{where}.cards")
            cards.append(card)
        try:
            combination = classify(cards, rules)
        except BeloteError as exc:
            raise InvalidTally(str(exc), field=f"{where}.cards") from None
        declarations.append(Declaration(seat, combination))
    return tuple(declarations)


def _penalties(value: object, field: str) -> tuple[Penalty, ...]:
    if not isinstance(value, list):
        raise InvalidTally(f"expected a list, got {jsonfields.kind(value)}", field=field)
    penalties: list[Penalty] = []
    for index, item in enumerate(value):
        where = f"{field}[{index}]"
        entry = _object(item, where)
        seat = _int(_get(entry, "seat", where + "."), f"{where}.seat")
        name = _text(_get(entry, "offence", where + "."), f"{where}.offence")
        try:
            offence = Offence(name)
        except ValueError:
            known = ", ".join(o.value for o in Offence)
            raise InvalidTally(f"unknown offence {shown(name)} (known: {known})",
                               field=f"{where}.offence") from None
        penalties.append(Penalty(seat, offence))
    return tuple(penalties)


_CONTRACT_TEXT: Final = re.compile(r"\s*([0-9]{1,4}|capot)\s*(\S{1,20}?)\s*",
                                   re.IGNORECASE | re.ASCII)  # the strain: a word strain_of_word reads
_COINCHE_WORDS: Final = {"none": 0, "coinche": 1, "coinched": 1, "surcoinche": 2, "surcoinched": 2,
                         "double": 1, "doubled": 1, "redouble": 2, "redoubled": 2,
                         "reredouble": 3, "reredoubled": 3, "re-redoubled": 3}


def _strain(value: object, field: str) -> Strain:
    """A strain as the one action reader reads it: ``H``, ``♥``, ``hearts``, ``cœur``, ``NT``, ``SA``."""
    text = _text(value, field)
    strain = strain_of_word(text)
    if strain is None:
        raise InvalidTally(f"not a strain: {shown(text)} (expected S, H, D, C, NT or AT)", field=field)
    return strain


def _contract_value(value: object, field: str) -> int | None:
    if isinstance(value, str) and value.strip().translate(ASCII_LOWER) == "capot":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidTally(f"expected a whole number or \"capot\", got {shown(value)}", field=field)
    return value


def _contract(doc: Mapping[str, object], rules: Rules) -> Contract | None:
    """The tally's contract (RULES §11): ``contract`` with ``coinche`` (0, 1, 2) or ``multiplier``.

    ``contract`` is ``{"value": 110, "strain": "C"}`` (``"value": "capot"`` for a
    capot contract) or the same as text, ``"110 C"`` or ``"capot S"``.
    """
    raw = _get(doc, "contract", "", None)
    doubling_raw = _get(doc, "doubling", "", None)  # "coinche": the same, its older name (an alias)
    alias_raw = _get(doc, "coinche", "", None)
    if doubling_raw is None:
        doubling_raw = alias_raw
    elif alias_raw is not None and alias_raw != doubling_raw:
        raise InvalidTally(f"doubling {shown(doubling_raw)} and its alias coinche {shown(alias_raw)} "
                           "disagree: give one", field="coinche")
    multiplier_raw = _get(doc, "multiplier", "", None)
    if raw is None:
        for name, given in (("coinche", doubling_raw), ("multiplier", multiplier_raw)):
            if given is not None:
                raise InvalidTally("applies to a contract, and the tally has none", field=name)
        return None
    value: int | None
    if rules.strain_auction:  # a strain alone (docs/bulgarian.md#the-auction)
        value, strain = _strain_contract(raw)
    elif isinstance(raw, str):
        found = _CONTRACT_TEXT.fullmatch(raw)
        if found is None:
            raise InvalidTally(
                f"not a contract: {shown(raw)} (expected e.g. \"110 C\", \"capot S\" or "
                '{"value": 110, "strain": "C"})',
                field="contract",
            )
        value = None if found[1].translate(ASCII_LOWER) == "capot" else int(found[1])
        strain = _strain(found[2], "contract")
    else:
        body = _object(raw, "contract")
        value = _contract_value(_get(body, "value", "contract."), "contract.value")
        strain = _strain(_get(body, "strain", "contract."), "contract.strain")
    doubling = 0
    if doubling_raw is not None:
        if isinstance(doubling_raw, str) and doubling_raw.strip().translate(ASCII_LOWER) in _COINCHE_WORDS:
            doubling = _COINCHE_WORDS[doubling_raw.strip().translate(ASCII_LOWER)]
        else:
            doubling = _int(doubling_raw, "coinche")
            if not 0 <= doubling <= (3 if rules.auction.reredouble else 2):
                raise InvalidTally(
                    f"0 (as bid), 1 (coinched) or 2 (surcoinched)"
                    f"{', 3 (re-redoubled)' if rules.auction.reredouble else ''}, not {shown(doubling)}",
                    field="coinche",
                )
    if multiplier_raw is not None:
        multiplier = _int(multiplier_raw, "multiplier")
        auction = rules.auction
        allowed = (True, auction.coinche, auction.surcoinche, auction.reredouble)
        levels = [level for level in range(4)
                  if allowed[level] and auction.multiplier(level) == multiplier]
        if not levels:
            once, twice = _doubling_words(rules)
            ways = [f"{auction.coinche_multiplier} ({once})",
                    f"{auction.surcoinche_multiplier} ({twice})"]
            if auction.reredouble:
                ways.append(f"{auction.reredouble_multiplier} (re-redoubled)")
            raise InvalidTally(
                f"{rules.name} multiplies a contract by 1, {', '.join(ways[:-1])} "
                f"or {ways[-1]}, not {shown(multiplier)}",
                field="multiplier",
            )
        if doubling_raw is not None and doubling not in levels:
            raise InvalidTally(
                f"{shown(multiplier)} disagrees with coinche {doubling} "
                f"(×{auction.multiplier(doubling)} in {rules.name})",
                field="multiplier",
            )
        doubling = doubling if doubling_raw is not None else levels[0]
    return Contract(value, strain, doubling)


def _doubling_words(rules: Rules) -> tuple[str, str]:
    """What a variant calls its two levels of doubling."""
    return ("doubled", "redoubled") if rules.strain_auction else ("coinched", "surcoinched")


def _strain_contract(raw: object) -> tuple[int, Strain]:
    """A strain auction's contract: ``"AT"`` or ``{"strain": "AT"}`` (value 0: no value is bid)."""
    if isinstance(raw, str):
        return 0, _strain(raw, "contract")
    body = _object(raw, "contract")
    value = _get(body, "value", "contract.", 0)
    if value != 0 or isinstance(value, bool):
        raise InvalidTally(
            f"a strain auction's contract names a strain without a value, not {shown(value)}",
            field="contract.value",
        )
    return 0, _strain(_get(body, "strain", "contract."), "contract.strain")


def _strain_trump(doc: Mapping[str, object], contract: Contract) -> Suit:
    """The trump of a strain auction's tally: its contract's suit; ``trump`` may only agree."""
    suit = contract.strain.suit
    raw = _get(doc, "trump", "", None)
    if raw is None:
        return Suit.SPADES if suit is None else suit  # NT/AT: not read (Tally.trump)
    try:
        given = Suit.parse(_text(raw, "trump"))
    except NotationError as exc:
        raise InvalidTally(str(exc), field="trump") from None
    if suit is None:
        words = "no-trumps" if contract.strain is Strain.NO_TRUMP else "all-trumps"
        raise InvalidTally(f"a contract in {words} has no trump suit, not {given}", field="trump")
    if given is not suit:
        raise InvalidTally(f"the contract is {contract.strain}, so the trump is {suit}, not {given}",
                           field="trump")
    return suit


def _belotes(value: object, rules: Rules) -> tuple[int | None, tuple[int, ...]]:
    """``belote``: a seat, ``null``, or a list of seats (one per belote): (``belote``, ``belotes``)."""
    if not isinstance(value, list):
        return _optional_int(value, "belote"), ()
    seats = tuple(_int(item, f"belote[{index}]") for index, item in enumerate(value))
    if len(seats) > 1 and not rules.strain_auction and not rules.auction.all_trumps:
        raise InvalidTally(f"{rules.name} has one belote a deal, not {len(seats)}", field="belote")
    return None, seats


def _pending(doc: Mapping[str, object], field: str = "pending") -> int:
    """The hanging (pending) points a tally brings in: a whole number, 0 when left out."""
    value = _int(_get(doc, "pending", "", 0), field)
    if value < 0:
        raise InvalidTally(f"{shown(value)} is negative", field=field)
    return value


def _parse_tally(doc: Mapping[str, object], rules: Rules) -> Tally:
    taker = _int(_get(doc, "taker", ""), "taker")
    contract = _contract(doc, rules)
    if contract is None and rules.has_auction:
        raise InvalidTally(
            f"is required: {rules.name} plays a contract won in an auction "
            '(e.g. {"value": 110, "strain": "C"} or "capot S")',
            field="contract",
        )
    trump_raw = _get(doc, "trump", "", None)
    if contract is not None and (rules.strain_auction or (
            contract.strain.suit is None and contract.strain in rules.auction.biddable)):
        trump = _strain_trump(doc, contract)  # NT/AT of contrée too (docs/contree.md)
    elif trump_raw is None and contract is not None:
        if contract.strain.suit is None:
            allowed = " ".join(str(strain) for strain in rules.auction.biddable)
            raise InvalidTally(
                f"{rules.name} bids one of {allowed}, not {contract.strain}", field="contract.strain"
            )
        trump = contract.strain.suit  # a contract names its trump
    else:
        try:
            trump = Suit.parse(_text(_get(doc, "trump", ""), "trump"))
        except NotationError as exc:
            raise InvalidTally(str(exc), field="trump") from None
    tricks = _int_list(_get(doc, "tricks", ""), "tricks")
    card_points = _int_list(_get(doc, "card_points", ""), "card_points")
    last_trick = _optional_int(_get(doc, "last_trick", ""), "last_trick")
    players_value = _get(doc, "players", "", None)
    if players_value is not None:
        players = _int(players_value, "players")
    elif rules.partnerships:
        players = rules.default_players
    else:
        players = len(tricks)  # one entry per player
    belote, belotes = _belotes(_get(doc, "belote", "", None), rules)
    return Tally(
        taker=taker,
        trump=trump,
        tricks=tricks,
        card_points=card_points,
        last_trick=last_trick,
        announcements=_declarations(_get(doc, "announcements", "", []), rules, "announcements"),
        belote=belote,
        belotes=belotes,
        dealer=_optional_int(_get(doc, "dealer", "", None), "dealer"),
        players=players,
        stopped_by=_optional_int(_get(doc, "stopped_by", "", None), "stopped_by"),
        penalties=_penalties(_get(doc, "penalties", "", []), "penalties"),
        contract=contract,
    )


def tally_from_json(
    doc: object, rules: Rules | str | None = None, *, prefix: str = ""
) -> tuple[Rules, Tally]:
    """Read and check a tally (docs/formats.md#tally).

    Args:
        doc: the parsed JSON.
        rules: the variant (a ``Rules``, a name or an alias) when the
            document may leave ``variant`` out (a tally inside a match); a
            ``variant`` given must then agree.
        prefix: put before every field name in errors, e.g. ``"deals[2]."``.

    Returns:
        The variant and the tally.

    Raises:
        InvalidTally: a missing field, a wrong JSON type, an unknown variant
            or trump, a combination that is not one, an impossible tally.

    >>> rules, tally = tally_from_json({"variant": "751", "taker": 0, "trump": "H",
    ...     "tricks": [8, 0], "card_points": [152, 0], "last_trick": 0})
    >>> rules.name, tally.tricks
    ('italian751', (8, 0))
    """
    if rules is not None:
        rules = checks.as_rules(rules)
    checks.instance(prefix, str, "prefix")
    try:
        body = _object(doc, "" if prefix else "tally")  # _prefixed names it deals[i]
        if rules is None:
            rules = _rules(_get(body, "variant", ""), "variant")
        elif "variant" in body:  # the match's spec, or refused (never read under either)
            jsonfields.same_variant(body["variant"], rules, "variant", _refuse)
        tally = _parse_tally(body, rules)
        check_tally(tally, rules)
    except InvalidTally as exc:
        raise _prefixed(exc, prefix) from None
    return rules, tally


def tally_to_json(tally: Tally, rules: Rules | str) -> JSONObject:
    """A tally as JSON, in the form [`tally_from_json`][belote.records.results.tally_from_json] reads back.

    ``variant`` is the rules' spec, so a variant with knobs changed keeps
    them (``classic(capot_value=250)``): the tally scores the same read back.

    Raises:
        InvalidTally: the tally is not one of ``rules`` (checked as
            [`check_tally`][belote.scoring.validation.check_tally] does).
        InvalidArgumentType: ``tally`` is not a ``Tally``.
    """
    rules = checks.as_rules(rules)
    check_tally(tally, rules)
    doc: JSONObject = {
        "variant": spec_of(rules),
        "players": tally.players,
        "taker": tally.taker,
        "trump": str(tally.trump),
        "tricks": list(tally.tricks),
        "card_points": list(tally.card_points),
        "last_trick": tally.last_trick,
        "announcements": [
            {"seat": d.seat, "cards": [str(card) for card in d.combination.cards]}
            for d in tally.announcements
        ],
        "belote": tally.belote,
        "dealer": tally.dealer,
    }
    if tally.stopped_by is not None:
        doc["stopped_by"] = tally.stopped_by
    if tally.contract is not None and rules.strain_auction:  # CONTRACT.md: the bulgarian tally
        doc["contract"] = str(tally.contract.strain)
        doc["multiplier"] = rules.auction.multiplier(tally.contract.doubling)
        if tally.contract.strain.suit is None:
            del doc["trump"]  # no-trumps, all-trumps: no trump suit
        if tally.belotes:
            doc["belote"] = list(tally.belotes)
    elif tally.contract is not None:
        doc["contract"] = _contract_json(tally.contract)
        doc["doubling"] = doc["coinche"] = tally.contract.doubling  # one name, and its older alias
        if tally.contract.strain.suit is None:  # contrée's NT/AT (docs/contree.md)
            del doc["trump"]
            if len(tally.belotes) > 1:
                doc["belote"] = list(tally.belotes)
    if tally.penalties:
        doc["penalties"] = [
            {"seat": p.seat, "offence": p.offence.value} for p in tally.penalties
        ]
    return doc


# --- results --------------------------------------------------------------------------


def result_to_json(result: DealResult) -> JSONObject:
    """A deal result as JSON (docs/formats.md#deal-result), with the extra fields.

    Raises:
        InvalidArgumentType: ``result`` is not a ``DealResult``.
    """
    checks.instance(result, DealResult, "result")
    doc: JSONObject = {
        "variant": result.variant,
        "outcome": result.outcome.value,
        "capot": result.capot,
        "scores": list(result.scores),
        "pending": result.pending,
        "lines": [
            {"to": line.to, "item": line.item, "points": line.points} for line in result.lines
        ],
        "attack": result.attack,
        "match_winner": result.match_winner,
        "match_end_reason": result.match_end_reason,
    }
    if result.stopped_by is not None:
        doc["stopped_by"] = result.stopped_by
    if result.contract is not None and result.contract.value == 0:  # a strain auction's
        contract = result.contract
        doc["contract"] = {
            "strain": str(contract.strain),
            "multiplier": _result_rules(result).auction.multiplier(contract.doubling),
            "doubling": contract.doubling,
            "text": str(contract),
            "side": result.attack,
        }
    elif result.contract is not None:
        contract = result.contract
        doc["contract"] = {
            **_contract_json(contract),
            "doubling": contract.doubling,
            "coinche": contract.doubling,  # the older name of doubling (an alias)
            "multiplier": _result_rules(result).auction.multiplier(contract.doubling),
            "side": result.attack,
        }
    return doc


def _result_rules(result: DealResult) -> Rules:
    """The rules a result was scored under: its own, else (built by hand) its variant's."""
    return result.rules if result.rules is not None else get_rules(result.variant)


def _contract_json(contract: Contract) -> JSONObject:
    return {"value": "capot" if contract.value is None else contract.value, "strain": str(contract.strain)}


def match_result_to_json(result: MatchResult) -> JSONObject:
    """A match result as JSON: ``deals``, ``totals``, ``pending``, ``winner`` and more.

    ``match_winner`` and ``match_end_reason`` repeat ``winner`` and
    ``end_reason`` under the names a deal result uses for the same facts.
    """
    return {
        "variant": checks.instance(result, MatchResult, "result").variant,
        "target": result.target,
        "deals": [result_to_json(deal) for deal in result.deals],
        "totals": list(result.totals),
        "pending": result.pending,
        "winner": result.winner,
        "end_reason": result.end_reason,
        # the names a deal result uses, so both levels can be read alike
        "match_winner": result.winner,
        "match_end_reason": result.end_reason,
    }


def _score_match_document(doc: Mapping[str, object]) -> JSONObject:
    rules = _rules(_get(doc, "variant", ""), "variant")
    target_value = _get(doc, "target", "", None)
    target = None if target_value is None else _int(target_value, "target")
    if target is not None and target < 1:
        raise InvalidTally(f"must be positive, not {shown(target)}", field="target")
    deals = _get(doc, "deals", "")
    if not isinstance(deals, list):
        raise InvalidTally(f"expected a list of tallies, got {jsonfields.kind(deals)}", field="deals")
    tallies = [
        tally_from_json(deal, rules, prefix=f"deals[{i}].")[1] for i, deal in enumerate(deals)
    ]
    given = {
        i: _pending(deal, f"deals[{i}].pending")
        for i, deal in enumerate(deals) if isinstance(deal, dict) and "pending" in deal
    }
    for index, tally in enumerate(tallies[1:], start=1):
        if tally.players != tallies[0].players:
            raise InvalidTally(
                f"{shown(tally.players)} players, but deal 0 has {tallies[0].players}",
                field=f"deals[{index}].players",
            )
    result = score_match(tallies, rules, target)
    for index, value in given.items():  # a match carries its own: a figure given must agree
        carried = result.deals[index - 1].pending if index else 0
        if value != carried:
            raise InvalidTally(
                f"{value} hanging in, but the match carries {carried} from the deals before",
                field=f"deals[{index}].pending",
            )
    return match_result_to_json(result)


def score_document(doc: object) -> JSONObject:
    """Score a tally or a match of tallies, as ``belote score`` does.

    A document with ``deals`` is a match (``{"variant", "target", "deals"}``);
    any other object is one tally.

    Raises:
        InvalidTally: the document is not a valid tally or match; ``field``
            names the field at fault.
    """
    body = _object(doc, "document")
    record = body
    if "deals" in body and isinstance(body["deals"], list) and body["deals"]:
        first = body["deals"][0]
        record = first if isinstance(first, dict) else body
    if "actions" in record and "deck" in record and "taker" not in record:
        raise InvalidTally(
            "this is a deal record (it has a deck and actions), not a tally: "
            "`belote replay` reads it",
            field=None,
        )
    if "deals" in body:
        return _score_match_document(body)
    rules, tally = tally_from_json(body)
    return result_to_json(score_tally(tally, rules, _pending(body)))


# --- JSON text in -------------------------------------------------------------------

MAX_NUMBER_DIGITS: Final = 1000
"""The longest whole number a JSON input may hold; longer ones are refused."""


def source_name(path: str) -> str:
    """How an error message names where JSON was read: ``standard input`` for ``-``, else the path."""
    return "standard input" if path == "-" else shown(path)


def read_json_text(text: str, path: str) -> object:
    """Parse one JSON document read from ``path`` (``-`` for standard input).

    Whole numbers longer than `MAX_NUMBER_DIGITS` digits, ``NaN`` and
    ``Infinity`` (not JSON), and nesting too deep for the parser are refused.

    Raises:
        CommandError: the text is not such JSON.
        InvalidArgumentType: ``text`` or ``path`` is not text.
    """
    checks.instance(text, str, "text")
    checks.instance(path, str, "path")


    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
            raise CommandError(
                f"a number of {len(digits.lstrip('-'))} digits in {source_name(path)} "
                f"(at most {MAX_NUMBER_DIGITS})"
            )
        return int(digits)

    def parse_constant(name: str) -> object:
        raise CommandError(f"{name} in {source_name(path)} is not JSON (expected a number)")

    try:
        return json.loads(text, parse_int=parse_int, parse_constant=parse_constant)
    except json.JSONDecodeError as exc:
        raise CommandError(
            f"malformed JSON in {source_name(path)}: {exc.msg.removesuffix(' at')} "
            f"at line {exc.lineno} column {exc.colno}"  # json's own "Invalid control character at"
        ) from None
    except RecursionError:
        raise CommandError(f"{source_name(path)} is nested too deeply to read") from None
