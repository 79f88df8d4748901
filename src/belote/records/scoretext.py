"""Deal and match results in words, for a scorekeeper (``belote score`` on a terminal).

[`describe_score`][belote.records.scoretext.describe_score] turns a result's JSON
(docs/formats.md#deal-result) into text; [`describe_result`][belote.records.scoretext.describe_result]
does the same for a [`DealResult`][belote.scoring.result.DealResult]. A strain
auction's result (``bulgarian``) names its contract (``AT doubled``), says its
scores are game points and calls what is left over hanging
(docs/bulgarian.md#scoring). Both are re-exported by
[`belote.records.describe`][belote.records.describe].
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from belote.errors import BeloteError, InvalidArgumentType, shown
from belote.rules import get_rules
from belote.scoring import DealResult

__all__ = ["describe_result", "describe_score"]


def describe_result(result: DealResult) -> str:
    """A deal result for a scorekeeper: outcome, capot, each side's score and its lines.

    The same text as [`describe_score`][belote.records.scoretext.describe_score] gives for the
    result's JSON.
    """
    from belote.records.results import result_to_json

    doc = result_to_json(result)
    if result.rules is None:  # built by hand: the variant's name says whose sides they are
        return describe_score(doc)
    teams = result.rules.partnerships and len(result.scores) == 2
    return "\n".join(_deal_lines(doc, _namer(teams))) + "\n"


def _side_namer(variant: object, sides: int) -> Callable[[int], str]:
    teams = False
    if isinstance(variant, str) and sides == 2:
        try:
            teams = get_rules(variant).partnerships
        except BeloteError:
            teams = False
    return _namer(teams)


def _namer(teams: bool) -> Callable[[int], str]:
    if teams:
        return lambda side: f"team {side} (seats {side} and {side + 2})"
    return lambda side: f"seat {side}"


def _int_list(value: object) -> list[int]:
    return [item for item in value if isinstance(item, int)] if isinstance(value, list) else []


def _in_game_points(doc: Mapping[str, object]) -> str:
    """A strain auction's contract in words (``"AT doubled"``), else ``""``: a result in game points."""
    contract = doc.get("contract")
    if isinstance(contract, Mapping) and "value" not in contract and "text" in contract:
        return str(contract["text"])
    return ""


def _deal_lines(doc: Mapping[str, object], name: Callable[[int], str]) -> list[str]:
    scores = _int_list(doc.get("scores"))
    head = f"Result: {doc.get('outcome')}"
    if isinstance(doc.get("attack"), int):
        head += f"; the taker's side is {name(int(str(doc['attack'])))}"
    if isinstance(doc.get("capot"), int):
        head += f", capot by {name(int(str(doc['capot'])))}"
    if isinstance(doc.get("stopped_by"), int):
        head += f", stopped by seat {doc['stopped_by']}"
    tens = _in_game_points(doc)
    if tens:  # a strain auction's deal (docs/bulgarian.md#scoring)
        head += f"; contract {tens}; scores in game points"
    lines = [head]
    audit = doc.get("lines")
    items = [item for item in audit if isinstance(item, Mapping)] if isinstance(audit, list) else []
    width = max((len(name(side)) for side in range(len(scores))), default=0)
    for side, score in enumerate(scores):
        parts = [f"{item.get('item')} {item.get('points'):+d}" for item in items
                 if item.get("to") == side and isinstance(item.get("points"), int)]
        detail = f"   ({', '.join(parts)})" if parts else ""
        lines.append(f"  {name(side):<{width}}  {score:>5}{detail}")
    if doc.get("pending"):
        held = "hanging (game points)" if tens else "held pending (litige)"
        lines.append(f"  {held}: {doc['pending']}")
    winner = doc.get("match_winner")
    if isinstance(winner, int):
        reason = doc.get("match_end_reason")
        lines.append(f"  the match is won by {name(winner)}" + (f": {reason}" if reason else ""))
    return lines


def describe_score(doc: Mapping[str, object]) -> str:
    """What ``belote score --text`` prints: a deal or match result (its JSON) for a scorekeeper.

    A deal result gives its outcome and each side's score with the items
    that make it; a match result gives one row per deal, the totals, the
    target and the winner (or how far each side is from the target).

    >>> doc = {"variant": "classic", "outcome": "made", "capot": None, "scores": [40, 122],
    ...        "pending": 0, "lines": [{"to": 0, "item": "card points", "points": 40},
    ...        {"to": 1, "item": "card points", "points": 112},
    ...        {"to": 1, "item": "last trick", "points": 10}]}
    >>> print(describe_score(doc))
    Result: made
      team 0 (seats 0 and 2)     40   (card points +40)
      team 1 (seats 1 and 3)    122   (card points +112, last trick +10)
    <BLANKLINE>

    Raises:
        InvalidArgumentType: ``doc`` is not a JSON object (a mapping).
    """
    if not isinstance(doc, Mapping):
        raise InvalidArgumentType(f"doc: expected a JSON object (a mapping), got {shown(doc)}")

    if "deals" not in doc:
        name = _side_namer(doc.get("variant"), len(_int_list(doc.get("scores"))))
        return "\n".join(_deal_lines(doc, name)) + "\n"
    totals = _int_list(doc.get("totals"))
    name = _side_namer(doc.get("variant"), len(totals))
    short = [name(side).split(" (")[0] for side in range(len(totals))]
    deals = [d for d in doc["deals"] if isinstance(d, Mapping)] if isinstance(
        doc["deals"], list) else []
    target = doc.get("target")
    count = "1 deal" if len(deals) == 1 else f"{len(deals)} deals"
    lines = [f"{doc.get('variant')} match to {target}: {count}", ""]
    width = max([7, *(len(s) for s in short)])
    outcomes = [str(d.get("outcome")) + (" (capot)" if isinstance(d.get("capot"), int) else "")
                for d in deals]
    ow = max([7, *(len(o) for o in outcomes)])
    lines.append(f"{'deal':>4}  {'outcome':<{ow}}" + "".join(f"{s:>{width + 2}}" for s in short))
    for number, (deal, outcome) in enumerate(zip(deals, outcomes, strict=True), 1):
        scores = _int_list(deal.get("scores"))
        lines.append(f"{number:>4}  {outcome:<{ow}}"
                     + "".join(f"{v:>{width + 2}}" for v in scores))
    lines.append(f"{'':>4}  {'total':<{ow}}" + "".join(f"{v:>{width + 2}}" for v in totals))
    tens = any(_in_game_points(deal) for deal in deals)
    if doc.get("pending"):
        held = "hanging (game points)" if tens else "held pending (litige)"
        lines.append(f"{held}: {doc['pending']}")
    lines.append("")
    winner = doc.get("winner")
    if isinstance(winner, int):
        reason = doc.get("end_reason")
        lines.append(f"Winner: {name(winner)}" + (f"; the match ended: {reason}" if reason else ""))
    elif isinstance(target, int):
        needs = ", ".join(f"{short[side]} {max(0, target - total)}"
                          for side, total in enumerate(totals))
        unit = "game points" if tens else "points"
        lines.append(f"No winner yet; {unit} still needed to reach {target}: {needs}")
    return "\n".join(lines) + "\n"
