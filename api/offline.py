"""The web page as an installable app that still opens when the server cannot be reached.

``GET /sw.js`` is the page's service worker (``static/sw.js``), served from the site's root so
that it may keep the whole site, with the list of the page's files to keep and a version (a
digest of those files) filled in: a new version of the page replaces the copies a browser kept.
The material the page reads to draw itself (the card set, the map, the words) is kept too, so the
page at the table still shows the game's names and map when the Wi-Fi drops; what needs the
server (a deduction, a game's action) then says that the server cannot be reached. The manifest
(``static/manifest.webmanifest``) and its icons make the page installable on a
phone's home screen. Swagger UI's files (``static/vendor``) are not kept: ``/docs`` is for a
computer with the server at hand.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

from fastapi import APIRouter
from fastapi.responses import Response

router = APIRouter()

STATIC = files("api").joinpath("static")
#: The catalog of words (``data/words``), which the page reads at ``/static/words`` (see api.web).
WORDS = files("deduce.data").joinpath("words")
#: Parts of static/ the page does not need to open (the vendored Swagger UI, the worker itself).
LEFT_OUT = ("vendor", "sw.js")
#: What the page reads from the API to draw itself: the card set, the map, the material, the words.
MATERIAL = ("/v1/cards", "/v1/board", "/v1/material", "/v1/phrases/en", "/v1/phrases/it", "/v1/phrases/ru")


def page_files(folder: Traversable = STATIC, prefix: str = "/static") -> list[tuple[str, Traversable]]:
    """The URL and the file of every file of the page under ``folder``, in a stable order."""
    found: list[tuple[str, Traversable]] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name in LEFT_OUT or entry.name.startswith("."):
            continue
        url = f"{prefix}/{entry.name}"
        found += page_files(entry, url) if entry.is_dir() else [(url, entry)]
    return found


@cache
def worker_script() -> str:
    """``static/sw.js`` with what to keep (the page itself, ``/``, its files, its words and the material
    it reads from the API) and the digest of the page's files."""
    assets = page_files() + page_files(WORDS, "/static/words")
    digest = hashlib.sha256()
    for url, file in assets:
        digest.update(url.encode())
        digest.update(file.read_bytes())
    from api.delivery import JOINED_CSS, delivery  # it reads the page's files with page_files

    urls = [url for url, _ in assets] + [delivery().url(JOINED_CSS)]  # the page's one stylesheet
    script = STATIC.joinpath("sw.js").read_text(encoding="utf-8")
    script = script.replace('const VERSION = "dev";', f"const VERSION = {json.dumps(digest.hexdigest()[:16])};", 1)
    return script.replace("const ASSETS = [];", f"const ASSETS = {json.dumps(['/', *urls, *MATERIAL])};", 1)


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """The service worker, never taken from an HTTP cache (the browser checks it for a new version)."""
    return Response(worker_script(), media_type="text/javascript", headers={"Cache-Control": "no-cache"})
