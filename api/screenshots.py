"""``python -m api.screenshots [DIR]`` (``make screenshots``): a screenshot of every page
of the web page, on a desktop and on a phone, into ``docs/screenshots/`` (the README shows them).

Each page is shown doing its work: a game with its hints, the rulebook's example at the table,
the shipped card set audited. Needs the ``[test]`` extra (Playwright) and ``/usr/bin/chromium``.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from api.browser import DESKTOP, PHONE, launch, running_server

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page, ViewportSize

OUT = Path("docs/screenshots")


def home(page: Page) -> None:
    page.goto("/")
    page.locator("main h1").wait_for()


def play(page: Page) -> None:
    page.goto("/#/play")
    page.get_by_label("Seed (optional)").fill("8")
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Hints", exact=True).click()
    page.get_by_role("region", name="Hints").locator(".where").wait_for()


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
    type_rulebook_example(page)
    page.get_by_text("18 possible Dark Ladies").wait_for()
    page.get_by_role("button", name="Record card").click()
    page.get_by_text("slot 0: the top card shows").wait_for()


def designer(page: Page) -> None:
    """The shipped set in the designer's editor, audited."""
    from playwright.sync_api import expect

    page.goto("/#/designer")
    page.get_by_role("button", name="Load the shipped set").click()
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


def take(out: Path = OUT) -> list[Path]:
    """Save ``<page>-desktop.png`` and ``<page>-phone.png`` for every page; the paths written."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="screenshots-") as tmp, running_server(Path(tmp) / "games.db") as url, \
            sync_playwright() as p:
        browser = launch(p)
        sizes: tuple[tuple[str, ViewportSize], ...] = (("desktop", DESKTOP), ("phone", PHONE))
        for device, viewport in sizes:
            for name, show in PAGES.items():
                context = browser.new_context(viewport=viewport, base_url=url)
                page = context.new_page()
                show(page)
                page.evaluate("window.scrollTo(0, 0)")
                path = out / f"{name}-{device}.png"
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
        browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for path in take(Path(args[0]) if args else OUT):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
