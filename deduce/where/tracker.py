"""The tracker: where the Lady can be now and next turn, by exact counting (SPEC 7, normative).

The stealth deck is a cycle of ``L`` slots; slot ``i`` holds her location ``p_i``. Every
closed walk ``p_0 ... p_{L-1}`` that respects the board's paths (and, for ``may_stay``
sequences, staying put) and every observation is equally likely, so the chance that she is
at ``v`` on slot ``t`` is the number of such walks through ``v`` at ``t`` over the number of
all of them.

The walks are counted exactly with transfer matrices. With ``A`` the step matrix
(``A[u][v] = 1`` when she may go from ``u`` to ``v`` in one turn) and ``F_s`` the 0/1
diagonal filter of the observations on slot ``s``, put ``M_s = F_s A``. The walks with
``p_t = v`` number ``(M_t M_{t+1} ... M_{t+L-1})[v][v]`` (indexes mod ``L``). Writing
``X = M_now`` and ``Y = M_{now+1} ... M_{now+L-1}``, the walks through ``v`` at ``now`` are
``(X Y)[v][v]`` and those through ``v`` at ``now + 1`` are ``(Y X)[v][v]``, so one product
``Y`` answers both slots. ``Y`` is built slot by slot with sparse steps (a location has
only a few neighbours, and a filter keeps only a few locations); slots without
observations have ``F_s = I``, so a long run of them becomes one power of ``A`` from a
per-board cache, and the work grows with the number of observed slots, not with ``L``.
Counts are Python integers: they are exact however large.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import mul
from typing import Literal

from typing_extensions import TypedDict

from deduce.where.board import Board
from deduce.where.query import ObservationKind, SlotObservation, TrackQuery

Matrix = list[list[int]]
#: Powers of the step matrix up to this exponent are kept once computed.
CACHED_POWERS = 64
#: Runs of unobserved slots up to this long are stepped through one by one (sparse, cheap);
#: longer ones use a cached power of the step matrix (a dense product).
SPARSE_STEPS = 2


def _matmul(a: Matrix, b: Matrix) -> Matrix:
    """The product of two square integer matrices; all-zero rows of ``a`` cost nothing."""
    cols = list(zip(*b, strict=True))
    zero = [0] * len(cols)
    return [[sum(map(mul, row, col)) for col in cols] if any(row) else zero[:] for row in a]


class _Steps:
    """The step matrix of one board and move rule, with its powers and adjacency lists."""

    def __init__(self, board: Board, may_stay: bool):
        ids = board.location_ids
        self.size = len(ids)
        self.matrix: Matrix = [[int(board.step_allowed(a, b, may_stay)) for b in ids] for a in ids]
        self.targets: list[list[int]] = [[j for j, x in enumerate(row) if x] for row in self.matrix]
        self._squares: list[Matrix] = [self.matrix]  # A^(2^j)
        self._powers: dict[int, Matrix] = {1: self.matrix}

    def power(self, k: int) -> Matrix:
        """``A**k`` for ``k >= 1`` (shared: callers must not modify it)."""
        cached = self._powers.get(k)
        if cached is not None:
            return cached
        squares = self._squares
        if len(squares) < k.bit_length():
            # extend a copy and publish it whole, so that threads sharing the cache never
            # see a half-built list
            squares = list(squares)
            while len(squares) < k.bit_length():
                squares.append(_matmul(squares[-1], squares[-1]))
            self._squares = squares
        first, *rest = (j for j in range(k.bit_length()) if k >> j & 1)
        result = squares[first]
        for j in rest:
            result = _matmul(result, squares[j])
        if k <= CACHED_POWERS:
            self._powers[k] = result
        return result

    def step(self, y: Matrix, allowed: list[int]) -> Matrix:
        """``y F A`` where ``F`` keeps the locations ``allowed``: one slot, cheap as ``A`` is sparse."""
        n, targets = self.size, self.targets
        out = []
        for row in y:
            new = [0] * n
            for u in allowed:
                x = row[u]
                if x:
                    for v in targets[u]:
                        new[v] += x
            out.append(new)
        return out

    def advance(self, y: Matrix | None, allowed: list[int], k: int) -> Matrix | None:
        """``y F A^k`` for ``k >= 0`` (``y`` None stands for the identity, and may be returned)."""
        if k == 0:
            return y
        if y is None:  # F A^k: the allowed rows of A^k
            a = self.power(k)
            keep = set(allowed)
            return [a[u][:] if u in keep else [0] * self.size for u in range(self.size)]
        y = self.step(y, allowed)
        if k - 1 > SPARSE_STEPS:
            return _matmul(y, self.power(k - 1))
        everywhere = list(range(self.size))
        for _ in range(k - 1):
            y = self.step(y, everywhere)
        return y


@lru_cache(maxsize=32)
def _steps(board: Board, may_stay: bool) -> _Steps:
    return _Steps(board, may_stay)


@lru_cache(maxsize=4096)
def _admitted(board: Board, kind: ObservationKind, landmark: str | None, location: str | None, found: bool) -> int:
    """The locations (as bits of board indexes) an observation of this content admits."""
    obs = SlotObservation(0, kind, landmark, location, found)
    return sum(1 << i for i, loc in enumerate(board.location_ids) if obs.admits(board, loc))


def _filters(board: Board, query: TrackQuery) -> dict[int, list[int]]:
    """For each observed slot (mod L), the locations (board indexes) every observation on it admits."""
    masks: dict[int, int] = {}
    for o in query.observations:
        slot = o.slot % query.length
        masks[slot] = masks.get(slot, -1) & _admitted(board, o.kind, o.landmark, o.location, o.found)
    n = len(board.location_ids)
    return {slot: [i for i in range(n) if mask >> i & 1] for slot, mask in masks.items()}


def _rest_of_cycle(steps: _Steps, filters: dict[int, list[int]], now: int, length: int) -> Matrix:
    """``Y = M_{now+1} ... M_{now+L-1}``: the cycle after slot ``now`` back to just before it."""
    everywhere = list(range(steps.size))
    y: Matrix | None = None  # None stands for the identity
    pos, allowed = 1, everywhere  # the first slot not yet in y, and its filter
    for d in [*sorted((s - now) % length for s in filters if (s - now) % length), length]:
        y = steps.advance(y, allowed, d - pos)
        pos, allowed = d, filters.get((now + d) % length, everywhere)
    if y is None:
        y = [[int(i == j) for j in range(steps.size)] for i in range(steps.size)]
    return y


#: ``ok`` when some walk fits the observations, ``contradiction`` when none does.
TrackingStatus = Literal["ok", "contradiction"]


class SlotOddsJSON(TypedDict):
    """One slot's odds: every location of the board with her probability of being there."""

    slot: int
    locations: dict[str, float]


class TrackingJSON(TypedDict):
    """The tracking result (SPEC 6): ``paths`` is the exact count of walks in decimal (it can exceed 2^53)."""

    status: TrackingStatus
    paths: str
    now: SlotOddsJSON
    next: SlotOddsJSON


@dataclass(frozen=True)
class SlotOdds:
    """How many consistent walks put her at each location on one slot."""

    slot: int
    counts: dict[str, int]
    total: int

    def chance(self, location: str) -> Fraction:
        """The exact probability that she is at ``location`` (0 when nothing fits)."""
        return Fraction(self.counts[location], self.total) if self.total else Fraction(0)

    def probabilities(self) -> dict[str, float]:
        """Every location's probability as a float, in board order."""
        return {loc: (c / self.total if self.total else 0.0) for loc, c in self.counts.items()}

    def to_json(self) -> SlotOddsJSON:
        return {"slot": self.slot, "locations": self.probabilities()}


@dataclass(frozen=True)
class Tracking:
    """The tracker's answer: the number of consistent walks and the odds now and next turn."""

    query: TrackQuery
    paths: int
    now: SlotOdds
    next: SlotOdds

    @property
    def status(self) -> TrackingStatus:
        return "ok" if self.paths else "contradiction"

    def to_json(self) -> TrackingJSON:
        return {"status": self.status, "paths": str(self.paths),
                "now": self.now.to_json(), "next": self.next.to_json()}


def track(board: Board, query: TrackQuery) -> Tracking:
    """Count the closed walks that fit ``query`` and give the odds for ``now`` and ``now + 1``.

    Slots are reported as the query numbers them (``now`` and ``now + 1``, not reduced mod
    L). When no walk fits, ``paths`` is 0 and every probability is 0.
    """
    ids = board.location_ids
    n = len(ids)
    length = query.length
    steps = _steps(board, query.may_stay)
    a = steps.matrix
    filters = _filters(board, query)
    now = query.now % length
    here = set(filters.get(now, range(n)))
    y = _rest_of_cycle(steps, filters, now, length)
    # (X Y)[v][v] with X = F_now A, and (Y X)[v][v]: walks through v at now and at now + 1.
    at_now = [sum(a[v][u] * y[u][v] for u in range(n)) if v in here else 0 for v in range(n)]
    at_next = [sum(y[v][u] * a[u][v] for u in here) for v in range(n)]
    total = sum(at_now)
    return Tracking(
        query=query,
        paths=total,
        now=SlotOdds(query.now, dict(zip(ids, at_now, strict=True)), total),
        next=SlotOdds(query.now + 1, dict(zip(ids, at_next, strict=True)), total),
    )
