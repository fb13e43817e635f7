"""A card set whose keys lie (``docs/broken-clues.yaml``, the guide's example) still plays: the
clues in hand may contradict each other, and the hints, the plan, the bot and the terminal say
so instead of dividing by the trait sets left (there are none).

The game below is one that ``deduce simulate --cards docs/broken-clues.yaml`` played into such
a hand (and ended in a ZeroDivisionError before the guess allowed for it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deduce.cli.play import progress_lines
from deduce.game.game import Game
from deduce.game.hand import who_progress
from deduce.game.plan import PlanBot
from deduce.game.setup import parse_setup
from deduce.shipped import load_rules
from deduce.text.play import play_phrase

BROKEN = Path(__file__).resolve().parents[2] / "docs" / "broken-clues.yaml"
#: A normal game on the broken set in which the clues revealed contradict each other.
CONTRADICTED: dict[str, Any] = {"mode": "normal", "seed": 1897577290974947470, "sequence": {"rulebook": "moderate-1"}}


def test_a_game_whose_clues_contradict_each_other_plays_to_its_end() -> None:
    rules = load_rules(cards=BROKEN)
    game = Game.new(rules, parse_setup(rules, CONTRADICTED))
    bot = PlanBot(rules)
    contradicted = []
    while not game.over:
        hints = game.hints()
        if hints["who"]["status"] == "contradiction":
            contradicted.append(game.version)
            assert hints["progress"]["guess"] == {"traits": [], "chance": 0.0}
            assert hints["plan"]["reasons"], "the plan says why, even here"
            view = game.player_view()
            hand = who_progress(rules.cards, view.hand, view.mode)
            assert progress_lines(game, hand)[-1] == play_phrase("en", "progress.guess.none", None)
        game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
    assert contradicted, "the game never reached a hand whose clues contradict each other"
    assert game.end is not None and game.hints()["plan"]["action"] is None
