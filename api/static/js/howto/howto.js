// How to play (#/howto): the rules in short, in the project's own words, with pictures of the
// page (api/static/img, made by `python -m api.screenshots`), and the way into the guided game.
import {fill, h} from "../shared/dom.js";
import {lang, t} from "../shared/i18n.js";
import {learnLink} from "../shared/learn.js";

/** The sections, in reading order; each has a heading (`howto.<id>.h`) and a paragraph (`howto.<id>`). */
const SECTIONS = ["goal", "where", "turn", "search", "who", "suit", "end", "modes"];
/** The pictures, after the section they show: [section, picture (img/howto-<name>-<lang>.png), its caption]. */
const FIGURES = [["where", "game"], ["who", "clues"], ["modes", "tutorial"]];
/** The pictures' size in pixels (the screenshots are taken at it), so the page does not jump as they load. */
const PICTURE = {width: 800, height: 500};

function figure(picture) {
  const caption = t(`howto.fig.${picture}`);
  return h("figure", {class: "howto-figure"},
    h("img", {src: `/static/img/howto-${picture}-${lang()}.png`, alt: caption, width: PICTURE.width, height: PICTURE.height,
              loading: "lazy"}),
    h("figcaption", {}, caption));
}

export function render(main) {
  fill(main,
    h("h1", {}, t("page.howto")),
    h("p", {class: "lead"}, t("howto.lead")),
    SECTIONS.map((id) => h("section", {class: "howto-section", "aria-labelledby": `howto-${id}`},
      h("h2", {id: `howto-${id}`}, t(`howto.${id}.h`)),
      h("p", {}, t(`howto.${id}`)),
      FIGURES.filter(([after]) => after === id).map(([, picture]) => figure(picture)))),
    learnLink());
}
