"""The pages for everyone: every control named (in each language), no violation of WCAG 2.1 AA that
axe-core finds (desktop and phone, in each language), a game played with the keyboard alone, and every
page used on a phone's width with no sideways scrolling."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from api.browser import PHONE
from api.screenshots import type_rulebook_example, whole_hints
from tests.web.pages import (
    accessibility_violations,
    click_action,
    control_count,
    load_the_shipped_set,
    nav_link,
    open_home,
    shows_version,
    start_game,
    unnamed_controls,
    version,
)
from tests.web.watch import Pages, Watch

ACTIONS = {  # the actions' names, as the issue asks for them in English, and as the it/ru pages say them
    "en": ("Move", "Search", "Confront", "Fog card", "Pass", "Reveal suit card", "New game", "Hide the hints"),
    "it": ("Muovi", "Cerca", "Smaschera", "Carta Nebbia", "Passa", "Scopri la carta del seme", "Nuova partita",
           "Nascondi i suggerimenti"),
    "ru": ("Идти", "Искать", "Разоблачить", "Карта тумана", "Пас", "Открыть карту масти", "Новая партия",
           "Скрыть советы"),
}


def set_language(page: Page, lang: str) -> None:
    """The language chosen before the page loads (as if switched and remembered)."""
    page.add_init_script(f"localStorage.setItem('bs.lang', {lang!r})")


def show_every_page(page: Page) -> Iterator[str]:
    """Each page in a state that shows its controls: yields the page's name once it is shown."""
    open_home(page)
    yield "home"
    page.goto("/#/play")
    page.locator("form").wait_for()
    yield "play: the new-game form"
    page.locator('[data-focus="start-game"]').click()
    page.wait_for_selector(".status-bar")
    whole_hints(page)
    yield "play: a game with its hints"
    page.goto("/#/table")
    page.locator("details.own > summary").click()
    page.locator("details.editor-box > summary").click()
    page.locator('[data-focus="board-from"]').click()
    page.locator('.board-editor input[data-path="landmarks[0].id"]').wait_for()
    yield "table, with the own cards and board open"
    page.goto("/#/designer")
    load_the_shipped_set(page)
    yield "designer, with the shipped set audited"
    page.goto("/#/games")
    page.get_by_role("heading", level=1).wait_for()
    yield "your games"
    page.goto("/#/howto")
    page.locator(".howto-section").first.wait_for()
    yield "how to play"


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_every_control_is_named_in_each_language(page: Page, watch: Watch, lang: str) -> None:
    watch.expected_statuses.add(422)
    set_language(page, lang)
    walked = 0
    for shown in show_every_page(page):
        assert not unnamed_controls(page), (lang, shown, unnamed_controls(page))
        assert not accessibility_violations(page), (lang, shown, accessibility_violations(page))
        walked += control_count(page)
        if shown.startswith("play: a game"):  # the actions, by the names of the chosen language
            for name in ACTIONS[lang]:
                expect(page.get_by_role("button", name=name, exact=True), f"{lang}: {name}").to_have_count(1)
    assert walked > 100  # the walk went over the pages' controls
    assert page.evaluate("document.documentElement.lang") == lang


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_axe_finds_nothing_on_a_phone(open_pages: Pages, lang: str) -> None:
    page = open_pages(PHONE)
    open_pages.watch(page).expected_statuses.add(422)
    set_language(page, lang)
    walked = []
    for shown in show_every_page(page):
        assert not accessibility_violations(page), (lang, shown, accessibility_violations(page))
        walked.append(shown)
    assert len(walked) == 7  # every page was shown, and checked


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate(f"document.activeElement?.matches({selector!r}) ?? false"))


def tab_to(page: Page, selector: str, most: int = 150) -> None:
    """Press Tab until the keyboard focus is on an element that matches ``selector``."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_game_played_with_the_keyboard_alone(page: Page) -> None:
    page.goto("/#/play")
    page.locator("form").wait_for()
    tab_to(page, '[data-focus="seed"]')
    page.keyboard.type("abc")  # checked as typed, the message beside the field
    expect(page.get_by_text("A seed is a whole number")).to_be_visible()
    for _ in range(3):
        page.keyboard.press("Backspace")
    page.keyboard.type("5")
    tab_to(page, '[data-focus="start-game"]')
    page.keyboard.press("Enter")
    shows_version(page, 0)
    # move on the map: a step away is a button the keyboard reaches
    tab_to(page, '.map [role="button"][data-location]')
    pawn = page.locator(".status-bar [data-field=pawn] dd")
    before = pawn.inner_text()
    page.keyboard.press("Enter")
    shows_version(page, 1)
    expect(pawn).not_to_have_text(before)
    # two more turns: search where it can, else pass (Space presses a button as Enter does)
    for turn in (2, 3):
        tab_to(page, '[data-action="search"]:not([disabled]), [data-action="pass"]:not([disabled])')
        page.keyboard.press(" " if turn == 2 else "Enter")
        shows_version(page, turn)
    # the deduction tokens: unknown, hers
    tab_to(page, ".token[data-trait]")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert name.endswith(": unknown")
    page.keyboard.press("Enter")
    hers = name.replace("unknown", "hers")  # and the focus stays on the token across the redraw
    page.wait_for_function(f"document.activeElement?.getAttribute('aria-label') === {hers!r}")
    tab_to(page, '[data-action="hints"]')
    page.keyboard.press("Enter")
    page.get_by_role("region", name="A nudge").locator(".hint-text").wait_for()
    page.wait_for_function("document.activeElement?.closest('main') != null")  # the focus stays in the content


def no_sideways_scrolling(page: Page, shown: str) -> None:
    """The page fits the phone's width, and every control on it (outside a box that scrolls by
    itself, like a wide table) lies within the screen, with room to be tapped."""
    width = PHONE["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, shown
    controls = ", ".join(f"main {c}" for c in ("button", "select", "input", "textarea", "a[href]", "summary",
                                                  "[role=button]"))
    outside = page.evaluate(f"""(width) => [...document.querySelectorAll({controls!r})]
      .filter((e) => e.checkVisibility() && !e.closest('.scroll'))
      .map((e) => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
      .filter(([, r]) => r.left < 0 || r.right > width + 0.5 || r.width < 20 || r.height < 20)
      .map(([html, r]) => `${{html}}: ${{Math.round(r.left)}}..${{Math.round(r.right)}}, ${{Math.round(r.height)}}`)""",
                            width)
    assert not outside, (shown, outside)


def test_a_phone_plays_the_game(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    open_home(page)
    nav_link(page, "Play").click()
    page.locator("form").wait_for()
    no_sideways_scrolling(page, "play: the new-game form")
    start_game(page, 2)
    no_sideways_scrolling(page, "play: a game")
    page.locator('.map [role="button"][data-location]').first.click()  # a tap on the map moves
    shows_version(page, 1)
    search = page.get_by_role("button", name="Search", exact=True)
    click_action(page, "Search" if search.is_enabled() else "Pass")
    whole_hints(page)
    no_sideways_scrolling(page, "play: the hints")
    assert version(page) == 2


def test_a_phone_at_the_table(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    type_rulebook_example(page)
    page.get_by_text("18 possible Dark Ladies").wait_for()
    page.get_by_role("button", name="Record card").click()
    page.get_by_text("On top now:").wait_for()
    no_sideways_scrolling(page, "table: the rulebook's example")
    page.get_by_text("Your own cards and board").click()
    page.get_by_text("Enter a board").click()
    page.get_by_role("button", name="Start from the board in use").click()
    paths = page.locator('.board-editor select[data-path^="paths["][data-path$="][1]"]')  # each path's second end
    expect(paths.first).to_be_visible()
    before = paths.count()
    page.get_by_role("button", name="Add a path").click()
    expect(paths).to_have_count(before + 1)
    no_sideways_scrolling(page, "table: the board editor")


def test_a_phone_audits_a_card_set(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    open_home(page)
    page.get_by_role("link", name="Designer").first.click()
    load_the_shipped_set(page)
    page.get_by_role("table", name="Cases").wait_for()
    no_sideways_scrolling(page, "designer: the shipped set's audit")
    page.get_by_role("button", name="Sort by Fewest clues").click()  # the wide table scrolls in its own box
    expect(page.locator('th[aria-sort="ascending"]')).to_have_count(1)


def test_a_phone_shows_the_home_page(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    open_home(page)
    no_sideways_scrolling(page, "home")
