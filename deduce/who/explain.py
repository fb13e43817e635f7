"""Smallest explanations (SPEC 3): the fewest clues that force a conclusion.

A conclusion is "no consistent candidate lies in this region": for a certain trait the
region is every candidate without it, for an excluded trait every candidate with it, and
for a contradiction the whole space. A set of clues S *explains* it when the candidates
that the query's suit and the clues of S admit miss the region entirely.

:func:`smallest_reason` finds the smallest such S, ties broken by the lexicographically
first sorted index list, so every engine gives the same answer. It works on the fast
evaluator's masks, restricted to the region:

- a clue that admits every candidate of the region can never be needed, and of two
  clues that admit the same candidates of the region only the first can be in the
  lexicographically first smallest set, so both are dropped before the search;
- subsets are then tried by increasing size, in lexicographic order, depth first with
  the running intersection, so the first hit is the answer.

Past :data:`EXACT_CLUES` relevant clues, or :data:`SEARCH_BUDGET` subsets tried, the
search would grow combinatorially; it then returns a subset-minimal set instead (every
clue of it needed, found by deleting clues from the last to the first) and says so, and
the caller adds the ``explanation-not-smallest`` note.

A query usually has a few clues and several conclusions (each proven trait, or the
conflict). :func:`reason_finder` then builds, once per query, what every subset of its
clues admits (:data:`TABLE_CLUES` clues at most: 2**n intersections), and each conclusion
is the first subset in the same order (size, then lexicographic) that misses its region:
the same answer as :func:`smallest_reason`, whose search is always exact for so few clues
(dropping clues changes no first smallest set, as said above), for a fraction of its cost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

#: Relevant clues (after dropping those that cannot matter) up to which the search is exact.
EXACT_CLUES = 24
#: Subsets tried at most for one conclusion before falling back to a subset-minimal set.
SEARCH_BUDGET = 50_000
#: Clues up to which a query's conclusions are read from a table of every subset's intersection.
TABLE_CLUES = 6


class Reason(NamedTuple):
    """The clues (indexes into the query) that force a conclusion, and whether they are the fewest."""

    clues: tuple[int, ...]
    smallest: bool = True


def smallest_reason(base: int, masks: Sequence[int], region: int,
                    exact_clues: int = EXACT_CLUES, budget: int = SEARCH_BUDGET) -> Reason | None:
    """The first smallest set of clue indexes whose masks, with ``base``, leave nothing in ``region``.

    ``base`` is what the query admits before any clue (its suit), ``masks`` what each clue
    admits. None when even all the clues together leave a candidate in the region.
    """
    target = base & region
    if not target:
        return Reason(())
    relevant = _relevant(masks, target)
    left = target
    for _, mask in relevant:
        left &= mask
    if left:
        return None
    if len(relevant) <= exact_clues:
        within = [mask for _, mask in relevant]
        for size in range(1, len(relevant) + 1):
            found, budget = _first_of_size(within, target, size, budget)
            if found is not None:
                return Reason(tuple(relevant[j][0] for j in found))
            if budget <= 0:
                break
    return Reason(_subset_minimal(relevant, target), smallest=False)


def reason_finder(base: int, masks: Sequence[int]) -> Callable[[int], Reason | None]:
    """The smallest reason of any region for one query (``base``, ``masks`` as for :func:`smallest_reason`).

    With up to :data:`TABLE_CLUES` clues, from a table of what every subset of them admits,
    built once for all the query's conclusions; with more, by :func:`smallest_reason`.
    """
    if len(masks) > TABLE_CLUES:
        return lambda region: smallest_reason(base, masks, region)
    admitted = [base]
    for mask in masks:
        admitted += [left & mask for left in admitted]
    order = _by_size(len(masks))

    def find(region: int) -> Reason | None:
        for subset, clues in order:
            if not admitted[subset] & region:
                return Reason(clues)
        return None

    return find


@lru_cache(maxsize=TABLE_CLUES + 1)
def _by_size(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every subset of ``n`` clues (bit j for clue j) with its clue list, by size, then lexicographically."""
    subsets = [(s, tuple(j for j in range(n) if s >> j & 1)) for s in range(1 << n)]
    return tuple(sorted(subsets, key=lambda item: (len(item[1]), item[1])))


def _relevant(masks: Sequence[int], target: int) -> list[tuple[int, int]]:
    """(index, mask within the target) of the clues that can belong to the first smallest set."""
    seen: set[int] = set()
    relevant = []
    for index, mask in enumerate(masks):
        within = mask & target
        if within != target and within not in seen:
            seen.add(within)
            relevant.append((index, within))
    return relevant


def _first_of_size(masks: list[int], target: int, size: int, budget: int) -> tuple[tuple[int, ...] | None, int]:
    """The lexicographically first ``size``-subset of ``masks`` (positions) that empties ``target``,
    and the budget left: each subset tried costs one unit, and the search stops when none is left.

    Depth first, in lexicographic order; the last clue of a subset is tried in a plain loop,
    not one call per subset (most conclusions need one or two clues).
    """
    n = len(masks)
    chosen: list[int] = []

    def search(start: int, left: int) -> bool:
        nonlocal budget
        if len(chosen) == size - 1:
            for j in range(start, n):
                if budget <= 0:
                    return False
                budget -= 1
                if not left & masks[j]:
                    chosen.append(j)
                    return True
            return False
        for j in range(start, n - (size - len(chosen)) + 1):
            if budget <= 0:
                return False
            chosen.append(j)
            if search(j + 1, left & masks[j]):
                return True
            chosen.pop()
        return False

    if search(0, target):
        return tuple(chosen), budget
    return None, budget


def _subset_minimal(relevant: list[tuple[int, int]], target: int) -> tuple[int, ...]:
    """A set of clues that empties ``target`` with every clue needed: delete from the last one back."""
    kept = list(relevant)
    for position in range(len(kept) - 1, -1, -1):
        left = target
        for j, (_, mask) in enumerate(kept):
            if j != position:
                left &= mask
        if not left:
            del kept[position]
    return tuple(index for index, _ in kept)
