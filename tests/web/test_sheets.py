"""The designer's workbench, part B, in a real browser on the Designer page: the difficulty charts
(their accessible names in en/it/ru, the audit's numbers, the set before the last edit drawn
beside it, legible on a phone), the print sheet (12 cards of 63 × 88 mm on A4 and on Letter, the
rest of the page not printed), and each lady on it drawn as the game draws her."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import FilePayload, Locator, Page, expect

from api.browser import PHONE
from deduce.shipped import load_cards
from deduce.who.audit import audit
from deduce.who.cardfile import SMALL_CARD_SET, parse, to_json
from deduce.who.cards import CardSet
from tests.web.watch import Pages

#: CSS pixels per millimetre (96 per inch).
PX_PER_MM = 96 / 25.4
#: The game's card, and the papers the sheet is laid out for, in mm.
CARD_MM = (63, 88)
PAPERS_MM = {"a4": (210, 297), "letter": (215.9, 279.4)}
#: The same papers in PDF points (72 per inch).
PAPERS_PT = {"a4": (595.28, 841.89), "letter": (612, 792)}

#: The page's words the tests click or look for, in each language.
WORDS: dict[str, dict[str, str]] = {
    "en": {"shipped": "Load the sample set", "difficulty": "Difficulty", "print": "Print cards",
           "sheet": "Cards to print", "bars": "Expected clues, {mode}",
           "curves": "Chance solved within N clues, {mode}",
           "normal": "Normal", "easy": "Easy", "advanced": "Advanced", "lady": "Jacqueline Field"},
    "it": {"shipped": "Carica il mazzo d'esempio", "difficulty": "Difficoltà", "print": "Stampa le carte",
           "sheet": "Carte da stampare", "bars": "Indizi attesi, {mode}",
           "curves": "Probabilità di risolverla entro N indizi, {mode}",
           "normal": "Standard", "easy": "Facile", "advanced": "Avanzata", "lady": "Jacqueline Field"},
    "ru": {"shipped": "Загрузить пример набора", "difficulty": "Сложность", "print": "Печать карт",
           "sheet": "Карты для печати", "bars": "Ожидаемое число подсказок, {mode}",
           "curves": "Шанс разгадать не более чем за N подсказок, {mode}",
           "normal": "Обычный", "easy": "Лёгкий", "advanced": "Сложный", "lady": "Жаклин Филд"},
}

#: What the curve of each lady says, as her chart's accessible description.
REACH = re.compile(r"^Half the games are solved by clue \d+, all by clue \d+\.$")

#: The rectangles (left, top, width, height) of the sheet's pages and of the cards on each, in
#: CSS px, and how many cards' text does not fit on them.
SHEET_BOXES = """() => [...document.querySelectorAll(".sheet-page")].map((page) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const cards = [...page.querySelectorAll(".lady-card")];
  const clipped = cards.filter((c) => c.scrollHeight > c.clientHeight + 1).length;
  return {page: box(page), cards: cards.map(box), clipped};
})"""


def px(size_mm: tuple[float, float]) -> tuple[float, float]:
    """A size in mm as CSS px."""
    return size_mm[0] * PX_PER_MM, size_mm[1] * PX_PER_MM


def sized(box: list[float], size: tuple[float, float]) -> bool:
    """Whether a box (left, top, width, height) has this size, within a pixel (or a point)."""
    return abs(box[2] - size[0]) <= 1 and abs(box[3] - size[1]) <= 1


def inside(box: list[float], outer: list[float]) -> bool:
    """Whether a box (left, top, width, height) lies within another."""
    (x, y, w, h), (left, top, width, height) = box, outer
    return left <= x and x + w <= left + width and top <= y and y + h <= top + height


def open_designer(page: Page, lang: str = "en", *, load: bool = True) -> None:
    """Open the Designer page in a language and (``load``) load the sample set into it, and wait
    for its difficulty to be drawn."""
    page.add_init_script(f"localStorage.setItem('bs.lang', {lang!r})")
    page.goto("/#/designer")
    page.locator("main h1").wait_for()
    if load:
        page.get_by_role("button", name=WORDS[lang]["shipped"], exact=True).click()
        bars = WORDS[lang]["bars"].format(mode=WORDS[lang]["normal"])
        expect(difficulty(page, lang).get_by_role("img", name=bars, exact=True)).to_be_visible()


def difficulty(page: Page, lang: str = "en") -> Locator:
    """The page's Difficulty section."""
    return page.get_by_role("region", name=WORDS[lang]["difficulty"], exact=True)


def printing(page: Page, lang: str = "en") -> Locator:
    """The page's Print cards section."""
    return page.get_by_role("region", name=WORDS[lang]["print"], exact=True)


def expected_clues(mode: str, cards: CardSet | None = None) -> dict[str, float]:
    """A set's (the shipped one's) expected clues per Dark Lady in a mode, as the engine computes them, in set order."""
    return {c.dark_lady: c.expected_clues for c in audit(cards or load_cards()).cases
            if c.mode == mode and c.expected_clues is not None}


def every_control_named(section: Locator) -> None:
    """Every control of a section has an accessible name (and there are some)."""
    controls = section.locator("button, input, select, summary")
    assert controls.count() > 0
    for control in controls.all():
        expect(control).to_have_accessible_name(re.compile(r"\S"))


def test_with_no_set_the_page_says_what_to_do(page: Page) -> None:
    open_designer(page, load=False)
    expect(difficulty(page)).to_contain_text("Load or edit a set to see its difficulty.")
    expect(difficulty(page).locator("svg")).to_have_count(0)
    expect(printing(page)).to_contain_text("Load or edit a set to print its cards.")
    expect(printing(page).get_by_role("button", name="Print cards")).to_be_disabled()


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_the_charts_are_named_in_each_language(page: Page, lang: str) -> None:
    open_designer(page, lang)
    words = WORDS[lang]
    charts = difficulty(page, lang)
    for mode in ("normal", "easy", "advanced"):
        if mode != "normal":
            charts.get_by_role("radio", name=words[mode], exact=True).check()
        bars = words["bars"].format(mode=words[mode])
        curves = words["curves"].format(mode=words[mode])
        expect(charts.get_by_role("img", name=bars, exact=True)).to_be_visible()
        expect(charts.get_by_role("img", name=curves, exact=True)).to_be_visible()
        expect(charts.get_by_role("img", name=re.compile(f"^{re.escape(curves)}: "))).to_have_count(12)  # one per lady
        expect(charts.get_by_role("img", name=f"{curves}: {words['lady']}", exact=True)).to_be_visible()
        title = charts.get_by_role("img", name=bars, exact=True).locator("title")
        expect(title).to_have_text(re.compile(f"^{re.escape(bars)}"))
    every_control_named(charts)


def test_the_charts_show_the_audits_numbers(page: Page) -> None:
    open_designer(page)
    charts = difficulty(page)
    bars = charts.get_by_role("img", name="Expected clues, Normal", exact=True)
    normal = expected_clues("normal")
    expect(bars.locator("text.sb-name")).to_have_text([lady.name.get("en") for lady in load_cards().ladies])
    expect(bars.locator("text.sb-value")).to_have_text([f"{value:.2f}" for value in normal.values()])
    for lady in load_cards().ladies:
        shown = lady.name.get("en")
        alone = charts.get_by_role("img", name=f"Chance solved within N clues, Normal: {shown}", exact=True)
        expect(alone).to_have_accessible_description(REACH)
    mean = sum(normal.values()) / len(normal)
    expect(charts).to_contain_text(f"Mean over the solvable cases (12): {mean:.2f}; unsolvable cases: 0.")
    charts.get_by_role("radio", name="Advanced").check()
    advanced = charts.get_by_role("img", name="Expected clues, Advanced", exact=True)
    hard = expected_clues("advanced")
    expect(advanced.locator("text.sb-value")).to_have_text([f"{value:.2f}" for value in hard.values()])
    charts.get_by_text("The numbers").click()
    row = charts.get_by_role("row", name=re.compile("^Jacqueline Field"))
    expect(row.get_by_role("cell").last).to_have_text(f"{hard['jacqueline-field']:.2f}")


def test_the_set_before_the_last_edit_is_drawn_beside_it(page: Page) -> None:
    open_designer(page)
    cards = page.get_by_role("region", name="Cards", exact=True)
    bluebell = cards.get_by_role("group", name="Jacqueline Field").get_by_role("textbox", name="Bluebell", exact=True)
    bluebell.fill("0/2")  # a decoy: her key allows more, so a bluebell Dark Lady is found later
    charts = difficulty(page)
    expect(charts.get_by_text("before the last edits", exact=True)).to_be_visible()
    bars = charts.get_by_role("img", name="Expected clues, Normal", exact=True)
    expect(bars.locator("rect.sb-before")).to_have_count(12)
    shipped = expected_clues("normal")
    doc = to_json(load_cards())
    doc["ladies"][0]["key"]["bluebell"] = [0, 2]
    edited = expected_clues("normal", parse(doc))
    expect(bars.locator("text.sb-value")).to_have_text([f"{v:.2f}" for v in edited.values()])
    said = ["unchanged" if f"{now:.2f}" == f"{was:.2f}" else f"before: {was:.2f} ({now - was:+.2f})"
            for now, was in zip(edited.values(), shipped.values(), strict=True)]
    expect(bars.locator("text.sb-was")).to_have_text(said)
    assert any(s != "unchanged" for s in said), said  # the wider key made some Dark Lady harder to find
    alone = charts.get_by_role("img", name="Chance solved within N clues, Normal: Anne Hathaway", exact=True)
    expect(alone.locator("path.sc-before")).to_have_count(1)
    expect(alone.locator("path.sc-now")).to_have_count(1)


def test_unsolvable_cases_are_said(page: Page) -> None:
    """The API's small example set (imported as a file): one case solvable, three not (its keys lie)."""
    open_designer(page, load=False)
    small = FilePayload(name="small.json", mimeType="application/json", buffer=json.dumps(SMALL_CARD_SET).encode())
    page.get_by_label("Import a card set file (YAML or JSON)").set_input_files(small)
    charts = difficulty(page)
    bars = charts.get_by_role("img", name="Expected clues, Normal", exact=True)
    expect(bars.locator("text.sb-value")).to_have_text(["2.00", "unsolvable", "unsolvable", "unsolvable"])
    expect(bars).to_have_accessible_description("Mean over the solvable cases (1): 2.00; unsolvable cases: 3.")
    expect(charts.get_by_role("radio")).to_have_count(0)  # one mode: nothing to choose
    curve = "Chance solved within N clues, Normal: {}"
    expect(charts.get_by_role("img", name=curve.format("l2"), exact=True)).to_have_accessible_description(
        "Unsolvable: the whole deck leaves 2 possible Dark Ladies.")
    expect(charts.get_by_role("img", name=curve.format("l3"), exact=True)).to_have_accessible_description(
        "Unsolvable: with the whole deck the cards contradict each other (some key lies).")


def test_the_charts_are_legible_on_a_phone(open_pages: Pages) -> None:
    page = open_pages(PHONE)
    open_designer(page)
    sizes = difficulty(page).locator("svg[role=img]").evaluate_all("""(svgs) => svgs.map((svg) => {
      const box = svg.getBoundingClientRect();
      const scale = svg.viewBox.baseVal && svg.viewBox.baseVal.width ? box.width / svg.viewBox.baseVal.width : 1;
      return {right: box.right, smallest: Math.min(...[...svg.querySelectorAll("text")].map(
        (t) => scale * parseFloat(getComputedStyle(t).fontSize)))};
    })""")
    assert len(sizes) == 14  # the bars, the set's curves, and the curves of each of the 12 ladies
    assert all(s["smallest"] >= 12 for s in sizes), sizes
    assert all(s["right"] <= PHONE["width"] for s in sizes), sizes


def test_print_twelve_cards_on_a4_and_letter(page: Page) -> None:
    open_designer(page)
    page.evaluate("() => { window.print = () => { window.printed = (window.printed ?? 0) + 1; }; }")
    printing(page).get_by_role("button", name="Print cards").click()
    sheet = page.get_by_role("region", name="Cards to print")
    expect(sheet.get_by_role("group", name="Jacqueline Field")).to_be_visible()
    expect(page.get_by_role("button", name="Print this sheet")).to_be_focused()
    expect(printing(page)).to_contain_text("Cards: 12; pages: 2.")
    card_px = px(CARD_MM)
    for paper, paper_mm in PAPERS_MM.items():
        paper_px = px(paper_mm)
        printing(page).get_by_label("Paper").select_option(paper)
        page.emulate_media(media="print")
        expect(page.locator("header.top")).to_be_hidden()  # the rest of the page is not printed
        expect(page.locator("main h1")).to_be_hidden()
        expect(sheet.locator(".lady-card")).to_have_count(12)
        expect(page.get_by_role("button", name="Print this sheet")).to_be_hidden()
        pages = page.evaluate(SHEET_BOXES)
        assert [len(p["cards"]) for p in pages] == [9, 3], paper
        for sheet_page in pages:
            assert sized(sheet_page["page"], paper_px), (paper, sheet_page["page"])
            assert sheet_page["clipped"] == 0, (paper, "a card's text does not fit on it")
            for card in sheet_page["cards"]:
                assert sized(card, card_px), (paper, card)
                assert inside(card, sheet_page["page"]), (paper, card, "off the page")
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
        boxes = [[0.0, 0.0, *map(float, box.split()[2:])] for box in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", pdf)]
        assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 2, paper
        assert all(sized(box, PAPERS_PT[paper]) for box in boxes), (paper, boxes)
        page.emulate_media(media="screen")
    page.get_by_role("button", name="Print this sheet").click()
    assert page.evaluate("window.printed") == 1
    page.get_by_role("button", name="Close the sheet").click()
    expect(sheet).to_have_count(0)
    expect(printing(page).get_by_role("button", name="Print cards")).to_be_focused()


def test_from_the_keyboard(page: Page) -> None:
    """The mode chosen with the arrow keys; the sheet opened, printed and closed with Enter, the focus
    following; an audit that redraws the section keeps the focus where it was."""
    open_designer(page)
    charts = difficulty(page)
    charts.get_by_role("radio", name="Normal").focus()
    page.keyboard.press("ArrowRight")
    expect(charts.get_by_role("radio", name="Easy")).to_be_checked()
    expect(charts.get_by_role("radio", name="Easy")).to_be_focused()
    expect(charts.get_by_role("img", name="Expected clues, Easy", exact=True)).to_be_visible()
    charts.get_by_role("radio", name="Easy").evaluate("(radio) => { radio.dataset.old = 'yes'; }")
    page.evaluate("""async () => {
      const {replaceSet, workbench} = await import("/static/js/designer/cardset.js");
      replaceSet({...workbench.doc, name: "Sonnet set, renamed"}, "rename");
    }""")  # a change made elsewhere: audited, and the section drawn again
    expect(charts.locator("[data-old]")).to_have_count(0)
    expect(charts.get_by_role("radio", name="Easy")).to_be_focused()
    page.evaluate("() => { window.print = () => { window.printed = (window.printed ?? 0) + 1; }; }")
    printing(page).get_by_role("button", name="Print cards").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Print this sheet")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("window.printed") == 1
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Close the sheet")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("region", name="Cards to print")).to_have_count(0)
    expect(printing(page).get_by_role("button", name="Print cards")).to_be_focused()


def test_each_lady_is_drawn_as_the_game_draws_her(page: Page) -> None:
    open_designer(page)
    printing(page).get_by_role("button", name="Print cards").click()
    sheet = page.get_by_role("region", name="Cards to print")
    cards = load_cards()
    for lady in cards.ladies:
        card = sheet.get_by_role("group", name=lady.name.get("en"), exact=True)
        expect(card.locator(".lc-suit")).to_have_text(f"Suit: {cards.suit(lady.suit).name.get('en')}")
        expect(card.locator("li")).to_have_text([cards.trait(t).name.get("en") for t in lady.traits])
        rows = [f"{s.name.get('en')}{'/'.join(map(str, sorted(lady.key[s.id])))}" for s in cards.suits]
        expect(card.locator("tr")).to_have_text(rows)
    jacqueline = sheet.get_by_role("group", name="Jacqueline Field")
    expect(jacqueline.locator("td")).to_have_text(["1", "0/2", "0/2", "1", "2", "1"])  # as the rulebook prints her
    band = jacqueline.locator(".lc-band").evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert band == "rgb(0, 128, 0)", band  # the oak's colour in the set: green


@pytest.mark.parametrize(("lang", "lady", "suit", "trait"), [
    ("it", "Jacqueline Field", "Quercia", "Letterata o artista"),
    ("ru", "Жаклин Филд", "Дуб", "Литературно одарённая"),
])
def test_the_sheet_speaks_the_page_language_on_a_phone(open_pages: Pages, lang: str, lady: str, suit: str,
                                                         trait: str) -> None:
    page = open_pages(PHONE)
    open_designer(page, lang)
    section = printing(page, lang)
    section.get_by_role("button", name=WORDS[lang]["print"], exact=True).click()
    sheet = page.get_by_role("region", name=WORDS[lang]["sheet"])
    card = sheet.get_by_role("group", name=lady, exact=True)
    expect(card).to_be_visible()
    expect(card.locator(".lc-band")).to_contain_text(suit)
    expect(card.locator("li").first).to_have_text(trait)
    expect(sheet.locator(".lady-card")).to_have_count(12)
    widths: Any = section.evaluate("(el) => [el.scrollWidth, el.getBoundingClientRect().right]")
    assert widths[0] <= PHONE["width"] and widths[1] <= PHONE["width"], widths  # no sideways scrolling
    every_control_named(section)
    page.emulate_media(media="print")
    assert [p["clipped"] for p in page.evaluate(SHEET_BOXES)] == [0, 0]  # the longer words fit on the cards
