"""The catalog of words: every phrase the library, the terminal and the page say, in each language.

The words live in the shipped data (``data/words/*.json``, installed as ``deduce.data``), one file
per part of the product, each ``{"en": {key: text}, "it": {...}, "ru": {...}}`` with ``{field}``
placeholders and one entry per plural form (``flee.one``, ``flee.few``, ...) where a phrase depends
on a number. The same files are served to the page, so a word is written once for every front end.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

__all__ = ["LANGS", "PLURAL_FORMS", "section", "sections"]

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
