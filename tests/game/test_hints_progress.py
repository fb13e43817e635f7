"""WHO progress in a game's hints (deduce/game/view.py): computed from the player's view
alone, the same for two deals the player cannot tell apart, and what the library computes
from the view's clues, suit card and mode."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deduce.game.hand import who, who_progress
from deduce.who.progress import ProgressJSON, progress
from tests.game.test_game import RULES, act_alike, new, partner_of, play_random, random_action


def test_two_deals_with_the_same_view_give_the_same_progress() -> None:
    """Her card and the suit card swapped, the clues left in another order: the same view,
    so the same progress, at every step (and it moves: a clue changes it)."""
    one = new({"seed": 5}, cut=0)
    partner = partner_of(RULES.cards.lady(one.deal.dark_lady))
    first, rest = one.deal.clue_deck[0], one.deal.clue_deck[1:]
    other = new({"seed": 5}, cut=0, dark_lady=partner.id, clue_deck=(first, *reversed(rest)))
    seen: list[ProgressJSON] = []
    steps: list[dict[str, Any] | str] = [{"action": "pass"}, "catch", {"action": "pass"}, {"action": "pass"}]
    for step in steps:
        act_alike((one, other), step)
        assert one.player_view() == other.player_view()
        assert one.hints()["progress"] == other.hints()["progress"]
        seen.append(one.hints()["progress"])
    assert seen[0] != seen[1]  # the clue found changed it
    assert one.deal.dark_lady != other.deal.dark_lady


@pytest.mark.parametrize("seed", range(8))
def test_the_hints_progress_is_the_library_on_the_view(seed: int) -> None:
    """In random games (every mode), at every step: the hints' progress is :func:`progress` of
    the view's query and mode; proven as the deduction says; the suit card as the view shows
    it; the guess from the cards in hand alone (never a hint of the hidden deal)."""
    rng = random.Random(seed)
    game = new({"seed": seed, "mode": rng.choice(["training", "easy", "normal", "advanced", "expert"])})
    while not game.over:
        view = game.player_view()
        found = who_progress(RULES.cards, view.hand, view.mode)
        assert game.hints()["progress"] == found.to_json()
        assert found == progress(RULES.cards, view.hand.query(RULES.cards), view.mode)
        assert found.proven == (who(RULES.cards, view.hand).status == "solved")
        assert (found.suit_card == "revealed") == (view.suit_card is not None)
        left = who(RULES.cards, view.hand).candidates
        assert found.guess.chance == pytest.approx(1 / len(left))  # the cards in hand alone
        assert found.guess.traits == left[0].traits
        assert {c.card for c in found.deck} == set(game.table.clue_deck)  # the deck left, as a set
        assert [c.card for c in found.deck] == [x.id for x in RULES.cards.ladies if x.id in game.table.clue_deck]
        game.act(random_action(game, rng))


def test_progress_is_there_until_the_end_of_a_random_game() -> None:
    game = new({"seed": 2})
    play_random(game, random.Random(2))
    assert game.over and set(game.hints()) == {"step", "who", "where", "progress", "plan"}
