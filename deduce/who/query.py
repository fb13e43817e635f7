"""Queries: the clue cards a player has seen, and what is known of the Dark Lady's suit.

An :class:`Observation` is one revealed card (SPEC 3): its traits and either its full key
or just the counts printed for the Dark Lady's suit; a card named by id also carries its
suit and a role (``clue`` or ``suit_card``). :func:`parse_query` reads the query JSON of
SPEC 6 and reports every problem with its JSON path; :func:`parse_obs_text` reads a card
typed from the table (``"literary,married,children:0/2"``).

The query document is defined once, as :data:`QUERY` (:mod:`deduce.schema`): a query that
names her suit (:class:`SuitedQuery`) or not (:class:`UnsuitedQuery`), each clue a card named
by id, or typed with its counts or its whole key. The definition is read against the card set
(a :class:`Scope`, the validation's context): its ids, and how many traits a lady has. The
query a player's client sends line after line (her suit, cards typed from the table) is read
the short way, from what the definition said of each card the first time it was typed
(:func:`_typed_query`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Annotated, Any, Literal, NotRequired, final, get_args

from pydantic import Discriminator, Field, Tag, ValidationInfo, WrapValidator, with_config
from typing_extensions import TypedDict

from deduce.document import key_text, type_name, typed_number
from deduce.errors import MAX_KEY_SHOWN, InputError, KeptWords, Problem, Problems, kept, problem_words, shown
from deduce.schema import Definition, entry, problem, said, strict, tagged, validated
from deduce.text.names import Choices
from deduce.who.cards import CardSet, Lady, card_words
from deduce.who.keys import (
    KeyEntry,
    Refusal,
    TraitList,
    entry_counts,
    parse_key_entry,
    uncounted,
    unknown_id,
    unknown_words,
)

#: What a card named by id is: a clue, or the suit card (the other card of her suit).
Role = Literal["clue", "suit_card"]
ROLES: tuple[Role, ...] = get_args(Role)
#: Every field a clue may have, whatever its kind (the words for a field it does not know list them).
CLUE_FIELDS = ("card", "role", "traits", "counts", "key")
#: The kinds of clue: a card named by id, or typed with its counts (her suit's key entry) or with its whole key.
ClueKind = Literal["NamedClue", "CountsClue", "KeyClue"]
#: The one type every trait (and every count) of a typed card must have: checked in C with
#: ``issuperset(map(type, ...))``, and needed since ``True == 1`` would find a cached count.
_STR, _INT = frozenset({str}), frozenset({int})
#: A card's whole key: (suit, allowed counts) pairs in card-set order.
Key = tuple[tuple[str, frozenset[int]], ...]
#: The words for a card typed with counts when the query does not say her suit (said for every such card),
#: and for a typed card with both counts and a key, or neither.
NEEDS_SUIT = KeptWords(card_words("counts.needs-suit"))
COUNTS_OR_KEY = KeptWords(card_words("counts-or-key"))
#: Most clues a single query may hold (SPEC 6).
MAX_CLUES = 64
#: The rulebook's example: the Dark Lady is of the rose suit and Jacqueline Field was revealed.
RULEBOOK_QUERY: dict[str, Any] = {"suit": "rose", "clues": [{"card": "jacqueline-field"}]}
#: A card named by id and one typed from the table, with explanations.
TYPED_QUERY: dict[str, Any] = {
    "suit": "rose",
    "clues": [{"card": "jacqueline-field"},
              {"traits": ["court", "lover", "musical"], "counts": [0, 2]}],
    "explain": True,
}


@dataclass(frozen=True)
class Observation:
    """One revealed card, as the deduction engines see it."""

    traits: int
    key: Key | None = None
    counts: frozenset[int] | None = None
    card: str | None = None
    suit: str | None = None
    role: Role = "clue"

    def allowed(self, suit: str) -> frozenset[int] | None:
        """Counts this card allows if the Dark Lady is of ``suit``; None if its key has no entry."""
        if self.counts is not None:
            return self.counts
        for s, counts in self.key or ():
            if s == suit:
                return counts
        return None

    def admitted(self, suit: str) -> frozenset[int] | None:
        """Counts this card allows if the Dark Lady is of ``suit``; None if its role or key rules the suit out."""
        if self.role == "clue" and self.suit is not None and suit == self.suit:
            return None
        if self.role == "suit_card" and suit != self.suit:
            return None
        return self.allowed(suit)

    def admits_suit(self, suit: str) -> bool:
        """Whether the card's role and key let the Dark Lady be of ``suit``."""
        return self.admitted(suit) is not None

    @cached_property
    def _hash(self) -> int:
        return hash((self.traits, self.key, self.counts, self.card, self.suit, self.role))

    def __hash__(self) -> int:
        """The hash of the fields, computed once: observations key the evaluator's mask cache."""
        return self._hash


@dataclass(frozen=True)
class Query:
    """What the player knows: her suit (if known), the revealed cards, and the options."""

    suit: str | None
    clues: tuple[Observation, ...]
    distinct: bool = True
    explain: bool = False

    def suits(self, cards: CardSet) -> tuple[str, ...]:
        """The suits the Dark Lady can still have, in card-set order."""
        return tuple(
            s for s in cards.suit_ids
            if (self.suit is None or s == self.suit) and all(o.admits_suit(s) for o in self.clues)
        )


@lru_cache(maxsize=4096)
def observe_lady(cards: CardSet, lady_id: str, role: Role = "clue") -> Observation:
    """The observation of a card named by id (built once per card set, card and role)."""
    lady = cards.lady(lady_id)
    key = tuple((s, lady.key[s]) for s in cards.suit_ids)
    return Observation(traits=cards.lady_mask(lady), key=key, card=lady.id, suit=lady.suit, role=role)


def recognised(cards: CardSet, suit: str | None, obs: Observation) -> tuple[Lady, ...]:
    """The ladies of ``cards`` that a revealed card can be: the one named by id, or for a card typed as it
    lies, each lady with its traits and its key as typed (her key entry for ``suit``, or the whole key).

    A typed card is recognised as a card of the set only when it matches one exactly: a box owner's card
    with the traits of a lady of the set in use but another key is not hers (the set is not the box's). In a
    set the audit passes every lady has her own traits, so at most one lady matches; a set that repeats a
    trait set may give several, for the person to choose among.
    """
    if obs.card is not None:
        return (cards.lady(obs.card),)

    def same_key(lady: Lady) -> bool:
        if obs.counts is not None:
            return suit is not None and lady.key.get(suit) == obs.counts
        return all(lady.key.get(s) == counts for s, counts in obs.key or ())

    return tuple(lady for lady in cards.ladies if cards.lady_mask(lady) == obs.traits and same_key(lady))


# -- the query document (SPEC 6) ---------------------------------------------------------------

@dataclass(frozen=True)
class Scope:
    """What a query is read against (the validation's context): the card set, and her suit when the
    query names one of the set's suits (a card typed with its counts gives that suit's key entry);
    and the count of the problems found past those raised."""

    cards: CardSet
    suit: str | None = None

    @property
    def trait_ids(self) -> tuple[str, ...]:
        return self.cards.trait_ids

    @property
    def suit_ids(self) -> tuple[str, ...]:
        return self.cards.suit_ids

    @property
    def traits_per_lady(self) -> int:
        return self.cards.traits_per_lady

    @property
    def traits_listed(self) -> Choices:
        return Choices.of(self.cards.traits)


def _known(kind: str, has: Callable[[CardSet, str], bool], ids: Callable[[CardSet], Choices]) -> WrapValidator:
    """An id of the card set's (``has(cards, id)``), else an unknown ``kind`` listing ``ids(cards)``, whatever
    it was given (a number is an unknown suit too); without a card set, only its shape is checked."""
    def check(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
        scope: Scope | None = info.context
        if scope is None:
            return handler(value)
        if not isinstance(value, str) or not has(scope.cards, value):
            raise problem(unknown_words(kind, value, ids(scope.cards)))
        return value
    return WrapValidator(check)


def _lady_ids(cards: CardSet) -> Choices:
    return Choices.of(cards.ladies)


def _typed_role(value: Any, handler: Callable[[Any], Any]) -> Any:
    """A typed card's role, which can only be ``clue``: the card's suit decides a role, and only a card
    named by id has one (a role that is none at all is said so first)."""
    if type(value) is str and value == "clue":
        return handler(value)
    problems = Refusal()
    if value not in ROLES:
        problems.add((), card_words("role.expected", choices=", ".join(ROLES), got=shown(value)))
    problems.add((), card_words("role.needs-card"))
    raise problems.error()


def _whole_key(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
    """A typed card's whole key: an entry (:data:`KeyEntry`) for suits of the card set; that it has one for
    every suit she can still be of is checked on the whole query (:func:`_check_keys_cover`)."""
    scope: Scope | None = info.context
    if scope is None:
        return handler(value)
    if not isinstance(value, dict):
        raise problem(card_words("key.expected", got=type_name(value)))
    problems, suits = Refusal(), Choices.of(scope.cards.suits)
    for s, counts in value.items():
        if not isinstance(s, str) or not scope.cards.has_suit(s):
            unknown_id(problems, (key_text(s),), "suit", s, suits)
        else:
            parse_key_entry(counts, (s,), problems, scope.traits_per_lady)
    if problems:
        raise problems.error()
    return value


#: A card named by id may say it is the suit card; a typed card is a clue (:func:`_typed_role`).
NamedRole = Annotated[Role, Field(description="suit_card for the other card of her suit"),
                      said(lambda value: card_words("role.expected", choices=", ".join(ROLES), got=shown(value)))]
TypedRole = Annotated[Literal["clue"], Field(description="a typed card is a clue"), WrapValidator(_typed_role)]
Traits = Annotated[TraitList, Field(description="the card's traits")]


@final
@with_config(strict("NamedClue"))
class NamedClue(TypedDict):
    """A revealed card named by its id."""

    role: NotRequired[NamedRole]
    card: Annotated[str, Field(description="a lady id of the server's card set"),
                    _known("card", CardSet.has_lady, _lady_ids)]


@final
@with_config(strict("CountsClue"))
class CountsClue(TypedDict):
    """A card typed from the table: its traits and its key entry for her suit (the query needs a suit)."""

    role: NotRequired[TypedRole]
    traits: Traits
    counts: Annotated[KeyEntry, Field(description="the card's key entry for her suit")]


@final
@with_config(strict("KeyClue"))
class KeyClue(TypedDict):
    """A card typed from the table with its whole key, suit by suit."""

    role: NotRequired[TypedRole]
    traits: Traits
    key: Annotated[dict[str, KeyEntry], Field(description="an entry for every suit she can still be of"),
                   WrapValidator(_whole_key)]


#: The words of a clue as a whole: a field it lacks or does not know, or a clue that is no object.
_CLUE_WORDS: dict[str, Any] = {
    "fields": CLUE_FIELDS, "missing": {"traits": card_words("traits.required")},
    "extra": dict.fromkeys(("traits", "counts", "key"), card_words("card.and-traits")),
    "not_mapping": lambda value: card_words("clue.expected", got=type_name(value))}
#: A card typed with its counts, on its own: what the reading of such a card is kept from (:func:`_typed_card`).
_COUNTS_CLUE: Definition[CountsClue] = Definition(Annotated[CountsClue, entry(CountsClue, **_CLUE_WORDS)])


def _clue_kind(item: Any) -> ClueKind | None:
    """Which clue ``item`` is, by the field that makes its kind: ``card``, ``counts`` or ``key`` (None: both
    counts and a key, or neither)."""
    if "card" in item:
        return "NamedClue"
    counts, key = "counts" in item, "key" in item
    return None if counts == key else "CountsClue" if counts else "KeyClue"


def _clue(item: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
    """One clue, read against the query's card set and suit (the validation's context).

    A card typed with its counts is read the way the batch reads it (:func:`_typed_card`: its reading
    kept), and needs her suit; one with both counts and a key, or neither, is read for the rest and
    refused for that. Each problem is named by its place in the clue.
    """
    scope: Scope | None = info.context
    kind = _clue_kind(item) if isinstance(item, dict) else "NamedClue"
    if scope is None or kind in ("NamedClue", "KeyClue"):
        return handler(item)
    typed = _cached_typed_card(scope.cards, item) if kind == "CountsClue" else None
    if typed is None and kind == "CountsClue" and scope.suit is not None:
        return handler(item)
    found: tuple[Problem, ...] = ()
    if isinstance(typed, tuple):
        found = typed
    elif typed is None:
        part = item if kind == "CountsClue" else {f: v for f, v in item.items() if f not in ("counts", "key")}
        try:
            validated(_COUNTS_CLUE, part, scope)
        except InputError as exc:
            found = tuple(p for p in exc.problems if kind is not None or p.loc != ("counts",))
    problems = Refusal()
    for p in found:
        problems.add(p.loc, p.words, p.code)
    if kind is None:
        problems.add((), COUNTS_OR_KEY)
    elif scope.suit is None:
        problems.add(("counts",), NEEDS_SUIT)
    if problems:
        raise problems.error()
    return item


def _clue_list(value: Any, handler: Callable[[Any], Any]) -> Any:
    """The words for clues that are not a list of at most :data:`MAX_CLUES` (said before the clues are read,
    rather than by :func:`~deduce.schema.said` after: a batch line with a bad clue then costs no more)."""
    if not isinstance(value, list):
        raise problem(problem_words("expected.list", got=type_name(value)))
    if len(value) > MAX_CLUES:
        raise problem(card_words("clues.limit", count=len(value), most=MAX_CLUES), "limit")
    return handler(value)


#: How a clue is read: by its kind (:func:`_clue_kind`), in the words of a clue, against the card set (:func:`_clue`).
_CLUE = (Discriminator(_clue_kind), tagged(_clue_kind), entry(CountsClue, **_CLUE_WORDS), WrapValidator(_clue))
#: The clues of a query: a list of at most :data:`MAX_CLUES` (:func:`_clue_list` words what is not).
_CLUES = (Field(max_length=MAX_CLUES, description=f"the revealed cards, at most {MAX_CLUES}"),
          WrapValidator(_clue_list))
Clue = NamedClue | CountsClue | KeyClue
SuitedClue = Annotated[Annotated[NamedClue, Tag("NamedClue")] | Annotated[CountsClue, Tag("CountsClue")]
                       | Annotated[KeyClue, Tag("KeyClue")], *_CLUE]
#: Without her suit, a card typed with its counts says nothing: a clue is named by id, or gives its whole key.
UnsuitedClue = Annotated[Annotated[NamedClue, Tag("NamedClue")] | Annotated[KeyClue, Tag("KeyClue")], *_CLUE]
Option = Annotated[bool | None, said(lambda value: card_words("boolean.expected", got=type_name(value)))]
Distinct = Annotated[Option, Field(description="the Dark Lady differs from every revealed lady (null: yes)")]
Explain = Annotated[Option, Field(description="say which clues prove each certain or excluded trait (null: no)")]


@final
@with_config(strict("SuitedQuery"))
class SuitedQuery(TypedDict):
    """A query that knows her suit: a clue may give the key entry of that suit alone."""

    suit: Annotated[str, Field(description="the Dark Lady's suit (the back of her card)"),
                    _known("suit", CardSet.has_suit, lambda cards: Choices.of(cards.suits))]
    clues: NotRequired[Annotated[list[SuitedClue], *_CLUES] | None]
    distinct: NotRequired[Distinct]
    explain: NotRequired[Explain]


@final
@with_config(strict("UnsuitedQuery"))
class UnsuitedQuery(TypedDict):
    """A query without her suit: a typed card gives its whole key."""

    suit: NotRequired[Annotated[None, Field(description="her suit is not known")]]
    clues: NotRequired[Annotated[list[UnsuitedClue], *_CLUES] | None]
    distinct: NotRequired[Distinct]
    explain: NotRequired[Explain]


#: A deduction query (SPEC 6), as the static type of a document validated by :data:`QUERY`.
QueryJSON = SuitedQuery | UnsuitedQuery
#: The fields of a query, in the order its words list them.
QUERY_FIELDS = tuple(SuitedQuery.__annotations__)


def _suited(doc: Any) -> str | None:
    """Which query ``doc`` is: one naming her suit or not (None: not a query at all)."""
    if not isinstance(doc, Mapping):
        return None
    return "UnsuitedQuery" if doc.get("suit") is None else "SuitedQuery"


#: The query's definition, read against a :class:`Scope`.
QUERY: Definition[QueryJSON] = Definition(Annotated[
    Annotated[SuitedQuery, Tag("SuitedQuery")] | Annotated[UnsuitedQuery, Tag("UnsuitedQuery")], Discriminator(_suited),
    tagged(_suited, lambda value: card_words("query.expected", got=type_name(value))),
    entry(SuitedQuery, fields=QUERY_FIELDS),
    Field(title="Query", description="A deduction query (SPEC 6).", examples=[RULEBOOK_QUERY, TYPED_QUERY])])


#: A typed card's counts as its kept reading is found by (:func:`_typed_card`): a list of whole numbers, or
#: one value of a type no other equals (``True == 1`` would find a cached count).
TypedCounts = tuple[int, ...] | int | str | None
_SINGLE = frozenset({int, str, type(None)})


@lru_cache(maxsize=16384)
def _typed_card(cards: CardSet, traits: tuple[str, ...], counts: TypedCounts) -> Observation | tuple[Problem, ...]:
    """A card typed from the table, ``{"traits": [...], "counts": [...]}``: its observation, or
    its problems (their places relative to the card), as its definition (:class:`CountsClue`) says.

    Players type the same few dozen cards over and over, and a batch repeats its mistakes,
    so both are kept: reading a card again, good or bad, is a lookup.
    """
    try:
        card = validated(_COUNTS_CLUE, {"traits": list(traits), "counts": list(counts) if isinstance(counts, tuple)
                                        else counts}, Scope(cards))
    except InputError as exc:
        return kept(exc.problems)
    return _interned(Observation(traits=cards.mask(traits), counts=entry_counts(card["counts"])))


@lru_cache(maxsize=16384)
def _interned(obs: Observation) -> Observation:
    """One object for equal observations (the same card typed in another order): caches keyed
    by observations then find it by identity, without comparing fields."""
    return obs


def _cached_typed_card(cards: CardSet, item: Any) -> Observation | tuple[Problem, ...] | None:
    """The kept reading (:func:`_typed_card`) of a typed card with exactly traits and counts, its traits
    all strings and its counts all ints (or one value of :data:`TypedCounts`); None for any other clue."""
    if type(item) is not dict or len(item) != 2:
        return None
    traits, counts = item.get("traits"), item.get("counts", _ABSENT)
    if type(traits) is not list or not _STR.issuperset(map(type, traits)):
        return None
    if type(counts) is list:
        return _typed_card(cards, tuple(traits), tuple(counts)) if _INT.issuperset(map(type, counts)) else None
    return _typed_card(cards, tuple(traits), counts) if type(counts) in _SINGLE else None


#: What a typed card without counts has for them (no count is of its type).
_ABSENT = object()
#: The fields of a query a player's client sends, and the types its options may have there: absent
#: (or null) for the default, or true or false.
_QUERY_FIELD_SET = frozenset(QUERY_FIELDS)
_OPTION = frozenset({bool, type(None)})


def _typed_query(cards: CardSet, doc: dict[str, Any]) -> Query | None:
    """The query of a document as a player's client sends it, read the short way.

    A :class:`SuitedQuery` with her suit, cards typed from the table (traits and counts) and the
    two options as true or false: each card's reading is kept (:func:`_typed_card`), so nothing is
    left to check. A query of typed cards with anything wrong is refused the short way too
    (:func:`_refuse_typed`); any other document gives None and is validated against :data:`QUERY`.
    """
    suit, clue_docs = doc.get("suit"), doc.get("clues")
    distinct, explain = doc.get("distinct"), doc.get("explain")
    if type(clue_docs) is not list or len(clue_docs) > MAX_CLUES:
        return None
    if (not _QUERY_FIELD_SET.issuperset(doc) or type(suit) is not str or not cards.has_suit(suit)
            or not _OPTION.issuperset((type(distinct), type(explain)))):
        _refuse_typed(cards, doc, clue_docs, suit=None)
        return None
    clues = []
    for item in clue_docs:
        typed = _cached_typed_card(cards, item)
        if type(typed) is not Observation:
            _refuse_typed(cards, doc, clue_docs, suit=suit)
            return None
        clues.append(typed)
    return Query(suit, tuple(clues), distinct is not False, explain is True)


def _refuse_typed(cards: CardSet, doc: dict[str, Any], clue_docs: list[Any], suit: str | None) -> None:
    """Raise the problems of a query of typed cards (:func:`_typed_query`) as :data:`QUERY` names them:
    those of its other fields (validated with no clues, unless it names her ``suit`` and is known to
    have none), then each card's kept ones under its clue, with :data:`NEEDS_SUIT` if the query does not
    name one of the set's suits, then those of its options. Nothing for a query with another kind of
    clue, or with nothing wrong."""
    readings = [_cached_typed_card(cards, item) for item in clue_docs]
    if any(reading is None for reading in readings):
        return
    head: Sequence[Problem] = ()
    more = 0
    if suit is None:
        fields = tuple((f, type(v), v) for f, v in doc.items() if f != "clues")
        short = all(len(f) <= MAX_KEY_SHOWN and type(v) in _SHORT and (type(v) is not str or len(v) <= MAX_KEY_SHOWN)
                    for f, _, v in fields)
        suit, head, more = (_head if short else _head.__wrapped__)(cards, fields)
    found = [p for p in head if p.loc[:1] not in _OPTIONS]
    for i, reading in enumerate(readings):
        if isinstance(reading, tuple):
            found += (p.at(("clues", i, *p.loc)) for p in reading)
        if suit is None:
            found.append(Problem(("clues", i, "counts"), NEEDS_SUIT))
    found += (p for p in head if p.loc[:1] in _OPTIONS)
    if found:
        raise InputError(found, more)


#: Where a query's options are: their problems come after its clues'.
_OPTIONS = (("distinct",), ("explain",))
#: The types of a field of a query's head that :func:`_head` keeps (a short string, a number, true, false, null).
_SHORT = frozenset({str, int, float, bool, type(None)})


@lru_cache(maxsize=1024)
def _head(cards: CardSet, fields: tuple[tuple[str, type, Any], ...]) -> tuple[str | None, tuple[Problem, ...], int]:
    """A query's fields but its clues, ``(field, type, value)`` (the type, as ``True == 1``): the suit it names
    of the set's, if any, and its problems as :data:`QUERY` names them, with the count of those past the
    first ones. Kept for short fields: a batch repeats its mistakes (an unknown suit, a misspelt field)."""
    doc = {f: v for f, _, v in fields}
    named = doc.get("suit")
    suit = named if isinstance(named, str) and cards.has_suit(named) else None
    try:
        validated(QUERY, {**doc, "clues": []}, Scope(cards, suit))
    except InputError as exc:
        problems, more = uncounted(exc.problems)
        return suit, kept(problems), more
    return suit, (), 0


def _observation(cards: CardSet, clue: Clue) -> Observation:
    """The observation of a clue of a validated query."""
    if "card" in clue:
        return observe_lady(cards, clue["card"], clue.get("role", "clue"))
    traits = cards.mask(clue["traits"])
    if "counts" in clue:
        return _interned(Observation(traits=traits, counts=entry_counts(clue["counts"])))
    order = cards.suit_ids
    key = sorted(((s, entry_counts(c)) for s, c in clue["key"].items()), key=lambda entry: order.index(entry[0]))
    return Observation(traits=traits, key=tuple(key))


def parse_query(cards: CardSet, doc: Any) -> Query:
    """Interpret a query document (SPEC 6); raise :class:`InputError` naming each bad field."""
    typed = _typed_query(cards, doc) if type(doc) is dict else None
    if typed is not None:
        return typed
    suit = doc.get("suit") if isinstance(doc, dict) else None
    scope = Scope(cards, suit if isinstance(suit, str) and cards.has_suit(suit) else None)
    query = validated(QUERY, doc, scope)
    clues: list[Clue] = list(query.get("clues") or ())
    result = Query(suit=query.get("suit"), clues=tuple(_observation(cards, c) for c in clues),
                   distinct=query.get("distinct") is not False, explain=query.get("explain") is True)
    _check_keys_cover(cards, result)
    return result


def _check_keys_cover(cards: CardSet, query: Query) -> None:
    """A whole key must have an entry for every suit the Dark Lady can still be of (SPEC 6)."""
    if all(o.key is None or o.card is not None for o in query.clues):
        return
    known = [o for o in query.clues if o.key is None or o.card is not None]
    suits = Query(query.suit, tuple(known)).suits(cards)
    problems = Problems()
    for i, o in enumerate(query.clues):
        if o.key is not None and o.card is None:
            for s in suits:
                if o.allowed(s) is None:
                    problems.add(("clues", i, "key", s), card_words("key.missing-suit"))
    problems.raise_if_any()


def parse_obs_text(text: str) -> dict[str, Any]:
    """A card typed from the table, ``"literary,married,children:0/2"``, as a clue object.

    The result goes through :func:`parse_query` like any other clue, so it is checked
    the same way. Counts are separated by ``/``; spaces are ignored.
    """
    traits_part, sep, counts_part = text.partition(":")
    traits = [t.strip() for t in traits_part.split(",") if t.strip()]
    clue: dict[str, Any] = {"traits": traits}
    if not sep:
        clue["counts"] = None
        return clue
    parts = (part.strip() for part in counts_part.split("/"))
    clue["counts"] = [typed_number(part) for part in parts]
    return clue
