"""How often she visits each location, over the valid walks of a deck (the deck audit's ``visits``).

On a hand-made board the shares are counted by hand; a walk with an error (a jump, a stay where
she must move, an unknown card, a card off the map, a letter used twice) is left out; the shipped
deck's shares are the mean of its 26 walks' own shares, and sum to one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.audit import audit_deck, report_json, valid_walks, visits
from deduce.where.board import Board
from deduce.where.stealth import Moves, Sequence, StealthCard, StealthDeck

# A ring a-b-c-d with a fifth place e off d: every walk below moves along its paths.
RING: dict[str, Any] = {
    "schema": 1, "name": "Ring",
    "landmarks": [{"id": "m"}],
    "locations": [{"id": loc, "landmark": "m"} for loc in "abcde"],
    "paths": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["d", "e"]],
}
BOARD = boardfile.parse(RING)
# One card per location (A to E) and a second one at a (F), each with only a position-1 letter:
# positions 2-8 are empty walks, and position 1 (A to F) jumps from e to a.
DECK = StealthDeck(tuple(StealthCard(loc, (card, *[None] * 7)) for card, loc in zip("ABCDEF", "abcdea", strict=True)))


def walk(name: str, cards: str, moves: Moves = "always") -> Sequence:
    return Sequence(name, moves, tuple(cards.upper()))


def shares(sequences: tuple[Sequence, ...], board: Board = BOARD, deck: StealthDeck = DECK) -> dict[str, float]:
    """The audit's visits for the deck's positions and these sequences."""
    return report_json(board, deck, sequences, audit_deck(board, deck, sequences))["visits"]


def test_each_valid_walk_counts_once_whatever_its_length() -> None:
    # position 1 is not valid; the square counts a quarter each,
    # the there-and-back d-e half each: their mean.
    got = shares((walk("square", "abcd"), walk("spur", "de")))
    assert got == pytest.approx({"a": 0.125, "b": 0.125, "c": 0.125, "d": 0.375, "e": 0.25})


@pytest.mark.parametrize(("broken", "why"), [
    (walk("jumps", "ac"), "a step between unconnected locations"),
    (walk("stays", "afb"), "a stay where she must move"),
    (walk("unknown", "abz"), "a card not in the deck"),
])
def test_a_walk_with_an_error_is_left_out(broken: Sequence, why: str) -> None:
    sequences = (walk("square", "abcd"), broken)
    findings = audit_deck(BOARD, DECK, sequences)
    assert [s.name for s in valid_walks(BOARD, DECK, DECK.positions() + sequences, findings)] == ["square"], why
    assert shares(sequences) == pytest.approx({"a": 0.25, "b": 0.25, "c": 0.25, "d": 0.25, "e": 0.0})


def test_a_stay_is_a_visit_where_she_may_stay() -> None:
    assert shares((walk("lingers", "afb", "may_stay"),)) == pytest.approx(
        {"a": 2 / 3, "b": 1 / 3, "c": 0.0, "d": 0.0, "e": 0.0})


def test_a_card_off_the_map_leaves_its_walks_out() -> None:
    deck = StealthDeck((*DECK.cards, StealthCard("nowhere", ("X", *[None] * 7))))
    sequences = (walk("square", "abcd"), walk("lost", "abx"))
    findings = audit_deck(BOARD, deck, sequences)
    assert "unknown-location" in {f.code for f in findings}
    assert [s.name for s in valid_walks(BOARD, deck, deck.positions() + sequences, findings)] == ["square"]


def test_a_letter_used_twice_leaves_that_position_out() -> None:
    # Cards A and B both hold A in position 2: that position's deck is not one walk (A-B alone
    # would be a legal walk); position 1 still jumps.
    deck = StealthDeck(tuple(StealthCard(c.location, (c.id, "A" if c.id in ("A", "B") else None, *[None] * 6))
                             for c in DECK.cards))
    findings = audit_deck(BOARD, deck)
    assert "duplicate-letter" in {f.code for f in findings}
    assert valid_walks(BOARD, deck, deck.positions(), findings) == []


def test_no_valid_walk_no_visits() -> None:
    assert shares(()) == {}
    assert visits(BOARD, DECK, []) == {}


def test_the_shipped_deck_visits_every_location_as_its_walks_do_on_average() -> None:
    board = boardfile.load(data_path("board.yaml"))
    deck = stealthfile.load(data_path("stealth.yaml"))
    sequences = stealthfile.load_sequences(data_path("sequences.json"))
    report = report_json(board, deck, sequences, audit_deck(board, deck, sequences))
    walks = deck.positions() + sequences
    assert report["valid_walks"] == [s.name for s in walks]
    counts = [Counter(deck.walk(s)) for s in walks]
    expected = {loc: sum(c[loc] / sum(c.values()) for c in counts) / len(walks) for loc in board.location_ids}
    assert report["visits"] == pytest.approx(expected)
    assert sum(report["visits"].values()) == pytest.approx(1.0)
    assert all(0 < share < 0.2 for share in report["visits"].values())


@given(st.lists(st.sampled_from(["abcd", "dcba", "de", "ed", "abcde", "adcb", "dab"]), min_size=1, max_size=6))
def test_shares_sum_to_one_over_any_valid_walks(names: list[str]) -> None:
    walks = tuple(walk(f"w{i}", cards) for i, cards in enumerate(names))
    valid = valid_walks(BOARD, DECK, walks, audit_deck(BOARD, DECK, walks))
    got = visits(BOARD, DECK, valid)
    if not valid:
        assert got == {}
    else:
        assert set(got) == set(BOARD.location_ids)
        assert sum(got.values()) == pytest.approx(1.0)
