"""The words the human-facing renderers use, in English, Italian and Russian.

Trait, suit and lady names come from the card set; everything else a player reads
comes from here, so a renderer never hard-codes English.
"""

from __future__ import annotations

from deduce.text.catalog import LANGS, section

__all__ = ["LANGS", "PHRASES", "join", "phrase"]

PHRASES = section("phrases")


def phrase(lang: str, key: str, **fields: object) -> str:
    """The phrase ``key`` in ``lang`` (English when missing), with ``fields`` filled in."""
    table = PHRASES.get(lang, PHRASES["en"])
    return table.get(key, PHRASES["en"][key]).format(**fields)


def join(lang: str, items: list[str]) -> str:
    """``a, b and c`` in the given language."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {phrase(lang, 'and')} " + items[-1]
