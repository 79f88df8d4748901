"""The codes of ``belote serve``'s refusals: every 4xx answer carries ``error`` and ``code``.

``error`` is the English text (the library's message, or the server's);
``code`` is a key of the page's message catalogues (``GET /api/messages/LANG``)
and ``params`` the values its text fills in, so that the page says it in the
reader's language. This module is the one place where a message, or the
library's typed error, is given its code: a message the table below does not
know gets its class's code, with the English text as ``detail``.

>>> error_doc("no such game (it ended, or the server was restarted)")["code"]
'error.no_game'
>>> error_doc("choice: a number from 0 to 1, not 99")["params"]
{'high': '1'}
>>> error_doc("UnknownVariant: 'bezique'", UnknownVariant("bezique"))["code"]
'error.unknown_variant'
"""

from __future__ import annotations

import re
from typing import Final

from belote.errors import (
    BeloteError,
    IllegalAction,
    InvalidPosition,
    InvalidRecord,
    NotationError,
    UnknownVariant,
)

__all__ = ["CODES", "error_doc"]

_PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    (r"no such game", "error.no_game"),
    (r"no such comparison", "error.no_compare"),
    (r"no such address", "error.not_found"),
    (r"method: (?P<method>\S+) is not taken here \(.*\), only (?P<allowed>[A-Z, ]*)$", "error.method"),
    (r"not saved:", "error.not_saved"),
    (r"the games' database cannot be read now", "error.store_unavailable"),
    (r"the solver is busy", "error.solver_busy"),
    (r"the solver needs more than (?P<seconds>[\d.]+) s", "error.solver_late"),
    (r"internal error", "error.internal"),
    (r"a comparison is running already", "error.compare_running"),
    (r"the server holds (?P<games>\d+) games already", "error.games_full"),
    (r"the request is larger than (?P<bytes>\d+) bytes", "error.too_large"),
    (r"the request body did not arrive within (?P<seconds>[\d.]+) s", "error.body_slow"),
    (r"Content-Type:", "error.content_type"),
    (r"the request body is not JSON", "error.not_json"),
    (r"the request body is a JSON object", "error.not_object"),
    (r"deals: from 1 to (?P<high>\d+) decks here, not (?P<value>\S+)", "error.deals_limit"),
    (r"at most (?P<high>\d+) variants here", "error.variants_limit"),
    (r"Host:", "error.host"),
    (r"Origin:", "error.origin"),
    (r"Sec-Fetch-Site:", "error.cross_site"),
    (r"version: the table is at version (?P<version>\d+)", "error.stale"),
    (r"choice: a number from 0 to (?P<high>-?\d+), not", "error.choice"),
    (r"nothing to undo", "error.nothing_to_undo"),
    (r"the deal is not over yet", "error.deal_not_over"),
    (r"the match is over", "error.match_over"),
    (r"it is not a person's turn", "error.not_your_turn"),
    (r"name: 1 to (?P<high>\d+) printable characters", "error.name"),
    (r"no winner after (?P<deals>\d+) deals", "error.max_deals"),
    (r"deal: a number from 0 to (?P<high>-?\d+), not", "error.deal_index"),
    (r"analyze needs a deal played under the rules", "error.offences"),
    (r"position: a position text", "error.position_missing"),
    (r"variants: a list", "error.variants_list"),
    (r"bots: random or heuristic", "error.compare_bots"),
    (r"lang: one of", "error.lang"),
    (r"malformed JSON", "error.malformed_json"),
)
_COMPILED: Final = tuple((re.compile(pattern), code) for pattern, code in _PATTERNS)

_CLASSES: Final[tuple[tuple[type[BeloteError], str], ...]] = (
    (UnknownVariant, "error.unknown_variant"),
    (InvalidPosition, "error.position"),
    (InvalidRecord, "error.record"),
    (NotationError, "error.notation"),
    (IllegalAction, "error.illegal"),
)

CODES: Final = frozenset({code for _, code in _PATTERNS} | {code for _, code in _CLASSES}
                         | {"error.invalid"})
"""Every code [`error_doc`][belote.web.codes.error_doc] gives (each a key of every catalogue)."""


def error_doc(message: str, exc: BaseException | None = None) -> dict[str, object]:
    """The JSON of a refusal: ``error`` (``message``), ``code`` and ``params`` (text values).

    The code is that of the first pattern of the table that ``message``
    starts with, else that of ``exc``'s class (``detail``: the message), else
    ``error.invalid``.
    """
    for pattern, code in _COMPILED:
        found = pattern.match(message)
        if found:
            return {"error": message, "code": code,
                    "params": {k: v for k, v in found.groupdict().items() if v is not None}}
    code = next((c for kind, c in _CLASSES if isinstance(exc, kind)), "error.invalid")
    return {"error": message, "code": code, "params": {"detail": message}}
