"""Reading and writing stealth decks and stealth sequences (SPEC section 7).

A stealth deck document (``data/stealth.yaml``)::

    schema: 1
    name: Stealth deck
    cards:
      - {location: whitehall, landmark: palace, positions: "J-KQ-DMB"}

``positions`` is the card's eight positions as printed: a capital letter, or ``-`` for
none. The card's id follows from them (SPEC 7: ``J``; ``-A`` for ``-A......``; ``--X``),
so it is not stored; an ``id`` field, if given, must agree. ``landmark`` (optional) is
what the card's back shows; :mod:`deduce.where.audit` checks it against the board.

A sequences document (``data/sequences.json``, the rulebook's extra sequences)::

    {"sequences": [{"name": "easy-1", "moves": "always", "length": 28, "cards": ["R", "H", ...]}]}

``length`` is optional and, if given, must be the number of cards. Which ids exist and
which locations are adjacent are questions for the deck audit, not for these readers:
each document is read on its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from deduce.document import (
    decode_yaml,
    is_int,
    list_field,
    parse_header,
    parse_unique,
    read_text,
    type_name,
)
from deduce.errors import InputError, Loc, Problems, problem_words, shown
from deduce.where.query import board_words
from deduce.where.stealth import (
    DASH,
    MOVES,
    POSITIONS,
    Moves,
    Sequence,
    StealthCard,
    StealthDeck,
    card_id,
    is_moves,
)

MAX_CARDS = 64
MAX_SEQUENCES = 256
FACE = re.compile(rf"[A-Z{DASH}]{{{POSITIONS}}}")


def _optional_string(item: Mapping[str, Any], field: str, loc: Loc, problems: Problems) -> str | None:
    value = item.get(field)
    if value is not None and (not isinstance(value, str) or not value.strip()):
        problems.add((*loc, field), board_words("expected.nonempty", got=type_name(value)))
        return None
    return value if isinstance(value, str) else None


def _required_string(item: Mapping[str, Any], field: str, loc: Loc, problems: Problems) -> str | None:
    if item.get(field) is None:
        problems.add((*loc, field), problem_words("required"))
        return None
    return _optional_string(item, field, loc, problems)


def _parse_card(item: Any, loc: Loc, problems: Problems) -> StealthCard | None:
    if not isinstance(item, Mapping):
        problems.add(loc, board_words("stealth.card", got=type_name(item)))
        return None
    before = len(problems)
    location = _required_string(item, "location", loc, problems)
    landmark = _optional_string(item, "landmark", loc, problems)
    face = item.get("positions")
    positions = None
    if face is None:
        problems.add((*loc, "positions"), board_words("stealth.positions.required", n=POSITIONS, dash=repr(DASH)))
    elif not isinstance(face, str) or not FACE.fullmatch(face):
        got = shown(face) if isinstance(face, str) else type_name(face)
        problems.add((*loc, "positions"), board_words("stealth.positions", n=POSITIONS, dash=repr(DASH), got=got))
    elif card_id(None if c == DASH else c for c in face) is None:
        problems.add((*loc, "positions"), board_words("stealth.positions.empty"))
    else:
        positions = tuple(None if c == DASH else c for c in face)
    if location is None or positions is None or len(problems) != before:
        return None
    card = StealthCard(location=location, positions=positions, landmark=landmark)
    stated = item.get("id")
    if stated is not None and stated != card.id:
        problems.add((*loc, "id"), board_words("stealth.id-mismatch", got=shown(stated), id=repr(card.id)),
                     code="id-mismatch")
        return None
    return card


def parse(doc: Any) -> StealthDeck:
    """Interpret a decoded stealth deck document; raise :class:`InputError` listing every problem."""
    if not isinstance(doc, Mapping):
        raise InputError.at((), board_words("stealth.mapping", got=type_name(doc)))
    problems = Problems()
    parse_header(doc, problems)
    cards = parse_unique(list_field(doc, "cards", problems, MAX_CARDS), "cards", problems, _parse_card,
                         key=lambda card: card.id, at="positions")
    problems.raise_if_any()
    return StealthDeck(tuple(cards))


def loads(text: str | bytes) -> StealthDeck:
    """A stealth deck from YAML or JSON text."""
    return parse(decode_yaml(text, "stealth deck"))


def load(path: str | Path) -> StealthDeck:
    """A stealth deck from a YAML or JSON file."""
    return loads(read_text(path, "stealth deck file"))


class StealthCardJSON(TypedDict):
    """A card: its location, the landmark on its back when known, and its positions as printed."""

    location: str
    landmark: NotRequired[str]
    positions: str


class StealthDeckJSON(TypedDict):
    schema: Literal[1]
    cards: list[StealthCardJSON]


def _card_json(card: StealthCard) -> StealthCardJSON:
    if card.landmark:
        return {"location": card.location, "landmark": card.landmark, "positions": card.face}
    return {"location": card.location, "positions": card.face}


def to_json(deck: StealthDeck) -> StealthDeckJSON:
    """The deck as a document that :func:`parse` reads back to an equal deck."""
    return {"schema": 1, "cards": [_card_json(card) for card in deck.cards]}


def _parse_sequence(item: Any, loc: Loc, problems: Problems) -> Sequence | None:
    if not isinstance(item, Mapping):
        problems.add(loc, board_words("sequence.mapping", got=type_name(item)))
        return None
    before = len(problems)
    name = _required_string(item, "name", loc, problems)
    moves = item.get("moves")
    if not is_moves(moves):
        problems.add((*loc, "moves"), board_words("expected.one-of", choices=", ".join(MOVES), got=shown(moves)))
        moves = None
    cards = _sequence_cards(item.get("cards"), loc, problems)
    length = item.get("length")
    if length is not None:
        if not is_int(length) or length <= 0:
            problems.add((*loc, "length"), board_words("expected.positive", got=shown(length)))
        elif cards is not None and length != len(cards):
            problems.add((*loc, "length"), board_words("sequence.length", got=shown(length), n=len(cards)))
    if name is None or moves is None or cards is None or len(problems) != before:
        return None
    return Sequence(name=name, moves=moves, cards=tuple(cards))


def _sequence_cards(cards: Any, loc: Loc, problems: Problems) -> list[str] | None:
    """A sequence's cards: a non-empty list of card ids, each once (None when it is not a list)."""
    if not isinstance(cards, list) or not cards:
        got = board_words("got.empty-list") if cards == [] else type_name(cards)
        problems.add((*loc, "cards"),
                     problem_words("required") if cards is None else board_words("sequence.cards", got=got))
        return None
    if len(cards) > MAX_CARDS:
        problems.add((*loc, "cards"), problem_words("limit.entries", n=len(cards), most=MAX_CARDS), code="limit")
        return None
    first: dict[str, int] = {}
    for j, card in enumerate(cards):
        if not isinstance(card, str) or not card:
            problems.add((*loc, "cards", j), board_words("sequence.card", got=type_name(card)))
        elif card in first:
            problems.add((*loc, "cards", j),
                         board_words("sequence.card.duplicate", card=shown(card), first=f"cards[{first[card]}]"),
                         code="duplicate-card")
        else:
            first[card] = j
    return cards


def parse_sequences(doc: Any) -> tuple[Sequence, ...]:
    """Interpret a decoded sequences document; raise :class:`InputError` listing every problem."""
    if not isinstance(doc, Mapping):
        raise InputError.at((), board_words("sequences.mapping", got=type_name(doc)))
    problems = Problems()
    out = parse_unique(list_field(doc, "sequences", problems, MAX_SEQUENCES), "sequences", problems,
                       _parse_sequence, key=lambda sequence: sequence.name, noun="name", at="name")
    problems.raise_if_any()
    return tuple(out)


def loads_sequences(text: str | bytes) -> tuple[Sequence, ...]:
    """Stealth sequences from JSON or YAML text."""
    return parse_sequences(decode_yaml(text, "sequences document"))


def load_sequences(path: str | Path) -> tuple[Sequence, ...]:
    """Stealth sequences from a JSON or YAML file."""
    return loads_sequences(read_text(path, "sequences file"))


class SequenceJSON(TypedDict):
    name: str
    moves: Moves
    length: int
    cards: list[str]


class SequencesJSON(TypedDict):
    """A sequences document: the rulebook's extra sequences, each naming its cards by id in order."""

    sequences: list[SequenceJSON]


def sequences_to_json(sequences: tuple[Sequence, ...]) -> SequencesJSON:
    """Sequences as a document that :func:`parse_sequences` reads back."""
    return {"sequences": [{"name": s.name, "moves": s.moves, "length": s.length, "cards": list(s.cards)}
                          for s in sequences]}
