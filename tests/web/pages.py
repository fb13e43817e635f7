"""What the browser tests do on the pages, shared by the test modules of tests/web: start a game
and act in it, and read the accessibility tree that chromium builds (through its DevTools
protocol) to find controls that have no accessible name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

import yaml
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from deduce.game.bot import ActionDoc, Bot
from deduce.game.game import Game
from deduce.game.setup import parse_setup
from deduce.shipped import data_path, load_rules
from deduce.who.cardfile import SMALL_CARD_SET

SEEDS = range(20)  # where to look for a game the bot wins quickly

#: A box owner's own card set: two suits of two ladies, four traits, two per lady (the API's
#: small example set, under another name).
OWN_CARDS: dict[str, Any] = {**SMALL_CARD_SET, "name": "Own"}


def renamed_cards(modes: bool = True) -> tuple[dict[str, Any], dict[str, str]]:
    """The shipped card set as a box owner might type it: every trait, suit and card under an id and a name of her
    own (the same cards, keys and, when ``modes``, the same modes); and her id of each shipped id."""
    doc = yaml.safe_load(data_path("clues.yaml").read_text(encoding="utf-8"))
    mine = {item["id"]: f"{kind[0]}{i}" for kind in ("traits", "suits", "ladies") for i, item in enumerate(doc[kind])}
    renamed = [{**item, "id": mine[item["id"]], "name": {"en": f"{kind} {i}"}}
               for kind in ("traits", "suits", "ladies") for i, item in enumerate(doc[kind])]
    of = {kind: [r for r in renamed if r["id"][0] == kind[0]] for kind in ("traits", "suits", "ladies")}
    own = {**doc, "name": "Mine", "traits": of["traits"], "suits": of["suits"],
           "ladies": [{**r, "suit": mine[r["suit"]], "traits": [mine[t] for t in r["traits"]],
                       "key": {mine[s]: v for s, v in r["key"].items()}} for r in of["ladies"]],
           "modes": {m: {mine[a]: mine[b] for a, b in table.items()} for m, table in doc["modes"].items()}}
    if not modes:
        del own["modes"]
    return own, mine


def ring_board() -> dict[str, Any]:
    """A box owner's own board: four locations in a ring, two landmarks."""
    return {"schema": 1, "name": "Ring", "landmarks": [{"id": "inn"}, {"id": "church"}],
            "locations": [{"id": "a", "landmark": "inn"}, {"id": "b", "landmark": "church"},
                          {"id": "c", "landmark": "inn"}, {"id": "d", "landmark": "church"}],
            "paths": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]]}

#: What a keyboard reaches, and what assistive technology must be able to name.
FOCUSABLE = ("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1']), "
             "[role=button], [role=link], [role=checkbox], [contenteditable=true]")


def bot_win() -> tuple[dict[str, Any], list[ActionDoc]]:
    """The setup and the actions of the shortest win the bot plays among a few seeds (normal mode)."""
    rules = load_rules()
    bot = Bot(rules)
    best: tuple[dict[str, Any], list[ActionDoc]] | None = None
    for seed in SEEDS:
        doc: dict[str, Any] = {"mode": "normal", "seed": seed}
        game = Game.new(rules, parse_setup(rules, doc))
        actions: list[ActionDoc] = []
        while not game.over and len(actions) < 200:
            actions.append(bot.choose(game.player_view(), game.legal_actions(), game.pending))
            game.act(actions[-1])
        if game.state == "won" and (best is None or len(actions) < len(best[1])):
            best = (doc, actions)
    assert best is not None, "the bot won none of the seeds"
    return best


def open_home(page: Page) -> None:
    """Open the home page, and wait until it is drawn: the page draws a view after its API answers,
    and a view left before it is drawn may still be drawn over the next one."""
    page.goto("/")
    page.locator("main h1").wait_for()


def open_menu(page: Page) -> None:
    """On a phone, open the header's menu (which holds the pages, the language and the theme); elsewhere nothing."""
    menu = page.locator("#menu-button")
    if menu.is_visible() and menu.get_attribute("aria-expanded") != "true":
        menu.click()


def nav_link(page: Page, name: str) -> Locator:
    """The header's link to a page, named ``name``: on a phone, the header's menu is opened first."""
    open_menu(page)
    return page.get_by_role("navigation").get_by_role("link", name=name, exact=True)


def choose_language(page: Page, lang: str) -> None:
    """Choose the page's language in the header (on a phone, through its menu, closed again with Escape so that
    it no longer covers the page)."""
    open_menu(page)
    page.locator("#lang").select_option(lang)
    menu = page.locator("#menu-button")
    if menu.is_visible():
        page.keyboard.press("Escape")
        expect(menu).to_have_attribute("aria-expanded", "false")


def start_game(page: Page, seed: int, mode: str = "normal") -> None:
    """Start a game from the new-game form, and wait for the page to show it."""
    page.goto("/#/play")
    page.get_by_label("Mode").select_option(mode)
    page.get_by_label("Seed (optional)").fill(str(seed))
    page.get_by_role("button", name="New game").click()
    shows_version(page, 0)


def shows_version(page: Page, number: int) -> None:
    """Wait for the page to show this version of the game."""
    expect(page.locator(".status-bar")).to_have_attribute("data-version", str(number))


def load_the_shipped_set(page: Page) -> None:
    """At the designer, in any language, load the shipped card set into the editor, and wait for its
    audit (the page asks the API for the set, then audits it: the verdict turns "ok")."""
    page.locator('[data-focus="shipped"]').click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(12)
    expect(page.locator(".wb-status")).to_have_class(re.compile(r"\bok\b"))


def version(page: Page) -> int:
    """The version of the game the page shows."""
    shown = page.locator(".status-bar").get_attribute("data-version")
    assert shown is not None, "no version on the status bar"
    return int(shown)


def click_action(page: Page, name: str) -> None:
    """Click an action button and wait for the page to show the next version of the game."""
    before = version(page)
    page.get_by_role("button", name=name, exact=True).click()
    shows_version(page, before + 1)


def play_action(page: Page, action: ActionDoc) -> None:
    """Do one action of the bot's on the Play page in English, as a person does (a move on the map,
    a confrontation by marking the tokens first), and wait for the page to show the next version."""
    rules = load_rules()
    kind = action["action"]
    if kind == "move":
        before = version(page)
        place = rules.board.location(action["to"]).name.get("en")
        page.get_by_role("button", name=f"Move to {place}", exact=True).click()  # on the map
        shows_version(page, before + 1)
    elif kind == "confront":
        names = {t.id: t.name.get("en") for t in rules.cards.traits}
        for trait in action["traits"]:
            page.get_by_role("button", name=f"{names[trait]}: unknown").click()
            page.get_by_role("button", name=f"{names[trait]}: hers").wait_for()
        click_action(page, "Confront")
    else:
        click_action(page, {"search": "Search", "pass": "Pass", "reveal_suit_card": "Reveal suit card"}[kind])


#: How many times the controls are read again when the page redrew while they were read.
SNAPSHOT_TRIES = 50
#: The roles of controls, as chromium names them in its accessibility tree.
CONTROL_ROLES = {"button", "link", "textbox", "combobox", "listbox", "checkbox", "radio", "spinbutton", "slider",
                 "switch", "menuitem", "tab", "searchbox", "DisclosureTriangle"}


def _nodes(tree: dict[str, Any]) -> Iterator[dict[str, Any]]:
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.get("children", ()))
        stack.extend(node.get("shadowRoots", ()))
        if "contentDocument" in node:
            stack.append(node["contentDocument"])


def unnamed_controls(page: Page) -> list[str]:
    """Every control the page shows that has no accessible name: each element a keyboard reaches
    (:data:`FOCUSABLE`) and each node of chromium's accessibility tree with a control's role,
    by its role and its HTML. The page may redraw between two reads of it (a live audit answering):
    the reading starts again until the document and its controls are of one moment."""
    cdp = page.context.new_cdp_session(page)
    try:
        for _ in range(SNAPSHOT_TRIES):
            document = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
            backend = {n["nodeId"]: n["backendNodeId"] for n in _nodes(document)}
            focusable = cdp.send("DOM.querySelectorAll",
                                 {"nodeId": document["nodeId"], "selector": FOCUSABLE})["nodeIds"]
            if all(i in backend for i in focusable):
                break
        else:
            raise AssertionError(f"the page kept redrawing while its controls were read ({SNAPSHOT_TRIES} times)")
        tree = {n["backendDOMNodeId"]: n for n in cdp.send("Accessibility.getFullAXTree")["nodes"]
                if "backendDOMNodeId" in n}
        checked = {backend[i] for i in focusable}
        checked.update(b for b, n in tree.items() if n.get("role", {}).get("value") in CONTROL_ROLES)
        found = []
        for node_backend in checked:
            node = tree.get(node_backend)
            if node is None or node.get("ignored"):
                continue  # not shown (display: none, a closed <details>), or gone in a redraw: nothing to name
            if not str(node.get("name", {}).get("value", "")).strip():
                try:
                    html = cdp.send("DOM.getOuterHTML", {"backendNodeId": node_backend})["outerHTML"]
                except PlaywrightError:  # unnamed when read, gone in a redraw since: still a finding
                    html = "(redrawn since)"
                found.append(f"{node.get('role', {}).get('value')}: {html[:160]}")
        return found
    finally:
        cdp.detach()


def control_count(page: Page) -> int:
    """How many controls the page shows (so that a walk over none cannot pass)."""
    shown = f"[...document.querySelectorAll({FOCUSABLE!r})].filter((e) => e.checkVisibility())"
    return int(page.evaluate(f"{shown}.length"))


#: axe-core, Deque's accessibility engine, as the axe-playwright-python package bundles it.
AXE_SCRIPT = files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
#: The rules of WCAG 2.1 at levels A and AA, as axe-core tags them.
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def accessibility_violations(page: Page) -> list[str]:
    """What axe-core finds against WCAG 2.1 AA on the page as it is now: each rule broken, its
    impact and the elements that break it (axe is put in the page once per document)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    found: list[str] = page.evaluate(
        """(tags) => axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]})
          .then((r) => r.violations.map((v) =>
            `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("; ")}`))""",
        WCAG_21_AA)
    return found
