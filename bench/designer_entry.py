"""An owner typing the box's twelve cards into the Designer page on a phone: what it takes.

Serves two versions of the project side by side, each with ``deduce serve`` on a free loopback
port: the page before the owner's path was built (``--base``, main@9df5526 by default, served
from a ``git archive`` of it in a temporary directory) and this tree's. On each, a thumb types
the twelve ladies of a set (the sample set's, typed as if read from the cards, in the file's
order) on a 375x667 screen, in English, the most direct way each page allows, and every action
is counted:

- **taps**: a button, a chip, a field tapped to type in; a choice in a list counts two (open it,
  pick); selecting a field's whole text to type over it counts two (a long press, "Select all");
- **keystrokes**: each character typed, and Enter; **Backspaces** apart;
- **switches to the number keyboard**: a field whose keyboard shows letters (a text field) needs
  one for each run of digits or "/" typed in it; a field that asks for the number keyboard
  (``inputmode``) shows it at once. A field starts on its own keyboard each time it is entered.

Before: load the shipped set and remove its twelve ladies (there is no empty set), then for each
lady Add a lady, tap her name and type over "New lady N", set her suit if the one given is not
hers, untick the traits given that are not hers and tick hers, and type over each key entry
given that is not hers (Backspaces, the number keyboard, the entry as printed: 0/2). After: New
set, then for each lady Add a lady (the focus is in her name), type it, set her suit if need be,
tick her three traits, tap her first key entry and type the six entries on the number keyboard,
Enter between them (two counts typed together, 02, are 0/2). Both end with Export YAML, and the
run checks that the page holds exactly the set typed (its suits, traits and keys by name) and
that its audit says no errors.

    .venv/bin/python -m bench.designer_entry [--base 9df5526]

Loopback only; the servers are stopped and the temporary tree removed at the end.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page, expect, sync_playwright

from api.browser import PHONE, launch
from bench.trees import BASE, archived, served
from deduce.shipped import load_cards
from deduce.who.cards import CardSet, Lady


@dataclass
class Thumb:
    """A person's thumb on a phone's screen and keyboard, counting what it does."""

    page: Page
    taps: int = 0
    keystrokes: int = 0
    backspaces: int = 0
    switches: int = 0
    _field: str | None = field(default=None, repr=False)  # the field the keyboard was last shown for
    _numbers: bool = field(default=False, repr=False)  # whether it shows the number keyboard now

    def tap(self, target: Locator) -> None:
        """Tap a button, a chip, or a field to type in it."""
        target.click()
        self.taps += 1

    def pick(self, select: Locator, value: str) -> None:
        """Open a list and pick a choice in it."""
        select.select_option(value)
        self.taps += 2

    def select_all(self) -> None:
        """Select the focused field's whole text (a long press, then "Select all") to type over it."""
        self.page.keyboard.press("Control+a")
        self.taps += 2

    def erase(self, count: int) -> None:
        """Backspace ``count`` characters from the end of the focused field (a tap leaves the caret there)."""
        self.page.keyboard.press("End")
        for _ in range(count):
            self.page.keyboard.press("Backspace")
        self.backspaces += count

    def type(self, text: str) -> None:
        """Type ``text`` in the focused field, switching to the number keyboard when a digit or "/" comes on letters."""
        here: dict[str, str] = self.page.evaluate(
            "() => ({key: document.activeElement.dataset.focus ?? '', mode: document.activeElement.inputMode})")
        numeric = here["mode"] in ("numeric", "decimal")
        if here["key"] != self._field:  # a field entered: its own keyboard
            self._field = here["key"]
            self._numbers = numeric
        for char in text:
            if not numeric and (char.isdigit() or char == "/") and not self._numbers:
                self.switches += 1
                self._numbers = True
            elif not numeric and char.isalpha():
                self._numbers = False  # back to the letters
            self.page.keyboard.type(char)
            self.keystrokes += 1

    def enter(self) -> None:
        """Press Enter (a phone's keyboard says "next")."""
        self.page.keyboard.press("Enter")
        self.keystrokes += 1


def entry(counts: frozenset[int], sep: str) -> str:
    """A key entry as a card prints it with ``sep`` between its counts: 1, 0/2 (or 02 with sep "")."""
    return sep.join(str(n) for n in sorted(counts))


def field_of(page: Page, key: str) -> Locator:
    """The control of the page whose data-focus key is ``key`` (both versions name them alike)."""
    return page.locator(f'[data-focus="{key}"]')


def suit_and_traits(thumb: Thumb, index: int, lady: Lady, chosen: list[str]) -> None:
    """Set a lady's suit if it is not hers, then untick the traits chosen that are not hers and tick hers."""
    page = thumb.page
    suit = field_of(page, f"ladies:{index}:suit")
    if suit.input_value() != lady.suit:
        thumb.pick(suit, lady.suit)
    for trait in [t for t in chosen if t not in lady.traits] + [t for t in lady.traits if t not in chosen]:
        thumb.tap(field_of(page, f"ladies:{index}:traits:{trait}"))


def pressed(page: Page, index: int) -> list[str]:
    """The traits a lady's chips show chosen."""
    chips = page.locator(f'.wb-cards > .wb-card:nth-child({index + 1}) .wb-chip[aria-pressed="true"]')
    keys: list[str] = chips.evaluate_all("(all) => all.map((chip) => chip.dataset.focus.split(':').at(-1))")
    return keys


def type_before(thumb: Thumb, cards: CardSet) -> None:
    """The page before: the shipped set loaded and emptied, then each lady added and typed over."""
    page = thumb.page
    thumb.tap(page.get_by_role("button", name="Load the shipped set"))
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(len(cards.ladies))
    for left in range(len(cards.ladies), 0, -1):
        thumb.tap(field_of(page, "ladies:0:remove"))
        expect(page.locator(".wb-cards > .wb-card")).to_have_count(left - 1)
    for index, lady in enumerate(cards.ladies):
        thumb.tap(page.get_by_role("button", name="Add a lady"))
        name = field_of(page, f"ladies:{index}:name:en")
        thumb.tap(name)
        thumb.select_all()
        thumb.type(lady.name.by_lang["en"])
        suit_and_traits(thumb, index, lady, pressed(page, index))
        for suit in cards.suits:
            box = field_of(page, f"ladies:{index}:key:{suit.id}")
            wanted = entry(lady.key[suit.id], "/")
            given = box.input_value()
            if given == wanted:
                continue
            thumb.tap(box)
            thumb.erase(len(given))
            thumb.type(wanted)


def type_after(thumb: Thumb, cards: CardSet) -> None:
    """The page after: a new set, each lady added blank with the focus in her name, keys on the number keyboard."""
    page = thumb.page
    thumb.tap(page.get_by_role("button", name="New set"))
    for index, lady in enumerate(cards.ladies):
        thumb.tap(page.get_by_role("button", name="Add a lady"))
        expect(field_of(page, f"ladies:{index}:name:en")).to_be_focused()
        thumb.type(lady.name.by_lang["en"])
        suit_and_traits(thumb, index, lady, [])
        thumb.tap(field_of(page, f"ladies:{index}:key:{cards.suits[0].id}"))
        for i, suit in enumerate(cards.suits):
            if i:
                thumb.enter()
            expect(field_of(page, f"ladies:{index}:key:{suit.id}")).to_be_focused()
            thumb.type(entry(lady.key[suit.id], ""))


def the_page_set(page: Page) -> dict[str, Any]:
    """The set the page's editor holds."""
    doc: dict[str, Any] = page.evaluate("import('/static/js/designer/cardset.js').then((m) => m.workbench.doc)")
    return doc


def check(page: Page, cards: CardSet) -> None:
    """The page holds the set typed (by name: suit, traits, key) and its audit says no errors."""
    expect(page.locator(".wb-status")).to_have_text(re.compile(r"^No errors"))
    def shape(name: str, suit: str, traits: Any, key: dict[str, Any]) -> tuple[Any, ...]:
        return name, suit, tuple(traits), tuple(sorted((s, tuple(sorted(v))) for s, v in key.items()))

    held = {shape(lady["name"]["en"], lady["suit"], lady["traits"], lady["key"])
            for lady in the_page_set(page)["ladies"]}
    typed = {shape(lady.name.by_lang["en"], lady.suit, lady.traits, dict(lady.key)) for lady in cards.ladies}
    assert held == typed, "the page does not hold the set typed"


def run(base: str, how: Callable[[Thumb, CardSet], None], cards: CardSet) -> Thumb:
    """Type the set on the page served at ``base`` the way ``how`` does, and export it."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = browser.new_page(viewport=PHONE, base_url=base, is_mobile=True, has_touch=True)
            page.goto("/#/designer")
            thumb = Thumb(page)
            how(thumb, cards)
            check(page, cards)
            with page.expect_download():
                thumb.tap(page.get_by_role("button", name="Export YAML"))
            return thumb
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.designer_entry", description=__doc__.split("\n")[0])
    parser.add_argument("--base", default=BASE, help="the commit of the page before (default: %(default)s)")
    args = parser.parse_args()
    cards = load_cards()
    rows = []
    with archived(args.base) as before, served(before) as base:
        rows.append((f"before (main@{args.base})", run(base, type_before, cards)))
    with served() as base:
        rows.append(("after (this tree)", run(base, type_after, cards)))
    phone = f"{PHONE['width']}x{PHONE['height']}"
    print(f"typing a set of {len(cards.ladies)} ladies on a {phone} phone, then Export YAML:")
    print(f"{'page':<24} {'taps':>6} {'keystrokes':>11} {'backspaces':>11} {'switches to numbers':>20} {'in all':>7}")
    for label, thumb in rows:
        every = thumb.taps + thumb.keystrokes + thumb.backspaces + thumb.switches
        counts = f"{thumb.taps:>6} {thumb.keystrokes:>11} {thumb.backspaces:>11} {thumb.switches:>20} {every:>7}"
        print(f"{label:<24} {counts}")


if __name__ == "__main__":
    main()
