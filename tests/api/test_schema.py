"""schemathesis against the app's own OpenAPI document: no 5xx, and every answer as documented.

Every operation gets the schema's examples, then generated bodies both valid and invalid for
the schema, a bounded number of them, under every check schemathesis has but one: no server
error, documented status codes, content types and headers (``Allow`` on 405 included), bodies
that conform, and schema-invalid data refused with a 4xx. The one left out,
``positive_data_acceptance``, expects every schema-valid body to be accepted: the schema says
what JSON Schema can (types, no ``null`` the parsers refuse, a clue or an action as one of its
shapes), but the game's cross-field rules (a typed card's key must cover every suit she can
still be of, a suit card belongs to her suit, a trait or card id must be one of the card
set's) are the parsers' alone, and answered with 422 and the path.

The game routes also run statefully: schemathesis follows the OpenAPI links from a new game
(its id) to its view, its actions and its hints, and on from each action, with the game's
token sent as ``Authorization: Bearer``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, ClassVar

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from api.app import create_app
from api.quotas import ClientQuotas

CARDS = Path(__file__).with_name("cards.yaml")
EXAMPLES = 50  # per operation
DESIGN_STEPS = 20  # the most steps of a design here: each case is a child process, not a search of minutes
_games = tempfile.TemporaryDirectory(prefix="api-schema-")  # the game routes' store, removed at exit

#: One client sends every case: its quotas are lifted (each one is tested in test_quotas.py), so that a case is
#: answered for what it is, not refused for the ones before it.
LIFTED = ClientQuotas(games=1_000_000, costly_in_flight=1_000, requests_per_second=1_000_000)

schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(CARDS, games_db=Path(_games.name) / "games.db", design_max_steps=DESIGN_STEPS,
                                quotas=LIFTED))
schema.config.generation.update(max_examples=EXAMPLES)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case: Any) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


GameMachine: Any = schema.include(path_regex="^/v1/games").as_state_machine()


class TokenedGames(GameMachine):  # type: ignore[misc]  # schemathesis builds the base class at run time
    """The game routes' state machine, sending each game's token with every call on it."""

    tokens: ClassVar[dict[str, str]] = {}
    calls: ClassVar[dict[tuple[str, str, int], int]] = {}

    def before_call(self, case: Any) -> None:
        token = self.tokens.get((case.path_parameters or {}).get("game_id", ""))
        if token:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}

    def after_call(self, response: Any, case: Any) -> None:
        key = (case.method, case.path, response.status_code)
        self.calls[key] = self.calls.get(key, 0) + 1
        if case.path == "/v1/games" and response.status_code == 201:
            self.tokens[response.json()["id"]] = response.json()["token"]

    def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
        # ignored_auth expects 401 for a wrong token; a wrong token is answered like an unknown game, 404,
        # so that a caller without the token learns nothing, not even whether the game exists (api.games)
        case.validate_response(response, excluded_checks=[positive_data_acceptance, ignored_auth])


def test_game_routes_statefully(monkeypatch: pytest.MonkeyPatch) -> None:
    # every game without a seed gets the same one, so that a sequence replays the same (hypothesis
    # shrinks and checks by replaying; a random deal would answer an action differently)
    monkeypatch.setattr("deduce.game.store.secrets.randbits", lambda bits: 7)
    TokenedGames.run(settings=settings(max_examples=60, stateful_step_count=10, deadline=None,
                                       suppress_health_check=list(HealthCheck)))
    reached = {(method, path) for method, path, status in TokenedGames.calls if status < 400}
    assert {("POST", "/v1/games"), ("GET", "/v1/games/{game_id}"), ("GET", "/v1/games/{game_id}/hints"),
            ("POST", "/v1/games/{game_id}/actions")} <= reached, TokenedGames.calls
