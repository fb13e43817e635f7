// The plan (the hints' `plan`, deduce/game/plan.py PlanJSON): the one action to take now,
// with a Do it button that sends it, its reasons, and every option weighed with its worth.
import {h} from "./dom.js";
import {format, lang, t} from "./i18n.js";
import {decimal, fixed} from "./progress.js";
import {placeName, traitName, world} from "./words.js";

/** The reason parameters that hold a place, a chance or a worth in cards (advisor.reason_text): by
 * name, since JSON writes a float with no fraction (1.0) as a whole number. */
const PLACE_PARAMS = new Set(["location", "target"]);
const CHANCE_PARAMS = new Set(["chance", "proves", "guess", "prove_in_time"]);
const WORTH_PARAMS = new Set(["value"]);

/** A chance as the advisor's reasons write it: a whole percentage, with no "<1" or ">99". */
const reasonPercent = (p) => `${fixed(100 * p, 0)}${lang() === "en" ? "%" : " %"}`;

/**
 * A reason of the plan in the page's language: in English its text as the API words it (the
 * game's language); in another, the same phrase (GET /v1/phrases) with the same parameters,
 * places and traits named in that language, as deduce.game.plan.reason_text fills it.
 */
export function reasonText(reason) {
  const template = world.phrases.phrases[`plan.${reason.code}`];
  if (lang() === "en" || !template) return reason.text;
  const fields = {};
  for (const [key, value] of Object.entries(reason.params)) {
    if (PLACE_PARAMS.has(key) && typeof value === "string") fields[key] = placeName(value);
    else if (key === "traits" && Array.isArray(value)) fields[key] = value.map(traitName).join(", ");
    else if (key === "path" && Array.isArray(value)) fields[key] = value.map(placeName).join(" → ");
    else if (CHANCE_PARAMS.has(key) && typeof value === "number") fields[key] = reasonPercent(value);
    else if (WORTH_PARAMS.has(key) && typeof value === "number") fields[key] = decimal(value);
    else fields[key] = value;
  }
  return format(template, fields);
}

/** An action document (the plan's `send`, or an option's) in words. */
export function actionText(send) {
  if (!send) return t("plan.do.none");
  switch (send.action) {
    case "move": return t("plan.do.move", {place: placeName(send.to)});
    case "confront": return t("plan.do.confront", {traits: send.traits.map(traitName).join(", ")});
    case "resolve": return t("plan.do.resolve", {places: (send.path ?? [send.location ?? send.to]).map(placeName).join(" → ")});
    default: return t(`plan.do.${send.action}`);
  }
}

/** The plan: what to do and a button that does it (`onDo(send)`), why, and the options weighed. */
export function planPanel(plan, onDo) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  return h("section", {class: "panel plan", "aria-labelledby": "plan-h"},
    h("h2", {id: "plan-h"}, t("plan.heading")),
    h("div", {class: "plan-action"},
      h("p", {class: "do", "data-action": plan.action ?? "none"}, h("strong", {}, actionText(plan.send))),
      plan.send ? h("button", {type: "button", class: "primary", "data-focus": "do-it", onclick: () => onDo(plan.send)},
        t("plan.do")) : null),
    plan.reasons.length ? h("ul", {class: "reasons", "aria-label": t("plan.why")},
      plan.reasons.map((r) => h("li", {"data-code": r.code}, reasonText(r)))) : null,
    plan.options.length ? h("details", {class: "options"},
      h("summary", {}, t("plan.options", {n: plan.options.length})),
      h("table", {},
        h("caption", {}, t("plan.value.help")),
        h("thead", {}, h("tr", {}, h("th", {scope: "col"}, t("plan.option")), h("th", {scope: "col"}, t("plan.value")))),
        h("tbody", {}, plan.options.map((o) => h("tr", {class: same(o.send, plan.send) ? "chosen" : null},
          h("td", {}, actionText(o.send), same(o.send, plan.send) ? h("em", {class: "tag"}, t("plan.chosen")) : null),
          h("td", {class: "num"}, decimal(o.value))))))) : null);
}
