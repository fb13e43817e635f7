"""Smallest explanations (deduce.who.explain) against a brute force over every subset."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.who.cards import CardSet
from deduce.who.evaluator import space_for
from deduce.who.explain import Reason, reason_finder, smallest_reason
from deduce.who.query import Query
from tests.strategies import card_sets_with_queries


def brute_force(base: int, masks: list[int], region: int) -> tuple[int, ...] | None:
    """Every subset by size, then in lexicographic order: the first that empties the region."""
    for size in range(len(masks) + 1):
        for subset in combinations(range(len(masks)), size):
            left = base & region
            for i in subset:
                left &= masks[i]
            if not left:
                return subset
    return None


masks_cases: st.SearchStrategy[tuple[int, list[int], int]] = st.integers(1, 12).flatmap(
    lambda width: st.tuples(
        st.integers(0, (1 << width) - 1),
        st.lists(st.integers(0, (1 << width) - 1), max_size=9),
        st.integers(0, (1 << width) - 1),
    )
)


@settings(max_examples=300)
@given(masks_cases)
def test_smallest_reason_is_the_brute_force_answer(case: tuple[int, list[int], int]) -> None:
    base, masks, region = case
    expected = brute_force(base, masks, region)
    found = smallest_reason(base, masks, region)
    if expected is None:
        assert found is None
    else:
        assert found == Reason(expected)


@settings(max_examples=300)
@given(masks_cases, st.lists(st.integers(0, (1 << 12) - 1), min_size=1, max_size=4))
def test_a_query_finder_is_the_search_for_every_region(case: tuple[int, list[int], int], regions: list[int]) -> None:
    """One finder per query (a table of every subset's intersection up to TABLE_CLUES clues,
    the search past that) answers every region as the search alone does."""
    base, masks, region = case
    find = reason_finder(base, masks)
    for r in (region, *regions):
        assert find(r) == smallest_reason(base, masks, r)


@settings(max_examples=100)
@given(masks_cases)
def test_fallback_is_sufficient_and_subset_minimal(case: tuple[int, list[int], int]) -> None:
    """With no search at all (exact bound 0), the answer still suffices and has no spare clue."""
    base, masks, region = case
    found = smallest_reason(base, masks, region, exact_clues=0)
    if found is None:
        assert brute_force(base, masks, region) is None
        return
    def empties(subset: tuple[int, ...]) -> bool:
        left = base & region
        for i in subset:
            left &= masks[i]
        return not left
    assert empties(found.clues)
    assert found.smallest == (found.clues == ())
    for dropped in found.clues:
        assert not empties(tuple(i for i in found.clues if i != dropped))


@settings(max_examples=80)
@given(card_sets_with_queries(max_traits=6, max_suits=3))
def test_smallest_reason_on_queries_matches_sub_queries(case: tuple[CardSet, Query]) -> None:
    """On real queries, each trait's reason is the first subset whose sub-query forces the trait."""
    cards, query = case
    space = space_for(cards)
    masks = [space.observation_mask(o, query.distinct) for o in query.clues]
    base = space.suit_mask(query.suit) if query.suit is not None else space.all
    full = space.query_mask(query)
    if not full:
        return
    for t, has in enumerate(space.trait_masks):
        region = has if not full & has else (space.all & ~has if not full & ~has else None)
        if region is None:
            continue
        reason = smallest_reason(base, masks, region)
        assert reason is not None
        for size in range(len(reason.clues) + 1):
            for subset in combinations(range(len(masks)), size):
                sub = replace(query, clues=tuple(query.clues[i] for i in subset))
                forces = not space.query_mask(sub) & region
                if subset == reason.clues:
                    assert forces, f"trait {t}: the reason must force it"
                    break
                assert not forces, f"trait {t}: {subset} is smaller or earlier than {reason.clues}"
            else:
                continue
            break
