// The JSON API, on the page's own origin. Every request says the page's language, so that the
// service's error messages (the page's error notes) are in it; codes and paths are the same in all.

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

/** Call the API: body as JSON (or as given text with its content type); the token as a bearer. */
export async function api(method, path, {body, token, text, contentType} = {}) {
  const headers = {Accept: "application/json", "Accept-Language": lang()};
  let payload;
  if (text !== undefined) {
    payload = text;
    headers["Content-Type"] = contentType || "application/yaml";
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await (early(method, path) ?? fetch(path, {method, headers, body: payload}));
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const params = {status: response.status};  // an answer without the API's errors: a proxy's, say
    const problems = data && Array.isArray(data.errors) ? data.errors : [{code: "http", path: "", params, message: t("problem.http", params)}];
    throw new ApiError(response.status, problems);
  }
  return data;
}
