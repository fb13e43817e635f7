"""The tracker: where the Lady can be now and next turn, by exact counting (SPEC 7, normative).

The stealth deck is a cycle of ``L`` slots; slot ``i`` holds her location ``p_i``. Every
closed walk ``p_0 ... p_{L-1}`` that respects the board's paths (and, for ``may_stay``
sequences, staying put) and every observation is equally likely, so the chance that she is
at ``v`` on slot ``t`` is the number of such walks through ``v`` at ``t`` over the number of
all of them.

The walks are counted exactly with transfer matrices. With ``A`` the step matrix
(``A[u][v] = 1`` when she may go from ``u`` to ``v`` in one turn) and ``F_s`` the 0/1
diagonal filter of the observations on slot ``s``, put ``M_s = F_s A``. Reading the cycle from
an origin slot ``o``, the walks with ``p_t = v`` number ``(S P)[v][v]``, where ``P = M_o ...
M_{t-1}`` is the cycle up to slot ``t`` and ``S = M_t ... M_{o+L-1}`` the rest of it (indexes
mod ``L``). The origin is the observed slot that admits the fewest locations: every row of
``P`` but theirs is 0, so only those few entries of each product are ever needed, and a
product holds one integer per row (or column), one lane per such location. Both ends are
grown a slot at a time (sparse steps: a location has only a few neighbours, and a filter
keeps only a few locations), and kept, by the observations they cover: a game asks about the
same deck turn after turn, a card more seen each time, so a call redoes only the few slots
that changed, and :func:`track_slots` answers several slots in a row (what the advisor reads)
in one call. On decks too long to keep, a run of slots without observations (``F_s = I``) is
one power of ``A`` from a per-board cache instead. Counts are Python integers: they are exact
however large.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import mul
from threading import Lock
from typing import Literal

from typing_extensions import TypedDict

from deduce.where.board import Board
from deduce.where.query import ObservationKind, SlotObservation, TrackQuery

Matrix = list[list[int]]
#: Powers of the step matrix up to this exponent are kept once computed.
CACHED_POWERS = 64
#: Runs of unobserved slots up to this long are stepped through one by one (sparse, cheap);
#: longer ones use a cached power of the step matrix.
SPARSE_STEPS = 2
#: Decks up to this long keep the products of their slots between calls, by the observations
#: they cover: a game asks about the same deck turn after turn, each time with a card more seen,
#: and a call then redoes only the few slots that changed. Real decks have 24-32 cards.
CACHED_LENGTH = 64
#: Most products kept (each a list of packed rows or columns); when full, the oldest go first.
CACHED_PRODUCTS = 4096


def _matmul(a: Matrix, b: Matrix) -> Matrix:
    """The product of two square integer matrices; all-zero rows of ``a`` cost nothing."""
    cols = list(zip(*b, strict=True))
    zero = [0] * len(cols)
    return [[sum(map(mul, row, col)) for col in cols] if any(row) else zero[:] for row in a]


def _sparse(matrix: Matrix) -> list[list[tuple[int, int]]]:
    """Each row of ``matrix`` as its nonzero entries (column, value)."""
    return [[(j, x) for j, x in enumerate(row) if x] for row in matrix]


class _Steps:
    """The step matrix ``A`` of one board and move rule, with its powers, and the products of
    slots that calls built (see :func:`_walks_through`).

    Products are packed: a matrix is a list of Python integers, one per row (or column), each
    holding the row's entries in lanes of a fixed number of bits, so that adding two rows adds
    every entry at once. Counts are never negative and no count reaches a lane's width, so no
    lane carries into the next."""

    def __init__(self, board: Board, may_stay: bool):
        ids = board.location_ids
        self.size = len(ids)
        self.everywhere = (1 << self.size) - 1  # the mask of a slot without observations
        self.matrix: Matrix = [[int(board.step_allowed(a, b, may_stay)) for b in ids] for a in ids]
        self.targets: list[list[int]] = [[j for j, x in enumerate(row) if x] for row in self.matrix]
        self.degree = max(map(len, self.targets), default=0)
        self._squares: list[Matrix] = [self.matrix]  # A^(2^j)
        self._powers: dict[int, Matrix] = {1: self.matrix}
        self._jumps: dict[tuple[bool, int], list[list[tuple[int, int]]]] = {}
        self._products: dict[tuple[bool, int, int, tuple[int, ...]], list[int]] = {}
        self._keeping = Lock()  # threads share the steps of a board (the service's, a Dask worker's)

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

    def lane_bits(self, length: int) -> int:
        """The bits of one lane of a packed row: enough for any walk count of ``length`` steps or
        fewer (at most ``degree ** length``)."""
        return length * max(1, self.degree).bit_length()

    def identity(self, lanes: int, bits: int) -> list[int]:
        """The identity matrix packed, cut down to the locations of ``lanes`` (a mask): the
        ``j``-th of them has lane ``j``, the other rows (or columns) are 0."""
        out = [0] * self.size
        for j, (u, _) in enumerate(_moves(self, lanes)):
            out[u] = 1 << (j * bits)
        return out

    def step(self, packed: list[int], mask: int, rows: bool) -> list[int]:
        """One slot whose observations keep the locations of ``mask`` (``F``): ``F A Y`` for ``Y``
        as packed rows, or ``Y F A`` for ``Y`` as packed columns."""
        out = [0] * self.size
        if rows:
            for u, targets in _moves(self, mask):
                out[u] = sum([packed[w] for w in targets])
        else:
            for u, targets in _moves(self, mask):
                x = packed[u]
                if x:
                    for t in targets:
                        out[t] += x
        return out

    def jump(self, packed: list[int], k: int, rows: bool) -> list[int]:
        """``k`` slots without observations: ``A^k Y`` for ``Y`` as packed rows, or ``Y A^k`` for
        ``Y`` as packed columns. The rows (or columns) of ``Y`` that are 0 cost nothing."""
        if k <= SPARSE_STEPS:
            for _ in range(k):
                packed = self.step(packed, self.everywhere, rows)
            return packed
        jump = self._jumps.get((rows, k))
        if jump is None:
            power = self.power(k)
            jump = _sparse([list(col) for col in zip(*power, strict=True)] if rows else power)
            if k <= CACHED_POWERS:
                self._jumps[rows, k] = jump
        out = [0] * self.size
        for y, entries in zip(packed, jump, strict=True):
            if y:
                for i, x in entries:
                    out[i] += x * y
        return out

    def ends(self, masks: tuple[int, ...], bits: int, lo: int, hi: int, rows: bool) -> list[list[int]]:
        """For ``i`` in ``lo .. hi``, the two ends of the cycle of ``masks`` (``M_i = F_i A``) at
        slot ``i``: the rest ``M_i ... M_{L-1}`` as packed rows (``rows``), or the start
        ``M_0 ... M_{i-1}`` as packed columns, each cut down to the lanes of the locations slot 0
        admits (see :meth:`identity`). The farthest is grown a slot at a time from the longest
        product already built, the others from it. When the deck is short, what the next call
        will look for is kept: the rests built on the way to ``hi`` (as the game goes on it asks
        for the rests from one slot later), the starts asked for (it asks for one slot more)."""
        keep = len(masks) <= CACHED_LENGTH
        target = hi if rows else lo
        packed, i = self._nearest(masks, bits, target, rows, keep)
        out = []
        while True:
            if i == target:
                out.append(packed)
                if target == (lo if rows else hi):
                    return out[::-1] if rows else out
                target += -1 if rows else 1
            j = i - 1 if rows else i    # the slot added: M_j on the left of the rest, on the right of the start
            run = 1 if keep else self._run(masks, i, target, rows)
            packed = self.jump(packed, run, rows) if run > 1 else self.step(packed, masks[j], rows)
            i += -run if rows else run
            if keep and i >= (hi if rows else lo):
                self._keep((rows, bits, masks[0], masks[i:] if rows else masks[:i]), packed)

    def _nearest(self, masks: tuple[int, ...], bits: int, target: int, rows: bool,
                 keep: bool) -> tuple[list[int], int]:
        """The product already built nearest to slot ``target`` and its slot; else the identity at the
        far end of the cycle (its end for the rests, its start for the starts)."""
        if keep:
            for i in range(target, len(masks)) if rows else range(target, 0, -1):
                found = self._products.get((rows, bits, masks[0], masks[i:] if rows else masks[:i]))
                if found is not None:
                    return found, i
        return self.identity(masks[0], bits), len(masks) if rows else 0

    def _run(self, masks: tuple[int, ...], i: int, target: int, rows: bool) -> int:
        """How many slots without observations, from the next one added, can be jumped at once
        without passing ``target``."""
        j = i - 1 if rows else i
        run = 1
        while abs(i - target) > run and masks[j - run if rows else j + run] == masks[j] == self.everywhere:
            run += 1
        return run

    def _keep(self, key: tuple[bool, int, int, tuple[int, ...]], packed: list[int]) -> None:
        """Keep a product for the next call, the oldest going first past :data:`CACHED_PRODUCTS`.

        One thread at a time: two that both found the cache full would both drop its oldest, and the
        second would find it gone."""
        with self._keeping:
            if len(self._products) >= CACHED_PRODUCTS:
                del self._products[next(iter(self._products))]
            self._products[key] = packed


@lru_cache(maxsize=32)
def _steps(board: Board, may_stay: bool) -> _Steps:
    return _Steps(board, may_stay)


@lru_cache(maxsize=4096)
def _moves(steps: _Steps, mask: int) -> list[tuple[int, list[int]]]:
    """The locations (board indexes) of ``mask``, each with the locations she may go to from there."""
    return [(u, targets) for u, targets in enumerate(steps.targets) if mask >> u & 1]


@lru_cache(maxsize=4096)
def _admitted(board: Board, kind: ObservationKind, landmark: str | None, location: str | None, found: bool) -> int:
    """The locations (as bits of board indexes) an observation of this content admits."""
    obs = SlotObservation(0, kind, landmark, location, found)
    return sum(1 << i for i, loc in enumerate(board.location_ids) if obs.admits(board, loc))


def _filters(board: Board, query: TrackQuery) -> dict[int, int]:
    """For each observed slot (mod L), the locations (bits of board indexes) every observation on it admits."""
    masks: dict[int, int] = {}
    length = query.length
    for o in query.observations:
        slot = o.slot % length
        masks[slot] = masks.get(slot, -1) & _admitted(board, o.kind, o.landmark, o.location, o.found)
    return masks


def _walks_through(steps: _Steps, filters: dict[int, int], now: int, length: int, count: int) -> list[list[int]]:
    """For ``k`` in ``0 .. count - 1``: the walks through each location (board index) on slot ``now + k``.

    The cycle is read from an origin ``o``, the observed slot that admits the fewest locations.
    With ``M_i`` the slot ``o + i``, put ``P_i = M_0 ... M_{i-1}`` (the cycle up to slot
    ``o + i``) and ``S_i = M_i ... M_{L-1}`` (the rest of it): the walks through ``v`` on slot
    ``o + i`` are ``(S_i P_i)[v][v]``, and as every row of ``P_i`` but those of the locations
    slot ``o`` admits is 0 (``i > 0``; ``S_0``'s rows likewise), only those few lanes are read.
    The origin stays put as a game goes on, so each call finds most of its products built by
    the last (:meth:`_Steps.ends`).
    """
    everywhere = steps.everywhere
    bits = steps.lane_bits(length)
    lane = (1 << bits) - 1
    _, origin = min(zip(map(int.bit_count, filters.values()), filters, strict=True), default=(0, 0))
    masks = tuple([filters.get(i % length, everywhere) for i in range(origin, origin + length)])
    shifts = [j * bits for j in range(masks[0].bit_count())]
    asked = [(now + k - origin) % length for k in range(min(count, length))]
    runs = [asked] if asked[-1] >= asked[0] else [[i for i in asked if i >= asked[0]],
                                                  [i for i in asked if i < asked[0]]]
    counts = []
    for run in runs:
        rests = steps.ends(masks, bits, run[0], run[-1], True)
        firsts = steps.ends(masks, bits, run[0], run[-1], False)
        for rest, first in zip(rests, firsts, strict=True):
            if len(shifts) == 1:  # one lane: nothing to unpack
                counts.append(list(map(mul, rest, first)))
                continue
            at = [0] * steps.size
            for s in shifts:
                at = [a + (r >> s & lane) * (f >> s & lane) for a, r, f in zip(at, rest, first, strict=True)]
            counts.append(at)
    return [counts[k % length] for k in range(count)]


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
        total = self.total
        return dict(zip(self.counts, map(total.__rtruediv__, self.counts.values()), strict=True)) if total \
            else dict.fromkeys(self.counts, 0.0)

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


def track_slots(board: Board, query: TrackQuery, count: int) -> list[SlotOdds]:
    """Her odds on the ``count`` slots ``now .. now + count - 1`` (at least one), from one pass
    over the cycle: what a plan that looks a few turns ahead reads (:mod:`deduce.game.plan`).

    Slots are reported as the query numbers them (not reduced mod L); every slot's total is
    the number of walks that fit, 0 when none does.
    """
    if count < 1:
        raise ValueError(f"at least one slot is asked for, got {count}")
    ids = board.location_ids
    counts = _walks_through(_steps(board, query.may_stay), _filters(board, query), query.now, query.length, count)
    total = sum(counts[0])
    return [SlotOdds(query.now + k, dict(zip(ids, at, strict=True)), total) for k, at in enumerate(counts)]


def track(board: Board, query: TrackQuery) -> Tracking:
    """Count the closed walks that fit ``query`` and give the odds for ``now`` and ``now + 1``.

    Slots are reported as the query numbers them (``now`` and ``now + 1``, not reduced mod
    L). When no walk fits, ``paths`` is 0 and every probability is 0.
    """
    now, following = track_slots(board, query, 2)
    return Tracking(query=query, paths=now.total, now=now, next=following)
