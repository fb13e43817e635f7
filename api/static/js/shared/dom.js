// Building the page: h() makes an element, with attributes, event handlers and children.

/** An element: h("button", {class: "x", onclick: f, "aria-label": "…"}, "text", child…). */
export function h(tag, attrs = {}, ...children) {
  const svg = ["svg", "g", "circle", "line", "text", "title", "rect", "path"].includes(tag);
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "value" && !svg) el.value = value;
    else if (key === "checked" && !svg) el.checked = Boolean(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Append children: strings become text, arrays are flattened, null is skipped. */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Offer a text as a file download (the JSON reports, board.yaml, the table's export). */
export function download(name, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], {type}));
  const a = h("a", {href: url, download: name});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The text of a file the user picked. */
export function readFile(input) {
  const file = input.files && input.files[0];
  return file ? file.text() : Promise.resolve(null);
}

/** A labelled field: the label (if any), the control, and a place for its message beside it. */
export function field(label, control, hint = null) {
  const id = control.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  control.id = id;
  const message = h("span", {class: "field-error", id: `${id}-msg`, role: "alert"});
  control.setAttribute("aria-describedby", `${id}-msg`);
  // No label element for a control named by its own text (a button): an empty label would erase its name.
  return h("div", {class: "field"}, label ? h("label", {for: id}, label) : null, control, hint ? h("small", {}, hint) : null, message);
}

/** Show (or clear, with "") the message beside a field made by field(). */
export function fieldMessage(control, message) {
  const el = control.closest(".field")?.querySelector(".field-error") ?? document.getElementById(`${control.id}-msg`);
  if (el) el.textContent = message;
  control.setAttribute("aria-invalid", message ? "true" : "false");
}

/** What names a control across redraws: its id, or its data-action/-location/-trait/-focus. */
function focusKey(el) {
  if (!el || el === document.body) return null;
  for (const attr of ["data-focus", "data-action", "data-location", "data-trait", "id"]) {
    const value = el.getAttribute(attr);
    if (value && !(attr === "id" && value.startsWith("f-"))) return `[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

/** Whether the keyboard can reach a control now (a place on the map that is no longer a step away cannot). */
const usable = (el) => el && !el.disabled && el.tabIndex >= 0 && el.getAttribute("aria-disabled") !== "true";

/**
 * Redraw a view and put the keyboard focus back where it was: on the same control if it is
 * still there and enabled, else on the first enabled control of the group it was in (an
 * element with data-focus-group), else on the view itself, so that Tab goes on from there.
 */
export async function keepFocus(main, draw) {
  const active = main.contains(document.activeElement) && document.activeElement !== main ? document.activeElement : null;
  const key = focusKey(active);
  const group = active?.closest("[data-focus-group]")?.getAttribute("data-focus-group");
  await draw();
  if (!active) return;
  const same = key && main.querySelector(key);
  if (usable(same)) return same.focus({preventScroll: true});
  const box = group && main.querySelector(`[data-focus-group="${CSS.escape(group)}"]`);
  const first = box && [...box.querySelectorAll("button, select, input, textarea, [tabindex='0']")].find(usable);
  if (first) return first.focus({preventScroll: true});
  main.focus({preventScroll: true});
}
