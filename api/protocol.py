"""The HTTP connection under ``deduce serve``: uvicorn's h11 protocol with deadlines for the
request's headers and for the client to read its answer.

uvicorn closes an idle keep-alive connection, but not one that opens and then sends its
request line and headers slowly, or never finishes them: each such connection is held for
good, and enough of them exhaust the server ("slowloris"). :class:`Deadlines` gives every
request ``header_seconds`` from the moment the connection is ready for it (opened, or done
with the previous answer) to finish its headers, and closes the connection otherwise. The
body has its own deadline, in :class:`api.middleware.BodyLimit`.

Nor does uvicorn drop a client that asks and never reads: its answer waits, in the socket's send
queue and then in the connection's buffer (with its request's task, which cannot write more once
that is full), for as long as the connection stays open. :class:`Deadlines` gives such a client
``write_seconds`` to take some of what is unsent, from the moment writing pauses (the buffer is
full) or the answer is complete with bytes still unsent, and again after each time it does;
otherwise the connection is reset, its unsent bytes dropped, and a request still running ends as
for a client that left (SPEC 6, "Slow readers").

And an answer goes out in one send, not one for its head and another for its body
(:class:`Coalesced`): each call into the system from the event loop lets go of the interpreter's
lock, which the loop must then win back from the worker threads computing other answers, a
millisecond or more when they are busy; so the fewer, the sooner ``/healthz`` and every other
answer leave under load.
"""

from __future__ import annotations

import asyncio
import fcntl
import socket
import struct
import termios
from typing import Any, cast

from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds a client has to send a request's line and headers.
HEADER_SECONDS = 10.0
#: Seconds a client may leave its answer unread (none of what is unsent taken) before it is dropped.
WRITE_SECONDS = 30.0
#: Bytes held back at most before they are sent (asyncio's own buffer pauses a writer at 64 KiB).
COALESCE_BYTES = 64 << 10


class Coalesced:
    """A connection's transport whose writes are held until the answer is complete or the event loop's
    turn ends, then sent together: an answer's head and body (and a streamed answer's parts written
    in one turn) in one system call. Everything but writing is the transport's own."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: list[bytes] = []
        self._size = 0

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._held:
            self._loop.call_soon(self.flush)
        self._held.append(bytes(data))
        self._size += len(data)
        if self._size >= COALESCE_BYTES:
            self.flush()

    def flush(self) -> None:
        """Send what is held (nothing once the transport is closing: it was aborted)."""
        if self._held and not self._transport.is_closing():
            self._transport.write(b"".join(self._held))
        self._held.clear()
        self._size = 0

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def get_write_buffer_size(self) -> int:
        return self._size + self._transport.get_write_buffer_size()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class Deadlines(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers are late, or whose client
    takes nothing of its answer for ``write_seconds``. Made per connection by uvicorn, with the two
    deadlines as keywords (``functools.partial``, which ``deduce serve --workers`` can send to its
    worker processes)."""

    def __init__(self, *args: Any, header_seconds: float = HEADER_SECONDS, write_seconds: float = WRITE_SECONDS,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_seconds = header_seconds
        self.write_seconds = write_seconds
        self._header_timer: asyncio.TimerHandle | None = None
        self._write_timer: asyncio.TimerHandle | None = None
        self._waiting_for: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            # asyncio sets it only on a socket whose protocol number says TCP, which a listening socket
            # handed to a worker process (--workers) does not: without it, each small answer waits
            # for the client's delayed acknowledgement (40 ms).
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.transport = cast(asyncio.Transport, Coalesced(transport, self.loop))  # each request's cycle writes here
        self._start_header_timer()

    def on_response_complete(self) -> None:
        cast(Coalesced, self.transport).flush()  # the whole answer, in one send
        super().on_response_complete()
        self._start_header_timer()
        self._watch_writes()  # what is still unsent must be taken too

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self._header_timer, self._write_timer):
            if timer is not None:
                timer.cancel()
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        """The connection's buffer is full: the answer waits for the client to read."""
        super().pause_writing()
        self._watch_writes()

    def _unsent(self) -> int:
        """Bytes the client has not taken: in the connection's buffer, and in the socket's send queue."""
        sock = self.transport.get_extra_info("socket")
        queued = 0
        if sock is not None and sock.fileno() >= 0:
            queued = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0" * 4))[0]
        return self.transport.get_write_buffer_size() + queued

    def _watch_writes(self) -> None:
        """Unless it is watched already: in ``write_seconds``, the client must have taken some of what is
        unsent now."""
        unsent = self._unsent()
        if self._write_timer is None and unsent:
            self._write_timer = self.loop.call_later(self.write_seconds, self._writes_due, unsent)

    def _writes_due(self, unsent: int) -> None:
        """Drop a client that took nothing of the ``unsent`` bytes of ``write_seconds`` ago, with what
        it has not read (a reset: a close would wait for it to be sent, which it never will); watch on
        one that took some."""
        self._write_timer = None
        left = self._unsent()
        if left and left >= unsent:
            sock = self.transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.transport.abort()
        else:
            self._watch_writes()

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
