"""``deduce serve`` as a process on a loopback port, for the tests that need the real server."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from deduce.web.browser import free_port

CARDS = Path(__file__).with_name("cards.yaml")
DEDUCE = Path(sys.executable).with_name("deduce")  # the console script of this venv


@contextmanager
def running(folder: Path, *flags: str, command: tuple[str, ...] = (str(DEDUCE),)) -> Iterator[str]:
    """A running ``deduce serve`` (the test card set, a games file in ``folder``, ``flags``; started
    as ``command``) and its base URL; stopped afterwards, its output printed (pytest shows it when
    a test fails)."""
    port = free_port()
    proc = subprocess.Popen([*command, "serve", "--host", "127.0.0.1", "--port", str(port), "--cards", str(CARDS),
                             "--db", str(folder / "games.sqlite3"), *flags],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
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
