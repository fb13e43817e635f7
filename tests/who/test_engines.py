"""The fast evaluator, the z3 model and the python-constraint encoding agree with a brute force."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from hypothesis import given, settings

from deduce.who.cards import CardSet
from deduce.who.deduction import candidates, deduce, summarise
from deduce.who.evaluator import space_for
from deduce.who.query import Observation, Query, parse_query
from tests.strategies import card_sets_with_queries


def brute_force(cards: CardSet, query: Query) -> set[tuple[str, frozenset[str]]]:
    """SPEC 3's four rules, read literally, over every (suit, trait set) pair."""
    return {
        (s, frozenset(chosen))
        for s in cards.suit_ids
        if query.suit is None or s == query.suit  # rule 1
        for chosen in combinations(cards.trait_ids, cards.traits_per_lady)
        if all(observation_admits(cards, o, s, frozenset(chosen), query.distinct) for o in query.clues)
    }


def observation_admits(cards: CardSet, o: Observation, s: str, x: frozenset[str], distinct: bool) -> bool:
    """SPEC 3's rules 2 to 4 for one revealed card o, read literally: may the Dark Lady be (s, x)?"""
    t = frozenset(cards.unmask(o.traits))
    if o.counts is not None:
        allowed: frozenset[int] | None = o.counts
    else:
        assert o.key is not None, "a revealed card gives counts or a key"
        allowed = dict(o.key).get(s)
    if allowed is None or len(t & x) not in allowed:  # rule 2
        return False
    if distinct and t == x:  # rule 3
        return False
    if o.suit is not None and o.role == "clue" and s == o.suit:  # rule 4, a clue
        return False
    return not (o.suit is not None and o.role == "suit_card" and s != o.suit)  # rule 4, the suit card


def as_sets(cards: CardSet, found: Iterable[tuple[str, int]]) -> set[tuple[str, frozenset[str]]]:
    return {(s, frozenset(cards.unmask(x))) for s, x in found}


@settings(max_examples=150)
@given(card_sets_with_queries())
def test_fast_evaluator_matches_brute_force(case: tuple[CardSet, Query]) -> None:
    cards, query = case
    assert as_sets(cards, candidates(cards, query, "fast")) == brute_force(cards, query)


@settings(max_examples=40)
@given(card_sets_with_queries(max_traits=6, max_suits=3))
def test_three_engines_agree(case: tuple[CardSet, Query]) -> None:
    cards, query = case
    fast = candidates(cards, query, "fast")
    z3 = candidates(cards, query, "z3")
    csp = candidates(cards, query, "csp")
    assert len(z3) == len(set(z3)), "z3 enumeration must not repeat a candidate"
    assert as_sets(cards, fast) == as_sets(cards, z3) == as_sets(cards, csp)
    space = space_for(cards)
    assert summarise(cards, space.mask_of(fast)) == summarise(cards, space.mask_of(z3)) == \
        summarise(cards, space.mask_of(csp))


@settings(max_examples=80)
@given(card_sets_with_queries())
def test_summary_follows_the_candidates(case: tuple[CardSet, Query]) -> None:
    cards, query = case
    result = deduce(cards, query)
    trait_sets = {c.traits for c in result.candidates}
    assert result.status == ("contradiction" if not trait_sets else "solved" if len(trait_sets) == 1 else "open")
    assert set(result.traits) == set(cards.trait_ids)
    if trait_sets:
        for t, state in result.traits.items():
            holds = [t in x for x in trait_sets]
            assert state == ("certain" if all(holds) else "excluded" if not any(holds) else "open")
    assert (result.dark_lady is not None) == (result.status == "solved")
    order = [(cards.suit_ids.index(c.suit), [cards.trait_ids.index(t) for t in c.traits]) for c in result.candidates]
    assert order == sorted(order), "candidates are sorted by suit, then by traits in card-set order"


def test_rulebook_example_leaves_eighteen(shipped: CardSet) -> None:
    """The rulebook's example: a rose Dark Lady, Jacqueline Field revealed (rose: 1)."""
    query = parse_query(shipped, {"suit": "rose", "clues": [{"card": "jacqueline-field"}]})
    result = deduce(shipped, query)
    assert result.status == "open"
    assert len(result.candidates) == 18
    jf = {"literary", "married", "children"}
    assert all(len(jf & set(c.traits)) == 1 and c.suit == "rose" for c in result.candidates)
    assert all(state == "open" for state in result.traits.values())


def test_unknown_suit_spreads_over_every_suit_but_the_clue_cards(tiny: CardSet) -> None:
    result = deduce(tiny, parse_query(tiny, {"clues": [{"card": "l1"}]}))
    assert {c.suit for c in result.candidates} == {"blue"}, "a clue card is never of her suit"
    result = deduce(tiny, parse_query(tiny, {"clues": [{"card": "l1", "role": "suit_card"}]}))
    assert {c.suit for c in result.candidates} == {"red"}, "the suit card is of her suit"


def test_distinct_rule_can_be_switched_off(tiny: CardSet) -> None:
    doc = {"suit": "red", "clues": [{"traits": ["a", "b"], "counts": [2]}]}
    assert deduce(tiny, parse_query(tiny, doc)).status == "contradiction"
    relaxed = deduce(tiny, parse_query(tiny, {**doc, "distinct": False}))
    assert relaxed.status == "solved" and relaxed.dark_lady == ("a", "b")
