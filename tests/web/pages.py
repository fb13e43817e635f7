"""What the browser tests do on the pages, shared by the test modules of tests/web: start a game
and act in it, and read the accessibility tree that chromium builds (through its DevTools
protocol) to find controls that have no accessible name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from api.models import SMALL_CARD_SET
from deduce.game.bot import Bot
from deduce.game.rules import Game
from deduce.game.setup import parse_setup
from deduce.shipped import load_rules

SEEDS = range(20)  # where to look for a game the bot wins quickly

#: A box owner's own card set: two suits of two ladies, four traits, two per lady (the API's
#: small example set, under another name).
OWN_CARDS: dict[str, Any] = {**SMALL_CARD_SET, "name": "Own"}


def ring_board() -> dict[str, Any]:
    """A box owner's own board: four locations in a ring, two landmarks."""
    return {"schema": 1, "name": "Ring", "landmarks": [{"id": "inn"}, {"id": "church"}],
            "locations": [{"id": "a", "landmark": "inn"}, {"id": "b", "landmark": "church"},
                          {"id": "c", "landmark": "inn"}, {"id": "d", "landmark": "church"}],
            "paths": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]]}

#: What a keyboard reaches, and what assistive technology must be able to name.
FOCUSABLE = ("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1']), "
             "[role=button], [role=link], [role=checkbox], [contenteditable=true]")


def bot_win() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The setup and the actions of the shortest win the bot plays among a few seeds (normal mode)."""
    rules = load_rules()
    bot = Bot(rules)
    best: tuple[dict[str, Any], list[dict[str, Any]]] | None = None
    for seed in SEEDS:
        doc = {"mode": "normal", "seed": seed}
        game = Game.new(rules, parse_setup(rules, doc))
        actions = []
        while not game.over and len(actions) < 200:
            actions.append(bot.choose(game.player_view(), game.legal_actions(), game.pending))
            game.act(actions[-1])
        if game.state == "won" and (best is None or len(actions) < len(best[1])):
            best = (doc, actions)
    assert best is not None, "the bot won none of the seeds"
    return best


def start_game(page: Any, seed: int, mode: str = "normal") -> None:
    page.goto("/#/play")
    page.get_by_label("Mode").select_option(mode)
    page.get_by_label("Seed (optional)").fill(str(seed))
    page.get_by_role("button", name="New game").click()
    page.wait_for_selector('.status-bar[data-version="0"]')


def version(page: Any) -> int:
    return int(page.locator(".status-bar").get_attribute("data-version"))


def click_action(page: Any, name: str) -> None:
    """Click an action button and wait for the page to show the next version of the game."""
    before = version(page)
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_selector(f'.status-bar[data-version="{before + 1}"]')


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


def unnamed_controls(page: Any) -> list[str]:
    """Every control the page shows that has no accessible name: each element a keyboard reaches
    (:data:`FOCUSABLE`) and each node of chromium's accessibility tree with a control's role,
    by its role and its HTML."""
    cdp = page.context.new_cdp_session(page)
    try:
        document = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
        backend = {n["nodeId"]: n["backendNodeId"] for n in _nodes(document)}
        focusable = cdp.send("DOM.querySelectorAll", {"nodeId": document["nodeId"], "selector": FOCUSABLE})["nodeIds"]
        tree = {n["backendDOMNodeId"]: n for n in cdp.send("Accessibility.getFullAXTree")["nodes"]
                if "backendDOMNodeId" in n}
        checked = {backend[i] for i in focusable}
        checked.update(b for b, n in tree.items() if n.get("role", {}).get("value") in CONTROL_ROLES)
        found = []
        for node_backend in checked:
            node = tree.get(node_backend)
            if node is None or node.get("ignored"):
                continue  # not shown (display: none, a closed <details>): nothing to name
            if not str(node.get("name", {}).get("value", "")).strip():
                html = cdp.send("DOM.getOuterHTML", {"backendNodeId": node_backend})["outerHTML"]
                found.append(f"{node.get('role', {}).get('value')}: {html[:160]}")
        return found
    finally:
        cdp.detach()


def control_count(page: Any) -> int:
    """How many controls the page shows (so that a walk over none cannot pass)."""
    shown = f"[...document.querySelectorAll({FOCUSABLE!r})].filter((e) => e.checkVisibility())"
    return int(page.evaluate(f"{shown}.length"))
