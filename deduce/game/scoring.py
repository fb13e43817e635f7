"""The score and rank of a won game, exactly as in the rulebook (SPEC 8).

Core module, no I/O.
"""

from __future__ import annotations

import math
from typing import Literal, cast

from typing_extensions import TypedDict  # pydantic (the API's response models) needs it before 3.12

from deduce.game.modes import MODE_RULES
from deduce.who.cards import Mode

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


#: The terms of a score, in the rulebook's order: cards above the countdown card, the
#: countdown's number times the deck length, 2 per fog card left, then the mode's adjustment
#: (``training`` halves, rounding up; ``easy``, ``advanced``, ``expert``) and, in Expert,
#: 5 per fog card discarded at setup.
ScoreTerm = Literal["cards-above", "countdown", "fog-left", "training", "easy", "advanced", "expert", "discarded"]


class ScoreTermJSON(TypedDict):
    """One line of the rulebook's tally: the term, the number counted (cards, the countdown's
    number, fog cards; None for a mode's adjustment) and the points it adds."""

    term: ScoreTerm
    count: int | None
    points: int


def breakdown(mode: Mode, length: int, cards_above: int, countdown: int, fog_left: int,
              discarded_at_setup: int = 0) -> list[ScoreTermJSON]:
    """The rulebook's tally of a won game, term by term (their points sum to :func:`score`).

    ``cards_above`` is the number of cards above the countdown card; the countdown's
    number counts one whole sequence each; every fog card left is worth 2; then the
    mode's adjustment: Training halves (rounding up), Easy -30, Advanced +5, Expert +5
    and +5 for each fog card discarded at setup.
    """
    terms: list[ScoreTermJSON] = [
        {"term": "cards-above", "count": cards_above, "points": cards_above},
        {"term": "countdown", "count": countdown, "points": countdown * length},
        {"term": "fog-left", "count": fog_left, "points": FOG_CARD_POINTS * fog_left},
    ]
    changes = MODE_RULES[mode]
    if changes.score_term:
        points = -(sum(t["points"] for t in terms) // 2) if changes.halves else changes.bonus
        terms.append({"term": cast(ScoreTerm, mode), "count": None, "points": points})
    if changes.discard_points:
        terms.append({"term": "discarded", "count": discarded_at_setup,
                      "points": changes.discard_points * discarded_at_setup})
    return terms


def score(mode: Mode, length: int, cards_above: int, countdown: int, fog_left: int, discarded_at_setup: int = 0) -> int:
    """The rulebook's score of a won game: the sum of its :func:`breakdown`."""
    return sum(t["points"] for t in breakdown(mode, length, cards_above, countdown, fog_left, discarded_at_setup))


def rank(points: int) -> tuple[RankId, str]:
    """The rank (id, English name) of a score."""
    best = RANKS[0]
    for entry in RANKS:
        if points >= entry[0]:
            best = entry
    return best[1], best[2]
