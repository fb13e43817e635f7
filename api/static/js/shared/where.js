// WHERE, shared by the play and table pages: the maps shaded by her odds (side by side, or one at
// a time where there is room for one only). What to do about them is the plan (plan.js).
import {h} from "./dom.js";
import {t} from "./i18n.js";
import {drawMap} from "./map.js";
import {phrase} from "./words.js";

/** Her odds now and after her next move on two maps, each headed in the player's words (where she is
 * now, where she will be): no slot, no count of the walks that fit. */
export function whereResult(tracking, {pawn = null, visited = []} = {}) {
  if (tracking.status === "contradiction") return h("div", {class: "where"}, h("p", {class: "status contradiction"}, phrase("track.contradiction")));
  const map = (which) => h("div", {class: "odds-map", "data-which": which},
    h("h4", {}, t(`odds.caption.${which}`)),
    drawMap({pawn, visited, odds: tracking[which].locations, label: t("map.odds", {which: t(which)})}));
  return h("div", {class: "where"},
    h("div", {class: "odds-maps", "data-shown": shownMap}, oddsSwitch(), map("now"), map("next")));
}

/** Which odds map shows where there is room for one only (a phone, a column): "now" or "next",
 * kept across redraws. */
let shownMap = "now";

/** The two buttons that choose that map (the style sheet hides them where both maps fit). */
function oddsSwitch() {
  const choose = (which) => (e) => {
    shownMap = which;
    const maps = e.target.closest(".odds-maps");
    maps.dataset.shown = which;
    for (const b of maps.querySelectorAll(".odds-switch button")) b.setAttribute("aria-pressed", String(b.dataset.which === which));
  };
  return h("div", {class: "odds-switch", role: "group", "aria-label": t("odds.show")},
    ["now", "next"].map((which) => h("button", {type: "button", "data-which": which, "aria-pressed": String(which === shownMap),
                                                onclick: choose(which)}, t(which))));
}
