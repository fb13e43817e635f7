"""schemathesis against the app's own OpenAPI document: no 5xx, and every answer as documented.

Every operation runs in every phase schemathesis has, each with its valid and its invalid
requests: the schema's examples, the coverage phase (each bound, enum value, optional field left
out and shape of a union, and each way of breaking them) and fuzzing, a bounded number of cases,
under every check schemathesis has but ``ignored_auth``: no server error, documented status codes,
content types and headers (``Allow`` on 405 included), bodies that conform, schema-invalid data
refused with a 4xx, and schema-valid data accepted (:func:`accepts_valid_data`), but for the rules
no schema of a request can state, each named in its route's description (docs/api.md, "What the
OpenAPI document cannot say"): a request that names what the card set, the board or the document
itself defines elsewhere, and names it wrong, or breaks what the set's ``traits_per_lady`` fixes
(:func:`names_elsewhere`); a document given as text (:func:`read_from_text`); a design's band
upside down (:func:`upside_down_band`).

``ignored_auth`` expects 401 for a wrong token; a wrong token is answered like an unknown game, 404,
so that a caller without the token learns nothing, not even whether the game exists (docs/decisions.md).

The game routes also run statefully: schemathesis follows the OpenAPI links from a new game
(its id) to its view, its actions and its hints, and on from each action, with the game's
token sent as ``Authorization: Bearer``.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any, ClassVar

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import CheckContext
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from api.app import create_app
from tests.game_fixtures import lifted_quotas

CARDS = Path(__file__).with_name("cards.yaml")
EXAMPLES = 10  # per operation and phase: the whole file within about a minute on two cores
DESIGN_STEPS = 20  # the most steps of a design here: each case is a child process, not a search of minutes
_games = tempfile.TemporaryDirectory(prefix="api-schema-")  # the game routes' store, removed at exit


schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(CARDS, games_db=Path(_games.name) / "games.db", design_max_steps=DESIGN_STEPS,
                                quotas=lifted_quotas()))
schema.config.generation.update(max_examples=EXAMPLES)


#: Problems that name what is defined elsewhere (SPEC 6's one allowed refusal), which no schema of the request
#: alone can state: an id the card set, the board or the document does not define ("unknown suit 'x'", a path to
#: an unknown location), or defines twice (an id, a path, a stealth card's id that its positions give otherwise);
#: an entry left out for what the document defines elsewhere (a suit in a key or a mode table, a location's
#: coordinates when others have them); and what the set's ``traits_per_lady`` fixes (how many traits a card has,
#: the counts on its key), each route that reads them says so, and its problems have a code of their own.
ELSEWHERE_CODES = ("unknown-location", "unknown-landmark", "duplicate-id", "duplicate-path", "id-mismatch",
                   "traits-per-lady")
ELSEWHERE = re.compile(r"""unknown\ (?!field\b)[a-z -]+\           # an id no one defined
                          | is\ missing:                             # an entry for what is defined elsewhere""",
                       re.VERBOSE)
#: The refusal of a game action naming her traits, in a number the card set does not give a lady.
ELSEWHERE_REFUSALS = ("bad-traits",)


def names_elsewhere(problem: dict[str, Any]) -> bool:
    """Whether an error's problem is one that SPEC 6 allows for a schema-valid request (:data:`ELSEWHERE`)."""
    return (problem["code"] in ELSEWHERE_CODES or problem.get("refusal") in ELSEWHERE_REFUSALS
            or (problem["code"] == "schema" and ELSEWHERE.match(problem["message"]) is not None))


def read_from_text(problem: dict[str, Any], body: Any) -> bool:
    """Whether a problem is in a document the request gave as YAML or JSON text: JSON Schema cannot look
    inside a string, so the document's reader alone says what the text holds."""
    return bool(problem["loc"]) and isinstance(body, dict) and isinstance(body.get(problem["loc"][0]), str)


def upside_down_band(problem: dict[str, Any], case: Any) -> bool:
    """Whether a problem is a design's ``expected`` band whose low end is above its high end: an order of two
    numbers that JSON Schema cannot state, which the route's description names, with its code (``range``)."""
    return case.path == "/v1/design" and (problem["code"], problem["loc"]) == ("range", ["expected"])


def accepts_valid_data(ctx: CheckContext, response: Any, case: Any) -> bool | None:
    """schemathesis's ``positive_data_acceptance``, but for an answer 422 that names something defined
    elsewhere wrong (:func:`names_elsewhere`), or reads a document given as text (:func:`read_from_text`),
    or is a design's band upside down (:func:`upside_down_band`)."""
    if response.status_code == 422 and any(
            names_elsewhere(p) or read_from_text(p, case.body) or upside_down_band(p, case)
            for p in response.json()["errors"]):
        return None
    return positive_data_acceptance(ctx, response, case)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case: Any) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance], additional_checks=[accepts_valid_data])


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
        case.validate_response(response, excluded_checks=[positive_data_acceptance, ignored_auth],
                               additional_checks=[accepts_valid_data])


def test_game_routes_statefully(monkeypatch: pytest.MonkeyPatch) -> None:
    # every game without a seed gets the same one, so that a sequence replays the same (hypothesis
    # shrinks and checks by replaying; a random deal would answer an action differently)
    monkeypatch.setattr("deduce.game.store.secrets.randbits", lambda bits: 7)
    TokenedGames.run(settings=settings(max_examples=60, stateful_step_count=10, deadline=None,
                                       suppress_health_check=list(HealthCheck)))
    reached = {(method, path) for method, path, status in TokenedGames.calls if status < 400}
    assert {("POST", "/v1/games"), ("GET", "/v1/games/{game_id}"), ("GET", "/v1/games/{game_id}/hints"),
            ("POST", "/v1/games/{game_id}/actions")} <= reached, TokenedGames.calls
