"""``POST /v1/design``: the designer search as a job, with progress and a cancel (issue 19).

The answer is newline-delimited JSON: progress lines while the search runs, then the set found,
which is the library's own result for the same seed and steps. Bad requests are 422 with their
paths before anything runs; a client that closes the answer stops the job, so the next design
is not kept waiting behind it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.design import NDJSON
from deduce.shipped import load_brief
from deduce.who import cardfile
from deduce.who.design import Targets, search
from deduce.who.export import card_set_yaml
from tests.api.serving import running


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def lines(text: str) -> list[dict[str, Any]]:
    """The documents of a newline-delimited JSON answer."""
    return [json.loads(line) for line in text.splitlines()]


def test_a_design_reports_its_progress_then_the_set_the_library_finds(client: TestClient) -> None:
    answer = client.post("/v1/design", json={"seed": 5, "steps": 1200, "min_clues": 2, "expected": [2.5, 5.0]})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith(NDJSON)
    *progress, last = lines(answer.text)
    assert [p["progress"]["step"] for p in progress] == [0, 500, 1000]
    assert all(p["progress"]["steps"] == 1200 for p in progress)
    found = search(load_brief(), targets=Targets(aim=(2.5, 5.0)), seed=5, steps=1200)
    design = last["design"]
    assert design["cards"] == cardfile.to_json(found.cards)
    assert design["yaml"] == card_set_yaml(found.cards)
    assert design["unmet"] == [str(target) for target in found.unmet]
    assert design["report"] == found.report.to_json()


@pytest.mark.parametrize(("body", "paths"), [
    ({"steps": 0}, ["steps"]),
    ({"steps": 10**9, "seed": -1}, ["seed", "steps"]),
    ({"expected": [5, 2]}, ["expected"]),
    ({"expected": "low"}, ["expected"]),
    ({"aim": 3}, ["aim"]),
    ([1, 2], [""]),
    ({"seed": "5", "min_clues": True}, ["min_clues", "seed"]),  # what the schema refuses, the route refuses
    ({"expected": [1, "2"]}, ["expected[1]"]),
    ({"expected": [-1, 2]}, ["expected[0]"]),
    ({"expected": [5.99e306, 5.99e306]}, ["expected[0]", "expected[1]"]),   # once overflowed the score: a 500
])
def test_a_bad_request_is_refused_with_its_paths(client: TestClient, body: object, paths: list[str]) -> None:
    answer = client.post("/v1/design", json=body)
    assert answer.status_code == 422
    assert sorted({p["path"] for p in answer.json()["errors"]}) == paths


def test_a_design_longer_than_the_service_allows_is_refused_before_it_runs() -> None:
    with TestClient(create_app(games_db=":memory:", design_max_steps=100)) as small:
        answer = small.post("/v1/design", json={"steps": 101})
        assert answer.status_code == 422
        assert answer.json()["errors"] == [{"code": "limit", "path": "steps", "loc": ["steps"],
                                            "message": "this service designs with at most 100 steps"}]
        assert small.post("/v1/design", json={"steps": 100}).status_code == 200


def test_a_band_upside_down_has_a_code_of_its_own_which_the_route_names(client: TestClient) -> None:
    answer = client.post("/v1/design", json={"expected": [5, 2]})
    assert [(p["code"], p["path"]) for p in answer.json()["errors"]] == [("range", "expected")]
    assert "`code: range`" in client.get("/openapi.json").json()["paths"]["/v1/design"]["post"]["description"]


def test_the_document_states_the_services_bound_on_steps_and_the_default_keeps_within_it() -> None:
    with TestClient(create_app(games_db=":memory:", design_max_steps=100)) as small:
        steps = small.get("/openapi.json").json()["paths"]["/v1/design"]["post"]["requestBody"]["content"][
            "application/json"]["schema"]["properties"]["steps"]
        assert (steps["maximum"], steps["default"]) == (100, 100)
        with small.stream("POST", "/v1/design") as answer:  # the defaults, within the bound
            assert answer.status_code == 200
            assert json.loads(next(answer.iter_lines()))["progress"]["steps"] == 100


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    answer = client.post("/v1/design", content=b"[1", headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "not valid JSON" in answer.json()["errors"][0]["message"]


def test_the_route_is_in_the_contract(client: TestClient) -> None:
    route = client.get("/openapi.json").json()["paths"]["/v1/design"]["post"]
    assert {"200", "422", "503"} <= set(route["responses"])
    assert NDJSON in route["responses"]["200"]["content"]
    assert set(route["requestBody"]["content"]["application/json"]["schema"]["properties"]) == {
        "seed", "steps", "min_clues", "expected"}


def test_closing_the_answer_stops_the_job(tmp_path: Path) -> None:
    """A design of the most steps allowed runs for minutes; once its client closes the answer, the
    service's one job slot is free again and a small design is answered at once (within the
    deadline, which only bounds a hang: behind a job left running it would wait its 120 s out)."""
    with running(tmp_path) as base, httpx.Client(base_url=base, timeout=60) as http:
        with http.stream("POST", "/v1/design", json={"steps": 100_000}) as long:
            assert long.status_code == 200
            first = json.loads(next(long.iter_lines()))
            assert first["progress"]["steps"] == 100_000
        small = http.post("/v1/design", json={"steps": 600})
        assert small.status_code == 200
        assert "design" in lines(small.text)[-1]
