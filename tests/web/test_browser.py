"""The web page in a real browser: play to a win and to a loss by clicking, the rulebook's
example at the table, a broken card set audited, the language switch, a phone's width, and
/docs offline. Fixtures (the server, chromium, the error watch) are in conftest.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from deduce.game.bot import Bot
from deduce.game.rules import Game
from deduce.game.setup import parse_setup
from deduce.shipped import data_path, load_rules
from deduce.web.browser import PHONE
from deduce.web.screenshots import type_rulebook_example

SEEDS = range(20)  # where to look for a game the bot wins quickly


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


def start_game(page: Any, seed: int) -> None:
    page.goto("/#/play")
    page.get_by_label("Mode").select_option("normal")
    page.get_by_label("Seed (optional)").fill(str(seed))
    page.get_by_role("button", name="New game").click()
    page.wait_for_selector('.status-bar[data-version="0"]')


def click_action(page: Any, name: str) -> None:
    """Click an action button and wait for the page to show the next version of the game."""
    version = int(page.locator(".status-bar").get_attribute("data-version"))
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_selector(f'.status-bar[data-version="{version + 1}"]')


def test_play_to_a_win_by_clicking(page):
    setup, actions = bot_win()
    start_game(page, setup["seed"])
    names = {t.id: t.name.get("en") for t in load_rules().cards.traits}
    board = load_rules().board
    for action in actions:
        kind = action["action"]
        if kind == "move":
            version = int(page.locator(".status-bar").get_attribute("data-version"))
            place = board.location(action["to"]).name.get("en")
            page.get_by_role("button", name=f"Move to {place}", exact=True).click()  # on the map
            page.wait_for_selector(f'.status-bar[data-version="{version + 1}"]')
        elif kind == "confront":
            for trait in action["traits"]:
                page.get_by_role("button", name=f"{names[trait]}: unknown").click()
                page.get_by_role("button", name=f"{names[trait]}: hers").wait_for()
            click_action(page, "Confront")
        else:
            click_action(page, {"search": "Search", "pass": "Pass", "reveal_suit_card": "Reveal suit card"}[kind])
    end = page.get_by_role("region", name="You won")
    assert end.is_visible()
    assert re.search(r"Score: \d+", end.inner_text())
    assert "Your traits: proven" in end.inner_text()
    assert end.locator("li[data-term]").count() >= 3  # the score, term by term


def test_play_to_a_loss_by_clicking_and_resume_after_reload(page):
    start_game(page, 1)
    for _ in range(200):
        if page.locator('.status-bar[data-state="lost"]').count():
            break
        search = page.get_by_role("button", name="Search", exact=True)
        click_action(page, "Search" if search.is_enabled() else "Pass")
    end = page.get_by_role("region", name="You lost")
    assert end.is_visible()
    reason = end.locator(".reason").inner_text()
    page.reload()
    assert page.get_by_role("region", name="You lost").locator(".reason").inner_text() == reason
    assert not page.get_by_role("button", name="Search", exact=True).count()  # the game is over: no actions


def test_actions_are_named_and_only_the_legal_ones_enabled(page):
    start_game(page, 3)
    for name in ("Move", "Search", "Confront", "Fog card", "Pass", "Reveal suit card", "New game", "Hints"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    assert page.get_by_role("button", name="Reveal suit card", exact=True).is_disabled()  # no key but the first
    page.get_by_role("button", name="Hints", exact=True).click()
    hints = page.get_by_role("region", name="Hints")
    hints.get_by_text(re.compile(r"\d+ possible Dark Ladies")).wait_for()
    assert hints.get_by_text(re.compile(r"Advice: ")).count() == 1


def test_the_rulebook_example_at_the_table(page):
    """A rose; Jacqueline Field typed as she lies (literary, married, children; rose 1): 18 candidates."""
    type_rulebook_example(page)
    page.get_by_text("18 possible Dark Ladies").wait_for()
    page.reload()  # kept in the browser
    page.get_by_text("18 possible Dark Ladies").wait_for()
    page.get_by_role("button", name=re.compile(r"^Remove clue 1")).click()
    page.get_by_text("35 possible Dark Ladies").wait_for()
    page.get_by_role("button", name="Undo").click()
    page.get_by_text("18 possible Dark Ladies").wait_for()


def test_a_broken_card_set_shows_its_errors(page):
    doc = yaml.safe_load(data_path("clues.yaml").read_text(encoding="utf-8"))
    field = next(lady for lady in doc["ladies"] if lady["id"] == "jacqueline-field")
    field["key"]["rose"] = 3  # untruthful: no rose lady shares all three of her traits
    page.goto("/#/designer")
    page.get_by_label("Card set (YAML or JSON)").fill(yaml.safe_dump(doc, allow_unicode=True))
    page.get_by_role("button", name="Audit").first.click()
    page.get_by_role("heading", name="Errors").wait_for()
    assert page.locator(".findings li.key-untruthful").count() > 0
    assert page.get_by_role("table", name="Cases").locator("tbody tr").count() > 0
    page.get_by_role("button", name="Sort by Fewest clues").click()
    assert page.locator('th[aria-sort="ascending"]').count() == 1
    page.watch.expected_statuses.add(422)  # an unreadable set: its problems with their paths
    page.get_by_label("Card set (YAML or JSON)").fill("schema: 1\ntraits: 5\n")
    page.get_by_role("button", name="Audit").first.click()
    problems = page.locator(".problems")
    problems.wait_for()
    assert "traits" in problems.inner_text()


def test_the_language_switch_is_remembered(page):
    page.goto("/#/play")
    page.get_by_label("Language").select_option("it")
    page.get_by_role("heading", name="Gioca", exact=True).wait_for()
    page.reload()
    page.get_by_role("button", name="Nuova partita").wait_for()
    page.get_by_label("Lingua").select_option("ru")
    page.goto("/#/table")
    page.get_by_role("heading", name="За столом").wait_for()
    page.get_by_label("Её масть (рубашка её карты)").select_option(label="Роза")  # names from GET /v1/cards
    page.get_by_text("Возможных Смуглых дам: 35").wait_for()  # the engine's words (GET /v1/phrases/ru)


@pytest.mark.parametrize("route", ["/", "/#/play", "/#/table", "/#/designer"])
def test_a_phone_scrolls_only_up_and_down(open_pages, route):
    page = open_pages(PHONE)
    page.goto(route)
    page.locator("main h1").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_docs_work_offline(page):
    page.goto("/docs")
    page.locator(".swagger-ui .title").get_by_text("Black Sonata deduction engine").wait_for()
