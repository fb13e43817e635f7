"""The deck audit: every kind of finding on hand-made boards and decks; the shipped data passes."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.cli import main
from deduce.findings import Finding
from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.audit import (
    audit_deck,
    board_findings,
    card_findings,
    has_errors,
    walk_findings,
)
from deduce.where.board import Board, Point
from deduce.where.planar import segments_cross
from deduce.where.stealth import Moves, Sequence, StealthCard, StealthDeck

# A square a-b-c-d and a fifth place e joined to d and a, drawn without crossings.
SQUARE: dict[str, Any] = {
    "schema": 1, "name": "Square",
    "landmarks": [{"id": "m", "name": "Market"}, {"id": "p", "name": "Playhouse"}],
    "locations": [
        {"id": "a", "landmark": "m", "at": [0, 0]}, {"id": "b", "landmark": "p", "at": [2, 0]},
        {"id": "c", "landmark": "m", "at": [2, 2]}, {"id": "d", "landmark": "p", "at": [0, 2]},
        {"id": "e", "landmark": "m", "at": [-1, 4]},
    ],
    "paths": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["d", "e"], ["e", "a"]],
}


def board_of(**changes: object) -> Board:
    doc = copy.deepcopy(SQUARE)
    doc.update(changes)
    return boardfile.parse(doc)


def codes(findings: Iterable[Finding]) -> list[str]:
    return [f.code for f in findings]


def deck_of(*cards: tuple[str, str]) -> StealthDeck:
    """A deck from (face, location) pairs."""
    return StealthDeck(tuple(StealthCard(loc, tuple(None if c == "-" else c for c in face)) for face, loc in cards))


# -- geometry -----------------------------------------------------------------------

@pytest.mark.parametrize("a, b, c, d, crossed", [
    ((0, 0), (2, 2), (0, 2), (2, 0), True),     # an X
    ((0, 0), (2, 0), (1, 0), (1, 3), True),     # a T: one ends on the other
    ((0, 0), (2, 0), (0, 1), (2, 1), False),    # parallel
    ((0, 0), (1, 0), (2, 0), (3, 0), False),    # on one line, apart
    ((0, 0), (2, 0), (1, 0), (3, 0), True),     # on one line, overlapping
    ((0, 0), (2, 0), (0, 0), (0, 2), False),    # a shared end only
    ((0, 0), (2, 0), (0, 0), (1, 0), True),     # a shared end, running along
    ((0, 0), (2, 0), (2, 0), (0, 0), True),     # the same segment
])
def test_segments_cross(a: Point, b: Point, c: Point, d: Point, crossed: bool) -> None:
    assert segments_cross(a, b, c, d) is crossed
    assert segments_cross(c, d, a, b) is crossed
    assert segments_cross(b, a, d, c) is crossed


# -- board findings -------------------------------------------------------------------

def test_square_is_clean() -> None:
    assert board_findings(board_of()) == []


def test_disconnected_map() -> None:
    board = board_of(paths=[["a", "b"], ["b", "c"], ["c", "a"], ["d", "e"]])
    assert board.components() == [("a", "b", "c"), ("d", "e")]
    found = [f for f in board_findings(board) if f.code == "disconnected"]
    assert len(found) == 1 and found[0].is_error and found[0].locations == ("d", "e")
    assert "a, b, c; d, e" in found[0].message


def test_crossing_paths() -> None:
    board = board_of(paths=SQUARE["paths"] + [["a", "c"], ["b", "d"]])
    found = [f for f in board_findings(board) if f.code == "crossing"]
    assert [f.locations for f in found] == [("a", "c", "b", "d")]
    assert found[0].message == "path a–c crosses path b–d"


def test_path_through_a_location_and_shared_points() -> None:
    doc = copy.deepcopy(SQUARE)
    doc["locations"][4]["at"] = [0, 1]  # e on the segment d–a
    found = board_findings(boardfile.parse(doc))
    assert "path d–a runs through e" in [f.message for f in found]
    doc["locations"][4]["at"] = [2, 2]  # e drawn on c
    assert "c and e are drawn at the same point" in [f.message for f in board_findings(boardfile.parse(doc))]


def test_degree_is_a_warning() -> None:
    tail = [f for f in board_findings(board_of(paths=SQUARE["paths"][:5])) if f.code == "degree"]
    assert [(f.locations, f.severity) for f in tail] == [(("e",), "warning")]
    assert "e has 1 path;" in tail[0].message
    star = boardfile.parse({
        "schema": 1, "landmarks": [{"id": "m"}],
        "locations": [{"id": "hub", "landmark": "m", "at": [0, 0]}]
        + [{"id": f"l{i}", "landmark": "m", "at": [[1, 0], [0, 1], [-1, 0], [0, -1], [1, 1]][i]} for i in range(5)],
        "paths": [["hub", f"l{i}"] for i in range(5)] + [["l0", "l4"], ["l4", "l1"], ["l1", "l2"], ["l2", "l3"]],
    })
    found = [f for f in board_findings(star) if f.code == "degree"]
    assert [f.locations for f in found] == [("hub",)] and "hub has 5 paths" in found[0].message
    assert not has_errors(board_findings(star))


def test_a_board_without_coordinates_cannot_be_checked_for_crossings() -> None:
    doc = copy.deepcopy(SQUARE)
    for loc in doc["locations"]:
        del loc["at"]
    doc["paths"] += [["a", "c"], ["b", "d"]]  # would cross, were they drawn
    found = board_findings(boardfile.parse(doc))
    assert codes(found) == ["undrawn"] and not has_errors(found)


# -- card findings ----------------------------------------------------------------------

def test_unknown_location_and_landmark_mismatch() -> None:
    deck = StealthDeck((StealthCard("a", ("A",) + (None,) * 7, landmark="m"),
                        StealthCard("z", ("B",) + (None,) * 7),
                        StealthCard("b", ("C",) + (None,) * 7, landmark="m"),
                        StealthCard("c", ("D",) + (None,) * 7, landmark="nowhere")))
    found = {f.code: f for f in card_findings(board_of(), deck) if f.is_error}
    assert found["unknown-location"].cards == ("B",) and "'z'" in found["unknown-location"].message
    mismatched = [f for f in card_findings(board_of(), deck) if f.code == "landmark-mismatch"]
    assert [f.cards for f in mismatched] == [("C",), ("D",)]
    assert mismatched[0].message == "card C's back shows 'm' but b has the landmark 'p'"


def test_duplicate_letters_short_decks_and_unused_locations() -> None:
    deck = deck_of(("AB------", "a"), ("BB------", "b"))
    found = card_findings(board_of(), deck)
    dup = [f for f in found if f.code == "duplicate-letter"]
    assert [(f.cards, f.sequence) for f in dup] == [(("A", "B"), "position-2")]
    assert sum(f.code == "deck-length" for f in found) == 8  # no position has 26 cards
    assert sorted(f.locations for f in found if f.code == "unused-location") == [("c",), ("d",), ("e",)]
    assert all(f.severity == "warning" for f in found if f.code in ("deck-length", "unused-location"))


# -- walk findings ------------------------------------------------------------------------

WALK_DECK = deck_of(("A-------", "a"), ("B-------", "b"), ("C-------", "c"), ("-D------", "c"), ("E-------", "e"))


def test_a_legal_walk_has_no_findings() -> None:
    assert walk_findings(board_of(), WALK_DECK, Sequence("w", "always", ("A", "B", "C", "B"))) == []
    assert walk_findings(board_of(), WALK_DECK, Sequence("w", "may_stay", ("A", "B", "C", "-D", "B"))) == []


def test_unknown_card_names_its_slot() -> None:
    (f,) = walk_findings(board_of(), WALK_DECK, Sequence("w", "always", ("A", "B", "Q")))
    assert (f.code, f.cards, f.slot, f.sequence) == ("unknown-card", ("Q",), 2, "w")


def test_jump_names_cards_and_slot_including_the_wrap() -> None:
    found = walk_findings(board_of(), WALK_DECK, Sequence("w", "always", ("B", "C", "E")))
    assert [(f.code, f.cards, f.slot) for f in found] == [("jump", ("C", "E"), 1), ("jump", ("E", "B"), 2)]
    assert found[0].message == "w slot 1: C → E jumps from c to e, which no path connects"


def test_stay_only_where_she_may() -> None:
    found = walk_findings(board_of(), WALK_DECK, Sequence("w", "always", ("B", "C", "-D")))
    assert [(f.code, f.cards, f.slot) for f in found] == [("stay", ("C", "-D"), 1)]
    assert "she must move" in found[0].message
    assert walk_findings(board_of(), WALK_DECK, Sequence("w", "may_stay", ("B", "C", "-D"))) == []


def test_audit_covers_positions_and_sequences() -> None:
    deck = deck_of(("AC------", "a"), ("BA------", "b"), ("CB------", "c"))
    found = audit_deck(board_of(), deck, [Sequence("x", "may_stay", ("A", "C"))])
    jumps = [(f.sequence, f.slot) for f in found if f.code == "jump"]
    # position 1 walks a, b, c; position 2 (letters A, B, C on cards B, C, A) walks b, c, a
    assert jumps == [("position-1", 2), ("position-2", 1), ("x", 0), ("x", 1)]


# -- the shipped data ------------------------------------------------------------------------

#: The shipped board, stealth deck and rulebook sequences.
Shipped = tuple[Board, StealthDeck, tuple[Sequence, ...]]


@pytest.fixture(scope="module")
def shipped() -> Shipped:
    return (boardfile.load(data_path("board.yaml")), stealthfile.load(data_path("stealth.yaml")),
            stealthfile.load_sequences(data_path("sequences.json")))


def test_shipped_data_has_no_findings(shipped: Shipped) -> None:
    board, deck, sequences = shipped
    assert audit_deck(board, deck, sequences) == []


def test_shipped_walks_hold_in_both_directions(shipped: Shipped) -> None:
    board, deck, sequences = shipped
    walks = [deck.position(p, reverse=r) for p in range(1, 9) for r in (False, True)] + list(sequences)
    walks += [s.reversed() for s in sequences]
    assert len(walks) == 52
    for walk in walks:
        assert walk_findings(board, deck, walk) == [], walk.name


def test_shipped_board_is_the_map_the_issue_asks_for(shipped: Shipped) -> None:
    board, deck, _ = shipped
    assert len(board.locations) == 11 and board.drawable
    assert 5 <= len(board.landmarks) <= 7
    sharing = [m for m in board.landmark_ids if 2 <= len(board.with_landmark(m)) <= 3]
    assert len(sharing) > len(board.landmarks) / 2
    assert all(2 <= board.degree(loc) <= 4 for loc in board.location_ids)
    assert len(board.components()) == 1
    for m in board.landmarks:
        assert {"en", "it", "ru"} <= set(m.name.by_lang)
    # every card's back shows its location's landmark
    assert all(card.landmark == board.landmark_of(card.location) for card in deck.cards)


def independent_adjacency() -> dict[str, set[str]]:
    """Adjacency straight from the board file's text, without the Board model."""
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    adj: dict[str, set[str]] = {loc["id"]: set() for loc in doc["locations"]}
    for a, b in doc["paths"]:
        adj[a].add(b)
        adj[b].add(a)
    return adj


ADJ = independent_adjacency()
PLACES = sorted(ADJ)
IDS = [prefix + chr(65 + i) for prefix in ("", "-", "--") for i in range(26)]


def synthetic(walk: list[str], moves: Moves = "always") -> tuple[StealthDeck, Sequence]:
    """One card per slot of a walk of locations, and the sequence of those cards."""
    cards = tuple(StealthCard(loc, tuple(None if c == "-" else c for c in IDS[i].ljust(8, "-")))
                  for i, loc in enumerate(walk))
    deck = StealthDeck(cards)
    return deck, Sequence("walk", moves, deck.ids)


@st.composite
def closed_walks(draw: st.DrawFn) -> list[str]:
    """A random closed walk on the shipped board: wander, then come back by the same way."""
    start = draw(st.sampled_from(PLACES))
    out = [start]
    for _ in range(draw(st.integers(1, 12))):
        out.append(draw(st.sampled_from(sorted(ADJ[out[-1]]))))
    return out + out[-2:0:-1]


@settings(max_examples=60, deadline=None)
@given(closed_walks())
def test_a_random_valid_walk_validates(walk: list[str]) -> None:
    board = boardfile.load(data_path("board.yaml"))
    deck, seq = synthetic(walk)
    assert walk_findings(board, deck, seq) == []
    assert walk_findings(board, deck, seq.reversed()) == []


@settings(max_examples=60, deadline=None)
@given(closed_walks(), st.data())
def test_a_mutated_walk_is_caught_at_its_slot(walk: list[str], data: st.DataObject) -> None:
    board = boardfile.load(data_path("board.yaml"))
    n = len(walk)
    i = data.draw(st.integers(0, n - 1))
    before = walk[i - 1]
    far = [p for p in PLACES if p not in ADJ[before] and p != before]
    walk = [*walk[:i], data.draw(st.sampled_from(far)), *walk[i + 1:]]
    deck, seq = synthetic(walk)
    found = walk_findings(board, deck, seq)
    # the step into the changed slot jumps; the step out of it may jump or stay
    assert [f.code for f in found if f.slot == (i - 1) % n] == ["jump"]
    assert all(f.slot in ((i - 1) % n, i) and f.code in ("jump", "stay") for f in found)
    # staying put is caught in an always walk and allowed in a may-stay one
    stay = [*walk[:i], before, *walk[i + 1:]]
    deck, seq = synthetic(stay)
    assert "stay" in codes(walk_findings(board, deck, seq))
    assert "stay" not in codes(walk_findings(board, deck, Sequence("walk", "may_stay", seq.cards)))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(PLACES), min_size=2, max_size=30), st.sampled_from(["always", "may_stay"]))
def test_findings_agree_with_the_file_adjacency(walk: list[str], moves: Moves) -> None:
    board = boardfile.load(data_path("board.yaml"))
    deck, seq = synthetic(walk, moves)
    bad = {i for i in range(len(walk))
           if not (walk[(i + 1) % len(walk)] in ADJ[walk[i]]
                   or (moves == "may_stay" and walk[i] == walk[(i + 1) % len(walk)]))}
    assert {f.slot for f in walk_findings(board, deck, seq)} == bad


# -- the command line ---------------------------------------------------------------------------

def test_cli_shipped_data_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit-deck"]) == 0
    out = capsys.readouterr().out
    assert "11 locations" in out and "No findings" in out
    assert main(["audit-deck", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["findings"] == [] and len(report["walks"]) == 26


def test_cli_reports_findings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = boardfile.to_json(boardfile.load(data_path("board.yaml")))
    doc["paths"] = [p for p in doc["paths"] if "tower" not in p]  # the Tower cut off
    path = tmp_path / "board.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["audit-deck", "--board", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    found = {f["code"] for f in report["findings"]}
    assert {"disconnected", "jump", "degree"} <= found and not report["ok"]
    jump = next(f for f in report["findings"] if f["code"] == "jump")
    assert jump["slot"] is not None and len(jump["cards"]) == 2 and "tower" in jump["locations"]
    assert main(["audit-deck", "--board", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Error [disconnected]" in out and "The Tower" in out  # by name, never ids alone (issue 26)


def test_cli_unreadable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "stealth.yaml"
    bad.write_text("schema: 1\ncards:\n  - {location: globe, positions: ABC}\n", encoding="utf-8")
    assert main(["audit-deck", "--stealth", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deduce: {bad}: cards[0].positions: expected 8 characters")
    assert main(["audit-deck", "--sequences", str(tmp_path / "missing.json")]) == 2
    assert "does not exist" in capsys.readouterr().err
