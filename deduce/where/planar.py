"""Drawing the map without crossings: straight-line geometry on the locations' ``at`` points.

A board is drawn with each path as a straight segment between its locations. The drawing
is *planar* when no two segments share a point other than a common end, and no segment
runs through a third location. Checking a given drawing is a constructive proof that
the map can be printed without crossing paths; the deck audit (:mod:`deduce.where.audit`)
and the deck designer (:mod:`deduce.where.design`) both use it.
"""

from __future__ import annotations

import math
from itertools import combinations

from deduce.where.board import Board, Point

EPSILON = 1e-9


def orientation(a: Point, b: Point, c: Point) -> int:
    """+1 if a→b→c turns left, -1 if right, 0 if the three points are on one line."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > EPSILON) - (v < -EPSILON)


def on_segment(p: Point, a: Point, b: Point) -> bool:
    """Whether ``p`` lies on the closed segment a–b."""
    return (orientation(a, b, p) == 0
            and min(a[0], b[0]) - EPSILON <= p[0] <= max(a[0], b[0]) + EPSILON
            and min(a[1], b[1]) - EPSILON <= p[1] <= max(a[1], b[1]) + EPSILON)


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments a–b and c–d meet anywhere except at an end they share.

    Segments that share an end meet elsewhere only when one runs along the other.
    """
    shared = {a, b} & {c, d}
    if shared:
        if len(shared) == 2:
            return True  # the same segment twice
        (s,) = shared
        p = b if a == s else a
        q = d if c == s else c
        return on_segment(q, s, p) or on_segment(p, s, q)
    o1, o2, o3, o4 = orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)
    if o1 != o2 and o3 != o4 and 0 not in (o1, o2, o3, o4):
        return True
    return on_segment(c, a, b) or on_segment(d, a, b) or on_segment(a, c, d) or on_segment(b, c, d)


def clearance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment a–b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def crossing_paths(board: Board) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """Pairs of paths whose segments cross (board order); empty for a planar drawing."""
    at = board.points
    return [(p, q) for p, q in combinations(board.paths, 2)
            if segments_cross(at[p[0]], at[p[1]], at[q[0]], at[q[1]])]


def paths_through_locations(board: Board) -> list[tuple[tuple[str, str], str]]:
    """(path, location) where a path's segment runs through a location it does not join."""
    at = board.points
    return [((a, b), loc) for a, b in board.paths for loc in board.location_ids
            if loc not in (a, b) and on_segment(at[loc], at[a], at[b])]


def shared_points(board: Board) -> list[tuple[str, str]]:
    """Pairs of locations drawn at the same point."""
    at = board.points
    return [(p, q) for p, q in combinations(board.location_ids, 2) if math.dist(at[p], at[q]) <= EPSILON]
