"""Browser tests of the web page: the real app under uvicorn on a free 127.0.0.1 port (a temp
game store), driven by Playwright through Debian's chromium.

Without /usr/bin/chromium the browser tests skip locally, and fail in CI (``CI=true``), where
``.ci/run`` installs it. Every page fails its test on what :class:`tests.web.watch.Watch`
counts as a failure (a console error, an uncaught exception, a failed request the test did not
cancel, an HTTP error answer), unless the test said which HTTP error answers it expects (a 422
shown in words is the page working).

Every wait waits for what the page shows; :data:`tests.web.watch.TIMEOUT` (for ``expect`` too)
only bounds a hang, and is generous because CI runs these tests two at a time on a busy 2-core
machine.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from api.browser import CHROMIUM, DESKTOP, launch, running_server
from tests.game_fixtures import lifted_quotas
from tests.web.watch import TIMEOUT, Pages, Watch

expect.set_options(timeout=TIMEOUT)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under uvicorn in a thread (a temp game store); its base URL. Every page of every test
    comes from 127.0.0.1: one client for the session's many players, so its quotas are lifted."""
    with running_server(tmp_path_factory.mktemp("web") / "games.db", quotas=lifted_quotas()) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's chromium, for the whole session."""
    if not CHROMIUM.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI: /usr/bin/chromium is missing (.ci/run installs it with apt-get)")
        pytest.skip("no /usr/bin/chromium (apt-get install chromium); in CI these tests fail instead")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def open_pages(browser: Browser, server: str) -> Iterator[Pages]:
    """Open pages (``open_pages()``, ``open_pages(PHONE)``, ``open_pages(tab_of=page)``); the test
    fails on anything that went wrong in any of them."""
    pages = Pages(browser, server)
    yield pages
    problems = pages.close()
    assert not problems, problems


@pytest.fixture
def page(open_pages: Pages) -> Page:
    """A fresh desktop page."""
    return open_pages(DESKTOP)


@pytest.fixture
def watch(open_pages: Pages, page: Page) -> Watch:
    """The watch over :func:`page` (to say which HTTP errors the test expects)."""
    return open_pages.watch(page)
