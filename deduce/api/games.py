"""The game routes (SPEC 8): create a game, read its view, act, ask for hints; the board.

Thin: every rule lives in :mod:`deduce.game`, every durable step in
:class:`deduce.game.store.GameStore`, which the app opens in its lifespan
(:func:`deduce.api.app.create_app`) and the routes get from :mod:`deduce.api.deps`.

Every game endpoint but creation needs ``Authorization: Bearer <token>``: no token gets
401, and an unknown game or a wrong token get the same 404, so a caller without the
token learns nothing, not even whether the game exists. No endpoint lists games.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from typing_extensions import TypedDict

from deduce.api.bodies import decode_json
from deduce.api.deps import GamesDep, TokenDep
from deduce.api.errors import problems_response
from deduce.errors import Conflict, GameNotFound, Illegal, Problem, Unauthorized
from deduce.game.events import EventJSON
from deduce.game.view import HintsJSON, ViewJSON
from deduce.where import boardfile
from deduce.where.boardfile import BoardJSON

router = APIRouter(tags=["games"])

GAME_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "No token: send `Authorization: Bearer <token>`."},
    404: {"description": "No such game, or the token does not open it."},
}
ACTION_ERRORS = GAME_ERRORS | {
    409: {"description": "The rules do not allow this action now, or the version is not the current one; "
                         "nothing changed."},
    422: {"description": "The action is malformed (unknown action, location or trait, missing field)."},
}


def refusal(exc: Exception) -> JSONResponse:
    """The answer for a game error the rules engine or the store raised on purpose."""
    if isinstance(exc, Unauthorized):
        return problems_response([Problem((), str(exc), "unauthorized")], 401, {"WWW-Authenticate": "Bearer"})
    if isinstance(exc, GameNotFound):
        return problems_response([Problem((), "no such game (or the token does not open it)", "not-found")], 404)
    if isinstance(exc, Conflict):
        return problems_response([Problem(("version",), str(exc), "stale-version")], 409)
    return problems_response([Problem((), str(exc), "illegal-action")], 409)


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


REFUSED = (Unauthorized, GameNotFound, Conflict, Illegal)


async def _optional_body(request: Request) -> Any:
    body = await request.body()
    return decode_json(body, "a game setup") if body.strip() else {}


@router.post("/v1/games", status_code=201, summary="Start a game", response_model=NewGameJSON,
             response_model_exclude_unset=True,
             description="Body (all optional): mode, sequence ({position: 1..8} or {rulebook: name}), "
                         "reverse, start, seed, discard_fog (Expert). Answers the game id, its secret "
                         "token (keep it: it is never shown again) and the player's view.")
async def create_game(request: Request, games: GamesDep) -> Any:
    doc = await _optional_body(request)
    game, token = await anyio.to_thread.run_sync(games.create, doc)
    return {"id": game.id, "token": token, "view": game.view()}


@router.get("/v1/games/{game_id}", responses=GAME_ERRORS, summary="The player's view of a game",
            response_model=ViewJSON, response_model_exclude_unset=True)
async def get_game(game_id: str, games: GamesDep, token: TokenDep) -> Any:
    try:
        game = await anyio.to_thread.run_sync(games.get, game_id, token)
    except REFUSED as exc:
        return refusal(exc)
    return game.view()


@router.post("/v1/games/{game_id}/actions", responses=ACTION_ERRORS, summary="Take an action",
             response_model=StepJSON, response_model_exclude_unset=True,
             description='Body: {"version": N, "action": A, ...}: move (to), search, confront (traits), fog, '
                         "resolve (what the pending fog card asks), pass, reveal_suit_card. Answers the new "
                         "view and the events the player saw.")
async def post_action(game_id: str, request: Request, games: GamesDep, token: TokenDep) -> Any:
    try:
        await anyio.to_thread.run_sync(games.get, game_id, token)  # who asks, before what they ask
        doc = decode_json(await request.body(), "an action")
        if not isinstance(doc, dict):
            doc = {"action": doc}  # reported by the engine as a malformed action
        game, events = await anyio.to_thread.run_sync(games.act, game_id, token, doc.get("version"), doc)
    except REFUSED as exc:
        return refusal(exc)
    return {"view": game.view(), "events": events}


@router.get("/v1/games/{game_id}/hints", responses=GAME_ERRORS, summary="Hints from the player's view",
            response_model=HintsJSON, response_model_exclude_unset=True,
            description="who: the deduction from the revealed clues and her suit; where: the tracking "
                        "result from the landmarks, fog cards and searches seen.")
async def get_hints(game_id: str, games: GamesDep, token: TokenDep) -> Any:
    try:
        game = await anyio.to_thread.run_sync(games.get, game_id, token)
    except REFUSED as exc:
        return refusal(exc)
    return await anyio.to_thread.run_sync(game.hints)


@router.get("/v1/board", summary="The map: locations, landmarks and paths", response_model=BoardJSON,
            response_model_exclude_unset=True, response_model_by_alias=True)
async def get_board(games: GamesDep) -> Any:
    return boardfile.to_json(games.rules.board)
