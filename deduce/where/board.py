"""The map of London: locations, their landmarks, and the paths between them (SPEC 7).

Core domain model, no I/O (:mod:`deduce.where.boardfile` reads board documents). Locations
are kept in file order; that order indexes every matrix the tracker builds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from deduce.text.names import Names

#: A drawing position ``(x, y)``: x grows east, y grows south, any unit.
Point = tuple[float, float]


@dataclass(frozen=True)
class Landmark:
    """An icon on a stealth card's back; several locations may share one."""

    id: str
    name: Names


@dataclass(frozen=True)
class Location:
    """A place on the board, with the one landmark shown for it.

    ``at`` is an optional drawing position ``(x, y)`` (x grows east, y grows south, any
    unit): renderers draw the map with it and the deck audit checks with it that no two
    paths cross. A board gives it for every location or for none.
    """

    id: str
    name: Names
    landmark: str
    at: Point | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """Landmarks, locations and undirected paths.

    ``name`` is the board's own name, or ``None`` for a board its file leaves unnamed: a person
    reads it as a word of the catalog in their language (:func:`deduce.text.phrases.untitled`).
    """

    name: str | None
    landmarks: tuple[Landmark, ...]
    locations: tuple[Location, ...]
    paths: tuple[tuple[str, str], ...]

    @cached_property
    def location_ids(self) -> tuple[str, ...]:
        return tuple(loc.id for loc in self.locations)

    @cached_property
    def landmark_ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.landmarks)

    @cached_property
    def _index(self) -> dict[str, int]:
        return {loc: i for i, loc in enumerate(self.location_ids)}

    @cached_property
    def _landmarks(self) -> dict[str, Landmark]:
        return {m.id: m for m in self.landmarks}

    @cached_property
    def _neighbours(self) -> dict[str, frozenset[str]]:
        out: dict[str, set[str]] = {loc: set() for loc in self.location_ids}
        for a, b in self.paths:
            out[a].add(b)
            out[b].add(a)
        return {loc: frozenset(n) for loc, n in out.items()}

    @cached_property
    def drawable(self) -> bool:
        """Whether every location has drawing coordinates."""
        return bool(self.locations) and all(loc.at is not None for loc in self.locations)

    @cached_property
    def points(self) -> Mapping[str, Point]:
        """Every location's drawing point, by id; empty when the board is not :attr:`drawable`."""
        return {loc.id: loc.at for loc in self.locations if loc.at is not None} if self.drawable else {}

    def components(self) -> list[tuple[str, ...]]:
        """The connected parts of the map, each in board order; one part when connected."""
        seen: set[str] = set()
        parts = []
        for start in self.location_ids:
            if start in seen:
                continue
            seen.add(start)
            part, todo = {start}, [start]
            while todo:
                for nxt in self._neighbours[todo.pop()]:
                    if nxt not in seen:
                        seen.add(nxt)
                        part.add(nxt)
                        todo.append(nxt)
            parts.append(tuple(loc for loc in self.location_ids if loc in part))
        return parts

    def degree(self, location_id: str) -> int:
        """Number of paths leaving a location."""
        return len(self._neighbours[location_id])

    def index(self, location_id: str) -> int:
        return self._index[location_id]

    def has_location(self, location_id: str) -> bool:
        return location_id in self._index

    def has_landmark(self, landmark_id: str) -> bool:
        return landmark_id in self._landmarks

    def location(self, location_id: str) -> Location:
        return self.locations[self._index[location_id]]

    def landmark(self, landmark_id: str) -> Landmark:
        """The landmark with this id (its names are what a card's back shows)."""
        return self._landmarks[landmark_id]

    def neighbours(self, location_id: str) -> frozenset[str]:
        return self._neighbours[location_id]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours[a]

    def distances(self, start: str) -> dict[str, int]:
        """The fewest steps from ``start`` to each location it reaches (breadth first)."""
        found = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self._neighbours[here] - found.keys()):
                found[there] = found[here] + 1
                queue.append(there)
        return found

    def landmark_of(self, location_id: str) -> str:
        return self.location(location_id).landmark

    def with_landmark(self, landmark_id: str) -> tuple[str, ...]:
        """Locations showing this landmark, in board order."""
        return tuple(loc.id for loc in self.locations if loc.landmark == landmark_id)

    def step_allowed(self, a: str, b: str, may_stay: bool) -> bool:
        """Whether she can go from ``a`` to ``b`` in one turn."""
        return self.adjacent(a, b) or (may_stay and a == b)
