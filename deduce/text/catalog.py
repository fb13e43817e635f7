"""The catalog of words: every phrase the library, the terminal and the page say, in each language.

The words live in the shipped data (``data/words/*.json``, installed as ``deduce.data``), one file
per part of the product, each ``{"en": {key: text}, "it": {...}, "ru": {...}}`` with ``{field}``
placeholders and one entry per plural form (``flee.one``, ``flee.few``, ...) where a phrase depends
on a number. The same files are served to the page, so a word is written once for every front end.

A :class:`Phrase` is words of the catalog not yet said: a section, a key and its parameters, said
in any language by :meth:`Phrase.said`. Errors carry one (:class:`deduce.errors.Problem`), so that
the terminal and the HTTP API can say a problem in the person's language, not only in English.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import Protocol

__all__ = ["LANGS", "PLURAL_FORMS", "Phrase", "PhraseParam", "Sayable", "plural", "section", "sections"]

LANGS = ("en", "it", "ru")

#: The plural forms a key may end in (CLDR's names); English uses one/other, Russian one/few/many.
PLURAL_FORMS = ("one", "few", "many", "other")

_WORDS = files("deduce.data").joinpath("words")


@cache
def section(name: str) -> dict[str, dict[str, str]]:
    """The words of one part of the product (``phrases``, ``events``, ...), by language then key."""
    table: dict[str, dict[str, str]] = json.loads(_WORDS.joinpath(f"{name}.json").read_text(encoding="utf-8"))
    return table


def sections() -> tuple[str, ...]:
    """The names of every part of the catalog, sorted."""
    return tuple(sorted(entry.name.removesuffix(".json") for entry in _WORDS.iterdir()
                        if entry.name.endswith(".json")))


def plural(lang: str, n: int) -> str:
    """The plural form a number takes in ``lang``: ``one``/``other``, or for Russian ``one``/``few``/``many``."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"
    return "one" if n == 1 else "other"


class Sayable(Protocol):
    """Words that can be said in any language: a :class:`Phrase`, or a name in several languages
    (:class:`deduce.text.names.Names`: a lady or a suit named, never her id, in what a person reads)."""

    def said(self, lang: str = "en") -> str: ...


#: A parameter of a :class:`Phrase`: a value shown as it is (an id, a number, a quoted value as
#: sent, a list of ids already joined) or words said in the same language (another phrase, a name).
PhraseParam = str | int | float | Sayable


@dataclass(frozen=True)
class Phrase:
    """Words of the catalog not yet said: ``key`` of the catalog's ``section`` with its ``params``.

    A key with plural forms (``more.one``, ``more.other`` ...) takes the form of its ``n``
    parameter. A language the catalog lacks, or a key missing in it, is said in English.
    """

    section: str
    key: str
    params: Mapping[str, PhraseParam] = field(default_factory=dict)

    def said(self, lang: str = "en") -> str:
        """The phrase in ``lang``, its parameters filled in (phrases among them said in ``lang`` too).

        A key missing from the catalog (a test checks that none is) is said as the key and its
        parameters, rather than failing while an error is being reported.
        """
        table = section(self.section)
        lang = lang if lang in table else "en"
        key = self.key
        if key not in table["en"]:
            count = self.params.get("n")
            key = f"{key}.{plural(lang if isinstance(count, int) else 'en', count if isinstance(count, int) else 0)}"
        template = table[lang].get(key) or table["en"].get(key)
        fields = {name: value if isinstance(value, str | int | float) else value.said(lang)
                  for name, value in self.params.items()}
        if template is None:
            return " ".join([self.key, *(f"{name}={value}" for name, value in fields.items())])
        return template.format(**fields)

    def __str__(self) -> str:
        """The phrase in English."""
        return self.said("en")
