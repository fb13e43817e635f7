// The home page: what each page is for.
import {fill, h} from "./dom.js";
import {t} from "./i18n.js";
import {learnLink} from "./tutorial.js";

export function render(main) {
  fill(main,
    h("h1", {}, t("home.title")),
    h("p", {class: "lead"}, t("home.lead")),
    learnLink(),
    h("div", {class: "tiles"}, ["play", "table", "designer"].map((page) =>
      h("a", {class: "tile", href: `#/${page}`}, h("h2", {}, t(`page.${page}`)), h("p", {}, t(`home.${page}`))))),
    h("p", {}, h("a", {href: "#/howto", class: "learn-link"}, t("page.howto"))),
    h("p", {}, h("a", {href: "/docs"}, t("home.docs"))));
}
