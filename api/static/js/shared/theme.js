// The page's theme: the system's choice (light or dark), or the one the person picked, kept in the
// browser. The style sheet draws both (light-dark() on <html data-theme>, see css/style.css).
import {t} from "./i18n.js";

const KEY = "bs.theme";
export const THEMES = ["", "light", "dark"]; // "": follow the system

/** The theme picked in this browser ("" when it follows the system). */
export function theme() {
  const value = localStorage.getItem(KEY) ?? "";
  return THEMES.includes(value) ? value : "";
}

/** Pick a theme ("" to follow the system) and show the page in it. */
export function setTheme(value) {
  if (value) localStorage.setItem(KEY, value);
  else localStorage.removeItem(KEY);
  applyTheme();
}

/** Show the page in the picked theme. */
export function applyTheme() {
  const value = theme();
  if (value) document.documentElement.dataset.theme = value;
  else delete document.documentElement.dataset.theme;
}

/** The Theme switch in the page's header, in the page's language. */
export function drawThemeSwitch(select, label) {
  label.textContent = t("theme");
  select.replaceChildren(...THEMES.map((value) => {
    const option = new Option(t(`theme.${value || "system"}`), value);
    option.selected = value === theme();
    return option;
  }));
}
