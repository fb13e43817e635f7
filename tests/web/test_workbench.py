"""The designer's workbench, part A, in a real browser: the card set edited as cards (no YAML typed),
undo and redo, kept across reloads, imported and exported, and audited live with the findings beside
the cards, in the page's language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from api.browser import PHONE
from deduce.cli import main
from tests.web.pages import OWN_CARDS, unnamed_controls
from tests.web.test_access import no_sideways_scrolling, set_language
from tests.web.watch import Pages, Watch

BROKEN_CLUES = Path(__file__).resolve().parents[2] / "docs" / "broken-clues.yaml"


def status(page: Page) -> Locator:
    """The audit's one-line verdict ("No errors", "Errors: 6")."""
    return page.locator(".wb-status")


def card(page: Page, name: str) -> Locator:
    """A lady's card in the editor: the group named by her name."""
    return page.locator(".wb-cards").get_by_role("group", name=name, exact=True)


def open_with_the_shipped_set(page: Page) -> None:
    page.goto("/#/designer")
    page.get_by_role("button", name="Load the shipped set").click()
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(12)


def the_page_set(page: Page) -> dict[str, Any]:
    """The set the editor holds (cardset.js's state: the page's own module instance)."""
    doc: dict[str, Any] = page.evaluate("import('/static/js/cardset.js').then((m) => m.workbench.doc)")
    return doc


def the_page_report(page: Page) -> dict[str, Any]:
    report: dict[str, Any] = page.evaluate("import('/static/js/cardset.js').then((m) => m.workbench.report)")
    return report


def lie_about_rose(page: Page) -> None:
    """Jacqueline Field's key says 3 for Rose: neither rose lady shares all three of her traits."""
    card(page, "Jacqueline Field").get_by_role("textbox", name="Rose").fill("3")
    expect(status(page)).to_have_text(re.compile(r"^Errors: 6"))


def test_a_lying_key_is_said_beside_her_card_and_undo_and_redo_take_it_back_and_again(page: Page) -> None:
    open_with_the_shipped_set(page)
    lie_about_rose(page)
    jacqueline = card(page, "Jacqueline Field")
    expect(jacqueline.locator(".wb-error").first).to_contain_text(
        "Her key for Rose says 3, but Mary Fitton (Rose) shares 1 of her traits: when Mary Fitton is the Dark Lady, "
        "this card lies.")
    expect(jacqueline.locator("tr.wb-lies")).to_have_count(1)
    page.get_by_role("button", name="Undo").click()
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    expect(jacqueline.get_by_role("textbox", name="Rose")).to_have_value("1")
    page.get_by_role("button", name="Redo").click()
    expect(status(page)).to_have_text(re.compile(r"^Errors: 6"))
    expect(jacqueline.get_by_role("textbox", name="Rose")).to_have_value("3")
    page.keyboard.press("Control+z")  # the keyboard too, wherever the focus is on the page
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    page.keyboard.press("Control+y")
    expect(status(page)).to_have_text(re.compile(r"^Errors: 6"))
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+z")
    expect(jacqueline.get_by_role("textbox", name="Rose")).to_have_value("3")


def test_a_key_entry_that_cannot_be_read_is_said_and_kept_as_typed_and_the_set_keeps_its_last_good_state(
        page: Page) -> None:
    open_with_the_shipped_set(page)
    rose = card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")
    for typed, said in (("5", "5 is more than the 3 traits a lady has."),
                        ("1/x", "“x” is not a count: type whole numbers joined by /, like 0/2."),
                        ("", "Type the entry as the card prints it: 2, or 0/2."),
                        ("0/0", "0 is there twice.")):
        rose.fill(typed)
        expect(card(page, "Jacqueline Field").get_by_text(said)).to_be_visible()
        expect(rose).to_have_value(typed)
        expect(rose).to_have_attribute("aria-invalid", "true")
    assert the_page_set(page)["ladies"][0]["key"]["rose"] == [1]  # the last good set
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    rose.fill("0/2")  # typed as the card prints it
    expect(rose).to_have_attribute("aria-invalid", "false")
    expect(status(page)).to_have_text(re.compile(r"^Errors: "))
    assert the_page_set(page)["ladies"][0]["key"]["rose"] == [0, 2]


def test_export_is_read_by_the_command_line_with_the_report_the_page_shows(
        page: Page, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    open_with_the_shipped_set(page)
    lie_about_rose(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export YAML").click()
    assert download.value.suggested_filename == "sonnet-set.yaml"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert main(["audit", str(path), "--json"]) == 1  # errors
    assert json.loads(capsys.readouterr().out) == the_page_report(page)


def test_export_then_import_gives_the_same_set(page: Page, tmp_path: Path) -> None:
    open_with_the_shipped_set(page)
    page.get_by_role("button", name="Add a lady").click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(13)
    page.get_by_role("button", name="Copy Jacqueline Field").click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(14)
    copied = card(page, "Jacqueline Field (copy)")
    copied.get_by_text("Names in other languages, id").click()
    copied.get_by_role("textbox", name="Name (Русский)").fill("Копия")
    copied.get_by_role("button", name="Married").click()
    copied.get_by_role("button", name="Lover").click()  # three traits again: the set takes them
    expect(copied.get_by_role("button", name="Lover")).to_have_attribute("aria-pressed", "true")
    edited = the_page_set(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export YAML").click()
    path = tmp_path / "set.yaml"
    download.value.save_as(path)
    page.get_by_role("button", name="Load the shipped set").click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(12)
    page.get_by_label("Import a card set file (YAML or JSON)").set_input_files(path)
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(14)
    assert the_page_set(page) == edited


def test_a_json_file_is_imported_too(page: Page) -> None:
    page.goto("/#/designer")
    page.get_by_label("Import a card set file (YAML or JSON)").set_input_files(
        {"name": "small.json", "mimeType": "application/json", "buffer": json.dumps(OWN_CARDS).encode()})
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(4)
    expect(card(page, "l1").get_by_role("textbox", name="blue")).to_have_value("0/2")  # no names: the ids
    expect(page.get_by_role("textbox", name="Name of the set")).to_have_value("Own")
    expect(status(page)).to_have_text(re.compile(r"^(No errors|Errors: \d+)"))


def test_a_file_that_cannot_be_read_shows_its_paths_and_changes_nothing(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(422)
    open_with_the_shipped_set(page)
    lie_about_rose(page)
    before = the_page_set(page)
    importing = page.get_by_label("Import a card set file (YAML or JSON)")
    importing.set_input_files({"name": "broken.yaml", "mimeType": "application/yaml",
                               "buffer": b"schema: 1\ntraits: 5\nladies: {}\n"})
    problems = page.locator(".problems")
    expect(problems).to_contain_text("broken.yaml could not be read; nothing was changed:")
    expect(problems.locator("code", has_text="traits")).to_be_visible()
    expect(problems.locator("code", has_text="suits")).to_be_visible()
    assert the_page_set(page) == before
    expect(card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")).to_have_value("3")
    big = b"schema: 1\n" + b"#" * (1 << 20)
    importing.set_input_files({"name": "huge.yaml", "mimeType": "application/yaml", "buffer": big})
    expect(problems).to_contain_text("huge.yaml is larger than 1 MiB, the most the server reads: it was not sent.")
    assert the_page_set(page) == before


def test_a_misleading_set_shows_the_cards_that_mislead_and_the_dark_ladies_left(page: Page) -> None:
    page.goto("/#/designer")
    page.get_by_label("Import a card set file (YAML or JSON)").set_input_files(BROKEN_CLUES)
    penelope = card(page, "Penelope Rich")
    misleading = penelope.locator('[data-code="misleading"]').first
    expect(misleading).to_contain_text("When she is the Dark Lady (Normal, Easy, Advanced), Lucy Negro, "
                                       "Elizabeth Vernon and the suit card leave one answer")
    cards = misleading.get_by_role("group", name="The cards that mislead")
    expect(cards.get_by_role("group", name="Lucy Negro")).to_be_visible()
    expect(cards.get_by_role("group", name="Elizabeth Vernon")).to_be_visible()
    expect(penelope.locator('[data-code="unsolvable"]').first).to_contain_text(
        "When she is the Dark Lady (Normal, Easy, Advanced), the whole deck and the suit card contradict "
        "each other")


def test_an_unsolvable_case_shows_the_dark_ladies_the_cards_cannot_tell_apart(page: Page) -> None:
    """Jacqueline Field's key saying every count for Bluebell leaves Mary Herbert's Advanced game open."""
    open_with_the_shipped_set(page)
    card(page, "Jacqueline Field").get_by_role("textbox", name="Bluebell").fill("0/1/2/3")
    expect(status(page)).to_have_text(re.compile(r"^Errors: 1"))
    herbert = card(page, "Mary Herbert, Countess of Pembroke")
    unsolvable = herbert.locator('[data-code="unsolvable"]')
    expect(unsolvable).to_contain_text("When she is the Dark Lady (Advanced), the whole deck and the suit card still "
                                       "leave 2 possible Dark Ladies, which the cards cannot tell apart:")
    left = unsolvable.get_by_role("list", name="Possible Dark Ladies left: 2").get_by_role("listitem")
    expect(left).to_have_count(2)
    report = the_page_report(page)
    case = next(c for c in report["cases"] if c["dark_lady"] == "mary-herbert" and c["mode"] == "advanced")
    names = {t["id"]: t["name"]["en"] for t in the_page_set(page)["traits"]}
    assert left.all_inner_texts() == [", ".join(names[x] for x in r) for r in case["remaining"]]
    expect(card(page, "Jacqueline Field").locator('[data-code="key-says-nothing"]')).to_contain_text(
        "Her key for Bluebell allows every count (0/1/2/3), so it never rules anything out.")


def test_the_edited_set_and_its_history_are_kept_across_a_reload(page: Page) -> None:
    open_with_the_shipped_set(page)
    lie_about_rose(page)
    page.reload()
    expect(status(page)).to_have_text(re.compile(r"^Errors: 6"))
    expect(card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")).to_have_value("3")
    page.get_by_role("button", name="Undo").click()
    expect(status(page)).to_have_text(re.compile(r"^No errors"))


def test_a_saved_state_that_cannot_be_read_is_dropped_with_a_message(page: Page) -> None:
    page.goto("/#/designer")
    page.get_by_role("button", name="Load the shipped set").wait_for()
    page.evaluate("localStorage.setItem('bs.workbench', JSON.stringify({doc: {ladies: 3}, undo: [], redo: []}))")
    page.reload()
    expect(page.get_by_text("The card set kept in this browser could not be read, so it was dropped.")).to_be_visible()
    page.get_by_role("button", name="Load the shipped set").click()
    expect(status(page)).to_have_text(re.compile(r"^No errors"))


def test_the_cases_table_uses_names_sorts_and_filters_by_mode(page: Page) -> None:
    open_with_the_shipped_set(page)
    table = page.get_by_role("table", name="Cases")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(36)
    page.get_by_label("Show the mode").select_option(label="Easy")
    expect(rows).to_have_count(12)
    assert set(rows.locator("td:nth-child(3)").all_inner_texts()) == {"Easy"}
    page.get_by_role("button", name="Sort by Dark Lady").click()
    expect(table.locator('th[aria-sort="ascending"]')).to_have_count(1)
    names = rows.locator("th").all_inner_texts()
    assert names == sorted(names) and "Jacqueline Field" in names
    page.get_by_role("button", name="Sort by Dark Lady").click()
    expect(table.locator('th[aria-sort="descending"]')).to_have_count(1)
    assert rows.locator("th").all_inner_texts() == sorted(names, reverse=True)
    page.get_by_role("button", name="Sort by Expected clues").click()
    expected = [float(x) for x in rows.locator("td:nth-child(7)").all_inner_texts()]
    assert expected == sorted(expected)


def test_traits_are_chips_the_keyboard_toggles_and_a_lady_keeps_three(page: Page) -> None:
    open_with_the_shipped_set(page)
    jacqueline = card(page, "Jacqueline Field")
    married = jacqueline.get_by_role("button", name="Married")
    married.focus()
    page.keyboard.press("Space")
    expect(jacqueline.get_by_text("Choose 3 traits (2 chosen); the set keeps her last 3.")).to_be_visible()
    assert the_page_set(page)["ladies"][0]["traits"] == ["literary", "married", "children"]
    page.keyboard.press("Tab")  # to the next chip: Court connections
    page.keyboard.press("Space")
    expect(jacqueline.get_by_role("button", name="Court connections")).to_have_attribute("aria-pressed", "true")
    expect(status(page)).to_have_text(re.compile(r"^Errors: "))  # her keys no longer tell the truth
    assert the_page_set(page)["ladies"][0]["traits"] == ["literary", "court", "children"]


def test_traits_and_suits_are_edited_and_their_ids_follow_everywhere(page: Page) -> None:
    open_with_the_shipped_set(page)
    page.get_by_text("Traits and suits (7 traits, 6 suits)").click()
    rose = page.locator(".wb-box").get_by_role("group", name="Rose", exact=True)
    rose.get_by_role("textbox", name="Id").fill("acorn")
    expect(rose.get_by_text("Another one already has this id.")).to_be_visible()
    rose.get_by_role("textbox", name="Id").fill("red-rose")
    rose.get_by_role("textbox", name="Name (English)").fill("Red rose")
    rose = page.locator(".wb-box").get_by_role("group", name="Red rose", exact=True)
    expect(card(page, "Jacqueline Field").get_by_role("textbox", name="Red rose")).to_have_value("1")
    doc = the_page_set(page)
    assert doc["ladies"][0]["key"]["red-rose"] == [1] and doc["modes"]["easy"]["red-rose"] == "bluebell"
    assert doc["modes"]["easy"]["bluebell"] == "red-rose"
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    rose.get_by_role("button", name="Remove Red rose").click()
    expect(rose.get_by_text("Still the suit of Mary Fitton, Penelope Rich: change theirs first.")).to_be_visible()
    card(page, "Mary Fitton").get_by_role("combobox", name="Suit").select_option(label="Oak")
    expect(rose.locator('[data-code="suit-count"]')).to_contain_text(
        "Ladies of Red rose: 1; every suit needs exactly two.")
    oak = page.locator(".wb-box").get_by_role("group", name="Oak", exact=True)
    expect(oak.locator('[data-code="suit-count"]')).to_contain_text("Ladies of Oak: 3; every suit needs exactly two.")


def test_a_phone_edits_the_cards_stacked(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    open_with_the_shipped_set(page)
    boxes = page.locator(".wb-cards > .wb-card").evaluate_all("(all) => all.map((c) => c.getBoundingClientRect().x)")
    assert len(set(boxes)) == 1  # one column
    lie_about_rose(page)
    no_sideways_scrolling(page, "designer: the cards with an error")


@pytest.mark.parametrize(("lang", "ok", "lady", "rose", "bad"), [
    ("it", "Nessun errore", "Jacqueline Field", "Rosa", "Errori: 6"),
    ("ru", "Ошибок нет", "Жаклин Филд", "Роза", "Ошибок: 6"),
])
def test_the_words_are_italian_or_russian(page: Page, lang: str, ok: str, lady: str, rose: str, bad: str) -> None:
    set_language(page, lang)
    page.goto("/#/designer")
    page.locator('[data-focus="shipped"]').click()
    expect(status(page)).to_have_text(re.compile(f"^{ok}"))
    assert not unnamed_controls(page)
    card(page, lady).get_by_role("textbox", name=rose, exact=True).fill("3")
    expect(status(page)).to_have_text(re.compile(f"^{bad}"))
    mary = next(x for x in the_page_set(page)["ladies"] if x["id"] == "mary-fitton")["name"][lang]
    expect(card(page, lady).locator(".wb-error").first).to_contain_text(mary)
