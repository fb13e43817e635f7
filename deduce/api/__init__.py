"""The HTTP API over :mod:`deduce` (SPEC 6): a thin FastAPI satellite of the core.

:func:`api.app.create_app` builds the application; ``deduce serve`` runs it under uvicorn.
"""

from __future__ import annotations

from deduce.api.app import create_app

__all__ = ["create_app"]
