"""Search advice: with the tracker's odds, where the pawn should go and whether to search now.

On the player's turn the Lady has just moved onto slot ``now``; the player either moves
the pawn one step or searches at the pawn's location (or passes, which keeps the pawn
where it is). The advice looks one turn ahead, with the tracker's exact odds:

* **Reach**: the pawn's location and its neighbours, each with the chance that she is
  there on slot ``now + 1`` (where a search next turn would look).
* **Best next**: the location in reach with the highest chance next turn. Ties go to the
  pawn's own location (no move needed), then to board order.
* **Search now** when searching is possible (no fog card shows on slot ``now``), the
  chance that she is at the pawn's location now is above zero, and it is at least the
  best chance next turn: a search now is as good a bet as any the pawn can set up by
  moving, and it comes a turn sooner.
* Otherwise **move** to the best location, or **stay** (pass) when that is the pawn's own
  (also when her chance is 0 at every location in reach next turn: no move sets up a search,
  and the words say so, :attr:`Advice.in_reach`, rather than send the pawn where she cannot be).

The advice does not weigh fog cards left, the clues a search would bring, or how far
she flees after a search; it compares the two chances only. It is what ``deduce track
--pawn`` says about a tracking query alone; a game's hints, the terminal game and
``POST /v1/advice`` give the plan of :mod:`deduce.game.plan` instead, which weighs all of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, get_args

from typing_extensions import TypedDict

from deduce.errors import InputError, unknown
from deduce.text.names import Choices
from deduce.where.board import Board
from deduce.where.tracker import Tracking

#: What the advice says to do: search here now, move towards the best location, or pass.
Action = Literal["search", "move", "stay"]
ACTIONS: tuple[Action, ...] = get_args(Action)


class AdviceJSON(TypedDict):
    """The advice: the action, the chance at the pawn now, and each location in reach next turn, best first."""

    pawn: str
    action: Action
    here_now: float
    can_search: bool
    best: str
    reach: dict[str, float]


@dataclass(frozen=True)
class Advice:
    """What the pawn at ``pawn`` should do this turn, and the chances behind it."""

    pawn: str
    here_now: Fraction
    can_search: bool
    reach: tuple[tuple[str, Fraction], ...]

    @property
    def best(self) -> str:
        """The location in reach with the best chance next turn."""
        return self.reach[0][0]

    @property
    def best_next(self) -> Fraction:
        return self.reach[0][1]

    @property
    def in_reach(self) -> bool:
        """Whether she can be anywhere in reach next turn (else no move or pass sets up a search)."""
        return self.best_next > 0

    @property
    def search_now(self) -> bool:
        return self.can_search and self.here_now > 0 and self.here_now >= self.best_next

    @property
    def action(self) -> Action:
        """``search`` here now, ``move`` to :attr:`best`, or ``stay`` (pass)."""
        if self.search_now:
            return "search"
        return "stay" if self.best == self.pawn else "move"

    def to_json(self) -> AdviceJSON:
        return {
            "pawn": self.pawn,
            "action": self.action,
            "here_now": float(self.here_now),
            "can_search": self.can_search,
            "best": self.best,
            "reach": {loc: float(p) for loc, p in self.reach},
        }


def one_turn_advice(board: Board, tracking: Tracking, pawn: str) -> Advice:
    """Advice for a pawn at ``pawn`` given the tracker's answer (see the module's rule)."""
    if not board.has_location(pawn):
        raise InputError.at(("pawn",), unknown("location", pawn, Choices.of(board.locations)))
    reach = [pawn, *(loc for loc in board.location_ids if loc in board.neighbours(pawn))]
    ranked = sorted(reach, key=lambda loc: -tracking.next.chance(loc))  # stable: pawn, then board order
    return Advice(
        pawn=pawn,
        here_now=tracking.now.chance(pawn),
        can_search=not tracking.query.fog_now,
        reach=tuple((loc, tracking.next.chance(loc)) for loc in ranked),
    )
