// The difficulty of a card set, drawn by the page as SVG (no library): per mode, the expected
// clues of each Dark Lady as bars, and the chance she is solved within N clues (the audit's
// `solved_within`) as curves, the set's together and each lady's alone. The report before the
// last edits, when given, is drawn beside it (faded, dashed), so a designer sees what an edit did.
// Shared: Your games draws its chart of scores as an SVG image with it too (image()).
import {append, fill, h, keepFocus} from "./dom.js";
import {lang, name, t} from "./i18n.js";
import {pip} from "./card.js";

/** The modes in the order a designer reads them: the game's own first. */
const MODE_ORDER = ["normal", "easy", "advanced"];

// Kept across redraws (an edit, a language switch): the mode drawn.
const state = {mode: "normal"};

/** A number as the page's language writes it (4.40, 4,40). */
const number = (x, digits = 2) =>
  x.toLocaleString(lang(), {minimumFractionDigits: digits, maximumFractionDigits: digits});
const percent = (p) => `${Math.round(100 * p)}%`;

/** The modes a report has cases for, Normal first. */
function modesOf(report) {
  const modes = [...new Set(report.cases.map((c) => c.mode))];
  const rank = (m) => (MODE_ORDER.includes(m) ? MODE_ORDER.indexOf(m) : MODE_ORDER.length);
  return modes.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const modeName = (mode) => t(`mode.${mode}`);

/** The cases of one mode by Dark Lady. */
const casesOf = (report, mode) => new Map((report?.cases ?? []).filter((c) => c.mode === mode).map((c) => [c.dark_lady, c]));

/** The least j whose chance reaches p (1 with a float's slack), or null. */
function reach(within, p) {
  const j = within.findIndex((q) => q >= p - 1e-9);
  return j < 0 ? null : j;
}

/** What a lady's curve shows, in words (the chart's description). */
function reachText(c) {
  if (!c.solvable) return c.remaining.length ? t("sheet.unsolvable", {n: c.remaining.length}) : t("sheet.contradiction");
  return t("sheet.reach", {half: reach(c.solved_within, 0.5), all: reach(c.solved_within, 1)});
}

/** An SVG element that dom.js's h() would make as HTML (desc); h() makes the others. */
function svgElement(tag, attrs, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return append(el, children);
}

/** An SVG image named for assistive technology (role img, aria-label, a <title>, a <desc>). */
export function image(label, description, width, height, children) {
  const id = `chart-${Math.random().toString(36).slice(2, 9)}`;
  return h("svg", {role: "img", "aria-label": label, "aria-describedby": description ? id : null,
                   width, height, viewBox: typeof width === "number" ? `0 0 ${width} ${height}` : null},
    h("title", {}, description ? `${label}. ${description}` : label),
    description ? svgElement("desc", {id}, description) : null,
    children);
}

/** The x positions of labelled ticks on an axis of n clues (about five labels). */
function ticks(n) {
  const step = Math.max(1, n <= 10 ? 2 : Math.ceil(n / 5));
  const marks = [];
  for (let j = 0; j <= n; j += step) marks.push(j);
  return marks;
}

/**
 * A chart of chances over 0..n clues: axes, the 50% line, and the given curves (each a list of
 * chances, drawn with its class). Sized in pixels, so that its text stays at its size (>= 12 px).
 */
function curvePlot({label, description, width, height, n, curves, left = 38, bottom = 22, axisTitle = false}) {
  const [right, top] = [8, 8];
  const plotW = width - left - right;
  const plotH = height - top - bottom - (axisTitle ? 16 : 0);
  const x = (j) => left + (n ? (j / n) * plotW : 0);
  const y = (p) => top + (1 - p) * plotH;
  const path = (points) => points.map((p, j) => `${j ? "L" : "M"}${x(j).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
  const drawn = curves.flatMap(({points, cls, fillUnder}) => [
    fillUnder ? h("path", {class: "sc-area", d: `${path(points)} L${x(points.length - 1)},${y(0)} L${x(0)},${y(0)} Z`}) : null,
    h("path", {class: cls, d: path(points)}),
  ]);
  return image(label, description, width, height, [
    h("g", {class: "sc-grid"},
      [0, 0.5, 1].map((p) => h("line", {x1: left, x2: width - right, y1: y(p), y2: y(p), class: p === 0.5 ? "sc-half" : null})),
      ticks(n).map((j) => h("line", {x1: x(j), x2: x(j), y1: y(0), y2: y(0) + 4}))),
    h("g", {class: "sc-labels"},
      [0, 0.5, 1].map((p) => h("text", {x: left - 5, y: y(p) + 4, "text-anchor": "end"}, percent(p))),
      ticks(n).map((j) => h("text", {x: x(j), y: y(0) + 17, "text-anchor": "middle"}, String(j))),
      axisTitle ? h("text", {x: left + plotW / 2, y: height - 3, "text-anchor": "middle"}, t("sheet.axis.clues")) : null),
    drawn,
  ]);
}

/** The mean of some curves, point by point (a shorter one keeps its last value). */
function meanCurve(curves) {
  const n = Math.max(...curves.map((c) => c.length));
  return Array.from({length: n}, (_, j) => curves.reduce((sum, c) => sum + c[Math.min(j, c.length - 1)], 0) / curves.length);
}

/** Whether a case is solvable, with its expected clues. */
const solved = (c) => Boolean(c?.solvable) && typeof c.expected_clues === "number";

/** A case's expected clues in words: the number, "unsolvable", or "none" (no such case before). */
const expectedText = (c) => (solved(c) ? number(c.expected_clues) : c ? t("sheet.bar.unsolvable") : t("sheet.nothing"));

/** A case as it was before the last edits, in words: unchanged, or its expected clues then and the change. */
function wasText(now, before) {
  if (expectedText(now) === expectedText(before)) return t("sheet.same");
  if (!solved(now) || !solved(before)) return t("sheet.was", {value: expectedText(before)});
  const delta = (now.expected_clues - before.expected_clues).toLocaleString(lang(),
    {signDisplay: "always", minimumFractionDigits: 2, maximumFractionDigits: 2});
  return t("sheet.was.delta", {value: expectedText(before), delta});
}

/** Whether a case changed with the last edits (as the page writes its expected clues). */
const changed = (now, before) => expectedText(now) !== expectedText(before);

/** The mean expected clues over the solvable cases, and how many are not solvable. */
function meanOf(cases) {
  const solvable = cases.filter(solved);
  const mean = solvable.length ? solvable.reduce((sum, c) => sum + c.expected_clues, 0) / solvable.length : null;
  return {mean, n: solvable.length, bad: cases.length - solvable.length};
}

/** A mean of meanOf() in words. */
const meanText = (key, {mean, n, bad}) => t(key, {n, bad, mean: mean === null ? t("sheet.nothing") : number(mean)});

/** The share of the bars chart's width the bars take; their values are written in the rest. */
const PLOT = 72;

/**
 * The expected clues of each lady as horizontal bars, her name above them and the values at the
 * right; the widths are in % (of the plot, a nested <svg>), so that the chart fits any width.
 */
function bars(mode, rows, n, hasBefore) {
  const row = hasBefore ? 46 : 34;
  const axis = rows.length * row;
  const at = (v) => `${((100 * v) / n).toFixed(2)}%`;
  const summary = meanOf(rows.map((r) => r.now));
  const plot = h("svg", {x: 0, y: 0, width: `${PLOT}%`, height: axis + 24},
    h("g", {class: "sc-grid"}, ticks(n).map((j) => h("line", {x1: at(j), x2: at(j), y1: 0, y2: axis}))),
    rows.map(({now, before}, i) => [
      h("rect", {x: 0, y: i * row + 19, height: 9, width: solved(now) ? at(now.expected_clues) : "100%",
                 class: solved(now) ? "sb-now" : "sb-none"}),
      solved(before) ? h("rect", {x: 0, y: i * row + 31, height: 6, width: at(before.expected_clues), class: "sb-before"}) : null]),
    summary.mean === null ? null : h("line", {class: "sb-mean", x1: at(summary.mean), x2: at(summary.mean), y1: 0, y2: axis}),
    h("g", {class: "sc-labels"}, ticks(n).map((j) =>
      h("text", {x: at(j), y: axis + 17, "text-anchor": j === 0 ? "start" : j === n ? "end" : "middle"}, String(j)))));
  const labels = rows.map(({lady, now, before}, i) => h("g", {class: solved(now) ? "sb-row" : "sb-row sb-bad"},
    h("text", {x: 0, y: i * row + 14, class: "sb-name"}, lady),
    h("text", {x: "100%", y: i * row + 28, "text-anchor": "end", class: "sb-value"}, expectedText(now)),
    hasBefore ? h("text", {x: "100%", y: i * row + 41, "text-anchor": "end",
                           class: changed(now, before) ? "sb-was sb-changed" : "sb-was"}, wasText(now, before)) : null));
  return image(t("sheet.bars", {mode: modeName(mode)}), meanText("sheet.mean", summary), "100%", axis + 24, [plot, labels]);
}

/** The legend of the before-and-after lines. */
function legend() {
  const swatch = (cls) => h("svg", {width: 28, height: 10, "aria-hidden": "true"}, h("line", {x1: 0, x2: 28, y1: 5, y2: 5, class: cls}));
  return h("p", {class: "sheet-legend"}, h("span", {}, swatch("sc-now"), t("sheet.now")),
    h("span", {}, swatch("sc-before"), t("sheet.before")));
}

/** The mode chooser: one radio per mode of the report. */
function modeChooser(modes, redraw) {
  return h("fieldset", {class: "sheet-modes"}, h("legend", {}, t("sheet.mode")),
    modes.map((mode) => h("label", {},
      h("input", {type: "radio", name: "sheet-mode", value: mode, checked: mode === state.mode, "data-focus": `sheet-mode-${mode}`,
                  onchange: () => {
                    state.mode = mode;
                    redraw();
                  }}),
      modeName(mode))));
}

/** The numbers behind the curves, as a table (for reading them exactly, and for screen readers). */
function numbers(mode, rows, n) {
  const columns = Array.from({length: n + 1}, (_, j) => j);
  return h("details", {class: "sheet-numbers"}, h("summary", {}, t("sheet.numbers")),
    h("div", {class: "scroll"}, h("table", {},
      h("caption", {}, t("sheet.numbers.caption", {mode: modeName(mode)})),
      h("thead", {}, h("tr", {}, h("th", {scope: "col"}, t("col.dark_lady")), columns.map((j) => h("th", {scope: "col"}, String(j))),
        h("th", {scope: "col"}, t("col.expected_clues")))),
      h("tbody", {}, rows.map(({lady, now}) => h("tr", {}, h("th", {scope: "row"}, lady),
        columns.map((j) => h("td", {}, j < now.solved_within.length ? String(Math.round(100 * now.solved_within[j])) : "—")),
        h("td", {}, expectedText(now))))))));
}

/**
 * The rows drawn for a mode: each Dark Lady of the report, in the set's order, with her name
 * (from the set, or the set before the last edits), her case now and before, and her suit.
 */
function rowsOf(mode, report, before, docs) {
  const [doc] = docs;
  const lady = (id) => docs.map((d) => d?.ladies?.find((l) => l.id === id)).find(Boolean);
  const now = casesOf(report, mode);
  const was = casesOf(before, mode);
  const known = (doc?.ladies ?? []).map((l) => l.id).filter((id) => now.has(id));
  return [...known, ...[...now.keys()].filter((id) => !known.includes(id))].map((id) => ({
    lady: name(lady(id)?.name ?? id), now: now.get(id), before: was.get(id) ?? null,
    suit: (doc?.suits ?? []).find((s) => s.id === now.get(id).suit)}));
}

/** The set's curves together: each lady's thin, the mean thick (and the mean before, dashed). */
function overview(mode, rows, n, before) {
  const label = t("sheet.curves", {mode: modeName(mode)});
  const was = [...casesOf(before, mode).values()];
  const curves = [...rows.map((r) => ({points: r.now.solved_within, cls: "sc-lady"})),
    was.length ? {points: meanCurve(was.map((c) => c.solved_within)), cls: "sc-before"} : null,
    {points: meanCurve(rows.map((r) => r.now.solved_within)), cls: "sc-now"}];
  return h("div", {class: "sheet-chart"}, h("h3", {}, label), h("p", {class: "help"}, t("sheet.curve.help")),
    curvePlot({label, description: t("sheet.curves.help"), width: 320, height: 220, n, curves: curves.filter(Boolean), axisTitle: true}),
    h("p", {class: "help"}, t("sheet.curves.help")));
}

/** Each lady's curve alone (and before the last edits, dashed), with her expected clues. */
function multiples(mode, rows, n, hasBefore) {
  return h("ul", {class: "sheet-multiples", "aria-label": t("sheet.curves", {mode: modeName(mode)})}, rows.map((r) => h("li", {},
    h("p", {class: "sm-name"}, pip(r.suit), r.lady),
    curvePlot({label: t("sheet.curve", {mode: modeName(mode), lady: r.lady}), description: reachText(r.now), width: 150,
               height: 112, n, left: 36, curves: [r.before ? {points: r.before.solved_within, cls: "sc-before"} : null,
                                                  {points: r.now.solved_within, cls: "sc-now", fillUnder: true}].filter(Boolean)}),
    h("p", {class: solved(r.now) ? "sm-value" : "sm-value bad"},
      solved(r.now) ? t("sheet.expected", {value: expectedText(r.now)}) : expectedText(r.now),
      hasBefore ? h("span", {class: changed(r.now, r.before) ? "sm-was sb-changed" : "sm-was"}, ` · ${wasText(r.now, r.before)}`) : null))));
}

/**
 * Draw the difficulty of a set in `container`: `report` is its audit (POST /v1/audit), `doc` the
 * set (for the ladies' names and order, and the suits' colours), `previous` the set before the
 * last edits ({doc, report}, or its report alone), drawn beside it; with no report, what to do.
 * The keyboard focus stays where it was in the section (the page redraws it after every audit).
 */
export function renderDifficulty(container, drawn = {}) {
  return keepFocus(container, () => draw(container, drawn));
}

function draw(container, {report = null, previous = null, doc = null}) {
  const redraw = () => renderDifficulty(container, {report, previous, doc});
  container.classList.add("sheet-difficulty");
  if (!report) return fill(container, h("p", {class: "note"}, t("sheet.none")));
  const modes = modesOf(report);
  if (!modes.length) return fill(container, h("p", {class: "note"}, t("sheet.nocases")));
  if (!modes.includes(state.mode)) state.mode = modes[0];
  const mode = state.mode;
  const before = previous?.report ?? (Array.isArray(previous?.cases) ? previous : null);
  const rows = rowsOf(mode, report, before, [doc, previous?.doc]);
  const n = Math.max(1, ...rows.flatMap((r) => [r.now, r.before].filter(Boolean).map((c) => c.solved_within.length - 1)));
  const hasBefore = Boolean(before);
  const meanBefore = hasBefore ? meanOf([...casesOf(before, mode).values()]) : null;
  return fill(container,
    modes.length > 1 ? modeChooser(modes, redraw) : null,
    hasBefore ? legend() : null,
    h("div", {class: "sheet-charts"},
      h("div", {class: "sheet-chart"}, h("h3", {}, t("sheet.bars", {mode: modeName(mode)})),
        h("p", {class: "help"}, t("sheet.bars.help")),
        bars(mode, rows, n, hasBefore),
        h("p", {class: "sheet-mean"}, meanText("sheet.mean", meanOf(rows.map((r) => r.now))),
          meanBefore ? [" ", meanText("sheet.mean.was", meanBefore)] : null)),
      overview(mode, rows, n, before)),
    multiples(mode, rows, n, hasBefore),
    numbers(mode, rows, n));
}
