"""The catalog of words (``data/words``): every word in every language, with the same placeholders.

A word missing in one language would fall back to English or show its key; a placeholder missing in
one would lose a name or a number. A phrase that depends on a number has one entry per plural form of
its language (English one/other, Russian one/few/many), so keys are compared without that suffix.
"""

from __future__ import annotations

import re

import pytest

from deduce.text.catalog import LANGS, PLURAL_FORMS, section, sections

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def base(key: str) -> str:
    """The key without its plural form: ``flee.few`` -> ``flee``."""
    stem, _, form = key.rpartition(".")
    return stem if stem and form in PLURAL_FORMS else key


def by_base(table: dict[str, str]) -> dict[str, set[frozenset[str]]]:
    """The placeholders each phrase (all of its plural forms together) takes."""
    out: dict[str, set[frozenset[str]]] = {}
    for key, text in table.items():
        out.setdefault(base(key), set()).add(frozenset(PLACEHOLDER.findall(text)))
    return out


def test_the_catalog_has_the_engines_and_the_pages_words() -> None:
    assert {"phrases", "events", "refusals", "play"} <= set(sections())


@pytest.mark.parametrize("name", sections())
def test_every_word_in_every_language_with_the_same_placeholders(name: str) -> None:
    table = section(name)
    assert sorted(table) == sorted(LANGS), f"{name}: languages {sorted(table)}"
    english = by_base(table["en"])
    for lang in LANGS[1:]:
        theirs = by_base(table[lang])
        lacks, extra = sorted(set(english) - set(theirs)), sorted(set(theirs) - set(english))
        assert not lacks and not extra, f"{name}: {lang} lacks {lacks}, has extra {extra}"
        for key, fields in english.items():
            assert theirs[key] == fields, f"{name}: {lang}.{key} has placeholders {theirs[key]}, en {fields}"
        assert all(isinstance(text, str) and text for text in table[lang].values()), f"{name}: {lang}: empty"


def test_russian_plurals_have_every_form_and_english_its_two() -> None:
    for name in sections():
        for lang, forms in (("en", {"one", "other"}), ("ru", {"one", "few", "many"})):
            keys = section(name)[lang]
            plural = {base(key) for key in keys if base(key) != key}
            for stem in plural:
                assert {key.rpartition(".")[2] for key in keys if base(key) == stem} == forms, (name, lang, stem)

