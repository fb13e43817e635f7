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
from deduce.cli.arguments import speaking
from deduce.cli.common import default_lang, help_lang, refused, say
from deduce.errors import InputError
from deduce.text.catalog import LANGS


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The ``deduce`` parser, every help text said in ``lang``. ``--lang`` may also come before the
    subcommand (``deduce --lang it hint --help``); it is left out of the help, where each subcommand's is."""
    parser = argparse.ArgumentParser(prog="deduce", description=say(lang, "help.deduce"))
    parser.add_argument("--lang", choices=LANGS, dest="command_lang", default=None, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (who.add_hint_parser, where.add_track_parser, where.add_board_parser, who.add_audit_parser,
                who.add_design_parser, where.add_audit_deck_parser, serve.add_serve_parser, game.add_play_parser,
                game.add_simulate_parser):
        add(sub, lang)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; its help, argparse's errors and its problems are said in its language
    (``--lang``, else :func:`default_lang`: :func:`~deduce.cli.common.help_lang`)."""
    argv = sys.argv[1:] if argv is None else argv
    lang = help_lang(argv)
    with speaking(lang):
        args = build_parser(lang).parse_args(argv)
    try:
        args.lang = args.lang or args.command_lang
        if args.lang is None:
            args.lang = "en"  # the language of a DEDUCE_LANG the engine does not speak
            args.lang = default_lang()
        code: int = args.handler(args)
    except InputError as exc:
        return refused(exc.problems, args.lang)
    except BrokenPipeError:
        return 0
    return code
