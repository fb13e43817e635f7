"""The words of the game's refusals, in English, Italian and Russian (SPEC 8).

When the rules refuse an action they raise it as a stable code and parameters
(:mod:`deduce.game.refusals`), as they emit events; this table turns them into words. Fields
in braces are filled with names in the same language (places, traits, fog cards) or with
what was sent (``{got}``, quoted as sent; ``{action}``, ``{field}`` and ``{asks}`` are the
API's own words, kept as they are). A refusal is said as a reason, with no capital and no
full stop, so that a front end can put it after its own "Not possible: ". The English
phrase is also the refusal's message (``str()`` of the exception, the API's ``message``).
Beside the codes, ``replay-refused.<reason>`` keys say why a stored game cannot be resumed
(:mod:`deduce.game.replay`).
"""

from __future__ import annotations

from deduce.text.catalog import section

REFUSAL_PHRASES = section("refusals")


def refusal_phrase(lang: str, code: str) -> str:
    """The phrase for a refusal code in ``lang`` (English when the language is unknown)."""
    return REFUSAL_PHRASES.get(lang, REFUSAL_PHRASES["en"])[code]
