"""The score and rank of a won game, exactly as in the rulebook (SPEC 8).

Core module, no I/O.
"""

from __future__ import annotations

import math
from typing import Literal

from deduce.who.cards import Mode

#: Points added at the end of a won game, by mode (Training halves instead).
MODE_BONUS = {"easy": -30, "advanced": 5, "expert": 5}
#: Expert mode: points for each fog card discarded at setup.
EXPERT_DISCARD_POINTS = 5
#: Points for each card left in the fog deck.
FOG_CARD_POINTS = 2

RankId = Literal["chimney-sweeper", "golden-lad", "fair-youth", "immortal-bard"]
#: Ranks by score: (lowest score of the rank, id, English name), best last.
RANKS: tuple[tuple[float, RankId, str], ...] = (
    (-math.inf, "chimney-sweeper", "chimney-sweeper"),
    (20, "golden-lad", "golden lad/girl"),
    (41, "fair-youth", "fair youth/maid"),
    (61, "immortal-bard", "immortal bard"),
)


def score(mode: Mode, length: int, cards_above: int, countdown: int, fog_left: int, discarded_at_setup: int = 0) -> int:
    """The rulebook's score of a won game.

    ``cards_above`` is the number of cards above the countdown card; the countdown's
    number counts one whole sequence each; every fog card left is worth 2; then the
    mode's adjustment: Training halves (rounding up), Easy -30, Advanced +5, Expert +5
    and +5 for each fog card discarded at setup.
    """
    points = cards_above + countdown * length + FOG_CARD_POINTS * fog_left
    if mode == "training":
        return -(-points // 2)
    points += MODE_BONUS.get(mode, 0)
    if mode == "expert":
        points += EXPERT_DISCARD_POINTS * discarded_at_setup
    return points


def rank(points: int) -> tuple[RankId, str]:
    """The rank (id, English name) of a score."""
    best = RANKS[0]
    for entry in RANKS:
        if points >= entry[0]:
            best = entry
    return best[1], best[2]
