"""Many games played by the bot: win rate, score and ranks per mode and stealth sequence.

Core module, no I/O: a designer's tool to compare how hard modes and sequences are
(``deduce simulate``). The same seed plays the same games.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from deduce.game.bot import Bot
from deduce.game.material import Rules
from deduce.game.rules import Game
from deduce.game.scoring import RankId
from deduce.game.setup import parse_setup
from deduce.game.view import EndReason, GameState, Verdict
from deduce.who.cards import Mode

#: Why a simulated game stopped: one of the endings, or the action limit.
Stop = EndReason | Literal["unfinished"]


@dataclass(frozen=True)
class Outcome:
    """How one simulated game ended."""

    mode: Mode
    sequence: str
    state: GameState
    reason: Stop
    score: int | None
    rank: RankId | None
    verdict: Verdict | None
    turns: int


def play(rules: Rules, setup_doc: Mapping[str, Any], bot: Bot | None = None, max_actions: int = 2000) -> Outcome:
    """Play one game with the bot; the setup document is as for ``POST /v1/games``."""
    bot = bot or Bot(rules)
    game = Game.new(rules, parse_setup(rules, setup_doc))
    while not game.over and game.version < max_actions:
        game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
    end = game.end
    if end is None:
        return Outcome(game.setup.mode, game.deck.name, game.state, "unfinished", None, None, None, game.round)
    verdict = end.confronted.verdict if end.confronted else None
    return Outcome(game.setup.mode, game.deck.name, game.state, end.reason, end.score, end.rank, verdict, game.round)


class SummaryJSON(TypedDict):
    """One row of ``deduce simulate --json``."""

    mode: str
    sequence: str
    games: int
    wins: int
    win_rate: float
    mean_score: float | None
    ranks: dict[str, int]
    reasons: dict[str, int]


@dataclass
class Summary:
    """Results of many games with one mode and sequence."""

    mode: str
    sequence: str
    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    ranks: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.reasons[outcome.reason] += 1
        if outcome.state == "won" and outcome.score is not None and outcome.rank is not None:
            self.wins += 1
            self.scores.append(outcome.score)
            self.ranks[outcome.rank] += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def to_json(self) -> SummaryJSON:
        return {"mode": self.mode, "sequence": self.sequence, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "mean_score": self.mean_score, "ranks": dict(self.ranks),
                "reasons": dict(self.reasons)}


def simulate(rules: Rules, modes: Iterable[str], sequences: Iterable[Mapping[str, Any]], games: int, seed: int = 0,
             bot: Bot | None = None, progress: Callable[[int, int], None] | None = None) -> list[Summary]:
    """Play ``games`` games (at least one) for every (mode, sequence); seeds come from
    ``seed``, so a run repeats. A sequence is ``{"position": n}`` or ``{"rulebook": name}``,
    with ``"reverse": true`` for the Z-to-A deck."""
    rng = random.Random(seed)
    plan = [(m, s) for m in modes for s in sequences]
    out = []
    done = 0
    for mode, seq in plan:
        summary: Summary | None = None
        for _ in range(games):
            doc = {"mode": mode, "seed": rng.randrange(2 ** 62),
                   "sequence": {k: v for k, v in seq.items() if k != "reverse"},
                   "reverse": bool(seq.get("reverse", False))}
            outcome = play(rules, doc, bot)
            summary = summary or Summary(mode, outcome.sequence)
            summary.add(outcome)
            done += 1
            if progress:
                progress(done, len(plan) * games)
        if summary is not None:
            out.append(summary)
    return out
