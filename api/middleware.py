"""Pure ASGI middleware: a request id on every answer, and the request body's limits; the language
and the words of the service's errors.

Both are plain ASGI callables (no ``BaseHTTPMiddleware``) so that they see the body as
it streams in: an oversized body is refused when its ``Content-Length`` says so, before
a byte of it is read, and a body sent without a length (chunked) is refused as soon as
the bytes received pass the limit, so it is never held whole in memory. A client that
stops sending its body, or sends it too slowly to finish within ``body_seconds``, gets
408 and its connection is closed.

Every error answer says its problems in the language of the request (:func:`request_lang`:
``?lang=``, then ``Accept-Language``, else English), in the service's own words where they are
its own (:func:`service_words`, ``data/words/service.json``); ``code`` and ``path`` are the same
in every language (SPEC 6, "Names and languages").
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterable
from typing import Literal

from starlette.datastructures import Headers, QueryParams
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deduce.errors import Problem
from deduce.text.catalog import LANGS, Phrase, PhraseParam

REQUEST_ID_HEADER = b"x-request-id"
#: The languages a request may ask for by name (a route's ``lang``): the catalog's (:data:`LANGS`).
Lang = Literal["en", "it", "ru"]


def service_words(key: str, **params: PhraseParam) -> Phrase:
    """The service's own words for a problem (the ``service`` part of the catalog), said in any language."""
    return Phrase("service", key, params)


def request_lang(scope: Scope) -> str:
    """The language a request's errors are said in: its ``?lang=`` when that is one of the catalog's
    languages, else the most wanted of ``Accept-Language`` that the catalog speaks (q-values honoured,
    ``ru-RU`` read as ``ru``; ``*``, unknown languages and ``q=0`` skipped), else English."""
    asked = QueryParams(scope.get("query_string", b"")).get("lang", "").strip().lower()
    if asked in LANGS:
        return asked
    wanted: list[tuple[float, int, str]] = []
    for order, item in enumerate(Headers(scope=scope).get("accept-language", "").split(",")):
        tag, *options = item.split(";")
        lang = tag.strip().lower().split("-")[0]
        weight = next((_weight(value) for name, _, value in (o.strip().partition("=") for o in options)
                       if name.strip().lower() == "q"), 1.0)
        if lang in LANGS and weight > 0:
            wanted.append((-weight, order, lang))
    return min(wanted)[2] if wanted else "en"


def _weight(text: str) -> float:
    """An ``Accept-Language`` q-value; one that is not a number between 0 and 1 counts as 0 (not wanted)."""
    try:
        value = float(text)
    except ValueError:
        return 0.0
    return value if 0 <= value <= 1 else 0.0


def language_headers(lang: str) -> dict[str, str]:
    """The headers of an error answer said in ``lang``: its language, and that it follows ``Accept-Language``."""
    return {"Content-Language": lang, "Vary": "Accept-Language"}


async def send_error(send: Send, scope: Scope, status: int, problem: Problem,
                     headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    """Answer ``status`` from a middleware, in the API's one error shape (see :class:`api.errors.ErrorBodyJSON`),
    the problem said in the request's language."""
    lang = request_lang(scope)
    body = json.dumps({"errors": [problem.to_json(lang)]}, ensure_ascii=False, separators=(",", ":")).encode()
    said = [(name.lower().encode(), value.encode()) for name, value in language_headers(lang).items()]
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *said, *headers]})
    await send({"type": "http.response.body", "body": body})


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


class BodyLimit:
    """Refuse request bodies larger than ``max_bytes`` with 413, without reading them whole, and
    bodies not received within ``body_seconds`` with 408."""

    def __init__(self, app: ASGIApp, max_bytes: int, body_seconds: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.body_seconds = body_seconds

    async def _refuse(self, send: Send, scope: Scope, status: int = 413) -> None:
        problem = (Problem((), service_words("body.large", most=self.max_bytes), "limit") if status == 413
                   else Problem((), service_words("body.slow", seconds=f"{self.body_seconds:g}"), "timeout"))
        await send_error(send, scope, status, problem, [(b"connection", b"close")])

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
            await self._refuse(send, scope)
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
            await self._refuse(send, scope, 413 if isinstance(exc, _BodyTooLarge) else 408)


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
