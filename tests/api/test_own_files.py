"""A box owner's own files read as the engine reads them (the core's POST /v1/cards/check and
/v1/board/check, api.routes), with the shipped set and board the server's: the page loads them with
these, at the table and in the workbench's editors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import yaml
from fastapi.testclient import TestClient

from api.app import create_app
from deduce.shipped import data_path
from deduce.who import cardfile
from tests.web.pages import OWN_CARDS, ring_board


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def test_own_files_are_read_as_the_engine_reads_them(client: TestClient) -> None:
    assert client.post("/v1/cards/check", json=OWN_CARDS).json() == cardfile.to_json(cardfile.parse(OWN_CARDS))
    text = data_path("clues.yaml").read_text(encoding="utf-8")
    answer = client.post("/v1/cards/check", content=text, headers={"content-type": "application/yaml"})
    assert answer.json() == client.get("/v1/cards").json()
    text = data_path("board.yaml").read_text(encoding="utf-8")
    answer = client.post("/v1/board/check", content=text, headers={"content-type": "application/yaml"})
    assert answer.json() == client.get("/v1/board").json()


def test_broken_own_files_get_every_problem_with_its_path(client: TestClient) -> None:
    doc = yaml.safe_load(data_path("clues.yaml").read_text(encoding="utf-8"))
    doc["ladies"][3]["key"]["rose"] = 9
    doc["ladies"][5]["traits"] = ["married"]
    answer = client.post("/v1/cards/check", json=doc)
    assert answer.status_code == 422
    paths = [p["path"] for p in answer.json()["errors"]]
    assert "ladies[3].key.rose" in paths and "ladies[5].traits" in paths
    board = {**ring_board(), "locations": [*ring_board()["locations"], {"id": "e", "landmark": "mill"}]}
    answer = client.post("/v1/board/check", json=board)
    assert answer.status_code == 422
    assert [p["path"] for p in answer.json()["errors"]] == ["locations[4].landmark"]
    answer = client.post("/v1/board/check", content="a: [", headers={"content-type": "application/yaml"})
    assert answer.status_code == 422 and answer.json()["errors"]
