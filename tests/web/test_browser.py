"""The web page in a real browser: play to a win and to a loss by clicking, the rulebook's
example at the table, a broken card set audited, the language switch, and /docs offline.
Fixtures (the server, chromium, the error watch) are in conftest.py; what the tests do on the
pages is in pages.py; test_access.py has the keyboard, the phone and the accessible names."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, Route, expect

from api.screenshots import type_rulebook_example, whole_hints
from deduce.game.events import Words
from deduce.game.refusals import refusal_text
from deduce.shipped import load_rules
from deduce.text.events import EVENT_PHRASES
from tests.web.pages import bot_win, click_action, play_action, shows_version, start_game
from tests.web.watch import Pages, Watch


def test_play_to_a_win_by_clicking(page: Page) -> None:
    setup, actions = bot_win()
    start_game(page, setup["seed"])
    for action in actions:
        play_action(page, action)
    end = page.get_by_role("region", name="You won")
    expect(end).to_be_visible()
    expect(end).to_contain_text(re.compile(r"Score: \d+"))
    expect(end).to_contain_text("Your traits: proven")
    expect(end.locator("li[data-term]").nth(2)).to_be_visible()  # the score, term by term (three terms at least)


def test_play_to_a_loss_by_clicking_and_resume_after_reload(page: Page) -> None:
    start_game(page, 1)
    for _ in range(200):
        if page.locator('.status-bar[data-state="lost"]').count():
            break
        search = page.get_by_role("button", name="Search", exact=True)
        click_action(page, "Search" if search.is_enabled() else "Pass")
    end = page.get_by_role("region", name="You lost")
    expect(end).to_be_visible()
    reason = end.locator(".reason").inner_text()
    page.reload()
    expect(page.get_by_role("region", name="You lost").locator(".reason")).to_have_text(reason, use_inner_text=True)
    expect(page.get_by_role("button", name="Search", exact=True)).to_have_count(0)  # the game is over: no actions


def test_a_clue_is_named_in_the_pages_language(page: Page) -> None:
    """The view names a clue in English; the page names it in its own language."""
    setup, actions = bot_win()
    start_game(page, setup["seed"])
    clues = page.get_by_role("region", name="Clue cards").locator("article.card")
    for action in actions:
        if clues.count():
            break
        play_action(page, action)
    english = clues.first.locator("strong").inner_text()
    lady = next(lady for lady in load_rules().cards.ladies if lady.name.get("en") == english)
    page.get_by_label("Language").select_option("ru")
    russian = page.get_by_role("region", name="Карты подсказок").locator("article.card").first
    expect(russian.locator("strong")).to_have_text(lady.name.get("ru"))
    assert lady.name.get("ru") != english


def test_actions_are_named_and_only_the_legal_ones_enabled(page: Page) -> None:
    start_game(page, 3)
    for name in ("Move", "Search", "Confront", "Fog card", "Pass", "Reveal suit card", "New game", "Hint: a nudge"):
        expect(page.get_by_role("button", name=name, exact=True), name).to_have_count(1)
    expect(page.get_by_role("button", name="Reveal suit card", exact=True)).to_be_disabled()  # no key but the first
    whole_hints(page)
    hints = page.get_by_role("region", name="Hints")
    hints.get_by_text(re.compile(r"\d+ possible Dark Ladies")).wait_for()
    plan = page.get_by_role("region", name="What to do now")  # one voice (issue 26): the plan, no second advice
    expect(plan.get_by_role("button", name="Do it")).to_have_count(1)
    expect(page.get_by_text(re.compile(r"Advice: "))).to_have_count(0)


def test_the_rulebook_example_at_the_table(page: Page) -> None:
    """A rose; Jacqueline Field typed as she lies (literary, married, children; rose 1): 18 candidates."""
    type_rulebook_example(page)
    page.get_by_text("18 possible Dark Ladies").wait_for()
    page.reload()  # kept in the browser
    page.get_by_text("18 possible Dark Ladies").wait_for()
    page.get_by_role("button", name="Remove Jacqueline Field").click()  # the typed card, recognised
    page.get_by_text("35 possible Dark Ladies").wait_for()
    page.get_by_role("button", name="Undo").click()
    page.get_by_text("18 possible Dark Ladies").wait_for()


def test_the_language_switch_is_remembered(page: Page) -> None:
    page.goto("/#/play")
    page.get_by_role("heading", name="Play", exact=True).wait_for()  # drawn, before it is drawn again in Italian
    page.get_by_label("Language").select_option("it")
    page.get_by_role("heading", name="Gioca", exact=True).wait_for()
    page.reload()
    page.get_by_role("button", name="Nuova partita").wait_for()
    page.get_by_label("Lingua").select_option("ru")
    page.get_by_role("heading", name="Играть", exact=True).wait_for()  # drawn again, before leaving the page
    page.goto("/#/table")
    page.get_by_role("heading", name="За столом").wait_for()
    page.get_by_label("Её масть (рубашка её карты)").select_option(label="Роза")  # names from GET /v1/cards
    page.get_by_text("Возможных Смуглых дам: 35").wait_for()  # the engine's words (GET /v1/phrases/ru)


def test_docs_work_offline(page: Page) -> None:
    page.goto("/docs")
    page.locator(".swagger-ui .title").get_by_text("Black Sonata deduction engine").wait_for()


def test_bad_setup_input_is_caught_where_it_is_typed_and_nothing_is_lost(page: Page) -> None:
    page.goto("/#/play")
    page.get_by_label("Mode").select_option("expert")
    page.get_by_label("Start location").select_option(label="The Globe")
    seed = page.get_by_label("Seed (optional)")
    seed.fill("12ab")
    expect(page.get_by_text("A seed is a whole number of up to 15 digits.")).to_be_visible()  # as it is typed
    discard = page.get_by_label("Fog cards discarded at setup (Expert)")
    discard.fill("99")
    expect(page.get_by_text("Between 0 and 10.")).to_be_visible()
    page.get_by_role("button", name="New game").click()
    expect(page.locator(".status-bar")).to_have_count(0)  # no game started
    expect(seed).to_have_value("12ab")
    expect(discard).to_have_value("99")
    expect(page.get_by_label("Start location")).to_have_value("globe")
    seed.fill("12")
    discard.fill("2")
    page.get_by_role("button", name="New game").click()
    shows_version(page, 0)
    expect(page.locator('.status-bar [data-field="mode"] dd')).to_have_text("Expert")
    expect(page.locator('.status-bar [data-field="pawn"] dd')).to_have_text("The Globe")


def test_a_stale_version_is_said_in_words_and_the_game_reloaded(open_pages: Pages) -> None:
    """Two tabs of the same game: the second acts on the version it shows, which the first has
    changed. In Italian: the refusal in the page's words, and the events in the engine's."""
    first = open_pages()
    first.add_init_script("localStorage.setItem('bs.lang', 'it')")
    open_pages.watch(first).expected_statuses.add(409)
    first.goto("/#/play")
    first.get_by_label("Seme casuale (facoltativo)").fill("4")
    first.get_by_role("button", name="Nuova partita").click()
    shows_version(first, 0)
    second = open_pages(tab_of=first)
    second.goto("/#/play")
    shows_version(second, 0)
    first.get_by_role("button", name="Passa", exact=True).click()
    shows_version(first, 1)
    events = first.locator(".events li").all_inner_texts()
    assert events[0] == EVENT_PHRASES["it"]["pass"]  # "Aspetti.": the engine's phrase, in the page's language
    assert all(text not in EVENT_PHRASES["en"].values() for text in events)
    second.get_by_role("button", name="Passa", exact=True).click()
    shows_version(second, 1)  # the game as it is now
    expect(second.locator("#status")).to_have_text("Il server ha rifiutato: La partita è cambiata altrove "
                                                   "(in un'altra scheda o dispositivo); eccola com'è ora.",
                                                   use_inner_text=True)


ACTIONS = "**/v1/games/*/actions"


def send_astray(page: Page, to: str) -> None:
    """From now on the page's actions reach the server with ``to`` changed to this place (each
    request altered on its way)."""
    def astray(route: Route) -> None:
        body = route.request.post_data_json
        assert isinstance(body, dict)
        route.continue_(post_data=json.dumps({**body, "to": to}))

    page.route(ACTIONS, astray)


def test_a_refused_action_is_said_and_the_game_reloaded(page: Page, watch: Watch) -> None:
    """An action the server refuses as malformed (422; here the page's request is altered on its
    way) is said from its refusal code, and the page shows the game as it is."""
    watch.expected_statuses.add(422)
    start_game(page, 6)
    send_astray(page, "atlantis")
    page.locator('.map [role="button"][data-location]').first.click()
    page.locator("#status").get_by_text("Not possible: expected a location id such as 'whitehall', "
                                        "got 'atlantis'.").wait_for()
    expect(page.locator(".status-bar")).to_have_attribute("data-version", "0")
    page.unroute(ACTIONS)
    click_action(page, "Pass")  # the page goes on from the game as it is


def test_an_action_the_rules_refuse_is_said_in_the_chosen_language(page: Page, watch: Watch) -> None:
    """A move to a place that is not a step away (the page's request altered on its way): the
    rules' refusal (409) from its code and parameters, in Italian with the Italian names."""
    page.add_init_script("localStorage.setItem('bs.lang', 'it')")
    watch.expected_statuses.add(409)
    page.goto("/#/play")
    page.locator('[data-focus="seed"]').fill("6")
    page.locator('[data-focus="start-game"]').click()
    shows_version(page, 0)
    pawn = page.locator(".map .place.pawn").get_attribute("data-location")
    assert pawn is not None
    steps = page.locator('.map [role="button"][data-location]').evaluate_all(
        "(gs) => gs.map((g) => g.dataset.location)")
    far = next(loc.id for loc in load_rules().board.locations if loc.id != pawn and loc.id not in steps)
    send_astray(page, far)
    page.locator(f'.map [role="button"][data-location="{steps[0]}"]').click()
    words = Words(load_rules(), "it")
    expected = f"Non si può: {refusal_text(words, 'not-adjacent', {'to': far, 'here': pawn, 'choices': []})}"
    page.locator("#status").get_by_text(expected.split("; ", maxsplit=1)[0]).wait_for()
    expect(page.locator(".status-bar")).to_have_attribute("data-version", "0")


def test_the_tab_and_an_answer_without_the_apis_errors_are_said_in_the_language(page: Page, watch: Watch) -> None:
    """The tab's title names the game as the chosen edition does; an error answer that is not the API's
    (a proxy's 502 page) is said in the page's language with its status, not as the HTTP reason."""
    page.add_init_script("localStorage.setItem('bs.lang', 'ru')")
    page.goto("/")
    page.locator("main h1").wait_for()
    expect(page).to_have_title(re.compile(r" · Чёрная соната$"))

    watch.expected_statuses.add(502)
    page.route("**/v1/board", lambda route: route.fulfill(status=502, content_type="text/html",
                                                          body="<html><body>Bad Gateway</body></html>"))
    page.add_init_script("localStorage.setItem('bs.lang', 'it')")
    page.reload()
    expect(page.get_by_role("alert")).to_contain_text("Il server ha risposto 502 senza dire perché.")
    expect(page.get_by_role("alert")).not_to_contain_text("Bad Gateway")
