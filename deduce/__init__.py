"""Black Sonata deduction engine: who the Dark Lady is, where she is, and whether a card set is fair.

The core (card sets, queries, deductions, the board and the tracker) does no I/O; file
formats, renderers, the CLI (:mod:`deduce.cli`) and the HTTP API (package ``api``) are
satellites built on it.
"""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"


def data_path(name: str) -> Path:
    """Path of a shipped data file (``clues.yaml``, ``board.yaml``, ...).

    In a checkout the files live in the repository's ``data/``; an installed wheel
    carries the same folder inside the package (``deduce/data``, see pyproject.toml).
    """
    here = Path(__file__).resolve().parent
    for folder in (here / "data", here.parent / "data"):
        if (folder / name).exists():
            return folder / name
    return here.parent / "data" / name
