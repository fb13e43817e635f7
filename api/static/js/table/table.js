// At the table: the physical game's clue cards and stealth cards typed as they come, with
// live WHO and its progress (POST /v1/hint, in the mode played), WHERE and the plan a game's hints
// would give for what is entered (POST /v1/advice; the plan in three steps, its Hint button asking for
// the nudge and the focus with the advice's `step`, hintsteps.js; with the plan, how the game stands,
// POST /v1/standing for the same body, standing.js), with the sample cards and board or the
// owner's own (files read by POST /v1/cards/check and /v1/board/check, or a board entered here).
// Phone first: the answer (how many Dark Ladies remain, her traits proven or ruled out, what to do
// now, where she likely is) stays in a bar at the top of the screen; the entry folds into steps.
// A card typed as it lies is the engine's to recognise: the page sends it as typed and shows the
// card the engine says it is. Everything entered is kept in this browser (localStorage), what is
// being typed too; it can be undone, exported and imported.
import {ApiError, api} from "../shared/api.js";
import {boardDraft, boardEditor, setBoardDraft} from "../shared/boardedit.js";
import {download, field, fieldMessage, fill, h, keepFocus, readFile} from "../shared/dom.js";
import {lang, t} from "../shared/i18n.js";
import {hintButton, stepText, WHOLE} from "../shared/hintsteps.js";
import {actionText, reasonText} from "../shared/plan.js";
import {chanceText, progressPanel} from "../shared/progress.js";
import {failure, notify, problemList, problemText} from "../shared/status.js";
import {clueCard, describeClue, provenTokens, tokens, whoResult} from "../shared/who.js";
import {sequenceName, sequenceSelect} from "../shared/sequences.js";
import {standingLine} from "../shared/standing.js";
import {whereResult} from "../shared/where.js";
import {counted, joinWords, lady, ladyName, landmarkName, phrase, placeName, suitName, traitName, useMaterial, world}
  from "../shared/words.js";

const KEY = "bs.table";
const TYPING_KEY = "bs.table.typing";
const FORMAT = "black-sonata-table";
const HISTORY = 200;
const MAX_FLEE = 64;

/**
 * What was entered: the mode played, her suit, the clues, the stealth sequence, the pawn, the
 * top card's slot, what was seen; and the owner's own card set and board (documents as the
 * engine read them), if any.
 */
const fresh = () => ({mode: "normal", suit: null, clues: [], sequence: null, pawn: null, cursor: 0, seen: false,
                      observations: [], cards: null, board: null});
/** Fields an export made before the mode, own cards and boards may lack; those that hold a document. */
const OPTIONAL = ["mode", "cards", "board"];
const DOCUMENTS = ["cards", "board"];

let state = load();
let history = [];
// What is being typed and not yet added: kept across redraws and in the browser (a card half typed
// stays as it was, marked as not added), never sent.
const typing = {traits: [], counts: [], suitCard: false, pick: null, seen: null, searched: null, found: "no", flee: null,
                problem: "", ...loadTyping()};
// The steps of the entry the player opened or folded, by name (kept across redraws, not saved); a step
// left alone is open, but for the first once her suit is chosen (its heading then says what was chosen).
const unfolded = new Map();
// A file that could not be read, per kind: {file, problems}; the entries stay as they were.
const unread = {cards: null, board: null};
let ownOpen = false;
let editorOpen = false;
/** The step of the plan's hints the player asked for on what is entered now (0 none yet, 1 the nudge, 2 the
 * focus, 3 the plan): each entry starts them again. */
let hintStep = 0;

/** The card being typed, as this browser kept it (only its traits, entry and tick). */
function loadTyping() {
  try {
    const kept = JSON.parse(localStorage.getItem(TYPING_KEY));
    const list = (v) => (Array.isArray(v) ? v : []);
    return kept && typeof kept === "object" ? {traits: list(kept.traits), counts: list(kept.counts), suitCard: kept.suitCard === true} : {};
  } catch {
    return {};
  }
}

/** Keep the card being typed in the browser, so that a reload or a lost connection does not lose it. */
function keepTyping() {
  localStorage.setItem(TYPING_KEY, JSON.stringify({traits: typing.traits, counts: typing.counts, suitCard: typing.suitCard}));
}

function load() {
  try {
    return checked(JSON.parse(localStorage.getItem(KEY))) ?? fresh();
  } catch {
    return fresh();
  }
}

/** A saved or imported state, if it has the shape this page writes; null otherwise. */
function checked(doc) {
  if (!doc || typeof doc !== "object") return null;
  const base = fresh();
  for (const [key, value] of Object.entries(base)) {
    if (!(key in doc)) {
      if (OPTIONAL.includes(key)) continue;
      return null;
    }
    if (Array.isArray(value) !== Array.isArray(doc[key])) return null;
    if (typeof value === "number" && !Number.isInteger(doc[key])) return null;
    if (typeof value === "string" && typeof doc[key] !== "string") return null;
    if (DOCUMENTS.includes(key) && doc[key] !== null && typeof doc[key] !== "object") return null;
  }
  return {...base, ...doc};
}

/** Change the state, keeping the previous one for Undo, and save it. */
function change(update) {
  hintStep = 0;
  history.push(JSON.stringify(state));
  if (history.length > HISTORY) history.shift();
  state = {...state, ...update};
  localStorage.setItem(KEY, JSON.stringify(state));
}

function undo() {
  if (!history.length) return;
  state = JSON.parse(history.pop());
  hintStep = 0;
  localStorage.setItem(KEY, JSON.stringify(state));
}

/** A card picked from the set in use: of her suit it can only be the suit card, so it is sent as that. */
const pickedRole = (c) => (lady(c.card)?.suit === state.suit ? "suit_card" : "clue");

/** The deduction query of the clues entered: picked cards by id, typed cards as they lie (the engine
 * says which card of the set each one is, in the answer's `recognised`). */
function whoQuery() {
  return {suit: state.suit, explain: true,
          clues: state.clues.map((c) => (c.card ? {card: c.card, role: pickedRole(c)} : {traits: c.traits, counts: c.counts}))};
}

/** The modes the card set in use can be played in: those that remove no card, and those whose table of the
 * cards removed (its `modes`) it gives; an owner's own set may give none. */
const modes = () => world.material.modes.filter((m) => !(m in world.material.mode_tables)
                                                       || world.cards.modes?.[world.material.mode_tables[m]]);

/** The mode played (it decides which cards the clue deck holds): one the card set in use can be played in, else
 * Normal. */
const mode = () => (modes().includes(state.mode) ? state.mode : "normal");

function walk() {
  return world.material.sequences.find((s) => s.name === state.sequence) ?? world.material.sequences[0];
}

function trackQuery() {
  const w = walk();
  return {length: w.length, moves: w.moves, now: state.cursor, observations: state.observations};
}

/**
 * The body of POST /v1/advice for what is entered: with the pawn on the map, her suit and the card on
 * top seen, the situation at the table, for which the server gives the plan a game's hints give
 * (deduce/game/situation.py): cards picked by id, cards typed as they lie (the server takes each as the
 * card of the set it matches, or as typed); the keys, the fog cards and the countdown are a game's
 * start until the page asks for them; the stealth sequence chosen goes with it, for the standing. Otherwise,
 * the tracking query alone, for the odds. The owner's own
 * card set and board go with it: the server reads the cards with her set.
 */
function adviceBody() {
  const body = {query: trackQuery(), board: state.board};
  if (!state.pawn || !state.suit || !state.seen) return body;
  const w = walk();
  const trail = state.observations.map((o) => (o.fog ? {slot: o.slot, kind: "fog"}
    : o.landmark ? {slot: o.slot, kind: "landmark", landmark: o.landmark}
    : {slot: o.slot, kind: "search", location: o.searched, found: o.found}));
  const picked = state.clues.filter((c) => c.card);
  const typed = state.clues.filter((c) => !c.card).map((c) => ({traits: c.traits, counts: c.counts, role: c.suit_card ? "suit_card" : "clue"}));
  return {cards: state.cards, board: state.board, lang: lang(), situation: {
    mode: mode(), suit: state.suit, pawn: state.pawn, length: w.length, moves: w.moves, now: state.cursor, trail,
    sequence: w.position ? {position: w.position} : {rulebook: w.name},
    clues: picked.filter((c) => pickedRole(c) === "clue").map((c) => c.card),
    suit_card: picked.find((c) => pickedRole(c) === "suit_card")?.card ?? null, typed}};
}

/** The plan for the situation entered (the answer's `plan`, as the play page words it, with no Do it), or why there is none. */
function advicePanel(answer) {
  if (answer.plan_problems) return h("p", {class: "note"}, answer.plan_problems.map(problemMessage).join("; "));
  const plan = answer.plan;
  if (!plan) return null;
  return h("section", {class: "panel plan", "aria-labelledby": "advice-h"},
    h("h3", {id: "advice-h"}, t("plan.heading")),
    h("p", {class: "do", "data-action": plan.action ?? "none"}, h("strong", {}, actionText(plan.send))),
    plan.reasons.length ? h("ul", {class: "reasons", "aria-label": t("plan.why")},
      plan.reasons.map((r) => h("li", {"data-code": r.code}, reasonText(r)))) : null);
}

/** Clues held, for the flee after a search: every card entered (the suit card too). */
const held = () => state.clues.length;

// -- WHO ---------------------------------------------------------------------------------

function toggle(list, value, most) {
  const i = list.indexOf(value);
  if (i >= 0) list.splice(i, 1);
  else if (list.length < most) list.push(value);
}

/** Step 1: the game set up: her suit (the back of her card), the mode played and the stealth sequence. */
function setupForm(redraw) {
  const played = h("select", {"data-focus": "mode", onchange: (e) => { change({mode: e.target.value}); redraw(); }},
    modes().map((m) => h("option", {value: m, selected: m === mode()}, t(`mode.${m}`))));
  const missing = modes().length < world.material.modes.length ? t("table.mode.missing") : undefined;
  const suit = h("select", {"data-focus": "suit",
                            onchange: (e) => { change({suit: e.target.value || null}); redraw().then(onFromSetup); }},
    h("option", {value: ""}, "—"),
    world.cards.suits.map((s) => h("option", {value: s.id, selected: s.id === state.suit}, suitName(s.id))));
  return h("div", {}, h("div", {class: "row"}, field(t("table.suit"), suit), field(t("table.mode"), played, missing)),
    field(t("table.sequence"), sequenceChoice(redraw), t("sequence.help")));
}

/** After a card is added, the box the next one is typed in, at the top of the screen under the answer (a phone
 * shows it whole there: no swipe back up to its first trait). */
function nextCard() {
  document.querySelector(".table-entry .typing")?.scrollIntoView({block: "start"});
}

/** Once her suit is chosen and the first step has folded, the keyboard goes on to the card's first trait (the
 * list it was in is folded away). */
function onFromSetup() {
  if (document.querySelector('[data-step="setup"]')?.open === false) {
    document.querySelector(".table-entry .typing button")?.focus({preventScroll: true});
  }
}

/** Whether a card is being typed and not yet added (it is kept, marked, and never sent). */
const halfTyped = () => typing.traits.length > 0 || typing.counts.length > 0;

/** Step 2: a clue card, typed as it lies (its traits, its key entry for her suit) or picked from the set. */
function cardForm(redraw) {
  const k = world.cards.traits_per_lady;
  const retype = (update) => { update(); typing.problem = ""; keepTyping(); redraw(); };
  const traitButtons = h("div", {class: "chips", role: "group", "aria-label": t("table.traits", {k})},
    world.cards.traits.map((tr) => h("button", {type: "button", class: "chip", "aria-pressed": String(typing.traits.includes(tr.id)),
      "data-trait": tr.id, onclick: () => retype(() => toggle(typing.traits, tr.id, k))}, traitName(tr.id))));
  const countButtons = h("div", {class: "chips", role: "group", "aria-label": t("table.entry")},
    Array.from({length: k + 1}, (_, n) => h("button", {type: "button", class: "chip num", "aria-pressed": String(typing.counts.includes(n)),
      "data-focus": `count-${n}`, onclick: () => retype(() => toggle(typing.counts, n, k + 1))}, String(n))));
  const suitCard = h("input", {type: "checkbox", id: "typed-suit-card", checked: typing.suitCard,
                               onchange: (e) => { typing.suitCard = e.target.checked; keepTyping(); }});
  const add = h("button", {type: "button", class: "primary", "data-focus": "add-typed"}, t("table.add"));
  add.addEventListener("click", () => {
    const problem = !state.suit ? t("table.needsuit") : typing.traits.length !== k ? t("table.need3", {k})
      : !typing.counts.length ? t("table.needentry") : "";
    typing.problem = problem;  // kept, so that a redraw still in flight shows it again
    fieldMessage(add, problem);
    if (problem) return;
    change({clues: [...state.clues, {traits: [...typing.traits], counts: [...typing.counts].sort(), suit_card: typing.suitCard}]});
    Object.assign(typing, {traits: [], counts: [], suitCard: false, problem: ""});
    keepTyping();
    redraw().then(nextCard);
  });
  const addField = field("", add);
  if (typing.problem) fieldMessage(add, typing.problem);
  const ids = world.cards.ladies.map((l) => l.id);
  const picked = ids.includes(typing.pick) ? typing.pick : ids[0];
  const pick = h("select", {"data-focus": "pick", onchange: (e) => { typing.pick = e.target.value; }},
    world.cards.suits.map((s) => h("optgroup", {label: suitName(s.id)},
      world.cards.ladies.filter((l) => l.suit === s.id).map((l) => h("option", {value: l.id, selected: l.id === picked}, ladyName(l.id))))));
  const addPick = h("button", {type: "button", "data-focus": "add-pick", onclick: () => {
    change({clues: [...state.clues, {card: pick.value}]});
    redraw().then(nextCard);
  }}, t("table.add.pick"));
  return h("div", {},
    h("fieldset", {class: halfTyped() ? "typing half-typed" : "typing"}, h("legend", {}, t("table.type")),
      h("p", {class: "label", "aria-hidden": "true"}, t("table.traits", {k})), traitButtons,
      h("p", {class: "label", "aria-hidden": "true"}, t("table.entry")), countButtons,
      h("label", {class: "check"}, suitCard, t("table.suitcard")),
      halfTyped() ? h("p", {class: "note half-typed-note"}, t("table.typing")) : null,
      addField),
    h("fieldset", {class: "pick"}, h("legend", {}, t("table.pick")),
      h("div", {class: "row"}, field(t("table.lady"), pick), addPick)));
}

/** The cards of the set a clue is, as the engine recognised it (`recognised` of POST /v1/hint): one id,
 * none (a card the set lacks), or several (a set that repeats a card: the player says which). */
const recognisedAs = (result, i) => result?.recognised?.[i] ?? [];

/** A clue entered, as the page names it: the card picked or recognised, or its number and traits. */
function clueName(result, i) {
  const c = state.clues[i];
  const [id, ...others] = c.card ? [c.card] : recognisedAs(result, i);
  return id && !others.length && lady(id) ? ladyName(id) : describeClue(whoQuery(), i);
}

/** Whether a clue entered is the suit card: a card of her suit (picked or recognised), or one typed and ticked. */
function isSuitCard(result, i) {
  const c = state.clues[i];
  const ids = c.card ? [c.card] : recognisedAs(result, i);
  return ids.length === 1 ? lady(ids[0])?.suit === state.suit : Boolean(c.suit_card);
}

/** Under a typed card: the card of the set it is, that the set has no such card, or which of several it is. */
function recognition(result, i, redraw) {
  const ids = recognisedAs(result, i);
  if (!result?.recognised) return null;
  if (ids.length === 1) return h("p", {class: "recognised"}, t("table.recognised"));
  if (!ids.length) return h("p", {class: "note unrecognised"}, t("table.unrecognised"));
  return h("div", {class: "which", role: "group", "aria-label": t("table.which")}, h("p", {}, t("table.which")),
    ids.map((id) => h("button", {type: "button", onclick: () => {
      change({clues: state.clues.map((c, j) => (j === i ? {card: id} : c))});
      redraw();
    }}, ladyName(id))));
}

/** The cards that contradict each other (the deduction's smallest conflicting set), by name, beside the cards. */
function conflictNote(result) {
  if (!result?.conflict?.length) return null;
  return h("p", {class: "conflict-note", role: "alert"},
    t("table.conflict", {cards: joinWords(result.conflict.map((i) => clueName(result, i)))}));
}

/** What the advice refused of the card entered at `i` when it was typed (its problems, or the plan's, name typed
 * cards by their place among the typed ones), beside that card. */
function refusedHere(where, i) {
  if (state.clues[i].card) return null;
  const problems = where.answer?.plan_problems ?? (where.error instanceof ApiError ? where.error.problems : []);
  const place = new RegExp(`(^|\\.)typed\\[${state.clues.slice(0, i).filter((c) => !c.card).length}\\](\\.|$)`);
  const said = problems.filter((p) => place.test(p.path ?? ""));
  return said.length ? h("p", {class: "conflict-note", role: "alert"}, said.map(problemMessage).join("; ")) : null;
}

/** The cards entered, each as it lies, with what the deduction (`result`) and the plan's refusal say of it. */
function clueList(result, where, redraw) {
  const conflict = new Set(result?.conflict ?? []);
  if (!state.clues.length) return h("p", {class: "empty-note"}, t("empty.table.clues"));
  return h("div", {}, conflictNote(result), h("div", {class: "cards"}, state.clues.map((c, i) => {
    const [id, ...others] = c.card ? [c.card] : recognisedAs(result, i);
    const card = id && !others.length ? lady(id) : null;
    const shown = card ? {card: card.id, name: ladyName(card.id), traits: card.traits, key: card.key}
      : c.card ? {name: c.card, traits: []}  // not in the card set in use: the deduction names the problem
      : {traits: c.traits, counts: c.counts, name: `${i + 1}`};
    const what = clueName(result, i);
    return h("div", {class: "card-slot", "data-focus-group": `clue-${i}`},
      clueCard(shown, state.suit, {suitCard: isSuitCard(result, i), conflict: conflict.has(i) || (c.card && !card), label: what}),
      c.card ? null : recognition(result, i, redraw),
      refusedHere(where, i),
      h("button", {type: "button", class: "small", "aria-label": t("table.remove", {what}), "data-focus": `remove-${i}`,
                   onclick: () => { change({clues: state.clues.filter((_, j) => j !== i)}); redraw(); }}, "✕"));
  })));
}

// -- WHERE -------------------------------------------------------------------------------

/** The stealth sequences as the rulebook gives them, the one entered chosen. */
const sequenceChoice = (redraw) => sequenceSelect(walk().name, {"data-focus": "sequence",
  onchange: (e) => { change({sequence: e.target.value}); redraw(); }});

/** Step 3: the pawn, each card seen on top and each search. */
function stealthForm(redraw) {
  const places = world.board.locations.map((l) => l.id);
  const pawn = h("select", {"data-focus": "pawn", onchange: (e) => { change({pawn: e.target.value || null}); redraw(); }},
    h("option", {value: ""}, t("table.pawn.none")),
    places.map((id) => h("option", {value: id, selected: id === state.pawn}, placeName(id))));
  const seen = h("select", {"data-focus": "seen", onchange: (e) => { typing.seen = e.target.value; }},
    world.board.landmarks.map((m) => h("option", {value: m.id, selected: m.id === typing.seen}, landmarkName(m.id))),
    h("option", {value: "fog", selected: typing.seen === "fog"}, t("table.fog")));
  const record = () => {
    const slot = state.seen ? state.cursor + 1 : state.cursor;
    const obs = seen.value === "fog" ? {slot, fog: true} : {slot, landmark: seen.value};
    change({cursor: slot, seen: true, observations: [...state.observations, obs]});
    redraw();
  };
  const searchedAt = typing.searched && places.includes(typing.searched) ? typing.searched : state.pawn;
  const where = h("select", {onchange: (e) => { typing.searched = e.target.value; }},
    places.map((id) => h("option", {value: id, selected: id === searchedAt}, placeName(id))));
  const found = h("select", {}, h("option", {value: "no", selected: typing.found === "no"}, t("table.notfound")),
    h("option", {value: "yes", selected: typing.found === "yes"}, t("table.found")));
  const flee = h("input", {type: "number", min: 0, max: MAX_FLEE, value: typing.flee ?? held() + (typing.found === "yes" ? 1 : 0),
                           inputmode: "numeric", "data-focus": "flee"});
  const fleeOk = () => /^\d+$/.test(flee.value.trim()) && Number(flee.value) <= MAX_FLEE;
  const checkFlee = () => fieldMessage(flee, fleeOk() ? "" : t("table.flee.bad", {max: MAX_FLEE}));
  flee.addEventListener("input", () => { typing.flee = flee.value; checkFlee(); });
  found.addEventListener("change", () => {
    typing.found = found.value;
    if (typing.flee === null) flee.value = held() + (found.value === "yes" ? 1 : 0);
    checkFlee();
  });
  if (typing.flee !== null) checkFlee();
  const search = h("button", {type: "button", "data-focus": "record-search"}, t("table.search.add"));
  search.addEventListener("click", () => {
    checkFlee();
    if (!fleeOk()) return flee.focus();
    const n = Number(flee.value);
    const obs = {slot: state.cursor, searched: where.value, found: found.value === "yes"};
    change({observations: [...state.observations, obs], cursor: state.cursor + n, seen: n === 0 ? state.seen : false});
    Object.assign(typing, {flee: null, found: "no"});
    return redraw();
  });
  return h("div", {},
    field(t("table.pawn"), pawn),
    h("p", {class: "cursor"}, state.seen ? t("table.cursor.seen") : t("table.cursor.unseen")),
    h("div", {class: "row"}, field(t("table.seen"), seen), h("button", {type: "button", "data-focus": "record-card", onclick: record}, t("table.record"))),
    h("div", {class: "row"}, field(t("table.search"), where), field(t("table.found"), found),
      field(t("table.flee", {n: held()}), flee), search));
}

/** When a card was on top, counted back from the card on top now ("on top now", "3 cards ago"). */
const ago = (slot) => (slot === state.cursor ? t("table.ago.now") : counted("table.ago", state.cursor - slot));

function observationList() {
  if (!state.observations.length) return h("p", {class: "empty-note"}, t("empty.table.observations"));
  return h("ol", {class: "trail"}, state.observations.map((o) => h("li", {},
    o.fog ? t("table.trail.fog", {when: ago(o.slot)})
      : o.landmark ? t("table.trail.landmark", {when: ago(o.slot), landmark: landmarkName(o.landmark)})
      : t(o.found ? "table.trail.found" : "table.trail.not", {when: ago(o.slot), location: placeName(o.searched)}))));
}

// -- the owner's own cards and board --------------------------------------------------------

/** Read a card set or board file with the engine; kept when it reads, its problems shown when not. */
async function loadOwn(kind, input, redraw) {
  const file = input.files && input.files[0];
  const text = await readFile(input);
  if (text === null) return;
  try {
    const doc = await api("POST", `/v1/${kind === "cards" ? "cards" : "board"}/check`, {text, contentType: "application/yaml"});
    unread[kind] = null;
    useOwn(kind, doc);
    notify(t(`own.${kind}.loaded`, {name: titleOf(kind, doc)}));
  } catch (error) {
    unread[kind] = {file: file.name, problems: failure(error)};
  }
  redraw();
}

/** A card set's or board's name, or for one its file leaves unnamed the word for it ("Card set", "Board"). */
const titleOf = (kind, doc) => doc.name ?? t(`own.${kind}`);

/** Use a card set or board (null: the sample one the server ships): a change like any other, so Undo takes it back. */
function useOwn(kind, doc) {
  if (kind === "cards") {
    Object.assign(typing, {traits: [], counts: [], pick: null});
    change({cards: doc});
  } else {
    change({board: doc, pawn: doc && !doc.locations.some((l) => l.id === state.pawn) ? null : state.pawn});
    typing.searched = null;
  }
}

function ownFile(kind, redraw) {
  const own = state[kind];
  const input = h("input", {type: "file", accept: ".yaml,.yml,.json,text/yaml,application/json", "data-focus": `${kind}-file`});
  input.addEventListener("change", () => loadOwn(kind, input, redraw));
  const served = world.served[kind];
  return h("section", {class: "own-file", "aria-labelledby": `own-${kind}-h`},
    h("h3", {id: `own-${kind}-h`}, t(`own.${kind}`)),
    h("p", {}, own ? t("own.yours", {name: titleOf(kind, own)}) : t(`own.${kind}.sample`, {name: titleOf(kind, served)})),
    field(t(`own.${kind}.load`), input),
    unread[kind] ? problemList(unread[kind].problems, t("own.unread", {file: unread[kind].file})) : null,
    own ? h("button", {type: "button", "data-focus": `${kind}-box`, onclick: () => { useOwn(kind, null); redraw(); }}, t(`own.${kind}.use-sample`)) : null);
}

function ownPanel(redraw) {
  return h("details", {class: "panel own", open: ownOpen || Boolean(unread.cards || unread.board),
                       ontoggle: (e) => { ownOpen = e.target.open; }},
    h("summary", {}, t("own.title"), state.cards || state.board
      ? h("span", {class: "tag"}, [state.cards?.name, state.board?.name].filter(Boolean).join(" · ")) : null),
    h("p", {class: "help"}, t("own.help")),
    h("div", {class: "own-files"}, ownFile("cards", redraw), ownFile("board", redraw)),
    h("details", {class: "editor-box", open: editorOpen, ontoggle: (e) => { editorOpen = e.target.open; }},
      h("summary", {}, t("board.enter")),
      boardEditor((board) => { unread.board = null; useOwn("board", board); redraw(); })));
}

// -- the page ----------------------------------------------------------------------------

/** An API call's answer, or the error it ended with (shown where its answer would be). */
async function attempt(call) {
  try {
    return {answer: await call()};
  } catch (error) {
    return {error};
  }
}

function answers() {
  const who = state.clues.length || state.suit
    ? attempt(() => api("POST", "/v1/hint", {body: {query: whoQuery(), cards: state.cards, mode: mode()}}))
    : Promise.resolve({answer: null});
  const body = adviceBody();
  const where = attempt(() => api("POST", "/v1/advice", {body}));
  return Promise.all([who, where, stepAsked(body)]);
}

/** The step of the plan's hints asked for, as an answer ({step, hint} for the nudge and the focus, {step: 3}
 * for the plan, which the advice holds), or null when none is asked for or there is no situation to advise. */
function stepAsked(body) {
  if (!body.situation || !hintStep) return Promise.resolve({answer: null});
  if (hintStep === WHOLE) return Promise.resolve({answer: {step: WHOLE}});
  return attempt(() => api("POST", "/v1/advice", {body: {...body, step: hintStep}}));
}

/** How the game at the table stands, asked for with the plan: for the advice's body (`key`, as JSON), what came
 * ({answer} or {said}); kept while what is entered stays the same. */
let standing = null;
/** The AbortController of the standing on its way (dropped when the page draws again). */
let standingAsk = null;

/** Why there is no standing, in words with no ids or paths: no deal fits what was entered (422), the server
 * out of reach, or each problem the engine names. */
function standingRefusal(error) {
  if (!(error instanceof ApiError)) return t("standing.failed", {why: t("table.offline")});
  if (error.status === 422) return t("standing.refused");
  return t("standing.failed", {why: error.problems.map(problemMessage).join("; ")});
}

/** The standing's line for the situation entered (`body`, the advice's): the one kept for the same body, else
 * its place now (the rest of the page is not held for it), filled when POST /v1/standing answers. */
function standingFor(body) {
  const key = JSON.stringify(body);
  if (standing?.key === key) return standingLine(standing.asked);
  const line = standingLine(null);
  const controller = new AbortController();
  standingAsk = controller;
  api("POST", "/v1/standing", {body, signal: controller.signal}).then((answer) => ({answer}),
    (error) => ({said: standingRefusal(error)})).then((asked) => {
    if (controller.signal.aborted) return;
    standing = {key, asked};
    line.replaceWith(standingLine(asked));
  });
  return line;
}

function toolbar(redraw) {
  const file = h("input", {type: "file", accept: ".json,application/json", "data-focus": "import"});
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
    if (!next) return;
    change(next);
    if (doc.board_draft) setBoardDraft(doc.board_draft);
    redraw();
  });
  return h("div", {class: "buttons toolbar"},
    h("button", {type: "button", "data-focus": "undo", disabled: !history.length, onclick: () => { undo(); redraw(); }}, t("table.undo")),
    h("button", {type: "button", "data-focus": "clear", onclick: () => { change({...fresh(), cards: state.cards, board: state.board}); redraw(); }},
      t("table.clear")),
    h("button", {type: "button", "data-focus": "export", onclick: () => download("black-sonata-table.json",
      JSON.stringify({format: FORMAT, version: 1, state, board_draft: boardDraft()}, null, 2))}, t("table.export")),
    field(t("table.import"), file));
}

/** What an answer that failed says, in words with no paths: the server out of reach (what was entered is
 * kept: it is in this browser), or each problem the engine names. */
function saidProblems(error) {
  if (!(error instanceof ApiError)) return h("p", {class: "problems offline", role: "alert"}, t("table.offline"));
  return h("div", {class: "problems", role: "alert"}, h("p", {}, t("table.problems")),
    h("ul", {}, error.problems.map((p) => h("li", {}, problemMessage(p)))));
}

/** A problem of the engine's in the page's language, without its path (the page names the card instead). */
const problemMessage = (p) => (problemText({...p, path: ""}));

/** The deduction's verdict in one line, in the page's words: her traits when proven, that no Dark Lady fits, or
 * how many remain. */
function verdict(who) {
  if (who.status === "solved") return t("table.verdict.solved", {traits: who.dark_lady.map(traitName).join(", ")});
  if (who.status === "contradiction") return t("table.verdict.contradiction");
  return t("table.verdict.open", {n: who.count ?? who.candidates.length});
}

/** Her traits proven and ruled out, in words ("Hers: Married · Not hers: Lover, Musician"). */
function provenLine(who) {
  const of = (state_) => Object.entries(who.traits).filter(([, s]) => s === state_).map(([id]) => traitName(id));
  const hers = of("certain");
  const not = of("excluded");
  return h("p", {class: "proven"},
    hers.length ? h("span", {class: "hers"}, t("table.proven.hers", {traits: hers.join(", ")})) : null,
    hers.length && not.length ? " · " : null,
    not.length ? h("span", {class: "not"}, t("table.proven.not", {traits: not.join(", ")})) : null);
}

/** Where she likely is now: the likeliest places with their chance, in the order of her odds. */
function likelyLine(tracking) {
  if (tracking.status === "contradiction") return h("p", {class: "likely"}, phrase("track.contradiction"));
  const places = Object.entries(tracking.now.locations).filter(([, p]) => p > 0).sort((a, b) => b[1] - a[1]);
  const shown = places.slice(0, 3).map(([id, p]) => t("table.likely.place", {place: placeName(id), chance: chanceText(p)}));
  return h("p", {class: "likely"}, counted("table.likely", places.length, {places: shown.join(", ")}));
}

/**
 * What to do now, in steps (the step shown is `stepped`'s, the Hint button asks for the next): nothing yet,
 * the nudge, the focus, then the plan's action; or why there is none yet (what to enter for it, or why the
 * hand cannot be).
 */
function doLine(where, stepped, redraw) {
  const answer = where.answer;
  const shown = stepped.answer?.step ?? 0;
  const hint = () => hintButton(shown, (next) => { hintStep = next; redraw(); });
  if (answer?.plan_problems) return h("p", {class: "do-now none"}, answer.plan_problems.map(problemMessage).join("; "));
  if (answer?.plan && shown === WHOLE) return h("div", {class: "do-now", "data-action": answer.plan.action ?? "none"},
    h("p", {}, h("strong", {}, t("table.do")), " ", actionText(answer.plan.send)), hint(), standingFor(adviceBody()));
  if (answer?.plan) return h("div", {class: "do-now hint-step", "data-step": shown},
    h("p", {}, h("strong", {}, shown ? `${t(`hint.step.${shown}`)}:` : t("table.do")),
      shown ? [" ", h("span", {class: "hint-text", "data-code": stepped.answer.hint.code}, stepText(stepped.answer.hint))] : null),
    hint());
  const missing = [!state.suit && t("table.needs.suit"), !state.pawn && t("table.needs.pawn"),
                   !state.seen && t("table.needs.seen")].filter(Boolean);
  return missing.length ? h("p", {class: "do-now none"}, t("table.do.needs", {what: joinWords(missing)})) : null;
}

/**
 * The answer, at the top of the screen after each entry (sticky on a phone): the verdict and her traits
 * proven or ruled out, what to do now, and where she likely is; a lost connection or the engine's
 * refusal in words. Its details (the reasons, WHO progress, the maps) are below the entry.
 */
function answerBar(who, where, stepped, away, redraw) {
  const whoAnswer = who.answer;
  const whereAnswer = where.answer;
  const offline = away || [who, where, stepped].some(unreachable);
  const more = h("a", {class: "more", href: "#table-details",
                       onclick: (e) => { e.preventDefault(); document.getElementById("table-details")?.scrollIntoView(); }},
    t("table.more"));
  const settled = whoAnswer && Object.values(whoAnswer.traits).some((s) => s !== "open");
  const bar = h("section", {class: "answer-bar", "aria-label": t("table.answer"), "aria-live": "polite"},
    offline ? h("div", {class: "problems offline", role: "alert"},
      h("p", {}, t("table.offline"), lastAnswers ? ` ${t("table.offline.before")}` : ""),
      h("button", {type: "button", "data-focus": "again", onclick: () => redraw()}, t("retry"))) : null,
    whoAnswer ? h("p", {class: `verdict ${whoAnswer.status}`}, h("strong", {}, verdict(whoAnswer)), " ", more)
      : !who.error ? h("p", {class: "verdict none"}, t("table.answer.none"), " ", more) : null,
    settled ? provenLine(whoAnswer) : null,
    !offline && who.error ? saidProblems(who.error) : null,
    whoAnswer?.status === "contradiction" ? h("p", {class: "do-now none"}, t("table.do.check")) : doLine(where, stepped, redraw),
    whereAnswer && state.observations.length ? likelyLine(whereAnswer.tracking) : null,
    !offline && (where.error || stepped.error) ? saidProblems(where.error ?? stepped.error) : null);
  barHeight.disconnect();
  barHeight.observe(bar);
  return bar;
}

/** The answer bar's height, for the style sheet: what is scrolled into view lands below the bar, not under it. */
const barHeight = new ResizeObserver(([entry]) => {
  document.documentElement.style.setProperty("--answer-bar", `${Math.ceil(entry.borderBoxSize[0].blockSize)}px`);
});

/** A step of the entry, folded to its heading and what it holds when done or when the player folds it (a phone
 * has room for one or two). */
function step(name, title, summary, body) {
  const open = unfolded.get(name) ?? !(name === "setup" && state.suit);
  // the player's own toggles only (a details element drawn open fires a toggle event of its own)
  const chosen = (e) => unfolded.set(name, !e.currentTarget.parentElement.open);
  return h("details", {class: "panel step", "data-step": name, open},
    h("summary", {onclick: chosen}, h("span", {class: "step-title"}, title), summary ? h("span", {class: "tag"}, summary) : null),
    body);
}

/** Whether an answer failed because the server could not be reached (not because it refused). */
const unreachable = (result) => Boolean(result.error) && !(result.error instanceof ApiError);

/** The last answers the server gave, for what was entered then: shown, marked as such, while it cannot be
 * reached, so that a lost connection loses nothing on the screen either. */
let lastAnswers = null;
/** Draw the table page again (set by render): when the connection comes back. */
let redrawTable = null;
window.addEventListener("online", () => { if (redrawTable && /^#\/?table\b/.test(location.hash)) redrawTable(); });

let drawing = 0;  // the latest render: an earlier one whose answers come back later is dropped
let asking = null;  // the answers being asked for: one pair of questions at a time

export async function render(main) {
  const redraw = () => keepFocus(main, () => render(main));
  if (/^#\/?table\?own\b/.test(location.hash)) ownOpen = true;  // the home page's "type your own cards"
  const mine = ++drawing;
  standingAsk?.abort();  // asked for what was entered before: kept if it comes back the same
  // Asked one pair at a time (a server holds a client to a few costly requests at once): after the
  // answers in flight, only the latest render asks, for what is entered then.
  while (asking) await asking;
  if (mine !== drawing) return;
  useMaterial({cards: state.cards, board: state.board});
  asking = answers();
  const asked = await asking.finally(() => { asking = null; });
  if (mine !== drawing || !/^#\/?table\b/.test(location.hash)) return;  // or the page was left meanwhile
  redrawTable = redraw;
  const away = asked.some(unreachable);
  if (!away) lastAnswers = asked;
  const [who, where, stepped] = away && lastAnswers ? lastAnswers : asked;
  useMaterial({cards: state.cards, board: state.board});
  const whoAnswer = who.answer;
  const whereAnswer = where.answer;
  const setupSummary = state.suit ? `${suitName(state.suit)} · ${t(`mode.${mode()}`)} · ${sequenceName(walk())}` : null;
  fill(main, h("h1", {class: "table-title"}, t("table.title")),
    answerBar(who, where, stepped, away, redraw),
    h("div", {class: "table-entry"},
      step("setup", t("table.step.setup"), setupSummary, setupForm(redraw)),
      step("card", t("table.step.card"), state.clues.length ? counted("table.cards", state.clues.length) : null, cardForm(redraw)),
      step("stealth", t("table.step.stealth"), state.observations.length ? counted("table.seen.n", state.observations.length) : null,
        stealthForm(redraw))),
    h("div", {class: "columns", id: "table-details"},
      h("section", {class: "panel", "aria-labelledby": "who-h"}, h("h2", {id: "who-h"}, t("table.who")),
        h("h3", {}, t("table.entered")), clueList(whoAnswer, where, redraw),
        whoAnswer ? h("div", {class: "live"}, h("h3", {}, t("tokens")), tokens(provenTokens(whoAnswer)),
          whoAnswer.progress ? progressPanel(whoAnswer.progress) : null,
          whoAnswer.progress_problems ? h("p", {class: "note progress-problem"},
            t("progress.problem", {why: whoAnswer.progress_problems.map(problemMessage).join("; ")})) : null,
          whoResult(whoQuery(), whoAnswer)) : null),
      h("section", {class: "panel", "aria-labelledby": "where-h"}, h("h2", {id: "where-h"}, t("table.where")),
        whereAnswer && whoAnswer?.status !== "contradiction" && (stepped.answer?.step === WHOLE || whereAnswer.plan_problems)
          ? advicePanel(whereAnswer) : null,
        h("h3", {}, t("table.observations")), observationList(),
        whereAnswer ? whereResult(whereAnswer.tracking, {pawn: state.pawn}) : null)),
    ownPanel(redraw), toolbar(redraw));
}
