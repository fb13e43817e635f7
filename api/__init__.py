"""The HTTP API over :mod:`deduce` (SPEC 6): a thin FastAPI satellite of the core.

:func:`api.app.create_app` builds the application; ``deduce serve`` runs it under uvicorn.

The web page it serves lives in ``static/``: a small ES-module app over the JSON API, with no
build step (the HTML shell, the scripts in ``static/js``, the style sheet, and the vendored
Swagger UI for ``/docs`` in ``static/vendor``, whose README gives versions and licences). The
page knows only what the API answers; nothing about a game is in these files.
``python -m api.screenshots`` takes the docs' screenshots in a real browser (:mod:`api.browser`).
"""

from __future__ import annotations

from api.app import create_app

__all__ = ["create_app"]
