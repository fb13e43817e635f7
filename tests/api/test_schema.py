"""schemathesis against the app's own OpenAPI document: no 5xx, and every answer as documented.

Every operation gets the schema's examples, then generated bodies both valid and invalid
for the schema, a bounded number of them. The checks: no server error, the status code
and content type are documented, and the body conforms to the documented schema. Data
that breaks the schema must be refused with a 4xx (the request models are no stricter
than ``deduce``'s parsers). Valid-by-schema bodies may still be refused (unknown ids, a
count out of range for the card set): the schema cannot know the card set.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from deduce.api.app import create_app

CARDS = Path(__file__).with_name("cards.yaml")
EXAMPLES = 50  # per operation
_games = tempfile.TemporaryDirectory(prefix="api-schema-")  # the game routes' store, removed at exit

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(CARDS, games_db=Path(_games.name) / "games.db"))
schema.config.generation.update(max_examples=EXAMPLES)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, negative_data_rejection]


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case):
    case.call_and_validate(checks=CHECKS)
