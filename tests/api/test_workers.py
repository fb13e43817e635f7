"""``deduce serve --workers N`` (issue 21 item 4, issue 24 item 1): several server processes share
the game store and the quotas. Real processes on a loopback port; every request on a connection of
its own, so the kernel hands them to either worker."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.jobs import Busy
from api.protocol import COALESCE_BYTES, Coalesced
from api.quotas import CLIENT, ClientQuotas, QuotaExceeded
from tests.api.serving import running

RACERS = 8


def fresh(method: str, url: str, **kwargs: Any) -> httpx.Response:
    """A request on a new connection (which either worker may accept)."""
    with httpx.Client(timeout=60) as client:
        return client.request(method, url, **kwargs)


def test_racing_actions_on_one_game_from_two_workers_one_wins(tmp_path: Path) -> None:
    with running(tmp_path, "--workers", "2") as base:
        created = fresh("POST", f"{base}/v1/games", json={}).json()
        auth = {"Authorization": f"Bearer {created['token']}"}
        assert "pass" in created["view"]["actions"]
        start = threading.Barrier(RACERS)
        statuses: list[int] = []

        def race() -> None:
            with httpx.Client(timeout=60) as client:
                client.get(f"{base}/healthz")  # connected before the start, so that the actions meet
                start.wait()
                answer = client.post(f"{base}/v1/games/{created['id']}/actions", headers=auth,
                                     json={"version": 0, "action": "pass"})
                statuses.append(answer.status_code)
                if answer.status_code == 409:
                    assert answer.json()["errors"][0]["code"] == "stale-version"

        threads = [threading.Thread(target=race) for _ in range(RACERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [200] + [409] * (RACERS - 1)
        view = fresh("GET", f"{base}/v1/games/{created['id']}", headers=auth).json()
        assert view["version"] == 1


def test_the_game_quota_and_the_rate_hold_across_two_workers(tmp_path: Path) -> None:
    """Two unfinished games a client and ten requests in ten seconds, whichever worker answers: each
    worker counting alone would let through up to twice as many."""
    with running(tmp_path, "--workers", "2", "--games-per-client", "2", "--rate", "1") as base:
        games = Counter(fresh("POST", f"{base}/v1/games", json={}).status_code for _ in range(6))
        assert games == {201: 2, 429: 4}
        cards = [fresh("GET", f"{base}/v1/cards") for _ in range(8)]
        assert [answer.status_code for answer in cards] == [200] * 4 + [429] * 4
        assert "quota 'rate'" in cards[-1].json()["errors"][0]["message"]
        assert fresh("GET", f"{base}/healthz").status_code == 200  # probes are never refused


def test_one_design_job_per_client_across_two_workers(tmp_path: Path) -> None:
    with running(tmp_path, "--workers", "2") as base, httpx.Client(timeout=60) as first, \
            first.stream("POST", f"{base}/v1/design", json={"steps": 100_000}) as running_design:
        assert running_design.status_code == 200
        lines = running_design.iter_lines()  # kept: a reader dropped unfinished closes the connection
        assert "progress" in json.loads(next(lines))  # the job runs
        for _ in range(4):
            again = fresh("POST", f"{base}/v1/design", json={"steps": 10})
            assert again.status_code == 429, again.text[:500]
            assert "quota 'designs'" in again.json()["errors"][0]["message"]
            assert int(again.headers["retry-after"]) >= 1
        assert "progress" in json.loads(next(lines))  # and still runs


@contextlib.contextmanager
def acting_as(client: str) -> Iterator[None]:
    """The block runs as a request of ``client``."""
    token = CLIENT.set(client)
    try:
        yield
    finally:
        CLIENT.reset(token)


def hold_a_design(ledger: str, client: str, holding: Any) -> None:
    """In another process: take ``client``'s design place in ``ledger``, say so, and keep it until killed."""
    with acting_as(client), ClientQuotas(ledger=ledger).design(total=2):
        holding.set()
        threading.Event().wait()


def test_leases_are_shared_by_processes_and_freed_when_their_holder_dies(tmp_path: Path) -> None:
    ledger = str(tmp_path / "games.sqlite3-quotas")
    context = multiprocessing.get_context("spawn")
    holding = context.Event()
    holder = context.Process(target=hold_a_design, args=(ledger, "198.51.100.20", holding), daemon=True)
    holder.start()
    quotas = ClientQuotas(ledger=ledger)
    try:
        assert holding.wait(60)
        with acting_as("198.51.100.20"), pytest.raises(QuotaExceeded, match="quota 'designs'"), \
                quotas.design(total=2):
            pass
        with acting_as("198.51.100.21"), quotas.design(total=2), acting_as("198.51.100.22"), \
                pytest.raises(Busy, match="busy with other design jobs"), quotas.design(total=2):
            pass  # two clients hold the service's two places: a third waits
        assert holder.pid is not None
        os.kill(holder.pid, signal.SIGKILL)  # a worker killed while it held its lease
        holder.join(30)
        with acting_as("198.51.100.20"), quotas.design(total=2):  # its lease is void: the place is free again
            pass
    finally:
        quotas.close()
        if holder.is_alive():
            holder.kill()


class Recording(asyncio.Transport):
    """A connection's transport that keeps what is sent, each call apart."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[bytes] = []
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.sent.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.closed = True

    def get_write_buffer_size(self) -> int:
        return 0


def test_an_answer_leaves_in_one_send_and_nothing_after_a_reset() -> None:
    """Each send lets go of the interpreter's lock, which a busy worker's event loop then waits to win
    back: an answer's head and body written in one turn of the loop go out together, a large part at
    once, what is held at a close before it, and nothing after a reset."""

    async def connection() -> None:
        raw = Recording()
        coalesced = Coalesced(raw, asyncio.get_running_loop())
        coalesced.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n")
        coalesced.write(b"{}")
        assert raw.sent == [] and coalesced.get_write_buffer_size() == 40
        await asyncio.sleep(0)  # the end of the turn
        assert raw.sent == [b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"]
        coalesced.write(b"x" * COALESCE_BYTES)
        assert len(raw.sent) == 2
        coalesced.write(b"last")
        coalesced.close()
        assert raw.sent[-1] == b"last" and raw.closed
        reset = Recording()
        dropped = Coalesced(reset, asyncio.get_running_loop())
        dropped.write(b"unread")
        dropped.abort()
        await asyncio.sleep(0)
        assert reset.sent == [] and reset.closed

    asyncio.run(connection())
