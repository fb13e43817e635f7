"""``POST /v1/cards/export``: the designer's Export, through the test client.

What the page exports (the set it edits, sent as JSON) is a card set file that ``deduce audit``
reads with the report ``POST /v1/audit`` gave the page for the same set; a broken set is 422
with every problem's path, and nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from api.app import create_app
from deduce.cli import main
from deduce.shipped import data_path
from deduce.who import cardfile
from deduce.who.export import card_set_yaml


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def shipped_doc() -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load(data_path("clues.yaml").read_text(encoding="utf-8"))
    return doc


def test_the_export_is_the_card_set_file_and_its_name(client: TestClient) -> None:
    answer = client.post("/v1/cards/export", json=shipped_doc())
    assert answer.status_code == 200
    body = answer.json()
    assert body["filename"] == "sonnet-set.yaml"
    assert body["yaml"] == card_set_yaml(cardfile.load(data_path("clues.yaml")))
    text = data_path("clues.yaml").read_text(encoding="utf-8")
    from_yaml = client.post("/v1/cards/export", content=text, headers={"content-type": "application/yaml"})
    assert from_yaml.json() == body


def test_deduce_audit_reads_the_export_with_the_pages_report(client: TestClient, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    doc = shipped_doc()
    doc["name"] = "Mia serie: prova"
    doc["ladies"][0]["key"]["rose"] = 2  # Jacqueline Field's key now lies
    page_report = client.post("/v1/audit", json=doc).json()
    exported = client.post("/v1/cards/export", json=doc).json()
    assert exported["filename"] == "mia-serie-prova.yaml"
    path = tmp_path / exported["filename"]
    path.write_text(exported["yaml"], encoding="utf-8")
    code = main(["audit", str(path), "--json"])
    assert code == 1 and json.loads(capsys.readouterr().out) == page_report


def test_a_broken_set_gets_every_problem_with_its_path(client: TestClient) -> None:
    doc = shipped_doc()
    doc["ladies"][3]["key"]["rose"] = 9
    doc["ladies"][5]["traits"] = ["married", "nobody"]
    answer = client.post("/v1/cards/export", json=doc)
    assert answer.status_code == 422
    paths = [p["path"] for p in answer.json()["errors"]]
    assert "ladies[3].key.rose" in paths and any(p.startswith("ladies[5].traits") for p in paths)
    unreadable = client.post("/v1/cards/export", content="a: [", headers={"content-type": "application/yaml"})
    assert unreadable.status_code == 422 and unreadable.json()["errors"]


def test_the_route_is_in_the_contract(client: TestClient) -> None:
    route = client.get("/openapi.json").json()["paths"]["/v1/cards/export"]["post"]
    assert {"200", "422"} <= set(route["responses"])
    assert set(route["requestBody"]["content"]) == {"application/json", "application/yaml"}
