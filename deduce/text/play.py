"""The words of the terminal game (``deduce play``), in English, Italian and Russian.

The events come from :mod:`deduce.text.events` and the hint reports from
:mod:`deduce.text.phrases`; this table holds the terminal's own labels: the status line,
the trail, the prompts and confirmations, and the score as the rulebook tallies it. The
editions' words are used throughout: the Dark Lady is the *Dama Bruna* and the *Смуглая
дама*; the countdown card the *carta Contatore* and the *карта отсчёта*; the ranks as
printed in each rulebook. Names of places, landmarks, traits, suits, ladies and fog cards
come from their :class:`~deduce.text.names.Names`. A phrase that depends on a number has
one entry per plural form (``key.one``, ``key.few``, ``key.many``, ``key.other``).
"""

from __future__ import annotations

from deduce.text.catalog import plural, section

PLAY_PHRASES = section("play")


def play_phrase(lang: str, key: str, count: int | None = None, **fields: object) -> str:
    """The terminal's phrase ``key`` in ``lang`` (English when the language is unknown), with
    ``fields`` filled in; with ``count``, the entry for its plural form."""
    table = PLAY_PHRASES.get(lang, PLAY_PHRASES["en"])
    if count is not None:
        key = f"{key}.{plural(lang if lang in PLAY_PHRASES else 'en', count)}"
    return table[key].format(**fields)
