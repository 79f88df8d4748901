"""A variant's whole configuration, for people and as JSON (``belote rules``).

[`rules_to_json`][belote.records.describe.rules_to_json] gives every field of [`Rules`][belote.rules.model.Rules]
(enums as their values, carré values by rank text); [`describe_rules`][belote.records.describe.describe_rules]
lists the same knobs grouped by the sections of docs/rules.md.

>>> from belote.rules import get_rules
>>> doc = rules_to_json(get_rules("piedicavallo"))
>>> doc["capot_rule"], doc["carre_values"]["J"], doc["round_to"]
('attack-or-reverse', 200, 10)
>>> print(describe_rules(get_rules("classic")).splitlines()[2])
source: 002 (sources: docs/sources.md, readings: docs/rules.md)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Final

import attrs

from belote.actions import Action, Strain, Verb
from belote.cards import SUIT_WORDS, Rank
from belote.deal import Deal
from belote.deal.observation import reredoubler, standing_contract
from belote.records.scoretext import describe_result, describe_score
from belote.rules import (
    AuctionRules,
    CallingOut,
    CapotRule,
    Contest,
    ContractRules,
    DealerRotation,
    PlayRules,
    Rules,
    default_by,
    readings,
)
from belote.rules.checks import instance, whole
from belote.rules.gamepoints import GamePointsRules
from belote.rules.knobs import range_text
from belote.rules.specs import spec_of
from belote.scoring import Outcome

__all__ = [
    "APPLIES",
    "MEANINGS",
    "SECTIONS",
    "SUIT_NAMES",
    "applies",
    "describe_deal",
    "describe_result",
    "describe_rules",
    "describe_score",
    "knob_json",
    "meaning",
    "rules_to_json",
    "side_name",
]

#: The sections of [`describe_rules`][belote.records.describe.describe_rules]: a title, the section of docs/rules.md, and
#: the fields listed under it. A field not named here (a plug-in's own) goes
#: under "Other".
SECTIONS: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    (
        "Seats and dealing",
        "§2",
        (
            "player_counts",
            "partnerships",
            "counter_clockwise",
            "first_packets",
            "completion_packets",
            "taker_takes_turned",
            "show_bottom_card",
            "dealer_rotation",
            "winner_deals_with_three",
        ),
    ),
    ("Bidding", "§3, §4", ("bidding", "second_round", "jack_obligatory", "seven_swap")),
    ("The auction (contrée, bulgarian)", "docs/contree.md, docs/bulgarian.md#the-auction",
     ("auction",)),
    ("The contract (contrée)", "docs/contree.md", ("contract",)),
    ("Game points (bulgarian)", "docs/bulgarian.md#scoring", ("game_points",)),
    ("Playing the cards", "§5", ("play",)),
    (
        "Announcements",
        "§6",
        (
            "contest",
            "carre_values",
            "run_values",
            "eight_run_extra_tierce",
            "eight_run_splits",
            "long_run_value",
            "eight_run_wins_match",
            "card_in_carre_and_run",
            "carre_beats_run_at_equal_points",
            "equal_plain_runs_void_all",
            "equal_carres_by_rank",
            "carres_by_face_rank",
            "runs_by_length_first",
            "declarations_in_no_trumps",
            "belote_value",
            "belote_announced_once",
            "belote_needs_lead_follow_or_trump",
        ),
    ),
    (
        "Scoring one deal",
        "§7",
        (
            "last_trick_bonus",
            "has_contract",
            "failed_defence_points", "failed_label",
            "forfeit_announcements",
            "forfeit_belote",
            "capot_rule",
            "capot_value",
            "reverse_capot_value",
            "capot_split_value",
            "capot_keeps_last_trick",
            "round_to",
            "round_half_up",
            "attack_gets_rounded_rest",
            "contract_on_raw_totals",
            "rounded_total",
            "pending_rule",
            "litige_holds_announcements",
        ),
    ),
    (
        "The match",
        "§8",
        ("target", "target_strictly_more", "both_over_target", "capot_ends_match", "calling_out"),
    ),
    ("Penalties", "§9", ("penalties",)),
)

_IDENTITY: Final = ("name", "description", "aliases", "source", "disputes")

def _meanings() -> dict[str, str]:
    out = {field.name: str(field.metadata["meaning"]) for field in attrs.fields(Rules)}
    for group, cls in (("play", PlayRules), ("auction", AuctionRules), ("contract", ContractRules),
                       ("game_points", GamePointsRules)):
        out.update(
            {f"{group}.{field.name}": str(field.metadata["meaning"]) for field in attrs.fields(cls)}
        )
    return out


MEANINGS: Final[Mapping[str, str]] = _meanings()
"""A one-line meaning for every knob, keyed by the field name of
[`Rules`][belote.rules.model.Rules] (``play.<name>`` for the fields of
[`PlayRules`][belote.rules.play.PlayRules]). Read from the fields' own metadata,
``attrs.field(metadata={"meaning": ...})``: the rule table in
[`belote.rules`][belote.rules] is the one place a knob's meaning is written."""


def _has_announcements(rules: Rules) -> bool:
    return rules.has_announcements


def _group_applies(group: str) -> Callable[[Rules], bool]:
    """A group of knobs (``play``, ``auction``, ...) applies when one of its knobs does."""
    cls = {"play": PlayRules, "auction": AuctionRules, "contract": ContractRules,
           "game_points": GamePointsRules}[group]
    names = [f"{group}.{field.name}" for field in attrs.fields(cls)]
    return lambda rules: any(applies(rules, name) for name in names)


def _values(rules: Rules) -> bool:
    """An auction of values (contrée), not of strains alone (bulgarian)."""
    return rules.has_auction and not rules.strain_auction


APPLIES: Final[Mapping[str, Callable[[Rules], bool]]] = {
    "carre_values": _has_announcements,
    "run_values": _has_announcements,
    "eight_run_extra_tierce": _has_announcements,
    "eight_run_wins_match": _has_announcements,
    "card_in_carre_and_run": lambda r: r.has_announcements and bool(r.carre_values),
    "carre_beats_run_at_equal_points": lambda r: r.contest is Contest.TEAM_BEST_TAKES_ALL
    and bool(r.carre_values),
    "equal_plain_runs_void_all": lambda r: r.contest
    in (Contest.TEAM_BEST_TAKES_ALL, Contest.PER_CLASS),
    "failed_defence_points": lambda r: r.has_contract and not r.has_auction,
    "failed_label": lambda r: r.has_contract,
    "forfeit_announcements": lambda r: r.has_contract and r.has_announcements
    and not r.has_auction,
    "forfeit_belote": lambda r: r.has_contract and not r.has_auction,
    # Read whenever the defence of a contract wins every trick, whatever the
    # capot rule (classic's all-tricks too): not only under attack-or-reverse.
    "reverse_capot_value": lambda r: r.has_contract and not r.has_auction
    and r.capot_rule is not CapotRule.PLAYER_ALL_TRICKS,
    "disputes": lambda r: False,  # shown beside the knobs it names ([this: ...; ...])
    "taker_takes_turned": lambda r: not r.has_auction,
    "show_bottom_card": lambda r: not r.has_auction,
    "second_round": lambda r: not r.has_auction,
    "jack_obligatory": lambda r: not r.has_auction,
    "seven_swap": lambda r: not r.has_auction,
    "has_contract": lambda r: not r.has_auction,
    "capot_rule": lambda r: not r.has_auction,
    "calling_out": lambda r: not r.has_auction,
    "dealer_rotation": lambda r: not r.has_auction or r.strain_auction,
    "capot_split_value": lambda r: r.capot_rule is CapotRule.PLAYER_ALL_TRICKS
    and 3 in r.player_counts,
    "rounded_total": lambda r: r.round_to is not None,
    "pending_rule": lambda r: r.has_contract and not r.has_auction,
    "play.partner_master_exempts": lambda r: r.partnerships,
    "play.partner_exemption_needs_trump": lambda r: r.partnerships
    and r.play.partner_master_exempts,
    "play.undertrump_lowest": lambda r: r.play.must_undertrump or r.play.overtrump_on_trump_lead,
    "play.overtrump_partner_with_only_trumps": lambda r: r.partnerships
    and r.play.partner_master_exempts and r.play.must_trump_when_void,
    "winner_deals_with_three": lambda r: r.dealer_rotation is DealerRotation.WINNER_DEALS
    and 3 in r.player_counts,
    "eight_run_splits": _has_announcements,
    "long_run_value": _has_announcements,
    "equal_carres_by_rank": lambda r: r.contest is Contest.TEAM_BEST_TAKES_ALL
    and bool(r.carre_values),
    "carres_by_face_rank": lambda r: r.contest in (Contest.TEAM_BEST_TAKES_ALL,
                                                   Contest.RUNS_AND_CARRES)
    and bool(r.carre_values) and r.equal_carres_by_rank,
    "runs_by_length_first": lambda r: r.strain_auction or r.runs_by_length_first,
    "capot_keeps_last_trick": lambda r: r.capot_rule is CapotRule.PLAYER_ALL_TRICKS,
    "round_half_up": lambda r: r.round_to is not None,
    "attack_gets_rounded_rest": lambda r: r.round_to is not None and r.has_contract,
    # an auction's contract is always decided on the raw points (docs/contree.md#scoring)
    "contract_on_raw_totals": lambda r: r.round_to is not None and r.has_contract
    and not r.has_auction,
    "litige_holds_announcements": lambda r: r.has_contract and r.forfeit_announcements
    and not r.has_auction,
    **{f"auction.{field.name}": (lambda r: r.has_auction) for field in attrs.fields(AuctionRules)},
    **{f"contract.{field.name}": (lambda r: r.has_auction and not r.strain_auction)
       for field in attrs.fields(ContractRules)},
    **{f"game_points.{field.name}": (lambda r: r.strain_auction)
       for field in attrs.fields(GamePointsRules)},
    "auction.double_escape_by_doubled_side": lambda r: r.strain_auction,
    "auction.reredouble": lambda r: r.strain_auction,
    "auction.reredouble_multiplier": lambda r: r.strain_auction and r.auction.reredouble,
    "belote_announced_once": lambda r: r.strain_auction or r.belote_announced_once,
    "belote_needs_lead_follow_or_trump": lambda r: r.strain_auction
    or r.belote_needs_lead_follow_or_trump,
    "declarations_in_no_trumps": lambda r: r.strain_auction and r.has_announcements,
    "contract.coinched_points": lambda r: _values(r) and r.auction.coinche,
    "contract.coinched_flat": lambda r: _values(r) and r.auction.coinche,
    "contract.capot_bonus": lambda r: _values(r) and r.auction.capot,
    "contract.capot_value": lambda r: _values(r) and r.auction.capot,
    "auction.coinche_multiplier": lambda r: r.has_auction and r.auction.coinche,
    "auction.surcoinche_multiplier": lambda r: r.has_auction and r.auction.surcoinche,
    # a strain auction bids no values, no capot, and doubles only in turn (deal/auction.py)
    "auction.lowest": _values,
    "auction.step": _values,
    "auction.highest": _values,
    "auction.capot": _values,
    "auction.coinche_any_time": lambda r: _values(r) and r.auction.coinche,
    # a strain auction lists NT and AT in auction.strains (docs/contree.md#sans-atout-and-tout-atout)
    "auction.no_trumps": _values,
    "auction.all_trumps": _values,
    # game points (scoring.tens) count the last trick 10 and a valat game_points.valat_bonus,
    # and keep no rounding knob: these play no part there
    "last_trick_bonus": lambda r: not r.strain_auction,
    "capot_value": lambda r: not r.strain_auction,
    "round_to": lambda r: not r.strain_auction,
    # a group applies when one of its knobs does
    **{group: _group_applies(group) for group in ("play", "auction", "contract", "game_points")},
}
"""When a knob applies, decided from the rules themselves; a knob not named
here always applies. ``belote rules VARIANT`` leaves out the others
(``--json`` keeps every field)."""


def meaning(name: str) -> str | None:
    """The one-line meaning of a knob (``"target"``, ``"play.must_overtrump"``), if known.

    >>> meaning("target")
    'the score that wins the match'

    Raises:
        InvalidArgumentType: ``name`` is not text.
    """
    instance(name, str, "name")

    return MEANINGS.get(name)


def applies(rules: Rules, name: str) -> bool:
    """Whether the knob ``name`` plays a part in ``rules`` (see [`APPLIES`][belote.records.describe.APPLIES]).

    >>> from belote.rules import get_rules
    >>> applies(get_rules("classic"), "run_values"), applies(get_rules("italian751"), "run_values")
    (False, True)

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``, ``name`` not text.
    """
    instance(rules, Rules, "rules")
    instance(name, str, "name")

    test = APPLIES.get(name)
    return True if test is None else test(rules)


def _key_text(key: object) -> str:
    if isinstance(key, Rank):
        return key.text
    if isinstance(key, enum.Enum):
        return str(key.value)
    return str(key)


def knob_json(value: object) -> object:
    """A knob's value as JSON: an enum's word, a strain's letter, a table as an object.

    >>> from belote.rules import ContractScoring
    >>> knob_json(ContractScoring.BID_ONLY), knob_json((1, 2)), knob_json(None)
    ('bid-only', [1, 2], None)
    """
    if isinstance(value, Strain):
        return value.letter
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        items = list(value.items())
        if all(isinstance(key, Rank) for key, _ in items):
            items.sort(key=lambda kv: -int(kv[0]))  # carré values: highest rank first
        return {_key_text(key): knob_json(item) for key, item in items}
    if isinstance(value, tuple | list):
        return [knob_json(item) for item in value]
    cls = type(value)
    if attrs.has(cls):
        return {field.name: knob_json(getattr(value, field.name)) for field in attrs.fields(cls)}
    return value


def rules_to_json(rules: Rules) -> dict[str, object]:
    """Every field of ``rules`` as JSON values, in declaration order.

    Enums become their values, ``carre_values`` a ``{"J": 200, ...}`` object
    (highest rank first), tuples lists and ``play`` an object of booleans.

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``.
    """
    instance(rules, Rules, "rules")

    return {field.name: knob_json(getattr(rules, field.name)) for field in attrs.fields(Rules)}


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, dict) and set(value) == {"kind", "points"}:  # a penalty's sanction
        return f"{value['kind']} {value['points']}" if value["points"] else str(value["kind"])
    if isinstance(value, Mapping):
        if not value:
            return "none"
        joiner = "; " if any(isinstance(item, Mapping) for item in value.values()) else ", "
        return joiner.join(f"{key} {_text(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(_text(item) for item in value) if value else "none"
    return str(value)


def _knob_lines(rows: list[tuple[str, str, str]], indent: str) -> list[str]:
    """``name  value  meaning`` rows, aligned; a long value pushes its meaning below."""
    width = max(len(name) for name, _, _ in rows)
    values = [len(value) for _, value, _ in rows if len(value) <= _VALUE_WIDTH]
    value_width = max(values, default=0)
    lines = []
    for name, value, text in rows:
        head = f"{indent}{name:<{width}}  "
        if len(value) <= value_width:
            lines.append(f"{head}{value:<{value_width}}  {text}".rstrip())
        else:
            lines.append(f"{head}{value}")
            if text:
                lines.append(" " * (len(head) + value_width + 2) + text)
    return lines


_VALUE_WIDTH: Final = 24


def _mark(name: str, changed: set[str]) -> str:
    return " *" if name in changed else ""


def describe_rules(rules: Rules) -> str:
    """A readable listing of the knobs that apply to ``rules``, grouped by docs/rules.md section.

    The first line names the variant and its description, the next its
    aliases and source texts; then one ``name  value  meaning`` line per knob
    that applies to the variant (see [`applies`][belote.records.describe.applies]);
    [`rules_to_json`][belote.records.describe.rules_to_json] keeps every knob.

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules``.
    """
    instance(rules, Rules, "rules")

    doc = rules_to_json(rules)
    spec = spec_of(rules)
    changed: set[str] = set()
    if spec != rules.name:  # a spec: mark the knobs it changes
        changed = {part.partition("=")[0] for part in spec[len(rules.name) + 1 : -1].split(",")}
    lines = [f"{rules.name} — {rules.description}" if rules.description else rules.name]
    if changed:
        lines.append(f"spec: {spec} (knobs marked * differ from {rules.name})")
    aliases = ", ".join(rules.aliases) or "none"
    lines.append(f"aliases: {aliases}")
    lines.append(f"source: {rules.source or 'not given'} (sources: docs/sources.md, readings: docs/rules.md)")
    lines.append("Only the knobs that apply to this variant are listed; --json shows them all.")
    listed: set[str] = set(_IDENTITY)
    sections = [*SECTIONS, ("Other", "", tuple(name for name in doc if name not in _known()))]
    for title, section, names in sections:
        rows: list[tuple[str, str, str]] = []
        for name in names:
            if name not in doc or name in listed:
                continue
            listed.add(name)
            value = doc[name]
            if isinstance(value, dict) and name in ("play", "auction", "contract", "game_points"):
                rows += [
                    (f"{name}.{key}", _text(item) + _mark(f"{name}.{key}", changed),
                     _ranged(f"{name}.{key}", rules))
                    for key, item in value.items()
                    if applies(rules, f"{name}.{key}") or f"{name}.{key}" in changed
                ]
            elif applies(rules, name) or name in changed:
                rows.append((name, _text(value) + _mark(name, changed), _ranged(name, rules)))
        if not rows:
            continue
        lines.append("")
        where = section if section.startswith("docs/") else f"rules {section}"
        lines.append(f"{title} ({where})" if section else title)
        lines += _knob_lines(rows, "  ")
    return "\n".join(lines) + "\n"


def _ranged(name: str, rules: Rules | None = None) -> str:
    """A knob's meaning, its range (``... (0..1000)``) and who reads a disputed rule how."""
    text = meaning(name) or ""
    where = range_text(name)
    text = f"{text} ({where})" if where else text
    who = default_by(name, rules)
    if who:  # a disputed rule: who reads it as the default, and the other readings
        others = "; ".join(
            f"{_text(knob_json(value))}: {by}" for value, by in readings(name, rules)
        )
        text += f" [this: {who}" + (f"; {others}]" if others else "]")
    return text


def _known() -> set[str]:
    return set(_IDENTITY) | {name for _, _, names in SECTIONS for name in names}


# --- a deal, trick by trick (``belote replay --trace``) ---------------------------------------

SUIT_NAMES: Final = SUIT_WORDS
"""The suits' names in words, by suit index (S H D C)."""


def side_name(deal: Deal, side: int) -> str:
    """``team 0 (seats 0 and 2)`` at a four-player table in teams, else ``seat N``.

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``, ``side`` not a whole number.
        InvalidArgument: no such side.
    """
    instance(deal, Deal, "deal")
    whole(side, "side", 0, deal.sides - 1)

    if deal.sides == 2 and deal.players == 4:
        return f"team {side} (seats {side} and {side + 2})"
    return f"seat {side}"


def _bid_text(action: Action, deal: Deal) -> str:
    if action.verb is Verb.PASS:
        return f"seat {action.seat} passes"
    if action.verb is Verb.TAKE:
        if action.suit is None:
            assert deal.turned is not None  # a take of the turned suit needs one
            return f"seat {action.seat} takes {deal.turned.suit.letter}"
        return f"seat {action.seat} takes {action.suit.letter} (second round)"
    if action.verb is Verb.SWAP:
        return f"seat {action.seat} swaps the 7 of trump for {deal.turned}"
    if action.verb is Verb.BID and action.strain is not None:
        value = "capot " if action.value is None else "" if action.value == 0 else f"{action.value} "
        return f"seat {action.seat} bids {value}{action.strain.letter}"  # 0: a strain alone
    if action.verb in (Verb.COINCHE, Verb.SURCOINCHE, Verb.DOUBLE, Verb.REDOUBLE,
                       Verb.REREDOUBLE):
        return f"seat {action.seat} {action.verb.value}s"
    return str(action)


def _contract_line(deal: Deal) -> str | None:
    """``Contract: 100 hearts (H) by seat 2, coinched by seat 3 (x2)``, once the auction is over."""
    bids = deal.observation(0).bids
    found = standing_contract(bids)
    if found is None or deal.taker is None:
        return None
    bid, coincher, surcoincher = found
    assert bid.strain is not None  # a bid names its strain
    suit = bid.strain.suit
    strain = bid.strain.letter if suit is None else f"{SUIT_WORDS[suit]} ({suit.letter})"
    value = "capot " if bid.value is None else "" if bid.value == 0 else f"{bid.value} "
    text = f"Contract: {value}{strain} by seat {bid.seat}"
    third = reredoubler(bids)
    doubling = (3 if third is not None else 2 if surcoincher is not None
                else 1 if coincher is not None else 0)
    words = ("doubled", "redoubled") if bid.value == 0 else ("coinched", "surcoinched")
    if coincher is not None:
        text += f", {words[0]} by seat {coincher}"
    if surcoincher is not None:
        text += f", {words[1]} by seat {surcoincher}"
    if third is not None:
        text += f", re-redoubled by seat {third}"
    if doubling:
        text += f" (x{deal.rules.auction.multiplier(doubling)})"
    return text


def describe_deal(deal: Deal) -> str:
    """A deal trick by trick, for people: what ``belote replay --trace`` prints.

    The dealer and the turned card, the bids, the trump and the taker, the
    declarations (and which scored), each trick (who led, the cards in play
    order, who won it and its card points), and the result with its audit
    lines. Works on a finished deal and on one still in progress.

    >>> from belote.deal import Deal
    >>> deal = Deal("classic", list(range(32)), dealer=3)
    >>> for _ in range(8):
    ...     _ = deal.pass_()
    >>> print(describe_deal(deal))
    classic, 4 players: seat 3 deals, the turned card is JD
    Bidding: seat 0 passes, seat 1 passes, seat 2 passes, seat 3 passes, seat 0 passes, seat 1 passes, seat 2 passes, seat 3 passes
    Result: everyone passed; the cards are dealt again
    <BLANKLINE>

    Raises:
        InvalidArgumentType: ``deal`` is not a ``Deal``.
    """
    instance(deal, Deal, "deal")

    rules, n = deal.rules, deal.players
    trump = deal.trump
    turned = "no card is turned" if rules.has_auction else f"the turned card is {deal.turned}"
    lines = [f"{rules.name}, {n} players: seat {deal.dealer} deals, {turned}"]
    bids: list[str] = []
    events: list[str] = []
    plays = 0
    for action in deal.history:
        if action.verb is Verb.PLAY:
            plays += 1
        elif action.verb is Verb.STOP:
            word = "calls out" if rules.calling_out is CallingOut.LEADER_MASTER else "stops the deal"
            events.append(f"seat {action.seat} {word} after {plays // n} tricks")
        elif action.verb is not Verb.DECLARE and plays == 0:
            bids.append(_bid_text(action, deal))
    lines.append("Bidding: " + (", ".join(bids) or "not started"))
    contract = _contract_line(deal) if rules.has_auction else None
    if contract is not None:
        lines.append(contract)
    elif trump is not None and deal.taker is not None:
        lines.append(f"Trump: {SUIT_NAMES[trump]} ({trump.letter}), taken by seat {deal.taker}")
    if deal.declarations:
        scoring = deal.scoring_declarations
        shown = []
        for declaration in deal.declarations:
            combination = declaration.combination
            text = f"seat {declaration.seat} {combination.label} ({combination.points(rules)})"
            if scoring is not None:
                text += ", scores" if declaration in scoring else ", does not score"
            shown.append(text)
        lines.append("Declarations: " + "; ".join(shown))
    mode = deal.strain  # the trump suit, no-trumps or all-trumps (docs/bulgarian.md#trump-modes)
    if mode is not None:
        last = deal.tricks_per_deal - 1
        for k, ((leader, cards), winner) in enumerate(
            zip(deal.tricks, deal.trick_winners, strict=True)
        ):
            played = ", ".join(f"seat {(leader + j) % n} {card}" for j, card in enumerate(cards))
            points = sum(card.points(int(mode)) for card in cards)
            bonus = f" + {rules.last_trick_bonus} for the last trick" if k == last else ""
            lines.append(
                f"Trick {k + 1}: seat {leader} leads; {played}; won by seat {winner}, "
                f"{points} points{bonus}"
            )
        if deal.trick:
            leader = deal.trick_leader
            played = ", ".join(
                f"seat {(leader + j) % n} {card}" for j, card in enumerate(deal.trick)
            )
            lines.append(f"Trick {deal.tricks_played + 1} (unfinished): seat {leader} leads; {played}")
    lines += events
    if deal.belote_seat is not None:
        lines.append(f"Belote and rebelote: seat {deal.belote_seat}")
    if deal.is_over:
        result = deal.result
        if result.outcome is Outcome.REDEAL:
            lines.append("Result: everyone passed; the cards are dealt again")
        else:
            lines += describe_result(result).splitlines()
    return "\n".join(lines) + "\n"
