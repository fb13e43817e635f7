// WHO progress (the hints' `progress`, deduce/who/progress.py ProgressJSON), shared by the play
// and table pages: said as the terminal's hint screen says it (deduce/cli/play.py
// progress_lines), with the chance of being proven within j more clues drawn as a small chart.
import {h} from "./dom.js";
import {lang, t} from "./i18n.js";
import {ladyName, traitName} from "./words.js";

/**
 * A number with `digits` decimals (0 or 1) as Python's format() writes it: the exact binary
 * value rounded, a tie to the even digit (toFixed breaks a tie upwards). The engine's words
 * are made by Python; the page's own renderings of them must give the same figures.
 */
export function fixed(x, digits) {
  const scaled = digits === 0 ? x : x * 10;
  // A tie is exact only when the scaled value's fraction is exactly one half; with one decimal
  // that needs x to be an odd number of quarters (x * 4 is exact in binary).
  const tie = digits === 0 ? Math.abs(scaled % 1) === 0.5 : Number.isInteger(x * 4) && Math.abs(x * 4) % 2 === 1;
  if (!tie) return x.toFixed(digits);
  const even = Math.floor(scaled) % 2 === 0 ? Math.floor(scaled) : Math.ceil(scaled);
  return (digits === 0 ? even : even / 10).toFixed(digits);
}

/** A decimal in the page's language: a comma in Italian and Russian, as the engine writes them. */
export const decimal = (x, digits = 1) => (lang() === "en" ? fixed(x, digits) : fixed(x, digits).replace(".", ","));

/** A chance as a whole percentage, "<1" and ">99" near the ends (the terminal's chance_text). */
export function chanceText(chance) {
  const whole = Number(fixed(100 * chance, 0));
  const shown = chance > 0 && whole === 0 ? "<1" : chance < 1 && whole === 100 ? ">99" : String(whole);
  return lang() === "en" ? `${shown}%` : `${shown} %`;
}

const CHART = {width: 260, height: 96, left: 30, bottom: 20, top: 8};

/**
 * ``solved_within`` as a bar chart: bar j is the chance that her traits are proven once j more
 * clues are in hand. Its accessible name says what it shows and every bar's figure.
 */
function withinChart(within, withCard) {
  const name = `${t("progress.chart", {with_: withCard})}: ${within.map((p, j) => t("progress.chart.point", {j, chance: chanceText(p)})).join(", ")}`;
  const {width, height, left, bottom, top} = CHART;
  const plot = height - bottom - top;
  const step = (width - left - 4) / within.length;
  const y = (p) => top + plot * (1 - p);
  const svg = h("svg", {viewBox: `0 0 ${width} ${height}`, class: "within-chart", role: "img", "aria-label": name},
    h("title", {}, name),
    [0, 0.5, 1].map((p) => [h("line", {x1: left - 3, x2: width, y1: y(p), y2: y(p), class: "grid"}),
                            h("text", {x: left - 6, y: y(p) + 4, class: "tick y"}, chanceText(p))]),
    within.map((p, j) => [
      h("rect", {x: left + j * step + 2, y: y(p), width: Math.max(step - 4, 1), height: Math.max(plot * p, 0.5), class: "bar",
                 "data-j": j}),
      h("text", {x: left + j * step + step / 2, y: height - 6, class: "tick x"}, String(j))]));
  return h("figure", {class: "within"}, svg, h("figcaption", {}, t("progress.chart.axis")));
}

/** WHO progress in words, in the page's language, and its chart. */
export function progressPanel(progress) {
  const lines = [];
  const box = (...children) => h("div", {class: "progress", "aria-labelledby": "progress-h", role: "group"},
    h("h4", {id: "progress-h"}, t("progress.title")), children);
  if (progress.proven) return box(h("p", {class: "proven"}, t("progress.proven")));
  const withCard = progress.suit_card !== "revealed" ? t("progress.with") : "";
  lines.push(h("p", {"data-line": "suit-card"}, t(`progress.suit-card.${progress.suit_card}`)));
  const proving = progress.deck.filter((c) => c.proves > 0).map((c) => ladyName(c.card));
  lines.push(h("p", {"data-line": "next"}, proving.length
    ? t("progress.next", {with_: withCard, chance: chanceText(progress.next_clue), cards: proving.join(t("progress.or"))})
    : t("progress.next.none", {with_: withCard})));
  lines.push(h("p", {"data-line": "expected"}, progress.expected_clues === null ? t("progress.expected.never")
    : t("progress.expected", {with_: withCard, n: decimal(progress.expected_clues)})));
  const guess = progress.guess;
  lines.push(h("p", {"data-line": "guess", class: guess.traits.length ? null : "contradiction"}, guess.traits.length
    ? t("progress.guess", {traits: guess.traits.map(traitName).join(", "), chance: chanceText(guess.chance)})
    : t("progress.guess.none")));
  return box(lines, withinChart(progress.solved_within, withCard));
}
