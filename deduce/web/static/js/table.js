// At the table: the physical game's clue cards and stealth cards typed as they come, with
// live WHO (POST /v1/deduce) and WHERE (POST /v1/track, or /v1/advice with the pawn).
// Everything entered is kept in this browser (localStorage), can be undone, exported and imported.
import {api} from "./api.js";
import {download, field, fieldMessage, fill, h, readFile} from "./dom.js";
import {t} from "./i18n.js";
import {errorText, notify} from "./status.js";
import {clueCard, describeClue, provenTokens, tokens, whoResult} from "./who.js";
import {whereResult} from "./where.js";
import {ladyName, landmarkName, placeName, suitName, traitName, world} from "./words.js";

const KEY = "bs.table";
const FORMAT = "black-sonata-table";
const HISTORY = 200;

/** What was entered: her suit, the clues, the stealth sequence, the pawn, the top card's slot, what was seen. */
const fresh = () => ({suit: null, clues: [], sequence: null, pawn: null, cursor: 0, seen: false, observations: []});

let state = load();
let history = [];
// The card being typed (not saved until added).
const typing = {traits: [], counts: []};

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    return checked(saved) ?? fresh();
  } catch {
    return fresh();
  }
}

/** A saved or imported state, if it has the shape this page writes; null otherwise. */
function checked(doc) {
  if (!doc || typeof doc !== "object") return null;
  const base = fresh();
  for (const [key, value] of Object.entries(base)) {
    if (!(key in doc)) return null;
    if (Array.isArray(value) !== Array.isArray(doc[key])) return null;
    if (typeof value === "number" && !Number.isInteger(doc[key])) return null;
  }
  return {...base, ...doc};
}

/** Change the state, keeping the previous one for Undo, and save it. */
function change(update) {
  history.push(JSON.stringify(state));
  if (history.length > HISTORY) history.shift();
  state = {...state, ...update};
  localStorage.setItem(KEY, JSON.stringify(state));
}

function undo() {
  if (!history.length) return;
  state = JSON.parse(history.pop());
  localStorage.setItem(KEY, JSON.stringify(state));
}

/** The deduction query of the clues entered (typed cards give their entry for her suit). */
function whoQuery() {
  return {suit: state.suit, explain: true,
          clues: state.clues.map((c) => (c.card ? {card: c.card, role: c.role} : {traits: c.traits, counts: c.counts}))};
}

function walk() {
  return world.material.sequences.find((s) => s.name === state.sequence) ?? world.material.sequences[0];
}

function trackQuery() {
  const w = walk();
  return {length: w.length, moves: w.moves, now: state.cursor, observations: state.observations};
}

/** Clues held, for the flee after a search: every card entered (the suit card too). */
const held = () => state.clues.length;

// -- WHO ---------------------------------------------------------------------------------

function toggle(list, value, most) {
  const i = list.indexOf(value);
  if (i >= 0) list.splice(i, 1);
  else if (list.length < most) list.push(value);
}

function whoForm(redraw) {
  const suit = h("select", {onchange: (e) => { change({suit: e.target.value || null}); redraw(); }},
    h("option", {value: ""}, "—"),
    world.cards.suits.map((s) => h("option", {value: s.id, selected: s.id === state.suit}, suitName(s.id))));
  const k = world.cards.traits_per_lady;
  const traitButtons = h("div", {class: "chips", role: "group", "aria-label": t("table.traits")},
    world.cards.traits.map((tr) => h("button", {type: "button", class: "chip", "aria-pressed": String(typing.traits.includes(tr.id)),
      onclick: () => { toggle(typing.traits, tr.id, k); redraw(); }}, traitName(tr.id))));
  const countButtons = h("div", {class: "chips", role: "group", "aria-label": t("table.entry")},
    Array.from({length: k + 1}, (_, n) => h("button", {type: "button", class: "chip num", "aria-pressed": String(typing.counts.includes(n)),
      onclick: () => { toggle(typing.counts, n, k + 1); redraw(); }}, String(n))));
  const suitCard = h("input", {type: "checkbox", id: "typed-suit-card"});
  const add = h("button", {type: "button", class: "primary"}, t("table.add"));
  add.addEventListener("click", () => {
    const problem = !state.suit ? t("table.needsuit") : typing.traits.length !== k ? t("table.need3")
      : !typing.counts.length ? t("table.needentry") : "";
    fieldMessage(add, problem);
    if (problem) return;
    change({clues: [...state.clues, {traits: [...typing.traits], counts: [...typing.counts].sort(), suit_card: suitCard.checked}]});
    typing.traits = [];
    typing.counts = [];
    redraw();
  });
  const pick = h("select", {}, world.cards.suits.map((s) => h("optgroup", {label: suitName(s.id)},
    world.cards.ladies.filter((l) => l.suit === s.id).map((l) => h("option", {value: l.id}, ladyName(l.id))))));
  const pickSuitCard = h("input", {type: "checkbox", id: "pick-suit-card"});
  const addPick = h("button", {type: "button", onclick: () => {
    change({clues: [...state.clues, {card: pick.value, role: pickSuitCard.checked ? "suit_card" : "clue"}]});
    redraw();
  }}, t("table.add.pick"));
  return h("div", {},
    field(t("table.suit"), suit),
    h("fieldset", {}, h("legend", {}, t("table.type")),
      h("p", {class: "label"}, t("table.traits")), traitButtons,
      h("p", {class: "label"}, t("table.entry")), countButtons,
      h("label", {class: "check"}, suitCard, t("table.suitcard")),
      field("", add)),
    h("fieldset", {}, h("legend", {}, t("table.pick")),
      field(t("table.lady"), pick), h("label", {class: "check"}, pickSuitCard, t("table.suitcard")), addPick));
}

function clueList(result, redraw) {
  const conflict = new Set(result?.conflict ?? []);
  const query = whoQuery();
  if (!state.clues.length) return h("p", {}, t("table.noclues"));
  return h("div", {class: "cards"}, state.clues.map((c, i) => {
    const lady = c.card ? world.cards.ladies.find((l) => l.id === c.card) : null;
    const shown = lady ? {card: lady.id, name: ladyName(lady.id), traits: lady.traits, key: lady.key}
                       : {traits: c.traits, counts: c.counts, name: `${i + 1}`};
    const what = state.suit || c.card ? describeClue(query, i) : `${i + 1}`;
    return h("div", {class: "card-slot"},
      clueCard(shown, state.suit, {suitCard: c.role === "suit_card" || c.suit_card, conflict: conflict.has(i), label: what}),
      h("button", {type: "button", class: "small", "aria-label": t("table.remove", {what}),
                   onclick: () => { change({clues: state.clues.filter((_, j) => j !== i)}); redraw(); }}, "✕"));
  }));
}

// -- WHERE -------------------------------------------------------------------------------

function whereForm(redraw) {
  const seq = h("select", {onchange: (e) => { change({sequence: e.target.value}); redraw(); }},
    world.material.sequences.map((s) => h("option", {value: s.name, selected: s.name === walk().name},
      s.position ? t("sequence.position", {n: s.position, moves: t(`moves.${s.moves}`)})
                 : t("sequence.rulebook", {name: s.name, length: s.length, moves: t(`moves.${s.moves}`)}))));
  const pawn = h("select", {onchange: (e) => { change({pawn: e.target.value || null}); redraw(); }},
    h("option", {value: ""}, t("table.pawn.none")),
    world.board.locations.map((l) => h("option", {value: l.id, selected: l.id === state.pawn}, placeName(l.id))));
  const seen = h("select", {}, world.board.landmarks.map((m) => h("option", {value: m.id}, landmarkName(m.id))),
    h("option", {value: "fog"}, t("table.fog")));
  const record = () => {
    const slot = state.seen ? state.cursor + 1 : state.cursor;
    const obs = seen.value === "fog" ? {slot, fog: true} : {slot, landmark: seen.value};
    change({cursor: slot, seen: true, observations: [...state.observations, obs]});
    redraw();
  };
  const where = h("select", {}, world.board.locations.map((l) => h("option", {value: l.id, selected: l.id === state.pawn}, placeName(l.id))));
  const found = h("select", {}, h("option", {value: "no"}, t("table.notfound")), h("option", {value: "yes"}, t("table.found")));
  const flee = h("input", {type: "number", min: 0, max: 64, value: held(), inputmode: "numeric"});
  found.addEventListener("change", () => { flee.value = held() + (found.value === "yes" ? 1 : 0); });
  const search = h("button", {type: "button"}, t("table.search.add"));
  search.addEventListener("click", () => {
    const n = Number(flee.value);
    const ok = flee.value !== "" && Number.isInteger(n) && n >= 0 && n <= 64;
    fieldMessage(flee, ok ? "" : t("discard.bad", {max: 64}));
    if (!ok) return;
    const obs = {slot: state.cursor, searched: where.value, found: found.value === "yes"};
    change({observations: [...state.observations, obs], cursor: state.cursor + n, seen: n === 0 ? state.seen : false});
    redraw();
  });
  return h("div", {},
    field(t("table.sequence"), seq), field(t("table.pawn"), pawn),
    h("p", {class: "cursor"}, t("table.cursor", {slot: state.cursor})),
    h("div", {class: "row"}, field(t("table.seen"), seen), h("button", {type: "button", onclick: record}, t("table.record"))),
    h("div", {class: "row"}, field(t("table.search"), where), field(t("table.found"), found),
      field(t("table.flee", {n: held()}), flee), search));
}

function observationList() {
  if (!state.observations.length) return h("p", {}, t("table.noobs"));
  return h("ol", {class: "trail"}, state.observations.map((o) => h("li", {},
    o.fog ? t("trail.fog", {slot: o.slot})
      : o.landmark ? t("trail.landmark", {slot: o.slot, landmark: landmarkName(o.landmark)})
      : t(o.found ? "trail.search.found" : "trail.search.not", {slot: o.slot, location: placeName(o.searched)}))));
}

// -- the page ----------------------------------------------------------------------------

async function answers() {
  const who = state.clues.length || state.suit ? api("POST", "/v1/deduce", {body: whoQuery()}) : Promise.resolve(null);
  const where = state.pawn ? api("POST", "/v1/advice", {body: {query: trackQuery(), pawn: state.pawn}})
                           : api("POST", "/v1/track", {body: trackQuery()}).then((tracking) => ({tracking, advice: null}));
  return Promise.all([who, where]);
}

function toolbar(redraw) {
  const file = h("input", {type: "file", accept: ".json,application/json"});
  file.addEventListener("change", async () => {
    const text = await readFile(file);
    let doc = null;
    let why = "";
    try {
      doc = JSON.parse(text);
      why = doc?.format === FORMAT ? "" : `format ≠ ${FORMAT}`;
    } catch (error) {
      why = error.message;
    }
    const next = why ? null : checked(doc.state);
    fieldMessage(file, next ? "" : t("table.import.bad", {why: why || "state"}));
    if (next) { change(next); redraw(); }
  });
  return h("div", {class: "buttons toolbar"},
    h("button", {type: "button", disabled: !history.length, onclick: () => { undo(); redraw(); }}, t("table.undo")),
    h("button", {type: "button", onclick: () => { change(fresh()); redraw(); }}, t("table.clear")),
    h("button", {type: "button", onclick: () => download("black-sonata-table.json",
      JSON.stringify({format: FORMAT, version: 1, state}, null, 2))}, t("table.export")),
    field(t("table.import"), file));
}

export async function render(main) {
  const redraw = () => render(main);
  let who = null;
  let where = null;
  try {
    [who, where] = await answers();
    notify("");
  } catch (error) {
    notify(errorText(error));
  }
  fill(main, h("h1", {}, t("table.title")), toolbar(redraw),
    h("div", {class: "columns"},
      h("section", {class: "panel", "aria-labelledby": "who-h"}, h("h2", {id: "who-h"}, t("table.who")),
        whoForm(redraw),
        h("h3", {}, t("table.entered")), clueList(who, redraw),
        who ? h("div", {class: "live", "aria-live": "polite"}, h("h3", {}, t("tokens")), tokens(provenTokens(who)),
          whoResult(whoQuery(), who)) : null),
      h("section", {class: "panel", "aria-labelledby": "where-h"}, h("h2", {id: "where-h"}, t("table.where")),
        whereForm(redraw),
        h("h3", {}, t("table.observations")), observationList(),
        where ? whereResult(where.tracking, where.advice, {pawn: state.pawn}) : null)));
}
