"""Everything on the table of one game, hidden and visible alike: the rules' record of play (SPEC 8).

Core module, no I/O. The rules (:class:`~deduce.game.state.State`) and the fog effects
(:mod:`deduce.game.fogeffects`) change a :class:`Table` as the game goes; the player's view
(:mod:`deduce.game.view`) reads the visible part of it; outside the rules, only tests set it
(to stage a position). A game at the table as its player describes it is a different thing, a
situation (:mod:`deduce.game.situation`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deduce.game.actions import Pending
from deduce.game.outcome import End, GameState
from deduce.game.trail import TrailEntryJSON

__all__ = ["Table"]


@dataclass
class Table:
    """Everything on the table, hidden and visible alike: the rules change it as the game
    goes; outside the rules, only tests read or set it (to stage a position)."""

    pos: int
    countdown: int
    pawn: str
    visited: set[str]
    fog_deck: list[str]
    fog_discarded: list[str]
    fog_in_slot: dict[int, str]
    clue_deck: list[str]
    clues: list[str] = field(default_factory=list)
    suit_card_revealed: bool = False
    trail: list[TrailEntryJSON] = field(default_factory=list)
    state: GameState = "playing"
    round: int = 0
    moved_this_turn: bool = False
    searched_this_turn: bool = False
    clue_this_turn: bool = False
    pending: Pending | None = None
    end: End | None = None
    version: int = 0
    proven: bool = False
