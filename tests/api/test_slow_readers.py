"""Slow readers (SPEC 6, issue 24): clients that ask for the largest answer the service gives and
never read it cost the server little, and ``/healthz`` still answers beside them (real sockets,
against ``deduce serve``)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
from pathlib import Path

import httpx

from bench.load import worst_card_set
from tests.api.serving import running

CLIENTS = 30
#: The most the server may grow by for them (issue 24: before paging, 850 MB).
GROWTH = 100 << 20


def server_process(base: str) -> int:
    """The pid of the ``deduce serve`` serving ``base`` (a child of this test, told by its command line)."""
    port = base.rsplit(":", 1)[1]
    for proc in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            if ppid == os.getpid() and b"serve" in argv and port.encode() in argv:
                return int(proc.name)
    raise AssertionError(f"no child process serves port {port}")


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    [line] = [line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmRSS:")]
    return int(line.split()[1]) * 1024


def test_thirty_clients_that_never_read_cost_under_100_mb_and_healthz_answers(tmp_path: Path) -> None:
    cards = tmp_path / "worst.json"
    cards.write_text(json.dumps(worst_card_set(suits=4)))  # 51,480 candidates for a query of nothing
    with running(tmp_path, cards=cards) as base:
        server = server_process(base)
        assert httpx.post(f"{base}/v1/deduce", json={}, timeout=60).json()["count"] == 4 * 12_870
        before = rss(server)
        host, port = base.removeprefix("http://").split(":")
        request = (f"POST /v1/deduce HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                   "Content-Length: 2\r\n\r\n{}").encode()
        readers = []
        try:
            for _ in range(CLIENTS):
                sock = socket.socket()
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a window that fills at once
                sock.connect((host, int(port)))
                sock.sendall(request)
                readers.append(sock)  # and never read
            time.sleep(15)  # every answer made and waiting to be sent
            start = time.monotonic()
            assert httpx.get(f"{base}/healthz", timeout=10).status_code == 200
            took = time.monotonic() - start
            grown = rss(server) - before
            assert took < 1, f"/healthz took {took:.2f} s beside {CLIENTS} clients that do not read"
            assert grown < GROWTH, f"the server grew by {grown / (1 << 20):.0f} MB for {CLIENTS} clients"
        finally:
            for sock in readers:
                sock.close()
