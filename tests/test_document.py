"""The one YAML writer of the designers: block at the top, one flow line per entry."""

from __future__ import annotations

import yaml

from deduce.document import Commented, Quoted, dump_yaml, flow


def test_dump_yaml_writes_lists_and_mappings_one_entry_a_line() -> None:
    doc = {"schema": 1, "name": Quoted("Small"), "traits": [{"id": "a", "name": {"en": Quoted("A")}}],
           "modes": {"easy": {"red": "blue"}}, "empty": []}
    text = dump_yaml(doc, "A header\n\nafter a blank line")
    assert text == ("# A header\n#\n# after a blank line\n"
                    "schema: 1\n"
                    'name: "Small"\n'
                    "traits:\n"
                    '  - {id: a, name: {en: "A"}}\n'
                    "modes:\n"
                    "  easy: {red: blue}\n"
                    "empty: []\n")
    assert yaml.safe_load(text) == doc


def test_commented_entries_are_block_mappings_under_their_comment() -> None:
    doc = {"ladies": [Commented({"id": "l1", "key": {"red": 1, "blue": [0, 2]}}, ["who she was"])]}
    text = dump_yaml(doc)
    assert text == "ladies:\n  # who she was\n  - id: l1\n    key: {red: 1, blue: [0, 2]}\n"
    assert yaml.safe_load(text) == {"ladies": [{"id": "l1", "key": {"red": 1, "blue": [0, 2]}}]}


def test_flow_quotes_what_would_read_back_otherwise() -> None:
    assert flow("no") == '"no"' and flow({"no": "yes"}) == '{"no": "yes"}'
    assert flow("London, around 1600") == '"London, around 1600"'
    assert flow(Quoted("plain")) == '"plain"' and flow("plain") == "plain"
    assert flow(2.0) == "2" and flow(None) == "null"
