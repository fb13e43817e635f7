"""Each WHERE JSON shape is declared once, as a TypedDict beside its producer, and it is exact.

The HTTP layer uses these TypedDicts as response models, which drop undeclared keys and
refuse missing or mistyped ones; so each producer's output must pass through its TypedDict
unchanged.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import TypeAdapter

from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.advice import AdviceJSON, one_turn_advice
from deduce.where.audit import DeckAuditJSON, audit_deck, report_json
from deduce.where.boardfile import BoardJSON
from deduce.where.query import TrackQueryJSON, parse_track_query
from deduce.where.stealthfile import SequencesJSON, StealthDeckJSON
from deduce.where.tracker import TrackingJSON, track

BOARD = boardfile.load(data_path("board.yaml"))
DECK = stealthfile.load(data_path("stealth.yaml"))
SEQUENCES = stealthfile.load_sequences(data_path("sequences.json"))
QUERY = {"length": 26, "moves": "always", "now": 7,
         "observations": [{"slot": 0, "landmark": "playhouse"}, {"slot": 3, "fog": True},
                          {"slot": 5, "searched": "globe", "found": False}]}


def passes_unchanged(shape: Any, value: object) -> bool:
    adapter: TypeAdapter[Any] = TypeAdapter(shape)
    dumped: object = adapter.dump_python(adapter.validate_python(value, strict=True))
    return dumped == value


def undrawn() -> dict[str, Any]:
    doc: dict[str, Any] = copy.deepcopy(dict(boardfile.to_json(BOARD)))
    for loc in doc["locations"]:
        del loc["at"]
    return doc


@pytest.mark.parametrize("query", [QUERY, {**QUERY, "observations": [{"slot": 0, "landmark": "crown"}] * 3}])
def test_tracking_query_and_result(query: dict[str, Any]) -> None:
    q = parse_track_query(BOARD, query)
    assert q.to_json() == query and passes_unchanged(TrackQueryJSON, q.to_json())
    result = track(BOARD, q).to_json()
    assert passes_unchanged(TrackingJSON, result)
    assert isinstance(result["paths"], str) and set(result["now"]["locations"]) == set(BOARD.location_ids)


def test_a_contradiction_has_the_same_shape() -> None:
    result = track(BOARD, parse_track_query(BOARD, {**QUERY, "observations": [{"slot": 0, "landmark": "crown"},
                                                                              {"slot": 0, "landmark": "bridge"}]}))
    assert result.status == "contradiction" and passes_unchanged(TrackingJSON, result.to_json())


def test_advice() -> None:
    tracking = track(BOARD, parse_track_query(BOARD, QUERY))
    for pawn in BOARD.location_ids:
        assert passes_unchanged(AdviceJSON, one_turn_advice(BOARD, tracking, pawn).to_json())


def test_board_drawn_or_not() -> None:
    assert passes_unchanged(BoardJSON, boardfile.to_json(BOARD))
    assert passes_unchanged(BoardJSON, undrawn())
    assert passes_unchanged(BoardJSON, boardfile.to_json(boardfile.parse(undrawn())))


def test_stealth_deck_and_sequences() -> None:
    assert passes_unchanged(StealthDeckJSON, stealthfile.to_json(DECK))
    assert passes_unchanged(SequencesJSON, stealthfile.sequences_to_json(SEQUENCES))


def test_deck_audit_report() -> None:
    findings = audit_deck(BOARD, DECK, SEQUENCES)
    assert passes_unchanged(DeckAuditJSON, report_json(BOARD, DECK, SEQUENCES, findings))
    broken = boardfile.parse({**undrawn(), "paths": []})
    findings = audit_deck(broken, DECK, SEQUENCES)
    assert findings and passes_unchanged(DeckAuditJSON, report_json(broken, DECK, SEQUENCES, findings))
