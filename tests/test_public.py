"""The library's public surface: `deduce.__all__` is pinned and documented.

The README's library example, like every Python example of the docs, is run by tests/test_readme.py.
"""

from __future__ import annotations

import deduce

PUBLIC = [
    "Advice", "AuditReport", "Board", "CardSet", "DeduceError", "Deduction", "Game", "Illegal",
    "InputError", "Plan", "Problem", "Progress", "Query", "Rules", "Setup", "TrackQuery", "Tracking", "advise",
    "audit", "deduce", "load_board", "load_cards", "load_rules", "one_turn_advice", "parse_query", "parse_setup",
    "parse_track_query", "plan", "progress", "Standing", "standing", "track",
]


def test_the_public_surface_is_pinned() -> None:
    """Adding or removing a public name is a decision: change this list with it."""
    assert sorted(deduce.__all__) == sorted(PUBLIC)
    assert len(set(deduce.__all__)) == len(deduce.__all__)


def test_every_public_name_is_there_and_documented() -> None:
    for name in deduce.__all__:
        value = getattr(deduce, name)
        assert (value.__doc__ or "").strip(), f"deduce.{name} has no docstring"


def test_the_module_docstring_example_runs() -> None:
    cards = deduce.load_cards()
    query = deduce.parse_query(cards, {"suit": "rose", "clues": [{"card": "jacqueline-field"}]})
    assert deduce.deduce(cards, query).status == "open"
    assert "deduce.deduce(cards, query).status" in (deduce.__doc__ or "")
