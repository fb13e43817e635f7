// Play: the digital game over the game API (SPEC 8): POST /v1/games, GET /v1/games/{id},
// POST /v1/games/{id}/actions, GET /v1/games/{id}/hints?step=N (in three steps, hintsteps.js), and with the whole
// answer GET /v1/games/{id}/standing (how the game stands, standing.js). The page knows what the VIEW says
// and nothing else; this browser keeps each game's id and token, the player's tokens, and the
// last view of each game, so that a game in progress outlives a server out of reach: the page
// shows the view it last had, its actions wait, and the game goes on when the server answers
// (docs/playing.md). Only the server saying the game is not there (404, 401, 403) ends it here.
import {api, ApiError} from "../shared/api.js";
import {field, fieldMessage, fill, h, keepFocus} from "../shared/dom.js";
import {keyCap, openHelp, shortcutOf, SHORTCUTS, typing} from "../shared/help.js";
import {recordGame} from "../shared/played.js";
import {lang, name, t} from "../shared/i18n.js";
import {drawMap} from "../shared/map.js";
import {hintButton, stepPanel, WHOLE} from "../shared/hintsteps.js";
import {planPanel} from "../shared/plan.js";
import {progressPanel} from "../shared/progress.js";
import {errorText, notify} from "../shared/status.js";
import {countdownSymbol, fogSymbol, keySymbol, ladySymbol, suitSymbol} from "../shared/symbols.js";
import {learnLink} from "../shared/learn.js";
import {beginTutorial, learnAsked, TUTORIAL_GAME, tutorialActed, tutorialPanel} from "./tutorial.js";
import {trailText} from "../shared/trail.js";
import {clueCard, TOKEN_STATES, tokens, whoResult} from "../shared/who.js";
import {sequenceSelect} from "../shared/sequences.js";
import {standingChart, standingLine} from "../shared/standing.js";
import {whereResult} from "../shared/where.js";
import {eventText, fogCard, ladyName, landmarkName, neighbours, placeName, suitColour, suitName, world} from "../shared/words.js";

const GAMES = "bs.games";      // [{id, token, mode, discard, started}], newest first
const CURRENT = "bs.current";  // the id of the game on screen
const tokensKey = (id) => `bs.tokens.${id}`;
const viewKey = (id) => `bs.view.${id}`;  // the last view of the game this browser had
/** How long the page waits before asking again for a game whose server could not be reached. */
const RETRY_MS = 10000;

/**
 * The game on screen: its entry (id, token), its view, the last events, and the hints in three
 * steps: `step` the step the player asked for (1 a nudge, 2 the focus, 3 the whole answer) on the
 * view `stepVersion` (each new view starts again with none), `hints` the answer for `hints.version`
 * and `hints.step`, `hintsAsked` the version and step they were last asked for, `away` whether the server could not be reached the last time
 * the page asked (the view is then the last one kept), `standingSaid` why the standing of a view ({version, said})
 * could not be had.
 */
let game = null;
/** Draw the Play page again (set by render): for the answers that come when no click asked. */
let redrawPage = () => {};
/** The timer that asks again for a game whose server could not be reached. */
let retryTimer = null;
/** The standings asked for, per game id: a Map of turn → {version, standing} (in this page's memory only; a
 * turn whose standing was not asked for is missing), drawn as the chart of the standing over the turns. */
const standings = new Map();
/** The standing on its way: {key} (the game and version it is for) and the AbortController that drops it. */
let standingAsk = null;
// The new-game form's values, kept across redraws.
const setup = {mode: "normal", sequence: null, reverse: false, start: "", seed: "", discard: "0"};

const savedGames = () => JSON.parse(localStorage.getItem(GAMES) || "[]");
const saveGames = (games) => localStorage.setItem(GAMES, JSON.stringify(games));

function ownTokens(id) {
  return JSON.parse(localStorage.getItem(tokensKey(id)) || "{}");
}

/** The last view of a game kept in this browser, or null (none, or not one this page wrote). */
function keptView(id) {
  try {
    const view = JSON.parse(localStorage.getItem(viewKey(id)) || "null");
    return view && view.id === id && Number.isInteger(view.version) && Array.isArray(view.actions) ? view : null;
  } catch {
    return null;
  }
}

/** The game on screen, with this view of it (kept in this browser for when the server cannot be reached). */
function onScreen(entry, view, events = []) {
  const same = game?.entry.id === entry.id;
  game = same ? {...game, view, events, away: false} : {entry, view, events, hints: null, step: 0, stepVersion: null, hintsAsked: null, away: false};
  localStorage.setItem(CURRENT, entry.id);
  localStorage.setItem(viewKey(entry.id), JSON.stringify(view));
}

/** Whether an answer says the game is gone for this browser (unknown, expired, or not this token's):
 * the only failure that ends a game here; any other keeps it. */
const gameGone = (error) => error instanceof ApiError && [401, 403, 404].includes(error.status);

/** The current game is no more on this browser's screen (the list of games still names it). */
function leaveGame() {
  game = null;
  localStorage.removeItem(CURRENT);
}

// -- talking to the API --------------------------------------------------------------------

/**
 * Put a game on screen as the server has it now. When the server cannot be reached (or fails),
 * the view this browser kept of it is shown instead, `away`, and asked for again later; when the
 * server says the game is gone, the error is thrown and the game is not shown.
 */
async function open(entry) {
  try {
    onScreen(entry, await api("GET", `/v1/games/${entry.id}`, {token: entry.token}));
  } catch (error) {
    const kept = keptView(entry.id);
    if (gameGone(error) || !kept) throw error;
    onScreen(entry, kept);
    goneAway(error);
  }
}

/** The server could not be reached (or failed): the game stays as last seen, and is asked for again. */
function goneAway(error) {
  game.away = true;
  notify(error instanceof ApiError ? errorText(error) : "");  // the page's own note says the rest
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => reconnect(), RETRY_MS);
}

/** Ask the server again for the game shown as last seen; once it answers, the game goes on (while
 * another page is shown, it waits for the Play page's turn). */
async function reconnect() {
  if (!game?.away) return;
  if (!/^#\/?play\b/.test(location.hash)) {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => reconnect(), RETRY_MS);
    return;
  }
  const {entry} = game;
  try {
    const view = await api("GET", `/v1/games/${entry.id}`, {token: entry.token});
    if (game?.entry.id !== entry.id) return;
    onScreen(entry, view);
    game.hintsAsked = null;  // the hints of this view, if the player wants them
    notify("");
  } catch (error) {
    if (game?.entry.id !== entry.id) return;
    if (gameGone(error)) {
      leaveGame();
      notify(errorText(error));
    } else {
      goneAway(error);
    }
  }
  redrawPage();
}

// Back online: the game shown as last seen is asked for at once.
window.addEventListener("online", () => reconnect());

async function start(redraw) {
  const doc = {mode: setup.mode, reverse: setup.reverse};
  const walk = world.material.sequences.find((s) => s.name === setup.sequence) ?? world.material.sequences[0];
  doc.sequence = walk.position ? {position: walk.position} : {rulebook: walk.name};
  if (setup.start) doc.start = setup.start;
  if (setup.seed !== "") doc.seed = Number(setup.seed);
  if (setup.mode === "expert") doc.discard_fog = Number(setup.discard);
  const made = await api("POST", "/v1/games", {body: doc});
  const entry = {id: made.id, token: made.token, mode: setup.mode, sequence: walk.name, reverse: setup.reverse,
                 started: new Date().toISOString()};
  keep(entry, made.view);
  redraw();
}

/** A game just made: kept in this browser's games, and on screen. */
function keep(entry, view) {
  saveGames([entry, ...savedGames()]);
  game = null;
  onScreen(entry, view);
}

/** Start the guided first game (tutorial.js): its own setup, then kept and shown as any game. */
async function startTutorial() {
  const made = await api("POST", "/v1/games", {body: TUTORIAL_GAME});
  const walk = world.material.sequences.find((s) => s.position === TUTORIAL_GAME.sequence.position);
  keep({id: made.id, token: made.token, mode: TUTORIAL_GAME.mode, sequence: walk?.name, reverse: false,
        started: new Date().toISOString()}, made.view);
  beginTutorial(made.id);
}

/**
 * Show a view of the game on screen, with the events that led to it, unless the screen already
 * shows a later version of that game (answers can come back out of order: a reload asked for
 * after a refusal may arrive after the next action's answer).
 */
function show(entry, view, events) {
  if (!game || game.entry.id !== entry.id || view.version < game.view.version) return;
  onScreen(entry, view, events);
}

/**
 * Send an action (`byPlan`: by the plan's Do it); on a refusal say why in words and reload the
 * game's state. Not sent while the server cannot be reached (the buttons are off then); one that
 * fails to reach it leaves the game as it was, shown as last seen, and is not sent again by itself.
 */
async function act(doc, redraw, byPlan = false) {
  const {entry, view} = game;
  if (game.away) return;
  try {
    const step = await api("POST", `/v1/games/${entry.id}/actions`, {token: entry.token, body: {version: view.version, ...doc}});
    show(entry, step.view, step.events);
    tutorialActed(entry.id, doc.action);
    notify("");
  } catch (error) {
    if (!(error instanceof ApiError)) {
      if (game?.entry.id === entry.id) goneAway(error);
      return redraw();
    }
    notify(errorText(error));  // 409 (stale version, an action the rules refuse) and 422 in words
    try {  // then the game as it is now
      show(entry, await api("GET", `/v1/games/${entry.id}`, {token: entry.token}), []);
    } catch (again) {
      notify(errorText(again));
    }
  }
  await redraw();
  if (byPlan) toNextHint();
}

/** After a Do it, the keyboard goes on from the next view's Hint button (the Do it went with the plan it
 * did, and the focus to the view), unless the player went elsewhere meanwhile. */
function toNextHint() {
  const hint = document.querySelector('#main [data-action="hints"]:not([disabled])');
  const idle = [document.body, document.getElementById("main"), hint?.closest(".view")].includes(document.activeElement);
  if (hint && idle) hint.focus({preventScroll: true});
}

/**
 * Ask for the step of the hints the player wants for the view on screen (the nudge, the focus, or the
 * whole answer: the plan, WHO progress, WHO and WHERE) and show it, unless the game has moved on or
 * the player asked for another step meanwhile (the answer would be for what is no longer shown).
 */
async function askHints(redraw) {
  const {entry, view, step} = game;
  try {
    const hints = await api("GET", `/v1/games/${entry.id}/hints?step=${step}`, {token: entry.token});
    if (game?.entry.id !== entry.id || game.view.version !== view.version || game.step !== step) return;
    game.hints = {...hints, version: view.version, step};
  } catch (error) {
    if (error instanceof ApiError || game?.entry.id !== entry.id) notify(errorText(error));
    else goneAway(error);
  }
  redraw();
}

/** The step of the hints the player asked for on the view on screen: 0 (none yet), 1, 2 or 3. */
const stepOn = () => (game.view.state === "playing" && game.stepVersion === game.view.version ? game.step : 0);

/** Whether the hints on hand are the step asked for on the view on screen. */
const hintsShown = () => stepOn() > 0 && game.hints?.version === game.view.version && game.hints.step === game.step;

/** Ask for the step of the hints the player wants if it was not asked for yet (once per view and
 * step: an answer that fails is said, and not asked again and again). */
function wantHints(redraw) {
  const asked = `${game.view.version}:${stepOn()}`;
  if (!stepOn() || game.away || game.hintsAsked === asked) return;
  game.hintsAsked = asked;
  askHints(redraw);
}

/** The turn of a view, as the status bar counts it (the round; a server that sends no trail: the slot). */
const turnOf = (view) => (Array.isArray(view.trail) ? round(view) : view.slot);

/** The standing asked for the view on screen: {answer} (the standing), {said} (why there is none, in words),
 * or null while it is on its way. */
function standingNow() {
  const {entry, view} = game;
  const kept = standings.get(entry.id)?.get(turnOf(view));
  if (kept?.version === view.version) return {answer: kept.standing};
  return game.standingSaid?.version === view.version ? {said: game.standingSaid.said} : null;
}

/** Ask how the game stands for the view on screen, once per view, without holding the page (the rest is
 * shown first, the standing drawn when it comes); a standing asked for another view is dropped. */
function wantStanding(redraw) {
  const {entry, view} = game;
  const key = `${entry.id}:${view.version}`;
  if (standingAsk?.key === key || game.away || standingNow()) return;
  dropStanding();
  standingAsk = {key, controller: new AbortController()};
  askStanding(entry, view, standingAsk.controller.signal, redraw);
}

/** Drop the standing on its way, if any (the view it was for is no longer the one shown). */
function dropStanding() {
  standingAsk?.controller.abort();
  standingAsk = null;
}

/** GET the standing of a view, kept for its game's chart; a refusal said in words beside it. */
async function askStanding(entry, view, signal, redraw) {
  try {
    const standing = await api("GET", `/v1/games/${entry.id}/standing`, {token: entry.token, signal});
    if (!standings.has(entry.id)) standings.set(entry.id, new Map());
    standings.get(entry.id).set(turnOf(view), {version: view.version, standing});
  } catch (error) {
    if (signal.aborted) return;
    if (game?.entry.id === entry.id) game.standingSaid = {version: view.version, said: t("standing.failed", {why: errorText(error)})};
  }
  standingAsk = null;
  redraw();
}

/** How the game stands (with the whole answer): the line for the view on screen, and the chart of the
 * standings asked for this game, turn by turn. */
function standingPanel() {
  const turns = [...(standings.get(game.entry.id) ?? new Map())].sort(([a], [b]) => a - b)
    .map(([turn, kept]) => ({turn, standing: kept.standing}));
  return h("section", {class: "panel standing-panel", "aria-labelledby": "standing-h"},
    h("h3", {id: "standing-h"}, t("standing.heading")), standingLine(standingNow()),
    turns.length ? standingChart(turns) : null);
}

// -- the new-game form and the games of this browser -----------------------------------------

function setupForm(redraw) {
  const mode = h("select", {"data-focus": "mode", onchange: (e) => { setup.mode = e.target.value; redraw(); }},
    world.material.modes.map((m) => h("option", {value: m, selected: m === setup.mode}, t(`mode.${m}`))));
  const sequence = sequenceSelect(setup.sequence ?? world.material.sequences[0].name,
    {"data-focus": "sequence", onchange: (e) => { setup.sequence = e.target.value; }});
  const reverse = h("input", {type: "checkbox", checked: setup.reverse, "data-focus": "reverse",
                              onchange: (e) => { setup.reverse = e.target.checked; }});
  const startAt = h("select", {"data-focus": "start", onchange: (e) => { setup.start = e.target.value; }},
    h("option", {value: ""}, t("start.random")),
    world.board.locations.map((l) => h("option", {value: l.id, selected: l.id === setup.start}, placeName(l.id))));
  const seed = h("input", {type: "text", inputmode: "numeric", value: setup.seed, autocomplete: "off", "data-focus": "seed"});
  const maxDiscard = world.material.fog_cards.length;
  const discard = h("input", {type: "number", min: 0, max: maxDiscard, value: setup.discard, inputmode: "numeric",
                              "data-focus": "discard"});
  // Checked as typed, the message beside the field; what was typed stays, even when it is wrong.
  const seedOk = () => /^\d{0,15}$/.test(seed.value.trim());  // whole, and exact as a JSON number
  const discardOk = () => /^\d+$/.test(discard.value.trim()) && Number(discard.value) <= maxDiscard;
  const checkSeed = () => fieldMessage(seed, seedOk() ? "" : t("seed.bad"));
  const checkDiscard = () => fieldMessage(discard, discardOk() ? "" : t("discard.bad", {max: maxDiscard}));
  seed.addEventListener("input", () => { setup.seed = seed.value.trim(); checkSeed(); });
  discard.addEventListener("input", () => { setup.discard = discard.value; checkDiscard(); });
  const go = h("button", {type: "submit", class: "primary", "data-focus": "start-game"}, t("action.new"));
  const form = h("form", {class: "panel", "aria-labelledby": "new-h"}, h("h2", {id: "new-h"}, t("play.new")),
    h("div", {class: "grid"}, field(t("mode"), mode), field(t("sequence"), sequence),
      h("label", {class: "check"}, reverse, t("reverse")), field(t("start"), startAt), field(t("seed"), seed),
      setup.mode === "expert" ? field(t("discard"), discard) : null),
    field("", go));
  if (setup.seed) checkSeed();
  if (setup.mode === "expert") checkDiscard();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    checkSeed();
    if (setup.mode === "expert") checkDiscard();
    if (!seedOk()) return seed.focus();
    if (setup.mode === "expert" && !discardOk()) return discard.focus();
    try {
      await start(redraw);
    } catch (error) {
      fieldMessage(go, errorText(error));
    }
  });
  return form;
}

function gameList(redraw) {
  const games = savedGames();
  const forget = (id) => {
    saveGames(savedGames().filter((g) => g.id !== id));
    localStorage.removeItem(tokensKey(id));
    localStorage.removeItem(viewKey(id));
    redraw();
  };
  const resume = async (entry) => {
    try {
      await open(entry);
    } catch (error) {
      notify(errorText(error));
    }
    redraw();
  };
  return h("section", {class: "panel", "aria-labelledby": "games-h"}, h("h2", {id: "games-h"}, t("play.games")),
    games.length ? h("ul", {class: "games"}, games.map((g) => h("li", {},
      h("span", {}, `${g.id} · ${t(`mode.${g.mode}`)} · ${t("play.started", {when: new Date(g.started).toLocaleString(lang())})}`),
      h("button", {type: "button", "aria-label": t("play.resume", {id: g.id}), onclick: () => resume(g)}, "▶"),
      h("button", {type: "button", class: "small", "aria-label": t("play.forget", {id: g.id}), onclick: () => forget(g.id)}, "✕"))))
      : h("p", {class: "empty-note"}, t("empty.games")));
}

// -- the game --------------------------------------------------------------------------------

/** The button that opens the list of keyboard shortcuts (help.js), as the header's does. */
const keyboardButton = () => h("button", {type: "button", "data-focus": "keyboard", "aria-keyshortcuts": "?",
                                          onclick: openHelp}, t("keys.button"), h("kbd", {class: "keycap", "aria-hidden": "true"}, "?"));

/**
 * A shortcut of the game's actions (help.js SHORTCUTS): on the Play page, a key not typed in a
 * field presses its action's button, if the page shows it and the rules allow it now.
 */
document.addEventListener("keydown", (e) => {
  if (e.shiftKey || typing(e) || !/^#\/?play\b/.test(location.hash)) return;
  const shortcut = SHORTCUTS.find((s) => s.key === e.key);
  const button = shortcut && document.querySelector(`#main button[data-action="${shortcut.action}"]`);
  if (!button || button.disabled) return;
  e.preventDefault();
  button.click();
});

/**
 * The round: the turns the game has had, as the terminal's status line counts them. The trail
 * says it: every card moved is a round's but those she fled unseen (SPEC 8), so the round is
 * the slot less the cards of every flight.
 */
function round(view) {
  return view.slot - view.trail.filter((e) => e.kind === "flee").reduce((sum, e) => sum + e.cards, 0);
}

function statusBar(view) {
  const item = (label, value, key, symbol = null) => h("div", {"data-field": key}, h("dt", {}, symbol, label), h("dd", {}, value));
  const top = view.top.fog ? [fogSymbol(), " ", t("top.fog")] : landmarkName(view.top.landmark);
  // The round, and the top card within the deck (the slot goes on past the deck's length as it cycles).
  return h("dl", {class: "status-bar", "data-version": view.version, "data-state": view.state},
    item(t("your.suit"), suitName(view.suit), "suit", suitSymbol({id: view.suit, colour: suitColour(view.suit)})), item(t("mode"), t(`mode.${view.mode}`), "mode"),
    item(t("top"), top, "top"),
    Array.isArray(view.trail) ? item(t("status.round"), round(view), "round") : null,
    item(t("status.card"), t("status.card.of", {card: (view.slot % view.length) + 1, length: view.length}), "card"),
    item(t("countdown"), view.countdown, "countdown", countdownSymbol()), item(t("fog.left"), view.fog_deck, "fog", fogSymbol()),
    item(t("keys"), `${view.visited.length}/${world.board.locations.length}`, "keys", keySymbol()),
    item(t("pawn"), placeName(view.pawn), "pawn"));
}

/** What the player may do now: the view's legal actions, none while the server cannot be reached. */
const legalNow = () => new Set(game.away ? [] : game.view.actions);

/** The game's actions; `taught` (the guided game's) is the action to make now, its control marked. */
function actionBar(view, redraw, taught = null) {
  const legal = legalNow();
  const button = (action, onclick) => h("button", {type: "button", disabled: !legal.has(action), "data-action": action,
    class: taught?.action === action ? "taught" : null, "aria-keyshortcuts": shortcutOf(action), onclick},
  action === "fog" ? fogSymbol() : null, t(`action.${action}`), keyCap(action));
  const places = neighbours(view.pawn);
  const to = h("select", {"aria-label": t("move.to"), disabled: !legal.has("move")},
    places.map((p) => h("option", {value: p, selected: taught?.action === "move" && taught.to === p}, placeName(p))));
  const confront = button("confront", () => {
    const mine = ownTokens(view.id);
    const traits = world.cards.traits.map((tr) => tr.id).filter((id) => mine[id] === "hers");
    if (traits.length !== world.cards.traits_per_lady) return fieldMessage(confront, t("confront.need"));
    fieldMessage(confront, "");
    return act({action: "confront", traits}, redraw);
  });
  return h("div", {class: "actions", role: "group", "aria-label": t("actions"), "data-focus-group": "actions"},
    h("div", {class: "move"}, to, button("move", () => act({action: "move", to: to.value}, redraw))),
    button("search", () => act({action: "search"}, redraw)),
    field("", confront),
    button("fog", () => act({action: "fog"}, redraw)),
    button("pass", () => act({action: "pass"}, redraw)),
    button("reveal_suit_card", () => act({action: "reveal_suit_card"}, redraw)),
    view.fog_warning && legal.has("fog") ? h("p", {class: "note", "aria-label": t("fog.warning")}, fogWarning(view.fog_warning)) : null);
}

/** The fog warning in the chosen language: the engine's phrase, with the fog cards named. */
function fogWarning(warning) {
  if (lang() === "en") return warning.text;
  const names = warning.impossible.map((id) => name(fogCard(id)?.name ?? id)).join(", ");
  const key = warning.impossible.length ? "fog.warning.risk" : "fog.warning.safe";
  return (world.phrases.phrases[key] ?? warning.text).replace("{cards}", names);
}

function pendingForm(view, redraw) {
  const p = view.pending;
  const card = fogCard(p.card);
  const choice = (label, values, extra = null) => h("select", {"aria-label": label},
    extra, values.map((v) => h("option", {value: v}, placeName(v))));
  let controls;
  let send;
  if (p.asks === "path") {
    const first = choice(t("pending.step1"), neighbours(view.pawn));
    const second = h("select", {"aria-label": t("pending.step2")});
    const fillSecond = () => fill(second, h("option", {value: ""}, t("pending.none")),
      neighbours(first.value).map((v) => h("option", {value: v}, placeName(v))));
    first.addEventListener("change", fillSecond);
    fillSecond();
    controls = [field(t("pending.step1"), first), field(t("pending.step2"), second)];
    send = () => ({action: "resolve", path: second.value ? [first.value, second.value] : [first.value]});
  } else {
    const one = choice(t("choice"), p.choices);
    controls = [field(t("choice"), one)];
    send = () => ({action: "resolve", [p.asks]: one.value});
  }
  return h("form", {class: "pending panel", "aria-labelledby": "pending-h", onsubmit: (e) => { e.preventDefault(); act(send(), redraw); }},
    h("h3", {id: "pending-h"}, `${t("pending")}: ${name(card?.name ?? p.card)}`),
    h("p", {}, lang() === "en" ? p.text : name(card?.text ?? p.text)),
    controls, h("button", {type: "submit", class: "primary", disabled: game.away}, t("action.resolve")));
}

function trailPanel(view) {
  return h("details", {class: "panel trail-box"}, h("summary", {}, t("trail")),
    Array.isArray(view.trail) ? h("ol", {class: "trail"}, view.trail.map((e) => h("li", {class: e.kind}, trailText(e))))
      : h("p", {}, t("trail.absent")));
}

function whoQuery(view) {
  const clues = view.clues.map((c) => ({card: c.card}));
  if (view.suit_card) clues.push({card: view.suit_card.card, role: "suit_card"});
  return {suit: view.suit, clues};
}

function hintsPanel(view) {
  const hints = game.hints;
  return h("section", {class: "panel hints", "aria-labelledby": "hints-h"}, h("h2", {id: "hints-h"}, t("action.hints")),
    h("h3", {}, ladySymbol(), " ", t("hints.who")), tokens(Object.fromEntries(Object.entries(hints.who.traits)
      .map(([k, v]) => [k, {certain: "hers", excluded: "not", open: "unknown"}[v]]))),
    progressPanel(hints.progress),
    whoResult(whoQuery(view), hints.who),
    h("h3", {}, t("hints.where")), whereResult(hints.where, {pawn: view.pawn, visited: view.visited}));
}

/** The score term by term, as the rulebook tallies it (the VIEW's end.breakdown). */
function scoreLines(view, end) {
  return (end.breakdown ?? []).map((term) => h("li", {"data-term": term.term},
    `${t(`score.${term.term}`, {count: term.count, length: view.length})}: ${term.points > 0 && term.term !== "cards-above" ? "+" : ""}${term.points}`));
}

function endPanel(view) {
  const end = view.end;
  const her = end.dark_lady;
  return h("section", {class: `panel end ${view.state}`, "aria-labelledby": "end-h", role: "region"},
    h("h2", {id: "end-h"}, view.state === "won" ? t("end.won") : t("end.lost")),
    h("p", {class: "reason"}, t(`reason.${end.reason}`)),
    h("h3", {}, ladySymbol(), " ", `${t("end.her")}: ${ladyName(her.card)}`),
    clueCard(her, her.suit),
    end.confronted ? h("p", {class: "verdict"}, `${t("end.verdict")}: ${t(`verdict.${end.confronted.verdict}`)}`) : null,
    end.score !== null ? h("div", {class: "score"},
      h("p", {}, h("strong", {}, `${t("end.score")}: ${end.score}`), " · ", `${t("end.rank")}: ${t(`rank.${end.rank}`)}`),
      h("ul", {}, scoreLines(view, end))) : null);
}

/** While the server cannot be reached: the game is kept as last seen, and a way to ask again now. */
const awayNote = () => h("div", {class: "panel away", role: "status"},
  h("p", {}, t("play.away")),
  h("button", {type: "button", "data-focus": "reconnect", onclick: () => reconnect()}, t("retry")));

/** The plan's place while its hints are on their way. */
const planPending = () => h("section", {class: "panel plan", "aria-labelledby": "plan-h", "aria-busy": "true"},
  h("h2", {id: "plan-h"}, t("plan.heading")), h("p", {class: "note"}, t("plan.loading")));

function gameScreen(redraw) {
  const view = game.view;
  const mine = ownTokens(view.id);
  const cycle = (trait) => {
    mine[trait] = TOKEN_STATES[(TOKEN_STATES.indexOf(mine[trait] ?? "unknown") + 1) % TOKEN_STATES.length];
    localStorage.setItem(tokensKey(view.id), JSON.stringify(mine));
    redraw();
  };
  const canMove = legalNow().has("move");
  const playing = view.state === "playing";
  const deepen = (step) => {  // the Hint button: the next step of this view's hints (0: hidden)
    Object.assign(game, {step, stepVersion: view.version, hintsAsked: null});  // asked anew, even if the last answer failed
    redraw();
  };
  wantHints(redraw);  // the step just asked for
  const step = stepOn();
  if (step === WHOLE) wantStanding(redraw);
  else dropStanding();
  const shown = hintsShown();
  const tutorial = tutorialPanel(game, mine, (send) => act(send, redraw), redraw);
  return [
    h("div", {class: "play-head"}, h("h1", {}, t("play.title")), h("div", {class: "buttons toolbar"},
      h("button", {type: "button", "data-action": "new", "aria-keyshortcuts": shortcutOf("new"),
                   onclick: () => { leaveGame(); redraw(); }}, t("action.new"), keyCap("new")),
      hintButton(step, deepen, {disabled: !playing || game.away, keyed: true}),
      keyboardButton())),
    game.away ? awayNote() : null,
    view.end ? endPanel(view) : null,
    // On a phone the columns are one (player.css): the guided game's lesson and the plan, the
    // map and the actions first, what just happened, your tokens, then the status; on a wide
    // screen the status heads the board's column.
    h("div", {class: "columns play-columns"},
      h("div", {class: "board-column"},
        statusBar(view),
        drawMap({pawn: view.pawn, visited: view.visited, topLandmark: view.top.landmark ?? null, topFog: Boolean(view.top.fog),
                 pickable: canMove ? neighbours(view.pawn) : [], onPick: (to) => act({action: "move", to}, redraw)}),
        view.state === "playing" ? actionBar(view, redraw, tutorial?.taught) : null,
        view.pending ? pendingForm(view, redraw) : null,
        game.events.length ? h("section", {class: "panel events", "aria-live": "polite"}, h("h3", {}, t("events")),
          h("ul", {}, game.events.map((e) => h("li", {class: e.code}, eventText(e))))) : null),
      h("div", {class: "side-column"},
        tutorial?.panel, tutorial?.lesson,
        step === WHOLE ? (shown ? planPanel(game.hints.plan, (send) => act(send, redraw, true)) : planPending())
          : step ? stepPanel(step, shown ? game.hints : null) : null,
        step === WHOLE ? standingPanel() : null,
        h("section", {class: "panel tokens-panel", "aria-labelledby": "tokens-h"}, h("h3", {id: "tokens-h"}, ladySymbol(), " ", t("tokens")),
          h("p", {class: "help"}, t("tokens.help")), tokens(mine, view.state === "playing" ? cycle : null)),
        h("section", {class: "panel", "aria-labelledby": "clues-h"}, h("h3", {id: "clues-h"}, t("clues")),
          view.clues.length || view.suit_card ? h("div", {class: "cards"},
            view.clues.map((c) => clueCard(c, view.suit)), view.suit_card ? clueCard(view.suit_card, view.suit, {suitCard: true}) : null)
            : h("p", {class: "empty-note"}, t("empty.clues"))),
        trailPanel(view))),
    step === WHOLE && shown ? hintsPanel(view) : null,
  ];
}

export async function render(main) {
  const redraw = () => keepFocus(main, () => render(main));
  redrawPage = redraw;
  if (learnAsked()) {  // "Learn to play": the guided game, once (the address no longer asks for it)
    history.replaceState(null, "", "#/play");
    await startTutorial();
  }
  const current = localStorage.getItem(CURRENT);
  if (!game && current) {
    const entry = savedGames().find((g) => g.id === current);
    try {
      if (entry) await open(entry);
    } catch (error) {
      if (gameGone(error)) localStorage.removeItem(CURRENT);  // else it stays, to be resumed
      notify(errorText(error));
    }
  }
  if (game?.view.end) recordGame(game.entry, game.view);  // kept in your games (history.js), once
  if (game) fill(main, gameScreen(redraw));
  else {
    fill(main, h("h1", {}, t("play.title")), learnLink(), setupForm(redraw), gameList(redraw),
      h("section", {class: "panel", "aria-labelledby": "hints-none-h"}, h("h2", {id: "hints-none-h"}, t("action.hints")),
        h("p", {class: "empty-note"}, t("empty.hints")), h("div", {class: "buttons"}, keyboardButton())));
  }
}
