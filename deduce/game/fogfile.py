"""Reading fog card documents (``data/fog.yaml``).

A fog card document::

    schema: 1
    cards:
      - id: glimpse
        action: glimpse          # a fog action: one with its unit in deduce.game.fogeffects
        discard: false           # optional: the card leaves the game once used
        name: {en: A gap in the mist}
        text: {en: Look at the landmark ...}

Every problem is reported with its path (``cards[2].action: unknown action 'fly'``). The known
actions are the registered units of :mod:`deduce.game.fogeffects`; a card with no text says its
action's summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from deduce.document import (
    decode_yaml,
    list_field,
    parse_header,
    parse_names,
    read_text,
    type_name,
    unique_entries,
)
from deduce.errors import InputError, Problems
from deduce.game.fog import FogCard
from deduce.game.fogeffects import FOG_EFFECTS
from deduce.where.query import board_words, unknown_listed

MAX_FOG_CARDS = 64


def parse(doc: Any) -> tuple[FogCard, ...]:
    """The fog cards of a decoded document, in file order."""
    if not isinstance(doc, Mapping):
        raise InputError.at((), board_words("fog.mapping", got=type_name(doc)))
    problems = Problems()
    parse_header(doc, problems)
    cards = []
    for i, ident, item in unique_entries(list_field(doc, "cards", problems, MAX_FOG_CARDS), "cards", problems):
        action = item.get("action")
        if not isinstance(action, str) or action not in FOG_EFFECTS:
            problems.add(("cards", i, "action"), unknown_listed("action", action, FOG_EFFECTS))
            continue
        discard = item.get("discard", False)
        if not isinstance(discard, bool):
            problems.add(("cards", i, "discard"), board_words("expected.boolean", got=type_name(discard)))
            continue
        cards.append(FogCard(
            id=ident, action=action, discard=discard,
            name=parse_names(item.get("name"), ("cards", i, "name"), problems, ident),
            text=parse_names(item.get("text"), ("cards", i, "text"), problems, FOG_EFFECTS[action].summary),
        ))
    if not cards and not problems:
        problems.add(("cards",), board_words("fog.at-least-one"))
    problems.raise_if_any()
    return tuple(cards)


def loads(text: str | bytes) -> tuple[FogCard, ...]:
    return parse(decode_yaml(text, "fog card document"))


def load(path: str | Path) -> tuple[FogCard, ...]:
    return loads(read_text(path, "fog card file"))
