"""The core routes, what any client of the engine asks: ``/v1/deduce``, ``/v1/cards``, ``/v1/audit``,
``/v1/track``, ``/healthz``; and ``POST /v1/cards/check`` and ``/v1/board/check``, a card set or a board read as
the engine reads it (the document as ``GET /v1/cards`` or ``GET /v1/board`` would give it), or 422 with the
path of every problem, so that a box owner's own files can be loaded into any page (the table's, the
workbench's editors).

Thin: read the body, hand it to :mod:`deduce`'s readers and engines (through
:class:`api.service.Service`), return the library's own JSON. Responses are checked
against the library's ``<Thing>JSON`` TypedDicts on the way out, and sent as the library made
them (fields the library leaves out stay out: ``response_model_exclude_unset``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from typing_extensions import TypedDict

from api.bodies import YAML_TYPES, card_set_body, decode_document
from api.deps import GamesDep, ServiceDep
from api.documents import BOARD
from api.errors import ErrorBodyJSON
from api.middleware import request_lang
from api.service import PAGE, Page, PagedDeductionJSON, deduction_answer, tracking_answer
from deduce.game.situation import TRAIL_EXAMPLE
from deduce.where import boardfile
from deduce.where.boardfile import BoardJSON
from deduce.where.query import EXAMPLE as TRACK_EXAMPLE
from deduce.where.tracker import TrackingJSON
from deduce.who import cardfile
from deduce.who.audit import AuditReportJSON
from deduce.who.cardfile import SMALL_CARD_SET, CardSetJSON
from deduce.who.query import RULEBOOK_QUERY, TYPED_QUERY

router = APIRouter()

ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"model": ErrorBodyJSON, "description": "The request body is larger than 1 MiB."},
    422: {"model": ErrorBodyJSON, "description": "The body is not a valid document: every problem, with its path."},
    429: {"model": ErrorBodyJSON, "description": "Quota `costly`: this client has its most costly requests in "
                                                 "flight; try again after the `Retry-After` seconds."},
    503: {"model": ErrorBodyJSON, "description": "Busy: every worker and every place in the queue is taken; "
                                                 "try again after the `Retry-After` seconds."},
}

#: What a card set's ``traits_per_lady`` fixes, which no schema of a request can state (the set is another
#: document, or the server's own): said in the description of every route that reads traits or keys.
TRAITS_PER_LADY_RULE = (
    " The card set's `traits_per_lady` (k, at most the set's traits) fixes what the schema cannot state: a card "
    "has exactly k traits, a key's count is at most k, an entry lists at most k + 1 counts; otherwise 422 with "
    "`code: traits-per-lady`.")


class HealthJSON(TypedDict):
    """``GET /healthz``: the service is up, with the card set it deduces with."""

    status: Literal["ok"]
    #: The set's name; null for a set its file leaves unnamed.
    card_set: str | None
    ladies: int


#: The paging parameters of a candidate list (SPEC 6, "Bounded answers"); a cursor is the ``next``
#: of the page before (it is a position: any whole number is one, past the end an empty page).
LimitParam = Annotated[int, Query(ge=1, le=PAGE, description=f"candidates in the page, 1 to {PAGE}")]
CursorParam = Annotated[str | None, Query(pattern=r"^[0-9]{1,12}$", description="the `next` of the page before")]


def body_doc(schema: str | tuple[str, ...], examples: dict[str, Any],
             media_types: tuple[str, ...] = ("application/json",), required: bool = True) -> dict[str, Any]:
    """``openapi_extra`` describing a request body that the route reads itself: the component ``schema``, or any of
    several."""
    refs = [{"$ref": f"#/components/schemas/{name}"} for name in ((schema,) if isinstance(schema, str) else schema)]
    content = {"schema": refs[0] if len(refs) == 1 else {"anyOf": refs}, "examples": examples}
    return {"requestBody": {"required": required, "content": dict.fromkeys(media_types, content)}}


@router.post(
    "/v1/deduce", response_model=PagedDeductionJSON, response_model_exclude_unset=True, responses=ERRORS,
    tags=["deduction"],
    summary="Who can the Dark Lady be?",
    description="The consistent candidates, each trait's state, her traits when proven, and (with "
                "`explain`) which clues prove what. Bad queries get 422 with every problem's path. "
                f"The candidates come a page at a time (`limit`, at most {PAGE}); `count` is how many there "
                "are in all, and `next`, when there are more, the `cursor` of the next page." + TRAITS_PER_LADY_RULE,
    openapi_extra=body_doc("Query", {
        "rulebook": {"summary": "The rulebook's example", "value": RULEBOOK_QUERY},
        "typed": {"summary": "A card typed from the table, with explanations", "value": TYPED_QUERY},
    }),
)
async def post_deduce(request: Request, svc: ServiceDep, limit: LimitParam = PAGE, cursor: CursorParam = None) -> Any:
    return await svc.answer(deduction_answer, await request.body(), request.is_disconnected,
                            svc.cards, svc.explain_timeout_ms, Page(limit, int(cursor or 0)))


@router.get("/v1/cards", response_model=CardSetJSON, response_model_exclude_unset=True, tags=["deduction"],
            summary="The card set the service deduces with")
async def get_cards(svc: ServiceDep) -> Any:
    return svc.cards_json


@router.post(
    "/v1/cards/check", response_model=CardSetJSON, response_model_exclude_unset=True, responses=ERRORS,
    tags=["deduction"], summary="Read a card set as the engine reads it",
    description="The body is a card set document, as JSON or as YAML (`Content-Type: application/yaml`). "
                "Answers it as `GET /v1/cards` gives the server's (ids, names in every language, keys as "
                "lists), to use in `/v1/hint`; an unreadable one gets 422 with the path of every problem."
                + TRAITS_PER_LADY_RULE,
    openapi_extra=body_doc("CardSetDocument", {}, ("application/json", YAML_TYPES[0])),
)
async def check_cards(request: Request, svc: ServiceDep) -> Any:
    return await own_document(request, svc, card_set_answer)


async def own_document(request: Request, svc: ServiceDep, work: Callable[[str | None, bytes], Any]) -> Any:
    """The answer of ``work(content type, body)`` to a request whose body is a document of the
    client's own (a card set, a board): read and answered in a time-limited child process."""
    return await svc.answer(work, await request.body(), request.is_disconnected,
                            request.headers.get("content-type"), isolate=True)


def card_set_answer(content_type: str | None, body: bytes) -> CardSetJSON:
    """``POST /v1/cards/check``, from its body."""
    return cardfile.to_json(card_set_body(body, content_type))


@router.post(
    "/v1/board/check", response_model=BoardJSON, response_model_exclude_unset=True, responses=ERRORS,
    response_model_by_alias=True, tags=["tracking"], summary="Read a board as the engine reads it",
    description="The body is a board document (SPEC 7), as JSON or as YAML (`Content-Type: application/yaml`). "
                "Answers it as `GET /v1/board` gives the server's, to use in `/v1/advice`; an unreadable one gets "
                "422 with the path of every problem. Whether the board is well designed is `/v1/audit-deck`'s.",
    openapi_extra={"requestBody": {"required": True, "content": {
        media: {"schema": BOARD}
        for media in ("application/json", YAML_TYPES[0])}}},
)
async def check_board(request: Request, svc: ServiceDep) -> Any:
    return await own_document(request, svc, board_answer)


def board_answer(content_type: str | None, body: bytes) -> BoardJSON:
    """``POST /v1/board/check``, from its body."""
    return boardfile.to_json(boardfile.parse(decode_document(body, content_type, "board")))


@router.post(
    "/v1/audit", response_model=AuditReportJSON, response_model_exclude_unset=True, responses=ERRORS, tags=["audit"],
    summary="Audit a card set",
    description="Truthful keys, solvable games and exact difficulty (SPEC 5). The body is a card set "
                "document, as JSON or as YAML (`Content-Type: application/yaml`). Findings about a "
                "readable card set still answer 200, with `ok: false`; an unreadable one gets 422. Each finding's "
                "`message` is said in the request's language (`?lang=`, then `Accept-Language`), as errors are."
                + TRAITS_PER_LADY_RULE,
    openapi_extra=body_doc("CardSetDocument", {
        "small": {"summary": "Four ladies, four traits, two per lady", "value": SMALL_CARD_SET},
    }, ("application/json", YAML_TYPES[0])),
)
async def post_audit(request: Request, svc: ServiceDep) -> Any:
    body = await request.body()
    return await svc.audit(body, request.headers.get("content-type"), request.is_disconnected,
                           request_lang(request.scope))


@router.post(
    "/v1/track", response_model=TrackingJSON, response_model_exclude_unset=True, responses=ERRORS,
    tags=["tracking"], summary="Where can the Dark Lady be?",
    description="Exact odds of each location of the server's board for slot `now` and the next one, "
                "from what was seen of the stealth deck (SPEC 7): its `observations`, or a game's `trail` (SPEC 8, "
                "the entries of a game's view; its landmark, fog and search entries are the observations, as a "
                "game's hints read them).",
    openapi_extra=body_doc(("TrackQuery", "TrailQuery"), {
        "spec": {"summary": "SPEC 6's example", "value": TRACK_EXAMPLE},
        "trail": {"summary": "A game's trail", "value": TRAIL_EXAMPLE}}),
)
async def post_track(request: Request, svc: ServiceDep, games: GamesDep) -> Any:
    return await svc.answer(tracking_answer, await request.body(), request.is_disconnected, games.rules)


@router.get("/healthz", response_model=HealthJSON, tags=["service"], summary="Is the service up?")
@router.head("/healthz", tags=["service"], summary="Is the service up? (headers only)", operation_id="healthz_head")
async def healthz(svc: ServiceDep) -> Any:
    return {"status": "ok", "card_set": svc.cards.name, "ladies": len(svc.cards.ladies)}
