// The Designer page, the designer's workbench (SPEC 9): a card set edited as cards and audited
// live (cardset.js, cardedit.js, auditview.js), then its difficulty, Design a set, Print cards, and
// the board and stealth deck, each drawn by its own module in a section of this page. A section's
// module is loaded on its own: one that cannot be loaded says so in its section, and the others work.
import {api} from "../shared/api.js";
import {casesTable, ladyFindings, lyingEntries, suitFindings, suitHasFindings, summary} from "./auditview.js";
import {cardGrid, forgetDrafts, namedForDrawing, rulesBox, rulesProblems, setNameField, takeFocus, traitsAndSuits,
        unfinished} from "./cardedit.js";
import {auditIfNeeded, canRedo, canUndo, exportSet, importFile, importText, loadShipped, newSet, redo, redoLabel, replaceSet,
        subscribe, undo, undoLabel, unsaved, whenSettled, workbench} from "./cardset.js";
import {append, download, field, fill, h, keepFocus} from "../shared/dom.js";
import {t} from "../shared/i18n.js";
import {errorText, failure, problemList} from "../shared/status.js";

/** What the page says about the set's file: an import that changed nothing, an export refused or
 * failed (refused: the set's own fields, said until the set changes); and the question it asks
 * before replacing work kept nowhere else ({question, run}), or null. */
const said = {problems: null, title: null, refused: false, asking: null};

/** The field to put the focus in once the cards are drawn again (its data-focus key), or null. */
let focusAfter = null;

/** Whether the import box was opened or closed by hand (null: open only while there is no set). */
let importOpen = null;

/** Say what a step of the set's file came to: its problems under a title, or nothing (it went well). */
function saying(problems, title, refused = false) {
  Object.assign(said, problems ? {problems, title, refused} : {problems: null, title: null, refused: false});
}

/** Replace the set being edited by `run()`'s, asking first when the set holds work kept nowhere else
 * (changed since it was last loaded, imported or exported); `run` says its own problems. */
function replacing(run, words) {
  said.asking = null;
  if (!unsaved()) return run();
  said.asking = {question: t("wb.ask", {what: t(words)}), run};
  focusAfter = "ask-yes";
  redrawCards();
}

/** The question asked before replacing unsaved work, with its two answers. */
function question() {
  const ask = said.asking;
  const answer = (yes) => () => {
    said.asking = null;
    focusAfter = yes ? null : "export";
    if (yes) ask.run();
    redrawCards();
  };
  return h("div", {class: "wb-ask", role: "group", "aria-labelledby": "wb-ask-q"},
    h("p", {id: "wb-ask-q", role: "alert"}, ask.question),
    h("div", {class: "buttons"},
      h("button", {type: "button", class: "primary", "data-focus": "ask-yes", onclick: answer(true)}, t("wb.ask.yes")),
      h("button", {type: "button", "data-focus": "ask-no", onclick: answer(false)}, t("wb.ask.no"))));
}

/** Import a card set file (picked or dropped), asking first if it would replace unsaved work. */
function importing(file) {
  replacing(async () => {
    saying(await importFile(file), t("wb.import.bad", {file: file.name}));
    redrawCards();
  }, "wb.ask.import");
}

/** Import a card set's text (pasted or dropped as text), asking first if it would replace unsaved work. */
function importingText(text) {
  replacing(async () => {
    saying(await importText(text, t("wb.pasted"), /^\s*[{[]/.test(text)), t("wb.import.bad", {file: t("wb.pasted")}));
    redrawCards();
  }, "wb.ask.import");
}

/** Export the set as it is on the screen, or refuse, naming each field that is not finished or cannot be read. */
async function exporting() {
  const todo = unfinished(workbench.doc);
  if (todo.length) {
    saying(todo.map((item) => ({path: "", message: `${item.where}: ${item.message}`})), t("wb.export.refused"), true);
  } else {
    try {
      const {filename, yaml} = await exportSet();
      download(filename, yaml, "application/yaml");
      saying(null);
    } catch (error) {
      saying(failure(error), t("wb.export.bad"));
    }
  }
  redrawCards();
}

/** Start a set from the server (the sample set, or a new set of the game's traits and suits), asking first. */
function starting(load, words) {
  replacing(async () => {
    try {
      await load();
      saying(null);
    } catch (error) {
      saying([{path: "", message: errorText(error)}], t("wb.shipped.bad"));
      redrawCards();
    }
  }, words);
}

function toolbar() {
  const file = h("input", {type: "file", "data-focus": "import", accept: ".yaml,.yml,.json,application/yaml,text/yaml,application/json"});
  file.addEventListener("change", () => {
    const picked = file.files?.[0];
    file.value = "";
    if (picked) importing(picked);
  });
  const paste = h("textarea", {"data-focus": "paste", rows: 1, spellcheck: "false", class: "wb-paste"});
  paste.addEventListener("paste", (e) => {
    const text = e.clipboardData?.getData("text") ?? "";
    e.preventDefault();
    if (text.trim()) importingText(text);
  });
  const undoing = undoLabel();
  const redoing = redoLabel();
  return h("div", {class: "wb-toolbar"},
    h("div", {class: "buttons"},
      h("button", {type: "button", "data-focus": "new", onclick: () => starting(newSet, "wb.ask.new")}, t("wb.new")),
      h("button", {type: "button", "data-focus": "shipped", onclick: () => starting(loadShipped, "wb.ask.sample")}, t("wb.sample")),
      h("button", {type: "button", "data-focus": "export", disabled: !workbench.doc, onclick: exporting}, t("wb.export")),
      h("button", {type: "button", "data-focus": "undo", disabled: !canUndo(), title: undoing ? t("wb.undo.what", {what: undoing}) : null,
                   "aria-keyshortcuts": "Control+Z", onclick: undo}, t("wb.undo")),
      h("button", {type: "button", "data-focus": "redo", disabled: !canRedo(), title: redoing ? t("wb.redo.what", {what: redoing}) : null,
                   "aria-keyshortcuts": "Control+Y Control+Shift+Z", onclick: redo}, t("wb.redo"))),
    said.asking ? question() : null,
    said.problems ? problemList(said.problems, said.title) : null,  // beside the button that was pressed
    importBox(file, paste),
    workbench.doc ? setNameField(workbench.doc) : null);
}

/** The ways in of a card set file (picked, pasted; a drop on the cards works too), in a box folded
 * away once a set is in the editor (a phone's screen is for the cards then). */
function importBox(file, paste) {
  const open = importOpen ?? !workbench.doc;
  const box = h("details", {class: "wb-import", open: open || null},
    h("summary", {}, t("wb.import.open")),
    field(t("wb.import"), file, t("wb.import.help")),
    field(t("wb.paste"), paste));
  box.addEventListener("toggle", () => { if (box.open !== open) importOpen = box.open; });  // by hand, not as drawn
  return box;
}

/** A card set file or text dropped on the cards section is imported (asking first if it would replace unsaved work). */
function acceptDrops(box) {
  const carries = (e) => [...(e.dataTransfer?.types ?? [])].some((type) => type === "Files" || type === "text/plain");
  box.addEventListener("dragover", (e) => {
    if (!carries(e)) return;
    e.preventDefault();
    box.classList.add("wb-dropping");
  });
  box.addEventListener("dragleave", (e) => { if (!box.contains(e.relatedTarget)) box.classList.remove("wb-dropping"); });
  box.addEventListener("drop", (e) => {
    if (!carries(e)) return;
    e.preventDefault();
    box.classList.remove("wb-dropping");
    const dropped = e.dataTransfer.files?.[0];
    if (dropped) importing(dropped);
    else importingText(e.dataTransfer.getData("text/plain"));
  });
}

/** Mark the key entries that lie (a key-untruthful error) on the cards. */
function markLies(box) {
  for (const row of box.querySelectorAll("tr.wb-lies")) row.classList.remove("wb-lies");
  for (const [lady, suit] of lyingEntries()) {
    box.querySelector(`#lady-${CSS.escape(lady)} tr[data-suit="${CSS.escape(suit)}"]`)?.classList.add("wb-lies");
  }
}

function drawCards(box) {
  const doc = workbench.doc;
  fill(box,
    toolbar(),
    workbench.dropped ? h("p", {class: "problems", role: "alert"}, t(workbench.dropped)) : null,
    doc ? null : h("p", {class: "help"}, t("wb.start")),
    doc ? h("div", {class: "wb-summary-box"}, summary()) : null,
    doc ? traitsAndSuits(doc, suitFindings, suitHasFindings()) : null,
    doc ? rulesBox(doc) : null,
    doc ? cardGrid(doc, ladyFindings) : null,
    doc ? h("div", {class: "wb-cases-box"}, casesTable(redrawCards)) : null);
  markLies(box);
}

/** The verdict and Undo and Redo as they now are (after a key entry typed, which draws nothing else). */
function drawVerdict(box) {
  const el = box.querySelector(".wb-summary-box");
  if (el) refill(el, summary());
  drawUndoRedo(box);
}

/** Undo and Redo as they now can be. */
function drawUndoRedo(box) {
  for (const [key, can, label, words] of [["undo", canUndo(), undoLabel(), "wb.undo.what"], ["redo", canRedo(), redoLabel(), "wb.redo.what"]]) {
    const button = box.querySelector(`[data-focus="${key}"]`);
    if (!button) continue;
    button.disabled = !can;
    if (label) button.title = t(words, {what: label});
    else button.removeAttribute("title");
  }
}

/** What each part of the report was last drawn as (its HTML): a part that would be drawn the same is left as it is. */
const drawnAs = new WeakMap();

/** Fill an element with new content, unless it would look the same (no layout, no paint, nothing said again). */
function refill(el, ...content) {
  const next = append(document.createElement("div"), content);
  const html = next.innerHTML;
  if (drawnAs.get(el) === html) return;
  el.replaceChildren(...next.childNodes);
  drawnAs.set(el, html);
}

/** A new report on the cards as they are: its summary, the findings beside each card and suit, the
 * cases, each drawn again only if it changed; the cards themselves are not drawn again (a report
 * follows every edit). */
function drawReport(box) {
  const slot = (selector, ...content) => { const el = box.querySelector(selector); if (el) refill(el, ...content); };
  slot(".wb-summary-box", summary());
  for (const el of box.querySelectorAll(".wb-card-findings")) refill(el, ladyFindings(el.dataset.lady));
  for (const el of box.querySelectorAll(".wb-suit-findings")) refill(el, suitFindings(el.dataset.suit));
  slot(".wb-rules-problems", rulesProblems());
  slot(".wb-cases-box", casesTable(redrawCards));
  markLies(box);
  drawUndoRedo(box);
}

/** Redraw the cards section (or only what a report changes), keeping the keyboard focus and, in a text field, the caret. */
async function redrawBox(box, draw = drawCards) {
  const active = document.activeElement;
  const caret = active instanceof HTMLInputElement && active.type === "text" && box.contains(active)
    ? {key: active.dataset.focus, start: active.selectionStart, end: active.selectionEnd} : null;
  await keepFocus(box, () => draw(box));
  if (draw === drawCards) {  // the field wanted now drawn: a new lady's name, the question asked
    const wanted = focusAfter ?? takeFocus();
    focusAfter = null;
    if (wanted) box.querySelector(`[data-focus="${CSS.escape(wanted)}"]`)?.focus();
  }
  const now = document.activeElement;
  if (caret && now instanceof HTMLInputElement && now.dataset.focus === caret.key && now !== active) {
    now.setSelectionRange(caret.start, caret.end);
  }
}

// -- the page -----------------------------------------------------------------------------------

/** The sections in the page now, and what redraws them. */
let page = null;
let queued = null;

function redrawCards() {
  if (page?.cards.isConnected) redrawBox(page.cards);
}

/** After a change of the set: the cards (or only their findings, for a new report) drawn again, and
 * the sections that depend on what changed. A report is drawn at once (the keystroke's wait ends
 * there), other changes once per frame; after an edit typed, the print and design sections, and
 * after a report the charts, when the page is idle (not on the keystroke's path). */
function onChange(what, field) {
  if (["replace", "undo", "redo"].includes(what)) forgetDrafts();
  if (what === "replace") workbench.dropped = null;
  // A key entry typed (or a field that cannot be read) shows itself already, and nothing else on the
  // page shows it but the verdict and the report.
  const refusalOver = said.refused && what !== "report";  // the set changed: the list of what was refused is drawn away
  if (refusalOver) saying(null);
  const entry = !refusalOver && ((what === "edit" && /^ladies:\d+:key:/.test(field ?? "")) || what === "typed") ? "entry" : what;
  if (queued) {
    queued.add(entry);
    return;
  }
  queued = new Set([entry]);
  if (entry === "report") drawQueued();
  else requestAnimationFrame(drawQueued);
}

function drawQueued() {
  const whats = queued;
  queued = null;
  if (!page?.cards.isConnected) return;
  if ([...whats].every((w) => w === "entry")) redrawBox(page.cards, drawVerdict);
  else if ([...whats].every((w) => w === "report" || w === "entry")) redrawBox(page.cards, drawReport);
  else redrawBox(page.cards, drawCards);
  if (whats.has("report")) whenSettled(drawDifficulty);
  if (["replace", "undo", "redo"].some((w) => whats.has(w))) drawWithSet();
  else if (whats.has("edit") || whats.has("entry")) whenSettled(drawWithSet);
}

const drawDifficulty = () => drawPart("difficulty");

/** The sections that show the set itself (not its audit). */
function drawWithSet() {
  drawPart("print");
  drawPart("design");
}

subscribe(onChange);

/** Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, on this page, except in another section's own fields. */
document.addEventListener("keydown", (e) => {
  if (!page?.cards.isConnected || !(e.ctrlKey || e.metaKey) || e.altKey) return;
  const active = document.activeElement;
  if (active && !page.cards.contains(active) && active.matches("input, textarea, select, [contenteditable='true']")) return;
  const key = e.key.toLowerCase();
  if (key === "z" && !e.shiftKey) {
    e.preventDefault();
    undo();
  } else if (key === "y" || (key === "z" && e.shiftKey)) {
    e.preventDefault();
    redo();
  }
});

/** The sections after the cards: how their module is loaded, and how the page calls it. */
const PARTS = {
  difficulty: {load: () => import("../shared/charts.js"), title: "wb.sec.difficulty",
               draw: (m, box) => m.renderDifficulty(box, {report: workbench.report, previous: workbench.previous, doc: workbench.doc})},
  design: {load: () => import("./designjob.js"), title: "wb.sec.design",
           draw: (m, box) => m.renderDesign(box, {doc: workbench.doc, take: (doc) => replaceSet(doc, t("wb.step.design"))})},
  print: {load: () => import("./print.js"), title: "wb.sec.print", draw: (m, box) => m.renderPrint(box, {doc: namedForDrawing(workbench.doc)})},
  deck: {load: () => import("./deckedit.js"), title: "wb.sec.deck", draw: (m, box) => m.renderDeck(box), fallback: deckForm},
};
const loaded = {};

/** Draw a section with its module (loaded once); a module that cannot be loaded, or fails to draw, is
 * said in its section (or replaced by its fallback), and the rest of the page works on. */
async function drawPart(key) {
  const part = PARTS[key];
  const box = page?.[key];
  if (!box?.isConnected) return;
  try {
    loaded[key] ??= await part.load();
  } catch {
    if (part.fallback) return part.fallback(box);
    return fill(box, h("p", {class: "error"}, t("wb.part.missing")));
  }
  try {
    if (box.isConnected) await part.draw(loaded[key], box);
  } catch (error) {  // said in its own section: the rest of the page works on
    if (box.isConnected) fill(box, h("p", {class: "error", role: "alert"}, errorText(error)));
  }
}

export async function render(main) {
  const section = (key, title) => {
    const box = h("div", {class: `wb-part wb-part-${key}`});
    return [box, h("section", {class: "panel", "aria-labelledby": `wb-${key}-h`},
      h("h2", {id: `wb-${key}-h`}, t(title)), box)];
  };
  const [cards, cardsSection] = section("cards", "wb.sec.cards");
  acceptDrops(cards);
  const rest = Object.entries(PARTS).map(([key, part]) => [key, ...section(key, part.title)]);
  page = {cards, ...Object.fromEntries(rest.map(([key, box]) => [key, box]))};
  fill(main, h("h1", {}, t("designer.title")), cardsSection, rest.map(([, , s]) => s));
  drawCards(cards);
  auditIfNeeded();
  await Promise.all(Object.keys(PARTS).map(drawPart));
}

// -- the board and stealth deck, as text, if deckedit.js cannot be loaded -----------------------

const deck = {text: {board: "", stealth: "", sequences: ""}, report: null, problems: null};

/** Today's board and stealth deck form: three text boxes, audited with POST /v1/audit-deck. */
function deckForm(box) {
  const redraw = () => keepFocus(box, () => deckForm(box));
  const area = (part) => h("textarea", {rows: 5, spellcheck: "false", value: deck.text[part],
                                        oninput: (e) => { deck.text[part] = e.target.value; }});
  const audit = async () => {
    const body = Object.fromEntries(Object.entries(deck.text).filter(([, v]) => v.trim()));
    try {
      deck.report = await api("POST", "/v1/audit-deck", {body});
      deck.problems = null;
    } catch (error) {
      deck.problems = failure(error);
    }
    redraw();
  };
  const r = deck.report;
  const report = r ? h("div", {class: "report"},
    h("p", {class: r.ok ? "ok" : "bad", role: "status"},
      t("designer.checked", {board: r.board ?? t("own.board"), locations: r.locations, paths: r.paths, cards: r.cards, walks: r.walks.length}), " ",
      r.ok ? t("designer.ok") : t("designer.bad", {n: r.errors})),
    r.findings.length ? h("ul", {class: "findings"}, r.findings.map((f) => h("li", {}, f.message))) : null) : null;
  fill(box, field(t("designer.board"), area("board")), field(t("designer.stealth"), area("stealth")),
    field(t("designer.sequences"), area("sequences")),
    h("div", {class: "buttons"}, h("button", {type: "button", class: "primary", onclick: audit}, t("designer.audit"))),
    deck.problems ? problemList(deck.problems) : null, report);
}

