// The guided first game (issues 20 and 33): a Training game with a fixed seed, in which a panel
// beside the board explains what just happened and says what to do next, as BGA's and lichess's
// tutorials do. What it explains follows the game's own events and the view (never anything
// hidden): each action's events bring their explanations at once, the first time in full and
// later in short, in place of the last action's, so nothing lags behind the game. A clue is
// explained with its own key read for her suit, and with what the clues now prove, to be marked
// on the tokens. The player makes the moves being taught: the first move, search, pass, fog card
// and the confrontation are made with the page's own controls (the panel names them and the
// page marks them; "Do it" comes only for a kind of action the player has made); the fog card on
// top is played once; the confrontation waits until the tokens mark her three traits. The
// tutorial is kept in this browser (the game itself is on the server), so a reload resumes it.
import {api} from "../shared/api.js";
import {h} from "../shared/dom.js";
import {name, t} from "../shared/i18n.js";
import {actionText} from "../shared/plan.js";
import {errorText} from "../shared/status.js";
import {eventText, fogCard, joinWords, lady, ladyName, landmarkName, placeName, suitName, traitName, world} from "../shared/words.js";

/** The tutorial's game: Training, and a seed whose game, played as the plan says, shows every
 * explanation (moves and keys, her next cards, searches, clues and their keys, flights, a fog card
 * on top to play, the countdown, the suit card, a confrontation) and is won in about 35 actions. */
export const TUTORIAL_GAME = {mode: "training", seed: 37, sequence: {position: 1}};
/** This browser's tutorial: {id, version, said, told, made}: the game, the last version of it
 * explained, the explanations on screen ([{step, facts}]), the steps already explained in full,
 * and the kinds of action the player has made. */
const KEY = "bs.tutorial";

/** Every explanation, in the order a game usually brings them. */
const STEPS = ["start", "move", "turn", "search", "search.not", "clue", "flee", "fog.top", "fog.used",
                      "countdown", "suit.ready", "suit", "end"];
/** The explanations an event brings, by its code (an ending, whatever it is, brings "end"). */
const BY_EVENT = {
  "move": ["move"], "key": ["move"], "key.last": ["move", "suit.ready"], "top.landmark": ["turn"],
  "not-found": ["search.not"], "found": ["search"], "clue.found": ["search", "clue"], "flee": ["flee"],
  "fog": ["fog.used"], "countdown": ["countdown"], "clue.suit-card": ["suit"],
};
/** The explanations said again, in short, each time their event comes back (the others are said once). */
const AGAIN = new Set(["move", "turn", "search.not", "clue", "flee", "fog.top", "fog.used", "countdown", "end"]);
/** The explanations that read a clue's key, with what the clues now prove. */
const READS_A_KEY = new Set(["clue", "suit"]);

/** Whether the address asks for the tutorial to start (#/play?learn, the "Learn to play" links). */
export const learnAsked = () => /[?&]learn\b/.test(location.hash);

/** The tutorial kept in this browser, or null (none, or not one this page wrote). */
function load() {
  try {
    const state = JSON.parse(localStorage.getItem(KEY) || "null");
    const whole = state && typeof state.id === "string" && Number.isInteger(state.version)
      && Array.isArray(state.said) && state.said.every((s) => STEPS.includes(s?.step) && s.facts && typeof s.facts === "object")
      && Array.isArray(state.told) && Array.isArray(state.made);
    return whole ? state : null;
  } catch {
    return null;
  }
}

const save = (state) => localStorage.setItem(KEY, JSON.stringify(state));
const stop = () => localStorage.removeItem(KEY);

/** Start the tutorial over the game just made (its id). */
export function beginTutorial(id) {
  save({id, version: -1, said: [], told: [], made: []});
}

/** The player made an action of this kind in this game (play.js says so for every action sent). */
export function tutorialActed(id, action) {
  const state = load();
  if (!state || state.id !== id || state.made.includes(action)) return;
  state.made.push(action);
  save(state);
}

// -- what happened: the explanations of the last action ----------------------------------------

/** What an explanation is about, from the view and the event that brought it (ids and numbers). */
function factsOf(step, view, event, following) {
  const params = event?.params ?? {};
  switch (step) {
    case "start": return {landmark: view.top.landmark ?? null, pawn: view.pawn};
    case "move": return {pawn: view.pawn, keys: view.visited.length};
    case "turn": return {landmark: params.landmark};
    case "search": case "search.not": return {location: params.location ?? view.pawn, fog: view.fog_deck};
    case "clue": case "suit": return {card: params.card};
    case "flee": return {cards: params.cards};
    case "countdown": return {value: params.countdown, slot: view.slot, length: view.length};
    case "fog.used": return {card: params.card, effects: following, asks: Boolean(view.pending)};
    case "end": return {state: view.state, reason: view.end?.reason, score: view.end?.score, rank: view.end?.rank};
    default: return {};
  }
}

/** The explanations a new view and the events that led to it bring, in the events' order, each
 * once (with the facts of its last event: the top card is the last one shown). */
function explanations(view, events, first) {
  const found = new Map(first ? [["start", factsOf("start", view)]] : []);
  events.forEach((event, i) => {
    // a fog card's action: what it did is said by the events after it that bring nothing of their own
    const after = events.slice(i + 1);
    const until = after.findIndex((e) => e.code.startsWith("end.") || e.code in BY_EVENT);
    for (const step of event.code.startsWith("end.") ? ["end"] : BY_EVENT[event.code] ?? []) {
      const following = step === "fog.used" ? (until < 0 ? after : after.slice(0, until)) : [];
      found.delete(step);
      found.set(step, factsOf(step, view, event, following));
    }
  });
  if (view.top.fog && view.actions.includes("fog")) found.set("fog.top", {});
  return [...found].map(([step, facts]) => ({step, facts}));
}

/** A new view: its explanations are on screen from now on (a view without events, as after a
 * reload, keeps those on screen). */
function follow(state, view, events) {
  if (view.version <= state.version) return;
  const said = explanations(view, events, state.version < 0);
  if (said.length) {
    state.said = said.filter(({step}) => AGAIN.has(step) || !state.told.includes(step))
      .map(({step, facts}) => ({step, facts: {...facts, again: state.told.includes(step)}}));
    for (const {step} of said) if (!state.told.includes(step)) state.told.push(step);
  }
  state.version = view.version;
}

// -- the hints: the plan, and what the clues prove ------------------------------------------------

/** The hints for the view on screen (the plan, and WHO's traits), asked once per version of the
 * game; after a failure they are asked again once the game has been away and is back (a failing
 * answer never asks again by itself, which would ask on and on). */
let advice = {id: null, version: null, plan: null, traits: null, error: null};

function wantHints(entry, view, redraw) {
  if (view.state !== "playing" || (advice.id === entry.id && advice.version === view.version)) return;
  advice = {id: entry.id, version: view.version, plan: null, traits: null, error: null};
  const mine = (a) => a.id === entry.id && a.version === view.version;
  api("GET", `/v1/games/${entry.id}/hints`, {token: entry.token}).then((hints) => {
    if (mine(advice)) advice = {...advice, plan: hints.plan, traits: hints.who.traits};
  }, (error) => {
    if (mine(advice)) advice = {...advice, error: errorText(error)};
  }).then(() => {
    if (advice.id === entry.id) redraw();
  });
}

/** The hints on hand for this view, or null. */
const hintsOf = (entry, view) => (advice.id === entry.id && advice.version === view.version && advice.plan ? advice : null);

// -- the words of each explanation ------------------------------------------------------------

/** A key entry in words: "1", "0 or 2"; the places she may be at: "The Globe, The Rose or The Curtain". */
const orWords = (items) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} ${t("tutorial.or")} ${items.at(-1)}`);
const placesWith = (landmark) =>
  orWords(world.board.locations.filter((l) => l.landmark === landmark).map((l) => placeName(l.id)));
const traitsOf = (card) => joinWords((lady(card)?.traits ?? []).map(traitName));
const entryWords = (counts) => orWords([].concat(counts).map(String));
/** The cards moved before the countdown card comes up showing 0 (then the game is lost). */
const cardsLeft = (slot, length, value) => (Math.floor(slot / length) + value + 1) * length - slot;

/** An explanation's words, from its facts and the view. */
function stepText(step, facts, view) {
  const again = facts.again ? "again" : "step";
  const key = `tutorial.${again}.${step}`;
  switch (step) {
    case "start":
      return t(key, {suit: suitName(view.suit), landmark: landmarkName(facts.landmark), places: placesWith(facts.landmark),
                     pawn: placeName(facts.pawn)});
    case "move": return t(key, {pawn: placeName(facts.pawn), keys: facts.keys, all: world.board.locations.length});
    case "turn": return t(key, {landmark: landmarkName(facts.landmark), places: placesWith(facts.landmark)});
    case "search": case "search.not": return t(key, {location: placeName(facts.location), fog: facts.fog});
    case "clue": case "suit": {
      const card = view.clues.find((c) => c.card === facts.card) ?? view.suit_card;
      const entry = card?.key?.[view.suit] ?? [];
      return t(key, {lady: ladyName(facts.card), traits: traitsOf(facts.card), suit: suitName(view.suit),
                     entry: entryWords(entry)});
    }
    case "flee": return t(key, {cards: facts.cards});
    case "countdown":
      return t(key, {value: facts.value, length: facts.length, left: cardsLeft(facts.slot, facts.length, facts.value)});
    case "fog.used": {
      const what = facts.effects.map(eventText).join(" ");
      return [t(key, {card: name(fogCard(facts.card)?.name ?? facts.card), what}), facts.asks ? t("tutorial.fog.asks") : ""]
        .filter(Boolean).join(" ");
    }
    case "end": return facts.state === "won" ? t("tutorial.step.end.won", {score: facts.score, rank: t(`rank.${facts.rank}`)})
      : t("tutorial.step.end.lost", {reason: t(`reason.${facts.reason}`)});
    default: return t(key);
  }
}

/** What the clues prove now, and whether the tokens show it: said under a clue's key. */
function proofText(traits, mine) {
  const proven = Object.entries(traits).filter(([, v]) => v !== "open");
  if (!proven.length) return t("tutorial.proof.none");
  const mark = (v) => (v === "certain" ? "hers" : "not");
  const list = proven.map(([id, v]) => `${traitName(id)}: ${t(`token.${mark(v)}`)}`).join("; ");
  const shown = proven.every(([id, v]) => mine[id] === mark(v));
  return t(shown ? "tutorial.proof.marked" : "tutorial.proof.mark", {proven: list});
}

// -- what to do now: the lesson ----------------------------------------------------------------

/** How the page's own controls make an action, in words (the first time of each kind). */
function howText(send) {
  if (send.action === "move") return t("tutorial.how.move", {place: placeName(send.to)});
  return t(`tutorial.how.${send.action}`);
}

/** Whether a fog card on top is to be played now: the tutorial plays one, once, when it is safe. */
const fogToPlay = (view) => view.top.fog && view.actions.includes("fog") && !(view.fog_warning?.impossible?.length)
  && !(view.trail ?? []).some((e) => e.kind === "fog_card");

/**
 * What to do now: {send, lines, doIt, checklist}: the action expected (as sent to the game), the
 * lesson's words, whether the panel's Do it may make it, and for a confrontation her traits with
 * whether the tokens mark them.
 */
function lesson(state, view, hints, mine) {
  const plan = hints.plan;
  if (fogToPlay(view)) return {send: {action: "fog"}, lines: [t("tutorial.now.fog")], doIt: false};
  if (plan.action === "confront") {
    const traits = plan.send.traits;
    const proven = traits.every((id) => hints.traits[id] === "certain");
    const marked = world.cards.traits.filter((tr) => mine[tr.id] === "hers").map((tr) => tr.id);
    const ready = marked.length === traits.length && traits.every((id) => marked.includes(id));
    return {send: plan.send, doIt: false,
            lines: [t(proven ? "tutorial.now.confront" : "tutorial.now.confront.guess", {traits: joinWords(traits.map(traitName))}),
                    t(ready ? "tutorial.now.confront.ready" : "tutorial.now.confront.mark")],
            checklist: traits.map((id) => ({id, marked: mine[id] === "hers"}))};
  }
  if (!plan.send) return null;
  const made = state.made.includes(plan.send.action);
  return {send: plan.send, doIt: made,
          lines: [t("tutorial.suggest", {action: actionText(plan.send)}), made ? t("tutorial.free") : howText(plan.send)]};
}

/** The lesson drawn, under its own heading: its words, the traits to mark (for a confrontation),
 * and Do it when it may; while the hints are on their way, a note (or why they did not come). */
function lessonPanel(now, act) {
  return h("section", {class: "panel tutorial-lesson", "aria-labelledby": "lesson-h", "data-do": now ? JSON.stringify(now.send) : null},
    h("h2", {id: "lesson-h"}, t("tutorial.now")),
    now ? [
      now.lines.map((line) => h("p", {}, line)),
      now.checklist ? h("ul", {class: "tutorial-traits"}, now.checklist.map(({id, marked}) =>
        h("li", {"data-trait": id, class: marked ? "marked" : null},
          t(marked ? "tutorial.trait.marked" : "tutorial.trait.unmarked", {trait: traitName(id)})))) : null,
      now.doIt ? h("button", {type: "button", class: "primary", "data-focus": "tutorial-do", onclick: () => act(now.send)},
        t("tutorial.do")) : null,
      h("p", {class: "tutorial-below note"}, t("tutorial.below"))]
      : h("p", {class: advice.error ? "error" : "note", "aria-busy": advice.error ? null : "true"},
        advice.error ?? t("tutorial.thinking")));
}

/**
 * The tutorial for the game on screen, or null when it is not the tutorial's game (or the
 * tutorial was skipped): {panel, lesson, taught}: the explanations of what just happened, the
 * lesson of what to do now (null once the game is over or while the server cannot be reached),
 * and the action the page's controls should mark (as sent to the game), or null. `game` is the
 * Play page's game ({entry, view, events, away}); `mine` the player's tokens; `act(send)` sends
 * an action as the Play page does; `redraw()` draws the page again (when the hints come).
 */
export function tutorialPanel({entry, view, events, away}, mine, act, redraw) {
  const state = load();
  if (!state || state.id !== view.id) return null;
  follow(state, view, events);
  save(state);
  if (away && advice.error) advice = {...advice, version: null};  // asked again when the game is back
  if (!away) wantHints(entry, view, redraw);
  const hints = hintsOf(entry, view);
  const over = view.state !== "playing";
  const now = !over && !away && hints ? lesson(state, view, hints, mine) : null;
  const close = () => { stop(); redraw(); };
  const said = state.said.map(({step, facts}) => h("article", {class: "tutorial-step", "data-step": step},
    h("h3", {}, t(`tutorial.title.${step}`)),
    h("p", {}, stepText(step, facts, view)),
    READS_A_KEY.has(step) && hints ? h("p", {class: "proof"}, proofText(hints.traits, mine)) : null));
  const panel = h("section", {class: "panel tutorial", "aria-labelledby": "tutorial-h", "data-step": state.said[0]?.step ?? ""},
    h("h2", {id: "tutorial-h"}, t("tutorial.panel")),
    h("div", {class: "tutorial-say", "aria-live": "polite"}, said),
    h("div", {class: "buttons"},
      h("button", {type: "button", class: over ? "primary" : "small", "data-focus": "tutorial-skip", onclick: close},
        over ? t("tutorial.done") : t("tutorial.skip"))));
  return {panel, lesson: over || away ? null : lessonPanel(now, act), taught: now && !now.doIt ? now.send : null};
}
