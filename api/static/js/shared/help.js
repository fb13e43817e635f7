// The keyboard: the Play page's shortcuts (one key per action of the game), and the help overlay
// that lists them, a <dialog> opened with "?" or a Keyboard button and closed with Esc, the
// focus going back where it was. Shared by the header (app.js: the Keyboard button) and the Play page.
import {fill, h} from "./dom.js";
import {t} from "./i18n.js";

/** The Play page's shortcuts: the key, the action button it presses (data-action), its words. */
export const SHORTCUTS = [
  {key: "m", action: "move", words: "keys.move"},
  {key: "s", action: "search", words: "keys.search"},
  {key: "p", action: "pass", words: "keys.pass"},
  {key: "c", action: "confront", words: "keys.confront"},
  {key: "f", action: "fog", words: "keys.fog"},
  {key: "r", action: "reveal_suit_card", words: "keys.reveal"},
  {key: "h", action: "hints", words: "keys.hints"},
  {key: "n", action: "new", words: "keys.new"},
];
const KEY_OF = Object.fromEntries(SHORTCUTS.map((s) => [s.action, s.key]));

/** The key of an action (as aria-keyshortcuts writes it: a capital letter), or null. */
export const shortcutOf = (action) => KEY_OF[action]?.toUpperCase() ?? null;

/** The key shown on a button beside its name (hidden from its accessible name: aria-keyshortcuts says it). */
export const keyCap = (action) => (KEY_OF[action] ? h("kbd", {class: "keycap", "aria-hidden": "true"}, shortcutOf(action)) : null);

/** Whether a key press belongs to something being typed or to another control (never a shortcut then). */
export function typing(event) {
  const el = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  if (!(el instanceof Element)) return false;
  return Boolean(el.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], dialog[open]"));
}

let dialog = null;
let returnTo = null;

/** The overlay's content in the chosen language. */
function drawHelp() {
  const row = (key, words) => h("tr", {}, h("td", {}, h("kbd", {}, key)), h("td", {}, words));
  fill(dialog,
    h("form", {method: "dialog", class: "keys-head"}, h("h2", {id: "keys-h"}, t("keys.title")),
      h("button", {type: "submit", class: "primary", "data-focus": "keys-close"}, t("keys.close"))),
    h("p", {}, t("keys.lead")),
    h("table", {class: "keys-table"},
      h("thead", {}, h("tr", {}, h("th", {scope: "col"}, t("keys.key")), h("th", {scope: "col"}, t("keys.does")))),
      h("tbody", {}, SHORTCUTS.map((s) => row(s.key.toUpperCase(), t(s.words))), row("?", t("keys.help")), row("Esc", t("keys.esc")))),
    h("p", {class: "note"}, t("keys.note")));
}

/** Open the overlay (drawn anew in the chosen language); the focus returns where it was when it closes. */
export function openHelp() {
  if (!dialog) {
    dialog = h("dialog", {id: "keys-help", class: "keys-help", "aria-labelledby": "keys-h"});
    dialog.addEventListener("close", () => {
      const back = returnTo;
      returnTo = null;
      if (back?.isConnected) back.focus();
    });
    document.body.append(dialog);
  }
  if (dialog.open) return;
  returnTo = document.activeElement;
  drawHelp();
  dialog.showModal();
  dialog.querySelector("button").focus();
}

/** The header's Keyboard button, and "?" anywhere on the page but in a field. */
export function wireHelp(button) {
  button.textContent = t("keys.button");
  if (button.dataset.wired) return;
  button.dataset.wired = "1";
  button.setAttribute("aria-keyshortcuts", "?");
  button.addEventListener("click", openHelp);
  document.addEventListener("keydown", (e) => {
    if (e.key === "?" && !typing(e)) {
      e.preventDefault();
      openHelp();
    }
  });
}
