"""The page's word files (``api/static/words/*.json``): every word in every language, with the same placeholders.

The page merges them into its table of words (``static/js/i18n.js``); a word missing in one
language would show its key, and a placeholder missing in one would lose a name or a number.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from typing import Any

import pytest

from deduce.text.catalog import section
from deduce.who.cards import MODES

WORDS = files("api").joinpath("static", "words")
LANGS = ("en", "it", "ru")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def word_files() -> list[str]:
    return sorted(entry.name for entry in WORDS.iterdir() if entry.name.endswith(".json"))


def words(name: str) -> dict[str, dict[str, Any]]:
    table: dict[str, dict[str, Any]] = json.loads(WORDS.joinpath(name).read_text(encoding="utf-8"))
    return table


def test_there_are_word_files() -> None:
    assert "workbench.json" in word_files()


@pytest.mark.parametrize("name", word_files())
def test_every_word_in_every_language_with_the_same_placeholders(name: str) -> None:
    table = words(name)
    assert sorted(table) == sorted(LANGS), f"{name}: languages {sorted(table)}"
    english = table["en"]
    for lang in LANGS[1:]:
        assert sorted(table[lang]) == sorted(english), (
            f"{name}: {lang} lacks {sorted(set(english) - set(table[lang]))}, "
            f"has extra {sorted(set(table[lang]) - set(english))}")
        for key, text in english.items():
            assert isinstance(text, str) and isinstance(table[lang][key], str), f"{name}: {lang}.{key} is not text"
            assert set(PLACEHOLDER.findall(table[lang][key])) == set(PLACEHOLDER.findall(text)), (
                f"{name}: {lang}.{key} has other placeholders than en: {table[lang][key]!r} / {text!r}")
            assert table[lang][key].strip(), f"{name}: {lang}.{key} is empty"


@pytest.mark.parametrize("name", word_files())
def test_the_page_reads_every_word_file(name: str) -> None:
    i18n = files("api").joinpath("static", "js", "i18n.js").read_text(encoding="utf-8")
    assert f'"../words/{name}"' in i18n, f"static/js/i18n.js does not import words/{name}"


@pytest.mark.parametrize("mode", MODES)
def test_the_page_names_the_modes_as_the_terminal_does(mode: str) -> None:
    """One name per mode and language (the editions' own: the Italian box says Standard), whichever
    front end says it: the page's table (static/js/i18n.js, in en, it, ru order) and the catalog's."""
    i18n = files("api").joinpath("static", "js", "i18n.js").read_text(encoding="utf-8")
    said = re.findall(rf'"mode\.{mode}": "([^"]*)"', i18n)
    assert said == [section("play")[lang][f"mode.{mode}"] for lang in LANGS]
