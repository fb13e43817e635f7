// Your games (#/games): the games this browser played to the end, kept in localStorage with
// their finished view (issue 20), as a table and a chart of scores over time; #/games/<id>
// replays one turn by turn (replay.js) from that stored view alone, so that a game the server
// no longer keeps still replays.
import {image} from "../shared/charts.js";
import {fill, h} from "../shared/dom.js";
import {t} from "../shared/i18n.js";
import {rankText, scoreText, sequenceText, when} from "./said.js";
import {replay} from "./replay.js";
import {forgetHistory, readHistory} from "../shared/played.js";

/** The games as a table, the latest first, each with a link to its replay (on a phone, a block
 * per game, each cell labelled by its column: history.css). */
function gameTable(games) {
  const columns = ["date", "mode", "sequence", "result", "score", "rank", "replay"];
  return h("div", {class: "scroll"}, h("table", {class: "history"},
    h("caption", {}, t("history.caption", {n: games.length})),
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", {scope: "col"}, t(`history.col.${c}`))))),
    h("tbody", {}, [...games].reverse().map((g) => h("tr", {"data-game": g.id, class: g.view.state},
      [when(g), t(`mode.${g.view.mode}`), sequenceText(g), t(`state.${g.view.state}`), scoreText(g), rankText(g),
       h("a", {href: `#/games/${encodeURIComponent(g.id)}`, "aria-label": t("history.replay.game", {when: when(g)})},
         t("history.replay"))]
        .map((cell, i) => h("td", {"data-col": columns[i], "data-label": t(`history.col.${columns[i]}`)}, cell)))))));
}

/** The chart's size (SVG units, drawn about as wide as a phone shows it, so its text stays >= 12 px). */
const CHART = {width: 340, height: 170, left: 40, right: 12, top: 12, bottom: 28};

/**
 * The scores over time: each game in the order played along the axis, a won game's score as a
 * point on a line, a lost game (no score) as a cross at the foot; named for assistive technology.
 */
function scoreChart(games) {
  const won = games.filter((g) => g.view.end.score !== null);
  if (!won.length) return h("p", {class: "note"}, t("history.chart.none"));
  const {width, height, left, right, top, bottom} = CHART;
  const scores = won.map((g) => g.view.end.score);
  const [low, high] = [Math.min(0, ...scores), Math.max(10, ...scores)];
  const x = (i) => left + (games.length > 1 ? (i / (games.length - 1)) * (width - left - right) : (width - left - right) / 2);
  const y = (s) => top + ((high - s) / (high - low)) * (height - top - bottom);
  const placed = games.map((g, i) => ({g, at: x(i)}));
  const points = placed.filter(({g}) => g.view.end.score !== null);
  const line = points.map(({g, at}, k) => `${k ? "L" : "M"}${at.toFixed(1)},${y(g.view.end.score).toFixed(1)}`).join(" ");
  const label = t("history.chart");
  const description = t("history.chart.desc", {won: won.length, lost: games.length - won.length,
                                                  best: Math.max(...scores), last: scores[scores.length - 1]});
  const levels = [...new Set([low, Math.round((low + high) / 2), high])];
  return h("figure", {class: "history-chart"}, image(label, description, width, height, [
    h("g", {class: "sc-grid"}, levels.map((s) => h("line", {x1: left, x2: width - right, y1: y(s), y2: y(s)}))),
    h("g", {class: "sc-labels"},
      levels.map((s) => h("text", {x: left - 6, y: y(s) + 4, "text-anchor": "end"}, String(s))),
      h("text", {x: x(0), y: height - 8, "text-anchor": games.length > 1 ? "start" : "middle"}, "1"),
      games.length > 1 ? h("text", {x: x(games.length - 1), y: height - 8, "text-anchor": "end"}, String(games.length)) : null),
    h("path", {class: "sc-now", d: line}),
    points.map(({g, at}) => h("circle", {class: "hc-won", cx: at, cy: y(g.view.end.score), r: 4},
      h("title", {}, `${when(g)}: ${scoreText(g)} (${rankText(g)})`))),
    placed.filter(({g}) => g.view.end.score === null).map(({g, at}) => h("path", {class: "hc-lost",
      d: `M${at - 4},${y(low) - 4} l8,8 m0,-8 l-8,8`}, h("title", {}, `${when(g)}: ${t("state.lost")}`))),
  ]), h("figcaption", {class: "help"}, t("history.chart.axis")));
}

/** What the store held and could not be read, said (the page goes on without it). */
function storeProblem({unreadable, skipped}, redraw) {
  if (!unreadable && !skipped) return null;
  const forget = () => {
    forgetHistory();
    redraw();
  };
  return h("div", {class: "panel problems", role: "alert"},
    h("p", {}, unreadable ? t("history.unreadable") : t("history.skipped", {n: skipped})),
    h("button", {type: "button", onclick: forget}, t("history.clear")));
}

export async function render(main) {
  const redraw = () => render(main);
  const stored = readHistory();
  const id = decodeURIComponent(location.hash.replace(/^#\/?/, "").split("/")[1] ?? "");
  if (id) {
    const game = stored.games.find((g) => g.id === id);
    if (game) return replay(main, game);
    return fill(main, h("h1", {}, t("replay.title")), h("p", {class: "note"}, t("replay.none")),
      h("p", {}, h("a", {href: "#/games", class: "history-link"}, t("replay.back"))));
  }
  return fill(main, h("h1", {}, t("page.games")), storeProblem(stored, redraw),
    stored.games.length
      ? [h("section", {class: "panel", "aria-labelledby": "scores-h"}, h("h2", {id: "scores-h"}, t("history.scores")),
           scoreChart(stored.games)),
         h("section", {class: "panel", "aria-labelledby": "played-h"}, h("h2", {id: "played-h"}, t("history.played")),
           gameTable(stored.games))]
      : h("section", {class: "panel empty"}, h("p", {}, t("history.empty")),
          h("p", {}, h("a", {href: "#/play", class: "button primary"}, t("history.start")))));
}
