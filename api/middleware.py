"""Pure ASGI middleware: a request id on every answer, and the request body's limits.

Both are plain ASGI callables (no ``BaseHTTPMiddleware``) so that they see the body as
it streams in: an oversized body is refused when its ``Content-Length`` says so, before
a byte of it is read, and a body sent without a length (chunked) is refused as soon as
the bytes received pass the limit, so it is never held whole in memory. A client that
stops sending its body, or sends it too slowly to finish within ``body_seconds``, gets
408 and its connection is closed.
"""

from __future__ import annotations

import asyncio
import json
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUEST_ID_HEADER = b"x-request-id"


def request_id(scope: Scope) -> str | None:
    """The id :class:`RequestId` gave this request (None outside the middleware)."""
    rid: str | None = scope.get("state", {}).get("request_id")
    return rid


class RequestId:
    """Give each HTTP request a short random id, kept in ``request.state.request_id``
    and returned in the ``X-Request-ID`` header, so a log line can be matched to an answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = uuid.uuid4().hex[:16]
        scope.setdefault("state", {})["request_id"] = rid

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (REQUEST_ID_HEADER, rid.encode())]}
            await send(message)

        await self.app(scope, receive, send_with_id)


class _BodyTooLarge(Exception):
    """Raised from ``receive`` when the streamed body passes the limit."""


class _BodyTooSlow(Exception):
    """Raised from ``receive`` when the body has not come in time."""


def error_json(message: str, code: str) -> bytes:
    """An error body in the API's one shape (see :class:`api.errors.ErrorBodyJSON`)."""
    return json.dumps({"errors": [{"code": code, "path": "", "loc": [], "message": message}]}).encode()


class BodyLimit:
    """Refuse request bodies larger than ``max_bytes`` with 413, without reading them whole, and
    bodies not received within ``body_seconds`` with 408."""

    def __init__(self, app: ASGIApp, max_bytes: int, body_seconds: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.body_seconds = body_seconds

    async def _refuse(self, send: Send, status: int = 413) -> None:
        message = (f"the request body is larger than {self.max_bytes} bytes" if status == 413
                   else f"the request body did not arrive within {self.body_seconds:g} s")
        body = error_json(message, "limit" if status == 413 else "timeout")
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

    def _declared_length(self, scope: Scope) -> int | None:
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    return int(value)
                except ValueError:
                    return None
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = self._declared_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(send)
            return
        deadline = asyncio.get_running_loop().time() + self.body_seconds
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started |= message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, _CountedBody(receive, self.max_bytes, deadline), tracking_send)
        except (_BodyTooLarge, _BodyTooSlow) as exc:
            if started:  # cannot happen with these routes (they read before answering); be safe
                raise
            await self._refuse(send, 413 if isinstance(exc, _BodyTooLarge) else 408)


class _CountedBody:
    """The request's ``receive`` as :class:`BodyLimit` passes it on: the body's bytes counted as they
    stream in (past ``max_bytes``, :class:`_BodyTooLarge`) and each part awaited only until ``deadline``,
    on the loop's clock (then :class:`_BodyTooSlow`). Once the body is in, what comes next (a
    disconnect, whenever it comes) is passed on unwatched."""

    def __init__(self, receive: Receive, max_bytes: int, deadline: float) -> None:
        self._receive = receive
        self._max_bytes = max_bytes
        self._deadline = deadline
        self._received = 0
        self._complete = False

    async def __call__(self) -> Message:
        if self._complete:
            return await self._receive()
        try:
            message = await asyncio.wait_for(self._receive(),
                                             max(0.0, self._deadline - asyncio.get_running_loop().time()))
        except TimeoutError:
            raise _BodyTooSlow from None
        self._complete = message["type"] != "http.request" or not message.get("more_body", False)
        if message["type"] == "http.request":
            self._received += len(message.get("body", b""))
            if self._received > self._max_bytes:
                raise _BodyTooLarge
        return message
