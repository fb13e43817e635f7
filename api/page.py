"""The web page itself, on the API's own origin: the routes a browser opens, not a program.

- ``/`` is the page (a small ES-module app in ``static/``, over the JSON API), its files under
  ``/static``, read from inside the package (:mod:`api.delivery` says how they are sent); nothing
  comes from another origin. Its service worker is :mod:`api.offline`'s.
- ``/docs`` is Swagger UI from the vendored copy in ``/static/vendor`` (it works offline).
- ``GET /v1/phrases/{lang}``: the engine's own phrase tables, so that every page says events,
  refusals, explanations and advice in the same words as the command line, in each language.

What the page asks of the engine goes through the API as any client's requests do: the table's
routes (:mod:`api.table`), the workbench's (:mod:`api.workbench`, :mod:`api.design`), the games'
(:mod:`api.games`) and the core's (:mod:`api.routes`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from typing_extensions import TypedDict

from api.delivery import IMMUTABLE, JOINED_CSS, REVALIDATE, VersionedFiles, delivery
from api.middleware import Lang
from deduce.text.events import EVENT_PHRASES
from deduce.text.phrases import PHRASES
from deduce.text.refusals import REFUSAL_PHRASES

router = APIRouter()

SWAGGER = "/static/vendor/swagger-ui"


def install(app: FastAPI) -> None:
    """Serve the page, its files and the offline ``/docs`` (the app is made with ``docs_url=None``)."""
    app.include_router(router)
    delivery()  # the page's files read now, not at the first visit
    # The page's words are the catalog the library reads (data/words, installed as deduce.data), kept once.
    app.mount("/static/words", VersionedFiles(packages=[("deduce.data", "words")]), name="words")
    app.mount("/static", VersionedFiles(packages=[("api", "static")]), name="static")


@router.get("/", include_in_schema=False)
async def home(request: Request) -> Response:
    """The page: one HTML file, written for the files as they are (:func:`api.delivery.page_html`);
    the app's modules route between its views. Revalidated on every visit: 304 when unchanged."""
    page, origin = delivery(), f"{request.url.scheme}://{request.url.netloc}"
    etag = page.page_etag(origin)
    headers = {"ETag": etag, "Cache-Control": REVALIDATE}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return HTMLResponse(page.page_html(origin), headers=headers)


@router.get(JOINED_CSS, include_in_schema=False)
async def stylesheet(request: Request) -> Response:
    """The page's stylesheets joined (:meth:`api.delivery.Delivery.joined_css`): for a year under its
    current version, else revalidated."""
    page = delivery()
    current = page.is_current(JOINED_CSS, request.scope.get("query_string", b""))
    return Response(page.joined_css(), media_type="text/css",
                    headers={"Cache-Control": IMMUTABLE if current else REVALIDATE})


@router.get("/docs", include_in_schema=False)
async def docs() -> HTMLResponse:
    """Swagger UI from the vendored files, so the docs work with no network."""
    return get_swagger_ui_html(openapi_url="/openapi.json", title="Black Sonata deduction engine: API",
                               swagger_js_url=f"{SWAGGER}/swagger-ui-bundle.js",
                               swagger_css_url=f"{SWAGGER}/swagger-ui.css",
                               swagger_favicon_url="/static/favicon.svg")


class PhrasesJSON(TypedDict):
    """The engine's phrase tables in one language (English filled in where one is missing)."""

    lang: Lang
    phrases: dict[str, str]
    events: dict[str, str]
    refusals: dict[str, str]


@router.get("/v1/phrases/{lang}", response_model=PhrasesJSON, tags=["words"],
            summary="The engine's words in one language",
            description="The phrase tables the command line speaks with (hints, explanations, advice) and the "
                        "game's event phrases, and its refusals by the `refusal` code of a game action's error, with "
                        "`{field}` placeholders; a phrase that depends on a number has "
                        "one entry per plural form (`flee.one`, `flee.few`, `flee.many`, `flee.other`).")
async def get_phrases(lang: Lang) -> Any:
    return {"lang": lang, "phrases": PHRASES["en"] | PHRASES[lang], "events": EVENT_PHRASES["en"] | EVENT_PHRASES[lang],
            "refusals": REFUSAL_PHRASES["en"] | REFUSAL_PHRASES[lang]}
