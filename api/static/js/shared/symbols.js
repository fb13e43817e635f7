// The game's things drawn here, as small inline SVG symbols on a 24 × 24 grid: a suit's emblem in
// its colour, a key, a fog card, the countdown card and the Dark Lady. Each function returns an
// <svg>, or with `at` a group to put in a drawing (the map): with `label` it is an image named by
// it (role="img"); without, a decoration beside its name in text (aria-hidden). Nothing is
// fetched: the page draws them offline.
import {h} from "./dom.js";

/**
 * A symbol of these shapes: named by `label` or hidden from assistive technology, painted in
 * `colour` (else the text's), `size` across; with `at` ([x, y, size] in a drawing's units) a
 * group placed there instead of an <svg>.
 */
function symbol(kind, shapes, {label = null, colour = null, size = "1.2em", at = null} = {}) {
  const attrs = {class: `sym sym-${kind}`, role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true"};
  const el = at ? h("g", {...attrs, transform: `translate(${at[0]} ${at[1]}) scale(${at[2] / 24})`}, shapes)
    : h("svg", {...attrs, viewBox: "0 0 24 24", width: size, height: size, focusable: "false"}, shapes);
  if (colour) el.style.setProperty("--sym", colour);
  return el;
}

const shape = (tag, attrs) => h(tag, attrs);
const fill = (d, extra = {}) => shape("path", {d, class: "sym-fill", ...extra});
const stroke = (d, extra = {}) => shape("path", {d, class: "sym-line", ...extra});

/** Each shipped suit's emblem (data/clues.yaml's suit ids), drawn in the suit's colour. */
const EMBLEMS = {
  rose: () => [fill("M12 3a7 7 0 1 0 0.01 0z"), stroke("M9 10.5a3 3 0 1 1 6 0a2 2 0 0 1-4 0", {class: "sym-light"}),
               stroke("M12 17v5M12 20l3-2", {class: "sym-line"})],
  acorn: () => [fill("M4.5 10a7.5 5.5 0 0 1 15 0z"), fill("M6.5 10.5h11v1.5a5.5 7.5 0 0 1-11 0z", {class: "sym-fill sym-soft"}),
                stroke("M12 4.5V2")],
  oak: () => [fill("M12 2c1.8 1.2 3.6 1.6 3.2 3.6 2.6-.2 3.4 1.6 2 3.2 2.4.6 2.4 2.8.4 3.8 1.6 1.4.8 3.4-1.6 3.2L13 22h-2l-3-6.2c-2.4.2-3.2-1.8-1.6-3.2-2-1-2-3.2.4-3.8-1.4-1.6-.6-3.4 2-3.2C8.4 3.6 10.2 3.2 12 2z"),
              stroke("M12 6v16", {class: "sym-light"})],
  thistle: () => [stroke("M8 10L5 3M10 10L9 2M12 10V1.5M14 10l1-8M16 10l3-7"), fill("M7 10h10l-2 6h-6z"),
                  stroke("M12 16v6M12 19l-3-2M12 20l3-2")],
  bluebell: () => [stroke("M6 3c4 0 7 2 7 6"), fill("M8 9c0-3 10-3 10 0v6l2 3H6l2-3z"), stroke("M9 18l-1 3M17 18l1 3M13 18v3")],
  sage: () => [fill("M12 22C4 17 4 8 9 3c3 4 4 12 3 19z"), fill("M12 22c7-4 9-11 6-16-4 3-6 9-6 16z", {class: "sym-fill sym-soft"}),
               stroke("M12 22V12", {class: "sym-light"})],
};

/** A suit's colour as CSS can paint it (a set's colour is any text a designer typed): grey else. */
function paint(colour) {
  return typeof colour === "string" && CSS.supports("color", colour) ? colour : "grey";
}

/**
 * A suit's emblem: `suit` is {id, colour} as a card set gives it; a suit the shipped set does not
 * have (a set of one's own) gets a plain pip of its colour.
 */
export function suitSymbol(suit, options = {}) {
  const draw = EMBLEMS[suit?.id] ?? (() => [shape("circle", {cx: 12, cy: 12, r: 8, class: "sym-fill"})]);
  return symbol(`suit-${EMBLEMS[suit?.id] ? suit.id : "pip"}`, draw(), {...options, colour: paint(suit?.colour)});
}

/** A key (a place's, claimed by entering it). */
export const keySymbol = (options = {}) => symbol("key", [
  stroke("M3 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0M11 12h10M17 12v4M20 12v3"),
], options);

/** A fog card: a card with drifting fog across it. */
export const fogSymbol = (options = {}) => symbol("fog", [
  shape("rect", {x: 4, y: 2, width: 16, height: 20, rx: 2.5, class: "sym-card"}),
  stroke("M6.5 8c2-1.5 3.5 1.5 5.5 0s3.5 1.5 5.5 0M6.5 12c2-1.5 3.5 1.5 5.5 0s3.5 1.5 5.5 0M6.5 16c2-1.5 3.5 1.5 5.5 0s3.5 1.5 5.5 0"),
], options);

/** The countdown card: a card with an hourglass. */
export const countdownSymbol = (options = {}) => symbol("countdown", [
  shape("rect", {x: 4, y: 2, width: 16, height: 20, rx: 2.5, class: "sym-card"}),
  stroke("M8 6h8M8 18h8M9 6c0 4 6 4 6 6s-6 2-6 6M15 6c0 4-6 4-6 6s6 2 6 6"),
], options);

/** The Dark Lady: a veiled head and shoulders, masked. */
export const ladySymbol = (options = {}) => symbol("lady", [
  fill("M12 2.5c3 0 5 2.3 5 5.5s-2 6-5 6-5-2.8-5-6 2-5.5 5-5.5zM3.5 22c.5-4.5 4-7 8.5-7s8 2.5 8.5 7z"),
  fill("M7.2 7.6h9.6v2.1c-1.5.9-3 .2-4.8 .2s-3.3.7-4.8-.2z", {class: "sym-mask"}),
], options);
