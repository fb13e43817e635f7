// The replay of a finished game of this browser's history, turn by turn, from the finished view
// alone (its trail, SPEC 8: what a careful player wrote down, and nothing hidden): each turn's
// top card and what happened on it in words, the keys claimed by then, and the map with the
// places she could be at as the player could know them then (the trail so far, POST /v1/track).
import {api} from "../shared/api.js";
import {fill, h, keepFocus} from "../shared/dom.js";
import {percent, t} from "../shared/i18n.js";
import {drawMap} from "../shared/map.js";
import {errorText} from "../shared/status.js";
import {trailText} from "../shared/trail.js";
import {ladyName, landmarkName, placeName} from "../shared/words.js";
import {rankText, scoreText, sequenceText, when} from "./said.js";

/** Whether a trail entry shows a later card ahead of time (a fog card's glimpse or keyhole, the
 * entry right after its fog_card entry) rather than the turn's own top card. */
const ahead = (entry, before) => before?.kind === "fog_card" && entry.slot > before.slot
  && /^(glimpse|keyhole)\./.test(before.result ?? "");

/**
 * The turns of a trail: one per top card seen, each with its slot, its entries, and `upto`, how
 * much of the trail was written by the turn's end. A turn starts where a later top card is seen
 * (not one seen ahead of time); the countdown card coming up goes with the top card that follows
 * it (it comes up as the deck moves, between two turns or in the middle of a flight).
 */
export function turns(trail) {
  const found = [];
  let waiting = [];  // countdown entries, till the next top card or entry of a turn
  trail.forEach((entry, i) => {
    if (entry.kind === "countdown") {
      waiting.push(entry);
      return;
    }
    const top = ["landmark", "fog"].includes(entry.kind) && !ahead(entry, trail[i - 1]);
    const last = found[found.length - 1];
    if (!last || (top && entry.slot > last.slot)) found.push({slot: entry.slot, entries: [], upto: 0});
    const turn = found[found.length - 1];
    turn.entries.push(...waiting, entry);
    turn.upto = i + 1;
    waiting = [];
  });
  if (waiting.length && found.length) {
    const last = found[found.length - 1];
    last.entries.push(...waiting);
    last.upto = trail.length;
  }
  return found;
}

/** What the replay shows, kept across redraws: the game and its turn, her odds by turn, and how to
 * draw it again and go to a turn (the latest drawing's: an answer may come after the page was
 * drawn anew). */
const shown = {id: null, at: 0, odds: new Map(), redraw: null, go: null};

/**
 * The keys that step through the replay shown, wherever the focus is but in a field (the page
 * puts it on the view, or on the controls): ← and → a turn back and forward, Home and End the
 * first and the last turn. Listened to once, for the page's life.
 */
function stepByKey(e) {
  const box = document.querySelector(".replay[data-game]");
  if (!box || box.dataset.game !== shown.id || !shown.go || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (e.target instanceof Element && e.target.closest("input, select, textarea, [contenteditable]")) return;
  const moves = {ArrowLeft: shown.at - 1, ArrowRight: shown.at + 1, Home: 0, End: Infinity};
  if (!(e.key in moves)) return;
  e.preventDefault();
  shown.go(moves[e.key]);
}
let listening = false;

/** Her odds after a turn, as the player could know them (the trail so far), asked once per turn. */
function askOdds(game, turn, at) {
  const key = `${game.id}:${at}`;
  if (shown.odds.has(key)) return shown.odds.get(key);
  shown.odds.set(key, {asking: true});
  const trail = game.view.trail.slice(0, turn.upto);
  api("POST", "/v1/track", {body: {length: game.view.length, moves: game.view.moves, now: turn.slot, trail}})
    .then((tracking) => shown.odds.set(key, {tracking}), (error) => shown.odds.set(key, {failed: errorText(error)}))
    .then(() => { if (shown.id === game.id && shown.at === at) shown.redraw(); });
  return shown.odds.get(key);
}

/** The places she could be at, most likely first, in words. */
function candidates(odds) {
  if (odds.asking) return h("p", {class: "note"}, t("replay.odds.asking"));
  if (odds.failed) return h("p", {class: "note"}, `${t("replay.odds.failed")} ${odds.failed}`);
  if (odds.tracking.status === "contradiction") return h("p", {class: "note"}, t("replay.odds.none"));
  const places = Object.entries(odds.tracking.now.locations).filter(([, p]) => p > 0).sort((a, b) => b[1] - a[1]);
  return h("ul", {class: "candidates", "aria-label": t("replay.candidates")},
    places.map(([id, p]) => h("li", {"data-location": id}, `${placeName(id)}: ${percent(p)}`)));
}

/** How the game ended, said at its last turn (the finished view reveals her). */
function ending(view) {
  return h("p", {class: `replay-end ${view.state}`},
    `${view.state === "won" ? t("end.won") : t("end.lost")}. ${t(`reason.${view.end.reason}`)} `,
    view.end.dark_lady ? `${t("end.her")}: ${ladyName(view.end.dark_lady.card)}.` : null);
}

/**
 * The replay's frame, drawn once per game: the game in a line, the steps, and a box for the turn
 * that stays in the page while the turns go by (a live region, so that each turn is said).
 */
function frame(main, game) {
  if (!listening) document.addEventListener("keydown", stepByKey);
  listening = true;
  const box = h("section", {class: "panel replay", "data-game": game.id, "aria-labelledby": "turn-h"},
    h("div", {class: "buttons replay-steps", role: "group", "aria-label": t("replay.steps"), "data-focus-group": "steps"}),
    h("p", {class: "help"}, t("replay.keys")),
    h("div", {"aria-live": "polite", class: "replay-turn"}),
    h("div", {class: "columns"}));
  fill(main,
    h("h1", {}, t("replay.title")),
    h("p", {class: "replay-game"}, [when(game), t(`mode.${game.view.mode}`), sequenceText(game), t(`state.${game.view.state}`),
                                    `${t("end.score")}: ${scoreText(game)}`, `${t("end.rank")}: ${rankText(game)}`].join(" · ")),
    h("p", {}, h("a", {href: "#/games", class: "history-link"}, t("replay.back"))),
    box);
  return box;
}

/** Draw turn `shown.at` of a game: the turn in words when it changed, the steps, the map and her odds. */
function draw(main, game, all) {
  const redraw = () => main.isConnected && keepFocus(main, () => draw(main, game, all));
  const go = (at) => {
    shown.at = Math.max(0, Math.min(all.length - 1, at));
    for (const [key, odds] of shown.odds) if (odds.failed) shown.odds.delete(key);  // asked again when shown again
    redraw();
  };
  Object.assign(shown, {redraw, go});
  const at = shown.at;
  const turn = all[at];
  const top = turn.entries.find((e, i) => e.slot === turn.slot && ["landmark", "fog"].includes(e.kind)
    && !ahead(e, turn.entries[i - 1]));
  const odds = askOdds(game, turn, at);
  const keys = game.view.trail.slice(0, turn.upto).filter((e) => e.kind === "key").map((e) => e.location);
  const box = main.querySelector(`.replay[data-game="${CSS.escape(game.id)}"]`) ?? frame(main, game);
  const [steps, , said, columns] = box.children;
  const step = (name, to, disabled) => h("button", {type: "button", "data-focus": `replay-${name}`, disabled,
                                                    onclick: () => go(to)}, t(`replay.${name}`));
  fill(steps, step("first", 0, at === 0), step("previous", at - 1, at === 0),
    step("next", at + 1, at === all.length - 1), step("last", all.length - 1, at === all.length - 1));
  if (box.dataset.turn !== String(at + 1)) {
    box.dataset.turn = String(at + 1);
    fill(said,
      h("h2", {id: "turn-h"}, t("replay.turn", {n: at + 1, total: all.length})),
      h("p", {class: "replay-top"}, `${t("top")}: ${top?.kind === "landmark" ? landmarkName(top.landmark) : top ? t("top.fog") : "—"}`),
      h("ul", {class: "replay-events"}, turn.entries.map((e) => h("li", {class: e.kind}, trailText(e)))),
      at === all.length - 1 ? ending(game.view) : null);
  }
  fill(columns,
    drawMap({visited: keys, topLandmark: top?.landmark ?? null, odds: odds.tracking?.now.locations ?? null,
             label: t("replay.map", {n: at + 1})}),
    h("div", {class: "replay-odds", "data-odds": odds.tracking ? "shown" : odds.failed ? "failed" : "asking"},
      h("h3", {}, t("replay.candidates")), candidates(odds)));
}

/** Replay a game of the history (see history.js), from its first turn when it was not the one shown. */
export function replay(main, game) {
  if (shown.id !== game.id) Object.assign(shown, {id: game.id, at: 0, odds: new Map()});
  const all = turns(game.view.trail);
  if (!all.length) return fill(main, h("h1", {}, t("replay.title")), h("p", {class: "note"}, t("replay.empty")),
    h("p", {}, h("a", {href: "#/games", class: "history-link"}, t("replay.back"))));
  shown.at = Math.min(shown.at, all.length - 1);
  return draw(main, game, all);
}
