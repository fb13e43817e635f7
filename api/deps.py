"""The FastAPI dependencies of the routes, in one place: what a request may use of the running app.

- :data:`ServiceDep`: the :class:`~api.service.Service` prepared by :func:`~api.app.create_app`
  (card set, board, engines);
- :data:`GamesDep`: the :class:`~deduce.game.store.GameStore`, opened in the app's lifespan and
  closed at shutdown;
- :data:`TokenDep`: the token of an ``Authorization: Bearer <token>`` header, if any.

They read the request itself (not declared parameters), so they add nothing to the OpenAPI
document, and they are ``async`` so that no worker thread is taken to run them.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from api.service import Service
from deduce.game.store import GameStore


async def service(request: Request) -> Service:
    """The app's service (``app.state.service``)."""
    svc: Service = request.app.state.service
    return svc


async def game_store(request: Request) -> GameStore:
    """The app's game store (``app.state.games``), open while the app runs."""
    games: GameStore = request.app.state.games
    return games


async def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


ServiceDep = Annotated[Service, Depends(service)]
GamesDep = Annotated[GameStore, Depends(game_store)]
TokenDep = Annotated[str | None, Depends(bearer_token)]
