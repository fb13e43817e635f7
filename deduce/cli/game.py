"""The game's commands: ``deduce play`` (one player in the terminal) and ``deduce simulate`` (a bot).

Only the wiring lives here; the terminal game itself is :mod:`deduce.cli.play`, and both
need the ``[play]`` extra (rich), imported when the command runs.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from typing import Any

from deduce.cli.common import (
    Subparsers,
    board_option,
    by_name,
    cards_option,
    emit_json,
    in_range,
    json_option,
    lang_option,
    needs_extra,
    say,
    stderr_progress,
)
from deduce.cli.executors import executor_for, workers_options
from deduce.game.material import Rules
from deduce.game.setup import MAX_SEED
from deduce.game.simulate import BOTS, Interrupted, simulate
from deduce.shipped import load_board, load_cards, load_rules
from deduce.who.cards import MODES


def game_options(lang: str) -> argparse.ArgumentParser:
    """What both game commands take: the material to play with, and the seed of the deal (help in ``lang``)."""
    p = argparse.ArgumentParser(add_help=False, parents=[cards_option(lang), board_option(lang)])
    p.add_argument("--seed", type=int, help=say(lang, "help.option.seed"))
    p.add_argument("--stealth", metavar="FILE", help=say(lang, "help.option.stealth"))
    return p


def load_game_rules(args: argparse.Namespace) -> Rules:
    """The game material named on the command line (shipped data by default)."""
    return load_rules(cards=load_cards(args.cards), board=load_board(args.board), stealth=args.stealth)


#: The most games ``deduce simulate`` plays per mode and sequence.
MAX_GAMES = 100_000

#: The width of ``deduce simulate``'s table, whatever the terminal (its rows stay one line each in English, a
#: reversed sequence's words included).
SIMULATE_WIDTH = 180

#: Seeds drawn when none is given: short, so a game is easy to note down, replay or report.
PLAY_SEEDS = 1_000_000


def typed_lines() -> Iterator[str]:
    """The player's commands, read from the terminal until end of input."""
    while True:
        try:
            yield input("> ")
        except EOFError:
            return


def cmd_play(args: argparse.Namespace) -> int:
    with needs_extra("play", "play"):
        from rich.console import Console

        from deduce.cli.play import play_session
    from deduce.text.play import play_phrase
    rules = load_game_rules(args)
    sequence = {"rulebook": args.rulebook} if args.rulebook else {"position": args.position}
    start = by_name(args.start, {loc.id: loc.name for loc in rules.board.locations}, ("--start",), "location",
                    args.lang)
    doc: dict[str, Any] = {"mode": args.mode, "sequence": sequence, "reverse": args.reverse, "start": start,
                           "seed": random.SystemRandom().randrange(PLAY_SEEDS) if args.seed is None else args.seed}
    if args.discard_fog is not None:
        doc["discard_fog"] = args.discard_fog
    console = Console()
    try:
        game = play_session(rules, doc, typed_lines(), console, lang=args.lang)
    except KeyboardInterrupt:
        console.print("\n" + play_phrase(args.lang, "left", seed=doc["seed"]), markup=False)
        return 130
    return 0 if game.state != "lost" else 1


def add_play_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("play", parents=[game_options(lang), lang_option(lang, "help.play.lang")],
                       help=say(lang, "help.play"), description=say(lang, "help.play.about"))
    p.add_argument("--mode", choices=MODES, default="normal", help=say(lang, "help.play.mode"))
    p.add_argument("--position", type=int, default=1, help=say(lang, "help.play.position"))
    p.add_argument("--rulebook", metavar="NAME", help=say(lang, "help.play.rulebook"))
    p.add_argument("--reverse", action="store_true", help=say(lang, "help.play.reverse"))
    p.add_argument("--start", metavar="LOCATION", help=say(lang, "help.play.start"))
    p.add_argument("--discard-fog", type=int, metavar="N", help=say(lang, "help.play.discard-fog"))
    p.set_defaults(handler=cmd_play)


#: The sequences ``deduce simulate`` plays when none is named.
DEFAULT_SEQUENCES: list[dict[str, Any]] = ([{"position": p} for p in range(1, 9)]
                                           + [{"rulebook": r} for r in ("easy-1", "moderate-1", "hard-1")])


def cmd_simulate(args: argparse.Namespace) -> int:
    with needs_extra("simulate", "play"):
        from rich.console import Console

        from deduce.cli.play import simulate_table
    in_range("--games", args.games, 1, MAX_GAMES)
    if args.seed is not None:
        in_range("--seed", args.seed, 0, MAX_SEED)
    rules = load_game_rules(args)
    sequences: list[dict[str, Any]] = ([{"position": p} for p in args.position or []]
                                       + [{"rulebook": r} for r in args.rulebook or []]) or DEFAULT_SEQUENCES
    if args.reverse:
        sequences = [dict(s, reverse=True) for s in sequences]
    code = 0
    try:
        with stderr_progress("deduce simulate") as tick, executor_for(args, "simulate --scheduler") as executor:
            summaries = simulate(rules, args.mode or ["normal"], sequences, args.games, args.seed or 0,
                                 bot=args.bot, progress=tick, executor=executor)
    except Interrupted as stop:
        summaries, code = stop.summaries, 130
        played = sum(s.games for s in summaries)
        print(f"deduce simulate: {say(args.lang, 'simulate.interrupted', n=played)}", file=sys.stderr)
    if args.json:
        emit_json([s.to_json() for s in summaries])
    elif summaries:
        Console(width=SIMULATE_WIDTH).print(simulate_table(summaries, args.lang))
    return code


def add_simulate_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("simulate", parents=[game_options(lang), json_option(lang, "simulate"), workers_options(lang),
                                            lang_option(lang)],
                       help=say(lang, "help.simulate"), description=say(lang, "help.simulate.about"))
    p.add_argument("--games", type=int, default=20, help=say(lang, "help.simulate.games", most=f"{MAX_GAMES:,}"))
    p.add_argument("--mode", choices=MODES, action="append", help=say(lang, "help.simulate.mode"))
    p.add_argument("--position", type=int, action="append", help=say(lang, "help.simulate.position"))
    p.add_argument("--rulebook", metavar="NAME", action="append", help=say(lang, "help.simulate.rulebook"))
    p.add_argument("--reverse", action="store_true", help=say(lang, "help.simulate.reverse"))
    p.add_argument("--bot", choices=list(BOTS), default="advisor", help=say(lang, "help.simulate.bot"))
    p.set_defaults(handler=cmd_simulate)
