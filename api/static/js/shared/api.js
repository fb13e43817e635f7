// The page's one client of the API, on the page's own origin: every server call of every page goes
// through it (tests/api/test_page_modules.py checks that no other module calls fetch). Every request
// says the page's language, so that the service's error messages (the page's error notes) are in it;
// codes and paths are the same in all. A request can be aborted with an AbortSignal.

import {lang, t} from "./i18n.js";

/** An API answer that was not 2xx: its status and its problems ({code, path, message}). */
export class ApiError extends Error {
  constructor(status, problems) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join("; ") || `HTTP ${status}`);
    this.status = status;
    this.problems = problems;
  }
}

/** The answer to a GET the page asked for while it loaded (index.html's first script: the world every
 * view reads), taken once; undefined for any other request. */
function early(method, path) {
  const answer = method === "GET" ? window.early?.get(path) : undefined;
  window.early?.delete(path);
  return answer;
}

/**
 * Send a request to the API and give its answer as it came (a streamed answer is read as it comes; a
 * status the caller handles itself, such as a 429's Retry-After, is read from it): body as JSON (or as
 * given text with its content type), the token as a bearer, `accept` the answer's type, `signal`
 * to abort it.
 */
export function request(method, path, {body, token, text, contentType, accept = "application/json", signal} = {}) {
  const headers = {Accept: accept, "Accept-Language": lang()};
  let payload;
  if (text !== undefined) {
    payload = text;
    headers["Content-Type"] = contentType || "application/yaml";
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return early(method, path) ?? fetch(path, {method, headers, body: payload, signal});
}

/** The problems of an answer that was not 2xx: the API's own, or one saying its status in the page's
 * language (an answer without the API's errors: a proxy's, say). */
function problemsOf(status, data) {
  if (data && Array.isArray(data.errors)) return data.errors;
  const params = {status};
  return [{code: "http", path: "", params, message: t("problem.http", params)}];
}

/** Call the API (see request) and read its JSON answer; an ApiError for an answer that was not 2xx. */
export async function api(method, path, options = {}) {
  const response = await request(method, path, options);
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, problemsOf(response.status, data));
  return data;
}
