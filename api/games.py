"""The game routes (SPEC 8): create a game, read its view, act, ask for hints; the material a game is
set up and drawn with (``GET /v1/material``: the modes, the fog cards' words, the stealth sequences;
``GET /v1/board``), which the Play page and the table's setup read.

Thin: every rule lives in :mod:`deduce.game`, every durable step in
:class:`deduce.game.store.GameStore`, which the app opens in its lifespan
(:func:`api.app.create_app`) and the routes get from :mod:`api.deps`.

Every game endpoint but creation needs ``Authorization: Bearer <token>``: no token gets
401, and an unknown game or a wrong token get the same 404, so a caller without the
token learns nothing, not even whether the game exists. No endpoint lists games.

Refusals are said in the request's language (``?lang=``, then ``Accept-Language``): the rules'
from their code and parameters with the game's names (:func:`deduce.game.refusals.refusal_text`),
a stored game's that cannot be replayed in its own words (:class:`deduce.game.game.ReplayRefused`),
the store's in the service's words; their ``code``, ``path``, ``refusal`` and ``params`` are the
same in every language.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from typing_extensions import TypedDict

from api.bodies import decode_json
from api.deps import GamesDep, ServiceDep, TokenDep
from api.errors import ErrorBodyJSON, LangDep, Refusal, problems_response
from api.middleware import service_words
from api.quotas import CLIENT, ClientFull
from api.routes import ERRORS, body_doc
from api.service import SMALL_BODY
from deduce.errors import Conflict, GameNotFound, Illegal, InputError, Problem, RefusalParam, Unauthorized
from deduce.game.events import EventJSON, Words
from deduce.game.fog import Asks
from deduce.game.game import ReplayRefused
from deduce.game.hints import HintsJSON, HintStepJSON
from deduce.game.material import Rules
from deduce.game.refusals import refusal_text
from deduce.game.standing import StandingJSON, Stopped
from deduce.game.store import GameStore, StoreFull
from deduce.game.view import ViewJSON
from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.boardfile import BoardJSON
from deduce.where.stealth import Moves, Sequence
from deduce.who.cards import MODES, REMOVAL_MODES, Mode

router = APIRouter(tags=["games"])

GAME_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBodyJSON, "description": "No token: send `Authorization: Bearer <token>`."},
    404: {"model": ErrorBodyJSON, "description": "No such game, or the token does not open it (an expired or "
                                                 "deleted game too)."},
    409: {"model": ErrorBodyJSON, "description": "The game was recorded under rules that cannot replay it."},
    503: ERRORS[503],
}
ACTION_ERRORS = GAME_ERRORS | {
    409: {"model": ErrorBodyJSON, "description": "The rules do not allow this action now, or the version is not "
                                                 "the current one; nothing changed."},
    413: {"model": ErrorBodyJSON, "description": "The body is larger than 64 KiB."},
    422: {"model": ErrorBodyJSON, "description": "The action is malformed (unknown action, location or trait, "
                                                 "missing field)."},
}


@dataclass(frozen=True)
class Reworded:
    """Words whose English is the engine's own message, kept as it is (with every detail it gives),
    and which ``other`` says in any other language."""

    english: str
    other: Callable[[str], str]

    def said(self, lang: str = "en") -> str:
        return self.english if lang == "en" else self.other(lang)


def said_refusal(rules: Rules, code: str, params: dict[str, RefusalParam], lang: str) -> str:
    """A refusal of the rules in ``lang``, naming places, traits and fog cards as the editions do."""
    return refusal_text(Words(rules, lang), code, params)


def refused_words(rules: Rules, message: str, code: str, params: dict[str, RefusalParam]) -> Reworded:
    """The words of a refusal of the rules: its English message, and its phrase in the other languages."""
    return Reworded(message, partial(said_refusal, rules, code, params))


def refusal(exc: Exception, games: GameStore, lang: str) -> JSONResponse:
    """The answer for a game error the rules engine or the store raised on purpose, said in ``lang``."""
    if isinstance(exc, ClientFull):
        return problems_response([Problem((), exc.words, "quota")], 429, lang, {"Retry-After": str(exc.retry_after)})
    if isinstance(exc, StoreFull):
        return problems_response(
            [Problem((), service_words("game.full", most=games.max_live, retry=exc.retry_after), "games-full")],
            503, lang, {"Retry-After": str(exc.retry_after)})
    if isinstance(exc, Unauthorized):
        return problems_response([Problem((), exc.words, "unauthorized")], 401, lang,
                                 {"WWW-Authenticate": "Bearer"})
    if isinstance(exc, GameNotFound):
        return problems_response([Problem((), exc.words, "not-found")], 404, lang)
    if isinstance(exc, Conflict):
        return problems_response([Problem(("version",), exc.words, "stale-version")], 409, lang)
    assert isinstance(exc, Illegal)  # the rules' refusal: its code and params beside the message
    words = exc if isinstance(exc, ReplayRefused) else refused_words(games.rules, str(exc), exc.code, exc.params)
    return problems_response([Problem((), words, "illegal-action", exc.code, exc.params)], 409, lang)


def reworded(rules: Rules, exc: InputError) -> InputError:
    """A malformed action's problems, those the rules refused (with a ``refusal`` code) said in any language."""
    exc.problems = tuple(p if p.refusal is None else replace(p, words=refused_words(rules, p.message, p.refusal,
                                                                                      dict(p.params)))
                         for p in exc.problems)
    return exc


class NewGameJSON(TypedDict):
    """A new game: its id, its secret token (send it as ``Authorization: Bearer <token>``;
    it is shown only once) and the player's view."""

    id: str
    token: str
    view: ViewJSON


class StepJSON(TypedDict):
    """The answer to an action: the new view, and the events the player saw, in order."""

    view: ViewJSON
    events: list[EventJSON]


REFUSED = (Unauthorized, GameNotFound, Conflict, Illegal, StoreFull)


async def game_body(request: Request) -> bytes:
    """A game route's body: a setup or an action is a few hundred bytes, so one larger than
    :data:`api.service.SMALL_BODY` is refused (413) before it is decoded."""
    body = await request.body()
    if len(body) > SMALL_BODY:
        raise Refusal(413, service_words("game.body", most=SMALL_BODY))
    return body


def setup_document(body: bytes) -> Any:
    """A game setup from a request body; no body at all is the default setup. A body is an object,
    as the OpenAPI document says (white space alone is not JSON, and ``null`` too is refused, though
    the library reads it as no setup)."""
    if not body:
        return {}
    doc = decode_json(body, "a game setup")
    if doc is None:
        raise InputError.at((), service_words("game.null"))
    return doc


def action_document(body: bytes) -> dict[str, Any]:
    """An action from a request body; anything but a JSON object is handed to the engine as the
    action itself, for it to report as malformed."""
    doc = decode_json(body, "an action")
    return doc if isinstance(doc, dict) else {"action": doc}


#: OpenAPI links: what a client (and schemathesis's stateful tests) can do next with a game's id.
GAME_LINKS = {
    "view": {"operationId": "get_game", "parameters": {"game_id": "$response.body#/id"},
             "description": "The player's view of the new game (send its token)."},
    "act": {"operationId": "act", "parameters": {"game_id": "$response.body#/id"},
            "description": "An action on the new game (send its token)."},
    "hints": {"operationId": "get_hints", "parameters": {"game_id": "$response.body#/id"},
              "description": "Hints on the new game (send its token)."},
}
NEXT_LINKS = {name: {**link, "parameters": {"game_id": "$request.path.game_id"}} for name, link in GAME_LINKS.items()}


@router.post("/v1/games", status_code=201, summary="Start a game", response_model=NewGameJSON,
             response_model_exclude_unset=True, operation_id="create_game", responses={
                 201: {"links": GAME_LINKS},
                 413: {"model": ErrorBodyJSON, "description": "The body is larger than 64 KiB."},
                 422: {"model": ErrorBodyJSON,
                       "description": "The setup is malformed (unknown mode, location, sequence, ...)."},
                 429: {"model": ErrorBodyJSON, "description": "Quota `games`: this client holds its most unfinished "
                                                              "games; try again after `Retry-After` seconds."},
                 503: {"model": ErrorBodyJSON, "description": "The service holds its most unfinished games, or is "
                                                              "busy; try again after `Retry-After` seconds."}},
             openapi_extra=body_doc("GameSetup", {"default": {"summary": "The default game", "value": {}},
                                                  "seeded": {"summary": "A seeded Expert game",
                                                             "value": {"mode": "expert", "seed": 7}}},
                                    required=False),
             description="Body (all optional): mode, sequence ({position: 1..8} or {rulebook: name}), "
                         "reverse, start, seed, discard_fog (Expert). Answers the game id, its secret "
                         "token (keep it: it is never shown again) and the player's view.")
async def create_game(request: Request, games: GamesDep, svc: ServiceDep, lang: LangDep) -> Any:
    body = await game_body(request)
    client = CLIENT.get()  # read here: the worker thread does not see the request's context

    def create() -> NewGameJSON:
        game, token = games.create(setup_document(body), client)
        return {"id": game.id, "token": token, "view": game.view()}

    try:
        return await svc.run(create)
    except (StoreFull, ClientFull) as exc:
        return refusal(exc, games, lang)


@router.get("/v1/games/{game_id}", responses=GAME_ERRORS, summary="The player's view of a game",
            response_model=ViewJSON, response_model_exclude_unset=True, operation_id="get_game")
async def get_game(game_id: str, games: GamesDep, svc: ServiceDep, token: TokenDep, lang: LangDep) -> Any:
    try:
        return await svc.run(lambda: games.get(game_id, token).view())
    except REFUSED as exc:
        return refusal(exc, games, lang)


@router.post("/v1/games/{game_id}/actions", responses={**ACTION_ERRORS, 200: {"links": NEXT_LINKS}},
             summary="Take an action", response_model=StepJSON, response_model_exclude_unset=True,
             operation_id="act",
             openapi_extra=body_doc("Action", {"move": {"summary": "Move to a neighbour",
                                                        "value": {"version": 0, "action": "move", "to": "globe"}},
                                               "pass": {"summary": "Pass", "value": {"version": 0, "action": "pass"}}}),
             description='Body: {"version": N, "action": A, ...}: move (to), search, confront (traits), fog, '
                         "resolve (what the pending fog card asks), pass, reveal_suit_card. Answers the new "
                         "view and the events the player saw.")
async def post_action(game_id: str, request: Request, games: GamesDep, svc: ServiceDep, token: TokenDep,
                      lang: LangDep) -> Any:
    body = await game_body(request)

    def act() -> StepJSON:
        games.get(game_id, token)  # who asks, before what they ask
        doc = action_document(body)
        try:
            game, events = games.act(game_id, token, doc.get("version"), doc)
        except InputError as exc:
            raise reworded(games.rules, exc) from None
        return {"view": game.view(), "events": events}

    try:
        return await svc.run(act)
    except REFUSED as exc:
        return refusal(exc, games, lang)


@router.get("/v1/games/{game_id}/hints", responses=GAME_ERRORS, summary="Hints from the player's view",
            response_model=HintsJSON | HintStepJSON, response_model_exclude_unset=True, operation_id="get_hints",
            description="In three steps (SPEC 10): `step=1` a nudge, naming nothing and giving no figure; `step=2` "
                        "the focus, what to look at by name, with no figure and no action; each answers "
                        "`{\"step\": N, \"hint\": {\"code\", \"params\", \"text\"}}` and nothing more. `step=3` "
                        "(the default), the answer: who, the deduction from the revealed clues and her suit; where, "
                        "the tracking result from the landmarks, fog cards and searches seen; progress; the plan.")
async def get_hints(game_id: str, games: GamesDep, svc: ServiceDep, token: TokenDep, lang: LangDep,
                    step: Annotated[int, Query(ge=1, le=3, description="1 a nudge, 2 the focus, 3 the answer")] = 3,
                    ) -> Any:
    def answer() -> HintsJSON | HintStepJSON:
        game = games.get(game_id, token)
        return game.hint_step(1 if step == 1 else 2) if step < 3 else game.hints()
    try:
        return await svc.run(answer)
    except REFUSED as exc:
        return refusal(exc, games, lang)


@router.get("/v1/games/{game_id}/standing", responses=GAME_ERRORS, summary="How the game stands",
            response_model=StandingJSON, operation_id="get_standing",
            description="The expected points and the chance of winning if the plan is followed from here (SPEC 10): "
                        "the plan played out over hidden things drawn as the deal draws them, given all the player "
                        "saw, each figure with its 95 % interval, and the number of playouts. From the player's view "
                        "alone, its draws seeded from it: the same view gives the same figures. A finished game is "
                        "refused (409, `game-over`): its end says how it stood.")
async def get_standing(request: Request, game_id: str, games: GamesDep, svc: ServiceDep, token: TokenDep,
                       lang: LangDep) -> Any:
    gone = threading.Event()   # the client went away (the page asks again for each new view): stop the playouts
    async with anyio.create_task_group() as watching:
        watching.start_soon(_watch, request, gone)
        try:
            return await svc.run(lambda: games.get(game_id, token).standing(stop=gone.is_set).to_json())
        except REFUSED as exc:
            return refusal(exc, games, lang)
        except Stopped:
            return Response(status_code=499)   # no one is there to read it
        finally:
            watching.cancel_scope.cancel()


async def _watch(request: Request, gone: threading.Event) -> None:
    """Set ``gone`` once the client of ``request`` has disconnected (looked at every tenth of a second)."""
    while not await request.is_disconnected():
        await anyio.sleep(0.1)
    gone.set()


@router.get("/v1/board", summary="The map: locations, landmarks and paths", response_model=BoardJSON,
            response_model_exclude_unset=True, response_model_by_alias=True)
async def get_board(games: GamesDep) -> Any:
    return boardfile.to_json(games.rules.board)


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


@router.get("/v1/material", response_model=MaterialJSON,
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
