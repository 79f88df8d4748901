"""``belote``: the rules of Belote and its regional variants.

Cards, tricks and a scoring pipeline in a small typed core; each variant is
a frozen [`Rules`][belote.rules.Rules] value.

>>> import belote
>>> [rules.name for rules in belote.available_variants()][:4]
['classic', 'piedicavallo', 'french', 'italian751']
"""

from __future__ import annotations

from belote.cards import Card, CardSet, Rank, Suit
from belote.errors import (
    BeloteError,
    IllegalAction,
    InvalidArgument,
    InvalidCombination,
    InvalidRecord,
    InvalidTally,
    NotationError,
    UnknownVariant,
)
from belote.rules import Rules, available_variants, get_rules
from belote.tricks import legal_plays, trick_winner

__version__ = "0.1.0"

__all__ = [
    "BeloteError",
    "Card",
    "CardSet",
    "IllegalAction",
    "InvalidArgument",
    "InvalidCombination",
    "InvalidRecord",
    "InvalidTally",
    "NotationError",
    "Rank",
    "Rules",
    "Suit",
    "UnknownVariant",
    "__version__",
    "available_variants",
    "get_rules",
    "legal_plays",
    "trick_winner",
]
