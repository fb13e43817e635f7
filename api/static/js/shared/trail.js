// A game's trail (SPEC 8: what a careful player writes down) in words, entry by entry: the Play
// page's notebook and each turn of a replay (games/replay.js) say it the same way.
import {name, t} from "./i18n.js";
import {fogCard, ladyName, landmarkName, placeName} from "./words.js";

/** A trail entry in words (the notebook of the Play page, and each turn of a replay). */
export function trailText(e) {
  const f = {...e, n: e.slot + 1};  // the stealth cards counted from the first on top, as a notebook numbers them
  if (e.location) f.location = placeName(e.location);
  if (e.landmark) f.landmark = landmarkName(e.landmark);
  if (e.kind === "fog_card") f.card = name(fogCard(e.card)?.name ?? e.card);
  if (e.kind === "clue") f.card = ladyName(e.card);
  const key = e.kind === "search" ? (e.found ? "trail.search.found" : "trail.search.not")
    : e.kind === "clue" && e.suit_card ? "trail.suit_card" : `trail.${e.kind}`;
  return t(key, f);
}
