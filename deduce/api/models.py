"""Pydantic models of the HTTP API's request bodies (SPEC 6), for the OpenAPI document.

Responses have no models here: each route declares the ``<Thing>JSON`` TypedDict that
its producer in :mod:`deduce` returns (``DeductionJSON``, ``TrackingJSON``, ``ViewJSON``
...) as its response model, so each JSON shape is defined once.

Request bodies are *not* validated with these models: the routes hand the decoded JSON
to :mod:`deduce`'s own parsers (``parse_query``, ``cardfile.parse``), so the CLI and the
API report the same problems with the same paths and words. The request models only
describe those documents for clients (and for schemathesis); they are deliberately no
stricter than the parsers, so anything they call invalid the parsers refuse too.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from deduce.where.query import MAX_LENGTH, MAX_OBSERVATIONS
from deduce.where.stealth import Moves
from deduce.who.cards import MAX_LADIES, MAX_SUITS, MAX_TRAITS
from deduce.who.query import MAX_CLUES, Role

Counts = int | list[int]
Name = str | dict[str, str]

#: The rulebook's example: the Dark Lady is of the rose suit and Jacqueline Field was revealed.
RULEBOOK_QUERY: dict[str, Any] = {"suit": "rose", "clues": [{"card": "jacqueline-field"}]}
TYPED_QUERY: dict[str, Any] = {
    "suit": "rose",
    "clues": [{"card": "jacqueline-field"},
              {"traits": ["court", "lover", "musical"], "counts": [0, 2]}],
    "explain": True,
}

#: A complete (if small) card set document: two suits of two ladies, two traits each.
SMALL_CARD_SET: dict[str, Any] = {
    "schema": 1, "name": "Small set", "traits_per_lady": 2,
    "traits": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}],
    "suits": [{"id": "red"}, {"id": "blue"}],
    "ladies": [
        {"id": "l1", "suit": "red", "traits": ["a", "b"], "key": {"red": 1, "blue": [0, 2]}},
        {"id": "l2", "suit": "red", "traits": ["a", "c"], "key": {"red": 1, "blue": 1}},
        {"id": "l3", "suit": "blue", "traits": ["c", "d"], "key": {"red": [0, 1], "blue": 0}},
        {"id": "l4", "suit": "blue", "traits": ["a", "d"], "key": {"red": 1, "blue": 0}},
    ],
}


# -- requests (documentation only) ------------------------------------------------

class ClueIn(BaseModel):
    """A revealed card: by id, or typed from the table (traits with counts or a whole key)."""

    model_config = ConfigDict(extra="forbid", title="Clue")

    card: str | None = Field(None, description="a lady id of the server's card set")
    role: Role = Field("clue", description="suit_card for the other card of her suit (needs card)")
    traits: list[str] | None = Field(None, description="the card's traits, when it is typed in instead of named")
    counts: Counts | None = Field(None, description="the card's key entry for her suit (needs suit)")
    key: dict[str, Counts] | None = Field(None, description="the card's whole key, suit by suit")


class QueryIn(BaseModel):
    """A deduction query (SPEC 6)."""

    model_config = ConfigDict(extra="forbid", title="Query",
                              json_schema_extra={"examples": [RULEBOOK_QUERY, TYPED_QUERY]})

    suit: str | None = Field(None, description="the Dark Lady's suit (the back of her card), when known")
    clues: list[ClueIn] | None = Field(None, max_length=MAX_CLUES,
                                       description=f"the revealed cards, at most {MAX_CLUES}")
    distinct: bool | None = Field(True, description="the Dark Lady differs from every revealed lady")
    explain: bool | None = Field(False, description="say which clues prove each certain or excluded trait")


class TraitIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="TraitEntry")
    id: str
    name: Name | None = None


class SuitIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="SuitEntry")
    id: str
    name: Name | None = None
    colour: str | None = None


class LadyIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="LadyEntry")
    id: str
    name: Name | None = None
    suit: str
    traits: list[str]
    key: dict[str, Counts]


class CardSetIn(BaseModel):
    """A card set document (SPEC 4), as JSON or YAML. Unknown extra fields are ignored."""

    model_config = ConfigDict(extra="allow", title="CardSetDocument")

    schema_: Literal[1] = Field(alias="schema")
    name: str | None = None
    traits_per_lady: int | None = None
    traits: list[TraitIn] = Field(max_length=MAX_TRAITS)
    suits: list[SuitIn] = Field(max_length=MAX_SUITS)
    modes: dict[Literal["easy", "advanced"], dict[str, str]] | None = None
    ladies: list[LadyIn] = Field(max_length=MAX_LADIES)


SPEC_TRACK_QUERY: dict[str, Any] = {"length": 26, "moves": "always", "now": 7,
                    "observations": [{"slot": 0, "landmark": "playhouse"}, {"slot": 3, "fog": True},
                                     {"slot": 5, "searched": "globe", "found": False}]}


class SlotObservationIn(BaseModel):
    """What was seen on one slot: exactly one of a landmark, a fog card, or a search."""

    model_config = ConfigDict(extra="forbid", title="SlotObservation")

    slot: int = Field(ge=0, description="cards moved since the start (the countdown card does not count)")
    landmark: str | None = Field(None, description="the landmark on the stealth card's back")
    fog: Literal[True] | None = Field(None, description="a fog card was showing")
    searched: str | None = Field(None, description="a location searched on this slot (with found)")
    found: bool | None = Field(None, description="whether that search found her")


class TrackQueryIn(BaseModel):
    """A tracking query (SPEC 6 and 7)."""

    model_config = ConfigDict(extra="forbid", title="TrackQuery", json_schema_extra={"examples": [SPEC_TRACK_QUERY]})

    length: int = Field(ge=1, le=MAX_LENGTH, description="cards in the stealth deck")
    moves: Moves = Field(description="always: she moves every turn; may_stay: she may stay put")
    now: int = Field(ge=0, description="the slot to give the odds for")
    observations: list[SlotObservationIn] | None = Field(None, max_length=MAX_OBSERVATIONS)
