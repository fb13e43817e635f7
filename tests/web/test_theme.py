"""The dark theme: the page follows the system's choice, a switch in the header overrides it (and is
kept), the drawn things of the game (the map, the cards) stay on paper, and axe-core finds nothing in
the dark on every page, desktop and phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from api.browser import DESKTOP, PHONE
from tests.web.pages import accessibility_violations, open_home, start_game
from tests.web.test_access import show_every_page
from tests.web.watch import Pages

#: The page's and a card's background, as the browser paints them.
BACKGROUND = "(selector) => getComputedStyle(document.querySelector(selector)).backgroundColor"


def lightness(rgb: str) -> float:
    """The mean of an ``rgb(r, g, b)`` colour's channels, from 0 (black) to 1 (white)."""
    channels = [int(c) for c in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    return sum(channels) / (3 * 255)


def page_lightness(page: Page) -> float:
    return lightness(page.evaluate(BACKGROUND, "html"))


def test_the_page_follows_the_system_and_the_switch_overrides_it(page: Page) -> None:
    page.emulate_media(color_scheme="dark")
    open_home(page)
    assert page_lightness(page) < 0.2  # dark, as the system asks
    switch = page.get_by_label("Theme")
    expect(switch).to_have_value("")  # following the system
    switch.select_option("light")
    page.wait_for_function("document.documentElement.dataset.theme === 'light'")
    assert page_lightness(page) > 0.8
    page.reload()
    page.locator("main .view > *").first.wait_for()
    expect(page.get_by_label("Theme")).to_have_value("light")  # kept in the browser
    assert page_lightness(page) > 0.8
    page.get_by_label("Theme").select_option("")
    page.wait_for_function("document.documentElement.dataset.theme === undefined")
    assert page_lightness(page) < 0.2


def test_the_switch_speaks_the_pages_language(page: Page) -> None:
    page.add_init_script("localStorage.setItem('bs.lang', 'it')")
    open_home(page)
    expect(page.get_by_label("Tema")).to_be_visible()
    assert page.get_by_label("Tema").locator("option").all_inner_texts() == ["Come il sistema", "Chiaro", "Scuro"]


def test_the_map_and_the_cards_stay_on_paper_in_the_dark(page: Page) -> None:
    page.emulate_media(color_scheme="dark")
    start_game(page, 3)
    assert page_lightness(page) < 0.2
    assert lightness(page.evaluate(BACKGROUND, ".map")) > 0.8


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_axe_finds_nothing_in_the_dark(open_pages: Pages, size: str) -> None:
    page = open_pages(DESKTOP if size == "desktop" else PHONE)
    open_pages.watch(page).expected_statuses.add(422)
    page.emulate_media(color_scheme="dark")
    walked = []
    for shown in show_every_page(page):
        assert page_lightness(page) < 0.2, shown
        assert not accessibility_violations(page), (size, shown, accessibility_violations(page))
        walked.append(shown)
    assert len(walked) == 7
