"""How the page reaches a phone quickly: the whole module graph with the page, one stylesheet, the
first data asked for at once, long caching where it is safe (docs/decisions.md, "The page's delivery").

The page is ES modules with no build step. Left alone, a browser learns each module's imports only
once it has that module, so the modules arrive in chains; and even asked for all at once, a browser
keeps at most six requests to a server in flight over HTTP/1.1, each paying the network's round trip
(more than half a second on a phone's 3G): some fifty files took 8 s. At start-up the server reads
the page's files themselves and writes into ``index.html`` (:func:`page_html`):

- an import map that carries every module the entry reaches by static imports (its ``import``
  statements read, a module another engineer adds is picked up at the next start, with no list to
  keep) as a
  ``data:`` URL under its own path (``/static/js/shared/api.js``), its imports named by their full URLs
  (a name relative to a ``data:`` URL means nothing), so that any import of it, from a module or
  from ``import("/static/js/designer/cardset.js")``, finds the same module:
  the modules are ES modules as written, live bindings and cycles included, and come with the
  page in one compressed answer, no chain deeper than the entry. A module only imported dynamically
  (``import("./designer/designer.js")``: a page a first visit does not need) is mapped to the URL of its
  content instead, fetched when asked for, and then cached for good;
- one stylesheet, the page's stylesheets joined in their order (:func:`joined_css`), under a URL
  that names its content (``/static/page.css?v=<digest>``);
- a script that asks for the world every page reads first (the card set, the board, the material,
  the phrases of the chosen language) as soon as the page starts: they travel beside the page, not
  after it (:data:`EARLY`).

:class:`VersionedFiles` serves ``/static``: a file asked for under its current version is cached
for a year, ``immutable`` (a browser does not even ask again); under any other URL (no version, an
old one) it is revalidated. The page itself (``/``) is revalidated on every visit (a 304 when it has
not changed), so a new version is seen at once, and so is the world every view reads first
(:class:`Revalidated`). Answers are compressed by
:class:`starlette.middleware.gzip.GZipMiddleware` (:mod:`api.app`).
"""

from __future__ import annotations

import hashlib
import html
import json
import posixpath
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable

from starlette.datastructures import Headers, MutableHeaders, QueryParams
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deduce.text.catalog import LANGS

STATIC = files("api").joinpath("static")
#: The catalog of words (``data/words``), which the page reads at ``/static/words`` (see api.page).
WORDS = files("deduce.data").joinpath("words")
#: Parts of static/ the page does not need to open (the vendored Swagger UI, the worker itself).
LEFT_OUT = ("vendor", "sw.js")


def page_files(folder: Traversable = STATIC, prefix: str = "/static") -> list[tuple[str, Traversable]]:
    """The URL and the file of every file of the page under ``folder``, in a stable order."""
    found: list[tuple[str, Traversable]] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name in LEFT_OUT or entry.name.startswith("."):
            continue
        url = f"{prefix}/{entry.name}"
        found += page_files(entry, url) if entry.is_dir() else [(url, entry)]
    return found

#: How a file asked for under its current version is cached: a year, never asked for again.
IMMUTABLE = "public, max-age=31536000, immutable"
#: How everything else the page reads is cached: kept, but checked with the server before each use.
REVALIDATE = "no-cache"
#: What every page reads before it draws (``static/js/shared/words.js``, ``loadWorld``), asked for with the page;
#: the phrases too, in the language the page will speak (:data:`EARLY`).
WORLD = ("/v1/cards", "/v1/board", "/v1/material")
#: The page's stylesheets joined, at this path.
JOINED_CSS = "/static/page.css"
#: The name a module gives another in a static import or export (``import ... from "x"``, ``import "x"``)
#: or in a dynamic ``import("x")``: groups 1 and 2 are what comes before the name and its quote.
IMPORT = re.compile(r"""(^\s*(?:import|export)\b[^"';]*?|\bimport\s*\(\s*)(["'])([^"'\n]+)\2""", re.MULTILINE)
#: The page's entry module in ``index.html``.
ENTRY = re.compile(r'<script type="module" src="([^"]+)"></script>')
#: A stylesheet of ``index.html``.
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)">\n?')
#: What a ``data:`` URL cannot hold as it is: ``%``, ``#`` (a fragment) and control characters
#: (a URL parser drops newlines and tabs).
UNSAFE = re.compile(r"[%#\x00-\x1f\x7f]")
#: Asks for the world every page reads first (:data:`WORLD`, and the phrases in the language the page
#: will speak: ``static/js/shared/i18n.js`` keeps it in the browser, English at first) while the page loads:
#: ``static/js/shared/api.js`` takes each answer once (``early``); one that failed is forgotten, so a retry asks
#: again. (A ``<link rel="preload">`` would not do: a browser answers a retry of a failed one with the failure.)
EARLY = """<script>{
const saved = localStorage.getItem("bs.lang"), lang = LANGS.includes(saved) ? saved : "en";
const headers = {Accept: "application/json", "Accept-Language": lang};
window.early = new Map([...WORLD, `/v1/phrases/${lang}`].map((path) => [path, fetch(path, {headers})]));
// one that fails is forgotten (the page, when it asks, asks again), and is no uncaught error
window.early.forEach((answer, path) => answer.catch(() => window.early.delete(path)));
}</script>"""


def data_url(media: str, text: str) -> str:
    """``text`` as a ``data:`` URL of type ``media``, escaped only where a URL must be."""
    return f"data:{media},{UNSAFE.sub(lambda m: f'%{ord(m[0]):02X}', text)}"


@dataclass(frozen=True, eq=False)  # hashed as itself: its methods cache their work
class Delivery:
    """The page's files by URL path, with the digest of each one's content."""

    sources: dict[str, bytes]

    @classmethod
    def read(cls, static: Traversable = STATIC, words: Traversable = WORDS) -> Delivery:
        """The page's files as they are in ``static`` (served at ``/static``) and ``words`` (at ``/static/words``)."""
        found = page_files(static) + page_files(words, "/static/words")
        return cls({url: file.read_bytes() for url, file in found})

    @cache  # noqa: B019  # one per Delivery, which lives as long as the app: a file is digested once
    def digest(self, path: str) -> str | None:
        """The digest of the file at ``path`` (None for none); for :data:`JOINED_CSS`, of the joined stylesheets."""
        data = self.joined_css().encode() if path == JOINED_CSS else self.sources.get(path)
        return None if data is None else hashlib.sha256(data).hexdigest()[:16]

    def url(self, path: str) -> str:
        """``path`` under the URL of its content (``?v=`` its digest)."""
        return f"{path}?v={self.digest(path)}"

    def is_current(self, path: str, query_string: bytes) -> bool:
        """Whether a request for ``path`` names the current version of the file."""
        digest = self.digest(path)
        return digest is not None and QueryParams(query_string).get("v") == digest

    def _resolved(self, module: str, name: str) -> str | None:
        """The page's file that ``module`` names ``name`` in an import (None: not one of the page's files)."""
        if not name.startswith((".", "/")):
            return None
        path = posixpath.normpath(posixpath.join(posixpath.dirname(module), name))
        return path if path in self.sources else None

    def graph(self, entry: str) -> list[str]:
        """The modules ``entry`` reaches through its static imports (those it needs before it runs), itself
        first, each once."""
        reached: list[str] = []
        waiting = [entry]
        while waiting:
            path = waiting.pop(0)
            if path in reached or path not in self.sources:
                continue
            reached.append(path)
            if path.endswith(".js"):
                found = (self._resolved(path, m[3]) for m in IMPORT.finditer(self.sources[path].decode("utf-8"))
                         if not m[1].lstrip().startswith("import("))
                waiting += [found_path for found_path in found if found_path]
        return reached

    def module_url(self, path: str, origin: str) -> str:
        """The module at ``path`` as a ``data:`` URL: a script with the modules it imports named by their
        full URLs on ``origin`` (a name relative to a ``data:`` URL means nothing), which the import map
        maps, and its own path for DevTools and stack traces; a JSON file as it is."""
        text = self.sources[path].decode("utf-8")
        if path.endswith(".json"):
            return data_url("application/json", text)

        def absolute(match: re.Match[str]) -> str:
            target = self._resolved(path, match[3])
            return match[0] if target is None else f"{match[1]}{match[2]}{origin}{target}{match[2]}"

        return data_url("text/javascript;charset=utf-8", f"{IMPORT.sub(absolute, text)}\n//# sourceURL={path}\n")

    def stylesheets(self) -> list[str]:
        """The stylesheets ``index.html`` links, in its order."""
        return STYLESHEET.findall(self.sources["/static/index.html"].decode("utf-8"))

    @cache  # noqa: B019  # one per Delivery, which lives as long as the app
    def joined_css(self) -> str:
        """The page's stylesheets joined in ``index.html``'s order (each one's rules as they were: none
        imports another, and their ``url()``s, if any, would be relative to ``/static/css`` as before)."""
        return "\n".join(self.sources[path].decode("utf-8") for path in self.stylesheets())

    @lru_cache(maxsize=8)  # noqa: B019  # the page's origins (a name, an address): few
    def page_html(self, origin: str) -> str:
        """``index.html`` as served on ``origin`` (``http://host:port``): the modules in its import map,
        one stylesheet, the first data preloaded."""
        text = STYLESHEET.sub("", self.sources["/static/index.html"].decode("utf-8"))
        match = ENTRY.search(text)
        if match is None:
            return text
        entry = match[1]
        inlined = self.graph(entry)
        imports = {path: self.module_url(path, origin) for path in inlined}
        imports |= {path: self.url(path) for path in self.sources if path.endswith(".js") and path not in inlined}
        importmap = json.dumps({"imports": imports}, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        # the early script first: a script after a stylesheet waits for it
        head = [EARLY.replace("LANGS", json.dumps(list(LANGS))).replace("WORLD", json.dumps(list(WORLD))),
                f'<link rel="stylesheet" href="{html.escape(self.url(JOINED_CSS))}">',
                f'<script type="importmap">{importmap}</script>',
                f'<script type="module">import "{entry}";</script>']
        return text[:match.start()] + "\n".join(head) + text[match.end():]

    @lru_cache(maxsize=8)  # noqa: B019  # as page_html: the page's digest once per origin, not at every visit
    def page_etag(self, origin: str) -> str:
        """The page's entity tag on ``origin``: the digest of ``index.html`` as served there."""
        return '"' + hashlib.sha256(self.page_html(origin).encode()).hexdigest()[:16] + '"'


@cache
def delivery() -> Delivery:
    """The page's files as installed, read once (:func:`api.page.install`, at start-up)."""
    return Delivery.read()


class VersionedFiles(StaticFiles):
    """Starlette's static files, cached for a year when asked for under their current version
    (:data:`IMMUTABLE`), and revalidated otherwise (:data:`REVALIDATE`)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        current = delivery().is_current(scope["path"], scope.get("query_string", b""))
        response.headers["Cache-Control"] = IMMUTABLE if current else REVALIDATE
        return response


def revalidated(path: str) -> bool:
    """Whether ``GET path`` is the world every view reads first (:data:`WORLD` and the phrases): kept by
    a browser and checked with the server before each use (:class:`Revalidated`)."""
    return path in WORLD or path.startswith("/v1/phrases/")


class Revalidated:
    """The world every view reads first, answered with an entity tag (the digest of the answer) and
    ``no-cache``: a browser that has it asks with ``If-None-Match`` and gets a 304 with no body when it
    has not changed. The answers are small (tens of kilobytes), so each is held whole to digest it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or not revalidated(scope["path"]):
            await self.app(scope, receive, send)
            return
        start: Message = {}
        body = bytearray()

        async def held(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            else:
                body.extend(message.get("body", b""))
                if not message.get("more_body", False):
                    await self._answer(scope, send, start, bytes(body))

        await self.app(scope, receive, held)

    @staticmethod
    async def _answer(scope: Scope, send: Send, start: Message, body: bytes) -> None:
        """Send the held answer, or a 304 when the request names its entity tag."""
        headers = MutableHeaders(raw=list(start["headers"]))
        if start["status"] == 200:
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            headers["ETag"], headers["Cache-Control"] = etag, REVALIDATE
            if Headers(scope=scope).get("if-none-match") == etag:
                del headers["Content-Length"]
                del headers["Content-Type"]
                await send({"type": "http.response.start", "status": 304, "headers": headers.raw})
                await send({"type": "http.response.body", "body": b""})
                return
        await send({**start, "headers": headers.raw})
        await send({"type": "http.response.body", "body": body})
