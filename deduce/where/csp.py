"""An independent encoding of tracking (SPEC 7) with python-constraint, for cross-checks.

Variables ``p_0 ... p_{L-1}``, each ranging over the board's locations. Constraints: one
step constraint per consecutive pair, last to first included (adjacent, or the same
location in ``may_stay`` decks), and one set constraint per observation (the locations
showing the landmark; the searched location, or every other one). The solver enumerates
every consistent closed walk, so this is only for small boards and short decks; it shares
nothing with :mod:`deduce.where.tracker` but the board and the parsed query.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from constraint import FunctionConstraint, InSetConstraint, NotInSetConstraint, Problem

from deduce.where.board import Board
from deduce.where.query import TrackQuery


def _name(i: int) -> str:
    return f"p_{i}"


def walks(board: Board, query: TrackQuery) -> list[tuple[str, ...]]:
    """Every closed walk ``(p_0, ..., p_{L-1})`` consistent with ``query``, in no set order."""
    length = query.length
    problem = Problem()
    names = [_name(i) for i in range(length)]
    problem.addVariables(names, list(board.location_ids))
    may_stay = query.may_stay

    def step(a: str, b: str) -> bool:
        return board.step_allowed(a, b, may_stay)

    if length == 1:  # the walk steps from p_0 back to p_0
        problem.addConstraint(FunctionConstraint(lambda a: step(a, a)), [names[0]])
    else:
        for i in range(length):
            problem.addConstraint(FunctionConstraint(step), [names[i], names[(i + 1) % length]])
    for obs in query.observations:
        var = [names[obs.slot % length]]
        if obs.kind == "landmark" and obs.landmark is not None:
            problem.addConstraint(InSetConstraint(set(board.with_landmark(obs.landmark))), var)
        elif obs.kind == "searched":
            cls = InSetConstraint if obs.found else NotInSetConstraint
            problem.addConstraint(cls({obs.location}), var)
    return [tuple(sol[n] for n in names) for sol in problem.getSolutions()]


@dataclass(frozen=True)
class Enumeration:
    """Walk counts from the enumeration: all of them, and by location at ``now`` and ``now + 1``."""

    paths: int
    now: dict[str, int]
    next: dict[str, int]


def enumerate_walks(board: Board, query: TrackQuery) -> Enumeration:
    """Count the walks of :func:`walks` the way the tracker reports them."""
    found = walks(board, query)
    length = query.length
    at_now = Counter(w[query.now % length] for w in found)
    at_next = Counter(w[(query.now + 1) % length] for w in found)
    ids = board.location_ids
    return Enumeration(len(found), {v: at_now[v] for v in ids}, {v: at_next[v] for v in ids})
