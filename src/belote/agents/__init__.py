"""Agents: one protocol for every place a bot plays, and the built-in bots.

An [`Agent`][belote.agents.Agent] receives only what its seat may know: its
[`Observation`][belote.deal.Observation] and the legal actions, or, on the
fast path, a [`SeatView`][belote.deal.SeatView] (the same knowledge as plain
integers, with the legal actions as an id mask). It never receives the
[`Deal`][belote.deal.Deal], so it cannot read another seat's hidden cards.
[`Game`][belote.game.Game], [`simulate`][belote.experiments.simulate.simulate],
[`compare`][belote.experiments.compare.compare], [`duel`][belote.experiments.duel.duel], the par
pass, `belote play` and the adapters' wrappers all drive agents through
[`play_deal`][belote.agents.play_deal] and [`act`][belote.agents.act].

The built-in agents are [`RandomBot`][belote.agents.RandomBot],
[`HeuristicBot`][belote.agents.HeuristicBot] and
[`PIMCBot`][belote.agents.pimc.PIMCBot]; a third-party agent is named like a variant,
by an entry point of the group ``belote.bots`` or as ``module:attribute``
(see [`make_bot`][belote.agents.registry.make_bot]).

What it may import: the solver (PIMC solves sampled deals), records, the
engine and everything below; never `belote.game`, the experiments, the
adapters or the command line.

>>> from belote.deal import Deal
>>> deal = Deal.random("classic", seed=3, dealer=0)
>>> result = play_deal(deal, [HeuristicBot(), RandomBot(1), HeuristicBot(), RandomBot(2)])
>>> deal.is_over
True
"""

from belote.agents.heuristic import HeuristicBot, hand_strength
from belote.agents.protocol import Agent, FastAgent
from belote.agents.random_bot import RandomBot
from belote.agents.table import act, close_agents, decide, play_deal, start_deal

__all__ = [
    "Agent",
    "FastAgent",
    "HeuristicBot",
    "RandomBot",
    "act",
    "close_agents",
    "decide",
    "hand_strength",
    "play_deal",
    "start_deal",
]
