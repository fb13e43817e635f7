"""``deduce simulate`` gives the same figures as before the tracker was made faster (issue 21):
the summaries of a seeded run with each bot, in every mode over the default sequences, equal
those recorded in ``simulate_summaries.json`` from the code before the change.

To record them again after a deliberate change of a bot or of the rules:

    .venv/bin/python -m tests.game.test_simulate_same
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deduce.cli.game import DEFAULT_SEQUENCES
from deduce.game.simulate import BOTS, SummaryJSON, simulate
from deduce.shipped import load_rules
from deduce.who.cards import MODES

FIXTURE = Path(__file__).with_name("simulate_summaries.json")
GAMES = 2
SEED = 2111


def summaries(bot: str) -> list[SummaryJSON]:
    """The rows of the seeded run with ``bot``: ``GAMES`` games per mode and default sequence."""
    return [s.to_json() for s in simulate(load_rules(), MODES, DEFAULT_SEQUENCES, GAMES, SEED, bot=bot)]


@pytest.mark.parametrize("bot", list(BOTS))
def test_a_seeded_run_gives_the_summaries_recorded_before_the_tracker_was_made_faster(bot: str) -> None:
    recorded: dict[str, Any] = json.loads(FIXTURE.read_text())
    assert json.loads(json.dumps(summaries(bot))) == recorded[bot]


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({bot: summaries(bot) for bot in BOTS}, indent=1) + "\n")
