"""Time per decision of a bot behind the engine protocol against the same bot in-process.

Run: ``nice python benchmarks/engine.py [--deals N] [--seed S] [--variant V]``.

Plays ``N`` seeded classic deals (default 200) with the agent under test on
every seat, each seat's decisions asked through ``choose`` (the observation
path: an engine has no other), and times every decision:

- ``in-process heuristic``: [`HeuristicBot`][belote.agents.HeuristicBot] called directly;
- ``engine: belote engine serve heuristic``: the same bot behind the protocol
  (the table writes the observation as JSON, the served side reads it back);
- ``in-process simple_bot.choose``: the example bot's function called
  directly on [`observation_json`][belote.records.observation.observation_json];
- ``engine: python3 simple_bot.py`` and ``engine: node simple_bot.js``: the
  example engines (skipped when ``node`` is missing).

Prints, for each, the decisions timed and the median and mean time per
decision in microseconds (each seat's first decision apart: it starts the
engine and runs the handshake, shown as the mean first decision); the overhead of the protocol is the engine's time
minus the in-process time of the same bot. The machine may be shared: run it
under ``nice`` and read the figures as upper bounds.
"""

from __future__ import annotations

import argparse
import importlib.util
import shlex
import shutil
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from belote.actions import Action
from belote.agents import Agent, HeuristicBot
from belote.agents.engine import EngineAgent
from belote.deal import Deal, Observation
from belote.records.observation import observation_json

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "engines"


class SimpleInProcess:
    """The example bot's own ``choose`` called in-process, on the observation in JSON."""

    def __init__(self) -> None:
        spec = importlib.util.spec_from_file_location("simple_bot", EXAMPLES / "simple_bot.py")
        assert spec is not None and spec.loader is not None
        self.module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.module)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        text = self.module.choose(observation_json(observation), [str(a) for a in legal])
        return Action.parse(text)


class Timed:
    """An agent whose ``choose`` calls are timed (no fast path: every decision asked)."""

    def __init__(self, agent: Agent, times: list[float], first: list[float]) -> None:
        self.agent, self.times, self.first = agent, times, first
        self.asked = False

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.agent.choose(observation, legal)
        (self.times if self.asked else self.first).append(time.perf_counter() - start)
        self.asked = True
        return action


def run(label: str, agents: list[Agent], variant: str, deals: int, seed: int) -> None:
    times: list[float] = []
    first: list[float] = []
    seats = [Timed(agent, times, first) for agent in agents]
    for index in range(deals):
        deal = Deal.random(variant, seed=seed + index)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            deal.apply(seats[seat].choose(deal.observation(seat), deal.legal_actions()))
    for agent in agents:
        close = getattr(agent, "close", None)
        if close is not None:
            close()
    print(f"{label:48} {len(times):6d} decisions  median {1e6 * statistics.median(times):6.0f} us"
          f"  mean {1e6 * statistics.fmean(times):6.0f} us"
          f"  first decision (start) {1e3 * statistics.fmean(first):6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="classic")
    args = parser.parse_args()
    deals, seed, variant = args.deals, args.seed, args.variant
    players = 4 if variant != "french" else 2
    python = shlex.quote(sys.executable)
    run("in-process heuristic", [HeuristicBot() for _ in range(players)], variant, deals, seed)
    run("engine: belote engine serve heuristic",
        [EngineAgent(f"{python} -m belote engine serve heuristic") for _ in range(players)],
        variant, deals, seed)
    run("in-process simple_bot.choose (JSON observation)",
        [SimpleInProcess() for _ in range(players)], variant, deals, seed)
    run("engine: python3 simple_bot.py",
        [EngineAgent(f"{python} {shlex.quote(str(EXAMPLES / 'simple_bot.py'))}")
         for _ in range(players)], variant, deals, seed)
    node = shutil.which("node")
    if node is None:
        print("engine: node simple_bot.js: skipped, node is not installed")
    else:
        run("engine: node simple_bot.js",
            [EngineAgent(f"{shlex.quote(node)} {shlex.quote(str(EXAMPLES / 'simple_bot.js'))}")
             for _ in range(players)], variant, deals, seed)


if __name__ == "__main__":
    main()
