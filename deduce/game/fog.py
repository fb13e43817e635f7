"""Fog cards: the cards slid into the stealth deck in place of searched cards (SPEC 8).

Core domain model, no I/O (:mod:`deduce.game.fogfile` reads ``data/fog.yaml``). Each fog card
carries one *action*, chosen from the fixed repertoire :data:`ACTIONS` that the game engine
knows how to carry out (each action's effect is a registered unit of :mod:`deduce.game.fogeffects`);
the card file only gives each card its action, its words and whether it is discarded after use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from deduce.text.names import Names

#: The field a fog action asks for in the ``resolve`` action.
Asks = Literal["path", "location", "to"]


@dataclass(frozen=True)
class FogAction:
    """One kind of fog action.

    ``asks`` names the parameter the player must give with a ``resolve`` action (None for
    an action carried out at once); ``helps`` is True for actions that favour the player.
    """

    id: str
    asks: Asks | None
    helps: bool
    summary: str


#: Every action the engine can carry out, by id. The words on the cards are in the card
#: file; these summaries are for designers and error messages.
ACTIONS: dict[str, FogAction] = {a.id: a for a in (
    FogAction("glimpse", None, True,
              "see the landmark on the back of the stealth card after next"),
    FogAction("wherry", "path", True,
              "move the pawn one or two steps, claiming the key of every place entered"),
    FogAction("keyhole", "location", True,
              "hold the next stealth card against any location key: learn whether she will be there"),
    FogAction("linkboy", "location", True,
              "claim the key of any location not visited yet; when every key is claimed, see the "
              "landmark on the back of the stealth card after next instead"),
    FogAction("lantern", None, True,
              "learn whether she is at the pawn's location now, under the fog card (no clue, no key)"),
    FogAction("slip", None, False,
              "she slips one card further along her path, unseen"),
    FogAction("curfew", None, False,
              "she flees one card for each clue held, unseen"),
    FogAction("damp", None, False,
              "discard the top card of the fog deck"),
    FogAction("lost-key", None, False,
              "put the key of the pawn's location back on the stack (impossible when it is not held)"),
    FogAction("crowd", "to", False,
              "move the pawn to a visited neighbouring location (impossible when there is none)"),
)}


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
