"""The built-in bots by their former home: a thin alias of [`belote.agents`][belote.agents].

Earlier releases had two bot protocols (a ``Player`` that acted on the whole
deal, hidden hands included, and a ``Game`` agent). There is now one:
[`Agent`][belote.agents.Agent], which sees only what its seat may know. This
module keeps the old import paths working.

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=3, dealer=0)
>>> result = play_deal(deal, [HeuristicBot() for _ in range(4)])
>>> result.outcome.value in ("made", "failed", "litige", "redeal")
True
"""

from __future__ import annotations

from typing import Final

from belote.agents import Agent, HeuristicBot, RandomBot, hand_strength, play_deal
from belote.agents.guard import BotLimits
from belote.errors import InvalidArgument
from belote.rules.checks import whole

__all__ = [
    "BOT_KINDS",
    "HeuristicBot",
    "Player",
    "RandomBot",
    "hand_strength",
    "make_bots",
    "play_deal",
]

BOT_KINDS: Final = ("random", "heuristic")
"""The built-in bots a simulation names most often (any bot spec works, see [`make_bot`][belote.agents.registry.make_bot])."""

Player = Agent
"""The former name of [`Agent`][belote.agents.Agent]."""


def make_bots(kind: str, players: int, limits: BotLimits | None = None) -> list[Agent]:
    """One fresh bot per seat from a bot spec (see [`make_bot`][belote.agents.registry.make_bot]).

    ``kind`` is any spec the registry reads: ``"random"``, ``"heuristic"``,
    ``"pimc:samples=8"``, a registered or entry-point name, or
    ``"module:attribute"`` for a third-party agent. ``limits``: how long one
    decision may take (see [`make_bot`][belote.agents.registry.make_bot]).

    Raises:
        InvalidArgument: an unknown bot or a bad option, ``players`` out of 1..8.
        InvalidArgumentType: ``players`` is not a whole number.

    >>> make_bots("heuristic", 2)
    [HeuristicBot(take_threshold=34), HeuristicBot(take_threshold=34)]
    """
    from belote.agents.registry import make_bot

    if not isinstance(kind, str):
        raise InvalidArgument(f"bots must be named by a spec such as 'heuristic', not {kind!r}")
    players = whole(players, "players", 1, 8)
    return [make_bot(kind, seat=seat, limits=limits) for seat in range(players)]
