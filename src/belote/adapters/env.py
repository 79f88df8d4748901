"""A PettingZoo AEC environment for every variant (the ``pettingzoo`` extra).

``pip install 'belote[pettingzoo]'`` installs numpy, gymnasium and pettingzoo;
the core library does not need them.

>>> from belote.actions import ACTION_IDS
>>> from belote.adapters.env import env
>>> table = env("classic", seed=1, dealer=0)
>>> table.reset()
>>> table.agent_selection
'player_1'
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, observation["action_mask"].shape == (ACTION_IDS,)
((1453,), True)
>>> [int(i) for i in observation["action_mask"].nonzero()[0]]  # pass or take
[0, 1]

- **Agents** are ``player_0`` … ``player_{n-1}``, agent ``player_k`` sits at seat ``k``.
- **Actions** are the fixed ids of [`belote.actions`][belote.actions]
  (``Discrete(ACTION_IDS)``); ``action_mask`` marks the legal ones of the agent to act.
  One seat acts at every decision: the selected agent is the deal's ``to_act`` (the
  holder of the 7 of trump deciding ``swap`` or ``keep`` included).
- **Observations** are ``{"observation": OBSERVATION_V4 vector, "action_mask": int8[ACTION_IDS]}``
  (layout in [`belote.adapters.tensor_v4`][belote.adapters.tensor_v4]: the trump mode and either
  auction, ``bulgarian``'s strain auction included); with ``full_state=True`` the vector is
  ``STATE_V4`` (every hand too), for centralised critics.
- **Rewards**: when a deal ends each agent receives its return (``belote.adapters.returns``):
  by default (``returns="zero_sum"``) its side's score minus the other sides' (their
  mean with three players), divided by a bound of a deal score, so rewards lie in
  [-1, 1] and sum to 0; with ``returns="raw"`` its side's deal score
  (``DealResult.scores``). With ``match=True`` an episode is a whole match (dealer
  rotation, litige points, totals, until a side wins) and every deal is paid as it ends.
- **Illegal actions** ([`env`][belote.adapters.env.env]): the episode ends and the agent receives
  ``raw_env.illegal_reward``, below any deal's return: -2 (zero-sum) or -1 (raw).
- ``max_cycles`` truncates an episode after that many steps (``None``: no limit).
- **Agents of this library** (any [`Agent`][belote.agents.Agent]: the built-in bots,
  a third-party bot) play in the environment through
  [`agent_policy`][belote.adapters.env.agent_policy], which shows them only their seat's view.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, ClassVar

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as exc:  # the extra is not installed: say which one
    from belote.rules.checks import missing_extra

    raise ModuleNotFoundError(missing_extra("belote.adapters.env", "pettingzoo", exc), name=exc.name) from exc

from belote.actions import ACTION_IDS
from belote.adapters.returns import RETURNS, deal_returns
from belote.adapters.tensor import Table, render_text
from belote.adapters.tensor_v4 import OBSERVATION_V4_SIZE, STATE_V4_SIZE, observation_v4, state_v4
from belote.agents import Agent, decide
from belote.deal import Deal
from belote.errors import InvalidArgument, InvalidArgumentType, shown
from belote.game import next_dealer
from belote.rules import checks, get_rules
from belote.rules.knobs import RANGES
from belote.rules.specs import spec_of
from belote.scoring.match import Match

__all__ = ["agent_policy", "env", "raw_env"]

def agent_policy(environment: raw_env | AECEnv, agent: Agent) -> Any:
    """A PettingZoo policy for ``agent``: given an agent name, the action id it plays, or ``None``.

    The policy reads the environment's current deal and asks ``agent`` as
    every driver of the library does ([`decide`][belote.agents.decide]): its
    seat's view only. ``None`` once that agent is terminated or truncated
    (what PettingZoo's ``step`` expects then).

    >>> from belote.agents import HeuristicBot
    >>> table = env("classic", seed=2, dealer=0)
    >>> table.reset()
    >>> policy = agent_policy(table, HeuristicBot())
    >>> for name in table.agent_iter():
    ...     table.step(policy(name))
    >>> all(table.terminations.values())
    True

    Raises:
        InvalidArgument: the agent named is not the one to act.
        InvalidArgumentType: ``environment`` is not a Belote environment, ``agent`` not an ``Agent``.
    """
    base = getattr(environment, "unwrapped", None)
    if not isinstance(base, raw_env):
        raise InvalidArgumentType(f"environment: expected a Belote environment, got {shown(environment)}")
    if not isinstance(agent, Agent):
        raise InvalidArgumentType(f"agent: expected an Agent, got {shown(agent)}")

    def policy(name: str) -> int | None:
        if base.terminations[name] or base.truncations[name]:
            return None
        table = base.table
        assert table is not None
        deal = table.deal
        if base.possible_agents.index(name) != deal.to_act:
            raise InvalidArgument(f"{name} is not the agent to act (seat {deal.to_act} is)")
        return decide(deal, agent)

    return policy


_OBS_HIGH = 100.0
"""Upper bound of the observation box (scaled points may exceed 1)."""
_MASK_BYTES = (ACTION_IDS + 7) // 8
"""Bytes of an action mask's bits."""


def env(
    variant: str = "classic",
    players: int | None = None,
    seed: int | None = None,
    **kwargs: Any,
) -> AECEnv:
    """The belote AEC environment with PettingZoo's usual wrappers.

    An illegal action ends the episode with reward
    [`illegal_reward`][belote.adapters.env.raw_env.illegal_reward] for the agent that made it
    (``TerminateIllegalWrapper``), below any deal's return; the other wrappers check
    bounds and call order (``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``). The
    three are PettingZoo's own classes, subclassed only to read the environment's state
    (``agent_selection``, ``terminations`` ...) directly instead of through each wrapper's
    ``__getattr__`` at every read (about twenty reads a step): the checks are theirs.
    [`raw_env`][belote.adapters.env.raw_env] is the environment without them.

    Args:
        variant: the variant's name.
        players: the number of players (default: the variant's).
        seed: seed of the first [`reset`][belote.adapters.env.raw_env.reset] without a seed.
        **kwargs: the other arguments of [`raw_env`][belote.adapters.env.raw_env].
    """
    base = raw_env(variant, players, seed, **kwargs)
    wrapped: AECEnv = _TerminateIllegal(base, illegal_reward=base.illegal_reward)
    wrapped = _AssertOutOfBounds(wrapped)
    return _OrderEnforcing(wrapped)


def _forward(name: str) -> Any:
    """A property of a wrapper reading and writing ``name`` on the base environment.

    PettingZoo's wrappers reach the AEC state (``agent_selection``, ``terminations`` ...)
    through ``__getattr__``, one Python call per wrapper and per read, about twenty reads
    a step; this property reads the base environment at once (``attrgetter``, no
    Python frame). Until the first reset ``OrderEnforcingWrapper`` has no base to
    read (``_base`` is a bare object), so the wrapper's own ``__getattr__`` answers and
    raises as PettingZoo's does.
    """

    def write(wrapper: Any, value: Any) -> None:
        setattr(wrapper._base, name, value)

    return property(attrgetter(f"_base.{name}"), write, doc=f"The base environment's ``{name}``.")



def integral(value: object, name: str) -> int:
    """``value`` as an ``int`` if it is integral: an ``int`` or a numpy integer (a 0-d array too).

    The one place the environment takes numpy integers, as reinforcement
    learning code passes them; a float, a bool, text or ``None`` is refused,
    never truncated.

    >>> integral(np.int64(7), "action"), integral(7, "action")
    (7, 7)

    Raises:
        InvalidArgumentType: anything else.
    """
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item() if np.issubdtype(value.dtype, np.integer) else value
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise InvalidArgumentType(f"{name}: expected an integral number (an int or a numpy "
                                  f"integer), not {shown(value)}")
    return int(value)

class _Forwarding:
    """The AEC state of the base environment, read past every wrapper's ``__getattr__``."""

    _base: object
    agent_selection = _forward("agent_selection")
    agents = _forward("agents")
    rewards = _forward("rewards")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    infos = _forward("infos")
    _cumulative_rewards = _forward("_cumulative_rewards")


class _TerminateIllegal(_Forwarding, wrappers.TerminateIllegalWrapper):
    """PettingZoo's ``TerminateIllegalWrapper``, reading the AEC state directly."""

    def __init__(self, base: raw_env, illegal_reward: float) -> None:
        super().__init__(base, illegal_reward)
        self._base = base


class _AssertOutOfBounds(_Forwarding, wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's ``AssertOutOfBoundsWrapper``, reading the AEC state directly."""

    def __init__(self, inner: AECEnv) -> None:
        super().__init__(inner)
        self._base = inner.unwrapped

    def step(self, action: int | None) -> None:
        """Check the action as PettingZoo's wrapper does, with the library's typed errors.

        Raises:
            InvalidArgumentType: an action that is not integral (not truncated).
            InvalidArgument: an integral action outside ``0..ACTION_IDS - 1``.
        """
        base: Any = self._base
        agent = base.agent_selection
        if not (base.terminations[agent] or base.truncations[agent]):
            index = integral(action, "action")
            if not 0 <= index < ACTION_IDS:
                raise InvalidArgument(f"action: an action id from 0 to {ACTION_IDS - 1}, "
                                      f"not {shown(index)}")
            action = index
        super().step(action)


class _OrderEnforcing(_Forwarding, wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper``, reading the AEC state directly once reset."""

    def __init__(self, inner: AECEnv) -> None:
        super().__init__(inner)
        self._base = object()  # nothing to read before the first reset

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Reset the environment (PettingZoo's wrapper), then read its state directly."""
        self._base = self.env.unwrapped
        super().reset(seed=seed, options=options)

    def __str__(self) -> str:
        """The environment's name, as PettingZoo's wrapper gives it."""
        return str(self.env)


class _Actions(spaces.Discrete):
    """``Discrete(ACTION_IDS)`` whose ``contains`` answers a plain ``int`` at once.

    ``AssertOutOfBoundsWrapper`` asks it at every step; gymnasium's own check goes
    through numpy's integer limits and scalars for the same answer.
    """

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self._ids = range(int(self.start), int(self.start + self.n))

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an action id of this space."""
        if type(x) is int:
            return x in self._ids
        return bool(super().contains(x))


class raw_env(AECEnv):
    """The belote AEC environment without wrappers.

    Args:
        variant: the variant's name.
        players: the number of players (default: the variant's).
        seed: seed of the first [`reset`][belote.adapters.env.raw_env.reset] without a seed.
        render_mode: ``None``, ``"ansi"`` or ``"human"`` ([`render`][belote.adapters.env.raw_env.render]
            returns the table as text).
        match: an episode is a whole match instead of one deal.
        target: the match target (default: the variant's).
        dealer: the dealer of each deal (of the first deal with ``match``);
            ``None``: drawn from the seeded generator.
        full_state: observations hold every hand (``STATE_V4``).
        max_cycles: truncate the episode after this many steps.
        max_deals: with ``match``, truncate after this many deals.
        returns: ``"zero_sum"`` (default: each side's score minus the others', scaled
            to [-1, 1]) or ``"raw"`` (the side's deal score), as ``belote.adapters.returns.deal_returns``.

    Raises:
        InvalidArgument: an unknown variant, player count, render mode or returns.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "belote_v4",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "classic",
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        *,
        match: bool = False,
        target: int | None = None,
        dealer: int | None = None,
        full_state: bool = False,
        max_cycles: int | None = None,
        max_deals: int = 1000,
        returns: str = "zero_sum",
    ) -> None:
        super().__init__()
        if returns not in RETURNS:
            raise InvalidArgument(f"returns must be one of {', '.join(RETURNS)}, not {returns!r}")
        self.returns = returns
        self.illegal_reward = -2.0 if returns == "zero_sum" else -1.0
        """The penalty of an illegal action in [`env`][belote.adapters.env.env]: below any deal's
        return (zero-sum returns are at least -1, raw scores at least 0)."""
        self.rules = get_rules(variant)
        self.players = self.rules.default_players if players is None else self.rules.check_players(players)
        if render_mode not in (None, "ansi", "human"):
            raise InvalidArgument(
                f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}"
            )
        if dealer is not None and (type(integral(dealer, "dealer")) is not int
                                   or not 0 <= dealer < self.players):
            raise InvalidArgument(f"dealer must be a seat from 0 to {self.players - 1}")
        if target is not None:
            target = checks.whole(integral(target, "target"), "target", 1, RANGES["target"].high)
        seed = None if seed is None else integral(seed, "seed")
        self.render_mode = render_mode
        self.match_play = match
        self.target = target
        self.fixed_dealer = dealer
        self.full_state = full_state
        self.max_cycles = max_cycles
        self.max_deals = max_deals
        self._seed = seed
        self._rng = random.Random(seed)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        size = STATE_V4_SIZE if full_state else OBSERVATION_V4_SIZE
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, _OBS_HIGH, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTION_IDS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: _Actions(ACTION_IDS) for agent in self.possible_agents}
        self.table: Table | None = None
        self.match: Match | None = None
        self.deals = 0
        self.steps = 0

    # --- spaces ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(ACTION_IDS)``, the fixed action ids."""
        return self.action_spaces[agent]

    # --- the episode ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode (a deal, or a match with ``match=True``).

        Args:
            seed: reseed the deck shuffles (``None``: go on with the generator).
            options: ``{"position": TEXT}`` starts the episode at that
                position (docs/positions.md) instead of a shuffled deck, for
                training from chosen positions: a single deal (not with
                ``match=True``) of this environment's variant and table.

        Raises:
            InvalidPosition: the position is not one the rules allow.
            InvalidArgument: a position with ``match=True``, of another
                variant or table, or whose deal is over.
        """
        seed = None if seed is None else integral(seed, "seed")
        position = None if options is None else options.get("position")
        start = None if position is None else self._position_deal(position)
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.match = Match(self.rules, self.target, self.players) if self.match_play else None
        self.deals = 0
        self.steps = 0
        if start is not None:
            self.table = Table(start)
            self.deals = 1
            self._select()
            return
        dealer = self._rng.randrange(self.players) if self.fixed_dealer is None else self.fixed_dealer
        self._new_deal(dealer)

    def _position_deal(self, position: object) -> Deal:
        if self.match_play:
            raise InvalidArgument("a position starts a single deal: not with match=True")
        if not isinstance(position, str):
            raise InvalidArgument(f"options['position'] must be text, not {type(position).__name__}")
        deal = Deal.from_position(position)
        if deal.rules != self.rules or deal.players != self.players:
            raise InvalidArgument(
                f"the position is a deal of {spec_of(deal.rules)} for {deal.players} players, "
                f"this environment plays {spec_of(self.rules)} for {self.players}"
            )
        if deal.is_over:
            raise InvalidArgument("the position's deal is over: nothing to play")
        return deal

    def _new_deal(self, dealer: int) -> None:
        match = self.match
        deal = Deal.random(
            self.rules,
            self._rng,
            dealer,
            self.players,
            totals=None if match is None else match.totals,
            target=self.target if match is None else match.target,
            pending=0 if match is None else match.pending,
        )
        self.table = Table(deal)
        self.deals += 1
        self._select()

    def _select(self) -> None:
        assert self.table is not None
        seat = self.table.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The observation of ``agent``: its tensor and its action mask."""
        table = self.table
        assert table is not None
        seat = self.possible_agents.index(agent)
        legal = 0
        if table.seat == seat and agent == self.agent_selection and not self.terminations[agent]:
            legal = table.legal_mask()
        mask = np.unpackbits(
            np.frombuffer(legal.to_bytes(_MASK_BYTES, "little"), np.uint8), count=ACTION_IDS, bitorder="little"
        ).view(np.int8)
        encode = state_v4 if self.full_state else observation_v4
        vector = encode(table.deal, seat, shown=table.shown)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply ``action`` (an action id: an ``int`` or a numpy integer) for the selected agent.

        Raises:
            InvalidArgumentType: ``action`` is not integral (``1.7``, ``"100"``,
                ``nan``, ``None`` for an agent still playing): never truncated
                to an id.
            InvalidArgument: no episode was started (``reset`` first).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        if table is None:
            raise InvalidArgument("step before reset: start an episode with reset() first")
        index = integral(action, "action")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        table.apply(index)
        self.steps += 1
        deal = table.deal
        if deal.is_over:
            result = deal.result
            for name, reward in zip(self.possible_agents, deal_returns(deal, self.returns), strict=True):
                self.rewards[name] = reward
            match = self.match
            if match is None:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                match.add(result)
                if match.is_over:
                    self.terminations = dict.fromkeys(self.agents, True)
                elif self.deals >= self.max_deals:
                    self.truncations = dict.fromkeys(self.agents, True)
                else:
                    self._new_deal(next_dealer(self.rules, self.players, deal.dealer, result,
                                               deal.deck))
        else:
            self._select()
        if self.max_cycles is not None and self.steps >= self.max_cycles:
            for name in self.agents:
                if not self.terminations[name]:
                    self.truncations[name] = True
        self._accumulate_rewards()

    # --- display --------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as text: returned with ``render_mode="ansi"``, printed with ``"human"``.

        ``None`` otherwise (and with ``"human"``, after printing).
        """
        if self.render_mode is None or self.table is None:
            return None
        text = render_text(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

