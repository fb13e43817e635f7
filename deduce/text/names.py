"""Names in several languages: the words on the cards, the board and the fog cards.

Every name the game shows (a trait, a suit, a location, a landmark, a fog card) is a
:class:`Names`: the edition's word in each language it gives, with a fallback.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, Protocol

from typing_extensions import TypedDict

from deduce.text.catalog import Phrase


class NamedJSON(TypedDict):
    """Something with an id and a name in several languages, as JSON: a trait, a landmark."""

    id: str
    name: dict[str, str]


@dataclass(frozen=True)
class Names:
    """A name in several languages; falls back to English, then to any, then to the id."""

    by_lang: Mapping[str, str] = field(default_factory=dict)
    fallback: str = ""

    def get(self, lang: str = "en") -> str:
        if lang in self.by_lang:
            return self.by_lang[lang]
        if "en" in self.by_lang:
            return self.by_lang["en"]
        return next(iter(self.by_lang.values()), self.fallback)

    def said(self, lang: str = "en") -> str:
        """The name in ``lang``, as a phrase's parameter (:class:`~deduce.text.catalog.Sayable`)."""
        return self.get(lang)

    def to_json(self) -> dict[str, str]:
        return dict(self.by_lang) if self.by_lang else {"en": self.fallback}


@dataclass(frozen=True)
class NameList:
    """Several names said together in one language (``Mary Fitton, Lucy Negro``), as a phrase's parameter."""

    names: tuple[Names, ...]

    def said(self, lang: str = "en") -> str:
        return ", ".join(name.get(lang) for name in self.names)


class Named(Protocol):
    """Something of the game with an id and names: a suit, a trait, a lady, a location, a landmark."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> Names: ...


#: The most things a problem lists; past them, ``...``.
MOST_LISTED = 12

#: Whether the things a problem lists are said by name, the id beside (:func:`names_beside_ids`).
_BESIDE_IDS: ContextVar[bool] = ContextVar("names_beside_ids", default=False)


@contextmanager
def names_beside_ids() -> Iterator[None]:
    """While in force, :class:`Choices` are said by name in the language said, each id beside its name:
    for the HTTP service's errors, which a page shows to a person who knows the things by the names the
    cards and the board print (``Rosa (rose), Ghianda (acorn)``). Elsewhere (the terminal's readers of
    documents, which name things by id) they are said by id, as a document writes them."""
    token = _BESIDE_IDS.set(True)
    try:
        yield
    finally:
        _BESIDE_IDS.reset(token)


def saying_names() -> bool:
    """Whether :func:`names_beside_ids` is in force (a cache of said words keeps the two apart)."""
    return _BESIDE_IDS.get()


@dataclass(frozen=True)
class Choices(Phrase):
    """The things of the game a problem offers to choose from (its ``expected one of``), with their names:
    said by id, or by name with the id beside while :func:`names_beside_ids` is in force; the first
    :data:`MOST_LISTED`, then ``...``. A phrase of its own (no key of the catalog: the names are the
    things' own), so that it is a phrase's parameter as any other words are."""

    section: str = ""
    key: str = ""
    named: tuple[tuple[str, Names], ...] = ()

    @classmethod
    def of(cls, things: Iterable[Named]) -> Choices:
        return cls(named=tuple((thing.id, thing.name) for thing in things))

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(ident for ident, _ in self.named)

    def __hash__(self) -> int:
        """By ids and names, so that words listing them are kept (a cache) as other words are."""
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(tuple((ident, tuple(sorted(names.by_lang.items())), names.fallback) for ident, names in self.named))

    def said(self, lang: str = "en") -> str:
        beside = saying_names()
        shown = [f"{names.get(lang)} ({ident})" if beside and names.get(lang) not in ("", ident) else ident
                 for ident, names in self.named[:MOST_LISTED]]
        return ", ".join(shown) + (", ..." if len(self.named) > MOST_LISTED else "")

    def __str__(self) -> str:
        return self.said("en")


#: What a document may leave unnamed: a card set, a board.
Titled = Literal["card-set", "board"]


def titled(name: str | None, thing: Titled) -> str | Phrase:
    """A card set's or a board's name as a person reads it: its own, or for one its file leaves
    unnamed, the word for the thing in the catalog (``Card set``, ``Set di carte``, ``Набор карт``),
    said in the person's language rather than fixed in English when the file is read."""
    return Phrase("phrases", f"untitled.{thing}") if name is None else name


def title_in(lang: str, name: str | None, thing: Titled) -> str:
    """:func:`titled`, said in ``lang``."""
    words = titled(name, thing)
    return words if isinstance(words, str) else words.said(lang)


def fold(text: str) -> str:
    """A name as a person types it and as the cards print it, made comparable: case, accents and
    runs of spaces ignored (``"  jacqueline  FIELD"``, ``"Jacqueline Field"``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def named_ids(typed: str, named: Mapping[str, Names]) -> list[str]:
    """The ids ``typed`` can mean among ``named`` (id to its names): an id in any case, else a name
    in any language it is given in. One id: found; several: the name is ambiguous; none: unknown."""
    key = fold(typed)
    by_id = [thing for thing in named if fold(thing) == key]
    if by_id:
        return by_id
    return [thing for thing, names in named.items() if any(fold(n) == key for n in names.by_lang.values())]
