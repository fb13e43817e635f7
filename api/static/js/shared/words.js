// The game's names and the engine's phrases, as the API gives them, in the chosen language.
import {api} from "./api.js";
import {format, lang, name, t} from "./i18n.js";

/**
 * What every page reads once: the server's card set and board (`served`), the game material and
 * the phrases; `cards` and `board` are the ones in use, the server's unless a page chose others
 * (the table page, with a box owner's own files).
 */
export const world = {cards: null, board: null, served: null, material: null, phrases: null};

/** Load the card set, the board and the material (once), and the phrases of the chosen language;
 * the server's card set and board are in use again. */
export async function loadWorld() {
  if (!world.served) {
    const [cards, board, material] = await Promise.all(
      [api("GET", "/v1/cards"), api("GET", "/v1/board"), api("GET", "/v1/material")]);
    world.served = {cards, board};
    world.material = material;
  }
  useMaterial();
  if (!world.phrases || world.phrases.lang !== lang()) world.phrases = await api("GET", `/v1/phrases/${lang()}`);
  return world;
}

/** Name and draw with this card set and board (documents as GET /v1/cards and /v1/board give
 * them); the server's for any left out. */
export function useMaterial({cards = null, board = null} = {}) {
  world.cards = cards ?? world.served.cards;
  world.board = board ?? world.served.board;
}

const byId = (list, id) => list.find((item) => item.id === id);

export const traitName = (id) => name(byId(world.cards.traits, id)?.name ?? id);
export const suitName = (id) => name(byId(world.cards.suits, id)?.name ?? id);
export const suitColour = (id) => byId(world.cards.suits, id)?.colour ?? "grey";
export const ladyName = (id) => name(byId(world.cards.ladies, id)?.name ?? id);
export const placeName = (id) => name(byId(world.board.locations, id)?.name ?? id);
export const landmarkName = (id) => name(byId(world.board.landmarks, id)?.name ?? id);
export const landmarkOf = (id) => byId(world.board.locations, id)?.landmark;
export const fogCard = (id) => byId(world.material.fog_cards, id);
export const lady = (id) => byId(world.cards.ladies, id);

/** The locations joined to a location by a path, in board order. */
export function neighbours(id) {
  const joined = new Set(world.board.paths.filter((p) => p.includes(id)).map((p) => (p[0] === id ? p[1] : p[0])));
  return world.board.locations.map((l) => l.id).filter((l) => joined.has(l));
}

/** An engine phrase (GET /v1/phrases) with its fields filled in. */
export function phrase(key, fields = {}) {
  return format(world.phrases.phrases[key] ?? key, fields);
}

/** The plural form of a number, as the engine's tables name them. */
function pluralForm(n) {
  if (lang() !== "ru") return n === 1 ? "one" : "other";
  if (n % 10 === 1 && n % 100 !== 11) return "one";
  return n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14) ? "few" : "many";
}

/** A page word that counts: the catalog's `key.one`, `key.few`, `key.many` or `key.other` for n, filled in. */
export function counted(key, n, fields = {}) {
  const form = `${key}.${pluralForm(n)}`;
  const said = t(form, {n, ...fields});
  return said === form ? t(`${key}.other`, {n, ...fields}) : said;  // a language without that form says "other"
}

/** "a, b and c" in the chosen language. */
export function joinWords(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${phrase("and")} ${items[items.length - 1]}`;
}

/** An event of the game (its code and parameters) in words, in the chosen language. */
export function eventText(event) {
  const params = event.params || {};
  const fields = {...params};
  if ("location" in params) fields.location = placeName(params.location);
  if ("landmark" in params) fields.landmark = landmarkName(params.landmark);
  if (event.code.startsWith("clue")) {
    fields.lady = ladyName(params.card);
    fields.traits = (lady(params.card)?.traits ?? []).map(traitName).join(", ");
  }
  if (event.code === "fog") {
    const card = fogCard(params.card);
    fields.card = name(card?.name ?? params.card);
    fields.text = name(card?.text ?? "");
  }
  if ("dark_lady" in params) fields.lady = ladyName(params.dark_lady);
  const key = event.code === "flee" ? `flee.${pluralForm(params.cards)}` : event.code;
  const template = world.phrases.events[key];
  return template ? format(template, fields) : event.text;
}

/** The parameters of a refusal that hold a location, and those that hold a list of them. */
const PLACE_PARAMS = new Set(["to", "here", "value"]);
const PLACE_LIST_PARAMS = new Set(["choices"]);

/**
 * Why the rules refused an action (an API problem with a `refusal` code and its `params`), in
 * the chosen language, from the engine's refusal phrases (GET /v1/phrases); null when the
 * problem is not a refusal of the rules. Said as a reason: no capital, no full stop.
 */
export function refusalText(problem) {
  const template = problem.refusal && world.phrases?.refusals?.[problem.refusal];
  if (!template) return null;
  const fields = {};
  for (const [key, value] of Object.entries(problem.params ?? {})) {
    if (PLACE_PARAMS.has(key)) fields[key] = placeName(value);
    else if (PLACE_LIST_PARAMS.has(key) && Array.isArray(value)) fields[key] = value.map(placeName).join(", ");
    else if (key === "traits" && Array.isArray(value)) fields[key] = value.map(traitName).join(", ");
    else if (key === "card") fields[key] = name(fogCard(value)?.name ?? value);
    else fields[key] = Array.isArray(value) ? value.join(", ") : value;  // the API's own words, as they are
  }
  return format(template, fields);
}
