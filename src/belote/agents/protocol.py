"""The agent protocol: what a seat's player receives and returns."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from belote.actions import Action
from belote.deal import Observation, SeatView
from belote.errors import InvalidArgumentType, shown

__all__ = ["Agent", "FastAgent", "OptionValue", "Seeded", "option_value"]

OptionValue = int | float | bool | str
"""The value of a bot's option, as a spec writes it (``pimc:samples=20``)."""


def option_value(text: str) -> OptionValue:
    """An option value read from a spec: a whole number, a decimal, ``true``/``false``, else the text.

    >>> option_value("20"), option_value("0.5"), option_value("TRUE"), option_value("fast")
    (20, 0.5, True, 'fast')

    Raises:
        InvalidArgumentType: ``text`` is not text.
    """
    if not isinstance(text, str):
        raise InvalidArgumentType(f"text: expected an option's text, got {shown(text)}")
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@runtime_checkable
class Agent(Protocol):
    """A seat's player: picks one of the legal actions from what its seat may know.

    The one method every agent has. The drivers
    ([`play_deal`][belote.agents.play_deal], [`Game`][belote.game.Game], the
    simulations, the duels, `belote play`, the adapters' wrappers) call it
    with the seat's [`Observation`][belote.deal.Observation] and the legal
    actions, which all belong to that seat: exactly one seat acts at every
    decision, the holder of the 7 of trump included (``swap`` or ``keep``).

    Two optional methods make an agent faster or reproducible; the drivers
    use them when present:

    - ``choose_id(view: SeatView) -> int`` ([`FastAgent`][belote.agents.FastAgent]):
      the same decision from the seat's [`SeatView`][belote.deal.SeatView],
      returning an action id (``belote.actions.ID_*``) whose bit is set in
      ``view.legal``. The drivers prefer it to ``choose``.
    - ``start_deal(rng: random.Random) -> None`` ([`Seeded`][belote.agents.protocol.Seeded]):
      called before each simulated deal with that deal's own generator, so a
      deal's play depends only on the seed and the deal's number.

    And one optional attribute: ``skip_forced = True`` tells the drivers that
    the agent need not be asked when exactly one action is legal (it would
    answer that action, draws nothing at random for it, and keeps no memory
    of being asked); [`play_deal`][belote.agents.play_deal] then plays that
    action for it. [`HeuristicBot`][belote.agents.HeuristicBot] sets it.
    """

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Return one action of ``legal`` (all of them the observing seat's)."""
        ...  # pragma: no cover


@runtime_checkable
class FastAgent(Agent, Protocol):
    """An [`Agent`][belote.agents.Agent] with the integer fast path."""

    def choose_id(self, view: SeatView) -> int:
        """Return a legal action id: one whose bit is set in ``view.legal``."""
        ...  # pragma: no cover


@runtime_checkable
class Seeded(Protocol):
    """An agent that draws from the generator each simulated deal hands it."""

    def start_deal(self, rng: random.Random) -> None:
        """Draw from ``rng`` during the next deal."""
        ...  # pragma: no cover
