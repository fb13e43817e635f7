"""What counts as a page failing its browser test: a console error, an uncaught exception, an HTTP
error the test did not say it expects, or a request that failed, unless the test itself cancelled
it by leaving the page or closing it.

Chromium reports every request still running when its document goes away (a navigation, a reload,
a closed page) as failed with ``net::ERR_ABORTED``, as it does a request really aborted while the
page stays (a route the test aborts, a fetch the page aborts). Playwright gives no cause, and it
even reports the cancelled request *before* the navigation that cancelled it (on commit it fails
the old document's requests, then says the frame navigated). So an aborted request is judged when
the test ends, from the order of the events: it was cancelled by a navigation when it was still
running after that navigation began, and it had started before the new document committed.

:class:`Pages` opens the pages the browser tests use, each browser context under a :class:`Watch`.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from api.browser import DESKTOP

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        Frame,
        Page,
        Request,
        Response,
        ViewportSize,
        WebError,
    )

#: How long (ms) any action, navigation, wait or ``expect`` may take before the test fails: it
#: only bounds a hang (the waits wait for what the page shows).
TIMEOUT = 30_000

#: How Chromium says a request was cancelled (by the page, the test or a navigation).
ABORTED = "net::ERR_ABORTED"
#: Chromium's console line for an HTTP error answer, which the ``response`` event judges instead.
#: The requests every page drops by itself when what they were asked for is no longer shown: how the game
#: stands (GET /v1/games/{id}/standing, POST /v1/standing), asked for a view or an entry since replaced.
DROPPED = re.compile(r"^/v1/(games/[^/]+/)?standing$")
HTTP_ERROR_LOGGED = re.compile(r"^Failed to load resource: the server responded with a status of \d+")


@dataclass
class Navigation:
    """A navigation of a frame: when its request began, and when the frame then committed (the
    moment is a count of the context's events)."""

    began: int
    committed: int | None = None


def cancelled_by_navigation(started: int, failed: int, navigations: Iterable[Navigation]) -> bool:
    """Whether a request that started and failed at these moments was cancelled by one of the
    navigations of its frame: still running after the navigation began, and started before the
    new document committed. A navigation that never committed cancelled nothing."""
    return any(n.committed is not None and n.began < failed and started < n.committed for n in navigations)


class Watch:
    """Everything that goes wrong in one browser context (its pages, and their tabs)."""

    def __init__(self) -> None:
        #: HTTP statuses the test expects the page to get (and to show in words), e.g. 422.
        self.expected_statuses: set[int] = set()
        #: Paths of requests the test expects the page itself to abort (a Cancel button), e.g. "/v1/design".
        self.expected_aborts: set[str] = set()
        self._found: list[str] = []
        self._clock = itertools.count()
        self._started: dict[Request, int] = {}
        self._navigations: defaultdict[Frame, list[Navigation]] = defaultdict(list)
        self._aborted: list[tuple[Request, int]] = []
        self._closing: int | None = None

    def attach(self, context: BrowserContext) -> None:
        """Listen to the context's pages (before the first one opens)."""
        context.on("console", self.console)
        context.on("weberror", self.web_error)
        context.on("request", self.request)
        context.on("response", self.response)
        context.on("requestfailed", self.request_failed)
        context.on("framenavigated", self.navigated)

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not HTTP_ERROR_LOGGED.match(message.text):
            self._found.append(f"console error: {message.text}")

    def web_error(self, error: WebError) -> None:
        self._found.append(f"page error: {error.error}")

    def request(self, request: Request) -> None:
        now = next(self._clock)
        self._started[request] = now
        if request.is_navigation_request():
            self._navigations[request.frame].append(Navigation(began=now))

    def navigated(self, frame: Frame) -> None:
        now = next(self._clock)
        for navigation in self._navigations[frame]:
            if navigation.committed is None:
                navigation.committed = now

    def response(self, response: Response) -> None:
        if response.status >= 400 and response.status not in self.expected_statuses:
            self._found.append(f"HTTP {response.status}: {response.request.method} {response.url}")

    def request_failed(self, request: Request) -> None:
        if request.failure == ABORTED:
            self._aborted.append((request, next(self._clock)))
        else:
            self._found.append(f"request failed: {request.url} {request.failure}")

    def closing(self) -> None:
        """The test is closing the context: what it aborts from now on is not the page failing
        (Playwright 1.65 mostly reports nothing for a closing page's requests; Chromium may still
        report one it cut while the context closed)."""
        self._closing = next(self._clock)

    def _cancelled(self, request: Request, failed: int) -> bool:
        """Whether the test cancelled this aborted request: by closing the context, by having the
        page abort it (a path in :attr:`expected_aborts`, or one the page drops by itself: :data:`DROPPED`),
        or by a navigation of its frame or of its page's main frame (which replaces every frame)."""
        if self._closing is not None and failed > self._closing:
            return True
        path = urlsplit(request.url).path
        if path in self.expected_aborts or DROPPED.match(path):
            return True
        started = self._started.get(request)
        if started is None:
            return False
        frame = request.frame
        return any(cancelled_by_navigation(started, failed, self._navigations.get(f, ()))
                   for f in {frame, frame.page.main_frame})

    @property
    def problems(self) -> list[str]:
        """What went wrong, so far: an aborted request counts only if the test did not cancel it."""
        return self._found + [f"request failed: {request.url} {request.failure}"
                              for request, failed in self._aborted if not self._cancelled(request, failed)]


class Pages:
    """Opens fresh pages, each in its own browser context (its own storage), watched for failures."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self._browser = browser
        self._base_url = base_url
        self._watches: dict[BrowserContext, Watch] = {}

    def __call__(self, viewport: ViewportSize = DESKTOP, tab_of: Page | None = None) -> Page:
        """A fresh page at a viewport, or another tab beside ``tab_of`` (the same browser
        storage and the same watch: a second tab of the same person)."""
        if tab_of is not None:
            return tab_of.context.new_page()
        context = self._browser.new_context(viewport=viewport, base_url=self._base_url)
        context.set_default_timeout(TIMEOUT)
        watch = Watch()
        watch.attach(context)
        self._watches[context] = watch
        return context.new_page()

    def watch(self, page: Page) -> Watch:
        """The watch over a page opened here (and its tabs)."""
        return self._watches[page.context]

    def close(self) -> list[str]:
        """Close every context; what went wrong in any of them."""
        for context, watch in self._watches.items():
            watch.closing()
            context.close()
        return [problem for watch in self._watches.values() for problem in watch.problems]
