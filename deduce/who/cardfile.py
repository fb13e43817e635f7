"""Reading and writing card set documents (SPEC section 4).

:func:`parse` turns an already-decoded mapping (from YAML or JSON) into a
:class:`~deduce.cards.CardSet`, collecting every problem with its path in the document
(``ladies[3].key.rose: 4 is outside 0..3``). :func:`loads` and :func:`load` add safe
YAML decoding; :func:`to_json` is the inverse of :func:`parse`.

Validation never walks into parts of a document it does not use and bounds every list
before iterating it; :func:`~deduce.document.decode_yaml` refuses alias bombs before that.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from deduce.document import (
    decode_yaml,
    is_int,
    key_text,
    list_field,
    parse_header,
    parse_names,
    read_text,
    type_name,
    unique_entries,
)
from deduce.errors import InputError, Loc, Problems, problem_words, shown
from deduce.text.names import NamedJSON
from deduce.who.cards import MAX_LADIES, MAX_SUITS, MAX_TRAITS, MODE_TABLES, CardSet, Lady, Suit, Trait, card_words
from deduce.who.keys import key_to_json, parse_key_entry, parse_trait_list


def _parse_lady_key(key_doc: Any, loc: Loc, suits: tuple[str, ...], k: int,
                    problems: Problems) -> dict[str, frozenset[int]]:
    """A lady's key (SPEC 2, 4): for every suit of the set, how many of her traits the Dark Lady may
    share if she is of that suit; an unknown suit, a missing suit and a bad entry are each named by its place."""
    key: dict[str, frozenset[int]] = {}
    if not isinstance(key_doc, Mapping):
        problems.add(loc, problem_words("required") if key_doc is None
                     else card_words("key.expected", got=type_name(key_doc)))
        return key
    for s in key_doc:
        if s not in suits:
            problems.unknown((*loc, key_text(s)), "suit", s, suits)
    for s in suits:
        if s not in key_doc:
            problems.add((*loc, s), card_words("key.missing"))
            continue
        entry = parse_key_entry(key_doc[s], (*loc, s), problems, k)
        if entry is not None:
            key[s] = entry
    return key


def _parse_lady(i: int, ident: str, item: Mapping[str, Any], traits: tuple[str, ...], suits: tuple[str, ...],
                k: int, problems: Problems) -> Lady | None:
    loc: Loc = ("ladies", i)
    before = len(problems)
    suit = item.get("suit")
    if suit is None:
        problems.add((*loc, "suit"), problem_words("required"))
    elif suit not in suits:
        problems.unknown((*loc, "suit"), "suit", suit, suits)
    if "traits" not in item:
        problems.add((*loc, "traits"), problem_words("required"))
        lady_traits = None
    else:
        lady_traits = parse_trait_list(item["traits"], (*loc, "traits"), problems, traits, k)
    key = _parse_lady_key(item.get("key"), (*loc, "key"), suits, k, problems)
    name = parse_names(item.get("name"), (*loc, "name"), problems, ident)
    if len(problems) != before or not isinstance(suit, str) or lady_traits is None:
        return None
    return Lady(id=ident, name=name, suit=suit, traits=tuple(t for t in traits if t in lady_traits), key=key)


def _parse_modes(value: Any, suits: tuple[str, ...], problems: Problems) -> dict[str, dict[str, str]]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        problems.add(("modes",), card_words("modes.expected", got=type_name(value)))
        return {}
    modes: dict[str, dict[str, str]] = {}
    for mode, table in value.items():
        loc: Loc = ("modes", key_text(mode))
        if mode not in MODE_TABLES:
            said = problem_words("unknown", kind=problem_words("kind.mode"), got=shown(mode))
            problems.add(loc, problem_words("expected.one-of", what=said, choices=", ".join(MODE_TABLES)))
            continue
        if not isinstance(table, Mapping):
            problems.add(loc, card_words("mode.expected", got=type_name(table)))
            continue
        _check_mode_table(table, loc, suits, problems)
        modes[mode] = {s: table[s] for s in suits if s in table}
    return modes


def _check_mode_table(table: Mapping[Any, Any], loc: Loc, suits: tuple[str, ...], problems: Problems) -> None:
    """One mode's table (SPEC 4): for every suit of the set and no other, the other suit whose two cards
    the mode removes when the Dark Lady is of that suit; each wrong entry is named by its place."""
    for s in table:
        if s not in suits:
            problems.unknown((*loc, key_text(s)), "suit", s, suits)
    for s in suits:
        removed = table.get(s)
        if removed is None:
            problems.add((*loc, s), card_words("mode.missing"))
        elif removed not in suits:
            problems.unknown((*loc, s), "suit", removed, suits)
        elif removed == s:
            problems.add((*loc, s), card_words("mode.own-suit"))


def parse(doc: Any) -> CardSet:
    """Interpret a decoded card set document; raise :class:`InputError` listing every problem."""
    problems = Problems()
    if not isinstance(doc, Mapping):
        raise InputError.at((), card_words("card-set.expected", got=type_name(doc)))
    name = parse_header(doc, problems, "Card set")

    trait_entries = unique_entries(list_field(doc, "traits", problems, MAX_TRAITS, at_least=1), "traits", problems)
    traits = tuple(Trait(t, parse_names(e.get("name"), ("traits", i, "name"), problems, t))
                   for i, t, e in trait_entries)
    trait_ids = tuple(t.id for t in traits)

    per_lady = doc.get("traits_per_lady", 3)
    k: int | None = None  # None: nothing to check ladies against
    if not traits:
        pass  # the traits list's own problem is reported
    elif not is_int(per_lady) or not 1 <= per_lady <= len(traits):
        problems.add(("traits_per_lady",), card_words("whole.expected", least=1, most=len(traits), got=shown(per_lady)))
    else:
        k = per_lady

    suit_entries = unique_entries(list_field(doc, "suits", problems, MAX_SUITS, at_least=1), "suits", problems)
    suits = []
    for i, s, e in suit_entries:
        colour = e.get("colour")
        if colour is not None and not isinstance(colour, str):
            problems.add(("suits", i, "colour"), problem_words("expected.string", got=type_name(colour)))
            colour = None
        suits.append(Suit(s, parse_names(e.get("name"), ("suits", i, "name"), problems, s), colour))
    suit_ids = tuple(s.id for s in suits)

    ladies: list[Lady] = []
    if k is not None:
        entries = list_field(doc, "ladies", problems, MAX_LADIES, at_least=1)
        for i, ident, item in unique_entries(entries, "ladies", problems):
            lady = _parse_lady(i, ident, item, trait_ids, suit_ids, k, problems)
            if lady is not None:
                ladies.append(lady)
    modes = _parse_modes(doc.get("modes"), suit_ids, problems)
    problems.raise_if_any()
    assert k is not None, "a card set without traits, or with a bad traits_per_lady, has a problem raised above"
    return CardSet(name=name, traits=traits, suits=tuple(suits), ladies=tuple(ladies),
                   traits_per_lady=k, modes=modes)


def loads(text: str | bytes) -> CardSet:
    """A card set from YAML or JSON text."""
    return parse(decode_yaml(text, "card set"))


def load(path: str | Path) -> CardSet:
    """A card set from a YAML or JSON file."""
    return loads(read_text(path, "card set file"))


class SuitJSON(NamedJSON):
    colour: NotRequired[str]


class LadyJSON(TypedDict):
    id: str
    name: dict[str, str]
    suit: str
    traits: list[str]
    key: dict[str, list[int]]


class _ModesJSON(TypedDict):
    modes: NotRequired[dict[str, dict[str, str]]]


class CardSetJSON(TypedDict):
    """A card set document (SPEC 4) as :func:`to_json` writes it."""

    schema: Literal[1]
    name: str
    traits_per_lady: int
    traits: list[NamedJSON]
    suits: list[SuitJSON]
    modes: NotRequired[dict[str, dict[str, str]]]
    ladies: list[LadyJSON]


def _suit_json(suit: Suit) -> SuitJSON:
    out: SuitJSON = {"id": suit.id, "name": suit.name.to_json()}
    if suit.colour:
        out["colour"] = suit.colour
    return out


def to_json(cards: CardSet) -> CardSetJSON:
    """The card set as a document that :func:`parse` reads back to an equal card set."""
    modes: _ModesJSON = {"modes": {m: dict(table) for m, table in cards.modes.items()}} if cards.modes else {}
    return {
        "schema": 1,
        "name": cards.name,
        "traits_per_lady": cards.traits_per_lady,
        "traits": [{"id": t.id, "name": t.name.to_json()} for t in cards.traits],
        "suits": [_suit_json(s) for s in cards.suits],
        **modes,
        "ladies": [
            {"id": lady.id, "name": lady.name.to_json(), "suit": lady.suit, "traits": list(lady.traits),
             "key": key_to_json(lady.key, cards.suit_ids)}
            for lady in cards.ladies
        ],
    }
