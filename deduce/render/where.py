"""Plain-text renderings of the WHERE half for people: the board, her odds, search advice.

A satellite of the core like :mod:`deduce.render.who` (whose table layout it shares): it
reads a :class:`~deduce.where.board.Board`, a :class:`~deduce.where.tracker.Tracking` and an
:class:`~deduce.where.advice.Advice` and writes text in the player's language
(:mod:`deduce.text.phrases`); location and landmark names come from the board.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from deduce.render.who import format_table
from deduce.text.phrases import phrase
from deduce.where.advice import Advice
from deduce.where.board import Board
from deduce.where.tracker import Tracking


def percent(p: Fraction | float) -> str:
    return f"{100 * float(p):.1f}%"


def big_number(n: int, lang: str) -> str:
    """An integer with the language's thousands separator."""
    return f"{n:,}".replace(",", phrase(lang, "thousands"))


def location_name(board: Board, location: str, lang: str) -> str:
    return board.location(location).name.get(lang)


def board_text(board: Board, lang: str = "en") -> str:
    """The board as a table: ids to type, names, landmarks and where each path leads."""
    rows = [
        (loc.id, loc.name.get(lang), board.landmark(loc.landmark).name.get(lang),
         ", ".join(n for n in board.location_ids if board.adjacent(loc.id, n)))
        for loc in board.locations
    ]
    heading = phrase(lang, "board.heading", name=board.name, locations=len(board.locations), paths=len(board.paths))
    table = format_table([phrase(lang, "column.id"), phrase(lang, "column.location"),
                          phrase(lang, "column.landmark"), phrase(lang, "column.neighbours")], rows)
    return f"{heading}\n\n{table}\n"


def track_text(board: Board, tracking: Tracking, advice: Advice | None = None, lang: str = "en") -> str:
    """The tracker's answer: how many paths fit, and her odds now and next turn, likeliest first.

    With ``advice``, also the pawn's chance now, the best location within reach next turn
    (unless she can be at none), and what to do.
    """
    q = tracking.query
    if not tracking.paths:
        return phrase(lang, "track.contradiction") + "\n"
    lines = [phrase(lang, "track.heading", length=q.length, moves=phrase(lang, f"track.moves.{q.moves}"),
                    paths=big_number(tracking.paths, lang)), ""]
    order = sorted(board.location_ids, key=lambda loc: (-tracking.now.counts[loc], -tracking.next.counts[loc]))
    lines.append(format_table(
        [phrase(lang, "column.location"), phrase(lang, "column.landmark"),
         phrase(lang, "track.column.now", slot=tracking.now.slot),
         phrase(lang, "track.column.next", slot=tracking.next.slot)],
        [(location_name(board, loc, lang), board.landmark(board.landmark_of(loc)).name.get(lang),
          percent(tracking.now.chance(loc)), percent(tracking.next.chance(loc))) for loc in order],
    ))
    if advice is not None:
        lines += ["", phrase(lang, "advice.here", location=location_name(board, advice.pawn, lang),
                             chance=percent(advice.here_now))]
        if advice.in_reach:   # a best place at 0 % would send the pawn where she cannot be
            lines.append(phrase(lang, "advice.best", location=location_name(board, advice.best, lang),
                                chance=percent(advice.best_next)))
        if not advice.can_search:
            lines.append(phrase(lang, "advice.fog"))
        said = advice.action if advice.in_reach or advice.search_now else "none"
        lines.append(phrase(lang, f"advice.{said}", location=location_name(board, advice.best, lang)))
    return "\n".join(lines) + "\n"


#: Which of the tracker's two slots a picture shows: ``now`` or ``next`` turn.
Which = Literal["now", "next"]


def odds_caption(tracking: Tracking, which: Which, lang: str = "en") -> str:
    """A caption for a picture shaded by the odds ``now`` or ``next``: the slot and the paths."""
    slot = tracking.now if which == "now" else tracking.next
    return phrase(lang, "track.caption", slot=slot.slot, which=phrase(lang, f"track.which.{which}"),
                  paths=big_number(tracking.paths, lang))
