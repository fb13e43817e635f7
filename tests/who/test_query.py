"""Queries: bad input is an error naming the field, never a contradiction."""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

import pytest

from bench.hint import malformed_lines, shaped_queries, varied_queries
from deduce.errors import MAX_PROBLEMS, InputError
from deduce.who.cards import CardSet
from deduce.who.query import MAX_CLUES, parse_obs_text, parse_query
from tests.budget import calls_made


def problems(cards: CardSet, doc: object) -> list[str]:
    with pytest.raises(InputError) as info:
        parse_query(cards, doc)
    return [str(p) for p in info.value.problems]


@pytest.mark.parametrize("doc, expected", [
    ([], "a query must be a JSON object"),
    ({"suit": "green"}, "suit: unknown suit 'green'"),
    ({"suite": "red"}, "suite: unknown field"),
    ({"clues": {"card": "l1"}}, "clues: expected a list, got a mapping"),
    ({"clues": [{"card": "nobody"}]}, "clues[0].card: unknown card 'nobody'"),
    ({"clues": [{"card": "l1", "role": "dark"}]}, "clues[0].role: expected one of: clue, suit_card"),
    ({"clues": [{"card": "l1", "traits": ["a", "b"]}]}, "clues[0].traits: give either a card id"),
    ({"clues": ["l1"]}, "clues[0]: expected an object"),
    ({"suit": "red", "clues": [{"traits": ["a", "q"], "counts": [1]}]}, "clues[0].traits[1]: unknown trait 'q'"),
    ({"suit": "red", "clues": [{"traits": ["a"], "counts": [1]}]}, "clues[0].traits: expected 2 traits, got 1"),
    ({"suit": "red", "clues": [{"traits": ["a", "b"], "counts": [3]}]}, "clues[0].counts[0]: 3 is outside 0..2"),
    ({"suit": "red", "clues": [{"traits": ["a", "b"], "counts": [1, 1]}]},
     "clues[0].counts[1]: 1 is already in this entry: each count once"),
    ({"suit": "red", "clues": [{"traits": ["a", "b"], "counts": "1"}]}, "clues[0].counts: expected a whole number"),
    ({"clues": [{"traits": ["a", "b"], "counts": [1]}]}, "clues[0].counts: needs the Dark Lady's suit"),
    ({"suit": "red", "clues": [{"traits": ["a", "b"]}]}, "clues[0]: give exactly one of counts"),
    ({"suit": "red", "clues": [{"traits": ["a", "b"], "counts": [1], "key": {"red": 1}}]},
     "clues[0]: give exactly one of counts"),
    ({"clues": [{"traits": ["a", "b"], "key": {"red": 1}}]}, "clues[0].key.blue: is missing"),
    ({"clues": [{"traits": ["a", "b"], "key": {"red": 1, "blue": 0, "pink": 1}}]}, "clues[0].key.pink: unknown suit"),
    ({"distinct": "yes"}, "distinct: expected true or false"),
    ({"clues": [{"card": "l1"}] * (MAX_CLUES + 1)}, f"clues: has {MAX_CLUES + 1} clues; at most {MAX_CLUES}"),
])
def test_bad_queries_name_the_field(tiny: CardSet, doc: object, expected: str) -> None:
    found = problems(tiny, doc)
    assert any(p.startswith(expected) for p in found), found


def test_a_key_need_only_cover_suits_she_can_still_have(tiny: CardSet) -> None:
    query = parse_query(tiny, {"suit": "red", "clues": [{"traits": ["a", "b"], "key": {"red": 1}}]})
    assert query.clues[0].allowed("red") == frozenset({1})
    query = parse_query(tiny, {"clues": [{"card": "l3"}, {"traits": ["a", "b"], "key": {"red": 1}}]})
    assert query.suits(tiny) == ("red",)


def test_null_suit_and_missing_clues_are_fine(tiny: CardSet) -> None:
    query = parse_query(tiny, {"suit": None})
    assert query.suit is None and query.clues == () and query.distinct is True


@pytest.mark.parametrize("text, expected", [
    ("literary,married,children:0/2", {"traits": ["literary", "married", "children"], "counts": [0, 2]}),
    (" a , b : 1 ", {"traits": ["a", "b"], "counts": [1]}),
    ("a,b", {"traits": ["a", "b"], "counts": None}),
    ("a,b:x", {"traits": ["a", "b"], "counts": ["x"]}),
])
def test_obs_text(text: str, expected: dict[str, Any]) -> None:
    assert parse_obs_text(text) == expected


def test_obs_text_errors_go_through_the_query_checks(tiny: CardSet) -> None:
    found = problems(tiny, {"suit": "red", "clues": [parse_obs_text("a,b")]})
    assert any("clues[0].counts" in p for p in found)


def test_near_misses_are_named(shipped: CardSet) -> None:
    found = problems(shipped, {"suit": "rose", "clues": [{"card": "jaqueline-field"},
                                                         {"traits": ["literary", "maried", "court"], "counts": 1}]})
    assert "clues[0].card: unknown card 'jaqueline-field' (did you mean 'jacqueline-field'?)" in found[0]
    assert "clues[1].traits[1]: unknown trait 'maried' (did you mean 'married'?)" in found[1]


def test_a_typed_query_read_the_short_way_is_the_one_its_definition_reads(shipped: CardSet) -> None:
    """The batch reads a player's typed query from what the definition said of each card (its kept reading,
    good or bad); a mapping that is not a plain dict goes the long way, every part validated against QUERY,
    to the same query or the same problems."""
    lines = malformed_lines(shipped, varied_queries(shipped, 200, seed=7))
    for doc in varied_queries(shipped, 200) + shaped_queries(shipped, 100) + [json.loads(line) for line in lines
                                                                              if line.endswith("}")]:
        try:
            short = parse_query(shipped, doc)
        except InputError as exc:
            with pytest.raises(InputError) as long_way:
                parse_query(shipped, OrderedDict(doc))
            assert long_way.value.to_json() == exc.to_json()
        else:
            assert parse_query(shipped, OrderedDict(doc)) == short


def test_a_key_of_tens_of_thousands_of_suits_is_refused_cheaply_and_counted(shipped: CardSet) -> None:
    key = {f"s{i}": [1] for i in range(20_000)}
    doc = {"suit": "rose", "clues": [{"traits": ["court", "lover", "musical"], "key": key}, {"card": "nobody"}]}
    calls = calls_made(lambda: problems(shipped, doc))
    found = problems(shipped, doc)
    assert len(found) == MAX_PROBLEMS + 1 and found[0].startswith("clues[0].key.s0: unknown suit 's0'")
    assert found[-1] == f"and {20_000 + 1 - MAX_PROBLEMS} more problems (only the first {MAX_PROBLEMS} are reported)"
    assert calls < 15 * len(key)  # a few for each suit, past the first problems no words and no error object
