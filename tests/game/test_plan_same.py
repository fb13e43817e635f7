"""The advisor gives the same plans as before it was made faster (issue 21): on seeded games,
every plan (action, document to send, reasons' codes and parameters, figures and the options
weighed) equals the one recorded in ``advisor_plans.json.gz`` from the code before the change.

The games are played by the advisor itself (every mode, on three default sequences) and by a
seeded random player (states the advisor never steers into: every fog card to resolve, late
turns, lost keys). To record the plans again after a deliberate change of the method:

    .venv/bin/python -m tests.game.test_plan_same
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from deduce.game.game import Game
from deduce.game.plan import PlanBot, make_plan
from deduce.game.setup import parse_setup
from deduce.game.simulate import setup_docs
from deduce.shipped import load_rules
from deduce.who.cards import MODES
from tests.game.test_trail import shipped_random_action

FIXTURE = Path(__file__).with_name("advisor_plans.json.gz")
SEQUENCES: list[dict[str, Any]] = [{"position": 1}, {"position": 5}, {"rulebook": "hard-1"}]
RANDOM_GAMES = 60


def plans() -> Iterator[dict[str, Any]]:
    """The plan of every decision of the seeded games, as JSON without the words (which only
    :mod:`deduce.text.phrases` says)."""
    rules = load_rules()
    bot = PlanBot(rules)
    docs = [doc for row in setup_docs(MODES, SEQUENCES, 1, seed=21) for doc in row]
    rng = random.Random(21)
    docs += [{"mode": MODES[i % len(MODES)], "seed": rng.randrange(2 ** 62)} for i in range(RANDOM_GAMES)]
    for n, doc in enumerate(docs):
        game = Game.new(rules, parse_setup(rules, doc))
        while not game.over:
            plan = make_plan(rules, game.player_view(), game.legal_actions(), game.pending)
            out = plan.to_json(rules)
            yield {**out, "reasons": [{"code": r["code"], "params": r["params"]} for r in out["reasons"]]}
            by_bot = n < len(docs) - RANDOM_GAMES
            game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending) if by_bot
                     else shipped_random_action(game, rng))


def test_the_plans_are_those_recorded_before_the_advisor_was_made_faster() -> None:
    recorded = json.loads(gzip.decompress(FIXTURE.read_bytes()))
    now = [json.loads(json.dumps(p)) for p in plans()]  # tuples and lists compare as JSON does
    assert len(now) == len(recorded)
    for i, (got, want) in enumerate(zip(now, recorded, strict=True)):
        assert got == want, f"decision {i}"


if __name__ == "__main__":
    FIXTURE.write_bytes(gzip.compress((json.dumps(list(plans()), separators=(",", ":")) + "\n").encode(), mtime=0))
