"""The FastAPI application: :func:`create_app` prepares the service once and wires it up.

Routers are plain :class:`fastapi.APIRouter` modules in this package; ``ROUTERS`` lists
the ones every app includes. Their handlers get the prepared state through the
dependencies of :mod:`api.deps`: ``app.state.service`` (card set, board and
engines, made before anything is served) and ``app.state.games`` (the game store, opened
in the app's lifespan and closed at shutdown).

:func:`serve` runs an app under uvicorn, in this process or, with ``workers``, in that many
processes (uvicorn's own supervisor: it restarts a worker that dies). Each worker makes its app
again from the settings the first one was made with (:func:`worker_app`), and opens the game
store and the quotas' ledger itself: they are SQLite files, which the processes share safely
(:mod:`deduce.game.store`, :mod:`api.quotas`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from starlette.middleware.gzip import GZipMiddleware

import deduce
from api import design, errors, games, offline, page, routes, table, workbench
from api.delivery import Revalidated
from api.middleware import BodyLimit, RequestId
from api.protocol import HEADER_SECONDS, WRITE_SECONDS, Deadlines
from api.quotas import ClientQuotas, Quotas
from api.service import Service
from deduce.document import MAX_DOCUMENT_BYTES
from deduce.game.parse import ACTION
from deduce.game.setup import SETUP
from deduce.game.situation import TRAIL_QUERY
from deduce.game.store import DEFAULT_DB, GAME_EXPIRY, MAX_LIVE_GAMES, RETENTION, GameStore, open_store
from deduce.schema import Definition
from deduce.shipped import load_rules
from deduce.where.query import TRACK_QUERY
from deduce.who.cardfile import CARD_SET
from deduce.who.query import QUERY

ROUTERS = (routes.router, games.router, table.router, workbench.router, design.router, offline.router)
#: The documents the routes read themselves, by their definitions (they appear in the OpenAPI components).
REQUEST_DOCUMENTS: tuple[Definition[Any], ...] = (
    QUERY,
    CARD_SET,
    ACTION,
    SETUP,
    TRACK_QUERY,
    TRAIL_QUERY,
)
#: Largest request body accepted (SPEC 6).
MAX_BODY_BYTES = MAX_DOCUMENT_BYTES
#: Longest time a request's body may take to arrive (a phone on a slow line sends 1 MiB well within it).
BODY_SECONDS = 30.0
#: Answers from this size up are compressed for a client that takes gzip (the page's files, JSON answers);
#: smaller ones would gain less than the header costs. The level is zlib's default: most of the gain, little CPU.
GZIP_MIN_BYTES = 1000
GZIP_LEVEL = 6
#: Seconds a thread holds the GIL before another may take it, in a server process.
SWITCH_INTERVAL = 0.001
#: Seconds a worker process has to answer its supervisor's check before it is restarted: a new
#: worker answers once it has imported the service, which takes seconds on a busy machine.
WORKER_HEALTHCHECK = 60
#: The environment variable that hands :func:`worker_app` the settings of the app to make.
SETTINGS_ENV = "DEDUCE_SERVE_SETTINGS"

DESCRIPTION = """\
Deductions for the board game Black Sonata: which Dark Ladies are consistent with the clue
cards seen, and audits of card sets. Every error answer has the shape
`{"errors": [{"code", "path", "loc", "message"}]}`; bodies over 1 MiB get 413, at most
64 clues per query.
"""


def create_app(cards_path: str | Path | None = None, board_path: str | Path | None = None,
               games_db: str | Path | None = None, max_live_games: int = MAX_LIVE_GAMES,
               game_expiry: float = GAME_EXPIRY, body_seconds: float = BODY_SECONDS, retention: float = RETENTION,
               quotas: ClientQuotas | None = None, **options: Any) -> FastAPI:
    """The application, with the card set and board read and prepared (the shipped ones by default).

    ``games_db`` is the game store's SQLite file (default :data:`deduce.game.store.DEFAULT_DB`),
    opened while the app runs, with at most ``max_live_games`` unfinished games, each deleted
    after ``game_expiry`` seconds without an action and each finished one ``retention`` seconds after
    its last; a body must arrive within ``body_seconds``. ``quotas`` are what one client may cost
    (:class:`api.quotas.ClientQuotas`, its defaults when None).
    ``options`` go to :class:`api.service.Service` (``audit_seconds``,
    ``audit_timeout``, ``audit_workers``, ``audit_queue``, ``threads``, ``queue``). Raises
    :class:`deduce.errors.InputError` naming the file for a bad card set or board, or a game
    store that cannot be one (a folder, another kind of file, a place that cannot be written),
    before anything is served.
    """
    quotas = quotas or ClientQuotas()
    settings = {"cards_path": cards_path and str(cards_path), "board_path": board_path and str(board_path),
                "games_db": games_db and str(games_db), "max_live_games": max_live_games, "game_expiry": game_expiry,
                "body_seconds": body_seconds, "retention": retention, "quotas": quotas.settings(), **options}
    svc = Service.load(cards_path, board_path, quotas=quotas, **options)
    rules = load_rules(cards=svc.cards, board=svc.board)
    open_store(games_db or DEFAULT_DB).close()  # a store that cannot be one is said now, not at the first game

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.games = GameStore(games_db or DEFAULT_DB, rules, max_live_games, game_expiry, retention,
                                    quotas.admit_game)
        svc.start()
        try:
            yield
        finally:
            app.state.games.close()
            svc.close()

    app = FastAPI(title="Black Sonata deduction engine", version=deduce.__version__,
                  description=DESCRIPTION, lifespan=lifespan, docs_url=None, redoc_url=None)  # docs: api.page
    app.state.service = svc
    app.state.settings = settings  # what makes this app again, in another process (worker_app)
    for router in ROUTERS:
        app.include_router(router)
    page.install(app)  # the page, its files and the offline /docs
    errors.install(app)
    app.add_middleware(Revalidated)  # innermost: the entity tag of the answer as made
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN_BYTES, compresslevel=GZIP_LEVEL)
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY_BYTES, body_seconds=body_seconds)
    app.add_middleware(Quotas, quotas=quotas)  # before the body is read: a client past its rate sends it for nothing
    app.add_middleware(RequestId)  # outermost, so that a 413 or a 429 carries the id too
    app.openapi = lambda: openapi_with_request_models(app)  # type: ignore[method-assign]  # FastAPI's documented way
    return app


def worker_app() -> FastAPI:
    """The app of one worker process of :func:`serve` (uvicorn imports and calls this factory in each
    worker), made from the settings of the app :func:`serve` was given, found in :data:`SETTINGS_ENV`."""
    settings = json.loads(os.environ[SETTINGS_ENV])
    tune_process()
    return create_app(**{**settings, "quotas": ClientQuotas(**settings["quotas"])})


def tune_process() -> None:
    """Set up a server process: its log lines, and its GIL's switch interval. Worker threads compute
    in Python while the event loop routes: the loop gets the GIL back within 1 ms, not the default 5,
    so /healthz stays quick beside long requests."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s: %(message)s")
    sys.setswitchinterval(SWITCH_INTERVAL)


def serve(app: FastAPI, host: str, port: int, workers: int = 1, header_seconds: float = HEADER_SECONDS,
          write_seconds: float = WRITE_SECONDS) -> None:
    """Serve ``app`` under uvicorn until stopped, in ``workers`` processes (this one alone for 1; for
    more, each makes the app again, :func:`worker_app`), closing connections whose request headers
    take longer than ``header_seconds``, or whose client leaves its answer unread for
    ``write_seconds`` (:mod:`api.protocol`)."""
    import uvicorn

    # A partial, not a subclass made here: uvicorn sends it to its worker processes by pickling.
    protocol = cast(type[asyncio.Protocol], functools.partial(Deadlines, header_seconds=header_seconds,
                                                              write_seconds=write_seconds))
    tune_process()
    if workers == 1:
        uvicorn.run(app, host=host, port=port, log_level="info", http=protocol)
        return
    os.environ[SETTINGS_ENV] = json.dumps(app.state.settings)
    uvicorn.run(f"{__name__}:{worker_app.__name__}", factory=True, workers=workers, host=host, port=port,
                log_level="info", http=protocol, timeout_worker_healthcheck=WORKER_HEALTHCHECK)


#: What the middleware may answer to any request, in the one error shape (:func:`every_answer_listed`).
ERROR_BODY = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBodyJSON"}}}}
ANY_ROUTE = {"413": "The request (its `Content-Length`, or what was streamed) is larger than 1 MiB.",
             "429": "Quota `rate` (or, where the route says, another quota): try again after `Retry-After` "
                    "seconds."}
WITH_BODY = {"408": "The request body did not arrive in time."}


def openapi_with_request_models(app: FastAPI) -> dict[str, Any]:
    """FastAPI's OpenAPI document, plus the schemas of the bodies the routes read themselves, and
    every answer the middleware can give (:func:`every_answer_listed`)."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, description=app.description,
                             routes=app.routes)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for document in REQUEST_DOCUMENTS:
            js = document.json_schema(ref_template="#/components/schemas/{model}")
            components.update(js.pop("$defs", {}))
            components[js["title"]] = js
        every_answer_listed(schema)
        design.document_bound(schema, app.state.service.design_max_steps)
        app.openapi_schema = schema
    return app.openapi_schema


def every_answer_listed(schema: dict[str, Any]) -> None:
    """List on each operation the answers no route declares but any may give (413 and 429 from the
    middleware, 408 where a body is read), and give FastAPI's own 422 the error shape the service
    really answers with (:mod:`api.errors`), so that the document is the contract (SPEC 6)."""
    for path, operations in schema["paths"].items():
        for operation in operations.values():
            responses = operation["responses"]
            extra = {**ANY_ROUTE, **(WITH_BODY if "requestBody" in operation else {})}
            if path == "/healthz":  # a probe is never counted against a quota
                extra.pop("429")
            for status, description in extra.items():
                responses.setdefault(status, {"description": description, **ERROR_BODY})
            if "422" in responses and "HTTPValidationError" in str(responses["422"]):
                responses["422"] = {"description": "A parameter is not valid: every problem, with its path.",
                                    **ERROR_BODY}
    for unused in ("HTTPValidationError", "ValidationError"):
        schema["components"]["schemas"].pop(unused, None)
