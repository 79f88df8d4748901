"""``belote``: the rules of Belote and its regional variants.

Cards, tricks and a scoring pipeline in a small typed core; each variant is
a frozen [`Rules`][belote.rules.model.Rules] value.

>>> import belote
>>> [rules.name for rules in belote.available_variants()][:4]
['classic', 'piedicavallo', 'french', 'italian751']

The game API is here too, imported on first use so that ``import belote``
stays fast: [`Deal`][belote.deal.Deal], [`Action`][belote.actions.Action],
[`Game`][belote.game.Game], [`Match`][belote.scoring.match.Match],
[`score_tally`][belote.scoring.pipeline.score_tally], the bots.

>>> deal = belote.Deal.random("classic", seed=1)
>>> deal.apply("1 pass").index
0
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from typing import TYPE_CHECKING, Final

from belote.cards import Card, CardSet, Rank, Suit
from belote.errors import (
    BeloteError,
    IllegalAction,
    InvalidArgument,
    InvalidCombination,
    InvalidPosition,
    InvalidRecord,
    InvalidTally,
    NotationError,
    UnknownVariant,
)
from belote.rules import Rules, available_variants, get_rules
from belote.tricks import legal_plays, trick_winner

if TYPE_CHECKING:
    from belote.actions import Action, Verb
    from belote.agents import HeuristicBot, RandomBot
    from belote.buildinfo import Core, core
    from belote.deal import ActionRecord, Deal, EndReason, Observation, Phase
    from belote.game import Game, GameResult, RandomAgent, play_match
    from belote.records.replay import deal_from_record, match_from_record, replay_document
    from belote.scoring import DealResult, Tally, score_tally
    from belote.scoring.match import Match, score_match
    from belote.solver.solution import Solution, makes_contract, solve

__version__ = "0.1.0"

# Names imported on first use (PEP 562): the engine, scoring and bots load only when asked.
_LAZY = {
    "Action": "belote.actions",
    "ActionRecord": "belote.deal",
    "Deal": "belote.deal",
    "Core": "belote.buildinfo",
    "DealResult": "belote.scoring",
    "EndReason": "belote.deal",
    "Game": "belote.game",
    "GameResult": "belote.game",
    "HeuristicBot": "belote.agents",
    "Match": "belote.scoring",
    "Observation": "belote.deal",
    "Phase": "belote.deal",
    "RandomAgent": "belote.game",
    "RandomBot": "belote.agents",
    "Solution": "belote.solver",
    "Tally": "belote.scoring",
    "Verb": "belote.actions",
    "deal_from_record": "belote.records",
    "makes_contract": "belote.solver",
    "core": "belote.buildinfo",
    "match_from_record": "belote.records",
    "play_match": "belote.game",
    "replay_document": "belote.records",
    "score_match": "belote.scoring",
    "score_tally": "belote.scoring",
    "solve": "belote.solver",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'belote' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


# --- module paths of 0.1 that moved into the wings ---------------------------------------
# ``import belote.pimc`` still works, with a DeprecationWarning naming the new path
# (docs/contributing.md#where-things-live); the old paths go in a later release.

_MOVED_MODULES: Final = {
    "belote.analyze": "belote.solver.analyze",
    "belote.announcements": "belote.scoring.announcements",
    "belote.bidpar": "belote.solver.bidpar",
    "belote.bots": "belote.agents.bots",
    "belote.checks": "belote.rules.checks",
    "belote.commands": "belote.cli.commands",
    "belote.compare": "belote.experiments.compare",
    "belote.contest": "belote.scoring.contest",
    "belote.ddgame": "belote.solver.ddgame",
    "belote.deal.view": "belote.deal.observation",
    "belote.describe": "belote.records.describe",
    "belote.duel": "belote.experiments.duel",
    "belote.env": "belote.adapters.env",
    "belote.jsonfields": "belote.rules.jsonfields",
    "belote.match": "belote.scoring.match",
    "belote.narration": "belote.records.narration",
    "belote.openspiel": "belote.adapters.openspiel",
    "belote.par": "belote.solver.par",
    "belote.parallel": "belote.experiments.parallel",
    "belote.penalties": "belote.rules.penalties",
    "belote.pimc": "belote.agents.pimc",
    "belote.play": "belote.cli.play",
    "belote.plot": "belote.experiments.plot",
    "belote.policies": "belote.rules.policies",
    "belote.registry": "belote.agents.registry",
    "belote.replay": "belote.records.replay",
    "belote.returns": "belote.adapters.returns",
    "belote.rollouts": "belote.agents.rollouts",
    "belote.search": "belote.solver.search",
    "belote.simulate": "belote.experiments.simulate",
    "belote.specs": "belote.rules.specs",
    "belote.stats": "belote.experiments.stats",
    "belote.tensor": "belote.adapters.tensor",
    "belote.validation": "belote.scoring.validation",
    "belote.whatif": "belote.experiments.whatif",
}
"""Old module path -> the module it now is."""

_MOVED_NAMES: Final = {
    "belote.announcements": dict.fromkeys(
        ("resolve_contest", "resolve_trusted", "whole_run_fault"), "belote.scoring.contest"
    ),
    "belote.deal.view": {"draw_deal": "belote.deal.readout"},
    "belote.duel": {"duel_command": "belote.cli.commands"},
    "belote.simulate": {
        **dict.fromkeys(
            ("Comparison", "MatchStats", "PAR_CHUNK", "compare", "default_variants"),
            "belote.experiments.compare",
        ),
        **dict.fromkeys(
            ("compare_command", "left_out_note", "simulate_command"), "belote.cli.commands"
        ),
        "with_executor": "belote.experiments.parallel",
    },
}
"""Names an old module served from another one before the wings; still served."""


class _MovedLoader(importlib.abc.Loader):
    """Makes an old module path a thin view of the module it moved to."""

    def __init__(self, new: str) -> None:
        self.new = new

    def exec_module(self, module: types.ModuleType) -> None:
        warnings.warn(
            f"{module.__name__} moved to {self.new}; import it from there "
            "(the old path goes in a later release)",
            DeprecationWarning,
            stacklevel=2,
        )
        target = importlib.import_module(self.new)
        elsewhere = _MOVED_NAMES.get(module.__name__, {})

        def attribute(name: str) -> object:
            home = elsewhere.get(name)
            return getattr(target if home is None else importlib.import_module(home), name)

        module.__doc__ = target.__doc__
        vars(module).update(__getattr__=attribute, __all__=list(getattr(target, "__all__", ())))


class _MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old module paths that ``_MOVED_MODULES`` lists."""

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = _MOVED_MODULES.get(fullname)
        if new is None:
            return None
        return importlib.util.spec_from_loader(fullname, _MovedLoader(new))


if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
    sys.meta_path.append(_MovedFinder())

__all__ = [
    "Action",
    "ActionRecord",
    "BeloteError",
    "Card",
    "CardSet",
    "Core",
    "Deal",
    "DealResult",
    "EndReason",
    "Game",
    "GameResult",
    "HeuristicBot",
    "IllegalAction",
    "InvalidArgument",
    "InvalidCombination",
    "InvalidPosition",
    "InvalidRecord",
    "InvalidTally",
    "Match",
    "NotationError",
    "Observation",
    "Phase",
    "RandomAgent",
    "RandomBot",
    "Rank",
    "Rules",
    "Solution",
    "Suit",
    "Tally",
    "UnknownVariant",
    "Verb",
    "__version__",
    "available_variants",
    "core",
    "deal_from_record",
    "get_rules",
    "legal_plays",
    "makes_contract",
    "match_from_record",
    "play_match",
    "replay_document",
    "score_match",
    "score_tally",
    "solve",
    "trick_winner",
]
