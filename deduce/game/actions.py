"""The player's actions, typed: one frozen dataclass per kind of action, and the fog card waiting for one (SPEC 8).

Core module, no I/O. The rules (:class:`~deduce.game.state.State`) apply these values and never
read JSON; :mod:`deduce.game.parse` makes them from the action documents a player sends
(``{"action": "move", "to": "globe"}``), refusing a malformed one with its path and words.
Each class names its kind in :attr:`kind` (the ``action`` field of its document). A fog card
that asks for an answer waits as a :class:`Pending` until the ``resolve`` action gives it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from deduce.game.fog import Asks

#: Every kind of action a player may send (SPEC 8).
Action = Literal["move", "search", "confront", "fog", "resolve", "pass", "reveal_suit_card"]


@dataclass(frozen=True)
class Move:
    """Move the pawn to a neighbouring location, claiming its key."""

    to: str
    kind: ClassVar[Action] = "move"


@dataclass(frozen=True)
class Search:
    """Search at the pawn's location (a fog card slides under the top card)."""

    kind: ClassVar[Action] = "search"


@dataclass(frozen=True)
class Confront:
    """A search naming her traits (as many as a lady has, each once)."""

    traits: tuple[str, ...]
    kind: ClassVar[Action] = "confront"


@dataclass(frozen=True)
class UseFog:
    """Reveal the fog card on top and carry out its action."""

    kind: ClassVar[Action] = "fog"


@dataclass(frozen=True)
class Resolve:
    """The answer a waiting fog card asked for: a walk of one or two places for ``path``, a
    location id for ``location`` and ``to``."""

    answer: str | tuple[str, ...]
    kind: ClassVar[Action] = "resolve"


@dataclass(frozen=True)
class Pass:
    """End the turn doing nothing."""

    kind: ClassVar[Action] = "pass"


@dataclass(frozen=True)
class RevealSuitCard:
    """Reveal the suit card, once every key is claimed (a free action)."""

    kind: ClassVar[Action] = "reveal_suit_card"


#: One action of any kind.
PlayerAction = Move | Search | Confront | UseFog | Resolve | Pass | RevealSuitCard


@dataclass(frozen=True)
class Pending:
    """A revealed fog card waiting for the ``resolve`` action: what it asks, and the choices."""

    card: str
    action: str
    asks: Asks
    choices: tuple[str, ...]
