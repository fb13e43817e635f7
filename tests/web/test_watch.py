"""The watch over the pages (tests/web/watch.py): a request the test cancels by leaving or closing
the page is not the page failing; a request that really fails, or is aborted while the page stays,
still is, and so is an HTTP error the test did not expect."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from api.browser import free_port
from tests.web.watch import Navigation, Pages, cancelled_by_navigation


@pytest.mark.parametrize(("started", "failed", "navigation", "cancelled"), [
    (1, 3, Navigation(began=2, committed=4), True),  # running when the navigation began: cancelled by it
    (2, 3, Navigation(began=1, committed=4), True),  # started by the old document while the new one loaded
    (1, 2, Navigation(began=3, committed=4), False),  # aborted before the navigation began
    (3, 4, Navigation(began=1, committed=2), False),  # a request of the new document
    (1, 3, Navigation(began=2), False),  # a navigation that never committed (a download, a failure)
])
def test_an_abort_is_the_navigations_when_it_hit_a_request_of_the_document_it_replaced(
        started: int, failed: int, navigation: Navigation, cancelled: bool) -> None:
    assert cancelled_by_navigation(started, failed, [navigation]) is cancelled


def fetch(page: Page, url: str) -> None:
    """Have the page fetch ``url``, not waiting for its answer."""
    page.evaluate("(url) => { fetch(url).catch(() => {}); }", url)


def test_only_requests_the_test_cancelled_are_forgiven(browser: Browser, server: str) -> None:
    pages = Pages(browser, server)
    page = pages()
    page.goto("/")
    page.route("**/held", lambda route: None)  # never answered: running until the test cancels it
    page.route("**/aborted", lambda route: route.abort("aborted"))  # aborted while the page stays
    with page.expect_request("**/held"):
        fetch(page, "/held")
    with page.expect_event("requestfailed"):
        fetch(page, "/aborted")
    with page.expect_event("requestfailed"):
        fetch(page, f"http://127.0.0.1:{free_port()}/refused")  # nothing listens there
    with page.expect_response("**/v1/phrases/de"):
        fetch(page, "/v1/phrases/de")  # an HTTP error the test did not expect: 422
    with page.expect_event("requestfailed", lambda request: request.url.endswith("/held")) as cut:
        page.reload()  # cancels the held request, and excuses nothing that failed before it began
    assert cut.value.failure == "net::ERR_ABORTED"
    problems = pages.close()
    assert not [problem for problem in problems if "/held" in problem], problems
    assert f"request failed: {server}/aborted net::ERR_ABORTED" in problems
    assert any(p.startswith("request failed: ") and "/refused net::ERR_CONNECTION_REFUSED" in p for p in problems)
    assert f"HTTP 422: GET {server}/v1/phrases/de" in problems


def test_an_abort_the_test_expects_is_forgiven_and_only_that_one(browser: Browser, server: str) -> None:
    """A page that cancels its own request (a Cancel button aborting a fetch) fails nothing when the
    test says it expects that abort; an abort of another path still fails the test."""
    pages = Pages(browser, server)
    page = pages()
    page.goto("/")
    pages.watch(page).expected_aborts.add("/cancelled")
    for path in ("/cancelled", "/other"):
        page.route(f"**{path}", lambda route: route.abort("aborted"))
        with page.expect_event("requestfailed"):
            fetch(page, path)
    problems = pages.close()
    assert problems == [f"request failed: {server}/other net::ERR_ABORTED"], problems
