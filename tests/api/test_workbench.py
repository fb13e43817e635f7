"""The workbench's routes (api.workbench) through the test client: the deck audit is the library's,
with 422 and paths for bad documents, on the stealth documents GET /v1/stealth gives. (The Export,
POST /v1/cards/export, is tests/api/test_export.py's.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import yaml
from fastapi.testclient import TestClient

from api.app import create_app
from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.audit import audit_deck, report_json


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def test_deck_audit_is_the_libraries(client: TestClient) -> None:
    board = boardfile.load(data_path("board.yaml"))
    deck = stealthfile.load(data_path("stealth.yaml"))
    seqs = stealthfile.load_sequences(data_path("sequences.json"))
    expected = report_json(board, deck, seqs, audit_deck(board, deck, seqs))
    assert client.post("/v1/audit-deck", json={}).json() == expected
    text = data_path("board.yaml").read_text(encoding="utf-8")
    assert client.post("/v1/audit-deck", json={"board": text}).json() == expected


def test_deck_audit_finds_a_broken_board(client: TestClient) -> None:
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    doc["paths"] = doc["paths"][1:]  # one path fewer: some walks jump
    answer = client.post("/v1/audit-deck", json={"board": doc}).json()
    assert answer["ok"] is False and answer["errors"] > 0


def test_deck_audit_names_the_bad_document(client: TestClient) -> None:
    answer = client.post("/v1/audit-deck", json={"board": "schema: 1\nlocations: 3\n"})
    assert answer.status_code == 422
    assert all(p["path"].startswith("board") for p in answer.json()["errors"])
    assert client.post("/v1/audit-deck", json={"stealth": 5}).json()["errors"][0]["path"] == "stealth"


def test_the_stealth_documents_are_the_shipped_ones_and_audit_as_they_are(client: TestClient) -> None:
    """GET /v1/stealth gives the documents the deck audit reads: sent back unchanged, the audit is
    the shipped one's; with a sequence broken, its finding names it."""
    docs = client.get("/v1/stealth").json()
    assert stealthfile.parse(docs["stealth"]).cards == stealthfile.load(data_path("stealth.yaml")).cards
    assert stealthfile.parse_sequences(docs["sequences"]) == stealthfile.load_sequences(data_path("sequences.json"))
    assert client.post("/v1/audit-deck", json=docs).json() == client.post("/v1/audit-deck", json={}).json()
    first = docs["sequences"]["sequences"][0]
    first["cards"][0], first["cards"][2] = first["cards"][2], first["cards"][0]
    answer = client.post("/v1/audit-deck", json=docs).json()
    assert answer["ok"] is False and first["name"] not in answer["valid_walks"]
    assert {f["sequence"] for f in answer["findings"]} == {first["name"]}
