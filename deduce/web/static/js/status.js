// The status line: what the page says after an action, errors from the API in words.
import {ApiError} from "./api.js";
import {t} from "./i18n.js";

/** Say something in the status line (an empty message hides it). */
export function notify(message) {
  const el = document.getElementById("status");
  el.textContent = message;
  el.classList.toggle("shown", Boolean(message));
}

/** An error as the player should read it. */
export function errorText(error) {
  if (error instanceof ApiError) return t("error.api", {message: error.message});
  return t("error.network");
}
