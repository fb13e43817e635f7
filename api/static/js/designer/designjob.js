// Design a set (the designer's workbench, part C): the designer search (`deduce design`) run on
// the server as a job, POST /v1/design, read line by line as it streams (newline-delimited JSON:
// progress, then the set found). Cancel closes the answer, which stops the job on the server.
// The set found opens beside the current one: its cards, those that differ marked in words, its
// audit against the targets asked for, and Take it (into the editor) or Drop it.
import {request} from "../shared/api.js";
import {drawCard} from "../shared/card.js";
import {download, field, fieldMessage, fill, h, keepFocus} from "../shared/dom.js";
import {lang, name, t} from "../shared/i18n.js";
import {entryText} from "../shared/who.js";

/** The request's fields, as typed (text, so that nothing typed is lost), with `deduce design`'s defaults. */
const DEFAULTS = {seed: "2", steps: "20000", min_clues: "2", low: "2.5", high: "5.0"};
/** The longest wait (s) the page makes by itself when the service has too many requests of this client in flight. */
const QUOTA_WAIT = 5;
/** Where a problem of the request goes: the field of its path's first part (expected[1] → high). */
const FIELD_OF_PATH = {seed: "seed", steps: "steps", min_clues: "min_clues", "expected[0]": "low", "expected[1]": "high",
                       expected: "high"};

// Kept across redraws (a language switch, the set edited): what was typed, the job, its outcome.
const state = {
  form: {...DEFAULTS},
  job: null,        // while it runs: {controller, step, steps, best}
  outcome: null,    // how the last job ended, when it gave no set: {kind, seconds?}
  problems: {},     // field → the problem the server found with it (422)
  result: null,     // the set found: {cards, yaml, report, unmet}
  asked: null,      // the fields the set found was asked with (its targets)
  said: null,       // what was done last with a result: "taken" or "dropped"
};
// The section in the page now, and what the shell gave it.
let view = null;

/**
 * Draw "Design a set" in `container`. `doc` is the set being edited (the one a result is compared
 * with), `take(doc)` puts a designed set in the editor.
 */
export function renderDesign(container, {doc = null, take = null} = {}) {
  view = {container, doc, take};
  keepFocus(container, () => fill(container, parts()));
}

/** Draw the section again where it is, the keyboard focus kept. */
function redraw() {
  if (view?.container.isConnected) keepFocus(view.container, () => fill(view.container, parts()));
}

// -- the request ---------------------------------------------------------------------------------

/** A number typed as a number, else the text itself: the server says what is wrong with it. */
function typed(text) {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function requestBody() {
  const f = state.form;
  return {seed: typed(f.seed), steps: typed(f.steps), min_clues: typed(f.min_clues), expected: [typed(f.low), typed(f.high)]};
}

/** A problem of the request (422) in the page's words, for the field it concerns. */
function problemWords(fieldName, problem) {
  if (problem.code === "limit") return t("job.bad.steps.limit", {max: (problem.message.match(/\d[\d,]*/) ?? ["?"])[0]});
  if (problem.code === "range") return t("job.bad.band");
  return t(`job.bad.${fieldName}`);
}

/** The whole stream of a design job: each line handled as it comes. */
async function readLines(response, onLine) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (line) onLine(JSON.parse(line));
    }
  }
  if (buffer.trim()) onLine(JSON.parse(buffer));
}

/** A pause that Cancel cuts short (an AbortError, as the request's own). */
function pause(ms, signal) {
  return new Promise((resolve, reject) => {
    const stop = () => { clearTimeout(timer); reject(new DOMException("cancelled", "AbortError")); };
    const timer = setTimeout(() => { signal.removeEventListener("abort", stop); resolve(); }, ms);
    signal.addEventListener("abort", stop, {once: true});
  });
}

/**
 * POST /v1/design. The service lets a client have only a few costly requests in flight (the live
 * audits of this page are some): refused for that (429) with a short Retry-After, the job waits
 * and asks again, saying so, until Cancel; a longer wait is left to the designer.
 */
async function post(body, signal) {
  for (;;) {
    const response = await request("POST", "/v1/design", {body, signal, accept: "application/x-ndjson"});
    const seconds = Number(response.headers.get("Retry-After"));
    if (response.status !== 429 || !(seconds <= QUOTA_WAIT)) return response;
    state.job.waiting = true;
    showProgress();
    await pause(1000 * Math.max(seconds, 1), signal);
    state.job.waiting = false;
  }
}

/** How a job that ended with `{"errors": [...]}` ended: over the time limit, or failed. */
function endedWith(errors) {
  const limit = errors.find((p) => p.code === "limit");
  if (!limit) return {kind: "failed"};
  const seconds = limit.message.match(/(\d+(?:\.\d+)?) s\b/);
  return {kind: "timeout", seconds: seconds ? seconds[1] : "?"};
}

async function start() {
  if (state.job) return;  // one job at a time from this page
  const controller = new AbortController();
  Object.assign(state, {job: {controller, step: 0, steps: Number(state.form.steps) || 0, best: null},
                        outcome: null, problems: {}, result: null, said: null, asked: {...state.form}});
  redraw();
  focusOn("job-cancel");
  let ending = {kind: "empty"};
  try {
    const response = await post(requestBody(), controller.signal);
    if (response.status === 503 || response.status === 429) {
      ending = {kind: response.status === 503 ? "busy" : "quota", seconds: response.headers.get("Retry-After") ?? "?"};
    } else if (!response.ok) {
      const data = await response.json().catch(() => null);
      const problems = Array.isArray(data?.errors) ? data.errors : [];
      for (const p of problems) {
        const key = FIELD_OF_PATH[p.path] ?? FIELD_OF_PATH[String(p.path).split(/[.[]/)[0]];
        if (key) state.problems[key] = problemWords(key, p);
      }
      ending = Object.keys(state.problems).length ? {kind: "invalid"} : {kind: "failed"};
    } else {
      await readLines(response, (line) => {
        if (line.progress) {
          Object.assign(state.job, line.progress);
          showProgress();
        } else if (line.design) {
          state.result = line.design;
          ending = null;
        } else if (line.errors) {
          ending = endedWith(line.errors);
        }
      });
    }
  } catch (error) {
    ending = {kind: error.name === "AbortError" ? "cancelled" : "network"};
  }
  state.job = null;
  state.outcome = ending;
  redraw();
  if (ending?.kind === "invalid") focusOn(Object.keys(state.problems)[0] ? `job-${Object.keys(state.problems)[0]}` : "job-start");
  else if (document.activeElement === document.body || !document.activeElement) focusOn("job-start");
}

function cancel() {
  state.job?.controller.abort();
}

/** Put the keyboard focus on a control of the section, by its data-focus. */
function focusOn(key) {
  view?.container.querySelector(`[data-focus="${key}"]`)?.focus();
}

/** Move the progress bar and its words without redrawing the section (the focus stays where it is). */
function showProgress() {
  const box = view?.container.querySelector(".job-progress");
  if (!box) return redraw();
  fill(box, progressParts());
}

// -- drawing -------------------------------------------------------------------------------------

function input(key, label, hint = null, {decimal = false} = {}) {
  const el = h("input", {type: "text", inputmode: decimal ? "decimal" : "numeric", autocomplete: "off",
                         value: state.form[key], "data-focus": `job-${key}`, id: `job-${key}`,
                         oninput: (e) => { state.form[key] = e.target.value; }});
  const wrapped = field(label, el, hint);
  fieldMessage(el, state.problems[key] ?? "");
  return wrapped;
}

function form() {
  const running = Boolean(state.job);
  const minClues = h("select", {id: "job-min_clues", "data-focus": "job-min_clues",
                                onchange: (e) => { state.form.min_clues = e.target.value; }},
    ["1", "2", "3"].map((n) => h("option", {value: n, selected: state.form.min_clues === n}, n)));
  const minField = field(t("job.min_clues"), minClues, t("job.min_clues.hint"));
  fieldMessage(minClues, state.problems.min_clues ?? "");
  return h("form", {class: "job-form", onsubmit: (e) => { e.preventDefault(); start(); }},
    h("div", {class: "job-fields"},
      input("seed", t("job.seed"), t("job.seed.hint")),
      input("steps", t("job.steps"), t("job.steps.hint"))),
    h("fieldset", {class: "job-aim"}, h("legend", {}, t("job.aim")),
      h("div", {class: "job-fields"}, minField,
        input("low", t("job.expected.low"), null, {decimal: true}),
        input("high", t("job.expected.high"), null, {decimal: true})),
      h("p", {class: "help"}, t("job.expected.hint"))),
    h("div", {class: "buttons"},
      h("button", {type: "submit", class: "primary", disabled: running, "data-focus": "job-start"}, t("job.start")),
      h("button", {type: "button", disabled: !running, "data-focus": "job-cancel", onclick: cancel}, t("job.cancel"))));
}

function progressParts() {
  const job = state.job;
  const steps = job.steps || 1;
  const count = new Intl.NumberFormat(lang());
  const text = t("job.progress.text", {step: count.format(job.step), steps: count.format(job.steps)});
  const best = job.best === null || job.best === undefined ? t("job.best.none") : job.best.toFixed(2);
  return [
    h("progress", {max: steps, value: Math.min(job.step, steps), "aria-label": t("job.progress"), "aria-valuetext": text}),
    h("p", {class: "job-step"}, job.waiting ? t("job.waiting") : [text, " · ", t("job.best", {best})])];
}

/** What happened to the last job, in words: a status, or an alert for what went wrong. */
function outcome() {
  const o = state.outcome;
  if (state.said) return h("p", {class: "job-said", role: "status"}, t(`job.${state.said}`));
  if (!o) return h("p", {class: "job-said", role: "status"});
  const alert = ["busy", "quota", "timeout", "failed", "network", "invalid", "empty"].includes(o.kind);
  return h("p", {class: alert ? "job-said bad" : "job-said", role: alert ? "alert" : "status"},
    t(`job.outcome.${o.kind}`, {seconds: o.seconds ?? ""}));
}

// -- the set found -------------------------------------------------------------------------------

const sameList = (a, b) => JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());
const entryOf = (lady, suit) => (lady.key && suit in lady.key ? entryText(lady.key[suit]) : "—");

/** How a designed lady differs from the one of the same id in the current set, in words (empty: the same). */
function differences(designed, current, doc) {
  if (!current) return [t("job.diff.new")];
  const out = [];
  const nameIn = (list, id) => name((list ?? []).find((x) => x.id === id)?.name ?? id);
  if (JSON.stringify(designed.name) !== JSON.stringify(current.name)) {
    out.push(t("job.diff.name", {was: name(current.name ?? current.id)}));
  }
  if (designed.suit !== current.suit) out.push(t("job.diff.suit", {was: nameIn(doc.suits, current.suit)}));
  if (!sameList(designed.traits, current.traits)) {
    out.push(t("job.diff.traits", {was: current.traits.map((id) => nameIn(doc.traits, id)).join(", ")}));
  }
  const suits = [...new Set([...Object.keys(designed.key ?? {}), ...Object.keys(current.key ?? {})])];
  const changed = suits.filter((s) => entryOf(designed, s) !== entryOf(current, s));
  if (changed.length) {
    out.push(t("job.diff.key", {was: changed.map((s) => `${nameIn(doc.suits, s)} ${entryOf(current, s)}`).join(", ")}));
  }
  return out;
}

/** The mean expected clues over the normal cases a deck solves (the designer's aim), or null. */
function meanExpected(report) {
  const solved = report.cases.filter((c) => c.mode === "normal" && c.expected_clues !== null && c.expected_clues !== undefined);
  return solved.length ? solved.reduce((sum, c) => sum + c.expected_clues, 0) / solved.length : null;
}

function fewestClues(report) {
  const counts = report.cases.map((c) => c.min_clues).filter((n) => n !== null && n !== undefined);
  return counts.length ? Math.min(...counts) : null;
}

/** The set found's audit against what was asked: each target met or missed, in words. */
function summary(design) {
  const r = design.report;
  const mean = meanExpected(r);
  const fewest = fewestClues(r);
  const f = state.asked;
  const row = (label, value, met) => h("li", {class: met ? "ok" : "bad"},
    h("span", {class: "job-mark", "aria-hidden": "true"}, met ? "✓ " : "✗ "), `${label}: ${value} `,
    h("span", {class: "job-met"}, `(${t(met ? "job.met" : "job.missed")})`));
  return h("div", {class: "job-summary"},
    h("p", {class: design.unmet.length ? "bad" : "ok"}, design.unmet.length ? t("job.targets.missed") : t("job.targets.met")),
    h("ul", {class: "job-targets"},
      row(t("job.audit"), r.ok ? t("job.audit.ok") : t("job.audit.bad", {n: r.errors.length}), r.ok),
      row(t("job.mean", {low: f.low, high: f.high}), mean === null ? "—" : mean.toFixed(2),
          mean !== null && mean >= Number(f.low) && mean <= Number(f.high)),
      row(t("job.fewest", {n: f.min_clues}), fewest ?? "—", fewest !== null && fewest >= Number(f.min_clues))));
}

function result() {
  const design = state.result;
  if (!design) return null;
  const current = view.doc;
  const diffs = design.cards.ladies.map((lady) =>
    (current ? differences(lady, current.ladies?.find((l) => l.id === lady.id) ?? null, current) : []));
  const cards = design.cards.ladies.map((lady, i) => h("li", {class: diffs[i].length ? "job-card differs" : "job-card"},
    diffs[i].length ? h("p", {class: "job-diff"}, h("strong", {}, t("job.diff")), " ", diffs[i].join("; ")) : null,
    drawCard(design.cards, lady.id, {size: "small"})));
  const gone = (current?.ladies ?? []).filter((l) => !design.cards.ladies.some((d) => d.id === l.id));
  const differ = diffs.filter((d) => d.length).length;
  return h("section", {class: "job-result", "aria-labelledby": "job-result-h"},
    h("h3", {id: "job-result-h", tabindex: "-1"}, t("job.result", {name: design.cards.name})),
    summary(design),
    h("p", {class: "job-count"}, current ? t("job.differ", {n: differ, total: design.cards.ladies.length}) : t("job.nocurrent")),
    gone.length ? h("p", {class: "job-gone"}, t("job.gone", {names: gone.map((l) => name(l.name ?? l.id)).join(", ")})) : null,
    h("div", {class: "buttons"},
      h("button", {type: "button", class: "primary", "data-focus": "job-take", disabled: !view.take, onclick: () => {
        view.take(design.cards);
        Object.assign(state, {result: null, said: "taken", outcome: null});
        redraw();
        focusOn("job-start");
      }}, t("job.take")),
      h("button", {type: "button", "data-focus": "job-drop", onclick: () => {
        Object.assign(state, {result: null, said: "dropped", outcome: null});
        redraw();
        focusOn("job-start");
      }}, t("job.drop")),
      h("button", {type: "button", "data-focus": "job-yaml",
                   onclick: () => download("designed-set.yaml", design.yaml, "application/yaml")}, t("job.yaml"))),
    h("ol", {class: "job-cards", "aria-label": t("job.cards")}, cards));
}

function parts() {
  return [
    h("p", {class: "help"}, t("job.help")),
    form(),
    state.job ? h("div", {class: "job-progress"}, progressParts()) : null,
    outcome(),
    result()];
}
