"""A bot that plays Black Sonata from the player's view alone, and a simulator of many
games: a designer's tool to compare how hard modes and stealth sequences are.

Core module, no I/O. The bot sees only :class:`~deduce.game.PlayerView` (and the legal
actions and pending fog card of the VIEW): WHERE from the tracker, WHO from the
deduction engine. Its policy, in order:

1. reveal the suit card as soon as it can;
2. answer a pending fog card with the choice that helps most;
3. when her traits are proven (or nothing more can be learnt), confront where she most
   likely is, if the chance there is at least ``search_at``;
4. otherwise search when the chance she is at the pawn now is at least ``search_at``
   (in Training, first move to the best neighbouring place and search there);
5. otherwise go where she most likely is next turn, or, when no place is likely enough,
   one step towards the nearest place whose key is not yet claimed (for the suit card).

It never uses fog cards (their actions are a gamble), so its results are a baseline.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from deduce.game.rules import Game, PlayerView, Rules, parse_setup, who
from deduce.where.board import Board
from deduce.where.tracker import track


@dataclass(frozen=True)
class Bot:
    """The policy above; ``search_at`` is the least chance worth a search, ``wander_below``
    the chance under which it goes for keys instead of chasing her."""

    rules: Rules
    search_at: float = 0.5
    wander_below: float = 0.3

    def choose(self, view: PlayerView, actions: list[str], pending: dict | None) -> dict:
        board = self.rules.board
        if "reveal_suit_card" in actions:
            return {"action": "reveal_suit_card"}
        odds = track(board, view.track_query())
        now, nxt = odds.now.probabilities(), odds.next.probabilities()
        if pending is not None:
            return self._resolve(view, pending, nxt)
        places = [view.pawn] + sorted(board.neighbours(view.pawn))
        guess = self._guess(view)
        if guess is not None and "confront" in actions:
            if now[view.pawn] >= self.search_at:
                return {"action": "confront", "traits": list(guess)}
        elif "search" in actions and now[view.pawn] >= self.search_at:
            return {"action": "search"}
        if view.mode == "training" and "move" in actions and "search" in actions:
            best = max(places[1:], key=lambda p: now[p])
            if now[best] >= self.search_at:
                return {"action": "move", "to": best}
        if "move" not in actions:
            return {"action": "pass"}
        target = max(places, key=lambda p: (nxt[p], p == view.pawn))
        if nxt[target] < self.wander_below and len(view.visited) < len(board.location_ids):
            target = step_towards(board, view.pawn, set(board.location_ids) - view.visited) or target
        return {"action": "pass"} if target == view.pawn else {"action": "move", "to": target}

    def _guess(self, view: PlayerView) -> tuple[str, ...] | None:
        """Her traits once proven, or the likeliest guess once no more clues can come."""
        result = who(self.rules.cards, view)
        if result.dark_lady is not None:
            return result.dark_lady
        deck_left = self._clues_left(view)
        if deck_left == 0 and view.suit_card is not None and result.candidates:
            return result.candidates[0].traits
        return None

    def _clues_left(self, view: PlayerView) -> int:
        cards = self.rules.cards
        removed = 2 if cards.removed_suit(view.mode, view.suit) else 0
        return len(cards.ladies) - 2 - removed - len(view.clues)

    def _resolve(self, view: PlayerView, pending: dict, nxt: dict[str, float]) -> dict:
        asks, choices = pending["asks"], pending["choices"]
        if asks == "path":
            best = max(choices, key=lambda p: nxt[p])
            first = best if self.rules.board.adjacent(view.pawn, best) else next(
                x for x in sorted(self.rules.board.neighbours(view.pawn)) if self.rules.board.adjacent(x, best))
            return {"action": "resolve", "path": [first] if first == best else [first, best]}
        return {"action": "resolve", asks: max(choices, key=lambda p: nxt[p])}


def step_towards(board: Board, start: str, goals: set[str]) -> str | None:
    """The first step of a shortest path from ``start`` to the nearest goal (board order breaks ties)."""
    first: dict[str, str] = {}
    queue = deque([start])
    seen = {start}
    while queue:
        here = queue.popleft()
        for nxt in sorted(board.neighbours(here), key=board.index):
            if nxt in seen:
                continue
            seen.add(nxt)
            first[nxt] = first.get(here, nxt)
            if nxt in goals:
                return first[nxt]
            queue.append(nxt)
    return None


# -- simulating -------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """How one simulated game ended."""

    mode: str
    sequence: str
    state: str
    reason: str
    score: int | None
    rank: str | None
    verdict: str | None
    turns: int


def play(rules: Rules, setup_doc: dict, bot: Bot | None = None, max_actions: int = 2000) -> Outcome:
    """Play one game with the bot; the setup document is as for ``POST /v1/games``."""
    bot = bot or Bot(rules)
    game = Game.new(rules, parse_setup(rules, setup_doc))
    while not game.over and game.s.version < max_actions:
        game.act(bot.choose(game.player_view(), game.legal_actions(), game.s.pending))
    end = game.s.end or {}
    confronted = end.get("confronted") or {}
    return Outcome(game.setup.mode, game.deck.name, game.s.state, end.get("reason", "unfinished"),
                   end.get("score"), end.get("rank"), confronted.get("verdict"), game.s.round)


@dataclass
class Summary:
    """Results of many games with one mode and sequence."""

    mode: str
    sequence: str
    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    ranks: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.reasons[outcome.reason] += 1
        if outcome.state == "won":
            self.wins += 1
            self.scores.append(outcome.score)
            self.ranks[outcome.rank] += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def to_json(self) -> dict:
        return {"mode": self.mode, "sequence": self.sequence, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "mean_score": self.mean_score, "ranks": dict(self.ranks),
                "reasons": dict(self.reasons)}


def simulate(rules: Rules, modes: Iterable[str], sequences: Iterable[dict], games: int, seed: int = 0,
             bot: Bot | None = None, progress: Callable[[int, int], None] | None = None) -> list[Summary]:
    """Play ``games`` games for every (mode, sequence); seeds come from ``seed``, so a run repeats."""
    rng = random.Random(seed)
    plan = [(m, s) for m in modes for s in sequences]
    out = []
    done = 0
    for mode, seq in plan:
        summary = None
        for _ in range(games):
            doc = {"mode": mode, "seed": rng.randrange(2 ** 62), "sequence": {k: v for k, v in seq.items() if k != "reverse"},
                   "reverse": bool(seq.get("reverse", False))}
            outcome = play(rules, doc, bot)
            summary = summary or Summary(mode, outcome.sequence)
            summary.add(outcome)
            done += 1
            if progress:
                progress(done, len(plan) * games)
        out.append(summary)
    return out
