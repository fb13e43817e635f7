"""The table's routes: what the Table page asks for a game played on a real table, whose cards and
stealth deck are there, not in the service.

- ``POST /v1/advice``: the plan for a game at the table (:mod:`deduce.game.situation`: the same planner as a
  game's hints) and her odds, on the server's board or on one given with it, with the server's card set or
  the player's own.
- ``POST /v1/standing``: how the game at the table stands if the plan is followed (SPEC 10), the game's
  standing for the same view.
- ``POST /v1/hint``: a deduction with a card set given with the query (``deduce hint --cards``), and WHO
  progress as a game's hints give it.

Each body is defined once, beside its route (:mod:`api.documents` says how), and decoded, read and
answered in a time-limited child process (:meth:`api.service.Service.answer`: it brings documents of
its own). The table also reads the player's own files with the core routes (``POST /v1/cards/check``,
``/v1/board/check``: :mod:`api.routes`) and the game's material with the games' (``GET /v1/material``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from math import comb
from typing import Annotated, Any, NotRequired, Required, TypeVar, cast

from fastapi import APIRouter, Request
from pydantic import ConfigDict, Field, ValidationInfo, WithJsonSchema, WrapValidator, with_config
from typing_extensions import TypedDict

from api.bodies import decode_json
from api.deps import GamesDep, ServiceDep
from api.documents import (
    BOARD,
    BOARD_DOCUMENT,
    body_schema,
    component,
    document,
    document_schema,
    given_or,
    object_body,
    read_by,
)
from api.errors import problems_json
from api.middleware import Lang, request_lang, service_words
from api.routes import ERRORS, TRAITS_PER_LADY_RULE, CursorParam, LimitParam
from api.service import PAGE, Page, PagedDeductionJSON
from deduce.document import type_name
from deduce.errors import InputError, ProblemJSON, shown, unknown
from deduce.game import situation as table_situation
from deduce.game.hints import HintStepJSON
from deduce.game.material import Rules
from deduce.game.situation import TableAdviceJSON
from deduce.game.standing import StandingJSON
from deduce.game.steps import Step
from deduce.schema import Definition, in_turn, problem, refused, said, validated
from deduce.text.names import Choices
from deduce.text.phrases import LANGS
from deduce.where.board import Board
from deduce.where.query import TrackQuery, board_words, parse_track_query
from deduce.where.tracker import track
from deduce.who import cardfile
from deduce.who.cards import MODES, CardSet, Mode
from deduce.who.deduction import deduce
from deduce.who.progress import ProgressJSON, progress
from deduce.who.query import Query, parse_query, recognised

router = APIRouter()
T = TypeVar("T")


# -- documents given with a request ------------------------------------------------------

def _within(field: str, parse: Callable[[Any], T], doc: Any) -> T:
    """``parse(doc)``, its problems' paths put under ``field`` so that they name the place in the body."""
    try:
        return parse(doc)
    except InputError as exc:
        raise InputError(p.at((field, *p.loc)) for p in exc.problems) from None


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


#: The card set a request body may carry: its schema, and how a body's field reads it.
CARDS_DOCUMENT = document_schema(component("CardSetDocument"), "the server's own")
#: A body's own card set, bounded (:func:`within_bound`), its problems under its field.
CARDS_FIELD = document(lambda doc: within_bound(cardfile.parse(doc)), "card set")


# -- advice -------------------------------------------------------------------------------

#: ``POST /v1/advice``: her odds, and for a situation at the table the plan a game's hints give (or
#: ``plan_problems``, why the clues in hand cannot be a hand of her suit); at step 1 or 2 (SPEC 10), the
#: nudge or the focus alone.
AdviceAnswerJSON = TableAdviceJSON | HintStepJSON
#: A game at the table as its player knows it (:data:`deduce.game.situation.SITUATION`).
SITUATION = table_situation.SITUATION.inline_schema()


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
        raise problem(lambda: unknown("location", pawn, Choices.of(board.locations)))
    return handler(pawn)


def _rules(rules: Rules, cards: CardSet | None, board: Board | None) -> Rules:
    """The server's ``rules`` played with the card set and board a body gave, each the server's when not given."""
    return replace(rules, cards=given_or(cards, lambda: rules.cards), board=given_or(board, lambda: rules.board))


def _situation(value: Any, info: ValidationInfo) -> table_situation.Situation | None:
    """A situation at the table, read with the body's card set and board (null: none)."""
    if value is None:
        return None
    rules = _rules(cast(Rules, info.context), info.data.get("cards"), info.data.get("board"))
    return table_situation.parse_situation(rules, value)


def _advice_schema(schema: dict[str, Any]) -> None:
    """An advice query gives a tracking query (whose answer is step 3's), or a situation (not null)."""
    schema["anyOf"] = [{"required": ["query"], "properties": {"step": {"const": 3}}},
                       {"required": ["situation"], "properties": {"situation": SITUATION}}]


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
    step: Annotated[Step, Field(description="the hint's step: 1 a nudge, 2 the focus, 3 the answer (SPEC 10)"),
                    said(lambda value: service_words("advice.step", got=shown(value)))]
    situation: Annotated[table_situation.Situation | None, read_by(_situation),
                         WithJsonSchema({"anyOf": [SITUATION, {"type": "null"}]})]


def _query_or_situation(doc: Any, handler: Callable[[Any], Any]) -> Any:
    """An advice query asks for the plan of a situation, or the odds of a tracking query: one of them, once
    every field given is read."""
    query: AdviceQuery = handler(doc)
    if query.get("situation") is None and "query" not in query:
        raise refused((("query",), service_words("advice.query"), "schema"))
    if query.get("situation") is None and query.get("step", 3) != 3:
        raise refused((("step",), service_words("advice.step.query"), "schema"))
    return query


ADVICE_QUERY: Definition[AdviceQuery] = Definition(Annotated[
    AdviceQuery, in_turn(AdviceQuery, *AdviceQuery.__annotations__), WrapValidator(_query_or_situation),
    object_body("an advice query")])


def advice_answer(rules: Rules, body: bytes) -> AdviceAnswerJSON:
    """``POST /v1/advice``, from its body (on a worker thread, or in a child process when large):
    the plan for ``situation`` (:func:`deduce.game.situation.advice_for`), or the odds of ``query`` alone."""
    query = validated(ADVICE_QUERY, decode_json(body, "an advice query"), rules)
    played = _rules(rules, query.get("cards"), query.get("board"))
    situation, lang, step = query.get("situation"), query.get("lang", "en"), query.get("step", 3)
    if situation is None:
        return {"step": 3, "tracking": track(played.board, query["query"]).to_json()}
    if step == 3:
        return table_situation.advice_for(played, situation, lang)
    return table_situation.advice_step(played, situation, lang, step)


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


# -- the standing ----------------------------------------------------------------------------

def _the_situation(value: Any, info: ValidationInfo) -> table_situation.Situation:
    """The situation a standing is asked for: given (not null), read as the advice reads it."""
    read = _situation(value, info)
    if read is None:
        raise InputError.at((), board_words("table.required", field="situation"))
    return read


@with_config(ConfigDict(strict=True, extra="allow", title="StandingQuery"))
class StandingQuery(TypedDict, total=False):
    """``POST /v1/standing``'s body: a situation at the table, read with the card set and on the board given
    first (as ``POST /v1/advice`` reads them). Other fields are ignored."""

    cards: Annotated[CardSet | None, CARDS_FIELD, WithJsonSchema(CARDS_DOCUMENT)]
    board: Annotated[Board | None, BOARD_DOCUMENT, WithJsonSchema(document_schema(BOARD, "the server's own"))]
    situation: Required[Annotated[table_situation.Situation, read_by(_the_situation), WithJsonSchema(SITUATION)]]


STANDING_QUERY: Definition[StandingQuery] = Definition(Annotated[
    StandingQuery, in_turn(StandingQuery, *StandingQuery.__annotations__), object_body("a standing query")])


def standing_answer(rules: Rules, body: bytes) -> StandingJSON:
    """``POST /v1/standing``, from its body (in a child process, as the advice is)."""
    query = validated(STANDING_QUERY, decode_json(body, "a standing query"), rules)
    played = _rules(rules, query.get("cards"), query.get("board"))
    try:
        return table_situation.standing_for(played, query["situation"])
    except InputError as exc:   # its problems are the situation's
        raise InputError(p.at(("situation", *p.loc)) for p in exc.problems) from None


@router.post(
    "/v1/standing", response_model=StandingJSON, responses=ERRORS, tags=["tracking"],
    summary="How the game at the table stands",
    description="Body: `{\"situation\": the game at the table, \"cards\": document, \"board\": document}`, "
                "as `POST /v1/advice` takes them (the situation may also name the stealth `sequence` set up and "
                "whether it is played in `reverse`: the draws follow the deal of that sequence). The expected "
                "points and the chance of winning if the plan is followed from here (SPEC 10), each with its 95 % "
                "interval, and the number of playouts: the game's standing for the same view (`GET "
                "/v1/games/{id}/standing`). A hand that cannot be is refused (422) with its problems under "
                "`situation`.",
    openapi_extra=body_schema(STANDING_QUERY),
)
async def post_standing(request: Request, svc: ServiceDep, games: GamesDep) -> Any:
    return await svc.answer(standing_answer, await request.body(), request.is_disconnected, games.rules, isolate=True)


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
    cards, query, mode = given_or(hint.get("cards"), lambda: default_cards), hint["query"], hint.get("mode")
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
