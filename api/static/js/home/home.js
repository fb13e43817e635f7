// The home page: each part of the page with a picture of it (api/static/img/home-<part>-<lang>.png, made
// by `python -m api.screenshots --home`) and what it is for, and a word to owners of the printed
// game: the shipped cards are original, and their own can be typed at the table or in the designer.
import {fill, h} from "../shared/dom.js";
import {lang, t} from "../shared/i18n.js";
import {learnLink} from "../shared/learn.js";

/** The parts, in the order a newcomer meets them: each page's address, its name and its words. */
const PARTS = [
  {page: "play", words: "home.play"},
  {page: "table", words: "home.table"},
  {page: "designer", words: "home.designer"},
  {page: "games", words: "home.games"},
  {page: "howto", words: "home.howto"},
];
/** The pictures' size in pixels (they are taken at it), so that the page does not jump as they load. */
export const PICTURE = {width: 480, height: 300};

function tile({page, words}) {
  return h("li", {class: "home-part"},
    h("a", {class: "tile", href: `#/${page}`, "aria-labelledby": `home-${page}-h`, "aria-describedby": `home-${page}-p`},
      h("img", {src: `/static/img/home-${page}-${lang()}.png`, alt: t(`home.pic.${page}`), width: PICTURE.width,
                height: PICTURE.height, loading: "lazy"}),
      h("h2", {id: `home-${page}-h`}, t(`page.${page}`)),
      h("p", {id: `home-${page}-p`}, t(words))));
}

export function render(main) {
  fill(main,
    h("h1", {}, t("home.title")),
    h("p", {class: "lead"}, t("home.lead")),
    learnLink(),
    h("ul", {class: "tiles home-parts", "aria-label": t("home.parts")}, PARTS.map(tile)),
    h("section", {class: "panel owners", "aria-labelledby": "owners-h"},
      h("h2", {id: "owners-h"}, t("home.owners.h")),
      h("p", {}, t("home.owners")),
      h("ul", {}, h("li", {}, h("a", {href: "#/table?own"}, t("home.owners.own"))),
        h("li", {}, h("a", {href: "#/designer"}, t("home.owners.designer"))))),
    h("p", {}, h("a", {href: "/docs"}, t("home.docs"))));
}
