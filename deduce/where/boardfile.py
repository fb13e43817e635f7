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
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from deduce.document import (
    decode_yaml,
    is_int,
    list_field,
    parse_header,
    parse_names,
    read_text,
    type_name,
    unique_entries,
)
from deduce.errors import InputError, Loc, Problems, problem_words, shown
from deduce.text.catalog import Phrase
from deduce.text.names import NamedJSON
from deduce.where.board import Board, Landmark, Location, Point
from deduce.where.query import board_words, unknown_listed

MAX_LANDMARKS = 32
MAX_LOCATIONS = 64
MAX_PATHS = MAX_LOCATIONS * (MAX_LOCATIONS - 1) // 2


def _got(value: Any) -> Phrase:
    """What was given where a list of two was expected: a list of how many, or what else it is."""
    return board_words("got.list-of", n=len(value)) if isinstance(value, list) else type_name(value)


def _parse_at(value: Any, loc: Loc, problems: Problems) -> Point | None:
    """Drawing coordinates: a list of two finite numbers."""
    if not isinstance(value, list) or len(value) != 2:
        problems.add(loc, board_words("board.at", got=_got(value)))
        return None
    for j, v in enumerate(value):
        if not (is_int(v) or isinstance(v, float)):
            problems.add((*loc, j), board_words("expected.number", got=type_name(v)))
            return None
        if not math.isfinite(_as_float(v)):
            problems.add((*loc, j), board_words("expected.finite", got=shown(v)))
            return None
    return _as_float(value[0]), _as_float(value[1])


def _as_float(v: float) -> float:
    """A coordinate as a float; an integer too large for one is infinite (and refused)."""
    try:
        return float(v)
    except OverflowError:
        return math.inf


def _parse_locations(doc: Mapping[str, Any], landmark_ids: set[str],
                     problems: Problems) -> tuple[list[Location], set[str]]:
    """The well-formed locations, and the ids of all entries that have one.

    A location whose entry is broken elsewhere still counts as known for the paths, so
    that one mistake is reported once, where it is.
    """
    entries = unique_entries(list_field(doc, "locations", problems, MAX_LOCATIONS), "locations", problems)
    placed = [i for i, _, e in entries if e.get("at") is not None]
    locations = []
    for i, ident, item in entries:
        loc: Loc = ("locations", i)
        before = len(problems)
        landmark = item.get("landmark")
        if landmark is None:
            problems.add((*loc, "landmark"), problem_words("required"))
        elif not isinstance(landmark, str) or landmark not in landmark_ids:
            problems.add((*loc, "landmark"), unknown_listed("landmark", landmark, sorted(landmark_ids)),
                         code="unknown-landmark")
        at = None
        if item.get("at") is not None:
            at = _parse_at(item["at"], (*loc, "at"), problems)
        elif placed:
            problems.add((*loc, "at"), board_words("board.at.missing"))
        name = parse_names(item.get("name"), (*loc, "name"), problems, ident)
        if isinstance(landmark, str) and len(problems) == before:
            locations.append(Location(id=ident, name=name, landmark=landmark, at=at))
    return locations, {ident for _, ident, _ in entries}


def _parse_paths(doc: Mapping[str, Any], location_ids: set[str], problems: Problems) -> list[tuple[str, str]]:
    paths: list[tuple[str, str]] = []
    seen: dict[frozenset[str], int] = {}
    for i, item in enumerate(list_field(doc, "paths", problems, MAX_PATHS)):
        loc: Loc = ("paths", i)
        if not isinstance(item, list) or len(item) != 2:
            problems.add(loc, board_words("board.path.pair", got=_got(item)))
            continue
        ok = True
        for j, end in enumerate(item):
            if not isinstance(end, str) or end not in location_ids:
                said = problem_words("unknown", kind=problem_words("kind.location"), got=shown(end))
                problems.add((*loc, j), said, code="unknown-location")
                ok = False
        if not ok:
            continue
        a, b = item
        if a == b:
            problems.add(loc, board_words("board.path.loop", place=shown(a)), code="self-loop")
            continue
        key = frozenset(item)
        if key in seen:
            problems.add(loc, board_words("board.path.duplicate", a=shown(a), b=shown(b), first=f"paths[{seen[key]}]"),
                         code="duplicate-path")
            continue
        seen[key] = i
        paths.append((a, b))
    return paths


def parse(doc: Any) -> Board:
    """Interpret a decoded board document; raise :class:`InputError` listing every problem."""
    if not isinstance(doc, Mapping):
        raise InputError.at((), board_words("board.mapping", got=type_name(doc)))
    problems = Problems()
    name = parse_header(doc, problems, "Board")
    landmark_entries = unique_entries(list_field(doc, "landmarks", problems, MAX_LANDMARKS), "landmarks", problems)
    landmarks = tuple(Landmark(m, parse_names(e.get("name"), ("landmarks", i, "name"), problems, m))
                      for i, m, e in landmark_entries)
    locations, known = _parse_locations(doc, {m.id for m in landmarks}, problems)
    paths = _parse_paths(doc, known, problems)
    problems.raise_if_any()
    return Board(name=name, landmarks=landmarks, locations=tuple(locations), paths=tuple(paths))


def loads(text: str | bytes) -> Board:
    """A board from YAML or JSON text."""
    return parse(decode_yaml(text, "board"))


def load(path: str | Path) -> Board:
    """A board from a YAML or JSON file."""
    return loads(read_text(path, "board file"))


class LocationJSON(NamedJSON):
    """A location; ``at`` (whole numbers written without a fraction) only when the board is drawn."""

    landmark: str
    at: NotRequired[list[int | float]]


class BoardJSON(TypedDict):
    """A board document (SPEC 7), as ``GET /v1/board`` returns it."""

    schema: Literal[1]
    name: str
    landmarks: list[NamedJSON]
    locations: list[LocationJSON]
    paths: list[list[str]]


def _number(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


def _location_json(loc: Location) -> LocationJSON:
    entry: LocationJSON = {"id": loc.id, "name": loc.name.to_json(), "landmark": loc.landmark}
    if loc.at is not None:
        entry["at"] = [_number(loc.at[0]), _number(loc.at[1])]
    return entry


def to_json(board: Board) -> BoardJSON:
    """The board as a document that :func:`parse` reads back to an equal board."""
    locations = [_location_json(loc) for loc in board.locations]
    return {
        "schema": 1,
        "name": board.name,
        "landmarks": [{"id": m.id, "name": m.name.to_json()} for m in board.landmarks],
        "locations": locations,
        "paths": [[a, b] for a, b in board.paths],
    }
