"""Pydantic models of the HTTP API's request bodies (SPEC 6), for the OpenAPI document.

Responses have no models here: each route declares the ``<Thing>JSON`` TypedDict that
its producer in :mod:`deduce` returns (``DeductionJSON``, ``TrackingJSON``, ``ViewJSON``
...) as its response model, so each JSON shape is defined once.

Request bodies are *not* validated with these models: the routes hand the decoded JSON
to :mod:`deduce`'s own parsers (``parse_query``, ``cardfile.parse``), so the CLI and the
API report the same problems with the same paths and words. The request models describe
those documents for clients (and for schemathesis) as exactly as JSON Schema can: no
``null`` where the parsers refuse it, a clue as one of its three shapes, and (filled in by
:func:`api.app.openapi_with_request_models` from the server's own card set and board) the
ids a field accepts. What JSON Schema cannot say is the game's own cross-field rules (a
typed card's key must cover every suit she can still be of; a suit card belongs to her
suit): those the parsers alone refuse, with 422.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from deduce.game.setup import MAX_SEED
from deduce.where.query import MAX_LENGTH, MAX_OBSERVATIONS, MAX_SLOT
from deduce.where.stealth import Moves
from deduce.who.cards import MAX_LADIES, MAX_SUITS, MAX_TRAITS, Mode
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

class NamedClueIn(BaseModel):
    """A revealed card named by its id."""

    model_config = ConfigDict(extra="forbid", title="NamedClue")

    card: str = Field(description="a lady id of the server's card set")
    role: Role = Field("clue", description="suit_card for the other card of her suit")


class CountsClueIn(BaseModel):
    """A card typed from the table: its traits and its key entry for her suit (the query needs a suit)."""

    model_config = ConfigDict(extra="forbid", title="CountsClue")

    traits: list[str] = Field(description="the card's traits", json_schema_extra={"uniqueItems": True})
    counts: Counts = Field(description="the card's key entry for her suit")
    role: Literal["clue"] = "clue"


class KeyClueIn(BaseModel):
    """A card typed from the table with its whole key, suit by suit."""

    model_config = ConfigDict(extra="forbid", title="KeyClue")

    traits: list[str] = Field(description="the card's traits", json_schema_extra={"uniqueItems": True})
    key: dict[str, Counts] = Field(description="an entry for every suit she can still be of")
    role: Literal["clue"] = "clue"


ClueIn = NamedClueIn | CountsClueIn | KeyClueIn


class QueryIn(BaseModel):
    """A deduction query (SPEC 6)."""

    model_config = ConfigDict(extra="forbid", title="Query",
                              json_schema_extra={"examples": [RULEBOOK_QUERY, TYPED_QUERY]})

    suit: str | None = Field(None, description="the Dark Lady's suit (the back of her card), when known")
    clues: list[ClueIn] | None = Field(None, max_length=MAX_CLUES,
                                       description=f"the revealed cards, at most {MAX_CLUES}")
    distinct: bool | None = Field(True, description="the Dark Lady differs from every revealed lady (null: yes)")
    explain: bool | None = Field(False, description="say which clues prove each certain or excluded trait "
                                                    "(null: no)")


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


SLOT = Field(ge=0, le=MAX_SLOT, description="cards moved since the start (the countdown card does not count)")


class LandmarkSeenIn(BaseModel):
    """A stealth card's landmark seen on a slot."""

    model_config = ConfigDict(extra="forbid", title="LandmarkSeen")

    slot: int = SLOT
    landmark: str = Field(description="the landmark on the stealth card's back")


class FogSeenIn(BaseModel):
    """A fog card seen on a slot."""

    model_config = ConfigDict(extra="forbid", title="FogSeen")

    slot: int = SLOT
    fog: Literal[True]


class SearchIn(BaseModel):
    """A location searched on a slot, and whether she was found there."""

    model_config = ConfigDict(extra="forbid", title="Search")

    slot: int = SLOT
    searched: str = Field(description="the location searched")
    found: bool = Field(False, description="whether the search found her")


SlotObservationIn = LandmarkSeenIn | FogSeenIn | SearchIn


class TrackQueryIn(BaseModel):
    """A tracking query (SPEC 6 and 7)."""

    model_config = ConfigDict(extra="forbid", title="TrackQuery", json_schema_extra={"examples": [SPEC_TRACK_QUERY]})

    length: int = Field(ge=1, le=MAX_LENGTH, description="cards in the stealth deck")
    moves: Moves = Field(description="always: she moves every turn; may_stay: she may stay put")
    now: int = Field(ge=0, le=MAX_SLOT, description="the slot to give the odds for")
    observations: list[SlotObservationIn] | None = Field(None, max_length=MAX_OBSERVATIONS)


# -- game actions (SPEC 8) ------------------------------------------------------------

VERSION = Field(ge=0, description="the version of the view the action was made on")


class MoveIn(BaseModel):
    """Move the pawn to a neighbouring location."""

    model_config = ConfigDict(extra="forbid", title="MoveAction")
    version: int = VERSION
    action: Literal["move"]
    to: str = Field(description="a location next to the pawn")


class PlainActionIn(BaseModel):
    """An action that takes nothing more: search, use the fog card, pass, reveal the suit card."""

    model_config = ConfigDict(extra="forbid", title="PlainAction")
    version: int = VERSION
    action: Literal["search", "fog", "pass", "reveal_suit_card"]


class ConfrontIn(BaseModel):
    """Search the pawn's location naming her traits."""

    model_config = ConfigDict(extra="forbid", title="ConfrontAction")
    version: int = VERSION
    action: Literal["confront"]
    traits: list[str] = Field(description="her traits, as many as a lady has", json_schema_extra={"uniqueItems": True})


class ResolvePathIn(BaseModel):
    """Answer a fog card that asks for a path of one or two steps."""

    model_config = ConfigDict(extra="forbid", title="ResolvePath")
    version: int = VERSION
    action: Literal["resolve"]
    path: list[str] = Field(min_length=1, max_length=2)


class ResolveLocationIn(BaseModel):
    """Answer a fog card that asks for a location (``location``, or ``to`` for a move)."""

    model_config = ConfigDict(extra="forbid", title="ResolveLocation")
    version: int = VERSION
    action: Literal["resolve"]
    location: str


class ResolveToIn(BaseModel):
    """Answer a fog card that asks where to move."""

    model_config = ConfigDict(extra="forbid", title="ResolveTo")
    version: int = VERSION
    action: Literal["resolve"]
    to: str


class ActionIn(RootModel[MoveIn | PlainActionIn | ConfrontIn | ResolvePathIn | ResolveLocationIn | ResolveToIn]):
    """An action on a game (SPEC 8): which one, and what it needs; the rules decide if it is allowed now."""

    model_config = ConfigDict(title="Action")


class PositionSequenceIn(BaseModel):
    """One of the stealth deck's eight shuffled orders."""

    model_config = ConfigDict(extra="forbid", title="PositionSequence")
    position: int = Field(ge=1, le=8)


class RulebookSequenceIn(BaseModel):
    """A sequence of the rulebook, by name (``GET /v1/material`` lists them)."""

    model_config = ConfigDict(extra="forbid", title="RulebookSequence")
    rulebook: str


class GameSetupIn(BaseModel):
    """A new game's setup (SPEC 8); every field is optional, and no body at all is the default game."""

    model_config = ConfigDict(extra="forbid", title="GameSetup")
    mode: Mode = Field("normal", description="the difficulty")
    sequence: PositionSequenceIn | RulebookSequenceIn = Field(PositionSequenceIn(position=1),
                                                               description="her route")
    reverse: bool = Field(False, description="play the sequence backwards")
    start: str | None = Field(None, description="her first location (null: drawn from the seed)")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="the deal's seed (null: a random one)")
    discard_fog: int | None = Field(None, ge=0, description="fog cards discarded at setup: Expert only, 1 "
                                                            "(the default) or more; 0 or null in the other modes")
