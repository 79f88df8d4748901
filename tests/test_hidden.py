"""The constrained draw of the hidden cards (belote.deal.hidden): every holder gets its count, only cards it may hold.

What PIMC's sampled deals (docs/solver.md) and read_viewpoint's layout
(docs/positions.md#from-one-seats-knowledge) deal the cards a seat cannot see with.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from belote.agents import sampling
from belote.deal.hidden import deal_cards, fits


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


def _described(cards: int, caps: list[int], allowed: list[int], rng: random.Random) -> list[int] | None:
    """The draw deal_cards' docstring describes, written plainly (a brute-force search for fits)."""
    if not _some_dealing(cards, caps, allowed):
        return None
    order = [c for c in range(32) if cards >> c & 1]
    rng.shuffle(order)
    places, left, got = list(caps), cards, [0] * len(caps)
    for card in order:
        left ^= 1 << card
        options = [h for h in range(len(caps)) if places[h] and allowed[h] >> card & 1]
        while True:
            pick = rng.randrange(sum(places[h] for h in options))
            chosen = next(h for k, h in enumerate(options) if pick < sum(places[o] for o in options[:k + 1]))
            places[chosen] -= 1
            if _some_dealing(left, places, allowed):
                got[chosen] |= 1 << card
                break
            places[chosen] += 1
            options.remove(chosen)
    return got


@settings(max_examples=100, deadline=None)
@given(_problems(), st.integers(0, 2**32))
def test_deal_cards_draws_the_numbers_its_docstring_describes(
    problem: tuple[int, list[int], list[int]], seed: int
) -> None:
    """The cards in ``rng.shuffle``'s order, each to a holder drawn by ``randrange`` in proportion to
    its places: the same dealing and the same generator state after it (PIMC's samples and the
    shipped corpus, docs/corpus.md, depend on the exact draw)."""
    cards, caps, allowed = problem
    mine, theirs = random.Random(seed), random.Random(seed)
    assert deal_cards(cards, caps, allowed, mine) == _described(cards, caps, allowed, theirs)
    assert mine.getstate() == theirs.getstate()


def test_the_agents_sampling_names_are_the_deal_wings_functions() -> None:
    """docs/api/agents.md: ``belote.agents.sampling`` keeps its names, the deal wing's own functions."""
    assert sampling.deal_cards is deal_cards
    assert sampling.fits is fits
    assert sampling.__all__ == ["deal_cards", "fits"]
