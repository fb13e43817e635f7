"""The HTTP connection under ``deduce serve``: uvicorn's h11 protocol with a deadline for headers.

uvicorn closes an idle keep-alive connection, but not one that opens and then sends its
request line and headers slowly, or never finishes them: each such connection is held for
good, and enough of them exhaust the server ("slowloris"). :class:`HeadersInTime` gives every
request ``header_seconds`` from the moment the connection is ready for it (opened, or done
with the previous answer) to finish its headers, and closes the connection otherwise. The
body has its own deadline, in :class:`api.middleware.BodyLimit`.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds a client has to send a request's line and headers.
HEADER_SECONDS = 10.0


class HeadersInTime(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers are late."""

    header_seconds = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._waiting_for: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_header_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._start_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        super().connection_lost(exc)

    def _start_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        self._waiting_for = self.cycle  # the request in hand when the wait began (None at first)
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_late)

    def _headers_late(self) -> None:
        """No new request has begun since the wait began: the client is too slow, or gone quiet."""
        self._header_timer = None
        if self.cycle is self._waiting_for and not self.transport.is_closing():
            self.transport.close()
