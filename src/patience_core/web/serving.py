"""How ``patience serve`` runs the app under uvicorn: its limits, and a connection that must
send its request's headers in time.

uvicorn waits for ever on a connection that sends half its headers (only an idle keep-alive
connection has a timeout), so a thousand such connections used to make the server unreachable.
Here a connection has :data:`HEADER_SECONDS` to send each request's headers, or it is closed;
the body then has :data:`~patience_core.web.app.BODY_SECONDS` (408 after). Past
:data:`MAX_CONNECTIONS` connections and requests at once, uvicorn answers 503.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Final

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS: Final = 10.0
"""The most time a connection may take to send a request's headers."""
KEEP_ALIVE_SECONDS: Final = 5
"""An idle connection kept open between two requests for this long."""
MAX_CONNECTIONS: Final = 1_000
"""Connections and requests at once; past it, 503."""
MAX_HEADER_BYTES: Final = 16 * 1024
"""The most bytes of a request's line and headers."""

log = logging.getLogger("patience.web")


class SlowClients:
    """Connections closed for sending their headers too slowly: said in one short line, at
    most once a minute, never a traceback each."""

    count = 0
    said = 0.0

    @classmethod
    def closed(cls) -> None:
        cls.count += 1
        now = time.monotonic()
        if now - cls.said >= 60:
            log.warning(
                "closed %d connection(s) that did not send a request within %g s", cls.count, HEADER_SECONDS
            )
            cls.said, cls.count = now, 0


class TimedHeaders(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for the headers of every request."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop()
        super().connection_lost(exc)

    def _reading_headers(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _watch(self) -> None:
        if self.transport is None or self.transport.is_closing():
            self._stop()
        elif not self._reading_headers():
            self._stop()  # the request is in: the app's own deadline holds its body
        elif self._deadline is None:
            self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)

    def _stop(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self._reading_headers() and not self.transport.is_closing():
            SlowClients.closed()
            self.transport.close()


def config(app: Any, host: str, port: int) -> uvicorn.Config:
    """uvicorn's configuration for the app: the limits above, no access log."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        http=TimedHeaders,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        limit_concurrency=MAX_CONNECTIONS,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_graceful_shutdown=10,
    )
