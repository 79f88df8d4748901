"""``belote fit-thresholds``: the heuristic's bidding thresholds fitted for a list of rule sets.

The fit itself is [`fit_thresholds`][belote.agents.fitting.fit_thresholds]
(docs/bots.md#thresholds-from-the-rules). [`fitted_table`][belote.experiments.thresholds.fitted_table]
fits a list of variants, and with ``disputes`` each other published reading
of their disputed rules ([`disputed_changes`][belote.experiments.whatif.disputed_changes]),
into the document the package ships as ``belote/agents/thresholds.json``:

```
belote fit-thresholds --disputes --json > src/belote/agents/thresholds.json
```

>>> table = fitted_table(["classic"], decks=5, seed=1)
>>> table["thresholds"]["classic"]
{'take': 34}
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TextIO

from belote.agents.fitting import FIT_DECKS, FIT_SEED, fit_thresholds, fitted_fields
from belote.experiments.whatif import disputed_changes
from belote.rules import Rules, get_rules
from belote.rules.checks import instance, sequence, whole, writer
from belote.rules.specs import spec_of
from belote.variants import BUILTIN

__all__ = ["FORMAT", "fit_thresholds_command", "fitted_table", "json_text"]

FORMAT = "belote-thresholds/1"
"""The ``format`` of the document (and of the shipped file)."""


def fitted_table(variants: Sequence[str] | None = None, *, disputes: bool = False,
                 decks: int = FIT_DECKS, seed: int = FIT_SEED) -> dict[str, object]:
    """The fitted thresholds of each variant (and with ``disputes`` each disputed reading), as a JSON document.

    ``{"format", "decks", "seed", "thresholds": {spec: {field: value}}}``:
    per canonical spec, the fields its bidding reads
    ([`fitted_fields`][belote.agents.fitting.fitted_fields]).

    Raises:
        UnknownVariant: no such variant.
        InvalidArgument: a bad spec or count.
    """
    names = [b.name for b in BUILTIN] if variants is None else [
        instance(v, str, "variants") for v in sequence(variants, "variants")]
    decks, seed = whole(decks, "decks", 1, 100_000), whole(seed, "seed")
    rule_sets: list[Rules] = []
    for name in names:
        rules = get_rules(name)
        rule_sets.append(rules)
        if disputes:
            rule_sets += [change.rules for change in disputed_changes(rules)[0]]
    found: dict[str, dict[str, int]] = {}
    for rules in rule_sets:
        fitted = fit_thresholds(rules, decks, seed)
        found[spec_of(rules)] = {name: getattr(fitted, name) for name in fitted_fields(rules)}
    return {"format": FORMAT, "decks": decks, "seed": seed, "thresholds": found}


def json_text(table: dict[str, object]) -> str:
    """The document as the shipped file writes it: one line per rule set.

    Raises:
        InvalidArgumentType: ``table`` (or its ``thresholds``) is not a dictionary.

    >>> print(json_text({"format": FORMAT, "decks": 1, "seed": 1, "thresholds": {"classic": {"take": 34}}}))
    {"format": "belote-thresholds/1", "decks": 1, "seed": 1, "thresholds": {
     "classic": {"take": 34}
    }}
    <BLANKLINE>
    """
    table = instance(table, dict, "table")
    head = {k: v for k, v in table.items() if k != "thresholds"}
    fitted = instance(table.get("thresholds", {}), dict, "thresholds")
    lines = [f" {json.dumps(spec)}: {json.dumps(fields)}" for spec, fields in fitted.items()]
    return json.dumps(head)[:-1] + ', "thresholds": {\n' + ",\n".join(lines) + "\n}}\n"


def fit_thresholds_command(args: argparse.Namespace, out: TextIO) -> int:
    """``belote fit-thresholds``: print the fitted thresholds (text, or the data file with ``--json``).

    Raises:
        BeloteError: bad input (reported by the CLI as one ``error:`` line).
    """
    args = instance(args, argparse.Namespace, "args")
    out = writer(out)
    table = fitted_table(args.variants or None, disputes=args.disputes,
                         decks=FIT_DECKS if args.decks is None else args.decks,
                         seed=FIT_SEED if args.seed is None else args.seed)
    if args.json:
        out.write(json_text(table))
        return 0
    out.write(f"Fitted on {table['decks']} decks from seed {table['seed']} "
              "(docs/bots.md#thresholds-from-the-rules):\n")
    fitted = table["thresholds"]
    assert isinstance(fitted, dict)
    for spec, fields in fitted.items():
        out.write(f"{spec}: " + ", ".join(f"{k} {v}" for k, v in fields.items()) + "\n")
    return 0
