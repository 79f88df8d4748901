"""The answers every request of ``belote serve`` may get, whatever its path: refusals as JSON, each with a code.

[`refusal`][belote.web.answers.refusal] is the JSON of any refusal
(``error``, ``code``, ``params``: [`error_doc`][belote.web.codes.error_doc]);
[`HANDLERS`][belote.web.answers.HANDLERS] give the same shape to what no
endpoint answers: an unknown path (``404``, ``error.not_found``), a method
the path does not take (``405``, ``error.method``, with ``Allow``), and a
bug (``500``, ``error.internal``, the traceback in the server's log only).
[`EventStream`][belote.web.answers.EventStream] is an event stream that
gives back its place in the server's count however it ends.
This module needs the ``web`` extra (Starlette).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any, Final

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from belote.web.codes import error_doc
from belote.web.store import StoreUnavailable

__all__ = ["HANDLERS", "NO_GAME", "EventStream", "refusal", "unavailable"]

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


async def _http(request: Request, exc: Exception) -> Response:
    """What the router refuses: an unknown path, a method the path does not take."""
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    headers = dict(getattr(exc, "headers", None) or {})
    path = request.url.path[:200]
    if status == 404:
        message = f"no such address: {path}"
    elif status == 405:  # the router's Allow is in no set order: one order, the same everywhere
        allowed = headers["Allow"] = ", ".join(sorted(m.strip() for m in headers.get("Allow", "").split(",")))
        message = f"method: {request.method[:20]} is not taken here ({path}), only {allowed}"
    else:  # pragma: no cover - the router refuses with 404 and 405 only
        message = str(getattr(exc, "detail", "")) or f"HTTP {status}"
    answer = refusal(status, message)
    answer.headers.update(headers)
    return answer


async def _internal(request: Request, exc: Exception) -> Response:
    """A bug: ``500`` with a code; the traceback goes to the server's log, not to the client."""
    return refusal(500, "internal error of the server; please report it")


HANDLERS: Final[Mapping[Any, Callable[[Request, Exception], Any]]] = {
    HTTPException: _http,
    Exception: _internal,
}
"""Starlette's ``exception_handlers`` of the app: every answer that is no endpoint's is JSON."""


class EventStream(StreamingResponse):  # type: ignore[misc, unused-ignore]  # Any without the web extra
    """An event stream that calls ``release`` however it ends, even when it never started."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None]) -> None:
        super().__init__(content, media_type="text/event-stream",
                         headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        self.release = release

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Stream the events, then give the stream's place back."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()
