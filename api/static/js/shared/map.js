// The map from GET /v1/board, as SVG: places, paths, the pawn, keys claimed, her odds.
import {fill, h} from "./dom.js";
import {percent, t} from "./i18n.js";
import {fogSymbol, keySymbol} from "./symbols.js";
import {landmarkName, placeName, world} from "./words.js";

/**
 * How a map is laid out: board units to SVG units across and down, a place's radius, the
 * padding around the places, the longest line of a name (characters), and the names' and
 * chances' font sizes (the style sheet's, set on the map as custom properties).
 *
 * The wide layout is the board's own shape. The narrow one is for a map shown narrower than
 * NARROW_BELOW CSS pixels (a phone's, 375 px, or a column beside another): it is drawn about as
 * wide in SVG units as it is shown in CSS pixels, so that names and chances are at least 12 px;
 * the board is stretched downwards, where a phone has room, and names are cut into short
 * lines, so that they do not run into each other.
 */
const WIDE = {across: 64, down: 64, r: 17, pad: [80, 40, 80, 90], line: 14, label: 17, odds: 15};
const NARROW = {width: 310, stretch: 2.2, r: 14, pad: [32, 38, 32, 62], line: 10, label: 13, odds: 12.5};
const NARROW_BELOW = 480;
const PHONE = "(max-width: 600px)";

/**
 * Call `redraw` when the screen goes from a phone's width to a wider one or back (a phone
 * turned); only the latest redraw given is kept. A map needs none (it lays itself out again
 * for its width): this is for what a page draws around it.
 */
let onTurn = null;
export function redrawOnTurn(redraw) {
  if (!onTurn) window.matchMedia(PHONE).addEventListener("change", () => onTurn?.());
  onTurn = redraw;
}

/** Each location's point on the board: its `at`, or a ring when the board has no drawing. */
function boardPoints() {
  const locs = world.board.locations;
  const drawn = locs.every((l) => Array.isArray(l.at));
  return locs.map((l, i) => {
    const angle = (2 * Math.PI * i) / locs.length;
    return [l.id, drawn ? l.at : [4 + 4 * Math.cos(angle), 4 + 4 * Math.sin(angle)]];
  });
}

/** The layout (as WIDE) for a phone or not, its scales fitted to the board when narrow. */
function layout(compact) {
  if (!compact) return WIDE;
  const xs = boardPoints().map(([, p]) => p[0]);
  const span = Math.max(...xs) - Math.min(...xs) || 1;
  const across = (NARROW.width - NARROW.pad[0] - NARROW.pad[2]) / span;
  return {...NARROW, across, down: across * NARROW.stretch};
}

/** A name cut into lines of at most `most` characters (a longer word keeps a line of its own). */
function lines(text, most) {
  const words = text.split(" ");
  const out = [""];
  for (const word of words) {
    const last = out[out.length - 1];
    if (last && (last + " " + word).length > most) out.push(word);
    else out[out.length - 1] = last ? `${last} ${word}` : word;
  }
  return out;
}

/** Where a label may sit around its place, in order of preference: its box, its anchor, its first baseline. */
const SIDES = {
  below: (x, y, r, w, hgt) => ({rect: [x - w / 2, y + r + 3, w, hgt], anchor: "middle", tx: x, ty: y + r + 3}),
  right: (x, y, r, w, hgt) => ({rect: [x + r + 5, y - hgt / 2, w, hgt], anchor: "start", tx: x + r + 5, ty: y - hgt / 2}),
  left: (x, y, r, w, hgt) => ({rect: [x - r - 5 - w, y - hgt / 2, w, hgt], anchor: "end", tx: x - r - 5, ty: y - hgt / 2}),
  above: (x, y, r, w, hgt) => ({rect: [x - w / 2, y - r - 22 - hgt, w, hgt], anchor: "middle", tx: x, ty: y - r - 22 - hgt}),
};

const overlap = ([ax, ay, aw, ah], [bx, by, bw, bh]) =>
  Math.max(0, Math.min(ax + aw, bx + bw) - Math.max(ax, bx)) * Math.max(0, Math.min(ay + ah, by + bh) - Math.max(ay, by));

/** How much of the segment p–q runs inside a box (Liang–Barsky clipping). */
function inside([x, y, w, hgt], [px, py], [qx, qy]) {
  const [dx, dy] = [qx - px, qy - py];
  let [t0, t1] = [0, 1];
  for (const [p, q] of [[-dx, px - x], [dx, x + w - px], [-dy, py - y], [dy, y + hgt - py]]) {
    if (p === 0) {
      if (q < 0) return 0;
    } else if (p < 0) {
      t0 = Math.max(t0, q / p);
    } else {
      t1 = Math.min(t1, q / p);
    }
  }
  return t1 > t0 ? (t1 - t0) * Math.hypot(dx, dy) : 0;
}

/**
 * Where each place's name goes: below it, or right, left or above when that runs into another
 * place or name, a path or out of the map (the side that runs into least, when every side does). The
 * layout depends on the board and the names alone, so it stays put as the game goes on (the
 * place above a place is kept clear of the pawn's mark).
 */
function placeLabels(at, names, shape, box) {
  const r = shape.r;
  const dot = ([x, y]) => [x - r - 4, y - r - 4, 2 * r + 8, 2 * r + 8];
  const taken = [...at.values()].map(dot);  // every place's dot, then each name placed
  const [bx, by, bw, bh] = box;
  const paths = world.board.paths.map(([a, b]) => [at.get(a), at.get(b)]);
  const placed = new Map();
  for (const [id, [x, y]] of at) {
    const text = names.get(id);
    const w = Math.max(...text.map((l) => l.length)) * 0.58 * shape.label;
    const hgt = text.length * 1.12 * shape.label;
    const own = dot([x, y]).join();
    let best = null;
    for (const side of Object.values(SIDES)) {
      const spot = side(x, y, r, w, hgt);
      const outside = spot.rect[2] * spot.rect[3] - overlap(spot.rect, [bx, by, bw, bh]);
      const crossed = paths.reduce((sum, [a, b]) => sum + inside(spot.rect, a, b), 0);  // a path under a name: less bad
      const cost = outside + crossed * shape.label / 2
        + taken.filter((o) => o.join() !== own).reduce((sum, o) => sum + overlap(spot.rect, o), 0);
      if (!best || cost < best.cost) best = {...spot, cost};
      if (cost === 0) break;
    }
    taken.push(best.rect);
    placed.set(id, best);
  }
  return placed;
}

/**
 * The map, in a figure that lays it out again for its width whenever that crosses
 * NARROW_BELOW (a phone turned, a window resized). Options: pawn, visited (ids), odds
 * ({id: p}), topLandmark (places sharing it are ringed), topFog (a fog card is on top), pickable (ids that can be clicked or
 * keyed), onPick(id), label (its accessible name).
 */
export function drawMap(options = {}) {
  const figure = h("figure", {class: "map-box"});
  let compact = null;
  const draw = (width) => {
    if (!width || (width < NARROW_BELOW) === compact) return;  // not laid out yet, or laid out for this width
    compact = width < NARROW_BELOW;
    fill(figure, mapSvg({...options, compact}), legend(options));
  };
  draw(window.innerWidth);  // a first guess, corrected before the figure is painted
  new ResizeObserver(([entry]) => draw(entry.contentRect.width)).observe(figure);
  return figure;
}

/** The map's SVG (see drawMap), laid out for a narrow figure or not. */
function mapSvg({pawn = null, visited = [], odds = null, topLandmark = null, pickable = [], onPick = null,
                 label = t("map"), compact = false}) {
  const shape = layout(compact);
  const R = shape.r;
  const at = new Map(boardPoints().map(([id, [x, y]]) => [id, [x * shape.across, y * shape.down]]));
  const xs = [...at.values()].map((p) => p[0]);
  const ys = [...at.values()].map((p) => p[1]);
  const [left, top, right, bottom] = shape.pad;
  const box = [Math.min(...xs) - left, Math.min(...ys) - top, Math.max(...xs) - Math.min(...xs) + left + right,
               Math.max(...ys) - Math.min(...ys) + top + bottom];
  const svg = h("svg", {viewBox: box.join(" "), class: "map", role: "group", "aria-label": label,
                        "data-focus-group": pickable.length ? "map" : null,
                        style: `--label-size: ${shape.label}px; --odds-size: ${shape.odds}px`});
  const names = new Map(world.board.locations.map((l) => [l.id, lines(placeName(l.id), shape.line)]));
  const spots = placeLabels(at, names, shape, box);
  for (const [a, b] of world.board.paths) {
    const [p, q] = [at.get(a), at.get(b)];
    svg.append(h("line", {x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "path"}));
  }
  for (const loc of world.board.locations) {
    const [x, y] = at.get(loc.id);
    const chance = odds ? odds[loc.id] ?? 0 : null;
    const canPick = pickable.includes(loc.id);
    const name = placeName(loc.id);
    const classes = ["place", visited.includes(loc.id) ? "visited" : "", loc.id === pawn ? "pawn" : "",
                     canPick ? "pick" : "", topLandmark && loc.landmark === topLandmark ? "top" : ""].join(" ");
    // Where a tap or a click finds the place: its dot, its name and what lies between them.
    const [lx, ly, lw, lh] = spots.get(loc.id).rect;
    const [hx, hy] = [Math.min(lx, x - R), Math.min(ly, y - R)];
    const g = h("g", {class: classes, "data-location": loc.id},
      h("title", {}, `${name} (${landmarkName(loc.landmark)})${chance === null ? "" : `: ${percent(chance)}`}`),
      h("rect", {x: hx, y: hy, width: Math.max(lx + lw, x + R) - hx, height: Math.max(ly + lh, y + R) - hy, class: "hit"}),
      h("circle", {cx: x, cy: y, r: R + 9, class: "ring"}),
      h("circle", {cx: x, cy: y, r: R, class: "dot",
                   style: chance === null ? null : `fill: rgba(168, 28, 52, ${0.08 + 0.92 * chance})`}),
      chance === null ? null : h("text", {x, y: y + shape.odds / 3, class: "odds"}, `${Math.round(100 * chance)}`),
      loc.id === pawn ? h("path", {d: `M${x - 9} ${y - R - 4} l9 -16 l9 16 z`, class: "pawn-mark"}) : null,
      visited.includes(loc.id) ? placeKey(x + R * 0.55, y - R * 1.9, R * 1.5) : null,
      names.get(loc.id).map((line, i) => {
        const spot = spots.get(loc.id);
        return h("text", {x: spot.tx, y: spot.ty + shape.label * (1 + 1.12 * i) - 0.12 * shape.label, class: "label",
                          "text-anchor": spot.anchor}, line);
      }));
    if (canPick) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", t("move.to.place", {place: name}));
      g.addEventListener("click", () => onPick(loc.id));
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(loc.id); }
      });
    }
    svg.append(g);
  }
  return svg;
}

/** The key drawn beside a place whose key is claimed (named: the place's title says which place). */
const placeKey = (x, y, size) => keySymbol({label: t("sym.key.claimed"), at: [x, y, size]});

/** What the marks on the map mean; with a fog card on top, the fog card (the drawing is the map's only). */
function legend({pawn = null, visited = [], topLandmark = null, topFog = false}) {
  return h("figcaption", {class: "legend"},
    pawn ? h("span", {class: "lg lg-pawn"}, t("legend.pawn")) : null,
    visited.length ? h("span", {class: "lg lg-visited"}, t("legend.visited")) : null,
    topLandmark ? h("span", {class: "lg lg-top"}, `${landmarkName(topLandmark)}: ${t("legend.top")}`) : null,
    topFog ? h("span", {class: "lg-sym"}, fogSymbol(), `${t("top")}: ${t("top.fog")}`) : null);
}
