"""Search advice: the one-turn-ahead rule of deduce.advice, on odds set by hand and by the tracker."""

from __future__ import annotations

from fractions import Fraction

import pytest

from deduce.errors import InputError
from deduce.render.where import track_text
from deduce.text.phrases import LANGS, PHRASES, phrase
from deduce.where.advice import ACTIONS, one_turn_advice
from deduce.where.query import parse_track_query
from deduce.where.tracker import SlotOdds, Tracking, track
from tests.track_strategies import make_board

# a - b - c - d, and e off b: reach from b is {b, a, c, e}; d is two steps away
BOARD = make_board({"a": "x", "b": "x", "c": "y", "d": "y", "e": "z"},
                   [("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")])


def odds(now: dict[str, int], next_: dict[str, int], fog: bool = False) -> Tracking:
    """A tracker answer with the given walk counts (missing locations count 0)."""
    q = parse_track_query(BOARD, {"length": 4, "moves": "always", "now": 0,
                                  "observations": [{"slot": 0, "fog": True}] if fog else []})

    def full(counts: dict[str, int]) -> dict[str, int]:
        return {loc: counts.get(loc, 0) for loc in BOARD.location_ids}

    total = sum(now.values())
    assert total == sum(next_.values())
    return Tracking(q, total, SlotOdds(0, full(now), total), SlotOdds(1, full(next_), total))


def test_search_when_here_now_beats_every_move() -> None:
    advice = one_turn_advice(BOARD, odds({"b": 2, "d": 2}, {"a": 1, "c": 3}), "b")
    assert advice.here_now == Fraction(1, 2) and advice.best == "c" and advice.best_next == Fraction(3, 4)
    assert advice.action == "move"  # 1/2 < 3/4
    advice = one_turn_advice(BOARD, odds({"b": 3, "d": 1}, {"a": 1, "c": 1, "d": 2}), "b")
    assert advice.best_next == Fraction(1, 4) and advice.search_now and advice.action == "search"


def test_a_tie_favours_searching_now() -> None:
    advice = one_turn_advice(BOARD, odds({"b": 1, "d": 1}, {"a": 1, "d": 1}), "b")
    assert advice.here_now == advice.best_next == Fraction(1, 2)
    assert advice.action == "search"


def test_reach_is_the_pawn_and_its_neighbours_only() -> None:
    advice = one_turn_advice(BOARD, odds({"a": 4}, {"d": 3, "e": 1}), "b")
    assert [loc for loc, _ in advice.reach] == ["e", "b", "a", "c"]
    assert advice.best == "e"  # d is likelier but two steps away
    assert advice.action == "move"


def test_ties_next_turn_prefer_the_pawn_then_board_order() -> None:
    advice = one_turn_advice(BOARD, odds({"d": 2}, {"a": 1, "b": 1}), "b")
    assert advice.best == "b" and advice.action == "stay"
    advice = one_turn_advice(BOARD, odds({"d": 2}, {"a": 1, "c": 1}), "b")
    assert advice.best == "a"


def test_no_search_on_fog_or_without_a_chance() -> None:
    fogged = one_turn_advice(BOARD, odds({"b": 4}, {"a": 1, "c": 3}, fog=True), "b")
    assert not fogged.can_search and fogged.action == "move" and fogged.best == "c"
    nothing = one_turn_advice(BOARD, odds({"d": 1}, {"d": 1}), "b")
    assert nothing.here_now == 0 and nothing.best_next == 0 and nothing.action == "stay" and not nothing.in_reach


def test_no_place_at_0_percent_is_named_as_the_best() -> None:
    """Issue 26: with her chance 0 everywhere in reach next turn, the words neither name a best
    place (at 0 %) nor send the pawn to wait or search there; they say she cannot be in reach."""
    text = track_text(BOARD, odds({"d": 1}, {"d": 1}), one_turn_advice(BOARD, odds({"d": 1}, {"d": 1}), "b"))
    assert phrase("en", "advice.none") in text
    assert "Best within reach" not in text and phrase("en", "advice.stay") not in text


def test_unknown_pawn_location() -> None:
    with pytest.raises(InputError) as info:
        one_turn_advice(BOARD, odds({"b": 1}, {"a": 1}), "tower")
    assert info.value.problems[0].path == "pawn"


def test_with_the_tracker() -> None:
    """Seen at landmark y (c or d) on slot 0: next turn she is at b or d, never at c."""
    q = parse_track_query(BOARD, {"length": 2, "moves": "always", "now": 0,
                                  "observations": [{"slot": 0, "landmark": "y"}]})
    result = track(BOARD, q)
    # two-card walks: c-b, c-d, d-c; p_0 in {c, d}
    assert result.paths == 3
    advice = one_turn_advice(BOARD, result, "c")
    assert advice.here_now == Fraction(2, 3)
    assert dict(advice.reach) == {"c": Fraction(1, 3), "b": Fraction(1, 3), "d": Fraction(1, 3)}
    assert advice.action == "search"
    assert advice.to_json() == {"pawn": "c", "action": "search", "here_now": 2 / 3, "can_search": True,
                                "best": "c", "reach": {"c": 1 / 3, "b": 1 / 3, "d": 1 / 3}}


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_is_said_in_every_language(lang: str) -> None:
    assert all(f"advice.{action}" in PHRASES[lang] for action in (*ACTIONS, "none"))
