"""The ``deduce`` command line: one subcommand per capability.

Handlers stay thin: read arguments, call the library, render. Bad input is reported
on stderr as ``deduce: <place>: <message>`` with exit code 2 (1 for findings or failed
batch lines), never as a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any

from deduce import document
from deduce.errors import InputError, Problem, render_loc
from deduce.render.who import hint_text
from deduce.shipped import data_path
from deduce.text.phrases import LANGS
from deduce.where import boardfile
from deduce.where.board import Board
from deduce.who import cardfile
from deduce.who.cards import CardSet
from deduce.who.deduction import ENGINES, deduce
from deduce.who.query import parse_obs_text, parse_query

# -- shared helpers -------------------------------------------------------------

def load_cards(path: str | None) -> CardSet:
    """The card set named on the command line, or the shipped one."""
    return cardfile.load(path or data_path("clues.yaml"))


def load_board(path: str | None) -> Board:
    """The board named on the command line, or the shipped one."""
    return boardfile.load(path or data_path("board.yaml"))


class InOrder(argparse.Action):
    """Collect several flags into one list of ``(flag, value)`` in command-line order.

    Items then keep the numbers the person typed them in, and errors can name the flag.
    """

    def __call__(self, parser, namespace, value, option_string=None):
        items = list(getattr(namespace, self.dest, None) or [])
        items.append((option_string, value))
        setattr(namespace, self.dest, items)


def relabel(exc: InputError, field: str, labels: list[str], flags: dict[str, str]) -> InputError:
    """Name the command-line flag a problem came from instead of its JSON path.

    ``field[i]`` problems go to ``labels[i]`` (the flag and value as typed); a problem at
    a top-level field in ``flags`` goes to that flag.
    """
    problems = []
    for p in exc.problems:
        if len(p.loc) >= 2 and p.loc[0] == field and isinstance(p.loc[1], int) and p.loc[1] < len(labels):
            rest = render_loc(p.loc[2:])
            problems.append(Problem((f"{labels[p.loc[1]]}{' ' + rest if rest else ''}",), p.message, p.code))
        elif p.loc and p.loc[0] in flags:
            problems.append(Problem((flags[p.loc[0]],), p.message, p.code))
        else:
            problems.append(p)
    return InputError(problems)


def emit_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


def batch_error(line: int, problems: Iterable[Problem], message: str) -> dict:
    return {"error": {"line": line, "message": message, "problems": [p.to_json() for p in problems]}}


def as_json_text(value: Any) -> str:
    """One result as a line of JSON (UTF-8 kept readable)."""
    return json.dumps(value, ensure_ascii=False)


def run_batch(path: str, answer: Callable[[Any], str], chunk: int = 1000) -> int:
    """Answer one JSON query per input line with one JSON result per output line.

    ``answer`` turns a decoded query into the JSON text of its result. A line that is
    not UTF-8 JSON, or whose query is bad, yields ``{"error": {...}}`` in its place and
    the run goes on; the exit code is 1 if any line failed. ``-`` reads stdin. Results
    are written as they come, a chunk at a time.
    """
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")
    except OSError as exc:
        raise InputError.at((), f"batch file {path!r} cannot be read: {exc.strerror}") from None
    failed = False
    out: list[str] = []
    with stream:
        for number, line in enumerate(stream, 1):
            try:
                doc = json.loads(line)
            except ValueError as exc:
                reason = (f"{exc.msg} (column {exc.colno})" if isinstance(exc, json.JSONDecodeError)
                          else "it is not UTF-8 text")
                text, failed = as_json_text(batch_error(number, [], f"line {number} is not valid JSON: {reason}")), True
            else:
                try:
                    text = answer(doc)
                except InputError as exc:
                    text, failed = as_json_text(batch_error(number, exc.problems, str(exc))), True
            out.append(text)
            if len(out) >= chunk:
                sys.stdout.write("\n".join(out) + "\n")
                out.clear()
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    return 1 if failed else 0


def hint_answer(cards: CardSet, engine: str = "fast") -> Callable[[Any], str]:
    """The batch answer of ``deduce hint``: a query document to the JSON text of its result."""
    return lambda doc: deduce(cards, parse_query(cards, doc), engine).json_text


def in_file(path: str, exc: InputError) -> InputError:
    """Prefix every problem with the file it is in: ``deduce: FILE: ladies[3].key.rose: ...``.

    A file that could not be read at all is already named by its message, and left as it is.
    """
    def place(p: Problem) -> Problem:
        if p.code == "unreadable":
            return p
        return Problem((f"{path}: {p.path}" if p.loc else str(path),), p.message, p.code)

    return InputError(place(p) for p in exc.problems)


def stderr_progress(label: str, after: float = 1.0):
    """A progress callback that reports on stderr, only once a run has lasted ``after`` seconds.

    On a terminal one line is redrawn in place; anywhere else (a log, CI) a line is written
    at each tenth, so the output stays readable. The same figure is never written twice.
    """
    import time
    start = time.monotonic()
    terminal = sys.stderr.isatty()
    last = [-1]

    def report(done: int, total: int) -> None:
        if last[0] < 0 and time.monotonic() - start < after:
            return
        percent = 100 * done // max(1, total)
        figure = percent if terminal else percent // 10 * 10
        if figure == last[0]:
            return
        last[0] = figure
        if terminal:
            print(f"\r{label}: {percent}%", end="\n" if done >= total else "", file=sys.stderr, flush=True)
        else:
            print(f"{label}: {figure}%", file=sys.stderr, flush=True)

    return report


# -- deduce hint ----------------------------------------------------------------

def clue_from_flag(flag: str, value: str) -> dict:
    """A clue object from ``--clue ID[:role]`` or ``--obs "t1,t2,t3:0/2"``."""
    if flag == "--obs":
        return parse_obs_text(value)
    card, sep, role = value.partition(":")
    return {"card": card.strip(), **({"role": role.strip()} if sep else {})}


def cmd_hint(args: argparse.Namespace) -> int:
    cards = load_cards(args.cards)
    if args.batch:
        if args.clues or args.suit:
            raise InputError.at(("--batch",), "takes its queries from the file; do not combine it with --suit, --clue or --obs")
        return run_batch(args.batch, hint_answer(cards, args.engine))
    flags = args.clues or []
    doc = {
        "suit": args.suit,
        "clues": [clue_from_flag(flag, value) for flag, value in flags],
        "distinct": not args.no_distinct,
        "explain": args.explain,
    }
    try:
        query = parse_query(cards, doc)
    except InputError as exc:
        raise relabel(exc, "clues", [f'{flag} "{value}"' for flag, value in flags], {"suit": "--suit"}) from None
    result = deduce(cards, query, args.engine)
    if args.json:
        emit_json(result.to_json())
    else:
        print(hint_text(cards, query, result, args.lang))
    return 0


def add_hint_parser(sub) -> None:
    p = sub.add_parser("hint", help="which Dark Ladies are still possible, and why",
                       description="Which Dark Ladies are consistent with the clue cards seen so far.")
    p.add_argument("--cards", metavar="FILE", help="card set file (default: the shipped data/clues.yaml)")
    p.add_argument("--suit", metavar="S", help="the Dark Lady's suit (the back of her card)")
    p.add_argument("--clue", action=InOrder, dest="clues", metavar="ID[:suit_card]",
                   help="a revealed card by id; add :suit_card for the card of her own suit")
    p.add_argument("--obs", action=InOrder, dest="clues", metavar='"t1,t2,t3:0/2"',
                   help="a card typed from the table: its traits, then the key entry for her suit (needs --suit)")
    p.add_argument("--no-distinct", action="store_true",
                   help="do not assume the Dark Lady differs from every revealed lady")
    p.add_argument("--explain", action="store_true", help="say which clues prove each certain or excluded trait")
    p.add_argument("--json", action="store_true", help="print the result as JSON (SPEC 6)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the readable output")
    p.add_argument("--batch", metavar="FILE", help="one JSON query per line (- for stdin); one JSON result per line")
    p.add_argument("--engine", choices=ENGINES, default="fast",
                   help="candidate engine: fast (default), z3 (reference) or csp (python-constraint)")
    p.set_defaults(handler=cmd_hint, clues=None)


# -- deduce audit -----------------------------------------------------------------

def cmd_audit(args: argparse.Namespace) -> int:
    from deduce.render.audit import audit_text
    from deduce.who.audit import audit
    try:
        cards = cardfile.load(args.file)
        report = audit(cards, progress=stderr_progress("deduce audit"))
    except InputError as exc:
        raise in_file(args.file, exc) from None
    if args.json:
        emit_json(report.to_json())
    else:
        sys.stdout.write(audit_text(cards, report))
    return 0 if report.ok else 1


def add_audit_parser(sub) -> None:
    p = sub.add_parser("audit", help="check a card set: truthful keys, solvable games, exact difficulty",
                       description="Audit a card set file (SPEC 5): errors, warnings and one case per "
                                   "(Dark Lady, mode). Exit 0 without errors, 1 with findings, 2 when "
                                   "the file cannot be read or interpreted.")
    p.add_argument("file", metavar="FILE", help="card set file (YAML or JSON)")
    p.add_argument("--json", action="store_true", help="print the report as JSON (SPEC 5)")
    p.set_defaults(handler=cmd_audit)


# -- deduce design ----------------------------------------------------------------

def cmd_design(args: argparse.Namespace) -> int:
    from deduce.render.audit import audit_text
    from deduce.who.design import render_yaml, search, sonnet_brief
    if args.steps < 1:
        raise InputError.at(("--steps",), f"must be at least 1, got {args.steps}")
    brief = sonnet_brief()
    tick = stderr_progress("deduce design", after=0.0)
    design = search(brief, seed=args.seed, steps=args.steps, progress=lambda step, steps, _: tick(step, steps))
    tick(args.steps, args.steps)
    sys.stdout.write(audit_text(design.cards, design.report))
    if design.unmet:
        for problem in design.unmet:
            print(f"deduce: design: target not met: {problem}", file=sys.stderr)
        print("deduce: design: nothing written; try another --seed or more --steps", file=sys.stderr)
        return 1
    out = args.out or str(data_path("clues.yaml"))
    command = f"deduce design --seed {args.seed} --steps {args.steps}"
    try:
        with open(out, "w", encoding="utf-8") as stream:
            stream.write(render_yaml(design, brief, command))
    except OSError as exc:
        raise InputError.at((out,), f"cannot be written: {exc.strerror}") from None
    print(f"wrote {out} (history score {design.history}, seed {args.seed})", file=sys.stderr)
    return 0


def add_design_parser(sub) -> None:
    p = sub.add_parser("design", help="search the shipped card set (traits, suits, decoys) and write it",
                       description="Search trait, suit and key assignments for the shipped set's women that "
                                   "meet the audit targets, keeping Jacqueline Field as printed, and write the "
                                   "card set file. The same seed and steps give the same set.")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--steps", type=int, default=20000, help="annealing steps (default 20000)")
    p.add_argument("--out", metavar="FILE", help="where to write (default: the project's data/clues.yaml)")
    p.set_defaults(handler=cmd_design)


# -- deduce audit-deck -------------------------------------------------------------

def cmd_audit_deck(args: argparse.Namespace) -> int:
    from deduce.where import stealthfile
    from deduce.where.audit import audit_deck, has_errors, report_json, report_text
    loaded = []
    for path, default, reader in ((args.board, "board.yaml", boardfile.load),
                                  (args.stealth, "stealth.yaml", stealthfile.load),
                                  (args.sequences, "sequences.json", stealthfile.load_sequences)):
        path = path or str(data_path(default))
        try:
            loaded.append(reader(path))
        except InputError as exc:
            raise in_file(path, exc) from None
    board, deck, sequences = loaded
    findings = audit_deck(board, deck, sequences)
    if args.json:
        emit_json(report_json(board, deck, sequences, findings))
    else:
        print(report_text(board, deck, sequences, findings))
    return 1 if has_errors(findings) else 0


def add_audit_deck_parser(sub) -> None:
    p = sub.add_parser("audit-deck", help="check the map, the stealth deck and the stealth sequences",
                       description="Check a board, its stealth deck and the extra sequences (SPEC 7): a connected "
                                   "map drawn without crossing paths, cards that match their locations, and every "
                                   "walk legal. Exit 0 without errors (warnings allowed), 1 with error findings, "
                                   "2 when a file cannot be read or interpreted.")
    p.add_argument("--board", metavar="FILE", help="board file (default: the shipped data/board.yaml)")
    p.add_argument("--stealth", metavar="FILE", help="stealth deck file (default: the shipped data/stealth.yaml)")
    p.add_argument("--sequences", metavar="FILE",
                   help="extra sequences file (default: the shipped data/sequences.json, the rulebook's 18)")
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.set_defaults(handler=cmd_audit_deck)


# -- deduce track ----------------------------------------------------------------

def cmd_track(args: argparse.Namespace) -> int:
    from deduce.render.where import track_text
    from deduce.where.advice import advise
    from deduce.where.query import observation_from_text, parse_track_query
    from deduce.where.tracker import track
    board = load_board(args.board)
    if args.batch:
        if args.observed or args.now is not None or args.pawn:
            raise InputError.at(("--batch",), "takes its queries from the file; do not combine it with "
                                              "--now, --landmark, --fog, --searched or --pawn")
        return run_batch(args.batch, lambda doc: as_json_text(track(board, parse_track_query(board, doc)).to_json()))
    if args.now is None:
        raise InputError.at(("--now",), "is required: the slot she is on now (cards moved since the start)")
    flags = args.observed or []
    doc = {"length": args.length, "moves": args.moves, "now": args.now,
           "observations": [observation_from_text(flag.lstrip("-"), value) for flag, value in flags]}
    try:
        result = track(board, parse_track_query(board, doc))
        advice = advise(board, result, args.pawn) if args.pawn else None
    except InputError as exc:
        raise relabel(exc, "observations", [f'{flag} "{value}"' for flag, value in flags],
                      {"length": "--length", "moves": "--moves", "now": "--now", "pawn": "--pawn"}) from None
    if args.json:
        emit_json({**result.to_json(), **({"advice": advice.to_json()} if advice else {})})
    else:
        sys.stdout.write(track_text(board, result, advice, args.lang))
    return 0


def add_track_parser(sub) -> None:
    p = sub.add_parser("track", help="where the Lady can be now and next turn, from the stealth cards seen",
                       description="Exact odds of the Lady's location now and next turn (SPEC 7): every closed "
                                   "walk of the stealth deck that fits what you saw is equally likely. Slots "
                                   "count cards moved since the start (not the countdown card).")
    p.add_argument("--board", metavar="FILE", help="board file (default: the shipped data/board.yaml)")
    p.add_argument("--batch", metavar="FILE",
                   help="one JSON tracking query per line (- for stdin); one JSON result per line")
    p.add_argument("--length", type=int, default=26, help="cards in the stealth deck (default 26)")
    p.add_argument("--moves", choices=("always", "may_stay"), default="always",
                   help="always: she moves every turn (positions 1-4, the default); may_stay: positions 5-8")
    p.add_argument("--now", type=int, help="the slot she is on now")
    p.add_argument("--landmark", action=InOrder, dest="observed", metavar="SLOT:LANDMARK",
                   help="the landmark seen on a slot's card, e.g. 0:playhouse")
    p.add_argument("--fog", action=InOrder, dest="observed", metavar="SLOT", help="a fog card showed on a slot")
    p.add_argument("--searched", action=InOrder, dest="observed", metavar="SLOT:LOCATION:yes|no",
                   help="a search at a location on a slot, and whether it found her, e.g. 2:globe:no")
    p.add_argument("--pawn", metavar="LOCATION", help="where your pawn is: adds advice on where to go and whether to search")
    p.add_argument("--json", action="store_true", help="print the result as JSON (SPEC 6), with advice if --pawn")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the readable output")
    p.set_defaults(handler=cmd_track, observed=None)


# -- deduce board -----------------------------------------------------------------

def cmd_board(args: argparse.Namespace) -> int:
    from deduce.render.svg import board_svg
    from deduce.render.where import board_text, odds_caption
    board = load_board(args.board)
    if args.track and not args.svg:
        raise InputError.at(("--track",), "shades the picture: give --svg FILE too")
    if not args.svg:
        sys.stdout.write(board_text(board, args.lang))
        return 0
    odds = caption = None
    if args.track:
        from deduce.where.query import parse_track_query
        from deduce.where.tracker import track
        try:
            query = parse_track_query(board, document.decode_yaml(document.read_text(args.track, "tracking query file"),
                                                                  "tracking query"))
        except InputError as exc:
            raise in_file(args.track, exc) from None
        result = track(board, query)
        which = "next" if args.next else "now"
        odds = getattr(result, which).probabilities()
        caption = odds_caption(result, which, args.lang)
    svg = board_svg(board, odds, caption, args.lang)
    if args.svg == "-":
        sys.stdout.write(svg)
        return 0
    try:
        with open(args.svg, "w", encoding="utf-8") as stream:
            stream.write(svg)
    except OSError as exc:
        raise InputError.at((args.svg,), f"cannot be written: {exc.strerror}") from None
    return 0


def add_board_parser(sub) -> None:
    p = sub.add_parser("board", help="the map: a table of locations, or an SVG picture shaded by her odds",
                       description="Print the board's locations, landmarks and paths, or draw it as SVG. With "
                                   "--track, shade each location by the tracker's odds for that query.")
    p.add_argument("--board", metavar="FILE", help="board file (default: the shipped data/board.yaml)")
    p.add_argument("--svg", metavar="FILE", help="write the map as SVG to FILE (- for stdout)")
    p.add_argument("--track", metavar="QUERYFILE", help="a tracking query (JSON or YAML) whose odds shade the map")
    p.add_argument("--next", action="store_true", help="with --track: shade by next turn's odds instead of now's")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the names")
    p.set_defaults(handler=cmd_board)


# -- deduce serve -----------------------------------------------------------------

def port_number(text: str) -> int:
    """A TCP port for ``--port``."""
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"expected a port number in 1..65535, got {text!r}")
    return int(text)


def cmd_serve(args: argparse.Namespace) -> int:
    import logging

    import uvicorn

    from deduce.api.app import create_app
    app = create_app(cards_path=args.cards, board_path=args.board, games_db=args.db)  # bad files: InputError
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s: %(message)s")
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0


def add_serve_parser(sub) -> None:
    p = sub.add_parser("serve", help="run the HTTP API (docs at /docs)",
                       description="Serve the HTTP API (SPEC 6) under uvicorn: POST /v1/deduce, GET /v1/cards, "
                                   "POST /v1/audit, POST /v1/track, GET /healthz, and the game routes; OpenAPI "
                                   "at /openapi.json, docs at /docs. The card set and the board are read and "
                                   "prepared once, before serving.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="port to listen on (default: 8000)")
    p.add_argument("--cards", metavar="FILE", help="card set file (default: the shipped data/clues.yaml)")
    p.add_argument("--board", metavar="FILE", help="board file (default: the shipped data/board.yaml)")
    p.add_argument("--db", metavar="FILE", help="SQLite file that keeps the games (default: var/games.sqlite3)")
    p.set_defaults(handler=cmd_serve)


# -- deduce play / deduce simulate ---------------------------------------------------

def load_game_rules(args: argparse.Namespace):
    """The game material named on the command line (shipped data by default)."""
    from deduce.shipped import load_rules
    return load_rules(cards=load_cards(args.cards), board=load_board(args.board))


def add_game_options(p) -> None:
    p.add_argument("--cards", metavar="FILE", help="card set file (default: the shipped data/clues.yaml)")
    p.add_argument("--board", metavar="FILE", help="board file (default: the shipped data/board.yaml)")
    p.add_argument("--seed", type=int, help="seed of the deal (default: random)")


def cmd_play(args: argparse.Namespace) -> int:
    import random

    from rich.console import Console

    from deduce.cli.play import play_session
    rules = load_game_rules(args)
    sequence = {"rulebook": args.rulebook} if args.rulebook else {"position": args.position}
    doc = {"mode": args.mode, "sequence": sequence, "reverse": args.reverse, "start": args.start,
           "seed": random.SystemRandom().randrange(2 ** 62) if args.seed is None else args.seed}
    if args.discard_fog is not None:
        doc["discard_fog"] = args.discard_fog

    def lines():
        while True:
            try:
                yield input("> ")
            except EOFError:
                return

    game = play_session(rules, doc, lines(), Console())
    return 0 if game.s.state != "lost" else 1


def add_play_parser(sub) -> None:
    from deduce.who.cards import MODES
    p = sub.add_parser("play", help="play Black Sonata in the terminal",
                       description="A game of Black Sonata for one player in the terminal: the map, the top "
                                   "card's landmark, your clues, and hints on request (type ? for the commands). "
                                   "Exit 0 for a win or an unfinished game, 1 for a loss.")
    add_game_options(p)
    p.add_argument("--mode", choices=MODES, default="normal", help="difficulty (default: normal)")
    p.add_argument("--position", type=int, default=1, help="stealth sequence position 1-8 printed on the cards (default 1)")
    p.add_argument("--rulebook", metavar="NAME", help="a rulebook sequence instead, e.g. easy-1, moderate-3, hard-6")
    p.add_argument("--reverse", action="store_true", help="assemble the deck Z to A")
    p.add_argument("--start", metavar="LOCATION", help="where your pawn starts (default: drawn at random)")
    p.add_argument("--discard-fog", type=int, metavar="N", help="Expert: fog cards discarded at setup (default 1)")
    p.set_defaults(handler=cmd_play)


def cmd_simulate(args: argparse.Namespace) -> int:
    from rich.console import Console

    from deduce.cli.play import simulate_table
    from deduce.game.bot import simulate
    rules = load_game_rules(args)
    if args.games < 1:
        raise InputError.at(("--games",), f"must be at least 1, got {args.games}")
    sequences = [{"position": p} for p in args.position or []] + [{"rulebook": r} for r in args.rulebook or []]
    if not sequences:
        sequences = [{"position": p} for p in range(1, 9)] + [{"rulebook": r} for r in ("easy-1", "moderate-1", "hard-1")]
    if args.reverse:
        sequences = [dict(s, reverse=True) for s in sequences]
    for s in sequences:  # unknown sequences are reported before any game is played
        rules.order({k: v for k, v in s.items() if k != "reverse"}, False)
    tick = stderr_progress("deduce simulate")
    summaries = simulate(rules, args.mode or ["normal"], sequences, args.games, args.seed or 0, progress=tick)
    if args.json:
        emit_json([s.to_json() for s in summaries])
    else:
        Console(width=140).print(simulate_table(summaries))
    return 0


def add_simulate_parser(sub) -> None:
    from deduce.who.cards import MODES
    p = sub.add_parser("simulate", help="let a bot play many games; win rate, score and ranks per mode and sequence",
                       description="Play many games with a bot that sees only what a player sees (it tracks her with "
                                   "the tracker and deduces her traits with the deduction engine; it never uses fog "
                                   "cards), and report per mode and stealth sequence the win rate, the mean score "
                                   "and the ranks. The same --seed repeats the same games.")
    add_game_options(p)
    p.add_argument("--games", type=int, default=20, help="games per mode and sequence (default 20)")
    p.add_argument("--mode", choices=MODES, action="append", help="a mode to play (repeatable; default: normal)")
    p.add_argument("--position", type=int, action="append", help="a sequence position 1-8 (repeatable)")
    p.add_argument("--rulebook", metavar="NAME", action="append", help="a rulebook sequence (repeatable)")
    p.add_argument("--reverse", action="store_true", help="assemble every deck Z to A")
    p.add_argument("--json", action="store_true", help="print the summaries as JSON")
    p.set_defaults(handler=cmd_simulate)


# -- the command ------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deduce", description="Black Sonata deduction engine.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_hint_parser(sub)
    add_track_parser(sub)
    add_board_parser(sub)
    add_audit_parser(sub)
    add_design_parser(sub)
    add_audit_deck_parser(sub)
    add_serve_parser(sub)
    add_play_parser(sub)
    add_simulate_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except InputError as exc:
        for problem in exc.problems:
            print(f"deduce: {problem}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0

