"""Designing the map's paths and the stealth deck as constraint problems solved by z3.

The tool ``.venv/bin/python -m deduce.cli.design_stealth`` (:mod:`deduce.cli.design_stealth`)
regenerates ``data/board.yaml`` (its paths) and ``data/stealth.yaml`` with :func:`design`,
from fixed inputs and a fixed seed; ``--check`` only compares. The
inputs are the board's landmarks, locations and drawing points (from ``data/board.yaml``;
its paths are what the designer chooses), and the rulebook's sequences
(``data/sequences.json``), which name the 32 cards by id. This module does no I/O.

1. **Paths, then card locations**. Candidate paths are the straight
   segments between two locations at most :data:`REACH` apart that pass no third location
   closer than :data:`CLEARANCE`; two candidates that cross cannot both be chosen, so the
   map is planar by construction. Every location gets 2–4 paths and 2–4 cards, at least
   one of them a lettered card. Every step of the position-1 deck (A→Z, cyclic, she
   moves) and of the 18 rulebook sequences must join adjacent locations (or the same one
   in may-stay sequences): a homomorphism from the cards' step graph onto the map. Among
   all solutions, z3 minimises the total length of the drawn paths, which keeps the paths
   between geographic neighbours (about half a minute). Then, on those paths, a seeded
   z3 solver places the cards (seconds). ``--keep-paths`` keeps the board's paths and
   does only the placement; on the shipped board it regenerates the same deck.
2. **Positions 2–8** (one z3 problem each). Each is a closed walk of 26 distinct cards
   (the card at slot k gets letter k): steps join adjacent locations; positions 5–8 stay
   put :data:`STAYS` times; she turns straight back at most :data:`RETURNS` times; every
   location is visited. The dash cards are fixed where their
   id says: ``-A`` has A in position 2 (so it is in slot 0 there), ``--X`` has dashes in
   positions 1 and 2 and X in position 3. A card with a dash id is left out of the
   positions before its letter.

Reversed decks need no extra work: paths are undirected. The result is audited
(:mod:`deduce.where.audit`) before anything is written.
"""

from __future__ import annotations

import math
import random
import string
from collections.abc import Iterable
from itertools import combinations

import z3

from deduce.errors import Infeasible
from deduce.where.audit import DECK_LENGTH
from deduce.where.board import Board
from deduce.where.planar import clearance, segments_cross
from deduce.where.query import board_words
from deduce.where.stealth import (
    ALWAYS_POSITIONS,
    DASH,
    POSITIONS,
    Sequence,
    StealthCard,
    StealthDeck,
)

SEED = 1600
#: Longest path drawn, in drawing units.
REACH = 6.0
#: A candidate path keeps at least this far from every location it does not join.
CLEARANCE = 0.7
CARDS_PER_LOCATION = (2, 4)
DEGREE = (2, 4)
#: How often she stays put in a may-stay position deck.
STAYS = (3, 6)
#: At most this many times per position deck does she go straight back where she was.
RETURNS = 6
LETTERS = string.ascii_uppercase[:DECK_LENGTH]


def card_ids(sequences: Iterable[Sequence]) -> list[str]:
    """The deck's ids: A–Z, then the dash ids the sequences use (``-A`` … ``-U``, ``--X``)."""
    dashed = {c for s in sequences for c in s.cards if c.startswith(DASH)}
    return list(LETTERS) + sorted(dashed, key=lambda c: (len(c), c))


def fixed_letters(ident: str) -> dict[int, str | None]:
    """The positions a card's id fixes: ``--X`` → positions 1 and 2 empty, position 3 X."""
    dashes = len(ident) - len(ident.lstrip(DASH))
    return {**dict.fromkeys(range(1, dashes + 1)), dashes + 1: ident[dashes]}


def candidate_paths(board: Board) -> list[tuple[str, str]]:
    """Straight segments worth drawing: short, and clear of the other locations."""
    at = board.points
    return [(a, b) for a, b in combinations(board.location_ids, 2)
            if math.dist(at[a], at[b]) <= REACH
            and all(clearance(at[c], at[a], at[b]) > CLEARANCE for c in board.location_ids if c not in (a, b))]


def walk_steps(ids: list[str], sequences: Iterable[Sequence]) -> dict[frozenset[str], bool]:
    """Every pair of cards some walk puts next to each other → whether she may stay there.

    The walks are the position-1 deck, the given sequences, and, in positions 2–8, two
    dash cards whose fixed letters are consecutive.
    """
    walks = [Sequence("position-1", "always", tuple(LETTERS)), *sequences]
    for position in range(2, POSITIONS + 1):
        fixed = {fixed_letters(c).get(position): c for c in ids if fixed_letters(c).get(position)}
        for a, b in zip(LETTERS, LETTERS[1:] + LETTERS[0], strict=True):
            if a in fixed and b in fixed:
                walks.append(Sequence(f"position-{position}", "always" if position in ALWAYS_POSITIONS else "may_stay",
                                      (fixed[a], fixed[b])))
    steps: dict[frozenset[str], bool] = {}
    for walk in walks:
        for _, a, b in walk.steps():
            key = frozenset((a, b))
            steps[key] = steps.get(key, True) and walk.may_stay
    return steps


def _at_most(bools: list[z3.BoolRef], k: int) -> z3.BoolRef:
    return z3.PbLe([(b, 1) for b in bools], k)


def _at_least(bools: list[z3.BoolRef], k: int) -> z3.BoolRef:
    return z3.PbGe([(b, 1) for b in bools], k)


def _map_problem(solver: z3.Solver | z3.Optimize, board: Board, candidates: list[tuple[str, str]],
                 ids: list[str], sequences: tuple[Sequence, ...],
                 ) -> tuple[dict[frozenset[str], z3.BoolRef], dict[tuple[str, str], z3.BoolRef]]:
    """Constraints on paths (chosen among ``candidates``) and card locations; their variables.

    Returns the variables: ``path`` chosen, by its two ends; ``card at location``.
    """
    edge = _paths(solver, board, candidates)
    x = _placements(solver, board, ids)
    _walks(solver, board, edge, x, ids, sequences)
    return edge, x


def _paths(solver: z3.Solver | z3.Optimize, board: Board,
           candidates: list[tuple[str, str]]) -> dict[frozenset[str], z3.BoolRef]:
    """A variable per candidate path: no two chosen paths cross, each location has a few."""
    at = board.points
    edge = {frozenset(p): z3.Bool(f"path {p[0]} {p[1]}", solver.ctx) for p in candidates}
    for p, q in combinations(candidates, 2):
        if segments_cross(at[p[0]], at[p[1]], at[q[0]], at[q[1]]):
            solver.add(z3.Not(z3.And(edge[frozenset(p)], edge[frozenset(q)])))
    for loc in board.location_ids:
        incident = [e for key, e in edge.items() if loc in key]
        solver.add(_at_least(incident, DEGREE[0]), _at_most(incident, DEGREE[1]))
    return edge


def _placements(solver: z3.Solver | z3.Optimize, board: Board, ids: list[str]) -> dict[tuple[str, str], z3.BoolRef]:
    """A variable per card and location: each card at one location, each location with a few cards,
    one of them a letter card."""
    locs = board.location_ids
    x = {(c, loc): z3.Bool(f"{c} at {loc}", solver.ctx) for c in ids for loc in locs}
    for c in ids:
        solver.add(z3.PbEq([(x[c, loc], 1) for loc in locs], 1))
    for loc in locs:
        here = [x[c, loc] for c in ids]
        solver.add(_at_least(here, CARDS_PER_LOCATION[0]), _at_most(here, CARDS_PER_LOCATION[1]))
        solver.add(z3.Or([x[c, loc] for c in LETTERS]))
    return x


def _walks(solver: z3.Solver | z3.Optimize, board: Board, edge: dict[frozenset[str], z3.BoolRef],
           x: dict[tuple[str, str], z3.BoolRef], ids: list[str], sequences: tuple[Sequence, ...]) -> None:
    """Every step of every sequence is a legal walk: along a chosen path, or staying where she may."""
    locs = board.location_ids
    for pair, may_stay in walk_steps(ids, sequences).items():
        a, b = sorted(pair)
        for la in locs:
            for lb in locs:
                both = z3.And(x[a, la], x[b, lb])
                step = frozenset((la, lb))
                if la == lb:
                    if not may_stay:
                        solver.add(z3.Not(both))
                elif step in edge:
                    solver.add(z3.Implies(both, edge[step]))
                else:
                    solver.add(z3.Not(both))


def choose_paths(board: Board, ids: list[str], sequences: tuple[Sequence, ...]) -> list[tuple[str, str]]:
    """Step 1a: the shortest set of non-crossing candidate paths on which some card placement works."""
    candidates = candidate_paths(board)
    at = board.points
    opt = z3.Optimize(ctx=z3.Context())
    opt.set("timeout", 600_000)
    edge, _ = _map_problem(opt, board, candidates, ids, sequences)
    opt.minimize(z3.Sum([z3.If(edge[frozenset((a, b))], round(100 * math.dist(at[a], at[b])), 0)
                         for a, b in candidates]))
    if opt.check() != z3.sat:
        raise Infeasible(board_words("design.paths"))
    model = opt.model()
    return [p for p in candidates if z3.is_true(model.eval(edge[frozenset(p)]))]


def place_cards(board: Board, ids: list[str], sequences: tuple[Sequence, ...]) -> dict[str, str]:
    """Step 1b: each card's location on the board's own paths."""
    solver = z3.Solver(ctx=z3.Context())
    solver.set("random_seed", SEED)
    edge, x = _map_problem(solver, board, list(board.paths), ids, sequences)
    solver.add(*edge.values())
    if solver.check() != z3.sat:
        raise Infeasible(board_words("design.cards"))
    model = solver.model()
    return {c: next(loc for loc in board.location_ids if z3.is_true(model.eval(x[c, loc]))) for c in ids}


def solve_position(board: Board, where: dict[str, str], ids: list[str], position: int) -> dict[str, str]:
    """Step 2: the letters of one position, as ``{card: letter}`` for the 26 cards used."""
    may_stay = position not in ALWAYS_POSITIONS
    fixed = {c: fixed_letters(c) for c in ids}
    usable = [c for c in ids if fixed[c].get(position, "") is not None]
    random.Random(SEED + position).shuffle(usable)  # variety between positions
    locs = board.location_ids
    ctx = z3.Context()
    solver = z3.Solver(ctx=ctx)
    solver.set("random_seed", SEED + position)
    x = {(k, c): z3.Bool(f"slot {k} {c}", ctx) for k in range(DECK_LENGTH) for c in usable}
    y = {(k, loc): z3.Or([x[k, c] for c in usable if where[c] == loc] or [z3.BoolVal(False, ctx)])
         for k in range(DECK_LENGTH) for loc in locs}
    for k in range(DECK_LENGTH):
        solver.add(z3.PbEq([(x[k, c], 1) for c in usable], 1))
    for c in usable:
        solver.add(_at_most([x[k, c] for k in range(DECK_LENGTH)], 1))
        if (letter := fixed[c].get(position)) is not None:
            solver.add(x[LETTERS.index(letter), c])
    stays = []
    for k in range(DECK_LENGTH):
        nxt = (k + 1) % DECK_LENGTH
        for la in locs:
            for lb in locs:
                if not board.step_allowed(la, lb, may_stay):
                    solver.add(z3.Not(z3.And(y[k, la], y[nxt, lb])))
        stays.append(z3.Or([z3.And(y[k, loc], y[nxt, loc]) for loc in locs]))
    low, high = STAYS if may_stay else (0, 0)
    solver.add(_at_least(stays, low), _at_most(stays, high))
    returns = [z3.Or([z3.And(y[k, loc], y[(k + 2) % DECK_LENGTH, loc]) for loc in locs]) for k in range(DECK_LENGTH)]
    solver.add(_at_most(returns, RETURNS))
    for loc in locs:
        solver.add(z3.Or([y[k, loc] for k in range(DECK_LENGTH)]))
    if solver.check() != z3.sat:
        raise Infeasible(board_words("design.walk", n=DECK_LENGTH, position=position))
    model = solver.model()
    return {c: LETTERS[k] for k in range(DECK_LENGTH) for c in usable if z3.is_true(model.eval(x[k, c]))}


def design(board: Board, sequences: tuple[Sequence, ...], keep_paths: bool = False) -> tuple[Board, StealthDeck]:
    """The board with its chosen paths, and the stealth deck."""
    ids = card_ids(sequences)
    if not keep_paths:
        paths = choose_paths(board, ids, sequences)
        board = Board(name=board.name, landmarks=board.landmarks, locations=board.locations, paths=tuple(paths))
    where = place_cards(board, ids, sequences)
    letters = {1: {c: c for c in LETTERS}}
    for position in range(2, POSITIONS + 1):
        letters[position] = solve_position(board, where, ids, position)
    cards = tuple(StealthCard(location=where[c], landmark=board.landmark_of(where[c]),
                              positions=tuple(letters[p].get(c) for p in range(1, POSITIONS + 1)))
                  for c in ids)
    deck = StealthDeck(cards)
    assert list(deck.ids) == ids, "every card's positions must give back its id"
    return board, deck

