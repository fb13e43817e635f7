"""Explanations and conflicts are the smallest reasons of SPEC 3, and every engine gives the same.

Sufficiency and minimality are checked through deduce() on sub-queries; the fast search
itself is checked against a brute force in test_smallest.py; here the z3 model's own
search (its optimiser over the clues) must give exactly the fast evaluator's answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from hypothesis import given, settings

from deduce.who.cards import CardSet
from deduce.who.deduction import deduce
from deduce.who.query import Query, parse_query
from tests.budget import calls_made
from tests.strategies import card_sets_with_queries


def only(query: Query, indexes: Iterable[int]) -> Query:
    return replace(query, clues=tuple(query.clues[i] for i in indexes), explain=False)


def with_repeats(query: Query) -> Query:
    """The query with its first clues entered twice: redundancy that a minimal set must shed."""
    return replace(query, clues=query.clues + query.clues[:2])


def forces(cards: CardSet, query: Query, trait: str, state: str) -> bool:
    """Whether every candidate of the query has the trait (certain) or none has it (excluded)."""
    found = deduce(cards, query).candidates
    return all((trait in c.traits) == (state == "certain") for c in found)


@settings(max_examples=60)
@given(card_sets_with_queries(max_traits=6, max_suits=3))
def test_explanations_are_sufficient_and_minimal(case: tuple[CardSet, Query]) -> None:
    cards, query = case
    query = with_repeats(query)
    result = deduce(cards, replace(query, explain=True))
    if result.status == "contradiction":
        return
    explained = {e.trait: e for e in result.explanations}
    assert set(explained) == {t for t, s in result.traits.items() if s != "open"}
    for e in result.explanations:
        assert e.state == result.traits[e.trait]
        assert list(e.clues) == sorted(set(e.clues))
        assert forces(cards, only(query, e.clues), e.trait, e.state), "the explanation must suffice"
        for dropped in e.clues:
            rest = [i for i in e.clues if i != dropped]
            assert not forces(cards, only(query, rest), e.trait, e.state), "every clue of it must be needed"


@settings(max_examples=60)
@given(card_sets_with_queries(max_traits=6, max_suits=3))
def test_conflicts_are_minimal(case: tuple[CardSet, Query]) -> None:
    cards, query = case
    query = with_repeats(query)
    result = deduce(cards, query)
    if result.status != "contradiction":
        assert result.conflict is None
        return
    assert result.conflict is not None  # the fast engine always names the conflict of a contradiction
    assert deduce(cards, only(query, result.conflict)).status == "contradiction"
    for dropped in result.conflict:
        rest = [i for i in result.conflict if i != dropped]
        assert deduce(cards, only(query, rest)).status != "contradiction"


def test_explanation_names_the_forcing_clue(tiny: CardSet) -> None:
    # With her suit red, l3 (c, d) says she shares 0 or 1 of them, and the typed card
    # (c, d: 0) says none: c and d are ruled out by the typed card alone.
    query = parse_query(tiny, {"suit": "red", "explain": True,
                               "clues": [{"card": "l3"}, {"traits": ["c", "d"], "counts": [0]}]})
    result = deduce(tiny, query)
    by_trait = {e.trait: e for e in result.explanations}
    assert by_trait["c"].state == "excluded" and by_trait["c"].clues == (1,)
    assert by_trait["a"].state == "certain" and by_trait["b"].state == "certain"
    assert result.status == "solved" and result.dark_lady == ("a", "b")


def test_redundant_clues_are_left_out(tiny: CardSet) -> None:
    # Clue 0 alone rules out c and d, so with two traits per lady she is a and b;
    # the repeated clue 2 and the other cards add nothing to any explanation.
    query = parse_query(tiny, {"suit": "red", "explain": True, "clues": [
        {"traits": ["c", "d"], "counts": [0]}, {"card": "l3"},
        {"traits": ["c", "d"], "counts": [0]}, {"traits": ["a", "c"], "counts": [1]}]})
    result = deduce(tiny, query)
    assert {e.trait: e.clues for e in result.explanations} == dict.fromkeys("abcd", (0,))


def test_without_explain_no_z3_work_is_reported(tiny: CardSet) -> None:
    result = deduce(tiny, parse_query(tiny, {"suit": "red", "clues": [{"card": "l3"}]}))
    assert result.explanations == () and result.conflict is None


def test_explanations_do_not_depend_on_earlier_work(tiny: CardSet) -> None:
    """The same query gets the same explanation, whatever z3 was asked before."""
    doc = {"suit": "red", "explain": True, "clues": [
        {"traits": ["c", "d"], "counts": [0]}, {"card": "l3"},
        {"traits": ["c", "d"], "counts": [0]}, {"traits": ["a", "c"], "counts": [1]}]}
    first = deduce(tiny, parse_query(tiny, doc))
    for other in ({"clues": [{"card": "l1"}, {"card": "l3"}]},
                  {"suit": "blue", "explain": True, "clues": [{"card": "l1"}]}):
        deduce(tiny, parse_query(tiny, other))
    assert deduce(tiny, parse_query(tiny, doc)) == first


@settings(max_examples=60, deadline=None)
@given(card_sets_with_queries(max_traits=6, max_suits=3))
def test_z3_finds_the_same_smallest_reasons(case: tuple[CardSet, Query]) -> None:
    cards, query = case
    query = replace(with_repeats(query), explain=True)
    fast = deduce(cards, query)
    z3 = deduce(cards, query, engine="z3")
    assert z3.explanations == fast.explanations
    assert z3.conflict == fast.conflict
    assert "explanation-not-smallest" not in {n.code for n in fast.notes}


def test_smallest_beats_any_minimal_set(tiny: CardSet) -> None:
    """Clues 0, 1 and 2 together exclude c, and so does clue 3 alone: the reason is clue 3."""
    query = parse_query(tiny, {"suit": "red", "explain": True, "clues": [
        {"traits": ["c", "d"], "counts": [0, 1]}, {"traits": ["a", "c"], "counts": [0, 1]},
        {"traits": ["b", "c"], "counts": [0, 1]}, {"traits": ["c", "d"], "counts": [0]}]})
    for engine in ("fast", "z3"):
        by_trait = {e.trait: e.clues for e in deduce(tiny, query, engine=engine).explanations}
        assert by_trait["c"] == (3,), engine


def test_sixty_four_clues_with_explain_answer_quickly(shipped: CardSet) -> None:
    """The most clues a query may hold, typed at random: the smallest reasons are found with a bounded
    search (some tens of thousands of calls today; an exhaustive one over 64 clues would be astronomical)."""
    import random

    rng = random.Random(7)
    clues = [{"traits": rng.sample(shipped.trait_ids, 3),
              "counts": sorted(rng.sample(range(4), rng.randint(2, 3)))} for _ in range(64)]
    query = parse_query(shipped, {"suit": "rose", "explain": True, "clues": clues})
    results = []
    assert calls_made(lambda: results.append(deduce(shipped, query))) < 1_000_000
    assert results[0].conflict is not None or results[0].explanations
