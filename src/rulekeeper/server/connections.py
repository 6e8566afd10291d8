"""How ``rulekeeper serve`` reads requests off its connections: in bounded time and size.

uvicorn reads a request for as long as its client takes, so clients that trickle their
headers, or declare a body and never send it, would hold connections (and their memory)
for ever. :class:`TimedH11` is uvicorn's h11 protocol with one timer more: from a
connection's start, or from the first byte of its next request, the whole request (its
headers and its body) must arrive within :func:`read_wait` seconds; otherwise the client
gets ``408`` (still in the headers) or the connection is closed (in the body: the app sees
the client gone). A request's line and headers are at most :data:`MAX_HEADERS` bytes and
:data:`MAX_HEADER_LINES` lines (``431`` beyond, before h11 parses them). Between requests,
uvicorn's keep-alive timeout applies. A request asking for an upgrade (a WebSocket) is
answered as any other, and logs nothing.
"""

from __future__ import annotations

import asyncio
import json
import os

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

READ_WAIT_ENV = "RULEKEEPER_READ_WAIT"
READ_WAIT = 20.0
"""Seconds a client has to send one whole request (``$RULEKEEPER_READ_WAIT``)."""
MAX_HEADERS = 16 * 1024
"""The most bytes of a request's line and headers (h11's ``max_incomplete_event_size`` too)."""
MAX_HEADER_LINES = 100
"""The most lines of a request's line and headers."""
LINGER = 2.0
"""Seconds a refused connection is kept to drop what its client still sends."""


def read_wait() -> float:
    """:data:`READ_WAIT`, or ``$RULEKEEPER_READ_WAIT``."""
    return float(os.environ.get(READ_WAIT_ENV) or READ_WAIT)


class TimedH11(H11Protocol):
    """uvicorn's h11 protocol, with a time limit on reading each request (see the module)."""

    _reading: asyncio.TimerHandle | None = None
    _refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_reading()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # what a refused client still sends is dropped (see _refuse)
        if self.conn.their_state is h11.IDLE:  # the line and headers of the next request
            self._start_reading()
            head = self.conn.trailing_data[0] + data
            end = head.find(b"\r\n\r\n")
            head = head if end < 0 else head[:end]
            if len(head) > MAX_HEADERS or head.count(b"\n") >= MAX_HEADER_LINES:
                self._refuse(b"431 Request Header Fields Too Large", f"a request's line and "
                             f"headers are at most {MAX_HEADERS:,} bytes and "
                             f"{MAX_HEADER_LINES} lines")
                return
        super().data_received(data)

    def _unsupported_upgrade_warning(self) -> None:
        """Nothing logged: the service offers no upgrade (no WebSocket, no h2c), and a request
        asking for one is answered as any other; uvicorn's two warnings for each let any
        client write the server's log at its request rate."""

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self._stop_reading()  # the request is read (or the connection is done)

    def _start_reading(self) -> None:
        if self._reading is None:
            self._reading = self.loop.call_later(read_wait(), self._too_slow)

    def _stop_reading(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
            self._reading = None

    def _too_slow(self) -> None:
        self._reading = None
        if self.transport.is_closing():
            return
        if self.conn.their_state is h11.IDLE:  # still in the headers: no request under way
            self._refuse(b"408 Request Timeout",
                         f"the request did not arrive within {read_wait():g} s")
        else:  # in the body: the app reading it sees the client gone
            self.transport.close()

    def _refuse(self, status: bytes, error: str) -> None:
        """Answer ``status`` with the error's JSON, before any request is under way (the
        app never sees it), and close the connection: at once for our side, after
        :data:`LINGER` seconds of dropping what the client still sends (a socket closed with
        data unread resets the connection, and the client could lose the answer)."""
        self._stop_reading()
        self._refused = True
        message = json.dumps({"error": error}).encode()
        self.transport.write(b"HTTP/1.1 %s\r\ncontent-type: application/json\r\n"
                             b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
                             % (status, len(message), message))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER, self.transport.close)
