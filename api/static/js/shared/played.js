// The games this browser played to the end (issue 20), kept in localStorage with their finished
// view: the Play page records a game as it ends, Your games (games/) reads them back. Kept here,
// apart from both pages, as neither page imports the other.
import {t} from "./i18n.js";
import {notify} from "./status.js";

const KEY = "bs.history";  // [{id, sequence, reverse, started, ended, view}], oldest first
/** The most games kept: the oldest go first. */
const MOST = 200;

const isText = (x) => typeof x === "string";
const isEntry = (e) => e !== null && typeof e === "object" && Number.isInteger(e.slot) && isText(e.kind);

/** Whether a stored game holds what the table and the replay read (anything else is left out). */
function readable(g) {
  const v = g?.view;
  return g !== null && typeof g === "object" && isText(g.id) && isText(g.ended) && !Number.isNaN(Date.parse(g.ended))
    && v !== null && typeof v === "object" && ["won", "lost"].includes(v.state) && isText(v.mode)
    && Number.isInteger(v.length) && v.length > 0 && isText(v.moves) && Array.isArray(v.trail) && v.trail.every(isEntry)
    && v.end !== null && typeof v.end === "object" && isText(v.end.reason)
    && (v.end.score === null || Number.isFinite(v.end.score));
}

/** The stored games (oldest first), with what could not be read: the whole store (`unreadable`),
 * or how many games in it (`skipped`). */
export function readHistory() {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? "[]");
  } catch {
    return {games: [], unreadable: true, skipped: 0};
  }
  if (!Array.isArray(stored)) return {games: [], unreadable: true, skipped: 0};
  const games = stored.filter(readable);
  return {games, unreadable: false, skipped: stored.length - games.length};
}

/** Forget every stored game (the store could not be read, and the player chose to clear it). */
export function forgetHistory() {
  localStorage.removeItem(KEY);
}

/** Store the games, the last MOST of them, and fewer when the browser's storage is full. */
function saveHistory(games) {
  let kept = games.slice(-MOST);
  for (;;) {
    try {
      localStorage.setItem(KEY, JSON.stringify(kept));
      return;
    } catch (error) {
      if (kept.length <= 1) throw error;
      kept = kept.slice(Math.ceil(kept.length / 4));
    }
  }
}

/**
 * Keep a game that has ended, once: `entry` is the play page's record of it (its id,
 * sequence, when it started), `view` its finished view, kept whole but for what only a game in
 * play needs. What the store held and could not be read is replaced.
 */
export function recordGame(entry, view) {
  const {games} = readHistory();
  if (!view.end || games.some((g) => g.id === entry.id)) return;
  const {actions, pending, fog_warning: warning, ...kept} = view;  // what only a game in play needs goes
  try {
    saveHistory([...games, {id: entry.id, sequence: entry.sequence ?? null, reverse: entry.reverse ?? false,
                            started: entry.started ?? null, ended: new Date().toISOString(), view: kept}]);
  } catch {
    notify(t("history.full"));
  }
}
