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

from fastapi import APIRouter
from fastapi.responses import Response

from api.delivery import JOINED_CSS, STATIC, WORDS, delivery, page_files

router = APIRouter()

#: What the page reads from the API to draw itself: the card set, the map, the material, the words.
MATERIAL = ("/v1/cards", "/v1/board", "/v1/material", "/v1/phrases/en", "/v1/phrases/it", "/v1/phrases/ru")


@cache
def worker_script() -> str:
    """``static/sw.js`` with what to keep (the page itself, ``/``, its files, its words and the material
    it reads from the API) and the digest of the page's files."""
    assets = page_files() + page_files(WORDS, "/static/words")
    digest = hashlib.sha256()
    for url, file in assets:
        digest.update(url.encode())
        digest.update(file.read_bytes())
    urls = [url for url, _ in assets] + [delivery().url(JOINED_CSS)]  # the page's one stylesheet
    script = STATIC.joinpath("sw.js").read_text(encoding="utf-8")
    script = script.replace('const VERSION = "dev";', f"const VERSION = {json.dumps(digest.hexdigest()[:16])};", 1)
    return script.replace("const ASSETS = [];", f"const ASSETS = {json.dumps(['/', *urls, *MATERIAL])};", 1)


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """The service worker, never taken from an HTTP cache (the browser checks it for a new version)."""
    return Response(worker_script(), media_type="text/javascript", headers={"Cache-Control": "no-cache"})
