"""A page that feels finished (issue 26, item 4), in a real chromium: the game's drawn symbols with
their names, the home page's pictures, the sentence of every empty panel, the Play page's keyboard
shortcuts (and none while typing in a field), the keyboard overlay opened with "?" and closed with
Esc, and axe-core finding nothing on the home page and the overlay, light and dark, desktop and phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from api.browser import DESKTOP, PHONE
from api.screenshots import IMG, PICTURES, whole_hints
from deduce.text.catalog import LANGS, section
from tests.web.pages import accessibility_violations, click_action, open_home, shows_version, start_game, version
from tests.web.watch import Pages

#: The page's words of this part, in English (the sentences the tests look for).
WORDS: dict[str, str] = section("finish")["en"]
#: The parts of the home page, each with its picture.
PARTS = {"play": "Play", "table": "At the table", "designer": "Designer", "games": "Your games", "howto": "How to play"}
#: The most bytes a home page's picture may take (it loads with the page).
SMALL = 60_000
#: The Play page's shortcuts: the key and the action button it presses.
SHORTCUTS = {"m": "move", "s": "search", "p": "pass", "c": "confront", "f": "fog", "r": "reveal_suit_card",
             "h": "hints", "n": "new"}


def confront(page: Page) -> None:
    """Mark the first three traits hers and confront her with the C key (a search naming them)."""
    for token in page.locator("button.token").all()[:3]:
        token.click()
    before = version(page)
    page.keyboard.press("c")
    shows_version(page, before + 1)


def test_the_symbols_are_drawn_with_their_names(page: Page) -> None:
    start_game(page, 8)
    expect(page.get_by_text(WORDS["empty.clues"])).to_be_visible()  # no clue yet: what to do to have one
    bar = page.locator(".status-bar")
    for field, drawn in (("countdown", "countdown"), ("fog", "fog"), ("keys", "key")):
        # beside the field's name: a decoration, hidden from assistive technology
        expect(bar.locator(f'[data-field="{field}"] dt svg.sym-{drawn}')).to_have_attribute("aria-hidden", "true")
    expect(bar.locator('[data-field="suit"] dt svg[class*="sym-suit-"]')).to_have_count(1)
    pawn = page.locator(".map .pawn").first
    expect(pawn.get_by_role("img", name="key claimed")).to_have_count(1)  # the place the game starts on: its key
    whole_hints(page)
    expect(page.locator(".hints h3", has=page.locator(".sym-lady"))).to_have_text("Who is she?")
    click_action(page, "Search")  # seed 8: she is where the game starts, and her clue is Jane Davenant, an acorn
    card = page.get_by_role("region", name="Clue cards").locator(".card").first
    expect(card.locator("header").get_by_role("img", name="Acorn")).to_have_class(re.compile(r"\bsym-suit-acorn\b"))
    rows = card.locator(".key th svg")
    expect(rows.first).to_have_attribute("aria-hidden", "true")  # beside the suit's name
    suits = {c for svg in rows.all() for c in (svg.get_attribute("class") or "").split() if c.startswith("sym-suit-")}
    assert suits == {f"sym-suit-{s}" for s in ("rose", "acorn", "oak", "thistle", "bluebell", "sage")}


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_home_page_shows_each_part_with_its_picture(open_pages: Pages, size: str) -> None:
    page = open_pages(DESKTOP if size == "desktop" else PHONE)
    open_home(page)
    pictures = page.locator(".home-parts img")
    expect(pictures).to_have_count(len(PARTS))
    for (part, name), picture in zip(PARTS.items(), pictures.all(), strict=True):
        expect(page.locator(f'a.tile[href="#/{part}"]')).to_have_accessible_name(name)
        assert picture.get_attribute("alt") == WORDS[f"home.pic.{part}"]
        picture.scroll_into_view_if_needed()
        page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=picture.element_handle())
    expect(page.get_by_text("The cards shipped here are original")).to_be_visible()
    page.get_by_role("link", name=WORDS["home.owners.own"]).click()
    expect(page.locator("details.own")).to_have_attribute("open", "")  # the table page's own cards, open


def test_the_home_pages_pictures_are_small() -> None:
    for part in PARTS:
        for lang in LANGS:
            picture = IMG / f"home-{part}-{lang}.png"
            assert picture.stat().st_size < SMALL, (picture, picture.stat().st_size)


def test_every_picture_is_there_in_every_language() -> None:
    """The home and How to play pages show pictures of the page in the language it is read in."""
    assert set(PICTURES["--home"].parts) == set(PARTS)
    taken = {path.name for path in IMG.glob("*.png")}
    expected = {f"{pictures.prefix}-{name}-{lang}.png"
                for pictures in PICTURES.values() for name in pictures.parts for lang in LANGS}
    assert taken == expected


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_pages_show_pictures_in_their_language(page: Page, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('bs.lang', {lang!r})")
    for address, prefix in (("/", "home"), ("/#/howto", "howto")):
        page.goto(address)
        pictures = page.locator(f"main img[src^='/static/img/{prefix}-']")
        expect(pictures.first).to_be_visible()
        for picture in pictures.all():
            picture.scroll_into_view_if_needed()
            expect(picture).to_have_attribute("src", re.compile(rf"-{lang}\.png$"))
            expect(picture).to_have_js_property("complete", True)
            assert picture.evaluate("(img) => img.naturalWidth") > 0  # loaded, not a broken image


def test_every_empty_panel_says_what_to_do_next(page: Page) -> None:
    page.goto("/#/play")  # no game yet (no clue yet: test_the_symbols_are_drawn_with_their_names)
    expect(page.get_by_text(WORDS["empty.games"])).to_be_visible()
    expect(page.get_by_text(WORDS["empty.hints"])).to_be_visible()
    page.goto("/#/table")
    expect(page.get_by_text(WORDS["empty.table.clues"])).to_be_visible()
    expect(page.get_by_text(WORDS["empty.table.observations"])).to_be_visible()
    page.goto("/#/games")
    expect(page.get_by_text("No finished game in this browser yet.")).to_be_visible()


def test_each_shortcut_does_its_action_and_none_while_typing(page: Page) -> None:
    start_game(page, 8)
    for key, action in SHORTCUTS.items():  # each button says its key
        expect(page.locator(f'button[data-action="{action}"]')).to_have_attribute("aria-keyshortcuts", key.upper())
    move_to = page.get_by_label("Move to", exact=True)
    move_to.focus()  # a list being chosen from: its keys are its own
    # A shortcut presses its button within the key's own event, so every press a key made is counted
    # by the time the key is down: what was done is asserted, not waited for.
    page.evaluate("""() => { window.pressed = [];
      document.addEventListener("click", (e) => {
        const button = e.target.closest("button[data-action]");
        if (button) window.pressed.push(button.dataset.action);
      }, true); }""")
    for key in "spc?":
        page.keyboard.press(key)
    assert page.evaluate("window.pressed") == []
    assert version(page) == 0
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.locator("main h1").click()  # out of the list
    page.keyboard.press("h")
    assert page.evaluate("window.pressed") == ["hints"]  # the count sees a shortcut's press at once
    hint = page.locator('[data-action="hints"]')
    expect(hint).to_have_accessible_name("More: what to look at")  # the nudge is shown: H again goes further
    for name in ("The whole answer", "Hide the hints", "Hint: a nudge"):
        page.keyboard.press("h")
        expect(hint).to_have_accessible_name(name)
    fog = page.locator('.status-bar [data-field="fog"] dd')
    fog_left = int(fog.inner_text())
    page.keyboard.press("s")
    shows_version(page, 1)
    expect(fog).to_have_text(str(fog_left - 1))  # a search spends a fog card
    page.keyboard.press("p")
    shows_version(page, 2)
    to, place = move_to.input_value(), move_to.locator("option:checked").inner_text()
    page.keyboard.press("m")  # to the place chosen beside Move
    shows_version(page, 3)
    expect(page.locator('.status-bar [data-field="pawn"] dd')).to_have_text(place)
    expect(page.locator(".map .pawn")).to_have_attribute("data-location", to)
    page.keyboard.press("c")  # no traits marked hers: confront says what it needs
    expect(page.get_by_text("Mark exactly three traits as hers to confront.")).to_be_visible()
    assert version(page) == 3
    confront(page)
    page.keyboard.press("n")
    seed = page.get_by_label("Seed (optional)")
    seed.fill("")
    seed.press_sequentially("h?n")
    expect(seed).to_have_value("h?n")  # typed, not taken as a shortcut
    expect(page.locator("dialog[open]")).to_have_count(0)


def test_question_mark_opens_the_overlay_and_esc_gives_the_focus_back(page: Page) -> None:
    open_home(page)
    link = page.locator('a.tile[href="#/play"]')
    link.focus()
    page.keyboard.press("?")
    overlay = page.get_by_role("dialog", name=WORDS["keys.title"])
    expect(overlay).to_be_visible()
    expect(overlay.get_by_role("heading", name=WORDS["keys.title"])).to_be_visible()
    expect(overlay.locator("tbody tr")).to_have_count(len(SHORTCUTS) + 2)  # and ? and Esc
    expect(overlay).to_contain_text(WORDS["keys.search"])
    page.keyboard.press("Escape")
    expect(overlay).to_be_hidden()
    expect(link).to_be_focused()
    header = page.locator("#keys")
    header.click()
    expect(overlay).to_be_visible()
    overlay.get_by_role("button", name=WORDS["keys.close"]).click()
    expect(overlay).to_be_hidden()
    expect(header).to_be_focused()
    page.goto("/#/play")
    page.get_by_role("main").get_by_role("button", name=WORDS["keys.button"]).click()  # the Play page's own
    expect(overlay).to_be_visible()
    page.keyboard.press("Escape")
    expect(overlay).to_be_hidden()


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_nothing_on_the_home_page_and_the_overlay(open_pages: Pages, size: str, theme: str) -> None:
    page = open_pages(DESKTOP if size == "desktop" else PHONE)
    page.emulate_media(color_scheme="dark" if theme == "dark" else "light")
    open_home(page)
    assert not accessibility_violations(page), (size, theme, "home", accessibility_violations(page))
    if size == "phone":
        page.get_by_role("button", name="Menu").click()  # the header's Keyboard button is in its menu
    page.locator("#keys").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    assert not accessibility_violations(page), (size, theme, "overlay", accessibility_violations(page))
