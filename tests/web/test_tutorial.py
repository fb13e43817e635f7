"""The guided first game and the How to play page in a real browser (issues 20 and 33): the
tutorial played to the end as it teaches, the player making each new kind of move with the page's
own controls, marking her traits on the tokens before confronting, each clue, flight, fog card and
countdown explained when it happens; in Italian and Russian too; a player who does otherwise
than the plan still goes on; Skip; a reload resumes at the same step; How to play with its
pictures, on a desktop and on a phone. Fixtures are in conftest.py."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from api.browser import PHONE
from api.screenshots import make_the_taught_move, taught_move
from deduce.shipped import load_rules
from deduce.text.catalog import section
from tests.web.pages import accessibility_violations, click_action, open_home, shows_version, unnamed_controls
from tests.web.test_access import no_sideways_scrolling
from tests.web.watch import Pages

WORDS = section("tutorial")
#: The longest the tutorial's game may take, played as it teaches (it is won in 34 actions).
MOST_ACTIONS = 60
#: What the tutorial's game must explain when it happens (issue 33, item 9).
TAUGHT = {"start", "move", "turn", "search", "clue", "flee", "fog.top", "fog.used", "countdown", "suit.ready", "suit",
          "end"}


def panel(page: Page) -> Locator:
    """The explanations of what just happened."""
    return page.locator("section.tutorial")


def lesson(page: Page) -> Locator:
    """What to do now."""
    return page.locator("section.tutorial-lesson")


def start_tutorial(page: Page, lang: str = "en") -> None:
    """From the home page, in a language, start the guided game, and wait for its first step."""
    open_home(page)
    if lang != "en":
        page.locator("#lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    page.get_by_role("link", name=WORDS[lang]["tutorial.learn"], exact=True).click()
    shows_version(page, 0)
    expect(panel(page)).to_have_attribute("data-step", "start")


def explained(page: Page, lang: str) -> dict[str, str]:
    """The explanations on screen, by step, each under its title, with no field left unfilled."""
    said: dict[str, str] = {}
    steps = panel(page).locator(".tutorial-step")
    for i in range(steps.count()):
        step = steps.nth(i).get_attribute("data-step")
        assert step is not None
        expect(steps.nth(i).locator("h3")).to_have_text(WORDS[lang][f"tutorial.title.{step}"])
        text = steps.nth(i).inner_text()
        assert text.strip() and "{" not in text and "tutorial." not in text, text
        said[step] = text
    return said


def happened(page: Page) -> list[str]:
    """The codes of the events of the last action, as the page lists them."""
    codes: list[str] = page.locator(".events li").evaluate_all("(items) => items.map((li) => li.className)")
    return codes


def play_the_tutorial(page: Page, lang: str) -> dict[str, str]:
    """Play the tutorial to the end as it teaches, checking as it goes that each new kind of move
    is the player's own (no Do it the first time), that what just happened is what is explained
    (a clue names the lady just gained, a flight its cards, the countdown its number), and that the
    confrontation waits for the tokens; each step's words, by step (the last time said)."""
    seen: dict[str, str] = explained(page, lang)
    made: set[str] = set()
    for _ in range(MOST_ACTIONS):
        if page.locator(".status-bar").get_attribute("data-state") != "playing":
            break
        send = taught_move(page)
        do_it = lesson(page).locator('[data-focus="tutorial-do"]')
        assert do_it.count() == (1 if send["action"] in made and send["action"] not in ("fog", "confront") else 0), send
        if send["action"] == "confront":  # it waits for her traits marked on the tokens
            checklist = lesson(page).locator(".tutorial-traits li")
            expect(checklist).to_have_count(3)
            expect(lesson(page).locator(".tutorial-traits li.marked")).to_have_count(0)
            assert not accessibility_violations(page)
        clues = page.locator(".cards .card").count()
        make_the_taught_move(page)
        made.add(send["action"])
        said = explained(page, lang)
        seen.update(said)
        codes = happened(page)
        if "clue.found" in codes:
            gained = page.locator(".cards .card").nth(clues).locator("header strong").inner_text()
            assert gained in said["clue"], (gained, said)
        if "flee" in codes:
            assert "flee" in said, said
        if "countdown" in codes and lang == "en":  # turned down to the number the status shows now
            value = page.locator('.status-bar [data-field="countdown"] dd').inner_text()
            assert f"to {value}" in said["countdown"], said
        if "fog" in codes:
            assert "fog.used" in said, said
    return seen


def test_the_tutorial_is_won_by_a_player_who_marked_her_traits(page: Page) -> None:
    start_tutorial(page)
    seen = play_the_tutorial(page, "en")
    expect(page.locator(".status-bar")).to_have_attribute("data-state", "won")
    assert set(seen) >= TAUGHT, f"not explained: {TAUGHT - set(seen)}"
    assert "Dark Lady" in seen["start"] and "Rose" in seen["start"], seen["start"]
    assert "rank" in seen["end"], seen["end"]
    # her traits, as the end shows her card, are those the player's tokens mark hers
    hers = page.locator(".end .card .traits li").all_inner_texts()
    marked = page.locator(".tokens .token.hers").all_inner_texts()
    assert sorted(m.replace("✓", "").strip() for m in marked) == sorted(hers), (marked, hers)
    # the end: the tutorial is closed by its own button, and the game stays on screen
    panel(page).get_by_role("button", name="End tutorial").click()
    expect(panel(page)).to_have_count(0)
    expect(page.locator(".status-bar")).to_have_attribute("data-state", "won")


def first_clue_in(page: Page, lang: str) -> str:
    """In a language: the start, then the first move made as the panel says (the page's own
    controls, named in the language), then the taught moves up to the first clue; its explanation."""
    said = explained(page, lang)
    assert {"it": "Dama Bruna", "ru": "Смуглую даму"}[lang] in said["start"], said
    expect(lesson(page).locator('[data-focus="tutorial-do"]')).to_have_count(0)
    move = taught_move(page)
    words = lesson(page).inner_text()
    place = page.locator(f'.actions .move option[value="{move["to"]}"]').inner_text()
    assert place in words and page.locator('.actions button[data-action="move"]').inner_text().split()[0] in words
    while page.locator(".cards .card").count() == 0:
        make_the_taught_move(page)
    said = explained(page, lang)
    kept = "JSON.parse(localStorage.getItem(`bs.view.${localStorage.getItem('bs.current')}`))"  # the view on screen
    card = page.evaluate(f"{kept}.clues[0].card")
    lady = next(lady.name.by_lang[lang] for lady in load_rules().cards.ladies if lady.id == card)
    suit = page.locator('.status-bar [data-field="suit"] dd').inner_text()
    assert lady in said["clue"] and suit in said["clue"], said
    return said["clue"]


def test_the_tutorial_in_italian(page: Page) -> None:
    start_tutorial(page, "it")
    clue = first_clue_in(page, "it")
    assert "Dama Bruna" in clue and "riga" in clue, clue


def test_the_tutorial_in_russian(page: Page) -> None:
    start_tutorial(page, "ru")
    clue = first_clue_in(page, "ru")
    assert "Смуглой дамы" in clue and "строку" in clue, clue


def test_a_player_who_does_otherwise_goes_on(page: Page) -> None:
    """The plan says to move first; the player passes: the explanation follows the pass (her next card)."""
    start_tutorial(page)
    assert taught_move(page)["action"] == "move"
    assert "Move to" in lesson(page).inner_text()
    click_action(page, "Pass")
    expect(panel(page)).to_have_attribute("data-step", "turn")
    assert taught_move(page)  # and a lesson for the new view


def test_skip(page: Page) -> None:
    start_tutorial(page)
    panel(page).get_by_role("button", name="Skip tutorial").click()
    expect(panel(page)).to_have_count(0)
    assert page.evaluate("localStorage.getItem('bs.tutorial')") is None
    page.reload()
    shows_version(page, 0)  # the game goes on without it
    expect(page.get_by_role("button", name="Search", exact=True)).to_be_visible()
    expect(panel(page)).to_have_count(0)


def test_a_tutorial_this_page_did_not_write_is_ignored(page: Page) -> None:
    """A broken tutorial in this browser's storage: the game is shown without it, nothing fails."""
    start_tutorial(page)
    page.evaluate("localStorage.setItem('bs.tutorial', '{broken')")
    page.reload()
    shows_version(page, 0)
    expect(page.get_by_role("button", name="Search", exact=True)).to_be_visible()
    expect(panel(page)).to_have_count(0)


def test_a_reload_resumes_at_the_same_step(page: Page) -> None:
    start_tutorial(page)
    for _ in range(3):  # move, pass, move: the steps of moving and of her next card
        make_the_taught_move(page)
    step = panel(page).get_attribute("data-step")
    assert step in ("move", "turn"), step
    said = explained(page, "en")
    page.reload()
    shows_version(page, 3)
    expect(panel(page)).to_have_attribute("data-step", step)
    assert explained(page, "en") == said


def test_how_to_play(page: Page) -> None:
    open_home(page)
    page.get_by_role("navigation").get_by_role("link", name="How to play").click()
    expect(page.locator("main h1")).to_have_text("How to play")
    expect(page.get_by_role("link", name="How to play", exact=True).first).to_have_attribute("aria-current", "page")
    pictures = page.locator("main figure img")
    expect(pictures).to_have_count(3)
    for i in range(3):
        pictures.nth(i).scroll_into_view_if_needed()
        page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=pictures.nth(i).element_handle())
        assert pictures.nth(i).get_attribute("alt")
    assert not unnamed_controls(page)
    assert not accessibility_violations(page)
    page.get_by_role("link", name="Learn to play").click()
    expect(panel(page)).to_have_attribute("data-step", "start")
    taught_move(page)
    expect(lesson(page)).to_be_visible()
    assert not accessibility_violations(page)


def test_on_a_phone(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    page.goto("/#/howto")
    expect(page.locator("main h1")).to_have_text("How to play")
    assert not unnamed_controls(page)
    no_sideways_scrolling(page, "how to play")
    start_tutorial(page)
    taught_move(page)
    assert not unnamed_controls(page)
    no_sideways_scrolling(page, "the tutorial")
    assert not accessibility_violations(page)
    # The lesson comes first when the columns stack, then the map, both in the first screen;
    # what just happened under the map and the actions.
    top = "(e) => e.getBoundingClientRect().top"
    lesson_box = lesson(page).evaluate("(e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
    map_top = page.locator(".map").evaluate(top)
    assert lesson_box[1] <= map_top < PHONE["height"], (lesson_box, map_top)
    assert panel(page).evaluate(top) > page.locator(".actions").evaluate(top)
