// The stealth sequences as the rulebook names them, shared by the pages that choose or show one (Play,
// Your games, At the table): the eight movement sequences on the stealth cards, and the extra ones by
// their level and number. Never the engine's ids ("easy-1").
import {h} from "./dom.js";
import {t} from "./i18n.js";
import {world} from "./words.js";

/** The rulebook's level of an extra sequence and its number in it, from its name (`easy-4`: easy, 4). */
const levelOf = (s) => /^(.*)-(\d+)$/.exec(s.name) ?? [s.name, s.name, ""];

/** A stealth sequence as the rulebook names it: one of the eight movement sequences on the stealth cards
 * (1–4 at the top, she moves every turn; 5–8 at the bottom, she may stay), or an extra sequence by its
 * level and number. */
export function sequenceName(s) {
  const moves = t(`moves.${s.moves}`);
  if (s.position) return t("sequence.card", {n: s.position, moves});
  const [, level, n] = levelOf(s);
  return t("sequence.extra", {level: t(`sequence.level.${level}`), n, moves});
}

/** A list to choose a stealth sequence from (its `name`), grouped as the rulebook gives them: those on the
 * cards, then each level's; `attributes` are the select's own (its `onchange`, its `data-focus`). */
export function sequenceSelect(chosen, attributes) {
  const groups = new Map([["card", []]]);
  for (const s of world.material.sequences) {
    const group = s.position ? "card" : levelOf(s)[1];
    groups.set(group, [...(groups.get(group) ?? []), s]);
  }
  const label = (group, list) => (group === "card" ? t("sequence.cards")
    : t("sequence.group", {level: t(`sequence.level.${group}`), length: list[0].length}));
  return h("select", attributes,
    [...groups].filter(([, list]) => list.length).map(([group, list]) => h("optgroup", {label: label(group, list)},
      list.map((s) => h("option", {value: s.name, selected: s.name === chosen}, sequenceName(s))))));
}
