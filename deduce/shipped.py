"""The shipped data, in one place: the card set, board, stealth deck, sequences, fog cards and the designer's brief.

The files are kept once, in ``data/`` at the top of the repository, installed as the package
``deduce.data`` and found with :mod:`importlib.resources`, so a checkout and an installed
wheel read the same copies.
The CLI, the HTTP API, the game and the benchmarks all load the shipped material from here;
each loader takes an optional path to read another file instead (a file named on the
command line, or given to the server). A bad file raises :class:`~deduce.errors.InputError`.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from deduce.errors import InputError, Problem
from deduce.game import fogfile
from deduce.game.material import Rules, stealth_orders
from deduce.text.catalog import Phrase
from deduce.where import boardfile, stealthfile
from deduce.where.audit import misfits
from deduce.where.board import Board
from deduce.who import brieffile, cardfile
from deduce.who.cards import CardSet, card_words
from deduce.who.design import Brief

#: Reasons shown at most when a stealth deck does not fit a board (the first ones tell the story).
MAX_MISFITS_SHOWN = 5


def data_path(name: str) -> Path:
    """Path of a shipped data file (``clues.yaml``, ``board.yaml``, ...)."""
    return Path(str(files("deduce.data").joinpath(name)))


def load_cards(path: str | Path | None = None) -> CardSet:
    """The card set at ``path``, or the shipped one (``clues.yaml``)."""
    return cardfile.load(path or data_path("clues.yaml"))


def load_brief(path: str | Path | None = None) -> Brief:
    """The designer's brief at ``path``, or the shipped one (``brief.yaml``, which made ``clues.yaml``)."""
    return brieffile.load(path or data_path("brief.yaml"))


def load_board(path: str | Path | None = None) -> Board:
    """The board at ``path``, or the shipped one (``board.yaml``)."""
    return boardfile.load(path or data_path("board.yaml"))


def load_rules(cards: CardSet | str | Path | None = None, board: Board | str | Path | None = None,
               stealth: str | Path | None = None, sequences: str | Path | None = None,
               fog: str | Path | None = None) -> Rules:
    """The game material: the given card set and board (objects, or paths to read) and
    files, the shipped data for whatever is not given.

    A stealth deck that does not fit the board (a card showing a place the map lacks, a
    walk that jumps between places no path joins) is refused with the reasons: a game on
    it would be unwinnable without saying why.
    """
    if not isinstance(cards, CardSet):
        cards = load_cards(cards)
    if not isinstance(board, Board):
        board = load_board(board)
    deck = stealthfile.load(stealth or data_path("stealth.yaml"))
    seqs = stealthfile.load_sequences(sequences or data_path("sequences.json"))
    unfit = misfits(board, deck, seqs)
    if unfit:
        said = [_misfit(board, f.words if isinstance(f.words, Phrase) else f.message)
                for f in unfit[:MAX_MISFITS_SHOWN]]
        if len(unfit) > MAX_MISFITS_SHOWN:
            said.append(card_words("deck.misfits-more", count=len(unfit) - MAX_MISFITS_SHOWN))
        raise InputError(Problem((), words, code="misfit") for words in said)
    return Rules(cards, board, fogfile.load(fog or data_path("fog.yaml")), stealth_orders(deck, seqs))


def _misfit(board: Board, reason: str | Phrase) -> Phrase:
    """Why the stealth deck does not fit ``board``, naming the board when its file names it."""
    if board.name is None:
        return card_words("deck.misfit.untitled", reason=reason)
    return card_words("deck.misfit", board=repr(board.name), reason=reason)
