"""Slow readers (SPEC 6, issue 24): clients that ask for the largest answer the service gives and
never read it cost the server little, ``/healthz`` still answers beside them, and each is dropped
after the write timeout (real sockets, against ``deduce serve``)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
from pathlib import Path

import httpx

from bench.load import worst_card_set
from tests.api.serving import running
from tests.budget import wait_until

CLIENTS = 30
#: The state of a TCP socket the other end has reset (``tcpi_state``, the first byte of ``TCP_INFO``).
TCP_CLOSE = 7
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


def answer_begun(sock: socket.socket) -> bool:
    """Whether the body of the answer has begun to come in on ``sock``, looked at and left unread:
    the service makes an answer whole before it sends a byte of it, so the answer is made."""
    try:
        waiting = sock.recv(1 << 16, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return False
    _, blank_line, body = waiting.partition(b"\r\n\r\n")
    return bool(blank_line and body)


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
            wait_until(lambda: all(map(answer_begun, readers)), f"the answers to all {CLIENTS} clients")
            assert httpx.get(f"{base}/healthz", timeout=10).status_code == 200  # beside them, not after them
            grown = rss(server) - before
            assert grown < GROWTH, f"the server grew by {grown / (1 << 20):.0f} MB for {CLIENTS} clients"
        finally:
            for sock in readers:
                sock.close()


def never_reading(base: str) -> socket.socket:
    """A connection that asks for the largest answer (every candidate of the worst card set: a page of a
    thousand) with a receive window that fills at once, and does not read it."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    sock.sendall((f"POST /v1/deduce HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                  "Content-Length: 2\r\n\r\n{}").encode())
    return sock


def test_a_client_that_never_reads_is_dropped_after_the_write_timeout(tmp_path: Path) -> None:
    cards = tmp_path / "worst.json"
    cards.write_text(json.dumps(worst_card_set(suits=4)))
    with running(tmp_path, "--write-timeout", "1", cards=cards) as base:
        assert httpx.post(f"{base}/v1/deduce", json={}, timeout=60).status_code == 200  # the answer is quick now
        sock = never_reading(base)
        wait_until(lambda: sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] == TCP_CLOSE,
                   "the server dropping the connection of a client that does not read",
                   within_s=20)  # a bound on the wait, below the default write timeout (30 s)
        received = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(1 << 16):
                received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200")
        sock.close()
        [length] = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length")]
        assert len(body) < length  # dropped with its answer unsent, not closed after sending it
