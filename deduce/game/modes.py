"""What each mode changes in the rules, in one table (SPEC 8).

Core module, no I/O. The five modes share every rule but the few listed in a :class:`ModeRules`,
as python-chess states what a variant changes in the variant's class: the countdown card's
starting number, the fog cards discarded at setup, whether a turn holds a move and a search,
and the mode's term of the score. The state, the setup, the scoring, a situation at the table,
the bots and the plan read them from :data:`MODE_RULES` and nowhere else. (Which ladies a mode
removes from the deck is WHO's, :data:`deduce.who.cards.REMOVAL_MODES`: the deduction needs it
without the game.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from deduce.who.cards import Mode

__all__ = ["MODE_RULES", "ModeRules"]


@dataclass(frozen=True)
class ModeRules:
    """What one mode changes; every other rule is the same in all modes."""

    #: The countdown card's starting number.
    countdown: int = 2
    #: Fog cards discarded at setup when the player does not say (the player may discard more only
    #: where this is not 0: Expert).
    fog_discarded: int = 0
    #: A turn holds one move and one search, in either order (Training); otherwise one of them ends it.
    move_and_search: bool = False
    #: The score is halved, rounding up (Training): the mode's term takes half of the points off.
    halves: bool = False
    #: Points the mode's term adds to a won game's score.
    bonus: int = 0
    #: Points for each fog card discarded at setup.
    discard_points: int = 0

    @property
    def score_term(self) -> bool:
        """Whether the score has a term for the mode (named after it): a bonus, or the halving."""
        return self.halves or self.bonus != 0


#: The rules each mode changes (SPEC 8, the rulebook's modes).
MODE_RULES: Mapping[Mode, ModeRules] = {
    "training": ModeRules(move_and_search=True, halves=True),
    "easy": ModeRules(countdown=3, bonus=-30),
    "normal": ModeRules(),
    "advanced": ModeRules(bonus=5),
    "expert": ModeRules(fog_discarded=1, bonus=5, discard_points=5),
}
