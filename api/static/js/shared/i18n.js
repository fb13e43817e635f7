// The page's words in English, Italian and Russian, from the catalog of words the library reads too
// (data/words/*.json, served at /static/words/): the page's own parts here, the engine's phrases
// (hints, explanations, advice, events) through GET /v1/phrases/{lang}; the game's names (traits,
// suits, ladies, places, landmarks, fog cards) come from the API.

import PAGE from "../../words/page.json" with {type: "json"};
import WORKBENCH from "../../words/workbench.json" with {type: "json"};
import SHEETS from "../../words/sheets.json" with {type: "json"};
import JOBS from "../../words/jobs.json" with {type: "json"};
import PLAYER from "../../words/player.json" with {type: "json"};
import TUTORIAL from "../../words/tutorial.json" with {type: "json"};
import HISTORY from "../../words/history.json" with {type: "json"};
import FINISH from "../../words/finish.json" with {type: "json"};

export const LANGS = ["en", "it", "ru"];
const KEY = "bs.lang";

// One table per language, merged from the page's parts of the catalog (tests/text/test_catalog.py
// checks every part has every word in every language with the same placeholders).
const UI = {en: {}, it: {}, ru: {}};
for (const words of [PAGE, WORKBENCH, SHEETS, JOBS, PLAYER, TUTORIAL, HISTORY, FINISH]) {
  for (const code of LANGS) Object.assign(UI[code], words[code]);
}

/** The chosen language: remembered in this browser, English at first. */
export function lang() {
  const saved = localStorage.getItem(KEY);
  return LANGS.includes(saved) ? saved : "en";
}

export function setLang(value) {
  localStorage.setItem(KEY, LANGS.includes(value) ? value : "en");
}

/** Whether the page has a word for this key (in English at least). */
export function hasWord(key) {
  return key in UI.en;
}

/** Put {field} values into a template. */
export function format(template, fields = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

/** A word of the page in the chosen language (English when missing). */
export function t(key, fields = {}) {
  const table = UI[lang()];
  return format(key in table ? table[key] : UI.en[key] ?? key, fields);
}

/** A name from the API ({en, it, ru} or a plain string) in the chosen language. */
export function name(names) {
  if (typeof names === "string") return names;
  return (names && (names[lang()] ?? names.en ?? Object.values(names)[0])) || "";
}

/** A probability as a percentage, as the command line writes it. */
export function percent(p) {
  return `${(100 * p).toFixed(1)}%`;
}
