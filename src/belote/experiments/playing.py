"""One simulated deal, and a chunk of them, from the simulation seed: the loop of every simulation, compiled.

[`play_dealing`][belote.experiments.playing.play_dealing] plays deal
``index`` of a simulation from ``random.Random(f"{seed}:{index}")`` (its
redeals from ``f"{seed}:{index}:{r}"``, [`deal_seed`][belote.experiments.playing.deal_seed]);
[`play_chunk`][belote.experiments.playing.play_chunk] plays a run of them into
an [`Accumulator`][belote.experiments.stats.Accumulator]. They are what
[`simulate`][belote.experiments.simulate.simulate],
[`compare`][belote.experiments.compare.compare], the what-if and duel
experiments call per deal, and [`belote.experiments.simulate`][belote.experiments.simulate]
re-exports them. This module is in the compiled core (docs/compiled.md): its
callers pass checked values (a [`Rules`][belote.rules.model.Rules] value, ints).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Final

from belote.agents import play_deal, start_deal
from belote.agents.bots import Player
from belote.deal import Deal
from belote.deal.dealing import shuffled_deck
from belote.errors import InvalidArgument
from belote.experiments.stats import Accumulator
from belote.game import next_dealer
from belote.rules import Rules
from belote.scoring import DealResult, Outcome

__all__ = [
    "INLINE_RANDRANGE",
    "MAX_REDEALS",
    "deal_seed",
    "play_chunk",
    "play_dealing",
    "randrange_fast",
]

MAX_REDEALS: Final = 100
"""Redeals in a row after which a simulated deal gives up (bots that never take)."""

# Enum members read once (on Python 3.11 reading one through its class runs Python code).
_REDEAL: Final = Outcome.REDEAL


def deal_seed(seed: int, index: int, redeal: int = 0) -> str:
    """The text that seeds deal ``index`` of a simulation (its ``redeal``-th redeal).

    >>> deal_seed(7, 12), deal_seed(7, 12, 1)
    ('7:12', '7:12:1')
    """
    return f"{seed}:{index}" if redeal == 0 else f"{seed}:{index}:{redeal}"


def randrange_fast(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``, the same draws without its argument checks.

    CPython's ``randrange(n)`` is ``_randbelow(n)``: ``getrandbits(k)``, with
    ``k = n.bit_length()``, until the draw is below ``n`` (checked in the tests).
    """
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def _randrange_matches() -> bool:
    for seed in range(8):
        for n in (2, 3, 4):
            ours, theirs = random.Random(seed), random.Random(seed)
            if (randrange_fast(ours, n), ours.random()) != (theirs.randrange(n), theirs.random()):
                return False  # pragma: no cover
    return True


INLINE_RANDRANGE: Final = _randrange_matches()
"""Whether `randrange_fast` draws like ``Random.randrange`` on this Python (else it is not used)."""


def play_dealing(
    rules: Rules, players: int, seed: int, index: int, bots: Sequence[Player],
    records: list[str] | None,
    play: Callable[[Deal, Sequence[Player]], DealResult] = play_deal,
    rng: random.Random | None = None,
) -> tuple[Deal, DealResult, int]:
    """Deal ``index``: (the played deal, its result, the redeals before it).

    ``play``: [`play_deal`][belote.agents.bots.play_deal], or the loop it picks for
    ``bots`` (asked once per chunk). ``records``, when given, receives every
    deal record (redeals included) as a JSON line. ``rng``: a generator to
    reseed instead of building one (a chunk reuses one): ``rng.seed(text)``
    gives it the state ``random.Random(text)`` starts in, so the draws are
    the same.

    Raises:
        InvalidArgument: everyone passed more than
            [`MAX_REDEALS`][belote.experiments.playing.MAX_REDEALS] times in a row.
    """
    if rng is None:
        rng = random.Random(deal_seed(seed, index))
    else:
        rng.seed(deal_seed(seed, index))
    deck = shuffled_deck(rng)  # the draws of rng.shuffle(list(range(32))), inline
    dealer = randrange_fast(rng, players) if INLINE_RANDRANGE else rng.randrange(players)
    start_deal(bots, rng)
    redeal = 0
    while True:
        # The deck is a permutation the library made: no need to parse it.
        deal = Deal.shuffled(rules, deck, dealer, players)
        result = play(deal, bots)
        if records is not None:
            records.append(json.dumps(deal.to_record(), ensure_ascii=False))
        if result.outcome is not _REDEAL:
            return deal, result, redeal
        redeal += 1
        if redeal > MAX_REDEALS:
            raise InvalidArgument(
                f"deal {index}: everyone passed {MAX_REDEALS} times in a row; the bots never take"
            )
        dealer = next_dealer(rules, players, dealer, result)
        deck = shuffled_deck(random.Random(deal_seed(seed, index, redeal)))


def play_chunk(
    acc: Accumulator, rules: Rules, players: int, seed: int, start: int, stop: int,
    bots: Sequence[Player], records: list[str] | None,
) -> None:
    """Play deals ``start`` to ``stop - 1`` and count them in ``acc`` (their redeals too).

    ``records``, when given, receives every deal record as a JSON line.
    """
    partners = rules.partnerships and players == 4
    rng = random.Random()  # reseeded for every deal
    for index in range(start, stop):
        deal, result, redeals = play_dealing(
            rules, players, seed, index, bots, records, play_deal, rng
        )
        acc.redeals += redeals
        acc.add(deal, result, partners)
