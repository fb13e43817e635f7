"""Reading and writing board documents (SPEC section 7).

:func:`parse` turns a decoded mapping into a :class:`~deduce.where.board.Board`, collecting
every problem with its path (``locations[3].landmark: unknown landmark 'x'``);
:func:`loads` and :func:`load` add safe YAML decoding; :func:`to_json` is the inverse.

A board document::

    schema: 1
    name: London, around 1600
    landmarks:
      - {id: playhouse, name: {en: Playhouse, it: Teatro, ru: Театр}}
    locations:
      - {id: globe, name: The Globe, landmark: playhouse, at: [3, 7]}
    paths:
      - [globe, the-rose]

``at`` (optional) places a location on a drawing, x east and y south; give it for every
location or for none. What makes a board *well designed* (connected, drawable without
crossings, degrees 2–4) is not a reading error: :mod:`deduce.where.audit` reports it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NotRequired

from pydantic import AfterValidator, Field, ValidationInfo, WrapValidator, with_config
from typing_extensions import TypedDict

from deduce.document import decode_yaml, is_int, read_text, type_name
from deduce.errors import Loc, problem_words, shown
from deduce.schema import (
    VERSION_MISSING,
    Definition,
    EntryId,
    Found,
    Listed,
    Name,
    Version,
    also,
    duplicate,
    entry,
    entry_key,
    first_entries,
    names,
    not_an_entry,
    problem,
    refused,
    strict,
    unique,
    validated,
)
from deduce.text.catalog import Phrase
from deduce.where.board import Board, Landmark, Location
from deduce.where.query import board_words, unknown_listed

MAX_LANDMARKS = 32
MAX_LOCATIONS = 64
MAX_PATHS = MAX_LOCATIONS * (MAX_LOCATIONS - 1) // 2


@dataclass(frozen=True)
class _Defined:
    """What a board document defines, which its other parts name: its landmarks (sorted, as a problem lists
    them) and its locations, by id, and whether it places its locations on a drawing. It is found before
    the board is read, so that each entry checks the ids it names where it names them."""

    landmarks: tuple[str, ...]
    locations: frozenset[str]
    placed: bool

    @classmethod
    def by(cls, doc: Any) -> _Defined:
        locations = first_entries(doc, "locations", MAX_LOCATIONS)
        return cls(tuple(sorted(first_entries(doc, "landmarks", MAX_LANDMARKS))), frozenset(locations),
                   any(entry.get("at") is not None for entry in locations.values()))


@with_config(strict("LandmarkEntry", extra="allow"))
class LandmarkJSON(TypedDict):
    """A landmark: the symbol a stealth card's back shows."""

    id: EntryId
    name: NotRequired[Name]


def _got(value: Any) -> Phrase:
    """What was given where a list of two was expected: a list of how many, or what else it is."""
    return board_words("got.list-of", n=len(value)) if isinstance(value, list) else type_name(value)


def _landmark(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
    """One of the board's landmarks."""
    if value is None:
        raise problem(problem_words("required"))
    defined = info.context
    if isinstance(defined, _Defined) and (not isinstance(value, str) or value not in defined.landmarks):
        raise problem(unknown_listed("landmark", value, defined.landmarks), "unknown-landmark")
    return handler(value)


def _at(value: Any, handler: Callable[[Any], Any]) -> Any:
    """Drawing coordinates: a list of two finite numbers (only the first wrong one is said)."""
    if not isinstance(value, list) or len(value) != 2:
        raise problem(board_words("board.at", got=_got(value)))
    for j, v in enumerate(value):
        if not (is_int(v) or isinstance(v, float)):
            raise refused(((j,), board_words("expected.number", got=type_name(v)), "schema"))
        if not math.isfinite(_as_float(v)):
            raise refused(((j,), board_words("expected.finite", got=shown(v)), "schema"))
    return handler(value)


def _as_float(v: float) -> float:
    """A coordinate as a float; an integer too large for one is infinite (and refused)."""
    try:
        return float(v)
    except OverflowError:
        return math.inf


@with_config(strict("LocationEntry", extra="allow"))
class LocationJSON(TypedDict):
    """A location; ``at`` (whole numbers written without a fraction) only when the board is drawn."""

    # the fields in the order their problems are said
    id: EntryId
    landmark: Annotated[str, Field(description="one of the board's landmarks"), WrapValidator(_landmark)]
    at: NotRequired[Annotated[list[int | float], Field(min_length=2, max_length=2, description="drawing "
                                                         "coordinates (x east, y south): for every location, or none"),
                              WrapValidator(_at)] | None]
    name: NotRequired[Name]


def _placed_too(location: Mapping[str, Any], defined: Any) -> Found:
    """A location of a board drawn is placed too."""
    if isinstance(defined, _Defined) and defined.placed and location.get("at") is None:
        yield "at", board_words("board.at.missing"), "schema"


def _end(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
    """One of the board's locations."""
    defined = info.context
    if isinstance(defined, _Defined) and (not isinstance(value, str) or value not in defined.locations):
        raise problem(problem_words("unknown", kind=problem_words("kind.location"), got=shown(value)),
                      "unknown-location")
    return handler(value)


def _pair(value: Any, handler: Callable[[Any], Any]) -> Any:
    if not isinstance(value, list) or len(value) != 2:
        raise problem(board_words("board.path.pair", got=_got(value)))
    return handler(value)


def _not_a_loop(path: list[str]) -> list[str]:
    if path[0] == path[1]:
        raise problem(board_words("board.path.loop", place=shown(path[0])), "self-loop")
    return path


def _same_path(path: list[str], ends: object, first: int) -> tuple[Loc, Phrase, str]:
    a, b = path
    return (), board_words("board.path.duplicate", a=shown(a), b=shown(b), first=f"paths[{first}]"), "duplicate-path"


#: A path: the ids of the two locations it joins.
PathJSON = Annotated[list[Annotated[str, WrapValidator(_end)]],
                     Field(min_length=2, max_length=2, json_schema_extra={"uniqueItems": True}),
                     WrapValidator(_pair), AfterValidator(_not_a_loop)]


@with_config(strict("BoardDocument", extra="allow"))
class BoardJSON(TypedDict):
    """A board document (SPEC 7), as JSON or YAML, as ``GET /v1/board`` returns it. Unknown fields are ignored."""

    schema: Version
    name: NotRequired[Annotated[str, Field(description="the board's name; a board without one is called "
                                                       "by the word for a board in the reader's language")]]
    landmarks: Annotated[list[Annotated[LandmarkJSON, entry(LandmarkJSON, not_mapping=not_an_entry)]],
                         Listed(MAX_LANDMARKS), unique(entry_key, duplicate("landmarks"), ids_first=True)]
    locations: Annotated[list[Annotated[LocationJSON, also(LocationJSON, _placed_too),
                                        entry(LocationJSON, not_mapping=not_an_entry)]],
                         Listed(MAX_LOCATIONS), unique(entry_key, duplicate("locations"), ids_first=True)]
    paths: Annotated[list[PathJSON], Field(description="pairs of the board's locations, each pair once"),
                     Listed(MAX_PATHS), unique(frozenset, _same_path)]


#: The board document's definition; :func:`parse` reads it with what it defines as its context.
BOARD: Definition[BoardJSON] = Definition(Annotated[BoardJSON, entry(
    BoardJSON, missing=VERSION_MISSING, not_mapping=lambda value: board_words("board.mapping", got=type_name(value)))])


def parse(doc: Any) -> Board:
    """Interpret a decoded board document; raise :class:`InputError` listing every problem."""
    board = validated(BOARD, doc, _Defined.by(doc))
    landmarks = tuple(Landmark(m["id"], names(m.get("name"), m["id"])) for m in board["landmarks"])
    locations = tuple(Location(id=loc["id"], name=names(loc.get("name"), loc["id"]), landmark=loc["landmark"],
                               at=_point(loc.get("at"))) for loc in board["locations"])
    return Board(name=board.get("name"), landmarks=landmarks, locations=locations,
                 paths=tuple((a, b) for a, b in board["paths"]))


def _point(at: list[int | float] | None) -> tuple[float, float] | None:
    return None if at is None else (float(at[0]), float(at[1]))


def loads(text: str | bytes) -> Board:
    """A board from YAML or JSON text."""
    return parse(decode_yaml(text, "board"))


def load(path: str | Path) -> Board:
    """A board from a YAML or JSON file."""
    return loads(read_text(path, "board file"))


def _number(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


def _location_json(loc: Location) -> LocationJSON:
    entry: LocationJSON = {"id": loc.id, "name": loc.name.to_json(), "landmark": loc.landmark}
    if loc.at is not None:
        entry["at"] = [_number(loc.at[0]), _number(loc.at[1])]
    return entry


def to_json(board: Board) -> BoardJSON:
    """The board as a document that :func:`parse` reads back to an equal board (with no ``name``
    when the board has none)."""
    doc: BoardJSON = {"schema": 1, "name": board.name or "",
                      "landmarks": [{"id": m.id, "name": m.name.to_json()} for m in board.landmarks],
                      "locations": [_location_json(loc) for loc in board.locations],
                      "paths": [[a, b] for a, b in board.paths]}
    if board.name is None:
        del doc["name"]
    return doc
