"""Replay and analysis for the page: records read, deals stepped through, cards valued.

[`read_deals`][belote.web.review.read_deals] reads a deal record, a match
record or JSON lines of them (as ``belote replay`` does) into deals;
[`frames`][belote.web.review.frames] gives the position after every action
with every hand shown; [`analysis_json`][belote.web.review.analysis_json]
adds to [`analyze`][belote.solver.analyze.analyze] the solver's value of every legal
card at each card played.

>>> from belote.agents import RandomBot, play_deal
>>> deal = Deal.random("classic", seed=2)
>>> _ = play_deal(deal, [RandomBot(k) for k in range(4)])
>>> steps = frames(deal)
>>> len(steps) == len(deal.history) + 1, steps[0]["action"]
(True, None)
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from belote.actions import Verb
from belote.deal import Deal
from belote.errors import BeloteError, InvalidArgument, InvalidRecord
from belote.records.narration import report
from belote.records.replay import deal_from_record, match_from_record
from belote.records.results import read_json_text
from belote.solver.analyze import analyze
from belote.web.events import auction_json, deal_events, mode_of, strain_json
from belote.web.table import card_json, hand_json, line_json

__all__ = ["analysis_json", "frames", "read_deals"]


def _deals_of(doc: object, where: str) -> list[Deal]:
    if isinstance(doc, Mapping) and "deals" in doc:
        return match_from_record(doc, partial=True)[1]
    try:
        return [deal_from_record(doc, partial=True)]
    except InvalidRecord as exc:
        raise InvalidRecord(f"{where}{exc}") from None


def read_deals(text: str, limit: int = 200) -> list[Deal]:
    """The deals of a record, a match record, or JSON lines of records (``limit`` deals at most).

    Raises:
        BeloteError: malformed JSON or a bad record, with the library's message.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines):
        try:
            docs = [read_json_text(line, f"line {k}") for k, line in enumerate(lines, 1)]
        except BeloteError:  # not JSON lines: one document over several lines
            docs = [read_json_text(text, "the text")]
    else:
        docs = [read_json_text(text, "the text")]
    deals: list[Deal] = []
    for k, doc in enumerate(docs, 1):
        deals += _deals_of(doc, f"line {k}: " if len(docs) > 1 else "")
        if len(deals) > limit:
            raise InvalidArgument(f"more than {limit} deals: replay a smaller file")
    if not deals:
        raise InvalidArgument("no deal in the text")
    return deals


def _start(deal: Deal) -> Deal:
    record = deal.to_record()
    record["actions"] = []
    record["finished"] = False
    return Deal.from_record(record)


def frames(deal: Deal) -> list[dict[str, object]]:
    """The deal before any action, then after each: every hand, the trick, the log line."""
    position = _start(deal)
    told = deal_events(deal)
    out = io.StringIO()
    log = [0, 0, 0, 0]
    steps: list[dict[str, object]] = []
    place = 0
    for index in range(len(deal.history) + 1):
        action = deal.history[index - 1] if index else None
        if action is not None:
            position.apply(action)
            report(position, out, log, None)
            if action.verb is Verb.PLAY:
                place += 1
        trump = position.trump  # None in no-trumps and all-trumps too: the mode is the strain's
        strength = mode_of(position)
        leader = position.trick_leader
        steps.append({
            "action": None if action is None else str(action),
            "log": out.getvalue().splitlines(),
            "events": [event for event in told if event["at"] == index],
            "hands": [hand_json(position.hand(s), strength) for s in range(position.players)],
            "trick": [{"seat": (leader + k) % position.players, **card_json(c)}
                      for k, c in enumerate(position.trick)],
            "turned": None if position.turned is None else card_json(position.turned),
            "auction": auction_json(position, 0),  # every call is public: any seat hears the same
            "trump": None if trump is None else {"suit": str(trump), "symbol": trump.symbol},
            "strain": strain_json(position),
            "taker": position.taker,
            "to_act": position.to_act,
            "cards_played": place,
            # the card this step played is where an analysis "from this card on" starts
            "analyse_from": place - 1 if action is not None and action.verb is Verb.PLAY else place,
            "points": [position.points_so_far(side) for side in range(position.sides)]
            if strength is not None else None,
        })
    return steps


def deal_json(deal: Deal, number: int) -> dict[str, object]:
    """One deal for the replay view: its frames and, when it is over, the result's audit lines."""
    result = deal.result if deal.is_over else None
    return {
        "number": number,
        "variant": deal.rules.name,
        "players": deal.players,
        "dealer": deal.dealer,
        "totals": list(deal.totals),
        "frames": frames(deal),
        "result": None if result is None else {
            "outcome": result.outcome.value,
            "capot": result.capot,
            "scores": list(result.scores),
            "lines": [line_json(line.item, line.points, line.to) for line in result.lines],
        },
        "offences": [offence.to_json() for offence in deal.offences],
    }


def analysis_json(deal: Deal, start: int = 0) -> dict[str, object]:
    """[`analyze`][belote.solver.analyze.analyze] as JSON, each card with the value of every legal card.

    ``values`` maps each card its seat could play to the value of the
    position after it (for the analysis's ``side``), as the solver gives it.

    Raises:
        InvalidArgument: a deal with offences, or a bad ``start``.
    """
    analysis = analyze(deal, start=start)
    doc = analysis.to_json()
    cards = doc["cards"]
    assert isinstance(cards, list)
    for entry, card in zip(cards, analysis.cards, strict=True):
        entry["values"] = {str(c): value for c, value in card.values}
    doc["text"] = analysis.to_text()
    return doc
