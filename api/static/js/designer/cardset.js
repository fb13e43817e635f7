// The designer's workbench: the card set being edited, its undo and redo history, kept in this
// browser across reloads, and its live audit (POST /v1/audit). Every part of the Designer page
// reads the set from here and changes it only through edit() and replaceSet(), so that each change
// can be undone, is saved, and is audited.
import {api, ApiError} from "../shared/api.js";
import {t} from "../shared/i18n.js";
import {failure} from "../shared/status.js";

const KEY = "bs.workbench";
/** Undo steps kept (each a whole set: a 12-lady set is some 5 KB). */
const DEPTH = 60;
/** An audit on its way for this many ms is stale once a newer edit waits: it is aborted and the newest
 * set audited at once (a quiet server answers in some 10 ms; a loaded one can take hundreds). */
const STALE_AFTER = 60;
/** The service's body limit (1 MiB): a larger file is refused in the page, with the limit named. */
const BODY_LIMIT = 1 << 20;

/**
 * The state every part reads (see notes/designer-contract.md):
 * doc: the set being edited (the shape of POST /v1/cards/check's answer), or null before one is loaded;
 * report: the last audit report, of `audited` (the set as it was sent), or null;
 * previous: {doc, report} as they were before the last edits, or null;
 * problems: what the server could not read in the last set sent ([{path, message}]), or null;
 * auditing: whether an audit is on its way; dropped: why the saved set was dropped on load, or null;
 * clean: the set as it was last loaded, imported or exported (JSON text), to ask before replacing work not kept elsewhere.
 * The set holds what is typed: a lady may have fewer traits than the set asks, a key entry may be
 * text that cannot be read or empty; only the whole ladies are audited (see auditable()).
 */
export const workbench = {doc: null, report: null, previous: null, problems: null, audited: null,
                          auditing: false, dropped: null, clean: null};

const history = {undo: [], redo: [], merge: null};
const listeners = new Set();

/** Call `listener(what, field)` after every change ("edit", "replace", "undo", "redo", "report", "draft"; for an
 * edit typed in a field, the field's key); returns unsubscribe. */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(what, field = null) {
  for (const listener of [...listeners]) listener(what, field);
}

/** Draw again without a change of the set (what was typed and cannot be read yet is said). */
export const redrawAll = () => changed("draft");
/** A field typed that cannot be read (it shows itself as typed): the verdict follows, nothing else is drawn again. */
export const typed = () => changed("typed");

// -- the shape the editor needs ------------------------------------------------------------------

const isNames = (value) => typeof value === "string" || (value !== null && typeof value === "object" && !Array.isArray(value)
  && Object.values(value).every((v) => typeof v === "string"));
/** A key entry read (its counts), as the set holds it once typed well. */
export const isEntry = (value) => Array.isArray(value) && value.length > 0 && value.every(Number.isInteger);
/** A key entry as the set holds it: its counts, or the text typed that cannot be read yet (kept as typed, never a last good value). */
const isTyped = (value) => isEntry(value) || typeof value === "string";
const isList = (value, item) => Array.isArray(value) && value.every((x) => x !== null && typeof x === "object" && typeof x.id === "string" && item(x));

/** Whether a document has the shape the editor draws (a saved set that has not is dropped, not drawn). */
function wellFormed(doc) {
  if (doc === null || typeof doc !== "object" || !Number.isInteger(doc.traits_per_lady)) return false;
  const suits = new Set((Array.isArray(doc.suits) ? doc.suits : []).map((s) => s?.id));
  return isList(doc.traits, (tr) => isNames(tr.name ?? ""))
    && isList(doc.suits, (s) => isNames(s.name ?? "") && (s.colour === undefined || typeof s.colour === "string"))
    && isList(doc.ladies, (l) => isNames(l.name ?? "") && typeof l.suit === "string" && Array.isArray(l.traits)
      && l.traits.every((tr) => typeof tr === "string") && l.key !== null && typeof l.key === "object"
      && [...suits].every((s) => l.key[s] === undefined || isTyped(l.key[s])))
    && (doc.modes === undefined || (doc.modes !== null && typeof doc.modes === "object"));
}

/** A deep copy of a document (they are plain JSON). */
export const copy = (doc) => JSON.parse(JSON.stringify(doc));

// -- kept in this browser ------------------------------------------------------------------------

let saving = false;

/** Keep the set and its history in this browser: once its audit has been drawn (a keystroke's report
 * does not wait for some hundred kilobytes to be written), and at once when the page is left or hidden. */
function save() {
  saving = true;
  whenSettled(saveNow);
}

function saveNow() {
  if (!saving) return;
  saving = false;
  const state = {doc: workbench.doc, clean: workbench.clean, undo: [...history.undo], redo: [...history.redo]};
  for (;;) {
    try {
      localStorage.setItem(KEY, JSON.stringify(state));
      return;
    } catch {
      if (!state.undo.length && !state.redo.length) return;  // the set alone does not fit: it stays in the page
      state.undo.splice(0, Math.ceil(state.undo.length / 2));  // the browser's store is full: keep fewer steps
      state.redo.splice(0, Math.ceil(state.redo.length / 2));
    }
  }
}

/** The set and its history as this browser kept them; a state that cannot be read is dropped, and said. */
function restore() {
  const text = localStorage.getItem(KEY);
  if (text === null) return;
  try {
    const state = JSON.parse(text);
    const entries = [...(state?.undo ?? []), ...(state?.redo ?? [])];
    if (!(state.doc === null || wellFormed(state.doc)) || !entries.every((e) => wellFormed(e?.doc))) throw new Error("shape");
    workbench.doc = state.doc;
    workbench.clean = typeof state.clean === "string" ? state.clean : null;
    history.undo = state.undo ?? [];
    history.redo = state.redo ?? [];
  } catch {
    localStorage.removeItem(KEY);
    workbench.dropped = "wb.dropped";
  }
}

restore();
addEventListener("pagehide", saveNow);
addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") saveNow(); });

// -- changes ------------------------------------------------------------------------------------

function push(label) {
  history.undo.push({doc: workbench.doc, label});
  if (history.undo.length > DEPTH) history.undo.shift();
  history.redo = [];
}

/**
 * Change the set: `change(doc)` edits a copy of it in place. Edits that share a `merge` key, one
 * after the other, are one undo step (the keystrokes typed in one field); settle() ends a step.
 */
export function edit(label, change, merge = null) {
  if (!workbench.doc) return;
  const next = copy(workbench.doc);
  change(next);
  if (!(merge && history.merge === merge && history.undo.length)) push(label);
  history.merge = merge;
  workbench.doc = next;
  save();
  scheduleAudit();
  changed("edit", merge);
}

/** End the current undo step (a field was left). */
export function settle() {
  history.merge = null;
}

/** Put a whole set in the editor (undoable), and audit it. */
export function replaceSet(doc, label) {
  if (workbench.doc) push(label);
  else history.redo = [];
  history.merge = null;
  workbench.doc = copy(doc);
  workbench.problems = null;
  save();
  scheduleAudit();
  changed("replace");
}

export const canUndo = () => history.undo.length > 0;
export const canRedo = () => history.redo.length > 0;
/** What Undo and Redo would bring back or do again (the label of the step), or null. */
export const undoLabel = () => history.undo.at(-1)?.label ?? null;
export const redoLabel = () => history.redo.at(-1)?.label ?? null;

function travel(from, to, what) {
  const step = from.pop();
  if (!step) return;
  to.push({doc: workbench.doc, label: step.label});
  history.merge = null;
  workbench.doc = step.doc;
  save();
  scheduleAudit();
  changed(what);
}

export const undo = () => travel(history.undo, history.redo, "undo");
export const redo = () => travel(history.redo, history.undo, "redo");

// -- the live audit -----------------------------------------------------------------------------

let timer = null;
let lastStart = -Infinity;
let inFlight = null;  // the AbortController of the audit on its way, or null
let sent = null;  // the last doc sent to the audit

/** Ask for the audit of the set as it is now: at once when none is on its way. One that is on its
 * way is of an older set: it is left to end if it started less than STALE_AFTER ms ago (a quick
 * answer is soon there, and then the newest set is sent), else aborted (its server job is stopped
 * with it) and the newest set sent at once, so that an old audit never holds up the newest. */
function scheduleAudit() {
  clearTimeout(timer);
  timer = null;
  if (!workbench.doc || workbench.doc === sent) return;
  if (inFlight) {
    const wait = lastStart + STALE_AFTER - performance.now();
    if (wait > 0) {
      timer = setTimeout(scheduleAudit, wait);
      return;
    }
    inFlight.abort();
  }
  runAudit();  // the request leaves now, before the page draws the edit
}

/** Whether a lady is whole: as many traits as the set gives a lady, and every key entry read. */
export const isWhole = (doc, lady) => lady.traits.length === doc.traits_per_lady && doc.suits.every((s) => isEntry(lady.key[s.id]));

/** The set as the audit reads it: its whole ladies (the others are said unfinished, and Export waits for them). */
export const auditable = (doc) => ({...doc, ladies: doc.ladies.filter((lady) => isWhole(doc, lady))});

async function runAudit() {
  const doc = workbench.doc;
  const controller = new AbortController();
  sent = doc;
  inFlight = controller;
  workbench.auditing = true;
  lastStart = performance.now();
  let retry = 0;
  const whole = auditable(doc);
  try {
    // A set with no whole lady yet has nothing to audit (the engine reads no set without ladies): no report.
    // An older set's audit is aborted when a newer set waits.
    const report = whole.ladies.length ? await api("POST", "/v1/audit", {body: whole, signal: controller.signal}) : null;
    if (workbench.doc === doc) {  // else it is of an older set, and not drawn: the newer set's audit leaves now
      if (workbench.report && report) workbench.previous = {doc: workbench.audited, report: workbench.report};
      Object.assign(workbench, {report, audited: report ? whole : null, problems: null});
    }
  } catch (error) {
    if (error?.name === "AbortError") {
      if (inFlight !== controller) return;  // aborted for a newer audit, which is on its way
    } else if (error instanceof ApiError && [429, 503].includes(error.status)) {
      // busy, or this client past its quota (an aborted audit holds its place a moment longer): try again
      retry = error.status === 429 ? 250 : 1000;
      sent = null;
    } else {
      workbench.problems = failure(error);  // shown beside the last report, which stays
    }
  }
  inFlight = null;
  workbench.auditing = workbench.doc !== sent;
  if (workbench.doc === doc) changed("report");
  if (retry) timer = setTimeout(scheduleAudit, retry);
  else scheduleAudit();
  if (!inFlight && !timer && settling.size) settleSoon();
}

const settling = new Set();

/**
 * Run `work` once no audit is on its way and the page is idle: what can wait (writing the set to
 * this browser, drawing the sections that show the set) waits, so that it never holds up a report.
 */
export function whenSettled(work) {
  settling.add(work);
  if (!inFlight && !timer) settleSoon();
}

function settleSoon() {
  requestIdleCallback(() => {
    if (inFlight || timer) return;  // an audit started meanwhile: its end comes back here
    const works = [...settling];
    settling.clear();
    for (const work of works) work();
  }, {timeout: 1000});
}

/** Audit the set now if it has not been (a page opened on a saved set). */
export const auditIfNeeded = () => scheduleAudit();

// -- the set in and out ------------------------------------------------------------------------

/** Whether the set holds work that is kept nowhere else (changed since it was last loaded, imported or exported). */
export const unsaved = () => Boolean(workbench.doc?.ladies.length) && JSON.stringify(workbench.doc) !== workbench.clean;

/** Put a set in the editor that is kept elsewhere (a file, the server): nothing is lost if it is replaced. */
function replaceClean(doc, label) {
  replaceSet(doc, label);
  workbench.clean = JSON.stringify(workbench.doc);  // written to this browser with the set (save() writes when settled)
}

/** Load the sample set (GET /v1/cards: a set of original cards, not the printed game's) into the editor. */
export async function loadShipped() {
  replaceClean(await api("GET", "/v1/cards"), t("wb.step.shipped"));
}

/** Start a new set for the owner's cards: the game's traits and suits (their names in every language)
 * and its modes' tables, as the sample set has them, and no lady yet. */
export async function newSet() {
  const sample = await api("GET", "/v1/cards");
  const doc = {schema: 1, name: t("wb.new.set"), traits_per_lady: sample.traits_per_lady, traits: sample.traits,
               suits: sample.suits, ...(sample.modes ? {modes: sample.modes} : {}), ladies: []};
  replaceClean(doc, t("wb.step.new"));
}

/**
 * Read a card set's text (YAML or JSON; `source` names it: a file's name, or the words for a
 * paste) with POST /v1/cards/check and put it in the editor; a text over the body limit, or one
 * the engine cannot read, changes nothing: its problems are returned ([{path, message}]), else null.
 */
export async function importText(text, source, json) {
  if (new Blob([text]).size > BODY_LIMIT) return [{path: "", message: t("wb.toolarge", {file: source, limit: "1 MiB"})}];
  try {
    const doc = await api("POST", "/v1/cards/check", {text, contentType: json ? "application/json" : "application/yaml"});
    replaceClean(doc, t("wb.step.import", {file: source}));
    return null;
  } catch (error) {
    return failure(error);
  }
}

/** A card set file (picked or dropped) put in the editor (see importText). */
export async function importFile(file) {
  if (file.size > BODY_LIMIT) return [{path: "", message: t("wb.toolarge", {file: file.name, limit: "1 MiB"})}];
  return importText(await file.text(), file.name, /\.json$/i.test(file.name) || file.type === "application/json");
}

/** The set as a card set file: {filename, yaml} (POST /v1/cards/export); the set is then kept in that file. */
export async function exportSet() {
  const doc = workbench.doc;
  const file = await api("POST", "/v1/cards/export", {body: doc});
  workbench.clean = JSON.stringify(doc);
  save();
  return file;
}
