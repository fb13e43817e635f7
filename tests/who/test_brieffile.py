"""The designer's brief is shipped data (data/brief.yaml): it reads back to the set it made, and a bad
brief is refused with every problem at its path, in any language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from deduce.errors import InputError
from deduce.shipped import data_path, load_brief, load_cards
from deduce.who import brieffile


def shipped_doc() -> Any:
    """The shipped brief as a decoded document, a fresh copy to spoil."""
    return yaml.safe_load(data_path("brief.yaml").read_text(encoding="utf-8"))


def problems(doc: Any, lang: str = "en") -> list[tuple[tuple[str | int, ...], str]]:
    """Every problem of a brief document: its path and words in ``lang``."""
    with pytest.raises(InputError) as caught:
        brieffile.parse(doc)
    return [(p.loc, p.said(lang)) for p in caught.value.problems]


def test_the_shipped_brief_names_the_shipped_sets_traits_suits_modes_and_ladies() -> None:
    brief, cards = load_brief(), load_cards()
    assert brief.name == cards.name and brief.traits_per_lady == cards.traits_per_lady
    assert brief.traits == cards.traits and brief.suits == cards.suits
    assert brief.modes == cards.modes
    assert [(w.id, dict(w.name)) for w in brief.women] == [(lady.id, lady.name.by_lang) for lady in cards.ladies]
    fixed = [w.fixed for w in brief.women if w.fixed is not None]
    assert fixed == [cards.lady("jacqueline-field")]
    for woman in brief.women:
        assert set(woman.history) == set(woman.notes) and all(1 <= w <= 3 for w in woman.history.values())


def test_unknown_ids_and_a_bad_wheel_are_named_by_path() -> None:
    doc = shipped_doc()
    doc["women"][2]["history"]["lovr"] = {"weight": 2, "note": "a typo"}
    doc["women"][0]["fixed"]["key"]["rosa"] = doc["women"][0]["fixed"]["key"].pop("rose")
    doc["wheel"] = doc["wheel"][:-1]
    doc["dotted"][0] = ["rose", "oak"]
    found = dict(problems(doc))
    assert "did you mean 'lover'" in found[("women", 2, "history", "lovr")]
    assert "did you mean 'rose'" in found[("women", 0, "fixed", "key", "rosa")]
    assert found[("women", 0, "fixed", "key", "rose")].startswith("is missing")
    assert "every suit" in found[("wheel",)] and "every suit" in found[("dotted",)]
    assert "каждую масть" in dict(problems(doc, "ru"))[("wheel",)]


def test_fields_are_checked_where_they_are() -> None:
    doc = shipped_doc()
    del doc["women"][1]["about"]
    doc["women"][3]["history"]["lover"]["weight"] = 7
    found = dict(problems(doc))
    assert found[("women", 1, "about")] == "is required"
    assert "at most 3" in found[("women", 3, "history", "lover", "weight")]
    assert [loc for loc, _ in problems({"schema": 1})] == [
        ("name",), ("traits",), ("suits",), ("wheel",), ("dotted",), ("women",)]
    assert problems([]) == [((), "a brief must be a mapping with schema, name, traits, suits, wheel, dotted and "
                                  "women; got a list")]


def test_another_brief_is_read_from_its_file(tmp_path: Path) -> None:
    doc = shipped_doc()
    doc["name"] = "Another set"
    path = tmp_path / "brief.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert load_brief(path).name == "Another set"
    assert load_brief(path).women == load_brief().women
