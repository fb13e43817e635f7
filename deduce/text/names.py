"""Names in several languages: the words on the cards, the board and the fog cards.

Every name the game shows (a trait, a suit, a location, a landmark, a fog card) is a
:class:`Names`: the edition's word in each language it gives, with a fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from typing_extensions import TypedDict


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

    def to_json(self) -> dict[str, str]:
        return dict(self.by_lang) if self.by_lang else {"en": self.fallback}
