"""The guided first game and the How to play page in a real browser (issue 20, item 2): the
tutorial played to the end by its own Do it, in English and in Italian, each step's explanation
seen; a player who does otherwise than the plan still goes on; Skip; a reload resumes at the
same step; How to play with its pictures, on a desktop and on a phone. Fixtures are in conftest.py."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from api.browser import PHONE
from deduce.text.catalog import section
from tests.web.pages import accessibility_violations, click_action, open_home, shows_version, unnamed_controls, version
from tests.web.test_access import no_sideways_scrolling
from tests.web.watch import Pages

#: Every step of the tutorial, as tutorial.js names them (its STEPS): the tutorial's game shows each.
STEPS = ("start", "move", "turn", "search", "clue", "flee", "fog", "countdown", "suit", "confront", "end")
WORDS = section("tutorial")
#: The longest the tutorial's game may take, followed by the plan (it is won in 35 actions).
MOST_ACTIONS = 60


def panel(page: Page) -> Locator:
    return page.locator("section.tutorial")


def start_tutorial(page: Page, lang: str = "en") -> None:
    """From the home page, in a language, start the guided game, and wait for its first step."""
    open_home(page)
    if lang != "en":
        page.locator("#lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    page.get_by_role("link", name=WORDS[lang]["tutorial.learn"], exact=True).click()
    shows_version(page, 0)
    expect(panel(page)).to_have_attribute("data-step", "start")


def explanation(page: Page) -> str:
    """The step on screen and its words, once they are drawn (no field left unfilled)."""
    said = panel(page).locator(".tutorial-say")
    text = said.inner_text()
    assert text.strip() and "{" not in text and "step." not in text, text
    return text


def read_every_step(page: Page, lang: str, seen: dict[str, str]) -> None:
    """Note the step on screen and its words, then read each one waiting with Next."""
    while True:
        step = panel(page).get_attribute("data-step")
        assert step is not None
        expect(panel(page).locator("h3")).to_have_text(WORDS[lang][f"tutorial.title.{step}"])
        seen[step] = explanation(page)
        following = panel(page).get_by_role("button", name=WORDS[lang]["tutorial.next"], exact=True)
        if not following.count():
            return
        following.click()
        expect(panel(page)).not_to_have_attribute("data-step", step)


def play_the_tutorial(page: Page, lang: str) -> dict[str, str]:
    """Follow the tutorial's suggestion with its own Do it to the end of the game, reading every
    step as it comes; each step's words, by step."""
    seen: dict[str, str] = {}
    for _ in range(MOST_ACTIONS):
        if page.locator(".status-bar").get_attribute("data-state") != "playing":
            break
        do_it = panel(page).get_by_role("button", name=WORDS[lang]["tutorial.do"], exact=True)
        expect(do_it).to_be_visible()  # the plan for this version has come (and any step it triggers)
        read_every_step(page, lang, seen)
        before = version(page)
        do_it.click()
        shows_version(page, before + 1)
    read_every_step(page, lang, seen)
    return seen


def test_the_tutorial_played_to_the_end_in_english(page: Page) -> None:
    start_tutorial(page)
    seen = play_the_tutorial(page, "en")
    expect(page.locator(".status-bar")).to_have_attribute("data-state", "won")
    assert set(seen) == set(STEPS), f"steps not seen: {set(STEPS) - set(seen)}"
    assert "Dark Lady" in seen["start"] and "Sage" in seen["start"], seen["start"]  # her suit, named by the card set
    assert re.search(r"rank \w", seen["end"]), seen["end"]
    # The end: the tutorial is closed by its own button, and the game stays on screen.
    panel(page).get_by_role("button", name="End tutorial").click()
    expect(panel(page)).to_have_count(0)
    expect(page.locator(".status-bar")).to_have_attribute("data-state", "won")


def test_the_tutorial_played_to_the_end_in_italian(page: Page) -> None:
    start_tutorial(page, "it")
    seen = play_the_tutorial(page, "it")
    expect(page.locator(".status-bar")).to_have_attribute("data-state", "won")
    assert set(seen) == set(STEPS), f"steps not seen: {set(STEPS) - set(seen)}"
    assert "Dama Bruna" in seen["start"] and "Salvia" in seen["start"], seen["start"]
    assert "Hai smascherato" in seen["end"], seen["end"]


def test_a_player_who_does_otherwise_goes_on(page: Page) -> None:
    """The plan says to move first; the player passes: the explanation follows the pass (her next card)."""
    start_tutorial(page)
    expect(panel(page).get_by_role("button", name="Do it")).to_be_visible()
    assert "Move to" in panel(page).locator(".tutorial-plan").inner_text()
    click_action(page, "Pass")
    expect(panel(page)).to_have_attribute("data-step", "turn")
    expect(panel(page).get_by_role("button", name="Do it")).to_be_visible()  # and a suggestion for the new view


def test_skip(page: Page) -> None:
    start_tutorial(page)
    panel(page).get_by_role("button", name="Skip tutorial").click()
    expect(panel(page)).to_have_count(0)
    assert page.evaluate("localStorage.getItem('bs.tutorial')") is None
    page.reload()
    shows_version(page, 0)  # the game goes on without it
    expect(page.get_by_role("button", name="Search", exact=True)).to_be_visible()
    expect(panel(page)).to_have_count(0)


def test_a_tutorial_this_page_did_not_write_is_ignored(page: Page) -> None:
    """A broken tutorial in this browser's storage: the game is shown without it, nothing fails."""
    start_tutorial(page)
    page.evaluate("localStorage.setItem('bs.tutorial', '{broken')")
    page.reload()
    shows_version(page, 0)
    expect(page.get_by_role("button", name="Search", exact=True)).to_be_visible()
    expect(panel(page)).to_have_count(0)


def test_a_reload_resumes_at_the_same_step(page: Page) -> None:
    start_tutorial(page)
    for _ in range(3):  # move, pass, move: the steps of moving and of her next card
        do_it = panel(page).get_by_role("button", name="Do it")
        expect(do_it).to_be_visible()
        before = version(page)
        do_it.click()
        shows_version(page, before + 1)
    step = panel(page).get_attribute("data-step")
    assert step in ("move", "turn"), step
    said = explanation(page)
    page.reload()
    shows_version(page, 3)
    expect(panel(page)).to_have_attribute("data-step", step)
    assert explanation(page) == said


def test_how_to_play(page: Page) -> None:
    open_home(page)
    page.get_by_role("navigation").get_by_role("link", name="How to play").click()
    expect(page.locator("main h1")).to_have_text("How to play")
    expect(page.get_by_role("link", name="How to play", exact=True).first).to_have_attribute("aria-current", "page")
    pictures = page.locator("main figure img")
    expect(pictures).to_have_count(3)
    for i in range(3):
        pictures.nth(i).scroll_into_view_if_needed()
        page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=pictures.nth(i).element_handle())
        assert pictures.nth(i).get_attribute("alt")
    assert not unnamed_controls(page)
    assert not accessibility_violations(page)
    page.get_by_role("link", name="Learn to play").click()
    expect(panel(page)).to_have_attribute("data-step", "start")
    expect(panel(page).get_by_role("button", name="Do it")).to_be_visible()
    assert not accessibility_violations(page)


def test_on_a_phone(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    page.goto("/#/howto")
    expect(page.locator("main h1")).to_have_text("How to play")
    assert not unnamed_controls(page)
    no_sideways_scrolling(page, "how to play")
    start_tutorial(page)
    expect(panel(page).get_by_role("button", name="Do it")).to_be_visible()
    assert not unnamed_controls(page)
    no_sideways_scrolling(page, "the tutorial")
    # The panel comes first when the columns stack: under the status, above the map.
    panel_top = panel(page).evaluate("(e) => e.getBoundingClientRect().top")
    assert panel_top < page.locator(".map").evaluate("(e) => e.getBoundingClientRect().top")
