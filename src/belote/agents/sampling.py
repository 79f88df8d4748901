"""Dealing hidden cards under constraints: the draw behind PIMC's sampled deals, kept here by name.

The draw lives in the deal wing, [`belote.deal.hidden`][belote.deal.hidden]
(compiled with the core), where [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint]
uses it too; [`fits`][belote.deal.hidden.fits] and
[`deal_cards`][belote.deal.hidden.deal_cards] stay importable from here as
before, the same functions.

>>> import random
>>> got = deal_cards(0b1111, [2, 2], [0b0111, 0b1110], random.Random(1))
>>> got is not None and got[0] | got[1] == 0b1111 and not got[0] & got[1]
True
"""

from __future__ import annotations

from belote.deal.hidden import deal_cards, fits

__all__ = ["deal_cards", "fits"]
