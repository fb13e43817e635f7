"""Browser tests of the web page: the real app under uvicorn on a free 127.0.0.1 port (a temp
game store), driven by Playwright through Debian's chromium.

Without /usr/bin/chromium the browser tests skip locally, and fail in CI (``CI=true``), where
``.ci/run`` installs it. Every page fails its test on a console error, an uncaught exception
or a failed request, unless the test said which HTTP error answers it expects (a 422 shown
in words is the page working: the browser still logs it as a console error).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from api.browser import CHROMIUM, DESKTOP, launch, running_server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under uvicorn in a thread (a temp game store); its base URL."""
    with running_server(tmp_path_factory.mktemp("web") / "games.db") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI: /usr/bin/chromium is missing (.ci/run installs it with apt-get)")
        pytest.skip("no /usr/bin/chromium (apt-get install chromium); in CI these tests fail instead")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


class Watch:
    """What went wrong in a page: console errors, uncaught exceptions, failed requests."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.expected_statuses: set[int] = set()

    def console(self, message: Any) -> None:
        if message.type != "error":
            return
        status = re.search(r"status of (\d+)", message.text)
        if status and int(status.group(1)) in self.expected_statuses:
            return
        self.problems.append(f"console error: {message.text}")


def watched(page: Any, watch: Watch) -> Any:
    """The page, its problems reported to ``watch`` (``page.watch``)."""
    page.on("console", watch.console)
    page.on("pageerror", lambda exc: watch.problems.append(f"page error: {exc}"))
    page.on("requestfailed", lambda r: watch.problems.append(f"request failed: {r.url} {r.failure}"))
    page.set_default_timeout(10_000)
    page.watch = watch
    return page


@pytest.fixture
def open_pages(browser: Any, server: str) -> Iterator[Any]:
    """Open fresh pages (each with its own storage) at a viewport, or another tab beside a page
    (``tab_of``: the same browser storage, as a second tab of the same person); the test fails
    on any console error or failed request in any of them."""
    opened: list[tuple[Any, Watch]] = []

    def opener(viewport: dict[str, int] = DESKTOP, tab_of: Any = None) -> Any:
        if tab_of is not None:
            return watched(tab_of.context.new_page(), tab_of.watch)
        context = browser.new_context(viewport=viewport, base_url=server)
        watch = Watch()
        opened.append((context, watch))
        return watched(context.new_page(), watch)

    yield opener
    for context, _ in opened:
        context.close()
    problems = [p for _, watch in opened for p in watch.problems]
    assert not problems, problems


@pytest.fixture
def page(open_pages: Any) -> Any:
    """A fresh desktop page."""
    return open_pages(DESKTOP)
