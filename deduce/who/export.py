"""A card set written as a card set file (SPEC 4), in the shipped file's style.

Core module, no I/O: it makes the text, its callers write it. The fields come in SPEC 4's order
(``schema``, ``name``, ``traits_per_lady``, ``traits``, ``suits``, ``modes``, ``ladies``), each
trait and suit on a line of its own, each lady as a block with her names in every language and
her key entries as the card prints them (one count alone, several as a list). ``deduce design``
writes the shipped ``data/clues.yaml`` with it (with a header and a comment above each lady), and
the designer's page exports the set being edited with it (``POST /v1/cards/export``), so what the
page exports, ``deduce audit`` reads back to the same set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from deduce.document import Commented, Quoted, dump_yaml
from deduce.text.names import Names
from deduce.who.cards import CardSet, Lady, Suit

__all__ = ["card_set_yaml", "key_entry"]


def card_set_yaml(cards: CardSet, header: str = "", comments: Mapping[str, Sequence[str]] | None = None) -> str:
    """``cards`` as a card set file: under the ``#`` comment ``header``, with ``comments[lady id]``
    (lines) above each lady that has some."""
    comments = comments or {}
    modes = {"modes": {m: dict(table) for m, table in cards.modes.items()}} if cards.modes else {}
    named = {} if cards.name is None else {"name": Quoted(cards.name)}  # an unnamed set stays unnamed
    doc = {
        "schema": 1,
        **named,
        "traits_per_lady": cards.traits_per_lady,
        "traits": [{"id": t.id, "name": _names(t.name)} for t in cards.traits],
        "suits": [_suit(s) for s in cards.suits],
        **modes,
        "ladies": [Commented(_lady(lady, cards.suit_ids), comments.get(lady.id, ())) for lady in cards.ladies],
    }
    return dump_yaml(doc, header)


def key_entry(counts: frozenset[int]) -> int | list[int]:
    """A key entry as the printed cards show it: one count alone, several as a list."""
    values = sorted(counts)
    return values[0] if len(values) == 1 else values


def _names(names: Names) -> dict[str, Quoted]:
    return {lang: Quoted(text) for lang, text in names.to_json().items()}


def _suit(suit: Suit) -> dict[str, object]:
    colour = {"colour": suit.colour} if suit.colour else {}
    return {"id": suit.id, **colour, "name": _names(suit.name)}


def _lady(lady: Lady, suits: Sequence[str]) -> dict[str, object]:
    return {"id": lady.id, "name": _names(lady.name), "suit": lady.suit, "traits": list(lady.traits),
            "key": {s: key_entry(lady.key[s]) for s in suits}}
