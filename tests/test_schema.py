"""A document defined once (deduce.schema): pydantic validates it, and its problems keep the readers' words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

import pytest
from pydantic import Discriminator, Field, Tag, with_config
from typing_extensions import TypedDict

from deduce.errors import MAX_PROBLEMS, InputError, problem_words
from deduce.schema import (
    VERSION_MISSING,
    Definition,
    EntryId,
    Found,
    Listed,
    Name,
    Version,
    also,
    duplicate,
    entry,
    entry_key,
    known_in,
    names,
    said,
    strict,
    tagged,
    unique,
    validated,
)

GREEN = ("apple", "leaf", "frog")


def low(value: Any) -> Any:
    return problem_words("type.named", name=f"low {value!r}")


def high(value: Any) -> Any:
    return problem_words("type.named", name=f"high {value!r}")


@with_config(strict("Thing"))
class Thing(TypedDict):
    size: Annotated[int, Field(ge=1, le=9), said(greater_than_equal=low, less_than_equal=high,
                                                  limit=("less_than_equal",))]
    colour: Annotated[str, known_in("name", lambda ids, value: value in ids, lambda ids: ids)]
    tags: NotRequired[list[Annotated[int, said(lambda value: problem_words("type.named", name="a tag"))]]]


THING: Definition[Thing] = Definition(Annotated[Thing, entry(
    Thing, missing={"size": problem_words("type.named", name="size, please")},
    not_mapping=lambda value: problem_words("type.named", name="not a thing"))])


def problems(definition: Definition[Any], doc: Any, context: object = GREEN) -> list[tuple[str, str, str]]:
    with pytest.raises(InputError) as info:
        validated(definition, doc, context)
    return [(p.path, p.message, p.code) for p in info.value.problems]


def test_a_good_document_is_returned_as_it_is() -> None:
    doc = {"size": 3, "colour": "leaf", "tags": [1, 2]}
    assert validated(THING, doc, GREEN) == doc


def test_a_field_says_each_refusal_in_its_own_words_and_code() -> None:
    assert problems(THING, {"size": 0, "colour": "leaf"}) == [("size", "low 0", "schema")]
    assert problems(THING, {"size": 10, "colour": "leaf"}) == [("size", "high 10", "limit")]


def test_a_refusal_the_field_does_not_word_keeps_the_default_words() -> None:
    assert problems(THING, {"size": "3", "colour": 4}, None) == [
        ("size", "expected a whole number, got a string", "schema"),
        ("colour", "expected a string, got a number", "schema")]


def test_an_item_of_a_list_keeps_its_own_words_and_path() -> None:
    assert problems(THING, {"size": 2, "colour": "leaf", "tags": [1, "x", True]}) == [
        ("tags[1]", "a tag", "schema"), ("tags[2]", "a tag", "schema")]


def test_no_conversion_is_made() -> None:
    """Strict: a boolean is not a number, a numeric string is not one either."""
    assert [path for path, _, _ in problems(THING, {"size": True, "colour": "leaf", "tags": ["1"]})] == \
        ["size", "tags[0]"]


def test_unknown_fields_come_first_and_list_the_known_ones() -> None:
    assert problems(THING, {"colour": "leaf", "wings": 2}) == [
        ("wings", "unknown field; expected some of: size, colour, tags", "schema"),
        ("size", "size, please", "schema")]


def test_something_that_is_not_a_mapping_is_said_so() -> None:
    assert problems(THING, [1, 2]) == [("", "not a thing", "schema")]


def test_an_id_is_checked_against_the_context_with_a_near_miss_named() -> None:
    assert problems(THING, {"size": 2, "colour": "lef"}) == [
        ("colour", "unknown name 'lef' (did you mean 'leaf'?); expected one of: apple, leaf, frog", "schema")]
    assert problems(THING, {"size": 2, "colour": 4}) == [
        ("colour", "unknown name 4; expected one of: apple, leaf, frog", "schema")]


def test_without_a_context_only_the_shape_is_checked() -> None:
    assert validated(THING, {"size": 2, "colour": "anything"}) == {"size": 2, "colour": "anything"}


@with_config(strict("Cat"))
class Cat(TypedDict):
    cat: Literal["tabby", "black"]
    lives: int


@with_config(strict("Dog"))
class Dog(TypedDict):
    dog: str


def pet_kind(item: Any) -> str | None:
    return "cat" if "cat" in item else "dog" if "dog" in item else None


PET: Definition[Cat | Dog] = Definition(Annotated[
    Annotated[Cat, Tag("cat")] | Annotated[Dog, Tag("dog")], Discriminator(pet_kind),
    tagged(pet_kind, lambda item: problem_words("type.named", name="no pet")),
    entry(Cat, fields=("cat", "dog", "lives"))])


def test_a_union_told_apart_by_a_field_has_the_documents_paths() -> None:
    assert problems(PET, {"cat": "tabby", "bark": 1}, None) == [
        ("bark", "unknown field; expected some of: cat, dog, lives", "schema"), ("lives", "is required", "schema")]
    assert validated(PET, {"dog": "rex"}) == {"dog": "rex"}
    assert problems(PET, {"cat": "ginger", "lives": 9}, None)[0][0] == "cat"
    assert problems(PET, {"bird": 1}, None) == [("", "no pet", "schema")]


def test_the_schema_is_the_definitions() -> None:
    schema = THING.json_schema("#/components/schemas/{model}")
    assert schema["properties"]["size"] == {"maximum": 9, "minimum": 1, "title": "Size", "type": "integer"}
    assert schema["additionalProperties"] is False and schema["required"] == ["size", "colour"]


# -- what no single field can say, and the parts many documents share ----------------------------------------

@with_config(strict("Shelf", extra="allow"))
class Shelf(TypedDict):
    id: EntryId
    count: Annotated[int, said(lambda value: problem_words("type.named", name="a count"))]
    name: NotRequired[Name]


def too_many(shelf: Mapping[str, Any], context: object) -> Found:
    if isinstance(shelf.get("count"), int) and shelf["count"] > 3:
        yield "count", problem_words("type.named", name="too many"), "limit"
    if context == "named" and "name" not in shelf:
        yield "name", problem_words("type.named", name="a name, please"), "schema"


def shelves(ids_first: bool) -> Definition[dict[str, list[Shelf]]]:
    item = Annotated[Shelf, also(Shelf, too_many), entry(Shelf, not_mapping=lambda value: problem_words(
        "type.named", name="not a shelf"))]
    return Definition(dict[str, Annotated[list[item], Listed(4), unique(
        entry_key, duplicate("shelves"), ids_first=ids_first)]])


def test_an_entry_repeating_an_earlier_ones_id_is_said_to_and_nothing_else_of_it() -> None:
    doc = {"shelves": [{"id": "a", "count": 1}, {"id": "b", "count": "x"}, {"id": "a", "count": 2}]}
    assert problems(shelves(False), doc, None) == [
        ("shelves[1].count", "a count", "schema"),
        ("shelves[2].id", "duplicate id 'a' (also shelves[0])", "duplicate-id")]


def test_an_entry_with_a_problem_has_no_id_to_repeat_unless_ids_come_first() -> None:
    doc = {"shelves": [{"id": "a", "count": "x"}, {"id": "a", "count": 1}, 7, {"id": " ", "count": "z"}]}
    assert problems(shelves(False), doc, None) == [
        ("shelves[0].count", "a count", "schema"), ("shelves[2]", "not a shelf", "schema"),
        ("shelves[3].id", "expected a non-empty string", "schema"), ("shelves[3].count", "a count", "schema")]
    assert problems(shelves(True), doc, None) == [
        ("shelves[1].id", "duplicate id 'a' (also shelves[0])", "duplicate-id"),
        ("shelves[2]", "not a shelf", "schema"), ("shelves[3].id", "expected a non-empty string", "schema"),
        ("shelves[0].count", "a count", "schema")]


def test_a_mappings_own_checks_are_said_with_its_fields_in_their_order() -> None:
    doc = {"shelves": [{"id": "a", "count": 5, "name": 3}, {"id": "b", "count": 1}]}
    assert problems(shelves(False), doc, "named") == [
        ("shelves[0].count", "too many", "limit"),
        ("shelves[0].name", "expected a string or a mapping of language to string, got a number", "schema"),
        ("shelves[1].name", "a name, please", "schema")]


def test_a_list_with_a_limit_and_names_in_the_readers_words() -> None:
    assert problems(shelves(False), {"shelves": [{"id": "a", "count": 1}] * 5}, None) == [
        ("shelves", "has 5 entries; at most 4 are supported", "limit")]
    assert problems(shelves(False), {"shelves": None}, None) == [("shelves", "is required", "schema")]
    assert problems(shelves(False), {"shelves": [{"id": "a", "count": 1, "name": {"en": 1, 2: "x"}}]}, None) == [
        ("shelves[0].name.en", "expected a string, got a number", "schema"),
        ("shelves[0].name.2", "expected a string, got a string", "schema")]


def test_an_open_mapping_keeps_unknown_fields_and_ignores_keys_that_are_not_strings() -> None:
    doc = {"shelves": [{"id": "a", "count": 1, "colour": "red", 5: "x"}]}
    assert validated(shelves(False), doc) == {"shelves": [{"id": "a", "count": 1, "colour": "red"}]}
    assert names("Globe", "globe").get("it") == "Globe" and names(None, "globe").get() == "globe"


@with_config(strict("Versioned"))
class Versioned(TypedDict):
    schema: Version


VERSIONED: Definition[Versioned] = Definition(Annotated[Versioned, entry(Versioned, missing=VERSION_MISSING)])


@pytest.mark.parametrize("doc, said", [
    ({}, "is required (schema: 1)"), ({"schema": None}, "is required (schema: 1)"),
    ({"schema": True}, "unsupported schema true; expected 1"), ({"schema": 1.0}, "unsupported schema 1.0; expected 1")])
def test_a_documents_version(doc: dict[str, Any], said: str) -> None:
    assert problems(VERSIONED, doc, None) == [("schema", said, "schema")]
    assert validated(VERSIONED, {"schema": 1}) == {"schema": 1}


#: Each time the choices of an unknown fruit are listed (only for a problem that is kept).
LISTED: list[int] = []


def fruits(ids: tuple[str, ...]) -> tuple[str, ...]:
    LISTED.append(1)
    return ids


@with_config(strict("Basket"))
class Basket(TypedDict):
    fruit: list[Annotated[str, known_in("name", lambda ids, value: value in ids, fruits)]]


BASKET: Definition[Basket] = Definition(Annotated[Basket, entry(Basket)])


def test_past_the_most_problems_the_rest_are_counted_and_never_said() -> None:
    """A document with thousands of wrong ids: the first MAX_PROBLEMS are said, the others only counted, so
    the near misses of the others are never searched for (the words are made for kept problems alone)."""
    LISTED.clear()
    with pytest.raises(InputError) as info:
        validated(BASKET, {"fruit": [f"pear{i}" for i in range(5000)], "stalk": 1}, GREEN)
    problems = info.value.problems
    assert len(problems) == MAX_PROBLEMS + 1 and problems[0].path == "stalk"
    assert problems[-1].code == "limit" and "4951 more" in problems[-1].message
    assert len(LISTED) == MAX_PROBLEMS - 1
