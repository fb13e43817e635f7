"""The shipped game material, read from files: clue cards, board, stealth deck and
sequences, fog cards, bundled as the :class:`~deduce.game.Rules` a game is played with.

A satellite of the rules engine (it does the I/O the core does not).
"""

from __future__ import annotations

from pathlib import Path

from . import boardfile, cardfile, data_path, fogfile, stealthfile
from .board import Board
from .cards import CardSet
from .game import Rules, stealth_orders


def load_rules(cards: CardSet | str | Path | None = None, board: Board | str | Path | None = None,
               stealth: str | Path | None = None, sequences: str | Path | None = None,
               fog: str | Path | None = None) -> Rules:
    """Rules from the given card set / board (objects or paths) and files; shipped data by default."""
    if not isinstance(cards, CardSet):
        cards = cardfile.load(cards or data_path("clues.yaml"))
    if not isinstance(board, Board):
        board = boardfile.load(board or data_path("board.yaml"))
    deck = stealthfile.load(stealth or data_path("stealth.yaml"))
    seqs = stealthfile.load_sequences(sequences or data_path("sequences.json"))
    return Rules(cards, board, fogfile.load(fog or data_path("fog.yaml")), stealth_orders(deck, seqs))
