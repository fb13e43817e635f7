"""How the game stands (SPEC 10) on the Play and table pages in a real browser: the standing line with the
whole answer (not with the nudge or the focus), in the player's words with the figures the API gives for that
game or situation, a standing asked for a view since replaced dropped; on Play, the chart of the expected points
over the turns asked, named for assistive technology, one point per turn; at the table, the stealth sequence
chosen sent with it and a refusal said in words; on a phone, no sideways scrolling; axe-core finds nothing.
Fixtures are in conftest.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, Request, Route, expect

from api.browser import DESKTOP, PHONE
from api.screenshots import hint_steps, whole_hints
from deduce.cli.play import chance_text
from deduce.text.catalog import section
from tests.web.pages import accessibility_violations, choose_language, shows_version, start_game
from tests.web.test_access import no_sideways_scrolling
from tests.web.test_hints import api_get, game_of
from tests.web.test_table import enter_rulebook_example, in_language
from tests.web.watch import Pages


def standing_line(lang: str, standing: dict[str, Any]) -> str:
    """A standing (StandingJSON) as the page words it in ``lang``: chances as the terminal writes them,
    points whole."""
    win, points = standing["win"], standing["points"]
    return section("player")[lang]["standing.line"].format(
        chance=chance_text(lang, win["chance"]), low=chance_text(lang, win["low"]), high=chance_text(lang, win["high"]),
        mean=f"{points['mean']:.0f}", pmin=f"{points['low']:.0f}", pmax=f"{points['high']:.0f}", n=standing["playouts"])


def chart_point(turn: int, standing: dict[str, Any]) -> str:
    """A turn's standing in the chart's accessible name (in English)."""
    points = standing["points"]
    return section("player")["en"]["standing.chart.point"].format(
        turn=turn, mean=f"{points['mean']:.0f}", pmin=f"{points['low']:.0f}", pmax=f"{points['high']:.0f}")


def round_of(view: dict[str, Any]) -> int:
    """The round of a view, as the page's status bar counts it (play.js round)."""
    return int(view["slot"]) - sum(int(e["cards"]) for e in view["trail"] if e["kind"] == "flee")


def standing_of(page: Page) -> tuple[int, dict[str, Any]]:
    """The round of the game on screen and its standing, as the API gives them."""
    game = game_of(page)
    view = api_get(page, f"/v1/games/{game['id']}", game["token"])
    return round_of(view), api_get(page, f"/v1/games/{game['id']}/standing", game["token"])


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_play_page_says_how_the_game_stands_and_charts_it_turn_by_turn(open_pages: Pages, viewport: Any) -> None:
    page = open_pages(viewport)
    start_game(page, 3)
    panel = page.locator(".standing-panel")
    button = page.locator('main button[data-action="hints"]')
    button.click()  # the nudge, then the focus: no figure
    page.locator(".hint-step .hint-text").wait_for()
    expect(panel).to_have_count(0)
    button.click()
    expect(page.locator('.hint-step[data-step="2"] .hint-text')).to_be_visible()
    expect(panel).to_have_count(0)
    button.click()
    first, standing = standing_of(page)
    expect(panel.locator("p.standing")).to_have_text(standing_line("en", standing))
    chart = panel.get_by_role("img")
    expect(chart).to_have_accessible_name(f"Expected points over the turns: {chart_point(first, standing)}")
    expect(chart.locator(".dot")).to_have_count(1)
    page.locator('.map [role="button"][data-location]').first.click()  # a turn: the steps start again
    shows_version(page, 1)
    expect(panel).to_have_count(0)
    whole_hints(page)
    second, then = standing_of(page)
    assert second == first + 1
    expect(panel.locator("p.standing")).to_have_text(standing_line("en", then))
    expect(chart.locator(".dot")).to_have_count(2)
    expect(chart).to_have_accessible_name(
        f"Expected points over the turns: {chart_point(first, standing)}, {chart_point(second, then)}")
    if viewport == PHONE:
        no_sideways_scrolling(page, "play: the standing")
    assert accessibility_violations(page) == []


def test_a_standing_asked_for_a_view_since_replaced_is_dropped(open_pages: Pages) -> None:
    """The player moves on before the standing comes: it is not shown, nor charted, for the next view."""
    page = open_pages(DESKTOP)
    start_game(page, 3)
    held: list[Route] = []
    page.route("**/v1/games/*/standing", lambda route: held.append(route) if not held else route.continue_())
    with page.expect_request(lambda r: r.url.endswith("/standing")):
        whole_hints(page)
    expect(page.locator(".standing-panel p.standing[aria-busy]")).to_be_visible()
    page.locator('.map [role="button"][data-location]').first.click()
    shows_version(page, 1)
    whole_hints(page)
    turn, standing = standing_of(page)
    expect(page.locator(".standing-panel p.standing")).to_have_text(standing_line("en", standing))
    chart = page.locator(".standing-panel").get_by_role("img")
    expect(chart).to_have_accessible_name(f"Expected points over the turns: {chart_point(turn, standing)}")
    assert len(held) == 1


def standing_sent(request: Request) -> bool:
    return request.url.endswith("/v1/standing") and request.method == "POST"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_says_how_the_game_stands_for_what_is_entered(open_pages: Pages, lang: str) -> None:
    """With the plan (the third press of Hint), the standing POST /v1/standing gives for the advice's situation,
    the stealth sequence chosen with it; on a phone, in the first screen's bar, with no sideways scrolling."""
    page = open_pages(PHONE)
    in_language(page, lang)
    page.locator('[data-focus="sequence"]').select_option("position-3")
    enter_rulebook_example(page, typed=False)
    line = page.locator(".answer-bar p.standing")
    with page.expect_request(standing_sent) as sent:
        hint_steps(page)
    body = sent.value.post_data_json
    assert isinstance(body, dict)
    assert body["situation"]["sequence"] == {"position": 3}
    answer = page.request.post("/v1/standing", data=body)
    assert answer.ok, answer.text()
    expect(line).to_have_text(standing_line(lang, answer.json()))
    no_sideways_scrolling(page, "table: the standing")
    assert accessibility_violations(page) == []


def test_the_table_says_in_words_when_no_deal_fits(open_pages: Pages) -> None:
    """A situation the server refuses (422: no deal fits what was entered) is said in words, no id or path."""
    page = open_pages(DESKTOP)
    open_pages.watch(page).expected_statuses.add(422)

    def refuse(route: Route) -> None:
        route.fulfill(status=422, content_type="application/json", body=json.dumps(
            {"errors": [{"code": "track.contradiction", "path": "situation.trail", "message": "no walk fits"}]}))

    page.route("**/v1/standing", refuse)
    page.goto("/#/table")
    choose_language(page, "en")
    enter_rulebook_example(page, typed=False)
    hint_steps(page)
    expect(page.locator(".answer-bar p.standing")).to_have_text(section("player")["en"]["standing.refused"])
