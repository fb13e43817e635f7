// The map from GET /v1/board, as SVG: places, paths, the pawn, keys claimed, her odds.
import {h} from "./dom.js";
import {percent, t} from "./i18n.js";
import {landmarkName, placeName, world} from "./words.js";

const SCALE = 64;  // SVG units per board unit
const R = 17;      // a place's radius

/** Each location's point: its `at` on the board, or a ring when the board has no drawing. */
function points() {
  const locs = world.board.locations;
  const drawn = locs.every((l) => Array.isArray(l.at));
  return new Map(locs.map((l, i) => {
    const angle = (2 * Math.PI * i) / locs.length;
    const [x, y] = drawn ? l.at : [4 + 4 * Math.cos(angle), 4 + 4 * Math.sin(angle)];
    return [l.id, [x * SCALE, y * SCALE]];
  }));
}

/** A name cut into lines short enough to sit under a place. */
function lines(text) {
  const words = text.split(" ");
  const out = [""];
  for (const word of words) {
    const last = out[out.length - 1];
    if (last && (last + " " + word).length > 14) out.push(word);
    else out[out.length - 1] = last ? `${last} ${word}` : word;
  }
  return out;
}

/**
 * The map. Options: pawn, visited (ids), odds ({id: p}), topLandmark (places sharing it are
 * ringed), pickable (ids that can be clicked or keyed), onPick(id), label (its accessible name).
 */
export function drawMap({pawn = null, visited = [], odds = null, topLandmark = null, pickable = [], onPick = null,
                         label = t("map")} = {}) {
  const at = points();
  const xs = [...at.values()].map((p) => p[0]);
  const ys = [...at.values()].map((p) => p[1]);
  const pad = 80;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - 40, Math.max(...xs) - Math.min(...xs) + 2 * pad,
               Math.max(...ys) - Math.min(...ys) + 40 + 90];
  const svg = h("svg", {viewBox: box.join(" "), class: "map", role: "group", "aria-label": label,
                        "data-focus-group": pickable.length ? "map" : null});
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
    const g = h("g", {class: classes, "data-location": loc.id},
      h("title", {}, `${name} (${landmarkName(loc.landmark)})${chance === null ? "" : `: ${percent(chance)}`}`),
      h("circle", {cx: x, cy: y, r: R + 9, class: "ring"}),
      h("circle", {cx: x, cy: y, r: R, class: "dot",
                   style: chance === null ? null : `fill: rgba(168, 28, 52, ${0.08 + 0.92 * chance})`}),
      chance === null ? null : h("text", {x, y: y + 5, class: "odds"}, `${Math.round(100 * chance)}`),
      loc.id === pawn ? h("path", {d: `M${x - 9} ${y - R - 4} l9 -16 l9 16 z`, class: "pawn-mark"}) : null,
      lines(name).map((line, i) => h("text", {x, y: y + R + 20 + 19 * i, class: "label"}, line)));
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
  return h("figure", {class: "map-box"}, svg,
    h("figcaption", {class: "legend"},
      pawn ? h("span", {class: "lg lg-pawn"}, t("legend.pawn")) : null,
      visited.length ? h("span", {class: "lg lg-visited"}, t("legend.visited")) : null,
      topLandmark ? h("span", {class: "lg lg-top"}, `${landmarkName(topLandmark)}: ${t("legend.top")}`) : null));
}
