"""The app in a real browser, for the browser tests (tests/web) and the screenshots:
the server under uvicorn on a free local port, and Debian's chromium under Playwright.

Needs the ``[api]`` extra and Playwright (the ``[test]`` extra); the browser is
``/usr/bin/chromium`` (``apt-get install chromium``), since Playwright's own download is
not used.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright, ViewportSize

CHROMIUM = Path("/usr/bin/chromium")
#: Chromium's switches: no sandbox (root in a container), and nothing that reaches the network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 375, "height": 667}


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_server(games_db: Path, start_timeout: float = 30) -> Iterator[str]:
    """``deduce serve``'s app (shipped data, the given game store) under uvicorn in a thread; yields its base URL."""
    import uvicorn

    from api.app import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(games_db=games_db), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, name="web-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + start_timeout
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def launch(playwright: Playwright) -> Browser:
    """Debian's chromium, headless, kept off the network."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
