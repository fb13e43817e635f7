"""Key entries and trait lists, as documents and queries write them and as cards print them.

A key entry is the set of counts a card allows for one suit: one number (``1``) or a list
(``[0, 2]``) in a document, ``0/2`` on the printed card. Card set files
(:mod:`deduce.who.cardfile`) and queries (:mod:`deduce.who.query`) read entries and trait
lists with the same checks and words, so both live here, in the core, where a reader may
import them and the core never needs a reader.

:data:`KeyEntry` and :data:`TraitList` are the two as parts of a document's definition
(:mod:`deduce.schema`): the shape any card set allows, for the JSON Schema and the static type,
and, read against a card set (the validation's context, a :class:`CardScope`), the checks of
:func:`parse_key_entry` and :func:`parse_trait_list`, whose words name what that set allows
("expected a whole number in 0..3", "expected 3 traits"): those are stronger than the shape, as
a set has at most :data:`~deduce.who.cards.MAX_TRAITS` traits.

A part's validator raises what it found as a :class:`Refusal`: past the first problems of a part,
only their number (:func:`deduce.schema.refused`), so a key of tens of thousands of unknown suits stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Annotated, Any, Protocol

from pydantic import Field, ValidationError, ValidationInfo, WrapValidator

from deduce.document import is_int, type_name
from deduce.errors import MAX_KEY_SHOWN, MAX_PROBLEMS, KeptWords, Loc, Problem, Problems, shown, unknown
from deduce.schema import Said, refused
from deduce.text.catalog import Phrase
from deduce.text.names import Choices
from deduce.who.cards import MAX_TRAITS, card_words


class CardScope(Protocol):
    """What a key entry or a trait list is read against: the card set's traits and suits, and how
    many traits a lady has (None when the set does not say it well, and nothing is read against it)."""

    @property
    def trait_ids(self) -> tuple[str, ...]: ...

    @property
    def suit_ids(self) -> tuple[str, ...]: ...

    @property
    def traits_per_lady(self) -> int | None: ...

    @property
    def traits_listed(self) -> Collection[str] | Choices:
        """The traits as a problem lists them: the set's things, named, or a document's ids."""


#: The code of a problem that the card set's ``traits_per_lady`` makes, which no schema of a request can
#: state (the set is another document, or the service's own): a count above it, more counts than it allows,
#: a card with other than that many traits.
TRAITS_PER_LADY = "traits-per-lady"


def parse_key_entry(value: object, loc: Loc, problems: Problems, k: int) -> frozenset[int] | None:
    """A key entry: one count or a non-empty list of distinct counts, each in 0..k."""
    values = value if isinstance(value, list) else [value]
    if isinstance(value, list) and not 0 < len(value) <= k + 1:
        problems.add(loc, card_words("entry.size", most=k + 1, got=len(value)), TRAITS_PER_LADY if value else "schema")
        return None
    counts = set()
    for j, count in enumerate(values):
        where = (*loc, j) if isinstance(value, list) else loc
        if not is_int(count):
            problems.add(where, card_words("whole.expected", least=0, most=k, got=type_name(count)))
        elif not 0 <= count <= k:
            problems.add(where, card_words("count.outside", got=shown(count), most=k),
                         TRAITS_PER_LADY if count > 0 else "schema")
        elif count in counts:
            problems.add(where, card_words("count.repeated", got=count))
        else:
            counts.add(count)
    return frozenset(counts) if len(counts) == len(values) else None


def parse_trait_list(value: object, loc: Loc, problems: Problems, known: Collection[str],
                     k: int, listed: Collection[str] | Choices | None = None) -> tuple[str, ...] | None:
    """A list of exactly ``k`` distinct known trait ids (an unknown one listing ``listed``, by default ``known``)."""
    if not isinstance(value, list):
        problems.add(loc, card_words("traits.expected", k=k, got=type_name(value)))
        return None
    if len(value) != k:
        problems.add(loc, card_words("traits.count", k=k, got=len(value)), TRAITS_PER_LADY if value else "schema")
        return None
    ok = True
    for j, trait in enumerate(value):
        if not isinstance(trait, str) or trait not in known:
            unknown_id(problems, (*loc, j), "trait", trait, known if listed is None else listed)
            ok = False
    if ok and len(set(value)) != len(value):
        problems.add(loc, card_words("traits.twice"))
        ok = False
    return tuple(value) if ok else None


def uncounted(problems: Sequence[Problem]) -> tuple[Sequence[Problem], int]:
    """The problems an :class:`~deduce.errors.InputError` holds without the last one, which counts those
    past :data:`~deduce.errors.MAX_PROBLEMS` when there are any, and that count."""
    counted = problems[-1].words if len(problems) > MAX_PROBLEMS else None
    more = counted.params.get("n") if isinstance(counted, Phrase) else None
    return (problems[:-1], more) if isinstance(more, int) else (problems, 0)


class Refusal(Problems):
    """The problems found in one part of a document, to raise from its validator (:meth:`error`).

    None is dropped here: the validation keeps the first :data:`~deduce.errors.MAX_PROBLEMS` of a
    document's problems and counts the rest, and words made by a function are made only for those kept.
    """

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[Loc, Said, str]] = []

    def add(self, loc: Loc, words: Said, code: str = "schema") -> None:
        self.found.append((loc, words, code))

    def __len__(self) -> int:
        return len(self.found)

    def __bool__(self) -> bool:
        return bool(self.found)

    def error(self) -> ValidationError:
        """The problems found, as a validator raises them (each at its place within the value it checks;
        past the first :data:`~deduce.errors.MAX_PROBLEMS`, only counted: :func:`deduce.schema.refused`)."""
        return refused(*self.found)


def _in_scope(read: Callable[[Any, Problems, CardScope, int], object]) -> WrapValidator:
    """A part read against the card set of the validation's context by ``read`` (value, problems,
    scope, traits per lady); without a set to read it against, only its shape is checked."""
    def check(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
        scope: CardScope | None = info.context
        k = scope.traits_per_lady if scope is not None else None
        if scope is None or k is None:
            return handler(value)
        problems = Refusal()
        read(value, problems, scope, k)
        if problems:
            raise problems.error()
        return value
    return WrapValidator(check)


#: A count on a key: a whole number of the card's traits (at most a lady's traits: the set says how many).
Count = Annotated[int, Field(ge=0, le=MAX_TRAITS)]
#: A key entry (:func:`parse_key_entry`): one count, or a list of distinct ones.
KeyEntry = Annotated[
    Count | Annotated[list[Count], Field(min_length=1, max_length=MAX_TRAITS + 1,
                                         json_schema_extra={"uniqueItems": True})],
    _in_scope(lambda value, problems, scope, k: parse_key_entry(value, (), problems, k))]
#: A card's traits (:func:`parse_trait_list`): distinct ids of the set's traits, as many as a lady has.
TraitList = Annotated[
    list[str], Field(min_length=1, max_length=MAX_TRAITS, json_schema_extra={"uniqueItems": True}),
    _in_scope(lambda value, problems, scope, k: parse_trait_list(value, (), problems, scope.trait_ids, k,
                                                                 scope.traits_listed))]


def unknown_id(problems: Problems, loc: Loc, kind: str, value: object, choices: Collection[str] | Choices) -> None:
    """Report an id that is none of ``choices``, as :meth:`~deduce.errors.Problems.unknown` does
    (in the words of :func:`unknown_words`)."""
    problems.add(loc, unknown_words(kind, value, choices))


def unknown_words(kind: str, value: object, choices: Collection[str] | Choices) -> Said:
    """The words for an id that is none of ``choices``, made only when the problem is kept.

    The words for a short string are kept (:func:`_unknown_message`), and their sentences
    (:class:`KeptWords`): the "did you mean" search costs more than answering a good query,
    and the typos of a batch repeat.
    """
    if type(value) is str and len(value) <= MAX_KEY_SHOWN:
        options = choices if isinstance(choices, Choices) else tuple(choices)
        return lambda: _unknown_message(kind, value, options)
    return lambda: unknown(kind, value, choices)


@lru_cache(maxsize=4096)
def _unknown_message(kind: str, value: str, choices: tuple[str, ...] | Choices) -> KeptWords:
    return KeptWords(unknown(kind, value, choices))


def entry_counts(entry: int | list[int]) -> frozenset[int]:
    """The counts of a key entry read from a document (:data:`KeyEntry`): one count, or a list."""
    return frozenset(entry if isinstance(entry, list) else [entry])


def key_entry_text(counts: Iterable[int]) -> str:
    """A key entry as printed on a card: ``1`` or ``0/2``."""
    return "/".join(str(c) for c in sorted(counts))


def key_to_json(key: Mapping[str, frozenset[int]], suit_order: Iterable[str]) -> dict[str, list[int]]:
    """A whole key as JSON: each suit's counts as a sorted list, suits in card-set order."""
    return {s: sorted(key[s]) for s in suit_order if s in key}
