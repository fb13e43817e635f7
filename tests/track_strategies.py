"""Hypothesis strategies for the WHERE half: small random boards and tracking queries on them."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from deduce.text.names import Names
from deduce.where.board import Board, Landmark, Location
from deduce.where.query import TrackQuery, parse_track_query
from deduce.where.stealth import MOVES


def make_board(landmark_of: dict[str, str], paths: list[tuple[str, str]], name: str = "test") -> Board:
    """A board from ``{location: landmark}`` and a path list (landmarks in first-seen order)."""
    landmarks = tuple(dict.fromkeys(landmark_of.values()))
    return Board(
        name=name,
        landmarks=tuple(Landmark(m, Names({}, m)) for m in landmarks),
        locations=tuple(Location(loc, Names({}, loc), m) for loc, m in landmark_of.items()),
        paths=tuple(paths),
    )


@st.composite
def boards(draw: st.DrawFn, max_locations: int = 5, max_landmarks: int = 3) -> Board:
    """A board of 1..max_locations locations, random landmarks and any set of paths."""
    n = draw(st.integers(1, max_locations))
    k = draw(st.integers(1, max_landmarks))
    ids = [f"l{i}" for i in range(n)]
    landmark_of = {loc: f"m{draw(st.integers(0, k - 1))}" for loc in ids}
    pairs = list(combinations(ids, 2))
    paths = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    return make_board(landmark_of, paths)


@st.composite
def observation_docs(draw: st.DrawFn, board: Board, length: int) -> dict[str, Any]:
    """One observation in query JSON, on a slot within two passes through the deck."""
    slot = draw(st.integers(0, 2 * length))
    kind = draw(st.sampled_from(["landmark", "landmark", "fog", "searched"]))
    if kind == "landmark":
        return {"slot": slot, "landmark": draw(st.sampled_from(board.landmark_ids))}
    if kind == "fog":
        return {"slot": slot, "fog": True}
    return {"slot": slot, "searched": draw(st.sampled_from(board.location_ids)), "found": draw(st.booleans())}


@st.composite
def track_queries(draw: st.DrawFn, board: Board, max_length: int = 8, max_observations: int = 4) -> TrackQuery:
    """A tracking query on ``board``, parsed from its JSON like any other."""
    length = draw(st.integers(1, max_length))
    doc = {
        "length": length,
        "moves": draw(st.sampled_from(MOVES)),
        "now": draw(st.integers(0, 2 * length)),
        "observations": draw(st.lists(observation_docs(board, length), max_size=max_observations)),
    }
    return parse_track_query(board, doc)
