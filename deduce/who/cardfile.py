"""Reading and writing card set documents (SPEC section 4).

The card set document is defined once, as :data:`CARD_SET` (:mod:`deduce.schema`): the
:class:`CardSetJSON` TypedDict and its entries give the checks, the JSON Schema of the HTTP
service's ``CardSetDocument`` and the static type of what :func:`to_json` writes. :func:`parse`
turns an already-decoded mapping (from YAML or JSON) into a :class:`~deduce.cards.CardSet`,
collecting every problem with its path in the document (``ladies[3].key.rose: 4 is outside 0..3``).
:func:`loads` and :func:`load` add safe YAML decoding; :func:`to_json` is the inverse of :func:`parse`.

A lady's traits and key are read against the set's own traits, suits and ``traits_per_lady``
(a :class:`_Reading` of the document, the validation's context); what no field can say alone
(each id of a list once, the order the readers always named problems in) is checked on the whole.
Validation never walks into parts of a document it does not use and bounds every list
before iterating it; :func:`~deduce.document.decode_yaml` refuses alias bombs before that.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NotRequired, final

from pydantic import ConfigDict, Field, ValidationInfo, WrapValidator, with_config
from typing_extensions import TypedDict

from deduce.document import decode_yaml, is_int, key_text, list_field, read_text, type_name, unique_entries
from deduce.errors import InputError, Loc, Problem, Problems, problem_words, shown
from deduce.schema import (
    VERSION_MISSING,
    Definition,
    EntryId,
    Listed,
    Name,
    Version,
    entry,
    names,
    not_an_entry,
    said,
    validated,
)
from deduce.who.cards import (
    MAX_LADIES,
    MAX_SUITS,
    MAX_TRAITS,
    MODE_TABLES,
    CardSet,
    Lady,
    ModeTable,
    Suit,
    Trait,
    card_words,
)
from deduce.who.keys import (
    TRAITS_PER_LADY,
    KeyEntry,
    Refusal,
    TraitList,
    entry_counts,
    key_to_json,
    parse_key_entry,
    uncounted,
    unknown_words,
)

#: A complete (if small) card set document: two suits of two ladies, two traits each.
SMALL_CARD_SET: dict[str, Any] = {
    "schema": 1, "name": "Small set", "traits_per_lady": 2,
    "traits": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}],
    "suits": [{"id": "red"}, {"id": "blue"}],
    "ladies": [
        {"id": "l1", "suit": "red", "traits": ["a", "b"], "key": {"red": 1, "blue": [0, 2]}},
        {"id": "l2", "suit": "red", "traits": ["a", "c"], "key": {"red": 1, "blue": 1}},
        {"id": "l3", "suit": "blue", "traits": ["c", "d"], "key": {"red": [0, 1], "blue": 0}},
        {"id": "l4", "suit": "blue", "traits": ["a", "d"], "key": {"red": 1, "blue": 0}},
    ],
}


def _loose(title: str) -> ConfigDict:
    """The configuration of a card set's mapping called ``title``: fields it does not know are ignored
    (SPEC 4: a set may carry more), values are not converted (no ``"3"`` for 3), and a default is
    checked as a given value would be (three traits a lady, in a set of two traits, is refused)."""
    return ConfigDict(strict=True, extra="allow", title=title, validate_default=True)


@dataclass(frozen=True)
class _Reading:
    """What the parts of a card set document are read against (the validation's context): the ids of its
    traits and suits, and its ``traits_per_lady`` (None when it has no traits, or gives a wrong number, and
    the ladies are not read). As the readers always did, an entry without a good id, or with the id of one
    before it (its problem in :attr:`repeated`), is not read further."""

    trait_ids: tuple[str, ...]
    suit_ids: tuple[str, ...]
    traits_per_lady: int | None
    unread: frozenset[tuple[str, int]]
    repeated: tuple[Problem, ...]

    @classmethod
    def of(cls, doc: Mapping[str, Any]) -> _Reading:
        found, unread = Problems(), set[tuple[str, int]]()

        def ids(field: str, limit: int) -> tuple[str, ...]:
            items = list_field(doc, field, Problems(), limit)  # what is wrong with the list is the definition's to say
            read = unique_entries(items, field, found)
            unread.update((field, i) for i in set(range(len(items))) - {i for i, _, _ in read})
            return tuple(ident for _, ident, _ in read)

        traits, suits = ids("traits", MAX_TRAITS), ids("suits", MAX_SUITS)
        per_lady = doc.get("traits_per_lady", 3)
        k = per_lady if traits and is_int(per_lady) and 1 <= per_lady <= len(traits) else None
        if k is not None:
            ids("ladies", MAX_LADIES)
        return cls(traits, suits, k, frozenset(unread),
                   tuple(p for p in found.items if p.code == "duplicate-id"))

    @property
    def traits_listed(self) -> tuple[str, ...]:
        """A document's traits, as it writes them: by id."""
        return self.trait_ids

    def kept(self, problem: Problem) -> bool:
        """Whether a problem of the definition is one the set's readers name: none in an entry not read
        further, in the ladies when they are not read, or in ``traits_per_lady`` when there are no traits."""
        loc = problem.loc
        if not loc:
            return True
        if loc[0] == "traits_per_lady" and not self.trait_ids:
            return False
        if loc[0] == "ladies" and self.traits_per_lady is None:
            return False
        return not (len(loc) > 2 and loc[2] != "id" and (loc[0], loc[1]) in self.unread)


def _in_set(read: Callable[[Any, _Reading, Problems], None]) -> WrapValidator:
    """A part read by ``read`` (value, the set's reading, problems) against the set it is in; without one,
    only its shape is checked."""
    def check(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
        reading: _Reading | None = info.context
        if reading is None:
            return handler(value)
        problems = Refusal()
        read(value, reading, problems)
        if problems:
            raise problems.error()
        return value
    return WrapValidator(check)


@final
@with_config(_loose("TraitEntry"))
class TraitEntry(TypedDict):
    """A trait of the set."""

    id: EntryId
    name: NotRequired[Name]


@final
@with_config(_loose("SuitEntry"))
class SuitEntry(TypedDict):
    """A suit of the set, with the colour a page draws it in."""

    id: EntryId
    name: NotRequired[Name]
    colour: NotRequired[Annotated[str | None, said(lambda value: problem_words("expected.string",
                                                                               got=type_name(value)))]]


def _lady_suit(value: Any, reading: _Reading, problems: Problems) -> None:
    if value is None:
        problems.add((), problem_words("required"))
    elif value not in reading.suit_ids:
        problems.add((), unknown_words("suit", value, reading.suit_ids))


def _lady_key(value: Any, reading: _Reading, problems: Problems) -> None:
    """A lady's key (SPEC 2, 4): for every suit of the set, how many of her traits the Dark Lady may
    share if she is of that suit; an unknown suit, a missing suit and a bad entry are each named by its place."""
    if not isinstance(value, Mapping):
        problems.add((), problem_words("required") if value is None else card_words("key.expected",
                                                                                    got=type_name(value)))
        return
    for s in value:
        if s not in reading.suit_ids:
            problems.add((key_text(s),), unknown_words("suit", s, reading.suit_ids))
    for s in reading.suit_ids:
        if s not in value:
            problems.add((s,), card_words("key.missing"))
        elif reading.traits_per_lady is not None:
            parse_key_entry(value[s], (s,), problems, reading.traits_per_lady)


@final
@with_config(_loose("LadyEntry"))
class LadyEntry(TypedDict):
    """A lady of the set: her suit, her traits and her card's key."""

    id: EntryId
    name: NotRequired[Name]
    suit: Annotated[str, Field(description="one of the set's suits"), _in_set(_lady_suit)]
    traits: Annotated[TraitList, Field(description="traits_per_lady of the set's traits")]
    key: Annotated[dict[str, KeyEntry], Field(description="an entry for every suit of the set"), _in_set(_lady_key)]


#: A lady as :func:`to_json` writes her (the name the set's designers know her shape by).
LadyJSON = LadyEntry


def _entry(shape: type) -> WrapValidator:
    """The words of an entry of ``shape`` that lacks a field, or is not a mapping at all."""
    return entry(shape, not_mapping=not_an_entry)


def _traits_per_lady(value: Any, reading: _Reading, problems: Problems) -> None:
    """At most the set's traits: past them, a rule of two fields that no schema states (``traits-per-lady``)."""
    most = len(reading.trait_ids)
    if most and (not is_int(value) or not 1 <= value <= most):
        problems.add((), card_words("whole.expected", least=1, most=most, got=shown(value)),
                     TRAITS_PER_LADY if is_int(value) and value > most else "schema")


def _modes(value: Any, reading: _Reading, problems: Problems) -> None:
    """The ``modes`` tables (SPEC 4), by mode (:func:`_mode_table`); each wrong entry is named by its place."""
    if value is None:
        return
    if not isinstance(value, Mapping):
        problems.add((), card_words("modes.expected", got=type_name(value)))
        return
    for mode, table in value.items():
        loc: Loc = (key_text(mode),)
        if mode not in MODE_TABLES:
            said = problem_words("unknown", kind=problem_words("kind.mode"), got=shown(mode))
            problems.add(loc, problem_words("expected.one-of", what=said, choices=", ".join(MODE_TABLES)))
        elif not isinstance(table, Mapping):
            problems.add(loc, card_words("mode.expected", got=type_name(table)))
        else:
            _mode_table(table, loc, reading.suit_ids, problems)


def _mode_table(table: Mapping[Any, Any], loc: Loc, suits: tuple[str, ...], problems: Problems) -> None:
    """One mode's table (SPEC 4): for every suit of the set and no other, the other suit whose two cards
    the mode removes when the Dark Lady is of that suit."""
    for s in table:
        if s not in suits:
            problems.add((*loc, key_text(s)), unknown_words("suit", s, suits))
    for s in suits:
        removed = table.get(s)
        if removed is None:
            problems.add((*loc, s), card_words("mode.missing"))
        elif removed not in suits:
            problems.add((*loc, s), unknown_words("suit", removed, suits))
        elif removed == s:
            problems.add((*loc, s), card_words("mode.own-suit"))


@with_config(_loose("CardSetDocument"))
class CardSetJSON(TypedDict):
    """A card set document (SPEC 4), as JSON or YAML. Unknown extra fields are ignored."""

    schema: Version
    name: NotRequired[Annotated[str, Field(description="the set's name; a set without one is called by the "
                                                  "word for a card set in the reader's language"),
                                said(lambda value: problem_words("expected.string", got=type_name(value)))]]
    traits_per_lady: NotRequired[Annotated[int, Field(default=3, ge=1, le=MAX_TRAITS,
                                                      description="traits on each lady, at most the traits"),
                                           _in_set(_traits_per_lady)]]
    traits: Annotated[list[Annotated[TraitEntry, _entry(TraitEntry)]], Listed(MAX_TRAITS, least=1)]
    suits: Annotated[list[Annotated[SuitEntry, _entry(SuitEntry)]], Listed(MAX_SUITS, least=1)]
    modes: NotRequired[Annotated[dict[ModeTable, dict[str, str]] | None, _in_set(_modes)]]
    ladies: Annotated[list[Annotated[LadyEntry, _entry(LadyEntry)]], Listed(MAX_LADIES, least=1)]


#: The card set document's definition, read against the set itself (:class:`_Reading`).
CARD_SET: Definition[CardSetJSON] = Definition(Annotated[CardSetJSON, entry(
    CardSetJSON, missing=VERSION_MISSING,
    not_mapping=lambda value: card_words("card-set.expected", got=type_name(value)))])

#: The order the readers always named a card set's problems in: its fields, then in each list of entries
#: the entries' ids, then each entry's fields.
_FIELD_ORDER = ("schema", "name", "traits", "traits_per_lady", "suits", "ladies", "modes")
_ENTRY_ORDER = ("suit", "traits", "key", "colour", "name")


def _reading_order(p: Problem) -> tuple[int, ...]:
    loc = p.loc
    field = _FIELD_ORDER.index(loc[0]) if loc and loc[0] in _FIELD_ORDER else len(_FIELD_ORDER)
    if len(loc) < 2 or not isinstance(loc[1], int):
        return (field,)
    if len(loc) == 2 or loc[2] == "id":
        return field, 0, loc[1]
    return field, 1, loc[1], _ENTRY_ORDER.index(loc[2]) if loc[2] in _ENTRY_ORDER else len(_ENTRY_ORDER)


def parse(doc: Any) -> CardSet:
    """Interpret a decoded card set document; raise :class:`InputError` listing every problem."""
    reading = _Reading.of(doc) if isinstance(doc, Mapping) else None
    try:
        card_set = validated(CARD_SET, doc, reading)
    except InputError as exc:
        raise _refused(exc.problems, reading) from None
    if reading is not None and reading.repeated:
        raise _refused((), reading)
    traits = tuple(Trait(t["id"], names(t.get("name"), t["id"])) for t in card_set["traits"])
    trait_ids = tuple(t.id for t in traits)
    suits = tuple(Suit(s["id"], names(s.get("name"), s["id"]), s.get("colour")) for s in card_set["suits"])
    ladies = tuple(Lady(id=lady["id"], name=names(lady.get("name"), lady["id"]), suit=lady["suit"],
                        traits=tuple(t for t in trait_ids if t in lady["traits"]),
                        key={s.id: entry_counts(lady["key"][s.id]) for s in suits})
                   for lady in card_set["ladies"])
    modes: dict[str, dict[str, str]] = {m: {s.id: table[s.id] for s in suits}
                                        for m, table in (card_set.get("modes") or {}).items()}
    return CardSet(name=card_set.get("name"), traits=traits, suits=suits, ladies=ladies,
                   traits_per_lady=card_set.get("traits_per_lady", 3), modes=modes)


def _refused(problems: Sequence[Problem], reading: _Reading | None) -> InputError:
    """The problems of a card set as its readers always named them (:meth:`_Reading.kept`, in their order),
    with each id given twice. (Past :data:`~deduce.errors.MAX_PROBLEMS`, the definition's first are listed.)"""
    if reading is None:
        return InputError(problems)
    problems, more = uncounted(problems)
    named = sorted((p for p in (*problems, *reading.repeated) if reading.kept(p)), key=_reading_order)
    return InputError(named or problems, more)


def loads(text: str | bytes) -> CardSet:
    """A card set from YAML or JSON text."""
    return parse(decode_yaml(text, "card set"))


def load(path: str | Path) -> CardSet:
    """A card set from a YAML or JSON file."""
    return loads(read_text(path, "card set file"))


def _suit_json(suit: Suit) -> SuitEntry:
    out: SuitEntry = {"id": suit.id, "name": suit.name.to_json()}
    if suit.colour:
        out["colour"] = suit.colour
    return out


def to_json(cards: CardSet) -> CardSetJSON:
    """The card set as a document that :func:`parse` reads back to an equal card set (with no ``name``
    when the set has none)."""
    doc: CardSetJSON = {
        "schema": 1,
        "name": cards.name or "",
        "traits_per_lady": cards.traits_per_lady,
        "traits": [{"id": t.id, "name": t.name.to_json()} for t in cards.traits],
        "suits": [_suit_json(s) for s in cards.suits],
        "modes": {m: dict(cards.modes[m]) for m in MODE_TABLES if m in cards.modes},
        "ladies": [
            {"id": lady.id, "name": lady.name.to_json(), "suit": lady.suit, "traits": list(lady.traits),
             "key": dict[str, int | list[int]](key_to_json(lady.key, cards.suit_ids))}
            for lady in cards.ladies
        ],
    }
    if cards.name is None:
        del doc["name"]
    if not cards.modes:
        del doc["modes"]
    return doc
