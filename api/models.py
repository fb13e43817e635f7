"""Pydantic models of the HTTP API's request bodies (SPEC 6), for the OpenAPI document.

Responses have no models here: each route declares the ``<Thing>JSON`` TypedDict that
its producer in :mod:`deduce` returns (``DeductionJSON``, ``TrackingJSON``, ``ViewJSON``
...) as its response model, so each JSON shape is defined once.

Request bodies are *not* validated with these models: the routes hand the decoded JSON
to :mod:`deduce`'s own parsers (``parse_query``, ``cardfile.parse``), so the CLI and the
API report the same problems with the same paths and words. The request models describe
those documents for clients (and for schemathesis) as exactly as JSON Schema can, from the
parsers' own constants (``MAX_TRAITS``, ``MODES``, ``POSITIONS`` ...): what they call valid,
the parsers accept (SPEC 6), but for what names wrong something defined elsewhere, which no
schema of one request can say: an id the card set, the board or the document does not
define (or defines twice), a key without one of the set's suits, a card with other than the
set's ``traits_per_lady`` traits. Those the parsers refuse with 422 and the path.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from deduce.game import fogfile
from deduce.game.setup import MAX_SEED
from deduce.shipped import data_path
from deduce.where.boardfile import MAX_LANDMARKS, MAX_LOCATIONS, MAX_PATHS
from deduce.where.stealth import DASH, POSITIONS, Moves
from deduce.where.stealthfile import MAX_CARDS, MAX_SEQUENCES
from deduce.who.cards import MAX_TRAITS, MODES, Mode

#: A typed card's traits (:func:`deduce.who.keys.parse_trait_list`): distinct ids, as many as a lady has.
TraitIds = Annotated[list[str], Field(min_length=1, max_length=MAX_TRAITS, json_schema_extra={"uniqueItems": True})]
#: An entry's id (:func:`deduce.document.entry_id`): a string with more than white space in it.
EntryId = Annotated[str, Field(min_length=1, pattern=r"\S")]
Name = str | dict[str, str]

# -- boards, stealth decks and sequences (SPEC 7) ----------------------------------------------

class LandmarkIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="LandmarkEntry")
    id: EntryId
    name: Name | None = None


class LocationIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="LocationEntry")
    id: EntryId
    name: Name | None = None
    landmark: str = Field(description="one of the board's landmarks")
    at: tuple[float, float] | None = Field(None, description="drawing coordinates: for every location, or none")


class BoardIn(BaseModel):
    """A board document (SPEC 7), as JSON or YAML. Unknown extra fields are ignored."""

    model_config = ConfigDict(extra="allow", title="BoardDocument")
    schema_: Literal[1] = Field(alias="schema")
    name: str = "Board"
    landmarks: list[LandmarkIn] = Field(max_length=MAX_LANDMARKS)
    locations: list[LocationIn] = Field(max_length=MAX_LOCATIONS)
    paths: list[Annotated[list[str], Field(min_length=2, max_length=2, json_schema_extra={"uniqueItems": True})]] = \
        Field(max_length=MAX_PATHS, description="pairs of the board's locations, each pair once")


#: A non-empty string, as the stealth readers take one (:func:`deduce.where.stealthfile._required_string`).
Text = Annotated[str, Field(min_length=1, pattern=r"\S")]


class StealthCardIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="StealthCardEntry")
    location: Text
    landmark: Text | None = None
    positions: str = Field(min_length=POSITIONS, max_length=POSITIONS, pattern=f"^[A-Z{DASH}]*[A-Z][A-Z{DASH}]*$",
                           description=f"the card's letter in each of the {POSITIONS} positions, {DASH!r} for none")
    id: str | None = Field(None, description="the id the positions give, when stated")


class StealthDeckIn(BaseModel):
    """A stealth deck document (SPEC 7). Unknown extra fields are ignored."""

    model_config = ConfigDict(extra="allow", title="StealthDeckDocument")
    schema_: Literal[1] = Field(alias="schema")
    cards: list[StealthCardIn] = Field(max_length=MAX_CARDS)


class SequenceIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="SequenceEntry")
    name: Text
    moves: Moves
    cards: list[Annotated[str, Field(min_length=1)]] = Field(min_length=1, max_length=MAX_CARDS,
                                                            json_schema_extra={"uniqueItems": True},
                                                            description="stealth card ids, in deck order")
    length: int | None = Field(None, ge=1, le=MAX_CARDS, description="how many cards, when stated")


class SequencesIn(BaseModel):
    """A document of stealth sequences (SPEC 7). Unknown extra fields are ignored."""

    model_config = ConfigDict(extra="allow", title="SequencesDocument")
    sequences: list[SequenceIn] = Field(max_length=MAX_SEQUENCES)


def inline_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``model``'s JSON Schema with its parts written out in place (no ``$defs``), for a document a route
    describes in its own ``openapi_extra`` rather than in the document's shared components."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            return resolve(defs[ref.rsplit("/", 1)[1]]) if ref.startswith("#/$defs/") else \
                {key: resolve(value) for key, value in node.items()}
        return [resolve(item) for item in node] if isinstance(node, list) else node

    return resolve(schema)  # type: ignore[no-any-return]


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
    traits: TraitIds = Field(description="her traits, as many as a lady has")


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


#: The most fog cards Expert may discard at setup: all of the shipped fog deck but one (games play with it).
MAX_DISCARD = len(fogfile.load(data_path("fog.yaml"))) - 1


class SetupIn(BaseModel):
    """What every setup may choose, whatever its mode."""

    model_config = ConfigDict(extra="forbid")
    sequence: PositionSequenceIn | RulebookSequenceIn = Field(PositionSequenceIn(position=1),
                                                               description="her route")
    reverse: bool = Field(False, description="play the sequence backwards")
    start: str | None = Field(None, description="her first location (null: drawn from the seed)")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="the deal's seed (null: a random one)")


class PlainSetupIn(SetupIn):
    """A game in any mode but Expert: no fog card is discarded at setup."""

    model_config = ConfigDict(title="PlainSetup")
    mode: Mode = Field("normal", description="the difficulty",
                       json_schema_extra={"enum": [mode for mode in MODES if mode != "expert"]})
    discard_fog: Literal[0] | None = Field(None, description="no fog card is discarded but in Expert")


class ExpertSetupIn(SetupIn):
    """An Expert game: fog cards are discarded at setup, 1 by default."""

    model_config = ConfigDict(title="ExpertSetup")
    mode: Literal["expert"]
    discard_fog: int | None = Field(None, ge=1, le=MAX_DISCARD,
                                    description=f"fog cards discarded at setup, 1 to {MAX_DISCARD} (null: 1)")


class GameSetupIn(RootModel[PlainSetupIn | ExpertSetupIn]):
    """A new game's setup (SPEC 8); every field is optional, and no body at all is the default game."""

    model_config = ConfigDict(title="GameSetup")
