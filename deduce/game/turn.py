"""What may be done now: the legal actions, from the public facts of a turn (SPEC 8).

Core module, no I/O. The rule is written once, here, over facts any player at the table knows
(as in OpenSpiel, an information state is enough to list the legal actions): the rules' state
(:meth:`deduce.game.state.State.legal_actions`) and a game at the table as its player describes it
(:mod:`deduce.game.situation`) each state their :class:`Turn` and read the same answer.

The rules it follows: a fog card waiting asks for ``resolve`` alone; otherwise a move unless one
was made this turn (Training allows a move and a search in one turn), a search (and a
confrontation, unless a search gained a clue this turn) under a stealth card unless one was made
this turn, the fog card on top unless the pawn moved or searched this turn, and a pass; the suit
card may be revealed, a free action, while it is not in hand, when her suit has one, once every
key is claimed.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from deduce.game.actions import Action
from deduce.game.hand import Hand
from deduce.game.material import Rules

__all__ = ["Turn", "legal_actions", "suit_card_revealable"]


@dataclass(frozen=True)
class Turn:
    """The public facts of the turn under way that say what may be done."""

    pending: bool = False          # a fog card waits for its answer
    fog_on_top: bool = False       # the top card of the stealth deck is a fog card
    moved: bool = False            # the pawn moved this turn
    searched: bool = False         # a search was made this turn
    clue: bool = False             # a search gained a clue this turn
    suit_card: bool = False        # the suit card may be revealed (:func:`suit_card_revealable`)


def legal_actions(turn: Turn) -> tuple[Action, ...]:
    """The kinds of action allowed in ``turn`` (of a game still being played), in a stable order."""
    out: list[Action] = []
    if turn.pending:
        out.append("resolve")
    else:
        if not turn.moved:
            out.append("move")
        out += _search_or_fog(turn)
        out.append("pass")
    if turn.suit_card:
        out.append("reveal_suit_card")
    return tuple(out)


def _search_or_fog(turn: Turn) -> list[Action]:
    """Searching (and confronting) under a stealth card, or using the fog card on top."""
    if not turn.fog_on_top:
        if turn.searched:
            return []
        return ["search"] if turn.clue else ["search", "confront"]
    return ["fog"] if not turn.moved and not turn.searched else []


def suit_card_revealable(rules: Rules, hand: Hand, keys: Set[str]) -> bool:
    """Whether the suit card may be revealed: not in hand, her suit has one (exactly two cards, the
    second being the suit card) and the key of every location is claimed (``keys``)."""
    return (not hand.holds_suit_card and len(rules.cards.ladies_of_suit(hand.suit)) == 2
            and keys >= set(rules.board.location_ids))
