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
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.experiments.stats import Accumulator
from belote.game import next_dealer
from belote.rules import Rules
from belote.rules.checks import as_rules, instance, sequence, whole
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


def deal_seed(seed: object, index: object, redeal: object = 0) -> str:
    """The text that seeds deal ``index`` of a simulation (its ``redeal``-th redeal).

    >>> deal_seed(7, 12), deal_seed(7, 12, 1)
    ('7:12', '7:12:1')

    Raises:
        InvalidArgumentType: an argument that is not a whole number.
        InvalidArgument: a negative ``index`` or ``redeal``.
    """
    return _deal_seed(whole(seed, "seed"), whole(index, "index", 0), whole(redeal, "redeal", 0))


def _deal_seed(seed: int, index: int, redeal: int = 0) -> str:
    return f"{seed}:{index}" if redeal == 0 else f"{seed}:{index}:{redeal}"


def randrange_fast(rng: object, n: object) -> int:
    """``rng.randrange(n)`` for ``n >= 1``, the same draws without its argument checks.

    CPython's ``randrange(n)`` is ``_randbelow(n)``: ``getrandbits(k)``, with
    ``k = n.bit_length()``, until the draw is below ``n`` (checked in the tests).
    The simulation's loop calls the same draws unchecked, once per deal.

    Raises:
        InvalidArgumentType: ``rng`` is not a ``random.Random``, ``n`` not a whole number.
        InvalidArgument: ``n`` is below 1.
    """
    return _randrange_fast(instance(rng, random.Random, "rng"), whole(n, "n", 1))


def _randrange_fast(rng: random.Random, n: int) -> int:
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
    rules: object, players: object, seed: object, index: object, bots: object,
    records: object, play: object = None, rng: object = None,
) -> tuple[Deal, DealResult, int]:
    """Deal ``index``: (the played deal, its result, the redeals before it).

    ``play``: [`play_deal`][belote.agents.bots.play_deal] (``None``, the default), or the loop it picks for
    ``bots`` (asked once per chunk). ``records``, when given, receives every
    deal record (redeals included) as a JSON line. ``rng``: a generator to
    reseed instead of building one (a chunk reuses one): ``rng.seed(text)``
    gives it the state ``random.Random(text)`` starts in, so the draws are
    the same.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: everyone passed more than
            [`MAX_REDEALS`][belote.experiments.playing.MAX_REDEALS] times in a row; a
            player count the rules do not allow, a negative ``index``, not one bot per seat.
    """
    checked = as_rules(rules)
    n = checked.check_players(whole(players, "players"))
    seat_bots = _bots(bots, n)
    if play is not None and not callable(play):
        raise InvalidArgumentType(f"play: expected a function or None, got {shown(play)}")
    return _play_dealing(
        checked, n, whole(seed, "seed"), whole(index, "index", 0), seat_bots, _records(records),
        play_deal if play is None else play, None if rng is None else instance(rng, random.Random, "rng"))


def _bots(bots: object, players: int) -> Sequence[Player]:
    seated = sequence(bots, "bots")
    if len(seated) != players:
        raise InvalidArgument(f"bots: {players} players need {players} bots, not {len(seated)}")
    return seated  # type: ignore[return-value]  # agents: each is asked when it acts


def _records(records: object) -> list[str] | None:
    return None if records is None else instance(records, list, "records")


def _play_dealing(
    rules: Rules, players: int, seed: int, index: int, bots: Sequence[Player],
    records: list[str] | None,
    play: Callable[[Deal, Sequence[Player]], DealResult] = play_deal,
    rng: random.Random | None = None,
) -> tuple[Deal, DealResult, int]:
    if rng is None:
        rng = random.Random(_deal_seed(seed, index))
    else:
        rng.seed(_deal_seed(seed, index))
    deck = shuffled_deck(rng)  # the draws of rng.shuffle(list(range(32))), inline
    dealer = _randrange_fast(rng, players) if INLINE_RANDRANGE else rng.randrange(players)
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
            hint = ("; a bot that cannot bid a strain auction passes every time: "
                    "try --bots heuristic or --bots random"
                    if rules.strain_auction else "")
            raise InvalidArgument(
                f"deal {index}: everyone passed {MAX_REDEALS} times in a row; the bots never "
                f"take{hint}"
            )
        dealer = next_dealer(rules, players, dealer, result, deal.deck)
        deck = shuffled_deck(random.Random(_deal_seed(seed, index, redeal)))


def play_chunk(
    acc: object, rules: object, players: object, seed: object, start: object, stop: object,
    bots: object, records: object,
) -> None:
    """Play deals ``start`` to ``stop - 1`` and count them in ``acc`` (their redeals too).

    ``records``, when given, receives every deal record as a JSON line.

    Raises:
        InvalidArgumentType: an argument of the wrong type.
        InvalidArgument: a player count the rules do not allow, a negative ``start``, not
            one bot per seat.
    """
    checked = as_rules(rules)
    n = checked.check_players(whole(players, "players"))
    _play_chunk(instance(acc, Accumulator, "acc"), checked, n, whole(seed, "seed"),
                whole(start, "start", 0), whole(stop, "stop", 0), _bots(bots, n), _records(records))


def _play_chunk(
    acc: Accumulator, rules: Rules, players: int, seed: int, start: int, stop: int,
    bots: Sequence[Player], records: list[str] | None,
) -> None:
    partners = rules.partnerships and players == 4
    rng = random.Random()  # reseeded for every deal
    for index in range(start, stop):
        deal, result, redeals = _play_dealing(
            rules, players, seed, index, bots, records, play_deal, rng
        )
        acc.redeals += redeals
        acc.add(deal, result, partners)
