"""``deduce serve`` as a process on a loopback port, for the tests that need the real server."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from api.browser import free_port

CARDS = Path(__file__).with_name("cards.yaml")
DEDUCE = Path(sys.executable).with_name("deduce")  # the console script of this venv


@contextmanager
def running(folder: Path, *flags: str, command: tuple[str, ...] = (str(DEDUCE),),
            cards: Path | None = CARDS) -> Iterator[str]:
    """A running ``deduce serve`` (the card set ``cards``, the test set by default and the shipped one
    for None, a games file in ``folder``, ``flags``; started as ``command``, in ``folder``) and its base
    URL; stopped afterwards, its output printed (pytest shows it when a test fails)."""
    port = free_port()
    card_flags = ["--cards", str(cards)] if cards is not None else []
    proc = subprocess.Popen([*command, "serve", "--host", "127.0.0.1", "--port", str(port), *card_flags,
                             "--db", str(folder / "games.sqlite3"), *flags],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            assert proc.poll() is None, f"deduce serve exited early:\n{proc.stdout.read() if proc.stdout else ''}"
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "deduce serve did not come up within 30 s"
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            output, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            output, _ = proc.communicate()
        print(output)
