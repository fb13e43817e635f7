"""Tracking queries (SPEC 6): good documents read as meant, every bad field named."""

from __future__ import annotations

from typing import Any

import pytest

from deduce.errors import InputError
from deduce.where.query import (
    MAX_LENGTH,
    MAX_OBSERVATIONS,
    SlotObservation,
    TrackQuery,
    observation_from_text,
    parse_track_query,
)
from tests.track_strategies import make_board

BOARD = make_board({"globe": "playhouse", "the-rose": "playhouse", "pauls": "church"},
                   [("globe", "the-rose"), ("the-rose", "pauls")])
GOOD: dict[str, Any] = {"length": 26, "moves": "always", "now": 7,
        "observations": [{"slot": 0, "landmark": "playhouse"},
                         {"slot": 3, "fog": True},
                         {"slot": 5, "searched": "globe", "found": False}]}


def problems(doc: object) -> dict[str, str]:
    with pytest.raises(InputError) as info:
        parse_track_query(BOARD, doc)
    return {p.path: p.message for p in info.value.problems}


def with_(**changes: object) -> dict[str, Any]:
    return {**GOOD, **changes}


def test_reads_the_spec_example() -> None:
    q = parse_track_query(BOARD, GOOD)
    assert q == TrackQuery(26, "always", 7, (
        SlotObservation(0, "landmark", landmark="playhouse"),
        SlotObservation(3, "fog"),
        SlotObservation(5, "searched", location="globe", found=False),
    ))
    assert q.to_json() == GOOD
    assert not q.may_stay and parse_track_query(BOARD, with_(moves="may_stay")).may_stay


def test_observations_are_optional() -> None:
    assert parse_track_query(BOARD, {"length": 3, "moves": "may_stay", "now": 0}).observations == ()
    assert parse_track_query(BOARD, with_(observations=None)).observations == ()


def test_slot_that_is_not_a_whole_number() -> None:
    doc = with_(observations=[GOOD["observations"][0], GOOD["observations"][1],
                              {"slot": "5", "searched": "globe", "found": True}])
    assert problems(doc) == {"observations[2].slot": "expected a whole number, got a string"}
    assert problems(with_(observations=[{"slot": 1.5, "fog": True}])) == {
        "observations[0].slot": "expected a whole number, got 1.5"}
    assert problems(with_(observations=[{"slot": True, "fog": True}])) == {
        "observations[0].slot": "expected a whole number, got a boolean"}
    assert "0 or more" in problems(with_(observations=[{"slot": -1, "fog": True}]))["observations[0].slot"]
    assert problems(with_(observations=[{"fog": True}])) == {"observations[0].slot": "is required"}


@pytest.mark.parametrize("length,message", [
    (0, "expected a whole number of at least 1, got 0"),
    (-4, "expected a whole number of at least 1, got -4"),
    ("26", "expected a whole number, got a string"),
    (26.0, "expected a whole number, got 26.0"),
    (None, "expected a whole number, got nothing"),
    (MAX_LENGTH + 1, f"{MAX_LENGTH + 1} is longer than the {MAX_LENGTH} slots supported"),
])
def test_bad_length(length: object, message: str) -> None:
    assert problems(with_(length=length)) == {"length": message}


def test_bad_moves_and_now() -> None:
    assert problems(with_(moves="sometimes")) == {"moves": "expected one of: always, may_stay; got 'sometimes'"}
    assert problems(with_(now="7"))["now"] == "expected a whole number, got a string"
    assert "0 or more" in problems(with_(now=-1))["now"]


def test_required_fields() -> None:
    assert set(problems({})) == {"length", "moves", "now"}


def test_unknown_landmark_and_location() -> None:
    found = problems(with_(observations=[{"slot": 0, "landmark": "palace"},
                                         {"slot": 1, "searched": "tower", "found": True}]))
    assert found == {
        "observations[0].landmark": "unknown landmark 'palace'; expected one of: playhouse, church",
        "observations[1].searched": "unknown location 'tower'; expected one of: globe, the-rose, pauls",
    }


def test_observation_shape() -> None:
    found = problems(with_(observations=[
        {"slot": 0},
        {"slot": 1, "landmark": "church", "fog": True},
        {"slot": 2, "searched": "globe"},
        {"slot": 3, "searched": "globe", "found": "no"},
        {"slot": 4, "fog": False},
        {"slot": 5, "landmark": "church", "found": True},
        {"slot": 6, "landmark": "church", "colour": "red"},
        "fog",
    ]))
    assert found == {
        "observations[0]": "expected exactly one of: landmark, fog, searched; got none",
        "observations[1]": "expected exactly one of: landmark, fog, searched; got landmark, fog",
        "observations[2].found": "is required with searched: true if the search found her, else false",
        "observations[3].found": "expected true or false, got a string",
        "observations[4].fog": "expected true (a fog card was showing), got a boolean",
        "observations[5].found": "goes with searched: a search found her or not",
        "observations[6].colour": "unknown field; expected some of: slot, landmark, fog, searched, found",
        "observations[7]": "expected an object with a slot and one of: landmark, fog, searched; got a string",
    }


def test_document_shape_and_limits() -> None:
    with pytest.raises(InputError) as info:
        parse_track_query(BOARD, [1, 2])
    assert "must be a JSON object" in str(info.value)
    assert problems(with_(observations={"slot": 1})) == {"observations": "expected a list, got a mapping"}
    assert problems(with_(extra=1)) == {"extra": "unknown field; expected some of: length, moves, now, observations"}
    with pytest.raises(InputError) as info:
        parse_track_query(BOARD, with_(observations=[{"slot": 0, "fog": True}] * (MAX_OBSERVATIONS + 1)))
    assert info.value.problems[0].code == "limit"


def test_every_problem_is_reported_at_once() -> None:
    assert set(problems({"length": 0, "moves": "x", "now": "y", "observations": [{"slot": "z", "landmark": "q"}]})) == {
        "length", "moves", "now", "observations[0].slot", "observations[0].landmark"}


def test_fog_now_looks_at_every_pass_through_the_deck() -> None:
    q = parse_track_query(BOARD, {"length": 5, "moves": "always", "now": 12,
                                  "observations": [{"slot": 2, "fog": True}]})
    assert q.fog_now
    assert not parse_track_query(BOARD, {"length": 5, "moves": "always", "now": 11,
                                         "observations": [{"slot": 2, "fog": True}]}).fog_now


def test_observation_from_text() -> None:
    assert observation_from_text("landmark", "0:playhouse") == {"slot": 0, "landmark": "playhouse"}
    assert observation_from_text("fog", "3") == {"slot": 3, "fog": True}
    assert observation_from_text("searched", "5:globe:no") == {"slot": 5, "searched": "globe", "found": False}
    assert observation_from_text("searched", "5:globe:yes") == {"slot": 5, "searched": "globe", "found": True}
    # what does not fit is handed on for the query reader to name
    assert observation_from_text("searched", "x:globe:maybe") == {"slot": "x", "searched": "globe", "found": "maybe"}
    assert observation_from_text("searched", "5:globe") == {"slot": 5, "searched": "globe"}
    with pytest.raises(InputError):
        parse_track_query(BOARD, with_(observations=[observation_from_text("searched", "5:globe:maybe")]))
