"""Exception handlers: every error the service sends has one shape, ``{"errors": [...]}``.

- :class:`~deduce.errors.InputError` (from ``deduce``'s own parsers) → 422, its problems as they are;
- FastAPI's request validation errors (e.g. from routers that declare pydantic bodies) → 422,
  converted to the same problems (path, loc, message);
- HTTP errors (404, 405, ...) → their status, the reason as one problem;
- :class:`~api.jobs.Busy` → 503 with ``Retry-After``: every worker and queue place is taken;
- :class:`~api.quotas.QuotaExceeded` → 429 with ``Retry-After``: the client is past one of its quotas;
- :class:`~api.jobs.Gone` → 499 (nginx's "client closed request"), which no one reads: the
  client left, and its work was stopped;
- anything unexpected → logged with the request id, and only then a 500 that carries the id.

Each answer says its problems in the request's language (:func:`api.middleware.request_lang`), with
``Content-Language`` and ``Vary: Accept-Language``; the service's own words come from the catalog
(:func:`api.middleware.service_words`), and FastAPI's checks of a route's parameters are said in the
words of every document (:func:`deduce.schema.problem_of`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from http import HTTPStatus
from typing import Annotated, Any, NotRequired

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic_core import ErrorDetails
from starlette.exceptions import HTTPException
from starlette.routing import Match
from typing_extensions import TypedDict

from api.jobs import Busy, Gone
from api.middleware import language_headers, request_id, request_lang, service_words
from api.quotas import QuotaExceeded
from deduce.errors import InputError, Problem, ProblemJSON, Wording
from deduce.schema import problem_of
from deduce.text.catalog import Phrase, section
from deduce.text.names import names_beside_ids

log = logging.getLogger("api")

#: Where a request validation error sits, which is not part of the document's own path.
_SOURCES = ("body", "query", "path", "header", "cookie")


class ErrorBodyJSON(TypedDict):
    """Every error answer (413, 422, 404, ...) has this shape; ``request_id`` comes with the
    (unexpected) 500 answer, to quote in a report."""

    errors: list[ProblemJSON]
    request_id: NotRequired[str]


async def language(request: Request) -> str:
    """The language of a request's errors (:func:`api.middleware.request_lang`), for a route that answers its own."""
    return request_lang(request.scope)


LangDep = Annotated[str, Depends(language)]


class Refusal(HTTPException):
    """An HTTP error the service raises in its own ``words``, said in the request's language."""

    def __init__(self, status_code: int, words: Phrase, headers: Mapping[str, str] | None = None):
        super().__init__(status_code, str(words), headers)
        self.words = words


def problems_json(problems: Iterable[Problem], lang: str) -> list[ProblemJSON]:
    """Problems as the service answers them: said in ``lang``, and the game's things they list (suits,
    traits, ladies, locations) by name in that language with the id beside, for a person to read
    (:func:`deduce.text.names.names_beside_ids`)."""
    with names_beside_ids():
        return [p.to_json(lang) for p in problems]


def problems_response(problems: list[Problem], status: int, lang: str,
                      headers: Mapping[str, str] | None = None) -> JSONResponse:
    """An error answer: the problems said in ``lang`` (:func:`problems_json`), with the headers that name it."""
    return JSONResponse({"errors": problems_json(problems, lang)}, status_code=status,
                        headers={**language_headers(lang), **(headers or {})})


async def input_error(request: Request, exc: InputError) -> JSONResponse:
    return problems_response(list(exc.problems), 422, request_lang(request.scope))


def validation_problem(error: ErrorDetails) -> Problem:
    """One pydantic/FastAPI validation error as a :class:`Problem` with a document path, in the catalog's words
    as every document's (:func:`deduce.schema.problem_of`)."""
    loc = tuple(error.get("loc", ()))
    if loc and loc[0] in _SOURCES:
        loc = loc[1:]
    return problem_of({**error, "loc": tuple(p if isinstance(p, int) else str(p) for p in loc)})


async def request_validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    return problems_response([validation_problem(e) for e in exc.errors()], 422, request_lang(request.scope))


def http_words(exc: HTTPException) -> Wording:
    """What an HTTP error says: the service's own words, or for Starlette's (``Not Found`` ...) the
    catalog's words for its status; any other detail as it is."""
    if isinstance(exc, Refusal):
        return exc.words
    key = f"http.{exc.status_code}"
    if key in section("service")["en"] and exc.detail == HTTPStatus(exc.status_code).phrase:
        return service_words(key)
    return str(exc.detail)


async def http_error(request: Request, exc: HTTPException) -> Response:
    if exc.status_code < 200 or exc.status_code in (204, 304):
        return Response(status_code=exc.status_code, headers=exc.headers)
    code = {404: "not-found", 405: "method-not-allowed", 413: "limit"}.get(exc.status_code, "http")
    headers = exc.headers
    if exc.status_code == 405:
        headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(request))}
    return problems_response([Problem((), http_words(exc), code)], exc.status_code, request_lang(request.scope),
                             headers)


#: The methods a 405's ``Allow`` header may name.
METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")


def allowed_methods(request: Request) -> list[str]:
    """Every method some route takes at this path (Starlette's 405 names only the first route's)."""
    return [method for method in METHODS
            if any(route.matches({**request.scope, "method": method})[0] == Match.FULL
                   for route in request.app.router.routes)]


async def busy(request: Request, exc: Busy) -> JSONResponse:
    return problems_response([Problem((), exc.words, "busy")], 503, request_lang(request.scope),
                             {"Retry-After": str(exc.retry_after)})


async def over_quota(request: Request, exc: QuotaExceeded) -> JSONResponse:
    return problems_response([Problem((), exc.words, "quota")], 429, request_lang(request.scope),
                             {"Retry-After": str(exc.retry_after)})


async def gone(request: Request, exc: Gone) -> JSONResponse:
    return problems_response([Problem((), exc.words, "gone")], 499, request_lang(request.scope))


async def unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    """The last resort: log the failure with the request id, and give the id to the client."""
    rid = request_id(request.scope) or "-"
    log.error("request %s (%s %s) failed", rid, request.method, request.url.path, exc_info=exc)
    lang = request_lang(request.scope)
    return JSONResponse({"errors": [Problem((), service_words("internal", rid=rid), "internal").to_json(lang)],
                         "request_id": rid}, status_code=500, headers={**language_headers(lang), "x-request-id": rid})


#: The handler of each kind of exception (Starlette picks the most specific one).
HANDLERS: dict[type[Exception], Callable[[Request, Any], Awaitable[Response]]] = {
    InputError: input_error,
    RequestValidationError: request_validation_error,
    HTTPException: http_error,
    Busy: busy,
    QuotaExceeded: over_quota,
    Gone: gone,
    Exception: unexpected_error,
}


def install(app: FastAPI) -> None:
    for kind, handler in HANDLERS.items():
        app.add_exception_handler(kind, handler)
