"""The words of the game's events, in English, Italian and Russian (SPEC 8).

The rules emit events as a stable code and parameters (:mod:`deduce.game.events`); this
table turns them into words. Fields in braces are filled with names in the same language
(places, landmarks, ladies, traits, fog cards). A phrase that depends on a number has one
entry per plural form, ``code.one``, ``code.few``, ``code.many`` or ``code.other``
(:func:`plural`).
"""

from __future__ import annotations

from deduce.text.catalog import plural, section

EVENT_PHRASES = section("events")


def event_phrase(lang: str, key: str, count: int | None = None) -> str:
    """The phrase for an event code in ``lang`` (English when the language is unknown);
    with ``count``, the entry for its plural form."""
    table = EVENT_PHRASES.get(lang, EVENT_PHRASES["en"])
    if count is not None:
        key = f"{key}.{plural(lang if lang in EVENT_PHRASES else 'en', count)}"
    return table[key]
