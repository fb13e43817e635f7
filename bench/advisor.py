"""The advisor's time per decision against today's one-turn advice; and the advisor bot
against the baseline bot over every stealth sequence (issue 14).

``python -m bench.advisor`` (the timing, part of ``make bench``): seeded games on the
shipped material, played by the advisor bot in every mode over the default sequences of
``deduce simulate``, record every state the player had to decide in (the view, the legal
actions, the fog card waiting). On those same states, side by side in the same run, it times
:func:`deduce.game.plan.make_plan` (the plan: her odds for four slots, WHO progress, the
lookahead, the fog card's worth, the reasons) and the peer, today's one-turn advice
(:func:`deduce.where.advice.one_turn_advice` on the tracker's answer for the view, the tracker call
included, as ``deduce track --pawn`` and the hints gave it). Rounds are interleaved and each
engine's best round is kept, since noise only slows; the load average is printed beside
the figures (the machine is shared). WHO progress is cached per hand within a game, as a
game asks for it turn after turn with the same hand: the cold line clears that cache
before each decision.

``python -m bench.advisor table`` (not part of ``make bench``: minutes): both bots play
the same seeded games (``deduce simulate``'s seeds) on all 8 on-card sequences and all 18
rulebook sequences, both directions, in every mode, on ``--workers`` processes, and one
table puts them side by side with the goals of issue 14: at least 95 % wins in normal for
the advisor, and a higher mean score than the baseline in every row.

    .venv/bin/python -m bench.advisor [--games 6] [--rounds 3]
    .venv/bin/python -m bench.advisor table [--games 100] [--seed 1] [--workers 2] [--mode normal ...]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from typing import Any

from deduce.cli.executors import local_executor
from deduce.cli.game import DEFAULT_SEQUENCES
from deduce.game.actions import Action, Pending
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.plan import PlanBot, _who, make_plan
from deduce.game.setup import parse_setup
from deduce.game.simulate import Summary, setup_docs, simulate
from deduce.game.view import PlayerView
from deduce.shipped import data_path, load_rules
from deduce.where import stealthfile
from deduce.where.advice import one_turn_advice as one_turn
from deduce.where.tracker import track
from deduce.who.cards import MODES

State = tuple[PlayerView, list[Action], Pending | None]


def states(rules: Rules, games: int) -> list[State]:
    """Every state the advisor bot decided in, over ``games`` seeded games per mode and default sequence."""
    out: list[State] = []
    bot = PlanBot(rules)
    for row in setup_docs(MODES, DEFAULT_SEQUENCES, games, seed=3):
        for doc in row:
            game = Game.new(rules, parse_setup(rules, doc))
            while not game.over:
                state = (game.player_view(), game.legal_actions(), game.pending)
                out.append(state)
                game.act(bot.choose(*state))
    return out


def time_advisor(rules: Rules, todo: Sequence[State], cold: bool) -> float:
    started = time.perf_counter()
    for view, actions, pending in todo:
        if cold:
            _who.cache_clear()
        make_plan(rules, view, actions, pending)
    return (time.perf_counter() - started) / len(todo) * 1e3


def time_one_turn(rules: Rules, todo: Sequence[State]) -> float:
    board = rules.board
    started = time.perf_counter()
    for view, _, _ in todo:
        one_turn(board, track(board, view.track_query()), view.pawn)
    return (time.perf_counter() - started) / len(todo) * 1e3


def timing(args: argparse.Namespace) -> None:
    rules = load_rules()
    todo = states(rules, args.games)
    load = os.getloadavg()[0]
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for name in ("advisor", "one-turn", "cold"):
            ms = time_one_turn(rules, todo) if name == "one-turn" else time_advisor(rules, todo, cold=name == "cold")
            best[name] = min(best.get(name, ms), ms)
    print(f"{len(todo)} decisions from {args.games} advisor games per mode and default sequence; best of "
          f"{args.rounds} interleaved rounds; {os.cpu_count()} CPUs, load average {load:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    print(f"{'engine':46} {'ms/decision':>12} {'ratio':>8}")
    base = best["one-turn"]
    print(f"{'advisor plan (deduce.game.plan.make_plan)':46} {best['advisor']:12.2f} {best['advisor'] / base:7.1f}x")
    print(f"{'one-turn advice, tracker included (peer)':46} {base:12.2f} {1:7.1f}x")
    print(f"{'advisor plan, WHO progress not reused (cold)':46} {best['cold']:12.2f} {best['cold'] / base:7.1f}x")
    games_per_s = 1e3 / (best["advisor"] * len(todo) / (args.games * len(MODES) * len(DEFAULT_SEQUENCES)))
    print(f"advice for a whole game: {len(todo) / (args.games * len(MODES) * len(DEFAULT_SEQUENCES)):.0f} "
          f"decisions, {games_per_s:.1f} games/s of advice on one core")


def every_sequence() -> list[dict[str, Any]]:
    """The 8 on-card sequences and the 18 rulebook sequences, A to Z then Z to A."""
    names = [s.name for s in stealthfile.load_sequences(data_path("sequences.json"))]
    forward: list[dict[str, Any]] = [{"position": p} for p in range(1, 9)] + [{"rulebook": r} for r in names]
    return forward + [dict(s, reverse=True) for s in forward]


def table(args: argparse.Namespace) -> None:
    rules = load_rules()
    sequences = every_sequence()
    modes = args.mode or list(MODES)
    results: dict[str, list[Summary]] = {}
    started = time.perf_counter()
    with local_executor(args.workers) as executor:
        for bot in ("baseline", "advisor"):
            results[bot] = simulate(rules, modes, sequences, args.games, args.seed, bot=bot, executor=executor)
    seconds = time.perf_counter() - started
    print(f"{args.games} games per row, seed {args.seed}, the same games for both bots; "
          f"{len(sequences)} sequences x {len(modes)} modes; {seconds:.0f} s on {args.workers} workers")
    print("| mode | sequence | baseline wins | baseline mean | advisor wins | advisor mean | goals |")
    print("|---|---|---:|---:|---:|---:|---|")
    short_wins, short_score = [], []
    for base, adv in zip(results["baseline"], results["advisor"], strict=True):
        wins_ok = adv.mode != "normal" or adv.win_rate >= 0.95
        score_ok = (adv.mean_score or 0) > (base.mean_score or 0)
        if not wins_ok:
            short_wins.append(f"{adv.mode} {adv.sequence} ({adv.win_rate:.0%})")
        if not score_ok:
            short_score.append(f"{adv.mode} {adv.sequence}")
        goals = "met" if wins_ok and score_ok else ", ".join(
            x for x, ok in (("wins < 95%", wins_ok), ("score not higher", score_ok)) if not ok)
        print(f"| {adv.mode} | {adv.sequence} | {base.win_rate:.0%} | {_mean(base)} | {adv.win_rate:.0%} | "
              f"{_mean(adv)} | {goals} |")
    for mode in modes:
        b = [s for s in results["baseline"] if s.mode == mode]
        a = [s for s in results["advisor"] if s.mode == mode]
        print(f"{mode}: baseline {_rate(b)} wins, mean {_pooled(b)}; advisor {_rate(a)} wins, mean {_pooled(a)}; "
              f"advisor rows under 95 %: {sum(s.win_rate < 0.95 for s in a)} of {len(a)}")
    print(f"goal 95 % wins in normal: {'met' if not short_wins else 'not met in ' + '; '.join(short_wins)}")
    higher = "met" if not short_score else "not met in " + "; ".join(short_score)
    print(f"goal higher mean score in every row: {higher}")


def _mean(s: Summary) -> str:
    return f"{s.mean_score:.1f}" if s.mean_score is not None else "-"


def _rate(rows: list[Summary]) -> str:
    return f"{sum(s.wins for s in rows) / max(1, sum(s.games for s in rows)):.1%}"


def _pooled(rows: list[Summary]) -> str:
    scores = [x for s in rows for x in s.scores]
    return f"{sum(scores) / len(scores):.1f}" if scores else "-"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.advisor", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    parser.add_argument("--games", type=int, default=2, help="advisor games per mode and default sequence (timing)")
    parser.add_argument("--rounds", type=int, default=3)
    t = sub.add_parser("table", help="both bots over every sequence, both directions, every mode")
    t.add_argument("--games", type=int, default=100, help="games per mode and sequence")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--workers", type=int, default=2)
    t.add_argument("--mode", choices=MODES, action="append", help="a mode (repeatable; default: all)")
    args = parser.parse_args()
    if args.command == "table":
        table(args)
    else:
        timing(args)


if __name__ == "__main__":
    main()
