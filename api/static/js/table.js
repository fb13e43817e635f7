// At the table: the physical game's clue cards and stealth cards typed as they come, with
// live WHO and its progress (POST /v1/hint, in the mode played), WHERE and the plan a game's hints
// would give for what is entered (POST /v1/advice),
// with the box's cards and board or the owner's own (files read by POST /v1/cards/check and
// /v1/board/check, or a board entered here). Everything entered is kept in this browser
// (localStorage), can be undone, exported and imported.
import {api} from "./api.js";
import {boardDraft, boardEditor, setBoardDraft} from "./boardedit.js";
import {download, field, fieldMessage, fill, h, keepFocus, readFile} from "./dom.js";
import {lang, t} from "./i18n.js";
import {actionText, reasonText} from "./plan.js";
import {progressPanel} from "./progress.js";
import {failure, notify, problemList, problemText} from "./status.js";
import {clueCard, describeClue, provenTokens, tokens, whoResult} from "./who.js";
import {whereResult} from "./where.js";
import {lady, ladyName, landmarkName, placeName, suitName, traitName, useMaterial, world} from "./words.js";

const KEY = "bs.table";
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
// What is being typed and not yet added: kept across redraws, not saved.
const typing = {traits: [], counts: [], suitCard: false, pick: null, pickSuitCard: false,
                seen: null, searched: null, found: "no", flee: null, problem: ""};
// A file that could not be read, per kind: {file, problems}; the entries stay as they were.
const unread = {cards: null, board: null};
let ownOpen = false;
let editorOpen = false;

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

/** The mode played (it decides which cards the clue deck holds): one the server knows, else Normal. */
const mode = () => (world.material.modes.includes(state.mode) ? state.mode : "normal");

function walk() {
  return world.material.sequences.find((s) => s.name === state.sequence) ?? world.material.sequences[0];
}

function trackQuery() {
  const w = walk();
  return {length: w.length, moves: w.moves, now: state.cursor, observations: state.observations};
}

/**
 * The body of POST /v1/advice for what is entered: with the pawn on the map, her suit, the card on
 * top seen and the box's cards (clues typed by their traits have no id the plan could read), the
 * situation at the table, for which the server gives the plan a game's hints give
 * (deduce/game/table.py); the keys, the fog cards and the countdown are a game's start until the
 * page asks for them. Otherwise the tracking query alone, for the odds.
 */
function adviceBody() {
  const body = {query: trackQuery(), board: state.board};
  if (!state.pawn || !state.suit || !state.seen || state.cards || state.clues.some((c) => !c.card)) return body;
  const w = walk();
  const trail = state.observations.map((o) => (o.fog ? {slot: o.slot, kind: "fog"}
    : o.landmark ? {slot: o.slot, kind: "landmark", landmark: o.landmark}
    : {slot: o.slot, kind: "search", location: o.searched, found: o.found}));
  const suitCard = state.clues.find((c) => c.role === "suit_card" || c.suit_card);
  return {board: state.board, lang: lang(), situation: {
    mode: mode(), suit: state.suit, pawn: state.pawn, length: w.length, moves: w.moves, now: state.cursor, trail,
    clues: state.clues.filter((c) => c !== suitCard).map((c) => c.card), suit_card: suitCard?.card ?? null}};
}

/** The plan for the situation entered (the answer's `plan`, as the play page words it, with no Do it), or why there is none. */
function advicePanel(answer) {
  if (answer.plan_problems) return h("p", {class: "note"}, answer.plan_problems.map(problemText).join("; "));
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

function whoForm(redraw) {
  const played = h("select", {onchange: (e) => { change({mode: e.target.value}); redraw(); }},
    world.material.modes.map((m) => h("option", {value: m, selected: m === mode()}, t(`mode.${m}`))));
  const suit = h("select", {onchange: (e) => { change({suit: e.target.value || null}); redraw(); }},
    h("option", {value: ""}, "—"),
    world.cards.suits.map((s) => h("option", {value: s.id, selected: s.id === state.suit}, suitName(s.id))));
  const k = world.cards.traits_per_lady;
  const traitButtons = h("div", {class: "chips", role: "group", "aria-label": t("table.traits", {k})},
    world.cards.traits.map((tr) => h("button", {type: "button", class: "chip", "aria-pressed": String(typing.traits.includes(tr.id)),
      "data-trait": tr.id, onclick: () => { toggle(typing.traits, tr.id, k); typing.problem = ""; redraw(); }},
      traitName(tr.id))));
  const countButtons = h("div", {class: "chips", role: "group", "aria-label": t("table.entry")},
    Array.from({length: k + 1}, (_, n) => h("button", {type: "button", class: "chip num", "aria-pressed": String(typing.counts.includes(n)),
      "data-focus": `count-${n}`, onclick: () => { toggle(typing.counts, n, k + 1); typing.problem = ""; redraw(); }},
      String(n))));
  const suitCard = h("input", {type: "checkbox", id: "typed-suit-card", checked: typing.suitCard,
                               onchange: (e) => { typing.suitCard = e.target.checked; }});
  const add = h("button", {type: "button", class: "primary", "data-focus": "add-typed"}, t("table.add"));
  add.addEventListener("click", () => {
    const problem = !state.suit ? t("table.needsuit") : typing.traits.length !== k ? t("table.need3", {k})
      : !typing.counts.length ? t("table.needentry") : "";
    typing.problem = problem;  // kept, so that a redraw still in flight shows it again
    fieldMessage(add, problem);
    if (problem) return;
    change({clues: [...state.clues, {traits: [...typing.traits], counts: [...typing.counts].sort(), suit_card: typing.suitCard}]});
    Object.assign(typing, {traits: [], counts: [], suitCard: false, problem: ""});
    redraw();
  });
  const addField = field("", add);
  if (typing.problem) fieldMessage(add, typing.problem);
  const ids = world.cards.ladies.map((l) => l.id);
  const picked = ids.includes(typing.pick) ? typing.pick : ids[0];
  const pick = h("select", {onchange: (e) => { typing.pick = e.target.value; }},
    world.cards.suits.map((s) => h("optgroup", {label: suitName(s.id)},
      world.cards.ladies.filter((l) => l.suit === s.id).map((l) => h("option", {value: l.id, selected: l.id === picked}, ladyName(l.id))))));
  const pickSuitCard = h("input", {type: "checkbox", id: "pick-suit-card", checked: typing.pickSuitCard,
                                   onchange: (e) => { typing.pickSuitCard = e.target.checked; }});
  const addPick = h("button", {type: "button", "data-focus": "add-pick", onclick: () => {
    change({clues: [...state.clues, {card: pick.value, role: pickSuitCard.checked ? "suit_card" : "clue"}]});
    typing.pickSuitCard = false;
    redraw();
  }}, t("table.add.pick"));
  return h("div", {},
    field(t("table.mode"), played),
    field(t("table.suit"), suit),
    h("fieldset", {}, h("legend", {}, t("table.type")),
      h("p", {class: "label", "aria-hidden": "true"}, t("table.traits", {k})), traitButtons,
      h("p", {class: "label", "aria-hidden": "true"}, t("table.entry")), countButtons,
      h("label", {class: "check"}, suitCard, t("table.suitcard")),
      addField),
    h("fieldset", {}, h("legend", {}, t("table.pick")),
      field(t("table.lady"), pick), h("label", {class: "check"}, pickSuitCard, t("table.suitcard")), addPick));
}

function clueList(result, redraw) {
  const conflict = new Set(result?.conflict ?? []);
  const query = whoQuery();
  if (!state.clues.length) return h("p", {class: "empty-note"}, t("empty.table.clues"));
  return h("div", {class: "cards"}, state.clues.map((c, i) => {
    const card = c.card ? lady(c.card) : null;
    const shown = card ? {card: card.id, name: ladyName(card.id), traits: card.traits, key: card.key}
      : c.card ? {name: c.card, traits: []}  // not in the card set in use: the deduction names the problem
      : {traits: c.traits, counts: c.counts, name: `${i + 1}`};
    const what = card || (!c.card && state.suit) ? describeClue(query, i) : `${i + 1}`;
    return h("div", {class: "card-slot", "data-focus-group": `clue-${i}`},
      clueCard(shown, state.suit, {suitCard: c.role === "suit_card" || c.suit_card, conflict: conflict.has(i) || (c.card && !card), label: what}),
      h("button", {type: "button", class: "small", "aria-label": t("table.remove", {what}), "data-focus": `remove-${i}`,
                   onclick: () => { change({clues: state.clues.filter((_, j) => j !== i)}); redraw(); }}, "✕"));
  }));
}

// -- WHERE -------------------------------------------------------------------------------

function whereForm(redraw) {
  const seq = h("select", {onchange: (e) => { change({sequence: e.target.value}); redraw(); }},
    world.material.sequences.map((s) => h("option", {value: s.name, selected: s.name === walk().name},
      s.position ? t("sequence.position", {n: s.position, moves: t(`moves.${s.moves}`)})
                 : t("sequence.rulebook", {name: s.name, length: s.length, moves: t(`moves.${s.moves}`)}))));
  const places = world.board.locations.map((l) => l.id);
  const pawn = h("select", {onchange: (e) => { change({pawn: e.target.value || null}); redraw(); }},
    h("option", {value: ""}, t("table.pawn.none")),
    places.map((id) => h("option", {value: id, selected: id === state.pawn}, placeName(id))));
  const seen = h("select", {onchange: (e) => { typing.seen = e.target.value; }},
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
    field(t("table.sequence"), seq), field(t("table.pawn"), pawn),
    h("p", {class: "cursor"}, t("table.cursor", {slot: state.cursor})),
    h("div", {class: "row"}, field(t("table.seen"), seen), h("button", {type: "button", "data-focus": "record-card", onclick: record}, t("table.record"))),
    h("div", {class: "row"}, field(t("table.search"), where), field(t("table.found"), found),
      field(t("table.flee", {n: held()}), flee), search));
}

function observationList() {
  if (!state.observations.length) return h("p", {class: "empty-note"}, t("empty.table.observations"));
  return h("ol", {class: "trail"}, state.observations.map((o) => h("li", {},
    o.fog ? t("trail.fog", {slot: o.slot})
      : o.landmark ? t("trail.landmark", {slot: o.slot, landmark: landmarkName(o.landmark)})
      : t(o.found ? "trail.search.found" : "trail.search.not", {slot: o.slot, location: placeName(o.searched)}))));
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

/** Use a card set or board (null: the box's): a change like any other, so Undo takes it back. */
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
    h("p", {}, own ? t("own.yours", {name: titleOf(kind, own)}) : t("own.box", {name: titleOf(kind, served)})),
    field(t(`own.${kind}.load`), input),
    unread[kind] ? problemList(unread[kind].problems, t("own.unread", {file: unread[kind].file})) : null,
    own ? h("button", {type: "button", "data-focus": `${kind}-box`, onclick: () => { useOwn(kind, null); redraw(); }}, t(`own.${kind}.box`)) : null);
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
  const where = attempt(() => api("POST", "/v1/advice", {body: adviceBody()}));
  return Promise.all([who, where]);
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

let drawing = 0;  // the latest render: an earlier one whose answers come back later is dropped
let asking = null;  // the answers being asked for: one pair of questions at a time

export async function render(main) {
  const redraw = () => keepFocus(main, () => render(main));
  if (/^#\/?table\?own\b/.test(location.hash)) ownOpen = true;  // the home page's "type your own cards"
  const mine = ++drawing;
  // Asked one pair at a time (a server holds a client to a few costly requests at once): after the
  // answers in flight, only the latest render asks, for what is entered then.
  while (asking) await asking;
  if (mine !== drawing) return;
  useMaterial({cards: state.cards, board: state.board});
  asking = answers();
  const [who, where] = await asking.finally(() => { asking = null; });
  if (mine !== drawing || !/^#\/?table\b/.test(location.hash)) return;  // or the page was left meanwhile
  useMaterial({cards: state.cards, board: state.board});
  const whoAnswer = who.answer;
  const whereAnswer = where.answer;
  fill(main, h("h1", {}, t("table.title")), toolbar(redraw), ownPanel(redraw),
    h("div", {class: "columns"},
      h("section", {class: "panel", "aria-labelledby": "who-h"}, h("h2", {id: "who-h"}, t("table.who")),
        whoForm(redraw),
        h("h3", {}, t("table.entered")), clueList(whoAnswer, redraw),
        who.error ? problemList(failure(who.error), t("table.problems")) : null,
        whoAnswer ? h("div", {class: "live", "aria-live": "polite"}, h("h3", {}, t("tokens")), tokens(provenTokens(whoAnswer)),
          whoAnswer.progress ? progressPanel(whoAnswer.progress) : null,
          whoAnswer.progress_problems ? h("p", {class: "note progress-problem"},
            t("progress.problem", {why: whoAnswer.progress_problems.map(problemText).join("; ")})) : null,
          whoResult(whoQuery(), whoAnswer)) : null),
      h("section", {class: "panel", "aria-labelledby": "where-h"}, h("h2", {id: "where-h"}, t("table.where")),
        whereForm(redraw),
        h("h3", {}, t("table.observations")), observationList(),
        where.error ? problemList(failure(where.error), t("table.problems")) : null,
        whereAnswer ? advicePanel(whereAnswer) : null,
        whereAnswer ? whereResult(whereAnswer.tracking, {pawn: state.pawn}) : null)));
}
