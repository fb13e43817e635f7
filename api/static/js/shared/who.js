// WHO, shared by the play and table pages: clue cards, deduction tokens, the deduction in words.
import {h} from "./dom.js";
import {t} from "./i18n.js";
import {suitSymbol} from "./symbols.js";
import {joinWords, ladyName, phrase, suitColour, suitName, traitName, world} from "./words.js";

/** A key entry as printed: 1, or 0/2. */
export const entryText = (counts) => [].concat(counts).join("/");

/** A clue card as it lies on the table: name, traits, and the key with her suit's entry picked out. */
export function clueCard(clue, herSuit, {suitCard = false, conflict = false, label = null} = {}) {
  const suit = world.cards.ladies.find((l) => l.id === clue.card)?.suit;
  // a card of the set is named in the page's language; a view's `name` is one language's
  const named = clue.card ? ladyName(clue.card) : (clue.name ?? "");
  return h("article", {class: `card${suitCard ? " suit-card" : ""}${conflict ? " conflict" : ""}`,
                       "aria-label": label ?? named},
    h("header", {}, suit ? suitSymbol({id: suit, colour: suitColour(suit)}, {label: suitName(suit)}) : null,
      h("strong", {}, named), suitCard ? h("em", {class: "tag"}, t("suit.card")) : null),
    h("ul", {class: "traits"}, clue.traits.map((tr) => h("li", {}, traitName(tr)))),
    clue.key ? h("table", {class: "key"}, h("caption", {}, t("key")),
      h("tbody", {}, world.cards.suits.filter((s) => s.id in clue.key).map((s) =>
        h("tr", {class: s.id === herSuit ? "hers" : null, title: s.id === herSuit ? t("her.entry") : null},
          h("th", {scope: "row"}, suitSymbol(s), " ", suitName(s.id)),
          h("td", {}, entryText(clue.key[s.id])))))) : null,
    clue.counts !== undefined ? h("p", {class: "entry"}, `${suitName(herSuit)}: ${entryText(clue.counts)}`) : null);
}

export const TOKEN_STATES = ["unknown", "hers", "not"];
const TOKEN_OF_STATE = {certain: "hers", excluded: "not", open: "unknown"};

/** The seven deduction tokens. `states` maps trait → unknown/hers/not; with onToggle they are buttons. */
export function tokens(states, onToggle = null) {
  return h("ul", {class: "tokens"}, world.cards.traits.map((trait) => {
    const state = states[trait.id] ?? "unknown";
    const label = t("token.label", {trait: traitName(trait.id), state: t(`token.${state}`)});
    const inner = [h("span", {class: "mark", "aria-hidden": "true"}, {unknown: "?", hers: "✓", not: "✗"}[state]),
                   h("span", {}, traitName(trait.id))];
    return h("li", {}, onToggle
      ? h("button", {type: "button", class: `token ${state}`, "aria-label": label, "data-trait": trait.id,
                     onclick: () => onToggle(trait.id)}, inner)
      : h("span", {class: `token ${state}`, role: "img", "aria-label": label, "data-trait": trait.id}, inner));
  }));
}

/** The tokens the deduction proves: certain traits are hers, excluded ones not. */
export const provenTokens = (result) =>
  Object.fromEntries(Object.entries(result.traits).map(([trait, state]) => [trait, TOKEN_OF_STATE[state]]));

/** A clue of a query, as the command line names it: its number, the lady or her traits, her suit's entry. */
export function describeClue(query, index) {
  const clue = query.clues[index];
  if (clue.card) {
    return phrase(clue.role === "suit_card" ? "clue.suit_card" : "clue.card", {n: index + 1, name: ladyName(clue.card)});
  }
  const label = phrase("clue.typed", {n: index + 1, traits: clue.traits.map(traitName).join(", ")});
  const entry = query.suit ? phrase("clue.entry", {suit: suitName(query.suit), counts: entryText(clue.counts)}) : null;
  return entry && label.endsWith(")") ? `${label.slice(0, -1)}: ${entry})` : label;
}

/** The deduction in words: status, the candidates, the explanations and notes. */
export function whoResult(query, result) {
  const clues = (indexes) => joinWords(indexes.map((i) => describeClue(query, i)));
  const why = result.conflict
    ? [phrase("why.conflict", {clues: clues(result.conflict)})]
    : result.explanations.map((e) => (e.clues.length
      ? phrase(`why.${e.state}`, {trait: traitName(e.trait), clues: clues(e.clues)})
      : phrase("why.always", {trait: traitName(e.trait), state: phrase(`state.${e.state}`)})));
  const n = result.candidates.length;
  const shown = result.candidates.slice(0, 12);
  return h("div", {class: "who"},
    h("p", {class: `status ${result.status}`}, phrase("heading.result", {status: phrase(`status.${result.status}`)})),
    result.dark_lady ? h("p", {class: "solved"}, phrase("solved", {traits: result.dark_lady.map(traitName).join(", ")})) : null,
    h("h4", {class: "candidates-heading"}, n === 1 ? phrase("heading.candidate") : phrase("heading.candidates", {n})),
    n ? h("ol", {class: "candidates"}, shown.map((c) => h("li", {}, c.traits.map(traitName).join(", "))),
      n > shown.length ? h("li", {class: "more"}, `… +${n - shown.length}`) : null) : null,
    why.length ? h("div", {}, h("h4", {}, phrase("heading.why")), h("ul", {class: "why"}, why.map((s) => h("li", {}, s)))) : null,
    (result.notes || []).map((note) => h("p", {class: "note"}, phrase(`note.${note.code}`, note.params))));
}
