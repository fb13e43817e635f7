"""The designer's workbench, part A, in a real browser: the card set edited as cards (no YAML typed),
undo and redo, kept across reloads, imported and exported, and audited live with the findings beside
the cards, in the page's language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Download, Locator, Page, Route, ViewportSize, expect

from api.browser import DESKTOP, PHONE
from deduce.cli import main
from deduce.shipped import data_path, load_cards
from deduce.where import stealthfile
from tests.web.pages import OWN_CARDS, accessibility_violations, unnamed_controls
from tests.web.test_access import no_sideways_scrolling, set_language
from tests.web.watch import Pages, Watch

BROKEN_CLUES = Path(__file__).resolve().parents[2] / "docs" / "broken-clues.yaml"


def opened(open_pages: Pages, viewport: ViewportSize = DESKTOP) -> Page:
    """A fresh page. The page aborts the audit of an older set that a newer edit's would otherwise
    wait for (cardset.js): a POST /v1/audit it aborts is the page working, not failing."""
    page = open_pages(viewport)
    open_pages.watch(page).expected_aborts.add("/v1/audit")
    return page


@pytest.fixture
def page(open_pages: Pages) -> Page:
    """A fresh desktop page (see :func:`opened`)."""
    return opened(open_pages)


def status(page: Page) -> Locator:
    """The audit's one-line verdict ("No errors", "Errors: 6")."""
    return page.locator(".wb-status")


def card(page: Page, name: str) -> Locator:
    """A lady's card in the editor: the group named by her name."""
    return page.locator(".wb-cards").get_by_role("group", name=name, exact=True)


def open_with_the_shipped_set(page: Page) -> None:
    page.goto("/#/designer")
    page.get_by_role("button", name="Load the sample set").click()
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(12)


def the_page_set(page: Page) -> dict[str, Any]:
    """The set the editor holds (cardset.js's state: the page's own module instance)."""
    doc: dict[str, Any] = page.evaluate("import('/static/js/designer/cardset.js').then((m) => m.workbench.doc)")
    return doc


def the_page_report(page: Page) -> dict[str, Any]:
    report: dict[str, Any] = page.evaluate("import('/static/js/designer/cardset.js').then((m) => m.workbench.report)")
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


def test_a_key_entry_that_cannot_be_read_is_said_beside_it_and_in_the_verdict_and_held_as_typed(
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
        assert the_page_set(page)["ladies"][0]["key"]["rose"] == typed  # what the field shows, never a last good value
        expect(status(page)).to_have_text(re.compile(r"^Not finished: 1 to put right before export"))
        where = "Jacqueline Field: Type her key for Rose." if not typed else f"Jacqueline Field, key for Rose: {said}"
        expect(page.locator(".wb-summary .wb-todo li")).to_have_text([where])
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
    page.get_by_role("button", name="Copy Jacqueline Field").click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(13)
    copied = card(page, "Jacqueline Field (copy)")
    copied.get_by_role("textbox", name="Name (Русский)").fill("Копия")
    copied.get_by_role("button", name="Married").click()
    copied.get_by_role("button", name="Lover").click()  # three traits again: the set takes them
    expect(copied.get_by_role("button", name="Lover")).to_have_attribute("aria-pressed", "true")
    edited = the_page_set(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export YAML").click()
    path = tmp_path / "set.yaml"
    download.value.save_as(path)
    page.get_by_role("button", name="Load the sample set").click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(12)
    page.get_by_label("Import a card set file (YAML or JSON)").set_input_files(path)
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(13)
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
    page.get_by_role("button", name="Replace it").click()  # the lie is not exported: the page asks first
    problems = page.locator(".problems")
    expect(problems).to_contain_text("broken.yaml could not be read; nothing was changed:")
    expect(problems.locator("code", has_text="traits")).to_be_visible()
    expect(problems.locator("code", has_text="suits")).to_be_visible()
    assert the_page_set(page) == before
    expect(card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")).to_have_value("3")
    big = b"schema: 1\n" + b"#" * (1 << 20)
    importing.set_input_files({"name": "huge.yaml", "mimeType": "application/yaml", "buffer": big})
    page.get_by_role("button", name="Replace it").click()
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
    page.get_by_role("button", name="Load the sample set").wait_for()
    page.evaluate("localStorage.setItem('bs.workbench', JSON.stringify({doc: {ladies: 3}, undo: [], redo: []}))")
    page.reload()
    expect(page.get_by_text("The card set kept in this browser could not be read, so it was dropped.")).to_be_visible()
    page.get_by_role("button", name="Load the sample set").click()
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


def test_traits_are_chips_the_keyboard_toggles_and_too_few_are_said_until_she_has_three(page: Page) -> None:
    open_with_the_shipped_set(page)
    jacqueline = card(page, "Jacqueline Field")
    married = jacqueline.get_by_role("button", name="Married")
    married.focus()
    page.keyboard.press("Space")
    expect(jacqueline.get_by_text("Choose 3 traits (2 chosen).")).to_be_visible()
    expect(page.locator(".wb-summary .wb-todo li")).to_have_text(["Jacqueline Field: Choose 3 traits (2 chosen)."])
    assert the_page_set(page)["ladies"][0]["traits"] == ["literary", "children"]  # what the chips show
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
    page = opened(open_pages, PHONE)
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


def rules(page: Page) -> Locator:
    """The set's rules (traits per lady, the modes' tables), opened if they are not."""
    box = page.locator(".wb-rules")
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    expect(box).to_have_attribute("open", "")
    return box


def test_traits_per_lady_is_a_number_field_and_a_bad_number_is_said_beside_it_and_in_the_verdict(page: Page) -> None:
    open_with_the_shipped_set(page)
    per_lady = rules(page).get_by_role("spinbutton", name="Traits per lady")
    expect(per_lady).to_have_value("3")
    for typed, said in (("0", "0 is not from 1 to 7 (the set has 7 traits); the set keeps its last good number."),
                        ("8", "8 is not from 1 to 7 (the set has 7 traits); the set keeps its last good number.")):
        per_lady.fill(typed)
        expect(rules(page).get_by_text(said)).to_be_visible()
        expect(per_lady).to_have_attribute("aria-invalid", "true")
        assert the_page_set(page)["traits_per_lady"] == 3
        expect(status(page)).to_have_text(re.compile(r"^Not finished: 1 to put right before export"))
        expect(page.locator(".wb-summary .wb-todo li")).to_have_text([f"Traits per lady: {said}"])
    per_lady.fill("2")
    expect(per_lady).to_have_attribute("aria-invalid", "false")
    jacqueline = card(page, "Jacqueline Field")
    expect(jacqueline.get_by_text("Choose 2 traits (3 chosen).")).to_be_visible()
    expect(page.locator(".wb-summary .wb-todo li").first).to_have_text("Jacqueline Field: Choose 2 traits (3 chosen).")
    expect(page.locator(".wb-summary code")).to_have_count(0)  # the game's words, never a path
    assert the_page_set(page)["traits_per_lady"] == 2
    page.keyboard.press("Control+z")
    expect(per_lady).to_have_value("3")
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    expect(page.locator(".wb-summary .problems")).to_have_count(0)


def test_more_traits_a_lady_than_the_set_has_is_said_in_the_verdict(page: Page) -> None:
    open_with_the_shipped_set(page)
    page.get_by_text("Traits and suits (7 traits, 6 suits)").click()
    page.get_by_role("button", name="Add a trait").click()
    per_lady = rules(page).get_by_role("spinbutton", name="Traits per lady")
    per_lady.fill("8")  # as many as there are traits now
    new_trait = page.locator(".wb-box").get_by_role("group", name="New trait 8")
    new_trait.get_by_role("button", name="Remove New trait 8").click()
    todo = page.locator(".wb-summary .wb-todo li")
    expect(todo.first).to_have_text("Traits per lady: 8 is more than the 7 traits the set has.")
    per_lady.fill("3")
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    expect(todo).to_have_count(0)


def test_the_modes_tables_are_edited_audited_undone_exported_and_kept_across_a_reload(
        page: Page, tmp_path: Path) -> None:
    open_with_the_shipped_set(page)
    box = rules(page)
    easy_rose = box.get_by_role("combobox", name="Easy, Rose: suit removed")
    expect(easy_rose).to_have_value("bluebell")
    assert "Rose" not in easy_rose.locator("option").all_inner_texts()  # a mode never removes the Dark Lady's own suit
    easy_rose.select_option(label="Oak")
    page.wait_for_function(  # the live audit is of the edited set
        "import('/static/js/designer/cardset.js').then((m) => m.workbench.audited?.modes?.easy?.rose === 'oak')")
    cases = page.get_by_role("table", name="Cases").locator("tbody tr")
    box.get_by_role("checkbox", name="Advanced: the set has its table").uncheck()
    expect(cases).to_have_count(24)  # Normal and Easy, twelve Dark Ladies each
    expect(box.get_by_role("columnheader", name="Advanced")).to_have_count(0)
    assert "advanced" not in the_page_set(page)["modes"]
    page.get_by_role("button", name="Undo").click()
    expect(cases).to_have_count(36)
    expect(box.get_by_role("combobox", name="Advanced, Rose: suit removed")).to_have_value("oak")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export YAML").click()
    path = tmp_path / "set.yaml"
    download.value.save_as(path)
    exported = yaml.safe_load(path.read_text())
    assert list(exported) == ["schema", "name", "traits_per_lady", "traits", "suits", "modes", "ladies"]  # SPEC 4
    assert exported["traits_per_lady"] == 3 and exported["modes"] == the_page_set(page)["modes"]
    assert exported["modes"]["easy"]["rose"] == "oak"
    page.reload()
    expect(rules(page).get_by_role("combobox", name="Easy, Rose: suit removed")).to_have_value("oak")
    expect(status(page)).to_have_text(re.compile(r"^(No errors|Errors: \d+)"))


def test_the_rules_are_usable_from_the_keyboard_on_a_phone_and_named_in_every_language(open_pages: Pages) -> None:
    page = opened(open_pages, PHONE)
    open_pages.watch(page).expected_statuses.add(422)  # two traits a lady, on the way from 3 to 3
    open_with_the_shipped_set(page)
    box = rules(page)
    per_lady = box.get_by_role("spinbutton", name="Traits per lady")
    per_lady.focus()
    page.keyboard.press("ArrowDown")  # a number field: the arrow keys step it
    expect(per_lady).to_have_value("2")
    page.keyboard.press("ArrowUp")
    expect(per_lady).to_have_value("3")
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    advanced = box.get_by_role("checkbox", name="Advanced: the set has its table")
    advanced.focus()
    page.keyboard.press("Space")
    expect(advanced).not_to_be_checked()
    expect(page.get_by_role("table", name="Cases").locator("tbody tr")).to_have_count(24)
    no_sideways_scrolling(page, "designer: the rules")
    for lang, name in (("it", "Facile, Rosa: seme tolto"), ("ru", "Лёгкий, Роза: убранная масть")):
        set_language(page, lang)
        page.reload()
        expect(rules(page).get_by_role("combobox", name=name)).to_have_count(1)
        assert not unnamed_controls(page)


def board_map(page: Page) -> Locator:
    """The board editor's map in the Designer page (its board and stealth deck section, the board editor opened)."""
    section = deck_section(page)
    section.get_by_text("Edit the board").click()
    places = section.get_by_role("group", name="Where the places are")
    expect(places).to_be_visible()
    return places


def audited_at(page: Page, action: Callable[[], None], location: str) -> list[float]:
    """Where the board audit that follows ``action`` has a location."""
    with page.expect_request(lambda r: r.url.endswith("/v1/audit-deck")) as request:
        action()
    board = json.loads(request.value.post_data or "{}")["board"]
    at: list[float] = next(loc["at"] for loc in board["locations"] if loc["id"] == location)
    return at


def test_a_place_is_dragged_on_the_map_audited_kept_on_the_map_and_the_move_undone(page: Page) -> None:
    places = board_map(page)
    whitehall = places.get_by_role("button", name="Whitehall Palace, at 0, 6")
    whitehall.scroll_into_view_if_needed()
    box = whitehall.locator(".bm-dot").bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag(dx: float, dy: float) -> None:
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + dx / 2, y + dy / 2, steps=4)
        page.mouse.move(x + dx, y + dy, steps=4)
        page.mouse.up()

    moved = audited_at(page, lambda: drag(120, -60), "whitehall")  # audited live, with the new point
    assert moved[0] > 0.5 and moved[1] < 6
    expect(places.get_by_role("button", name=f"Whitehall Palace, at {moved[0]:g}, {moved[1]:g}")).to_be_focused()
    page.get_by_role("button", name="Undo the last move").click()
    expect(places.get_by_role("button", name="Whitehall Palace, at 0, 6")).to_be_visible()
    off = audited_at(page, lambda: drag(-2000, 2000), "whitehall")  # far off the map, down and left
    assert off[0] == 0 and 6 <= off[1] <= 8  # on the map's edge: the least map is 12 by 8
    svg = places.bounding_box()
    dot = places.get_by_role("button", name=re.compile(r"^Whitehall Palace")).bounding_box()
    assert svg and dot and svg["x"] <= dot["x"] + dot["width"] / 2 <= svg["x"] + svg["width"]
    assert svg["y"] <= dot["y"] + dot["height"] / 2 <= svg["y"] + svg["height"]


def test_a_place_is_moved_with_the_arrow_keys_and_ctrl_z_undoes_the_move_not_the_card_set(open_pages: Pages) -> None:
    page = opened(open_pages, PHONE)
    open_with_the_shipped_set(page)
    lie_about_rose(page)  # a card set edit, which the map's Ctrl+Z must leave alone
    places = board_map(page)
    tower = places.get_by_role("button", name="The Tower, at 11.5, 5")
    expect(tower).to_have_attribute("aria-roledescription", "movable place")
    described = tower.get_attribute("aria-describedby")
    expect(page.locator(f"#{described}")).to_contain_text("move it with the arrow keys")
    tower.focus()
    assert audited_at(page, lambda: page.keyboard.press("ArrowLeft"), "tower") == [11, 5]
    expect(places.get_by_role("button", name="The Tower, at 11, 5")).to_be_focused()
    page.keyboard.press("Shift+ArrowDown")
    expect(places.get_by_role("button", name="The Tower, at 11, 5.1")).to_be_focused()
    for _ in range(3):
        page.keyboard.press("ArrowRight")  # 12 is the map's edge: no further
    expect(places.get_by_role("button", name="The Tower, at 12, 5.1")).to_be_focused()
    page.keyboard.press("Control+z")
    expect(places.get_by_role("button", name="The Tower, at 11.5, 5.1")).to_be_focused()
    expect(status(page)).to_have_text(re.compile(r"^Errors: 6"))  # the card set's edit stays
    no_sideways_scrolling(page, "designer: the board editor's map")
    set_language(page, "it")
    page.reload()
    page.get_by_text("Modifica la mappa").click()
    expect(page.get_by_role("group", name="Dove sono i luoghi")).to_be_visible()
    expect(page.get_by_role("button", name="Torre di Londra, in 11.5, 5.1")).to_be_visible()
    assert not unnamed_controls(page)


def test_a_newer_edit_does_not_wait_for_the_audit_of_an_older_set(page: Page) -> None:
    open_with_the_shipped_set(page)
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # never answered: a server slow with it

    page.route("**/v1/audit", hold_the_first)
    rose = card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")
    with page.expect_request("**/v1/audit"):
        rose.fill("3")
    with page.expect_request("**/v1/audit") as newest:
        rose.fill("0/2")
    assert json.loads(newest.value.post_data or "{}")["ladies"][0]["key"]["rose"] == [0, 2]
    page.wait_for_function(
        "import('/static/js/designer/cardset.js')"
        ".then((m) => m.workbench.audited?.ladies[0].key.rose.join('/') === '0/2')")
    expect(status(page)).to_have_text(re.compile(r"^Errors: "))
    assert len(held) == 1  # the older set's audit never came back, and was not waited for


# -- the owner's path: a new set typed from the box's cards, on a phone --------------------------------

def downloads_of(page: Page) -> list[Download]:
    """The downloads the page starts from now on (a refused export starts none)."""
    found: list[Download] = []

    def started(download: Download) -> None:
        found.append(download)

    page.on("download", started)
    return found


def key_typed(counts: frozenset[int], turn: int) -> str:
    """A key entry as a thumb types it on a phone's number keyboard (no "/" there): one count as it
    is, two as 02, 0.2 or 0,2 in turn (the page reads each as 0/2)."""
    digits = [str(n) for n in sorted(counts)]
    return ("", ".", ",")[turn % 3].join(digits)


def test_an_owner_types_a_new_set_of_twelve_on_a_phone_and_its_export_audits_as_the_page_shows(
        open_pages: Pages, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The box's twelve cards (here the sample set's, typed as if from the cards) into a new empty set:
    each lady added blank (no trait to untick, no key to clear), in a suit with a free place, the
    focus in her name; the key entries typed on the number keyboard."""
    page = opened(open_pages, PHONE)
    page.goto("/#/designer")
    page.get_by_role("button", name="New set").click()
    expect(page.get_by_role("textbox", name="Name of the set")).to_have_value("My cards")
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(0)
    cards = load_cards()
    suits = [s.id for s in cards.suits]
    ladies = sorted(cards.ladies, key=lambda lady: suits.index(lady.suit))  # as they come, two of each suit
    turn = 0
    for i, lady in enumerate(ladies):
        page.get_by_role("button", name="Add a lady").click()
        new = page.locator(".wb-cards > .wb-card").nth(i)
        name = new.get_by_role("textbox", name="Name (English)")
        expect(name).to_be_focused()
        expect(name).to_have_value("")
        for other in ("Name (Italiano)", "Name (Русский)"):  # asked for beside her name, never filled in
            expect(new.get_by_role("textbox", name=other)).to_have_value("")
        expect(new.locator('.wb-chip[aria-pressed="true"]')).to_have_count(0)
        expect(new.get_by_role("combobox", name="Suit")).to_have_value(lady.suit)
        page.keyboard.type(lady.name.by_lang["en"])
        for trait in lady.traits:
            new.get_by_role("button", name=cards.trait(trait).name.by_lang["en"], exact=True).click()
        for j, suit in enumerate(cards.suits):
            entry = new.get_by_role("textbox", name=suit.name.by_lang["en"], exact=True)
            expect(entry).to_have_value("")
            expect(entry).to_have_attribute("inputmode", "decimal")
            if j == 0:
                entry.click()
            expect(entry).to_be_focused()  # Enter went on from the one before
            page.keyboard.type(key_typed(lady.key[suit.id], turn))
            turn += len(lady.key[suit.id]) > 1
            page.keyboard.press("Enter")
    expect(status(page)).to_have_text(re.compile(r"^No errors"))
    expect(page.locator(".wb-todo")).to_have_count(0)
    expect(page.locator(".wb-names-missing li")).to_have_count(2)  # Italian and Russian names: warnings, not errors
    expect(page.locator(".wb-names-missing")).to_contain_text(
        f"No name in Italiano yet: {', '.join(lady.name.by_lang['en'] for lady in ladies)}.")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export YAML").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert main(["audit", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == the_page_report(page)
    exported = yaml.safe_load(path.read_text())
    typed = {lady["name"]["en"]: (lady["suit"], lady["traits"], lady["key"]) for lady in exported["ladies"]}

    def listed(entry: frozenset[int]) -> int | list[int]:
        return next(iter(entry)) if len(entry) == 1 else sorted(entry)

    shipped = {lady.name.by_lang["en"]: (lady.suit, list(lady.traits), {s: listed(v) for s, v in lady.key.items()})
               for lady in cards.ladies}
    assert typed == shipped
    assert all(set(lady["name"]) == {"en"} for lady in exported["ladies"])  # no placeholder in another language
    no_sideways_scrolling(page, "designer: a new set typed")


def type_lady(page: Page, lady: Any, suit: str) -> None:
    """Add a lady and type her as the owner does: her name, her traits tapped, her key entry by entry."""
    cards = load_cards()
    page.get_by_role("button", name="Add a lady").click()
    new = page.locator(".wb-cards > .wb-card").last
    new.get_by_role("combobox", name="Suit").select_option(suit)
    new.get_by_role("textbox", name="Name (English)").fill(lady.name.by_lang["en"])
    for trait in lady.traits:
        new.get_by_role("button", name=cards.trait(trait).name.by_lang["en"], exact=True).click()
    for suit_of_key in cards.suits:
        entry = "/".join(map(str, sorted(lady.key[suit_of_key.id])))
        new.get_by_role("textbox", name=suit_of_key.name.by_lang["en"], exact=True).fill(entry)


@pytest.mark.parametrize(("lang", "new", "left"), [
    ("it", "Nuovo mazzo", "Non finito: ancora 12 dame da inserire (due per seme)"),
    ("ru", "Новый набор", "Не закончено: осталось ввести 12 дам (по две каждой масти)"),
])
def test_a_new_set_says_how_many_ladies_are_left_to_type_in_the_pages_language(
        open_pages: Pages, lang: str, new: str, left: str) -> None:
    page = opened(open_pages, PHONE)
    set_language(page, lang)
    page.goto("/#/designer")
    page.get_by_role("button", name=new).click()
    expect(status(page)).to_have_text(left)


def test_a_set_being_typed_says_what_is_left_and_lists_every_real_error_under_the_verdict(open_pages: Pages) -> None:
    page = opened(open_pages, PHONE)
    page.goto("/#/designer")
    page.get_by_role("button", name="New set").click()
    expect(status(page)).to_have_text("Not finished: 12 ladies still to type (two of each suit)")
    ladies = {lady.id: lady for lady in load_cards().ladies}
    type_lady(page, ladies["mary-fitton"], "rose")
    # the suits short of two are what is left to type, not errors (Acorn has none yet)
    expect(status(page)).to_have_text(
        "Not finished: 11 ladies still to type (two of each suit) (so far 1 lady finished, no errors)")
    expect(status(page)).not_to_have_class(re.compile(r"\bbad\b"))
    expect(page.locator(".wb-summary .wb-error")).to_have_count(0)
    type_lady(page, ladies["penelope-rich"], "rose")
    expect(status(page)).to_have_text(
        "Not finished: 10 ladies still to type (two of each suit) (so far 2 ladies finished, no errors)")
    type_lady(page, ladies["jacqueline-field"], "rose")  # a third lady of Rose: a real error
    expect(status(page)).to_have_text(re.compile(r"^Errors: \d+"))
    # under the count, not only beside the suits (in a box that may be folded)
    expect(page.locator(".wb-summary .wb-error").filter(
        has_text="Ladies of Rose: 3; every suit needs exactly two.")).to_be_visible()
    expect(page.locator(".wb-summary .wb-error").filter(
        has_text="Ladies of Acorn: 0; every suit needs exactly two.")).to_be_visible()


@pytest.mark.parametrize(("lang", "new", "add", "name", "lady", "refused", "todo"), [
    ("en", "New set", "Add a lady", "Name (English)", "Lady 1",
     "Not exported: what is on the screen is not finished. Put these right first:",
     ["Lady 1: Type her name.", "Lady 1: Choose 3 traits (0 chosen).",
      "Lady 1: Type her key for Rose, Acorn, Oak, Thistle, Bluebell, Sage."]),
    ("it", "Nuovo mazzo", "Aggiungi una dama", "Nome (Italiano)", "Dama 1",
     "Non esportato: ciò che è sullo schermo non è finito. Prima sistema questi:",
     ["Dama 1: Scrivi il suo nome.", "Dama 1: Scegli 3 caratteristiche (scelte: 0).",
      "Dama 1: Scrivi la sua chiave per Rosa, Ghianda, Quercia, Cardo, Campanula, Salvia."]),
    ("ru", "Новый набор", "Добавить даму", "Имя (Русский)", "Дама 1",
     "Не экспортировано: то, что на экране, не закончено. Сначала исправьте:",
     ["Дама 1: Введите её имя.", "Дама 1: Выберите признаков: 3 (выбрано: 0).",
      "Дама 1: Введите её ключ для: Роза, Жёлудь, Дуб, Чертополох, Колокольчик, Шалфей."]),
])
def test_a_blank_lady_is_asked_for_in_the_pages_language_and_not_exported_until_she_is_typed(
        open_pages: Pages, lang: str, new: str, add: str, name: str, lady: str, refused: str, todo: list[str]) -> None:
    page = opened(open_pages, PHONE)
    set_language(page, lang)
    page.goto("/#/designer")
    page.get_by_role("button", name=new).click()
    page.get_by_role("button", name=add).click()
    expect(card(page, lady).get_by_role("textbox", name=name)).to_be_focused()
    expect(page.locator(".wb-summary .wb-todo li")).to_have_text(todo)
    downloads = downloads_of(page)
    page.locator('[data-focus="export"]').click()
    problems = page.locator(".problems")
    expect(problems).to_contain_text(refused)
    expect(problems.locator("li")).to_have_text(todo)
    expect(problems.locator("code")).to_have_count(0)  # the game's words, never a path
    assert not downloads
    assert not accessibility_violations(page)
    assert not unnamed_controls(page)
    no_sideways_scrolling(page, f"designer: a blank lady, refused ({lang})")


def test_a_wrong_key_entry_is_refused_at_export_naming_the_lady_and_the_suit(page: Page) -> None:
    open_with_the_shipped_set(page)
    rose = card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")
    downloads = downloads_of(page)
    for typed, said in (("5", "5 is more than the 3 traits a lady has."),
                        ("1/x", "“x” is not a count: type whole numbers joined by /, like 0/2.")):
        rose.fill(typed)
        expect(status(page)).to_have_text(re.compile(r"^Not finished: 1"))
        expect(page.locator(".wb-toolbar > .problems")).to_have_count(0)  # a refusal of the set before is gone
        page.get_by_role("button", name="Export YAML").click()
        expect(page.locator(".problems li")).to_have_text([f"Jacqueline Field, key for Rose: {said}"])
        assert not downloads
        expect(rose).to_have_value(typed)  # still what was typed
    rose.fill("1")
    with page.expect_download():
        page.get_by_role("button", name="Export YAML").click()
    expect(page.locator(".problems")).to_have_count(0)


def test_replacing_unsaved_work_asks_first_and_work_exported_is_replaced_at_once(page: Page) -> None:
    open_with_the_shipped_set(page)
    page.get_by_role("button", name="Load the sample set").click()  # nothing changed since it was loaded: no question
    expect(page.get_by_role("button", name="Replace it")).to_have_count(0)
    lie_about_rose(page)
    page.get_by_role("button", name="New set").click()
    keep = page.get_by_role("button", name="Keep editing")
    expect(page.get_by_role("alert").filter(has_text="The set you are editing has changes that are not exported. "
                                                     "A new set replaces it (Undo brings it back).")).to_be_visible()
    expect(page.get_by_role("button", name="Replace it")).to_be_focused()
    keep.click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(12)
    expect(card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")).to_have_value("3")
    page.get_by_role("button", name="New set").click()
    page.get_by_role("button", name="Replace it").click()
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(0)
    page.get_by_role("button", name="Undo").click()  # and the set replaced comes back
    expect(card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")).to_have_value("3")
    with page.expect_download():
        page.get_by_role("button", name="Export YAML").click()
    page.get_by_role("button", name="Load the sample set").click()  # exported: kept in its file, no question
    expect(card(page, "Jacqueline Field").get_by_role("textbox", name="Rose")).to_have_value("1")


def test_a_card_set_is_imported_by_pasting_its_text_or_dropping_its_file(page: Page) -> None:
    page.goto("/#/designer")
    paste = page.get_by_role("textbox", name="Or paste a card set here (YAML or JSON), or drop its file on the cards")
    paste.evaluate("""(area, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      area.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
    }""", json.dumps(OWN_CARDS))
    expect(page.locator(".wb-cards > .wb-card")).to_have_count(4)
    expect(page.get_by_role("textbox", name="Name of the set")).to_have_value("Own")
    card(page, "l1").get_by_role("textbox", name="blue").fill("2")  # unsaved work: a drop asks first
    dropped = page.evaluate_handle("""(text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "broken-clues.yaml", {type: "application/yaml"}));
      return data;
    }""", BROKEN_CLUES.read_text())
    section = page.locator(".wb-part-cards")
    section.dispatch_event("dragover", {"dataTransfer": dropped})
    section.dispatch_event("drop", {"dataTransfer": dropped})
    page.get_by_role("button", name="Replace it").click()
    expect(card(page, "Penelope Rich")).to_be_visible()
    assert the_page_set(page)["name"] == yaml.safe_load(BROKEN_CLUES.read_text())["name"]


def small_targets(part: Locator) -> list[list[object]]:
    """The controls shown in a part of the page that are less than 44 px tall or (a button) wide:
    [its data-focus key or words, height, width] each (a checkbox's or radio's target is its label)."""
    small: list[list[object]] = part.evaluate("""(part) => [...part.querySelectorAll(
        "button, input, select, textarea, summary, a[href]")]
      .filter((el) => el.getClientRects().length && el.type !== "checkbox" && el.type !== "radio")
      .map((el) => [el.dataset.focus || el.textContent.trim().slice(0, 30), el.getBoundingClientRect(), el.tagName])
      .filter(([, box, tag]) => box.height < 44 || (tag === "BUTTON" && box.width < 44))
      .map(([what, box]) => [what, Math.round(box.height), Math.round(box.width)])""")
    return small


def test_every_target_of_the_designer_page_is_at_least_44_px_on_a_phone_and_axe_finds_nothing(
        open_pages: Pages) -> None:
    page = opened(open_pages, PHONE)
    open_with_the_shipped_set(page)
    page.get_by_role("button", name="Add a lady").click()
    page.keyboard.type("Emilia")
    card(page, "Jacqueline Field").get_by_role("textbox", name="Rose").fill("5")  # said beside it, and in the verdict
    page.get_by_role("button", name="New set").click()  # the question, with its answers
    expect(page.get_by_role("button", name="Keep editing")).to_be_visible()
    page.get_by_text("Import a card set (a file, dropped or pasted)").click()
    page.get_by_text("Traits and suits (7 traits, 6 suits)").click()
    rules(page)
    cards = page.locator(".wb-part-cards")
    assert small_targets(cards) == []
    checks = cards.locator(".wb-check").evaluate_all("(all) => all.map((el) => el.getBoundingClientRect().height)")
    assert checks and min(checks) >= 44  # a checkbox's label is its target
    deck = page.locator(".wb-part-deck")
    for part in ("Edit the board", "Edit the stealth cards (32)", "Edit the extra sequences (18)"):
        deck.get_by_text(part).click()
    expect(deck.get_by_role("textbox", name="Card A: positions")).to_be_visible()
    assert small_targets(deck) == []
    expect(page.get_by_role("button", name="Design a set")).to_be_visible()
    expect(page.get_by_role("button", name="Print cards")).to_be_visible()
    main = page.locator("main")
    assert small_targets(main) == []  # the difficulty, Design a set and Print too
    labels = main.locator("label:has(> input[type=radio])").evaluate_all(
        "(all) => all.map((el) => el.getBoundingClientRect().height)")
    assert labels and min(labels) >= 44  # the difficulty's modes
    assert not accessibility_violations(page)


# -- the board and the stealth deck: what is typed is what is exported -----------------------------------

def deck_section(page: Page) -> Locator:
    """The Designer page's board and stealth deck section, once its first audit is drawn."""
    page.goto("/#/designer")
    heading = page.get_by_role("heading", name="Board and stealth deck", level=2)
    section = page.locator("section.panel").filter(has=heading)
    expect(section.get_by_role("status")).to_contain_text("No errors.")
    return section


def test_a_wrong_stealth_card_or_sequence_is_the_verdict_and_refused_at_export(
        page: Page, watch: Watch, tmp_path: Path) -> None:
    watch.expected_statuses.add(422)  # the audit of what is typed: the engine cannot read it
    section = deck_section(page)
    downloads = downloads_of(page)
    section.get_by_text("Edit the stealth cards (32)").click()
    positions = section.get_by_role("textbox", name="Card A: positions")
    face = positions.input_value()
    positions.fill("AZV")
    said = "Card A: positions: Eight characters, each a capital letter or -."
    # the verdict, never the last report's "No errors"
    expect(section.get_by_role("status")).to_have_text("Not finished: 1 to put right before export")
    expect(section.locator(".problems li")).to_have_text([said])
    section.get_by_role("button", name="Export the stealth deck (YAML)").click()
    expect(section.get_by_role("alert").filter(has_text="Not exported")).to_contain_text(said)
    assert not downloads
    expect(section.locator(".problems code")).to_have_count(0)  # the card named, never a path
    positions.fill(face)
    expect(section.get_by_role("status")).to_contain_text("No errors.")
    with page.expect_download() as download:
        section.get_by_role("button", name="Export the stealth deck (YAML)").click()
    path = tmp_path / "stealth.yaml"
    download.value.save_as(path)
    shipped = stealthfile.load(data_path("stealth.yaml"))
    assert stealthfile.to_json(stealthfile.load(path))["cards"] == stealthfile.to_json(shipped)["cards"]
    section.get_by_text("Edit the extra sequences (18)").click()
    section.get_by_role("textbox", name="Sequence 1: name").fill("")
    section.get_by_role("button", name="Export the extra sequences (JSON)").click()
    expect(section.get_by_role("alert").filter(has_text="Not exported")).to_contain_text(
        "Sequence 1: name: A sequence needs a name.")
    assert len(downloads) == 1  # the stealth deck's, not the sequences'


def test_a_wrong_board_is_the_verdict_in_words_and_refused_at_download(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(422)  # the board checked, and audited, as it is typed: the engine cannot read it
    section = deck_section(page)
    downloads = downloads_of(page)
    section.get_by_text("Edit the board").click()
    board = section.locator(".board-editor")
    tower = board.locator('[data-path="locations[1].id"]')
    taken = board.locator('[data-path="locations[0].id"]').input_value()
    tower.fill(taken)
    board.get_by_role("button", name="Download board.yaml").click()
    expect(board.get_by_role("alert").filter(has_text="See the messages")).to_be_visible()
    assert not downloads
    expect(section.get_by_role("status").first).to_have_text(re.compile(r"^Not finished: \d+ to put right"))
    place = board.locator('[data-path="locations[1].name"]').input_value()
    expect(section.locator(".problems li").first).to_contain_text(f"Location {place}, id: duplicate id")  # named
    expect(section.locator(".problems code")).to_have_count(0)
    said = tower.evaluate("(input) => input.closest('.field').querySelector('.field-error').textContent")
    assert said and not said.startswith("locations[")  # beside the field, which its label names: no path before it


def test_a_problem_the_engine_finds_in_the_set_is_said_where_it_is_in_words(page: Page, watch: Watch) -> None:
    """Whatever the engine refuses in the set sent (here, as a server with stricter rules would), the page
    names the lady and the suit, or the mode's table, never the document's path."""
    watch.expected_statuses.add(422)
    open_with_the_shipped_set(page)
    refusal = {"errors": [{"code": "schema", "path": "ladies[0].key.rose", "message": "3 is outside 0..2"},
                          {"code": "schema", "path": "modes.easy.rose", "message": "unknown suit 'x'"}]}
    page.route("**/v1/audit", lambda route: route.fulfill(status=422, json=refusal))
    card(page, "Jacqueline Field").get_by_role("textbox", name="Rose").fill("3")
    problems = page.locator(".wb-summary .problems li")
    expect(problems).to_have_text(["Jacqueline Field, key for Rose: 3 is outside 0..2",
                                   "Easy, Rose: suit removed: unknown suit 'x'"])
    expect(page.locator(".wb-summary code")).to_have_count(0)
    expect(rules(page).locator(".wb-rules-problems li")).to_have_text(["Easy, Rose: suit removed: unknown suit 'x'"])
