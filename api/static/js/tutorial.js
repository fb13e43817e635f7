// The guided first game (issue 20): a Training game with a fixed seed, in which a panel beside
// the board explains each step as it happens. What it explains follows the game's own events and
// the view (never anything hidden): the steps are triggered by what the player did, so a player
// who does something else than the plan suggests still goes on. The tutorial's step and game id
// are kept in this browser (the game itself is on the server), so a reload resumes it.
import {api} from "./api.js";
import {h} from "./dom.js";
import {t} from "./i18n.js";
import {actionText} from "./plan.js";
import {errorText} from "./status.js";
import {joinWords, lady, ladyName, landmarkName, placeName, suitName, traitName, world} from "./words.js";

/** The tutorial's game: Training, and a seed whose game, played as the plan says, shows every step
 * (moves and keys, turns, searches found and not, flights, a fog card on top, the countdown, the
 * suit card and a confrontation). */
export const TUTORIAL_GAME = {mode: "training", seed: 10, sequence: {position: 1}};
/** This browser's tutorial: {id, version, step, queue, seen, facts}: the game, the last version of
 * it explained, the step on screen, those waiting for Next, those read, and what each step is about. */
const KEY = "bs.tutorial";

/** The steps an event triggers, by its code; an ending triggers "confront" (when it was one) and "end". */
const BY_EVENT = {
  "move": ["move"], "key": ["move"], "key.last": ["move", "suit"], "top.landmark": ["turn"],
  "not-found": ["search"], "found": ["search"], "clue.found": ["search", "clue"], "flee": ["flee"],
  "top.fog": ["fog"], "fog": ["fog"], "countdown": ["countdown"], "clue.suit-card": ["suit"],
  "end.unmasked": ["confront", "end"], "end.wrong-traits": ["confront", "end"],
};
/** Every step, in the order a game usually brings them (the browser tests check each is seen). */
const STEPS = ["start", "move", "turn", "search", "clue", "flee", "fog", "countdown", "suit", "confront", "end"];

/** Whether the address asks for the tutorial to start (#/play?learn, the "Learn to play" links). */
export const learnAsked = () => /[?&]learn\b/.test(location.hash);

/** The tutorial kept in this browser, or null (none, or not one this page wrote). */
function load() {
  try {
    const state = JSON.parse(localStorage.getItem(KEY) || "null");
    const whole = state && typeof state.id === "string" && Array.isArray(state.queue) && Array.isArray(state.seen)
      && state.facts && typeof state.facts === "object" && [null, ...STEPS].includes(state.step)
      && state.queue.every((step) => STEPS.includes(step));
    return whole ? state : null;
  } catch {
    return null;
  }
}

const save = (state) => localStorage.setItem(KEY, JSON.stringify(state));
const stop = () => localStorage.removeItem(KEY);

/** Start the tutorial over the game just made (its id). */
export function beginTutorial(id) {
  save({id, version: -1, step: null, queue: [], seen: [], facts: {}});
}

/** What a step is about, from the view and the event that triggered it (ids and numbers; named when drawn). */
function factsOf(step, view, event) {
  const params = event?.params ?? {};
  const latest = (kind) => [...(view.trail ?? [])].reverse().find((e) => e.kind === kind);
  switch (step) {
    case "start": return {landmark: view.top.landmark ?? latest("landmark")?.landmark, pawn: view.pawn};
    case "move": return {pawn: view.pawn, keys: view.visited.length};
    case "turn": return {landmark: params.landmark};
    case "search": return {location: params.location ?? view.pawn, found: event?.code !== "not-found", fog: view.fog_deck};
    case "clue": return {card: params.card};
    case "flee": return {cards: params.cards};
    case "countdown": return {value: params.countdown};
    case "suit": return {card: view.suit_card?.card ?? null};
    case "end": return {state: view.state, reason: view.end?.reason, score: view.end?.score, rank: view.end?.rank};
    default: return {};
  }
}

/**
 * Put the steps just triggered on screen, the first now and the others after it; the step on
 * screen, triggered again, says what happened this time. When the player acted (a new view), the
 * step shown so far is read, and with nothing new the next one waiting comes; when the plan's
 * answer triggered them, the step shown so far waits right after them.
 */
function trigger(state, triggered, acted) {
  const fresh = [];
  for (const {step, facts} of triggered) {
    if (step === state.step) {  // on screen still: it follows the game (her latest card, the latest search)
      state.facts[step] = facts;
      continue;
    }
    if (!fresh.includes(step)) {
      if (state.seen.includes(step) || state.queue.includes(step)) continue;
      fresh.push(step);
    }
    state.facts[step] = facts;  // from the last of its events: the top card is the last one shown
  }
  if (!fresh.length && !(acted && state.queue.length)) return;
  const shown = state.step && !state.seen.includes(state.step) ? state.step : null;
  if (shown && acted) state.seen.push(shown);
  const waiting = shown && !acted ? [shown, ...state.queue] : state.queue;
  [state.step, ...state.queue] = [...fresh, ...waiting];
}

/** The steps a new view and the events that led to it trigger. */
function triggered(view, events, first) {
  const found = first ? [{step: "start", facts: factsOf("start", view)}] : [];
  for (const event of events) {
    for (const step of BY_EVENT[event.code] ?? []) found.push({step, facts: factsOf(step, view, event)});
  }
  if (view.top.fog) found.push({step: "fog", facts: {}});
  return found;
}

// -- the plan's suggestion ---------------------------------------------------------------------

/** The plan for the view on screen: the hints' `plan`, asked once per version of the game. */
let advice = {id: null, version: null, plan: null, error: null};

function wantPlan(entry, view, redraw) {
  if (view.state !== "playing" || (advice.id === entry.id && advice.version === view.version)) return;
  advice = {id: entry.id, version: view.version, plan: null, error: null};
  const mine = (a) => a.id === entry.id && a.version === view.version;
  api("GET", `/v1/games/${entry.id}/hints`, {token: entry.token}).then((hints) => {
    if (mine(advice)) advice = {...advice, plan: hints.plan};
  }, (error) => {
    if (mine(advice)) advice = {...advice, error: errorText(error)};
  }).then(() => {
    if (mine(advice)) redraw();
  });
}

function suggestion(view, act) {
  if (view.state !== "playing") return null;
  if (advice.error) return h("p", {class: "error"}, advice.error);
  if (!advice.plan) return h("p", {class: "note", "aria-busy": "true"}, t("tutorial.thinking"));
  const send = advice.plan.send;
  return h("div", {class: "tutorial-plan"},
    h("p", {}, t("tutorial.suggest", {action: actionText(send)})),
    send ? h("button", {type: "button", class: "primary", "data-focus": "tutorial-do", onclick: () => act(send)},
      t("tutorial.do")) : null,
    h("p", {class: "note"}, t("tutorial.free")));
}

// -- the words of each step ------------------------------------------------------------------

const placesWith = (landmark) =>
  joinWords(world.board.locations.filter((l) => l.landmark === landmark).map((l) => placeName(l.id)));
const traitsOf = (card) => (lady(card)?.traits ?? []).map(traitName).join(", ");

/** A step's explanation, from its facts and the view. */
function stepText(step, facts, view) {
  switch (step) {
    case "start":
      return t("tutorial.step.start", {suit: suitName(view.suit), landmark: landmarkName(facts.landmark),
                                         places: placesWith(facts.landmark), pawn: placeName(facts.pawn)});
    case "move":
      return t("tutorial.step.move", {pawn: placeName(facts.pawn), keys: facts.keys, all: world.board.locations.length});
    case "turn": return t("tutorial.step.turn", {landmark: landmarkName(facts.landmark), places: placesWith(facts.landmark)});
    case "search":
      return t(facts.found ? "tutorial.step.search.found" : "tutorial.step.search.not",
        {location: placeName(facts.location), fog: facts.fog});
    case "clue": {
      const entry = view.clues.find((c) => c.card === facts.card)?.key?.[view.suit] ?? [];
      return t("tutorial.step.clue", {lady: ladyName(facts.card), traits: traitsOf(facts.card), suit: suitName(view.suit),
                                        entry: entry.join("/")});
    }
    case "flee": return t("tutorial.step.flee", {cards: facts.cards});
    case "countdown": return t("tutorial.step.countdown", {value: facts.value});
    case "suit": return facts.card ? t("tutorial.step.suit.revealed", {lady: ladyName(facts.card), traits: traitsOf(facts.card)})
      : t("tutorial.step.suit.ready");
    case "end": return facts.state === "won" ? t("tutorial.step.end.won", {score: facts.score, rank: t(`rank.${facts.rank}`)})
      : t("tutorial.step.end.lost", {reason: t(`reason.${facts.reason}`)});
    default: return t(`tutorial.step.${step}`);
  }
}

/**
 * The tutorial's panel for the game on screen, or null when it is not the tutorial's game (or
 * the tutorial was skipped). `game` is {entry, view, events}; `act(send)` sends an action as the
 * Play page does; `redraw()` draws the page again (when the plan's answer comes).
 */
export function tutorialPanel({entry, view, events}, act, redraw) {
  const state = load();
  if (!state || state.id !== view.id) return null;
  if (view.version > state.version) {
    trigger(state, triggered(view, events, state.version < 0), state.version >= 0);
    state.version = view.version;
  }
  wantPlan(entry, view, redraw);
  if (advice.id === entry.id && advice.version === view.version && advice.plan?.action === "confront") {
    trigger(state, [{step: "confront", facts: {}}], false);
  }
  save(state);
  const step = state.step;
  const next = () => {
    if (!state.seen.includes(step)) state.seen.push(step);
    state.step = state.queue.shift() ?? step;
    save(state);
    redraw();
  };
  const close = () => { stop(); redraw(); };
  const over = view.state !== "playing";
  return h("section", {class: "panel tutorial", "aria-labelledby": "tutorial-h", "data-step": step},
    h("h2", {id: "tutorial-h"}, t("tutorial.panel")),
    h("div", {class: "tutorial-say", "aria-live": "polite"},
      h("h3", {}, t(`tutorial.title.${step}`)), h("p", {}, stepText(step, state.facts[step] ?? {}, view))),
    suggestion(view, act),
    h("div", {class: "buttons"},
      state.queue.length ? h("button", {type: "button", "data-focus": "tutorial-next", onclick: next}, t("tutorial.next"))
        : null,
      h("button", {type: "button", class: over ? "primary" : "small", "data-focus": "tutorial-skip", onclick: close},
        over ? t("tutorial.done") : t("tutorial.skip"))));
}

/** The "Learn to play" link, with a line saying what it is (the home page and the Play page). */
export function learnLink() {
  return h("p", {class: "learn"}, h("a", {href: "#/play?learn", class: "learn-link"}, t("tutorial.learn")), " ",
    t("tutorial.learn.lead"));
}
