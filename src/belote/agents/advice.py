"""Which card or call is best from one seat's knowledge: [`recommend`][belote.agents.advice.recommend].

A seat at the table knows its hand, the bids and the cards played, not the
other hands (a position with the other hands written ``?``,
docs/positions.md#from-one-seats-knowledge). The recommendation answers
"what should I do now" the way the Monte Carlo bot
([`PIMCBot`][belote.agents.pimc.PIMCBot]) decides: it deals the cards the
seat cannot see at random, in ways that agree with everything it has seen
(the play obligations, so the voids; the declarations shown, belote; in the
bidding, the bids heard as the heuristic bidder would have made them), and
values every legal action on every sampled deal:

- in the play (a card, a declaration, calling out): by solving each
  sampled deal exactly, every hand known ([`solve`][belote.solver.solution.solve]):
  the cards' values from one solve, a declaration or calling out applied
  and the deal solved again (or scored, when that ends it); the method
  ``"solve"``;
- a bid or the seven swap: by applying the action to each sampled deal and
  playing the deal out with the [`HeuristicBot`][belote.agents.HeuristicBot]
  at every seat, the method ``"rollouts"``.

The values are **estimates**, not an exact solve: each action's mean over the
samples, their standard deviation and a 95% interval of the mean, with the
sample count. The same ``seed`` gives the same recommendation.

>>> found = recommend(
...     "belote/1 classic | dealer 0 | hands ? / 10H 9C / ? / ? | turned JD | bids take"
...     " | play QH AH QD 8H / QC 10C KC AC / 8S 9S KS 8D / AD KD 8C 9D / 10D JD 10S JS / KH 9H QS 7H",
...     samples=4, seed=1)
>>> found.method, found.samples, str(found.best) in ("1 play 10H", "1 play 9C")
('solve', 4, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

import attrs

from belote.actions import Action, Verb, action_id
from belote.agents.heuristic import HeuristicBot
from belote.agents.knowledge import sample_deals
from belote.agents.rollouts import bidding_deals, side_value
from belote.deal import Deal, Observation, Phase
from belote.deal.viewpoint import Viewpoint, hidden_seats, read_viewpoint
from belote.errors import InvalidArgument
from belote.rules.checks import instance, whole
from belote.solver.solution import solve

__all__ = ["MAX_SAMPLES", "METHODS", "ActionValue", "Recommendation", "recommend"]

MAX_SAMPLES: Final = 1000
"""The most deals [`recommend`][belote.agents.advice.recommend] samples."""

METHODS: Final = ("solve", "rollouts")
"""How the sampled deals are valued: solved exactly, or played out by heuristic players."""

Z95: Final = 1.96
"""The normal quantile of a two-sided 95% interval."""

_AUCTIONS: Final = (Phase.BIDDING_1, Phase.BIDDING_2, Phase.AUCTION)


@attrs.frozen(kw_only=True)
class ActionValue:
    """One legal action's sampled value: an estimate over ``samples`` deals.

    Attributes:
        action: the action.
        mean: its mean value over the sampled deals (the seat's side's deal
            score minus the other side's; see [`Recommendation`][belote.agents.advice.Recommendation]).
        stdev: the standard deviation of its values over the samples (0 with fewer than two).
        low: the low end of the 95% interval of the mean (``mean - 1.96 * stdev / sqrt(samples)``).
        high: the high end of that interval.
        samples: how many sampled deals it was valued on.
    """

    action: Action
    mean: float
    stdev: float
    low: float
    high: float
    samples: int


@attrs.frozen(kw_only=True)
class Recommendation:
    """What one seat should do, estimated on sampled deals: each legal action's value, best first.

    Not an exact solve: the other hands are unknown, and each value is a
    mean over deals drawn to agree with what the seat knows.

    Attributes:
        seat: the seat to act, whose knowledge the samples agree with.
        observation: what it knows.
        values: every legal action's value, best first (then in the order of
            the legal actions). In the ``solve`` method a card that may
            announce belote is listed once, announcing it.
        samples: how many deals were sampled.
        method: ``"solve"`` or ``"rollouts"`` (see [`METHODS`][belote.agents.advice.METHODS]).
        seed: the seed of the sampling.
        value: what a value measures, in words.
    """

    seat: int
    observation: Observation
    values: tuple[ActionValue, ...]
    samples: int
    method: str
    seed: int
    value: str

    @property
    def best(self) -> Action:
        """The action with the highest mean value."""
        return self.values[0].action

    def to_json(self) -> dict[str, object]:
        """The recommendation as JSON (what ``belote solve --json`` prints for a position with ``?``)."""
        return {
            "kind": "estimate",
            "method": self.method,
            "seat": self.seat,
            "samples": self.samples,
            "seed": self.seed,
            "value": self.value,
            "best": str(self.best),
            "actions": [
                {"action": str(v.action), "mean": round(v.mean, 3), "stdev": round(v.stdev, 3),
                 "low": round(v.low, 3), "high": round(v.high, 3), "samples": v.samples,
                 "best": v.action == self.best}
                for v in self.values
            ],
        }

    def to_text(self) -> str:
        """The recommendation for people (what ``belote solve`` prints for a position with ``?``)."""
        obs = self.observation
        head = f"{obs.variant}, {obs.players} players"
        if obs.taker is not None:
            contract = obs.contract
            head += f", seat {obs.taker} took {obs.trump if contract is None else contract.strain}"
        how = ("solved with every hand known" if self.method == "solve"
               else "played out by heuristic players")
        lines = [
            head + f", seen by seat {self.seat}",
            f"Estimate, not an exact solve: {self.samples} deals agreeing with what seat {self.seat} "
            f"knows, drawn with seed {self.seed}, each {how}.",
            f"Value: {self.value}; the mean over the samples, "
            "its standard deviation and the 95% interval of the mean.",
            f"Seat {self.seat} to act:",
        ]
        width = max(len(_short(v.action)) for v in self.values)
        for v in self.values:
            mark = "  best" if v.action == self.best else ""
            lines.append(f"  {_short(v.action):<{width}} {v.mean:>8.1f}  sd {v.stdev:>6.1f}  "
                         f"[{v.low:.1f}, {v.high:.1f}]{mark}")
        return "\n".join(lines) + "\n"


def _short(action: Action) -> str:
    """An action without its seat (``play 10H``)."""
    return str(action).split(" ", 1)[1]


def recommend(position: str | Observation | Viewpoint, *, samples: int = 20, seed: int = 0) -> Recommendation:
    """The best card or call for the seat to act, from what it knows, estimated on sampled deals.

    See the module's notes for how the deals are drawn and valued.

    Args:
        position: a position whose other hands are written ``?``
            ([`read_viewpoint`][belote.deal.viewpoint.read_viewpoint]), a
            full position (read as what the seat to act knows), a
            [`Viewpoint`][belote.deal.viewpoint.Viewpoint] or the seat's
            [`Observation`][belote.deal.Observation]; the seat must be the
            one to act.
        samples: how many deals to draw, 1 to [`MAX_SAMPLES`][belote.agents.advice.MAX_SAMPLES].
        seed: the seed of the draws: the same seed, the same recommendation.

    Raises:
        InvalidPosition: a position the rules do not allow, or one whose
            unknown cards cannot be laid out (docs/positions.md#from-one-seats-knowledge).
        InvalidArgument: the seat is not to act, or a bad ``samples`` or ``seed``.
        InvalidArgumentType: ``position`` of the wrong type.
    """
    samples = whole(samples, "samples", 1, MAX_SAMPLES)
    seed = whole(seed, "seed")
    if isinstance(position, str):
        if hidden_seats(position):
            obs = read_viewpoint(position).observation
        else:
            deal = Deal.from_position(position)
            if deal.to_act is None:
                raise InvalidArgument("position: the deal is over: nobody is to act")
            obs = deal.observation(deal.to_act)
    elif isinstance(position, Viewpoint):
        obs = position.observation
    else:
        obs = instance(position, Observation, "position")
    if obs.to_act != obs.seat:
        who = "nobody is to act" if obs.to_act is None else f"seat {obs.to_act} is"
        raise InvalidArgument(f"position: seen by seat {obs.seat}, but {who} to act: "
                              "a recommendation is for the seat to act")
    rng = random.Random(f"recommend:{seed}")
    model = HeuristicBot()
    deals = list(bidding_deals(obs, samples, rng, model) if obs.phase in _AUCTIONS
                 else sample_deals(obs, samples, rng))
    if not deals:
        raise InvalidArgument("position: no deal agrees with what the seat knows")
    legal = deals[0].legal_actions()
    if obs.phase is Phase.PLAY and not any(action.verb in (Verb.SWAP, Verb.KEEP) for action in legal):
        method = "solve"
        options = _cards(legal)
        table = _solved(deals, options, obs.seat)
    else:
        method = "rollouts"
        options = legal
        table = _played_out(deals, options, obs.seat, model)
    values = [_value(action, found) for action, found in zip(options, table, strict=True)]
    order = sorted(range(len(values)), key=lambda k: (-values[k].mean, k))
    three = obs.players == 3
    return Recommendation(
        seat=obs.seat, observation=obs, values=tuple(values[k] for k in order), samples=len(deals),
        method=method, seed=seed,
        value=("the seat's deal score minus the best other seat's" if three and method == "solve"
               else "the seat's deal score minus the mean of the others'" if three
               else "the seat's side's deal score minus the other side's"),
    )


def _cards(legal: Sequence[Action]) -> list[Action]:
    """The actions, one per card: the one announcing belote where the seat may (announcing never costs)."""
    by_card: dict[int, int] = {}
    options: list[Action] = []
    for action in legal:
        if action.verb is not Verb.PLAY:
            options.append(action)
            continue
        index = action.cards[0].index
        if index not in by_card:
            by_card[index] = len(options)
            options.append(action)
        elif action.belote:
            options[by_card[index]] = action
    return options


def _solved(deals: Sequence[Deal], options: Sequence[Action], seat: int) -> list[list[float]]:
    """Per option, its exact value on each deal (every hand known), from the seat's side.

    The cards come from one solve of each deal; a declaration or calling out
    is applied and the deal solved again, or scored when it ends there.
    """
    found: list[list[float]] = [[] for _ in options]
    for deal in deals:
        side = deal.side(seat)
        by_card: dict[int, int] = {}
        if any(action.verb is Verb.PLAY for action in options):
            solution = solve(deal)
            sign = 1 if solution.side == side else -1
            by_card = {card.index: sign * value for card, value in solution.card_values.items()}
        for k, action in enumerate(options):
            if action.verb is Verb.PLAY:
                found[k].append(float(by_card[action.cards[0].index]))
                continue
            child = deal.copy()
            child.apply(action)
            if child.is_over:
                scores = child.result.scores
                others = [score for s, score in enumerate(scores) if s != side]
                found[k].append(float(scores[side] - max(others)) if scores else 0.0)
            else:
                after = solve(child)
                found[k].append(float(after.value if after.side == side else -after.value))
    return found


def _played_out(
    deals: Sequence[Deal], options: Sequence[Action], seat: int, model: HeuristicBot
) -> list[list[float]]:
    """Per option, its value on each deal: the deal played out by heuristic players after it."""
    players = [model.choose_id] * deals[0].players
    found: list[list[float]] = [[] for _ in options]
    for deal in deals:
        for k, action in enumerate(options):
            child = deal.copy()
            child.apply_id(action_id(action))
            child.play_out(players, skip_forced=True)
            found[k].append(side_value(child, seat))
    return found


def _value(action: Action, values: Sequence[float]) -> ActionValue:
    count = len(values)
    mean = sum(values) / count
    stdev = math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1)) if count > 1 else 0.0
    half = Z95 * stdev / math.sqrt(count)
    return ActionValue(action=action, mean=mean, stdev=stdev, low=mean - half, high=mean + half,
                       samples=count)
