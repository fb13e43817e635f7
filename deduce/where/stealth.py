"""The stealth deck: cards that each show a location, and the orders that make her walk.

Core domain model, no I/O (:mod:`deduce.where.stealthfile` reads the deck and the sequences).

A stealth card shows one location and has eight sequence positions, each a letter or
nothing (printed as a dash). Choosing a position and sorting the cards that have a letter
there, A→Z or Z→A, gives a cyclic deck: the order in which she walks. Positions 1–4 make
walks where she moves every turn, 5–8 walks where she may stay put (SPEC 7). The
rulebook's extra sequences name the cards by id, in order.

A card's id is its position-1 letter; when position 1 is a dash, the id is the leading
dashes plus the first letter after them (``-A``, ``--X``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeGuard, get_args

POSITIONS = 8
#: Positions whose walks move every turn; the others may stay put.
ALWAYS_POSITIONS = (1, 2, 3, 4)
#: ``always``: she moves every turn (positions 1-4); ``may_stay``: she may stay put (5-8).
Moves = Literal["always", "may_stay"]
MOVES: tuple[Moves, ...] = get_args(Moves)
DASH = "-"


def is_moves(value: object) -> TypeGuard[Moves]:
    """Whether a decoded value names a move rule (one of :data:`MOVES`)."""
    return value in MOVES


def card_id(positions: Iterable[str | None]) -> str | None:
    """The id a card's positions give it, or None for a card with no letter at all."""
    for dashes, letter in enumerate(positions):
        if letter is not None:
            return DASH * dashes + letter
    return None


def moves_of(position: int) -> Moves:
    """Whether the walk of an on-card position moves every turn or may stay."""
    if not 1 <= position <= POSITIONS:
        raise ValueError(f"position {position} is outside 1..{POSITIONS}")
    return "always" if position in ALWAYS_POSITIONS else "may_stay"


@dataclass(frozen=True)
class StealthCard:
    """One stealth card: its location and its eight positions (a letter, or None for a dash)."""

    location: str
    positions: tuple[str | None, ...]
    #: The landmark printed on the back, when a deck file states it.
    landmark: str | None = None

    @property
    def id(self) -> str:
        ident = card_id(self.positions)
        if ident is None:
            raise ValueError("a stealth card needs a letter in some position")
        return ident

    def letter(self, position: int) -> str | None:
        return self.positions[position - 1]

    @property
    def face(self) -> str:
        """The positions as printed, a dash for each empty one (``-AKQRBCD``)."""
        return "".join(p or DASH for p in self.positions)


@dataclass(frozen=True)
class Sequence:
    """A cyclic order of stealth cards (by id) and whether she may stay put between them."""

    name: str
    moves: Moves
    cards: tuple[str, ...]

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def may_stay(self) -> bool:
        return self.moves == "may_stay"

    def reversed(self) -> Sequence:
        """The same cards in the opposite order, as when the deck is assembled Z→A."""
        return Sequence(f"{self.name} reversed", self.moves, tuple(reversed(self.cards)))

    def steps(self) -> Iterable[tuple[int, str, str]]:
        """``(slot, card, next card)`` for every step of the cycle, last→first included."""
        n = len(self.cards)
        for i, card in enumerate(self.cards):
            yield i, card, self.cards[(i + 1) % n]


@dataclass(frozen=True, eq=False)
class StealthDeck:
    """The stealth cards, in file order."""

    cards: tuple[StealthCard, ...]

    @cached_property
    def _by_id(self) -> dict[str, StealthCard]:
        return {card.id: card for card in self.cards}

    @cached_property
    def ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.cards)

    def has_card(self, card_id: str) -> bool:
        return card_id in self._by_id

    def card(self, card_id: str) -> StealthCard:
        return self._by_id[card_id]

    def location_of(self, card_id: str) -> str:
        return self._by_id[card_id].location

    def position(self, position: int, reverse: bool = False) -> Sequence:
        """The cyclic deck for an on-card position: its cards sorted by their letter there."""
        moves = moves_of(position)
        lettered = [(letter, card.id) for card in self.cards if (letter := card.letter(position)) is not None]
        chosen = sorted(lettered, key=lambda entry: entry[0], reverse=reverse)
        name = f"position-{position}" + (" reversed" if reverse else "")
        return Sequence(name, moves, tuple(ident for _, ident in chosen))

    def positions(self) -> tuple[Sequence, ...]:
        """The decks of all eight positions, A→Z."""
        return tuple(self.position(p) for p in range(1, POSITIONS + 1))

    def walk(self, sequence: Sequence) -> tuple[str, ...]:
        """The locations she visits along a sequence (every id must be in the deck)."""
        return tuple(self.location_of(card) for card in sequence.cards)
