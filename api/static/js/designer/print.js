// The print sheet: every lady of the set as a card of the game's size (63 × 88 mm), nine to a
// page of A4 or Letter, with marks to cut along, for a paper prototype. Print CSS
// (css/sheets.css) hides the rest of the page while the sheet is open, so that the browser's
// print (window.print(), or Ctrl+P) prints the sheet alone.
import {field, fill, h, keepFocus} from "../shared/dom.js";
import {t} from "../shared/i18n.js";
import {drawCard} from "../shared/card.js";

/** The papers the sheet is laid out for (their sizes are in css/sheets.css), and a card's size in mm. */
const PAPERS = ["a4", "letter"];
const CARD = {width: 63, height: 88};
const COLUMNS = 3;
const ROWS = 3;
const KEY = "bs.sheet.paper";

/** Letter where it is the usual paper (the United States and Canada), else A4; or as chosen. */
function paperAtFirst() {
  const saved = localStorage.getItem(KEY);
  if (PAPERS.includes(saved)) return saved;
  return /-(US|CA)$/i.test(navigator.language) ? "letter" : "a4";
}

// Kept across redraws (every edit of the set redraws the sheet): whether it is open, and the paper.
const state = {open: false, paper: paperAtFirst()};

/** Cut marks outside a grid of cards: short lines in the margin, in line with each card's edges. */
function cutMarks(columns, rows) {
  const [width, height] = [columns * CARD.width, rows * CARD.height];
  const [gap, length] = [1.5, 5];
  const lines = [];
  for (let i = 0; i <= columns; i++) {
    const x = i * CARD.width;
    lines.push([x, -gap - length, x, -gap], [x, height + gap, x, height + gap + length]);
  }
  for (let j = 0; j <= rows; j++) {
    const y = j * CARD.height;
    lines.push([-gap - length, y, -gap, y], [width + gap, y, width + gap + length, y]);
  }
  return h("svg", {class: "sheet-marks", viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true"},
    lines.map(([x1, y1, x2, y2]) => h("line", {x1, y1, x2, y2})));
}

/** The pages of the sheet: nine cards to a page, in the set's order, each page's grid where the
 * first page's is (a short last page too), so that pages stacked are cut along the same lines. */
function pages(doc) {
  const perPage = COLUMNS * ROWS;
  const ladies = doc.ladies.map((lady) => lady.id);
  const count = Math.ceil(ladies.length / perPage);
  return Array.from({length: count}, (_, p) => {
    const onPage = ladies.slice(p * perPage, (p + 1) * perPage);
    return h("div", {class: `sheet-page paper-${state.paper}`, role: "group", "aria-label": t("sheet.page", {n: p + 1, pages: count})},
      h("div", {class: "sheet-cut"},
        h("div", {class: "sheet-grid"}, onPage.map((id) => drawCard(doc, id, {size: "print"}))),
        cutMarks(COLUMNS, Math.ceil(onPage.length / COLUMNS))));
  });
}

/**
 * Draw the print section in `container` for card set `doc`: the paper, **Print cards** (which
 * opens the sheet), and, once open, the sheet with **Print this sheet** and **Close the sheet**.
 * The keyboard focus stays where it was in the section (the page redraws it after every edit).
 */
export function renderPrint(container, {doc = null} = {}) {
  return keepFocus(container, () => draw(container, doc));
}

function draw(container, doc) {
  const hasCards = Boolean(doc?.ladies?.length);
  const paper = h("select", {"data-focus": "sheet-paper",
                             onchange: (e) => {
                               state.paper = e.target.value;
                               localStorage.setItem(KEY, state.paper);
                               renderPrint(container, {doc});
                             }},
    PAPERS.map((p) => h("option", {value: p, selected: p === state.paper}, t(`sheet.paper.${p}`))));
  const open = () => {
    state.open = true;
    draw(container, doc);
    container.querySelector(".sheet-print").scrollIntoView({block: "start"});
    container.querySelector('[data-action="sheet-print-now"]').focus({preventScroll: true});
  };
  const close = () => {
    state.open = false;
    draw(container, doc);
    container.querySelector('[data-action="sheet-open"]').focus();
  };
  const sheetPages = state.open && hasCards ? pages(doc) : null;
  return fill(container,
    h("p", {class: "help"}, t("sheet.print.help")),
    hasCards ? null : h("p", {class: "note"}, t("sheet.print.none")),
    h("div", {class: "row"},
      field(t("sheet.paper"), paper),
      h("button", {type: "button", class: "primary", "data-action": "sheet-open", disabled: !hasCards,
                   "aria-expanded": String(Boolean(sheetPages)), onclick: open}, t("sheet.print"))),
    sheetPages ? [
      h("div", {class: "sheet-tools"},
        h("p", {}, t("sheet.count", {n: doc.ladies.length, pages: sheetPages.length}), " ", t("sheet.tip")),
        h("div", {class: "buttons"},
          h("button", {type: "button", class: "primary", "data-action": "sheet-print-now", onclick: () => window.print()},
            t("sheet.print.now")),
          h("button", {type: "button", "data-action": "sheet-close", onclick: close}, t("sheet.close")))),
      h("div", {class: "sheet-print", role: "region", "aria-label": t("sheet.sheet")}, sheetPages),
    ] : null);
}
