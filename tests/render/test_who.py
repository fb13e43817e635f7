"""The hint report says each note of a deduction in the person's language, from the catalog, with
its parameters: JSON carries the same note as its code, its parameters and its English words."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from deduce import CardSet, deduce, load_cards, parse_query
from deduce.render.who import hint_text
from deduce.text.catalog import LANGS, section
from deduce.who import deduction
from deduce.who.deduction import Note


@pytest.fixture(scope="module")
def shipped() -> CardSet:
    return load_cards()


def note_codes() -> set[str]:
    """Every note code the engine makes: the first argument of each ``Note(...)`` in its source."""
    tree = ast.parse(Path(deduction.__file__).read_text(encoding="utf-8"))
    return {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Note"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)}


def test_every_note_has_its_words_in_every_language() -> None:
    codes = note_codes()
    assert codes >= {"suit-card-needed", "explain-timeout", "explanation-not-smallest"}
    for lang in LANGS:
        for code in codes:
            assert f"note.{code}" in section("phrases")[lang], (lang, code)


@pytest.mark.parametrize("lang", LANGS)
def test_a_reason_not_the_smallest_is_said_in_the_language(shipped: CardSet, lang: str) -> None:
    """Sixty-four typed cards with --explain: the search for the fewest clues stops at its bound,
    and the report says so in words, with the bound's figures (it once failed on a missing phrase)."""
    rng = random.Random(7)
    clues = [{"traits": rng.sample(shipped.trait_ids, 3), "counts": sorted(rng.sample(range(4), rng.randint(2, 3)))}
             for _ in range(64)]
    query = parse_query(shipped, {"suit": "rose", "explain": True, "clues": clues})
    result = deduce(shipped, query)
    assert [note.code for note in result.notes] == ["explanation-not-smallest"]
    text = hint_text(shipped, query, result, lang)
    said = result.notes[0].said(lang)
    assert said in text and "24" in said and "{" not in said
    assert (said == result.notes[0].message) == (lang == "en")


def test_a_note_in_json_has_its_code_parameters_and_english_words() -> None:
    note = Note("explanation-not-smallest", {"tries": "50,000", "clues": 24})
    assert note.to_json() == {"code": "explanation-not-smallest", "params": {"tries": "50,000", "clues": 24},
                              "message": note.said("en")}
    assert "50,000 tries" in note.message
    assert Note("suit-card-needed").to_json()["params"] == {}
