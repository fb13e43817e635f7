"""The Designer page's "Design a set" and "Board and stealth deck" sections (issue 19, part C), in
real Chromium on the real page.

Design a set: a short design (seed given) runs to the set the library finds for the same seed and
steps, opens beside the set being edited with exactly the cards that differ marked in words, and
is taken into the editor; a long one shows its streamed progress and is cancelled, which stops
the job on the server (the next design is answered at once, not after it); a bad field gets its
message beside it; a busy server and a job stopped by the time limit are said in words.

The board and stealth deck: the shipped board's visits per location are the library's (on the map
and in the list); a sequence broken in the editor gets its finding in words, with the places'
names; on a phone, in Italian and Russian, the shares on the map are 12 px or more and every
control is named.
"""

from __future__ import annotations

import math
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from api.browser import PHONE
from api.design import NDJSON, line
from deduce.errors import Problem
from deduce.schema import names
from deduce.shipped import data_path, load_brief
from deduce.where import boardfile, stealthfile
from deduce.where.audit import audit_deck, report_json
from deduce.where.stealth import Sequence
from deduce.who import cardfile
from deduce.who.cardfile import LadyJSON
from deduce.who.design import Design, Targets, search
from tests.web.pages import unnamed_controls
from tests.web.watch import Pages, Watch

BOARD = boardfile.load(data_path("board.yaml"))
DECK = stealthfile.load(data_path("stealth.yaml"))
SEQUENCES = stealthfile.load_sequences(data_path("sequences.json"))
SHIPPED_CARDS = cardfile.to_json(cardfile.load(data_path("clues.yaml")))


def place_name(location: str, lang: str = "en") -> str:
    return next(loc.name.get(lang) for loc in BOARD.locations if loc.id == location)


def open_designer(page: Page, section: str = "Design a set") -> Locator:
    """Open the Designer page; the section with this heading, once the page has drawn it."""
    page.goto("/#/designer")
    box = page.locator("section.panel").filter(has=page.get_by_role("heading", name=section, level=2))
    expect(box).to_be_visible()
    return box


def library_design(seed: int, steps: int) -> Design:
    """What the page's design is: the library's search for the page's default targets."""
    return search(load_brief(), targets=Targets(min_clues=2, expected=(2.5, 5.0), aim=(2.5, 5.0)), seed=seed,
                  steps=steps)


def differs(designed: LadyJSON, current: LadyJSON) -> bool:
    """Whether a designed lady is not the current set's lady of the same id, as a designer sees it."""
    return (designed["name"] != current["name"] or designed["suit"] != current["suit"]
            or sorted(designed["traits"]) != sorted(current["traits"]) or designed["key"] != current["key"])


def ask_design(box: Locator, seed: int, steps: int) -> None:
    box.get_by_label("Seed", exact=True).fill(str(seed))
    box.get_by_label("Steps", exact=True).fill(str(steps))
    box.get_by_role("button", name="Design a set").click()


# -- Design a set --------------------------------------------------------------------------------

def test_a_design_runs_to_its_result_beside_the_set_and_is_taken(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(429)  # the page's live audits and the design may be more than a client's quota at once
    box = open_designer(page)
    page.get_by_role("button", name="Load the sample set").click()
    expect(page.locator("#lady-jacqueline-field")).to_be_visible()
    ask_design(box, seed=5, steps=600)
    found = library_design(seed=5, steps=600)
    designed = cardfile.to_json(found.cards)
    result = box.get_by_role("region", name="The designed set: Sonnet set")
    expect(result).to_be_visible()

    current = {lady["id"]: lady for lady in SHIPPED_CARDS["ladies"]}
    changed = [lady for lady in designed["ladies"] if differs(lady, current[lady["id"]])]
    assert 0 < len(changed) < len(designed["ladies"])
    expect(result).to_contain_text(f"{len(changed)} of its 12 cards differ from the set you are editing")
    cards = result.get_by_role("list", name="The designed set's cards").locator(":scope > li")
    expect(cards).to_have_count(12)
    for lady in designed["ladies"]:
        card = cards.filter(has=page.get_by_role("group", name=names(lady.get("name"), lady["id"]).get(), exact=True))
        if lady in changed:
            expect(card).to_contain_text("Differs:")
        else:
            expect(card).not_to_contain_text("Differs:")
    mean = found.report.mean_expected_clues()
    assert mean is not None
    expect(result).to_contain_text(f"Mean expected clues, Normal (aim 2.5 to 5.0): {mean:.2f}")
    expect(result).to_contain_text("It meets every target." if not found.unmet else "It misses some targets")

    result.get_by_role("button", name="Take it").click()
    expect(box.get_by_role("status")).to_have_text("The designed set is in the editor now; Undo brings yours back.")
    expect(result).to_have_count(0)
    for lady in changed:
        expect(page.locator(f"#lady-{lady['id']}").get_by_label("Suit", exact=True)).to_have_value(lady["suit"])


def test_a_long_design_shows_its_progress_and_cancel_stops_it(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(429)  # as above: the page waits for its place and asks again
    box = open_designer(page)
    ask_design(box, seed=1, steps=100_000)
    cancel = box.get_by_role("button", name="Cancel")
    expect(cancel).to_be_focused()  # the keyboard is where the next thing to do is
    expect(box.get_by_role("button", name="Design a set")).to_be_disabled()  # one job at a time
    progress = box.get_by_role("progressbar", name="Design progress")
    expect(progress).to_have_attribute("max", "100000")
    expect(box).to_contain_text(re.compile(r"Step [1-9][\d,]* of 100,000"))  # the stream is read as it comes
    assert int(progress.get_attribute("value") or 0) >= 500

    watch.expected_aborts.add("/v1/design")  # Cancel closes the answer: Chromium reports the request aborted
    cancel.click()
    expect(box.get_by_role("status")).to_have_text(
        "The design was cancelled; the server stopped it. You can start another.")
    expect(progress).to_have_count(0)
    expect(cancel).to_be_disabled()
    # The server has one job slot: a new design is answered now, not after the cancelled one's 100,000 steps.
    ask_design(box, seed=3, steps=300)
    expect(box.get_by_role("region", name="The designed set: Sonnet set")).to_be_visible()


def test_a_bad_field_gets_its_message_beside_it(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(422)
    box = open_designer(page)
    ask_design(box, seed=-1, steps=0)
    steps = box.get_by_label("Steps", exact=True)
    expect(steps).to_have_accessible_description("A whole number of steps, at least 1.")
    expect(steps).to_have_attribute("aria-invalid", "true")
    expect(box.get_by_label("Seed", exact=True)).to_have_accessible_description("A whole number from 0 to 4294967295.")
    expect(box.get_by_role("alert").filter(has_text="Some fields need fixing")).to_be_visible()
    expect(box.get_by_label("Seed", exact=True)).to_be_focused()

    box.get_by_label("Seed", exact=True).fill("2")
    low, high = box.get_by_label("Expected clues: at least"), box.get_by_label("Expected clues: at most")
    low.fill("5")
    high.fill("2")
    ask_design(box, seed=2, steps=200)
    expect(high).to_have_accessible_description("The low end is above the high end.")
    expect(steps).to_have_attribute("aria-invalid", "false")  # what was fixed is no longer marked

    low.fill("lots")
    ask_design(box, seed=2, steps=200)
    expect(low).to_have_accessible_description("A number of clues, such as 2.5.")
    expect(low).to_have_value("lots")  # nothing typed is lost


def test_a_busy_server_and_the_time_limit_are_said(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(503)
    box = open_designer(page)
    busy = Problem((), "the service is busy with other audits; try again in 7 s", "busy").to_json()
    page.route("**/v1/design", lambda route: route.fulfill(status=503, headers={"Retry-After": "7"},
                                                           json={"errors": [busy]}))
    ask_design(box, seed=2, steps=200)
    expect(box.get_by_role("alert")).to_have_text(
        "The server is busy with other audits and designs: try again in 7 s.")
    expect(box.get_by_role("button", name="Design a set")).to_be_enabled()

    # What api/design.py sends when the job runs past the service's time limit.
    stopped = Problem((), "the job took longer than 120 s and was stopped", "limit").to_json()
    body = line({"progress": {"step": 0, "steps": 200, "best": None}}) + line({"errors": [stopped]})
    page.unroute("**/v1/design")
    page.route("**/v1/design", lambda route: route.fulfill(status=200, content_type=NDJSON, body=body))
    ask_design(box, seed=2, steps=200)
    expect(box.get_by_role("alert")).to_have_text(
        "The design ran past the server's time limit (120 s) and was stopped. Try fewer steps.")


# -- the board and the stealth deck -----------------------------------------------------------------

def shown_percent(share: float) -> str:
    """A share as the map writes it: a whole percentage, halves rounded up (as JavaScript rounds)."""
    return f"{math.floor(100 * share + 0.5)}%"


def test_the_shipped_boards_visits_and_a_broken_sequences_finding(page: Page) -> None:
    box = open_designer(page, "Board and stealth deck")
    expect(box.get_by_role("status")).to_contain_text("26 of 26 walks valid. No errors.")
    visits = report_json(BOARD, DECK, SEQUENCES, audit_deck(BOARD, DECK, SEQUENCES))["visits"]
    table = box.get_by_role("table", name="Share of her turns at each location, averaged over the 26 valid walks")
    for location, share in visits.items():
        row = table.get_by_role("row", name=place_name(location))
        expect(row).to_have_text(f"{place_name(location)}{100 * share:.1f}%")
        expect(box.locator(f".deck-map [data-location='{location}'] .odds")).to_have_text(shown_percent(share))
    expect(box.get_by_role("group", name="Map shaded by how often she is at each location")).to_be_visible()

    # easy-1 with its first and third cards swapped: the library says which steps break, and where.
    first = SEQUENCES[0]
    cards = list(first.cards)
    cards[0], cards[2] = cards[2], cards[0]
    broken = Sequence(first.name, first.moves, tuple(cards))
    findings = [f for f in audit_deck(BOARD, DECK, (broken, *SEQUENCES[1:])) if f.sequence == first.name]
    assert findings and all(f.code in ("jump", "stay") for f in findings)
    box.get_by_text("Edit the extra sequences (18)").click()
    box.get_by_label("easy-1: cards in order").fill(" ".join(cards))

    expect(box.get_by_role("status")).to_contain_text("25 of 26 walks valid.")
    walk = box.get_by_role("list", name="Walks that are not valid").get_by_role("listitem").filter(
        has_text="easy-1: not a valid walk")
    items = walk.get_by_role("listitem")
    expect(items).to_have_count(len(findings))
    for item, finding in zip(items.all(), findings, strict=True):
        assert finding.slot is not None
        expect(item).to_contain_text(f"Card {finding.slot + 1}: {finding.cards[0]} → {finding.cards[1]}")
        for location in finding.locations:
            expect(item).to_contain_text(place_name(location))
            expect(item).not_to_contain_text(f" {location} ")
    expect(table).to_have_count(0)
    expect(box.get_by_role("table", name=re.compile("averaged over the 25 valid walks"))).to_be_visible()

    page.reload()  # the edited sequences are kept in this browser
    expect(box.get_by_role("status")).to_contain_text("25 of 26 walks valid.")


def test_the_board_edited_with_the_table_pages_editor_is_audited_on_the_map(page: Page) -> None:
    box = open_designer(page, "Board and stealth deck")
    expect(box.get_by_role("status")).to_contain_text("26 of 26 walks valid.")
    expect(box.locator(".deck-map line.path")).to_have_count(len(BOARD.paths))
    doc = boardfile.to_json(BOARD)
    doc["paths"] = [p for p in doc["paths"] if p != ["whitehall", "st-pauls"]]
    fewer = boardfile.parse(doc)
    report = report_json(fewer, DECK, SEQUENCES, audit_deck(fewer, DECK, SEQUENCES))

    box.get_by_text("Edit the board").click()
    box.get_by_role("button", name="Remove Whitehall Palace – St Paul's Cathedral").click()
    expect(box.get_by_role("status")).to_contain_text(
        f"{len(fewer.paths)} paths, 32 stealth cards; {len(report['valid_walks'])} of 26 walks valid. "
        f"{report['errors']} error(s).")
    expect(box.get_by_role("list", name="The map and the cards")).to_contain_text(
        "Whitehall Palace has 1 path(s); a location should have 2 to 4.")
    expect(box.locator(".deck-map line.path")).to_have_count(len(fewer.paths))
    expect(box.locator(".deck-map line.jump")).to_have_count(1)  # the jumps, drawn where the path was
    jumps = box.get_by_role("list", name="Walks that are not valid").get_by_role("listitem").filter(
        has_text="jumps from Whitehall Palace to St Paul's Cathedral, which no path joins")
    expect(jumps.first).to_be_visible()


def test_the_cards_findings_are_said_with_names(page: Page, watch: Watch) -> None:
    watch.expected_statuses.add(422)  # positions half typed: the engine cannot read the deck yet
    box = open_designer(page, "Board and stealth deck")
    expect(box.get_by_role("status")).to_contain_text("26 of 26 walks valid.")
    box.get_by_text("Edit the stealth cards (32)").click()
    box.get_by_label("Card A: landmark on its back").select_option("market")
    positions = box.get_by_label("Card B: positions")
    positions.fill("BZWHNRO")  # seven characters: said beside the field, and the last audit stays
    expect(positions).to_have_accessible_description("Eight characters, each a capital letter or -.")
    expect(box.get_by_role("alert").filter(has_text="The engine cannot read what is entered")).to_contain_text(
        "Card B: positions: Eight characters, each a capital letter or -.")  # the card named, never a path
    positions.fill("BZWHNRO-")  # Z in position 2, as card A has
    others = box.get_by_role("list", name="The map and the cards")
    expect(others).to_contain_text("Card A's back shows Market, but St Paul's Cathedral has the landmark Church.")
    walk = box.get_by_role("list", name="Walks that are not valid").locator(":scope > li")
    expect(walk).to_have_text([re.compile(r"^✗ Position 2 on the cards: not a valid walk")])
    expect(walk).to_contain_text("Cards A, B all have Z in position 2.")  # said under the walk it breaks
    expect(box.get_by_role("status")).to_contain_text("25 of 26 walks valid.")


@pytest.mark.parametrize(("lang", "section", "design", "valid", "walk"), [
    ("it", "Mappa e mazzo Discrezione", "Progetta un mazzo", "26 percorsi validi su 26", "Posizione 1 sulle carte"),
    ("ru", "Поле и колода перемещений", "Придумать набор", "верных последовательностей 26 из 26",
     "Позиция 1 на картах"),
], ids=["it", "ru"])
def test_on_a_phone_in_italian_and_russian(open_pages: Pages, lang: str, section: str, design: str, valid: str,
                                           walk: str) -> None:
    page = open_pages(PHONE)
    page.add_init_script(f"localStorage.setItem('bs.lang', {lang!r})")
    box = open_designer(page, section)
    expect(box.get_by_role("status")).to_contain_text(valid)
    expect(box).to_contain_text(walk)
    expect(page.get_by_role("button", name=design)).to_be_visible()
    # The shares on the map, drawn as text of 12 px or more on a 375 px wide screen.
    sizes = page.locator(".deck-map .odds").evaluate_all(
        "(texts) => texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)")
    assert len(sizes) == len(BOARD.locations) and min(sizes) >= 12, sizes
    for location in BOARD.location_ids:
        expect(box.get_by_role("row", name=place_name(location, lang))).to_be_visible()
    # The page, its map included, is as wide as the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for summary in box.locator("summary").all():  # the board, the stealth cards and the sequences, opened
        summary.click()
    expect(box.locator(".board-editor input").first).to_be_visible()
    assert unnamed_controls(page) == []
