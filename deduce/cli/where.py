"""WHERE she is: ``deduce track`` (the odds), ``deduce board`` (the map) and ``deduce audit-deck``."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from deduce.cli.common import (
    ByName,
    InOrder,
    Subparsers,
    as_json_text,
    board_option,
    emit_json,
    flag_labels,
    json_option,
    lang_option,
    named_file,
    refuse_with_batch,
    relabel,
    run_batch,
    say,
    words,
    write_file,
)
from deduce.document import decode_yaml, in_file, read_text
from deduce.errors import InputError
from deduce.shipped import data_path, load_board

if TYPE_CHECKING:
    from deduce.where.board import Board

# -- deduce track ----------------------------------------------------------------


def with_place_ids(board: Board, doc: dict[str, Any], ids: ByName) -> dict[str, Any]:
    """A tracking query typed on the command line with its landmarks and places named by id or by name
    (``ids`` keeps every name nothing or several things bear)."""
    places = {loc.id: loc.name for loc in board.locations}
    landmarks = {mark.id: mark.name for mark in board.landmarks}
    for i, seen in enumerate(doc["observations"]):
        if "landmark" in seen:
            seen["landmark"] = ids(seen["landmark"], landmarks, ("observations", i, "landmark"), "landmark")
        if "searched" in seen:
            seen["searched"] = ids(seen["searched"], places, ("observations", i, "searched"), "location")
    return doc


def cmd_track(args: argparse.Namespace) -> int:
    from deduce.render.where import track_text
    from deduce.where.advice import one_turn_advice
    from deduce.where.query import observation_from_text, parse_track_query
    from deduce.where.tracker import track
    with named_file(args.board):
        board = load_board(args.board)
    if args.batch:
        refuse_with_batch(bool(args.observed or args.now is not None or args.pawn),
                          "--now", "--landmark", "--fog", "--searched", "--pawn")
        return run_batch(args.batch, lambda doc: as_json_text(track(board, parse_track_query(board, doc)).to_json()))
    if args.now is None:
        raise InputError.at(("--now",), words("track.now"))
    flags = args.observed or []
    doc = {"length": args.length, "moves": args.moves, "now": args.now,
           "observations": [observation_from_text(flag.lstrip("-"), value) for flag, value in flags]}
    try:
        ids = ByName(args.lang)
        pawn = ids(args.pawn, {loc.id: loc.name for loc in board.locations}, ("pawn",), "location")
        doc = with_place_ids(board, doc, ids)
        ids.raise_if_any()
        result = track(board, parse_track_query(board, doc))
        advice = one_turn_advice(board, result, pawn) if pawn else None
    except InputError as exc:
        raise relabel(exc, "observations", flag_labels(flags),
                      {"length": "--length", "moves": "--moves", "now": "--now", "pawn": "--pawn"}) from None
    if args.json:
        emit_json({**result.to_json(), **({"advice": advice.to_json()} if advice else {})})
    else:
        sys.stdout.write(track_text(board, result, advice, args.lang))
    return 0


def add_track_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("track", parents=[board_option(lang), json_option(lang, "track"), lang_option(lang)],
                       help=say(lang, "help.track"), description=say(lang, "help.track.about"))
    p.add_argument("--batch", metavar="FILE", help=say(lang, "help.track.batch"))
    p.add_argument("--length", type=int, default=26, help=say(lang, "help.track.length"))
    p.add_argument("--moves", choices=("always", "may_stay"), default="always", help=say(lang, "help.track.moves"))
    p.add_argument("--now", type=int, help=say(lang, "help.track.now"))
    p.add_argument("--landmark", action=InOrder, dest="observed", metavar="SLOT:LANDMARK",
                   help=say(lang, "help.track.landmark"))
    p.add_argument("--fog", action=InOrder, dest="observed", metavar="SLOT", help=say(lang, "help.track.fog"))
    p.add_argument("--searched", action=InOrder, dest="observed", metavar="SLOT:LOCATION:yes|no",
                   help=say(lang, "help.track.searched"))
    p.add_argument("--pawn", metavar="LOCATION", help=say(lang, "help.track.pawn"))
    p.set_defaults(handler=cmd_track, observed=None)


# -- deduce board -----------------------------------------------------------------

def cmd_board(args: argparse.Namespace) -> int:
    from deduce.render.svg import board_svg
    from deduce.render.where import Which, board_text, odds_caption
    from deduce.text.phrases import phrase
    with named_file(args.board):
        board = load_board(args.board)
    if args.track and not args.svg:
        raise InputError.at(("--track",), words("board.track-needs-svg"))
    if not args.svg:
        sys.stdout.write(board_text(board, args.lang))
        return 0
    odds = caption = None
    if args.track:
        from deduce.where.query import parse_track_query
        from deduce.where.tracker import track
        with in_file(args.track):
            text = read_text(args.track, "tracking query file")
            query = parse_track_query(board, decode_yaml(text, "tracking query"))
        result = track(board, query)
        if not result.paths:
            print(f"deduce: {args.track}: {phrase(args.lang, 'track.contradiction')} "
                  f"{say(args.lang, 'board.no-map')}", file=sys.stderr)
            return 1
        which: Which = "next" if args.next else "now"
        odds = getattr(result, which).probabilities()
        caption = odds_caption(result, which, args.lang)
    svg = board_svg(board, odds, caption, args.lang)
    if args.svg == "-":
        sys.stdout.write(svg)
    else:
        write_file(args.svg, svg)
    return 0


def add_board_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("board", parents=[board_option(lang), lang_option(lang, "help.board.lang")],
                       help=say(lang, "help.board"), description=say(lang, "help.board.about"))
    p.add_argument("--svg", metavar="FILE", help=say(lang, "help.board.svg"))
    p.add_argument("--track", metavar="QUERYFILE", help=say(lang, "help.board.track"))
    p.add_argument("--next", action="store_true", help=say(lang, "help.board.next"))
    p.set_defaults(handler=cmd_board)


# -- deduce audit-deck -------------------------------------------------------------

def cmd_audit_deck(args: argparse.Namespace) -> int:
    from deduce.render.where import deck_audit_text
    from deduce.where import boardfile, stealthfile
    from deduce.where.audit import audit_deck, has_errors, report_json

    board_file = args.board or str(data_path("board.yaml"))
    deck_file = args.stealth or str(data_path("stealth.yaml"))
    sequences_file = args.sequences or str(data_path("sequences.json"))
    with in_file(board_file):
        board = boardfile.load(board_file)
    with in_file(deck_file):
        deck = stealthfile.load(deck_file)
    with in_file(sequences_file):
        sequences = stealthfile.load_sequences(sequences_file)
    findings = audit_deck(board, deck, sequences)
    if args.json:
        emit_json(report_json(board, deck, sequences, findings))
    else:
        print(deck_audit_text(board, deck, sequences, findings, args.lang))
    return 1 if has_errors(findings) else 0


def add_audit_deck_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("audit-deck", parents=[board_option(lang), json_option(lang, "audit-deck"), lang_option(lang)],
                       help=say(lang, "help.audit-deck"), description=say(lang, "help.audit-deck.about"))
    p.add_argument("--stealth", metavar="FILE", help=say(lang, "help.audit-deck.stealth"))
    p.add_argument("--sequences", metavar="FILE", help=say(lang, "help.audit-deck.sequences"))
    p.set_defaults(handler=cmd_audit_deck)
