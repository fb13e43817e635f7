"""The HTTP API through FastAPI's test client: answers equal the library's, and every kind
of bad input gets a 4xx in the one error shape, never a 500.

The test client re-raises any exception that escapes the app, so an unexpected error in
any test here fails it (the last-resort 500 is tested on purpose, separately).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.types import Message, Scope

from api.app import MAX_BODY_BYTES, create_app
from api.bodies import card_set_body
from api.errors import problems_json
from api.service import cheap_audit
from deduce.errors import InputError, ProblemJSON
from deduce.game.situation import TRAIL_EXAMPLE, parse_trail_query
from deduce.shipped import data_path, load_rules
from deduce.where import boardfile
from deduce.where.board import Board
from deduce.where.query import EXAMPLE as TRACK_EXAMPLE
from deduce.where.query import parse_track_query
from deduce.where.tracker import track
from deduce.who import cardfile
from deduce.who.audit import audit
from deduce.who.cards import CardSet
from deduce.who.deduction import deduce
from deduce.who.query import MAX_CLUES, parse_query
from tests.budget import calls_made

CARDS = Path(__file__).with_name("cards.yaml")
MEMORY = ":memory:"  # the game store these tests do not use, kept out of the working directory
ERROR_KEYS = {"code", "path", "loc", "message"}


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return cardfile.load(CARDS)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(CARDS, games_db=MEMORY)) as c:
        yield c


def library(cards: CardSet, doc: object) -> dict[str, Any]:
    """What the library answers for a query document (the API must answer the same), with the
    total the API adds (SPEC 6: every candidate of this small set fits in the first page)."""
    answer = deduce(cards, parse_query(cards, doc)).to_json()
    return {**answer, "count": len(answer["candidates"])}


def library_problems(cards: CardSet, doc: object) -> list[ProblemJSON]:
    """The library's problems as the service answers them (the game's things they list named, ids beside)."""
    with pytest.raises(InputError) as info:
        parse_query(cards, doc)
    return problems_json(info.value.problems, "en")


def assert_error_shape(response: httpx2.Response, status: int) -> list[dict[str, Any]]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) <= {"errors", "request_id"} and body["errors"]
    for problem in body["errors"]:
        assert set(problem) == ERROR_KEYS
    errors: list[dict[str, Any]] = body["errors"]
    return errors


# -- deductions ------------------------------------------------------------------

QUERIES: list[dict[str, Any]] = [
    {"suit": "rose", "clues": [{"card": "jacqueline-field"}]},
    {"suit": "rose", "clues": [{"card": "jacqueline-field"}], "explain": True},
    {"suit": "rose", "clues": [{"card": "rowena-pike", "role": "suit_card"}, {"card": "jacqueline-field"},
                               {"card": "tamsin-grey"}, {"card": "sibyl-hart"}, {"card": "agnes-thorne"}],
     "explain": True},
    {"clues": [{"traits": ["court", "lover", "musical"], "key": {s: [0, 1, 2] for s in
               ("rose", "acorn", "oak", "thistle", "bluebell", "sage")}}]},
    {"suit": "rose", "clues": [{"traits": ["court", "lover", "musical"], "counts": [0]},
                               {"traits": ["court", "lover", "musical"], "counts": [3]}], "distinct": False},
    {"suit": "rose", "clues": [{"card": "jacqueline-field"}], "distinct": False},
    {},
]


@pytest.mark.parametrize("doc", QUERIES)
def test_deduce_equals_library(client: TestClient, cards: CardSet, doc: dict[str, Any]) -> None:
    response = client.post("/v1/deduce", json=doc)
    assert response.status_code == 200, response.text
    assert response.json() == library(cards, doc)


def test_contradiction_names_conflicting_clues(client: TestClient) -> None:
    doc = QUERIES[4]
    body = client.post("/v1/deduce", json=doc).json()
    assert body["status"] == "contradiction"
    assert body["conflict"] == [0, 1]  # "shares none" and "shares all three" with the same card


def test_explanations_come_back(client: TestClient) -> None:
    body = client.post("/v1/deduce", json=QUERIES[2]).json()
    assert body["status"] == "solved"
    stated = {t for t, state in body["traits"].items() if state != "open"}
    assert stated and {e["trait"] for e in body["explanations"]} == stated


CLUE_DOCS = st.one_of(
    st.builds(lambda card, role: {"card": card, **({"role": role} if role else {})},
              st.sampled_from(["jacqueline-field", "rosamund-hale", "alys-warde", "olive-marsh", "tamsin-grey",
                               "blanche-carew", "susanna-crane"]),
              st.sampled_from([None, "clue", "suit_card"])),
    st.builds(lambda traits, counts: {"traits": traits, "counts": counts},
              st.lists(st.sampled_from(["literary", "married", "court", "musical", "children", "lover",
                                        "documented"]), min_size=3, max_size=3, unique=True),
              st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True)),
)
QUERY_DOCS = st.fixed_dictionaries(
    {"suit": st.sampled_from(["rose", "acorn", "oak", "thistle", "bluebell", "sage"])},
    optional={"clues": st.lists(CLUE_DOCS, max_size=6), "distinct": st.booleans(), "explain": st.booleans()},
)


@settings(max_examples=40, deadline=None)
@given(doc=QUERY_DOCS)
def test_random_queries_equal_library(client: TestClient, cards: CardSet, doc: dict[str, Any]) -> None:
    response = client.post("/v1/deduce", json=doc)
    try:
        expected = library(cards, doc)
    except InputError as exc:
        assert response.status_code == 422
        assert response.json()["errors"] == exc.to_json()
    else:
        assert response.status_code == 200
        assert response.json() == expected


def test_concurrent_z3_requests_all_answer(client: TestClient, cards: CardSet) -> None:
    """Explanations from several clients at once: z3 work is queued, every answer is right."""
    docs = [QUERIES[1], QUERIES[2], QUERIES[4]] * 4
    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(pool.map(lambda d: client.post("/v1/deduce", json=d), docs))
    for doc, response in zip(docs, answers, strict=True):
        assert response.status_code == 200
        assert response.json() == library(cards, doc)


# -- bad queries: 422 with the library's own problems ----------------------------

BAD_QUERIES = {
    "unknown card": ({"suit": "rose", "clues": [{"card": "no-such-lady"}]}, "clues[0].card"),
    "unknown trait": ({"suit": "rose", "clues": [{"traits": ["court", "lover", "wit"], "counts": 1}]},
                      "clues[0].traits[2]"),
    "too few traits": ({"suit": "rose", "clues": [{"traits": ["court"], "counts": 1}]}, "clues[0].traits"),
    "counts out of range": ({"suit": "rose", "clues": [{"traits": ["court", "lover", "musical"], "counts": 4}]},
                            "clues[0].counts"),
    "counts without suit": ({"clues": [{"traits": ["court", "lover", "musical"], "counts": 1}]},
                            "clues[0].counts"),
    "unknown suit": ({"suit": "tulip"}, "suit"),
    "suit of wrong type": ({"suit": 5}, "suit"),
    "clues of wrong type": ({"clues": "jacqueline-field"}, "clues"),
    "clue of wrong type": ({"clues": [7]}, "clues[0]"),
    "boolean of wrong type": ({"explain": "yes"}, "explain"),
    "unknown field": ({"suit": "rose", "hint": True}, "hint"),
    "unknown role": ({"clues": [{"card": "jacqueline-field", "role": "dark_lady"}]}, "clues[0].role"),
    "bool as count": ({"suit": "rose", "clues": [{"traits": ["court", "lover", "musical"], "counts": True}]},
                      "clues[0].counts"),
    "not an object": ([{"card": "jacqueline-field"}], ""),
    "a bare string": ("rose", ""),
}


@pytest.mark.parametrize("name", BAD_QUERIES)
def test_bad_query_is_422_with_the_library_problems(client: TestClient, cards: CardSet, name: str) -> None:
    doc, path = BAD_QUERIES[name]
    problems = assert_error_shape(client.post("/v1/deduce", json=doc), 422)
    assert problems == library_problems(cards, doc)
    assert path in [p["path"] for p in problems]


def test_65_clues_are_refused_naming_clues(client: TestClient) -> None:
    doc = {"suit": "rose", "clues": [{"card": "jacqueline-field"}] * (MAX_CLUES + 1)}
    problems = assert_error_shape(client.post("/v1/deduce", json=doc), 422)
    assert problems[0]["path"] == "clues" and problems[0]["code"] == "limit"
    assert str(MAX_CLUES) in problems[0]["message"]


def test_64_clues_are_answered(client: TestClient, cards: CardSet) -> None:
    doc = {"suit": "rose", "clues": [{"card": "jacqueline-field"}] * MAX_CLUES, "explain": True}
    response = client.post("/v1/deduce", json=doc)
    assert response.status_code == 200
    assert response.json() == library(cards, doc)


@pytest.mark.parametrize("body, words", [
    (b"", "empty"),
    (b"   \n", "empty"),
    (b'{"suit": "rose",', "not valid JSON"),
    (b"{'suit': 'rose'}", "not valid JSON"),
    (b"\xff\xfe\x00garbage\x81", "JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"suit": ' + b"9" * 10_000 + b"}", "JSON"),
    (b"NaN", "a query must be a JSON object"),
    (b"null", "a query must be a JSON object"),
])
def test_unreadable_bodies_are_422(client: TestClient, body: bytes, words: str) -> None:
    problems = assert_error_shape(client.post("/v1/deduce", content=body,
                                              headers={"content-type": "application/json"}), 422)
    assert problems[0]["path"] == "" and words in problems[0]["message"]


# -- size limit ---------------------------------------------------------------------

def test_body_over_limit_is_413_by_its_length(client: TestClient) -> None:
    body = b'{"clues": [' + b" " * MAX_BODY_BYTES + b"]}"
    problems = assert_error_shape(client.post("/v1/deduce", content=body), 413)
    assert problems[0]["code"] == "limit"


def test_body_at_limit_is_read(client: TestClient) -> None:
    body = b'{"clues": [' + b" " * (MAX_BODY_BYTES - 13) + b"]}"
    assert len(body) == MAX_BODY_BYTES
    assert client.post("/v1/deduce", content=body).status_code == 200


def test_streamed_body_is_refused_before_it_is_read_whole() -> None:
    """Without a Content-Length the bytes are counted as they arrive, and the rest is never pulled.

    Driven at the ASGI level: the test client would read the whole body before sending it.
    """
    app = create_app(CARDS, games_db=MEMORY)
    chunk = b" " * 65536
    pulled = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b'{"clues": [' if pulled == 1 else chunk, "more_body": pulled < 64}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: Scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/v1/deduce", "raw_path": b"/v1/deduce", "query_string": b"",
             "root_path": "", "headers": [(b"host", b"testserver"), (b"transfer-encoding", b"chunked")],
             "client": ("127.0.0.1", 1), "server": ("testserver", 80)}
    anyio.run(app, scope, receive, send)
    assert sent[0]["status"] == 413
    assert json.loads(b"".join(m.get("body", b"") for m in sent[1:]))["errors"][0]["code"] == "limit"
    assert pulled == 1 + MAX_BODY_BYTES // len(chunk)  # the opening, then chunks just past the limit


def test_get_with_oversized_declared_body_is_413(client: TestClient) -> None:
    response = client.request("GET", "/healthz", content=b"x" * (MAX_BODY_BYTES + 1))
    assert_error_shape(response, 413)


# -- other routes and errors --------------------------------------------------------

def test_cards_round_trip(client: TestClient, cards: CardSet) -> None:
    body = client.get("/v1/cards").json()
    assert body == cardfile.to_json(cards)
    assert cardfile.to_json(cardfile.parse(body)) == body


def test_healthz(client: TestClient, cards: CardSet) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "card_set": cards.name, "ladies": len(cards.ladies)}
    assert len(response.headers["x-request-id"]) == 16


def test_unknown_path_and_method_have_the_error_shape(client: TestClient) -> None:
    assert assert_error_shape(client.get("/v2/nothing"), 404)[0]["code"] == "not-found"
    response = client.put("/v1/deduce", json={})
    assert assert_error_shape(response, 405)[0]["code"] == "method-not-allowed"
    assert response.headers["allow"] == "POST"


def test_docs_and_openapi_are_served(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    body = schema["paths"]["/v1/deduce"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/Query"}
    assert "Query" in schema["components"]["schemas"]
    assert body["examples"]["rulebook"]["value"] == {"suit": "rose", "clues": [{"card": "jacqueline-field"}]}


def test_request_validation_errors_have_the_same_shape(cards: CardSet) -> None:
    """A router that lets FastAPI validate its parameters still answers in the one shape."""
    app = create_app(CARDS, games_db=MEMORY)
    extra = APIRouter()

    @extra.get("/v1/echo")
    async def echo(n: int) -> dict[str, Any]:
        return {"n": n}

    app.include_router(extra)
    with TestClient(app) as c:
        problems = assert_error_shape(c.get("/v1/echo", params={"n": "seven"}), 422)
    assert problems[0]["path"] == "n" and problems[0]["loc"] == ["n"]


def test_unexpected_error_is_logged_with_its_request_id(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(CARDS, games_db=MEMORY)
    broken = APIRouter()

    @broken.get("/v1/broken")
    async def fail() -> dict[str, Any]:
        raise RuntimeError("boom")

    app.include_router(broken)
    with caplog.at_level(logging.ERROR, logger="api"), TestClient(app, raise_server_exceptions=False) as c:
        response = c.get("/v1/broken")
    problems = assert_error_shape(response, 500)
    rid = response.json()["request_id"]
    assert rid == response.headers["x-request-id"] and rid in problems[0]["message"]
    assert "boom" not in response.text  # no internals in the answer...
    assert any(rid in r.getMessage() and r.exc_info for r in caplog.records)  # ...but in the log


# -- tracking ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def board() -> Board:
    return boardfile.load(data_path("board.yaml"))


def track_docs(board: Board) -> list[dict[str, Any]]:
    here, there = board.location_ids[0], board.location_ids[-1]
    mark = board.landmark_of(here)
    return [
        {"length": 26, "moves": "always", "now": 7,
         "observations": [{"slot": 0, "landmark": mark}, {"slot": 3, "fog": True},
                          {"slot": 5, "searched": there, "found": False}]},
        {"length": 30, "moves": "may_stay", "now": 100,
         "observations": [{"slot": 99, "searched": here, "found": True}]},
        {"length": 24, "moves": "always", "now": 0},
        {"length": 2, "moves": "always", "now": 1,  # she cannot stay put: no walk fits
         "observations": [{"slot": 0, "searched": here, "found": True}, {"slot": 1, "searched": here, "found": True}]},
    ]


@pytest.mark.parametrize("which", range(4))
def test_track_equals_library(client: TestClient, board: Board, which: int) -> None:
    doc = track_docs(board)[which]
    response = client.post("/v1/track", json=doc)
    assert response.status_code == 200, response.text
    assert response.json() == track(board, parse_track_query(board, doc)).to_json()


def test_whole_numbers_written_with_a_fraction_are_integers(client: TestClient, board: Board) -> None:
    # JSON Schema's integer is any whole number (the OpenAPI document says integer): 24.0 and 1e0 are read as
    # 24 and 1, so the answer is the one for the plain integers; 0.5 is still no slot
    doc = track_docs(board)[1]
    text = json.dumps(doc).replace(f'"length": {doc["length"]}', f'"length": {doc["length"]}.0')
    text = text.replace(f'"now": {doc["now"]}', f'"now": {doc["now"]}e0')
    assert text != json.dumps(doc)
    response = client.post("/v1/track", content=text, headers={"Content-Type": "application/json"})
    assert response.status_code == 200, response.text
    assert response.json() == track(board, parse_track_query(board, doc)).to_json()
    half = client.post("/v1/track", content=text.replace(f'"now": {doc["now"]}e0', '"now": 0.5'),
                       headers={"Content-Type": "application/json"})
    assert half.status_code == 422 and [p["path"] for p in half.json()["errors"]] == ["now"], half.text


def test_track_contradiction(client: TestClient, board: Board) -> None:
    body = client.post("/v1/track", json=track_docs(board)[3]).json()
    assert body["status"] == "contradiction" and body["paths"] == "0"


@pytest.mark.parametrize("doc, path", [
    ({"moves": "always", "now": 0}, "length"),
    ({"length": 26, "moves": "sometimes", "now": 0}, "moves"),
    ({"length": 26, "moves": "always", "now": -1}, "now"),
    ({"length": 26, "moves": "always", "now": 0, "observations": [{"slot": 1, "landmark": "volcano"}]},
     "observations[0].landmark"),
    ({"length": 10 ** 6, "moves": "always", "now": 0}, "length"),
])
def test_bad_tracking_query_is_422_with_the_library_problems(client: TestClient, board: Board, doc: dict[str, Any],
                                                             path: str) -> None:
    problems = assert_error_shape(client.post("/v1/track", json=doc), 422)
    with pytest.raises(InputError) as info:
        parse_track_query(board, doc)
    assert problems == problems_json(info.value.problems, "en")
    assert path in [p["path"] for p in problems]


def test_track_reads_a_trail_as_its_observations(client: TestClient) -> None:
    """A trail (SPEC 8) in place of the observations: its landmark, fog and search entries are the query."""
    assert TRAIL_EXAMPLE["now"] == TRACK_EXAMPLE["now"]
    by_trail = client.post("/v1/track", json=TRAIL_EXAMPLE)
    assert by_trail.status_code == 200 and by_trail.json() == client.post("/v1/track", json=TRACK_EXAMPLE).json()


@pytest.mark.parametrize("doc, path", [
    ({**TRAIL_EXAMPLE, "trail": [{"slot": 0, "kind": "landmark", "landmark": "volcano"}]}, "trail[0].landmark"),
    ({**TRAIL_EXAMPLE, "trail": [{"slot": 0, "kind": "dance"}]}, "trail[0].kind"),
    ({**TRAIL_EXAMPLE, "trail": "globe"}, "trail"),
    ({**TRAIL_EXAMPLE, "observations": []}, "observations"),
    ({"length": 26, "moves": "always", "trail": []}, "now"),
])
def test_bad_trail_query_is_422_with_the_library_problems(client: TestClient, doc: dict[str, Any], path: str) -> None:
    problems = assert_error_shape(client.post("/v1/track", json=doc), 422)
    with pytest.raises(InputError) as info:
        parse_trail_query(load_rules(), doc)
    assert problems == problems_json(info.value.problems, "en")
    assert path in [p["path"] for p in problems]


# -- audits -------------------------------------------------------------------------

def test_audit_json_and_yaml_equal_library(client: TestClient, cards: CardSet) -> None:
    expected = audit(cards).to_json()
    by_json = client.post("/v1/audit", json=cardfile.to_json(cards))
    by_yaml = client.post("/v1/audit", content=CARDS.read_bytes(), headers={"content-type": "application/yaml"})
    assert by_json.status_code == by_yaml.status_code == 200
    assert by_json.json() == by_yaml.json() == expected


def test_audit_findings_are_200_not_ok(client: TestClient) -> None:
    doc = json.loads(json.dumps(cardfile.to_json(cardfile.load(CARDS))))
    doc["ladies"][1]["key"]["rose"] = [3]  # rosamund-hale now lies about her partner
    response = client.post("/v1/audit", json=doc)
    assert response.status_code == 200
    body = response.json()
    assert not body["ok"]
    assert {"key-untruthful"} <= {e["code"] for e in body["errors"]}


@pytest.mark.parametrize("doc, path", [
    ({"schema": 1, "traits": 3}, "traits"),
    ({"schema": 1, "traits": [], "suits": [], "ladies": []}, "traits"),  # found by schemathesis
    ({"schema": 2, "traits": [], "suits": [], "ladies": []}, "schema"),
    ({"schema": 1, "traits": [{"id": "a"}, {"id": "a"}], "suits": [], "ladies": []}, "traits[1].id"),
    ([1, 2, 3], ""),
])
def test_unreadable_card_set_is_422(client: TestClient, doc: object, path: str) -> None:
    problems = assert_error_shape(client.post("/v1/audit", json=doc), 422)
    assert path in [p["path"] for p in problems]


def test_audit_yaml_syntax_error_is_422(client: TestClient) -> None:
    response = client.post("/v1/audit", content=b"schema: 1\ntraits: [a, b\n",
                           headers={"content-type": "application/yaml; charset=utf-8"})
    assert "not valid YAML" in assert_error_shape(response, 422)[0]["message"]


def test_audit_too_costly_for_the_service_is_422(cards: CardSet) -> None:
    with TestClient(create_app(CARDS, games_db=MEMORY, audit_seconds=1e-9)) as c:
        problems = assert_error_shape(c.post("/v1/audit", json=cardfile.to_json(cards)), 422)
    assert problems[0]["code"] == "limit" and problems[0]["path"] == "ladies"
    assert "would take about" in problems[0]["message"] and "deduce audit FILE --max-seconds" in problems[0]["message"]


LAUGHS = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))

YAML_BOMBS = {
    # 9^10 values if expanded, hidden where the reader prints what it found
    "billion laughs in a suit": LAUGHS + CARDS.read_text().replace("suit: oak", "suit: *a9", 1),
    "billion laughs in a name": LAUGHS + CARDS.read_text().replace("name: API test set", "name: *a9", 1),
    "billion laughs as the document": LAUGHS + "ladies: *a9\n",
    "an alias of itself": "schema: 1\ntraits: &t [*t, *t]\nsuits: []\nladies: []\n",
    "a mapping of itself": "&m {schema: 1, traits: *m, suits: *m, ladies: *m}\n",
    "deep nesting": "[" * 5_000 + "]" * 5_000,
    "deep mappings": "a: " * 50_000 + "1\n",
}


def refused_card_set(body: bytes) -> None:
    """Read ``body`` as the audit route reads a YAML card set (:func:`api.bodies.card_set_body`, on a
    worker thread or in a child process), which must refuse it."""
    with pytest.raises(InputError):
        card_set_body(body, "application/yaml")


@pytest.mark.parametrize("name", YAML_BOMBS)
def test_yaml_bombs_are_refused_cheaply(client: TestClient, name: str) -> None:
    body = YAML_BOMBS[name].encode()
    assert_error_shape(client.post("/v1/audit", content=body, headers={"content-type": "application/yaml"}), 422)
    # refused without expanding or walking down the document: a billion values would be a billion calls
    assert calls_made(lambda: refused_card_set(body)) < 20_000


def test_audits_do_not_hold_up_deductions(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """While an audit runs on its own thread, plain deductions keep being answered: here the audit
    goes on only once they are, so it would never end if they waited for it."""
    auditing, deduced = threading.Event(), threading.Event()

    def held_audit(*args: Any) -> bytes | None:
        auditing.set()
        assert deduced.wait(30), "no deduction was answered while the audit ran"
        return cheap_audit(*args)

    monkeypatch.setattr("api.service.cheap_audit", held_audit)
    with ThreadPoolExecutor(1) as pool:
        audit = pool.submit(client.post, "/v1/audit", content=CARDS.read_bytes(),
                            headers={"content-type": "application/yaml"})
        assert auditing.wait(30), "the audit did not start"
        for query in QUERIES:
            assert client.post("/v1/deduce", json=query).status_code == 200
        deduced.set()
        assert audit.result().status_code == 200
