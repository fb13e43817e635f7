"""The web page and what it needs beyond the core routes: served on the API's own origin.

- ``/`` is the page (a small ES-module app in ``static/``, over the JSON API), its files
  under ``/static``, read from inside the package; nothing comes from another origin.
- ``/docs`` is Swagger UI from the vendored copy in ``/static/vendor`` (it works offline).
- ``GET /v1/phrases/{lang}``: the engine's own phrase tables, so every front end says events, refusals,
  explanations and advice in the same words as the command line, in each language.
- ``GET /v1/material``: the public game material a setup form needs (the fog cards' words,
  the stealth sequences, the modes).
- ``GET /v1/stealth``: the shipped stealth deck and extra sequences as documents, for the
  designer's page to edit and send back to ``POST /v1/audit-deck``.
- ``POST /v1/advice``: the plan for a game at the table (:mod:`deduce.game.table`: the same
  planner as a game's hints) and her odds, on the server's board or on one given with it.
- ``POST /v1/hint``: a deduction with a card set given with the query (``deduce hint --cards``).
- ``POST /v1/cards/check`` and ``POST /v1/board/check``: a card set or a board read as the engine
  reads it (the document as ``GET /v1/cards`` or ``GET /v1/board`` would give it), or 422 with the
  path of every problem, so that a box owner's own files can be loaded into a page.
- ``POST /v1/cards/export``: a card set as a card set file (SPEC 4, YAML in the shipped file's
  style), for the designer's Export: what it writes, ``deduce audit`` reads back to the same set.
- ``POST /v1/audit-deck``: the board, stealth deck and sequences audit of ``deduce audit-deck``.

Everything here is public: the page learns a game only through the game routes, as any
client does. Bodies are decoded, read and answered on the service's bounded worker threads
(:meth:`api.service.Service.run`), as the core routes' are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from math import comb
from typing import Annotated, Any, Literal, NotRequired, TypeVar, cast

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from pydantic import ConfigDict, ValidationInfo, WithJsonSchema, WrapValidator, with_config
from typing_extensions import TypedDict

from api.bodies import YAML_TYPES, card_set_body, decode_document, decode_json
from api.delivery import IMMUTABLE, JOINED_CSS, REVALIDATE, VersionedFiles, delivery
from api.deps import GamesDep, ServiceDep
from api.documents import body_schema, component, document, document_schema, object_body, read_by
from api.errors import problems_json
from api.middleware import request_lang, service_words
from api.routes import ERRORS, TRAITS_PER_LADY_RULE, CursorParam, LimitParam, body_doc
from api.service import PAGE, Page, PagedDeductionJSON, said_in
from deduce.document import decode_yaml, type_name
from deduce.errors import InputError, ProblemJSON, unknown
from deduce.game import table
from deduce.game.fog import Asks
from deduce.game.material import Rules
from deduce.game.table import TableAdviceJSON
from deduce.schema import Definition, in_turn, problem, refused, said, validated
from deduce.shipped import data_path
from deduce.text.events import EVENT_PHRASES
from deduce.text.phrases import LANGS, PHRASES
from deduce.text.refusals import REFUSAL_PHRASES
from deduce.where import boardfile, stealthfile
from deduce.where.audit import DeckAuditJSON, audit_deck, report_json
from deduce.where.board import Board
from deduce.where.boardfile import BoardJSON
from deduce.where.query import TrackQuery, parse_track_query
from deduce.where.stealth import Moves, Sequence, StealthDeck
from deduce.where.stealthfile import SequencesJSON, StealthDeckJSON
from deduce.where.tracker import track
from deduce.who import cardfile
from deduce.who.cardfile import CardSetJSON
from deduce.who.cards import MODES, REMOVAL_MODES, CardSet, Mode
from deduce.who.deduction import deduce
from deduce.who.export import card_set_yaml
from deduce.who.progress import ProgressJSON, progress
from deduce.who.query import Query, parse_query, recognised

router = APIRouter()
T = TypeVar("T")

#: The languages of the page and of the phrase tables.
Lang = Literal["en", "it", "ru"]
SWAGGER = "/static/vendor/swagger-ui"


def install(app: FastAPI) -> None:
    """Serve the page, its files and the offline ``/docs`` (the app is made with ``docs_url=None``)."""
    app.include_router(router)
    delivery()  # the page's files read now, not at the first visit
    # The page's words are the catalog the library reads (data/words, installed as deduce.data), kept once.
    app.mount("/static/words", VersionedFiles(packages=[("deduce.data", "words")]), name="words")
    app.mount("/static", VersionedFiles(packages=[("api", "static")]), name="static")


# -- the page and the docs ------------------------------------------------------------

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


# -- words and material -----------------------------------------------------------------

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


class FogCardJSON(TypedDict):
    id: str
    action: str
    asks: Asks | None
    name: dict[str, str]
    text: dict[str, str]


class WalkJSON(TypedDict):
    """A stealth sequence a game may be set up with: ``{"position": n}`` or ``{"rulebook": name}``."""

    name: str
    position: int | None
    moves: Moves
    length: int


class MaterialJSON(TypedDict):
    modes: list[Mode]
    #: The card set's ``modes`` table each mode that removes two cards reads: a set without it cannot be played so.
    mode_tables: dict[str, str]
    fog_cards: list[FogCardJSON]
    sequences: list[WalkJSON]


@cache
def shipped_walks() -> tuple[WalkJSON, ...]:
    """The eight positions and the rulebook's sequences of the shipped stealth deck (the games' deck)."""
    deck = stealthfile.load(data_path("stealth.yaml"))
    walks: list[tuple[Sequence, int | None]] = [(s, n) for n, s in enumerate(deck.positions(), 1)]
    walks += [(s, None) for s in stealthfile.load_sequences(data_path("sequences.json"))]
    return tuple({"name": s.name, "position": n, "moves": s.moves, "length": len(s.cards)} for s, n in walks)


@router.get("/v1/material", response_model=MaterialJSON, tags=["games"],
            summary="The public game material a setup needs",
            description="The modes (with `mode_tables`: the card set's `modes` table each mode that removes two "
                        "cards reads; a card set without that table cannot be played in it), the fog cards (their "
                        "action, what a `resolve` asks for, their words) and the stealth sequences a game can be set "
                        "up with.")
async def get_material(games: GamesDep) -> Any:
    fog = [{"id": f.id, "action": f.action, "asks": f.kind.asks, "name": f.name.to_json(), "text": f.text.to_json()}
           for f in games.rules.fog]
    return {"modes": list(MODES), "mode_tables": dict(REMOVAL_MODES), "fog_cards": fog,
            "sequences": list(shipped_walks())}


class StealthDocumentsJSON(TypedDict):
    """The stealth deck and the extra sequences, as the documents ``POST /v1/audit-deck`` reads."""

    stealth: StealthDeckJSON
    sequences: SequencesJSON


@cache
def shipped_stealth() -> StealthDocumentsJSON:
    """The shipped stealth deck and the rulebook's extra sequences, as documents."""
    return {"stealth": stealthfile.to_json(stealthfile.load(data_path("stealth.yaml"))),
            "sequences": stealthfile.sequences_to_json(stealthfile.load_sequences(data_path("sequences.json")))}


@router.get("/v1/stealth", response_model=StealthDocumentsJSON, tags=["tracking"],
            summary="The stealth deck and its extra sequences, as documents",
            description="The shipped stealth deck (each card's location, the landmark on its back and its eight "
                        "positions as printed) and the rulebook's extra sequences (card ids in deck order): the "
                        "documents `POST /v1/audit-deck` takes as `stealth` and `sequences`, so that a client can "
                        "edit them and audit its own.")
async def get_stealth() -> Any:
    return shipped_stealth()


# -- documents given with a request ------------------------------------------------------

def _within(field: str, parse: Callable[[Any], T], doc: Any) -> T:
    """``parse(doc)``, its problems' paths put under ``field`` so that they name the place in the body."""
    try:
        return parse(doc)
    except InputError as exc:
        raise InputError(p.at((field, *p.loc)) for p in exc.problems) from None


def _or(given: T | None, default: Callable[[], T]) -> T:
    """The document a body gave, else the default one."""
    return given if given is not None else default()


#: The most possible Dark Ladies (trait sets times suits) a request's own card set may have: the
#: shipped set has 210; a set at the readers' bounds (16 traits, 8 a lady, 32 suits) has 411,840,
#: whose deduction took seconds and answered tens of megabytes.
MAX_CANDIDATES = 20_000


def within_bound(cards: CardSet) -> CardSet:
    """``cards``, when its possible Dark Ladies are within :data:`MAX_CANDIDATES`; else 422 at once,
    naming the bound."""
    count = comb(len(cards.traits), cards.traits_per_lady) * len(cards.suits)
    if count > MAX_CANDIDATES:
        raise InputError.at((), service_words("hint.candidates", count=f"{count:,}", most=f"{MAX_CANDIDATES:,}"),
                            code="limit")
    return cards


#: The documents a request body may carry: their schemas, and how a body's field reads them.
CARDS_DOCUMENT = document_schema(component("CardSetDocument"), "the server's own")
#: A body's own card set, bounded (:func:`within_bound`), its problems under its field.
CARDS_FIELD = document(lambda doc: within_bound(cardfile.parse(doc)), "card set")
BOARD = boardfile.BOARD.inline_schema()
BOARD_DOCUMENT = document(boardfile.parse, "board")


# -- advice -------------------------------------------------------------------------------

#: ``POST /v1/advice``: her odds, and for a situation at the table the plan a game's hints give (or
#: ``plan_problems``, why the clues in hand cannot be a hand of her suit).
AdviceAnswerJSON = TableAdviceJSON
#: A game at the table as its player knows it (:data:`deduce.game.table.SITUATION`).
SITUATION = table.SITUATION.inline_schema()


def _board(info: ValidationInfo) -> Board:
    """The board of an advice query: the one its body gives, else the server's (its rules are the context)."""
    given: Board | None = info.data.get("board")
    return given if given is not None else cast(Rules, info.context).board


def _pawn(pawn: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
    """A pawn's location id (older clients send it; the plan's pawn is the situation's), on the body's board."""
    if not isinstance(pawn, str):
        raise problem(service_words("advice.pawn", got=type_name(pawn)))
    board = _board(info)
    if not board.has_location(pawn):
        raise problem(lambda: unknown("location", pawn, board.location_ids))
    return handler(pawn)


def _rules(rules: Rules, cards: CardSet | None, board: Board | None) -> Rules:
    """The server's ``rules`` played with the card set and board a body gave, each the server's when not given."""
    return replace(rules, cards=_or(cards, lambda: rules.cards), board=_or(board, lambda: rules.board))


def _situation(value: Any, info: ValidationInfo) -> table.Table | None:
    """A situation at the table, read with the body's card set and board (null: none)."""
    if value is None:
        return None
    rules = _rules(cast(Rules, info.context), info.data.get("cards"), info.data.get("board"))
    return table.parse_situation(rules, value)


def _advice_schema(schema: dict[str, Any]) -> None:
    """An advice query gives a tracking query, or a situation (not null)."""
    schema["anyOf"] = [{"required": ["query"]}, {"required": ["situation"], "properties": {"situation": SITUATION}}]


@with_config(ConfigDict(strict=True, extra="allow", title="AdviceQuery", json_schema_extra=_advice_schema))
class AdviceQuery(TypedDict, total=False):
    """``POST /v1/advice``'s body, as read on the server's rules (the validation's context): each field in turn,
    with the card set and on the board given first. Other fields are ignored."""

    cards: Annotated[CardSet | None, CARDS_FIELD, WithJsonSchema(CARDS_DOCUMENT)]
    board: Annotated[Board | None, BOARD_DOCUMENT, WithJsonSchema(document_schema(BOARD, "the server's own"))]
    query: Annotated[TrackQuery, read_by(lambda value, info: parse_track_query(_board(info), value)),
                     WithJsonSchema(component("TrackQuery"))]
    pawn: Annotated[str, WrapValidator(_pawn)] | None
    lang: Annotated[Lang, said(lambda value: unknown("language", value, LANGS))]
    situation: Annotated[table.Table | None, read_by(_situation),
                         WithJsonSchema({"anyOf": [SITUATION, {"type": "null"}]})]


def _query_or_situation(doc: Any, handler: Callable[[Any], Any]) -> Any:
    """An advice query asks for the plan of a situation, or the odds of a tracking query: one of them, once
    every field given is read."""
    query: AdviceQuery = handler(doc)
    if query.get("situation") is None and "query" not in query:
        raise refused((("query",), service_words("advice.query"), "schema"))
    return query


ADVICE_QUERY: Definition[AdviceQuery] = Definition(Annotated[
    AdviceQuery, in_turn(AdviceQuery, *AdviceQuery.__annotations__), WrapValidator(_query_or_situation),
    object_body("an advice query")])


def advice_answer(rules: Rules, body: bytes) -> AdviceAnswerJSON:
    """``POST /v1/advice``, from its body (on a worker thread, or in a child process when large):
    the plan for ``situation`` (:func:`deduce.game.table.advice_for`), or the odds of ``query`` alone."""
    query = validated(ADVICE_QUERY, decode_json(body, "an advice query"), rules)
    played = _rules(rules, query.get("cards"), query.get("board"))
    situation = query.get("situation")
    if situation is not None:
        return table.advice_for(played, situation, query.get("lang", "en"))
    return {"tracking": track(played.board, query["query"]).to_json()}


@router.post(
    "/v1/advice", response_model=AdviceAnswerJSON, response_model_exclude_unset=True, responses=ERRORS,
    tags=["tracking"], summary="The plan for a game at the table, and where she can be",
    description="Body: `{\"situation\": the game at the table, \"cards\": document, \"board\": document, "
                "\"lang\": \"en\"}`: her odds "
                "from the situation's trail (`tracking`, as `/v1/track` gives them) and the plan a game's hints give "
                "for the same situation (`plan`: the action, its reasons worded in `lang`, the figures and the "
                "options weighed), or `plan_problems` when the clues in hand cannot be a hand of her suit. "
                "`situation` holds what the player at the table knows (the fields of a game's VIEW: her suit, the "
                "pawn, the deck's `length`, `moves` and the top card's slot `now`, the `trail`, and optionally the "
                "mode, the clues and suit card in hand, the keys claimed, the countdown, the fog cards left, what "
                "was `done` this turn and the fog card `pending`). Without one, `{\"query\": tracking query}` answers "
                "the odds alone (`pawn` is read and not used). `board` (an object, or YAML or JSON text) plays on "
                "that board instead of the server's; its problems are under `board`. `cards` (a card set document, "
                "an object or its text) plays with that card set instead of the server's: the situation's cards are "
                "read with it and the plan is made with it; its problems are under `cards`, a mode the set does not "
                "define is refused under `situation.mode`, and a set with more than "
                f"{MAX_CANDIDATES:,} possible Dark Ladies is refused (422, `code: limit`).",
    openapi_extra=body_schema(ADVICE_QUERY),
)
async def post_advice(request: Request, svc: ServiceDep, games: GamesDep) -> Any:
    return await svc.answer(advice_answer, await request.body(), request.is_disconnected, games.rules, isolate=True)


# -- a deduction with the player's own cards ---------------------------------------------------

class HintAnswerJSON(PagedDeductionJSON):
    """The deduction (one page of its candidates, as ``/v1/deduce`` answers it); with a ``mode``,
    WHO progress as a game's hints give it (the clue deck left is every card of the set but those
    the mode removes and those in hand), or, when the cards cannot be a hand of this set in that
    mode, why not (each problem under ``query``). With her suit, ``recognised`` gives for each clue the
    cards of the set it can be (:func:`deduce.who.query.recognised`: one for a card named or typed as a card
    of the set lies, none for a card the set lacks, several for a set that repeats a card)."""

    progress: NotRequired[ProgressJSON]
    progress_problems: NotRequired[list[ProblemJSON]]
    recognised: NotRequired[list[list[str]]]


def _cards(info: ValidationInfo) -> CardSet:
    """The card set of a hint query: the one its body gives, else the server's (the validation's context)."""
    given: CardSet | None = info.data.get("cards")
    return given if given is not None else cast(CardSet, info.context)


def _mode(mode: Any, handler: Callable[[Any], Any]) -> Any:
    """A mode of the game (its words list them all)."""
    if not (isinstance(mode, str) and mode in MODES):
        raise problem(service_words("hint.mode", modes=", ".join(MODES), got=repr(mode)))
    return handler(mode)


@with_config(ConfigDict(strict=True, extra="allow", title="HintQuery"))
class HintQuery(TypedDict):
    """``POST /v1/hint``'s body, as read with the server's card set (the validation's context): each field in
    turn, the query with the card set given first. Other fields are ignored."""

    cards: NotRequired[Annotated[CardSet | None, CARDS_FIELD, WithJsonSchema(CARDS_DOCUMENT)]]
    query: Annotated[Query, read_by(lambda value, info: parse_query(_cards(info), value)),
                     WithJsonSchema(component("Query"))]
    mode: NotRequired[Annotated[Mode, WrapValidator(_mode)] | None]


def _query_as_null(doc: Any, handler: Callable[[Any], Any]) -> Any:
    """A hint query without its query reads it as null, so that the query's reader says what is missing."""
    return handler({"query": None, **doc})


HINT_QUERY: Definition[HintQuery] = Definition(Annotated[
    HintQuery, in_turn(HintQuery, *HintQuery.__annotations__), WrapValidator(_query_as_null),
    object_body("a hint query")])


def hint_answer(default_cards: CardSet, explain_timeout_ms: int, page: Page, lang: str, body: bytes) -> HintAnswerJSON:
    """``POST /v1/hint``, from its body: one page of the deduction's candidates, and why WHO progress
    cannot be had (said in ``lang``, the request's language) when it cannot."""
    hint = validated(HINT_QUERY, decode_json(body, "a hint query"), default_cards)
    cards, query, mode = _or(hint.get("cards"), lambda: default_cards), hint["query"], hint.get("mode")
    # the deduction's fields as they are, the optional ones added below (mypy wants them in a ** item)
    answer = cast(HintAnswerJSON, page.of(deduce(cards, query, explain_timeout_ms=explain_timeout_ms).to_json()))
    if query.suit is not None:
        answer["recognised"] = [[lady.id for lady in recognised(cards, query.suit, obs)] for obs in query.clues]
    if mode is not None:
        try:
            answer["progress"] = _within("query", lambda q: progress(cards, q, mode), query).to_json()
        except InputError as exc:  # the deduction stands; progress says why it cannot be had
            answer["progress_problems"] = problems_json(exc.problems, lang)
    return answer


@router.post(
    "/v1/hint", response_model=HintAnswerJSON, response_model_exclude_unset=True, responses=ERRORS,
    tags=["deduction"], summary="Who can she be, with your own card set?",
    description="Body: `{\"query\": query, \"cards\": document, \"mode\": mode}`. The answer of `/v1/deduce` "
                "for the query, with the card set `cards` (an object, or YAML or JSON text; the server's own when "
                "left out), as `deduce hint --cards FILE` gives it. Problems are under `query` or `cards`. With "
                "`mode`, also `progress`: WHO progress as a game's hints give it (the clue deck left is every card "
                "but those the mode removes and those in hand), or `progress_problems` when the cards cannot be a "
                "hand of the set in that mode (the deduction is answered all the same). The candidates come a "
                f"page at a time, as `/v1/deduce` gives them (`limit`, `cursor`, `count`, `next`); a card set "
                f"with more than {MAX_CANDIDATES:,} possible Dark Ladies is refused (422, `code: limit`)."
                + TRAITS_PER_LADY_RULE,
    openapi_extra=body_schema(HINT_QUERY),
)
async def post_hint(request: Request, svc: ServiceDep, limit: LimitParam = PAGE, cursor: CursorParam = None) -> Any:
    return await svc.answer(hint_answer, await request.body(), request.is_disconnected,
                            svc.cards, svc.explain_timeout_ms, Page(limit, int(cursor or 0)),
                            request_lang(request.scope), isolate=True)


# -- reading a box owner's own files ----------------------------------------------------------

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


class CardSetFileJSON(TypedDict):
    """``POST /v1/cards/export``: the card set file's text, and a file name made from the set's name."""

    filename: str
    yaml: str


@router.post(
    "/v1/cards/export", response_model=CardSetFileJSON, responses=ERRORS, tags=["deduction"],
    summary="Write a card set as a card set file",
    description="The body is a card set document, as JSON or as YAML (`Content-Type: application/yaml`). "
                "Answers the card set file (SPEC 4) as YAML text in the shipped file's style, fields in SPEC 4's "
                "order, with a file name to save it as; `deduce audit` reads the file back to the same set. An "
                "unreadable document gets 422 with the path of every problem." + TRAITS_PER_LADY_RULE,
    openapi_extra=body_doc("CardSetDocument", {}, ("application/json", YAML_TYPES[0])),
)
async def export_cards(request: Request, svc: ServiceDep) -> Any:
    return await own_document(request, svc, card_set_file_answer)


def card_set_file_answer(content_type: str | None, body: bytes) -> CardSetFileJSON:
    """``POST /v1/cards/export``, from its body."""
    cards = card_set_body(body, content_type)
    return {"filename": file_name(cards.name or ""), "yaml": card_set_yaml(cards)}


def file_name(title: str) -> str:
    """A file name for a document titled ``title``: its letters and digits, lower case, joined by dashes."""
    words = "".join(c.lower() if c.isalnum() else " " for c in title).split()
    return "-".join(words or ["cards"]) + ".yaml"


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


# -- the deck audit -------------------------------------------------------------------------

#: The stealth deck and the sequences an audit may be given (the shipped ones without them).
SHIPPED_STEALTH = document_schema(stealthfile.STEALTH_DECK.inline_schema(), "the shipped one")
SHIPPED_SEQUENCES = document_schema(stealthfile.SEQUENCES.inline_schema(), "the shipped one")


@with_config(ConfigDict(strict=True, extra="allow", title="DocumentsToAudit"))
class DocumentsToAudit(TypedDict, total=False):
    """``POST /v1/audit-deck``'s body, as read: each document in turn, the shipped one for any left out (or
    null). Other fields are ignored."""

    board: Annotated[Board | None, BOARD_DOCUMENT, WithJsonSchema(document_schema(BOARD, "the shipped one"))]
    stealth: Annotated[StealthDeck | None, document(stealthfile.parse, "stealth deck"),
                       WithJsonSchema(SHIPPED_STEALTH)]
    sequences: Annotated[tuple[Sequence, ...] | None, document(stealthfile.parse_sequences, "sequences"),
                         WithJsonSchema(SHIPPED_SEQUENCES)]


DOCUMENTS_TO_AUDIT: Definition[DocumentsToAudit] = Definition(Annotated[
    DocumentsToAudit, in_turn(DocumentsToAudit, *DocumentsToAudit.__annotations__),
    object_body("the documents to audit")])


def deck_audit_answer(lang: str, body: bytes) -> DeckAuditJSON:
    """``POST /v1/audit-deck``, from its body, the findings said in ``lang`` (the request's language)."""
    docs = validated(DOCUMENTS_TO_AUDIT, decode_json(body, "the documents to audit"))

    def shipped(parse: Callable[[Any], T], file: str, what: str) -> Callable[[], T]:
        return lambda: parse(decode_yaml(data_path(file).read_bytes(), what))

    board = _or(docs.get("board"), shipped(boardfile.parse, "board.yaml", "board"))
    deck = _or(docs.get("stealth"), shipped(stealthfile.parse, "stealth.yaml", "stealth deck"))
    sequences = _or(docs.get("sequences"), shipped(stealthfile.parse_sequences, "sequences.json", "sequences"))
    return report_json(board, deck, sequences, audit_deck(board, deck, sequences), lang)


@router.post(
    "/v1/audit-deck", response_model=DeckAuditJSON, response_model_exclude_unset=True, responses=ERRORS,
    tags=["audit"], summary="Audit a board, a stealth deck and its sequences",
    description="Body: `{\"board\": ..., \"stealth\": ..., \"sequences\": ...}`, each a document (an object, or "
                "YAML or JSON text); the shipped one for any left out. Answers what `deduce audit-deck --json` "
                "prints: a connected map drawn without crossing paths, cards that match their locations, every "
                "walk legal. Findings answer 200 with `ok: false`, each `message` in the request's language (`?lang=`, "
                "then `Accept-Language`); an unreadable document gets 422 with its path.",
    openapi_extra=body_schema(DOCUMENTS_TO_AUDIT),
)
async def post_audit_deck(request: Request, svc: ServiceDep) -> Any:
    lang = request_lang(request.scope)
    return said_in(lang, await svc.answer(deck_audit_answer, await request.body(), request.is_disconnected, lang,
                                          isolate=True))
