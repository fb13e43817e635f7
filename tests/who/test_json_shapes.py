"""Every WHO JSON shape passes through its TypedDict unchanged, as a response model would."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import TypeAdapter

from deduce.errors import InputError, ProblemJSON
from deduce.who import cardfile
from deduce.who.audit import AuditReportJSON, audit
from deduce.who.cardfile import CardSetJSON
from deduce.who.cards import CardSet
from deduce.who.deduction import DeductionJSON, deduce
from deduce.who.query import parse_query


def same_through(shape: Any, value: object) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(shape)
    dumped = adapter.dump_python(adapter.validate_python(value))
    assert json.dumps(dumped) == json.dumps(value)  # same keys, same order, same nulls


def test_deductions(tiny: CardSet) -> None:
    for doc in ({"suit": "red", "clues": [{"card": "l1"}]},
                {"suit": "red", "explain": True, "clues": [{"card": "l3"}, {"card": "l4"}]},
                {"suit": "red", "clues": [{"traits": ["a", "b"], "counts": [2]}, {"traits": ["c", "d"], "counts": 2}]}):
        same_through(DeductionJSON, deduce(tiny, parse_query(tiny, doc)).to_json())


def test_audit_reports_and_card_sets(tiny: CardSet, shipped: CardSet) -> None:
    doc = cardfile.to_json(tiny)
    doc["ladies"][0]["key"]["blue"] = [1]
    for cards in (tiny, shipped, cardfile.parse(doc)):
        same_through(AuditReportJSON, audit(cards).to_json())
        same_through(CardSetJSON, cardfile.to_json(cards))


def test_problems(tiny: CardSet) -> None:
    with pytest.raises(InputError) as caught:
        parse_query(tiny, {"clues": [{"card": "nobody"}]})
    for problem in caught.value.to_json():
        same_through(ProblemJSON, problem)
