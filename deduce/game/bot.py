"""A bot that plays Black Sonata from the player's view alone (:mod:`deduce.game.simulate`
plays many games with it: a designer's tool to compare modes and stealth sequences).

Core module, no I/O. The bot sees only :class:`~deduce.game.view.PlayerView` (and the
legal actions and pending fog card of the VIEW): WHERE from the tracker, WHO from the
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

What any bot is (:class:`Policy`), and a game played by one to its end (:func:`play_out`: the
simulations' games and the standing's playouts), are here too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from deduce.game.actions import Action, Pending
from deduce.game.hand import who
from deduce.game.material import Rules
from deduce.game.modes import MODE_RULES
from deduce.game.parse import parse_action
from deduce.game.view import PlayerView, player_view
from deduce.where.board import Board
from deduce.where.tracker import track

if TYPE_CHECKING:
    from deduce.game.state import State

#: An action document, as a player sends it (``{"action": "move", "to": "globe"}``).
ActionDoc = dict[str, Any]


class Policy(Protocol):
    """What plays a game: from the player's view, the legal actions and the pending fog card, the action to
    take."""

    def choose(self, view: PlayerView, actions: Sequence[Action], pending: Pending | None) -> ActionDoc: ...


def play_out(state: State, policy: Policy, max_actions: int) -> State:
    """``state`` played by ``policy`` until the game is over, or has accepted ``max_actions`` actions (the
    same state, changed)."""
    while not state.over and state.table.version < max_actions:
        doc = policy.choose(player_view(state), state.legal_actions(), state.table.pending)
        state.apply(parse_action(state, doc))
    return state


@dataclass(frozen=True)
class Bot:
    """The policy above; ``search_at`` is the least chance worth a search, ``wander_below``
    the chance under which it goes for keys instead of chasing her."""

    rules: Rules
    search_at: float = 0.5
    wander_below: float = 0.3

    def choose(self, view: PlayerView, actions: Sequence[Action], pending: Pending | None) -> ActionDoc:
        """The action to take now."""
        board = self.rules.board
        if "reveal_suit_card" in actions:
            return {"action": "reveal_suit_card"}
        odds = track(board, view.track_query())
        now, nxt = odds.now.probabilities(), odds.next.probabilities()
        if pending is not None:
            return self._resolve(view, pending, nxt)
        places = [view.pawn, *sorted(board.neighbours(view.pawn))]
        guess = self._guess(view)
        if guess is not None and "confront" in actions:
            if now[view.pawn] >= self.search_at:
                return {"action": "confront", "traits": list(guess)}
        elif "search" in actions and now[view.pawn] >= self.search_at:
            return {"action": "search"}
        if MODE_RULES[view.mode].move_and_search and "move" in actions and "search" in actions:
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
        result = who(self.rules.cards, view.hand)
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

    def _resolve(self, view: PlayerView, pending: Pending, nxt: Mapping[str, float]) -> ActionDoc:
        asks, choices = pending.asks, pending.choices
        if asks == "path":
            board = self.rules.board
            best = max(choices, key=lambda p: nxt[p])
            first = best if board.adjacent(view.pawn, best) else next(
                x for x in sorted(board.neighbours(view.pawn)) if board.adjacent(x, best))
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
