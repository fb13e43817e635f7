"""The service against an attacker (issue 11): every case with its expected status, never a 500,
nothing changed, answers no larger than their requests, and no request that holds up the rest.

Most run in-process (FastAPI's test client re-raises anything that escapes the app, so an
unexpected error fails the test); the cases about connections and processes run against
``deduce serve`` itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send

from api.app import create_app
from api.jobs import Busy, Gone, JobFailed, Jobs
from api.middleware import BodyLimit
from bench.load import worst_card_set
from deduce.errors import MAX_PROBLEMS, Illegal, InputError, Problem
from deduce.game.store import GameStore
from deduce.shipped import data_path, load_rules
from deduce.where import boardfile
from tests.api.serving import CARDS, running
from tests.api.test_games import random_action
from tests.budget import wait_until

MEMORY = ":memory:"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(CARDS, games_db=MEMORY)) as c:
        yield c


def errors_of(response: httpx2.Response, status: int) -> list[dict[str, Any]]:
    assert response.status_code == status, response.text
    problems: list[dict[str, Any]] = response.json()["errors"]
    assert problems and all({"code", "path", "loc", "message"} <= set(p) <= {"code", "path", "loc", "message",
                                                                            "refusal", "params"} for p in problems)
    return problems


def new_game(client: TestClient) -> tuple[str, dict[str, str]]:
    created = client.post("/v1/games", json={"seed": 3})
    assert created.status_code == 201, created.text
    return created.json()["id"], {"authorization": f"Bearer {created.json()['token']}"}


# -- no 500 from any input -------------------------------------------------------------


@pytest.mark.parametrize("action", [["move"], {"move": 1}, 7, None, "x" * 10_000])
def test_an_action_name_of_any_type_is_422_and_changes_nothing(client: TestClient, action: object) -> None:
    gid, auth = new_game(client)
    problems = errors_of(client.post(f"/v1/games/{gid}/actions", json={"version": 0, "action": action},
                                     headers=auth), 422)
    assert problems[0]["path"] == "action" and len(problems[0]["message"]) < 300
    assert client.get(f"/v1/games/{gid}", headers=auth).json()["version"] == 0


def test_a_huge_unknown_field_name_in_an_action_is_named_short(client: TestClient) -> None:
    gid, auth = new_game(client)
    response = client.post(f"/v1/games/{gid}/actions", json={"version": 0, "action": "pass", "y" * 60_000: 1},
                           headers=auth)
    problem = errors_of(response, 422)[0]
    assert problem["path"].endswith("...") and len(response.content) < 1000


def test_a_game_body_past_64_kib_is_413_before_it_is_read(client: TestClient) -> None:
    gid, auth = new_game(client)
    action = {"version": 0, "action": "pass", "padding": "x" * (64 << 10)}
    assert errors_of(client.post(f"/v1/games/{gid}/actions", json=action, headers=auth), 413)[0]["code"] == "limit"
    assert errors_of(client.post("/v1/games", json={"padding": "x" * (64 << 10)}), 413)[0]["code"] == "limit"
    assert client.get(f"/v1/games/{gid}", headers=auth).json()["version"] == 0


BIG = "0x" + "f" * 5000  # a YAML integer of about 6,000 digits: Python will not print it


@pytest.mark.parametrize("field", ["schema", "traits_per_lady", "name"])
def test_yaml_integers_of_thousands_of_digits_are_described_not_printed(client: TestClient, field: str) -> None:
    text = CARDS.read_text()
    text = (text.replace("schema: 1", f"schema: {BIG}") if field == "schema"
            else text.replace("traits_per_lady: 3", f"traits_per_lady: {BIG}") if field == "traits_per_lady"
            else text.replace("name: API test set", f"name: {BIG}"))
    response = client.post("/v1/audit", content=text.encode(), headers={"content-type": "application/yaml"})
    problems = errors_of(response, 422)
    assert any(p["path"] == field for p in problems), problems
    assert len(response.content) < 2000


def test_json_integers_of_thousands_of_digits_are_422(client: TestClient) -> None:
    body = b'{"suit": "rose", "clues": [{"traits": ["court", "lover", "musical"], "counts": [' + b"9" * 5000 + b"]}]}"
    problems = errors_of(client.post("/v1/deduce", content=body, headers={"content-type": "application/json"}), 422)
    assert "digits" in problems[0]["message"]


#: JSON whose \\u escapes make half a surrogate pair: a string no UTF-8 answer can quote. The same
#: half encoded in UTF-8 or UTF-16 bytes is not text at all.
LONE_SURROGATES = [b'{"\\ud800": 1}', b'{"suit": "\\udfff"}', b'{"clues": [{"traits": ["x\\uDBFF"]}]}',
                   b'{"query": {"\\ud800": 1}}', b'{"\xed\xa0\x80": 1}', '{"\\ud800": 1}'.encode("utf-16")]


@pytest.mark.parametrize("body", LONE_SURROGATES)
@pytest.mark.parametrize("route", ["/v1/deduce", "/v1/track", "/v1/hint", "/v1/advice", "/v1/audit-deck",
                                   "/v1/cards/check", "/v1/board/check", "/v1/games", "/v1/audit"])
def test_a_lone_surrogate_is_422_not_an_answer_that_cannot_be_encoded(client: TestClient, route: str,
                                                                      body: bytes) -> None:
    response = client.post(route, content=body, headers={"content-type": "application/json"})
    assert "surrogate" in errors_of(response, 422)[0]["message"] or "text" in response.json()["errors"][0]["message"]


def test_a_lone_surrogate_in_an_action_changes_nothing(client: TestClient) -> None:
    gid, auth = new_game(client)
    body = b'{"version": 0, "action": "move", "to": "\\ud800"}'
    response = client.post(f"/v1/games/{gid}/actions", content=body,
                           headers={**auth, "content-type": "application/json"})
    assert errors_of(response, 422)[0]["path"] == "to"
    assert client.get(f"/v1/games/{gid}", headers=auth).json()["version"] == 0


def test_surrogate_pairs_are_characters(client: TestClient) -> None:
    body = b'{"suit": "\\ud83d\\ude00", "clues": []}'
    response = client.post("/v1/deduce", content=body, headers={"content-type": "application/json"})
    assert "\U0001f600" in errors_of(response, 422)[0]["message"]


# -- errors stay small and cheap ---------------------------------------------------------


def test_problems_are_capped_and_counted() -> None:
    error = InputError(Problem(("clues", i), "bad") for i in range(MAX_PROBLEMS + 7))
    assert len(error.problems) == MAX_PROBLEMS + 1
    assert error.problems[-1].code == "limit" and "and 7 more problems" in error.problems[-1].message


def test_tens_of_thousands_of_unknown_suits_get_a_small_answer(client: TestClient) -> None:
    key = {f"s{i}": [1] for i in range(60_000)}
    body = json.dumps({"suit": "rose", "clues": [{"traits": ["court", "lover", "musical"], "key": key}]}).encode()
    assert len(body) < 1 << 20
    response = client.post("/v1/deduce", content=body, headers={"content-type": "application/json"})
    problems = errors_of(response, 422)
    assert len(problems) == MAX_PROBLEMS + 1 and problems[-1]["code"] == "limit"
    assert len(response.content) < 20_000


def test_tens_of_thousands_of_unknown_fields_in_an_observation_get_a_small_answer(client: TestClient) -> None:
    observation = {f"f{i}": 1 for i in range(60_000)} | {"slot": 0, "landmark": "playhouse"}
    body = json.dumps({"length": 26, "moves": "always", "now": 0, "observations": [observation]}).encode()
    response = client.post("/v1/track", content=body, headers={"content-type": "application/json"})
    assert len(errors_of(response, 422)) == MAX_PROBLEMS + 1 and len(response.content) < 20_000


def test_an_unsolvable_case_names_ten_trait_sets_and_counts_the_rest(client: TestClient) -> None:
    response = client.post("/v1/audit", json=worst_card_set(suits=3, per=5))  # 4,363 trait sets left per case
    assert response.status_code == 200, response.text
    unsolvable = [e for e in response.json()["errors"] if e["code"] == "unsolvable"]
    assert unsolvable and all(len(e["message"]) < 500 and e["message"].endswith("; and 4353 more")
                              for e in unsolvable)


# -- the service's own limits ----------------------------------------------------------------


def test_head_healthz(client: TestClient) -> None:
    response = client.head("/healthz")
    assert response.status_code == 200 and response.content == b""


def test_an_audit_over_its_time_is_stopped_and_422() -> None:
    with TestClient(create_app(CARDS, games_db=MEMORY, audit_seconds=1000, audit_timeout=1)) as c:
        problems = errors_of(c.post("/v1/audit", json=worst_card_set()), 422)
    # the deadline fired: a 45 s audit that ran to its end would have answered 200
    assert problems[0]["code"] == "limit" and "longer than 1 s" in problems[0]["message"]


def test_the_worst_audit_is_refused_before_it_runs(client: TestClient) -> None:
    problems = errors_of(client.post("/v1/audit", json=worst_card_set()), 422)
    # refused from its estimate, before it ran (a run cut short by its deadline says "longer than")
    assert problems[0]["code"] == "limit" and "would take about" in problems[0]["message"]


def test_audits_past_the_queue_get_503_with_retry_after() -> None:
    app = create_app(CARDS, games_db=MEMORY, audit_seconds=1000, audit_timeout=3, audit_workers=1, audit_queue=0)
    with TestClient(app) as c, ThreadPoolExecutor(1) as pool:
        slow = pool.submit(c.post, "/v1/audit", json=worst_card_set())
        wait_until(lambda: app.state.service.audits_held == 1, "the slow audit taking the only slot")
        response = c.post("/v1/audit", json=worst_card_set())  # a costly one too (a cheap one runs on a thread)
        assert errors_of(response, 503)[0]["code"] == "busy"
        assert int(response.headers["retry-after"]) > 0
        # a cheap audit (a designer's live one) does not wait for the slot: it runs on a worker thread
        assert c.post("/v1/audit", content=CARDS.read_bytes(),
                      headers={"content-type": "application/yaml"}).status_code == 200
        assert not slow.done()
        assert slow.result().status_code == 422  # stopped at its time limit
        again = c.post("/v1/audit", json=worst_card_set())  # the slot is free again: it runs, to its time limit
        assert "longer than 3 s" in errors_of(again, 422)[0]["message"]


def test_live_games_are_capped_with_503_and_retry_after() -> None:
    with TestClient(create_app(CARDS, games_db=MEMORY, max_live_games=2)) as c:
        new_game(c)
        new_game(c)
        response = c.post("/v1/games", json={})
        assert errors_of(response, 503)[0]["code"] == "games-full"
        assert int(response.headers["retry-after"]) > 0


def test_abandoned_games_expire_and_finished_ones_stay() -> None:
    store = GameStore(MEMORY, load_rules(), max_live=2, expiry=0.2)
    abandoned, token = store.create({"seed": 1})
    finished, finished_token = store.create({"seed": 2})
    board, rng = boardfile.to_json(store.rules.board), random.Random(2)
    while not finished.over:  # random actions (a refused one changes nothing) until the game ends
        with contextlib.suppress(Illegal, InputError):
            finished, _ = store.act(finished.id, finished_token, finished.version,
                                    random_action(dict(finished.view()), board, rng))
    assert store.live_games() == 1
    time.sleep(0.3)
    store.create({"seed": 3})  # deletes the game left alone for longer than the expiry
    with pytest.raises(Exception, match="no such game"):
        store.get(abandoned.id, token)
    assert store.get(finished.id, finished_token).over
    assert store.live_games() == 1


def test_a_stalled_body_gets_408() -> None:
    sent: list[Message] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await receive()  # reads the body, which never comes

    async def stalled() -> Message:
        await asyncio.sleep(60)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: Scope = {"type": "http", "headers": [(b"content-length", b"10")]}
    asyncio.run(BodyLimit(app, max_bytes=100, body_seconds=0.2)(scope, stalled, send))
    # the body's deadline fired: waiting for the body would have read the empty body after 60 s, and 200
    assert sent[0]["status"] == 408 and b"did not arrive" in sent[1]["body"]


# -- jobs in child processes ---------------------------------------------------------------


async def never_gone() -> bool:
    return False


def test_a_job_whose_client_leaves_is_stopped_at_once() -> None:
    async def scenario() -> float:
        jobs = Jobs(timeout=60)
        start = asyncio.get_running_loop().time()

        async def gone() -> bool:
            return asyncio.get_running_loop().time() - start > 0.5

        with pytest.raises(Gone):
            await jobs.run(time.sleep, 30, gone=gone)
        return asyncio.get_running_loop().time() - start

    assert asyncio.run(scenario()) < 10


def test_a_job_past_its_memory_is_a_limit_error() -> None:
    async def scenario() -> None:
        jobs = Jobs(max_memory=1 << 30)
        with pytest.raises(InputError, match="more than 1024 MiB"):
            await jobs.run(bytearray, 2 << 30, gone=never_gone)

    asyncio.run(scenario())


def test_a_job_that_breaks_is_a_failure_not_an_answer() -> None:
    async def scenario() -> None:
        with pytest.raises(JobFailed, match="ValueError"):
            await Jobs().run(int, "not a number", gone=never_gone)

    asyncio.run(scenario())


def test_jobs_past_the_queue_are_busy() -> None:
    async def scenario() -> None:
        jobs = Jobs(workers=1, queue=0, timeout=5)
        first = asyncio.create_task(jobs.run(time.sleep, 2, gone=never_gone))
        await asyncio.sleep(0)  # one turn of the loop: the first job takes its place before it first waits
        with pytest.raises(Busy):
            await jobs.run(time.sleep, 0, gone=never_gone)
        await first

    asyncio.run(scenario())


# -- against the real server ---------------------------------------------------------------


def test_a_client_that_leaves_frees_its_audit_slot(tmp_path: Path) -> None:
    with running(tmp_path, "--audit-seconds", "1000") as base:
        with pytest.raises(httpx.TimeoutException):
            httpx.post(f"{base}/v1/audit", json=worst_card_set(), timeout=2)  # leaves after 2 s of a 45 s audit
        # with the slot still held, this audit would wait for the 43 s the abandoned one has left, past its
        # own 30 s: it is answered because the slot was freed
        response = httpx.post(f"{base}/v1/audit", content=CARDS.read_bytes(),
                              headers={"content-type": "application/yaml"}, timeout=30)
        assert response.status_code == 200


def test_healthz_answers_while_audits_and_huge_bodies_are_at_work(tmp_path: Path) -> None:
    with running(tmp_path, "--audit-seconds", "1000") as base:
        stop, hammered = threading.Event(), threading.Event()

        def hammer() -> None:
            junk = json.dumps({"suit": "rose", "clues": [{"traits": ["a", "b", "c"],
                                                          "key": {f"s{i}": [1] for i in range(60_000)}}]})
            while not stop.is_set():
                httpx.post(f"{base}/v1/deduce", content=junk, timeout=60)
                hammered.set()

        def audit() -> None:
            with pytest.raises(httpx.TimeoutException):  # it leaves after 8 s, which stops the audit
                httpx.post(f"{base}/v1/audit", json=worst_card_set(), timeout=8)

        with ThreadPoolExecutor(3) as pool:
            auditing = pool.submit(audit)
            hammers = [pool.submit(hammer) for _ in range(2)]
            assert hammered.wait(60), "no huge body was answered"  # the server is at work on them
            try:
                for _ in range(10):
                    assert httpx.get(f"{base}/healthz", timeout=10).status_code == 200
            finally:
                stop.set()
            for h in hammers:
                h.result()
            auditing.result()


def test_large_bodies_are_answered_in_a_child_process_the_same(client: TestClient) -> None:
    """A body over 64 KiB is read in a child process: the same answer, and the same errors."""
    padded = CARDS.read_bytes() + b"# padding\n" * 10_000
    assert len(padded) > 64 << 10
    small = client.post("/v1/cards/check", content=CARDS.read_bytes(), headers={"content-type": "application/yaml"})
    large = client.post("/v1/cards/check", content=padded, headers={"content-type": "application/yaml"})
    assert large.status_code == small.status_code == 200 and large.json() == small.json()
    query = {"suit": "rose", "clues": [{"card": "jacqueline-field"}]}
    spaced = json.dumps(query).encode() + b" " * (100 << 10)
    assert client.post("/v1/deduce", content=spaced).json() == client.post("/v1/deduce", json=query).json()
    bad = client.post("/v1/hint", content=b'{"query": {"suit": "nowhere"}}' + b" " * (100 << 10))
    assert errors_of(bad, 422)[0]["path"] == "query.suit"


def test_slow_clients_are_cut_off(tmp_path: Path) -> None:
    """Headers that never end get the connection closed; a body that stops gets 408 and a close."""
    with running(tmp_path, "--header-timeout", "1", "--body-timeout", "1") as base:
        host, port = base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as slow:
            slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            assert slow.recv(1000) == b""  # closed by the server, within the socket's 10 s
        with socket.create_connection((host, int(port)), timeout=10) as slow:
            slow.sendall(b"POST /v1/deduce HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{\"suit\": ")  # and never the rest
            answer = b""
            while chunk := slow.recv(1000):  # until the server closes the connection
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive" in answer
        assert httpx.get(f"{base}/healthz").status_code == 200  # the server itself is fine


def test_own_documents_are_read_in_a_child_with_a_time_limit() -> None:
    """A request that brings its own card set is read and answered in a child process, stopped at
    the service's time limit for such requests (here a microsecond, less than reading a card set
    takes), while the service's own deductions are answered as ever."""
    hint = {"query": {"suit": "rose", "clues": [], "explain": True}, "cards": data_path("clues.yaml").read_text()}
    with TestClient(create_app(CARDS, games_db=MEMORY, isolated_timeout=1e-6)) as c:
        assert "longer than 1e-06 s" in errors_of(c.post("/v1/hint", json=hint), 422)[0]["message"]
        assert c.post("/v1/deduce", json={"suit": "rose", "clues": []}).status_code == 200


def test_python_m_deduce_serve_runs_audits_in_children_once(tmp_path: Path) -> None:
    """Started as ``python -m deduce``, the service's child processes import that module again
    (multiprocessing does): it must not start a second server in each of them."""
    with running(tmp_path, command=(sys.executable, "-m", "deduce")) as base:
        for _ in range(2):
            response = httpx.post(f"{base}/v1/audit", content=CARDS.read_bytes(),
                                  headers={"content-type": "application/yaml"}, timeout=30)
            assert response.status_code == 200, response.text
