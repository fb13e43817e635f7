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

    {"sequences": [{"name": "easy-1", "moves": "always", "cards": ["R", "H", ...]}]}

A sequence's length is the number of its cards: the list is the truth, so there is no field to
state it again (a ``length`` that older documents carry is an unknown field, ignored like any
other: docs/decisions.md). Which ids exist and
which locations are adjacent are questions for the deck audit, not for these readers:
each document is read on its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NotRequired

from pydantic import AfterValidator, Field, WrapValidator, with_config
from typing_extensions import TypedDict

from deduce.document import decode_yaml, read_text, type_name
from deduce.errors import Loc, problem_words, shown
from deduce.schema import (
    VERSION_MISSING,
    Definition,
    Listed,
    Version,
    duplicate,
    entry,
    problem,
    refused,
    said,
    strict,
    unique,
    validated,
)
from deduce.text.catalog import Phrase
from deduce.where.query import board_words
from deduce.where.stealth import DASH, MOVES, POSITIONS, Moves, Sequence, StealthCard, StealthDeck, card_id

MAX_CARDS = 64
MAX_SEQUENCES = 256
FACE = re.compile(rf"[A-Z{DASH}]{{{POSITIONS}}}")


def _text(value: Any, handler: Callable[[Any], Any]) -> Any:
    if value is None:
        raise problem(problem_words("required"))
    if not isinstance(value, str) or not value.strip():
        raise problem(board_words("expected.nonempty", got=type_name(value)))
    return handler(value)


#: A string with more than white space in it (null, where it is given, is none).
Text = Annotated[str, Field(min_length=1, pattern=r"\S"), WrapValidator(_text)]


def _letters(face: str) -> tuple[str | None, ...]:
    """A card's positions as printed, a letter or None in each."""
    return tuple(None if c == DASH else c for c in face)


def _face(value: Any, handler: Callable[[Any], Any]) -> Any:
    if value is None:
        raise problem(_POSITIONS_REQUIRED)
    if not isinstance(value, str) or not FACE.fullmatch(value):
        got = shown(value) if isinstance(value, str) else type_name(value)
        raise problem(board_words("stealth.positions", n=POSITIONS, dash=repr(DASH), got=got))
    if card_id(_letters(value)) is None:
        raise problem(board_words("stealth.positions.empty"))
    return handler(value)


_POSITIONS_REQUIRED = board_words("stealth.positions.required", n=POSITIONS, dash=repr(DASH))


def _as_stated(value: Any, handler: Callable[[Any], Any]) -> Any:
    """A card's stated id, whatever it is: the card checks it against its positions, once they are sound."""
    return value


@with_config(strict("StealthCardEntry", extra="allow"))
class StealthCardJSON(TypedDict):
    """A card: its location, the landmark on its back when known, and its positions as printed."""

    location: Text
    landmark: NotRequired[Text | None]
    positions: Annotated[str, Field(min_length=POSITIONS, max_length=POSITIONS,
                                    pattern=f"^[A-Z{DASH}]*[A-Z][A-Z{DASH}]*$",
                                    description=f"the card's letter in each of the {POSITIONS} positions, "
                                                f"{DASH!r} for none"),
                         WrapValidator(_face)]
    id: NotRequired[Annotated[str | None, Field(description="the id the positions give, when stated"),
                              WrapValidator(_as_stated)]]


def _stated_id(card: StealthCardJSON) -> StealthCardJSON:
    """A card's id, when stated, is the one its positions give."""
    stated, ident = card.get("id"), card_id(_letters(card["positions"]))
    if stated is not None and stated != ident:
        raise refused((("id",), board_words("stealth.id-mismatch", got=shown(stated), id=repr(ident)), "id-mismatch"))
    return card


@with_config(strict("StealthDeckDocument", extra="allow"))
class StealthDeckJSON(TypedDict):
    """A stealth deck document (SPEC 7). Unknown fields are ignored."""

    schema: Version
    cards: Annotated[list[Annotated[StealthCardJSON, AfterValidator(_stated_id), entry(
        StealthCardJSON, missing={"positions": _POSITIONS_REQUIRED},
        not_mapping=lambda value: board_words("stealth.card", got=type_name(value)))]],
                     Listed(MAX_CARDS),
                     unique(lambda card: card_id(_letters(card["positions"])), duplicate("cards", at="positions"))]


#: The stealth deck document's definition.
STEALTH_DECK: Definition[StealthDeckJSON] = Definition(Annotated[StealthDeckJSON, entry(
    StealthDeckJSON, missing=VERSION_MISSING,
    not_mapping=lambda value: board_words("stealth.mapping", got=type_name(value)))])


def parse(doc: Any) -> StealthDeck:
    """Interpret a decoded stealth deck document; raise :class:`InputError` listing every problem."""
    deck = validated(STEALTH_DECK, doc)
    return StealthDeck(tuple(StealthCard(location=card["location"], positions=_letters(card["positions"]),
                                         landmark=card.get("landmark")) for card in deck["cards"]))


def loads(text: str | bytes) -> StealthDeck:
    """A stealth deck from YAML or JSON text."""
    return parse(decode_yaml(text, "stealth deck"))


def load(path: str | Path) -> StealthDeck:
    """A stealth deck from a YAML or JSON file."""
    return loads(read_text(path, "stealth deck file"))


def _card_json(card: StealthCard) -> StealthCardJSON:
    if card.landmark:
        return {"location": card.location, "landmark": card.landmark, "positions": card.face}
    return {"location": card.location, "positions": card.face}


def to_json(deck: StealthDeck) -> StealthDeckJSON:
    """The deck as a document that :func:`parse` reads back to an equal deck."""
    return {"schema": 1, "cards": [_card_json(card) for card in deck.cards]}


def _moves_words(value: Any) -> Phrase:
    return board_words("expected.one-of", choices=", ".join(MOVES), got=shown(value))


def _cards_words(value: Any) -> Phrase:
    return problem_words("required") if value is None else board_words("sequence.cards", got=type_name(value))


def _same_card(card: str, key: object, first: int) -> tuple[Loc, Phrase, str]:
    return (), board_words("sequence.card.duplicate", card=shown(card), first=f"cards[{first}]"), "duplicate-card"


@with_config(strict("SequenceEntry", extra="allow"))
class SequenceJSON(TypedDict):
    """A stealth sequence: its name, how she moves, and its cards by id in deck order."""

    # the fields in the order their problems are said
    name: Text
    moves: Annotated[Moves, said(_moves_words)]
    cards: Annotated[list[Annotated[str, Field(min_length=1),
                                    said(lambda value: board_words("sequence.card", got=type_name(value)))]],
                     Field(min_length=1, max_length=MAX_CARDS, json_schema_extra={"uniqueItems": True},
                           description="stealth card ids, in deck order"),
                     said(_cards_words, limit=("too_long",),
                          too_short=lambda value: board_words("sequence.cards", got=board_words("got.empty-list")),
                          too_long=lambda value: problem_words("limit.entries", n=len(value), most=MAX_CARDS)),
                     unique(lambda card: card, _same_card)]


@with_config(strict("SequencesDocument", extra="allow"))
class SequencesJSON(TypedDict):
    """A sequences document: the rulebook's extra sequences, each naming its cards by id in order (SPEC 7).
    Unknown fields are ignored."""

    sequences: Annotated[list[Annotated[SequenceJSON, entry(
        SequenceJSON, missing={"moves": _moves_words(None)},
        not_mapping=lambda value: board_words("sequence.mapping", got=type_name(value)))]],
                         Listed(MAX_SEQUENCES),
                         unique(lambda sequence: sequence["name"], duplicate("sequences", at="name", noun="name"))]


#: The sequences document's definition.
SEQUENCES: Definition[SequencesJSON] = Definition(Annotated[SequencesJSON, entry(
    SequencesJSON, not_mapping=lambda value: board_words("sequences.mapping", got=type_name(value)))])


def parse_sequences(doc: Any) -> tuple[Sequence, ...]:
    """Interpret a decoded sequences document; raise :class:`InputError` listing every problem."""
    return tuple(Sequence(name=s["name"], moves=s["moves"], cards=tuple(s["cards"]))
                 for s in validated(SEQUENCES, doc)["sequences"])


def loads_sequences(text: str | bytes) -> tuple[Sequence, ...]:
    """Stealth sequences from JSON or YAML text."""
    return parse_sequences(decode_yaml(text, "sequences document"))


def load_sequences(path: str | Path) -> tuple[Sequence, ...]:
    """Stealth sequences from a JSON or YAML file."""
    return loads_sequences(read_text(path, "sequences file"))


def sequences_to_json(sequences: tuple[Sequence, ...]) -> SequencesJSON:
    """Sequences as a document that :func:`parse_sequences` reads back."""
    return {"sequences": [{"name": s.name, "moves": s.moves, "cards": list(s.cards)}
                          for s in sequences]}
