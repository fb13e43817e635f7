"""Fog cards: the cards slid into the stealth deck in place of searched cards (SPEC 8).

Core domain model, no I/O (:mod:`deduce.game.fogfile` reads ``data/fog.yaml``). Each fog card
carries one *action*, chosen from the repertoire :data:`ACTIONS` that the game engine knows how
to carry out. The repertoire is the registered units of :mod:`deduce.game.fogeffects` and nothing
else: each unit carries its own description (:class:`FogAction`: what it asks for, whether it
helps, its summary), entered here when the unit is registered. The card file only gives each card
its action, its words and whether it is discarded after use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from deduce.text.names import Names

#: The field a fog action asks for in the ``resolve`` action.
Asks = Literal["path", "location", "to"]


@dataclass(frozen=True)
class FogAction:
    """One kind of fog action, as its unit in :mod:`deduce.game.fogeffects` describes it.

    ``asks`` names the parameter the player must give with a ``resolve`` action (None for
    an action carried out at once); ``helps`` is True for actions that favour the player;
    ``summary`` says what it does, for designers and error messages (and a card without words).
    """

    id: str
    asks: Asks | None
    helps: bool
    summary: str


#: Every action the engine can carry out, by id, in the order its units are registered: the
#: description each unit of :mod:`deduce.game.fogeffects` carries, entered by its ``register``
#: (the package loads them with the rules, and :mod:`deduce.game.fogfile` before any card is read).
ACTIONS: dict[str, FogAction] = {}


@dataclass(frozen=True)
class FogCard:
    """A fog card: its id, its action, its words, and whether it leaves the game after use."""

    id: str
    action: str
    name: Names
    text: Names
    discard: bool = False

    @property
    def kind(self) -> FogAction:
        return ACTIONS[self.action]
