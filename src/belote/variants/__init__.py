"""The six built-in variants, each a [`Rules`][belote.rules.model.Rules] value.

| name | players | source |
|---|---|---|
| ``classic`` | 4 | 002 |
| ``piedicavallo`` | 4 | 000 |
| ``french`` | 2 or 3 | 001, 003 |
| ``italian751`` | 4 | 004 |
| ``contree`` | 4 | public rulebooks (docs/contree.md) |
| ``bulgarian`` | 4 | the 2001 program Bridge Belot and public rules (docs/bulgarian.md) |

Each module is a variant's rule table: one frozen `Rules` value whose
fields cite the source. The registry ([`belote.rules.registry`][belote.rules.registry])
loads them by name like any plug-in. What they may import: the rules wing
and the ground floor only.
"""

from __future__ import annotations

from belote.variants.bulgarian import RULES as BULGARIAN
from belote.variants.classic import RULES as CLASSIC
from belote.variants.contree import RULES as CONTREE
from belote.variants.french import RULES as FRENCH
from belote.variants.italian751 import RULES as ITALIAN751
from belote.variants.piedicavallo import RULES as PIEDICAVALLO

__all__ = ["BUILTIN", "BULGARIAN", "CLASSIC", "CONTREE", "FRENCH", "ITALIAN751", "PIEDICAVALLO"]

#: The built-in variants in their documented order.
BUILTIN = (CLASSIC, PIEDICAVALLO, FRENCH, ITALIAN751, CONTREE, BULGARIAN)
