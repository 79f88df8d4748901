"""The constrained draw behind PIMC's sampled deals: every holder gets its count, only cards it may hold."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from belote.agents.sampling import deal_cards, fits


@st.composite
def _problems(draw: st.DrawFn) -> tuple[int, list[int], list[int]]:
    """Up to six cards, one to three holders whose places add up to the cards."""
    cards = draw(st.lists(st.integers(0, 31), min_size=1, max_size=6, unique=True))
    holders = draw(st.integers(1, 3))
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=holders - 1,
                                max_size=holders - 1)))
    bounds = [0, *cuts, len(cards)]
    caps = [bounds[h + 1] - bounds[h] for h in range(holders)]
    allowed = [sum(1 << c for c in draw(st.lists(st.sampled_from(cards), unique=True)))
               for _ in range(holders)]
    return sum(1 << c for c in cards), caps, allowed


def _some_dealing(cards: int, caps: list[int], allowed: list[int]) -> bool:
    """Whether any dealing fits, by trying every holder for every card."""
    listed = [c for c in range(32) if cards >> c & 1]
    for owners in itertools.product(range(len(caps)), repeat=len(listed)):
        if all(owners.count(h) == caps[h] for h in range(len(caps))) and all(
            allowed[h] >> c & 1 for c, h in zip(listed, owners, strict=True)
        ):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(_problems(), st.integers(0, 2**32))
def test_deal_cards_fills_every_place_with_allowed_cards(
    problem: tuple[int, list[int], list[int]], seed: int
) -> None:
    """A dealing exists exactly when fits says so; deal_cards then finds one, else None."""
    cards, caps, allowed = problem
    before = (list(caps), list(allowed))
    possible = _some_dealing(cards, caps, allowed)
    assert fits(cards, caps, allowed) == possible
    got = deal_cards(cards, caps, allowed, random.Random(seed))
    assert (caps, allowed) == before
    if not possible:
        assert got is None
        return
    assert got is not None
    union = 0
    for h, mask in enumerate(got):
        assert mask.bit_count() == caps[h]
        assert not mask & ~allowed[h]
        assert not mask & union
        union |= mask
    assert union == cards
