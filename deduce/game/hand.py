"""The cards in the player's hand as a WHO question: her suit, the clues, the suit card (SPEC 5, 8).

Core module, no I/O. A :class:`Hand` is the narrow question every part of the game asks WHO:
the state (was she proven when confronted?), the player's view and its hints, the plan and the
bots each ask it of the cards in hand and nothing else, so none of them builds a whole view to
ask it. :meth:`Hand.query` is the deduction query (:mod:`deduce.who.query`); :func:`who` and
:func:`who_progress` answer it.
"""

from __future__ import annotations

from dataclasses import dataclass

from deduce.who.cards import CardSet, Mode
from deduce.who.deduction import Deduction, deduce
from deduce.who.progress import Progress, progress
from deduce.who.query import Observation, Query, observe_lady

__all__ = ["Hand", "who", "who_progress"]


@dataclass(frozen=True)
class Hand:
    """Her suit and the cards in hand: the clues revealed in order, the suit card once revealed,
    and cards typed at the table that no card of the set matches, as they lie
    (:mod:`deduce.game.situation`; a game never has any)."""

    suit: str
    clues: tuple[str, ...] = ()
    suit_card: str | None = None
    typed: tuple[Observation, ...] = ()

    @property
    def holds_suit_card(self) -> bool:
        """The suit card is in hand: revealed, or typed at the table as the suit card."""
        return self.suit_card is not None or any(o.role == "suit_card" for o in self.typed)

    @property
    def held(self) -> int:
        """Cards in hand, the suit card too (she flees that many cards after a search)."""
        return len(self.clues) + len(self.typed) + int(self.suit_card is not None)

    def query(self, cards: CardSet, explain: bool = False, typed: bool = True) -> Query:
        """The deduction query of the hand: her suit, the clues and the suit card once revealed,
        then the cards typed that the set lacks unless ``typed`` is false (WHO progress counts the
        set's cards alone); with ``explain``, asking why each trait is settled."""
        clues = [observe_lady(cards, c) for c in self.clues]
        if self.suit_card is not None:
            clues.append(observe_lady(cards, self.suit_card, "suit_card"))
        return Query(suit=self.suit, clues=(*clues, *(self.typed if typed else ())), explain=explain)


def who(cards: CardSet, hand: Hand) -> Deduction:
    """What the cards in hand prove about her traits."""
    return deduce(cards, hand.query(cards))


def who_progress(cards: CardSet, hand: Hand, mode: Mode) -> Progress:
    """How far her traits are from proven (:mod:`deduce.who.progress`): from the hand and the mode
    of the game, never from the deal."""
    return progress(cards, hand.query(cards), mode)
