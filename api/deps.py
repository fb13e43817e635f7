"""The FastAPI dependencies of the routes, in one place: what a request may use of the running app.

- :data:`ServiceDep`: the :class:`~api.service.Service` prepared by :func:`~api.app.create_app`
  (card set, board, engines);
- :data:`GamesDep`: the :class:`~deduce.game.store.GameStore`, opened in the app's lifespan and
  closed at shutdown;
- :data:`TokenDep`: the token of an ``Authorization: Bearer <token>`` header, if any.

The first two read the request itself (not declared parameters), so they add nothing to the
OpenAPI document; the token is read by FastAPI's :class:`~fastapi.security.HTTPBearer`, which
declares the bearer security scheme on every route that takes it (a missing token is the route's
own 401, in the API's error shape). All are ``async`` so that no worker thread is taken to run them.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

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


BEARER = HTTPBearer(auto_error=False, scheme_name="bearer",
                    description="The game's secret token, as `POST /v1/games` answered it.")


async def bearer_token(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(BEARER)]) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    return credentials.credentials.strip() or None if credentials else None


ServiceDep = Annotated[Service, Depends(service)]
GamesDep = Annotated[GameStore, Depends(game_store)]
TokenDep = Annotated[str | None, Depends(bearer_token)]
