"""The page as a phone at the table keeps it: installable (a manifest, icons), and kept by a
service worker, so that with the server out of reach it still opens, draws what it knows, and
says that the server cannot be reached (with a retry) instead of failing silently; a game in
progress is kept as last seen and goes on when the server answers again."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from api.browser import PHONE
from tests.web.pages import accessibility_violations, click_action, shows_version
from tests.web.watch import TIMEOUT


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[BrowserContext]:
    """A phone's browser (its own storage, its own service workers)."""
    context = browser.new_context(base_url=server, viewport=PHONE, service_workers="allow")
    context.set_default_timeout(TIMEOUT)
    yield context
    context.close()


def test_the_page_is_installable(server: str) -> None:
    page = httpx.get(f"{server}/").text
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    manifest = httpx.get(f"{server}/static/manifest.webmanifest").json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert httpx.get(f"{server}{icon['src']}").status_code == 200, icon["src"]


def test_the_worker_keeps_every_file_it_names(server: str) -> None:
    """Every file the service worker keeps exists (one missing file would fail its install)."""
    script = httpx.get(f"{server}/sw.js")
    assert script.headers["content-type"].startswith("text/javascript")
    kept = json.loads(script.text.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    assert "/" in kept and "/static/js/app.js" in kept and "/v1/cards" in kept
    assert not [url for url in kept if url.startswith("/static/vendor/")]
    for url in kept:
        assert httpx.get(f"{server}{url}").status_code == 200, url


def test_offline_the_page_opens_and_says_the_server_cannot_be_reached(phone: BrowserContext) -> None:
    page = phone.new_page()
    page.goto("/#/table")
    page.get_by_role("heading", name="At the table").wait_for()
    # the worker keeps the page now (polled: a worker taking control draws no frame to wait on)
    page.wait_for_function("navigator.serviceWorker.controller !== null", polling=100)
    phone.set_offline(True)
    page.reload()
    page.get_by_role("heading", name="At the table").wait_for()  # drawn from what was kept
    page.get_by_label("Her suit (the back of her card)").select_option(label="Rose")  # names from the kept cards
    expect(page.get_by_text("The server cannot be reached: what you entered is kept.")).to_be_visible()
    phone.set_offline(False)


def test_a_page_that_cannot_reach_the_server_offers_to_try_again(phone: BrowserContext) -> None:
    page = phone.new_page()
    page.route("**/v1/**", lambda route: route.abort("connectionrefused"))  # the server is down
    page.goto("/#/play")
    expect(page.get_by_role("alert")).to_have_text("The server cannot be reached.")
    page.unroute("**/v1/**")
    page.get_by_role("button", name="Try again").click()
    page.get_by_role("heading", name="Play", exact=True).wait_for()


def new_game_on(page: Page) -> None:
    """Start a Normal game on the Play page and take one turn: a game in progress (version 1)."""
    page.goto("/#/play")
    page.get_by_label("Seed (optional)").fill("3")
    page.get_by_role("button", name="New game").click()
    shows_version(page, 0)
    click_action(page, "Pass")


def test_an_offline_reload_keeps_the_game_in_progress_and_back_online_it_goes_on(phone: BrowserContext) -> None:
    """Issue 33, item 7: the page shows the game as last seen while the server cannot be reached,
    its actions off, never the new-game form; back online (the browser's `online` event) it
    asks for the game again, and an action works."""
    page = phone.new_page()
    new_game_on(page)
    top = page.locator('.status-bar [data-field="top"] dd').inner_text()
    page.wait_for_function("navigator.serviceWorker.controller !== null", polling=100)
    phone.set_offline(True)
    page.reload()
    shows_version(page, 1)  # the game, as it was last seen
    expect(page.locator(".away")).to_contain_text("The server cannot be reached")
    expect(page.locator('.status-bar [data-field="top"] dd')).to_have_text(top)
    expect(page.get_by_role("button", name="Pass", exact=True)).to_be_disabled()
    expect(page.get_by_role("button", name="Search", exact=True)).to_be_disabled()
    expect(page.get_by_role("heading", name="New game")).to_have_count(0)
    assert not accessibility_violations(page)
    phone.set_offline(False)
    expect(page.locator(".away")).to_have_count(0)
    expect(page.get_by_role("button", name="Pass", exact=True)).to_be_enabled()
    click_action(page, "Pass")


def test_an_action_that_cannot_reach_the_server_keeps_the_game_and_try_again_resumes_it(phone: BrowserContext) -> None:
    """The server goes out of reach between two turns: the action is not lost in a forgotten game
    (the game stays as it was, said so), and Try again goes on from it once the server answers."""
    page = phone.new_page()
    new_game_on(page)
    page.route("**/v1/games/**", lambda route: route.abort("connectionrefused"))
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.locator(".away")).to_contain_text("The server cannot be reached")
    shows_version(page, 1)
    expect(page.get_by_role("button", name="Pass", exact=True)).to_be_disabled()
    page.reload()  # still out of reach: the game is still shown, as last seen
    expect(page.locator(".away")).to_be_visible()
    shows_version(page, 1)
    page.unroute("**/v1/games/**")
    page.locator(".away").get_by_role("button", name="Try again").click()
    expect(page.locator(".away")).to_have_count(0)
    click_action(page, "Pass")
    assert page.evaluate("localStorage.getItem('bs.current')") is not None
