"""Key entries as printed (``0/2``) and as read from documents and queries."""

from __future__ import annotations

from deduce.errors import Problems
from deduce.who.keys import key_entry_text, key_to_json, parse_key_entry, parse_trait_list


def test_key_entry_text_prints_counts_in_order() -> None:
    assert key_entry_text(frozenset({2, 0})) == "0/2"
    assert key_entry_text([1]) == "1"
    assert key_entry_text([3, 1, 2]) == "1/2/3"


def test_key_entries_and_trait_lists_report_each_problem() -> None:
    problems = Problems()
    assert parse_key_entry([0, 2], ("key", "rose"), problems, 3) == frozenset({0, 2})
    assert parse_key_entry(1, ("key", "rose"), problems, 3) == frozenset({1})
    assert not problems
    assert parse_key_entry([0, 5], ("key", "rose"), problems, 3) is None
    assert parse_trait_list(["a", "a"], ("traits",), problems, ("a", "b"), 2) is None
    assert [(p.path, p.message) for p in problems.items] == [
        ("key.rose[1]", "5 is outside 0..3"), ("traits", "names the same trait twice")]


def test_key_to_json_follows_the_suit_order() -> None:
    key = {"oak": frozenset({2, 0}), "rose": frozenset({1})}
    assert list(key_to_json(key, ("rose", "oak")).items()) == [("rose", [1]), ("oak", [0, 2])]


def test_what_the_sets_traits_per_lady_fixes_has_a_code_of_its_own() -> None:
    problems = Problems()
    parse_key_entry([0, 1, 2, 3, 0], ("key", "rose"), problems, 3)  # more counts than 0..3 holds
    parse_key_entry(4, ("key", "oak"), problems, 3)
    parse_trait_list(["a", "b"], ("traits",), problems, ("a", "b", "c"), 3)
    parse_key_entry(-1, ("key", "sage"), problems, 3)  # what any set refuses is the schema's
    parse_key_entry([], ("key", "acorn"), problems, 3)
    parse_trait_list([], ("traits",), problems, ("a", "b", "c"), 3)
    assert [(p.path, p.code) for p in problems.items] == [
        ("key.rose", "traits-per-lady"), ("key.oak", "traits-per-lady"), ("traits", "traits-per-lady"),
        ("key.sage", "schema"), ("key.acorn", "schema"), ("traits", "schema")]
