"""Queries: the clue cards a player has seen, and what is known of the Dark Lady's suit.

An :class:`Observation` is one revealed card (SPEC 3): its traits and either its full key
or just the counts printed for the Dark Lady's suit; a card named by id also carries its
suit and a role (``clue`` or ``suit_card``). :func:`parse_query` reads the query JSON of
SPEC 6 and reports every problem with its JSON path; :func:`parse_obs_text` reads a card
typed from the table (``"literary,married,children:0/2"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Literal

from deduce.document import key_text, type_name, typed_number, unknown_fields
from deduce.errors import InputError, KeptWords, Loc, Problem, Problems, kept, problem_words, shown
from deduce.who.cards import CardSet, card_words
from deduce.who.keys import parse_key_entry, parse_trait_list, unknown_id

#: What a card named by id is: a clue, or the suit card (the other card of her suit).
Role = Literal["clue", "suit_card"]
ROLES: tuple[Role, ...] = ("clue", "suit_card")
QUERY_FIELDS = ("suit", "clues", "distinct", "explain")
_QUERY_FIELD_SET = frozenset(QUERY_FIELDS)
#: The one type every trait (and every count) of a typed card must have: checked in C with
#: ``issuperset(map(type, ...))``, and needed since ``True == 1`` would find a cached count.
_STR, _INT = frozenset({str}), frozenset({int})
CLUE_FIELDS = ("card", "role", "traits", "counts", "key")
#: A card's whole key: (suit, allowed counts) pairs in card-set order.
Key = tuple[tuple[str, frozenset[int]], ...]
#: The words for a card typed with counts when the query does not say her suit (said for every such card).
NEEDS_SUIT = KeptWords(card_words("counts.needs-suit"))
#: Most clues a single query may hold (SPEC 6).
MAX_CLUES = 64


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


def _bool(doc: dict[str, Any], field: str, default: bool, problems: Problems) -> bool:
    value = doc.get(field, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        problems.add((field,), card_words("boolean.expected", got=type_name(value)))
        return default
    return value


@lru_cache(maxsize=16384)
def _typed_card(cards: CardSet, traits: tuple[str, ...], counts: tuple[int, ...]) -> Observation | tuple[Problem, ...]:
    """A card typed from the table, ``{"traits": [...], "counts": [...]}``: its observation, or
    its problems (their places relative to the card).

    Players type the same few dozen cards over and over, and a batch repeats its mistakes,
    so both are kept: reading a card again, good or bad, is a lookup.
    """
    problems = Problems()
    parsed = parse_trait_list(list(traits), ("traits",), problems, cards.trait_ids, cards.traits_per_lady)
    entry = parse_key_entry(list(counts), ("counts",), problems, cards.traits_per_lady)
    if parsed is None or entry is None:
        return kept(problems.items)
    return _interned(Observation(traits=cards.mask(parsed), counts=entry))


@lru_cache(maxsize=16384)
def _interned(obs: Observation) -> Observation:
    """One object for equal observations (the same card typed in another order): caches keyed
    by observations then find it by identity, without comparing fields."""
    return obs


def _cached_typed_card(cards: CardSet, item: Any) -> Observation | tuple[Problem, ...] | None:
    """The kept reading (:func:`_typed_card`) of a typed card with exactly traits and counts, all
    strings and ints; None for any other clue."""
    if type(item) is not dict or len(item) != 2:
        return None
    traits, counts = item.get("traits"), item.get("counts")
    if (type(traits) is not list or type(counts) is not list
            or not _STR.issuperset(map(type, traits)) or not _INT.issuperset(map(type, counts))):
        return None
    return _typed_card(cards, tuple(traits), tuple(counts))


def _typed_query(cards: CardSet, doc: dict[str, Any], max_clues: int) -> Query | None:
    """The query of a document as a player's client sends it, read the short way.

    Her suit, cards typed from the table (traits and counts), the two options as true or
    false: with every card already read once (:func:`_typed_card`), nothing is left to check.
    Anything else, or anything wrong, gives None and goes the long way, which names every problem.
    """
    if not _QUERY_FIELD_SET.issuperset(doc):
        return None
    suit, clue_docs = doc.get("suit"), doc.get("clues")
    distinct, explain = doc.get("distinct"), doc.get("explain")
    if (type(suit) is not str or suit not in cards.suit_ids or type(clue_docs) is not list
            or len(clue_docs) > max_clues or not _OPTION.issuperset((type(distinct), type(explain)))):
        return None
    clues = []
    for item in clue_docs:
        typed = _cached_typed_card(cards, item)
        if type(typed) is not Observation:
            return None
        clues.append(typed)
    return Query(suit, tuple(clues), distinct is not False, explain is True)


#: The types an option may have: absent (or null) for its default, or true or false.
_OPTION = frozenset({bool, type(None)})


def _parse_clue(cards: CardSet, item: Any, loc: Loc, suit: str | None, problems: Problems) -> Observation | None:
    """One clue of a query: a card typed from the table (read once and kept), a card named by id,
    or a card's traits with its counts or whole key; every problem is named by its place under ``loc``."""
    typed = _cached_typed_card(cards, item)
    if typed is not None:
        return _kept_clue(typed, loc, suit, problems)
    if not isinstance(item, dict):
        problems.add(loc, card_words("clue.expected", got=type_name(item)))
        return None
    before = len(problems)
    unknown_fields(item, CLUE_FIELDS, loc, problems)
    role = item.get("role", "clue")
    if role not in ROLES:
        problems.add((*loc, "role"), card_words("role.expected", choices=", ".join(ROLES), got=shown(role)))
    if "card" in item:
        _check_card_clue(cards, item, loc, problems)
        return observe_lady(cards, item["card"], role) if len(problems) == before else None
    if role != "clue":
        problems.add((*loc, "role"), card_words("role.needs-card"))
    if "traits" not in item:
        problems.add((*loc, "traits"), card_words("traits.required"))
        traits = None
    else:
        traits = parse_trait_list(item["traits"], (*loc, "traits"), problems, cards.trait_ids, cards.traits_per_lady)
    key, counts = _clue_key_or_counts(cards, item, loc, suit, problems)
    if len(problems) != before or traits is None:
        return None
    return Observation(traits=cards.mask(traits), key=key, counts=counts)


def _kept_clue(typed: Observation | tuple[Problem, ...], loc: Loc, suit: str | None,
               problems: Problems) -> Observation | None:
    """A typed card's kept reading (:func:`_typed_card`) as a clue at ``loc``: its problems placed
    under the clue, and its counts refused without her suit (they are her suit's key entry)."""
    if not isinstance(typed, Observation):
        for problem in typed:
            problems.add((*loc, *problem.loc), problem.words, problem.code)
    if suit is None:
        problems.add((*loc, "counts"), NEEDS_SUIT)
    return typed if isinstance(typed, Observation) and suit is not None else None


def _check_card_clue(cards: CardSet, item: dict[str, Any], loc: Loc, problems: Problems) -> None:
    """A clue named by card id gives nothing else of the card (the id says it all), and the id is
    one of the set's cards."""
    for field in ("traits", "counts", "key"):
        if field in item:
            problems.add((*loc, field), card_words("card.and-traits"))
    card = item["card"]
    if not isinstance(card, str) or not cards.has_lady(card):
        unknown_id(problems, (*loc, "card"), "card", card, [lady.id for lady in cards.ladies])


def _clue_key_or_counts(cards: CardSet, item: dict[str, Any], loc: Loc, suit: str | None,
                        problems: Problems) -> tuple[Key | None, frozenset[int] | None]:
    """What a clue given by its traits says of the key: exactly one of the counts (her suit's key
    entry, which needs her suit) or the whole key, as (key, counts)."""
    has_counts, has_key = "counts" in item, "key" in item
    if has_counts == has_key:
        problems.add(loc, card_words("counts-or-key"))
        return None, None
    if has_key:
        return _parse_key(cards, item["key"], (*loc, "key"), problems), None
    counts = parse_key_entry(item["counts"], (*loc, "counts"), problems, cards.traits_per_lady)
    if suit is None:
        problems.add((*loc, "counts"), NEEDS_SUIT)
    return None, counts


def _parse_key(cards: CardSet, value: Any, loc: Loc, problems: Problems) -> Key | None:
    if not isinstance(value, dict):
        problems.add(loc, card_words("key.expected", got=type_name(value)))
        return None
    entries = []
    for s, entry in value.items():
        if not isinstance(s, str) or not cards.has_suit(s):
            unknown_id(problems, (*loc, key_text(s)), "suit", s, cards.suit_ids)
            continue
        counts = parse_key_entry(entry, (*loc, s), problems, cards.traits_per_lady)
        if counts is not None:
            entries.append((s, counts))
    order = cards.suit_ids
    return tuple(sorted(entries, key=lambda e: order.index(e[0])))


def parse_query(cards: CardSet, doc: Any, max_clues: int = MAX_CLUES) -> Query:
    """Interpret a query document (SPEC 6); raise :class:`InputError` naming each bad field."""
    if not isinstance(doc, dict):
        raise InputError.at((), card_words("query.expected", got=type_name(doc)))
    typed = _typed_query(cards, doc, max_clues) if type(doc) is dict else None
    if typed is not None:
        return typed
    problems = Problems()
    unknown_fields(doc, QUERY_FIELDS, (), problems)
    suit = doc.get("suit")
    if suit is not None and (not isinstance(suit, str) or not cards.has_suit(suit)):
        unknown_id(problems, ("suit",), "suit", suit, cards.suit_ids)
        suit = None
    clue_docs = doc.get("clues", [])
    if clue_docs is None:
        clue_docs = []
    if not isinstance(clue_docs, list):
        problems.add(("clues",), problem_words("expected.list", got=type_name(clue_docs)))
        clue_docs = []
    elif len(clue_docs) > max_clues:
        problems.add(("clues",), card_words("clues.limit", count=len(clue_docs), most=max_clues), code="limit")
        clue_docs = []
    clues = [_parse_clue(cards, item, ("clues", i), suit, problems) for i, item in enumerate(clue_docs)]
    distinct = _bool(doc, "distinct", True, problems)
    explain = _bool(doc, "explain", False, problems)
    problems.raise_if_any()
    query = Query(suit=suit, clues=tuple(c for c in clues if c is not None), distinct=distinct, explain=explain)
    _check_keys_cover(cards, query)
    return query


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

