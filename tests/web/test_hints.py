"""The play page's hints in a real browser (issue 20): the plan as the API gives it, with a Do it
button that plays it; WHO progress as the terminal says it, in a game and at the table; the
status once the stealth deck has gone round; her odds maps readable on a phone. Fixtures are in
conftest.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from api.browser import DESKTOP, PHONE
from api.screenshots import type_rulebook_example, whole_hints
from deduce.cli.play import progress_lines
from deduce.game.game import Game
from deduce.game.hand import who_progress
from deduce.game.hints import hint_step
from deduce.game.plan import PlanBot, Reason, reason_text
from deduce.game.setup import parse_setup
from deduce.game.steps import HintStep
from deduce.shipped import load_rules
from deduce.who.progress import progress
from deduce.who.query import parse_query
from tests.web.pages import accessibility_violations, shows_version, start_game, version
from tests.web.watch import Pages

#: A game the plan wins, clicked through by Do it alone: Training, seed 8, won in 24 actions when
#: the plan is followed (the plan's bot can lose a game; this one it wins, and the test says so).
WON_MODE, WON_SEED = "training", 8


def game_of(page: Page) -> dict[str, Any]:
    """The id and token of the game the page shows, as this browser keeps them."""
    games: list[dict[str, Any]] = page.evaluate("JSON.parse(localStorage.getItem('bs.games'))")
    current = page.evaluate("localStorage.getItem('bs.current')")
    return next(g for g in games if g["id"] == current)


def api_get(page: Page, path: str, token: str) -> Any:
    answer = page.request.get(path, headers={"Authorization": f"Bearer {token}"})
    assert answer.ok, answer.text()
    return answer.json()


def api_act(page: Page, game: dict[str, Any], doc: dict[str, Any]) -> dict[str, Any]:
    """Act in the game as another client would (the page does not know)."""
    view = api_get(page, f"/v1/games/{game['id']}", game["token"])
    answer = page.request.post(f"/v1/games/{game['id']}/actions", headers={"Authorization": f"Bearer {game['token']}"},
                               data={"version": view["version"], **doc})
    assert answer.ok, answer.text()
    step: dict[str, Any] = answer.json()
    return step


def open_hints(page: Page) -> None:
    """Ask for the hints to their last step, and wait for the plan of the version on screen."""
    whole_hints(page)
    plan_shown(page)


def plan_shown(page: Page) -> None:
    """Wait for the plan itself (its reasons), not the place it takes while it is asked for."""
    expect(page.get_by_role("region", name="What to do now").get_by_role("list", name="Why")).to_be_visible()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_hints_show_the_plan_and_progress_as_the_engine_gives_them(open_pages: Pages, viewport: Any) -> None:
    page = open_pages(viewport)
    start_game(page, 3)
    open_hints(page)
    game = game_of(page)
    hints = api_get(page, f"/v1/games/{game['id']}/hints", game["token"])
    plan = page.get_by_role("region", name="What to do now")
    reasons = plan.get_by_role("list", name="Why").get_by_role("listitem")
    expect(reasons.first).to_have_text(hints["plan"]["reasons"][0]["text"])
    expect(reasons).to_have_text([r["text"] for r in hints["plan"]["reasons"]])
    expect(plan.get_by_role("button", name="Do it")).to_be_visible()
    # WHO progress, line by line as the terminal's hint screen says it for the same deal
    rules = load_rules()
    same = Game.new(rules, parse_setup(rules, {"mode": "normal", "seed": 3}))
    assert same.hints()["progress"] == hints["progress"]
    view = same.player_view()
    lines = progress_lines(same, who_progress(rules.cards, view.hand, view.mode))
    progress = page.get_by_role("group", name=lines[0])
    expect(progress.locator("p")).to_have_text(lines[1:])
    chart = progress.get_by_role("img", name=re.compile(r"^Chance her traits are proven within so many more clues"))
    expect(chart).to_be_visible()
    expect(chart.locator(".bar")).to_have_count(len(hints["progress"]["solved_within"]))


def step_text(game: Game, step: HintStep, lang: str = "en") -> str:
    """The words of a step of the hints for the game's view, as the engine says them in ``lang``."""
    said = hint_step(game.rules, game.player_view(), game.legal_actions(), game.pending, lang, step)
    return said["hint"]["text"]


def shown_step(page: Page, heading: str) -> Locator:
    """The words of the step of the hints the page shows under ``heading``."""
    return page.get_by_role("region", name=heading, exact=True).locator(".hint-text")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_hint_button_goes_from_a_nudge_to_the_focus_to_the_whole_answer(open_pages: Pages, viewport: Any) -> None:
    """SPEC 10's steps: each press of Hint goes one step further, the button saying what the next press
    gives; an action starts them again from the nudge (the H key presses Hint too)."""
    page = open_pages(viewport)
    start_game(page, 3)
    rules = load_rules()
    same = Game.new(rules, parse_setup(rules, {"mode": "normal", "seed": 3}))
    hint = page.locator('button[data-action="hints"]')
    expect(hint).to_have_accessible_name("Hint: a nudge")
    hint.click()
    nudge = step_text(same, 1)
    assert not re.search(r"\d", nudge), nudge
    expect(shown_step(page, "A nudge")).to_have_text(nudge)
    expect(page.get_by_role("region", name="A nudge")).to_have_attribute("aria-live", "polite")
    expect(page.get_by_role("region", name="What to do now")).to_have_count(0)  # no plan yet
    if viewport is PHONE:
        page.evaluate("window.scrollTo(0, 0)")
        assert box(page, '[data-action="hints"]')["height"] >= 44
        assert box(page, ".hint-step")["bottom"] <= PHONE["height"], "the step is not in the first screen"
        assert accessibility_violations(page) == []
    expect(hint).to_have_accessible_name("More: what to look at")
    hint.click()
    focus = step_text(same, 2)
    assert focus != nudge and not re.search(r"\d", focus), focus
    expect(shown_step(page, "What to look at")).to_have_text(focus)
    expect(hint).to_have_accessible_name("The whole answer")
    hint.click()
    plan_shown(page)
    expect(page.get_by_role("region", name="What to do now").get_by_role("list", name="Why").get_by_role("listitem")) \
        .to_have_text([r["text"] for r in same.hints()["plan"]["reasons"]])
    expect(hint).to_have_accessible_name("Hide the hints")
    page.get_by_role("button", name="Pass", exact=True).click()
    shows_version(page, 1)
    same.act({"action": "pass"})
    expect(hint).to_have_accessible_name("Hint: a nudge")  # a new view: the steps start again
    expect(page.locator(".hint-step, .plan")).to_have_count(0)
    page.locator("main h1").click()
    page.keyboard.press("h")
    expect(shown_step(page, "A nudge")).to_have_text(step_text(same, 1))


@pytest.mark.parametrize(("lang", "nudge", "focus", "whole"),
                         [("it", "Uno spunto", "Cosa guardare", "La risposta completa"),
                          ("ru", "Намёк", "На что смотреть", "Полный ответ")])
def test_the_hints_steps_in_italian_and_russian(page: Page, lang: str, nudge: str, focus: str, whole: str) -> None:
    """The steps in the page's language: the engine's phrases with the names in that language."""
    page.add_init_script(f"localStorage.setItem('bs.lang', {lang!r})")
    page.goto("/#/play")
    page.locator('[data-focus="seed"]').fill("3")
    page.locator('[data-focus="start-game"]').click()
    shows_version(page, 0)
    rules = load_rules()
    same = Game.new(rules, parse_setup(rules, {"mode": "normal", "seed": 3}))
    hint = page.locator('button[data-action="hints"]')
    hint.click()
    expect(shown_step(page, nudge)).to_have_text(step_text(same, 1, lang))
    hint.click()
    expect(shown_step(page, focus)).to_have_text(step_text(same, 2, lang))
    assert step_text(same, 2, lang) != step_text(same, 2)
    expect(hint).to_have_accessible_name(whole)


def test_the_plan_in_italian_is_the_engines_phrase_with_italian_names(page: Page) -> None:
    page.add_init_script("localStorage.setItem('bs.lang', 'it')")
    page.goto("/#/play")
    page.locator('[data-focus="seed"]').fill("3")
    page.locator('[data-focus="start-game"]').click()
    shows_version(page, 0)
    whole_hints(page)
    plan = page.get_by_role("region", name="Cosa fare ora")
    game = game_of(page)
    hints = api_get(page, f"/v1/games/{game['id']}/hints", game["token"])
    rules = load_rules()
    expected = [reason_text(rules, "it", Reason(r["code"], r["params"])) for r in hints["plan"]["reasons"]]
    expect(plan.get_by_role("list", name="Perché").get_by_role("listitem")).to_have_text(expected)
    assert expected[0] != hints["plan"]["reasons"][0]["text"]  # not the game's English words


def test_a_game_won_by_clicking_do_it_only(page: Page) -> None:
    rules = load_rules()
    same = Game.new(rules, parse_setup(rules, {"mode": WON_MODE, "seed": WON_SEED}))
    bot = PlanBot(rules)
    while not same.over:
        same.act(bot.choose(same.player_view(), same.legal_actions(), same.pending))
    ending = same.view()["end"]
    assert same.state == "won" and ending is not None, "the plan loses this seed: pick another one"
    start_game(page, WON_SEED, mode=WON_MODE)
    open_hints(page)
    do_it = page.get_by_role("region", name="What to do now").get_by_role("button", name="Do it")
    do_it.focus()  # the first by the keyboard: the focus then waits on the next view's Hint button
    page.keyboard.press("Enter")
    shows_version(page, 1)
    page.wait_for_function("document.activeElement?.dataset.action === 'hints'")
    for _ in range(200):
        if page.locator('.status-bar:not([data-state="playing"])').count():
            break
        before = version(page)
        open_hints(page)  # each new view starts its hints again from the nudge
        page.get_by_role("region", name="What to do now").get_by_role("button", name="Do it").click()
        shows_version(page, before + 1)
    end = page.get_by_role("region", name="You won")
    expect(end).to_be_visible()
    expect(end).to_contain_text(f"Score: {ending['score']}")


def test_a_stale_do_it_shows_the_game_as_it_is_now(open_pages: Pages) -> None:
    """The plan of version 0 on one tab; another tab passes; Do it on the first is refused (409),
    said in words, and the first tab shows the game as it is, with its new plan."""
    first = open_pages()
    open_pages.watch(first).expected_statuses.add(409)
    start_game(first, 5)
    open_hints(first)
    second = open_pages(tab_of=first)
    second.goto("/#/play")
    shows_version(second, 0)
    second.get_by_role("button", name="Pass", exact=True).click()
    shows_version(second, 1)
    first.get_by_role("region", name="What to do now").get_by_role("button", name="Do it").click()
    shows_version(first, 1)
    expect(first.locator("#status")).to_have_text("The server refused: The game changed elsewhere (in another "
                                                  "tab or device); here it is as it is now.", use_inner_text=True)
    open_hints(first)  # the plan of the game as it is now, ready for the next Do it
    first.get_by_role("region", name="What to do now").get_by_role("button", name="Do it").click()
    shows_version(first, 2)


def test_the_status_once_the_deck_has_gone_round_shows_the_round_and_the_card(page: Page) -> None:
    """Played on (by the plan, through the API) until the top card is past the deck's length and
    she has fled at least once: the round is the terminal's, and the card is within the deck."""
    start_game(page, 4, mode="easy")
    game = game_of(page)
    rules = load_rules()
    same = Game.new(rules, parse_setup(rules, {"mode": "easy", "seed": 4}))
    bot = PlanBot(rules)
    while not (same.view()["slot"] > same.view()["length"] and same.round != same.view()["slot"]):
        doc = bot.choose(same.player_view(), same.legal_actions(), same.pending)
        same.act(doc)
        api_act(page, game, doc)
    view = same.view()
    page.reload()
    shows_version(page, view["version"])
    bar = page.locator(".status-bar")
    expect(bar.locator('[data-field="round"] dd')).to_have_text(str(same.round))
    card = view["slot"] % view["length"] + 1
    expect(bar.locator('[data-field="card"] dd')).to_have_text(f"{card} of {view['length']}")
    expect(bar).not_to_contain_text(str(view["slot"]))


#: The size (CSS px) of each text of the odds map shown, as the screen draws it.
TEXT_SIZES = """(box) => [...box.querySelectorAll('text')].filter((t) => t.checkVisibility()).map((t) =>
  [t.textContent, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])"""


def test_her_odds_maps_are_readable_on_a_phone(open_pages: Pages) -> None:
    """At 375 px the odds maps show one at a time (two buttons choose), each place's name and
    chance at 12 px at least; so does the game's own map."""
    page = open_pages(PHONE)
    start_game(page, 3)
    open_hints(page)
    hints = page.get_by_role("region", name="Hints")
    maps = hints.locator(".odds-map")
    expect(maps.locator("svg:visible")).to_have_count(1)
    expect(hints.get_by_role("img", name=re.compile("Map shaded by her odds, now")).or_(
        hints.get_by_role("group", name="Map shaded by her odds, now"))).to_be_visible()
    for which in ("now", "next turn"):
        hints.get_by_role("group", name="Show her odds").get_by_role("button", name=which, exact=True).click()
        shown = maps.locator("svg:visible")
        expect(shown).to_have_attribute("aria-label", f"Map shaded by her odds, {which}")
        sizes = shown.evaluate(TEXT_SIZES)
        names = {loc.name.get("en") for loc in load_rules().board.locations}
        assert len([s for s in sizes if re.fullmatch(r"\d+", s[0])]) == len(names)  # every chance is written
        assert all(size >= 12 for _, size in sizes), sizes
    own_map = page.locator(".columns .map").first
    assert all(size >= 12 for _, size in own_map.evaluate(TEXT_SIZES))


def test_the_table_shows_who_progress_for_the_cards_entered_in_the_mode_played(page: Page) -> None:
    """The rulebook's example typed at the table: WHO progress as the terminal says it for that
    hand, in Normal, then in Easy (a suit fewer in the clue deck: other chances)."""
    rules = load_rules()
    words = Game.new(rules, parse_setup(rules, {"seed": 0}))  # the terminal's words, in English
    hand = parse_query(rules.cards, {"suit": "rose", "clues": [{"card": "jacqueline-field"}]})
    type_rulebook_example(page)
    page.get_by_text("18 possible Dark Ladies").wait_for()
    shown = []
    page.locator('[data-step="setup"] > summary').click()  # the step folded once her suit was chosen
    for mode in ("normal", "easy"):
        page.get_by_label("Mode (which cards the clue deck holds)").select_option(mode)
        lines = progress_lines(words, progress(rules.cards, hand, mode))
        expect(page.get_by_role("group", name=lines[0]).locator("p")).to_have_text(lines[1:])
        shown.append(lines)
    assert shown[0] != shown[1]


def box(page: Page, selector: str) -> dict[str, float]:
    """Where an element lies on the page, in CSS pixels from the top of the document."""
    found: dict[str, float] = page.locator(selector).first.evaluate(
        "(e) => { const r = e.getBoundingClientRect();"
        " return {top: r.top + scrollY, bottom: r.bottom + scrollY, height: r.height}; }")
    return found


def test_on_a_phone_the_first_screen_is_the_maps_and_the_plans(open_pages: Pages) -> None:
    """Issue 33, item 2: on a 375×667 phone the plan (its action and Do it) and the map begin in
    the first screen, and the status grid lies under the map and the actions, not above them."""
    page = open_pages(PHONE)
    start_game(page, 3)
    open_hints(page)
    plan_shown(page)
    page.evaluate("window.scrollTo(0, 0)")
    screen = PHONE["height"]
    do_it = box(page, '[data-focus="do-it"]')
    board = box(page, ".play-columns .map")
    assert do_it["bottom"] <= screen, f"the plan's Do it ends at {do_it['bottom']} px, below the first screen"
    shown_of_map = screen - board["top"]
    assert shown_of_map >= board["height"] / 4, f"only {shown_of_map} px of the map in the first screen"
    status = box(page, ".status-bar")
    actions = box(page, ".play-columns .actions")
    assert status["top"] >= board["bottom"] and status["top"] >= actions["bottom"], (status, board, actions)


@pytest.mark.parametrize(("lang", "now", "slot"), [("en", "Where she is now", "slot"),
                                                   ("it", "Dove si trova ora", "posizione"),
                                                   ("ru", "Где она сейчас", "позиция")])
def test_the_play_page_speaks_of_cards_not_slots(page: Page, lang: str, now: str, slot: str) -> None:
    """Her odds are headed in the player's words, with no count of the walks that fit, and the notebook
    numbers the stealth cards from the first on top (a view's slot 0 is its first card)."""
    page.goto("/")
    page.evaluate("(lang) => localStorage.setItem('bs.lang', lang)", lang)
    page.goto("/#/play")
    page.locator('[data-focus="start-game"]').click()
    page.locator(".status-bar[data-version='0']").wait_for()
    whole_hints(page)
    maps = page.locator(".odds-map h4")
    expect(maps.first).to_have_text(now)
    page.locator("details.trail-box > summary").click()
    first = page.locator("ol.trail li").first
    expect(first).to_contain_text(re.compile(r"\b1\b"))
    text = page.locator("main").inner_text()
    assert not re.search(rf"\b{slot}\b", text, re.IGNORECASE), f"'{slot}' on the Play page"
    assert not re.search(r"\d{1,3}(?:[,.\s\u00a0]\d{3}){2,}", text), "a count of walks on the Play page"
