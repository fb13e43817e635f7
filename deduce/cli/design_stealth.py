"""``python -m deduce.cli.design_stealth``: regenerate the shipped map's paths and the stealth deck.

The files' side of :mod:`deduce.where.design`: read ``board.yaml`` and ``sequences.json``
from a data folder (the shipped one by default), design the paths and the deck, audit the
result (:mod:`deduce.where.audit`), and write ``board.yaml`` and ``stealth.yaml`` back,
or with ``--check`` only say whether they would change. Exit code 1 when the design fails
the audit, or when ``--check`` finds a file that differs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.audit import audit_deck, has_errors
from deduce.where.design import design, render

PROG = "python -m deduce.cli.design_stealth"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Designing the map's paths and the stealth deck as constraint problems solved by z3.")
    parser.add_argument("--data", metavar="DIR",
                        help="folder with board.yaml and sequences.json (default: the shipped data)")
    parser.add_argument("--keep-paths", action="store_true", help="keep the board's paths; only place the cards")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the files differ from the design")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    folder = Path(args.data) if args.data else data_path("board.yaml").parent
    board = boardfile.load(folder / "board.yaml")
    sequences = stealthfile.load_sequences(folder / "sequences.json")
    board, deck = design(board, sequences, args.keep_paths)
    findings = audit_deck(board, deck, sequences)
    for f in findings:
        print(f"{f.severity} [{f.code}] {f.message}", file=sys.stderr)
    if has_errors(findings):
        return 1
    stale = []
    for name, text in render(board, deck).items():
        path = folder / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    print(f"{len(board.paths)} paths, {len(deck.cards)} cards; "
          + (("differs: " if args.check else "written: ") + ", ".join(stale) if stale else "files up to date"))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
