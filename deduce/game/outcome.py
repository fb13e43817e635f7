"""How a game stands and how it ended: the rules' own vocabulary for the end of a game (SPEC 8).

Core module, no I/O, no JSON and no words. These are the rules' values, kept beside the state
(:mod:`deduce.game.state` ends a game with an :class:`End`) as python-chess keeps ``Outcome``
beside its board; the player's view (:mod:`deduce.game.view`) says them as JSON in a language,
and the store, the bots and the simulations read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from deduce.game.events import Event
from deduce.game.scoring import RankId, ScoreTermJSON

__all__ = ["VERDICTS", "Confronted", "End", "EndReason", "GameState", "Verdict"]

#: Where a game stands.
GameState = Literal["playing", "won", "lost"]
#: Verdicts on a confrontation, judged from what the player knew at the time.
Verdict = Literal["proven", "lucky-guess", "wrong"]
#: Every verdict, in the order of :data:`Verdict`.
VERDICTS: tuple[Verdict, ...] = ("proven", "lucky-guess", "wrong")
#: Why a game ended.
EndReason = Literal["unmasked", "wrong-traits", "countdown", "no-fog-card", "fog-impossible"]


@dataclass(frozen=True)
class Confronted:
    """The traits named in a confrontation, and the verdict on them."""

    traits: tuple[str, ...]
    verdict: Verdict


@dataclass(frozen=True)
class End:
    """How a game ended: its closing event, her card, and the score and rank when won."""

    state: GameState
    reason: EndReason
    event: Event
    dark_lady: str
    proven: bool
    confronted: Confronted | None = None
    score: int | None = None
    rank: RankId | None = None
    rank_name: str | None = None
    breakdown: tuple[ScoreTermJSON, ...] = ()
