// The page: a hash router over its views (home, play, table, designer, games, how to play), the
// language switch, and the status line. Every view is a module with render(main), drawn from API
// answers only, each in a folder of its own (home/, play/, table/, games/, designer/, howto/; what
// more than one uses is in shared/), and this is the only module that imports one. The views a
// first visit lands on are imported here, and come with the page (the server puts every module
// this one imports in the page: api/delivery.py); the others are loaded when first shown, and in
// the background once the first view is drawn.
import {ApiError} from "./shared/api.js";
import {fill, h} from "./shared/dom.js";
import {lang, setLang, t} from "./shared/i18n.js";
import {errorText, notify} from "./shared/status.js";
import {loadWorld} from "./shared/words.js";
import {applyTheme, drawThemeSwitch, setTheme} from "./shared/theme.js";
import {wireHelp} from "./shared/help.js";
import * as home from "./home/home.js";
import * as play from "./play/play.js";
import * as table from "./table/table.js";
import * as games from "./games/history.js";

/** The views loaded when first shown (a module each, loaded once). */
const LATER = {designer: () => import("./designer/designer.js"), howto: () => import("./howto/howto.js")};
const PAGES = {"": home, play, table, games};
const main = document.getElementById("main");
applyTheme();

function route() {
  return location.hash.replace(/^#\/?/, "").split(/[/?]/)[0];
}

function drawChrome() {
  document.documentElement.lang = lang();
  document.getElementById("lang").value = lang();
  document.getElementById("lang-label").textContent = t("lang");
  drawThemeSwitch(document.getElementById("theme"), document.getElementById("theme-label"));
  document.getElementById("skip").textContent = t("skip");
  wireHelp(document.getElementById("keys"));  // the Keyboard button and "?": the shortcuts' overlay
  document.getElementById("brand").textContent = t("home.title");
  document.getElementById("menu-button").textContent = t("nav.menu");
  const nav = document.getElementById("nav");
  nav.setAttribute("aria-label", t("nav.label"));
  const here = route();
  fill(nav, ["play", "table", "designer"].map((p) =>
    h("a", {href: `#/${p}`, "aria-current": here === p ? "page" : null}, t(`page.${p}`))),
  h("a", {href: "#/games", "aria-current": here === "games" ? "page" : null}, t("page.games")),
  h("a", {href: "#/howto", "aria-current": here === "howto" ? "page" : null}, t("page.howto")),
  h("a", {href: "/docs"}, t("page.docs")));
}

/** Draw the current view in the chosen language. Each draw gets a container of its own, put in
 * the page at once: a slower earlier draw (a language switch, then another page) goes on filling
 * its own container, which is no longer in the page, and never lands on top of the later one. */
async function render() {
  drawChrome();
  const later = LATER[route()];
  const view = h("div", {class: "view", tabindex: "-1"});
  fill(main, view);
  try {
    const page = later ? await later() : PAGES[route()] ?? home;
    await loadWorld();
    if (!view.isConnected) return;
    notify("");
    await page.render(view);
    if (view.isConnected) document.title = `${t(`page.${route() || "home"}`)} · ${t("home.title")}`;
  } catch (error) {
    if (view.isConnected) {
      fill(view, h("p", {class: "error", role: "alert"}, errorText(error)),
        error instanceof ApiError ? null : h("button", {type: "button", onclick: () => render()}, t("retry")));
    }
  }
}

/** Open or close the header's menu (a phone's: on a desktop its parts stand in the header). Closed, it
 * gives the focus back to its button when the focus was in it. */
function openMenu(open) {
  const button = document.getElementById("menu-button");
  const menu = document.getElementById("menu");
  document.getElementById("top").classList.toggle("open", open);
  button.setAttribute("aria-expanded", String(open));
  if (open) menu.querySelector("a, select, button")?.focus();
  else if (menu.contains(document.activeElement)) button.focus();
}

document.getElementById("menu-button").addEventListener("click", (e) => {
  openMenu(e.currentTarget.getAttribute("aria-expanded") !== "true");
});
document.getElementById("menu").addEventListener("click", (e) => {
  if (e.target.closest("a")) openMenu(false);  // a page chosen
});
// A tap outside the open menu closes it (and only that: the page under it is not tapped).
document.addEventListener("click", (e) => {
  if (!document.getElementById("top").classList.contains("open") || e.target.closest("#top")) return;
  e.preventDefault();
  e.stopPropagation();
  openMenu(false);
}, {capture: true});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && document.getElementById("top").classList.contains("open")) openMenu(false);
});
document.getElementById("lang").addEventListener("change", (e) => {
  setLang(e.target.value);
  render();
});
document.getElementById("theme").addEventListener("change", (e) => setTheme(e.target.value));
window.addEventListener("hashchange", () => {
  // a new page starts at its top, the header (and a phone's Menu) in view, the focus on its content
  render().then(() => { main.focus({preventScroll: true}); window.scrollTo(0, 0); });
});
render().then(() => Object.values(LATER).forEach((load) => load().catch(() => {})));

// Kept by a service worker (/sw.js), the page opens and says so when the server cannot be reached.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
