"""The real thing: ``deduce serve`` as a process, spoken to over HTTP on a loopback port."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from api.app import MAX_BODY_BYTES
from api.browser import free_port
from deduce.who import cardfile
from deduce.who.deduction import deduce
from deduce.who.query import parse_query
from tests.api.serving import CARDS, DEDUCE, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running ``deduce serve`` and its base URL."""
    with running(tmp_path_factory.mktemp("serve")) as base:
        yield base


def test_deduce_over_http_equals_library(server: str) -> None:
    cards = cardfile.load(CARDS)
    doc = {"suit": "rose", "clues": [{"card": "jacqueline-field"}], "explain": True}
    with httpx.Client(base_url=server, timeout=10) as client:
        response = client.post("/v1/deduce", json=doc)
        assert response.status_code == 200
        answer = deduce(cards, parse_query(cards, doc)).to_json()
        assert response.json() == {**answer, "count": len(answer["candidates"])}  # the first page is all of them
        bad = client.post("/v1/deduce", json={"suit": "rose", "clues": [{"card": "nobody"}]})
        assert bad.status_code == 422 and bad.json()["errors"][0]["path"] == "clues[0].card"
        assert client.get("/openapi.json").json()["info"]["title"]


def test_oversized_bodies_over_http(server: str) -> None:
    with httpx.Client(base_url=server, timeout=10) as client:
        declared = client.post("/v1/deduce", content=b" " * (MAX_BODY_BYTES + 1))
        assert declared.status_code == 413

        def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked, counted by the server as it arrives
            for _ in range(20):
                yield b" " * 65536

        streamed = client.post("/v1/deduce", content=chunks())
        assert streamed.status_code == 413
        assert streamed.json()["errors"][0]["code"] == "limit"
        assert client.get("/healthz").status_code == 200  # and the server is fine


def test_bad_card_set_stops_serve_before_it_starts(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema: 1\ntraits_per_lady: 1\ntraits: [{id: a}]\nsuits: [{id: red}]\n"
                   "ladies: [{id: x, suit: blue, traits: [a], key: {red: 1}}]\n")
    done = subprocess.run([str(DEDUCE), "serve", "--port", str(free_port()), "--cards", str(bad)],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 2
    assert f"deduce: {bad}: ladies[0].suit: unknown suit 'blue'" in done.stderr
    assert "Traceback" not in done.stderr and "Uvicorn running" not in done.stderr


def test_bad_board_stops_serve_naming_the_board(tmp_path: Path) -> None:
    bad = tmp_path / "board.yaml"
    bad.write_text("schema: 1\nlandmarks: [{id: tower}]\nlocations: [{id: keep, landmark: moat}]\npaths: []\n")
    command = [str(DEDUCE), "serve", "--port", str(free_port()), "--cards", str(CARDS), "--board", str(bad)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 2
    assert f"deduce: {bad}: locations[0].landmark" in done.stderr

