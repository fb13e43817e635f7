"""Bounded answers (SPEC 6, issue 24): a candidate list comes a page at a time, with ``count``, the
total, and ``next``, the cursor of the following page; no page comes near 1 MiB."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.quotas import ClientQuotas
from api.service import PAGE
from bench.load import worst_card_set
from deduce.who import cardfile
from deduce.who.deduction import deduce
from deduce.who.query import parse_query

SUITS = 2  # each suit leaves all 12,870 trait sets of 8 among 16: 25,740 candidates in all
TOTAL = SUITS * 12_870
MIB = 1 << 20


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, list[dict[str, Any]]]]:
    """A service whose own card set allows every trait set, and the library's whole candidate list."""
    path = tmp_path_factory.mktemp("paging") / "worst.json"
    path.write_text(json.dumps(worst_card_set(suits=SUITS)))
    cards = cardfile.load(path)
    every = [dict(candidate) for candidate in deduce(cards, parse_query(cards, {})).to_json()["candidates"]]
    with TestClient(create_app(path, games_db=":memory:", quotas=ClientQuotas(requests_per_second=1000))) as c:
        yield c, every


def test_the_first_page_has_the_default_limit_the_total_and_the_next_cursor(
        big: tuple[TestClient, list[dict[str, Any]]]) -> None:
    client, every = big
    response = client.post("/v1/deduce", json={})
    assert response.status_code == 200, response.text
    assert len(response.content) < MIB
    body = response.json()
    assert len(every) == TOTAL and body["count"] == TOTAL
    assert body["candidates"] == every[:PAGE]
    assert body["next"] == str(PAGE)
    assert set(body["traits"]) == {f"t{i}" for i in range(16)}  # the rest of the answer is whole


def test_following_the_cursors_gives_every_candidate_once(big: tuple[TestClient, list[dict[str, Any]]]) -> None:
    client, every = big
    seen: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        params = {"limit": str(PAGE)} | ({"cursor": cursor} if cursor else {})
        body = client.post("/v1/deduce", json={}, params=params).json()
        assert body["count"] == TOTAL
        seen += body["candidates"]
        cursor = body.get("next")
        if cursor is None:
            break
    assert seen == every


def test_a_small_limit_and_a_cursor_past_the_end(big: tuple[TestClient, list[dict[str, Any]]]) -> None:
    client, every = big
    body = client.post("/v1/deduce", json={}, params={"limit": "3", "cursor": "7"}).json()
    assert body["candidates"] == every[7:10] and body["next"] == "10"
    past = client.post("/v1/deduce", json={}, params={"cursor": str(TOTAL + 5)}).json()
    assert past["candidates"] == [] and past["count"] == TOTAL and "next" not in past


@pytest.mark.parametrize(("params", "path"), [
    ({"limit": str(PAGE + 1)}, "limit"), ({"limit": "0"}, "limit"), ({"limit": "many"}, "limit"),
    ({"cursor": "-1"}, "cursor"), ({"cursor": "abc"}, "cursor"),
])
def test_bad_paging_parameters_get_422_naming_them(big: tuple[TestClient, list[dict[str, Any]]],
                                                   params: dict[str, str], path: str) -> None:
    client, _ = big
    response = client.post("/v1/deduce", json={}, params=params)
    assert response.status_code == 422, response.text
    assert [problem["path"] for problem in response.json()["errors"]] == [path]


def test_a_hint_with_the_servers_set_is_paged_as_deduce_is(big: tuple[TestClient, list[dict[str, Any]]]) -> None:
    client, every = big
    hinted = client.post("/v1/hint?limit=7&cursor=14", json={"query": {}}).json()
    assert hinted == client.post("/v1/deduce?limit=7&cursor=14", json={}).json()
    assert hinted["count"] == TOTAL and hinted["candidates"] == every[14:21] and hinted["next"] == "21"


def test_a_hint_whose_own_set_is_too_large_is_refused_at_once(big: tuple[TestClient, list[dict[str, Any]]]) -> None:
    """The issue's request: its own set at the readers' bounds (16 traits, 8 a lady, 32 suits) would have
    411,840 possible Dark Ladies; it is refused with the bound before any deduction."""
    client, _ = big
    answer = client.post("/v1/hint", json={"query": {}, "cards": worst_card_set(suits=32)})
    assert answer.status_code == 422
    [problem] = answer.json()["errors"]
    assert problem["code"] == "limit" and problem["path"] == "cards"
    assert problem["message"] == ("this card set has 411,840 possible Dark Ladies (trait sets times suits); "
                                  "this service deduces with at most 20,000")
