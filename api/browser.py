"""The app in a real browser, for the browser tests (tests/web) and the screenshots:
the server under uvicorn on a free local port, and Debian's chromium under Playwright.

Needs the ``[api]`` extra and Playwright (the ``[test]`` extra); the browser is
``/usr/bin/chromium`` (``apt-get install chromium``), since Playwright's own download is
not used.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright, ViewportSize

    from api.quotas import ClientQuotas

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
def running_server(games_db: Path, start_timeout: float = 60, quotas: ClientQuotas | None = None) -> Iterator[str]:
    """``deduce serve``'s app (shipped data, the given game store, the given per-client quotas) under
    uvicorn in a thread; yields its base URL once the app has started (``start_timeout`` only bounds a
    hang).

    The socket is bound here and handed to uvicorn, so that no other process can take the port
    between choosing it and serving on it; the thread says when uvicorn has started, or has stopped
    trying, so nothing polls.
    """
    import uvicorn

    from api.app import create_app

    done_starting = threading.Event()

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            try:
                await super().startup(sockets)
            finally:
                done_starting.set()

    server = Server(uvicorn.Config(create_app(games_db=games_db, quotas=quotas), log_level="warning"))
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        port = listening.getsockname()[1]

        def serve() -> None:
            try:
                server.run(sockets=[listening])
            finally:
                done_starting.set()  # uvicorn failed before its startup (the app's lifespan included)

        thread = threading.Thread(target=serve, name="web-server", daemon=True)
        thread.start()
        if not done_starting.wait(start_timeout) or not server.started:
            server.should_exit = True
            raise RuntimeError("the web server did not start")
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.should_exit = True
            thread.join(10)


def launch(playwright: Playwright) -> Browser:
    """Debian's chromium, headless, kept off the network."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
