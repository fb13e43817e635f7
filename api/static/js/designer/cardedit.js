// The designer's workbench: the card set edited as cards. Each lady is drawn as the game draws
// her (her suit's colour, her name, her traits, her key table) and every part of her is a control:
// the name in each language, the suit, the traits as chips, each key entry typed as the card prints
// it (2, 0/2). The traits and suits themselves are edited in their own box. A lady and her key are
// held as typed: a key entry that cannot be read (5, 1/x) or is empty, too few or too many traits,
// are said beside the field and in the verdict (unfinished()), and the set is not exported until
// they are put right: what is on the screen is what is exported. Other fields that cannot be read
// (an id already taken, a colour) are kept as typed beside the field, said in the verdict too.
// Every change goes through cardset.edit() (undoable, saved, audited).
import {pip, suitColour} from "../shared/card.js";
import {auditable, copy, edit, isEntry, redrawAll, settle, typed, workbench} from "./cardset.js";
import {h} from "../shared/dom.js";
import {LANGS, lang, name, t} from "../shared/i18n.js";
import {entryText} from "../shared/who.js";
import WORDS from "../../words/workbench.json" with {type: "json"};

/** The languages' own names, as the page's language switch says them. */
const ENDONYMS = {en: "English", it: "Italiano", ru: "Русский"};

/**
 * What was typed in a field of the set's frame (an id, a colour, the set's name, the traits per
 * lady) but cannot be read, by field (its data-focus key): {text, message, where} (where: the
 * field in the game's words, for the verdict). Shown instead of the set's value; forgotten when the
 * set is replaced, undone or redone (the fields then show the set).
 */
const drafts = new Map();
export const forgetDrafts = () => drafts.clear();

/** The field to put the focus in once the cards are drawn again (a new lady's name), or null. */
let wanted = null;
/** The field the focus is wanted in (its data-focus key), once: the page puts it there after drawing. */
export function takeFocus() {
  const key = wanted;
  wanted = null;
  return key;
}

/** The boxes (details) opened or closed by hand, by key: they stay so across redraws. */
const opened = new Map();

/** A box that opens and closes (details), kept as it was left across redraws; `open` at first. */
function box(key, cls, open, summaryText, ...children) {
  const el = h("details", {class: cls, open: (opened.get(key) ?? open) || null, "data-box": key}, h("summary", {}, summaryText), ...children);
  el.addEventListener("toggle", () => opened.set(key, el.open));
  return el;
}

// -- names --------------------------------------------------------------------------------------

const byId = (list, id) => (list ?? []).find((item) => item.id === id);
/** A trait's, suit's or lady's name in the page's language (its id when it has none). */
export const traitName = (doc, id) => name(byId(doc.traits, id)?.name ?? id) || id;
export const suitName = (doc, id) => name(byId(doc.suits, id)?.name ?? id) || id;
/** A lady's name in the page's language (in another she has, else "Lady 3" by her place: one just added has none yet). */
export function ladyName(doc, id) {
  const index = (doc.ladies ?? []).findIndex((l) => l.id === id);
  if (index < 0) return id;
  return name(doc.ladies[index].name ?? "") || t("wb.lady.n", {n: index + 1});
}

/** The set with each lady who has no name yet named by her place ("Lady 3", in the page's language),
 * to draw her where a card needs a name (the print sheet); the set itself is left as it is. */
export const namedForDrawing = (doc) => doc && ({...doc, ladies: doc.ladies.map((lady) =>
  (name(lady.name ?? "") ? lady : {...lady, name: ladyName(doc, lady.id)}))});

/** A name map with one language set (an empty text removes that language). */
function setName(thing, code, text) {
  const names = typeof thing.name === "string" ? {en: thing.name} : {...(thing.name ?? {})};
  if (text.trim()) names[code] = text;
  else delete names[code];
  thing.name = names;
}

const nameIn = (thing, code) => (typeof thing.name === "string" ? (code === "en" ? thing.name : "") : thing.name?.[code] ?? "");

// -- key entries --------------------------------------------------------------------------------

/**
 * A key entry typed as the card prints it (2, 0/2), read: {counts} or {message} (said beside the
 * field). A phone's number keyboard has no "/": a dot, a comma or a space parts the counts too,
 * and when a lady has at most 9 traits (every count one digit) the digits typed together are one
 * count each, so "02" is 0/2 (docs/decisions.md).
 */
function readEntry(text, k) {
  if (!text.trim()) return {message: t("wb.entry.empty")};
  const split = text.trim().split(/\s*[/.,\s]\s*/);
  const parts = k <= 9 ? split.flatMap((p) => (/^\d+$/.test(p) ? [...p] : [p])) : split;
  const bad = parts.find((p) => !/^\d+$/.test(p));
  if (bad !== undefined) return {message: t("wb.entry.bad", {text: bad || "/"})};
  const counts = parts.map(Number);
  const high = counts.find((n) => n > k);
  if (high !== undefined) return {message: t("wb.entry.range", {n: high, k})};
  const twice = counts.find((n, i) => counts.indexOf(n) !== i);
  if (twice !== undefined) return {message: t("wb.entry.twice", {n: twice})};
  return {counts: counts.sort((a, b) => a - b)};
}

/** A key entry as the set holds it (its counts, or the text typed), as its field shows it. */
const entryShown = (value) => (isEntry(value) ? entryText(value) : value ?? "");

/** What is wrong with a key entry as the set holds it ("" when it reads well, or is not typed yet). */
function entryProblem(value, k) {
  const text = entryShown(value);
  return text.trim() ? readEntry(text, k).message ?? "" : "";
}

// -- changes of the set that keep it whole -------------------------------------------------------

/** An id not used in a list: base, base-2, base-3… */
function freeId(list, base) {
  const used = new Set(list.map((x) => x.id));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** Why an id cannot be used for list[index] (empty, or another's), or "". */
function idProblem(list, index, id) {
  if (!id.trim() || id !== id.trim()) return t("wb.id.empty");
  return list.some((x, i) => i !== index && x.id === id) ? t("wb.id.taken") : "";
}

/** A lady added blank, to be typed from her card: no name, no trait, every key entry empty, in a
 * suit that still has a free place; the focus goes to her name. */
function addLady() {
  edit(t("wb.step.add"), (doc) => {
    const counts = new Map(doc.suits.map((s) => [s.id, doc.ladies.filter((l) => l.suit === s.id).length]));
    const suit = doc.suits.find((s) => counts.get(s.id) < 2)?.id ?? doc.suits[0]?.id ?? "";
    const key = Object.fromEntries(doc.suits.map((s) => [s.id, ""]));
    wanted = `ladies:${doc.ladies.length}:name:${lang()}`;
    doc.ladies.push({id: freeId(doc.ladies, `lady-${doc.ladies.length + 1}`), name: {}, suit, traits: [], key});
  });
}

function copyLady(index) {
  edit(t("wb.step.copy"), (doc) => {
    const lady = copy(doc.ladies[index]);
    lady.id = freeId(doc.ladies, lady.id);
    // "(copy)" in each language she has a name in: a language she has none in stays without one
    lady.name = Object.fromEntries(LANGS.filter((code) => nameIn(lady, code)).map((code) =>
      [code, WORDS[code]["wb.copyof"].replace("{name}", nameIn(lady, code))]));
    doc.ladies.splice(index + 1, 0, lady);
  });
}

const removeLady = (index) => edit(t("wb.step.remove"), (doc) => { doc.ladies.splice(index, 1); });

/** Rename a trait or a suit's id everywhere the set uses it. */
function renameId(doc, kind, from, to) {
  for (const lady of doc.ladies) {
    if (kind === "traits") lady.traits = lady.traits.map((tr) => (tr === from ? to : tr));
    else {
      if (lady.suit === from) lady.suit = to;
      lady.key = Object.fromEntries(Object.entries(lady.key).map(([s, v]) => [s === from ? to : s, v]));
    }
  }
  if (kind === "suits" && doc.modes) {
    for (const table of Object.values(doc.modes)) {
      for (const [s, removed] of Object.entries({...table})) {
        delete table[s];
        table[s === from ? to : s] = removed === from ? to : removed;
      }
    }
  }
}

function addTrait() {
  edit(t("wb.step.trait"), (doc) => {
    const n = doc.traits.length + 1;
    doc.traits.push({id: freeId(doc.traits, `trait-${n}`), name: {[lang()]: t("wb.new.trait", {n})}});
  });
}

function addSuit() {
  edit(t("wb.step.suit"), (doc) => {
    const n = doc.suits.length + 1;
    const id = freeId(doc.suits, `suit-${n}`);
    doc.suits.push({id, colour: "grey", name: {[lang()]: t("wb.new.suit", {n})}});
    for (const lady of doc.ladies) lady.key[id] = "";  // each lady's entry for it is to be typed
    const others = doc.suits.filter((s) => s.id !== id);
    for (const table of Object.values(doc.modes ?? {})) if (others.length) table[id] = others[0].id;
  });
}

/** Remove a trait or a suit no lady uses (else say who uses it). */
function removeEntry(kind, index) {
  const doc = workbench.doc;
  const id = doc[kind][index].id;
  const users = doc.ladies.filter((l) => (kind === "traits" ? l.traits.includes(id) : l.suit === id));
  if (users.length) {
    drafts.set(`${kind}:${index}:remove`, {message: t(`wb.${kind}.used`, {ladies: users.map((l) => ladyName(doc, l.id)).join(", ")})});
    return false;
  }
  edit(t(`wb.step.remove.${kind}`), (next) => {
    next[kind].splice(index, 1);
    if (kind === "suits") {
      for (const lady of next.ladies) delete lady.key[id];
      for (const table of Object.values(next.modes ?? {})) {
        delete table[id];
        for (const [s, removed] of Object.entries(table)) {  // the suit a mode removed is gone: the next one along
          if (removed === id) table[s] = next.suits.find((x, i) => x.id !== s && i >= index)?.id ?? next.suits.find((x) => x.id !== s)?.id;
        }
      }
    }
  });
  return true;
}

// -- fields -------------------------------------------------------------------------------------

/** A field's message, for aria-describedby. */
function message(id, text) {
  return h("span", {class: "field-error", id, role: text ? "alert" : null}, text || "");
}

/**
 * A text field of the set: it shows the set's value (or what was typed and cannot be read yet),
 * and on each keystroke `read(text)` gives {change(doc)} (applied, one undo step per field visit)
 * and a {message} to say beside it, or a {message} alone (kept as typed, as a draft, and said in
 * the verdict as `where`). `said` is the message the set's value has when it is drawn.
 */
function textField({focus, label, value, read, cls = "", undoLabel, where = label, said = ""}) {
  const draft = drafts.get(focus);
  const msgId = `m-${focus.replace(/[^\w-]/g, "_")}`;
  const shown = draft?.message ?? said;
  const input = h("input", {type: "text", class: cls, "data-focus": focus, "aria-label": label, spellcheck: "false",
                            value: draft?.text ?? value, "aria-invalid": shown ? "true" : "false",
                            "aria-describedby": msgId, autocomplete: "off", enterkeyhint: "next"});
  input.addEventListener("input", () => {
    const result = read(input.value);
    const text = result.message ?? "";
    input.setAttribute("aria-invalid", text ? "true" : "false");
    const el = document.getElementById(msgId);
    if (el) {
      el.textContent = text;
      if (text) el.setAttribute("role", "alert");
      else el.removeAttribute("role");
    }
    if (result.change) {
      drafts.delete(focus);
      edit(undoLabel, result.change, focus);
    } else {
      drafts.set(focus, {text: input.value, message: text, where});
      typed();
    }
  });
  input.addEventListener("change", settle);
  input.addEventListener("keydown", nextOnEnter);
  return [input, message(msgId, shown)];
}

/** Enter in a card's text field goes on to the next one of the card (a phone's keyboard says "next"),
 * and from a lady's last key entry to Add a lady when she is the last card. */
function nextOnEnter(event) {
  if (event.key !== "Enter" || event.isComposing) return;
  const here = event.target;
  const card = here.closest(".wb-card");
  if (!card) return;
  event.preventDefault();
  const fields = [...card.querySelectorAll("input[type=text]")].filter((el) => el.offsetParent !== null);
  const next = fields[fields.indexOf(here) + 1]
    ?? (card.nextElementSibling ? null : document.querySelector('[data-focus="add-lady"]'));
  next?.focus();
}

/** The name fields of a thing (a lady, a trait, a suit) in every language; the page's language first.
 * A name not given in a language stays empty (never a placeholder), and the verdict lists it (missingNames). */
function nameFields(focusBase, thing, pathOf, who) {
  const order = [lang(), ...LANGS.filter((c) => c !== lang())];
  return order.map((code) => {
    const [input, msg] = textField({
      focus: `${focusBase}:name:${code}`, label: t("wb.name", {lang: ENDONYMS[code]}), value: nameIn(thing, code),
      undoLabel: t("wb.step.name", {what: who}),
      read: (text) => ({change: (doc) => setName(pathOf(doc), code, text)})});
    input.lang = code;
    return h("label", {class: "wb-lang"}, h("span", {lang: code}, code.toUpperCase()), input, msg);
  });
}

/** The things of a set (ladies, traits, suits) named in some language but not in each other one,
 * by language: [{lang, names}] (a warning: the set is exported without them, and read in that
 * language with the name it has). */
export function missingNames(doc) {
  const things = [...doc.ladies.map((l) => [l, ladyName(doc, l.id)]), ...doc.traits.map((x) => [x, traitName(doc, x.id)]),
                  ...doc.suits.map((x) => [x, suitName(doc, x.id)])];
  const named = things.filter(([thing]) => LANGS.some((code) => nameIn(thing, code).trim()));
  return LANGS.map((code) => ({lang: ENDONYMS[code], names: named.filter(([thing]) => !nameIn(thing, code).trim()).map(([, n]) => n)}))
    .filter((m) => m.names.length);
}

/**
 * What keeps the set from being exported as it is on the screen, in the game's words (a lady's
 * name, a suit's name, never a path): [{where, message, focus}], focus being the field's key.
 * A lady with no name, too few or too many traits, key entries not typed or that cannot be read;
 * then each other field typed that cannot be read.
 */
export function unfinished(doc) {
  const k = doc.traits_per_lady;
  const out = [];
  if (k > doc.traits.length) out.push({where: t("wb.perlady"), message: t("wb.perlady.over", {k, most: doc.traits.length}), focus: "set:traits_per_lady"});
  doc.ladies.forEach((lady, i) => {
    const who = ladyName(doc, lady.id);
    if (!LANGS.some((code) => nameIn(lady, code).trim())) out.push({where: who, message: t("wb.name.none"), focus: `ladies:${i}:name:${lang()}`});
    if (lady.traits.length !== k) {
      out.push({where: who, message: t("wb.traits.count", {k, n: lady.traits.length}), focus: `ladies:${i}:traits:${doc.traits[0]?.id}`});
    }
    const empty = doc.suits.filter((s) => !entryShown(lady.key[s.id]).trim());
    if (empty.length) {
      out.push({where: who, message: t("wb.entry.missing", {suits: empty.map((s) => suitName(doc, s.id)).join(", ")}),
                focus: `ladies:${i}:key:${empty[0].id}`});
    }
    for (const s of doc.suits) {
      const problem = entryProblem(lady.key[s.id], k);
      if (problem) out.push({where: t("wb.where.key", {lady: who, suit: suitName(doc, s.id)}), message: problem, focus: `ladies:${i}:key:${s.id}`});
    }
  });
  for (const [focus, draft] of drafts) if (draft.message && draft.where) out.push({where: draft.where, message: draft.message, focus});
  return out;
}

/** An id field: an empty id or another's is said and kept as typed; a good one is renamed everywhere. */
function idField(kind, index) {
  const doc = workbench.doc;
  const thing = doc[kind][index];
  const whose = {ladies: ladyName, traits: traitName, suits: suitName}[kind](doc, thing.id);
  const [input, msg] = textField({
    focus: `${kind}:${index}:id`, label: t("wb.id"), value: thing.id, cls: "wb-id", undoLabel: t("wb.step.id"),
    where: t("wb.where.id", {what: whose}),
    read: (text) => {
      const problem = idProblem(workbench.doc[kind], index, text);
      return problem ? {message: problem} : {change: (doc) => {
        const from = doc[kind][index].id;
        doc[kind][index].id = text;
        if (kind !== "ladies") renameId(doc, kind, from, text);
      }};
    }});
  return h("label", {class: "wb-lang"}, h("span", {}, t("wb.id")), input, msg);
}

// -- a lady as a card -----------------------------------------------------------------------------

/** A lady's traits as chips, each pressed or not; the set holds what is chosen (too few or too many is said). */
function traitChips(doc, index) {
  const lady = doc.ladies[index];
  const focus = `ladies:${index}:traits`;
  const k = doc.traits_per_lady;
  const msgId = `m-ladies-${index}-traits`;
  const toggle = (id) => edit(t("wb.step.traits", {lady: ladyName(doc, lady.id)}), (d) => {
    const chosen = d.ladies[index].traits;
    const next = chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id];
    d.ladies[index].traits = d.traits.map((tr) => tr.id).filter((x) => next.includes(x));
  });
  return h("div", {class: "wb-traits", role: "group", "aria-label": t("wb.traits"), "aria-describedby": msgId,
                   "data-focus-group": focus},
    h("p", {class: "wb-head", "aria-hidden": "true"}, t("wb.traits")),
    h("div", {class: "wb-chips"}, doc.traits.map((tr) =>
      h("button", {type: "button", class: "wb-chip", "aria-pressed": lady.traits.includes(tr.id) ? "true" : "false",
                   "data-focus": `${focus}:${tr.id}`, onclick: () => toggle(tr.id)}, traitName(doc, tr.id)))),
    message(msgId, lady.traits.length === k ? "" : t("wb.traits.count", {k, n: lady.traits.length})));
}

function keyTable(doc, index) {
  const lady = doc.ladies[index];
  return h("table", {class: "wb-key"}, h("caption", {}, t("wb.key")),
    h("tbody", {}, doc.suits.map((s) => {
      const focus = `ladies:${index}:key:${s.id}`;
      const [input, msg] = textField({
        focus, label: suitName(doc, s.id), value: entryShown(lady.key[s.id]), cls: "wb-entry",
        undoLabel: t("wb.step.key", {lady: ladyName(doc, lady.id), suit: suitName(doc, s.id)}),
        said: entryProblem(lady.key[s.id], doc.traits_per_lady),
        read: (text) => {  // held as typed, read or not: the verdict and Export see what the field shows
          const read = readEntry(text, workbench.doc.traits_per_lady);
          return {message: read.message, change: (d) => { d.ladies[index].key[s.id] = read.counts ?? text; }};
        }});
      input.id = `f-${focus.replace(/[^\w-]/g, "_")}`;
      input.inputMode = "decimal";  // a phone's number keyboard: digits, and a dot or comma to part counts (readEntry)
      input.addEventListener("change", () => {  // once left, shown as the card prints it: 02 becomes 0/2
        const value = workbench.doc?.ladies[index]?.key[s.id];
        if (isEntry(value)) input.value = entryText(value);
      });
      return h("tr", {"data-suit": s.id},
        h("th", {scope: "row"}, pip(s), h("label", {for: input.id}, suitName(doc, s.id))),
        h("td", {}, input, msg));
    })));
}

/** A lady as an editable card; `findings` (auditview's) stand under it, inside her group, in a box of
 * their own (.wb-card-findings) that a new report fills again without drawing the card again. */
function ladyCard(doc, index, findings = null) {
  const lady = doc.ladies[index];
  const who = ladyName(doc, lady.id);
  const [first, ...others] = nameFields(`ladies:${index}`, lady, (d) => d.ladies[index], who);
  first.classList.add("wb-title");
  for (const other of others) other.classList.add("wb-other");
  const suit = h("select", {"aria-label": t("wb.suit"), "data-focus": `ladies:${index}:suit`,
                            onchange: (e) => edit(t("wb.step.suitof", {lady: who}), (d) => { d.ladies[index].suit = e.target.value; })},
    doc.suits.map((s) => h("option", {value: s.id, selected: s.id === lady.suit}, suitName(doc, s.id))));
  const card = h("article", {class: "wb-card", role: "group", "aria-label": who, id: `lady-${lady.id}`, "data-lady": lady.id},
    h("div", {class: "wb-band"}, h("label", {class: "wb-suit"}, h("span", {"aria-hidden": "true"}, t("wb.suit")), suit)),
    first,
    h("div", {class: "wb-others"}, others),
    box(`ladies:${index}:more`, "wb-more", false, t("wb.more"), idField("ladies", index)),
    traitChips(doc, index),
    keyTable(doc, index),
    h("div", {class: "wb-actions"},
      h("button", {type: "button", class: "small", "data-focus": `ladies:${index}:copy`, "aria-label": t("wb.copy.lady", {lady: who}),
                   onclick: () => copyLady(index)}, t("wb.copy")),
      h("button", {type: "button", class: "small", "data-focus": `ladies:${index}:remove`, "aria-label": t("wb.remove.lady", {lady: who}),
                   onclick: () => removeLady(index)}, t("wb.remove"))),
    h("div", {class: "wb-card-findings", "data-lady": lady.id}, findings));
  card.style.setProperty("--suit", suitColour(doc.suits.find((s) => s.id === lady.suit)));
  return card;
}

/** Every lady as a card (each with its findings from `findingsOf(ladyId)`), and Add a lady. */
export function cardGrid(doc, findingsOf) {
  return h("div", {},
    h("div", {class: "wb-cards"}, doc.ladies.map((lady, i) => ladyCard(doc, i, findingsOf(lady.id)))),
    h("div", {class: "buttons"}, h("button", {type: "button", "data-focus": "add-lady", onclick: addLady}, t("wb.add.lady"))));
}

// -- traits and suits --------------------------------------------------------------------------

function entryRow(kind, index, findings) {
  const doc = workbench.doc;
  const thing = doc[kind][index];
  const label = kind === "traits" ? traitName(doc, thing.id) : suitName(doc, thing.id);
  const removeKey = `${kind}:${index}:remove`;
  const removeMsg = drafts.get(removeKey)?.message;
  let colour = null;
  if (kind === "suits") {
    const [input, msg] = textField({
      focus: `suits:${index}:colour`, label: t("wb.colour"), value: thing.colour ?? "", cls: "wb-id",
      where: t("wb.where.colour", {suit: label}),
      undoLabel: t("wb.step.colour", {suit: label}),
      read: (text) => (text.trim() && !CSS.supports("color", text.trim()) ? {message: t("wb.colour.bad", {text})}
        : {change: (d) => { if (text.trim()) d.suits[index].colour = text.trim(); else delete d.suits[index].colour; }})});
    colour = h("label", {class: "wb-lang"}, h("span", {}, t("wb.colour")), pip(thing), input, msg);
    colour.style.setProperty("--suit", suitColour(thing));
  }
  return h("li", {class: "wb-entry-row", role: "group", "aria-label": label, id: `${kind === "suits" ? "suit" : "trait"}-${thing.id}`},
    h("div", {class: "wb-row-fields"}, idField(kind, index), colour, nameFields(`${kind}:${index}`, thing, (d) => d[kind][index], label)),
    h("div", {class: "wb-actions"},
      h("button", {type: "button", class: "small", "data-focus": removeKey, "aria-label": t("wb.remove.thing", {what: label}),
                   "aria-describedby": `m-${removeKey.replace(/[^\w-]/g, "_")}`,
                   onclick: () => { if (!removeEntry(kind, index)) redrawAll(); }}, t("wb.remove")),
      message(`m-${removeKey.replace(/[^\w-]/g, "_")}`, removeMsg)),
    kind === "suits" ? h("div", {class: "wb-suit-findings", "data-suit": thing.id}, findings) : null);
}

/** The set's traits and suits, each editable (ids, names in every language, a suit's colour); suit findings beside each suit. */
export function traitsAndSuits(doc, suitFindings, open) {
  return box("traits-and-suits", "wb-box", open, t("wb.traitsandsuits", {traits: doc.traits.length, suits: doc.suits.length}),
    h("div", {class: "wb-two"},
      h("section", {"aria-labelledby": "wb-traits-h"}, h("h3", {id: "wb-traits-h"}, t("wb.traits.title")),
        h("ul", {class: "wb-entries"}, doc.traits.map((_, i) => entryRow("traits", i, null))),
        h("button", {type: "button", "data-focus": "add-trait", onclick: addTrait}, t("wb.add.trait"))),
      h("section", {"aria-labelledby": "wb-suits-h"}, h("h3", {id: "wb-suits-h"}, t("wb.suits.title")),
        h("ul", {class: "wb-entries"}, doc.suits.map((s, i) => entryRow("suits", i, suitFindings(s.id)))),
        h("button", {type: "button", "data-focus": "add-suit", onclick: addSuit}, t("wb.add.suit")))));
}

/** The set's own name. */
export function setNameField(doc) {
  const [input, msg] = textField({focus: "set:name", label: t("wb.setname"), value: doc.name ?? "", undoLabel: t("wb.step.setname"),
    read: (text) => (text.trim() ? {change: (d) => { d.name = text; }} : {message: t("wb.id.empty")})});
  return h("label", {class: "wb-setname"}, h("span", {"aria-hidden": "true"}, t("wb.setname")), input, msg);
}

// -- the rules: traits per lady, the modes' tables --------------------------------------------

/** The modes a set may have a table for (SPEC 4), and the problems the engine found in the rules' fields. */
const MODE_TABLES = ["easy", "advanced"];
const isRulesPath = (path) => /^(traits_per_lady|modes)\b/.test(path ?? "");

/** The traits per lady, read: a whole number from 1 to the number of traits, else why not. */
function readPerLady(text) {
  const most = workbench.doc.traits.length;
  if (!/^\s*\d+\s*$/.test(text)) return {message: t("wb.perlady.bad", {text, most})};
  const k = Number(text);
  return k >= 1 && k <= most ? {change: (d) => { d.traits_per_lady = k; }} : {message: t("wb.perlady.range", {k, most})};
}

/** A mode's table as the game's rulebook would start it: each suit removes the next one along. */
const firstTable = (suits) => Object.fromEntries(suits.map((s, i) => [s.id, suits[(i + 1) % suits.length].id]));

function toggleMode(mode, on) {
  edit(t(on ? "wb.step.mode.on" : "wb.step.mode.off", {mode: t(`mode.${mode}`)}), (d) => {
    if (on) d.modes = {...(d.modes ?? {}), [mode]: firstTable(d.suits)};
    else {
      delete d.modes?.[mode];
      if (d.modes && !Object.keys(d.modes).length) delete d.modes;
    }
  });
}

/** The suit a mode removes when the Dark Lady is of `suit`: a choice of the other suits (a missing one said). */
function modeCell(doc, mode, suit) {
  const removed = doc.modes?.[mode]?.[suit.id];
  const known = doc.suits.some((s) => s.id === removed && s.id !== suit.id);
  const focus = `modes:${mode}:${suit.id}`;
  const msgId = `m-${focus.replace(/[^\w-]/g, "_")}`;
  const select = h("select", {"data-focus": focus, "aria-label": t("wb.mode.cell", {mode: t(`mode.${mode}`), suit: suitName(doc, suit.id)}),
                              "aria-invalid": known ? "false" : "true", "aria-describedby": msgId,
                              onchange: (e) => edit(t("wb.step.mode", {mode: t(`mode.${mode}`), suit: suitName(doc, suit.id)}),
                                                    (d) => { d.modes[mode][suit.id] = e.target.value; })},
    known ? null : h("option", {value: "", selected: true}, "—"),
    doc.suits.filter((s) => s.id !== suit.id).map((s) => h("option", {value: s.id, selected: s.id === removed}, suitName(doc, s.id))));
  return h("td", {}, select, message(msgId, known ? "" : t("wb.mode.missing")));
}

/**
 * Where a problem the engine found in the set sent to the audit is, in the game's words, from its
 * path (ladies[2].key.rose: "Mary Fitton, key for Rose"; modes.easy.rose: "Easy, Rose: suit
 * removed"): never the path itself. The audit reads the whole ladies only (cardset.auditable).
 */
export function problemPlace(path) {
  const doc = workbench.doc;
  const [head, index, ...rest] = (path ?? "").split(/[.[\]]+/).filter(Boolean);
  const mode = (m) => (["easy", "advanced", "normal"].includes(m) ? t(`mode.${m}`) : m);
  if (head === "ladies" && /^\d+$/.test(index ?? "")) {
    const lady = auditable(doc).ladies[Number(index)];
    const who = lady ? ladyName(doc, lady.id) : t("wb.lady.n", {n: Number(index) + 1});
    return rest[0] === "key" && rest[1] ? t("wb.where.key", {lady: who, suit: suitName(doc, rest[1])}) : who;
  }
  if ((head === "traits" || head === "suits") && /^\d+$/.test(index ?? "")) {
    const thing = doc[head][Number(index)];
    return thing ? (head === "traits" ? traitName : suitName)(doc, thing.id) : t(`wb.${head}.title`);
  }
  if (head === "modes") return index && rest[0] ? t("wb.mode.cell", {mode: mode(index), suit: suitName(doc, rest[0])}) : t("wb.modes");
  if (head === "traits_per_lady") return t("wb.perlady");
  return head === "name" ? t("wb.setname") : t("wb.sec.cards");
}

/** The engine's problems with the set sent, each said where it is in words (problemList's shape, no path). */
export const problemsSaid = (problems) => problems.map((p) => ({path: "", message: `${problemPlace(p.path)}: ${p.message}`}));

/** The problems the engine found in the rules' fields (traits per lady, modes), beside them. */
export function rulesProblems() {
  const mine = (workbench.problems ?? []).filter((p) => isRulesPath(p.path));
  return mine.length ? h("ul", {class: "wb-findings"}, mine.map((p) =>
    h("li", {class: "wb-finding wb-error"}, h("strong", {}, problemPlace(p.path)), ": ", p.message))) : null;
}

/**
 * The set's rules, edited in place: the traits each lady has (a number field; 0, or more than
 * there are traits, is said beside it and the set keeps its last good number), and the modes'
 * tables (for each mode, whether the set has it, and for the Dark Lady's suit the suit it removes).
 */
export function rulesBox(doc) {
  const [perLady, perLadyMsg] = textField({focus: "set:traits_per_lady", label: t("wb.perlady"), value: String(doc.traits_per_lady),
                                           cls: "wb-number", undoLabel: t("wb.step.perlady"), read: readPerLady});
  Object.assign(perLady, {type: "number", min: 1, max: doc.traits.length, inputMode: "numeric"});
  const modes = MODE_TABLES.filter((m) => doc.modes?.[m]);
  const toggles = MODE_TABLES.map((mode) => h("label", {class: "wb-check"},
    h("input", {type: "checkbox", checked: modes.includes(mode), disabled: doc.suits.length < 2, "data-focus": `modes:${mode}`,
                onchange: (e) => toggleMode(mode, e.target.checked)}),
    t("wb.mode.has", {mode: t(`mode.${mode}`)})));
  const table = modes.length ? h("div", {class: "scroll"}, h("table", {class: "wb-modes"},
    h("caption", {}, t("wb.modes.caption")),
    h("thead", {}, h("tr", {}, h("th", {scope: "col"}, t("wb.modes.dark")), modes.map((m) => h("th", {scope: "col"}, t(`mode.${m}`))))),
    h("tbody", {}, doc.suits.map((s) => h("tr", {},
      h("th", {scope: "row"}, pip(s), suitName(doc, s.id)), modes.map((m) => modeCell(doc, m, s))))))) : null;
  const ids = new Set(doc.suits.map((s) => s.id));
  const open = modes.some((m) => doc.suits.some((s) => !ids.has(doc.modes[m][s.id]) || doc.modes[m][s.id] === s.id))
    || (workbench.problems ?? []).some((p) => isRulesPath(p.path));
  return box("rules", "wb-box wb-rules", open, t("wb.rules", {k: doc.traits_per_lady, modes: modes.length}),
    h("div", {class: "wb-rules-fields"},
      h("label", {class: "wb-perlady"}, h("span", {"aria-hidden": "true"}, t("wb.perlady")), perLady, perLadyMsg),
      h("fieldset", {class: "wb-modes-on"}, h("legend", {}, t("wb.modes")), h("p", {class: "help"}, t("wb.modes.help")), toggles)),
    table,
    h("div", {class: "wb-rules-problems"}, rulesProblems()));
}
