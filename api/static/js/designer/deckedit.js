// The board and the stealth deck (the designer's workbench, part C): the board edited with the
// table page's board editor (boardedit.js), the stealth cards and the extra sequences edited as
// rows, all of it audited live (POST /v1/audit-deck, a moment after each change): which walks
// are valid and why not, in words with the places' names, and how often she visits each
// location over the valid walks, drawn on the map (shading, and the share as text) and listed.
// The stealth deck and sequences being edited are kept in this browser; the board is the board
// editor's own draft (shared with the table page, as it is the same editor). What is typed is what
// is audited and exported: a field that cannot be read makes the verdict an error naming it (the
// card, the sequence, the place, never a path), and Export refuses until it is put right.
import {api, ApiError} from "../shared/api.js";
import {boardDraft, boardEditor, boardPlace, redrawLater, setBoardDraft} from "../shared/boardedit.js";
import {download, field, fieldMessage, fill, h, keepFocus} from "../shared/dom.js";
import {name, percent, t} from "../shared/i18n.js";
import {drawMap, redrawOnTurn} from "../shared/map.js";
import {failure, problemList} from "../shared/status.js";
import {world} from "../shared/words.js";

const KEY = "bs.designer.deck";
/** How long after the last change the audit is asked for (ms): typing a card's positions is one change. */
const SETTLE = 300;
const DECK_LENGTH = 26;
const FACE = /^[A-Z-]{8}$/;

// The stealth deck and sequences being edited ({cards: [{location, landmark, positions}], sequences:
// [{name, moves, cards: "A B C"}]}), the last audit and the documents it was made of (the findings
// are said with their names and letters), the problems of what could not be read, and which parts
// of the editor are open.
const state = {deck: load(), shipped: null, report: null, audited: null, problems: null, open: {}, refused: null};
let view = null;      // the section in the page now
let timer = null;     // the audit waiting for the changes to settle
let auditing = false; // an audit is on its way
let pending = false;  // something changed while it was
let busy = 0;         // audits refused in a row for the client's quota (429): the wait before the next grows

function load() {
  try {
    const doc = JSON.parse(localStorage.getItem(KEY));
    return doc && Array.isArray(doc.cards) && Array.isArray(doc.sequences) ? doc : null;
  } catch {
    return null;
  }
}

const save = () => localStorage.setItem(KEY, JSON.stringify(state.deck));

/** The shipped deck and sequences (GET /v1/stealth) as rows to edit. */
function fromShipped(docs) {
  return {
    cards: docs.stealth.cards.map((c) => ({location: c.location, landmark: c.landmark ?? "", positions: c.positions})),
    sequences: docs.sequences.sequences.map((s) => ({name: s.name, moves: s.moves, cards: s.cards.join(" ")})),
  };
}

/** The board document of the board editor's draft (as boardedit.js makes it for its own check). */
function boardDocument() {
  const draft = boardDraft();
  const drawn = draft.locations.length > 0 && draft.locations.every((l) => Array.isArray(l.at));
  const named = (entry) => (entry.name ? {name: entry.name} : {});
  return {
    schema: 1,
    name: (typeof draft.name === "string" ? draft.name.trim() : name(draft.name)) || t("board.untitled"),
    landmarks: draft.landmarks.map((m) => ({id: m.id.trim(), ...named(m)})),
    locations: draft.locations.map((l) => ({id: l.id.trim(), ...named(l), landmark: l.landmark, ...(drawn ? {at: l.at} : {})})),
    paths: draft.paths.map(([a, b]) => [a, b]),
  };
}

/** The stealth deck and sequences documents of the rows being edited. */
function deckDocuments() {
  return {
    stealth: {schema: 1, cards: state.deck.cards.map((c) => ({location: c.location, positions: c.positions.trim().toUpperCase(),
                                                             ...(c.landmark ? {landmark: c.landmark} : {})}))},
    sequences: {sequences: state.deck.sequences.map((s) => ({name: s.name.trim(), moves: s.moves,
                                                             cards: s.cards.toUpperCase().split(/[\s,]+/).filter(Boolean)}))},
  };
}

/** Where an engine's problem is, in the editor's words (a card, a sequence, a place of the board), from its path. */
function placeOf(path) {
  const card = /^stealth\.cards\[(\d+)\](?:\.(\w+))?/.exec(path ?? "");
  if (card) {
    const id = cardId(state.deck.cards[Number(card[1])]?.positions ?? "");
    return ["positions", "location", "landmark"].includes(card[2]) ? t(`job.deck.card.${card[2]}`, {card: id}) : t("wb.deck.card", {card: id});
  }
  const sequence = /^sequences\.sequences\[(\d+)\](?:\.(\w+))?/.exec(path ?? "");
  if (sequence) {
    const n = Number(sequence[1]) + 1;
    const label = state.deck.sequences[n - 1]?.name.trim() || t("job.deck.sequence.untitled", {n});
    return ["name", "moves", "cards"].includes(sequence[2]) ? t(`job.deck.sequence.${sequence[2]}`, {n, name: label})
      : t("wb.deck.sequence", {name: label});
  }
  if (/^board\b/.test(path ?? "")) return boardPlace(path.replace(/^board\.?/, ""));
  return t(/^sequences/.test(path ?? "") ? "wb.deck.sequences" : "wb.deck.stealth");
}

/** What is typed in the stealth cards and sequences that cannot be read, in the editor's words:
 * [{where, message, part}] (part: "stealth" or "sequences"); then the engine's own problems with
 * what was sent, their paths said as words. */
function unreadable() {
  const out = [];
  const ids = new Set(state.deck.cards.map((c) => cardId(c.positions)));
  state.deck.cards.forEach((card, i) => {
    if (!FACE.test(card.positions.trim().toUpperCase())) {
      out.push({where: t("job.deck.card.positions", {card: cardId(card.positions)}), message: t("job.deck.card.face"), part: "stealth",
                path: `stealth.cards[${i}].positions`});
    }
  });
  state.deck.sequences.forEach((s, i) => {
    const label = s.name.trim() || t("job.deck.sequence.untitled", {n: i + 1});
    if (!s.name.trim()) {
      out.push({where: t("job.deck.sequence.name", {n: i + 1}), message: t("job.deck.sequence.noname"), part: "sequences",
                path: `sequences.sequences[${i}].name`});
    }
    const unknown = s.cards.toUpperCase().split(/[\s,]+/).filter((id) => id && !ids.has(id));
    if (unknown.length) {
      out.push({where: t("job.deck.sequence.cards", {name: label}), message: t("wb.deck.unknown", {cards: unknown.join(", ")}),
                part: "sequences", path: `sequences.sequences[${i}].cards`});
    }
  });
  const said = new Set(out.map((p) => p.path));
  for (const p of state.problems ?? []) {
    if (said.has(p.path)) continue;
    out.push({where: placeOf(p.path), message: p.message, part: /^sequences/.test(p.path ?? "") ? "sequences" : /^board/.test(p.path ?? "") ? "board" : "stealth"});
  }
  return out;
}

/** The stealth deck as YAML, exactly as its rows are typed (every text a double-quoted scalar, as boardYaml writes). */
function stealthYaml() {
  const q = (value) => JSON.stringify(value);
  const {stealth} = deckDocuments();
  return ["schema: 1", "cards:", ...stealth.cards.map((c) =>
    `  - {location: ${q(c.location)}, ${c.landmark ? `landmark: ${q(c.landmark)}, ` : ""}positions: ${q(c.positions)}}`), ""].join("\n");
}

/** Export a part of the deck (its file), or refuse, naming each field of that part that cannot be read. */
function exportPart(part) {
  const problems = unreadable().filter((p) => p.part === part);
  state.refused = problems.length ? {part, problems} : null;
  if (!problems.length) {
    if (part === "stealth") download("stealth.yaml", stealthYaml(), "application/yaml");
    else download("sequences.json", `${JSON.stringify(deckDocuments().sequences, null, 2)}\n`);
  }
  drawReport();
}

/** A card's id as SPEC 7 makes it from its positions: the first letter, after its leading dashes. */
function cardId(positions) {
  const face = positions.trim().toUpperCase();
  const at = face.search(/[A-Z]/);
  return at < 0 ? "?" : face.slice(0, at + 1);
}

// -- the audit -----------------------------------------------------------------------------------

/** Ask for the audit once the changes have settled. */
function changed() {
  state.refused = null;
  clearTimeout(timer);
  timer = setTimeout(audit, SETTLE);
}

/**
 * Audit what is edited now: one audit on its way at a time (a change made meanwhile is audited
 * after it). The service lets a client have only a few costly requests in flight (429, quota):
 * one refused so is asked again a moment later, the last report staying meanwhile.
 */
async function audit() {
  if (auditing) {
    pending = true;
    return;
  }
  auditing = true;
  pending = false;
  const docs = {board: boardDocument(), ...deckDocuments()};
  let refused = false;
  try {
    const report = await api("POST", "/v1/audit-deck", {body: docs});
    Object.assign(state, {report, audited: docs, problems: null});
    busy = 0;
  } catch (error) {
    refused = error instanceof ApiError && error.status === 429;
    if (!refused) state.problems = failure(error);
  } finally {
    auditing = false;
  }
  if (refused) {
    busy = Math.min(busy + 1, 5);
    timer = setTimeout(audit, 1000 * busy);
    return;
  }
  drawReport();
  if (pending) audit();
}

// -- the findings in words -------------------------------------------------------------------------

/** Names on the board the audit was made on, in the page's language (the id when it has none). */
function namer(board) {
  const of = (list, id) => {
    const entry = list.find((e) => e.id === id);
    return entry ? name(entry.name ?? "") || id : id;
  };
  return {place: (id) => of(board.locations, id), landmark: (id) => of(board.landmarks, id)};
}

/** A walk's name for a person: an on-card position by its number, an extra sequence by its name. */
function walkName(walk) {
  const position = /^position-(\d)$/.exec(walk);
  return position ? t("job.deck.walk.position", {n: position[1]}) : walk;
}

/** One finding of the deck audit in words, naming places and landmarks by their names (a walk's own
 * finding is said under the walk's name, so it does not repeat it). */
function findingText(f) {
  const {board, stealth} = state.audited;
  const {place, landmark} = namer(board);
  const card = (id) => stealth.cards.find((c) => cardId(c.positions) === id);
  const [a, b, c, d] = f.locations;
  const position = Number((/^position-(\d)$/.exec(f.sequence ?? "") ?? [])[1]);
  const step = f.slot === null || f.slot === undefined ? "" : f.slot + 1;
  switch (f.code) {
    case "unknown-card": return t("job.deck.f.unknown-card", {step, card: f.cards[0]});
    case "stay": return t("job.deck.f.stay", {step, from: f.cards[0], to: f.cards[1], place: place(a)});
    case "jump": return t("job.deck.f.jump", {step, from: f.cards[0], to: f.cards[1], a: place(a), b: place(b)});
    case "duplicate-letter":
      return t("job.deck.f.duplicate-letter", {cards: f.cards.join(", "), n: position,
                                               letter: card(f.cards[0])?.positions[position - 1] ?? "?"});
    case "deck-length": {
      const count = stealth.cards.filter((c) => /[A-Z]/.test(c.positions[position - 1] ?? "")).length;
      return t("job.deck.f.deck-length", {n: position, count, length: DECK_LENGTH});
    }
    case "unknown-location": return t("job.deck.f.unknown-location", {card: f.cards[0], location: a});
    case "landmark-mismatch":
      return t("job.deck.f.landmark-mismatch", {card: f.cards[0], shown: landmark(card(f.cards[0])?.landmark ?? ""),
                                                place: place(a),
                                                landmark: landmark(board.locations.find((l) => l.id === a)?.landmark ?? "")});
    case "unused-location": return t("job.deck.f.unused-location", {place: place(a)});
    case "disconnected": return t("job.deck.f.disconnected", {places: f.locations.map(place).join(", ")});
    case "undrawn": return t("job.deck.f.undrawn");
    case "crossing":
      if (f.locations.length === 2) return t("job.deck.f.same-point", {a: place(a), b: place(b)});
      if (f.locations.length === 3) return t("job.deck.f.through", {a: place(a), b: place(b), c: place(c)});
      return t("job.deck.f.crossing", {a: place(a), b: place(b), c: place(c), d: place(d)});
    case "degree": {
      const n = board.paths.filter((p) => p.includes(a)).length;
      return t("job.deck.f.degree", {place: place(a), n});
    }
    default: return f.message;
  }
}

// -- drawing the report ------------------------------------------------------------------------------

/** The map of the audited board, shaded by her visits, each share written as a percentage. */
function visitsMap(report, board) {
  const before = world.board;
  world.board = board;  // the map draws world.board: the edited one, for this drawing only
  let figure;
  try {
    figure = drawMap({odds: report.visits, label: t("job.deck.visits.map")});
  } finally {
    world.board = before;
  }
  // Shaded from the least visited location (lightest) to the most (darkest): the shares of a good
  // deck are close, and a designer looks for the differences between them.
  const shares = Object.values(report.visits);
  const [least, most] = [Math.min(...shares), Math.max(...shares)];
  const depth = (share) => (most > least ? (share - least) / (most - least) : 0.5);
  for (const place of figure.querySelectorAll("[data-location]")) {
    const share = report.visits[place.getAttribute("data-location")] ?? 0;
    place.querySelector(".dot")?.setAttribute("style", `fill: rgba(168, 28, 52, ${(0.08 + 0.8 * depth(share)).toFixed(3)})`);
    const text = place.querySelector(".odds");
    if (text) text.textContent = `${Math.round(100 * share)}%`;
  }
  figure.classList.add("deck-map");
  const flagged = markFindings(figure, report);
  const legend = h("p", {class: "legend"}, t("job.deck.visits.legend", {least: percent(least), most: percent(most)}),
    flagged ? [" ", h("span", {class: "lg lg-flagged"}, t("job.deck.flagged"))] : null);
  return [figure, legend];
}

/** Mark on the map where the walks break: a dashed line for each jump no path allows, a ring on
 * each place a walk stays at where she must move. Whether anything was marked. */
function markFindings(figure, report) {
  const svg = figure.querySelector("svg");
  const dot = (id) => svg.querySelector(`[data-location="${CSS.escape(id)}"] .dot`);
  const marked = new Set();
  for (const f of report.findings) {
    if (f.code === "jump" && dot(f.locations[0]) && dot(f.locations[1])) {
      const [p, q] = [dot(f.locations[0]), dot(f.locations[1])];
      const key = [...f.locations.slice(0, 2)].sort().join(" ");
      if (marked.has(key)) continue;
      marked.add(key);
      svg.insertBefore(h("line", {class: "jump", x1: p.getAttribute("cx"), y1: p.getAttribute("cy"),
                                  x2: q.getAttribute("cx"), y2: q.getAttribute("cy")}), svg.querySelector("g"));
    } else if (f.code === "stay" && dot(f.locations[0])) {
      marked.add(f.locations[0]);
      dot(f.locations[0]).closest("g").classList.add("flagged");
    }
  }
  return marked.size > 0;
}

/** The visits as a list (for a screen reader, and for reading the exact shares). */
function visitsList(report, board) {
  const {place} = namer(board);
  const rows = Object.entries(report.visits).sort((x, y) => y[1] - x[1]);
  return h("table", {class: "deck-visits"},
    h("caption", {}, t("job.deck.visits.list", {n: report.valid_walks.length})),
    h("thead", {}, h("tr", {}, h("th", {scope: "col"}, t("job.deck.visits.place")), h("th", {scope: "col"}, t("job.deck.visits.share")))),
    h("tbody", {}, rows.map(([id, share]) => h("tr", {}, h("th", {scope: "row"}, place(id)),
      h("td", {}, `${(100 * share).toFixed(1)}%`)))));
}

/** Every walk checked: those that are not valid first, each with why (its findings in words), then
 * the valid ones in a line. */
function walksList(report) {
  const valid = new Set(report.valid_walks);
  const byWalk = new Map(report.walks.map((w) => [w, []]));
  for (const f of report.findings) if (f.sequence && byWalk.has(f.sequence)) byWalk.get(f.sequence).push(f);
  const invalid = report.walks.filter((w) => !valid.has(w));
  return [
    h("p", {}, t("job.deck.walks.count", {valid: valid.size, walks: report.walks.length})),
    invalid.length ? h("ul", {class: "deck-walks", "aria-label": t("job.deck.walks.invalid")}, invalid.map((w) =>
      h("li", {class: "walk bad", "data-walk": w},
        h("span", {class: "walk-mark", "aria-hidden": "true"}, "✗"), " ", h("strong", {}, walkName(w)), ": ", t("job.deck.walk.invalid"),
        byWalk.get(w).length ? h("ul", {}, byWalk.get(w).map((f) => h("li", {class: `sev-${f.severity}`}, findingText(f)))) : null)))
      : null,
    valid.size ? h("div", {class: "deck-valid"}, h("p", {class: "ok", id: "deck-valid-h"}, "✓ ", t("job.deck.walks.valid")),
      h("ul", {class: "deck-valid-list", "aria-labelledby": "deck-valid-h"},
        report.valid_walks.map((w) => h("li", {"data-walk": w}, walkName(w))))) : null];
}

/** The findings that concern no walk (the map, the cards), errors then warnings. */
function otherFindings(report) {
  const rest = report.findings.filter((f) => !f.sequence || !report.walks.includes(f.sequence));
  if (!rest.length) return null;
  const sorted = [...rest].sort((x, y) => (x.severity === y.severity ? 0 : x.severity === "error" ? -1 : 1));
  return h("ul", {class: "findings deck-findings", "aria-label": t("job.deck.findings")}, sorted.map((f) =>
    h("li", {class: `sev-${f.severity}`}, h("span", {class: "tag"}, t(`finding.${f.severity}`)), " ", findingText(f))));
}

/** The problems as a list in words (no path): "Card A: positions: Eight characters …". */
const problemsSaid = (problems, title) => problemList(problems.map((p) => ({path: "", message: `${p.where}: ${p.message}`})), title);

function reportParts() {
  const r = state.report;
  const parts = [];
  const todo = unreadable();
  if (state.refused) parts.push(problemsSaid(state.refused.problems, t("wb.export.refused")));
  if (todo.length) {  // the verdict is an error naming each field, never the last report's "No errors"
    parts.push(h("p", {class: "bad", role: "status"}, t("wb.unfinished", {n: todo.length})), problemsSaid(todo, t("job.deck.unread")));
  }
  if (!r) {
    if (!todo.length) parts.push(h("p", {class: "note"}, t("designer.working")));
    return parts;
  }
  const {board} = state.audited;
  parts.push(
    todo.length ? null : h("p", {class: r.ok ? "ok" : "bad", role: "status"},
      t("job.deck.checked", {board: r.board ?? t("own.board"), locations: r.locations, paths: r.paths, cards: r.cards,
                             valid: r.valid_walks.length, walks: r.walks.length}), " ",
      r.ok ? t("designer.ok") : t("designer.bad", {n: r.errors})),
    todo.length ? h("p", {class: "note"}, t("job.deck.stale")) : null,
    otherFindings(r),
    h("div", {class: "deck-columns"},
      h("div", {class: "deck-visits-box"}, h("h4", {}, t("job.deck.visits")),
        r.valid_walks.length ? [visitsMap(r, board), visitsList(r, board)] : h("p", {class: "bad"}, t("job.deck.visits.none"))),
      h("div", {}, h("h4", {}, t("job.deck.walks")), walksList(r))));
  return parts;
}

function drawReport() {
  const box = view?.querySelector(".deck-report");
  if (box) fill(box, reportParts());
}

// -- the editors ---------------------------------------------------------------------------------

/** A control's label: shown short ("Positions") above it, and said in full ("Card A: positions"). */
function labelled(control, [shown, said]) {
  control.setAttribute("aria-label", said);
  return field(shown, control);
}

/** A text field of a row, saved and audited as it is typed; its check beside it. */
function rowInput(labels, get, set, path, {check = () => "", onchange = null} = {}) {
  const el = h("input", {type: "text", value: get(), autocomplete: "off", spellcheck: "false", "data-path": path,
                         "data-focus": path});
  el.addEventListener("input", () => {
    set(el.value);
    save();
    fieldMessage(el, check());
    changed();
  });
  if (onchange) el.addEventListener("change", onchange);
  const wrapped = labelled(el, labels);
  if (get()) fieldMessage(el, check());
  return wrapped;
}

function rowSelect(labels, options, get, set, path) {
  const el = h("select", {"data-path": path, "data-focus": path, onchange: (e) => { set(e.target.value); save(); changed(); }},
    options.map(([value, text]) => h("option", {value, selected: value === get()}, text)));
  return labelled(el, labels);
}

function removeButton(what, onclick) {
  return h("button", {type: "button", class: "small", "aria-label": t("board.remove", {what}), onclick}, "✕");
}

function cardRows(redraw) {
  const board = boardDocument();
  const places = board.locations.map((l) => [l.id, name(l.name ?? "") || l.id]);
  const marks = [["", t("job.deck.card.landmark.none")], ...board.landmarks.map((m) => [m.id, name(m.name ?? "") || m.id])];
  const face = (card) => (FACE.test(card.positions.trim().toUpperCase()) ? "" : t("job.deck.card.face"));
  return state.deck.cards.map((card, i) => {
    const id = cardId(card.positions);
    const part = (key) => [t(`job.deck.col.${key}`), t(`job.deck.card.${key}`, {card: id})];
    return h("li", {class: "edit-row deck-card", "data-focus-group": `card-${i}`},
      h("span", {class: "deck-id", "aria-hidden": "true"}, id),
      rowInput(part("positions"), () => card.positions, (v) => { card.positions = v; }, `stealth.cards[${i}].positions`,
               {check: () => face(card), onchange: () => redrawLater(redraw)}),  // its id, and so its names, may have changed
      rowSelect(part("location"), places, () => card.location, (v) => { card.location = v; }, `stealth.cards[${i}].location`),
      rowSelect(part("landmark"), marks, () => card.landmark, (v) => { card.landmark = v; }, `stealth.cards[${i}].landmark`),
      removeButton(t("job.deck.card", {card: id}), () => { state.deck.cards.splice(i, 1); save(); changed(); redraw(); }));
  });
}

function sequenceRows(redraw) {
  return state.deck.sequences.map((s, i) => {
    const label = s.name.trim() || t("job.deck.sequence.untitled", {n: i + 1});
    const part = (key, fields) => [t(`job.deck.col.${key}`), t(`job.deck.sequence.${key}`, fields)];
    return h("li", {class: "edit-row deck-sequence", "data-focus-group": `sequence-${i}`},
      rowInput(part("name", {n: i + 1}), () => s.name, (v) => { s.name = v; }, `sequences.sequences[${i}].name`,
               {check: () => (s.name.trim() ? "" : t("job.deck.sequence.noname")), onchange: () => redrawLater(redraw)}),
      rowSelect(part("moves", {name: label}), [["always", t("moves.always")], ["may_stay", t("moves.may_stay")]],
                () => s.moves, (v) => { s.moves = v; }, `sequences.sequences[${i}].moves`),
      h("div", {class: "deck-sequence-cards"},
        rowInput(part("cards", {name: label}), () => s.cards, (v) => { s.cards = v; }, `sequences.sequences[${i}].cards`)),
      removeButton(label, () => { state.deck.sequences.splice(i, 1); save(); changed(); redraw(); }));
  });
}

/** A part of the editor that can be opened and closed; it stays as it was across redraws. */
function disclosure(key, title, ...children) {
  return h("details", {class: "deck-editor", open: Boolean(state.open[key]),
                       ontoggle: (e) => { state.open[key] = e.target.open; }},
    h("summary", {}, title), children);
}

function editors(redraw) {
  const add = (key, label, entry) => h("button", {type: "button", "data-focus": `add-${key}`, onclick: () => {
    state.deck[key].push(entry());
    save();
    changed();
    redraw();
  }}, label);
  const board = h("div", {class: "deck-board"}, boardEditor(() => changed()));
  // Every change of the board editor: what is typed and chosen, and its buttons (a row added or removed).
  for (const event of ["input", "change"]) board.addEventListener(event, changed);
  board.addEventListener("click", (e) => { if (e.target.closest("button")) changed(); });
  return [
    disclosure("board", t("job.deck.board.edit"), board),
    disclosure("cards", t("job.deck.cards.edit", {n: state.deck.cards.length}),
      h("p", {class: "help"}, t("job.deck.cards.help")),
      h("ol", {class: "edit-list"}, cardRows(redraw)),
      add("cards", t("job.deck.card.add"), () => ({location: boardDocument().locations[0]?.id ?? "", landmark: "", positions: "--------"}))),
    disclosure("sequences", t("job.deck.sequences.edit", {n: state.deck.sequences.length}),
      h("p", {class: "help"}, t("job.deck.sequences.help")),
      h("ol", {class: "edit-list"}, sequenceRows(redraw)),
      add("sequences", t("job.deck.sequence.add"), () => ({name: "", moves: "always", cards: ""}))),
    h("div", {class: "buttons"},
      h("button", {type: "button", "data-focus": "deck-export-stealth", onclick: () => exportPart("stealth")}, t("wb.deck.export.stealth")),
      h("button", {type: "button", "data-focus": "deck-export-sequences", onclick: () => exportPart("sequences")},
        t("wb.deck.export.sequences")),
      h("button", {type: "button", "data-focus": "deck-shipped", onclick: () => {
        state.deck = fromShipped(state.shipped);
        setBoardDraft(world.served.board);
        save();
        changed();
        redraw();
      }}, t("job.deck.shipped")))];
}

function parts(redraw) {
  return [
    h("p", {class: "help"}, t("job.deck.help")),
    h("div", {class: "deck-report", "aria-live": "polite"}, reportParts()),
    h("div", {class: "deck-editors"}, editors(redraw))];
}

/**
 * Draw "Board and stealth deck" in `container`: the audit of what is being edited, and the
 * editors. The first time, the shipped deck and sequences are what is edited (unless this browser
 * kept an edited one), and the board editor starts from the shipped board if its draft is empty.
 */
export async function renderDeck(container) {
  view = container;
  try {
    if (!state.shipped) state.shipped = await api("GET", "/v1/stealth");
  } catch (error) {
    fill(container, problemList(failure(error), t("job.deck.unread")));
    return;
  }
  if (!state.deck) {
    state.deck = fromShipped(state.shipped);
    save();
  }
  if (!boardDraft().locations.length) setBoardDraft(world.served.board);
  const redraw = () => keepFocus(container, () => fill(container, parts(redraw)));
  fill(container, parts(redraw));
  redrawOnTurn(drawReport);  // the map is drawn for a phone's width or a wider screen's
  if (!state.report) await audit();
}
