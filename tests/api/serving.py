"""``deduce serve`` as a process on a loopback port, for the tests that need the real server."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from api.browser import free_port
from tests.budget import wait_until_up

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
    try:
        wait_until_up(f"{base}/healthz", proc)
        yield base
    finally:
        proc.terminate()
        try:
            output, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            output, _ = proc.communicate()
        print(output)
