"""The checks of [`Deal`][belote.deal.Deal]'s doors that its fast paths call before compiled code.

[`Deal.random`][belote.deal.Deal.random] and [`Deal.shuffled`][belote.deal.Deal.shuffled]
skip the checks of ``Deal(...)`` for speed; these cheap ones still refuse what
the compiled core would meet with a bare built-in error (issue 41).
"""

from __future__ import annotations

import random

from belote.deal import dealing
from belote.deal.dealing import is_shuffled_deck
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.rules import Rules

__all__ = ["check_flag", "check_seed", "check_shuffled", "shuffled_deck"]


def check_seed(seed: object) -> None:
    """Refuse a seed that is not a whole number, a ``random.Random`` or ``None`` (numpy too).

    Raises:
        InvalidArgumentType: any other seed.
    """
    if not (seed is None or isinstance(seed, random.Random) or type(seed) is int):
        raise InvalidArgumentType(f"seed: expected a whole number, a random.Random or None, "
                                  f"got {shown(seed)}")


def check_shuffled(rules: object, deck: object, dealer: object, players: object) -> None:
    """Refuse the arguments of ``Deal.shuffled`` that would reach compiled code wrong.

    Raises:
        InvalidArgumentType: ``rules`` is not a ``Rules`` value, ``players`` not a whole number.
        InvalidArgument: a player count the rules do not allow, a dealer who is
            not one of the seats, or a deck that is not a permutation of ``range(32)``.
    """
    if not isinstance(rules, Rules):
        raise InvalidArgumentType(f"rules: expected a Rules value, got {shown(rules)}")
    n = rules.check_players(players)  # type: ignore[arg-type]
    if type(dealer) is not int or not 0 <= dealer < n:
        raise InvalidArgument(f"dealer must be a seat from 0 to {n - 1}, not {shown(dealer)}")
    if not is_shuffled_deck(deck):
        raise InvalidArgument(f"deck: a permutation of range(32), not {shown(deck)}")


def check_flag(value: object, name: str) -> None:
    """Refuse a flag that is not ``True`` or ``False``.

    Raises:
        InvalidArgumentType: anything else (``"no"``, ``1``, ``None``).
    """
    if type(value) is not bool:
        raise InvalidArgumentType(f"{name}: expected True or False, got {shown(value)}")


def shuffled_deck(rng: random.Random) -> list[int]:
    """A deck order: ``list(range(32))`` shuffled exactly as ``rng.shuffle`` shuffles it.

    [`dealing.shuffled_deck`][belote.deal.dealing.shuffled_deck] once ``rng`` is checked.

    >>> shuffled_deck(random.Random(3)) == dealing.shuffled_deck(random.Random(3))
    True

    Raises:
        InvalidArgumentType: ``rng`` is not a ``random.Random``.
    """
    if not isinstance(rng, random.Random):
        raise InvalidArgumentType(f"rng: expected a random.Random, got {shown(rng)}")
    return dealing.shuffled_deck(rng)
