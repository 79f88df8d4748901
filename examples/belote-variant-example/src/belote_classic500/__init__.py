"""``classic-500``: the ``classic`` rules played to 500 points.

A whole variant is one ``Rules`` value. This one starts from ``classic``
and changes only what differs, with a comment citing where each change
comes from, as the built-in variant modules do.
"""

from __future__ import annotations

import attrs

from belote.variants.classic import RULES as CLASSIC

__all__ = ["RULES"]

RULES = attrs.evolve(
    CLASSIC,
    name="classic-500",
    description="classic belote, a short match to 500 points",
    aliases=("short", "classic500"),
    source="002, house rule",
    target=500,  # house rule: a short match for a lunch break
)
