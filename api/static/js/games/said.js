// A game of this browser's history in words (when it ended, its stealth sequence, its score and
// rank): the table of Your games (history.js) and the head of its replay (replay.js) say it alike.
import {lang, t} from "../shared/i18n.js";
import {sequenceName} from "../shared/sequences.js";
import {world} from "../shared/words.js";

/** When a game ended, as the page's language writes a date. */
export const when = (g) => new Date(g.ended).toLocaleString(lang(), {dateStyle: "medium", timeStyle: "short"});

/** The stealth sequence a game used: as the new-game form names it, or from the view (its length
 * and how she moves) for a game started where the page did not note it. */
export function sequenceText(g) {
  const walk = world.material.sequences.find((s) => s.name === g.sequence);
  if (!walk) return t("history.sequence.view", {length: g.view.length, moves: t(`moves.${g.view.moves}`)});
  return g.reverse ? t("history.sequence.reversed", {sequence: sequenceName(walk)}) : sequenceName(walk);
}

/** A game's score and rank in words ("—" for a game lost). */
export const scoreText = (g) => (g.view.end.score === null ? "—" : String(g.view.end.score));
export const rankText = (g) => (g.view.end.rank ? t(`rank.${g.view.end.rank}`) : "—");
