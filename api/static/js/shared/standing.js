// How the game stands (SPEC 10; GET /v1/games/{id}/standing, POST /v1/standing), shared by the Play and
// table pages: the standing in the player's words (the chance of winning and the points to expect if the
// plan is followed from here, each with its 95 % interval, and the games played out), and the chart of
// the expected points over the turns a standing was asked for, its interval as a band (charts.js image).
import {h} from "./dom.js";
import {t} from "./i18n.js";
import {image} from "./charts.js";
import {chanceText, decimal} from "./progress.js";

/** Points as the page's language writes them, whole. */
const points = (x) => decimal(x, 0);

/** A standing (StandingJSON) in words: "If you follow the plan from here: 96% chance to win (87%–99%), …". */
function standingText(standing) {
  const {win, points: pts, playouts} = standing;
  return t("standing.line", {chance: chanceText(win.chance), low: chanceText(win.low), high: chanceText(win.high),
                             mean: points(pts.mean), pmin: points(pts.low), pmax: points(pts.high), n: playouts});
}

/**
 * The standing's line: `asked` is {answer} (the standing), {said} (why there is none, in words), or null
 * while it is asked for (the rest of the page is shown meanwhile); announced when it comes.
 */
export function standingLine(asked) {
  const said = asked?.answer ? standingText(asked.answer) : asked ? asked.said : t("standing.loading");
  return h("p", {class: asked?.answer ? "standing" : asked ? "standing refused" : "standing note", "aria-live": "polite",
                 "aria-busy": asked ? null : "true"}, said);
}

const CHART = {width: 300, height: 120, left: 34, right: 10, top: 8, bottom: 22};

/** A turn's standing in the chart's accessible name: "turn 3: 38 points (34–42)". */
const pointText = ({turn, standing: {points: p}}) => t("standing.chart.point", {turn, mean: points(p.mean),
                                                                                 pmin: points(p.low), pmax: points(p.high)});

/** The y ticks of a chart of points up to `top`: 0, its middle and its top, whole. */
const yTicks = (top) => [0, Math.round(top / 2), top];

/**
 * The expected points over the turns (`turns`: [{turn, standing}] in the order of the turns), the 95 %
 * interval as a band, one dot per turn asked (a turn not asked is missing), as an SVG image whose name
 * says every point.
 */
export function standingChart(turns) {
  const {width, height, left, right, top, bottom} = CHART;
  const first = turns[0].turn;
  const last = Math.max(turns[turns.length - 1].turn, first + 1);
  const most = Math.max(10, ...turns.map((s) => Math.ceil(s.standing.points.high / 10) * 10));
  const x = (turn) => left + ((turn - first) / (last - first)) * (width - left - right);
  const y = (p) => top + (1 - p / most) * (height - top - bottom);
  const line = (pts) => pts.map(([tx, p], i) => `${i ? "L" : "M"}${x(tx).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
  const highs = turns.map((s) => [s.turn, s.standing.points.high]);
  const lows = turns.map((s) => [s.turn, s.standing.points.low]).reverse();
  const label = `${t("standing.chart")}: ${turns.map(pointText).join(", ")}`;
  return h("figure", {class: "standing-chart"},
    image(label, null, width, height, [
      yTicks(most).map((p) => h("line", {class: "grid", x1: left - 3, x2: width - right, y1: y(p), y2: y(p)})),
      h("path", {class: "band", d: `${line(highs)} ${line(lows).replace("M", "L")} Z`}),
      h("path", {class: "mean", d: line(turns.map((s) => [s.turn, s.standing.points.mean]))}),
      turns.map(({turn, standing: {points: p}}) => h("g", {class: "dot", "data-turn": turn},
        h("line", {x1: x(turn), x2: x(turn), y1: y(p.low), y2: y(p.high)}),
        h("circle", {cx: x(turn), cy: y(p.mean), r: 3}))),
      yTicks(most).map((p) => h("text", {class: "tick y", x: left - 6, y: y(p) + 4}, String(p))),
      [...new Set([first, turns[turns.length - 1].turn])].map((turn) => h("text", {class: "tick x", x: x(turn), y: height - 6}, String(turn)))]),
    h("figcaption", {}, t("standing.chart.axis")));
}
