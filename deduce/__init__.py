"""Black Sonata deduction engine: who the Dark Lady is, where she is, and whether a card set is fair.

The core (card sets, queries, deductions, the board and the tracker) does no I/O; file
formats, renderers, the CLI (:mod:`deduce.cli`) and the HTTP API (:mod:`deduce.api`) are
satellites built on it.
"""

from __future__ import annotations

__version__ = "0.1.0"
