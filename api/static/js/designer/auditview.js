// The designer's workbench: the live audit of the set in words. Each finding is worded here, in
// the page's language, from its structured fields (code, lady, other, suit, mode, clues, shared,
// allowed, unused, count, traits), naming ladies, traits and suits by their names in the set; it
// stands beside the card it concerns (the lady's, or the suit's). A misleading case shows the cards
// that mislead; an unsolvable one the Dark Ladies the deck cannot tell apart. The cases table uses
// names, sorts by any column and filters by mode.
import {drawCard} from "../shared/card.js";
import {h} from "../shared/dom.js";
import {t} from "../shared/i18n.js";
import {counted} from "../shared/words.js";
import {problemList} from "../shared/status.js";
import {entryText} from "../shared/who.js";
import {ladyName, missingNames, problemsSaid, suitName, traitName, unfinished} from "./cardedit.js";
import {workbench} from "./cardset.js";

const MODES = ["normal", "easy", "advanced"];
const COLUMNS = ["dark_lady", "suit", "mode", "deck", "solvable", "min_clues", "expected_clues", "remaining"];
/** The cases table's order and filter, kept across redraws. */
const view = {sort: {column: null, up: true}, mode: "all"};

/** Names come from the set being edited, else from the set the report is of (a lady removed since). */
function namer(fn) {
  return (id) => {
    const now = workbench.doc && fn(workbench.doc, id);
    return now && now !== id ? now : workbench.audited ? fn(workbench.audited, id) : id;
  };
}
const lady = namer(ladyName);
const suit = namer(suitName);
const trait = namer(traitName);
const traits = (ids) => ids.map(trait).join(", ");
const list = (items) => items.join(", ");

/** Whether the set is still being typed: no suit has more than its two ladies yet. */
function beingTyped(doc) {
  return !doc.suits.some((s) => doc.ladies.filter((l) => l.suit === s.id).length > 2);
}

/** The ladies still to type while the set is being typed: each suit's two, less those it has (typed or not yet whole). */
function stillToType(doc) {
  if (!beingTyped(doc)) return 0;
  return doc.suits.reduce((left, s) => left + 2 - doc.ladies.filter((l) => l.suit === s.id).length, 0);
}

/** While the set is being typed, what only says that ladies are left to type (or not whole yet, listed
 * as such): a suit short of two, and a Dark Lady the deck cannot yet tell from others (its cards are
 * not all typed). Said as progress, never as an error. Once a suit has more than two, every finding
 * is an error: a lady is in the wrong suit. */
function leftToType(f) {
  if (!workbench.doc || !beingTyped(workbench.doc)) return false;
  return (f.code === "suit-count" && f.count < 2) || (f.code === "unsolvable" && f.count > 0 && stillToType(workbench.doc) > 0);
}

/** The audit's errors, but for those that only say ladies are left to type. */
const realErrors = (r) => (r?.errors ?? []).filter((f) => !leftToType(f));

/** The case of a finding (her, in its mode), in the report. */
const caseOf = (f) => workbench.report?.cases.find((c) => c.dark_lady === f.lady && c.mode === f.mode);
const suitOf = (id) => (workbench.audited ?? workbench.doc)?.ladies.find((l) => l.id === id)?.suit;

/** A finding in words, in the page's language (its English message when the code is new to the page). */
function findingText(f) {
  const mode = list((f.modes ?? (f.mode ? [f.mode] : [])).map((m) => t(`mode.${m}`)));
  switch (f.code) {
    case "key-untruthful":
      return t(suitOf(f.lady) === f.suit ? "wb.f.untruthful.partner" : "wb.f.untruthful",
        {suit: suit(f.suit), allowed: entryText(f.allowed ?? []), other: lady(f.other), shared: f.shared});
    case "duplicate-traits":
      return t("wb.f.duplicate", {other: lady(f.other), traits: traits(f.traits ?? [])});
    case "suit-count":
      return t("wb.f.suitcount", {suit: suit(f.suit), count: f.count});
    case "unsolvable":
      return f.count ? t("wb.f.unsolvable", {mode, count: f.count}) : t("wb.f.contradiction", {mode});
    case "misleading":
      return t("wb.f.misleading", {mode, clues: list((f.clues ?? []).map(lady)), traits: traits(f.traits ?? [])});
    case "decoy":
      return t("wb.f.decoy", {suit: suit(f.suit), unused: list(f.unused ?? [])});
    case "key-says-nothing":
      return t("wb.f.saysnothing", {suit: suit(f.suit), allowed: entryText(f.allowed ?? [])});
    case "uninformative-card":
      return t("wb.f.uninformative");
    case "suit-card-alone":
      return t("wb.f.suitcardalone", {mode});
    case "modes-missing": {
      const modes = workbench.audited?.modes ?? {};
      return t("wb.f.modesmissing", {modes: list(["easy", "advanced"].filter((m) => !(m in modes)).map((m) => t(`mode.${m}`)))});
    }
    default:
      return f.message;
  }
}

/** What a finding shows beside its words: the cards that mislead, or the Dark Ladies left. */
function findingExtra(f) {
  if (f.code === "misleading" && f.clues?.length) {
    const doc = workbench.audited ?? workbench.doc;
    return h("div", {class: "wb-mislead", role: "group", "aria-label": t("wb.mislead.cards")},
      f.clues.map((id) => drawCard(doc, id, {size: "small"})));
  }
  if (f.code === "unsolvable" && f.count) {
    const left = caseOf(f)?.remaining ?? [];
    return h("ul", {class: "wb-left", "aria-label": t("wb.left", {n: left.length})},
      left.slice(0, 12).map((set) => h("li", {}, traits(set))),
      left.length > 12 ? h("li", {}, t("wb.more.sets", {n: left.length - 12})) : null);
  }
  return null;
}

function findingItem(f, severity) {
  return h("li", {class: `wb-finding wb-${severity}`, "data-code": f.code},
    h("strong", {}, t(`wb.${severity}`)), " ", findingText(f), findingExtra(f));
}

function findingList(items) {
  return items.length ? h("ul", {class: "wb-findings"}, items) : null;
}

/**
 * The report's findings as [finding, severity], those that differ only by mode made one, with
 * `modes` listing them (a lady unsolvable in Normal, Easy and Advanced is said once).
 */
function findings() {
  const out = new Map();
  const add = (f, severity) => {
    const {mode, message, ...rest} = f;
    const left = f.code === "unsolvable" ? caseOf(f)?.remaining : null;
    const key = JSON.stringify([severity, rest, left]);
    if (out.has(key)) out.get(key)[0].modes.push(mode);
    else out.set(key, [{...f, modes: mode ? [mode] : []}, severity]);
  };
  for (const f of realErrors(workbench.report)) add(f, "error");
  for (const f of workbench.report?.warnings ?? []) add(f, "warning");
  return [...out.values()];
}

/** The findings about a lady, to stand under her card. */
export const ladyFindings = (ladyId) =>
  findingList(findings().filter(([f]) => f.lady === ladyId).map(([f, s]) => findingItem(f, s)));

/** The findings about a suit (and no lady), to stand beside the suit. */
export const suitFindings = (suitId) =>
  findingList(findings().filter(([f]) => !f.lady && f.suit === suitId).map(([f, s]) => findingItem(f, s)));

/** Whether a suit has a finding of its own (its box is then shown open). */
export const suitHasFindings = () => findings().some(([f]) => !f.lady && f.suit);

/** Which key entries lie: [lady id, suit id] of each key-untruthful error. */
export const lyingEntries = () => (workbench.report?.errors ?? []).filter((f) => f.code === "key-untruthful").map((f) => [f.lady, f.suit]);

/** What is not finished or cannot be read, each a link to its field (the verdict's errors before the audit's). */
function unfinishedList(todo) {
  const focus = (key) => (e) => {
    e.preventDefault();
    document.querySelector(`[data-focus="${CSS.escape(key)}"]`)?.focus();
  };
  return h("ul", {class: "wb-findings wb-todo"}, todo.map((item) => h("li", {class: "wb-finding wb-error"},
    h("a", {href: "#/designer", "data-focus": `todo:${item.focus}`, onclick: focus(item.focus)},
      h("strong", {}, item.where), ": ", item.message))));
}

/** The names not given in a language, as warnings (the set is exported without them). */
function missingList(doc) {
  const missing = missingNames(doc);
  return missing.length ? h("ul", {class: "wb-findings wb-names-missing"}, missing.map((m) => h("li", {class: "wb-finding wb-warning"},
    h("strong", {}, t("wb.warning")), " ", t("wb.names.missing", {lang: m.lang, names: list(m.names)})))) : null;
}

/** The verdict's first line: what is not finished (what cannot be read, the ladies left to type) and
 * what the finished ladies' audit says so far, or, for a finished set, the audit's own verdict. */
function verdict(r, todo, toType) {
  const errors = realErrors(r).length;
  if (todo.length || toType) {
    const left = toType ? counted("wb.totype", toType) : "";
    const first = todo.length ? `${t("wb.unfinished", {n: todo.length})}${left ? `; ${left}` : ""}` : t("wb.notfinished", {what: left});
    const sofar = counted("wb.sofar", workbench.audited?.ladies.length ?? 0,
      {errors: errors ? counted("wb.errors", errors) : t("wb.errors.none")});
    return [first, r ? h("span", {class: "wb-busy"}, ` ${sofar}`) : null];
  }
  if (!r) return workbench.auditing ? t("wb.auditing") : "";
  return errors ? t("wb.bad", {n: errors}) : t("wb.ok");
}

/**
 * The verdict: what keeps the set from being exported as it is on the screen (a field not typed
 * or that cannot be read, named as the game names it), then the audit's "No errors" or how many,
 * the findings about the whole set, the names missing in a language, the problems the server could
 * not read (beside the last report), and links to the cards that have errors.
 */
export function summary() {
  const todo = workbench.doc ? unfinished(workbench.doc) : [];
  const r = workbench.report;
  const toType = workbench.doc ? stillToType(workbench.doc) : 0;
  const status = verdict(r, todo, toType);
  const bad = todo.length > 0 || realErrors(r).length > 0;
  // the suits' findings too: beside each suit, they are in a box folded away
  const general = findings().filter(([f]) => !f.lady).map(([f, s]) => findingItem(f, s));
  const withErrors = [...new Set(realErrors(r).map((f) => f.lady ?? null).filter(Boolean))];
  return h("div", {class: "wb-summary"},
    h("p", {class: `wb-status ${bad ? "bad" : r && !toType ? "ok" : ""}`, role: "status", "aria-live": "polite"}, status,
      r && r.warnings.length ? h("span", {class: "wb-warncount"}, ` ${t("wb.warnings", {n: r.warnings.length})}`) : null,
      workbench.auditing && r ? h("span", {class: "wb-busy"}, ` ${t("wb.auditing")}`) : null),
    todo.length ? unfinishedList(todo) : null,
    workbench.problems ? problemList(problemsSaid(workbench.problems), t("wb.problems")) : null,
    findingList(general),
    workbench.doc ? missingList(workbench.doc) : null,
    withErrors.length ? h("p", {class: "wb-jump"}, t("wb.jump"), " ",
      withErrors.map((id, i) => [i ? ", " : "", h("a", {href: `#/designer`, "data-focus": `jump:${id}`,
        onclick: (e) => { e.preventDefault(); document.getElementById(`lady-${id}`)?.scrollIntoView({block: "start"}); }},
      lady(id))])) : null);
}

// -- the cases table ----------------------------------------------------------------------------

function cellValue(c, column) {
  switch (column) {
    case "dark_lady": return lady(c.dark_lady);
    case "suit": return suit(c.suit);
    case "mode": return t(`mode.${c.mode}`);
    case "remaining": return c.remaining.length;
    default: return c[column];
  }
}

function cellText(c, column) {
  const value = cellValue(c, column);
  if (column === "solvable") return value ? t("yes") : t("no");
  if (column === "expected_clues") return value === null || value === undefined ? "—" : value.toFixed(2);
  return value ?? "—";
}

function sorted(cases) {
  const {column, up} = view.sort;
  if (!column) return cases;
  return [...cases].sort((a, b) => {
    const [x, y] = [cellValue(a, column), cellValue(b, column)];
    const none = (v) => v === null || v === undefined;
    const order = none(x) || none(y) ? (none(x) === none(y) ? 0 : none(x) ? 1 : -1)
      : typeof x === "string" ? x.localeCompare(y) : x === y ? 0 : x < y ? -1 : 1;
    return up ? order : -order;
  });
}

/** The cases, by name, sortable by any column, filtered by mode; `redraw` draws it again. */
export function casesTable(redraw) {
  const r = workbench.report;
  if (!r || !r.cases.length) return null;
  const modes = MODES.filter((m) => r.cases.some((c) => c.mode === m));
  if (view.mode !== "all" && !modes.includes(view.mode)) view.mode = "all";
  const shown = sorted(r.cases.filter((c) => view.mode === "all" || c.mode === view.mode));
  const head = COLUMNS.map((column) => {
    const on = view.sort.column === column;
    return h("th", {scope: "col", "aria-sort": on ? (view.sort.up ? "ascending" : "descending") : "none"},
      h("button", {type: "button", class: "sort", "data-focus": `sort:${column}`,
                   "aria-label": t("designer.sort", {column: t(`col.${column}`)}),
                   onclick: () => { view.sort = {column, up: on ? !view.sort.up : true}; redraw(); }},
        t(`col.${column}`), on ? (view.sort.up ? " ▲" : " ▼") : ""));
  });
  const filter = h("select", {"data-focus": "cases-mode", "aria-label": t("wb.cases.mode"),
                              onchange: (e) => { view.mode = e.target.value; redraw(); }},
    h("option", {value: "all", selected: view.mode === "all"}, t("wb.cases.all")),
    modes.map((m) => h("option", {value: m, selected: view.mode === m}, t(`mode.${m}`))));
  return h("section", {class: "wb-cases", "aria-labelledby": "wb-cases-h"},
    h("h3", {id: "wb-cases-h"}, t("designer.cases")),
    h("label", {class: "wb-filter"}, h("span", {"aria-hidden": "true"}, t("wb.cases.mode")), filter,
      h("span", {class: "note"}, t("wb.cases.count", {n: shown.length, all: r.cases.length}))),
    h("div", {class: "scroll"}, h("table", {class: "cases"}, h("caption", {class: "wb-sr"}, t("designer.cases")),
      h("thead", {}, h("tr", {}, head)),
      h("tbody", {}, shown.map((c) => h("tr", {class: c.solvable ? null : "bad"},
        COLUMNS.map((column) => (column === "dark_lady"
          ? h("th", {scope: "row"}, cellText(c, column)) : h("td", {}, cellText(c, column))))))))));
}
