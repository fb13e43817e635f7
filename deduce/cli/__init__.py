"""The ``deduce`` command line: one subcommand per capability.

Each group of subcommands has its module: :mod:`~deduce.cli.who` (hint, audit, design),
:mod:`~deduce.cli.where` (track, board, audit-deck), :mod:`~deduce.cli.game` (play,
simulate) and :mod:`~deduce.cli.serve`; :mod:`~deduce.cli.common` holds what they share.
Handlers stay thin: read arguments, call the library, render. Every command takes ``--lang``
(:func:`~deduce.cli.common.lang_option`): what it prints for a person is in that language, with
names, never ids alone (``--json`` output keeps ids). Bad input is reported on stderr as
``deduce: <place>: <message>``, the message in that language, with exit code 2 (1 for findings
or failed batch lines), never as a traceback.
"""

from __future__ import annotations

import argparse
import sys

from deduce.cli import game, serve, where, who
from deduce.cli.common import default_lang, problem_line
from deduce.errors import InputError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deduce", description="Black Sonata deduction engine.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    who.add_hint_parser(sub)
    where.add_track_parser(sub)
    where.add_board_parser(sub)
    who.add_audit_parser(sub)
    who.add_design_parser(sub)
    where.add_audit_deck_parser(sub)
    serve.add_serve_parser(sub)
    game.add_play_parser(sub)
    game.add_simulate_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; its problems are printed in its language (``--lang``, else :func:`default_lang`)."""
    args = build_parser().parse_args(argv)
    try:
        if args.lang is None:
            args.lang = "en"  # the language of a DEDUCE_LANG the engine does not speak
            args.lang = default_lang()
        code: int = args.handler(args)
    except InputError as exc:
        for problem in exc.problems:
            print(f"deduce: {problem_line(problem, args.lang)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code
