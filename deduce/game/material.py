"""The game material: what a game is played with (SPEC 8).

Core module, no I/O. :class:`Rules` holds the clue cards, the map, the fog cards and a way
to lay out the stealth deck for a sequence choice; :func:`stealth_orders` builds that way
from a stealth deck and the rulebook's extra sequences (:mod:`deduce.shipped` loads the
shipped ones).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from deduce.document import is_int
from deduce.errors import InputError, problem_words, shown, unknown
from deduce.game.fog import FogCard
from deduce.where.board import Board
from deduce.where.stealth import POSITIONS, Moves, Sequence, StealthDeck
from deduce.who.cards import CardSet


@dataclass(frozen=True)
class StealthOrder:
    """A stealth sequence ready to play: card ids with their locations, in deck order."""

    name: str
    cards: tuple[tuple[str, str], ...]
    moves: Moves

    @property
    def length(self) -> int:
        return len(self.cards)

    def location(self, slot: int) -> str:
        """Where she is on ``slot`` (any whole number: the deck is cyclic)."""
        return self.cards[slot % len(self.cards)][1]

    def cut(self, at: int) -> StealthOrder:
        """The same deck cut at ``at``: that card comes first."""
        return StealthOrder(self.name, self.cards[at:] + self.cards[:at], self.moves)


#: Lays out the stealth deck for a sequence choice (``{"position": 3}`` or
#: ``{"rulebook": "easy-1"}``) and a direction; raises :class:`InputError` for an unknown one.
OrderStealth = Callable[[Mapping[str, Any], bool], StealthOrder]


@dataclass(frozen=True)
class Rules:
    """Everything a game is played with: the clue cards, the map, the fog cards, and
    :attr:`order`, which lays out the stealth deck for a sequence choice."""

    cards: CardSet
    board: Board
    fog: tuple[FogCard, ...]
    order: OrderStealth

    def fog_card(self, fog_id: str) -> FogCard:
        return next(f for f in self.fog if f.id == fog_id)


def stealth_orders(deck: StealthDeck, sequences: tuple[Sequence, ...]) -> OrderStealth:
    """The :attr:`Rules.order` of a stealth deck and the rulebook's extra sequences.

    ``{"position": n}`` sorts the cards with a letter in position n (A→Z, or Z→A reversed);
    ``{"rulebook": name}`` takes the named sequence (reversed on request).
    """
    return StealthOrders(deck, sequences)


@dataclass(frozen=True)
class StealthOrders:
    """What :func:`stealth_orders` returns: a plain value rather than a closure, so that
    :class:`Rules` pickles and simulated games can be sent to worker processes."""

    deck: StealthDeck
    sequences: tuple[Sequence, ...]

    def __call__(self, choice: Mapping[str, Any], reverse: bool) -> StealthOrder:
        deck = self.deck
        by_name = {s.name: s for s in self.sequences}
        kind, value = next(iter(choice.items()))
        if kind == "position":
            if not is_int(value) or not 1 <= value <= POSITIONS:
                raise InputError.at(("sequence", "position"),
                                    problem_words("expected.position", most=POSITIONS, got=shown(value)))
            seq = deck.position(value, reverse)
        else:
            if not isinstance(value, str) or value not in by_name:
                raise InputError.at(("sequence", "rulebook"), unknown("rulebook sequence", value, by_name))
            seq = by_name[value].reversed() if reverse else by_name[value]
        return StealthOrder(seq.name, tuple((c, deck.location_of(c)) for c in seq.cards), seq.moves)
