"""The bridge to colver, the independent contrée engine the cross-check plays against.

colver (PyPI ``colver``, a Rust engine with Python bindings) numbers its cards
suit by suit (spades, hearts, diamonds, clubs) in the plain order 7 8 9 J Q K
10 A, its bidding actions 0 (pass), 1-36 (80 to 160 in tens, four suits each),
37-40 (capot in each suit), 41 (coinche) and 42 (surcoinche), and its play
actions by card. Its seats turn in the same order as ours and team 0 is seats
0 and 2. These functions translate, and nothing else: the rules are each
engine's own.
"""

from __future__ import annotations

import os
import random

import pytest

from belote.actions import ID_COINCHE, ID_PASS, ID_PLAY, ID_PLAY_BELOTE, ID_SURCOINCHE, bid_id
from belote.cards import CARDS
from belote.deal import Deal

try:
    import colver  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - the oracle extra is not installed
    colver = None

# Our rank numbers (7 8 9 10 J Q K A) to colver's position in a suit (7 8 9 J Q K 10 A).
RANK_TO_COLVER = (0, 1, 2, 6, 3, 4, 5, 7)
COLVER_TO_RANK = tuple(RANK_TO_COLVER.index(i) for i in range(8))


def require_colver() -> object:
    """colver's module, or a skip; never a skip where CI asks for the oracle (BELOTE_REQUIRE_ORACLE=1)."""
    if colver is None:
        if os.environ.get("BELOTE_REQUIRE_ORACLE") == "1":
            pytest.fail("colver is not installed, and BELOTE_REQUIRE_ORACLE=1 (pip install '.[oracle]')")
        pytest.skip("colver is not installed (pip install '.[oracle]')")
    return colver


def to_colver(card: int) -> int:
    """Our card index to colver's."""
    return (card >> 3) * 8 + RANK_TO_COLVER[card & 7]


def from_colver(card: int) -> int:
    """colver's card index to ours."""
    return (card >> 3) * 8 + COLVER_TO_RANK[card & 7]


def action_id_of(action: int, phase: int) -> int:
    """colver's action (in its phase: 0 the auction, 1 the play) as our action id."""
    if phase == 0:
        if action == 0:
            return ID_PASS
        if action <= 36:
            return bid_id(80 + 10 * ((action - 1) // 4), (action - 1) % 4)
        if action <= 40:
            return bid_id(None, action - 37)
        if action == 41:
            return ID_COINCHE
        if action == 42:
            return ID_SURCOINCHE
        raise ValueError(f"colver auction action {action}")
    return ID_PLAY + from_colver(action)


def our_ids(deal: Deal) -> set[int]:
    """Our legal ids with belote announcements folded into the plain card (colver scores
    belote by itself: it has no announcement to make)."""
    return {i - 32 if ID_PLAY_BELOTE <= i < ID_PLAY_BELOTE + 32 else i for i in deal.legal_action_ids()}


def choose(rng: random.Random, legal: list[int], phase: int) -> int:
    """A random legal colver action, biased so that auctions coinche, surcoinche and bid capot."""
    if phase != 0:
        return rng.choice(legal)
    if 42 in legal and rng.random() < 0.35:
        return 42
    if 41 in legal and rng.random() < 0.2:
        return 41
    if rng.random() < 0.55:
        return 0
    bids = [a for a in legal if 1 <= a <= 40]
    if not bids:
        return 0
    capots = [a for a in bids if a >= 37]
    if capots and rng.random() < 0.04:
        return rng.choice(capots)
    return rng.choice(bids[:8])  # the lowest values, so that auctions last


def deal_of(env: object, dealer: int) -> Deal:
    """Our deal of colver's hands and dealer."""
    hands = env.get_hands()  # type: ignore[attr-defined]
    return Deal.from_hands(
        "contree", [[str(CARDS[from_colver(c)]) for c in hand] for hand in hands], dealer=dealer
    )
