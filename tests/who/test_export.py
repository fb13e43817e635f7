"""A card set written as a card set file (deduce.who.export): read back, it is the same set.

The designer's page exports the set being edited with it, and ``deduce audit`` must read that
file with the report the page showed: the round trip is the identity, for the shipped set and
for random sets (hypothesis), and the fields come in SPEC 4's order.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings

from deduce.cli import main
from deduce.shipped import data_path, load_cards
from deduce.who import cardfile
from deduce.who.audit import audit
from deduce.who.cards import CardSet
from deduce.who.export import card_set_yaml, key_entry
from tests.strategies import card_sets

#: The fields of a card set file, in SPEC 4's order.
SPEC_ORDER = ["schema", "name", "traits_per_lady", "traits", "suits", "modes", "ladies"]


def same_set(one: CardSet, other: CardSet) -> bool:
    """Equal as documents: ids, every name in every language, traits, keys, modes."""
    return cardfile.to_json(one) == cardfile.to_json(other)


def test_the_shipped_set_reads_back_to_itself() -> None:
    cards = load_cards()
    text = card_set_yaml(cards)
    back = cardfile.loads(text)
    assert same_set(back, cards)
    assert card_set_yaml(back) == text


def test_the_fields_come_in_spec_order_and_keys_as_printed() -> None:
    doc = yaml.safe_load(card_set_yaml(load_cards()))
    assert list(doc) == SPEC_ORDER
    field = doc["ladies"][0]
    assert list(field) == ["id", "name", "suit", "traits", "key"]
    assert field["id"] == "jacqueline-field" and field["key"]["rose"] == 1 and field["key"]["oak"] == [0, 2]
    assert set(field["name"]) == {"en", "it", "ru"}


def test_a_set_without_modes_or_colours_writes_neither() -> None:
    cards = cardfile.parse({"schema": 1, "traits": [{"id": "a"}, {"id": "b"}], "traits_per_lady": 1,
                            "suits": [{"id": "s"}],
                            "ladies": [{"id": "x", "suit": "s", "traits": ["a"], "key": {"s": [0, 1]}}]})
    doc = yaml.safe_load(card_set_yaml(cards))
    assert "modes" not in doc and "colour" not in doc["suits"][0]
    assert doc["ladies"][0]["key"] == {"s": [0, 1]}


def test_comments_stand_above_their_lady_and_the_header_on_top() -> None:
    cards = load_cards()
    text = card_set_yaml(cards, "A header\non two lines", {"emilia-bassano": ["She wrote poems."]})
    lines = text.splitlines()
    assert lines[:2] == ["# A header", "# on two lines"]
    at = lines.index("  # She wrote poems.")
    assert lines[at + 1] == "  - id: emilia-bassano"
    assert same_set(cardfile.loads(text), cards)


def test_key_entries_are_written_as_the_card_prints_them() -> None:
    assert key_entry(frozenset({2})) == 2
    assert key_entry(frozenset({2, 0})) == [0, 2]


@settings(max_examples=60, deadline=None)
@given(card_sets(max_suits=4, ladies_per_suit=None))
def test_export_then_import_is_the_identity(cards: CardSet) -> None:
    text = card_set_yaml(cards)
    back = cardfile.loads(text)
    assert same_set(back, cards)
    assert card_set_yaml(back) == text


def test_deduce_audit_reads_the_export_with_the_report_of_the_set(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """What the page exports, ``deduce audit`` reads with the report the page showed for the set."""
    doc = yaml.safe_load(data_path("clues.yaml").read_text(encoding="utf-8"))
    doc["ladies"][0]["key"]["rose"] = 2  # a lying key: the report has an error to carry
    cards = cardfile.parse(doc)
    exported = tmp_path / "mine.yaml"
    exported.write_text(card_set_yaml(cards), encoding="utf-8")
    code = main(["audit", str(exported), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report == audit(cards).to_json()
    assert any(error["code"] == "key-untruthful" for error in report["errors"]), report["errors"]
