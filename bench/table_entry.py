"""What a person does to enter the rulebook's example on the table page, on a phone (issue 33).

The task, as a box owner at the table does it with a 375×667 phone: her card's back shows a rose;
Jacqueline Field is revealed and typed as she lies (her three traits and her key entry for Rose,
1); the suit card, Mary Fitton, is typed as it lies too (court, children, lover; Rose 2); the pawn
is at the Globe and the card on top of the stealth deck shows the Playhouse. Then the player reads
the answer: how many Dark Ladies remain, what to do now, and where she likely is.

A script per page drives Debian's chromium with the phone's screen and counts what a person would
do: each tap on a button or a box, each pick from a list, each key typed, and each swipe, counted
whenever the next thing to tap or to read is not on the screen as it stands (one swipe brings it
there). The answer is read once the last entry is made: each of its parts not wholly on the screen
costs a swipe, and a part the page does not give is said so.

The page before the change (``--base``, main@9df5526 by default, taken out with ``git archive``
and served with this virtualenv's Python) is measured first, then this checkout's; ``--base ''``
measures this checkout's alone.

    .venv/bin/python -m bench.table_entry [--base COMMIT]

Loopback only; the servers are stopped at the end.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, Request, sync_playwright

from api.browser import PHONE, launch
from bench.trees import BASE, archived, served

#: The cards typed: each one's traits and its key entry for her suit (Rose), as they lie on the table.
TYPED = (("jacqueline-field", ("literary", "married", "children"), (1,)),
         ("mary-fitton", ("court", "children", "lover"), (2,)))
#: How the bench knows the page has drawn its answers: this many checks STEP_MS apart with no request in flight.
QUIET = 3
STEP_MS = 50
#: The parts of the answer, as a person reads them.
PARTS = ("how many remain", "what to do now", "where she likely is")


@dataclass
class Effort:
    """What a person did, and what the answer cost to read once the last entry was made."""

    taps: int = 0
    picks: int = 0
    keys: int = 0
    swipes: int = 0
    read_swipes: int = 0
    missing: list[str] = field(default_factory=list)


class Phone:
    """A page on a phone whose every action is counted as a person makes it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.effort = Effort()
        self.asking: set[Request] = set()
        page.on("request", self._asked)
        page.on("requestfinished", self._answered)
        page.on("requestfailed", self._answered)

    def _asked(self, request: Request) -> None:
        self.asking.add(request)

    def _answered(self, request: Request) -> None:
        self.asking.discard(request)

    def quiet(self) -> None:
        """Until the page has its answers and has drawn them, as a person waits for them: no request in flight
        for a while."""
        calm = 0
        while calm < QUIET:
            self.page.wait_for_timeout(STEP_MS)
            calm = calm + 1 if not self.asking else 0

    def on_screen(self, target: Locator, whole: bool = False) -> bool:
        """Whether ``target`` is on the screen as the page stands: in part (to tap it), or wholly (to read it)."""
        box = target.bounding_box()
        if box is None:
            return False
        top, bottom = box["y"], box["y"] + box["height"]
        return (top >= 0 and bottom <= PHONE["height"]) if whole else (bottom > 0 and top < PHONE["height"])

    def reach(self, target: Locator) -> None:
        """Bring ``target`` onto the screen, a swipe if it is not there (once the page has drawn its answers, as
        a person waits for them: no request in flight)."""
        self.quiet()
        if not self.on_screen(target):
            self.effort.swipes += 1
            target.scroll_into_view_if_needed()

    def tap(self, target: Locator) -> None:
        self.reach(target)
        self.effort.taps += 1
        target.click()

    def pick(self, target: Locator, value: str) -> None:
        """Choose ``value`` from a list, unless it shows it already (a person then leaves it)."""
        if target.input_value() == value:
            return
        self.reach(target)
        self.effort.picks += 1
        target.select_option(value)

    def read(self, parts: dict[str, Locator]) -> None:
        """Read each part of the answer: a swipe for each not wholly on the screen; one not given is missing."""
        self.quiet()
        for name, part in parts.items():
            if not part.count():
                self.effort.missing.append(name)
                continue
            if not self.on_screen(part.first, whole=True):
                self.effort.read_swipes += 1
                part.first.scroll_into_view_if_needed()


def type_cards(phone: Phone, buttons: str, tick: bool) -> None:
    """Each card of :data:`TYPED` typed as it lies: its traits tapped among ``buttons``, its key entry, the suit
    card's tick where the page needs it (``tick``), then Add, waiting for the card to be shown."""
    page = phone.page
    for n, (_, traits, counts) in enumerate(TYPED):
        for trait in traits:
            phone.tap(page.locator(f'{buttons}[data-trait="{trait}"]'))
        for count in counts:
            phone.tap(page.locator(f'[data-focus="count-{count}"]'))
        if tick and n == 1:
            phone.tap(page.locator("#typed-suit-card"))
        phone.tap(page.locator('[data-focus="add-typed"]'))
        page.locator(".cards .card-slot").nth(n).wait_for()


def before(phone: Phone) -> None:
    """The page at main@9df5526: the suit card ticked as such, the answer below the entry."""
    page = phone.page
    phone.pick(page.get_by_label("Her suit (the back of her card)"), "rose")
    type_cards(phone, "button", tick=True)
    phone.pick(page.get_by_label("Your pawn (for advice)"), "globe")
    phone.pick(page.get_by_label("The next card shows"), "playhouse")
    phone.tap(page.locator('[data-focus="record-card"]'))
    page.locator(".trail li").first.wait_for()
    page.locator(".odds-map").first.wait_for()
    page.locator(".who .status").wait_for()
    phone.read({"how many remain": page.locator(".who .candidates-heading"),
                "what to do now": page.locator(".plan .do"),
                "where she likely is": page.locator(".odds-map")})


def after(phone: Phone) -> None:
    """The page of this checkout: the suit card needs no tick, the answer stays at the top of the screen."""
    page = phone.page
    phone.pick(page.locator('[data-focus="suit"]'), "rose")
    type_cards(phone, ".typing button", tick=False)
    phone.pick(page.locator('[data-focus="pawn"]'), "globe")
    phone.pick(page.locator('[data-focus="seen"]'), "playhouse")
    phone.tap(page.locator('[data-focus="record-card"]'))
    bar = page.locator(".answer-bar")
    bar.locator(".do-now[data-action]").wait_for()
    phone.read({"how many remain": bar.locator(".verdict"), "what to do now": bar.locator(".do-now"),
                "where she likely is": bar.locator(".likely")})


def measure(url: str, script: Callable[[Phone], None]) -> Effort:
    """The task on a fresh phone (nothing kept from an earlier run) at ``url``'s table page."""
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_context(base_url=url, viewport=PHONE).new_page()
        page.goto("/#/table")
        page.get_by_role("heading", level=1).wait_for()
        phone = Phone(page)
        script(phone)
        browser.close()
        return phone.effort


def row(name: str, effort: Effort) -> str:
    given = "all" if not effort.missing else "no " + ", no ".join(effort.missing)
    return (f"{name:<28}{effort.taps:>6}{effort.picks:>7}{effort.keys:>6}{effort.swipes:>8}"
            f"{effort.read_swipes:>13}   {given}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help="the commit of the page before (default: %(default)s; '': none)")
    args = parser.parse_args()
    print("the rulebook's example typed at the table, phone 375x667")
    print(f"{'page':<28}{'taps':>6}{'picks':>7}{'keys':>6}{'swipes':>8}{'read swipes':>13}   answer parts given")
    if args.base:
        with archived(args.base) as tree, served(tree) as url:
            print(row(f"before (main@{args.base})", measure(url, before)), flush=True)
    with served() as url:
        print(row("after (this checkout)", measure(url, after)), flush=True)


if __name__ == "__main__":
    main()
