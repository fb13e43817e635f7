"""``deduce serve`` says where a phone at the table opens the page (deduce/cli/address.py).

On every address (``--host 0.0.0.0``) it lists this computer's network addresses, draws the first
as a QR code on a terminal, and says who can then reach it; on this computer only, it says how to
open it to the network. A listed address really reaches the server.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
import segno

from api.browser import free_port
from deduce.cli import address
from deduce.cli.address import announce, qr_lines, reachable
from tests.budget import wait_until_up

DEDUCE = Path(sys.executable).with_name("deduce")
#: How the compact drawing shows two rows of modules in one character: (top light, bottom light).
HALVES = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}


class Terminal(io.StringIO):
    """Output that says it is a terminal, as a person's console does."""

    def isatty(self) -> bool:
        return True


def test_only_addresses_another_device_can_reach_are_kept_once_each() -> None:
    assert reachable(["192.168.1.20", "127.0.1.1", "169.254.3.4", "0.0.0.0", "10.0.0.7", "192.168.1.20"]) == [
        "192.168.1.20", "10.0.0.7"]


def test_on_every_address_the_page_is_listed_with_who_can_reach_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.7"])
    out = io.StringIO()
    announce("0.0.0.0", 8000, out)
    assert out.getvalue().splitlines() == [
        "The web page, for a phone or a computer on the same network:",
        "  http://192.168.1.20:8000/",
        "  http://10.0.0.7:8000/",
        "Anyone on that network can open it and use the API: serve like this only on a network you trust, "
        "never facing the internet."]


def test_a_terminal_gets_the_qr_code_of_the_first_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "lan_addresses", lambda: ["192.168.1.20"])
    out = Terminal()
    announce("0.0.0.0", 8000, out)
    drawn = out.getvalue().splitlines()
    assert drawn[2:-1] == [f"  {line}" for line in qr_lines("http://192.168.1.20:8000/")]


def test_the_qr_code_drawn_is_the_page_address() -> None:
    """Read back, the drawing is the QR code of the address, module by module (inside its quiet zone)."""
    url = "http://192.168.1.20:8000/"
    rows: list[list[bool]] = []
    for line in qr_lines(url):
        halves = [HALVES[ch] for ch in line]
        rows += [[not top for top, _ in halves], [not bottom for _, bottom in halves]]
    code = segno.make(url, error="m", micro=False)
    size = len(code.matrix)
    modules = [row[2:2 + size] for row in rows[2:2 + size]]
    assert modules == [[bool(m) for m in row] for row in code.matrix]


def test_on_this_computer_only_it_says_how_to_open_it_to_the_network() -> None:
    out = io.StringIO()
    announce("127.0.0.1", 8123, out)
    assert out.getvalue().splitlines() == [
        "The web page: http://127.0.0.1:8123/",
        "This computer only: `deduce serve --host 0.0.0.0` lets a phone on the same network open it."]


def test_no_network_address_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "lan_addresses", list)
    out = io.StringIO()
    announce("0.0.0.0", 8000, out)
    assert out.getvalue() == ("No network address of this computer was found: "
                              "the page is at http://127.0.0.1:8000/ here.\n")


def test_serve_on_every_address_prints_an_address_that_reaches_it(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen([str(DEDUCE), "serve", "--host", "0.0.0.0", "--port", str(port),
                               "--db", str(tmp_path / "games.sqlite3")],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        listed = server.stdout.readline().strip()
        assert first.startswith("The web page, for a phone"), first
        assert listed.startswith("http://") and not listed.startswith("http://127."), listed
        wait_until_up(f"{listed}healthz", server)  # it prints its addresses before it listens
    finally:
        server.terminate()
        server.wait(10)
