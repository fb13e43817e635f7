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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Relevant clues (after dropping those that cannot matter) up to which the search is exact.
EXACT_CLUES = 24
#: Subsets tried at most for one conclusion before falling back to a subset-minimal set.
SEARCH_BUDGET = 50_000


@dataclass(frozen=True)
class Reason:
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
    left = target
    for mask in masks:
        left &= mask
    if left:
        return None
    relevant = _relevant(masks, target)
    if len(relevant) <= exact_clues:
        for size in range(1, len(relevant) + 1):
            found, budget = _first_of_size(relevant, target, size, budget)
            if found is not None:
                return Reason(found)
            if budget <= 0:
                break
    return Reason(_subset_minimal(relevant, target), smallest=False)


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


def _first_of_size(relevant: list[tuple[int, int]], target: int, size: int,
                   budget: int) -> tuple[tuple[int, ...] | None, int]:
    """The lexicographically first ``size``-subset that empties ``target``, and the budget left."""
    n = len(relevant)
    chosen: list[int] = []

    def search(start: int, left: int) -> bool:
        nonlocal budget
        if len(chosen) == size:
            budget -= 1
            return not left
        for j in range(start, n - (size - len(chosen)) + 1):
            if budget <= 0:
                return False
            chosen.append(j)
            if search(j + 1, left & relevant[j][1]):
                return True
            chosen.pop()
        return False

    if search(0, target):
        return tuple(relevant[j][0] for j in chosen), budget
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
