"""Many games played by the bot: win rate, score and ranks per mode and stealth sequence.

Core module, no I/O: a designer's tool to compare how hard modes and sequences are
(``deduce simulate``). The same seed plays the same games.

The games are independent, so they can be played anywhere. :func:`simulate` first lays
them all out, each with its own seed drawn from the run's seed in a fixed order, cuts that
list into chunks of :data:`CHUNK` games, and hands each chunk to an :class:`Executor`:
this process by default (:class:`InProcess`), or a pool of local processes or a Dask
cluster that a front end provides (:mod:`deduce.cli.executors`). Outcomes are added up in
the order the games were laid out, never in the order chunks finish, so the same seed gives
the same figures whatever the number of workers. What travels to a worker is plain,
picklable data: the rules, the bot's *name* (a key of :data:`BOTS`) and setup documents.
"""

from __future__ import annotations

import hashlib
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, TypeVar

from deduce.errors import InputError, unknown
from deduce.executor import Executor, InProcess
from deduce.game.bot import Bot, Policy, play_out
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.outcome import EndReason, GameState, Verdict
from deduce.game.plan import PlanBot
from deduce.game.scoring import RankId
from deduce.game.setup import parse_setup
from deduce.who.cards import Mode

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


#: The bots a simulation can play with, by name: each is made from the rules, in the
#: process that plays the games (a name travels to a worker; a bot need not pickle).
#: ``baseline`` never uses a fog card (:mod:`deduce.game.bot`); ``advisor`` follows the
#: hints' recommended action (:mod:`deduce.game.plan`).
BOTS: dict[str, Callable[[Rules], Policy]] = {
    "baseline": Bot,
    "advisor": PlanBot,
}

#: Games per chunk handed to an executor: small enough to keep two or more workers busy to
#: the end of a run, large enough that sending the rules with each chunk costs nothing.
CHUNK = 4


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


def play(rules: Rules, setup_doc: Mapping[str, Any], bot: Policy | None = None, max_actions: int = 2000) -> Outcome:
    """Play one game with the bot; the setup document is as for ``POST /v1/games``."""
    game = Game.new(rules, parse_setup(rules, setup_doc))
    play_out(game.core, bot or Bot(rules), max_actions)
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
    """Results of many games with one mode and sequence.

    ``sequence`` is the sequence's name, an id (``position-2 reversed``, ``easy-1``) for
    ``--json`` and scripts; ``chosen`` and ``reverse`` are the parts it was chosen by, as the
    setup document gives them (``{"position": 2}``, ``True``), from which a person's words for
    it are said in any language (:func:`deduce.render.where.sequence_text`)."""

    mode: str
    sequence: str
    chosen: Mapping[str, Any] = field(kw_only=True)
    reverse: bool = field(kw_only=True)
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


#: The rules this process has played with, by the fingerprint of their pickle (see :func:`play_chunk`).
_PLAYED: dict[str, Rules] = {}
#: Most rule sets kept per process (a worker of a long-lived cluster may play many).
_KEPT_RULES = 8


def play_chunk(rules: Rules, bot: str, setup_docs: list[dict[str, Any]],
               fingerprint: str | None = None) -> list[Outcome]:
    """Play a chunk of games with the bot named ``bot``, in order: what a worker runs.

    Each chunk sent to another process arrives with a fresh copy of the rules, and the bots keep
    what they work out once per board and card set (the routes through the keys, the tracker's
    products, WHO answers) by the object. Given the ``fingerprint`` of the rules' pickle, a
    process plays every chunk with the first copy it received, so that what was worked out for
    one chunk serves the next: the same rules, the same games."""
    if fingerprint is not None:
        if fingerprint not in _PLAYED and len(_PLAYED) >= _KEPT_RULES:
            _PLAYED.clear()
        rules = _PLAYED.setdefault(fingerprint, rules)
    policy = BOTS[bot](rules)
    return [play(rules, doc, policy) for doc in setup_docs]


def setup_docs(modes: Iterable[str], sequences: Iterable[Mapping[str, Any]], games: int,
               seed: int = 0) -> list[list[dict[str, Any]]]:
    """The setup documents of a run, ``games`` per (mode, sequence) in that order, each with
    its seed drawn from ``seed``: the same run always lays out the same games."""
    rng = random.Random(seed)
    return [[{"mode": mode, "seed": rng.randrange(2 ** 62),
              "sequence": {k: v for k, v in seq.items() if k != "reverse"},
              "reverse": bool(seq.get("reverse", False))} for _ in range(games)]
            for mode in modes for seq in sequences]


def simulate(rules: Rules, modes: Iterable[str], sequences: Iterable[Mapping[str, Any]], games: int, seed: int = 0,
             bot: str = "baseline", progress: Callable[[int, int], None] | None = None,
             executor: Executor | None = None, chunk: int = CHUNK) -> list[Summary]:
    """Play ``games`` games (at least one) for every (mode, sequence) with the bot named
    ``bot`` (a key of :data:`BOTS`); seeds come from ``seed``, so a run repeats. A sequence
    is ``{"position": n}`` or ``{"rulebook": name}``, with ``"reverse": true`` for the Z-to-A
    deck. Chunks of ``chunk`` games go to ``executor`` (this process by default); the
    figures do not depend on either. A bad bot, mode or sequence is refused before any game
    is played."""
    if bot not in BOTS:
        raise InputError.at(("bot",), unknown("bot", bot, BOTS))
    plan = setup_docs(modes, sequences, games, seed)
    for row in plan:
        if row:
            parse_setup(rules, row[0])
    flat = [doc for row in plan for doc in row]
    run = executor or InProcess()
    fingerprint = hashlib.sha256(pickle.dumps(rules)).hexdigest()
    futures = [run.submit(play_chunk, rules, bot, flat[i:i + chunk], fingerprint)
               for i in range(0, len(flat), max(1, chunk))]
    outcomes: list[Outcome] = []
    try:
        for future in futures:
            outcomes.extend(future.result())
            if progress:
                progress(len(outcomes), len(flat))
    except KeyboardInterrupt:
        raise Interrupted(summarise(plan, outcomes)) from None
    return summarise(plan, outcomes)


class Interrupted(KeyboardInterrupt):
    """The run was stopped (Ctrl-C) before its end; ``summaries`` are of the games played until then."""

    def __init__(self, summaries: list[Summary]) -> None:
        super().__init__()
        self.summaries = summaries


def summarise(plan: list[list[dict[str, Any]]], outcomes: list[Outcome]) -> list[Summary]:
    """The summaries of the rows of ``plan`` (games per mode and sequence, in order) by the
    ``outcomes`` of their games, as far as they were played."""
    out = []
    for i, row in enumerate(plan):
        played = outcomes[i * len(row):(i + 1) * len(row)]
        if played:
            summary = Summary(row[0]["mode"], played[0].sequence, chosen=row[0]["sequence"], reverse=row[0]["reverse"])
            for outcome in played:
                summary.add(outcome)
            out.append(summary)
    return out
