"""The page's shell: its header on a phone (at most 64 px, the pages in a menu that works by touch
and by keyboard) and on a desktop (one line), and how the page is delivered to be quick on a
phone's network (issue 33, items 2 and 8): one compressed answer carrying the modules, nothing
fetched in chains, files under URLs that name their content and cached for good. Timings are
measured in ``bench.firstvisit``, never asserted here."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from api.browser import PHONE
from api.delivery import IMMUTABLE, JOINED_CSS, STATIC, WORDS, Delivery
from tests.web.pages import accessibility_violations
from tests.web.watch import TIMEOUT, Pages

#: Every page of the site, by its route.
ROUTES = ("#/", "#/play", "#/table", "#/designer", "#/games", "#/howto")
#: The tallest header a phone may have.
PHONE_HEADER = 64


def header_height(page: Page) -> float:
    """The header's height on the page, in CSS pixels."""
    height: float = page.evaluate("document.querySelector('header').getBoundingClientRect().height")
    return height


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_on_a_phone_the_header_is_at_most_64_px_on_every_page(open_pages: Pages, lang: str) -> None:
    page = open_pages(PHONE)
    page.add_init_script(f"localStorage.setItem('bs.lang', '{lang}')")
    for route in ROUTES:
        page.goto(f"/{route}")
        page.locator("main h1").wait_for()
        assert header_height(page) <= PHONE_HEADER, route
        expect(page.get_by_role("navigation")).to_be_hidden()  # in the menu, closed


def test_on_a_desktop_the_header_is_one_line_with_every_page(page: Page) -> None:
    page.goto("/")
    page.locator("main h1").wait_for()
    expect(page.locator("#menu-button")).to_be_hidden()
    links = page.get_by_role("navigation").get_by_role("link")
    expect(links).to_have_count(6)
    tops = {round(box["y"] + box["height"] / 2) for box in (link.bounding_box() for link in links.all()) if box}
    assert len(tops) == 1, tops  # one line
    assert header_height(page) <= PHONE_HEADER


@pytest.fixture
def touch_phone(browser: Browser, server: str) -> Iterator[BrowserContext]:
    """A phone with a touch screen."""
    context = browser.new_context(base_url=server, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT)
    yield context
    context.close()


def test_the_menu_opens_by_touch_and_closes_on_the_page_chosen(touch_phone: BrowserContext) -> None:
    page = touch_phone.new_page()
    page.goto("/")
    page.locator("main h1").wait_for()
    menu = page.get_by_role("button", name="Menu")
    expect(menu).to_have_attribute("aria-expanded", "false")
    menu.tap()
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.get_by_role("navigation", name="Pages").get_by_role("link", name="At the table").tap()
    expect(page.locator("main h1")).to_have_text("At the table")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_role("navigation")).to_be_hidden()
    assert header_height(page) <= PHONE_HEADER


def test_the_menu_works_from_the_keyboard(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    page.goto("/#/play")
    page.locator("main h1").wait_for()
    menu = page.get_by_role("button", name="Menu")
    menu.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    first = page.get_by_role("navigation").get_by_role("link", name="Play", exact=True)
    expect(first).to_be_focused()  # the focus goes into the menu
    expect(first).to_have_attribute("aria-current", "page")
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_focused()  # and back to its button
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Designer")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main h1")).to_have_text("Designer")
    expect(menu).to_have_attribute("aria-expanded", "false")


def test_the_open_menu_is_accessible(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    page.goto("/#/table")
    page.locator("main h1").wait_for()
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("navigation")).to_be_visible()
    assert accessibility_violations(page) == []


# -- the delivery ---------------------------------------------------------------------------

def test_the_page_comes_compressed_and_is_revalidated(server: str) -> None:
    answer = httpx.get(f"{server}/", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip"
    assert answer.headers["cache-control"] == "no-cache"
    again = httpx.get(f"{server}/", headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    for url in ("/v1/cards", "/v1/board", "/v1/material", "/v1/phrases/ru"):  # the world every view reads first
        world = httpx.get(f"{server}{url}", headers={"Accept-Encoding": "gzip"})
        assert world.headers["content-encoding"] == "gzip", url
        assert world.headers["cache-control"] == "no-cache", url
        unchanged = httpx.get(f"{server}{url}", headers={"If-None-Match": world.headers["etag"]})
        assert (unchanged.status_code, unchanged.content) == (304, b""), url
        assert httpx.get(f"{server}{url}", headers={"If-None-Match": '"other"'}).json() == world.json(), url


def test_the_page_carries_every_module_its_entry_imports(server: str) -> None:
    """Each module the entry reaches by static imports is in the page's import map, as itself: a
    browser fetches none of them, so no chain of requests; the others are mapped to versioned URLs."""
    text = httpx.get(f"{server}/").text
    importmap = re.search(r'<script type="importmap">(.*?)</script>', text, re.S)
    assert importmap is not None
    imports = httpx.Response(200, content=importmap[1].encode()).json()["imports"]
    files = Delivery.read()
    inlined = files.graph("/static/js/app.js")
    assert {"/static/js/app.js", "/static/js/table/table.js", "/static/js/play/play.js",
            "/static/js/shared/api.js", "/static/words/page.json"} <= set(inlined)
    for path in inlined:
        kind = "application/json" if path.endswith(".json") else "text/javascript"
        assert imports[path].startswith(f"data:{kind}"), path
        assert path.endswith(".json") or imports[path].endswith(f"sourceURL={path}%0A"), path
    lazy = {"/static/js/designer/designer.js", "/static/js/howto/howto.js"}  # app.js's import(): loaded when shown
    assert not lazy & set(inlined)
    for path in lazy:
        assert imports[path] == files.url(path), path
    assert '<script type="module">import "/static/js/app.js";</script>' in text


def test_a_first_visit_asks_for_no_module_and_versioned_files_are_kept_for_good(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    answers: list[Response] = []

    def keep(answer: Response) -> None:  # a function of its own: Playwright cannot hold a bound builtin
        answers.append(answer)

    page.on("response", keep)
    # once the first view is drawn, the views loaded later come in the background, with what they import
    with page.expect_response(lambda a: "/static/js/designer/cardset.js?v=" in a.url):
        page.goto("/#/table")
        page.locator("main h1").wait_for()
    static = [a for a in answers if "/static/" in a.url and not a.url.startswith("data:")]
    first_view = [a.url for a in static
                  if re.search(r"/static/(js/(table/table|app|shared/dom|shared/i18n)|words/)", a.url)]
    assert first_view == []  # came with the page
    for answer in static:
        if "?v=" in answer.url:
            assert answer.headers["cache-control"] == IMMUTABLE, answer.url
    css = [a for a in static if JOINED_CSS in a.url]
    assert len(css) == 1 and css[0].headers["content-encoding"] == "gzip"
    assert [a.url for a in static if "/static/js/designer/designer.js?v=" in a.url]
    assert httpx.get(page.url.split("#")[0] + "static/js/shared/dom.js").headers["cache-control"] == "no-cache"


def test_a_changed_file_gets_a_new_url_and_a_new_module_is_picked_up(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(str(STATIC), static)
    before = Delivery.read(static, WORDS)
    origin = "http://127.0.0.1:8000"
    designer = static / "js" / "designer" / "designer.js"
    designer.write_text(designer.read_text() + "\n// changed\n")
    (static / "css" / "tutorial.css").write_text((static / "css" / "tutorial.css").read_text() + "\n.x {}\n")
    (static / "js" / "added.js").write_text('export const ADDED = "new";\n')
    app = static / "js" / "app.js"
    app.write_text('import {ADDED} from "./added.js";\n' + app.read_text())
    after = Delivery.read(static, WORDS)
    for path in ("/static/js/designer/designer.js", JOINED_CSS):
        assert before.url(path) != after.url(path), path
        assert after.url(path) in after.page_html(origin) or path.endswith(".js")
    assert before.url("/static/js/table/table.js") == after.url("/static/js/table/table.js")  # unchanged, kept
    assert '"/static/js/added.js":"data:' in after.page_html(origin)
    assert f'from \\"{origin}/static/js/added.js\\"' in after.page_html(origin)
    assert '"/static/js/added.js"' not in before.page_html(origin)


def test_a_page_chosen_in_the_menu_opens_at_its_top_and_a_tap_outside_closes_it(touch_phone: BrowserContext) -> None:
    """Each page chosen from the phone's Menu lands with the header (and the Menu) in view; a tap on the page
    under the open menu closes the menu and does nothing else."""
    page = touch_phone.new_page()
    page.goto("/")
    page.locator("main h1").wait_for()
    menu = page.get_by_role("button", name="Menu")
    for name, heading in (("Play", "Play"), ("Designer", "Designer"), ("How to play", "How to play")):
        menu.tap()
        page.get_by_role("navigation", name="Pages").get_by_role("link", name=name, exact=True).tap()
        expect(page.locator("main h1").first).to_contain_text(heading)
        page.wait_for_function("window.scrollY === 0")
        expect(menu).to_be_in_viewport()
    menu.tap()
    expect(menu).to_have_attribute("aria-expanded", "true")
    before = page.url
    page.touchscreen.tap(PHONE["width"] // 2, PHONE["height"] - 8)  # the page, under the menu's list
    expect(menu).to_have_attribute("aria-expanded", "false")
    assert page.url == before
