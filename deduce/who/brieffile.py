"""Reading a designer's brief (``data/brief.yaml``): what ``deduce design`` searches a card set for.

A brief document::

    schema: 1
    name: Sonnet set
    traits_per_lady: 3                       # optional, 3 by default
    traits: [{id: literary, name: {en: Literary or artistic, it: ...}}, ...]
    suits: [{id: rose, colour: red, name: {en: Rose, ...}}, ...]
    wheel: [rose, oak, bluebell, sage, acorn, thistle]   # clockwise: Advanced removes the next suit
    dotted: [[rose, bluebell], ...]          # Easy removes the other suit of a pair
    women:
      - id: emilia-bassano
        name: {en: Emilia Bassano, ru: ...}
        about: poet of Salve Deus Rex Judaeorum (1611); ...
        history: {literary: {weight: 3, note: published poet}, ...}
        fixed: {suit: oak, traits: [...], key: {rose: 1, acorn: [0, 2], ...}}   # optional: kept as printed

The document is defined once (:data:`BRIEF_DOCUMENT`); what no field can say alone (a trait or suit
the brief does not define, a wheel that is not every suit once, a suit paired twice) is checked on the
validated document. Every problem is reported with its path (``women[3].history.lovr: unknown trait``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, NotRequired

from pydantic import Field, with_config
from typing_extensions import TypedDict

from deduce.document import decode_yaml, read_text, type_name
from deduce.errors import Loc, Problems
from deduce.schema import (
    VERSION_MISSING,
    Definition,
    EntryId,
    Listed,
    Name,
    Version,
    duplicate,
    entry,
    entry_key,
    names,
    not_an_entry,
    strict,
    unique,
    validated,
)
from deduce.who.cards import MAX_LADIES, MAX_SUITS, MAX_TRAITS, Lady, Suit, Trait, card_words
from deduce.who.design import Brief, Woman
from deduce.who.keys import entry_counts

#: A trait's weight in a woman's history: 3 for what she is known for, 2 for a documented fact, 1 for a tradition.
Weight = Annotated[int, Field(ge=1, le=3)]


@with_config(strict("BriefTrait"))
class BriefTraitJSON(TypedDict):
    """A trait of the brief, with its names."""

    id: EntryId
    name: Name


@with_config(strict("BriefSuit"))
class BriefSuitJSON(TypedDict):
    """A suit of the brief, with its colour and names."""

    id: EntryId
    colour: NotRequired[str]
    name: Name


@with_config(strict("BriefHistory"))
class BriefHistoryJSON(TypedDict):
    """What history says of a trait for a woman: how strongly, and why."""

    weight: Weight
    note: str


@with_config(strict("BriefFixed"))
class BriefFixedJSON(TypedDict):
    """A card kept exactly as printed: its suit, traits and key."""

    suit: str
    traits: list[str]
    key: dict[str, int | list[int]]


@with_config(strict("BriefWoman"))
class BriefWomanJSON(TypedDict):
    """A woman of the brief: her names, what she is known for, her history trait by trait, and her card
    when it is kept as printed."""

    id: EntryId
    name: Name
    about: str
    history: dict[str, Annotated[BriefHistoryJSON, entry(BriefHistoryJSON, not_mapping=not_an_entry)]]
    fixed: NotRequired[Annotated[BriefFixedJSON, entry(BriefFixedJSON, not_mapping=not_an_entry)]]


@with_config(strict("BriefDocument", extra="allow"))
class BriefDocumentJSON(TypedDict):
    """A designer's brief (``data/brief.yaml``). Unknown fields are ignored."""

    schema: Version
    name: str
    traits_per_lady: NotRequired[Annotated[int, Field(ge=1, le=MAX_TRAITS)]]
    traits: Annotated[list[Annotated[BriefTraitJSON, entry(BriefTraitJSON, not_mapping=not_an_entry)]],
                      Listed(MAX_TRAITS, least=1), unique(entry_key, duplicate("traits"))]
    suits: Annotated[list[Annotated[BriefSuitJSON, entry(BriefSuitJSON, not_mapping=not_an_entry)]],
                     Listed(MAX_SUITS, least=1), unique(entry_key, duplicate("suits"))]
    wheel: Annotated[list[str], Listed(MAX_SUITS, least=1)]
    dotted: Annotated[list[Annotated[list[str], Field(min_length=2, max_length=2)]], Listed(MAX_SUITS)]
    women: Annotated[list[Annotated[BriefWomanJSON, entry(BriefWomanJSON, not_mapping=not_an_entry)]],
                     Listed(MAX_LADIES, least=1), unique(entry_key, duplicate("women"))]


#: The brief document's definition.
BRIEF_DOCUMENT: Definition[BriefDocumentJSON] = Definition(Annotated[BriefDocumentJSON, entry(
    BriefDocumentJSON, missing=VERSION_MISSING,
    not_mapping=lambda value: card_words("brief.expected", got=type_name(value)))])


def _known(problems: Problems, kind: str, choices: list[str], found: Iterable[tuple[Loc, str]]) -> None:
    for loc, value in found:
        if value not in choices:
            problems.unknown(loc, kind, value, choices)


def _check(doc: BriefDocumentJSON) -> None:
    """What no single field says: every trait and suit named is one the brief defines, the wheel holds
    every suit once, every suit is in one dotted pair, and a printed card has a key entry for every suit."""
    traits = [t["id"] for t in doc["traits"]]
    suits = [s["id"] for s in doc["suits"]]
    problems = Problems()
    _known(problems, "suit", suits, [(("wheel", i), s) for i, s in enumerate(doc["wheel"])])
    _known(problems, "suit", suits, [(("dotted", i, j), s) for i, pair in enumerate(doc["dotted"])
                                     for j, s in enumerate(pair)])
    if sorted(doc["wheel"]) != sorted(suits):
        problems.add(("wheel",), card_words("brief.wheel"))
    if sorted(s for pair in doc["dotted"] for s in pair) != sorted(suits):
        problems.add(("dotted",), card_words("brief.dotted"))
    for i, woman in enumerate(doc["women"]):
        _known(problems, "trait", traits, [(("women", i, "history", t), t) for t in woman["history"]])
        fixed = woman.get("fixed")
        if fixed is not None:
            at = ("women", i, "fixed")
            _known(problems, "suit", suits, [((*at, "suit"), fixed["suit"])])
            _known(problems, "trait", traits, [((*at, "traits", j), t) for j, t in enumerate(fixed["traits"])])
            _known(problems, "suit", suits, [((*at, "key", s), s) for s in fixed["key"]])
            for s in suits:
                if s not in fixed["key"]:
                    problems.add((*at, "key", s), card_words("key.missing"))
    problems.raise_if_any()


def _woman(woman: BriefWomanJSON) -> Woman:
    name = names(woman["name"], woman["id"])
    fixed = woman.get("fixed")
    lady = None if fixed is None else Lady(
        id=woman["id"], name=name, suit=fixed["suit"], traits=tuple(fixed["traits"]),
        key={s: entry_counts(counts) for s, counts in fixed["key"].items()})
    history = woman["history"]
    return Woman(woman["id"], name.by_lang, {t: h["weight"] for t, h in history.items()},
                 {t: h["note"] for t, h in history.items()}, woman["about"], fixed=lady)


def parse(doc: Any) -> Brief:
    """The brief of a decoded document."""
    brief = validated(BRIEF_DOCUMENT, doc)
    _check(brief)
    return Brief(
        name=brief["name"],
        women=tuple(_woman(w) for w in brief["women"]),
        traits=tuple(Trait(t["id"], names(t["name"], t["id"])) for t in brief["traits"]),
        suits=tuple(Suit(s["id"], names(s["name"], s["id"]), s.get("colour")) for s in brief["suits"]),
        wheel=tuple(brief["wheel"]),
        dotted=tuple((a, b) for a, b in brief["dotted"]),
        traits_per_lady=brief.get("traits_per_lady", 3),
    )


def loads(text: str | bytes) -> Brief:
    return parse(decode_yaml(text, "brief document"))


def load(path: str | Path) -> Brief:
    return loads(read_text(path, "brief file"))

