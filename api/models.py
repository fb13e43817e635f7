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

from deduce.schema import Definition
from deduce.who.cards import MAX_LADIES, MAX_SUITS, MAX_TRAITS, ModeTable
from deduce.who.query import MAX_CLUES, Role

#: A count on a key: a whole number of the card's traits (at most a lady's traits: the set says how many).
Count = Annotated[int, Field(ge=0, le=MAX_TRAITS)]
#: A key entry (:func:`deduce.who.keys.parse_key_entry`): one count, or a list of distinct ones.
Counts = Count | Annotated[list[Count], Field(min_length=1, max_length=MAX_TRAITS + 1,
                                              json_schema_extra={"uniqueItems": True})]
#: A typed card's traits (:func:`deduce.who.keys.parse_trait_list`): distinct ids, as many as a lady has.
TraitIds = Annotated[list[str], Field(min_length=1, max_length=MAX_TRAITS, json_schema_extra={"uniqueItems": True})]
#: An entry's id (:func:`deduce.document.entry_id`): a string with more than white space in it.
EntryId = Annotated[str, Field(min_length=1, pattern=r"\S")]
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

    traits: TraitIds = Field(description="the card's traits")
    counts: Counts = Field(description="the card's key entry for her suit")
    role: Literal["clue"] = "clue"


class KeyClueIn(BaseModel):
    """A card typed from the table with its whole key, suit by suit."""

    model_config = ConfigDict(extra="forbid", title="KeyClue")

    traits: TraitIds = Field(description="the card's traits")
    key: dict[str, Counts] = Field(description="an entry for every suit she can still be of")
    role: Literal["clue"] = "clue"


ClueIn = NamedClueIn | CountsClueIn | KeyClueIn


class QueryBase(BaseModel):
    """What a deduction query has, with or without her suit."""

    model_config = ConfigDict(extra="forbid")
    distinct: bool | None = Field(True, description="the Dark Lady differs from every revealed lady (null: yes)")
    explain: bool | None = Field(False, description="say which clues prove each certain or excluded trait "
                                                    "(null: no)")


class SuitedQueryIn(QueryBase):
    """A query that knows her suit: a clue may give the key entry of that suit alone."""

    model_config = ConfigDict(title="SuitedQuery")
    suit: str = Field(description="the Dark Lady's suit (the back of her card)")
    clues: list[ClueIn] | None = Field(None, max_length=MAX_CLUES,
                                       description=f"the revealed cards, at most {MAX_CLUES}")


class UnsuitedQueryIn(QueryBase):
    """A query without her suit: a typed card gives its whole key."""

    model_config = ConfigDict(title="UnsuitedQuery")
    suit: None = Field(None, description="her suit is not known")
    clues: list[NamedClueIn | KeyClueIn] | None = Field(None, max_length=MAX_CLUES,
                                                        description=f"the revealed cards, at most {MAX_CLUES}")


class QueryIn(RootModel[SuitedQueryIn | UnsuitedQueryIn]):
    """A deduction query (SPEC 6)."""

    model_config = ConfigDict(title="Query", json_schema_extra={"examples": [RULEBOOK_QUERY, TYPED_QUERY]})


class TraitIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="TraitEntry")
    id: EntryId
    name: Name | None = None


class SuitIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="SuitEntry")
    id: EntryId
    name: Name | None = None
    colour: str | None = None


class LadyIn(BaseModel):
    model_config = ConfigDict(extra="allow", title="LadyEntry")
    id: EntryId
    name: Name | None = None
    suit: str = Field(description="one of the set's suits")
    traits: TraitIds = Field(description="traits_per_lady of the set's traits")
    key: dict[str, Counts] = Field(description="an entry for every suit of the set")


class CardSetIn(BaseModel):
    """A card set document (SPEC 4), as JSON or YAML. Unknown extra fields are ignored."""

    model_config = ConfigDict(extra="allow", title="CardSetDocument")

    schema_: Literal[1] = Field(alias="schema")
    name: str = "Card set"
    traits_per_lady: int = Field(3, ge=1, le=MAX_TRAITS, description="traits on each lady, at most the traits")
    traits: list[TraitIn] = Field(min_length=1, max_length=MAX_TRAITS)
    suits: list[SuitIn] = Field(min_length=1, max_length=MAX_SUITS)
    modes: dict[ModeTable, dict[str, str]] | None = None
    ladies: list[LadyIn] = Field(min_length=1, max_length=MAX_LADIES)


def inline_schema(document: Definition[Any]) -> dict[str, Any]:
    """The ``document``'s JSON Schema with its parts written out in place (no ``$defs``), for a document a route
    describes in its own ``openapi_extra`` rather than in the document's shared components."""
    schema = document.json_schema(ref_template="#/$defs/{model}")
    defs = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            return resolve(defs[ref.rsplit("/", 1)[1]]) if ref.startswith("#/$defs/") else \
                {key: resolve(value) for key, value in node.items()}
        return [resolve(item) for item in node] if isinstance(node, list) else node

    return resolve(schema)  # type: ignore[no-any-return]
