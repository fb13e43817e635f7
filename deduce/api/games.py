"""The game routes (SPEC 8): create a game, read its view, act, ask for hints; the board.

Thin: every rule lives in :mod:`deduce.game`, every durable step in
:class:`deduce.gamestore.GameStore`. The store is made on first use from
``app.state.games_db`` (default :data:`deduce.gamestore.DEFAULT_DB`), the service's card
set and the board at ``app.state.board_path`` (the shipped one by default).

Every game endpoint but creation needs ``Authorization: Bearer <token>``: no token gets
401, and an unknown game or a wrong token get the same 404, so a caller without the
token learns nothing, not even whether the game exists. No endpoint lists games.
"""

from __future__ import annotations

import threading
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from deduce.api import models
from deduce.api.bodies import decode_json
from deduce.api.errors import problems_response
from deduce.errors import Conflict, GameNotFound, Illegal, Problem, Unauthorized
from deduce.game.store import DEFAULT_DB, GameStore
from deduce.shipped import load_rules
from deduce.where import boardfile

router = APIRouter(tags=["games"])
_lock = threading.Lock()

GAME_ERRORS = {
    401: {"description": "No token: send `Authorization: Bearer <token>`."},
    404: {"description": "No such game, or the token does not open it."},
}
ACTION_ERRORS = GAME_ERRORS | {
    409: {"description": "The rules do not allow this action now, or the version is not the current one; "
                         "nothing changed."},
    422: {"description": "The action is malformed (unknown action, location or trait, missing field)."},
}


def store(request: Request) -> GameStore:
    """The app's game store, made once."""
    state = request.app.state
    with _lock:
        if getattr(state, "games", None) is None:
            rules = load_rules(cards=state.service.cards, board=getattr(state, "board_path", None))
            state.games = GameStore(getattr(state, "games_db", None) or DEFAULT_DB, rules)
        return state.games


def close_store(app) -> None:
    """Close the app's game store, if one was made (at shutdown)."""
    with _lock:
        if getattr(app.state, "games", None) is not None:
            app.state.games.close()
            app.state.games = None


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def refusal(exc: Exception) -> JSONResponse:
    """The answer for a game error the rules engine or the store raised on purpose."""
    if isinstance(exc, Unauthorized):
        return problems_response([Problem((), str(exc), "unauthorized")], 401, {"WWW-Authenticate": "Bearer"})
    if isinstance(exc, GameNotFound):
        return problems_response([Problem((), "no such game (or the token does not open it)", "not-found")], 404)
    if isinstance(exc, Conflict):
        return problems_response([Problem(("version",), str(exc), "stale-version")], 409)
    return problems_response([Problem((), str(exc), "illegal-action")], 409)


REFUSED = (Unauthorized, GameNotFound, Conflict, Illegal)


async def _optional_body(request: Request) -> Any:
    body = await request.body()
    return decode_json(body, "a game setup") if body.strip() else {}


@router.post("/v1/games", status_code=201, summary="Start a game", response_model=models.NewGame,
             response_model_exclude_unset=True,
             description="Body (all optional): mode, sequence ({position: 1..8} or {rulebook: name}), "
                         "reverse, start, seed, discard_fog (Expert). Answers the game id, its secret "
                         "token (keep it: it is never shown again) and the player's view.")
async def create_game(request: Request) -> Any:
    doc = await _optional_body(request)
    games = store(request)
    game, token = await anyio.to_thread.run_sync(games.create, doc)
    return {"id": game.id, "token": token, "view": game.view()}


@router.get("/v1/games/{game_id}", responses=GAME_ERRORS, summary="The player's view of a game",
            response_model=models.View, response_model_exclude_unset=True)
async def get_game(game_id: str, request: Request) -> Any:
    try:
        game = await anyio.to_thread.run_sync(store(request).get, game_id, bearer(request))
    except REFUSED as exc:
        return refusal(exc)
    return game.view()


@router.post("/v1/games/{game_id}/actions", responses=ACTION_ERRORS, summary="Take an action",
             response_model=models.Step, response_model_exclude_unset=True,
             description='Body: {"version": N, "action": A, ...}: move (to), search, confront (traits), fog, '
                         "resolve (what the pending fog card asks), pass, reveal_suit_card. Answers the new "
                         "view and the events the player saw.")
async def post_action(game_id: str, request: Request) -> Any:
    games = store(request)
    token = bearer(request)
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
            response_model=models.Hints, response_model_exclude_unset=True,
            description="who: the deduction from the revealed clues and her suit; where: the tracking "
                        "result from the landmarks, fog cards and searches seen.")
async def get_hints(game_id: str, request: Request) -> Any:
    try:
        game = await anyio.to_thread.run_sync(store(request).get, game_id, bearer(request))
    except REFUSED as exc:
        return refusal(exc)
    return await anyio.to_thread.run_sync(game.hints)


@router.get("/v1/board", summary="The map: locations, landmarks and paths", response_model=models.Board,
            response_model_exclude_unset=True, response_model_by_alias=True)
async def get_board(request: Request) -> Any:
    return boardfile.to_json(store(request).rules.board)
