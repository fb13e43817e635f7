"""Reading board documents: good boards round-trip, every bad field is named."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from deduce.errors import InputError
from deduce.where import boardfile

DOC: dict[str, Any] = {
    "schema": 1,
    "name": "Tiny",
    "landmarks": [
        {"id": "playhouse", "name": {"en": "Playhouse", "it": "Teatro", "ru": "Театр"}},
        {"id": "church", "name": "Church"},
    ],
    "locations": [
        {"id": "globe", "name": "The Globe", "landmark": "playhouse", "at": [0, 0]},
        {"id": "rose", "name": {"en": "The Rose"}, "landmark": "playhouse", "at": [1, 0.5]},
        {"id": "pauls", "name": "St Paul's", "landmark": "church", "at": [0, 2]},
    ],
    "paths": [["globe", "rose"], ["rose", "pauls"]],
}


def problems_of(doc: object) -> dict[str, str]:
    with pytest.raises(InputError) as info:
        boardfile.parse(doc)
    return {p.path: p.message for p in info.value.problems}


def changed(**fields: object) -> dict[str, Any]:
    doc = copy.deepcopy(DOC)
    doc.update(fields)
    return doc


def test_reads_a_board() -> None:
    board = boardfile.parse(DOC)
    assert board.location_ids == ("globe", "rose", "pauls")
    assert board.landmark_ids == ("playhouse", "church")
    assert board.adjacent("globe", "rose") and board.adjacent("rose", "globe")
    assert not board.adjacent("globe", "pauls")
    assert board.with_landmark("playhouse") == ("globe", "rose")
    assert board.location("rose").at == (1.0, 0.5)
    assert board.location("pauls").name.get("it") == "St Paul's"
    assert board.landmarks[0].name.get("ru") == "Театр"
    assert board.drawable and board.degree("rose") == 2


def test_landmarks_and_points_by_id() -> None:
    board = boardfile.parse(DOC)
    assert board.landmark("playhouse") is board.landmarks[0]
    assert board.landmark("church").name.get("it") == "Church"
    assert board.landmark(board.landmark_of("rose")).name.get("ru") == "Театр"
    assert board.has_landmark("church") and not board.has_landmark("globe")
    with pytest.raises(KeyError):
        board.landmark("globe")
    assert board.points == {"globe": (0.0, 0.0), "rose": (1.0, 0.5), "pauls": (0.0, 2.0)}


def test_round_trip() -> None:
    board = boardfile.parse(DOC)
    again = boardfile.parse(boardfile.to_json(board))
    assert boardfile.to_json(again) == boardfile.to_json(board)
    assert again.locations == board.locations and again.paths == board.paths


def test_coordinates_are_optional_for_all() -> None:
    doc = copy.deepcopy(DOC)
    for loc in doc["locations"]:
        del loc["at"]
    board = boardfile.parse(doc)
    assert not board.drawable and board.points == {}
    assert "at" not in boardfile.to_json(board)["locations"][0]


def test_coordinates_all_or_none() -> None:
    doc = copy.deepcopy(DOC)
    del doc["locations"][1]["at"]
    assert "locations[1].at" in problems_of(doc)


@pytest.mark.parametrize("at, where", [
    ([1], "locations[0].at"), ("1,2", "locations[0].at"), ([1, "x"], "locations[0].at[1]"),
    ([True, 1], "locations[0].at[0]"), ([float("nan"), 1], "locations[0].at[0]"),
])
def test_bad_coordinates(at: object, where: str) -> None:
    doc = copy.deepcopy(DOC)
    doc["locations"][0]["at"] = at
    assert where in problems_of(doc)


def test_unknown_landmark_is_named() -> None:
    doc = copy.deepcopy(DOC)
    doc["locations"][2]["landmark"] = "x"
    found = problems_of(doc)
    assert found["locations[2].landmark"].startswith("unknown landmark 'x'")
    # the path to the broken location is not reported a second time
    assert list(found) == ["locations[2].landmark"]


def test_missing_landmark() -> None:
    doc = copy.deepcopy(DOC)
    del doc["locations"][0]["landmark"]
    assert problems_of(doc) == {"locations[0].landmark": "is required"}


def test_duplicate_ids() -> None:
    doc = copy.deepcopy(DOC)
    doc["locations"][2]["id"] = "globe"
    doc["landmarks"][1]["id"] = "playhouse"
    found = problems_of(doc)
    assert "duplicate id 'globe'" in found["locations[2].id"]
    assert "duplicate id 'playhouse'" in found["landmarks[1].id"]


@pytest.mark.parametrize("path, where, words", [
    (["globe", "tower"], "paths[2][1]", "unknown location 'tower'"),
    (["globe", "globe"], "paths[2]", "to itself"),
    (["pauls", "rose"], "paths[2]", "duplicate path"),
    (["globe"], "paths[2]", "a list of 1"),
    ("globe-rose", "paths[2]", "got a string"),
    ([1, "rose"], "paths[2][0]", "unknown location 1"),
])
def test_bad_paths(path: object, where: str, words: str) -> None:
    found = problems_of(changed(paths=DOC["paths"] + [path]))
    assert words in found[where]


def test_every_problem_is_reported_at_once() -> None:
    doc = copy.deepcopy(DOC)
    doc["schema"] = 2
    doc["locations"][0]["landmark"] = "nope"
    doc["paths"].append(["rose", "rose"])
    assert set(problems_of(doc)) == {"schema", "locations[0].landmark", "paths[2]"}


@pytest.mark.parametrize("doc, where", [
    ([], ""), ("board", ""), (changed(schema=True), "schema"), (changed(name=3), "name"),
    (changed(locations="x"), "locations"), (changed(paths=None), "paths"),
    (changed(landmarks=[{"name": "x"}]), "landmarks[0].id"),
    (changed(locations=[{"id": f"l{i}", "landmark": "church"} for i in range(100)]), "locations"),
])
def test_shapes(doc: object, where: str) -> None:
    assert where in problems_of(doc)


def test_paths_list_may_be_empty_but_not_absent() -> None:
    assert boardfile.parse(changed(paths=[])).paths == ()
    doc = copy.deepcopy(DOC)
    del doc["paths"]
    assert problems_of(doc) == {"paths": "is required"}


def test_loads_yaml_and_errors(tmp_path: Path) -> None:
    text = """
schema: 1
name: Two
landmarks: [{id: m, name: Market}]
locations:
  - {id: a, landmark: m}
  - {id: b, landmark: m}
paths: [[a, b]]
"""
    assert boardfile.loads(text).paths == (("a", "b"),)
    with pytest.raises(InputError, match="not valid YAML"):
        boardfile.loads("a: [")
    with pytest.raises(InputError, match="does not exist"):
        boardfile.load(tmp_path / "missing.yaml")
    (tmp_path / "b.yaml").write_text(text, encoding="utf-8")
    assert boardfile.load(tmp_path / "b.yaml").location("a").name.get() == "a"


def test_entries_are_known_by_their_ids_first_and_the_order_of_problems_is_the_documents() -> None:
    """Every entry's id before what any entry holds; an entry whose id is wrong or taken is not read further;
    a location's problems in the order landmark, coordinates, name; a key that is not a string is ignored."""
    doc = {"schema": 1, "landmarks": [{"id": "m", "name": 3}, {"id": "m"}, {"name": "x"}],
           "locations": [{"id": "a", "landmark": "q", "name": 5, 7: "seven"}, {"id": "a", "landmark": "q"},
                         {"id": "b", "landmark": "m", "at": [0, 0]}],
           "paths": [["a", "b"]], 3: "three"}
    with pytest.raises(InputError) as info:
        boardfile.parse(doc)
    assert [(p.path, p.code) for p in info.value.problems] == [
        ("landmarks[1].id", "duplicate-id"), ("landmarks[2].id", "schema"), ("landmarks[0].name", "schema"),
        ("locations[1].id", "duplicate-id"), ("locations[0].landmark", "unknown-landmark"),
        ("locations[0].at", "schema"), ("locations[0].name", "schema")]
    assert info.value.problems[5].message == "is missing: give every location drawing coordinates, or none"
