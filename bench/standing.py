"""The standing's cost (SPEC 10): how long "how the game stands" takes at a decision, against playing the
same number of whole games by the plan from their start.

The workload: the views a player decides in, every fifth decision of ``--games`` seeded games per mode
played by the plan (``PlanBot``) on the rulebook's first sequence. For each view the standing draws
:data:`~deduce.game.standing.PLAYOUTS` hidden states given the view and plays the plan out from each
(:func:`deduce.game.standing.standing`); the peer plays as many whole games by the plan from a new setup
(``deduce simulate``'s loop, :func:`deduce.game.bot.play_out`), what a standing by whole games would pay
before it could even ask which of them fit the view. CPU time of this process is measured (the machine is
shared), rounds are interleaved and each side's best round kept; the load average is printed beside.

    .venv/bin/python -m bench.standing [--games 2] [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

from deduce.game.actions import Action, Pending
from deduce.game.bot import play_out
from deduce.game.game import Game
from deduce.game.plan import PlanBot
from deduce.game.setup import parse_setup
from deduce.game.standing import MAX_ACTIONS, PLAYOUTS, standing
from deduce.game.state import State
from deduce.game.view import PlayerView
from deduce.shipped import load_rules
from deduce.who.cards import MODES

View = tuple[PlayerView, list[Action], Pending | None]


def views(games: int) -> list[View]:
    """Every fifth decision of ``games`` seeded games per mode, played by the plan."""
    rules = load_rules()
    bot, out = PlanBot(rules), []
    for mode in MODES:
        for seed in range(games):
            game = Game.new(rules, parse_setup(rules, {"mode": mode, "seed": 500 + seed}))
            decision = 0
            while not game.over:
                if decision % 5 == 0:
                    out.append((game.player_view(), game.legal_actions(), game.pending))
                game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
                decision += 1
    return out


def timed(work: Callable[[], object]) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def whole_games(count: int) -> None:
    """``count`` whole games by the plan, each from a new setup, as a standing by whole games would play."""
    rules = load_rules()
    bot = PlanBot(rules)
    for seed in range(count):
        play_out(State.new(rules, parse_setup(rules, {"seed": 9000 + seed})), bot, MAX_ACTIONS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="seeded games per mode (default 2)")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds, best kept (default 2)")
    args = parser.parse_args()
    rules = load_rules()
    todo = views(args.games)
    best = {"standing": float("inf"), "whole": float("inf")}
    print(f"{len(todo)} views from {args.games} plan games per mode; {PLAYOUTS} playouts a standing; "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    for _ in range(args.rounds):
        spent = timed(lambda: [standing(rules, v, a, p) for v, a, p in todo])
        best["standing"] = min(best["standing"], spent / len(todo))
        best["whole"] = min(best["whole"], timed(lambda: whole_games(PLAYOUTS)))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"{'engine':52} {'s/standing':>11} {'ratio':>7}")
    print(f"{'the standing: draws given the view, plan played out':52} {best['standing']:11.2f} "
          f"{best['standing'] / best['whole']:6.2f}x")
    print(f"{'peer: as many whole games by the plan':52} {best['whole']:11.2f} {1:6.2f}x")


if __name__ == "__main__":
    main()
