"""Dealing the hidden cards under constraints (compiled with the core): who may hold which unseen card.

A seat at the table cannot see the other hands (nor the stock of a variant
that deals only part of the deck), but it knows how many cards each holds
and, by the play obligations, some cards a hand cannot hold
([`ruled_out`][belote.deal.viewpoint.ruled_out]). Dealing those cards again
so that each holder gets as many as it holds, and only cards it may hold,
is what both [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint] (one
layout of a position written with ``?``, docs/positions.md#from-one-seats-knowledge)
and the Monte Carlo bot's [`sample_deal`][belote.agents.knowledge.sample_deal]
(docs/solver.md) do. This module does that draw on card masks:
[`fits`][belote.deal.hidden.fits] checks Hall's condition and
[`deal_cards`][belote.deal.hidden.deal_cards] draws a dealing that fits.

>>> import random
>>> got = deal_cards(0b1111, [2, 2], [0b0111, 0b1110], random.Random(1))
>>> got is not None and got[0] | got[1] == 0b1111 and not got[0] & got[1]
True
"""

from __future__ import annotations

import random

from belote.deal.dealing import shuffle_cards
from belote.tricks import cards_of

__all__ = ["deal_cards", "fits"]


def fits(cards: int, caps: list[int], allowed: list[int]) -> bool:
    """Hall's condition: the ``cards`` (a mask) can fill every holder's ``caps[h]`` places from ``allowed[h]``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint] (and, for the
    Monte Carlo bot, [`sample_deal`][belote.agents.knowledge.sample_deal]).

    >>> fits(0b11, [1, 1], [0b01, 0b01]), fits(0b11, [1, 1], [0b01, 0b10])
    (False, True)
    """
    k = len(caps)
    for subset in range(1, 1 << k):
        need = 0
        reach = 0
        for h in range(k):
            if subset >> h & 1:
                need += caps[h]
                reach |= allowed[h]
        if need and (cards & reach).bit_count() < need:
            return False
    return True


def deal_cards(
    cards: int, caps: list[int], allowed: list[int], rng: random.Random
) -> list[int] | None:
    """Deal the ``cards`` (a mask) at random: holder ``h`` gets ``caps[h]`` of them, all in ``allowed[h]``.

    Trusted: takes what the library built and checks nothing; the checked door is
    [`read_viewpoint`][belote.deal.viewpoint.read_viewpoint] (and, for the
    Monte Carlo bot, [`sample_deal`][belote.agents.knowledge.sample_deal]).

    The cards are taken in an order shuffled by ``rng``
    ([`shuffle_cards`][belote.deal.dealing.shuffle_cards]) and each goes to a
    holder that may take it, drawn in proportion to its places left
    (``rng.randrange``), unless the cards still to deal could then no longer
    fill the places left ([`fits`][belote.deal.hidden.fits]): that holder is
    ruled out for the card. ``caps`` and ``allowed`` are not changed. The
    places are expected to add up to the cards (every card is dealt).

    Returns:
        Per holder, the mask of the cards it gets; ``None`` if no dealing fits.
    """
    if not fits(cards, caps, allowed):
        return None
    places = list(caps)
    left = cards
    got = [0] * len(places)
    order = cards_of(cards)
    shuffle_cards(rng, order)
    for card in order:
        bit = 1 << card
        left ^= bit
        options = [h for h in range(len(places)) if places[h] and allowed[h] & bit]
        while True:
            total = 0
            for h in options:
                total += places[h]
            pick = rng.randrange(total)
            chosen = options[-1]
            for h in options:
                pick -= places[h]
                if pick < 0:
                    chosen = h
                    break
            places[chosen] -= 1
            if fits(left, places, allowed):
                got[chosen] |= bit
                break
            places[chosen] += 1
            options.remove(chosen)
    return got
