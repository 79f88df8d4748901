"""Driving agents: one decision ([`act`][belote.agents.act]) and one deal ([`play_deal`][belote.agents.play_deal]).

Every place a bot plays goes through these two functions, so every agent is
treated alike: it is shown its seat's [`SeatView`][belote.deal.SeatView]
(when it has ``choose_id``) or its [`Observation`][belote.deal.Observation]
and the legal actions, never the deal; what it returns is applied through
the deal's public, checked path, so an illegal choice raises
[`IllegalAction`][belote.errors.IllegalAction] and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from belote.actions import action_id
from belote.agents.protocol import Agent
from belote.agents.random_bot import RandomBot
from belote.deal import Deal
from belote.errors import IllegalAction, InvalidArgument, InvalidArgumentType, shown
from belote.rules.checks import instance, sequence
from belote.scoring import DealResult

__all__ = ["act", "close_agents", "decide", "play_deal", "start_deal"]


def start_deal(agents: Sequence[Agent], rng: random.Random) -> None:
    """Hand ``rng`` to every agent that has ``start_deal`` (before a simulated deal)."""
    instance(rng, random.Random, "rng")
    for agent in sequence(agents, "agents"):
        start = getattr(agent, "start_deal", None)
        if start is not None:
            start(rng)


def close_agents(agents: Sequence[Agent]) -> None:
    """Call ``close()`` on every agent that has it (an engine's process is stopped), once play is done."""
    for agent in sequence(agents, "agents"):
        close = getattr(agent, "close", None)
        if callable(close):
            close()


def act(deal: Deal, agent: Agent) -> None:
    """Let ``agent`` take the decision of the seat to act on ``deal``.

    The agent gets the seat's [`SeatView`][belote.deal.SeatView] when it has
    ``choose_id``, else its [`Observation`][belote.deal.Observation] and the
    legal actions.

    Raises:
        InvalidArgument: the deal is over.
        IllegalAction: the agent chose an action that is not legal; the deal is unchanged.
        InvalidArgumentType: ``deal`` is not a [`Deal`][belote.deal.Deal].
    """
    seat = _deal(deal).to_act
    if seat is None:
        raise InvalidArgument("the deal is over: nobody is to act")
    choose_id = getattr(agent, "choose_id", None)
    try:
        if choose_id is not None:
            deal.apply_id(choose_id(deal.seat_view(seat)))
        else:
            deal.apply(_choose(agent, seat)(deal.observation(seat), deal.legal_actions()))
    except IllegalAction as exc:
        raise IllegalAction(f"seat {seat}'s agent {agent!r} chose an illegal action: {exc}") from None


def _deal(deal: object) -> Deal:
    if not isinstance(deal, Deal):
        raise InvalidArgumentType(f"deal: expected a Deal, got {shown(deal)}")
    return deal


def _choose(agent: object, seat: int) -> Any:
    """The agent's ``choose`` method, or a typed error saying it has none."""
    choose = getattr(agent, "choose", None)
    if not callable(choose):
        raise InvalidArgument(
            f"the agent of seat {seat} ({agent!r}) is no agent: it has no "
            "choose(observation, legal) method"
        )
    return choose


def decide(deal: Deal, agent: Agent) -> int:
    """The action id ``agent`` chooses for the seat to act on ``deal``, without applying it.

    What the adapters' wrappers call (an OpenSpiel bot's ``step``, a
    PettingZoo policy): the agent sees what [`act`][belote.agents.act] shows
    it, and its choice is checked.

    Raises:
        InvalidArgument: the deal is over.
        IllegalAction: the agent chose an action that is not legal now.
        InvalidArgumentType: ``deal`` is not a [`Deal`][belote.deal.Deal].
    """
    seat = _deal(deal).to_act
    if seat is None:
        raise InvalidArgument("the deal is over: nobody is to act")
    choose_id = getattr(agent, "choose_id", None)
    if choose_id is not None:
        chosen = choose_id(deal.seat_view(seat))
        if type(chosen) is int and chosen >= 0 and deal.legal_action_mask() >> chosen & 1:
            return chosen
        raise IllegalAction(f"seat {seat}'s agent chose no legal action id: {chosen!r}")
    action = _choose(agent, seat)(deal.observation(seat), deal.legal_actions())
    if not deal.can(action):
        raise IllegalAction(deal.why_illegal(action) or f"{action} is not legal now")
    return action_id(action)


def _shared_random(agents: Sequence[Agent]) -> random.Random | None:
    """The one generator of a table of random bots, else ``None``."""
    first = agents[0]
    if type(first) is not RandomBot:
        return None
    rng = first.rng
    for agent in agents:
        if type(agent) is not RandomBot or agent.rng is not rng:
            return None
    return rng


def play_deal(deal: Deal, agents: Sequence[Agent]) -> DealResult:
    """Let ``agents`` (one per seat) play ``deal`` to its end and return its result.

    Each decision goes to the seat to act, through [`act`][belote.agents.act].
    A table of [`RandomBot`][belote.agents.RandomBot] values drawing from one
    generator (as in a simulation) plays through the engine's
    [`play_out_random`][belote.deal.Deal.play_out_random], which makes exactly
    the draws the bots would (a test checks it); agents that all have
    ``choose_id`` play through [`Deal.play_out`][belote.deal.Deal.play_out]:
    that is what makes simulations fast.

    Raises:
        InvalidArgument: not one agent per seat.
        IllegalAction: an agent chose an illegal action.
        InvalidArgumentType: ``deal`` is not a deal, or ``agents`` not a list or tuple.
    """
    deal = _deal(deal)
    agents = sequence(agents, "agents")  # type: ignore[assignment]  # of agents, as typed
    if len(agents) != deal.players:
        raise InvalidArgument(f"{deal.players} players need {deal.players} agents, "
                              f"not {len(agents)}")
    shared = _shared_random(agents)
    if shared is not None:
        if not deal.is_over:
            deal.play_out_random(shared)  # the draws the bots would make, fused
        return deal.result
    fast = [getattr(agent, "choose_id", None) for agent in agents]
    if None not in fast:
        skip = [getattr(agent, "skip_forced", False) is True for agent in agents]
        deal.play_out(fast, skip_forced=skip)  # type: ignore[arg-type]  # every agent has choose_id
        return deal.result
    seat = deal.to_act
    while seat is not None:  # a mixed table: one decision at a time
        act(deal, agents[seat])
        seat = deal.to_act
    return deal.result
