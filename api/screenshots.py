"""``python -m api.screenshots [DIR]`` (``make screenshots``): a screenshot of every page
of the web page, on a desktop and on a phone, into ``docs/screenshots/`` (the README shows them);
``python -m api.screenshots --howto`` the How to play page's pictures, and ``--home`` the home page's, into
``api/static/img/``.

Each page is shown doing its work: a game with its hints, the rulebook's example at the table,
the shipped card set audited. Needs the ``[test]`` extra (Playwright) and ``/usr/bin/chromium``.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from api.browser import DESKTOP, PHONE, launch, running_server
from deduce.text.catalog import LANGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, ViewportSize

OUT = Path("docs/screenshots")


def home(page: Page) -> None:
    page.goto("/")
    page.locator("main h1").wait_for()


def play(page: Page) -> None:
    page.goto("/#/play")
    page.get_by_label("Seed (optional)").fill("8")
    page.get_by_role("button", name="New game").click()
    whole_hints(page)


def hint_steps(page: Page) -> None:
    """Press the Hint button (the Play page's, or the table's answer bar's) for each of its steps, in any language:
    a nudge, what to look at, the whole answer."""
    for step in (1, 2, 3):
        page.locator(f'main button[data-action="hints"][data-next-step="{step}"]').click()


def whole_hints(page: Page) -> None:
    """On the Play page, press Hint to the whole answer and wait for its hints."""
    hint_steps(page)
    page.locator(".hints .where").wait_for()


def type_rulebook_example(page: Page) -> None:
    """At the table, in English: a rose, and Jacqueline Field typed as she lies (literary,
    married, children; rose 1). The browser tests check what the page makes of it."""
    page.goto("/#/table")
    page.get_by_label("Her suit (the back of her card)").select_option(label="Rose")
    for trait in ("Literary or artistic", "Married", "Has children"):
        page.get_by_role("button", name=trait, exact=True).click()
    page.get_by_role("group", name="Its key entry for her suit").get_by_role("button", name="1").click()
    page.get_by_role("button", name="Add card", exact=True).click()


def table(page: Page) -> None:
    """At the table: the rulebook's example typed as it lies (a rose, Jacqueline Field), the suit card
    Mary Fitton typed too (recognised, with no tick), the pawn at the Globe and the first card seen, so
    that the answer bar says what to do now and where she likely is."""
    type_rulebook_example(page)
    page.locator(".recognised").first.wait_for()
    for trait in ("Court connections", "Has children", "Lover"):
        page.get_by_role("button", name=trait, exact=True).click()
    page.get_by_role("group", name="Its key entry for her suit").get_by_role("button", name="2").click()
    page.get_by_role("button", name="Add card", exact=True).click()
    page.locator(".recognised").nth(1).wait_for()
    page.get_by_label("Your pawn (for advice)").select_option(label="The Globe")
    page.get_by_role("button", name="Record card").click()
    page.get_by_text("On top now:").wait_for()
    hint_steps(page)
    page.locator(".answer-bar .do-now[data-action]").wait_for()
    page.get_by_role("region", name="What to do now").wait_for()


def designer(page: Page) -> None:
    """The shipped set in the designer's editor, audited."""
    from playwright.sync_api import expect

    page.goto("/#/designer")
    page.locator('[data-focus="shipped"]').click()  # the sample set
    expect(page.locator(".wb-status")).to_have_class(re.compile(r"\bok\b"))


def lying_key(page: Page) -> Locator:
    """Jacqueline Field's Rose entry typed as 2, a key that lies: her card with the audit's error beside it."""
    from playwright.sync_api import expect

    designer(page)
    card = page.locator("#lady-jacqueline-field")
    card.get_by_label("Rose", exact=True).fill("2")
    expect(page.locator(".wb-status")).to_have_class(re.compile(r"\bbad\b"))
    return card


def difficulty(page: Page) -> Locator:
    """The shipped set's difficulty, drawn."""
    designer(page)
    return page.get_by_role("region", name="Difficulty")


def print_sheet(page: Page) -> Locator:
    """The sheet of cards to print and cut out."""
    designer(page)
    page.get_by_role("button", name="Print cards").click()
    return page.locator(".sheet-print")


PAGES: dict[str, Callable[[Page], None]] = {"home": home, "play": play, "table": table, "designer": designer}
#: Parts of a page, at the desktop's size: the figures of the guides.
PARTS: dict[str, Callable[[Page], Locator]] = {"designer-lying-key": lying_key, "designer-difficulty": difficulty,
                                               "designer-print": print_sheet}
#: Taller than this, a desktop page is shot as the screen shows it, not whole (the designer's is metres long).
TALLEST = 2400


@contextmanager
def browsing() -> Iterator[tuple[Browser, str]]:
    """Chromium, and the app serving a temp game store: the browser and the app's base URL."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="screenshots-") as tmp, running_server(Path(tmp) / "games.db") as url, \
            sync_playwright() as p:
        browser = launch(p)
        try:
            yield browser, url
        finally:
            browser.close()


#: The screens taken in the dark theme too (``<page>-<device>-dark.png``): the README shows both.
DARK = ("home", "play")
THEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")


def take(out: Path = OUT) -> list[Path]:
    """Save ``<page>-desktop.png`` and ``<page>-phone.png`` for every page (and ``-dark`` ones for
    :data:`DARK`); the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with browsing() as (browser, url):
        sizes: tuple[tuple[str, ViewportSize], ...] = (("desktop", DESKTOP), ("phone", PHONE))
        shots = [(name, show, device, viewport, theme) for device, viewport in sizes for name, show in PAGES.items()
                 for theme in THEMES if theme == "light" or name in DARK]
        for name, show, device, viewport, theme in shots:
            context = browser.new_context(viewport=viewport, base_url=url, color_scheme=theme)
            page = context.new_page()
            show(page)
            page.evaluate("window.scrollTo(0, 0)")
            path = out / f"{name}-{device}{'-dark' if theme == 'dark' else ''}.png"
            whole = device == "desktop" and page.evaluate("document.body.scrollHeight") <= TALLEST
            page.screenshot(path=str(path), full_page=whole)
            written.append(path)
            context.close()
        for name, part in PARTS.items():
            context = browser.new_context(viewport=DESKTOP, base_url=url)
            path = out / f"{name}.png"
            part(context.new_page()).screenshot(path=str(path))
            written.append(path)
            context.close()
    return written


def taught_move(page: Page) -> dict[str, Any]:
    """The move the guided game asks for now (as sent to the game), once its hints have come."""
    from playwright.sync_api import expect

    lesson = page.locator(".tutorial-lesson")
    expect(lesson).to_have_attribute("data-do", re.compile(r"^\{"))
    taught: dict[str, Any] = json.loads(lesson.get_attribute("data-do") or "{}")
    return taught


def make_the_taught_move(page: Page) -> dict[str, Any]:
    """Make the move the guided game asks for, in any language, as a player would: its Do it when
    the panel offers one, else the page's own controls (the place beside Move, the tokens of her
    traits then Confront, the fog card's answer); wait for the game's next version. The move made."""
    from playwright.sync_api import expect

    send = taught_move(page)
    lesson = page.locator(".tutorial-lesson")
    before = int(page.locator(".status-bar").get_attribute("data-version") or "0")
    do_it = lesson.locator('[data-focus="tutorial-do"]')
    if do_it.count():
        do_it.click()
    elif send["action"] == "move":
        page.locator(".actions .move select").select_option(send["to"])
        page.locator('.actions button[data-action="move"]').click()
    elif send["action"] == "confront":
        for trait in send["traits"]:
            token = page.locator(f'.tokens button[data-trait="{trait}"]')
            for _ in range(3):  # unknown → hers → not → unknown: at most two presses
                if "hers" in (token.get_attribute("class") or "").split():
                    break
                token.click()
            expect(token).to_have_class(re.compile(r"\bhers\b"))
        expect(lesson.locator(".tutorial-traits li:not(.marked)")).to_have_count(0)
        page.locator('.actions button[data-action="confront"]').click()
    elif send["action"] == "resolve":
        choices = send.get("path") or [v for k, v in send.items() if k != "action"]
        for i, choice in enumerate(choices):
            page.locator("form.pending select").nth(i).select_option(choice)
        page.locator('form.pending button[type="submit"]').click()
    else:
        page.locator(f'.actions button[data-action="{send["action"]}"]').click()
    expect(page.locator(".status-bar")).to_have_attribute("data-version", str(before + 1))
    return send


def tutorial_game(page: Page, clues: int = 0) -> None:
    """The guided first game, played as it teaches until it holds this many clues, and the
    lesson for the view on screen come (the page is drawn for the last time)."""
    page.goto("/#/play?learn")
    while page.locator(".cards .card").count() < clues:
        make_the_taught_move(page)
    taught_move(page)


def game_picture(page: Page) -> Locator:
    """The status and the map of a game (the tutorial's game, the tutorial skipped)."""
    tutorial_game(page)
    page.get_by_role("button", name="Skip tutorial").click()
    page.locator(".tutorial").wait_for(state="detached")
    return page.locator(".status-bar")


def clues_picture(page: Page) -> Locator:
    """Two clue cards, their key tables open."""
    tutorial_game(page, clues=2)
    return page.locator("section:has(> #clues-h)")  # found by its place, which every language shares


def tutorial_picture(page: Page) -> Locator:
    """The tutorial's panel and its plan's suggestion."""
    tutorial_game(page)
    return page.locator(".tutorial")


#: The How to play page's pictures (``static/img/howto-<name>-<lang>.png``): each shows the page from a
#: part of it down, at :data:`PICTURE` (the size howto/howto.js gives them), small enough to load at once.
HOWTO: dict[str, Callable[[Page], Locator]] = {"game": game_picture, "clues": clues_picture,
                                               "tutorial": tutorial_picture}
PICTURE: ViewportSize = {"width": 800, "height": 500}
IMG = Path(__file__).parent / "static" / "img"


@dataclass(frozen=True)
class Pictures:
    """A page's set of pictures (``static/img/<prefix>-<name>-<lang>.png``): each part shown, then
    pictured from it down at ``view``, scaled by ``scale``, in every language of the page."""

    prefix: str
    parts: dict[str, Callable[[Page], Locator]]
    view: ViewportSize
    scale: float = 1

    def take(self, out: Path = IMG) -> list[Path]:
        """Save the pictures, one per part and language (``<prefix>-<name>-<lang>.png``); the paths written."""
        out.mkdir(parents=True, exist_ok=True)
        written = []
        with browsing() as (browser, url):
            for name, part in self.parts.items():
                for lang in LANGS:
                    context = browser.new_context(viewport=self.view, device_scale_factor=self.scale, base_url=url)
                    page = context.new_page()
                    shown = part(page)
                    speak(page, lang)
                    shown.evaluate("(e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8)")
                    path = out / f"{self.prefix}-{name}-{lang}.png"
                    page.screenshot(path=str(path))
                    written.append(path)
                    context.close()
        return written


def speak(page: Page, lang: str) -> None:
    """Switch the page shown to ``lang`` with the header's language switch, as a person does, and wait
    until it is drawn again (the view drawn last sets the tab's title). The parts are shown in English
    first, since they are found by their English names."""
    from playwright.sync_api import expect

    if lang == "en":
        return
    title = page.title()
    menu = page.locator("#menu-button")  # a phone's header keeps the switch in its menu
    if menu.is_visible():
        menu.click()
    page.select_option("#lang", lang)
    if menu.is_visible():
        page.keyboard.press("Escape")  # and closes it again, for the picture
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page).not_to_have_title(title)


def games_picture(page: Page) -> Locator:
    """Your games, with one game played to its end: searched where she is not until no fog card is left."""
    from playwright.sync_api import expect

    play(page)
    search = page.get_by_role("button", name="Search", exact=True)
    while not page.locator(".end").count():
        before = page.locator(".status-bar").get_attribute("data-version")
        (search if search.is_enabled() else page.get_by_role("button", name="Pass", exact=True)).click()
        expect(page.locator(".status-bar")).not_to_have_attribute("data-version", str(before))
    page.goto("/#/games")
    return page.locator("main h1")


def at_top(show: Callable[[Page], None]) -> Callable[[Page], Locator]:
    """A page shown by ``show``, pictured from its heading down."""
    def picture(page: Page) -> Locator:
        show(page)
        return page.locator("main h1")
    return picture


#: The home page's pictures (``static/img/home-<page>-<lang>.png``), one per part of the page, taken at
#: :data:`HOME_VIEW` and scaled by :data:`HOME_SCALE` to the size home/home.js gives them (small: they load at once).
HOME: dict[str, Callable[[Page], Locator]] = {"play": game_picture, "table": at_top(table),
                                              "designer": at_top(designer), "games": games_picture,
                                              "howto": tutorial_picture}
HOME_VIEW: ViewportSize = {"width": 960, "height": 600}
HOME_SCALE = 0.5


#: The pictures each page shows, by the option of :func:`main` that takes them.
PICTURES = {"--howto": Pictures("howto", HOWTO, PICTURE), "--home": Pictures("home", HOME, HOME_VIEW, HOME_SCALE)}


def main(argv: list[str] | None = None) -> int:
    """``[DIR]``: the pages' screenshots; ``--howto [DIR]``: the How to play page's pictures; ``--home [DIR]``:
    the home page's."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] and args[0] in PICTURES:
        written = PICTURES[args[0]].take(Path(args[1]) if len(args) > 1 else IMG)
    else:
        written = take(Path(args[0]) if args else OUT)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
