"""The stealth deck designer: reproducible, and what it builds passes the deck audit."""

from __future__ import annotations

import shutil
import string
from collections.abc import Iterable
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.cli.design_stealth import main
from deduce.document import flow
from deduce.errors import Infeasible
from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.audit import walk_findings
from deduce.where.board import Board
from deduce.where.design import (
    RETURNS,
    STAYS,
    candidate_paths,
    card_ids,
    fixed_letters,
    place_cards,
    solve_position,
)
from deduce.where.stealth import Sequence, StealthCard, StealthDeck

#: The shipped board and the rulebook sequences.
Shipped = tuple[Board, tuple[Sequence, ...]]


@pytest.fixture(scope="module")
def shipped() -> Shipped:
    return boardfile.load(data_path("board.yaml")), stealthfile.load_sequences(data_path("sequences.json"))


def test_the_shipped_deck_is_what_the_script_regenerates(capsys: pytest.CaptureFixture[str]) -> None:
    # the placement and the eight positions, on the shipped paths: byte for byte
    assert main(["--check", "--keep-paths"]) == 0
    assert "files up to date" in capsys.readouterr().out


def test_ids_and_their_fixed_letters(shipped: Shipped) -> None:
    _, sequences = shipped
    assert card_ids(sequences) == [*list(string.ascii_uppercase), "-A", "-K", "-L", "-S", "-U", "--X"]
    assert fixed_letters("Q") == {1: "Q"}
    assert fixed_letters("-K") == {1: None, 2: "K"}
    assert fixed_letters("--X") == {1: None, 2: None, 3: "X"}


def test_shipped_paths_are_among_the_candidates(shipped: Shipped) -> None:
    board, _ = shipped
    candidates = {frozenset(p) for p in candidate_paths(board)}
    assert {frozenset(p) for p in board.paths} <= candidates


def test_a_map_without_triangles_cannot_carry_the_rulebook_sequences(shipped: Shipped) -> None:
    board, sequences = shipped
    ring = board.location_ids
    cycle = Board(board.name, board.landmarks, board.locations,
                  tuple((ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))))
    with pytest.raises(Infeasible):
        place_cards(cycle, card_ids(sequences), sequences)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "deduce: no card placement makes every sequence a legal walk on this board\n"),
    ("it", "deduce: nessuna disposizione delle carte rende ogni sequenza un percorso valido su questo tabellone\n"),
    ("ru", "deduce: никакая раскладка карт не делает каждую последовательность допустимым маршрутом на этом поле\n"),
], ids=["en", "it", "ru"])
def test_the_script_says_a_design_with_no_solution_in_its_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str) -> None:
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    ring = [loc["id"] for loc in doc["locations"]]
    doc["paths"] = [[ring[i], ring[(i + 1) % len(ring)]] for i in range(len(ring))]  # no triangle: no deck
    (tmp_path / "board.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    shutil.copy(data_path("sequences.json"), tmp_path / "sequences.json")
    assert main(["--data", str(tmp_path), "--keep-paths", "--check", "--lang", lang]) == 2
    assert capsys.readouterr() == ("", said)  # one line in the language, not a traceback


def test_the_script_says_a_broken_board_as_deduce_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "board.yaml").write_text("schema: 2\n", encoding="utf-8")
    assert main(["--data", str(tmp_path), "--check", "--lang", "it"]) == 2
    assert capsys.readouterr().err.startswith("deduce: schema: schema 2 non supportato")

@pytest.mark.parametrize("position", [2, 3, 6])
def test_a_designed_position_is_a_legal_walk(shipped: Shipped, position: int) -> None:
    board, _ = shipped
    deck = stealthfile.load(data_path("stealth.yaml"))
    where = {c.id: c.location for c in deck.cards}
    letters = solve_position(board, where, list(deck.ids), position)
    assert sorted(letters.values()) == list(string.ascii_uppercase)
    for ident, letter in fixed_letters_of(deck.ids, position).items():
        assert letters.get(ident) == letter
    # rebuild a deck holding only this position and audit the walk independently
    cards = tuple(StealthCard(where[c], tuple(letters.get(c) if p == position else None for p in range(1, 9)))
                  for c in letters)
    built = StealthDeck(cards)
    walk = built.position(position)
    assert walk_findings(board, built, walk) == []
    locs = built.walk(walk)
    stays = sum(locs[k] == locs[(k + 1) % 26] for k in range(26))
    assert STAYS[0] <= stays <= STAYS[1] if position >= 5 else stays == 0
    assert sum(locs[k] == locs[(k + 2) % 26] for k in range(26)) <= RETURNS
    assert set(locs) == set(board.location_ids)


def fixed_letters_of(ids: Iterable[str], position: int) -> dict[str, str | None]:
    return {c: fixed_letters(c)[position] for c in ids if position in fixed_letters(c)}


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.text(max_size=12) | st.integers(-5, 5) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.booleans() | st.none(),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.from_regex(r"[a-z][a-z_]{0,5}", fullmatch=True), inner, max_size=3),
                    max_leaves=8))
def test_flow_yaml_reads_back(value: object) -> None:
    assert yaml.safe_load(f"x: {flow(value)}") == {"x": value}
