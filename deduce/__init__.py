"""Black Sonata deduction engine: who the Dark Lady is, where she is, and whether a card set is fair.

The names below are the library's public surface: what a program needs to load a card
set, ask who she is, audit the cards, track her over the board, and play a game.

    >>> import deduce
    >>> cards = deduce.load_cards()
    >>> query = deduce.parse_query(cards, {"suit": "rose", "clues": [{"card": "jacqueline-field"}]})
    >>> deduce.deduce(cards, query).status
    'open'

The core (:mod:`deduce.who`, :mod:`deduce.where`, :mod:`deduce.game`) does no I/O; the
readers, the shipped data (:mod:`deduce.shipped`), the renderers (:mod:`deduce.render`),
the CLI (:mod:`deduce.cli`) and the HTTP API (:mod:`api`) are built on it.
"""

from __future__ import annotations

from deduce.errors import DeduceError, Illegal, InputError, Problem
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.plan import Plan
from deduce.game.plan import make_plan as plan
from deduce.game.setup import Setup, parse_setup
from deduce.game.standing import Standing, standing
from deduce.shipped import load_board, load_cards, load_rules
from deduce.where.advice import Advice, one_turn_advice
from deduce.where.advice import one_turn_advice as advise  # the name 0.1.0 promised
from deduce.where.board import Board
from deduce.where.query import TrackQuery, parse_track_query
from deduce.where.tracker import Tracking, track
from deduce.who.audit import AuditReport, audit
from deduce.who.cards import CardSet
from deduce.who.deduction import Deduction, deduce
from deduce.who.progress import Progress, progress
from deduce.who.query import Query, parse_query

__version__ = "0.1.0"

__all__ = [
    "Advice",
    "AuditReport",
    "Board",
    "CardSet",
    "DeduceError",
    "Deduction",
    "Game",
    "Illegal",
    "InputError",
    "Plan",
    "Problem",
    "Progress",
    "Query",
    "Rules",
    "Setup",
    "Standing",
    "TrackQuery",
    "Tracking",
    "advise",
    "audit",
    "deduce",
    "load_board",
    "load_cards",
    "load_rules",
    "one_turn_advice",
    "parse_query",
    "parse_setup",
    "parse_track_query",
    "plan",
    "progress",
    "standing",
    "track",
]
