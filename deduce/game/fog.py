"""Fog cards: the cards slid into the stealth deck in place of searched cards (SPEC 8).

Core domain model, no I/O (:mod:`deduce.game.fogfile` reads ``data/fog.yaml``). Each fog card
carries one *action*, chosen from the repertoire :data:`ACTIONS` that the game engine knows how
to carry out. The repertoire is the registered units of :mod:`deduce.game.fogeffects` and nothing
else: each unit carries its own description (:class:`FogAction`: what it asks for, whether it
helps), entered here when the unit is registered; what it does in words is the catalog's. The
card file only gives each card its action, its words and whether it is discarded after use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from deduce.text.catalog import Phrase
from deduce.text.names import Names

#: The field a fog action asks for in the ``resolve`` action.
Asks = Literal["path", "location", "to"]


@dataclass(frozen=True)
class FogAction:
    """One kind of fog action, as its unit in :mod:`deduce.game.fogeffects` describes it.

    ``asks`` names the parameter the player must give with a ``resolve`` action (None for
    an action carried out at once); ``helps`` is True for actions that favour the player;
    :attr:`summary` says what it does, for designers and a card without words of its own.
    """

    id: str
    asks: Asks | None
    helps: bool

    @property
    def summary(self) -> Phrase:
        """What the action does, in words of the catalog (``fog-action.<id>`` of the ``phrases``
        section), said in any language: a new action brings its words with its unit."""
        return Phrase("phrases", f"fog-action.{self.id}")


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
