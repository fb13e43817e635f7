"""The library's public surface: `deduce.__all__` is pinned, and the README's library example runs."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import deduce

README = Path(__file__).resolve().parents[1] / "README.md"

PUBLIC = [
    "Advice", "AuditReport", "Board", "CardSet", "DeduceError", "Deduction", "Game", "Illegal",
    "InputError", "Plan", "Problem", "Progress", "Query", "Rules", "Setup", "TrackQuery", "Tracking", "advise",
    "audit", "deduce", "load_board", "load_cards", "load_rules", "parse_query", "parse_setup",
    "parse_track_query", "plan", "progress", "track",
]


def test_the_public_surface_is_pinned() -> None:
    """Adding or removing a public name is a decision: change this list with it."""
    assert sorted(deduce.__all__) == sorted(PUBLIC)
    assert len(set(deduce.__all__)) == len(deduce.__all__)


def test_every_public_name_is_there_and_documented() -> None:
    for name in deduce.__all__:
        value = getattr(deduce, name)
        assert (value.__doc__ or "").strip(), f"deduce.{name} has no docstring"


def library_example() -> tuple[str, str]:
    """The README's library section: its Python example and the output shown after it."""
    section = README.read_text(encoding="utf-8").split("## The library", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    shown = re.search(r"```text\n(.*?)```", section, re.S)
    assert code and shown, "the library section needs a ```python example and its ```text output"
    return code.group(1), shown.group(1)


def test_the_readme_library_example_prints_what_it_shows() -> None:
    code, shown = library_example()
    assert len(code.strip().splitlines()) <= 20, "keep the opening example short"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md (library example)", "exec"), {})
    assert out.getvalue() == shown


def test_the_module_docstring_example_runs() -> None:
    cards = deduce.load_cards()
    query = deduce.parse_query(cards, {"suit": "rose", "clues": [{"card": "jacqueline-field"}]})
    assert deduce.deduce(cards, query).status == "open"
    assert "deduce.deduce(cards, query).status" in (deduce.__doc__ or "")
