// The "Learn to play" link to the guided first game (play/tutorial.js), shared by the pages that offer
// it (home, how to play, play): a page reaches another only through the address, not its module.
import {h} from "./dom.js";
import {t} from "./i18n.js";

/** The "Learn to play" link, with a line saying what it is (the home page, How to play and the Play page). */
export function learnLink() {
  return h("p", {class: "learn"}, h("a", {href: "#/play?learn", class: "learn-link"}, t("tutorial.learn")), " ",
    t("tutorial.learn.lead"));
}
