// The designer's page: audit a card set (POST /v1/audit), or a board and its stealth deck
// (POST /v1/audit-deck); the cases as a sortable table, the findings in words, the JSON report.
import {api} from "./api.js";
import {download, field, fill, h, keepFocus, readFile} from "./dom.js";
import {t} from "./i18n.js";
import {failure, problemList} from "./status.js";

// Kept across renders (a language switch redraws the page and keeps what was typed).
const state = {cards: "", report: null, problems: null, sort: {column: null, up: true},
               deck: {board: "", stealth: "", sequences: ""}, deckReport: null, deckProblems: null};
const COLUMNS = ["dark_lady", "suit", "mode", "deck", "solvable", "min_clues", "expected_clues", "remaining"];

function cell(column, value) {
  if (column === "solvable") return value ? t("yes") : t("no");
  if (column === "expected_clues") return value === null || value === undefined ? "—" : value.toFixed(2);
  if (column === "remaining") return value.length;
  return value ?? "—";
}

function sortedCases(cases) {
  const {column, up} = state.sort;
  if (!column) return cases;
  const key = (c) => (column === "remaining" ? c.remaining.length : c[column]);
  return [...cases].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x === y ? 0 : x === null || x === undefined ? 1 : y === null || y === undefined ? -1 : x < y ? -1 : 1;
    return up ? order : -order;
  });
}

function casesTable(cases, redraw) {
  const head = COLUMNS.map((column) => {
    const sorted = state.sort.column === column;
    return h("th", {scope: "col", "aria-sort": sorted ? (state.sort.up ? "ascending" : "descending") : "none"},
      h("button", {type: "button", class: "sort", "aria-label": t("designer.sort", {column: t(`col.${column}`)}),
                   onclick: () => {
                     state.sort = {column, up: sorted ? !state.sort.up : true};
                     redraw();
                   }}, t(`col.${column}`), sorted ? (state.sort.up ? " ▲" : " ▼") : ""));
  });
  return h("div", {class: "scroll"}, h("table", {class: "cases"}, h("caption", {}, t("designer.cases")),
    h("thead", {}, h("tr", {}, head)),
    h("tbody", {}, sortedCases(cases).map((c) =>
      h("tr", {class: c.solvable ? null : "bad"}, COLUMNS.map((column) => h("td", {}, cell(column, c[column]))))))));
}

function findings(title, items) {
  return items.length ? h("section", {}, h("h4", {}, title),
    h("ul", {class: "findings"}, items.map((f) => h("li", {class: f.code}, h("code", {}, f.code), " ", f.message)))) : null;
}

/** A report, and beside it the problems of a later document that could not be read (the report
 * stays, marked as the last one made). */
function withProblems(problems, report) {
  if (!problems) return report;
  return h("div", {class: "report-box"}, problemList(problems),
    report ? h("div", {class: "previous"}, h("p", {class: "note"}, t("designer.previous")), report) : null);
}

function cardReport(redraw) {
  const r = state.report;
  if (!r) return null;
  return h("div", {class: "report"},
    h("p", {class: r.ok ? "ok" : "bad", role: "status"}, `${r.card_set}: `, r.ok ? t("designer.ok") : t("designer.bad", {n: r.errors.length})),
    h("button", {type: "button", onclick: () => download("audit.json", JSON.stringify(r, null, 2))}, t("designer.download")),
    findings(t("designer.errors"), r.errors), findings(t("designer.warnings"), r.warnings),
    casesTable(r.cases, redraw));
}

function deckReport() {
  const r = state.deckReport;
  if (!r) return null;
  return h("div", {class: "report"},
    h("p", {class: r.ok ? "ok" : "bad", role: "status"},
      t("designer.checked", {board: r.board, locations: r.locations, paths: r.paths, cards: r.cards, walks: r.walks.length}), " ",
      r.ok ? t("designer.ok") : t("designer.bad", {n: r.errors})),
    h("button", {type: "button", onclick: () => download("audit-deck.json", JSON.stringify(r, null, 2))}, t("designer.download")),
    r.findings.length ? h("ul", {class: "findings"}, r.findings.map((f) =>
      h("li", {class: f.severity ?? ""}, h("code", {}, f.code ?? ""), " ", f.message))) : null);
}

export function render(main) {
  const redraw = () => keepFocus(main, () => render(main));
  const text = h("textarea", {rows: 10, spellcheck: "false", value: state.cards, oninput: (e) => { state.cards = e.target.value; }});
  const file = h("input", {type: "file", accept: ".yaml,.yml,.json,text/yaml,application/json"});
  file.addEventListener("change", async () => {
    state.cards = (await readFile(file)) ?? state.cards;
    text.value = state.cards;
  });
  const audit = async () => {
    if (!state.cards.trim()) {
      state.problems = [{path: "", message: t("designer.empty")}];
      return redraw();
    }
    try {
      state.report = await api("POST", "/v1/audit", {text: state.cards, contentType: "application/yaml"});
      state.problems = null;
    } catch (error) {
      state.problems = failure(error);  // shown beside the previous report, which stays
    }
    redraw();
  };
  const shipped = async () => {
    state.cards = JSON.stringify(await api("GET", "/v1/cards"), null, 2);
    text.value = state.cards;
  };
  const deckArea = (part) => h("textarea", {rows: 5, spellcheck: "false", value: state.deck[part],
                                            oninput: (e) => { state.deck[part] = e.target.value; }});
  const auditDeck = async () => {
    const body = Object.fromEntries(Object.entries(state.deck).filter(([, v]) => v.trim()));
    try {
      state.deckReport = await api("POST", "/v1/audit-deck", {body});
      state.deckProblems = null;
    } catch (error) {
      state.deckProblems = failure(error);
    }
    redraw();
  };
  fill(main, h("h1", {}, t("designer.title")),
    h("section", {class: "panel", "aria-labelledby": "cards-h"}, h("h2", {id: "cards-h"}, t("designer.cards")),
      field(t("designer.paste"), text), field(t("designer.upload"), file),
      h("div", {class: "buttons"},
        h("button", {type: "button", onclick: shipped}, t("designer.shipped")),
        h("button", {type: "button", class: "primary", onclick: audit}, t("designer.audit"))),
      h("div", {id: "card-report"}, withProblems(state.problems, cardReport(redraw)))),
    h("section", {class: "panel", "aria-labelledby": "deck-h"}, h("h2", {id: "deck-h"}, t("designer.deck")),
      field(t("designer.board"), deckArea("board")), field(t("designer.stealth"), deckArea("stealth")),
      field(t("designer.sequences"), deckArea("sequences")),
      h("div", {class: "buttons"}, h("button", {type: "button", class: "primary", onclick: auditDeck}, t("designer.audit"))),
      h("div", {id: "deck-report"}, withProblems(state.deckProblems, deckReport()))));
}
