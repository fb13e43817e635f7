"""The batch path answers byte for byte as it did before the cold path was made fast.

``cold_answers.jsonl.gz`` holds 2600 batch lines and the line ``deduce hint --batch``
wrote for each, recorded before the rewrite of the cold path (issue 21): typed queries
whose answers seldom repeat (with misread cards and explanations), the hint benchmark's
queries, every other query shape of SPEC 6 (cards by id, suit cards, whole keys, no suit,
the distinct rule off, many clues) and malformed lines (re-recorded twice since: when notes
gained their ``params``, that field the only difference; when a typed card that is a card of
her suit became the suit card (issue 33), 27 answers losing the note that the suit card is still
needed; and when what a set's ``traits_per_lady`` fixes got its own ``code``, ``traits-per-lady``
for ``schema`` in 89 lines: each time checked to be the only difference). Every line must still get
exactly the recorded answer; on random card sets, the answer written straight from the masks is the
:class:`~deduce.who.deduction.Deduction` encoded. The fixture was made with::

    import contextlib, gzip, io, json, tempfile
    from bench.hint import recorded_lines
    from deduce.cli.common import run_batch
    from deduce.cli.who import hint_answer
    from deduce.shipped import load_cards

    cards = load_cards()
    lines = recorded_lines(cards)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\\n".join(lines) + "\\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run_batch(f.name, hint_answer(cards))
    with io.TextIOWrapper(gzip.GzipFile("tests/who/cold_answers.jsonl.gz", "wb", 9, mtime=0),
                          encoding="utf-8") as g:
        for line, answer in zip(lines, out.getvalue().splitlines(), strict=True):
            g.write(json.dumps([line, answer], ensure_ascii=False) + "\\n")
"""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.hint import recorded_lines
from deduce.cli.common import run_batch
from deduce.cli.who import hint_answer
from deduce.shipped import load_cards
from deduce.who.cards import CardSet
from deduce.who.deduction import deduce, plain_answer, writer_for
from deduce.who.query import Query
from tests.strategies import card_sets_with_queries

FIXTURE = Path(__file__).with_name("cold_answers.jsonl.gz")


def recorded() -> list[tuple[str, str]]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return [(line, answer) for line, answer in map(json.loads, f)]


def test_the_fixture_is_the_benchmark_workload() -> None:
    """The recorded lines are still what the bench helper makes, so the fixture can be remade."""
    assert [line for line, _ in recorded()] == recorded_lines(load_cards())


def test_batch_answers_are_the_recorded_ones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = recorded()
    path = tmp_path / "queries.jsonl"
    path.write_text("".join(line + "\n" for line, _ in rows), encoding="utf-8")
    plain_answer.cache_clear()
    code = run_batch(str(path), hint_answer(load_cards()))
    answers = capsys.readouterr().out.splitlines()
    assert code == 1  # the malformed lines fail
    assert len(answers) == len(rows)
    for number, ((line, expected), answer) in enumerate(zip(rows, answers, strict=True), 1):
        assert answer == expected, f"line {number}: {line}"


@given(card_sets_with_queries(), st.booleans())
def test_the_written_answer_is_the_deduction_encoded(case: tuple[CardSet, Query], explain: bool) -> None:
    cards, query = case
    query = replace(query, explain=explain)
    assert writer_for(cards).text(query) == deduce(cards, query).json_text
