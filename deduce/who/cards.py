"""The card set: traits, suits, ladies and their keys.

This is the core domain model. It does no I/O; :mod:`deduce.cardfile` reads card sets
from YAML or JSON documents. A card set may have any shape (any number of traits, any
number of traits per lady, any suits), not only the 7 traits / 3 per lady / 6 suits of
the boxed game.

Trait sets are handled as bit masks over the card set's trait order (bit ``i`` is the
``i``-th trait), which keeps every evaluator fast and every ordering well defined.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from deduce.errors import problem_words
from deduce.text.catalog import Phrase, PhraseParam
from deduce.text.names import Names

#: A mode of the rulebook that discards no fog card at setup (every one but Expert).
PlainMode = Literal["training", "easy", "normal", "advanced"]
#: A mode of the rulebook.
Mode = PlainMode | Literal["expert"]
#: A ``modes`` table of a card set: which suit a mode removes, by the Dark Lady's suit.
ModeTable = Literal["easy", "advanced"]

#: Modes that remove no clue cards.
FULL_DECK_MODES: tuple[Mode, ...] = ("training", "normal")
#: Modes that remove two cards, and the card set ``modes`` table each one reads.
REMOVAL_MODES: Mapping[str, ModeTable] = {"easy": "easy", "advanced": "advanced", "expert": "advanced"}
#: Every mode of the rulebook, in order of difficulty.
MODES: tuple[Mode, ...] = ("training", "easy", "normal", "advanced", "expert")
#: The ``modes`` tables a card set may define.
MODE_TABLES: tuple[ModeTable, ...] = ("easy", "advanced")

#: Largest card sets the readers accept and the audit enumerates (SPEC 5 resource limits).
MAX_TRAITS = 16
MAX_LADIES = 64
MAX_SUITS = 32


def card_words(key: str, **params: PhraseParam) -> Phrase:
    """Words of the catalog's ``cards`` section: what is wrong with a card set, a query, a hand or an audit."""
    return Phrase("cards", key, params)


class ModeUnavailable(ValueError):
    """A mode that a card set cannot be played in; ``words`` say why in any language (``str()`` in English)."""

    def __init__(self, words: Phrase):
        super().__init__(str(words))
        self.words = words


@dataclass(frozen=True)
class Trait:
    """One trait a lady may have (``literary``, ``married``, ...)."""

    id: str
    name: Names


@dataclass(frozen=True)
class Suit:
    """A suit, shown on the back of a clue card."""

    id: str
    name: Names
    colour: str | None = None


@dataclass(frozen=True)
class Lady:
    """A clue card: a woman, her traits and her key.

    ``key[suit]`` is the set of numbers of her traits the Dark Lady shares with her,
    if the Dark Lady's card is of ``suit``.
    """

    id: str
    name: Names
    suit: str
    traits: tuple[str, ...]
    key: Mapping[str, frozenset[int]]


@dataclass(frozen=True, eq=False)
class CardSet:
    """A whole card set. Build it with :func:`deduce.cardfile.parse` or directly.

    ``name`` is the set's own name, or ``None`` for a set its file leaves unnamed: a person reads
    it as a word of the catalog in their language (:func:`deduce.text.phrases.untitled`).
    """

    name: str | None
    traits: tuple[Trait, ...]
    suits: tuple[Suit, ...]
    ladies: tuple[Lady, ...]
    traits_per_lady: int = 3
    modes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    # -- lookups ---------------------------------------------------------------

    @cached_property
    def trait_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.traits)

    @cached_property
    def suit_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.suits)

    @cached_property
    def _trait_bit(self) -> dict[str, int]:
        return {t: 1 << i for i, t in enumerate(self.trait_ids)}

    @cached_property
    def _lady_by_id(self) -> dict[str, Lady]:
        return {lady.id: lady for lady in self.ladies}

    def has_trait(self, trait_id: str) -> bool:
        return trait_id in self._trait_bit

    def has_suit(self, suit_id: str) -> bool:
        return suit_id in self.suit_ids

    def lady(self, lady_id: str) -> Lady:
        """The lady with this id; KeyError if there is none."""
        return self._lady_by_id[lady_id]

    def has_lady(self, lady_id: str) -> bool:
        return lady_id in self._lady_by_id

    def trait(self, trait_id: str) -> Trait:
        return self.traits[self.trait_ids.index(trait_id)]

    def suit(self, suit_id: str) -> Suit:
        return self.suits[self.suit_ids.index(suit_id)]

    # -- trait masks -----------------------------------------------------------

    def mask(self, trait_ids: Iterable[str]) -> int:
        """The bit mask of a collection of trait ids."""
        out = 0
        for t in trait_ids:
            out |= self._trait_bit[t]
        return out

    def unmask(self, mask: int) -> tuple[str, ...]:
        """Trait ids of a mask, in card-set order."""
        return tuple(t for i, t in enumerate(self.trait_ids) if mask >> i & 1)

    def lady_mask(self, lady: Lady) -> int:
        return self.mask(lady.traits)

    # -- suits and modes -------------------------------------------------------

    def ladies_of_suit(self, suit_id: str) -> tuple[Lady, ...]:
        return tuple(lady for lady in self.ladies if lady.suit == suit_id)

    def partner(self, lady: Lady) -> Lady | None:
        """The other card of a lady's suit (her suit card), if the suit has exactly two."""
        same = self.ladies_of_suit(lady.suit)
        if len(same) != 2:
            return None
        return same[0] if same[1].id == lady.id else same[1]

    def audited_modes(self) -> tuple[Mode, ...]:
        """The modes an audit covers: normal, plus easy and advanced when the set has them."""
        return ("normal", *(m for m in MODE_TABLES if m in self.modes))

    def removed_suit(self, mode: str, dark_suit: str) -> str | None:
        """The suit whose two cards ``mode`` removes when the Dark Lady is of ``dark_suit``."""
        if mode in FULL_DECK_MODES:
            return None
        table = REMOVAL_MODES.get(mode)
        if table is None:
            raise ModeUnavailable(problem_words("unknown", kind=problem_words("kind.mode"), got=repr(mode)))
        if table not in self.modes:
            raise ModeUnavailable(card_words("mode.undefined", table=repr(table)))
        return self.modes[table].get(dark_suit)
