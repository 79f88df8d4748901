"""The arguments of ``belote fit-thresholds`` (its body: [`belote.experiments.thresholds`][belote.experiments.thresholds])."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

__all__ = ["fit_parser"]

Handler = Callable[[argparse.Namespace, TextIO], int]


def fit_parser(
    add: Callable[[str, Handler, str, str], argparse.ArgumentParser],
    lazy: Callable[[str, str], Handler],
    whole: Callable[[str], int],
) -> None:
    """Add ``belote fit-thresholds`` with ``add`` (name, handler, help, example)."""
    p = add("fit-thresholds", lazy("belote.experiments.thresholds", "fit_thresholds_command"),
            "Fit the heuristic bot's bidding thresholds under each rule set by evaluation on "
            "seeded decks (docs/bots.md#thresholds-from-the-rules); --json prints the data "
            "file the package ships.", "belote fit-thresholds --disputes --json")
    p.add_argument("variants", nargs="*", metavar="VARIANT",
                   help="variant names or specs (default: every built-in variant)")
    p.add_argument("--disputes", action="store_true",
                   help="also each other published reading of each variant's disputed rules")
    p.add_argument("--decks", type=whole, default=None,
                   help="seeded decks per fit (default: the shipped data's)")
    p.add_argument("--seed", type=whole, default=None,
                   help="the first deck's seed (default: the shipped data's)")
    p.add_argument("--json", action="store_true", help="print JSON (the shipped file's form)")
