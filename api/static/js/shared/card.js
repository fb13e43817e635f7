// A lady of a card set drawn as the game draws her, read-only: her name, her suit's colour band,
// her traits and the key (one row per suit, her entry as the card prints it: 2, or 0/2). The
// designer's workbench draws her with it on the print sheet, beside a misleading case, and in a
// designed set's results. Every name comes from the card set document, in the page's language.
// Shared: the difficulty charts (charts.js) name a lady with her suit's pip (pip()).
import {h} from "./dom.js";
import {name, t} from "./i18n.js";
import {suitSymbol} from "./symbols.js";
import {entryText} from "./who.js";

/** The sizes a card is drawn at: "small" (beside a finding), "normal", "print" (63 × 88 mm). */
const SIZES = ["small", "normal", "print"];

/** A suit's colour as CSS can paint it (a set's colour is any text a designer typed): grey else. */
export function suitColour(suit) {
  const colour = suit?.colour;
  return typeof colour === "string" && CSS.supports("color", colour) ? colour : "grey";
}

/** A small round swatch of a suit's colour (a decoration: the suit's name is said beside it). */
export function pip(suit) {
  const el = h("span", {class: "lc-pip", "aria-hidden": "true"});
  el.style.setProperty("--suit", suitColour(suit));
  return el;
}

/**
 * Lady `ladyId` of card set `doc` (the shape of POST /v1/cards/check's answer) as a card: a group
 * named by her name, with her suit's band, her traits and her key. `size` is "small", "normal"
 * (the default) or "print". Null when the set has no such lady.
 */
export function drawCard(doc, ladyId, {size = "normal"} = {}) {
  const lady = doc?.ladies?.find((l) => l.id === ladyId);
  if (!lady) return null;
  const byId = (list, id) => (list ?? []).find((item) => item.id === id);
  const suit = byId(doc.suits, lady.suit);
  const traitName = (id) => name(byId(doc.traits, id)?.name ?? id);
  const card = h("div", {class: `lady-card size-${SIZES.includes(size) ? size : "normal"}`, role: "group",
                         "aria-label": name(lady.name ?? lady.id), "data-lady": lady.id},
    h("div", {class: "lc-band"},
      h("span", {class: "lc-suit"}, suitSymbol(suit ?? {id: lady.suit}), " ", h("span", {class: "lc-sr"}, `${t("sheet.card.suit")}: `),
        name(suit?.name ?? lady.suit))),
    h("p", {class: "lc-name"}, name(lady.name ?? lady.id)),
    h("p", {class: "lc-head"}, t("sheet.card.traits")),
    h("ul", {class: "lc-traits"}, lady.traits.map((id) => h("li", {}, traitName(id)))),
    h("table", {class: "lc-key"}, h("caption", {}, t("sheet.card.key")),
      h("tbody", {}, (doc.suits ?? []).map((s) =>
        h("tr", {},
          h("th", {scope: "row"}, pip(s), name(s.name ?? s.id)),
          h("td", {}, s.id in (lady.key ?? {}) ? entryText(lady.key[s.id]) : "—"))))));
  card.style.setProperty("--suit", suitColour(suit));
  return card;
}
