"""What one client may cost (SPEC 6, "A public server", issue 24): quotas per client answered 429
with ``Retry-After`` and a body naming the quota, other clients unaffected; and the retention of
games, after which a game is gone (404) and its rows are deleted."""

from __future__ import annotations

import bisect
import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient

from api import quotas as api_quotas
from api.app import create_app
from api.quotas import CLIENT, ClientQuotas, QuotaExceeded, client_address
from deduce.cli import main
from deduce.cli import serve as serve_cli
from deduce.errors import GameNotFound, Illegal, InputError
from deduce.game.store import GameStore
from deduce.shipped import load_rules
from deduce.where import boardfile
from tests.api.serving import CARDS
from tests.api.test_games import random_action

MEMORY = ":memory:"
PROXY = "testclient"  # the address starlette's test client connects from


def quota_problem(response: httpx2.Response, quota: str) -> str:
    """The message of a 429 answer naming ``quota``, after checking its shape and ``Retry-After``."""
    assert response.status_code == 429, response.text
    assert int(response.headers["retry-after"]) >= 1
    [problem] = response.json()["errors"]
    assert problem["code"] == "quota"
    assert f"quota {quota!r}" in problem["message"]
    message: str = problem["message"]
    return message


def as_client(address: str) -> dict[str, str]:
    """Headers of a request that the trusted proxy forwards for ``address``."""
    return {"X-Forwarded-For": f"203.0.113.250, {address}"}  # the first hop is the client's own claim


@pytest.fixture()
def proxied() -> Iterator[TestClient]:
    """An app behind the test client as its trusted proxy, with small quotas."""
    quotas = ClientQuotas(games=2, requests_per_second=3, trusted_proxy=PROXY)
    with TestClient(create_app(CARDS, games_db=MEMORY, quotas=quotas)) as c:
        yield c


def test_a_client_over_its_game_quota_gets_429_while_another_still_starts_a_game(proxied: TestClient) -> None:
    for _ in range(2):
        assert proxied.post("/v1/games", json={}, headers=as_client("198.51.100.1")).status_code == 201
    message = quota_problem(proxied.post("/v1/games", json={}, headers=as_client("198.51.100.1")), "games")
    assert "at most 2 unfinished games per client" in message
    assert proxied.post("/v1/games", json={}, headers=as_client("198.51.100.2")).status_code == 201


def test_a_client_over_its_rate_gets_429_while_another_is_answered(proxied: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    now = time.time()
    monkeypatch.setattr("api.quotas.time.time", lambda: now)  # every request in one instant, however slow the machine
    window = 3 * api_quotas.RATE_WINDOW
    for _ in range(window):
        assert proxied.get("/v1/cards", headers=as_client("198.51.100.3")).status_code == 200
    message = quota_problem(proxied.get("/v1/cards", headers=as_client("198.51.100.3")), "rate")
    assert "at most 3 requests a second" in message
    assert proxied.get("/v1/cards", headers=as_client("198.51.100.4")).status_code == 200
    assert proxied.get("/healthz", headers=as_client("198.51.100.3")).status_code == 200  # probes are never refused


class Clock:
    """``time.time`` for :mod:`api.quotas`, moved by hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = 1_000_000.0
        monkeypatch.setattr("api.quotas.time.time", lambda: self.now)


def test_the_rate_holds_exactly_near_its_limit_across_processes(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes' windows on one ledger, hits alternating between them: ten in the window, not
    one more, whichever counts it, until the oldest leaves the window."""
    clock = Clock(monkeypatch)
    ledger = str(tmp_path / "quotas")
    first, second = (api_quotas.RateWindow(api_quotas.Ledger(ledger), limit=10, window=10) for _ in range(2))
    waits = []
    for i in range(14):
        clock.now += 0.01
        waits.append((first, second)[i % 2].hit("198.51.100.20"))
    assert waits[:10] == [None] * 10
    assert all(wait is not None and 9.9 < wait <= 10.4 for wait in waits[10:])
    assert second.hit("198.51.100.21") is None  # another client
    clock.now += 10.4
    assert first.hit("198.51.100.20") is None  # the first hits have left the window


def two_processes(tmp_path: Path, limit: int) -> list[api_quotas.RateWindow]:
    """The rate windows of two processes of one server: each with its own connection to one ledger file."""
    return [api_quotas.RateWindow(api_quotas.Ledger(str(tmp_path / "quotas")), limit, window=10) for _ in range(2)]


def ask(windows: list[api_quotas.RateWindow], clock: Clock, per_second: float,
        seconds: float) -> tuple[int, list[float]]:
    """A client asking about ``per_second`` times a second (at random moments, of either process) for
    ``seconds``: how many times it asked, and the moments it was admitted."""
    rng = random.Random(3)
    asked, admitted, end = 0, [], clock.now + seconds
    while clock.now < end:
        clock.now += rng.expovariate(per_second)
        asked += 1
        if rng.choice(windows).hit("198.51.100.22") is None:
            admitted.append(clock.now)
    return asked, admitted


def test_a_client_past_its_rate_never_has_more_than_its_limit_in_any_window(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Five times its rate, on two processes: at most its limit in any ten seconds, and at most a few
    percent less (what the processes claimed and gave back, or still hold, counts a little longer)."""
    _, admitted = ask(two_processes(tmp_path, limit=1000), Clock(monkeypatch), per_second=500, seconds=60)
    most = max(bisect.bisect_left(admitted, at + 10) - i for i, at in enumerate(admitted))
    assert 950 <= most <= 1000
    assert len(admitted) >= 0.95 * 6 * 1000


def test_a_client_within_its_rate_is_never_refused_and_seldom_writes_to_the_ledger(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Half its rate, on two processes: every request admitted, and the processes claim its hits a
    few at a time (a write transaction of the ledger each), not one by one."""
    writes = 0
    transaction = api_quotas.Ledger.transaction

    def counted(ledger: api_quotas.Ledger) -> contextlib.AbstractContextManager[Any]:
        nonlocal writes
        writes += 1
        return transaction(ledger)

    monkeypatch.setattr(api_quotas.Ledger, "transaction", counted)
    asked, admitted = ask(two_processes(tmp_path, limit=1000), Clock(monkeypatch), per_second=50, seconds=60)
    assert len(admitted) == asked
    assert writes <= asked / 4


def test_without_a_trusted_proxy_the_forwarded_header_is_ignored() -> None:
    quotas = ClientQuotas(games=1)
    with TestClient(create_app(CARDS, games_db=MEMORY, quotas=quotas)) as c:
        assert c.post("/v1/games", json={}, headers=as_client("198.51.100.5")).status_code == 201
        quota_problem(c.post("/v1/games", json={}, headers=as_client("198.51.100.6")), "games")  # the same peer


@pytest.mark.parametrize(("peer", "forwarded", "trusted", "client"), [
    ("10.0.0.1", None, None, "10.0.0.1"),
    ("10.0.0.1", "1.2.3.4", None, "10.0.0.1"),  # no trusted proxy: the header is the client's word
    ("10.0.0.1", "1.2.3.4", "10.0.0.9", "10.0.0.1"),  # not from the proxy
    ("10.0.0.9", "6.6.6.6, 1.2.3.4", "10.0.0.9", "1.2.3.4"),  # the proxy's own hop is the last one
    ("10.0.0.9", "not an address", "10.0.0.9", "10.0.0.9"),
    ("10.0.0.9", None, "10.0.0.9", "10.0.0.9"),
    ("10.0.0.9", "2001:DB8::1", "10.0.0.9", "2001:db8::1"),
])
def test_the_client_is_the_peer_or_what_the_trusted_proxy_forwards(peer: str, forwarded: str | None,
                                                                   trusted: str | None, client: str) -> None:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    assert client_address({"type": "http", "client": (peer, 1234), "headers": headers}, trusted) == client


def test_costly_requests_in_flight_are_counted_per_client() -> None:
    quotas = ClientQuotas(costly_in_flight=1)
    first = CLIENT.set("198.51.100.7")
    try:
        with quotas.costly():
            with pytest.raises(QuotaExceeded, match="quota 'costly'") as refused, quotas.costly():
                pass
            assert refused.value.retry_after >= 1
            other = CLIENT.set("198.51.100.8")
            try:
                with quotas.costly():  # another client has its own places
                    pass
            finally:
                CLIENT.reset(other)
        with quotas.costly():  # the place is free again once the work is done
            pass
    finally:
        CLIENT.reset(first)


def test_a_costly_request_past_the_quota_gets_429(tmp_path: Path) -> None:
    ledger = str(tmp_path / "games.sqlite3-quotas")
    quotas = ClientQuotas(costly_in_flight=1, ledger=ledger)
    elsewhere = ClientQuotas(costly_in_flight=1, ledger=ledger)  # another process of the same server
    with TestClient(create_app(CARDS, games_db=MEMORY, quotas=quotas)) as c:
        token = CLIENT.set("testclient")
        try:
            with elsewhere.costly():  # one audit of this client still running, in the other process
                response = c.post("/v1/audit", content=CARDS.read_bytes(), headers={"content-type": "application/yaml"})
                quota_problem(response, "costly")
        finally:
            CLIENT.reset(token)
        assert c.post("/v1/audit", content=CARDS.read_bytes(),
                      headers={"content-type": "application/yaml"}).status_code == 200
    elsewhere.close()


def finish(store: GameStore, seed: int) -> tuple[str, str]:
    """A game played with random actions (a refused one changes nothing) until it ends: its id and token."""
    game, token = store.create({"seed": seed}, "198.51.100.9")
    board, rng = boardfile.to_json(store.rules.board), random.Random(seed)
    while not game.over:
        with contextlib.suppress(Illegal, InputError):
            game, _ = store.act(game.id, token, game.version, random_action(dict(game.view()), board, rng))
    return game.id, token


def test_finished_games_are_deleted_after_the_retention(monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(MEMORY, load_rules(), retention=3600.0, admit=ClientQuotas(games=2).admit_game)
    played = [finish(store, seed) for seed in range(8)]  # finished games do not count against the quota
    assert store.stored_games() == 8
    assert all(store.get(game_id, token).over for game_id, token in played)
    later = time.time() + 3601.0
    monkeypatch.setattr("deduce.game.store.time.time", lambda: later)  # an hour on
    for game_id, token in played:  # past its time, a game is gone at once, before its rows are
        with pytest.raises(GameNotFound):
            store.get(game_id, token)
    store.create({"seed": 99}, "198.51.100.10")  # deletes what is past its time
    assert store.stored_games() == 1
    actions: int = store._db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    assert actions == 0


def test_an_expired_or_deleted_game_answers_404(monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(CARDS, games_db=MEMORY, game_expiry=60.0)) as c:
        created: dict[str, Any] = c.post("/v1/games", json={}).json()
        auth = {"Authorization": f"Bearer {created['token']}"}
        assert c.get(f"/v1/games/{created['id']}", headers=auth).status_code == 200
        later = time.time() + 61.0
        monkeypatch.setattr("deduce.game.store.time.time", lambda: later)  # a minute on, without an action
        assert c.get(f"/v1/games/{created['id']}", headers=auth).status_code == 404  # expired, rows still there
        c.post("/v1/games", json={})  # which deletes it
        assert c.get(f"/v1/games/{created['id']}", headers=auth).status_code == 404


def test_serve_shows_each_quota_and_the_retention_with_its_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for option in ("--retention DAYS", "--game-expiry HOURS", "--games-per-client N", "--costly-per-client N",
                   "--rate N", "--trusted-proxy ADDR"):
        assert option in shown
    assert "(default: 30)" in shown
    assert (serve_cli.GAMES_PER_CLIENT, serve_cli.COSTLY_PER_CLIENT, serve_cli.REQUESTS_PER_SECOND) == (
        api_quotas.GAMES_PER_CLIENT, api_quotas.COSTLY_PER_CLIENT, api_quotas.REQUESTS_PER_SECOND)
