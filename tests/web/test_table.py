"""The table page with a box owner's own cards and board: files loaded (a broken one shows its
problems with their paths and changes nothing), a board entered in the page (checked as it is
typed, read by the engine, downloaded as board.yaml), and the deductions made with them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml
from playwright.sync_api import Locator, Page, expect

from api.screenshots import type_rulebook_example
from deduce.where import boardfile
from deduce.where.query import parse_track_query
from deduce.where.tracker import track
from deduce.who import cardfile
from deduce.who.deduction import deduce
from deduce.who.query import parse_query
from tests.web.pages import OWN_CARDS, accessibility_violations, ring_board
from tests.web.watch import Pages, Watch


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

    page.get_by_role("button", name="Use the box's cards").click()  # l3 is not one of the box's cards
    page.get_by_text("query.clues[0].card").wait_for()
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
    page.get_by_label("Stealth sequence").select_option(label="On-card position 1 (she always moves)")
    page.get_by_label("The next card shows").select_option("inn")
    page.get_by_role("button", name="Record card").click()
    page.get_by_text("slot 0: the top card shows inn").wait_for()
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
    expect(page.get_by_text("slot 0: the top card shows inn")).to_be_visible()


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
    expect(page.get_by_text("In use: London, around 1600 (the box's)")).to_be_visible()  # nothing changed

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
    page sends the situation at the table and shows the plan :func:`deduce.game.table.table_advice`
    gives for it: the same action and reasons as a game's hints would."""
    from deduce.game.table import table_advice
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
    plan = page.get_by_role("region", name="What to do now")
    plan.wait_for()
    expected = table_advice(load_rules(), situation).get("plan")
    assert expected is not None
    expect(plan.locator(".do")).to_have_attribute("data-action", expected["action"] or "none")
    codes = [reason["code"] for reason in expected["reasons"]]
    expect(plan.locator(".reasons li")).to_have_count(len(codes))
    assert plan.locator(".reasons li").evaluate_all("items => items.map((li) => li.dataset.code)") == codes
    assert accessibility_violations(page) == []  # the page with its plan, as axe-core sees it
