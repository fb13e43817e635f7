// A board entered in the page (SPEC 7: landmarks, locations, paths), for a box owner's own map:
// checked as it is typed, read by the engine (POST /v1/board/check) before it is used or
// downloaded as board.yaml. The draft is kept in this browser as it is typed. Its places are
// drawn on a map where each is dragged (or moved with the arrow keys) to where it goes; a move
// can be undone, and says itself to the page around (a change event) so that it is audited.
// Shared by the table page (the player's own board) and the Designer (the board and stealth deck).
import {api} from "./api.js";
import {download, field, fieldMessage, fill, h, keepFocus} from "./dom.js";
import {name, t} from "./i18n.js";
import {failure, problemList} from "./status.js";
import {world} from "./words.js";

const KEY = "bs.table.board";
const empty = () => ({name: "", landmarks: [], locations: [], paths: []});

/** The draft: names are text, or the {en, it, ru} of a board it started from (kept until edited). */
let draft = load();
// What the engine said of the draft the last time it was checked: problems, each with its path.
let checked = null;

function load() {
  try {
    const doc = JSON.parse(localStorage.getItem(KEY));
    const lists = doc && ["landmarks", "locations", "paths"].every((k) => Array.isArray(doc[k]));
    return lists ? {...empty(), ...doc} : empty();
  } catch {
    return empty();
  }
}

const save = () => localStorage.setItem(KEY, JSON.stringify(draft));

/** The draft as it is now (for the table page's export), and a draft to take up (its import). */
export const boardDraft = () => draft;
export function setBoardDraft(doc) {
  draft = doc && ["landmarks", "locations", "paths"].every((k) => Array.isArray(doc[k])) ? {...empty(), ...doc} : empty();
  checked = null;
  moves.length = 0;
  save();
}

/** A board document as YAML: every text a double-quoted scalar (JSON's quoting is YAML's too). */
export function boardYaml(doc) {
  const q = (value) => JSON.stringify(value);
  const named = (value) => (typeof value === "string" ? q(value)
    : `{${Object.entries(value).map(([lang, text]) => `${lang}: ${q(text)}`).join(", ")}}`);
  const entry = (fields) => `  - {${fields.filter(Boolean).join(", ")}}`;
  return [
    "schema: 1",
    `name: ${q(doc.name)}`,
    "landmarks:", ...doc.landmarks.map((m) => entry([`id: ${q(m.id)}`, m.name ? `name: ${named(m.name)}` : null])),
    "locations:", ...doc.locations.map((l) => entry([`id: ${q(l.id)}`, l.name ? `name: ${named(l.name)}` : null,
      `landmark: ${q(l.landmark)}`, l.at ? `at: [${l.at.join(", ")}]` : null])),
    "paths:", ...doc.paths.map(([a, b]) => `  - [${q(a)}, ${q(b)}]`),
    "",
  ].join("\n");
}

/** The board document of the draft; drawing coordinates only when every location has them. */
function documentOf() {
  const drawn = draft.locations.length > 0 && draft.locations.every((l) => Array.isArray(l.at));
  return {
    name: draft.name.trim() || t("board.untitled"),
    landmarks: draft.landmarks.map((m) => ({id: m.id.trim(), name: m.name})),
    locations: draft.locations.map((l) => ({id: l.id.trim(), name: l.name, landmark: l.landmark, at: drawn ? l.at : null})),
    paths: draft.paths.map(([a, b]) => [a, b]),
  };
}

/** The draft starts from a board in use (its names in every language and its drawing kept). */
function startFrom(board) {
  draft = {
    name: board.name ?? "",  // an unnamed board is named "My board" when checked (boardDocument)
    landmarks: board.landmarks.map((m) => ({id: m.id, name: m.name})),
    locations: board.locations.map((l) => ({id: l.id, name: l.name, landmark: l.landmark, at: l.at ?? null})),
    paths: board.paths.map(([a, b]) => [a, b]),
  };
  checked = null;
  moves.length = 0;
  save();
}

// -- checks as typed ---------------------------------------------------------------------------

/** What is wrong with an id in its list (empty, or used by an earlier entry), or "". */
function idProblem(list, i) {
  const id = list[i].id.trim();
  if (!id) return t("board.id.empty");
  return list.findIndex((e) => e.id.trim() === id) < i ? t("board.id.taken") : "";
}

function pathProblem(i) {
  const [a, b] = draft.paths[i];
  if (!a || !b) return t("board.path.ends");
  if (a === b) return t("board.path.loop");
  const same = (p) => (p[0] === a && p[1] === b) || (p[0] === b && p[1] === a);
  return draft.paths.findIndex(same) < i ? t("board.path.twice") : "";
}

/** Rename an id everywhere the draft refers to it (a location's landmark, a path's ends). */
function renamed(kind, before, after) {
  if (!before || before === after) return;
  if (kind === "landmarks") for (const l of draft.locations) if (l.landmark === before) l.landmark = after;
  if (kind === "locations") draft.paths = draft.paths.map((p) => p.map((end) => (end === before ? after : end)));
}

// -- the map: places dragged where they go --------------------------------------------------------

/** An arrow key moves a focused place this far (board units); with Shift, the map's resolution (points are kept to a tenth). */
const STEP = 0.5;
const FINE = 0.1;
/** The least the map shows (board units: the shipped board is 11.5 across and 8 down, from 0): a
 * place cannot be taken off it; a board drawn bigger makes it bigger. */
const LEAST = {x: 12, y: 8};
/** SVG units a board unit, and the margins around the map (board units): room for the names, below and beside. */
const SCALE = 40;
const MARGIN = {x: 2.4, top: 0.8, bottom: 1.3};

/** The moves made on the map, the last one last: the location moved and where it was. */
const moves = [];

const tenth = (v) => Math.round(v * 10) / 10;

/** Where each location is drawn: its point, or (for a location with none yet) a point on a ring. */
function mapPoints() {
  const n = draft.locations.length;
  return draft.locations.map((l, i) => (Array.isArray(l.at) ? l.at
    : [tenth(LEAST.x / 2 + 3 * Math.cos((2 * Math.PI * i) / n)), tenth(LEAST.y / 2 + 3 * Math.sin((2 * Math.PI * i) / n))]));
}

/** The map's edges in board units: the least map, grown to take every place. */
function mapEdges(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {x0: Math.min(0, ...xs), y0: Math.min(0, ...ys), x1: Math.max(LEAST.x, ...xs), y1: Math.max(LEAST.y, ...ys)};
}

const placeLabel = (l, [x, y]) => t("board.map.place", {place: name(l.name || "") || l.id || "?", x: tenth(x), y: tenth(y)});

/** Move a location to a point (kept on the map), as one step that Undo takes back; said to the page around. */
function moveTo(map, i, point, from) {
  const location = draft.locations[i];
  const {x0, y0, x1, y1} = map.edges;
  const at = [tenth(Math.min(x1, Math.max(x0, point[0]))), tenth(Math.min(y1, Math.max(y0, point[1])))];
  if (from && from[0] === at[0] && from[1] === at[1]) return;
  moves.push({location, at: Array.isArray(location.at) ? location.at : null});
  location.at = at;
  save();
  map.said = t("board.map.moved", {place: name(location.name || "") || location.id, x: at[0], y: at[1]});
  map.redraw();
  map.box.dispatchEvent(new Event("change", {bubbles: true}));  // audited, as a field changed
}

function undoMove(map) {
  const move = moves.pop();
  if (!move) return;
  if (draft.locations.includes(move.location)) {
    move.location.at = move.at;
    save();
    map.said = t("board.map.undone", {place: name(move.location.name || "") || move.location.id});
  }
  map.redraw();
  map.box.dispatchEvent(new Event("change", {bubbles: true}));
}

/** The board point under a pointer. */
function pointerAt(svg, event) {
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  return [p.x / SCALE, p.y / SCALE];
}

/** Drag a place with a pointer (mouse, pen, finger): it follows, with its paths, and is put down where it is let go. */
function dragPlace(map, svg, i, place, event) {
  if (event.button !== 0) return;
  event.preventDefault();
  place.focus({preventScroll: true});
  place.setPointerCapture(event.pointerId);
  const from = map.points[i];
  let now = from;
  const follow = (e) => {
    const {x0, y0, x1, y1} = map.edges;
    const [x, y] = pointerAt(svg, e);
    now = [Math.min(x1, Math.max(x0, x)), Math.min(y1, Math.max(y0, y))];
    place.setAttribute("transform", `translate(${now[0] * SCALE} ${now[1] * SCALE})`);
    for (const line of svg.querySelectorAll(`line[data-a="${i}"], line[data-b="${i}"]`)) {
      const end = line.dataset.a === String(i) ? 1 : 2;
      line.setAttribute(`x${end}`, now[0] * SCALE);
      line.setAttribute(`y${end}`, now[1] * SCALE);
    }
  };
  const drop = () => {
    place.removeEventListener("pointermove", follow);
    moveTo(map, i, now, from);
  };
  place.addEventListener("pointermove", follow);
  place.addEventListener("pointerup", drop, {once: true});
  place.addEventListener("pointercancel", () => { place.removeEventListener("pointermove", follow); map.redraw(); }, {once: true});
}

const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};

/** A focused place: the arrow keys move it a step (Shift: a fine step); Ctrl+Z undoes the last move (and only that). */
function placeKeys(map, i, event) {
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z") {
    event.preventDefault();
    event.stopPropagation();  // not the page's own Undo (the designer's card set)
    undoMove(map);
    return;
  }
  const arrow = ARROWS[event.key];
  if (!arrow || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  const step = event.shiftKey ? FINE : STEP;
  const [x, y] = map.points[i];
  moveTo(map, i, [x + arrow[0] * step, y + arrow[1] * step], map.points[i]);
}

/** The map of the draft's places and paths, each place a control that is dragged or moved with the arrow keys. */
function placesMap(map) {
  const points = mapPoints();
  const edges = mapEdges(points);
  Object.assign(map, {points, edges});
  const index = new Map(draft.locations.map((l, i) => [l.id.trim(), i]));
  const xy = (p) => [p[0] * SCALE, p[1] * SCALE];
  const [vx, vy] = xy([edges.x0 - MARGIN.x, edges.y0 - MARGIN.top]);
  const [vw, vh] = xy([edges.x1 - edges.x0 + 2 * MARGIN.x, edges.y1 - edges.y0 + MARGIN.top + MARGIN.bottom]);
  const lines = draft.paths.filter(([a, b]) => index.has(a) && index.has(b)).map(([a, b]) => {
    const [[x1, y1], [x2, y2]] = [xy(points[index.get(a)]), xy(points[index.get(b)])];
    return h("line", {class: "bm-path", x1, y1, x2, y2, "data-a": index.get(a), "data-b": index.get(b)});
  });
  const svg = h("svg", {class: "bm-svg", viewBox: `${vx} ${vy} ${vw} ${vh}`, role: "group", "aria-label": t("board.map"),
                        "aria-describedby": "bm-help"},
    h("rect", {class: "bm-edge", x: edges.x0 * SCALE, y: edges.y0 * SCALE, width: (edges.x1 - edges.x0) * SCALE,
               height: (edges.y1 - edges.y0) * SCALE}),
    lines);
  draft.locations.forEach((l, i) => {
    const [x, y] = xy(points[i]);
    const place = h("g", {class: Array.isArray(l.at) ? "bm-place" : "bm-place bm-unplaced", tabindex: "0", role: "button",
                          "aria-roledescription": t("board.map.role"), "aria-label": placeLabel(l, points[i]),
                          "aria-describedby": "bm-help", "data-focus": `map:${i}`, transform: `translate(${x} ${y})`},
      h("circle", {class: "bm-hit", r: 22}), h("circle", {class: "bm-dot", r: 11}),
      h("text", {class: "bm-name", y: 30, "text-anchor": "middle", "aria-hidden": "true"}, name(l.name || "") || l.id));
    place.addEventListener("pointerdown", (e) => dragPlace(map, svg, i, place, e));
    place.addEventListener("keydown", (e) => placeKeys(map, i, e));
    svg.append(place);
  });
  return [
    h("p", {class: "help", id: "bm-help"}, t("board.map.help", {step: STEP, fine: FINE})),
    draft.locations.some((l) => !Array.isArray(l.at)) ? h("p", {class: "note"}, t("board.map.unplaced")) : null,
    svg,
    h("div", {class: "buttons"},
      h("button", {type: "button", "data-focus": "map-undo", disabled: !moves.length, onclick: () => undoMove(map)}, t("board.map.undo"))),
    h("p", {class: "wb-sr", "aria-live": "polite"}, map.said ?? "")];
}

/** The map part of the editor, which draws itself again (and only itself) after a move. */
function mapPart() {
  const box = h("div", {class: "board-map"});
  const map = {box, said: null, points: [], edges: null};
  map.redraw = () => keepFocus(box, () => fill(box, placesMap(map)));
  fill(box, placesMap(map));
  return box;
}

// -- the form ------------------------------------------------------------------------------------

/** Whether a finger or the mouse is pressed on the page now. */
let pressing = false;
addEventListener("pointerdown", () => { pressing = true; }, true);
addEventListener("pointerup", () => { pressing = false; }, true);

/**
 * Run `redraw` once the field left has had its say: at once, or, when the field was left by
 * pressing a button, after that press's click (a redraw between the press and the click would
 * replace the button, and the tap on it would be lost).
 */
export function redrawLater(redraw) {
  if (pressing) addEventListener("pointerup", () => setTimeout(redraw), {once: true});
  else setTimeout(redraw);
}

/** A text input bound to draft[...]: saved as typed, its check beside it. */
function textInput(label, get, set, {path, check = () => "", onchange = null} = {}) {
  const input = h("input", {type: "text", value: get(), autocomplete: "off", "data-path": path, "data-focus": path});
  input.addEventListener("input", () => {
    set(input.value);
    save();
    fieldMessage(input, check());
  });
  if (onchange) input.addEventListener("change", onchange);
  const wrapped = field(label, input);
  if (get() || checked) fieldMessage(input, check());
  return wrapped;
}

function select(label, options, value, onchange, path) {
  const el = h("select", {"data-path": path, "data-focus": path, onchange: (e) => onchange(e.target.value)},
    h("option", {value: ""}, "—"), options.map(([id, text]) => h("option", {value: id, selected: id === value}, text)));
  return [el, field(label, el)];
}

function removeButton(what, onclick) {
  return h("button", {type: "button", class: "small", "aria-label": t("board.remove", {what}), onclick}, "✕");
}

/** Where a problem of the board is, in the editor's words, from its path in the board document
 * (locations[3].landmark: "Location The Tower, landmark"): a landmark or location by its name (or
 * its place in the list), a path by its two ends; never the path itself. */
export function boardPlace(path) {
  const labelOf = (list, id) => name(list.find((e) => e.id.trim() === id)?.name || "") || id;
  const entry = /^(landmarks|locations)\[(\d+)\](?:\.(\w+))?/.exec(path ?? "");
  if (entry) {
    const [, kind, index, part] = entry;
    const thing = draft[kind][Number(index)];
    const kindWord = t(kind === "landmarks" ? "board.landmark" : "board.location");
    const what = `${kindWord} ${(thing && (name(thing.name || "") || thing.id.trim())) || Number(index) + 1}`;
    return part ? `${what}, ${t(`board.${part === "landmark" ? "landmark" : part === "id" ? "id" : "name"}`).toLowerCase()}` : what;
  }
  const line = /^paths\[(\d+)\]/.exec(path ?? "");
  if (line) {
    const [a, b] = draft.paths[Number(line[1])] ?? ["", ""];
    return `${t("wb.board.path")} ${labelOf(draft.locations, a) || "?"} – ${labelOf(draft.locations, b) || "?"}`;
  }
  return t(/^paths/.test(path ?? "") ? "board.paths" : /^locations/.test(path ?? "") ? "board.locations"
    : /^landmarks/.test(path ?? "") ? "board.landmarks" : "wb.board.whole");
}

/** Put the engine's problems beside the fields they name (the field is named by its label); the ones
 * with no field go in a list, each named by where it is in words. */
function placeProblems(box, problems) {
  const rest = [];
  for (const p of problems) {
    let path = p.path;
    let el = null;
    while (path && !(el = box.querySelector(`[data-path="${CSS.escape(path)}"]`))) {
      path = path.replace(/(\.[^.[\]]+|\[\d+\])$/, "");  // the place around it: paths[3][1] -> paths[3]
      if (!/[.[]/.test(path)) break;  // a whole list (landmarks): no field of its own
    }
    if (el) fieldMessage(el, p.message);
    else rest.push({path: "", message: `${boardPlace(p.path)}: ${p.message}`});
  }
  return rest.length ? problemList(rest, t("board.problems")) : null;
}

/**
 * The board editor, which draws itself again as rows come and go. `use(board)` takes the board
 * the engine read (as GET /v1/board gives it).
 */
export function boardEditor(use) {
  const box = h("div", {class: "board-editor", tabindex: "-1"});
  const redraw = () => keepFocus(box, () => fill(box, editorParts(use, redraw)));
  fill(box, editorParts(use, redraw));
  return box;
}

function editorParts(use, redraw) {
  const landmarkIds = draft.landmarks.map((m) => m.id.trim()).filter(Boolean);
  const locationIds = draft.locations.map((l) => l.id.trim()).filter(Boolean);
  const labelOf = (list, id) => name(list.find((e) => e.id.trim() === id)?.name || "") || id;
  const row = (kind, i, controls, what) => h("li", {class: "edit-row", "data-focus-group": `${kind}-${i}`}, controls,
    removeButton(what, () => { draft[kind].splice(i, 1); checked = null; save(); redraw(); }));
  const idInput = (kind, i) => {
    let before = draft[kind][i].id;
    return textInput(t("board.id"), () => draft[kind][i].id, (v) => { draft[kind][i].id = v; },
      {path: `${kind}[${i}].id`, check: () => idProblem(draft[kind], i),
       onchange: () => {  // after the focus has moved on, so that Tab goes where it was going
         renamed(kind, before.trim(), draft[kind][i].id.trim());
         before = draft[kind][i].id;
         save();
         redrawLater(redraw);
       }});
  };
  const nameInput = (kind, i) => textInput(t("board.name"), () => name(draft[kind][i].name || ""),
    (v) => { draft[kind][i].name = v; }, {path: `${kind}[${i}].name`});

  const landmarks = draft.landmarks.map((m, i) => row("landmarks", i,
    [idInput("landmarks", i), nameInput("landmarks", i)], m.id || `${t("board.landmark")} ${i + 1}`));
  const locations = draft.locations.map((l, i) => {
    const [mark, markField] = select(t("board.landmark"), landmarkIds.map((id) => [id, labelOf(draft.landmarks, id)]),
      l.landmark, (v) => { l.landmark = v; save(); fieldMessage(mark, v ? "" : t("board.landmark.none")); },
      `locations[${i}].landmark`);
    if (checked && !l.landmark) fieldMessage(mark, t("board.landmark.none"));
    return row("locations", i, [idInput("locations", i), nameInput("locations", i), markField], l.id || `${t("board.location")} ${i + 1}`);
  });
  const places = locationIds.map((id) => [id, labelOf(draft.locations, id)]);
  const paths = draft.paths.map((p, i) => {
    const ends = [0, 1].map((j) => select(t(j ? "board.path.to" : "board.path.from"), places, p[j], (v) => {
      p[j] = v;
      save();
      fieldMessage(ends[0][0], pathProblem(i));
    }, `paths[${i}][${j}]`));
    if (p[0] || p[1] || checked) fieldMessage(ends[0][0], pathProblem(i));
    ends[0][0].setAttribute("data-path", `paths[${i}]`);  // a problem with the whole path goes beside its first end
    return row("paths", i, ends.map(([, f]) => f), `${labelOf(draft.locations, p[0]) || "?"} – ${labelOf(draft.locations, p[1]) || "?"}`);
  });
  const add = (kind, entry, label) => h("button", {type: "button", "data-focus": `add-${kind}`, onclick: () => {
    draft[kind].push(entry());
    save();
    redraw();
  }}, label);

  const parts = [
    h("p", {class: "help"}, t("board.help")),
    h("div", {class: "buttons"},
      h("button", {type: "button", "data-focus": "board-from", onclick: () => { startFrom(world.board); redraw(); }}, t("board.from")),
      h("button", {type: "button", "data-focus": "board-empty", onclick: () => { setBoardDraft(null); redraw(); }}, t("board.empty"))),
    textInput(t("board.title"), () => (typeof draft.name === "string" ? draft.name : name(draft.name)), (v) => { draft.name = v; }, {path: "name"}),
    h("h4", {}, t("board.landmarks")), h("ol", {class: "edit-list"}, landmarks),
    add("landmarks", () => ({id: "", name: ""}), t("board.add.landmark")),
    h("h4", {}, t("board.locations")), h("ol", {class: "edit-list"}, locations),
    add("locations", () => ({id: "", name: "", landmark: landmarkIds[0] ?? "", at: null}), t("board.add.location")),
    h("h4", {}, t("board.paths")), h("ol", {class: "edit-list"}, paths),
    add("paths", () => ["", ""], t("board.add.path")),
    draft.locations.length ? [h("h4", {}, t("board.map")), mapPart()] : null];
  const result = h("div", {"aria-live": "polite"});
  const check = async (then) => {
    const text = boardYaml(documentOf());
    try {
      const board = await api("POST", "/v1/board/check", {text, contentType: "application/yaml"});
      checked = [];
      then(board, text);
    } catch (error) {
      checked = failure(error);
      redraw();
    }
  };
  parts.push(h("div", {class: "buttons"},
    h("button", {type: "button", class: "primary", "data-focus": "board-use", onclick: () => check((board) => use(board))}, t("board.use")),
    h("button", {type: "button", "data-focus": "board-download", onclick: () => check((board, text) => {
      download("board.yaml", text, "application/yaml");
      redraw();
    })}, t("board.download"))), result);
  if (checked && checked.length) {
    const form = h("div", {}, parts);
    result.append(placeProblems(form, checked) ?? h("p", {class: "bad", role: "alert"}, t("board.see.fields")));
    return form;
  }
  return parts;
}
