// The page: a hash router over four views (home, play, table, designer), the language switch,
// and the status line. Every view is a module with render(main), drawn from API answers only.
import {fill, h} from "./dom.js";
import {lang, setLang, t} from "./i18n.js";
import {errorText, notify} from "./status.js";
import {loadWorld} from "./words.js";
import * as home from "./home.js";
import * as play from "./play.js";
import * as table from "./table.js";
import * as designer from "./designer.js";

const PAGES = {"": home, play, table, designer};
const main = document.getElementById("main");

function route() {
  return location.hash.replace(/^#\/?/, "").split(/[/?]/)[0];
}

function drawChrome() {
  document.documentElement.lang = lang();
  document.getElementById("lang").value = lang();
  document.getElementById("lang-label").textContent = t("lang");
  document.getElementById("skip").textContent = t("skip");
  document.getElementById("brand").textContent = t("home.title");
  const nav = document.getElementById("nav");
  nav.setAttribute("aria-label", t("nav.label"));
  const here = route();
  fill(nav, ["play", "table", "designer"].map((p) =>
    h("a", {href: `#/${p}`, "aria-current": here === p ? "page" : null}, t(`page.${p}`))),
  h("a", {href: "/docs"}, t("page.docs")));
}

/** Draw the current view in the chosen language. */
async function render() {
  drawChrome();
  const page = PAGES[route()] ?? home;
  try {
    await loadWorld();
    notify("");
    await page.render(main);
    document.title = `${t(`page.${route() || "home"}`)} · Black Sonata`;
  } catch (error) {
    fill(main, h("p", {class: "error", role: "alert"}, errorText(error)));
  }
}

document.getElementById("lang").addEventListener("change", (e) => {
  setLang(e.target.value);
  render();
});
window.addEventListener("hashchange", () => {
  render().then(() => main.focus({preventScroll: false}));
});
render();
