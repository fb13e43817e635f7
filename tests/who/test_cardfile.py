"""Card set documents: good ones round-trip, bad ones name the place and what was expected."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings

from deduce import document
from deduce.errors import MAX_PROBLEMS, InputError
from deduce.who import cardfile
from deduce.who.cards import CardSet
from tests.budget import calls_made
from tests.conftest import TINY
from tests.strategies import card_sets

BASE: dict[str, Any] = yaml.safe_load(TINY)


def problems_of(doc: object) -> list[str]:
    with pytest.raises(InputError) as info:
        cardfile.parse(doc)
    return [str(p) for p in info.value.problems]


def edited(path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    *parents, last = path
    node: Any = doc
    for part in parents:
        node = node[part]
    if value is KeyError:
        del node[last]
    else:
        node[last] = value
    return doc


@pytest.mark.parametrize("path, value, expected", [
    (("ladies", 3, "key", "red"), 4, "ladies[3].key.red: 4 is outside 0..2"),
    (("ladies", 3, "key", "red"), [0, "x"], "ladies[3].key.red[1]: expected a whole number in 0..2, got a string"),
    (("ladies", 3, "key", "red"), True, "ladies[3].key.red: expected a whole number in 0..2, got a boolean"),
    (("ladies", 3, "key", "red"), [], "ladies[3].key.red: expected between 1 and 3 counts, got 0"),
    (("ladies", 3, "key", "red"), [2, 2], "ladies[3].key.red[1]: 2 is already in this entry: each count once"),
    (("ladies", 3, "key", "red"), KeyError, "ladies[3].key.red: is missing: every suit needs a key entry"),
    (("ladies", 3, "key", "green"), 1, "ladies[3].key.green: unknown suit 'green'"),
    (("ladies", 0, "traits"), ["a"], "ladies[0].traits: expected 2 traits, got 1"),
    (("ladies", 0, "traits"), ["a", "zz"], "ladies[0].traits[1]: unknown trait 'zz'"),
    (("ladies", 0, "traits"), ["a", "a"], "ladies[0].traits: names the same trait twice"),
    (("ladies", 0, "suit"), "green", "ladies[0].suit: unknown suit 'green'"),
    (("ladies", 0, "suit"), KeyError, "ladies[0].suit: is required"),
    (("ladies", 0, "key"), KeyError, "ladies[0].key: is required"),
    (("ladies", 0, "key"), [1, 2], "ladies[0].key: expected a mapping of suit to counts, got a list"),
    (("ladies", 1, "id"), "l1", "ladies[1].id: duplicate id 'l1' (also ladies[0])"),
    (("traits", 1, "id"), "a", "traits[1].id: duplicate id 'a' (also traits[0])"),
    (("suits", 1), "blue", "suits[1]: expected a mapping with an id, got a string"),
    (("schema",), 2, "schema: unsupported schema 2; expected 1"),
    (("schema",), KeyError, "schema: is required"),
    (("ladies",), KeyError, "ladies: is required"),
    (("traits",), {"a": 1}, "traits: expected a list, got a mapping"),
    (("traits",), [], "traits: needs at least 1 entry"),
    (("suits",), [], "suits: needs at least 1 entry"),
    (("ladies",), [], "ladies: needs at least 1 entry"),
    (("traits_per_lady",), 9, "traits_per_lady: expected a whole number in 1..4, got 9"),
    (("modes",), {"easy": {"red": "blue"}}, "modes.easy.blue: is missing: every suit needs an entry"),
    (("modes",), {"easy": {"red": "red", "blue": "red"}},
     "modes.easy.red: a mode cannot remove the Dark Lady's own suit"),
    (("modes",), {"hard": {}}, "modes.hard: unknown mode 'hard'"),
])
def test_bad_documents_name_the_place(path: tuple[str | int, ...], value: object, expected: str) -> None:
    assert any(p.startswith(expected) for p in problems_of(edited(path, value))), problems_of(edited(path, value))


def test_every_problem_is_reported_at_once() -> None:
    doc = edited(("ladies", 3, "key", "red"), 4)
    doc["ladies"][0]["suit"] = "green"
    assert len(problems_of(doc)) == 2


def test_duplicate_ids_carry_their_code() -> None:
    with pytest.raises(InputError) as info:
        cardfile.parse(edited(("ladies", 1, "id"), "l1"))
    assert [p.code for p in info.value.problems] == ["duplicate-id"]


@pytest.mark.parametrize("path, value, code", [
    (("traits_per_lady",), 9, "traits-per-lady"),  # more than the set's four traits: two fields, no schema
    (("traits_per_lady",), 0, "schema"),
    (("ladies", 0, "traits"), ["a"], "traits-per-lady"),
    (("ladies", 3, "key", "red"), 4, "traits-per-lady"),
    (("ladies", 3, "key", "red"), [0, 1, 2, 0], "traits-per-lady"),
    (("ladies", 3, "key", "red"), -1, "schema"),
])
def test_what_traits_per_lady_fixes_has_a_code_of_its_own(path: tuple[str | int, ...], value: object,
                                                            code: str) -> None:
    with pytest.raises(InputError) as info:
        cardfile.parse(edited(path, value))
    assert [p.code for p in info.value.problems] == [code]


@pytest.mark.parametrize("text, expected", [
    ("[1, 2]", "a card set must be a mapping"),
    ("just words", "a card set must be a mapping"),
    ("", "a card set must be a mapping"),
    ("schema: [1\n", "not valid YAML at line"),
    ("!!python/object:os.system {}", "not valid YAML"),
])
def test_unreadable_text(text: str, expected: str) -> None:
    with pytest.raises(InputError, match=expected):
        cardfile.loads(text)


def test_limits_are_refused_before_work() -> None:
    doc = copy.deepcopy(BASE)
    doc["traits"] = [{"id": f"t{i}"} for i in range(17)]
    assert any("at most 16" in p for p in problems_of(doc))
    with pytest.raises(InputError, match="larger than"):
        cardfile.loads("x" * (document.MAX_DOCUMENT_BYTES + 1))


def refused(text: str) -> None:
    """Read a card set that must be refused as an alias bomb."""
    with pytest.raises(InputError, match="expands to more than"):
        cardfile.loads(text)


def test_alias_bomb_is_cheap() -> None:
    """A billion-laughs document is measured without being expanded, and refused quickly."""
    lines = ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    lines += ["schema: 1", "traits: *a8", "suits: *a8", "ladies: *a8"]
    assert calls_made(lambda: refused("\n".join(lines))) < 20_000  # never expanded: a billion values would be more


def test_alias_bomb_in_a_quoted_field_is_refused() -> None:
    """An unknown suit quotes the value it got: an aliased bomb there must never be printed."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    doc = "\n".join(lines) + "\n" + TINY
    doc = doc.replace("suit: red, traits: [a, b]", "suit: *a8, traits: [a, b]", 1)
    assert calls_made(lambda: refused(doc)) < 20_000


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        cardfile.load(tmp_path / "nope.yaml")


def test_names_default_to_the_id_and_take_languages(tiny: CardSet) -> None:
    assert tiny.trait("a").name.get("ru") == "a"
    doc = edited(("traits", 0, "name"), {"en": "Able", "it": "Abile"})
    cards = cardfile.parse(doc)
    assert cards.trait("a").name.get("it") == "Abile" and cards.trait("a").name.get("ru") == "Able"


@settings(max_examples=50)
@given(card_sets(ladies_per_suit=None))
def test_to_json_round_trips(cards: CardSet) -> None:
    again = cardfile.parse(cardfile.to_json(cards))
    assert cardfile.to_json(again) == cardfile.to_json(cards)
    assert [(lady.id, lady.suit, lady.traits, dict(lady.key)) for lady in again.ladies] == \
           [(lady.id, lady.suit, lady.traits, dict(lady.key)) for lady in cards.ladies]


def test_a_key_of_tens_of_thousands_of_suits_is_refused_cheaply_and_counted() -> None:
    doc = edited(("ladies", 0, "key"), {f"s{i}": 1 for i in range(20_000)})
    calls = calls_made(lambda: problems_of(doc))
    found = problems_of(doc)
    assert len(found) == MAX_PROBLEMS + 1 and found[0].startswith("ladies[0].key.s0: unknown suit 's0'")
    assert found[-1] == f"and {20_000 + 2 - MAX_PROBLEMS} more problems (only the first {MAX_PROBLEMS} are reported)"
    assert calls < 15 * 20_000  # a few for each suit, past the first problems no words and no error object
