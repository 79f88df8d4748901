"""The rules wing: one frozen [`Rules`][belote.rules.model.Rules] value per variant, and what reads it.

What lives here: the `Rules` value and its small named policies
(`model`, `policies`), offences and sanctions (`penalties`), the variant
registry (`registry`: built-in variants and plug-ins, found by name or
alias), variant specs such as ``classic(capot_value=250)`` (`specs`), and the
argument and JSON-field checks every other wing uses (`checks`,
`jsonfields`).

What it may import: the ground floor only (`belote.errors`, `belote.cards`,
`belote.actions`). The built-in variants in [`belote.variants`][belote.variants]
sit above this wing; the registry knows them as plug-ins, by the same
``module:attribute`` names as their entry points.
"""

from belote.rules.fields import Dispute
from belote.rules.model import AuctionRules, ContractRules, PlayRules, Rules, default_by, readings
from belote.rules.penalties import (
    AppliedSanction,
    Offence,
    Penalty,
    Sanction,
    Sanctioning,
    SanctionKind,
    penalty_lines,
    sanction_for,
)
from belote.rules.policies import (
    Bidding,
    BothOverTarget,
    CallingOut,
    CapotRule,
    Contest,
    ContractScoring,
    DealerRotation,
    FrozenMapping,
    PendingRule,
    StrainPoints,
)
from belote.rules.registry import (
    available_variants,
    builtin_variants,
    find_variant,
    plugin_problems,
    register_variant,
)
from belote.rules.specs import (
    SETTABLE,
    get_rules,
    is_spec,
    knob_value,
    knob_word,
    parse_spec,
    rules_from_spec,
    spec_of,
    with_knob,
)

__all__ = [
    "SETTABLE",
    "AppliedSanction",
    "AuctionRules",
    "Bidding",
    "BothOverTarget",
    "CallingOut",
    "CapotRule",
    "Contest",
    "ContractRules",
    "ContractScoring",
    "DealerRotation",
    "Dispute",
    "FrozenMapping",
    "Offence",
    "Penalty",
    "PendingRule",
    "PlayRules",
    "Rules",
    "Sanction",
    "SanctionKind",
    "Sanctioning",
    "StrainPoints",
    "available_variants",
    "builtin_variants",
    "default_by",
    "find_variant",
    "get_rules",
    "is_spec",
    "knob_value",
    "knob_word",
    "parse_spec",
    "penalty_lines",
    "plugin_problems",
    "readings",
    "register_variant",
    "rules_from_spec",
    "sanction_for",
    "spec_of",
    "with_knob",
]
