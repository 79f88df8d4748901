"""The refusals of ``belote serve`` as JSON, each with a code.

[`refusal`][belote.web.answers.refusal] is the JSON of any refusal
(``error``, ``code``, ``params``: [`error_doc`][belote.web.codes.error_doc]);
[`unavailable`][belote.web.answers.unavailable] that of a change the games'
database did not take (``503``).
This module needs the ``web`` extra (Starlette).
"""

from __future__ import annotations

from typing import Final

from starlette.responses import JSONResponse

from belote.web.codes import error_doc
from belote.web.store import StoreUnavailable

__all__ = ["NO_GAME", "refusal", "unavailable"]

NO_GAME: Final = "no such game (it ended, or the server was restarted)"
"""The refusal of a game id that names no game (``404``, ``error.no_game``)."""


def refusal(status: int, message: str, field: str | None = None,
            exc: BaseException | None = None, code: str | None = None) -> JSONResponse:
    """A refusal: ``error``, ``code`` and ``params`` ([`error_doc`][belote.web.codes.error_doc]).

    ``code``, when given, is the refusal's own and overrides the table's.

    >>> refusal(404, NO_GAME).body
    b'{"error":"no such game (it ended, or the server was restarted)","code":"error.no_game","params":{}}'
    """
    doc = error_doc(message, exc)
    if code is not None and code != doc["code"]:
        doc["code"] = code
        doc["params"] = {}
    if field is not None:
        doc["field"] = field
    return JSONResponse(doc, status_code=status)


def unavailable(exc: StoreUnavailable) -> JSONResponse:
    """``503``: the database did not take a change (or could not be read), and nothing changed."""
    answer = refusal(503, str(exc), code=exc.code)
    answer.headers["Retry-After"] = "1"
    return answer
