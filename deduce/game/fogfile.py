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
action's summary, the catalog's words in each language.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NotRequired

from pydantic import AfterValidator, Field, WrapValidator, with_config
from typing_extensions import TypedDict

from deduce.document import decode_yaml, read_text, type_name
from deduce.game.fog import FogCard
from deduce.game.fogeffects import FOG_EFFECTS
from deduce.schema import (
    VERSION_MISSING,
    Definition,
    EntryId,
    Listed,
    Name,
    Version,
    duplicate,
    entry,
    entry_key,
    in_turn,
    names,
    not_an_entry,
    problem,
    refused,
    said,
    strict,
    unique,
    validated,
)
from deduce.text.catalog import LANGS, Phrase
from deduce.text.names import Names
from deduce.where.query import board_words, unknown_listed

MAX_FOG_CARDS = 64


def _unknown_action(value: Any) -> Phrase:
    return unknown_listed("action", value, FOG_EFFECTS)


def _action(value: Any, handler: Callable[[Any], Any]) -> Any:
    """A fog action: one with its unit in :data:`FOG_EFFECTS` when the card is read (units may be registered)."""
    if not isinstance(value, str) or value not in FOG_EFFECTS:
        raise problem(_unknown_action(value))
    return handler(value)


@with_config(strict("FogCardEntry", extra="allow"))
class FogCardEntryJSON(TypedDict):
    """A fog card: its action, whether it leaves the game once used, and its words (its action's summary
    for a card with no text)."""

    id: EntryId
    action: Annotated[str, Field(description="a fog action of deduce.game.fogeffects"), WrapValidator(_action)]
    discard: NotRequired[Annotated[bool, said(lambda value: board_words("expected.boolean", got=type_name(value)))]]
    name: NotRequired[Name]
    text: NotRequired[Name]


def _some_cards(fog: FogDocumentJSON) -> FogDocumentJSON:
    if not fog["cards"]:
        raise refused((("cards",), board_words("fog.at-least-one"), "schema"))
    return fog


@with_config(strict("FogDocument", extra="allow"))
class FogDocumentJSON(TypedDict):
    """A fog card document (``data/fog.yaml``). Unknown fields are ignored."""

    schema: Version
    # at least one card: said only of a document with nothing else wrong (by _some_cards)
    cards: Annotated[list[Annotated[FogCardEntryJSON, in_turn(FogCardEntryJSON, "action", "discard"), entry(
        FogCardEntryJSON, missing={"action": lambda: _unknown_action(None)},
        not_mapping=not_an_entry)]],
                     Field(json_schema_extra={"minItems": 1}), Listed(MAX_FOG_CARDS),
                     unique(entry_key, duplicate("cards"), ids_first=True)]


#: The fog card document's definition.
FOG_DOCUMENT: Definition[FogDocumentJSON] = Definition(Annotated[FogDocumentJSON, AfterValidator(_some_cards), entry(
    FogDocumentJSON, missing=VERSION_MISSING,
    not_mapping=lambda value: board_words("fog.mapping", got=type_name(value)))])


def parse(doc: Any) -> tuple[FogCard, ...]:
    """The fog cards of a decoded document, in file order."""
    return tuple(FogCard(id=card["id"], action=card["action"], discard=card.get("discard", False),
                         name=names(card.get("name"), card["id"]),
                         text=_text(card.get("text"), card["action"]))
                 for card in validated(FOG_DOCUMENT, doc)["cards"])


def _text(text: Name | None, action: str) -> Names:
    """A card's words: its own, or for a card without them its action's summary, in every language."""
    summary = FOG_EFFECTS[action].description().summary
    if text:
        return names(text, str(summary))
    return Names({lang: summary.said(lang) for lang in LANGS}, str(summary))


def loads(text: str | bytes) -> tuple[FogCard, ...]:
    return parse(decode_yaml(text, "fog card document"))


def load(path: str | Path) -> tuple[FogCard, ...]:
    return loads(read_text(path, "fog card file"))
