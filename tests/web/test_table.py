"""The table page with a box owner's own cards and board: files loaded (a broken one shows its
problems with their paths and changes nothing), a board entered in the page (checked as it is
typed, read by the engine, downloaded as board.yaml), and the deductions made with them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, Locator, Page, Request, expect

from api.browser import PHONE
from api.screenshots import hint_steps, type_rulebook_example
from deduce.game.steps import HintStep
from deduce.where import boardfile
from deduce.where.query import parse_track_query
from deduce.where.tracker import track
from deduce.who import cardfile
from deduce.who.deduction import deduce
from deduce.who.query import parse_query
from tests.web.pages import OWN_CARDS, accessibility_violations, choose_language, renamed_cards, ring_board
from tests.web.watch import TIMEOUT, Pages, Watch


def candidates_text(n: int) -> str:
    return "1 possible Dark Lady" if n == 1 else f"{n} possible Dark Ladies"


def open_own(page: Page) -> None:
    page.goto("/#/table")
    page.get_by_text("Your own cards and board").click()


def load_unreadable(page: Page, label: str, path: Path) -> Locator:
    """Load a file that cannot be read into the field labelled ``label``; the alert naming it."""
    page.get_by_label(label).set_input_files(path)
    problems = page.get_by_role("alert").filter(has_text=f"{path.name} could not be read")
    problems.wait_for()
    return problems


def test_own_cards_are_used_and_a_broken_file_changes_nothing(page: Page, watch: Watch, open_pages: Pages,
                                                              tmp_path: Path) -> None:
    watch.expected_statuses.add(422)  # the broken file, and a clue the box's set does not have
    open_own(page)
    own = tmp_path / "own.yaml"
    own.write_text(yaml.safe_dump(OWN_CARDS), encoding="utf-8")
    page.get_by_label("Load a card set file").set_input_files(own)
    page.get_by_text("In use: Own (yours)").wait_for()
    chips = page.get_by_role("group", name="Its 2 traits").get_by_role("button")
    expect(chips).to_have_text(["a", "b", "c", "d"])
    page.get_by_label("Her suit (the back of her card)").select_option("red")
    page.get_by_label("Card", exact=True).select_option("l3")
    page.get_by_role("button", name="Add this card").click()
    cards = cardfile.parse(OWN_CARDS)
    n = len(deduce(cards, parse_query(cards, {"suit": "red", "clues": [{"card": "l3"}]})).candidates)
    page.get_by_text(candidates_text(n), exact=True).wait_for()

    broken = json.loads(json.dumps(OWN_CARDS))
    broken["ladies"][3]["key"]["red"] = 7
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    problems = load_unreadable(page, "Load a card set file", bad)
    expect(problems).to_contain_text("ladies[3].key.red")
    expect(page.get_by_text("In use: Own (yours)")).to_be_visible()  # the previous cards, entries and answer kept
    expect(page.get_by_text(candidates_text(n), exact=True)).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Remove .*l3"))).to_have_count(1)

    page.get_by_role("button", name="Use the sample cards").click()  # l3 is not one of the sample cards
    problems = page.get_by_role("region", name="The answer").get_by_role("alert")
    expect(problems).to_contain_text("l3")  # the engine's refusal, with no path
    expect(problems).not_to_contain_text("clues[0]")
    page.get_by_role("button", name="Undo").click()
    page.get_by_text(candidates_text(n), exact=True).wait_for()
    page.reload()  # the own cards are kept in the browser with the entries
    page.get_by_text(candidates_text(n), exact=True).wait_for()
    with page.expect_download() as download:  # and travel with them in an export
        page.get_by_role("button", name="Export").click()
    other = open_pages()
    other.goto("/#/table")
    other.get_by_label("Import").set_input_files(download.value.path())
    other.get_by_text(candidates_text(n), exact=True).wait_for()
    other.get_by_text("Your own cards and board").click()
    expect(other.get_by_text("In use: Own (yours)")).to_be_visible()


def test_an_own_board_file_is_tracked_on_and_a_broken_one_changes_nothing(page: Page, watch: Watch,
                                                                          tmp_path: Path) -> None:
    watch.expected_statuses.add(422)
    open_own(page)
    ring = tmp_path / "ring.yaml"
    ring.write_text(yaml.safe_dump(ring_board()), encoding="utf-8")
    page.get_by_label("Load a board file").set_input_files(ring)
    page.get_by_text("In use: Ring (yours)").wait_for()
    page.get_by_label("Stealth sequence").select_option(label="Movement sequence 1 (she always moves)")
    page.get_by_label("The next card shows").select_option("inn")
    page.get_by_role("button", name="Record card").click()
    page.get_by_text("On top now: inn").wait_for()
    board = boardfile.parse(ring_board())
    query = {"length": 26, "moves": "always", "now": 0, "observations": [{"slot": 0, "landmark": "inn"}]}
    odds = track(board, parse_track_query(board, query)).to_json()["now"]["locations"]
    now = page.locator(".odds-map").first
    expect(now.locator(".place")).to_have_count(4)
    for place, chance in odds.items():
        expect(now.locator(f'[data-location="{place}"] .odds')).to_have_text(str(round(100 * chance)))

    broken = {**ring_board(), "locations": [*ring_board()["locations"], {"id": "e", "landmark": "mill"}]}
    bad = tmp_path / "bad-board.yaml"
    bad.write_text(yaml.safe_dump(broken), encoding="utf-8")
    problems = load_unreadable(page, "Load a board file", bad)
    expect(problems).to_contain_text("locations[4].landmark")
    expect(page.get_by_text("In use: Ring (yours)")).to_be_visible()
    expect(page.locator(".odds-map").first.locator(".place")).to_have_count(4)
    expect(page.get_by_text("On top now: inn")).to_be_visible()


def edit(page: Page, path: str) -> Locator:
    """A field of the board editor, by the place in the board document it fills."""
    return page.locator(f'.board-editor [data-path="{path}"]')


def beside(page: Page, path: str) -> Locator:
    """The message beside a field of the board editor."""
    return edit(page, path).locator("xpath=ancestor::div[contains(@class,'field')][1]").locator(".field-error")


def test_a_board_entered_in_the_page_is_checked_downloaded_and_used(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(422)
    open_own(page)
    page.get_by_text("Enter a board").click()
    page.get_by_role("button", name="Start from nothing").click()
    page.get_by_label("Board name").fill("Triangle")
    for _ in range(2):
        page.get_by_role("button", name="Add a landmark").click()
    edit(page, "landmarks[0].id").fill("inn")
    edit(page, "landmarks[0].name").fill("Inn")
    edit(page, "landmarks[1].id").fill("inn")
    expect(beside(page, "landmarks[1].id")).to_have_text("This id is used above already.")  # checked as typed
    edit(page, "landmarks[1].id").fill("church")
    expect(beside(page, "landmarks[1].id")).to_have_text("")
    edit(page, "landmarks[1].id").press("Tab")
    for place in "xyz":
        page.get_by_role("button", name="Add a location").click()
        i = "xyz".index(place)
        edit(page, f"locations[{i}].id").fill(place)
        edit(page, f"locations[{i}].id").press("Tab")
    edit(page, "locations[1].landmark").select_option("church")
    edit(page, "locations[2].landmark").select_option("")
    expect(beside(page, "locations[2].landmark")).to_have_text("Choose its landmark.")
    for i, (a, b) in enumerate([("x", "y"), ("y", "z"), ("z", "z")]):
        page.get_by_role("button", name="Add a path").click()
        edit(page, f"paths[{i}]").select_option(a)  # the first end: a problem with the whole path goes beside it
        edit(page, f"paths[{i}][1]").select_option(b)
    expect(beside(page, "paths[2]")).to_have_text("A path joins two different locations.")

    page.get_by_role("button", name="Use this board").click()  # the engine reads it, and names the places
    # the engine's words beside the field its label names: no path before them
    expect(beside(page, "locations[2].landmark")).to_have_text(re.compile(r"^(?!locations\[|Choose its landmark)\S"))
    expect(beside(page, "paths[2]")).to_have_text(re.compile(r"^(?!paths\[|A path joins)\S"))
    expect(page.get_by_text("In use: London, around 1600, an original sample map")).to_be_visible()  # nothing changed

    edit(page, "locations[2].landmark").select_option("inn")
    edit(page, "paths[2][1]").select_option("x")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download board.yaml").click()
    assert download.value.suggested_filename == "board.yaml"
    written = boardfile.loads(Path(download.value.path()).read_bytes())
    expected = {"schema": 1, "name": "Triangle", "landmarks": [{"id": "inn", "name": "Inn"}, {"id": "church"}],
                "locations": [{"id": "x", "landmark": "inn"}, {"id": "y", "landmark": "church"},
                              {"id": "z", "landmark": "inn"}],
                "paths": [["x", "y"], ["y", "z"], ["z", "x"]]}
    assert boardfile.to_json(written) == boardfile.to_json(boardfile.parse(expected))
    page.get_by_role("button", name="Use this board").click()
    page.get_by_text("In use: Triangle (yours)").wait_for()
    expect(page.locator(".odds-map").first.locator(".place")).to_have_count(3)
    page.reload()  # the draft is kept in the browser as it was typed
    page.get_by_text("Your own cards and board").click()
    page.get_by_text("Enter a board").click()
    expect(edit(page, "landmarks[0].name")).to_have_value("Inn")


def test_bad_input_at_the_table_is_caught_where_it_is_typed(page: Page, tmp_path: Path) -> None:
    type_rulebook_example(page)
    page.get_by_text("18 possible Dark Ladies").wait_for()
    for trait in ("Court connections", "Musician"):
        page.get_by_role("button", name=trait, exact=True).click()
    page.get_by_role("button", name="Add card", exact=True).click()
    add = page.get_by_role("button", name="Add card", exact=True)
    expect(add).to_have_attribute("aria-invalid", "true")  # the page answers when it has redrawn
    expect(page.get_by_text("Tap exactly 3 traits.")).to_be_visible()
    expect(page.get_by_role("button", name="Musician", exact=True)).to_have_attribute("aria-pressed", "true")  # kept
    flee = page.get_by_label(re.compile(r"^She flees"))
    flee.fill("-2")
    expect(page.get_by_text("A whole number from 0 to 64.")).to_be_visible()  # as it is typed
    page.get_by_role("button", name="Record search").click()
    expect(page.get_by_text("Nothing entered yet.")).to_be_visible()  # nothing recorded
    expect(flee).to_have_value("-2")  # and nothing typed lost
    export = tmp_path / "not-an-export.json"
    export.write_text('{"format": "something else"}', encoding="utf-8")
    page.get_by_label("Import").set_input_files(export)
    expect(page.get_by_text("This file is not an export of this page")).to_be_visible()  # read, then refused
    expect(page.get_by_text("18 possible Dark Ladies")).to_be_visible()  # the entries as they were
    page.get_by_role("button", name="Court connections", exact=True).click()  # a redraw keeps what is typed
    expect(page.get_by_role("button", name="Court connections", exact=True)).to_have_attribute("aria-pressed", "false")
    expect(flee).to_have_value("-2")
    expect(page.get_by_role("button", name="Musician", exact=True)).to_have_attribute("aria-pressed", "true")


def test_the_table_page_gives_the_plan_a_game_would_for_what_is_entered(page: Page) -> None:
    """One voice (issue 26): with her suit, a card of the set, the pawn and the top card entered, the
    page sends the situation at the table and shows the plan :func:`deduce.game.situation.table_advice`
    gives for it: the same action and reasons as a game's hints would."""
    from deduce.game.situation import table_advice
    from deduce.shipped import load_rules

    page.goto("/#/table")
    page.get_by_label("Her suit (the back of her card)").select_option(label="Rose")
    page.get_by_label("Card", exact=True).select_option("jacqueline-field")
    page.get_by_role("button", name="Add this card").click()
    page.get_by_label("Your pawn (for advice)").select_option(label="The Globe")
    expect(page.get_by_role("region", name="What to do now")).to_have_count(0)  # the top card not yet seen
    with page.expect_request(lambda r: r.url.endswith("/v1/advice") and "situation" in (r.post_data or "")) as sent:
        page.get_by_role("button", name="Record card").click()
    body = sent.value.post_data_json
    assert isinstance(body, dict)
    situation = body["situation"]
    assert situation["suit"] == "rose" and situation["pawn"] == "globe" and situation["clues"] == ["jacqueline-field"]
    hint_steps(page)
    plan = page.get_by_role("region", name="What to do now")
    plan.wait_for()
    expected = table_advice(load_rules(), situation).get("plan")
    assert expected is not None
    expect(plan.locator(".do")).to_have_attribute("data-action", expected["action"] or "none")
    codes = [reason["code"] for reason in expected["reasons"]]
    expect(plan.locator(".reasons li")).to_have_count(len(codes))
    assert plan.locator(".reasons li").evaluate_all("items => items.map((li) => li.dataset.code)") == codes
    assert accessibility_violations(page) == []  # the page with its plan, as axe-core sees it


# -- typed cards, phone first (issue 33) ------------------------------------------------------------------------

#: The rulebook's example at the table (her card's back shows a rose, Jacqueline Field revealed), with the suit
#: card revealed too (Mary Fitton, the other rose card of the sample set), the pawn at the Globe and the card on
#: top seen.
RULEBOOK_CARDS = ("jacqueline-field", "mary-fitton")


def in_language(page: Page, lang: str) -> None:
    """The table page, in ``lang``, with nothing entered."""
    from deduce.text.catalog import section

    page.goto("/#/table")
    choose_language(page, lang)
    page.get_by_role("heading", level=1, name=section("page")[lang]["table.title"]).wait_for()


def added(page: Page, n: int) -> None:
    """Wait for the page to show ``n`` cards entered."""
    expect(page.locator(".cards .card-slot")).to_have_count(n)


def enter_rulebook_example(page: Page, typed: bool) -> None:
    """The rulebook's example entered on the table page, each card typed as it lies or picked from the set."""
    from deduce.shipped import load_cards

    cards = load_cards()
    page.locator('[data-focus="suit"]').select_option("rose")
    for n, card in enumerate(RULEBOOK_CARDS, 1):
        if typed:
            lady = cards.lady(card)
            for trait in lady.traits:
                page.locator(f'.typing [data-trait="{trait}"]').click()
            for count in sorted(lady.key["rose"]):
                page.locator(f'[data-focus="count-{count}"]').click()
            page.locator('[data-focus="add-typed"]').click()
        else:
            page.locator('[data-focus="pick"]').select_option(card)
            page.locator('[data-focus="add-pick"]').click()
        added(page, n)
    page.locator('[data-focus="pawn"]').select_option("globe")
    page.locator('[data-focus="seen"]').select_option("playhouse")
    page.locator('[data-focus="record-card"]').click()


def the_answer(page: Page) -> dict[str, object]:
    """What the page answers once the plan is shown: the answer bar, the suit card marked, WHO progress, the
    deduction, and the plan's action and reasons."""
    bar = page.locator(".answer-bar")
    hint_steps(page)
    expect(bar.locator(".do-now[data-action]")).to_be_visible()
    expect(page.locator(".card.suit-card")).to_have_count(1)
    plan = page.locator(".plan")
    return {"bar": bar.inner_text(), "progress": page.locator(".progress").inner_text(),
            "who": page.locator(".who").inner_text(), "action": plan.locator(".do").get_attribute("data-action"),
            "reasons": plan.locator(".reasons li").evaluate_all("items => items.map((li) => li.dataset.code)")}


def in_first_screen(page: Page, locator: Locator) -> None:
    """The element is wholly within the phone's screen as the page stands (no scrolling needed to read it)."""
    box = locator.bounding_box()
    screen = page.viewport_size
    assert box is not None and screen is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= screen["height"], (box, screen)


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_the_rulebook_example_typed_on_a_phone_answers_as_picked_in_the_first_screen(open_pages: Pages,
                                                                                      lang: str) -> None:
    """Every card typed as it lies, the suit card included and not ticked: the same WHO answer, progress and plan
    as the same cards picked, and the answer (verdict, traits, what to do now, where she likely is) within the
    first screen of a phone after the last entry."""
    from deduce.game.situation import table_advice
    from deduce.shipped import load_rules
    from deduce.text.catalog import section

    page = open_pages(PHONE)
    in_language(page, lang)
    with page.expect_request(lambda r: r.url.endswith("/v1/advice") and "situation" in (r.post_data or "")) as sent:
        enter_rulebook_example(page, typed=True)
    typed = the_answer(page)
    bar = page.locator(".answer-bar")
    in_first_screen(page, bar)
    expect(bar.locator(".verdict")).to_be_visible()
    words = section("page")[lang]
    likely = bar.locator(".likely").inner_text()  # said in the page's language, in the form its count takes
    forms = [text for key, text in words.items() if re.fullmatch(r"table\.likely\.(one|few|many|other)", key)]
    assert any(likely.startswith(form.split("{")[0]) for form in forms), likely
    body = sent.value.post_data_json
    assert isinstance(body, dict)
    situation = body["situation"]
    assert [c.get("role") for c in situation["typed"]] == ["clue", "clue"]  # the suit card with no tick
    page.locator('[data-focus="clear"]').click()
    added(page, 0)
    enter_rulebook_example(page, typed=False)
    picked = the_answer(page)
    assert typed == picked
    expected = table_advice(load_rules(), {**situation, "typed": [], "clues": [RULEBOOK_CARDS[0]],
                                           "suit_card": RULEBOOK_CARDS[1]}, lang)["plan"]
    assert picked["action"] == (expected["action"] or "none")
    assert picked["reasons"] == [r["code"] for r in expected["reasons"]]
    shown = page.locator("main").inner_text().lower()
    assert "slot" not in shown and "posizione" not in shown and "позици" not in shown  # the player's words
    assert accessibility_violations(page) == []
    heights = page.locator("main button:visible").evaluate_all("(bs) => bs.map((b) => [b.textContent, b.offsetHeight])")
    assert [(text, height) for text, height in heights if height < 44] == [], "a button under 44 px on a phone"


def test_bad_typed_cards_are_named_kept_and_never_blamed_for_a_lost_connection(browser: Browser, server: str) -> None:
    """A typed card that contradicts the others: the smallest conflicting set by name beside the cards; a card
    half typed is kept through a reload, marked, and not sent; the server out of reach keeps what was entered
    (a phone of its own: its requests fail on purpose)."""
    context = browser.new_context(base_url=server, viewport=PHONE)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    in_language(page, "en")
    page.locator('[data-focus="suit"]').select_option("rose")
    page.wait_for_function("document.activeElement?.dataset.trait === 'literary'")  # the step folded: on to the card
    page.locator('[data-focus="pick"]').select_option("mary-fitton")
    page.locator('[data-focus="add-pick"]').click()
    added(page, 1)
    for trait in ("literary", "married", "musical"):  # no card of the set: with her key entry 2, it contradicts
        page.locator(f'.typing [data-trait="{trait}"]').click()
    page.locator('[data-focus="count-2"]').click()
    page.locator('[data-focus="add-typed"]').click()
    note = page.locator(".conflict-note")
    expect(note).to_contain_text("Mary Fitton")
    expect(note).to_contain_text("Literary or artistic, Married, Musician")
    expect(page.locator(".card.conflict")).to_have_count(2)
    expect(page.locator(".unrecognised")).to_have_count(1)
    # no plan from cards that cannot all be true
    expect(page.locator(".answer-bar .do-now")).to_have_text(re.compile(r"^Check the cards first"))
    expect(page.locator("section.plan")).to_have_count(0)

    page.locator('.typing [data-trait="lover"]').click()  # half typed, then the page reloaded
    expect(page.locator(".half-typed-note")).to_be_visible()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.post_data or "") if r.url.endswith("/v1/hint") else None)
    page.reload()
    expect(page.locator('.typing [data-trait="lover"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".half-typed-note")).to_be_visible()
    added(page, 2)
    assert asked and all('"lover"' not in body for body in asked)  # never sent

    verdict = page.locator(".answer-bar .verdict strong").inner_text()
    page.route("**/v1/**", lambda route: route.abort("connectionrefused"))
    page.locator('.typing [data-trait="lover"]').click()
    offline = page.get_by_role("region", name="The answer").get_by_role("alert")
    expect(offline).to_contain_text("The server cannot be reached: what you entered is kept. "
                                    "The answer below is for the cards before.")
    expect(page.locator(".answer-bar .verdict strong")).to_have_text(verdict)  # the last answer stays on screen
    expect(page.locator(".card-slot .card").first).to_have_attribute("aria-label", re.compile("Mary Fitton"))
    added(page, 2)
    expect(page.locator('.typing [data-trait="lover"]')).to_have_attribute("aria-pressed", "false")  # as tapped
    page.unroute("**/v1/**")
    offline.get_by_role("button", name="Try again").click()  # the server is back: asked again at once
    expect(offline).to_have_count(0)

    context.set_offline(True)  # the phone loses its network, then finds it: the page asks again by itself
    page.locator('.typing [data-trait="lover"]').click()
    expect(offline).to_contain_text("The server cannot be reached")
    context.set_offline(False)
    expect(offline).to_have_count(0)
    expect(page.locator(".answer-bar .verdict strong")).to_have_text(verdict)
    context.close()


def situation_sent(request: Request) -> bool:
    """Whether a request is the advice for a situation at the table (not one of its early steps)."""
    return request.url.endswith("/v1/advice") and "situation" in (request.post_data or "") \
        and '"step"' not in (request.post_data or "")


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_what_to_do_now_comes_in_steps_at_the_table(open_pages: Pages, lang: str) -> None:
    """SPEC 10 at the table: the verdict and her traits as ever, and what to do now in steps, each press of Hint
    one further (the nudge, the focus, the plan), as the engine words them for what is entered; an entry starts
    them again. On a phone the button is a finger's size and the step is in the first screen."""
    from deduce.game import situation as table_situation
    from deduce.shipped import load_rules
    from deduce.text.catalog import section

    page = open_pages(PHONE)
    in_language(page, lang)
    with page.expect_request(situation_sent) as sent:
        enter_rulebook_example(page, typed=False)
    rules = load_rules()

    def said(request: Request, step: HintStep) -> str:
        body = request.post_data_json
        assert isinstance(body, dict)
        table = table_situation.parse_situation(rules, body["situation"])
        return table_situation.advice_step(rules, table, lang, step)["hint"]["text"]

    words = section("player")[lang]
    bar = page.locator(".answer-bar")
    hint = bar.locator('button[data-action="hints"]')
    expect(hint).to_have_accessible_name(words["hint.next.1"])
    expect(bar.locator(".verdict")).to_be_visible()  # the deduction asked for, as ever
    expect(bar.locator(".do-now[data-action]")).to_have_count(0)
    hint.click()
    step = bar.locator(".hint-text")
    nudge = said(sent.value, 1)
    assert not re.search(r"\d", nudge), nudge
    expect(step).to_have_text(nudge)
    expect(page.locator("section.plan")).to_have_count(0)  # the plan's details wait for the whole answer
    page.evaluate("window.scrollTo(0, 0)")
    in_first_screen(page, step)
    assert (hint.bounding_box() or {"height": 0})["height"] >= 44
    expect(hint).to_have_accessible_name(words["hint.next.2"])
    hint.click()
    expect(step).to_have_text(said(sent.value, 2))
    expect(hint).to_have_accessible_name(words["hint.next.3"])
    hint.click()
    expect(bar.locator(".do-now[data-action]")).to_be_visible()
    expect(page.locator("section.plan .reasons li").first).to_be_visible()
    expect(hint).to_have_accessible_name(words["hint.hide"])
    with page.expect_request(situation_sent) as again:
        page.locator('[data-focus="pawn"]').select_option("whitehall")
    expect(hint).to_have_accessible_name(words["hint.next.1"])  # an entry: the steps start again
    hint.click()
    expect(step).to_have_text(said(again.value, 1))
    assert accessibility_violations(page) == []


def test_the_steps_at_the_table_outlive_a_lost_connection(browser: Browser, server: str) -> None:
    """The server out of reach when Hint asks for the next step: the step shown stays, said to be the answer
    before, and once the server is back (Try again) the step asked for comes (a phone of its own: its requests
    fail on purpose)."""
    context = browser.new_context(base_url=server, viewport=PHONE)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    in_language(page, "en")
    enter_rulebook_example(page, typed=False)
    bar = page.locator(".answer-bar")
    hint = bar.locator('button[data-action="hints"]')
    hint.click()
    nudge = bar.locator('.hint-step[data-step="1"] .hint-text')
    nudge.wait_for()
    said = nudge.inner_text()
    page.route("**/v1/**", lambda route: route.abort("connectionrefused"))
    hint.click()
    offline = page.get_by_role("region", name="The answer").get_by_role("alert")
    expect(offline).to_contain_text("The server cannot be reached")
    expect(nudge).to_have_text(said)  # the last answer stays on screen
    page.unroute("**/v1/**")
    offline.get_by_role("button", name="Try again").click()
    expect(offline).to_have_count(0)
    expect(bar.locator('.hint-step[data-step="2"] .hint-text')).to_be_visible()
    expect(hint).to_have_accessible_name("The whole answer")
    context.close()


def test_an_own_card_set_on_a_phone_gives_what_to_do_now_in_the_first_screen(open_pages: Pages, tmp_path: Path) -> None:
    """The shipped cards under the owner's own ids and names, with no modes, loaded from a file at the table on a
    phone: only the modes the set can be played in are offered (and why), a card typed as it lies is recognised as
    her set's card, and once the pawn and the top card are entered "What to do now" is in the first screen: the
    plan the engine gives with her set."""
    from dataclasses import replace

    from deduce.game.situation import table_advice
    from deduce.shipped import load_rules

    own, mine = renamed_cards(modes=False)
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(own, allow_unicode=True), encoding="utf-8")
    page = open_pages(PHONE)
    open_own(page)
    page.get_by_label("Load a card set file").set_input_files(path)
    page.get_by_text("In use: Mine (yours)").wait_for()
    expect(page.locator('[data-focus="mode"] option')).to_have_text(["Training", "Normal"])
    expect(page.get_by_text("Your card set does not say which cards some modes remove")).to_be_visible()
    page.locator('[data-focus="suit"]').select_option(mine["rose"])
    card = next(lady for lady in own["ladies"] if lady["id"] == mine["jacqueline-field"])
    for trait in card["traits"]:
        page.locator(f'.typing [data-trait="{trait}"]').click()
    page.locator(f'[data-focus="count-{card["key"][mine["rose"]]}"]').click()
    page.locator('[data-focus="add-typed"]').click()
    added(page, 1)
    expect(page.locator(".cards .card-slot")).to_contain_text(card["name"]["en"])  # recognised as her set's card
    page.locator('[data-focus="pawn"]').select_option("globe")
    with page.expect_request(lambda r: r.url.endswith("/v1/advice") and "situation" in (r.post_data or "")) as sent:
        page.locator('[data-focus="seen"]').select_option("playhouse")
        page.locator('[data-focus="record-card"]').click()
    hint_steps(page)
    do_now = page.locator(".answer-bar .do-now[data-action]")
    expect(do_now).to_be_visible()
    in_first_screen(page, do_now)
    body = sent.value.post_data_json
    assert isinstance(body, dict) and body["cards"]["name"] == "Mine"
    expected = table_advice(replace(load_rules(), cards=cardfile.parse(own)), body["situation"])["plan"]
    expect(do_now).to_have_attribute("data-action", expected["action"] or "none")
    assert expected["figures"]["clues_held"] == 1
    assert accessibility_violations(page) == []


def test_a_typed_card_ticked_as_the_suit_card_that_is_not_of_her_suit_is_said_beside_it(open_pages: Pages) -> None:
    """Jacqueline Field (an Oak card) typed as she lies at a game of a rose, and ticked as the suit card: what
    is wrong is said beside her card, with the names of the lady and the suits, and not only in the bar."""
    page = open_pages(PHONE)
    open_pages.watch(page).expected_statuses.add(422)  # the advice refuses the hand: said in words
    in_language(page, "en")
    page.locator('[data-focus="suit"]').select_option("rose")
    for trait in ("literary", "married", "children"):
        page.locator(f'.typing [data-trait="{trait}"]').click()
    page.locator('[data-focus="count-1"]').click()
    page.locator("#typed-suit-card").check()
    page.locator('[data-focus="add-typed"]').click()
    added(page, 1)
    page.locator('[data-focus="pawn"]').select_option("globe")
    page.locator('[data-focus="seen"]').select_option("playhouse")
    page.locator('[data-focus="record-card"]').click()
    beside = page.locator(".card-slot").first.get_by_role("alert")
    expect(beside).to_contain_text("Jacqueline Field")
    expect(beside).to_contain_text("Oak")
    expect(beside).not_to_contain_text("typed[")
