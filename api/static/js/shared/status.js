// The status line, and the API's errors in words: an action the rules refuse is said from its
// refusal code and parameters with the engine's phrases, a problem whose code has a phrase in
// the page's language with it; any other keeps the engine's message (English) and its path.
import {ApiError} from "./api.js";
import {h} from "./dom.js";
import {t, hasWord} from "./i18n.js";
import {refusalText} from "./words.js";

/** Say something in the status line (an empty message hides it). */
export function notify(message) {
  const el = document.getElementById("status");
  el.textContent = message;
  el.classList.toggle("shown", Boolean(message));
}

/** One problem of an API answer in words: the refusal or the phrase for its code, or its path and message. */
export function problemText(problem) {
  const refusal = refusalText(problem);
  if (refusal) return t("error.refused", {reason: refusal});
  if (hasWord(`problem.${problem.code}`)) return t(`problem.${problem.code}`, problem.params);
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}

/** An error as the player should read it. */
export function errorText(error) {
  if (!(error instanceof ApiError)) return t("error.network");
  if (error.problems.every((p) => refusalText(p))) return error.problems.map(problemText).join(" ");
  return t("error.api", {message: error.problems.map(problemText).join("; ")});
}

/** The problems an error names, each with its path: the API's own for a document it could not read. */
export function failure(error) {
  if (error instanceof ApiError && error.problems.length) {
    return error.problems.map((p) => ({path: p.path, message: hasWord(`problem.${p.code}`) ? t(`problem.${p.code}`, p.params) : p.message}));
  }
  return [{path: "", message: errorText(error)}];
}

/** The problems of an unreadable document (or query), each with its path, under a title. */
export function problemList(problems, title = t("error.file")) {
  return h("div", {class: "problems", role: "alert"}, h("p", {}, title),
    h("ul", {}, problems.map((p) => h("li", {}, p.path ? h("code", {}, p.path) : null, p.path ? ": " : "", p.message))));
}
