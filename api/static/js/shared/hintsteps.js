// Hints in three steps (SPEC 10), as the Play and table pages give them: one Hint button that
// deepens (a nudge, then what to look at, then the whole answer, then hide), and the early step
// shown in the page's language and announced. The steps start again for each new view.
import {h} from "./dom.js";
import {format, lang, name, t} from "./i18n.js";
import {keyCap, shortcutOf} from "./help.js";
import {fogCard, joinWords, ladyName, placeName, suitName, traitName, world} from "./words.js";

/** The last step: the whole answer. */
export const WHOLE = 3;

/** How each parameter of a step names its ids (deduce/game/steps.py `_name`). */
const NAMERS = {places: placeName, location: placeName, traits: traitName, cards: ladyName, suit: suitName,
                fog_cards: (id) => name(fogCard(id)?.name ?? id)};

/** Names joined as the engine joins them: with semicolons when a name holds a comma, else as a list. */
const joined = (names) => (names.some((n) => n.includes(",")) ? names.join("; ") : joinWords(names));

/** An early step's words (its `hint`: code, params, text) in the page's language: the API's text in
 * English, else the same phrase (GET /v1/phrases) with its ids named in that language. */
export function stepText(hint) {
  const template = world.phrases.phrases[hint.code];
  if (lang() === "en" || !template) return hint.text;
  const fields = {};
  for (const [key, value] of Object.entries(hint.params)) {
    const namer = NAMERS[key] ?? String;
    fields[key] = joined((Array.isArray(value) ? value : [value]).map(namer));
  }
  return format(template, fields);
}

/** The step the next press gives after `shown` (0 none shown yet): 1, 2, 3, then 0 (hidden). */
const nextStep = (shown) => (shown >= WHOLE ? 0 : shown + 1);

/** The Hint button: it says what its next press gives (`shown` the step on screen) and asks for it
 * with `onStep(step)`; `keyed`, the H key presses it (the Play page's shortcut, help.js). */
export function hintButton(shown, onStep, {disabled = false, keyed = false} = {}) {
  const next = nextStep(shown);
  return h("button", {type: "button", class: "hint-step-button", "data-action": "hints", "data-next-step": next, disabled,
                      "aria-keyshortcuts": keyed ? shortcutOf("hints") : null, onclick: () => onStep(next)},
  t(next ? `hint.next.${next}` : "hint.hide"), keyed ? keyCap("hints") : null);
}

/** An early step on screen (`answer`: {step, hint}), or its place while it is asked for (`answer` null),
 * announced when it comes. */
export function stepPanel(step, answer) {
  return h("section", {class: "panel hint-step", "data-step": step, "aria-labelledby": "hint-step-h", "aria-live": "polite",
                       "aria-busy": answer ? null : "true"},
    h("h2", {id: "hint-step-h"}, t(`hint.step.${step}`)),
    answer ? h("p", {class: "hint-text", "data-code": answer.hint.code}, stepText(answer.hint))
      : h("p", {class: "note"}, t("plan.loading")));
}
