"""The connections of ``belote serve``: uvicorn's HTTP/1.1 protocol with a header time-out and a connection limit.

uvicorn closes a connection that stays idle between two requests, but not
one that sends half a request line and then nothing: a thousand such
sockets used to hold a thousand file descriptors until the server could
accept no one (issue 41). [`guarded_protocol`][belote.web.server.guarded_protocol]
gives uvicorn a protocol that

- closes a connection whose request headers have not all arrived within
  ``Limits.header_seconds`` of its opening (or of the end of its last
  answer), and
- holds at most ``Limits.connections`` connections: one more closes the
  oldest that has no request running, else the oldest event stream
  (``GET /api/games/ID/events``, which the browser opens again), or, when
  every one is busy with a request, is answered ``503`` and closed at once;
- closes the event streams when the server shuts down, so that they do not
  hold it open (uvicorn waits for every running request).

A request's body has its own time-out in the app (``Limits.body_seconds``).
This module needs the ``web`` extra (uvicorn).
"""

from __future__ import annotations

import asyncio
import json

from uvicorn.protocols.http.h11_impl import H11Protocol

from belote.web.app import Limits

__all__ = ["guarded_protocol"]


def guarded_protocol(limits: Limits) -> type[asyncio.Protocol]:
    """Uvicorn's h11 protocol bounded by ``limits`` (give it to uvicorn as ``http=``).

    >>> import uvicorn
    >>> config = uvicorn.Config("belote.web.app:create_app", http=guarded_protocol(Limits()))
    """
    header_seconds = float(limits.header_seconds)
    most = int(limits.connections)
    busy = json.dumps({"error": f"the server holds {most} connections already: try again "
                                "shortly"}).encode()
    refusal = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
               b"connection: close\r\ncontent-length: " + str(len(busy)).encode() + b"\r\n\r\n"
               + busy)

    class GuardedProtocol(H11Protocol):
        """uvicorn's h11 protocol with a header time-out and a connection limit."""

        refused = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type, unused-ignore]
            self.opened = self.loop.time()
            self.watched = self.cycle
            self.watch = self.loop.call_later(header_seconds, self.check_headers)
            if sum(not c.transport.is_closing() for c in self.connections) > most:
                self.make_room()

        def connection_lost(self, exc: Exception | None) -> None:
            self.watch.cancel()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if not self.refused:  # a refused request is read and dropped, so the 503 is not reset
                super().data_received(data)

        def running(self) -> bool:
            """Whether a request of this connection has its headers in and is not answered yet."""
            return self.cycle is not None and not self.cycle.response_complete

        def streaming(self) -> bool:
            """Whether this connection is answering an event stream (it never ends by itself)."""
            return (self.running() and self.cycle is not None and self.cycle.response_started
                    and str(self.cycle.scope.get("path", "")).endswith("/events"))

        def shutdown(self) -> None:
            if self.streaming():  # the stream's task sees the client gone, and ends
                self.transport.close()
                return
            super().shutdown()

        def check_headers(self) -> None:
            """Close the connection if no request arrived whole since the last check."""
            if self.transport.is_closing():
                return
            if self.running() or self.cycle is not self.watched:
                self.watched = self.cycle
                self.watch = self.loop.call_later(header_seconds, self.check_headers)
                return
            self.transport.close()

        def make_room(self) -> None:
            """Close the oldest connection with no request running, or refuse this one."""
            others = [c for c in self.connections if c is not self and isinstance(c, GuardedProtocol)
                      and not c.transport.is_closing()]
            idle = [c for c in others if not c.running()] or [c for c in others if c.streaming()]
            if idle:
                min(idle, key=lambda c: c.opened).transport.close()
                return
            self.refused = True
            self.transport.write(refusal)
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.watch.cancel()
            self.watch = self.loop.call_later(1.0, self.transport.close)

    return GuardedProtocol
