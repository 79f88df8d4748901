"""``belote``: the rules of Belote and its regional variants.

Cards, tricks and a scoring pipeline in a small typed core; each variant is
a frozen [`Rules`][belote.rules.Rules] value.

>>> import belote
>>> [rules.name for rules in belote.available_variants()][:4]
['classic', 'piedicavallo', 'french', 'italian751']

The game API is here too, imported on first use so that ``import belote``
stays fast: [`Deal`][belote.deal.Deal], [`Action`][belote.actions.Action],
[`Game`][belote.game.Game], [`Match`][belote.match.Match],
[`score_tally`][belote.scoring.score_tally], the bots.

>>> deal = belote.Deal.random("classic", seed=1)
>>> deal.apply("1 pass").index
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    from belote.bots import HeuristicBot, RandomBot
    from belote.buildinfo import Core, core
    from belote.deal import ActionRecord, Deal, EndReason, Observation, Phase
    from belote.game import Game, GameResult, RandomAgent, play_match
    from belote.match import Match, score_match
    from belote.replay import deal_from_record, match_from_record, replay_document
    from belote.scoring import DealResult, Tally, score_tally
    from belote.solver import Solution, makes_contract, solve

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
    "HeuristicBot": "belote.bots",
    "Match": "belote.match",
    "Observation": "belote.deal",
    "Phase": "belote.deal",
    "RandomAgent": "belote.game",
    "RandomBot": "belote.bots",
    "Solution": "belote.solver",
    "Tally": "belote.scoring",
    "Verb": "belote.actions",
    "deal_from_record": "belote.replay",
    "makes_contract": "belote.solver",
    "core": "belote.buildinfo",
    "match_from_record": "belote.replay",
    "play_match": "belote.game",
    "replay_document": "belote.replay",
    "score_match": "belote.match",
    "score_tally": "belote.scoring",
    "solve": "belote.solver",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'belote' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

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
