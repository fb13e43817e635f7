"""The stealth deck: card ids, position decks, and reading decks and sequences."""

from __future__ import annotations

import copy
import string
from pathlib import Path
from typing import Any

import pytest

from deduce.errors import InputError
from deduce.shipped import data_path
from deduce.where import query, stealthfile
from deduce.where.stealth import MOVES, Sequence, StealthCard, StealthDeck, card_id, is_moves, moves_of

DASH_IDS = ["-A", "-K", "-L", "-S", "-U", "--X"]


def card(face: str, location: str = "globe") -> StealthCard:
    return StealthCard(location, tuple(None if c == "-" else c for c in face))


@pytest.mark.parametrize("face, ident", [
    ("ABCDEFGH", "A"), ("-AKQRBCD", "-A"), ("--XOPQRS", "--X"), ("-------Q", "-------Q"), ("--------", None),
])
def test_card_id_rule(face: str, ident: str | None) -> None:
    assert card_id(None if c == "-" else c for c in face) == ident


def test_a_card_without_letters_has_no_id() -> None:
    with pytest.raises(ValueError):
        _ = card("--------").id


def test_moves_by_position() -> None:
    assert [moves_of(p) for p in range(1, 9)] == ["always"] * 4 + ["may_stay"] * 4
    with pytest.raises(ValueError):
        moves_of(9)


def test_one_move_rule_for_decks_and_queries() -> None:
    assert MOVES == ("always", "may_stay")
    assert all(is_moves(m) for m in MOVES) and not any(is_moves(m) for m in ("Always", "stay", None, 1))
    # the tracking query checks moves against the deck's own rule (read through vars(): query imports MOVES
    # for its own use, it does not re-export it)
    assert vars(query)["MOVES"] is MOVES


def test_position_deck_sorts_by_letter_and_skips_dashes() -> None:
    deck = StealthDeck((card("B-C-----"), card("AB------"), card("-AA-----"), card("C-B-----")))
    assert deck.ids == ("B", "A", "-A", "C")
    assert deck.position(1).cards == ("A", "B", "C")
    assert deck.position(1, reverse=True).cards == ("C", "B", "A")
    assert deck.position(2).cards == ("-A", "A")
    assert deck.position(3).cards == ("-A", "C", "B")
    assert deck.position(5).moves == "may_stay" and deck.position(5).cards == ()
    assert card("AB-D----").face == "AB-D----"


def test_sequence_steps_wrap_and_reverse() -> None:
    seq = Sequence("s", "always", ("A", "B", "C"))
    assert list(seq.steps()) == [(0, "A", "B"), (1, "B", "C"), (2, "C", "A")]
    assert seq.reversed().cards == ("C", "B", "A") and seq.reversed().moves == "always"


# -- the shipped deck and sequences ---------------------------------------------------

@pytest.fixture(scope="module")
def deck() -> StealthDeck:
    return stealthfile.load(data_path("stealth.yaml"))


@pytest.fixture(scope="module")
def sequences() -> tuple[Sequence, ...]:
    return stealthfile.load_sequences(data_path("sequences.json"))


def test_shipped_deck_has_the_rulebook_ids(deck: StealthDeck) -> None:
    assert len(deck.cards) == 32
    assert sorted(deck.ids) == sorted(list(string.ascii_uppercase) + DASH_IDS)


def test_every_position_is_a_deck_of_26_letters(deck: StealthDeck) -> None:
    for p in range(1, 9):
        letters = sorted(letter for c in deck.cards if (letter := c.letter(p)))
        assert letters == list(string.ascii_uppercase), p
    # SPEC 7: the position-1 deck is A, B, ..., Z by construction of the ids
    assert deck.position(1).cards == tuple(string.ascii_uppercase)


def test_dash_cards_carry_their_letter_where_the_id_says(deck: StealthDeck) -> None:
    for ident in ["-A", "-K", "-L", "-S", "-U"]:
        c = deck.card(ident)
        assert c.letter(1) is None and c.letter(2) == ident[1]
    x = deck.card("--X")
    assert x.letter(1) is None and x.letter(2) is None and x.letter(3) == "X"


def test_shipped_sequences_are_the_rulebooks_eighteen(sequences: tuple[Sequence, ...]) -> None:
    names = [f"{level}-{i}" for level in ("easy", "moderate", "hard") for i in range(1, 7)]
    assert [s.name for s in sequences] == names
    assert [s.length for s in sequences] == [28] * 6 + [26] * 6 + [24] * 6
    # columns 1-3 of each level move every turn, 4-6 may stay
    assert [s.moves for s in sequences] == (["always"] * 3 + ["may_stay"] * 3) * 3
    # the first easy sequence as printed in the English rulebook (page 20)
    assert sequences[0].cards[:12] == ("R", "H", "V", "W", "I", "J", "K", "Y", "X", "B", "C", "-L")
    assert all(set(s.cards) <= set(string.ascii_uppercase) | set(DASH_IDS) for s in sequences)


def test_round_trips(deck: StealthDeck, sequences: tuple[Sequence, ...]) -> None:
    again = stealthfile.parse(stealthfile.to_json(deck))
    assert again.cards == deck.cards
    assert stealthfile.parse_sequences(stealthfile.sequences_to_json(sequences)) == sequences


# -- bad stealth decks ----------------------------------------------------------------

DECK: dict[str, Any] = {"schema": 1, "cards": [{"location": "globe", "positions": "ABCDEFGH"},
                               {"location": "the-rose", "landmark": "playhouse", "positions": "-AB-----"}]}


def deck_problems(doc: object) -> dict[str, str]:
    with pytest.raises(InputError) as info:
        stealthfile.parse(doc)
    return {p.path: p.message for p in info.value.problems}


def with_card(i: int, **fields: object) -> dict[str, Any]:
    doc = copy.deepcopy(DECK)
    doc["cards"][i].update(fields)
    return doc


def test_reads_a_small_deck() -> None:
    deck = stealthfile.parse(DECK)
    assert deck.ids == ("A", "-A") and deck.card("-A").landmark == "playhouse"
    assert deck.location_of("A") == "globe"


@pytest.mark.parametrize("positions, words", [
    ("ABCDEFG", "expected 8 characters"), ("abcdefgh", "expected 8 characters"), ("AB DEFGH", "expected 8"),
    (12345678, "got a number"), ("--------", "needs a letter"), (None, "is required"),
])
def test_bad_positions(positions: object, words: str) -> None:
    doc = with_card(0, positions=positions)
    if positions is None:
        del doc["cards"][0]["positions"]
    assert words in deck_problems(doc)["cards[0].positions"]


def test_duplicate_ids_and_stated_ids() -> None:
    found = deck_problems(with_card(1, positions="A-------"))
    assert "duplicate id 'A' (also cards[0])" in found["cards[1].positions"]
    assert stealthfile.parse(with_card(1, id="-A")).ids == ("A", "-A")
    assert "positions give the id '-A'" in deck_problems(with_card(1, id="A"))["cards[1].id"]


@pytest.mark.parametrize("doc, where", [
    ([], ""), ({"cards": []}, "schema"), ({"schema": "1", "cards": []}, "schema"),
    ({"schema": 1}, "cards"), ({"schema": 1, "cards": "A"}, "cards"), ({"schema": 1, "cards": ["A"]}, "cards[0]"),
    (with_card(0, location=None), "cards[0].location"), (with_card(0, location=3), "cards[0].location"),
    (with_card(0, landmark=""), "cards[0].landmark"),
    ({"schema": 1, "cards": [{"location": "g", "positions": "A-------"}] * 65}, "cards"),
])
def test_bad_deck_documents(doc: object, where: str) -> None:
    assert where in deck_problems(doc)


def test_loads_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not valid YAML"):
        stealthfile.loads("cards: [")
    with pytest.raises(InputError, match="does not exist"):
        stealthfile.load(tmp_path / "none.yaml")
    with pytest.raises(InputError, match="does not exist"):
        stealthfile.load_sequences(tmp_path / "none.json")


# -- bad sequences ----------------------------------------------------------------------

SEQS: dict[str, Any] = {"sequences": [{"name": "s1", "moves": "always", "cards": ["A", "B", "-A"]}]}


def seq_problems(**fields: object) -> dict[str, str]:
    doc = copy.deepcopy(SEQS)
    doc["sequences"][0].update(fields)
    for key in [k for k, v in fields.items() if v is None]:
        del doc["sequences"][0][key]
    with pytest.raises(InputError) as info:
        stealthfile.parse_sequences(doc)
    return {p.path: p.message for p in info.value.problems}


def test_reads_sequences() -> None:
    (seq,) = stealthfile.parse_sequences(SEQS)
    assert seq == Sequence("s1", "always", ("A", "B", "-A"))
    assert seq.length == 3


@pytest.mark.parametrize("length", [3, 4, 0, -26, 2.5, True, "three", None])
def test_a_sequences_length_is_its_list_of_cards_whatever_an_old_document_says(length: object) -> None:
    doc = copy.deepcopy(SEQS)
    doc["sequences"][0]["length"] = length  # a field documents had before the list was the truth: ignored
    (seq,) = stealthfile.parse_sequences(doc)
    assert seq.length == 3 and seq == stealthfile.parse_sequences(SEQS)[0]
    assert "length" not in stealthfile.sequences_to_json((seq,))["sequences"][0]


@pytest.mark.parametrize("fields, where, words", [
    ({"moves": "sometimes"}, "sequences[0].moves", "expected one of: always, may_stay"),
    ({"moves": None}, "sequences[0].moves", "expected one of"),
    ({"cards": []}, "sequences[0].cards", "an empty list"),
    ({"cards": "ABC"}, "sequences[0].cards", "got a string"),
    ({"cards": ["A", 7]}, "sequences[0].cards[1]", "expected a card id"),
    ({"cards": ["A", "B", "A"]}, "sequences[0].cards[2]", "already in the sequence at cards[0]"),
    ({"name": ""}, "sequences[0].name", "non-empty"),
    ({"name": None}, "sequences[0].name", "is required"),
])
def test_bad_sequences(fields: dict[str, object], where: str, words: str) -> None:
    assert words in seq_problems(**fields)[where]


def test_duplicate_sequence_names_and_shapes() -> None:
    doc = {"sequences": SEQS["sequences"] * 2}
    with pytest.raises(InputError, match=r"sequences\[1\]\.name: duplicate name 's1'"):
        stealthfile.parse_sequences(doc)
    bad: object
    for bad in ([], {"sequences": {}}, {"sequences": ["x"]}, {}):
        with pytest.raises(InputError):
            stealthfile.parse_sequences(bad)


def test_a_stated_id_is_checked_once_the_card_is_sound() -> None:
    doc = {"schema": 1, "cards": [{"location": "a", "positions": "A-------", "id": 7},
                                  {"location": "b", "positions": "--------", "id": 7}]}
    with pytest.raises(InputError) as info:
        stealthfile.parse(doc)
    assert [(p.path, p.message, p.code) for p in info.value.problems] == [
        ("cards[0].id", "is 7 but the positions give the id 'A'", "id-mismatch"),
        ("cards[1].positions", "a card needs a letter in at least one position", "schema")]
