"""A variant's whole configuration, for people and as JSON (``belote rules``).

[`rules_to_json`][belote.describe.rules_to_json] gives every field of [`Rules`][belote.rules.Rules]
(enums as their values, carré values by rank text); [`describe_rules`][belote.describe.describe_rules]
lists the same knobs grouped by the sections of RULES.md.

>>> from belote.rules import get_rules
>>> doc = rules_to_json(get_rules("piedicavallo"))
>>> doc["capot_rule"], doc["carre_values"]["J"], doc["round_to"]
('attack-or-reverse', 200, 10)
>>> print(describe_rules(get_rules("classic")).splitlines()[2])
source: 002 (texts in seeds/, readings in RULES.md)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import attrs

from belote.cards import Rank
from belote.rules import Rules

__all__ = ["SECTIONS", "describe_rules", "rules_to_json"]

#: The sections of [`describe_rules`][belote.describe.describe_rules]: a title, the RULES.md section, and
#: the fields listed under it. A field not named here (a plug-in's own) goes
#: under "Other".
SECTIONS: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    (
        "Seats and dealing",
        "§2",
        (
            "player_counts",
            "partnerships",
            "first_packets",
            "completion_packets",
            "taker_takes_turned",
            "show_bottom_card",
            "dealer_rotation",
            "winner_deals_with_three",
        ),
    ),
    ("Bidding", "§3, §4", ("second_round", "jack_obligatory", "seven_swap")),
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
            "belote_value",
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
        ("target", "target_strictly_more", "both_over_target", "calling_out"),
    ),
    ("Penalties", "§9", ("penalties",)),
)

_IDENTITY: Final = ("name", "description", "aliases", "source")


def _key_text(key: object) -> str:
    if isinstance(key, Rank):
        return key.text
    if isinstance(key, enum.Enum):
        return str(key.value)
    return str(key)


def _json_value(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        items = list(value.items())
        if all(isinstance(key, Rank) for key, _ in items):
            items.sort(key=lambda kv: -int(kv[0]))  # carré values: highest rank first
        return {_key_text(key): _json_value(item) for key, item in items}
    if isinstance(value, tuple | list):
        return [_json_value(item) for item in value]
    cls = type(value)
    if attrs.has(cls):
        return {field.name: _json_value(getattr(value, field.name)) for field in attrs.fields(cls)}
    return value


def rules_to_json(rules: Rules) -> dict[str, object]:
    """Every field of ``rules`` as JSON values, in declaration order.

    Enums become their values, ``carre_values`` a ``{"J": 200, ...}`` object
    (highest rank first), tuples lists and ``play`` an object of booleans.
    """
    return {field.name: _json_value(getattr(rules, field.name)) for field in attrs.fields(Rules)}


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


def describe_rules(rules: Rules) -> str:
    """A readable listing of every knob of ``rules``, grouped by RULES.md section.

    The first line names the variant and its description, the next its
    aliases and source texts; then one ``name: value`` line per knob.
    """
    doc = rules_to_json(rules)
    lines = [f"{rules.name} — {rules.description}" if rules.description else rules.name]
    aliases = ", ".join(rules.aliases) or "none"
    lines.append(f"aliases: {aliases}")
    lines.append(f"source: {rules.source or 'not given'} (texts in seeds/, readings in RULES.md)")
    listed: set[str] = set(_IDENTITY)
    sections = [*SECTIONS, ("Other", "", tuple(name for name in doc if name not in _known()))]
    for title, section, names in sections:
        present = [name for name in names if name in doc and name not in listed]
        if not present:
            continue
        lines.append("")
        lines.append(f"{title} (RULES.md {section})" if section else title)
        width = max(len(name) for name in present)
        for name in present:
            listed.add(name)
            value = doc[name]
            if isinstance(value, dict) and name == "play":
                lines.append(f"  {name}:")
                inner = max(len(key) for key in value)
                for key, item in value.items():
                    lines.append(f"    {key:<{inner}}  {_text(item)}")
            else:
                lines.append(f"  {name:<{width}}  {_text(value)}")
    return "\n".join(lines) + "\n"


def _known() -> set[str]:
    return set(_IDENTITY) | {name for _, _, names in SECTIONS for name in names}
